"""The analysis commands of ``fracas``: exact odds of one action, Monte Carlo of whole fights.

    fracas odds WHERE COMMAND [--attacker FILE] [--target FILE] [--before/--then COMMAND …]
                [--plot FILE] [--json] [--database URL]
    fracas sim ENCOUNTER [--runs N] [--seed N] [--workers N | --cluster ADDRESS]
               [--policy NAME] [--mode study|engine|auto] [--validate] [--json] [--plot FILE]
               [--database URL]

WHERE and ENCOUNTER are an encounter file, the name of a ruleset (its demo encounter) or the id
of a stored encounter, as it stands (``fracas.cli.fights``). These
are front ends of ``fracas.sim``: they parse options and render what it computes. Exit status 2
when nothing could be computed (bad file, command or option), with one line on stderr.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from fracas.cli.store import DatabaseOption
from fracas.cli.terminal import fail
from fracas.errors import FracasError
from fracas.seeds import MAX_SEED

# The simulator, the rulesets and Rich are imported inside the commands: Typer needs only the
# signatures for --help, and ``fracas --help`` must not load the app layer (about a second).
if TYPE_CHECKING:
    from rich.console import Console

    from fracas.sim.odds import Odds
    from fracas.sim.report import Summary
    from fracas.sim.runner import Study
    from fracas.sim.study.validate import Validation

PERCENTILES = (5, 25, 50, 75, 95)

# The simulator's defaults, written out so that --help need not import it (a test checks that
# they are still fracas.sim.odds.SAMPLES and MAX_BRANCHES, runner.TACTICS and study.mode.AUTO).
SAMPLES = 20_000
MAX_BRANCHES = 20_000
TACTICS = "tactics"
AUTO = "auto"

PlotOption = Annotated[
    Path | None,
    typer.Option("--plot", metavar="FILE", help="Also draw a chart (.png or .svg)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]


def _check_plot(plot: Path | None) -> None:
    """Refuse a --plot file that cannot be written before anything is worked out."""
    if plot is not None:
        from fracas.sim.charts import check_chart

        check_chart(plot)


# --- odds ----------------------------------------------------------------------------------


def odds_command(
    where: Annotated[
        str,
        typer.Argument(
            metavar="WHERE", help="An encounter file, a ruleset (its demo) or a stored id."
        ),
    ],
    command: Annotated[
        str,
        typer.Argument(
            metavar="COMMAND",
            help="The action, as typed at the table ('Scout: attack raptor-1 -with dagger').",
        ),
    ],
    attacker: Annotated[
        Path | None,
        typer.Option("--attacker", metavar="FILE", help="A stat block joining as Attacker."),
    ] = None,
    target: Annotated[
        Path | None,
        typer.Option("--target", metavar="FILE", help="A stat block joining as Target."),
    ] = None,
    before: Annotated[
        list[str] | None,
        typer.Option(
            "--before",
            metavar="COMMAND",
            help="A set-up command played first, its dice not enumerated ('Thom: intend "
            "attack', 'end'); repeatable.",
        ),
    ] = None,
    then: Annotated[
        list[str] | None,
        typer.Option(
            "--then",
            metavar="COMMAND",
            help="A follow-up in the same exchange ('Target: parry'); repeatable. Skipped "
            "where the rules do not allow it. An answer the rules still wait for after it "
            "(a strike's defence) is the ruleset's tactics' own.",
        ),
    ] = None,
    plot: PlotOption = None,
    as_json: JsonOption = False,
    samples: Annotated[
        int, typer.Option("--samples", metavar="N", help="Runs when the odds must be sampled.")
    ] = SAMPLES,
    max_branches: Annotated[
        int,
        typer.Option(
            "--max-branches", metavar="N", help="Resolutions allowed before sampling instead."
        ),
    ] = MAX_BRANCHES,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", min=0, max=MAX_SEED, help="Seed for sampling.")
    ] = 0,
    database: DatabaseOption = None,
) -> None:
    """Exact odds of one action: each outcome's probability and the damage it deals.

    The action is resolved by the ruleset's own rules over every roll its dice can make; when
    there are more than --max-branches ways to roll, it is sampled instead and each figure is
    given with its 95 % margin. Without a NAME: prefix, the Attacker (or the encounter's first
    combatant) acts; --target's stat block is called Target in COMMAND.
    """
    from rich.console import Console

    from fracas.cli.fights import stored_session
    from fracas.sim.odds import odds
    from fracas.sim.scenario import following, open_scenario, prepare, ready

    if samples < 1 or max_branches < 1:
        fail("--samples and --max-branches must be at least 1")
    try:
        _check_plot(plot)
        stored = stored_session(where, database)
        scenario = where if stored is None else stored
        session = open_scenario(scenario, attacker=attacker, target=target, seed=seed)
        prepare(session, before or [])
        action = ready(session, command)
        follow = following(session, then or [])
        found = odds(
            session.encounter,
            action,
            then=follow,
            max_branches=max_branches,
            samples=samples,
            seed=seed,
        )
        played = (*found.settled, action, *follow)
        said = "; then ".join(session.command_text(a) for a in played)
        if found.answered:
            answers = " or ".join(session.command_text(a) for a in found.answered)
            said += f"; answered by the tactics: {answers}"
        title = f"{said} ({session.encounter.ruleset.descriptor.slug})"
        if plot is not None:
            from fracas.sim.charts import odds_chart

            odds_chart(found, title, plot)
    except FracasError as error:
        fail(str(error).splitlines()[0])
    if as_json:
        settled = [session.command_text(a) for a in found.settled]
        answered = [session.command_text(a) for a in found.answered]
        found_json = odds_json(found, title, settled, answered)
        typer.echo(json.dumps(found_json, indent=1, ensure_ascii=False))
        return
    _print_odds(Console(highlight=False), found, title)


def odds_json(found: Odds, title: str, settled: list[str], answered: list[str]) -> dict[str, Any]:
    """The odds as JSON: exact fractions as "n/d" strings beside their float values, each
    outcome with its 95 % interval (a point when exact); ``settled`` the commands the tactics
    answered first (``Odds.settled``), ``answered`` after (``Odds.answered``)."""
    damage = found.damage
    return {
        "action": title,
        "settled": settled,
        "answered": answered,
        "exact": found.exact,
        "resolutions": found.resolutions,
        "samples": found.samples,
        "why_sampled": found.why_sampled,
        "outcomes": {
            k: {**_number(p), "interval": list(found.interval(k))}
            for k, p in found.outcomes.items()
        },
        "damage": {str(t): _number(p) for t, p in damage.probabilities().items()},
        "mean_damage": float(damage.mean()),
        "mean_damage_margin": found.mean_margin(),
        "percentiles": {str(p): damage.percentile(p) for p in PERCENTILES},
    }


def _number(p: Fraction) -> dict[str, Any]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "probability": float(p)}


def _print_odds(console: Console, found: Odds, title: str) -> None:
    from rich.table import Table
    from rich.text import Text

    how = (
        f"exact, {found.resolutions} resolutions"
        if found.exact
        else f"sampled: {found.samples} runs, not exact ({found.why_sampled})"
    )
    console.print(Text(f"{title}: {how}"), soft_wrap=True)
    outcomes = (
        Table("outcome", "probability", "exactly")
        if found.exact
        else Table("outcome", "probability (95 % interval)")
    )
    for name, p in found.outcomes.items():
        if found.exact:
            outcomes.add_row(Text(name), Text(f"{float(p):.2%}"), Text(str(p)))
        else:
            low, high = found.interval(name)
            outcomes.add_row(Text(name), Text(f"{float(p):.2%} ({low:.2%}–{high:.2%})"))
    console.print(outcomes)
    damage = found.damage
    mean = f"{float(damage.mean()):.3f}"
    if not found.exact:
        mean += f" ± {found.mean_margin():.3f}"
    spread = ", ".join(f"{p} %: {damage.percentile(p)}" for p in PERCENTILES)
    console.print(Text(f"damage: mean {mean}; percentiles {spread}"), soft_wrap=True)
    table = Table("damage", "P(= x)", "P(≥ x)")
    remaining = Fraction(1)
    for total, p in sorted(damage.probabilities().items()):
        table.add_row(Text(str(total)), Text(f"{float(p):.2%}"), Text(f"{float(remaining):.2%}"))
        remaining -= p
    console.print(table)


# --- sim -----------------------------------------------------------------------------------


def sim_command(
    encounter: Annotated[
        str,
        typer.Argument(
            metavar="ENCOUNTER", help="An encounter file, a ruleset (its demo) or a stored id."
        ),
    ],
    runs: Annotated[int, typer.Option("--runs", metavar="N", help="Fights to play.")] = 1000,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", min=0, max=MAX_SEED, help="Master seed.")
    ] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", metavar="N", help="Local processes (default: every core)."),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster", metavar="ADDRESS", help="A Dask scheduler (tcp://host:8786) to run on."
        ),
    ] = None,
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            metavar="NAME",
            help="tactics (the ruleset's own), generic, or module:factory.",
        ),
    ] = TACTICS,
    max_rounds: Annotated[
        int, typer.Option("--max-rounds", metavar="N", help="A draw after this many rounds.")
    ] = 50,
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            metavar="MODE",
            help="study (fast, from the rules' tables), engine (every step), or auto: study "
            "where the fight fits, else the engine; the report says which and why.",
        ),
    ] = AUTO,
    validate: Annotated[
        bool,
        typer.Option(
            "--validate",
            help="Play the study both ways and compare win rates, rounds and damage "
            "(exit status 1 when they disagree).",
        ),
    ] = False,
    plot: PlotOption = None,
    as_json: JsonOption = False,
    database: DatabaseOption = None,
) -> None:
    """Monte Carlo of a whole fight: who wins how often, rounds, survivors, damage.

    Run i rolls its dice from a seed derived from --seed and i alone, so the same seed gives
    the same figures whatever the number of workers. Win probabilities carry 95 % Wilson
    intervals, means their 95 % margins. Study mode's fights differ from the engine's fight by
    fight (other dice streams), not in statistics: --validate checks that.
    """
    from rich.console import Console

    from fracas.cli.fights import study_source
    from fracas.sim.report import summarize
    from fracas.sim.runner import Study, check, loaded
    from fracas.sim.study.mode import played

    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    if cluster is not None and workers is not None:
        fail("give --workers or --cluster, not both")
    try:
        _check_plot(plot)
        path, save = study_source(encounter, database)
        study = Study(path, runs, seed, policy, max_rounds, save=save)
        check(study)  # before the progress bar: a bad study is one line on stderr
        if validate:
            _validate(study, workers, cluster, encounter, as_json)
            return
        decision, results = played(study, mode, lambda s: _with_progress(s, workers, cluster))
        summary = summarize(
            results,
            loaded(path, None, save)[1],
            encounter=encounter,
            seed=seed,
            policy=policy,
            mode=decision.mode,
            mode_why=decision.why,
        )
        if plot is not None:
            from fracas.sim.charts import sim_chart

            sim_chart(summary, plot)
    except FracasError as error:
        fail(str(error).splitlines()[0])
    if as_json:
        typer.echo(json.dumps(summary.to_json(), indent=1, ensure_ascii=False))
        return
    _print_summary(Console(highlight=False), summary)


def _validate(
    study: Study, workers: int | None, cluster: str | None, encounter: str, as_json: bool
) -> None:
    """Play ``study`` in study mode and by the engine, and show whether they agree. Study mode
    plays first: a fight it cannot play, at its plan or mid-study, is an error before the
    engine's long part."""
    from rich.console import Console

    from fracas.sim.runner import loaded
    from fracas.sim.study.mode import ENGINE, STUDY, played
    from fracas.sim.study.validate import compare

    decision, fast = played(study, STUDY, lambda s: _with_progress(s, workers, cluster))
    slow = _with_progress(replace(study, mode=ENGINE), workers, cluster)
    found = compare(
        slow,
        fast,
        loaded(study.encounter, study.text, study.save)[1],
        encounter=encounter,
        seed=study.seed,
        why=decision.why,
    )
    if as_json:
        typer.echo(json.dumps(found.to_json(), indent=1, ensure_ascii=False))
    else:
        _print_validation(Console(highlight=False), found)
    if not found.agrees:
        raise typer.Exit(1)


def _print_validation(console: Console, found: Validation) -> None:
    from rich.table import Table
    from rich.text import Text

    title = f"{found.encounter}: {found.runs} fights each way, seed {found.seed} ({found.why})"
    console.print(Text(title), soft_wrap=True)
    table = Table("figure", "engine (99 %)", "study (99 %)", "agree")
    for f in found.figures:
        table.add_row(
            Text(f.figure),
            Text(f"{f.engine:.3f} ± {f.engine_margin:.3f}"),
            Text(f"{f.study:.3f} ± {f.study_margin:.3f}"),
            Text("yes" if f.agrees else "NO"),
        )
    console.print(table)
    verdict = "agree" if found.agrees else "DISAGREE"
    console.print(Text(f"verdict: the engine and study mode {verdict}"))


def _with_progress(study: Study, workers: int | None, cluster: str | None) -> list[Any]:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from fracas.sim.runner import simulate

    columns = (
        TextColumn("fights"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    console = Console(stderr=True)
    # Only on a terminal: in a log or a pipe, a bar is noise (and it left a blank line there).
    quiet = not console.is_terminal
    with Progress(*columns, console=console, transient=True, disable=quiet) as bar:
        task = bar.add_task("fights", total=study.runs)
        return simulate(study, workers, lambda n: bar.advance(task, n), cluster)


def _print_summary(console: Console, summary: Summary) -> None:
    from rich.table import Table
    from rich.text import Text

    title = f"{summary.encounter}: {summary.runs} fights, seed {summary.seed}, {summary.policy}"
    console.print(Text(title), soft_wrap=True)
    console.print(Text(f"mode: {summary.mode} ({summary.mode_why})"), soft_wrap=True)
    sides = Table("side", "wins", "probability", "95 % interval", "standing at the end")
    for s in summary.sides:
        sides.add_row(
            Text(s.side or "nobody (draw)"),
            Text(str(s.wins)),
            Text(f"{s.probability:.2%}"),
            Text(f"{s.low:.2%} – {s.high:.2%}"),
            Text(f"{s.survivors:.2f}" if s.side is not None else ""),
        )
    console.print(sides)
    console.print(Text(f"rounds: mean {summary.rounds_mean:.2f} ± {summary.rounds_margin:.2f}"))
    table = Table("combatant", "side", "survived", "dealt / fight", "taken / fight")
    for c in summary.combatants:
        table.add_row(
            Text(c.name),
            Text(c.side),
            Text(f"{c.survived:.1%}"),
            Text(f"{c.dealt:.2f} ± {c.dealt_margin:.2f}"),
            Text(f"{c.taken:.2f} ± {c.taken_margin:.2f}"),
        )
    console.print(table)

"""``fracas estimate``: how hard a fight is, played until the odds are known to ±5 % (or the time
budget is spent).

    fracas estimate ENCOUNTER [--budget SECONDS] [--seed N] [--workers N] [--json]
                              [--database URL]

ENCOUNTER is a file, a ruleset (its demo) or a stored encounter's id (``fracas.cli.fights``).
A front end of ``fracas.sim.estimate``: it parses options, draws the progress and renders the
figures. Exit status 2 when nothing could be worked out, with one line on stderr.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from fracas.cli.store import DatabaseOption
from fracas.cli.terminal import fail
from fracas.errors import FracasError
from fracas.seeds import MAX_SEED

# The simulator and Rich are imported inside the command: Typer needs only its signature for
# --help, and ``fracas --help`` must not load the app layer (about a second).
if TYPE_CHECKING:
    from rich.console import Console

    from fracas.sim.estimate import Estimate, Headway
    from fracas.sim.runner import Study

BUDGET = 10.0
"""fracas.sim.estimate.BUDGET, written out so that --help need not import the simulator (a test
checks that they agree)."""


def estimate_command(
    encounter: Annotated[
        str,
        typer.Argument(
            metavar="ENCOUNTER", help="An encounter file, a ruleset (its demo) or a stored id."
        ),
    ],
    budget: Annotated[
        float,
        typer.Option("--budget", metavar="SECONDS", help="Stop after this long, at the latest."),
    ] = BUDGET,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", min=0, max=MAX_SEED, help="Master seed.")
    ] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", metavar="N", help="Local processes (default: every core)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    database: DatabaseOption = None,
) -> None:
    """How hard a fight is: each side's chance to win, the rounds it takes, who falls.

    Plays the fight with the rulesets' built-in tactics, in chunks, until every side's chance
    to win is known to ±5 % (its 95 % Wilson interval) or --budget seconds have passed, and
    says how many fights it played and why it stopped. The same --seed gives the same figures
    whatever the number of workers, when it stops on precision.
    """
    from rich.console import Console

    from fracas.cli.fights import study_source
    from fracas.sim.estimate import study_of

    if budget <= 0:
        fail(f"--budget must be more than 0 seconds, not {budget}")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    try:
        path, save = study_source(encounter, database)
        study = study_of(path, seed, save)
        found = _with_progress(study, budget, workers)
    except FracasError as error:
        fail(str(error).splitlines()[0])
    if as_json:
        typer.echo(json.dumps({**found.to_json(), "encounter": encounter}, indent=1))
        return
    _print_estimate(Console(highlight=False), found, encounter)


def _with_progress(study: Study, budget: float, workers: int | None) -> Estimate:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from fracas.sim.estimate import estimate

    columns = (
        TextColumn("{task.fields[fights]}, odds ±{task.fields[margin]}"),
        BarColumn(),
        TimeElapsedColumn(),
        TextColumn("of {task.total:.0f} s"),
    )
    console = Console(stderr=True)
    quiet = not console.is_terminal  # in a log or a pipe, a bar is noise
    with Progress(*columns, console=console, transient=True, disable=quiet) as bar:
        task = bar.add_task("estimate", total=budget, fights="0 fights", margin="?")

        def told(headway: Headway) -> None:
            margin = f"{headway.margin:.1%}"
            fights = played_words(headway)
            bar.update(task, completed=headway.seconds, fights=fights, margin=margin)

        return estimate(study, budget=budget, workers=workers, told=told)


def played_words(headway: Headway) -> str:
    """The progress line's fights: how many, in which mode, and whether the engine started
    again from the first because study mode met one it cannot play (the report says why)."""
    if headway.fell_back:
        return f"{headway.fights} fights by the engine, again from the first (study mode fell back)"
    return f"{headway.fights} fights ({headway.mode})"


def _print_estimate(console: Console, found: Estimate, encounter: str) -> None:
    from rich.table import Table
    from rich.text import Text

    from fracas.sim.estimate import SPREAD

    why = _why(found)
    console.print(
        Text(
            f"{encounter}: {found.fights} fights in {found.seconds:.1f} s"
            f" ({found.setup_seconds:.1f} s of it set-up), seed {found.seed}; "
            f"stopped: {why}"
        ),
        soft_wrap=True,
    )
    console.print(Text(f"mode: {found.mode} ({found.mode_why})", style="dim"), soft_wrap=True)
    sides = Table("side", "wins", "chance", "95 % interval")
    for s in found.sides:
        sides.add_row(
            Text(s.side or "nobody (draw)"),
            Text(str(s.wins)),
            Text(f"{s.probability:.1%}"),
            Text(f"{s.low:.1%} – {s.high:.1%}"),
        )
    console.print(sides)
    low, high = found.rounds_spread
    console.print(
        Text(
            f"rounds: median {found.rounds_median:g}; {SPREAD[1] - SPREAD[0]} % of fights take "
            f"{low}–{high}"
        )
    )
    falls = Table("most likely to fall", "side", "down at the end", "95 % interval")
    for fall in found.falls:
        falls.add_row(
            Text(fall.name),
            Text(fall.side),
            Text(f"{fall.chance:.1%}"),
            Text(f"{fall.low:.1%} – {fall.high:.1%}"),
        )
    console.print(falls)


def _why(found: Estimate) -> str:
    """Why the estimate stopped, in words."""
    from fracas.sim.estimate import ALL_PLAYED, BUDGET_SPENT, PRECISE

    why = {
        PRECISE: "every side's odds known to ±{precision:.0%}",
        BUDGET_SPENT: "the time budget was spent (odds known to ±{margin:.1%})",
        ALL_PLAYED: "the most fights an estimate plays (odds known to ±{margin:.1%})",
    }
    return why[found.stopped].format(precision=found.precision, margin=found.margin)

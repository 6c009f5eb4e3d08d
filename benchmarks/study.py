"""Study mode against the engine, per ruleset, on the benchmark's 4v4 fights (issue 21).

    .venv/bin/python benchmarks/study.py [--engine-runs 200] [--study-runs 20000] [RULESET …]

For each 4v4 file: which mode ``auto`` plays and why (``fracas.sim.study.mode.played``, as
``fracas sim``: a study that meets, mid-study, a fight study mode cannot play is the engine's
row, with the reason, and its fights are not played again); the engine's fights per CPU-second (over
``--engine-runs`` fights); study mode's fights per CPU-second *including* its set-up, over
``--study-runs`` fights from a cold cache; its set-up: the plan, and the tables the rules fill
(lazily, as the fights need them: the study's cold time less the same study's time played
again with every table it met filled); the ratio of the two
rates; and the validation verdict (``fracas.sim.study.validate``: the engine's fights
against study mode's, win rates, rounds and damage dealt). One process, one worker, CPU seconds
of this process: the machine may be shared, so read the ratio. Target: 1,000 fights per
CPU-second including set-up for momentum and lurasko.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from machine import describe, timed

from fracas.sim.fight import FightResult
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.study.mode import AUTO, ENGINE, STUDY, Decision, forget, plan_of, played
from fracas.sim.study.validate import compare

ENCOUNTERS = Path(__file__).parent / "encounters"
RULESETS = ("momentum", "lurasko", "kingsdale", "kaiser", "dbu")


def measure(slug: str, engine_runs: int, study_runs: int) -> str:
    """One ruleset's row of the table (markdown)."""
    path = str(ENCOUNTERS / f"{slug}_4v4.yaml")
    study = Study(path, runs=engine_runs, seed=1)
    loaded(path)  # the file's loading is neither mode's work
    engine: list[FightResult] = []
    engine_time = timed(lambda: engine.extend(simulate(replace(study, mode=ENGINE), workers=1)))
    engine_rate = engine_runs / engine_time.cpu
    many = replace(study, runs=study_runs)

    def fights(decided: Study) -> list[FightResult]:
        """Study mode's fights; where the engine plays, its fights measured above."""
        return simulate(decided, workers=1) if decided.mode == STUDY else engine

    forget()
    outcome: list[tuple[Decision, list[FightResult]]] = []
    cold = timed(lambda: outcome.append(played(many, AUTO, fights)))  # the mode, as the CLI's
    decision, fast = outcome[0]
    if decision.mode != STUDY:
        return f"| {slug} | {engine_rate:.0f} | — | — | — | engine only: {decision.why} |"
    warm = timed(lambda: simulate(replace(many, mode=STUDY), workers=1))
    tables = plan_of(study.encounter, study.text, study.save, study.policy).describe()
    rate = study_runs / cold.cpu
    found = compare(engine, fast, loaded(path)[1], encounter=slug, seed=1, why=decision.why)
    verdict = (
        "agree"
        if found.agrees
        else "DISAGREE: " + ", ".join(f.figure for f in found.figures if not f.agrees)
    )
    return (
        f"| {slug} | {engine_rate:.0f} | {rate:,.0f} | {times(rate / engine_rate)} "
        f"| {max(0.0, cold.cpu - warm.cpu):.2f} s ({tables}) | {verdict} |"
    )


def times(ratio: float) -> str:
    """A ratio as the table gives it: whole above 10, else to a tenth (kaiser's 1.2x)."""
    return f"{ratio:.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    parser.add_argument("--engine-runs", type=int, default=200)
    parser.add_argument("--study-runs", type=int, default=20_000)
    arguments = parser.parse_args()
    print(describe())
    print(
        f"engine: {arguments.engine_runs} fights; study: {arguments.study_runs:,} fights,"
        " fights/CPU-s including set-up"
    )
    print("| ruleset | engine fights/CPU-s | study fights/CPU-s | ratio | set-up | validation |")
    print("|---|---|---|---|---|---|")
    for slug in arguments.rulesets:
        print(measure(slug, arguments.engine_runs, arguments.study_runs), flush=True)


if __name__ == "__main__":
    main()

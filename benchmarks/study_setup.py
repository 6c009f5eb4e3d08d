"""How study mode's set-up grows with the dice pools (issue 21: "set-up that grows gently with
the pool sizes").

    .venv/bin/python benchmarks/study_setup.py [--runs 2000] [--scales 1,2,4,8] [RULESET …]

Each ruleset's 4v4 file is played with every damage roll's dice multiplied by each scale
(``1d6+1`` at 4 is ``4d6+1``; ``20+1d10`` at 4 is ``20+4d10``). For each: study mode's set-up
(the plan, and the tables the rules fill as ``--runs`` fights need them: the cold study's CPU
time less the same study played again with every table filled, as ``study.py`` measures it),
the rule resolutions the tables took, and the set-up as a ratio to the file as written in the
same run. Exact odds by totals (issue 20) branch a roll once per total, so a pool four times
the size should cost about four times the leaves of its damage, not its multisets of faces.
One process, CPU seconds of this process: read the ratios.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from machine import describe, timed

from fracas.sim.runner import Study, simulate
from fracas.sim.study.mode import STUDY, decide, forget, plan_of

ENCOUNTERS = Path(__file__).parent / "encounters"
DAMAGE = re.compile(r"\b((?:energy_)?damage:\s*)([^,}\n]+)")
DICE = re.compile(r"(\d*)d(\d+)")


def scaled(text: str, scale: int) -> str:
    """``text`` with the dice of every damage roll multiplied by ``scale``."""

    def pool(found: re.Match[str]) -> str:
        count = int(found.group(1) or 1)
        return f"{count * scale}d{found.group(2)}"

    def field(found: re.Match[str]) -> str:
        return found.group(1) + DICE.sub(pool, found.group(2))

    return DAMAGE.sub(field, text)


def setup_of(path: Path, text: str, runs: int) -> tuple[float, str]:
    """Study mode's set-up for ``runs`` fights of the encounter ``text``: CPU seconds, and its
    tables in words."""
    study = Study(str(path), runs=runs, seed=1, text=text, mode=STUDY)
    forget()
    plan = timed(lambda: decide(study, STUDY))
    cold = timed(lambda: simulate(study, workers=1))
    warm = timed(lambda: simulate(study, workers=1))
    tables = plan_of(study.encounter, study.text, study.save, study.policy).describe()
    return plan.cpu + max(0.0, cold.cpu - warm.cpu), tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=["momentum", "lurasko"])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--scales", default="1,2,4,8")
    arguments = parser.parse_args()
    scales = [int(s) for s in arguments.scales.split(",")]
    print(describe())
    print(f"{arguments.runs} fights a study; set-up in CPU seconds")
    print("| ruleset | dice x | set-up | / as written | tables |")
    print("|---|---|---|---|---|")
    for slug in arguments.rulesets:
        path = ENCOUNTERS / f"{slug}_4v4.yaml"
        written = path.read_text()
        first = 0.0
        for scale in scales:
            seconds, tables = setup_of(path, scaled(written, scale), arguments.runs)
            first = first or seconds
            print(f"| {slug} | {scale} | {seconds:.2f} s | {seconds / first:.1f}x | {tables} |")


if __name__ == "__main__":
    main()

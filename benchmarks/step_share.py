"""Where a fight's CPU time goes: the engine's steps by kind of action, and the rest.

    .venv/bin/python benchmarks/step_share.py [FIGHTS] [ENCOUNTER ...]

For each encounter (by default every ruleset's ``benchmarks/encounters/SLUG_4v4.yaml``), plays
``FIGHTS`` fights (20 by default) with every ``Encounter.apply`` timed by the kind of its
action, and prints each kind's share of the fight (``end``: the clock's turn procedure, with
the ruleset's start and end of a turn), and what is left: the tactics choosing (legality
checks included) and the simulator's tally. With ``PYTHONPATH=OTHER_SRC`` it measures another
checkout's code.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

from fights import encounters_or_4v4s, warmed
from machine import describe

from fracas.engine.action import Action
from fracas.engine.encounter import Encounter, Step
from fracas.sim.fight import fight


def measure(encounter: str, fights: int) -> None:
    ruleset, setup, policy = warmed(encounter)
    spent: defaultdict[str, float] = defaultdict(float)
    steps: Counter[str] = Counter()
    apply = Encounter.apply

    def timed(encounter: Encounter, action: Action, faces: Sequence[int] | None = None) -> Step:
        started = time.process_time()
        try:
            return apply(encounter, action, faces)
        finally:
            spent[action.verb] += time.process_time() - started
            steps[action.verb] += 1

    total = 0.0
    Encounter.apply = timed  # type: ignore[method-assign, assignment]
    try:
        for seed in range(fights):
            started = time.process_time()
            fight(ruleset, setup, policy, seed)
            total += time.process_time() - started
    finally:
        Encounter.apply = apply  # type: ignore[method-assign]
    shares = ", ".join(
        f"{verb} {took / total:.0%} ({steps[verb] / fights:.0f} steps)"
        for verb, took in sorted(spent.items(), key=lambda kind: -kind[1])
    )
    rest = 1 - sum(spent.values()) / total
    print(f"{Path(encounter).name}: {shares}; the rest (tactics, tally) {rest:.0%}")


def main(fights: int, encounters: list[str]) -> None:
    print(f"machine: {describe()}")
    for encounter in encounters_or_4v4s(encounters):
        measure(encounter, fights)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, sys.argv[2:])

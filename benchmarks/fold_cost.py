"""What folding a fight's events into states costs, next to playing the fight.

    .venv/bin/python benchmarks/fold_cost.py [FIGHTS] [ENCOUNTER ...]

For each encounter (by default every ruleset's ``benchmarks/encounters/SLUG_4v4.yaml``), plays
``FIGHTS`` fights (20 by default) once with their log kept, then, in turn for each seed, times
playing the fight again (the rules, the clock, the tactics and the fold) and folding its
log's events into the fight's first state (the fold alone: no rule runs, no die is rolled),
event by event (``Event.apply``, a new state each) and step by step (``reduce``: one state for
each step's events). The share of the fold is the most that any way of folding events (a
draft per run, a persistent map, no new state at all) could save of a fight. With
``PYTHONPATH=OTHER_SRC`` it measures another checkout's code.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

from fights import encounters_or_4v4s, warmed
from machine import describe

from fracas.engine.encounter import Step
from fracas.engine.events import reduce
from fracas.sim.fight import fight


def measure(encounter: str, fights: int) -> None:
    ruleset, setup, policy = warmed(encounter)
    playing = by_event = by_step = 0.0
    for seed in range(fights):
        log: list[Step] = []
        fight(ruleset, setup, policy, seed, log=log)
        first = replace(setup, rng=(seed, 0))
        started = time.process_time()
        fight(ruleset, setup, policy, seed)
        playing += time.process_time() - started
        started = time.process_time()
        state = first
        for step in log:
            for event in step.events:
                state = event.apply(state)
        by_event += time.process_time() - started
        started = time.process_time()
        state = first
        for step in log:
            state = reduce(state, step.events)
        by_step += time.process_time() - started
    print(
        f"{Path(encounter).name}: a fight {playing / fights * 1e3:,.2f} ms; folding its events "
        f"one by one {by_event / fights * 1e3:,.2f} ms ({by_event / playing:.1%}), "
        f"step by step {by_step / fights * 1e3:,.2f} ms ({by_step / playing:.1%})"
    )


def main(fights: int, encounters: list[str]) -> None:
    print(f"machine: {describe()}")
    for encounter in encounters_or_4v4s(encounters):
        measure(encounter, fights)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, sys.argv[2:])

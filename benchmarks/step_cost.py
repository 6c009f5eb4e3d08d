"""Cost per step against the number of combatants: the momentum 4v4 fight's sheets, copied into
an 8- and a 32-combatant fight (four and sixteen a side), played by the ruleset's tactics.

    .venv/bin/python benchmarks/step_cost.py [FIGHTS]

Printed for each size: CPU microseconds per engine step (an action applied, with every event
and follow-up it caused) and steps a fight, and the ratio of the 32-combatant figure to the
8-combatant one, measured in the same run (target: flat, ~1.0x). With
``PYTHONPATH=OTHER_SRC`` it measures another checkout's code (``/tmp/main/src``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from machine import describe

from fracas.engine.encounter import Step
from fracas.engine.state import EncounterState, evolve
from fracas.sim.fight import fight
from fracas.sim.policy import tactics_for
from fracas.sim.runner import loaded

ENCOUNTER = Path(__file__).parent / "encounters" / "momentum_4v4.yaml"


def copies(setup: EncounterState, times: int) -> EncounterState:
    """``setup`` with each combatant there ``times`` times (the copies' ids and names numbered)."""
    combatants = {}
    for n in range(times):
        for combatant in setup:
            if n == 0:
                combatants[combatant.id] = combatant
                continue
            copy = evolve(combatant, id=f"{combatant.id}-{n}", name=f"{combatant.name} {n}")
            combatants[copy.id] = copy
    return evolve(setup, combatants=combatants)


def per_step(setup: EncounterState, count: int) -> tuple[float, float]:
    """(CPU microseconds a step, steps a fight) over seeds 0 .. count - 1."""
    ruleset, _ = loaded(str(ENCOUNTER))
    policy = tactics_for(ruleset)
    fight(ruleset, setup, policy, -1)  # warm up
    steps = 0
    for seed in range(count):
        log: list[Step] = []
        fight(ruleset, setup, policy, seed, log=log)
        steps += len(log)
    started = time.process_time()
    for seed in range(count):
        fight(ruleset, setup, policy, seed)
    took = time.process_time() - started
    return took / steps * 1e6, steps / count


def main(count: int) -> None:
    print(f"machine: {describe()}")
    _, setup = loaded(str(ENCOUNTER))
    figures = {}
    for size in (8, 32):
        state = copies(setup, size // len(setup.combatants))
        figures[size] = cost, steps = per_step(state, count)
        print(f"{size} combatants: {cost:,.1f} us a step, {steps:,.1f} steps a fight")
    print(f"32 / 8 combatants, cost per step: {figures[32][0] / figures[8][0]:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

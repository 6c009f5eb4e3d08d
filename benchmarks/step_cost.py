"""Cost per step against the number of combatants: the momentum 4v4 fight's sheets, copied into
an 8- and a 32-combatant fight (four and sixteen a side), played by the ruleset's tactics.

    .venv/bin/python benchmarks/step_cost.py [FIGHTS]

Printed for each size: CPU microseconds per engine step (an action applied, with every event
and follow-up it caused) and steps a fight, and the ratio of the 32-combatant figure to the
8-combatant one (target: flat, ~1.0x). The two sizes play each seed in turn, so that both see
the same load on a shared machine; each fight is played once with its log kept, to count its
steps, and once without, timed. With
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


def main(count: int) -> None:
    print(f"machine: {describe()}")
    ruleset, setup = loaded(str(ENCOUNTER))
    policy = tactics_for(ruleset)
    sizes = {size: copies(setup, size // len(setup.combatants)) for size in (8, 32)}
    steps = dict.fromkeys(sizes, 0)
    spent = dict.fromkeys(sizes, 0.0)
    for state in sizes.values():
        fight(ruleset, state, policy, -1)  # warm up
    for seed in range(count):
        for size, state in sizes.items():  # in turn, so both see the same load
            log: list[Step] = []
            fight(ruleset, state, policy, seed, log=log)
            steps[size] += len(log)
            started = time.process_time()
            fight(ruleset, state, policy, seed)
            spent[size] += time.process_time() - started
    cost = {size: spent[size] / steps[size] * 1e6 for size in sizes}
    for size in sizes:
        print(f"{size} combatants: {cost[size]:,.1f} us a step, {steps[size] / count:,.1f} a fight")
    print(f"32 / 8 combatants, cost per step: {cost[32] / cost[8]:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

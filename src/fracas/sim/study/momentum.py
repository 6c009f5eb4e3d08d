"""Momentum's study mode: the plan of a fight its lean loop (``fracas.sim.study.loop``) plays.

Momentum's tactics (``fracas.sim.tactics.momentum``) strike as a Striker does
(``MomentumStriker`` makes its choices): the same arms, in the same order, are tried here, and
the rules check each (attacker, arm, enemy) once, from the set-up. What changes between attacks
is Vitality alone, so each attack's table holds for the whole fight; a fight where anything else
would change falls back to the engine, named: Initiative that is not the same in every fight,
statuses or marks at the start, an attack that does more than take Vitality
(``table.Unmirrorable``), costs the turn does not refill.
"""

from __future__ import annotations

from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.sim.study.loop import Plan
from fracas.sim.study.striking import StrikerShape, striker_plan
from fracas.sim.tactics.momentum import attack, best_first


def plan(ruleset: Ruleset, setup: EncounterState) -> Plan:
    """The plan of ``setup``'s fight; Unmirrorable when study mode cannot play it."""
    return striker_plan(ruleset, setup, StrikerShape(attack, best_first))

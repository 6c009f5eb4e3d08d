"""Commanded Actions: the Command Maneuver's Actions, one of which is bound to movement.

"They gain 2 Actions to use during their turn. One of these actions must be used for a Movement
Maneuver or must be transferred into a Counter Action."
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.economy import ACTIONS

BOUND = "bound_actions"
"""Mark: commanded Actions that must go to a Movement Maneuver or into Counter Actions."""


def bound_actions(combatant: Combatant) -> int:
    bound = combatant.marks.get(BOUND)
    return bound if isinstance(bound, int) else 0


def free_actions(combatant: Combatant) -> int:
    """Actions not bound by a Command to movement or Counter Actions."""
    return combatant.pools[ACTIONS].current - bound_actions(combatant)


def require_free_actions(state: EncounterState, actor: CombatantId, count: int, verb: str) -> None:
    """Refuse a maneuver that would spend a commanded Action bound to movement or Counters."""
    combatant = state[actor]
    if combatant.marks.get(BOUND) and free_actions(combatant) < count:
        raise IllegalAction(
            "commanded-action",
            f"{verb}: one commanded Action must be used for a Movement Maneuver or converted"
            " into a Counter Action",
        )

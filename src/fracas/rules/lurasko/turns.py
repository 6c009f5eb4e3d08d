"""Turn-level checks shared by the actions: whose turn it is, standing, the phases of a turn."""

from __future__ import annotations

from fracas.engine.action import Action, CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.lurasko.queries import ACTED, INCAPACITATED, STUNNED, standing


def acting(action: Action) -> CombatantId:
    if action.actor is None:
        raise IllegalAction("no-actor", f"{action.verb}: say who acts (NAME: {action.verb} …)")
    return action.actor


def require_turn(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """Refuse unless it is ``actor``'s turn and it can act."""
    if not state.is_turn_of(actor):
        raise IllegalAction("not-your-turn", f"{verb}: it is not {state[actor].name}'s turn")
    require_able(state, actor)


def require_able(state: EncounterState, actor: CombatantId) -> None:
    combatant = state.combatants[actor]
    if not standing(combatant):
        raise IllegalAction("down", f"{combatant.name} is dead and cannot act")
    if (why := cannot_act(combatant)) is not None:
        raise IllegalAction(why.lower(), f"{combatant.name} is {why.lower()} and cannot act")


def cannot_act(combatant: Combatant) -> str | None:
    """The effect that leaves ``combatant`` no action (stunned, incapacitated ...), or None."""
    if combatant.effects:  # most have none, and this is asked of everyone every turn
        names = [effect.name for effect in combatant.effects]
        for name in _NO_ACTION:
            if name in names:
                return name
    return None


_NO_ACTION = (STUNNED, *INCAPACITATED)
"""The effects that leave no action, in the order ``cannot_act`` names them."""


def require_movement_phase(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """SOURCES.md 5 (combat1.html): a round has "a movement phase, then an action phase"; once
    a combatant has acted, its movement is over."""
    if state[actor].marks.get(ACTED):
        raise IllegalAction(
            "movement-phase-over",
            f"{verb}: {state[actor].name} has acted; the movement phase comes before actions",
        )

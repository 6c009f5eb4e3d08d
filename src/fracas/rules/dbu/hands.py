"""Hands: what a fighter holds, and the free hand a Grapple or a Thrust needs.

"you must have at least one free hand" (Grapple, Thrusting). A fighter has the sheet's ``hands``.
They are taken by a piece of terrain held after Terrain Lift (``terrain_hands`` of the settings),
by the Grapple a Grappler keeps up (one hand), and by each named thing drawn or picked up with a
No Effort Maneuver (one hand each, kept as a mark ``in hand:NAME``); dropping, sheathing or
throwing it frees the hand.
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.grapple import holding
from fracas.rules.dbu.queries import sheet_of
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.terrain_shield import TERRAIN

IN_HAND = "in hand:"
"""Mark prefix: ``in hand:NAME`` is set while the owner holds the thing NAME in one hand."""


def held_things(combatant: Combatant) -> list[str]:
    """The named things ``combatant`` holds, one hand each."""
    marks = combatant.marks.items()
    return [key[len(IN_HAND) :] for key, value in marks if key.startswith(IN_HAND) and value]


def in_hand(combatant: Combatant, thing: str) -> bool:
    return bool(combatant.marks.get(IN_HAND + thing.lower()))


def free_hands(state: EncounterState, who: CombatantId, *, settings: DbuSettings) -> int:
    """The sheet's hands less those holding terrain, a Grapple and named things."""
    combatant = state[who]
    used = len(held_things(combatant))
    if combatant.has(TERRAIN):
        used += settings.terrain_hands
    if holding(combatant) is not None:
        used += 1
    return max(sheet_of(combatant).hands - used, 0)


def require_free_hands(
    state: EncounterState, who: CombatantId, verb: str, *, settings: DbuSettings, count: int = 1
) -> None:
    """Refuse ``verb`` unless ``who`` has ``count`` free hands."""
    if free_hands(state, who, settings=settings) < count:
        held = ", ".join(_holding_text(state[who], settings=settings)) or "nothing"
        needed = "at least one free hand" if count == 1 else f"{count} free hands"
        raise IllegalAction(
            "no-free-hand", f"{verb}: you must have {needed} ({state[who].name} holds {held})"
        )


def _holding_text(combatant: Combatant, *, settings: DbuSettings) -> list[str]:
    things = held_things(combatant)
    if combatant.has(TERRAIN) and settings.terrain_hands:
        things.append("a piece of terrain")
    if holding(combatant) is not None:
        things.append("a Grapple")
    return things


def take_in_hand(who: CombatantId, thing: str) -> Event:
    return MarkSet(who, IN_HAND + thing.lower(), True)


def let_go(combatant: Combatant, thing: str) -> list[Event]:
    """Free the hand holding ``thing``, if one does."""
    if not in_hand(combatant, thing):
        return []
    return [MarkSet(combatant.id, IN_HAND + thing.lower(), None)]

"""Reading the encounter state the momentum way: sheets, Vitality, Status Effects, standing."""

from __future__ import annotations

from fracas.engine.state import Combatant
from fracas.rules.momentum.sheet import Sheet
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.vocabulary import Skill

VITALITY = "Vitality"
AP = "AP"
RP = "RP"
NM = "NM"
MOVEMENT = "Movement"
"""Pool names: Action Points, Reaction Points, Narrative Momentum, metres of movement left."""

DEAD = "dead"
"""The mark set on a creature that died."""

CLIMBING = "Climbing"
HELD_ACTION = "Held Action"
"""Effects: climbing onto a creature (``data["on"]``), an action held for a trigger
(``data["ap"]``, ``data["trigger"]``)."""

X, Y = "x", "y"
"""Marks: a combatant's square on the 1 m grid, when the fight is played on a map."""


def sheet_of(combatant: Combatant) -> Sheet:
    sheet = combatant.sheet
    if not isinstance(sheet, Sheet):
        raise TypeError(f"{combatant.name} does not have a momentum sheet")
    return sheet


def status_name(status: StatusEffect) -> str:
    """The effect name a Status Effect has on a combatant (``Bleeding``)."""
    return _STATUS_NAMES[status]


_STATUS_NAMES = {status: status.value.replace("_", " ").title() for status in StatusEffect}
"""Every Status Effect's effect name, worked out once: the queries ask for them on every step."""


def has_status(combatant: Combatant, status: StatusEffect) -> bool:
    return bool(combatant.effects) and combatant.has(_STATUS_NAMES[status])


def has_effect(combatant: Combatant, name: str) -> bool:
    """Whether an effect of that name (any case) is on the combatant."""
    if not combatant.effects:
        return False
    wanted = name.lower()
    return any(e.name.lower() == wanted for e in combatant.effects)


def vitality(combatant: Combatant) -> int:
    return combatant.pools[VITALITY].current


def is_object(combatant: Combatant) -> bool:
    sheet = combatant.sheet
    if not isinstance(sheet, Sheet):
        sheet = sheet_of(combatant)  # refuses it, naming the combatant
    return sheet.is_object


def is_dead(combatant: Combatant) -> bool:
    return combatant.marks.get(DEAD) is True


def standing(combatant: Combatant) -> bool:
    """A creature that can still fight: not an object, not dead, Vitality 1 or more (``is_up``
    written out, as ``is_object`` is: the engine and the tactics ask it of everyone at every
    step)."""
    sheet = combatant.sheet
    if not isinstance(sheet, Sheet):
        sheet = sheet_of(combatant)  # refuses it, naming the combatant
    return (
        not sheet.is_object
        and combatant.marks.get(DEAD) is not True
        and combatant.pools[VITALITY].current >= 1
    )


def is_up(combatant: Combatant) -> bool:
    """Not down: not dead, Vitality 1 or more (``standing``, for one known not to be an object)."""
    return combatant.marks.get(DEAD) is not True and combatant.pools[VITALITY].current >= 1


def best_skill(combatant: Combatant, allowed: frozenset[Skill]) -> Skill:
    """The allowed Skill with the highest level; ties go to the first in the Skill list."""
    skills = sheet_of(combatant).skills
    return max(sorted(allowed, key=list(Skill).index), key=lambda s: skills[s])

"""The Status Effect catalogue: the chapter's three categories, filled with SOURCES.md's list.

The chapter names Bleeding, Prone, Restrained and Stunned, blinding (the Blind action) and
grabbing (the Grab action), and says "There are three categories of Status Effects: Physical,
Mental, and Elemental" and "Every Elemental damage type has exactly one Status Effect that is
linked to it". Everything else here is the SOURCES.md section 4 default list. The numbers in the
summaries that are not the seed's are settings (``MomentumSettings``).
"""

from __future__ import annotations

from enum import StrEnum

from fracas.engine.frozen import frozen
from fracas.rules.momentum.damage_types import DamageType


class StatusCategory(StrEnum):
    """Physical (the body), Mental (the mind) or Elemental (a lingering Elemental damage)."""

    PHYSICAL = "physical"
    MENTAL = "mental"
    ELEMENTAL = "elemental"


class Ending(StrEnum):
    """What removes a Status Effect (SOURCES.md: "All end on a successful Constitution DR
    (Mental: Will DR) at end of turn"; Bleeding ends by Stabilize, Prone by standing up)."""

    CONSTITUTION_DR_AT_END_OF_TURN = "constitution_dr_at_end_of_turn"
    WILL_DR_AT_END_OF_TURN = "will_dr_at_end_of_turn"
    STABILIZE = "stabilize"
    STANDING_UP = "standing_up"


class StatusEffect(StrEnum):
    """Every Status Effect of the catalogue; :attr:`info` holds its entry."""

    BLEEDING = "bleeding"
    PRONE = "prone"
    RESTRAINED = "restrained"
    STUNNED = "stunned"
    BLINDED = "blinded"
    GRABBED = "grabbed"
    FRIGHTENED = "frightened"
    CHARMED = "charmed"
    CONFUSED = "confused"
    CORRODED = "corroded"
    FROZEN = "frozen"
    BURNING = "burning"
    POISONED = "poisoned"
    SHOCKED = "shocked"

    @property
    def info(self) -> StatusInfo:
        """The catalogue entry of this Status Effect."""
        return CATALOGUE[self]


@frozen
class StatusInfo:
    """One catalogue entry. ``damage_type`` is the linked Elemental type (Elemental only)."""

    category: StatusCategory
    ending: Ending
    summary: str
    damage_type: DamageType | None = None


def _physical(summary: str, ending: Ending = Ending.CONSTITUTION_DR_AT_END_OF_TURN) -> StatusInfo:
    return StatusInfo(StatusCategory.PHYSICAL, ending, summary)


def _mental(summary: str) -> StatusInfo:
    return StatusInfo(StatusCategory.MENTAL, Ending.WILL_DR_AT_END_OF_TURN, summary)


def _elemental(damage_type: DamageType, summary: str) -> StatusInfo:
    return StatusInfo(
        StatusCategory.ELEMENTAL, Ending.CONSTITUTION_DR_AT_END_OF_TURN, summary, damage_type
    )


CATALOGUE: dict[StatusEffect, StatusInfo] = {
    StatusEffect.BLEEDING: _physical(
        "starts when lethal damage takes Vitality below 1; loses Vitality every turn",
        Ending.STABILIZE,
    ),
    StatusEffect.PRONE: _physical(
        "melee attacks against it have advantage, ranged ones disadvantage; its attacks have"
        " disadvantage; standing up costs 1 m of movement or 1 AP",
        Ending.STANDING_UP,
    ),
    StatusEffect.RESTRAINED: _physical(
        "speed 0; attacks against it have advantage; its Dexterity DR has disadvantage"
    ),
    StatusEffect.STUNNED: _physical("no AP or RP; attacks against it have advantage"),
    StatusEffect.BLINDED: _physical(
        "its attacks have disadvantage; attacks against it have advantage"
    ),
    StatusEffect.GRABBED: _physical("speed 0"),
    StatusEffect.FRIGHTENED: _mental("disadvantage while the source is visible"),
    StatusEffect.CHARMED: _mental("charmed by the source"),
    StatusEffect.CONFUSED: _mental("confused"),
    StatusEffect.CORRODED: _elemental(DamageType.CHEMICAL, "Armor lowered per stack"),
    StatusEffect.FROZEN: _elemental(DamageType.COLD, "half movement and 1 AP less"),
    StatusEffect.BURNING: _elemental(DamageType.HEAT, "Heat damage at the start of each turn"),
    StatusEffect.POISONED: _elemental(
        DamageType.POISON, "disadvantage on checks and Poison damage each turn"
    ),
    StatusEffect.SHOCKED: _elemental(DamageType.SHOCK, "lowered Evasion and no reactions"),
}
"""The catalogue, in SOURCES.md's order."""


def linked_status_effect(damage_type: DamageType) -> StatusEffect | None:
    """The Status Effect linked to an Elemental Damage Type; None for the other categories."""
    for effect, info in CATALOGUE.items():
        if info.damage_type is damage_type:
            return effect
    return None

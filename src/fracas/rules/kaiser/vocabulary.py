"""Kaiser's words: the 12 Damage Types in 4 groups, the five Resistances, the Skills.

SOURCES.md 1.5: "12 types in 4 groups: Physical: Cut, Impact, Thrust. Elemental: Heat, Cold,
Electrical. Energy: Force (immaterial), Light, Dark. Resistance: Atomic, Bio, Psychic."
"""

from __future__ import annotations

from enum import StrEnum


class DamageGroup(StrEnum):
    PHYSICAL = "physical"
    ELEMENTAL = "elemental"
    ENERGY = "energy"
    RESISTANCE = "resistance"


class DamageType(StrEnum):
    CUT = "cut"
    IMPACT = "impact"
    THRUST = "thrust"
    HEAT = "heat"
    COLD = "cold"
    ELECTRICAL = "electrical"
    FORCE = "force"
    LIGHT = "light"
    DARK = "dark"
    ATOMIC = "atomic"
    BIO = "bio"
    PSYCHIC = "psychic"

    @property
    def group(self) -> DamageGroup:
        return GROUPS[self]


GROUPS: dict[DamageType, DamageGroup] = {
    **dict.fromkeys((DamageType.CUT, DamageType.IMPACT, DamageType.THRUST), DamageGroup.PHYSICAL),
    **dict.fromkeys(
        (DamageType.HEAT, DamageType.COLD, DamageType.ELECTRICAL), DamageGroup.ELEMENTAL
    ),
    **dict.fromkeys((DamageType.FORCE, DamageType.LIGHT, DamageType.DARK), DamageGroup.ENERGY),
    **dict.fromkeys(
        (DamageType.ATOMIC, DamageType.BIO, DamageType.PSYCHIC), DamageGroup.RESISTANCE
    ),
}


def types_named(name: str) -> tuple[DamageType, ...]:
    """The Damage Types a word names: one type (``heat``), a group (``physical``) or ``all``.

    Raises ValueError naming the word when it is neither.
    """
    word = name.strip().lower()
    if word == "all":
        return tuple(DamageType)
    if word in DamageGroup._value2member_map_:
        group = DamageGroup(word)
        return tuple(t for t in DamageType if t.group is group)
    if word in DamageType._value2member_map_:
        return (DamageType(word),)
    known = ", ".join([*DamageGroup, *DamageType])
    raise ValueError(f"{name!r} is not a Damage Type or group (known: all, {known})")


class Resistance(StrEnum):
    """SOURCES.md 1.7: "Five resistances: Presence (PrR), Physical (PhR), Immune (IR), Spirit
    (SR), Mental (MR)." """

    PRESENCE = "presence"
    PHYSICAL = "physical"
    IMMUNE = "immune"
    SPIRIT = "spirit"
    MENTAL = "mental"

    @property
    def short(self) -> str:
        return {"presence": "PrR", "physical": "PhR", "immune": "IR", "spirit": "SR"}.get(
            self.value, "MR"
        )


class Characteristic(StrEnum):
    """Kaiser's Characteristics, such as Strength or Perception (seed, "Characteristic Bonus
    and Penalty")."""

    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    AGILITY = "agility"
    CONSTITUTION = "constitution"
    PERCEPTION = "perception"
    INTELLIGENCE = "intelligence"
    FOCUS = "focus"
    WILLPOWER = "willpower"


class OffensiveSkill(StrEnum):
    """SOURCES.md 1.1: Offensive Skills (Attack/Strike, Magic Projection, Psychic Projection)."""

    ATTACK = "attack"
    MAGIC_PROJECTION = "magic_projection"
    PSYCHIC_PROJECTION = "psychic_projection"


class Defence(StrEnum):
    """How a defender meets an attack: a Defensive Skill, a supernatural barrier, a Defense
    power that creates no barrier, or nothing.

    SOURCES.md 1.1: Defensive Skills are Block, Dodge, Magic Projection, Psychic Projection; a
    barrier is maneuvered with the Skill its power lists, and so is a power without one.
    """

    DODGE = "dodge"
    BLOCK = "block"
    BARRIER = "barrier"
    POWER = "power"
    NONE = "none"


class Reach(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"

"""The combatant sheet: what a Kaiser stat block says about a creature.

Field names are what a game master types in YAML::

    name: Bandit
    initiative: 11               # Initiative value (10 + Dex mod + Agi mod + innate)
    life_points: 80
    absorption: 2
    skills: {attack: 9, block: 7, dodge: 6}
    resistances: {physical: 6, spirit: 4}
    armor:                       # layers worn, per Damage Type or group
      - {name: Leather, av: {physical: 2, cold: 1}}
    weapons:
      - {name: Long Sword, base_damage: 7, damage_type: cut, cost: 2}

Damage values (``av``, ``vulnerability``, ``damage_reduction`` …) are keyed by a Damage Type,
a group (``physical``) or ``all``; a later key overrides an earlier one. Every model is frozen
and rejects unknown fields with an error naming them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from fracas.rules.kaiser.vocabulary import (
    DamageType,
    OffensiveSkill,
    Reach,
    Resistance,
    types_named,
)


def _per_type(value: object) -> object:
    """``{physical: 4, heat: 5}`` → one entry per Damage Type (a later key overrides)."""
    if not isinstance(value, Mapping):
        return value
    expanded: dict[DamageType, object] = {}
    for key, amount in value.items():
        for damage_type in types_named(str(key)):
            expanded[damage_type] = amount
    return expanded


DamageValues = Annotated[dict[DamageType, Annotated[int, Field(ge=0)]], BeforeValidator(_per_type)]
"""A value per Damage Type, typed per type, per group or ``all``; a type left out is 0."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Skills(_Record):
    """Final Skill values; a Skill left out is 0, an unknown Skill is an error."""

    attack: int = Field(0, ge=0)
    block: int = Field(0, ge=0)
    dodge: int = Field(0, ge=0)
    magic_projection: int = Field(0, ge=0)
    psychic_projection: int = Field(0, ge=0)
    conceal_ki: int = Field(0, ge=0)

    def __getitem__(self, skill: str) -> int:
        return int(getattr(self, skill))


class Resistances(_Record):
    """Resistance values (Presence + the Characteristic modifier, SOURCES.md 1.7)."""

    presence: int = 0
    physical: int = 0
    immune: int = 0
    spirit: int = 0
    mental: int = 0

    def __getitem__(self, resistance: Resistance) -> int:
        return int(getattr(self, resistance.value))


class Armor(_Record):
    """A source of Armor Value: a worn layer, or natural armor (a trait, a veil)."""

    name: str = Field(min_length=1)
    av: DamageValues = {}


class ModifierKind(StrEnum):
    """The damage modifiers a power or an artifact grants, each stacking its own way."""

    NATURAL_ARMOR = "natural_armor"
    VULNERABILITY = "vulnerability"
    DAMAGE_REDUCTION = "damage_reduction"
    DAMAGE_BARRIER = "damage_barrier"
    DAMAGE_RESISTANCE = "damage_resistance"


class Modifier(_Record):
    """A damage modifier from a power, artifact or feature (not the creature's own nature):
    ``values`` per Damage Type; ``ignored_by_imbued`` when it does not count against attacks
    that can damage immaterial creatures."""

    name: str = Field(min_length=1)
    kind: ModifierKind
    values: DamageValues
    ignored_by_imbued: bool = False


class Weapon(_Record):
    """A weapon: Base Damage (weapon base + Strength modifier), its Damage Type, its Weapon
    Cost (the Attack Intention costs it + 1 AP) and Initiative Penalty, the Offensive Skill it
    is used with, and whether it is imbued (can hit immaterial creatures)."""

    name: str = Field(min_length=1)
    base_damage: int = Field(ge=1)
    damage_type: DamageType
    cost: int = Field(1, ge=0)
    initiative_penalty: int = Field(0, ge=0)
    reach: Reach = Reach.MELEE
    skill: OffensiveSkill = OffensiveSkill.ATTACK
    imbued: bool = False


class Sheet(_Record):
    """A combatant of the kaiser ruleset.

    ``initiative`` is the Initiative value added to the Initiative roll. ``life_points`` is the
    maximum LP. ``natural_armor`` and ``armor`` (layers worn) stack as the chapter says;
    ``vulnerability``, ``damage_reduction``, ``damage_barrier`` and ``damage_resistance`` are the
    creature's natural values; ``modifiers`` are those its artifacts and features grant.
    ``imbued_shield``: the creature blocks with an imbued object (so it can block immaterial
    attacks). ``focus`` is the Focus Characteristic, ``presence`` the
    creature's Presence.
    """

    name: str | None = None
    initiative: int = 10
    life_points: int = Field(ge=1)
    absorption: int = Field(2, ge=0)
    presence: int = Field(3, ge=0)
    focus: int = Field(0, ge=0)
    skills: Skills = Skills()
    resistances: Resistances = Resistances()
    natural_armor: tuple[Armor, ...] = ()
    armor: tuple[Armor, ...] = ()
    vulnerability: DamageValues = {}
    damage_reduction: DamageValues = {}
    damage_barrier: DamageValues = {}
    damage_resistance: DamageValues = {}
    modifiers: tuple[Modifier, ...] = ()
    immaterial: bool = False
    imbued_shield: bool = False
    weapons: tuple[Weapon, ...] = ()

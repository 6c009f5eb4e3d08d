"""The combatant sheet: what a stat block says about a creature or object.

Field names are what a game master types in YAML::

    name: Raptor
    stats: {strength: 12, dexterity: 15, constitution: 11, intelligence: 4,
            charisma: 6, instinct: 14, will: 9}
    skills: {athletics: 2, perception: 3}
    evasion_stat: dexterity
    primary_stat: dexterity
    secondary_stat: strength
    vitality: 18
    armor: 1
    size: medium
    weapons:
      - {name: claws, primary_stat: dexterity, secondary_stat: strength,
         damage: 1d8, damage_type: physical, reach: melee}

Every model is frozen and rejects unknown fields with an error naming them.
"""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.dice import DiceNotation
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.defense_rolls import DefenseRoll
from fracas.rules.momentum.vocabulary import Reach, Size, Skill, Stat


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Stats(_Record):
    """The seven Stats, all required."""

    strength: int
    dexterity: int
    constitution: int
    intelligence: int
    charisma: int
    instinct: int
    will: int

    def __getitem__(self, stat: Stat) -> int:
        value: int = getattr(self, stat)  # a Stat is its field's name
        return value


class Skills(_Record):
    """Skill Levels; a Skill left out has level 0, an unknown Skill name is an error."""

    raw_force: int = Field(0, ge=0)
    nimbleness: int = Field(0, ge=0)
    endurance: int = Field(0, ge=0)
    psychology: int = Field(0, ge=0)
    presence: int = Field(0, ge=0)
    intuition: int = Field(0, ge=0)
    perseverance: int = Field(0, ge=0)
    athletics: int = Field(0, ge=0)
    quick_fingers: int = Field(0, ge=0)
    analysis: int = Field(0, ge=0)
    grace: int = Field(0, ge=0)
    improvisation: int = Field(0, ge=0)
    stealth: int = Field(0, ge=0)
    perception: int = Field(0, ge=0)
    first_aid: int = Field(0, ge=0)
    street_smarts: int = Field(0, ge=0)

    def __getitem__(self, skill: Skill) -> int:
        value: int = getattr(self, skill)  # a Skill is its field's name
        return value


class Weapon(_Record):
    """A weapon: "Every weapon has a Primary and Secondary Stat that determines ... how high their
    hit bonus is." ``damage`` is dice notation for the engine's dice (``1d8+1``); ``range_m``
    defaults to melee's "base range of 1 m"."""

    name: str = Field(min_length=1)
    primary_stat: Stat
    secondary_stat: Stat
    damage: DiceNotation
    damage_type: DamageType
    reach: Reach
    range_m: int = Field(1, ge=1)


class Ability(_Record):
    """An Ability. With ``defense_roll`` unset it makes an attack roll (Ability hit bonus);
    set, its targets make that kind of DR against the user's DR Power instead. ``damage`` is
    dice notation or omitted for an Ability that deals none."""

    name: str = Field(min_length=1)
    tier: int = Field(0, ge=0)
    damage: DiceNotation | None = None
    damage_types: frozenset[DamageType] = frozenset()
    defense_roll: DefenseRoll | None = None
    reach: Reach = Reach.RANGED
    range_m: int = Field(1, ge=1)

    @model_validator(mode="after")
    def _damage_has_types(self) -> Self:
        if (self.damage is None) != (not self.damage_types):
            raise ValueError("give both damage and damage_types, or neither")
        return self


class Sheet(_Record):
    """A combatant of the momentum ruleset.

    ``name`` is the stat block's own name; the encounter names each combatant.
    ``narrative_momentum`` is the Narrative Momentum the combatant starts with.
    ``evasion_stat``, ``primary_stat`` and ``secondary_stat`` come from the Archetype ("Your
    Archetype determines your Evasion Stat"; the Ability hit bonus "uses your Primary and
    Secondary Stat instead, which are determined by your Archetype"). ``vitality`` is the
    maximum. ``armor`` may be negative ("A negative Armor value leads to taking increased
    damage"). ``evasion_cap`` is the worn armor's Evasion Cap, none when unarmored.
    ``basic_movement_m`` unset means the setting ``basic_movement_m``. ``biological`` matters for
    Holy damage ("non-lethal against biological creatures").
    """

    name: str | None = None
    stats: Stats
    skills: Skills = Skills()
    evasion_stat: Stat
    primary_stat: Stat
    secondary_stat: Stat
    vitality: int = Field(ge=1)
    narrative_momentum: int = Field(0, ge=0)
    armor: int = 0
    evasion_cap: int | None = None
    basic_movement_m: int | None = Field(None, ge=0)
    size: Size = Size.MEDIUM
    is_object: bool = False
    biological: bool = True
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Ability, ...] = ()
    resistances: frozenset[DamageType] = frozenset()
    immunities: frozenset[DamageType] = frozenset()
    vulnerabilities: frozenset[DamageType] = frozenset()

    @model_validator(mode="after")
    def _one_modifier_per_type(self) -> Self:
        pairs = (
            ("resistances", self.resistances, "immunities", self.immunities),
            ("resistances", self.resistances, "vulnerabilities", self.vulnerabilities),
            ("immunities", self.immunities, "vulnerabilities", self.vulnerabilities),
        )
        for first_name, first, second_name, second in pairs:
            if both := first & second:
                listed = ", ".join(sorted(both))
                raise ValueError(f"{listed} listed in both {first_name} and {second_name}")
        return self


# --- what a sheet offers the command language's fields (pick lists, never limits) ---------


def arms_of(sheet: Sheet) -> list[str]:
    """What an attack is made with: the sheet's weapons, then its Abilities, by name."""
    return [weapon.name for weapon in sheet.weapons] + abilities_of(sheet)


def abilities_of(sheet: Sheet) -> list[str]:
    """The sheet's Abilities, by name (a Maneuver added to an attack is one)."""
    return [ability.name for ability in sheet.abilities]

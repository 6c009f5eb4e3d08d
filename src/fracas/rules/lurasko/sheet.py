"""The combatant sheet: what a Lur-Asko stat block says about a character.

Field names are what a game master types in YAML::

    name: Legionary
    bcon: 3
    wgt: 6
    tn: 14
    strength: 2
    armor: {name: Steel chainmail, low: 16, high: 28, metallic: true}
    weapons:
      - {name: Sword, reach: melee, damage: 15, drive: 18, offense: 16}
      - {name: Heat lance, reach: ranged, energy: heat, energy_damage: 30, offense: 15}
    resistances: [{name: elf, against: frost, percent: 75}]
    shields: [{name: Ward, precision: low, points: 40}]
    auras: [{name: Static field, kind: electric, stored: 30}]

Every model is frozen and rejects unknown fields with an error naming them.
"""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.dice import DiceNotation
from fracas.rules.lurasko.armor import ArmorRange
from fracas.rules.lurasko.damage import Resistance as ResistanceRule
from fracas.rules.lurasko.shielding import ShieldSource
from fracas.rules.lurasko.vocabulary import DamageKind, Precision, Reach


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Armor(_Record):
    """Worn armor and its range (SOURCES.md 5.2's table: steel chainmail 16–28)."""

    name: str = Field(min_length=1)
    low: int = Field(ge=0)
    high: int = Field(ge=0)
    metallic: bool = False

    @model_validator(mode="after")
    def _range_runs_upwards(self) -> Self:
        if self.low > self.high:
            raise ValueError(f"armor range {self.low}-{self.high} runs backwards")
        return self

    def range(self) -> ArmorRange:
        return ArmorRange(self.low, self.high, self.metallic)


class Weapon(_Record):
    """A weapon: normal ``damage`` with its ``drive``, added ``energy`` damage, or both.

    ``offense`` is the pressure an attack with it puts on the defender's roll (SOURCES.md 5.3).
    ``critical_range``: a ranged weapon's critical hits need the target within it (metres;
    None: any range). ``precise`` melee weapons gain 20 drive on a critical. ``material``
    (quartz, adamant) is what resistances to physical weapons look at. ``explosive``: a
    grenade or other explosive device. ``area``: a deliberate AoE (all energy): 50 % impact on
    the target, 25 % on the others in its group."""

    name: str = Field(min_length=1)
    reach: Reach
    damage: DiceNotation | None = None
    drive: int | None = Field(None, ge=0)
    energy: DamageKind | None = None
    energy_damage: DiceNotation | None = None
    offense: int = 0
    precise: bool = False
    material: str | None = None
    critical_range: int | None = Field(None, ge=0)
    explosive: bool = False
    area: bool = False

    @model_validator(mode="after")
    def _has_damage(self) -> Self:
        if (self.damage is None) != (self.drive is None):
            raise ValueError(
                "normal damage needs its drive: give both damage and drive, or neither"
            )
        if (self.energy is None) != (self.energy_damage is None):
            raise ValueError("give both energy and energy_damage, or neither")
        if self.energy is DamageKind.NORMAL:
            raise ValueError("energy must be particle, electric, heat, frost or blast")
        if self.damage is None and self.energy is None:
            raise ValueError("a weapon needs damage and drive, energy damage, or both")
        if self.area and not (self.energy is not None and self.damage is None):
            raise ValueError("an area weapon deals energy damage only")
        return self

    @property
    def all_energy(self) -> bool:
        return self.damage is None


class Resistance(_Record):
    """A resistance (percent below 100) or weakness (above 100) against an energy type or a
    weapon material, listed in the order gained."""

    name: str = Field(min_length=1)
    against: str = Field(min_length=1)
    percent: int = Field(ge=0)

    def rule(self) -> ResistanceRule:
        return ResistanceRule(self.name, self.against.lower(), self.percent)


class Shield(_Record):
    """A source of energy shielding. ``points``: what it holds when the fight starts;
    ``pool``: share the points of another source of that pool name; ``techshield``: a device
    ("doubly effective against blast damage")."""

    name: str = Field(min_length=1)
    precision: Precision
    points: int = Field(0, ge=0)
    pool: str | None = None
    techshield: bool = False

    @property
    def pool_name(self) -> str:
        return self.pool or self.name

    def source(self) -> ShieldSource:
        return ShieldSource(self.name, self.precision, self.pool_name, self.techshield)


class Aura(_Record):
    """A damage aura: ``stored`` damage of one ``kind`` (normal auras "specify drive").
    ``expend``: what it strikes back with when provoked, a multiple of 10 (None: the full
    store); ``mental``: created by a purely mental action."""

    name: str = Field(min_length=1)
    kind: DamageKind
    stored: int = Field(0, ge=0)
    drive: int | None = Field(None, ge=0)
    expend: int | None = Field(None, ge=10, multiple_of=10)
    mental: bool = False

    @model_validator(mode="after")
    def _normal_has_drive(self) -> Self:
        if self.kind is DamageKind.NORMAL and self.drive is None:
            raise ValueError("a non-energy damage aura needs its drive")
        return self


class Sheet(_Record):
    """A Lur-Asko character. ``bcon`` and ``wgt`` give the injury factor (``injury_factor``
    overrides it); ``tn`` is the defense roll's target number; ``strength`` is added to melee
    damage and drive; ``organic`` matters for blast."""

    name: str | None = None
    bcon: int = Field(ge=0)
    wgt: int = Field(ge=0)
    injury_factor: int | None = Field(None, ge=1)
    tn: int
    initiative: int = 0
    strength: int = Field(0, ge=0)
    organic: bool = True
    armor: Armor | None = None
    weapons: tuple[Weapon, ...] = ()
    resistances: tuple[Resistance, ...] = ()
    shields: tuple[Shield, ...] = ()
    auras: tuple[Aura, ...] = ()

    @model_validator(mode="after")
    def _names_are_unique(self) -> Self:
        """Weapons by name; shield pools and auras become pools, so their names are distinct."""
        weapons = [w.name.lower() for w in self.weapons]
        if len(set(weapons)) != len(weapons):
            raise ValueError("two weapons share a name")
        auras = [a.name for a in self.auras]
        pools = {s.pool_name for s in self.shields}
        if len(set(auras)) != len(auras) or pools & set(auras):
            raise ValueError("auras need names of their own, distinct from shielding pools")
        return self

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
from fracas.rules.lurasko.aoe import Zaoe
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
    the target, 25 % on the others in its group. ``zone``: a ZAoE (cluster or point) whose
    ``energy_damage`` is its high value and ``low_damage`` its low value, with no impact.
    ``dismembers``: the weapon can dismember limbs (False for one that cannot)."""

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
    zone: Zaoe | None = None
    low_damage: DiceNotation | None = None
    dismembers: bool = True

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
        if (self.area or self.zone) and not (self.energy is not None and self.damage is None):
            raise ValueError("an area or zone weapon deals energy damage only")
        if (self.zone is None) != (self.low_damage is None):
            raise ValueError("a zone weapon needs its low_damage, and only a zone weapon has one")
        if self.zone and self.area:
            raise ValueError("a weapon is an area (AoE) or a zone (ZAoE), not both")
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


class PointSource(_Record):
    """A source of shielding or pseudogravity points. ``points``: what it holds when the fight
    starts; ``pool``: share the points of other sources of that pool name. Points are made on
    the owner's turn by spending ``cost`` of its ``resource`` (a pool of the sheet's
    ``resources``: charge, insight) per point, up to ``capacity`` (None: no limit). Unused
    points of a source that ``fades`` are gone at the end of its owner's turn; others last."""

    name: str = Field(min_length=1)
    points: int = Field(0, ge=0)
    pool: str | None = None
    resource: str | None = None
    cost: int = Field(1, ge=0)
    capacity: int | None = Field(None, ge=0)
    fades: bool = False

    @property
    def pool_name(self) -> str:
        return self.pool or self.name


class Shield(PointSource):
    """A source of energy shielding; a ``techshield`` is a device ("doubly effective against
    blast damage"). ``short_range_gap``: a low-precision shield of greater range that "cannot
    be used against attacks from short-range within the shield"."""

    precision: Precision
    techshield: bool = False
    short_range_gap: bool = False

    def source(self) -> ShieldSource:
        return ShieldSource(
            self.name, self.precision, self.pool_name, self.techshield, self.short_range_gap
        )


class Aura(_Record):
    """A damage aura: ``stored`` damage of one ``kind`` (normal auras "specify drive").
    ``expend``: what it strikes back with when provoked, "the full stored damage, or a multiple
    of 10" (None: the full store); ``mental``: created by a purely mental action; ``device``:
    from a device, so it ends when the device is dropped or disabled."""

    name: str = Field(min_length=1)
    kind: DamageKind
    stored: int = Field(0, ge=0)
    drive: int | None = Field(None, ge=0)
    expend: int | None = Field(None, ge=1)
    mental: bool = False
    device: bool = False

    @model_validator(mode="after")
    def _normal_has_drive(self) -> Self:
        if self.kind is DamageKind.NORMAL and self.drive is None:
            raise ValueError("a non-energy damage aura needs its drive")
        return self

    @model_validator(mode="after")
    def _expends_all_or_tens(self) -> Self:
        if self.expend is not None and self.expend % 10 and self.expend != self.stored:
            raise ValueError(
                f"expend the full store ({self.stored}) or a multiple of 10, not {self.expend}"
            )
        return self

    @property
    def standing_expend(self) -> int | None:
        """What ``expend`` asks for when provoked: an amount that is not a multiple of 10 is
        the full store it was given as (None, like no amount)."""
        return None if self.expend is None or self.expend % 10 else self.expend


class Lifter(PointSource):
    """A source of pseudogravity: a use moves a target when its effective points reach
    ``percent_of_weight`` % of the target's pound weight (the "fraction" the source gives).
    ``short_range``: it moves targets at least short range (out of group defense);
    ``grants_flight``: it moves by granting a flying SPD."""

    percent_of_weight: int = Field(ge=1)
    short_range: bool = False
    grants_flight: bool = False


class Sheet(_Record):
    """A Lur-Asko character. ``bcon`` and ``wgt`` give the injury factor (``injury_factor``
    overrides it; a ``large`` creature's uses AWGT); ``tn`` is the defense roll's target
    number; ``strength`` is added to melee damage and drive; ``organic`` matters for blast.
    ``weight_lb`` (None: 25 lb per WGT, SOURCES.md 5.1) and ``inventory_lb`` are what
    pseudogravity lifts; ``flying_spd`` makes an unwilling target heavier to it; ``gravnet``
    airships ignore silencing; a ``vehicle`` can be climbed onto. ``resources`` are pools that
    pay for shielding and pseudogravity points."""

    name: str | None = None
    bcon: int = Field(ge=0)
    wgt: int = Field(ge=0)
    injury_factor: int | None = Field(None, ge=1)
    large: bool = Field(
        False, description="a large creature: its injury factor uses AWGT (SOURCES.md 5.1)"
    )
    tn: int
    initiative: int = 0
    strength: int = Field(0, ge=0)
    organic: bool = True
    armor: Armor | None = None
    weapons: tuple[Weapon, ...] = ()
    resistances: tuple[Resistance, ...] = ()
    shields: tuple[Shield, ...] = ()
    auras: tuple[Aura, ...] = ()
    pseudogravity: tuple[Lifter, ...] = ()
    resources: dict[str, int] = Field(default_factory=dict)
    weight_lb: int | None = Field(None, ge=0)
    inventory_lb: int = Field(0, ge=0)
    flying_spd: int = Field(0, ge=0)
    gravnet: bool = False
    vehicle: bool = False

    @property
    def pound_weight(self) -> int:
        return self.weight_lb if self.weight_lb is not None else 25 * self.wgt

    def point_source(self, name: str) -> Shield | Lifter | None:
        """The shielding or pseudogravity source called ``name`` (any case)."""
        wanted = name.lower()
        sources: list[Shield | Lifter] = [*self.shields, *self.pseudogravity]
        return next((s for s in sources if s.name.lower() == wanted), None)

    @model_validator(mode="after")
    def _names_are_unique(self) -> Self:
        """Weapons by name; shield pools and auras become pools, so their names are distinct."""
        weapons = [w.name.lower() for w in self.weapons]
        if len(set(weapons)) != len(weapons):
            raise ValueError("two weapons share a name")
        auras = [a.name for a in self.auras]
        if len(set(auras)) != len(auras):
            raise ValueError("two auras share a name")
        groups = (
            set(auras),
            {s.pool_name for s in self.shields},
            {s.pool_name for s in self.pseudogravity},
            set(self.resources),
        )
        every = [name for group in groups for name in group]
        if len(set(every)) != len(every):
            raise ValueError(
                "auras, shielding pools, pseudogravity pools and resources need distinct names"
            )
        sources = [s.name.lower() for s in (*self.shields, *self.pseudogravity)]
        if len(set(sources)) != len(sources):
            raise ValueError("two shielding or pseudogravity sources share a name")
        for source in (*self.shields, *self.pseudogravity):
            if source.resource is not None and source.resource not in self.resources:
                raise ValueError(f"{source.name}: no resource {source.resource!r} on the sheet")
        return self


# --- what a sheet offers the command language's fields (pick lists, never limits) ---------


def weapons_of(sheet: Sheet) -> list[str]:
    """The sheet's weapons, by name."""
    return [weapon.name for weapon in sheet.weapons]


def auras_of(sheet: Sheet) -> list[str]:
    """The sheet's damage auras, by name."""
    return [aura.name for aura in sheet.auras]


def sources_of(sheet: Sheet) -> list[str]:
    """The sheet's shielding and pseudogravity sources, by name (what ``charge`` fills)."""
    return [source.name for source in (*sheet.shields, *sheet.pseudogravity)]


def lifters_of(sheet: Sheet) -> list[str]:
    """The sheet's pseudogravity sources, by name."""
    return [source.name for source in sheet.pseudogravity]

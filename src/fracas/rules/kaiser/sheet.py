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
from typing import Annotated, Self

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from fracas.rules.kaiser.vocabulary import (
    Characteristic,
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
    wear_armor: int = Field(0, ge=0)

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
    """A source of Armor Value: a worn layer, or natural armor (a trait, a veil). ``penalty``:
    what wearing the layer costs every Offensive and Defensive Roll, before Wear Armor."""

    name: str = Field(min_length=1)
    av: DamageValues = {}
    penalty: int = Field(0, ge=0)


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

    @field_validator("name")
    @classmethod
    def _one_name(cls, name: str) -> str:
        """An Attack Intention names its weapons separated by commas (``-with sword,dagger``)."""
        if "," in name or "|" in name:
            raise ValueError(f"{name!r}: a weapon's name cannot hold ',' or '|'")
        return name


class PowerType(StrEnum):
    """Seed: "Types of Powers": Attack, Defense, Effect, Automatic, Trigger, Detection."""

    ATTACK = "attack"
    DEFENSE = "defense"
    EFFECT = "effect"
    AUTOMATIC = "automatic"
    TRIGGER = "trigger"
    DETECTION = "detection"


class PowerSource(StrEnum):
    """Where a power comes from, and so the Intention that must be declared to use it in a
    round (``innate``: none, as an artifact's or a creature's own power)."""

    MAGIC = "magic"
    PHENOM = "phenom"
    SPIRIT = "spirit"
    INNATE = "innate"


class Chakra(StrEnum):
    """Kaiser's three chakras: red (Strength and Constitution), green (Dexterity and Agility),
    blue (Focus and Willpower)."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Maintenance(StrEnum):
    """Kaiser's Maintaining Powers: how often a maintained power's cost is paid. ``turn``:
    every round; ``minor``: every minute (10 rounds); ``major``: every ten minutes (100
    rounds); ``daily``: every dawn, and it "can be maintained while asleep". Which of them need
    their Maintain action each round: ``maintaining.needs_maintain_action``."""

    TURN = "turn"
    MINOR = "minor"
    MAJOR = "major"
    DAILY = "daily"


class Power(_Record):
    """A power: its types (one or more), its source, the Skill it is used with, and what it
    does.

    ``ap``, ``mana`` and ``ki``: what each use spends. Attack: ``base_damage`` of
    ``damage_type``. Effect, Automatic, Trigger and Detection: the
    Resistance Check it forces (``resistance`` against ``difficulty``; none listed: SR 8) and
    the lingering ``effect`` a failure leaves, with the ``grants`` it gives while it lasts and
    the ``skill_bonuses`` and ``characteristic_bonuses`` (negative: penalties) it gives;
    ``sacrifice``: the Characteristic points its user sacrifices to use it.
    ``imbued``: it can hit immaterial creatures (Energy damage always can);
    ``blocked_only_by_imbued``: only imbued (immaterial-touching) objects block it.
    ``range_ft``: its maximum distance in feet. ``negates_detection``: the effect it leaves
    hides its bearer from Detection powers; ``prevents_action``: it leaves its bearer unable
    to act (paralysis, sleep). ``vision``: an
    Effect power is seen only with this vision. ``presence``: the Affected Presence it can
    affect. ``area``: it strikes an area; ``selective``: its targets there can be chosen.
    ``ghostly``: its damage is Ghostly Damage. ``mark`` and ``mark_rounds``: the mark it
    leaves. ``chakra``: the chakra its ki is spent from (None: any). ``maintained``: how the
    power is maintained (None: it is not; its effects last until resisted or dropped),
    ``upkeep`` the mana (ki for a spirit power) each payment costs.
    ``barrier``: the Life Points of the barrier a Defense power raises; a Defense power
    without one creates no barrier and defends with its Skill against the Damage Types it lists
    in ``defends`` (none listed: every attack).
    """

    name: str = Field(min_length=1)
    types: frozenset[PowerType] = Field(min_length=1)
    source: PowerSource = PowerSource.INNATE
    skill: str = "magic_projection"
    ap: int = Field(0, ge=0)
    mana: int = Field(0, ge=0)
    ki: int = Field(0, ge=0)
    base_damage: int | None = Field(None, ge=1)
    damage_type: DamageType = DamageType.FORCE
    imbued: bool = False
    blocked_only_by_imbued: bool = False
    range_ft: int | None = Field(None, ge=0)
    negates_detection: bool = False
    prevents_action: bool = False
    resistance: Resistance = Resistance.SPIRIT
    difficulty: int | None = None
    effect: str | None = None
    grants: tuple[Modifier, ...] = ()
    skill_bonuses: dict[str, int] = {}
    characteristic_bonuses: dict[Characteristic, int] = {}
    sacrifice: dict[Characteristic, Annotated[int, Field(ge=1)]] = {}
    vision: str | None = None
    presence: int | None = Field(None, ge=0)
    area: bool = False
    selective: bool = False
    ghostly: bool = False
    mark: str | None = None
    mark_rounds: int = Field(1, ge=1)
    chakra: Chakra | None = None
    maintained: Maintenance | None = None
    upkeep: int = Field(0, ge=0)
    barrier: int | None = Field(None, ge=1)
    defends: frozenset[DamageType] = frozenset()

    @property
    def raises_barrier(self) -> bool:
        """A Defense power that creates a supernatural barrier ("Most Defense powers")."""
        return PowerType.DEFENSE in self.types and self.barrier is not None

    @property
    def wards(self) -> bool:
        """A Defense power that creates no barrier: "Powers that do not create supernatural
        barriers will list how to defend with them"."""
        return PowerType.DEFENSE in self.types and self.barrier is None

    @model_validator(mode="after")
    def _fits_its_types(self) -> Self:
        if PowerType.ATTACK in self.types and self.base_damage is None:
            raise ValueError(f"{self.name}: an Attack power needs a base_damage")
        if self.defends and not self.wards:
            raise ValueError(
                f"{self.name}: 'defends' lists what a Defense power without a barrier"
                " defends against"
            )
        if self.upkeep and self.maintained is None:
            raise ValueError(f"{self.name}: an upkeep is paid only for a maintained power")
        if (self.skill_bonuses or self.characteristic_bonuses) and self.effect is None:
            raise ValueError(f"{self.name}: bonuses need the effect that carries them")
        for skill in (self.skill, *self.skill_bonuses):
            if skill not in Skills.model_fields:
                raise ValueError(f"{self.name}: {skill!r} is not a Skill")
        return self


class Chakras(_Record):
    """Kaiser's Chakra Accumulation (CA) of the three chakras: the ki the Fill Chakra
    Intention pours into each."""

    red: int = Field(0, ge=0)
    green: int = Field(0, ge=0)
    blue: int = Field(0, ge=0)

    def __getitem__(self, chakra: str) -> int:
        return int(getattr(self, chakra))


class Sheet(_Record):
    """A combatant of the kaiser ruleset.

    ``initiative`` is the Initiative value added to the Initiative roll. ``life_points`` is the
    maximum LP; ``mana`` and ``ki`` the pools powers spend; ``mana_accumulation`` (MA) the
    mass of mana the Magic Intention gathers for a round's spells (None: not limited);
    ``mana_battery`` the mana a Mana Battery the creature carries holds (full at the start);
    ``chakras`` the Chakra Accumulation of each chakra, filling them for the round's ki
    abilities (None: not limited), ``ki_battery`` the ki a Ki Battery it carries holds.
    ``natural_armor`` and ``armor`` (layers worn) stack as the chapter says;
    ``vulnerability``, ``damage_reduction``, ``damage_barrier`` and ``damage_resistance`` are
    the creature's natural values;
    ``modifiers`` are those its artifacts and features grant. ``imbued_shield``: the creature
    blocks with an imbued object (so it can block immaterial attacks). ``visions``: the kinds
    of sight it has (to see Effect powers). ``personalities``: how many minds control it (a
    possessed creature has two). ``characteristics``: the base Characteristics (one left out is
    0), ``presence`` the creature's Presence.
    """

    name: str | None = None
    initiative: int = 10
    life_points: int = Field(ge=1)
    mana: int = Field(0, ge=0)
    mana_accumulation: int | None = Field(None, ge=0)
    mana_battery: int = Field(0, ge=0)
    ki: int = Field(0, ge=0)
    chakras: Chakras | None = None
    ki_battery: int = Field(0, ge=0)
    absorption: int = Field(2, ge=0)
    presence: int = Field(3, ge=0)
    characteristics: dict[Characteristic, int] = {}
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
    visions: frozenset[str] = frozenset()
    personalities: int = Field(1, ge=1)
    weapons: tuple[Weapon, ...] = ()
    powers: tuple[Power, ...] = ()


# --- what a sheet offers the command language's fields (pick lists, never limits) ---------


def weapons_of(sheet: Sheet) -> list[str]:
    """The sheet's weapons, by name."""
    return [weapon.name for weapon in sheet.weapons]


def powers_of(sheet: Sheet) -> list[str]:
    """The sheet's powers, by name."""
    return [power.name for power in sheet.powers]


def usable_powers(sheet: Sheet) -> list[str]:
    """The powers ``use`` takes: Attack, Effect and Automatic ones."""
    usable = {PowerType.ATTACK, PowerType.EFFECT, PowerType.AUTOMATIC}
    return [power.name for power in sheet.powers if power.types & usable]


def attack_powers(sheet: Sheet) -> list[str]:
    """The powers a collider shoots (``use -collide-with``): its Attack ones."""
    return [power.name for power in sheet.powers if PowerType.ATTACK in power.types]


def barrier_powers(sheet: Sheet) -> list[str]:
    """The powers ``raise`` takes: those that raise a supernatural barrier."""
    return [power.name for power in sheet.powers if power.raises_barrier]


def trigger_powers(sheet: Sheet) -> list[str]:
    """The powers ``trigger`` takes: Trigger and Detection ones."""
    kinds = {PowerType.TRIGGER, PowerType.DETECTION}
    return [power.name for power in sheet.powers if power.types & kinds]

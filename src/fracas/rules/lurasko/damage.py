"""The damage of one hit through a target's defences, itemised step by step.

A hit arrives as portions, each with its damage and drive ("17, 20 drive"). Each portion goes
through the armor range by its own drive, then high-precision shielding ("after the defense
roll, once the character is hit, and after considering drive"), then resistances and weaknesses
("apply it after defenses and drive"), one after another, rounding down the final result
(SOURCES.md 5.2). Low- and medium-precision shielding came earlier, before the defense roll; its
steps open the account.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from fracas.engine.frozen import frozen
from fracas.rules.lurasko.armor import ArmorBand, ArmorRange, through_armor
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.shielding import ShieldSource, ShieldUse, shield
from fracas.rules.lurasko.vocabulary import DamageKind, Precision


@dataclass(frozen=True, init=False)
class Portion:
    """Damage of one kind with its drive. ``material`` is a normal weapon's material (quartz,
    adamant) for resistances to physical weapons."""

    kind: DamageKind
    damage: int
    drive: int
    material: str | None = None

    def __init__(
        self, kind: DamageKind, damage: int, drive: int, material: str | None = None
    ) -> None:
        """Stored as ``engine.frozen`` stores fields (straight into the instance's dict), then
        checked: a hit builds several portions, and a frozen dataclass's own ``__init__`` sets
        each field through ``object.__setattr__``."""
        fields = self.__dict__
        fields["kind"] = kind
        fields["damage"] = damage
        fields["drive"] = drive
        fields["material"] = material
        self.__post_init__()

    def __post_init__(self) -> None:
        """The check, also made by pydantic when it reads a portion back from a save."""
        if self.damage < 0 or self.drive < 0:
            raise LuraskoRuleError("damage and drive cannot be negative")


@frozen
class Resistance:
    """A resistance or weakness: damage of ``against`` (an energy kind, or a weapon material)
    is multiplied by ``percent`` (75: elves against frost; 150: constructs against electric)."""

    name: str
    against: str
    percent: int

    def applies_to(self, portion: Portion) -> bool:
        if portion.kind.energy:
            return self.against == portion.kind.value
        return portion.material is not None and self.against == portion.material


class StepKind(Enum):
    SHIELD = "shield"
    ARMOR = "armor"
    RESISTANCE = "resistance"


@frozen
class DamageStep:
    """One line of the account. ``source`` names the shield or resistance; ``percent`` is the
    share an armor or a resistance let through; ``band`` and ``drive`` say why armor did what
    it did; ``precision`` is a shield's."""

    step: StepKind
    kind: DamageKind
    before: int
    after: int
    source: str = ""
    percent: int = 100
    drive: int | None = None
    band: ArmorBand | None = None
    precision: Precision | None = None


@frozen
class DamageAccount:
    """The hit as called out (``called``), every step, and what the target takes per portion."""

    called: tuple[Portion, ...]
    steps: tuple[DamageStep, ...]
    taken: tuple[Portion, ...]
    armor: ArmorRange | None = None

    @cached_property
    def total(self) -> int:
        """What the target takes in all; summed when first asked (an account is handed out
        again, ``Traits.unshielded_account``), kept out of the fields."""
        return sum(p.damage for p in self.taken)


@frozen
class Defences:
    """What the target brings: its armor range, resistances in the order they were gained,
    its high-precision shielding sources and their points."""

    armor: ArmorRange | None = None
    resistances: tuple[Resistance, ...] = ()
    shields: tuple[ShieldSource, ...] = ()
    points: Mapping[str, int] | None = None


def shield_steps(uses: Sequence[ShieldUse]) -> tuple[DamageStep, ...]:
    return tuple(
        DamageStep(
            StepKind.SHIELD,
            u.kind,
            u.before,
            u.after,
            source=u.source.name,
            precision=u.source.precision,
        )
        for u in uses
    )


def resisted(damage: int, percents: Sequence[int]) -> int:
    """``damage`` through every percent in turn, rounded down once at the end: an elf (75 %)
    with 50 % frost resistance "would take a total of 37% damage from frost"."""
    numerator, denominator = damage, 1
    for percent in percents:
        if percent < 0:
            raise LuraskoRuleError(f"a resistance cannot be below 0 % ({percent})")
        numerator *= percent
        denominator *= 100
    return numerator // denominator


def resolve_damage(
    called: Sequence[Portion],
    defences: Defences,
    *,
    before_defense: Sequence[DamageStep] = (),
) -> tuple[DamageAccount, tuple[ShieldUse, ...]]:
    """The account of the portions ``called`` landing on a target with ``defences``, and the
    high-precision shielding it used (whose points the caller spends)."""
    high = [s for s in defences.shields if s.precision is Precision.HIGH]
    points = dict(defences.points or {}) if high else {}  # only high-precision shielding spends
    steps: list[DamageStep] = list(before_defense)
    taken: list[Portion] = []
    uses: list[ShieldUse] = []
    for portion in called:
        damage = _armor(portion, defences.armor, steps)
        if high and damage and portion.kind is not DamageKind.NORMAL:
            damage, used, points = shield(high, portion.kind, damage, points)
            steps += shield_steps(used)
            uses += used
        if defences.resistances:
            damage = _resistances(portion, damage, defences.resistances, steps)
        taken.append(Portion(portion.kind, damage, portion.drive, portion.material))
    account = DamageAccount(tuple(called), tuple(steps), tuple(taken), defences.armor)
    return account, tuple(uses)


_PERCENT_THROUGH = {ArmorBand.BELOW: 0, ArmorBand.WITHIN: 50, ArmorBand.ABOVE: 100}
"""The percent of a portion's damage its drive's band lets through armor, built once (each
enum hashed while building it is a Python call)."""


def _armor(portion: Portion, armor: ArmorRange | None, steps: list[DamageStep]) -> int:
    if armor is None:
        return portion.damage
    electric = portion.kind is DamageKind.ELECTRIC
    after = through_armor(portion.damage, portion.drive, armor, electric=electric)
    band = armor.band(portion.drive)
    percent = _PERCENT_THROUGH[band]
    if electric and armor.metallic and band is ArmorBand.WITHIN:
        percent = 100
    steps.append(
        DamageStep(
            StepKind.ARMOR,
            portion.kind,
            portion.damage,
            after,
            percent=percent,
            drive=portion.drive,
            band=band,
        )
    )
    return after


def _resistances(
    portion: Portion, damage: int, resistances: Sequence[Resistance], steps: list[DamageStep]
) -> int:
    matching = [r for r in resistances if r.applies_to(portion)]
    if not matching:
        return damage
    percents: list[int] = []
    for resistance in matching:
        percents.append(resistance.percent)
        steps.append(
            DamageStep(
                StepKind.RESISTANCE,
                portion.kind,
                damage if len(percents) == 1 else steps[-1].after,
                resisted(damage, percents),
                source=resistance.name,
                percent=resistance.percent,
            )
        )
    return resisted(damage, percents)

"""The damage pipeline: Degrees of Success into Units of Damage into Life Points, itemised.

SOURCES.md 1.4: "Units = max(0, DoS - Absorption - AV[damage type] + DamageVulnerability), and
LP lost = Units x Base Damage." "Per seed, the order is: barrier check on Base Damage, then
Base-Damage reduction (if Base Damage <= 0, no injury), then Units x Base, then final-damage
resistance." "Zero Units means the attack landed but was fully absorbed."
"""

from __future__ import annotations

from functools import lru_cache

from fracas.engine.frozen import frozen
from fracas.rules.kaiser.vocabulary import DamageType

MINUS = "\N{MINUS SIGN}"
TIMES = "\N{MULTIPLICATION SIGN}"


@frozen
class Defences:
    """What the target brings against one Damage Type, each value already stacked
    (``stacking.py``) and with the sources this attack ignores left out."""

    absorption: int = 0
    armor: int = 0
    vulnerability: int = 0
    reduction: int = 0
    barrier: int = 0
    resistance: int = 0


@frozen
class DamageStep:
    """One line of the account: ``label`` takes a value from ``before`` to ``after``."""

    label: str
    before: int
    after: int


@frozen
class DamageAccount:
    """The itemised result of one hit: every step in order, the Units of Damage, the Base
    Damage that multiplied them and the Life Points lost. ``negated`` says why the hit could
    not injure (a damage barrier, Base Damage reduced to 0), or is empty. ``degrees`` is 0 and
    ``overflow`` set for the damage a broken supernatural barrier lets through."""

    damage_type: DamageType
    degrees: int
    steps: tuple[DamageStep, ...]
    units: int
    base_damage: int
    total: int
    negated: str = ""
    overflow: int | None = None
    """For the damage a broken barrier lets through: how much came past it."""
    direct: bool = False
    """Damage a game master dealt straight to the Life Points (``damage``): no roll, no
    defences."""


def units_of_damage(degrees: int, defences: Defences) -> int:
    """ "Units = max(0, DoS - Absorption - AV + DamageVulnerability)"."""
    return max(0, degrees - defences.absorption - defences.armor + defences.vulnerability)


def barrier_negates(base_damage: int, barrier: int) -> bool:
    """Damage Barrier: "negates the damage if the Base Damage is less than the damage
    barrier"."""
    return base_damage < barrier


@lru_cache(maxsize=1024, typed=True)  # typed: a Damage Type is not the string equal to it
def damage_account(
    degrees: int, base_damage: int, damage_type: DamageType, defences: Defences
) -> DamageAccount:
    """One successful hit with ``degrees`` DoS of ``base_damage`` through ``defences`` (worked
    out once per four values: an account is immutable, and a fight's hits repeat them)."""
    steps: list[DamageStep] = []
    if barrier_negates(base_damage, defences.barrier):
        why = f"damage barrier {defences.barrier} > Base Damage {base_damage}"
        return DamageAccount(damage_type, degrees, (), 0, base_damage, 0, why)
    base = _reduced_base(base_damage, defences, steps)
    if base <= 0:
        return DamageAccount(
            damage_type, degrees, tuple(steps), 0, base, 0, "Base Damage reduced to 0"
        )
    units = _units(degrees, defences, steps)
    damage = units * base
    steps.append(DamageStep(f"{TIMES} Base Damage {base}", units, damage))
    total = _resisted(damage, defences, steps)
    return DamageAccount(damage_type, degrees, tuple(steps), units, base, total)


def _reduced_base(base_damage: int, defences: Defences, steps: list[DamageStep]) -> int:
    if not defences.reduction:
        return base_damage
    base = max(0, base_damage - defences.reduction)
    steps.append(
        DamageStep(f"Base Damage: damage reduction {MINUS}{defences.reduction}", base_damage, base)
    )
    return base


def _units(degrees: int, defences: Defences, steps: list[DamageStep]) -> int:
    value = degrees
    for label, change in (
        ("Absorption", -defences.absorption),
        ("AV", -defences.armor),
        ("vulnerability", defences.vulnerability),
    ):
        if change or label == "Absorption":
            sign = "+" if change > 0 else MINUS
            steps.append(DamageStep(f"{label} {sign}{abs(change)}", value, value + change))
            value += change
    units = units_of_damage(degrees, defences)
    if units != value:
        steps.append(DamageStep("no fewer than 0 Units", value, units))
    return units


def _resisted(damage: int, defences: Defences, steps: list[DamageStep]) -> int:
    if not defences.resistance:
        return damage
    total = max(0, damage - defences.resistance)
    steps.append(DamageStep(f"damage resistance {MINUS}{defences.resistance}", damage, total))
    return total


def overflow_account(
    overflow: int, base_damage: int, damage_type: DamageType, defences: Defences
) -> DamageAccount:
    """The damage a broken barrier did not absorb, on one protected creature (seed, "Barrier
    Break"): "You can reduce the damage by 1 point for each AV against that Damage Type. Damage
    reduction and damage resistance will both only reduce the final damage taken, but damage
    barrier works as normal." """
    if barrier_negates(base_damage, defences.barrier):
        why = f"damage barrier {defences.barrier} > Base Damage {base_damage}"
        return DamageAccount(damage_type, 0, (), 0, base_damage, 0, why, overflow)
    steps: list[DamageStep] = []
    value = overflow
    for label, amount in (
        ("AV", defences.armor),
        ("damage reduction", defences.reduction),
        ("damage resistance", defences.resistance),
    ):
        if amount:
            after = max(0, value - amount)
            steps.append(DamageStep(f"{label} {MINUS}{amount}", value, after))
            value = after
    return DamageAccount(damage_type, 0, tuple(steps), 0, base_damage, value, "", overflow)


def direct_account(amount: int, damage_type: DamageType) -> DamageAccount:
    """The account of ``amount`` damage a game master deals directly: it all lands."""
    return DamageAccount(damage_type, 0, (), 0, 0, amount, direct=True)

"""The damage pipeline: Wound Roll - Damage Reduction - Soak by Damage Category → Life Points.

SOURCES.md 2.5: "Soak = Tenacity Modifier, minimum 1(T). On a hit, Wound Roll dice score - Soak
is removed from LP. Damage Reduction is subtracted *before* Soak and is not affected by Damage
Category." Section 8: Standard takes full Soak, Direct half Soak (round down), Lethal no Soak.
"""

from __future__ import annotations

from fracas.engine.frozen import frozen
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.sheet import Sheet
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Attribute, Category

BANDS = ("Healthy", "Injured", "Bloodied", "Wounded", "Critical")
"""The Health Thresholds of SOURCES.md section 8, from full health down."""


@frozen
class DamageStep:
    """One step of the account: what it is called and the damage before and after it."""

    label: str
    before: int
    after: int


@frozen
class DamageAccount:
    """How a Wound Roll became Life Points lost: the category and every step."""

    wound: int
    category: Category
    steps: tuple[DamageStep, ...]

    @property
    def total(self) -> int:
        return self.steps[-1].after if self.steps else max(self.wound, 0)


def soak_of(sheet: Sheet, tier: int, *, settings: DbuSettings) -> int:
    """SOURCES.md 2.5: 'Soak = Tenacity Modifier, minimum 1(T)'; 'Size: Small -1(T) Soak,
    Large +1(T) Soak', per Size Category from Medium (never below 0)."""
    soak = max(sheet.modifiers[Attribute.TENACITY], times_tier(settings.soak_minimum, tier))
    return max(soak + times_tier(sheet.size.steps * settings.size_soak_per_step, tier), 0)


def soak_for(soak: int, category: Category) -> int:
    """SOURCES.md section 8: Standard full Soak, Direct half (round down), Lethal none."""
    if category is Category.STANDARD:
        return soak
    if category is Category.DIRECT:
        return soak // 2
    return 0


def damage_account(
    wound: int,
    *,
    reduction: int,
    soak: int,
    category: Category,
    divide: tuple[str, int] | None = None,
    shield: int = 0,
) -> DamageAccount:
    """The Life Points a Wound Roll of ``wound`` takes through Damage Reduction and the Soak its
    category allows, never below 0. ``divide``: what is left is divided, rounded down (Guard
    'reduces the attack's damage by 1/2', a Deflect lets '1/4 of its damage' through)."""
    steps: list[DamageStep] = []
    damage = max(wound, 0)
    for label, amount in (
        ("Damage Reduction", reduction),
        (f"Soak ({category.name.title()})", soak_for(soak, category)),
    ):
        if amount:
            after = max(damage - amount, 0)
            steps.append(DamageStep(f"{label} \u2212{amount}", damage, after))
            damage = after
    if divide is not None and damage:
        label, by = divide
        steps.append(DamageStep(label, damage, damage // by))
        damage //= by
    if shield and damage:
        steps.append(DamageStep(f"terrain shield \u2212{shield}", damage, max(damage - shield, 0)))
    return DamageAccount(wound, category, tuple(steps))


def band(current: int, maximum: int, *, settings: DbuSettings) -> int:
    """The Health Threshold band (0 Healthy … 4 Critical) of ``current`` LP out of ``maximum``:
    the number of thresholds (percent of max LP) that ``current`` is at or below."""
    return sum(1 for percent in settings.health_thresholds if current * 100 <= percent * maximum)


def band_name(index: int) -> str:
    return BANDS[min(index, len(BANDS) - 1)]


def threshold_penalty(index: int, tier: int, *, settings: DbuSettings) -> int:
    """SOURCES.md 2.6: each band below Healthy is -1(T) to all Combat Rolls."""
    return -times_tier(settings.threshold_penalty * index, tier)

"""Life Points and Criticals (SOURCES.md 1.6).

"At LP <= 0 the character is unconscious and 'Between Life and Death'." "Dead when LP <
-(max LP / 2)." "Critical: one hit that removes >= 1/2 of the current LP." "Critical Level = 2d6
(no open/fumble) + floor(damage/10). If the level is above 20: level = 20 +
floor((level - 20)/2)." "Failure costs 1 AP per DoF plus an all-action penalty equal to the
DoF." "DoF <= 5: pain only ... DoF > 5: broken bones ... DoF > 10: limb destroyed ... DoF > 15:
as > 10, plus unconscious regardless of location."
"""

from __future__ import annotations

from enum import StrEnum

from fracas.rules.kaiser.settings import KaiserSettings


def is_dead(life_points: int, maximum: int, *, settings: KaiserSettings) -> bool:
    """Below minus (maximum / the setting's fraction): ``LP < -(max / 2)``."""
    return life_points * settings.death_fraction < -maximum


def is_unconscious(life_points: int) -> bool:
    """At 0 LP or less: unconscious and Between Life and Death."""
    return life_points <= 0


def is_critical(
    damage: int, current: int, *, settings: KaiserSettings, vital: bool = False
) -> bool:
    """A hit is a Critical when it removes at least half (the setting) of the current LP, or a
    tenth of it on a vulnerable point (a directed hit at the head or heart)."""
    divisor = settings.vital_critical_divisor if vital else settings.critical_fraction
    return current > 0 and damage > 0 and damage * divisor >= current


def uncapped_level(dice_total: int, damage: int, *, settings: KaiserSettings) -> int:
    """2d6 + floor(damage / 10), before the soft cap."""
    return dice_total + damage // settings.critical_damage_step


def critical_level(dice_total: int, damage: int, *, settings: KaiserSettings) -> int:
    """2d6 + floor(damage / 10), softened above 20."""
    level = uncapped_level(dice_total, damage, settings=settings)
    cap = settings.critical_level_soft_cap
    return cap + (level - cap) // 2 if level > cap else level


class CriticalSeverity(StrEnum):
    """What a failed Physical Resistance Check against a Critical does, by its DoF."""

    PAIN = "pain"
    BROKEN_BONES = "broken_bones"
    LIMB_DESTROYED = "limb_destroyed"
    KNOCKED_OUT = "knocked_out"


def critical_severity(failure: int) -> CriticalSeverity:
    """``failure`` is the DoF: up to 5 pain, above 5 broken bones, above 10 a limb destroyed,
    above 15 that and unconscious wherever it struck."""
    if failure > 15:
        return CriticalSeverity.KNOCKED_OUT
    if failure > 10:
        return CriticalSeverity.LIMB_DESTROYED
    if failure > 5:
        return CriticalSeverity.BROKEN_BONES
    return CriticalSeverity.PAIN


def kills(severity: CriticalSeverity, *, vital: bool) -> bool:
    """SOURCES.md 1.6: "DoF > 10: limb destroyed; a directed head/heart hit = unconscious and
    dies in Constitution rounds." """
    return vital and severity in (CriticalSeverity.LIMB_DESTROYED, CriticalSeverity.KNOCKED_OUT)

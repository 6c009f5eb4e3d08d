"""Life Points and Criticals (SOURCES.md 1.6)."""

from __future__ import annotations

import pytest

from fracas.rules.kaiser.life import (
    CriticalSeverity,
    critical_level,
    critical_severity,
    is_critical,
    is_dead,
    is_unconscious,
    kills,
)
from tests.rules.kaiser.support import SETTINGS


def test_unconscious_at_zero_and_dead_below_minus_half() -> None:
    """SOURCES.md 1.6: "At LP <= 0 the character is unconscious"; "Dead when LP < -(max LP /
    2)." """
    assert is_unconscious(0) and not is_unconscious(1)
    assert not is_dead(-30, 60, settings=SETTINGS)
    assert is_dead(-31, 60, settings=SETTINGS)


def test_a_critical_removes_half_the_current_lp() -> None:
    """SOURCES.md 1.6: "Critical: one hit that removes >= 1/2 of the *current* LP." """
    assert is_critical(20, 40, settings=SETTINGS)
    assert not is_critical(19, 40, settings=SETTINGS)
    assert not is_critical(5, 0, settings=SETTINGS)


def test_critical_level_adds_a_tenth_of_the_damage_and_softens_above_20() -> None:
    """SOURCES.md 1.6: "Critical Level = 2d6 ... + floor(damage/10). If the level is above 20:
    level = 20 + floor((level - 20)/2)." """
    assert critical_level(7, 34, settings=SETTINGS) == 10
    assert critical_level(12, 130, settings=SETTINGS) == 20 + (25 - 20) // 2


@pytest.mark.parametrize(
    ("failure", "severity"),
    [
        (5, CriticalSeverity.PAIN),
        (6, CriticalSeverity.BROKEN_BONES),
        (11, CriticalSeverity.LIMB_DESTROYED),
        (16, CriticalSeverity.KNOCKED_OUT),
    ],
)
def test_a_criticals_severity_goes_by_the_dof(failure: int, severity: CriticalSeverity) -> None:
    """SOURCES.md 1.6: "DoF <= 5: pain only ... DoF > 5: broken bones ... DoF > 10: limb
    destroyed ... DoF > 15: as > 10, plus unconscious regardless of location." """
    assert critical_severity(failure) is severity


def test_a_tenth_of_the_current_lp_on_the_head_or_heart_is_a_critical() -> None:
    """SOURCES.md 1.6: a Critical is also a hit removing ">= 10% of current LP on a vulnerable
    point such as head or heart"; "DoF > 10: ... a directed head/heart hit = unconscious and
    dies in Constitution rounds"."""
    assert is_critical(6, 60, settings=SETTINGS, vital=True)
    assert not is_critical(5, 60, settings=SETTINGS, vital=True)
    assert kills(CriticalSeverity.LIMB_DESTROYED, vital=True)
    assert not kills(CriticalSeverity.LIMB_DESTROYED, vital=False)
    assert not kills(CriticalSeverity.BROKEN_BONES, vital=True)

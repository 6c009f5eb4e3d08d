"""Armor ranges against drive, the injury factor and degrees of injury."""

from __future__ import annotations

import pytest

from fracas.rules.lurasko.armor import ArmorBand, ArmorRange, through_armor
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.injury import (
    adjusted_weight,
    degrees_crossed,
    energy_degrees,
    injury_factor,
    injury_type,
)
from fracas.rules.lurasko.vocabulary import InjuryType

CHAINMAIL = ArmorRange(16, 28, metallic=True)


def test_17_damage_at_20_drive_against_16_to_28_is_8() -> None:
    """Seed: "a weapon with 17 (20 drive) damage, the drive is within your armor range of 16-28,
    so you would take only 8 damage." """
    assert through_armor(17, 20, CHAINMAIL, electric=False) == 8


@pytest.mark.parametrize(
    ("drive", "taken", "band"),
    [
        (15, 0, ArmorBand.BELOW),
        (16, 8, ArmorBand.WITHIN),
        (28, 8, ArmorBand.WITHIN),
        (29, 17, ArmorBand.ABOVE),
    ],
)
def test_armor_range_bands(drive: int, taken: int, band: ArmorBand) -> None:
    """Seed: "ignore all damage with a drive below 16, and take full damage with a drive greater
    than 28"; 50 % from 16 to 28 inclusive."""
    assert CHAINMAIL.band(drive) is band
    assert through_armor(17, drive, CHAINMAIL, electric=False) == taken


def test_electric_within_metallic_armor_goes_through_in_full_but_not_below() -> None:
    """Seed: "If the victim's armor is metallic ... electric damage causes full damage instead of
    half if its drive is within the armor range (drive below armor range is still blocked
    entirely)." """
    assert through_armor(20, 20, CHAINMAIL, electric=True) == 20
    assert through_armor(12, 12, CHAINMAIL, electric=True) == 0
    gambeson = ArmorRange(10, 28)
    assert through_armor(20, 20, gambeson, electric=True) == 10


def test_an_armor_range_cannot_run_backwards() -> None:
    with pytest.raises(LuraskoRuleError, match="runs backwards"):
        ArmorRange(28, 16)


def test_injury_factor_is_bcon_times_wgt_over_5_minimum_2() -> None:
    """SOURCES.md 5.1: "Injury factor = bCON x WGT / 5, minimum 2." """
    assert injury_factor(5, 6) == 6
    assert injury_factor(3, 6) == 3
    assert injury_factor(1, 3) == 2


def test_awgt_of_a_horse_and_a_t_rex() -> None:
    """SOURCES.md 5.1: "Horse 50 -> 35; T-rex 600 -> 172." """
    assert adjusted_weight(20) == 20
    assert adjusted_weight(50) == 35
    assert adjusted_weight(600) == 172


def test_degrees_are_the_multiples_of_the_factor_crossed() -> None:
    """SOURCES.md 5.1: "factor 5, damage 0 -> 12 passes 5 and 10, so 2 degrees"; meeting a
    multiple counts."""
    assert degrees_crossed(0, 12, 5) == 2
    assert degrees_crossed(4, 1, 5) == 1
    assert degrees_crossed(5, 4, 5) == 0
    assert energy_degrees(13, 6) == 2


def test_injury_type_tables() -> None:
    """SOURCES.md 5.1's default d20 tables; the seed: "The GM will have already rolled on the
    melee or ranged injury type table." """
    assert injury_type(6, ranged=False) is InjuryType.SUPERFICIAL
    assert injury_type(7, ranged=False) is InjuryType.CORE
    assert injury_type(12, ranged=False) is InjuryType.HAND_ARM
    assert injury_type(12, ranged=True) is InjuryType.MOBILITY
    assert injury_type(16, ranged=True) is InjuryType.HAND_ARM
    assert injury_type(20, ranged=True) is InjuryType.PERCEPTION
    with pytest.raises(LuraskoRuleError):
        injury_type(21, ranged=True)

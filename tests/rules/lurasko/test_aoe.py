"""Shielding AoEs and ZAoEs."""

from __future__ import annotations

from fracas.rules.lurasko.aoe import (
    AoeOutcome,
    Zaoe,
    after_low_shielding,
    after_target_shielding,
    unshielded,
    zaoe_inside_shield,
    zaoe_shielded_value,
)
from fracas.rules.lurasko.shielding import Incoming, may_shield
from fracas.rules.lurasko.vocabulary import Precision

GRENADE = Incoming(ranged=True, all_energy=True, explosive=True)
FIREBALL = Incoming(ranged=True, all_energy=True)


def test_a_deliberate_aoe_hits_at_50_and_25_percent_from_its_original_value() -> None:
    """Seed: "consider the energy damage of the attack to be its original value (that is, before
    reduction to 50% for impact and 25% for area, for deliberate AoEs)"."""
    assert unshielded(80, deliberate=True) == AoeOutcome(40, 20, False, 80)
    assert unshielded(130, deliberate=False) == AoeOutcome(130, 32, False, 130)
    assert unshielded(100, deliberate=False).area is None


def test_an_aoe_stopped_by_low_precision_is_over_but_counts_for_fires() -> None:
    """Seed: "If the attack is stopped by low-precision shielding, the attack is now over; it
    bursts too far from its target group to cause injury." "AoEs and ZAoEs that hit shielding
    still count their normal damage values for the purposes of fire hazard and collapse
    rules." """
    assert after_low_shielding(80, 0, deliberate=True) == AoeOutcome(0, None, True, 80)


def test_partial_low_shielding_rechecks_the_thresholds() -> None:
    """Seed: "check if it is now too weak to cause overeffect or a deliberate AoE (that is,
    below 120 or below 40). For a deliberate AoE, if the post-shielding damage is now too low to
    cause an AoE, it is still reduced to 50% direct damage." """
    assert after_low_shielding(80, 50, deliberate=True) == AoeOutcome(25, 12, False, 80)
    assert after_low_shielding(80, 30, deliberate=True) == AoeOutcome(15, None, False, 80)
    assert after_low_shielding(150, 100, deliberate=False) == AoeOutcome(100, None, False, 150)


def test_medium_or_high_shielding_spares_the_target_and_the_area_goes_on() -> None:
    """Seed: "the targeted character is protected from both impact and area damage, but the
    attack explodes within the group ... base the AoE on its pre-shielding damage values." """
    around, target = after_target_shielding(80, 0, deliberate=True, dodged=False, medium=True)
    assert (around.area, target) == (20, 0)
    around, target = after_target_shielding(80, 60, deliberate=True, dodged=False, medium=False)
    assert (around.area, target) == (20, 30)


def test_a_dodged_impact_behind_partial_medium_shielding_takes_the_lower_area() -> None:
    """Seed: "If the target character partially shields the damage with medium-precision
    shielding but evades direct damage with a defense roll, they take area damage based on the
    lower post-shielding damage value (if still strong enough to cause area damage)." 30 left
    is too weak for an area (below 40): no area damage on the target; unshielded, the full 20."""
    _, target = after_target_shielding(80, 48, deliberate=True, dodged=True, medium=True)
    assert target == 12
    _, target = after_target_shielding(80, 30, deliberate=True, dodged=True, medium=True)
    assert target is None
    _, target = after_target_shielding(80, 80, deliberate=True, dodged=True, medium=False)
    assert target == 20


def test_explosives_no_low_no_medium_against_impact_medium_against_area() -> None:
    """Seed: "An explosive or grenade device may cause energy damage, but cannot be shielded by
    low-precision shielding. Impact damage cannot be shielded by medium-precision shielding
    either ... Area damage ... can be shielded via medium-precision shielding"."""
    impact = Incoming(ranged=True, all_energy=True, explosive=True, impact=True)
    assert not may_shield(Precision.LOW, impact)
    assert not may_shield(Precision.MEDIUM, impact)
    assert may_shield(Precision.HIGH, impact)
    assert may_shield(Precision.MEDIUM, GRENADE)


def test_zaoes_have_no_impact_so_medium_precision_always_serves() -> None:
    """Seed: "Since ZAoEs do not have impact damage, ignore any rule regarding impact damage
    (for example, there is no situation in which a ZAoE is only shieldable by high-precision
    shielding)." """
    zone = Incoming(ranged=True, all_energy=True, explosive=True, impact=False)
    assert may_shield(Precision.MEDIUM, zone)


def test_zaoe_values_against_low_precision() -> None:
    """Seed: "consider the energy damage of the attack to be 2 times the high damage value of a
    cluster ZAoE, or 3 times the relevant damage value for a point ZAoE; if it's unclear ...
    use the high value." """
    assert zaoe_shielded_value(Zaoe.CLUSTER, 30, 10) == 60
    assert zaoe_shielded_value(Zaoe.POINT, 30, 10) == 90
    assert zaoe_shielded_value(Zaoe.POINT, 30, 10, high_applies=False) == 30


def test_a_partly_shielded_zaoe_lowers_high_and_low_in_proportion() -> None:
    """Seed: "If the ZAoE is partially shielded by low-precision shielding, proportionally
    reduce the high and low damage values against characters within the shield." 60 met, 20
    through: a third of 30 and 10."""
    assert zaoe_inside_shield(30, 10, 60, 20) == (10, 3)
    assert zaoe_inside_shield(30, 10, 60, 0) == (0, 0)


def test_low_precision_is_useless_against_a_zaoe_from_inside() -> None:
    """Seed: "Low-precision shielding is not effective against a ZAoE that originates from
    inside the shield; this includes cluster bombs and rocket pods"."""
    inside = Incoming(ranged=True, all_energy=True, inside_origin=True)
    assert not may_shield(Precision.LOW, inside)
    assert may_shield(Precision.LOW, FIREBALL)

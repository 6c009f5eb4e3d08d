"""Pseudogravity: weight, flyers, silencing, fixed decisions, group defense and cover."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.pseudogravity import (
    Expenditure,
    GroupMove,
    combined_silencing,
    effective_points,
    effective_weight,
    may_put_into_group_defense,
    may_remove_from_group,
    removes_cover,
    silencings_that_apply,
)


def test_weight_includes_the_inventory() -> None:
    """Seed: "If the target is a character, remember to consider their inventory as well when
    determining weight." """
    assert effective_weight(150, 30) == 180


def test_an_unwilling_flyer_weighs_10_percent_more_per_flying_spd() -> None:
    """Seed: "This effective increase is a percentage equal to 10 times their flying SPD (i.e.
    30% more weight if they have 3 flying SPD, 40% more for 4 flying SPD" """
    assert effective_weight(100, flying_spd=3, resists=True) == 130
    assert effective_weight(100, flying_spd=4, resists=True) == 140
    assert effective_weight(100, flying_spd=4, resists=False) == 100


def test_4_silencing_needs_4_times_the_points() -> None:
    """Seed: "4 silencing would mean that 4 times the normal number of pseudogravity points would
    be required to lift a certain object." """
    assert effective_points(40, [4]) == 10
    assert effective_points(40) == 40


def test_two_overlapping_4_silencings_make_5() -> None:
    """Seed: "two overlapping areas of 4 silencing would create a total effect of 5
    silencing." """
    assert combined_silencing([4, 4]) == 5
    assert combined_silencing([2, 6, 4]) == Fraction(15, 2)
    with pytest.raises(LuraskoRuleError):
        combined_silencing([0])


def test_silencing_at_the_objects_start_never_on_gravnet_airships() -> None:
    """Seed: "silencing is considered at the location the object begins in, not its destination
    ... Silencing has no effect on gravnet airships" """
    assert silencings_that_apply(at_object_start=[4]) == (4,)
    assert silencings_that_apply(at_object_start=[4], gravnet_airship=True) == ()


def test_points_are_fixed_before_acting_and_a_surprise_silencing_thwarts_them() -> None:
    """Seed: "The amount of pseudogravity points being expended must be decided by the user
    before taking the required action ... If they are thwarted by an unforeseen use of silencing
    or flight, they cannot increase the points to compensate." 60 points against a tenth of
    180 lb: enough, until a 4 silencing divides them."""
    spend = Expenditure(60)
    weight = effective_weight(150, 30)
    assert spend.moves(weight, Fraction(1, 10), [])
    assert not spend.moves(weight, Fraction(1, 10), [4])
    with pytest.raises(AttributeError):
        spend.points = 80  # type: ignore[misc]


def test_group_defense_and_cover() -> None:
    """Seed: "Pseudogravity movement (except for that which grants a flying SPD) cannot put a
    character into group defense ... if it is capable of at least short range movement, it can
    remove a character from group defense ... Any notable pseudogravity movement removes a
    character from cover." """
    assert not may_put_into_group_defense(GroupMove())
    assert may_put_into_group_defense(GroupMove(grants_flying_spd=True))
    assert may_put_into_group_defense(GroupMove(), grabbed_by_defender=True)
    assert may_remove_from_group(GroupMove(short_range=True))
    assert not may_remove_from_group(GroupMove())
    assert removes_cover(GroupMove())

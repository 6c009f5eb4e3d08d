"""Moving and teleporting a target into an occupied space."""

from __future__ import annotations

import pytest

from fracas.rules.momentum.checks import RollMode, defense_roll_succeeds
from fracas.rules.momentum.collisions import (
    collision_damage,
    collision_dr_mode,
    stopping_distance_m,
    teleport_collision_hit,
)
from fracas.rules.momentum.damage import Defences, resolve_damage
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.hit import DamagePortion, Hit
from fracas.rules.momentum.vocabulary import Size

from .support import SETTINGS


def test_occupant_bigger_by_one_size_has_advantage() -> None:
    """Seed: "The creature or object has advantage on that DR if it is at least one size category
    bigger than the target that you are moving into their space." """
    assert collision_dr_mode(Size.LARGE, Size.MEDIUM) is RollMode.ADVANTAGE
    assert collision_dr_mode(Size.MEDIUM, Size.MEDIUM) is RollMode.NORMAL


def test_failed_strength_dr_deals_the_full_distance() -> None:
    """Seed: "On a failure, you deal physical damage - equal to the full distance in meters that the
    target would have been moved - to both the moving target and whatever is occupying the
    space." """
    assert collision_damage(5, occupant_succeeded=False) == DamagePortion(DamageType.PHYSICAL, 5)


def test_successful_strength_dr_halves_the_damage() -> None:
    """Seed: "On a success, you only deal half as much damage." (rounded down)"""
    assert collision_damage(5, occupant_succeeded=True).amount == 2


def test_an_object_in_the_way_always_takes_the_full_damage() -> None:
    """Seed: "forces the creature or object occupying that space to make a Strength DR";
    "Objects automatically fail all DR." """
    succeeded = defense_roll_succeeds(natural=20, dr_value=9, dr_power=10, is_object=True)
    assert collision_damage(4, occupant_succeeded=succeeded).amount == 4


def test_moved_target_stops_one_space_short() -> None:
    """Seed: "The moving target is stopped one space before it." """
    assert stopping_distance_m(3) == 2
    with pytest.raises(MomentumRuleError):
        stopping_distance_m(0)


def test_collision_damage_can_join_the_attack() -> None:
    """Seed: "You can add the damage that you deal that way to any damage that you might have caused
    through an Ability or attack that caused the movement in the first place, instead of
    treating it as a separate damage source." Joined, Armor is subtracted once."""
    shove = collision_damage(4, occupant_succeeded=False)
    joined = Hit(portions=(DamagePortion(DamageType.PHYSICAL, 6 + shove.amount),))
    defences = Defences(armor=3, constitution_dr=0, will_dr=0)
    assert resolve_damage(joined, defences, settings=SETTINGS).total == 7


def test_teleport_collision_is_reality_damage_ignoring_armor() -> None:
    """Seed: "Teleporting a target into a space that is already occupied deals Reality damage equal
    to the teleported distance to both the teleported target and whatever is occupying the
    space. The damage ignores Armor." """
    account = resolve_damage(
        teleport_collision_hit(12, settings=SETTINGS),
        Defences(armor=8, constitution_dr=0, will_dr=0),
        settings=SETTINGS,
    )
    assert account.amount(DamageType.REALITY) == account.total == 12


def test_teleport_collision_deals_at_most_100() -> None:
    """Seed: "This cannot deal more than 100 damage to a creature." """
    vulnerable = Defences(0, 0, 0, vulnerabilities=frozenset({DamageType.REALITY}))
    account = resolve_damage(
        teleport_collision_hit(150, settings=SETTINGS), vulnerable, settings=SETTINGS
    )
    assert account.total == 100
    assert account.steps[-1].label == "cap 100 \N{MINUS SIGN}125"

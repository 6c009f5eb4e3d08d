"""Moving or teleporting a target into an occupied space."""

from __future__ import annotations

from fracas.rules.momentum.checks import RollMode
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.hit import DamagePortion, Hit
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.vocabulary import Size


def collision_dr_mode(occupant: Size, moved: Size) -> RollMode:
    """The occupant's Strength DR: "The creature or object has advantage on that DR if it is at
    least one size category bigger than the target that you are moving into their space." """
    return RollMode.ADVANTAGE if occupant.categories_above(moved) >= 1 else RollMode.NORMAL


def collision_damage(distance_m: int, *, occupant_succeeded: bool) -> DamagePortion:
    """Physical damage dealt to both the moved target and the occupant.

    "On a failure, you deal physical damage - equal to the full distance in meters that the
    target would have been moved - to both the moving target and whatever is occupying the
    space. On a success, you only deal half as much damage." (rounded down). The portion can
    join the Hit that caused the movement: "You can add the damage that you deal that way to any
    damage that you might have caused through an Ability or attack".
    """
    if distance_m < 0:
        raise MomentumRuleError("a distance cannot be negative")
    return DamagePortion(DamageType.PHYSICAL, distance_m // 2 if occupant_succeeded else distance_m)


def stopping_distance_m(distance_to_occupied_space_m: int) -> int:
    """How far the moved target actually goes: "The moving target is stopped one space before
    it." """
    if distance_to_occupied_space_m < 1:
        raise MomentumRuleError("the occupied space is at least 1 m away")
    return distance_to_occupied_space_m - 1


def teleport_collision_hit(distance_m: int, *, settings: MomentumSettings) -> Hit:
    """The hit both the teleported target and the occupant take: "Teleporting a target into a
    space that is already occupied deals Reality damage equal to the teleported distance to both
    ... The damage ignores Armor. ... This cannot deal more than 100 damage to a creature."
    (the cap applies to the damage finally taken)."""
    if distance_m < 0:
        raise MomentumRuleError("a distance cannot be negative")
    return Hit(
        portions=(DamagePortion(DamageType.REALITY, distance_m),),
        ignore_all_armor=True,
        cap=settings.teleport_damage_cap,
    )

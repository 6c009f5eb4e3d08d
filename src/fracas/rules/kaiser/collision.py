"""Power Collision, the pure part (seed, "Power Collision"; the table: SOURCES.md 1.8).

"To create a collision, you must meet three criteria: you have to take the Collide Power
Reaction, be in a position and have the ability to make a parallel shot, and have an Initiative
within 5 points of the opponent that launched the original projectile, or surpass their
Initiative. ... You make an Offensive Roll and the result must be within 5 points of the
opposing roll, or surpass it. If you achieve this result, then both you and the opponent roll
2d6 and add the Base Damage of the Power. The Degree of Difference (DoD) is compared to the
below table." "The value added to the Collision roll is the highest Base Damage of the combined
Powers, and then half the second greatest, and a third of the third greatest, and so on."
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from fracas.rules.kaiser.stacking import diminishing_sum

WITHIN = 5
"""Both the Initiative and the Offensive Roll must come within 5 points, or surpass."""


class Collision(StrEnum):
    """SOURCES.md 1.8: DoD 0-5 both powers cancel; 6-10 the winner passes with its Base Damage
    halved; 11+ the winner passes completely."""

    CANCEL = "cancel"
    HALVED = "halved"
    PASSES = "passes"


def in_time(collider_initiative: int, shooter_initiative: int) -> bool:
    return collider_initiative >= shooter_initiative - WITHIN


def on_target(collider_offence: int, shooter_offence: int) -> bool:
    return collider_offence >= shooter_offence - WITHIN


def combined_base_damage(base_damages: Iterable[int]) -> int:
    """The highest Base Damage, half the second, a third of the third …, rounded down."""
    return diminishing_sum(base_damages)


def collision(degree_of_difference: int) -> Collision:
    if degree_of_difference <= 5:
        return Collision.CANCEL
    if degree_of_difference <= 10:
        return Collision.HALVED
    return Collision.PASSES


def passing_base_damage(base_damage: int, result: Collision) -> int:
    """The Base Damage the winning power keeps (none when both cancel)."""
    if result is Collision.CANCEL:
        return 0
    return base_damage // 2 if result is Collision.HALVED else base_damage

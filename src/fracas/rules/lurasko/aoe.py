"""Shielding AoEs and ZAoEs (the chapter's numbers; SOURCES.md 5.4).

A direct hit of 120 or more causes overeffect (an unintended AoE); a deliberate AoE needs 40 and
hits its target with 50 % impact and the area with 25 %. "When shielding a character directly
targeted by AoEs (including overeffect), consider the energy damage of the attack to be its
original value (that is, before reduction to 50% for impact and 25% for area, for deliberate
AoEs)." A ZAoE (cluster or point) has high and low damage values and no impact. Overeffect's
area is read here as 25 % as well (SOURCES.md 5.4 gives only its threshold).
"""

from __future__ import annotations

from enum import Enum

from fracas.engine.frozen import frozen
from fracas.rules.lurasko.errors import LuraskoRuleError

OVEREFFECT = 120
DELIBERATE = 40
IMPACT_PERCENT = 50
AREA_PERCENT = 25


def is_aoe(damage: int, *, deliberate: bool) -> bool:
    """Whether ``damage`` makes an area: 40 for a deliberate AoE, 120 for overeffect."""
    return damage >= (DELIBERATE if deliberate else OVEREFFECT)


@frozen
class AoeOutcome:
    """What an AoE does after its target's shielding. ``direct``: damage to the target;
    ``area``: area damage per character around it (None: no area); ``over``: the attack burst
    far away and injures nobody; ``hazard``: the damage counted for fires and collapses."""

    direct: int
    area: int | None
    over: bool
    hazard: int


def unshielded(damage: int, *, deliberate: bool) -> AoeOutcome:
    """An AoE nobody shields: a deliberate one at 50 % impact and 25 % area (50 % direct when
    below 40); overeffect at full direct damage with an area."""
    if not deliberate:
        area = damage * AREA_PERCENT // 100 if is_aoe(damage, deliberate=False) else None
        return AoeOutcome(damage, area, False, damage)
    impact = damage * IMPACT_PERCENT // 100
    area = damage * AREA_PERCENT // 100 if is_aoe(damage, deliberate=True) else None
    return AoeOutcome(impact, area, False, damage)


def after_low_shielding(original: int, left: int, *, deliberate: bool) -> AoeOutcome:
    """Low-precision shielding met the AoE at its original value and let ``left`` through.
    Stopped: "the attack is now over; it bursts too far from its target group to cause injury".
    Partly: "consider the new, smaller damage amount and check if it is now too weak to cause
    overeffect or a deliberate AoE"; a deliberate one too weak "is still reduced to 50% direct
    damage". Fires and collapses still count the original value."""
    if not 0 <= left <= original:
        raise LuraskoRuleError(f"shielding leaves 0 to {original} of {original}, not {left}")
    if left == 0:
        return AoeOutcome(0, None, True, original)
    outcome = unshielded(left, deliberate=deliberate)
    return AoeOutcome(outcome.direct, outcome.area, False, original)


def after_target_shielding(
    original: int, left: int, *, deliberate: bool, dodged: bool, medium: bool
) -> tuple[AoeOutcome, int | None]:
    """Medium or high shielding protected the target and let ``left`` through. The area around
    goes on "based on its pre-shielding damage values". Returns the outcome for the others and
    what reaches the target: nothing when fully shielded ("protected from both impact and area
    damage"); after a dodged direct hit behind partial medium shielding, area damage from "the
    lower post-shielding damage value (if still strong enough to cause area damage)": none when
    what is left is too weak for an area (more shielding never hurts the target more)."""
    around = unshielded(original, deliberate=deliberate)
    if left == 0:
        return around, 0
    if dodged:
        if not medium:
            return around, around.area
        return around, unshielded(left, deliberate=deliberate).area
    return around, unshielded(left, deliberate=deliberate).direct


class Zaoe(Enum):
    CLUSTER = "cluster"
    POINT = "point"


def zaoe_shielded_value(kind: Zaoe, high: int, low: int, *, high_applies: bool = True) -> int:
    """What a low-precision shield meets: "2 times the high damage value of a cluster ZAoE, or 3
    times the relevant damage value for a point ZAoE; if it's unclear whether high or low damage
    applies in the shielded location during a point ZAoE, use the high value"."""
    if kind is Zaoe.CLUSTER:
        return 2 * high
    return 3 * (high if high_applies else low)


def zaoe_inside_shield(high: int, low: int, value: int, left: int) -> tuple[int, int]:
    """The high and low values inside a low-precision shield that let ``left`` of ``value``
    through: "proportionally reduce the high and low damage values against characters within
    the shield" (rounded down); nothing when fully stopped."""
    if value <= 0 or not 0 <= left <= value:
        raise LuraskoRuleError(f"shielding leaves 0 to {value} of {value}, not {left}")
    return high * left // value, low * left // value

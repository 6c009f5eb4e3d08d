"""Tier of Power arithmetic: the (T) notation and the Extra Dice a Tier gives (SOURCES.md 2.1-2.2).

``x(T)`` is x times the Tier of Power; on dice, ``2d10(T)`` is (2 x Tier) d10. Extra Dice come
in categories: 0 none, 1 d4, 2 d6, 3 d8, 4 d10, 5 d10+d4 … (one d10 per four categories and a
trailing d4/d6/d8). ToP Extra Dice have category Tier - 1; Critical Extra Dice category Tier.
"""

from __future__ import annotations

from functools import cache

from fracas.dice import Expression, dice

TRAILING = {1: 4, 2: 6, 3: 8}
"""The trailing die of a category that is not a multiple of four: its sides."""


def times_tier(amount: int, tier: int) -> int:
    """``amount(T)``: the amount times the Tier of Power."""
    return amount * tier


@cache
def category_dice(category: int) -> Expression | None:
    """The dice of an Extra Dice category (None for category 0); made once a category."""
    if category < 0:
        raise ValueError(f"an Extra Dice category cannot be negative ({category})")
    parts: list[Expression] = []
    if category // 4:
        parts.append(dice(category // 4, 10))
    if category % 4:
        parts.append(dice(1, TRAILING[category % 4]))
    if not parts:
        return None
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return total


def tier_extra_dice(tier: int) -> Expression | None:
    """SOURCES.md 2.2: 'ToP Extra Dice category = ToP - 1': ToP 1 none, 2 d4, 3 d6, 4 d8,
    5 d10, 6 d10+d4, 7 d10+d6."""
    return category_dice(tier - 1)


def critical_extra_dice(tier: int) -> Expression | None:
    """SOURCES.md 2.2: 'Critical Extra Dice start at d4 at ToP1 and go one category per Tier'."""
    return category_dice(tier)


def solid_dice(count: int, sides: int, tier: int) -> Expression:
    """A solid ``count d sides (T)`` roll: no Extra Dice, (count x Tier) dice."""
    return dice(times_tier(count, tier), sides)


def base_tier(power_level: int) -> int:
    """SOURCES.md 2.1: 'Base ToP from Power Level = floor(PL/5) + 1'."""
    return power_level // 5 + 1

"""Rolling the d20 the momentum way: with advantage or disadvantage, plus a bonus."""

from __future__ import annotations

from functools import cache

from fracas.dice import DiceSource, Expression, RollResult, dice, roll
from fracas.rules.momentum.checks import RollMode


@cache
def d20(mode: RollMode, bonus: int) -> Expression:
    """``1d20 + bonus``, or ``2d20kh1``/``2d20kl1`` with advantage/disadvantage (built once
    for each mode and bonus: expressions are immutable, and an attack rolls one each time)."""
    if mode is RollMode.ADVANTAGE:
        die: Expression = dice(2, 20).keep_highest(1)
    elif mode is RollMode.DISADVANTAGE:
        die = dice(2, 20).keep_lowest(1)
    else:
        die = dice(1, 20)
    return die + bonus if bonus else die


def roll_d20(source: DiceSource, mode: RollMode, bonus: int) -> tuple[RollResult, int]:
    """The roll and its natural (kept) d20 face."""
    result = roll(d20(mode, bonus), source)
    return result, result.kept_faces(20)[0]

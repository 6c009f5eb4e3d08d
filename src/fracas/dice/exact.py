"""The exact evaluator: an expression's probability distribution, computed with icepool."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool  # type: ignore[import-untyped]

from fracas.dice.errors import DiceValueError
from fracas.dice.limits import DEFAULT_LIMITS, DiceLimits
from fracas.dice.parser import parse
from fracas.dice.syntax import OPERATIONS, BinaryOp, Constant, Dice, Expression, Negative


@dataclass(frozen=True, slots=True)
class Distribution:
    """Every total an expression can come to, ascending, each with its weight (weights share no
    common factor)."""

    weights: tuple[tuple[int, int], ...]

    @property
    def denominator(self) -> int:
        return sum(weight for _, weight in self.weights)

    def probabilities(self) -> dict[int, Fraction]:
        denominator = self.denominator
        return {total: Fraction(weight, denominator) for total, weight in self.weights}

    def mean(self) -> Fraction:
        return Fraction(sum(total * weight for total, weight in self.weights), self.denominator)

    def percentile(self, percent: Fraction | float) -> int:
        """The least total that at least ``percent`` percent of rolls come to or stay under."""
        wanted = Fraction(percent)
        if not 0 <= wanted <= 100:
            raise ValueError(f"a percentile is from 0 to 100, not {percent}")
        needed = wanted / 100 * self.denominator
        reached = 0
        for total, weight in self.weights[:-1]:
            reached += weight
            if reached >= needed:
                return total
        return self.weights[-1][0]


def distribution(expression: Expression | str, limits: DiceLimits = DEFAULT_LIMITS) -> Distribution:
    """The exact distribution of ``expression``'s total (notation is parsed first).

    Explosions stop at ``limits.max_explosion_depth`` extra faces, ``rr`` rerolls without bound
    and labels are ignored. A ``/`` whose divisor can come to 0 raises DiceValueError.
    """
    tree = parse(expression) if isinstance(expression, str) else expression
    limits.check(tree)
    die = _die(tree, limits).simplify()
    return Distribution(tuple((int(total), int(weight)) for total, weight in die.items()))


def _die(node: Expression, limits: DiceLimits) -> Any:
    match node:
        case Constant(value):
            return icepool.Die([value])
        case Dice():
            return _term(node, limits)
        case Negative(operand):
            return -_die(operand, limits)
        case BinaryOp(op, left, right):
            first, second = _die(left, limits), _die(right, limits)
            if op == "/" and 0 in second.outcomes():
                raise DiceValueError(f"{node}: {right} can come to 0, and cannot divide")
            return OPERATIONS[op](first, second)


def _term(term: Dice, limits: DiceLimits) -> Any:
    single = icepool.d(term.sides)
    reroll = term.reroll
    # Rerolling every face once changes nothing (and icepool cannot compute it).
    if reroll is not None and len(reroll.condition.matching(term.sides)) < term.sides:
        single = single.reroll(
            set(reroll.condition.matching(term.sides)), depth=1 if reroll.once else "inf"
        )
    explosion = term.explosion
    if explosion is None:
        single = single.map(term.face_value, star=False)
    else:
        single = single.map(
            lambda face: (
                term.face_value(face) + icepool.Again
                if explosion.matches(face)
                else term.face_value(face)
            ),
            star=False,
            again_depth=limits.max_explosion_depth,
            again_end=0,
        )
    select = term.select
    if select is None:
        return term.count @ single.map(term.tally, star=False)
    highest, count = select.keeps(term.count)
    pool = single.pool(term.count)
    return (pool.highest(count) if highest else pool.lowest(count)).sum(map=term.tally)

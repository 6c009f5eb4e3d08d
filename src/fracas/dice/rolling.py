"""The roll evaluator: an expression and a dice source give a RollResult.

Each expression is compiled once (it is immutable, and a fight rolls the same few objects again
and again: a sheet's damage, a d20 built once per bonus) into a function of a dice source that
builds its result tree. The plain terms, whose every die shows one face and is kept (``1d20``,
``3d6``, ``2d6mi2``), draw their faces and hand out the same immutable result objects for the
same face; the other terms go through the general evaluator below. Either way the source is
asked for the same dice in the same order, and the result is equal to the general evaluator's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from fracas.dice.errors import DiceLimitError, DiceValueError
from fracas.dice.limits import DEFAULT_LIMITS, DiceLimits
from fracas.dice.parser import parse
from fracas.dice.results import (
    BinaryResult,
    ConstantResult,
    DiceResult,
    Face,
    NegativeResult,
    RolledDie,
    RollNode,
    RollResult,
)
from fracas.dice.sources import DiceSource, check_face
from fracas.dice.syntax import (
    OPERATIONS,
    BinaryOp,
    Constant,
    Dice,
    Expression,
    Selection,
)

Rolling = Callable[[DiceSource], RollNode]
"""An expression compiled: rolls it with dice from the source given."""


def roll(
    expression: Expression | str, source: DiceSource, limits: DiceLimits = DEFAULT_LIMITS
) -> RollResult:
    """Roll ``expression`` (notation is parsed first) with dice from ``source``.

    A source with a ``whole_roll(expression)`` method (see ``WholeRolls``) is first offered the
    whole roll; when it returns None the dice are rolled one by one as usual.
    """
    tree = parse(expression) if isinstance(expression, str) else expression
    known = _COMPILED.get(id(tree))
    if known is None or known[0] is not tree or known[1] is not limits:
        known = _compiled(tree, limits)
    offer = getattr(source, "whole_roll", None)
    if offer is not None:
        given: RollResult | None = offer(tree)
        if given is not None:
            return given
    return RollResult(known[2], known[3](source))


_Compiled = tuple[Expression, DiceLimits, str, Rolling]
"""An expression, the limits it was checked against, its notation and the expression
compiled."""

_COMPILED: dict[int, _Compiled] = {}
"""The expressions compiled, by the expression's identity (an id is only reused once its object
is gone, and this keeps it). Looked up by identity first: hashing an expression walks its whole
tree, which cost ~2 % of an exact-odds query."""

_COMPILED_AT_MOST = 1024
"""How many expressions ``_COMPILED`` keeps before it starts afresh."""


def _compiled(expression: Expression, limits: DiceLimits) -> _Compiled:
    """``expression`` compiled once it is found within ``limits`` (DiceLimitError if not),
    and kept by its identity; an expression built afresh for each roll (rather than handed out
    again by the constructors) is looked up by value."""
    notation, rolling = _compiled_by_value(expression, limits)
    if len(_COMPILED) >= _COMPILED_AT_MOST:
        _COMPILED.clear()
    known = _COMPILED[id(expression)] = (expression, limits, notation, rolling)
    return known


@lru_cache(maxsize=1024)
def _compiled_by_value(expression: Expression, limits: DiceLimits) -> tuple[str, Rolling]:
    limits.check(expression)
    return str(expression), _compile(expression, limits)


def _compile(node: Expression, limits: DiceLimits) -> Rolling:
    if isinstance(node, Dice):
        return _compile_term(node, limits)
    if isinstance(node, BinaryOp):
        return _compile_binary(node, _compile(node.left, limits), _compile(node.right, limits))
    if isinstance(node, Constant):
        return _constant(ConstantResult(node.value))
    return _negative(_compile(node.operand, limits))


def _constant(result: ConstantResult) -> Rolling:
    def constant(source: DiceSource) -> RollNode:
        return result

    return constant


def _negative(operand: Rolling) -> Rolling:
    def negative(source: DiceSource) -> RollNode:
        inner = operand(source)
        return NegativeResult(inner, -inner.total)

    return negative


def _compile_binary(node: BinaryOp, left: Rolling, right: Rolling) -> Rolling:
    op, operation = node.op, OPERATIONS[node.op]
    if isinstance(node.right, Constant) and op != "/":  # 1d20 + 5: no call for the 5
        second = ConstantResult(node.right.value)
        value = second.total

        def with_constant(source: DiceSource) -> RollNode:
            first = left(source)
            return BinaryResult(op, first, second, operation(first.total, value))

        return with_constant

    def binary(source: DiceSource) -> RollNode:
        first = left(source)
        second = right(source)
        if op == "/" and second.total == 0:
            raise DiceValueError(f"{node}: {node.right} came to 0, and cannot divide")
        return BinaryResult(op, first, second, operation(first.total, second.total))

    return binary


def _compile_term(term: Dice, limits: DiceLimits) -> Rolling:
    modifiers = (term.reroll, term.explosion, term.select, term.counting)
    if any(modifier is not None for modifier in modifiers):
        notation = str(term)
        return lambda source: _roll_term(term, notation, source, limits)
    if term.count == 1:
        return _one_plain_die(term)
    return _plain_dice(term)


def _one_plain_die(term: Dice) -> Rolling:
    """``1d20``, ``1d6mi2``: the term's result for each face shown, built once (every face
    cached has been checked to fit the die)."""
    sides, notation, label, value = term.sides, str(term), term.label, term.face_value
    by_face: dict[int, DiceResult] = {}

    def one_die(source: DiceSource) -> RollNode:
        shown = source.roll(sides)
        result = by_face.get(shown)
        if result is None:
            check_face(shown, sides)
            die = RolledDie(sides, (Face(shown, value(shown)),))
            result = by_face[shown] = DiceResult(notation, (die,), value(shown), label)
        return result

    return one_die


def _plain_dice(term: Dice) -> Rolling:
    """``3d6``, ``2d10mi2``: each die's record and value for each face shown, built once."""
    count, sides, notation, label, value = (
        term.count,
        term.sides,
        str(term),
        term.label,
        term.face_value,
    )
    by_face: dict[int, tuple[RolledDie, int]] = {}

    def plain_dice(source: DiceSource) -> RollNode:
        dice: list[RolledDie] = []
        total = 0
        for _ in range(count):
            shown = source.roll(sides)
            known = by_face.get(shown)
            if known is None:
                check_face(shown, sides)
                known = by_face[shown] = (
                    RolledDie(sides, (Face(shown, value(shown)),)),
                    value(shown),
                )
            dice.append(known[0])
            total += known[1]
        return DiceResult(notation, tuple(dice), total, label)

    return plain_dice


def _roll_term(term: Dice, notation: str, source: DiceSource, limits: DiceLimits) -> DiceResult:
    """The general evaluator of a term (rerolls, explosions, keeping, counting successes);
    ``notation`` is ``str(term)``."""
    if term.select is None and term.counting is None:
        return _roll_every_die_kept(term, notation, source, limits)
    pools = [_roll_die(term, source, limits) for _ in range(term.count)]
    values = [sum(face.value for face in faces if not face.rerolled) for faces in pools]
    kept = _kept(term.select, values)
    dice = tuple(
        _rolled_die(term, faces, value, index in kept)
        for index, (faces, value) in enumerate(zip(pools, values, strict=True))
    )
    total = sum(term.tally(values[index]) for index in kept)
    return DiceResult(notation, dice, total, term.label)


def _roll_every_die_kept(
    term: Dice, notation: str, source: DiceSource, limits: DiceLimits
) -> DiceResult:
    """A term that keeps every die and counts no successes (``3d6``, ``1d20ro1``): the total is
    the sum of the dice's values, as ``_roll_term`` would find it, with less bookkeeping."""
    dice = tuple(RolledDie(term.sides, _roll_die(term, source, limits)) for _ in range(term.count))
    total = sum(face.value for die in dice for face in die.faces if not face.rerolled)
    return DiceResult(notation, dice, total, term.label)


def _rolled_die(term: Dice, faces: tuple[Face, ...], value: int, kept: bool) -> RolledDie:
    counting = term.counting if kept else None
    return RolledDie(
        term.sides,
        faces,
        kept=kept,
        success=counting is not None and counting.succeeds(value),
        failure=counting is not None and counting.fails(value),
    )


def _kept(select: Selection | None, values: list[int]) -> set[int]:
    """The indices of the dice kept; among equal values, earlier dice are kept first."""
    indices = range(len(values))
    if select is None:
        return set(indices)
    highest, count = select.keeps(len(values))
    ranked = sorted(indices, key=lambda index: -values[index] if highest else values[index])
    return set(ranked[:count])


def _roll_die(term: Dice, source: DiceSource, limits: DiceLimits) -> tuple[Face, ...]:
    if term.reroll is None and term.explosion is None:  # the usual die: exactly one face
        shown = _face(term.sides, source)
        return (Face(shown, term.face_value(shown)),)
    faces: list[Face] = []
    for _ in range(limits.max_explosion_depth + 1):
        shown = _draw(term, source, limits, faces)
        exploded = term.explosion is not None and term.explosion.matches(shown)
        faces.append(Face(shown, term.face_value(shown), exploded=exploded))
        if not exploded:
            return tuple(faces)
    raise DiceLimitError(f"{term}: a die exploded more than {limits.max_explosion_depth} times")


def _draw(term: Dice, source: DiceSource, limits: DiceLimits, faces: list[Face]) -> int:
    """One face, rerolled as the term says; the faces rerolled away go onto ``faces``."""
    shown = _face(term.sides, source)
    reroll = term.reroll
    if reroll is None:
        return shown
    for _ in range(1 if reroll.once else limits.max_rerolls):
        if not reroll.condition.matches(shown):
            return shown
        faces.append(Face(shown, shown, rerolled=True))
        shown = _face(term.sides, source)
    if reroll.once or not reroll.condition.matches(shown):
        return shown
    raise DiceLimitError(f"{term}: a face was rerolled more than {limits.max_rerolls} times")


def _face(sides: int, source: DiceSource) -> int:
    face = source.roll(sides)
    check_face(face, sides)
    return face

"""The roll evaluator: an expression and a dice source give a RollResult."""

from __future__ import annotations

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


def roll(
    expression: Expression | str, source: DiceSource, limits: DiceLimits = DEFAULT_LIMITS
) -> RollResult:
    """Roll ``expression`` (notation is parsed first) with dice from ``source``.

    A source with a ``whole_roll(expression)`` method (see ``WholeRolls``) is first offered the
    whole roll; when it returns None the dice are rolled one by one as usual.
    """
    tree = parse(expression) if isinstance(expression, str) else expression
    notation = _checked_notation(tree, limits)
    offer = getattr(source, "whole_roll", None)
    if offer is not None:
        given: RollResult | None = offer(tree)
        if given is not None:
            return given
    return RollResult(notation, _evaluate(tree, source, limits))


_CHECKED: dict[int, tuple[Expression, DiceLimits, str]] = {}
"""``_checked_notation``'s answers by the expression's identity, with the expression and the
limits they are for (an id is only reused once its object is gone, and this keeps it)."""

_CHECKED_AT_MOST = 1024
"""How many answers ``_CHECKED`` keeps before it starts afresh."""


def _checked_notation(expression: Expression, limits: DiceLimits) -> str:
    """The notation of ``expression`` once it is found within ``limits`` (DiceLimitError if
    not): worked out once per expression, which is immutable, as a fight rolls the same few
    objects (a sheet's damage, a d20 built once per bonus). Looked up by identity: hashing an
    expression walks its whole tree, which cost ~2 % of an exact-odds query."""
    known = _CHECKED.get(id(expression))
    if known is not None and known[0] is expression and known[1] is limits:
        return known[2]
    limits.check(expression)
    notation = str(expression)
    if len(_CHECKED) >= _CHECKED_AT_MOST:
        _CHECKED.clear()
    _CHECKED[id(expression)] = (expression, limits, notation)
    return notation


@lru_cache(maxsize=1024)
def _notation(term: Dice) -> str:
    """``str(term)``, worked out once per term."""
    return str(term)


def _evaluate(node: Expression, source: DiceSource, limits: DiceLimits) -> RollNode:
    if isinstance(node, Dice):
        return _roll_term(node, source, limits)
    if isinstance(node, BinaryOp):
        first = _evaluate(node.left, source, limits)
        second = _evaluate(node.right, source, limits)
        if node.op == "/" and second.total == 0:
            raise DiceValueError(f"{node}: {node.right} came to 0, and cannot divide")
        total: int = OPERATIONS[node.op](first.total, second.total)
        return BinaryResult(node.op, first, second, total)
    if isinstance(node, Constant):
        return ConstantResult(node.value)
    inner = _evaluate(node.operand, source, limits)
    return NegativeResult(inner, -inner.total)


def _roll_term(term: Dice, source: DiceSource, limits: DiceLimits) -> DiceResult:
    if term.select is None and term.counting is None:
        return _roll_every_die_kept(term, source, limits)
    pools = [_roll_die(term, source, limits) for _ in range(term.count)]
    values = [sum(face.value for face in faces if not face.rerolled) for faces in pools]
    kept = _kept(term.select, values)
    dice = tuple(
        _rolled_die(term, faces, value, index in kept)
        for index, (faces, value) in enumerate(zip(pools, values, strict=True))
    )
    total = sum(term.tally(values[index]) for index in kept)
    return DiceResult(_notation(term), dice, total, term.label)


def _roll_every_die_kept(term: Dice, source: DiceSource, limits: DiceLimits) -> DiceResult:
    """A term that keeps every die and counts no successes (``3d6``, ``1d20ro1``): the total is
    the sum of the dice's values, as ``_roll_term`` would find it, with less bookkeeping."""
    dice = tuple(RolledDie(term.sides, _roll_die(term, source, limits)) for _ in range(term.count))
    total = sum(face.value for die in dice for face in die.faces if not face.rerolled)
    return DiceResult(_notation(term), dice, total, term.label)


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

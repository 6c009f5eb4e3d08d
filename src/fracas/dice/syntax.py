"""The syntax tree of dice notation: frozen nodes that render back to the notation they come from.

``str(node)`` is canonical notation and ``parse(str(node)) == node`` for every node. Nodes check
themselves when built, so a node that exists always means something; only the evaluators' limits
(DiceLimits) and division by zero are left for evaluation time.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal, TypeAlias, TypeVar, cast

from fracas.dice.errors import DiceLimitError, DiceValueError

Comparison: TypeAlias = Literal["=", "<", "<=", ">", ">="]
Operator: TypeAlias = Literal["+", "-", "*", "/"]
Selector: TypeAlias = Literal["kh", "kl", "dh", "dl"]

MAX_LITERAL = 10**18 - 1
"""The largest number notation may write: 18 digits."""

LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
"""What a label may be; the grammar's LABEL terminal is the same pattern."""

ATOM_PRECEDENCE = 4
NEGATIVE_PRECEDENCE = 3

OPERATIONS: dict[Operator, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.floordiv,
}
"""What each operator does, to ints and to icepool dice alike; ``/`` is floor division."""

_COMPARE: dict[Comparison, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def binary_precedence(op: Operator) -> int:
    return 2 if op in ("*", "/") else 1


def operand_text(text: str, precedence: int, minimum: int) -> str:
    """``text`` of an operand, in parentheses when it binds less tightly than ``minimum``."""
    return text if precedence >= minimum else f"({text})"


def _check_literal(value: int, what: str) -> None:
    if not 0 <= value <= MAX_LITERAL:
        raise DiceValueError(f"{what} must be a whole number from 0 to {MAX_LITERAL}, not {value}")


@dataclass(frozen=True, slots=True)
class Condition:
    """The faces a modifier applies to: ``Condition("<", 3)`` is every face below 3."""

    comparison: Comparison
    target: int

    def __post_init__(self) -> None:
        if self.comparison not in _COMPARE:
            raise DiceValueError(f"{self.comparison!r} is not one of {', '.join(_COMPARE)}")
        _check_literal(self.target, "a condition's number")

    def matches(self, value: int) -> bool:
        return _COMPARE[self.comparison](value, self.target)

    def matching(self, sides: int) -> range:
        """The faces of a die with ``sides`` sides that match."""
        target = self.target
        low, high = {
            "=": (target, target),
            "<": (1, target - 1),
            "<=": (1, target),
            ">": (target + 1, sides),
            ">=": (target, sides),
        }[self.comparison]
        return range(max(low, 1), min(high, sides) + 1)

    @property
    def short(self) -> str:
        """The notation after a modifier, where ``=`` goes unwritten: ``ro1``, ``ro<3``."""
        return str(self.target) if self.comparison == "=" else str(self)

    def __str__(self) -> str:
        return f"{self.comparison}{self.target}"


def condition(value: Condition | int) -> Condition:
    """``value`` as a condition: a bare number is the faces equal to it."""
    return value if isinstance(value, Condition) else Condition("=", value)


@dataclass(frozen=True, slots=True)
class Reroll:
    """``ro`` (``once``: the new face stands whatever it is) or ``rr`` (until it does not match)."""

    condition: Condition
    once: bool

    def __str__(self) -> str:
        return f"{'ro' if self.once else 'rr'}{self.condition.short}"


@dataclass(frozen=True, slots=True)
class Selection:
    """Keep or drop the ``count`` highest or lowest dice of a pool."""

    selector: Selector
    count: int

    def __post_init__(self) -> None:
        if self.selector not in ("kh", "kl", "dh", "dl"):
            raise DiceValueError(f"{self.selector!r} is not one of kh, kl, dh, dl")
        _check_literal(self.count, "a keep or drop count")

    def keeps(self, pool: int) -> tuple[bool, int]:
        """Whether the highest dice of a pool of ``pool`` dice are kept (else the lowest), and
        how many."""
        keep = self.selector[0] == "k"
        return (self.selector in ("kh", "dl"), self.count if keep else pool - self.count)

    def __str__(self) -> str:
        return f"{self.selector}{self.count}"


@dataclass(frozen=True, slots=True)
class Counting:
    """Count successes instead of adding faces: each kept die meeting ``success`` adds 1, each
    meeting ``failure`` takes 1 away."""

    success: Condition
    failure: Condition | None = None

    def succeeds(self, value: int) -> bool:
        return self.success.matches(value)

    def fails(self, value: int) -> bool:
        return self.failure is not None and self.failure.matches(value)

    def __str__(self) -> str:
        failure = "" if self.failure is None else f"f{self.failure.short}"
        return f"{self.success}{failure}"


class _Arithmetic:
    """Operators shared by every node: rules code writes ``dice(2, 20).keep_highest(1) + 4``."""

    __slots__ = ()

    def __add__(self, other: Expression | int) -> BinaryOp:
        if isinstance(other, int) and other < 0:
            return _combine(self, "-", -other)
        return _combine(self, "+", other)

    def __radd__(self, other: int) -> BinaryOp:
        return BinaryOp("+", const(other), _node(self))

    def __sub__(self, other: Expression | int) -> BinaryOp:
        if isinstance(other, int) and other < 0:
            return _combine(self, "+", -other)
        return _combine(self, "-", other)

    def __rsub__(self, other: int) -> BinaryOp:
        return BinaryOp("-", const(other), _node(self))

    def __mul__(self, other: Expression | int) -> BinaryOp:
        return _combine(self, "*", other)

    def __rmul__(self, other: int) -> BinaryOp:
        return BinaryOp("*", const(other), _node(self))

    def __floordiv__(self, other: Expression | int) -> BinaryOp:
        return _combine(self, "/", other)

    def __rfloordiv__(self, other: int) -> BinaryOp:
        return BinaryOp("/", const(other), _node(self))

    def __neg__(self) -> Negative:
        return Negative(_node(self))


def _node(value: _Arithmetic) -> Expression:
    # Only the node classes below derive from _Arithmetic.
    return cast("Expression", value)


def _combine(left: _Arithmetic, op: Operator, right: Expression | int) -> BinaryOp:
    return _derived(
        left,
        op,
        right,
        lambda: BinaryOp(op, _node(left), const(right) if isinstance(right, int) else right),
    )


_Derived = TypeVar("_Derived", bound="Expression")

_DERIVED: dict[tuple[int, str, int], tuple[object, Expression | int, Expression]] = {}
"""Nodes made from a node, by the node's identity, how (``+``, ``kh`` …) and the number or the
identity of the other operand; with the node and the operand, which this keeps (an id is only
reused once its object is gone)."""

_DERIVED_AT_MOST = 1024
"""How many nodes ``_DERIVED`` keeps before it starts afresh."""


def _derived(
    node: object, how: str, other: Expression | int, make: Callable[[], _Derived]
) -> _Derived:
    """``make()``, or the node it made before for the same ``node`` object, ``how`` and
    ``other`` (the same number, or the same node object). Nodes are immutable, and rules code
    builds the same few again and again (``dice(1, 20) + bonus`` on every attack): handing out
    the same object lets the roller find the expression it compiled by identity."""
    number = type(other) is int
    key = (id(node), how, cast(int, other) if number else id(other))
    known = _DERIVED.get(key)
    if known is not None and known[0] is node:
        made, operand = known[2], known[1]
        if operand is other or (number and type(operand) is int and operand == other):
            return cast(_Derived, made)
    made = make()
    if len(_DERIVED) >= _DERIVED_AT_MOST:
        _DERIVED.clear()
    _DERIVED[key] = (node, other, made)
    return made


@dataclass(frozen=True, slots=True)
class Constant(_Arithmetic):
    """A number written in the notation; never negative (``-5`` is a Negative of 5)."""

    value: int

    def __post_init__(self) -> None:
        _check_literal(self.value, "a constant")

    @property
    def precedence(self) -> int:
        return ATOM_PRECEDENCE

    def dice_terms(self) -> Iterator[Dice]:
        yield from ()

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice(_Arithmetic):
    """``count`` dice with ``sides`` sides and their modifiers, applied in a fixed order whatever
    order they were given in: for each face rolled, ``reroll``, then ``minimum``/``maximum`` and
    ``explosion`` (which looks at the face as rolled); then ``select`` over the pool's die values;
    then ``counting``, or else the sum. The notation writes them in that order."""

    count: int
    sides: int
    reroll: Reroll | None = None
    minimum: int | None = None
    maximum: int | None = None
    explosion: Condition | None = None
    select: Selection | None = None
    counting: Counting | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        _check_literal(self.count, "a number of dice")
        _check_literal(self.sides, "a number of sides")
        if self.sides < 1:
            raise DiceValueError(f"{self}: a die needs at least one side")
        for bound in (self.minimum, self.maximum):
            if bound is not None:
                _check_literal(bound, "a minimum or maximum")
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise DiceValueError(f"{self}: the minimum is above the maximum")
        if self.reroll is not None and not self.reroll.once:
            self._check_not_every_face(self.reroll.condition, "reroll")
        if self.explosion is not None:
            self._check_not_every_face(self.explosion, "explode")
        if self.select is not None and self.select.count > self.count:
            raise DiceLimitError(
                f"{self}: cannot {'keep' if self.select.selector[0] == 'k' else 'drop'} "
                f"{self.select.count} of {self.count} dice"
            )
        if self.label is not None and not LABEL.fullmatch(self.label):
            raise DiceValueError(
                f"{self.label!r} is not a label: a letter or _, then letters, digits, _ or -"
            )

    def _check_not_every_face(self, rule: Condition, verb: str) -> None:
        if len(rule.matching(self.sides)) == self.sides:
            raise DiceValueError(f"{self}: every face would {verb} forever")

    @property
    def precedence(self) -> int:
        return ATOM_PRECEDENCE

    def dice_terms(self) -> Iterator[Dice]:
        yield self

    def face_value(self, face: int) -> int:
        """What a rolled face counts for, after the minimum and maximum."""
        if self.minimum is not None:
            face = max(face, self.minimum)
        if self.maximum is not None:
            face = min(face, self.maximum)
        return face

    def tally(self, value: int) -> int:
        """What a kept die of this value adds to the total: itself, or its success count."""
        if self.counting is None:
            return value
        return int(self.counting.succeeds(value)) - int(self.counting.fails(value))

    def keep_highest(self, count: int) -> Dice:
        return _derived(self, "kh", count, lambda: replace(self, select=Selection("kh", count)))

    def keep_lowest(self, count: int) -> Dice:
        return _derived(self, "kl", count, lambda: replace(self, select=Selection("kl", count)))

    def drop_highest(self, count: int) -> Dice:
        return _derived(self, "dh", count, lambda: replace(self, select=Selection("dh", count)))

    def drop_lowest(self, count: int) -> Dice:
        return _derived(self, "dl", count, lambda: replace(self, select=Selection("dl", count)))

    def reroll_once(self, faces: Condition | int) -> Dice:
        return replace(self, reroll=Reroll(condition(faces), once=True))

    def reroll_while(self, faces: Condition | int) -> Dice:
        return replace(self, reroll=Reroll(condition(faces), once=False))

    def explode(self, faces: Condition | int | None = None) -> Dice:
        """Explode on ``faces``; on the highest face when not given."""
        return replace(self, explosion=condition(self.sides if faces is None else faces))

    def at_least(self, minimum: int) -> Dice:
        return replace(self, minimum=minimum)

    def at_most(self, maximum: int) -> Dice:
        return replace(self, maximum=maximum)

    def count_successes(
        self, success: Condition | int, failure: Condition | int | None = None
    ) -> Dice:
        return replace(
            self,
            counting=Counting(condition(success), None if failure is None else condition(failure)),
        )

    def labelled(self, label: str) -> Dice:
        return replace(self, label=label)

    def __str__(self) -> str:
        parts = [f"{self.count}d{self.sides}"]
        if self.reroll is not None:
            parts.append(str(self.reroll))
        if self.minimum is not None:
            parts.append(f"mi{self.minimum}")
        if self.maximum is not None:
            parts.append(f"ma{self.maximum}")
        if self.explosion is not None:
            parts.append(f"e{self.explosion.short}")
        if self.select is not None:
            parts.append(str(self.select))
        if self.counting is not None:
            parts.append(str(self.counting))
        if self.label is not None:
            parts.append(f"[{self.label}]")
        return "".join(parts)


@dataclass(frozen=True, slots=True)
class Negative(_Arithmetic):
    operand: Expression

    @property
    def precedence(self) -> int:
        return NEGATIVE_PRECEDENCE

    def dice_terms(self) -> Iterator[Dice]:
        return self.operand.dice_terms()

    def __str__(self) -> str:
        operand = self.operand
        return "-" + operand_text(str(operand), operand.precedence, NEGATIVE_PRECEDENCE)


@dataclass(frozen=True, slots=True)
class BinaryOp(_Arithmetic):
    op: Operator
    left: Expression
    right: Expression

    def __post_init__(self) -> None:
        if self.op not in OPERATIONS:
            raise DiceValueError(f"{self.op!r} is not one of {', '.join(OPERATIONS)}")

    @property
    def precedence(self) -> int:
        return binary_precedence(self.op)

    def dice_terms(self) -> Iterator[Dice]:
        yield from self.left.dice_terms()
        yield from self.right.dice_terms()

    def __str__(self) -> str:
        left, right, precedence = self.left, self.right, self.precedence
        return (
            f"{operand_text(str(left), left.precedence, precedence)} {self.op} "
            f"{operand_text(str(right), right.precedence, precedence + 1)}"
        )


Expression: TypeAlias = Constant | Dice | Negative | BinaryOp


def dice(count: int, sides: int) -> Dice:
    """``count`` dice with ``sides`` sides: ``dice(2, 20).keep_highest(1) + 4``. The same
    object for the same numbers (see ``_derived``)."""
    return _dice(count, sides)


@lru_cache(maxsize=1024)
def _dice(count: int, sides: int) -> Dice:
    """``dice`` cached (a function of its own, so that ``dice`` keeps its parameters' types)."""
    return Dice(count, sides)


def const(value: int) -> Constant | Negative:
    """A number; a negative one is a Negative, as the notation writes it."""
    return Constant(value) if value >= 0 else Negative(Constant(-value))

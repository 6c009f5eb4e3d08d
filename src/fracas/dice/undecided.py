"""A roll not yet decided: one roll standing for several of its results until a rule tells them
apart.

The exact odds hand the rules an ``UndecidedRoll`` where the results of a roll are its totals
(one die and constants, ``2d20kh1``), instead of branching at once on each result. Its total and
kept faces are ``Undecided`` values. A comparison (``==``, ``<``, ``>=`` …, and truth) answers at
once when every result gives the same answer; otherwise it raises ``Decide`` with the results
grouped by their answer, and the odds resolve again once for each group. Arithmetic with ints
(``natural + bonus``) gives another undecided value of the same roll. Anything else a rule may
do with a value (hash it, index with it, format it, ``int()`` or round it, divide it, ask
``isinstance``) and reading the roll's dice or labelled parts where its results differ raise
``FacesHidden``, and the odds branch on that roll's results one by one, as before.

So every result of a group went through every comparison the rules made with the same answer:
the rules did the very same thing for each of them, save the value they only recorded (the
roll in an ``AttackRolled``). A momentum attack's d20 is resolved four times (a natural 1, a
miss, a hit, a natural 20), not twenty. What the rules can do without asking the value anything
(``type()``, ``id()``, ``is``) is not seen; rules have no reason to do it with a number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from fracas.dice.results import FacesHidden, HiddenDice, RolledDie, RollResult


class Decide(Exception):
    """A rule compared a value of ``roll`` that its results do not agree on; ``groups`` are
    the indices of its results grouped by the rule's answer. Not a FracasError: nothing may
    catch it on the way to the exact odds, which resolve again once per group."""

    def __init__(self, roll: UndecidedRoll, groups: tuple[tuple[int, ...], ...]) -> None:
        super().__init__(f"{roll.expression}: the rules tell its results apart")
        self.roll = roll
        self.groups = groups

    def parts(self) -> tuple[tuple[RollResult, int], ...]:
        """Each group as a roll (the result itself when it is alone) and its weight."""
        roll = self.roll
        return tuple(roll.among(group) for group in self.groups)


@dataclass(frozen=True, slots=True, eq=False)
class UndecidedRoll(RollResult):
    """A roll of ``expression`` that came to one of ``results`` (each weighing ``weights``, in
    the same units), not yet known which. Each one handed out stands for one roll of the
    resolution: equal to itself, and neither hashed nor compared with another (it may be equal
    to some of the results, and not to others). ``root`` hides the dice (``HiddenDice``)."""

    results: tuple[RollResult, ...] = ()
    weights: tuple[int, ...] = ()

    @classmethod
    def of(cls, notation: str, results: tuple[tuple[RollResult, int], ...]) -> UndecidedRoll:
        """``results`` of a roll of ``notation`` with their weights, undecided."""
        return cls(
            notation,
            HiddenDice(0, notation),
            tuple(result for result, _ in results),
            tuple(weight for _, weight in results),
        )

    def again(self) -> UndecidedRoll:
        """Another roll of the same results: one for each roll it stands for."""
        return UndecidedRoll(self.expression, self.root, self.results, self.weights)

    def among(self, group: tuple[int, ...]) -> tuple[RollResult, int]:
        """The results at ``group``'s indices as a roll, and their weight."""
        if len(group) == 1:
            return self.results[group[0]], self.weights[group[0]]
        results = tuple(self.results[at] for at in group)
        weights = tuple(self.weights[at] for at in group)
        return UndecidedRoll(self.expression, self.root, results, weights), sum(weights)

    @property
    def weight(self) -> int:
        return sum(self.weights)

    @property
    def total(self) -> int:
        return _value(self, tuple(result.total for result in self.results))  # type: ignore[return-value]

    def kept_faces(self, sides: int | None = None) -> tuple[int, ...]:
        found = [result.kept_faces(sides) for result in self.results]
        if len({len(faces) for faces in found}) != 1:
            raise FacesHidden(self.expression)
        return tuple(
            _value(self, tuple(faces[at] for faces in found))  # type: ignore[misc]
            for at in range(len(found[0]))
        )

    def subtotals(self) -> dict[str, int]:
        found = [result.subtotals() for result in self.results]
        if any(subtotals != found[0] for subtotals in found):
            raise FacesHidden(self.expression)
        return found[0]

    def dice(self) -> tuple[RolledDie, ...]:
        raise FacesHidden(self.expression)

    def render(self) -> str:
        raise FacesHidden(self.expression)

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        raise FacesHidden(self.expression)  # another roll may be equal to some results

    def __hash__(self) -> int:
        raise FacesHidden(self.expression)  # equal results hash alike


def _value(roll: UndecidedRoll, values: tuple[int, ...]) -> int | Undecided:
    """``values`` (one per result of ``roll``) as a value: an int when they are all alike."""
    first = values[0]
    return first if all(value == first for value in values) else Undecided(roll, values)


def known(value: int | Undecided) -> int:
    """``value`` itself; for an undecided one, ``Decide`` with its roll's results grouped by
    what it comes to for each (a figure of the odds, such as the damage dealt, must be known)."""
    if not isinstance(value, Undecided):
        return value
    groups: dict[int, list[int]] = {}
    for at, found in enumerate(value.values):
        groups.setdefault(found, []).append(at)
    raise Decide(value.roll, tuple(tuple(group) for group in groups.values()))


class Undecided:
    """A value of an undecided roll (its total, a kept face, or worked out from them): one of
    ``values``, one for each of the roll's results. See the module for what it answers."""

    __slots__ = ("roll", "values")

    def __init__(self, roll: UndecidedRoll, values: tuple[int, ...]) -> None:
        self.roll = roll
        self.values = values

    def _others(self, other: object) -> tuple[int, ...]:
        """``other``'s value for each result: an int's, or an undecided value's of the same
        roll. Anything else (a float, another roll's value) hides this value: an int would
        answer it, so the roll is branched on its results."""
        if type(other) is int or type(other) is bool:
            return (other,) * len(self.values)
        if type(other) is Undecided and other.roll is self.roll:
            return other.values
        raise FacesHidden(self.roll.expression)

    def _answer(self, other: object, answer: Callable[[int, int], bool]) -> bool:
        others = self._others(other)
        answers = tuple(map(answer, self.values, others))
        first = answers[0]
        if all(found is first for found in answers):
            return first
        groups: dict[bool, list[int]] = {}
        for at, found in enumerate(answers):
            groups.setdefault(found, []).append(at)
        raise Decide(self.roll, tuple(tuple(group) for group in groups.values()))

    def _worked(self, other: object, work: Callable[[int, int], int]) -> int | Undecided:
        others = self._others(other)
        return _value(self.roll, tuple(map(work, self.values, others)))

    def __eq__(self, other: object) -> bool:
        return self._answer(other, int.__eq__)

    def __ne__(self, other: object) -> bool:
        return self._answer(other, int.__ne__)

    def __lt__(self, other: object) -> bool:
        return self._answer(other, int.__lt__)

    def __le__(self, other: object) -> bool:
        return self._answer(other, int.__le__)

    def __gt__(self, other: object) -> bool:
        return self._answer(other, int.__gt__)

    def __ge__(self, other: object) -> bool:
        return self._answer(other, int.__ge__)

    def __bool__(self) -> bool:
        return self._answer(0, int.__ne__)

    def __add__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__add__)

    def __radd__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__radd__)

    def __sub__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__sub__)

    def __rsub__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__rsub__)

    def __mul__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__mul__)

    def __rmul__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__rmul__)

    def __floordiv__(self, other: object) -> int | Undecided:
        return self._worked(other, int.__floordiv__)

    def __neg__(self) -> int | Undecided:
        return _value(self.roll, tuple(-value for value in self.values))

    def __pos__(self) -> Undecided:
        return self

    def __abs__(self) -> int | Undecided:
        return _value(self.roll, tuple(abs(value) for value in self.values))

    def _hidden(self, *_: object) -> NoReturn:
        raise FacesHidden(self.roll.expression)

    __hash__ = __index__ = __int__ = __float__ = __str__ = __repr__ = __format__ = _hidden
    # Arithmetic an int answers beyond the above: hidden too, so the odds branch rather than
    # fail with a TypeError.
    __truediv__ = __rtruediv__ = __rfloordiv__ = __mod__ = __rmod__ = _hidden
    __divmod__ = __rdivmod__ = __pow__ = __rpow__ = _hidden
    __round__ = __floor__ = __ceil__ = __trunc__ = __invert__ = _hidden
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = _hidden
    __lshift__ = __rlshift__ = __rshift__ = __rrshift__ = _hidden

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # ``isinstance(value, int)`` asks this: it is not told
        self._hidden()

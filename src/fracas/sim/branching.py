"""Dice for the exact odds: a source replaying chosen draws, and the distinct results of a roll.

A draw is either one die's face or a whole ``RollResult``. When the rules roll an expression,
``BranchingDice`` hands out the next whole result; when its draws run out it raises
``RollNeeded`` with every distinct result of the expression and its probability, so the
enumeration branches once per distinct result instead of once per sequence of faces.

What is distinct depends on what the rules read. First, a roll is handed out by its total
alone (``total_results``: one ``RollResult.of_total`` per total, icepool's exact distribution
giving the chances; 8d6 is 41 totals where it has 1,287 multisets of faces): a roll exposes
only its total. A rule that reads more of it (its kept faces, its labelled subtotals) makes it
raise ``FacesHidden``, and the enumeration then branches on that expression's faces
(``distinct_results``): two results are alike when their totals, their kept dice (sides and
natural face, in any order) and their labelled subtotals are alike, all a rule may read from a
roll (2d20kh1 has 400 sequences of faces and 20 such results). What the rules only record (the
faces of a roll read by its total, dropped dice) may differ between results taken as alike.
A roll with as many distinct results as totals (no dice, one die and constants, ``2d20kh1``:
``shown_whole``) is handed out on its distinct results at once, as that costs no more branches;
for the exact odds (``undecided``), as one roll standing for all of them, not yet decided
(``undecided_results``, ``fracas.dice.undecided``): the rules' comparisons split it into the
groups of results they tell apart (a natural 1, a miss, a hit, a natural 20), and results they
never tell apart are resolved once, together. Each handed out is its own object
(``UndecidedRoll.again``), so that a split finds its place among the draws.

Every resolution of one pass replays the draws of the branch it follows from the start, so a
rule's stage (``fracas.dice.staged``: the attack roll before the damage roll) would be run again
for every total of the damage. ``BranchingDice`` hands back a stage's result instead, once it
has run after the same draws in that pass (``Stages``). A shared stage (``fracas.dice.shared``:
the damage of a hit) is handed back once it has run with the same arguments and made the same
draws, whatever was drawn before it (the seven plain hits of a d20 share their damage).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Hashable, Iterable
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

import icepool  # type: ignore[import-untyped]

from fracas.dice import (
    BinaryOp,
    Constant,
    Dice,
    DiceError,
    DiceLimitError,
    DiceNeeded,
    Expression,
    LoadedDice,
    Negative,
    RollResult,
    distribution,
    roll,
)
from fracas.dice.undecided import UndecidedRoll
from fracas.errors import FracasError

MAX_SEQUENCES = 5_000
"""How many sequences (or multisets) of faces an expression's distinct results are worked out
from at most; a bigger roll is enumerated die by die."""

Draw = int | RollResult
Branch = tuple[Draw, Fraction]
Results = tuple[tuple[RollResult, Fraction], ...]
Known = dict[int, tuple[Expression, Results | None]]
"""A roll's branches by its expression's identity (the expression kept, so the id stays its)."""
Stages = dict[tuple[object, ...], tuple[tuple[object, ...], int, object]]
"""What the stages of one pass came to. A stage (``staged``) by its number in the resolution,
how many draws were made before it and the identities of those draws and of the draws it made;
a shared stage (``shared``) by the stage (a function, or a method with its object) and the
identities of its arguments and of the draws it made. Each keeps what its key has the
identities of (so the ids stay theirs), how many stages it started (a ``staged`` one counting
itself), and what it came to."""

T = TypeVar("T")


class RollNeeded(DiceNeeded):
    """The loaded draws ran out at a roll: ``branches`` are its distinct results and their
    probabilities (they add up to 1)."""

    def __init__(
        self, sides: int, branches: tuple[Branch, ...], expression: Expression | None = None
    ) -> None:
        super().__init__(sides)
        self.branches = branches
        self.expression = expression
        """The expression rolled (None: one die asked for on its own)."""


class BranchingDice:
    """Hands out ``draws`` in order: faces to ``roll``, whole results to ``whole_roll``.

    ``faces_read`` holds the notations of the expressions whose faces the rules read, which
    branch on their distinct results; any other branches on its totals. ``faces_read`` None:
    every expression branches on its distinct results (as the odds did before totals).
    ``known``: the branches of the expressions rolled so far with the same ``faces_read``, by
    the expression's identity, shared by the resolutions of one pass of the enumeration (the
    rules roll the same expression objects every time; looking them up by value hashes each
    expression's whole tree). ``stages``: what the rules' stages came to in the resolutions of
    that pass (``staged``). ``undecided``: a roll whose results are its totals is handed out
    undecided (``undecided_results``) where it would be branched on them."""

    __slots__ = (
        "_draws",
        "_faces_read",
        "_known",
        "_next",
        "_stage_number",
        "_stages",
        "_undecided",
    )

    def __init__(
        self,
        draws: Iterable[Draw],
        faces_read: Collection[str] | None = None,
        known: Known | None = None,
        stages: Stages | None = None,
        undecided: bool = False,
    ) -> None:
        self._draws = tuple(draws)
        self._next = 0
        """How many of ``_draws`` were handed out."""
        self._faces_read = faces_read
        self._undecided = undecided
        self._known: Known = {} if known is None else known
        self._stages: Stages = {} if stages is None else stages
        self._stage_number = 0

    def roll(self, sides: int) -> int:
        if self._next == len(self._draws):
            raise DiceNeeded(sides)
        draw = self._draws[self._next]
        self._next += 1
        if not isinstance(draw, int):
            raise FracasError("the rules asked for a die where they rolled an expression before")
        return draw

    def whole_roll(self, expression: Expression) -> RollResult | None:
        draws, index = self._draws, self._next
        if index < len(draws) and isinstance(draws[index], int):
            return None
        known = self._known.get(id(expression))
        if known is None or known[0] is not expression:
            known = self._known[id(expression)] = (expression, self._branches(expression))
        branches = known[1]
        if branches is None:
            return None
        if len(branches) == 1 and type(branches[0][0]) is not UndecidedRoll:
            return branches[0][0]
        if index == len(draws):
            raise RollNeeded(next(expression.dice_terms()).sides, branches, expression)
        draw = draws[index]
        self._next += 1
        assert isinstance(draw, RollResult)
        return draw

    def staged(self, stage: Callable[[], T]) -> T:
        """What ``stage`` came to when it last ran as this resolution's stage of the same number,
        after the same draws and making the same next draws (the rules are pure: it would come
        to it again, and make no other draws), those draws skipped; otherwise it is run, and
        what it came to kept. The number counts the stages that a run of it would have started,
        so that the stages after it keep theirs."""
        number, draws, before, stages = self._stage_number, self._draws, self._next, self._stages
        key = (number, before, *map(id, draws[:before]))
        for end in range(before, len(draws) + 1):
            if end > before:
                key += (id(draws[end - 1]),)
            found = stages.get(key)
            if found is not None:  # its draws are kept alive: an id found is theirs
                self._next = end
                self._stage_number += found[1]
                return found[2]  # type: ignore[return-value]
        self._stage_number += 1
        result = stage()
        drawn = draws[: self._next]
        key = (number, before, *map(id, drawn))
        self._stages[key] = (drawn, self._stage_number - number, result)
        return result

    def shared(self, stage: Callable[..., T], arguments: tuple[object, ...]) -> T:
        """What ``stage(self, *arguments)`` came to when it last ran in this pass with the very
        same arguments and making the same next draws (the rule promises it reads nothing else:
        it would come to it again), those draws skipped; otherwise it is called, and what it
        came to kept. Where it runs in the resolution, and what was drawn before, do not
        matter."""
        draws, before, stages = self._draws, self._next, self._stages
        key = (stage, *map(id, arguments))
        for end in range(before, len(draws) + 1):
            if end > before:
                key += (id(draws[end - 1]),)
            found = stages.get(key)
            if found is not None:  # its arguments and draws are kept alive: ids found are theirs
                self._next = end
                self._stage_number += found[1]
                return found[2]  # type: ignore[return-value]
        number = self._stage_number
        result = stage(self, *arguments)
        drawn = draws[before : self._next]
        key = (stage, *map(id, arguments), *map(id, drawn))
        stages[key] = ((*arguments, *drawn), self._stage_number - number, result)
        return result

    def _branches(self, expression: Expression) -> Results | None:
        faces_read = self._faces_read
        if faces_read is None or notation(expression) in faces_read:
            return distinct_results(expression)
        if shown_whole(expression):
            whole = undecided_results if self._undecided else distinct_results
            return whole(expression)
        return total_results(expression) or distinct_results(expression)


def face_branches(sides: int) -> tuple[Branch, ...]:
    """One branch per face of a die."""
    chance = Fraction(1, sides)
    return tuple((face, chance) for face in range(1, sides + 1))


@lru_cache(maxsize=1024)
def notation(expression: Expression) -> str:
    """The expression's canonical notation (``RollResult.expression``), worked out once."""
    return str(expression)


@lru_cache(maxsize=512)
def total_results(expression: Expression) -> Results | None:
    """One result per total ``expression`` can come to (``RollResult.of_total``), with its
    probability from icepool; None when a term rerolls or explodes (the roller's limits on
    those are not the exact distribution's) or the distribution cannot be worked out (a
    divisor that can come to 0, a pool past the dice limits)."""
    if _terms(expression) is None:
        return None
    try:
        found = distribution(expression)
    except DiceError:
        return None
    written = notation(expression)
    share = found.denominator
    return tuple(
        (RollResult.of_total(written, total), Fraction(weight, share))
        for total, weight in found.weights
    )


SHOWN_WHOLE = 400
"""The most sequences of faces (a 2d20 pool's) for which ``shown_whole`` compares the counts."""


@lru_cache(maxsize=512)
def shown_whole(expression: Expression) -> bool:
    """Whether ``expression`` has no more distinct results than totals, so that it may be
    handed out whole, faces and all, at no extra branches: a roll without dice (``30``), one
    die and constants (``1d20 + 3``: the total tells the natural face), ``2d20kh1``. A rule
    reading the natural 20 of such a roll then starts no second pass of the enumeration.
    Worked out only for rolls of at most ``SHOWN_WHOLE`` sequences of faces."""
    terms = _terms(expression)
    if terms is None or math.prod(t.sides**t.count for t in terms) > SHOWN_WHOLE:
        return False
    by_total, by_faces = total_results(expression), distinct_results(expression)
    return by_total is not None and by_faces is not None and len(by_faces) == len(by_total)


@lru_cache(maxsize=512)
def undecided_results(expression: Expression) -> Results | None:
    """The distinct results of ``expression`` (one of ``shown_whole``'s) as one undecided roll
    (``UndecidedRoll``), which the rules' comparisons split (``Decide``); a roll of a single
    result is that result."""
    results = distinct_results(expression)
    if results is None or len(results) == 1:
        return results
    common = math.lcm(*(chance.denominator for _, chance in results))
    weighed = tuple((result, int(chance * common)) for result, chance in results)
    return ((UndecidedRoll.of(notation(expression), weighed), Fraction(1)),)


@lru_cache(maxsize=512)
def distinct_results(expression: Expression) -> Results | None:
    """Every distinct result of rolling ``expression`` with its probability; None when it takes
    more than MAX_SEQUENCES sequences of faces (or, for dice that neither reroll nor explode,
    more than MAX_SEQUENCES multisets of faces) to find them, or when some sequences have no
    result (a die explodes past the dice limits)."""
    return _by_sequences(expression) or _by_multisets(expression)


def _by_sequences(expression: Expression) -> Results | None:
    """The distinct results found by rolling every sequence of faces."""
    results: dict[Hashable, RollResult] = {}
    chances: dict[Hashable, Fraction] = {}
    pending: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    tried = 0
    while pending:
        faces, chance = pending.pop()
        tried += 1
        if tried > MAX_SEQUENCES:
            return None
        try:
            result = roll(expression, LoadedDice(faces))
        except DiceNeeded as needed:
            share = chance / needed.sides
            pending.extend(((*faces, face), share) for face in range(needed.sides, 0, -1))
            continue
        except DiceLimitError:
            return None  # a die exploding past the limit: some rolls have no result
        key = _alike(result)
        results.setdefault(key, result)
        chances[key] = chances.get(key, Fraction(0)) + chance
    return tuple((results[key], chances[key]) for key in results)


def _by_multisets(expression: Expression) -> Results | None:
    """The distinct results found by rolling one sequence per multiset of faces of each term
    (icepool gives the multisets and their probabilities): for dice that neither reroll nor
    explode, the order of a term's faces changes nothing a rule may read."""
    terms = _terms(expression)
    if terms is None:
        return None
    combinations = math.prod(math.comb(t.count + t.sides - 1, t.count) for t in terms)
    if combinations > MAX_SEQUENCES:
        return None
    per_term = [icepool.d(t.sides).pool(t.count).expand() for t in terms]
    results: dict[Hashable, RollResult] = {}
    chances: dict[Hashable, Fraction] = {}
    for picked in itertools.product(*(die.items() for die in per_term)):
        faces = [face for outcome, _ in picked for face in outcome]
        chance = Fraction(1)
        for (_, weight), die in zip(picked, per_term, strict=True):
            chance *= Fraction(weight, die.denominator())
        result = roll(expression, LoadedDice(faces))
        key = _alike(result)
        results.setdefault(key, result)
        chances[key] = chances.get(key, Fraction(0)) + chance
    return tuple((results[key], chances[key]) for key in results)


def _terms(expression: Expression) -> list[Dice] | None:
    """The dice terms in the order they are rolled, or None if one rerolls or explodes."""
    match expression:
        case Dice():
            plain = expression.reroll is None and expression.explosion is None
            return [expression] if plain else None
        case Constant():
            return []
        case Negative(operand):
            return _terms(operand)
        case BinaryOp(_, left, right):
            first, second = _terms(left), _terms(right)
            return None if first is None or second is None else first + second
    return None


def _alike(result: RollResult) -> Hashable:
    kept = sorted((die.sides, die.natural) for die in result.dice() if die.kept)
    return (result.total, tuple(kept), tuple(sorted(result.subtotals().items())))

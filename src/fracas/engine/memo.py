"""Answers remembered by the identities of the immutable objects they were worked out from.

A sheet, its weapons and powers, and a ruleset's settings never change once made (their models
are frozen), and a fight hands the very same objects from state to state, so the rules ask the
same things of the same objects at every attack and every turn (which arm a name means, a hit
bonus, a target's defences). A pure function of such objects, decorated here, works each answer
out once. Hashing a model walks all its fields, so the objects are told apart by identity; each
answer is kept with the objects it was asked of, so that no other object can take their
identities while it is kept. At most ``AT_MOST`` answers are kept per function; then it starts
afresh (a long-lived server meets new sheets with every encounter it opens).

* ``per_object``: a function of one object (the commonest: a sheet);
* ``per_object_and``: of one object and a plain hashable value, compared by equality (a name, a
  tuple of names built afresh at each ask);
* ``per_sheet``: of a combatant's sheet, asked with the combatant (``f(combatant)``, one call
  where ``f(sheet_of(combatant))`` with ``per_object`` makes two: the rules ask such things of
  everyone at every step);
* ``by_identity``: of several objects, each by identity (a sheet, a weapon and the settings).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import TYPE_CHECKING, ParamSpec, TypeVar, cast

if TYPE_CHECKING:
    from fracas.engine.state import Combatant

AT_MOST = 1024
"""How many answers one function keeps before it starts afresh."""

P = ParamSpec("P")
Of = TypeVar("Of")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def per_object(work: Callable[[Of], V]) -> Callable[[Of], V]:
    """``work`` of one immutable object, worked out once per object."""
    answers: dict[int, tuple[Of, V]] = {}

    @wraps(work)
    def remembered(of: Of) -> V:
        known = answers.get(id(of))
        if known is not None:
            return known[1]
        answer = work(of)
        if len(answers) >= AT_MOST:
            answers.clear()
        answers[id(of)] = (of, answer)
        return answer

    return remembered


def per_sheet(work: Callable[[Of], V]) -> Callable[[Combatant], V]:
    """``work`` of a combatant's sheet (``work`` takes the ruleset's sheet), asked with the
    combatant and worked out once per sheet: a sheet is the very same object in every state of
    a fight, whatever else of the combatant changes."""
    answers: dict[int, tuple[object, V]] = {}

    @wraps(work)
    def remembered(combatant: Combatant) -> V:
        sheet = combatant.sheet
        known = answers.get(id(sheet))
        if known is not None:
            return known[1]
        answer = work(cast(Of, sheet))  # the ruleset's own sheets: its sheet model's
        if len(answers) >= AT_MOST:
            answers.clear()
        answers[id(sheet)] = (sheet, answer)
        return answer

    return remembered


def per_object_and(work: Callable[[Of, K], V]) -> Callable[[Of, K], V]:
    """``work`` of one immutable object and a hashable value, worked out once per pair."""
    answers: dict[tuple[int, K], tuple[Of, V]] = {}

    @wraps(work)
    def remembered(of: Of, value: K) -> V:
        known = answers.get(key := (id(of), value))
        if known is not None:
            return known[1]
        answer = work(of, value)
        if len(answers) >= AT_MOST:
            answers.clear()
        answers[key] = (of, answer)
        return answer

    return remembered


def by_identity(work: Callable[P, V]) -> Callable[P, V]:
    """``work`` of several immutable objects, each told apart by identity, worked out once per
    combination. It is to be called with positional arguments only."""
    answers: dict[tuple[int, ...], tuple[tuple[object, ...], V]] = {}

    @wraps(work)
    def remembered(*args: object) -> V:  # no **kwargs: building them costs every call
        known = answers.get(key := tuple(map(id, args)))
        if known is not None:
            return known[1]
        answer = unpacked(*args)
        if len(answers) >= AT_MOST:
            answers.clear()
        answers[key] = (args, answer)
        return answer

    unpacked = cast(Callable[..., V], work)
    return cast(Callable[P, V], remembered)

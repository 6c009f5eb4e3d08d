"""Answers remembered by the identities of the immutable objects they were worked out from.

A sheet, its weapons and the settings never change once made, and the rules ask the same things
of the very same ones at every attack (which arm a name means, a hit bonus, a base Evasion). A
function of such objects decorated ``@by_identity`` works each answer out once: the answer is
kept with the objects it was asked of, so that no other object can take their identities while
it is kept. At most ``AT_MOST`` answers are kept; then it starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar, cast

P = ParamSpec("P")
V = TypeVar("V")

AT_MOST = 256
"""How many answers one function keeps before it starts afresh."""


def by_identity(work: Callable[P, V]) -> Callable[P, V]:
    """``work`` (a pure function of immutable objects), remembering its answers by its
    arguments' identities. It is to be called with positional arguments only."""
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

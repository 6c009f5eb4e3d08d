"""Values worked out once per sheet (or per tuple of a sheet's items) instead of at every ask.

A sheet and its items never change (their models are frozen), and a fight hands the same sheet
object from state to state, so what follows from a sheet and a few plain values alone is kept,
keyed by the sheet's identity. Each entry holds the sheet beside its value, so that no other
object can take the sheet's identity while the entry lives; past ``AT_MOST`` entries a cache
starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import TypeVar

AT_MOST = 1024
"""How many answers one cache keeps before it starts afresh."""

Of = TypeVar("Of")
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def per_object(function: Callable[[Of], T]) -> Callable[[Of], T]:
    """``function`` of one immutable object, worked out once per object."""
    known: dict[int, tuple[Of, T]] = {}

    @wraps(function)
    def cached(of: Of) -> T:
        found = known.get(id(of))
        if found is not None:
            return found[1]
        value = function(of)
        if len(known) >= AT_MOST:
            known.clear()
        known[id(of)] = (of, value)
        return value

    return cached


def per_object_and(function: Callable[[Of, K], T]) -> Callable[[Of, K], T]:
    """``function`` of one immutable object and a hashable value, worked out once per pair."""
    known: dict[tuple[int, K], tuple[Of, T]] = {}

    @wraps(function)
    def cached(of: Of, key: K) -> T:
        found = known.get((id(of), key))
        if found is not None:
            return found[1]
        value = function(of, key)
        if len(known) >= AT_MOST:
            known.clear()
        known[(id(of), key)] = (of, value)
        return value

    return cached

"""Outcomes with their exact chances, ready to be sampled by one uniform draw: what study
mode's tables hold (kingsdale's strikes, defences, damage and initiative, Lur-Asko's attacks)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Drawn(Generic[T]):
    """Outcomes with their cumulative chances (the last exactly 1), sampled by one draw."""

    outcomes: tuple[T, ...]
    cumulative: tuple[float, ...]

    def sample(self, draw: float) -> T:
        return self.outcomes[bisect_right(self.cumulative, draw)]


def drawn(chances: Mapping[T, Fraction]) -> Drawn[T]:
    """The outcomes of ``chances`` (adding up to 1) ready to sample; those of chance 0 left out."""
    kept = [(o, c) for o, c in chances.items() if c]
    running, cumulative = Fraction(0), []
    for _, chance in kept:
        running += chance
        cumulative.append(float(running))
    cumulative[-1] = 1.0
    return Drawn(tuple(o for o, _ in kept), tuple(cumulative))

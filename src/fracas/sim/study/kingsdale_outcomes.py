"""What kingsdale's study tables hold (outcomes with their chances, ``drawn``): what a choice,
a strike, a defence and a settled stray strike come to (``kingsdale_tables`` fills them from the
rules)."""

from __future__ import annotations

from dataclasses import dataclass

from fracas.sim.study.drawn import Drawn


@dataclass(frozen=True)
class Choice:
    """What the tactics do: strike or reload with ``weapon``, paying ``cost``; a reload
    leaves its payload ``pool`` at ``payload``; ``stray``: settle the striker's fumble of 2."""

    reload: bool
    weapon: str
    cost: tuple[tuple[str, int], ...]
    pool: str = ""
    payload: int = 0
    stray: bool = False


@dataclass(frozen=True)
class Strayed:
    """A settled fumble of 2: the striker's effects after it, and the teammate in the line of
    fire (a fighter's index) with the damage rolled against it, if any."""

    effects: int
    teammate: int | None
    damage: Drawn[Hit] | None


@dataclass(frozen=True)
class Swing:
    """A strike's outcome: the striker's effects after it, and the strike waiting on the
    defender (an index of ``Tables.waiting``), if it hit."""

    effects: int
    waiting: int | None


@dataclass(frozen=True)
class Answer:
    """A defence's outcome: the defender's Actions and debt after it, its effects, and the
    damage that gets through, if any."""

    actions: int
    owed: int
    effects: int
    damage: Drawn[Hit] | None
    """What gets through (None: nothing)."""


Pools = tuple[int, ...]
Hit = tuple[int, bool]
"""Damage that gets through, and whether it is M.D."""

"""Positions on the battle grid: "1. Establishing Positions. The Architect and players decide and
determine where the combatants involved in the encounter are positioned at the start of the
battle."

Positions are optional. The Architect places a combatant on a square (``place NAME X Y``); a
placed combatant's Movement with ``-to`` moves it. Where both combatants of a rule are placed, the
squares between them are counted (a Blitz's run, a Called Shot's range, a Throw's reach, Melee
Range, Combat Recovery's 6 Squares, Wall of Defense's reach); where either is not, the rule takes
the distance the command gives, as without a grid.
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.settings import DbuSettings

SQUARE = "square"
"""Mark: the combatant's square on the grid, as ``x,y``."""

Square = tuple[int, int]


def square_text(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def parse_square(text: str) -> Square:
    """``3,4`` → (3, 4); for the command language's ``-to`` field."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
        raise ValueError(f"{text!r}: give a square as X,Y like 3,4")
    return int(parts[0]), int(parts[1])


def square_of(combatant: Combatant) -> Square | None:
    value = combatant.marks.get(SQUARE)
    return parse_square(value) if isinstance(value, str) else None


def squares_apart(a: Square, b: Square, *, settings: DbuSettings) -> int:
    """Squares from ``a`` to ``b``: a diagonal step counts one square (``chebyshev``) or two
    (``manhattan``)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) if settings.grid_diagonals == "chebyshev" else dx + dy


def distance(
    state: EncounterState, a: CombatantId, b: CombatantId, *, settings: DbuSettings
) -> int | None:
    """Squares between two combatants, or None when either has no position."""
    here, there = square_of(state[a]), square_of(state[b])
    if here is None or there is None:
        return None
    return squares_apart(here, there, settings=settings)


def require_within(
    state: EncounterState,
    a: CombatantId,
    b: CombatantId,
    squares: int,
    what: str,
    *,
    settings: DbuSettings,
) -> None:
    """Refuse when both are placed and ``b`` is more than ``squares`` from ``a``."""
    apart = distance(state, a, b, settings=settings)
    if apart is not None and apart > squares:
        raise IllegalAction(
            "out-of-range",
            f"{what}: {state[b].name} is {apart} squares from {state[a].name} (at most {squares})",
        )


def given_or_measured(
    state: EncounterState,
    a: CombatantId,
    b: CombatantId,
    given: int | None,
    fallback: int,
    what: str,
    *,
    settings: DbuSettings,
) -> int:
    """The distance a maneuver names, or the squares between the two when both are placed (a
    distance given must then match), else ``fallback``."""
    apart = distance(state, a, b, settings=settings)
    if apart is None:
        return fallback if given is None else given
    if given is not None and given != apart:
        raise IllegalAction(
            "wrong-distance", f"{what}: {state[b].name} is {apart} squares away, not {given}"
        )
    return apart


def occupant(state: EncounterState, square: Square) -> CombatantId | None:
    """Who stands on ``square``, if anyone (the Defeated lie where they fell, and still do)."""
    return next((c.id for c in state if square_of(c) == square), None)


def next_to(target: Square, start: Square) -> Square:
    """The square beside ``target`` on the straight line from ``start``."""

    def step(d: int) -> int:
        return (d > 0) - (d < 0)

    return target[0] + step(start[0] - target[0]), target[1] + step(start[1] - target[1])

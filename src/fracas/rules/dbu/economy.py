"""The action economy: pool names, and which Counter Action is spent first.

"At the start of each Combat Round, you gain 3 Actions and at the end of each Combat Round, you
lose all unused Actions." "At the start of each Combat Round, you gain 1 Counter Action to be
used by the end of the current Combat Round. Any Actions converted into Counter Actions are lost
at the start of your next turn."
"""

from __future__ import annotations

ACTIONS = "Actions"
COUNTER = "Counter"
CONVERTED = "Converted"
"""Pools: Actions (refilled each round), the round's own Counter Action, and Actions converted
into Counter Actions (kept until the start of the owner's next turn)."""

LP = "LP"
KP = "KP"
CAPACITY = "Capacity"
"""Pools: Life Points, Ki Points, and the Ki still spendable this round under the Capacity Rate."""


def counter_pool(*, natural: int, converted: int, turn_passed: bool) -> str | None:
    """The pool a Counter Action is paid from, or None when there is none: the one that would be
    lost first. The round's own Counter Action is lost at the round's end; converted ones at the
    start of the owner's next turn, which comes first only while the owner's turn of this round
    is still ahead (``turn_passed`` False)."""
    if natural and converted:
        return COUNTER if turn_passed else CONVERTED
    if natural:
        return COUNTER
    if converted:
        return CONVERTED
    return None


def ammunition_pool(weapon: str) -> str:
    """The pool of a ranged weapon's shots left (``Blaster ammo``)."""
    return f"{weapon} ammo"

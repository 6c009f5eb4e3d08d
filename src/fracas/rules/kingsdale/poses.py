"""Three poses to a melee round, and how a character's attacks fill them (New Combat Sequences).

"you fill up your three melee 'bins' with one attack each, and the fourth attack is placed into
the final attack 'bin'": a third of the attacks in each pose, the rest from the last pose back.
"""

from __future__ import annotations

from functools import cache

POSES = ("Pose One", "Pose Two", "Pose Three")
"""The labels of a melee round's three poses, in order."""

WORDS = (
    "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen",
    "Nineteen", "Twenty",
)  # fmt: skip


@cache  # asked for everyone as each pose begins
def split(attacks: int, *, few_from_last: bool = True) -> tuple[int, int, int]:
    """The attacks of each pose: 3 -> 1/1/1, 4 -> 1/1/2 … 9 -> 3/3/3; fewer than three from the
    last pose, 1 -> 0/0/1, 2 -> 0/1/1 (SOURCES.md 8), or with ``few_from_last`` False from the
    first, 1 -> 1/0/0, 2 -> 1/1/0."""
    if attacks < 0:
        raise ValueError(f"a character cannot have {attacks} attacks")
    base, extra = divmod(attacks, len(POSES))
    if base == 0 and not few_from_last:
        return tuple(1 if pose < extra else 0 for pose in range(3))  # type: ignore[return-value]
    return tuple(base + (1 if pose >= len(POSES) - extra else 0) for pose in range(3))  # type: ignore[return-value]


def word(number: int) -> str:
    """A number as the chapter writes it: ``Two``, ``Twenty``; digits past twenty."""
    return WORDS[number] if 0 <= number < len(WORDS) else str(number)


def pose_index(label: str) -> int:
    """0, 1 or 2 for a pose's label."""
    return POSES.index(label)

"""Parrying with paired weapons (Paired Weapons, Paired Firearms).

"This skill allows the PC to either parry and counter-attack, or parry two (or more) opponents
during one action, but not both." "If a PC is attacked by more than two opponents, there is
nothing that can be done beyond parrying two of them." Read here per pose: a paired fighter
parries the strikes of at most two attackers in a pose, and one who counter-strikes in a pose
parries nobody else in it.
"""

from __future__ import annotations

PARRIED = "parried"
"""Mark: the attackers (ids, comma-separated) a paired fighter parried this pose."""
COUNTERED = "countered"
"""Mark: the paired fighter counter-struck this pose."""


def parried_ids(mark: object) -> tuple[str, ...]:
    return tuple(part for part in str(mark or "").split(",") if part)


def paired_parry_refusal(
    parried: tuple[str, ...], countered: bool, attacker: str, counter: bool
) -> str | None:
    """Why a paired fighter may not parry ``attacker`` now (``counter``: and strike back)."""
    others = [a for a in parried if a != attacker]
    if (counter and others) or (countered and attacker not in parried):
        return "paired weapons parry and counter-attack, or parry two opponents, not both"
    if attacker not in parried and len(parried) >= 2:
        return "beyond parrying two opponents nothing can be done (Paired Weapons)"
    return None

"""Initiative: the roll, the order with its tie-breaks, Initiative Advantage, instant ordering.

"Roll a solid d10 and add 1/2 your Agility Modifier to the natural results, plus any other
modifiers, to determine your Initiative Score. In the case of a tie, the combatant with the
higher Agility Score will go first. If both combatants tie again, both will roll a d10 and the
highest result wins."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from fracas.engine.frozen import frozen
from fracas.rules.dbu.sheet import Sheet
from fracas.rules.dbu.vocabulary import Attribute

Place = Literal["first", "last"]


def initiative_modifier(sheet: Sheet) -> int:
    """'1/2 your Agility Modifier', rounded down (SOURCES.md section 8)."""
    return sheet.modifiers[Attribute.AGILITY] // 2


def order_key(score: int, agility_score: int, roll_off: int) -> tuple[int, int, int]:
    """Sort key, lowest first: higher Initiative, then higher Agility Score, then the roll-off."""
    return (-score, -agility_score, -roll_off)


def advantage_actions(
    *,
    initiative: int,
    tier: int,
    enemy_initiatives: Sequence[int],
    enemy_tiers: Sequence[int],
    gap: int,
) -> int:
    """Initiative Advantage: +1 Action 'If your Initiative is 10+ higher than the highest enemy
    combatant's Initiative', and '+1 Action for each Tier of Power higher you are than the enemy
    combatant with the highest Tier of Power' (base Tiers). Only the highest enemy counts: 'you
    do NOT gain multiple actions for fighting multiple enemies'."""
    if not enemy_initiatives or not enemy_tiers:
        return 0
    by_initiative = 1 if initiative - max(enemy_initiatives) >= gap else 0
    by_tier = max(tier - max(enemy_tiers), 0)
    return by_initiative + by_tier


@frozen
class Declaration:
    """An Instant Action declared at the same time as others: who, their Initiative, and
    whether they want their maneuver first or last in the sequence."""

    who: str
    initiative: int
    place: Place


def instant_sequence(declarations: Sequence[Declaration]) -> tuple[str, ...]:
    """The order simultaneous Instant Actions happen in: 'the character with the lowest
    Initiative will decide if their maneuver comes first or last … The characters with higher
    initiative will supersede those with lower initiative in their decisions.' Each in turn,
    lowest Initiative first, takes the very front or the very back of the sequence so far."""
    sequence: list[str] = []
    for declaration in sorted(declarations, key=lambda d: d.initiative):
        if declaration.place == "first":
            sequence.insert(0, declaration.who)
        else:
            sequence.append(declaration.who)
    return tuple(sequence)

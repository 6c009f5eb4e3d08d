"""Items thrown with the Throw Maneuver: what becomes of them, and picking them up again.

"Basic Items will be destroyed upon impact. Equipment such as Apparel and Weapons reduce their
Break Value by -1 and land in a random square adjacent to the target of the attack. They can be
reclaimed by spending an Instant Action while your character is on that square to pick them up."
A thrown piece of equipment is kept on its owner as a mark: where it lies (``x,y``, or ``near
NAME`` without a grid) and how much Break Value it has lost. The Break Value itself belongs to
the equipment rules, not this chapter.
"""

from __future__ import annotations

from fracas.dice import DiceSource, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet, Note
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.events import PointsRolled
from fracas.rules.dbu.positions import square_of, square_text

DROPPED = "dropped:"
"""Mark prefix: ``dropped:NAME`` is where the owner's thrown equipment NAME lies."""

WORN = "break lost:"
"""Mark prefix: ``break lost:NAME`` is the Break Value the equipment NAME has lost."""

AROUND = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The 8 squares adjacent to a square, numbered by a d8 from the east, turning."""


def lying(combatant: Combatant, item: str) -> str | None:
    """Where ``combatant``'s thrown ``item`` lies, if it lies anywhere."""
    value = combatant.marks.get(DROPPED + item.lower())
    return value if isinstance(value, str) else None


def thrown_item(
    state: EncounterState,
    thrower: CombatantId,
    target: CombatantId,
    item: str | None,
    source: DiceSource,
) -> list[Event]:
    """A basic item (``item`` None) is destroyed; a named piece of equipment loses 1 Break
    Value and lands on a random square beside the target (a d8, on the grid)."""
    if item is None:
        return [Note("the thrown item is destroyed", thrower)]
    key = item.lower()
    events: list[Event] = []
    centre = square_of(state[target])
    if centre is None:
        where = f"near {state[target].name}"
    else:
        rolled = roll(dice(1, 8), source)
        events.append(PointsRolled(thrower, "where it lands (d8)", rolled))
        dx, dy = AROUND[rolled.total - 1]
        where = square_text((centre[0] + dx, centre[1] + dy))
    lost = state[thrower].marks.get(WORN + key)
    worn = (lost if isinstance(lost, int) else 0) + 1
    return [
        *events,
        MarkSet(thrower, DROPPED + key, where),
        MarkSet(thrower, WORN + key, worn),
        Note(f"{item} loses 1 Break Value and lands {where}", thrower),
    ]


def picked_up(state: EncounterState, who: CombatantId, item: str) -> list[Event]:
    """'reclaimed by spending an Instant Action while your character is on that square'."""
    where = lying(state[who], item)
    if where is None:
        raise IllegalAction("not-dropped", f"pick-up: {state[who].name} threw no {item!r}")
    here = square_of(state[who])
    if here is not None and not where.startswith("near") and square_text(here) != where:
        raise IllegalAction("not-there", f"pick-up: {item} lies on {where}; stand on it first")
    return [MarkSet(who, DROPPED + item.lower(), None)]

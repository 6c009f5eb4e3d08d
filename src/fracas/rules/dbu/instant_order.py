"""The announced sequence of simultaneous Instant Actions, kept until each has acted.

"You have an unlimited number of Instant Actions per turn, but you can only use one Instant
Action at a time … If a player states their character will do a maneuver, you can declare you
will use any maneuver that requires an Instant Action in response – either before or after their
declared action." Once the Architect sequences them (``instants``), each combatant in the
sequence holds a place (the mark ``INSTANT_PLACE``); the one whose maneuver was declared
(``-around``) holds the place between those who chose first and those who chose last. A
combatant's next action takes its place (``play_order``), and is refused while someone ahead of
it in the sequence (and not Defeated) has not acted. The Architect withdraws a sequence (someone
changed their mind) with a bare ``instants``, or replaces it with a new one.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.dbu.queries import standing

INSTANT_PLACE = "instant_place"
"""Mark: a combatant's place (1, 2, …) in the announced sequence, until it acts."""


def place_of(state: EncounterState, who: CombatantId) -> int | None:
    place = state.combatants[who].marks.get(INSTANT_PLACE)
    return place if isinstance(place, int) and not isinstance(place, bool) else None


def pending(state: EncounterState) -> list[CombatantId]:
    """Those still to act in the sequence (the Defeated no longer do), in order."""
    placed = [(place_of(state, c.id), c.id) for c in state.combatants.values() if standing(c)]
    return [who for _, who in sorted((p, w) for p, w in placed if p is not None)]


def announce(state: EncounterState, sequence: Sequence[CombatantId]) -> list[Event]:
    """Put everyone of ``sequence`` in its place; a sequence announced earlier is replaced."""
    return [*lapse(state), *(MarkSet(who, INSTANT_PLACE, n) for n, who in enumerate(sequence, 1))]


def lapse(state: EncounterState) -> list[Event]:
    """The places still held are given up."""
    held = [who for who in state.combatants if place_of(state, who) is not None]
    return [MarkSet(who, INSTANT_PLACE, None) for who in held]


def require_next(state: EncounterState, who: CombatantId, verb: str) -> None:
    """Refuse ``who``'s action while someone ahead of it in the sequence has not acted."""
    if place_of(state, who) is None:
        return  # not in a sequence (the usual case): nobody is ahead of it
    queue = pending(state)
    if who in queue and queue[0] != who:
        ahead = queue[0]
        raise IllegalAction(
            "instant-order",
            f"{verb}: one Instant Action at a time; {state[ahead].name} comes before"
            f" {state[who].name} in the announced sequence",
        )

"""The state after a list of events that only grows, folded as late as what is read allows;
events handed to the engine with the state they lead to, folded once.

A power's strikes read, before each target's defence and Exchange, the target as the events so
far left it. Folding them is work the engine does again once the action is resolved, so the
list is folded only when an event not yet folded may have changed the combatant asked about.

The engine's tape applies the events a rule or hook gives it one at a time (a new state and
combatants mapping for each), unless they come ``Written``: with the state they were folded
from, which must be the one the rule was given, and the state they lead to (``written``).
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.engine.action import CombatantId
from fracas.engine.clock import Written
from fracas.engine.events import Event, MarkSet, PoolChanged, Record, reduce
from fracas.engine.state import Combatant, EncounterState

OWN_ONLY = (PoolChanged, MarkSet)
"""Events whose ``apply`` changes one combatant (``event.combatant``: its pools or marks) and
nothing else: every other combatant stays the very same object."""


class Folded:
    """``events`` (a list the caller appends to) folded into ``state``, each event once."""

    def __init__(self, state: EncounterState, events: list[Event]) -> None:
        self.state = state
        self.events = events
        self.folded = 0

    def now(self) -> EncounterState:
        """The state after all the events so far."""
        events = self.events
        if self.folded < len(events):
            self.state = reduce(self.state, events[self.folded :])
            self.folded = len(events)
        return self.state

    def combatant(self, who: CombatantId, unread: frozenset[str] = frozenset()) -> Combatant:
        """``who`` after all the events so far (``now()[who]``), but for its marks ``unread``
        (which the caller does not read), folding the events only when one not folded yet may
        change the rest: anything but a record, an ``OWN_ONLY`` event of another combatant's,
        or the setting of one of ``who``'s marks ``unread``. It is the one ``self.state``
        (the events folded so far) holds."""
        for event in self.events[self.folded :]:
            if isinstance(event, Record):
                continue
            if isinstance(event, OWN_ONLY) and event.combatant != who:
                continue
            if isinstance(event, MarkSet) and event.key in unread:
                continue
            return self.now()[who]
        return self.state[who]


def written(state: EncounterState, events: list[Event]) -> Sequence[Event]:
    """``events`` with the state they lead to from ``state`` (the state the rule or hook was
    given), folded through one draft (``reduce``), so the engine's tape takes it as it is; a
    single event (or none) as it is: the tape applies it as ``reduce`` would."""
    if len(events) < 2:
        return events
    return Written(events, state, reduce(state, events))

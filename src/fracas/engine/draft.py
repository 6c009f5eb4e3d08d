"""A run of events folded into one new state, the combatants mapping copied once.

Folding event by event builds, for every event that changes a combatant, a new combatants
mapping (a copy of the whole) and a new ``EncounterState`` that the next event throws away. A
``Draft`` is a private, changeable copy that the events of one run are applied to instead (each
event's ``apply`` stays what defines it: on a draft, ``with_combatant`` and
``without_combatant`` change the draft's own mapping and ``with_effect_counted`` its counter,
and return the draft), and ``settled``
freezes it into one ``EncounterState`` (the way Clojure's transients or immer's ``produce``
work). The state a run starts from is never changed; a draft never leaves ``fold``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fracas.engine.action import CombatantId
from fracas.engine.state import _ANCHORED, Combatant, EncounterState, _holders_after, evolve

if TYPE_CHECKING:
    from fracas.engine.events import Event

_FIELDS = ("combatants", "clock", "rng", "next_effect", "ended")
"""``EncounterState``'s fields."""


class Draft(EncounterState):
    """An ``EncounterState`` being changed in place by a run of events.

    Beside the state's fields it keeps the state it was drafted from (``_base``: its mapping is
    copied before the first change), the ids of the combatants changed or added
    (``_changed``) and whether anyone left (``_left``).
    ``evolve`` copies a draft's fields into a new draft, so an event that replaces the clock
    or a counter gives a draft sharing the same private mapping: the old draft is dropped.
    """

    def with_combatant(self, combatant: Combatant) -> EncounterState:
        fields = self.__dict__
        combatants = fields["combatants"]
        if combatants is fields["_base"].combatants:
            combatants = fields["combatants"] = dict(combatants)
        combatants[combatant.id] = combatant
        fields["_changed"].append(combatant.id)
        return self

    def with_changed(self, combatant: Combatant, **changes: object) -> EncounterState:
        """A combatant this draft made (``_made``) is changed in place: nobody else holds it
        yet. Any other is copied with the changes, as on a state."""
        fields = self.__dict__
        made = fields["_made"]
        if made.get(combatant.id) is not combatant:
            copy = made[combatant.id] = evolve(combatant, **changes)
            return self.with_combatant(copy)
        values = combatant.__dict__
        count = len(values)
        values.update(changes)
        if len(values) != count:  # a name that is no field adds a key, as ``evolve`` refuses
            raise TypeError(f"Combatant has no field {', '.join(sorted(changes))}")
        return self

    def with_effect_counted(self) -> EncounterState:
        self.__dict__["next_effect"] += 1
        return self

    def without_combatant(self, combatant: CombatantId) -> EncounterState:
        fields = self.__dict__
        combatants = fields["combatants"]
        if combatants is fields["_base"].combatants:
            combatants = fields["combatants"] = dict(combatants)
        del combatants[combatant]
        fields["_left"] = True
        return self


def fold(state: EncounterState, events: Sequence[Event]) -> EncounterState:
    """``state`` with ``events`` applied in order: the state the events' ``apply`` give one by
    one (equal to it, with the same ``anchored``), built through one draft."""
    if len(events) < 2:
        for event in events:
            if event.changes_state:  # a record's apply returns the state as it is
                state = event.apply(state)
        return state
    draft: EncounterState = _draft(state)
    for event in events:
        if event.changes_state:
            draft = event.apply(draft)
    return _settled(draft, state)


def _draft(state: EncounterState) -> Draft:
    draft = object.__new__(Draft)
    fields = draft.__dict__
    source = state.__dict__
    for name in _FIELDS:
        fields[name] = source[name]
    fields["_base"] = state
    fields["_changed"] = []
    fields["_made"] = {}
    fields["_left"] = False
    return draft


def _settled(draft: EncounterState, base: EncounterState) -> EncounterState:
    """The frozen state ``draft`` stands for, keeping ``anchored`` along from ``base``."""
    fields = draft.__dict__
    state = object.__new__(EncounterState)
    settled = state.__dict__
    for name in _FIELDS:
        settled[name] = fields[name]
    combatants = settled["combatants"]
    before = base.combatants
    kept: tuple[object, tuple[CombatantId, ...]] | None = base.__dict__.get(_ANCHORED)
    if kept is None or kept[0] is not before or fields["_left"]:  # base._known_anchored();
        return state  # one who left may be back elsewhere in the order: worked out afresh
    known = kept[1]
    if combatants is not before:
        for changed in dict.fromkeys(fields["_changed"]):
            now = combatants[changed]
            if (was := before.get(changed)) is None or was.effects is not now.effects:
                known = _holders_after(known, combatants, now)
    settled[_ANCHORED] = (combatants, known)  # state._keep_anchored(known), without a call
    return state

"""Every dbu rule kept to the order of play around it: a waiting Effect or End Phase
(``phases``), an announced sequence of Instant Actions (``instant_order``) and the pause an
Out-of-Sequence Action makes (``response``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.dice import DiceSource
from fracas.engine.action import Action
from fracas.engine.events import Event, MarkSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction, Rule
from fracas.engine.state import EncounterState
from fracas.rules.dbu.actions import EffectOrder
from fracas.rules.dbu.instant_order import INSTANT_PLACE, place_of, require_next
from fracas.rules.dbu.phase_names import AUTO, PHASE_WAITS
from fracas.rules.dbu.queries import answerer, standing
from fracas.rules.dbu.response import require_unpaused


@frozen
class InOrder:
    """A dbu rule whose actor must be next in the announced sequence and not paused by another's
    Out-of-Sequence Action; the action takes the actor's place in the sequence."""

    rule: Rule[Any]

    def cost(self, state: EncounterState, action: Action) -> Cost:
        return self.rule.cost(state, action)

    def verify(self, state: EncounterState, action: Action) -> None:
        who = action.actor
        if who is not None and who in state.combatants:
            if not isinstance(action, EffectOrder):
                require_no_phase_waiting(state, action.verb)
            require_unpaused(state, who, action.verb)
            require_next(state, who, action.verb)
        self.rule.verify(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: DiceSource) -> Sequence[Event]:
        who = action.actor
        held = who is not None and place_of(state, who) is not None
        taken = [MarkSet(who, INSTANT_PLACE, None)] if who is not None and held else []
        return [*taken, *self.rule.resolve(state, action, dice)]


def require_no_phase_waiting(state: EncounterState, verb: str) -> None:
    """'The Effect Phase happens before anything else': while a player orders what occurs at
    once in its Effect or End Phase, nobody else acts (the phase of one Defeated meanwhile
    pauses nobody: it takes the default order when the turn ends)."""
    for combatant in state:
        phase = combatant.marks.get(PHASE_WAITS)
        if phase is not None and standing(combatant):
            title = "Effect Phase" if phase == "effect" else "End Phase"
            named, answers = answerer(combatant)
            raise IllegalAction(
                "phase-waits",
                f"{verb}: {named}'s {title} comes first ({answers}: phases"
                f" ITEM,… or phases {AUTO}; end takes the default order)",
            )

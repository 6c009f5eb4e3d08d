"""Every dbu rule kept to the order of play around it: an announced sequence of Instant Actions
(``instant_order``) and the pause an Out-of-Sequence Action makes (``response``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fracas.dice import DiceSource
from fracas.engine.action import Action
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import Cost, Rule
from fracas.engine.state import EncounterState
from fracas.rules.dbu.instant_order import INSTANT_PLACE, place_of, require_next
from fracas.rules.dbu.response import require_unpaused


@dataclass(frozen=True)
class InOrder:
    """A dbu rule whose actor must be next in the announced sequence and not paused by another's
    Out-of-Sequence Action; the action takes the actor's place in the sequence."""

    rule: Rule[Any]

    def cost(self, state: EncounterState, action: Action) -> Cost:
        return self.rule.cost(state, action)

    def verify(self, state: EncounterState, action: Action) -> None:
        who = action.actor
        if who is not None and who in state.combatants:
            require_unpaused(state, who, action.verb)
            require_next(state, who, action.verb)
        self.rule.verify(state, action)

    def resolve(self, state: EncounterState, action: Action, dice: DiceSource) -> Sequence[Event]:
        who = action.actor
        held = who is not None and place_of(state, who) is not None
        taken = [MarkSet(who, INSTANT_PLACE, None)] if who is not None and held else []
        return [*taken, *self.rule.resolve(state, action, dice)]

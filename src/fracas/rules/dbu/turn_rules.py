"""Rules of the action-economy and set-up actions: converting Actions, surprise."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.dice import DiceSource
from fracas.engine.events import EffectApplied, Event, MarkSet, PoolChanged
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import BOUND, bound_actions
from fracas.rules.dbu.economy import ACTIONS, CONVERTED
from fracas.rules.dbu.queries import GUARD_DOWN, SURPRISED, acting, require_able


@dataclass(frozen=True)
class ConvertRule:
    """'you may choose at any point during a Combat Round to convert any Action into a Counter
    Action' (on anyone's turn)."""

    def cost(self, state: EncounterState, action: a.Convert) -> Cost:
        return {ACTIONS: action.count}

    def verify(self, state: EncounterState, action: a.Convert) -> None:
        require_able(state, acting(action), action.verb)
        if action.count < 1:
            raise IllegalAction("bad-count", "convert: convert 1 or more Actions")

    def resolve(
        self, state: EncounterState, action: a.Convert, dice: DiceSource
    ) -> Sequence[Event]:
        """A commanded Action bound to movement may be 'transferred into a Counter Action'."""
        actor = acting(action)
        events: list[Event] = [
            PoolChanged(actor, CONVERTED, action.count, "converted from Actions")
        ]
        bound = bound_actions(state[actor])
        if bound:
            events.append(MarkSet(actor, BOUND, max(bound - action.count, 0) or None))
        return events


@dataclass(frozen=True)
class SurpriseRule:
    """'When a character is surprised, they cannot take any Actions (not even Instant Actions)
    during the surprise round and they have the Guard Down Combat Condition … until the end of
    the surprise round.' The surprise round is round 1 (``Dbu.order``)."""

    def cost(self, state: EncounterState, action: a.Surprise) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Surprise) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "surprise: the Architect decides surprise")
        if state.clock.started:
            raise IllegalAction("already-started", "surprise: only before combat starts")
        if not action.targets:
            raise IllegalAction("bad-surprise", "surprise: name who is surprised")

    def resolve(
        self, state: EncounterState, action: a.Surprise, dice: DiceSource
    ) -> Sequence[Event]:
        events: list[Event] = []
        for who in dict.fromkeys(action.targets):
            if state[who].marks.get(SURPRISED):
                continue
            guard_down = Effect(name=GUARD_DOWN, ends=Anchor(1, who, Moment.END))
            events += [MarkSet(who, SURPRISED, True), EffectApplied(who, guard_down)]
        return events

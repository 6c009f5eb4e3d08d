"""A Triggered Maneuver's response, taken on another's turn as an Out-of-Sequence Action.

"When the defined activation happens, you immediately use your response as an Out-of-Sequence
Action. Perform your response and fully resolve its effects. Afterward, the turn and round will
continue as normal." ``respond`` opens the response: the Actions paid for the Triggered
Maneuver become the combatant's Actions, usable out of turn, for any Maneuver; the response is
over when they are spent or the current turn ends, and the Actions it had before come back
(none of the response's are kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, Note, PoolSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Effect, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.form_rules import TRIGGER
from fracas.rules.dbu.queries import RESPONDING, acting, require_able, standing


@dataclass(frozen=True)
class RespondRule:
    """Open the response of a waiting Triggered Maneuver (see the module)."""

    def cost(self, state: EncounterState, action: a.Respond) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Respond) -> None:
        actor = acting(action)
        require_able(state, actor, action.verb)
        if state[actor].effect(TRIGGER) is None:
            raise IllegalAction("no-trigger", "respond: no Triggered Maneuver is waiting")
        if state.is_turn_of(actor):
            raise IllegalAction(
                "your-turn", "respond: a response is taken during another character's turn"
            )
        if state[actor].has(RESPONDING):
            raise IllegalAction("responding", "respond: one Out-of-Sequence Action at a time")

    def resolve(
        self, state: EncounterState, action: a.Respond, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        trigger = state[actor].effect(TRIGGER)
        assert trigger is not None
        paid = trigger.data.get("actions")
        kept = state[actor].pools[ACTIONS].current
        responding = Effect(name=RESPONDING, source=actor, data={"kept": kept})
        return [
            EffectEnded(actor, trigger.id, "triggered"),
            Note(f"responds to {trigger.data.get('when') or 'the trigger'}", actor),
            EffectApplied(actor, responding),
            PoolSet(actor, ACTIONS, paid if isinstance(paid, int) else 0, reason=RESPONDING),
        ]


def require_unpaused(state: EncounterState, who: CombatantId, verb: str) -> None:
    """'all other maneuvers are paused while the Out-of-Sequence Actions are completed': only
    the one responding acts until its response is over."""
    for combatant in state:
        if combatant.id != who and combatant.has(RESPONDING) and standing(combatant):
            raise IllegalAction(
                "paused",
                f"{verb}: everything is paused while {combatant.name}'s Out-of-Sequence Action"
                " is completed",
            )


def responses_over(state: EncounterState, *, turn_ended: bool) -> list[Event]:
    """End the responses whose Actions are spent (every response, when ``turn_ended``) and
    give back the Actions their combatants had before."""
    events: list[Event] = []
    for combatant in state:
        effect = combatant.effect(RESPONDING)
        if effect is None or (combatant.pools[ACTIONS].current and not turn_ended):
            continue
        kept = effect.data.get("kept")
        events += [
            EffectEnded(combatant.id, effect.id, "response over"),
            PoolSet(combatant.id, ACTIONS, kept if isinstance(kept, int) else 0, reason=RESPONDING),
        ]
    return events

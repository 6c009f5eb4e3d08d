"""Out-of-Sequence Actions: a Triggered Maneuver's response, taken on another's turn, or one a
Trait or Talent grants, taken at any point (one's own turn too).

"When the defined activation happens, you immediately use your response as an Out-of-Sequence
Action. Perform your response and fully resolve its effects. Afterward, the turn and round will
continue as normal." ``respond`` opens the response: the Actions paid for the Triggered
Maneuver become the combatant's Actions, usable out of turn, for any Maneuver; the response is
over when they are spent, when its combatant finishes it (``respond -done``) or when the
current turn ends, and the Actions it had before come back (none of the response's are kept).

"Out-of-Sequence Actions … can only be activated by Traits, Talents or Effects that specifically
state that an Out-of-Sequence action is activated … they cost no traditional actions … You can
only use one Out-of-Sequence Action at a time. If multiple would activate in response to a
situation, you can choose which one to use – the others are not used but also do not count as
being activated for any 'once per Combat Round' or 'once per Combat Encounter' limitations." A
sheet's ``out_of_sequence`` grants (its Traits and Talents, from other chapters) are taken with
``respond -with NAME``: the Actions they give, for any Maneuver, at no cost; only the one chosen
counts as activated against its limit. Such an Action "can occur at any point", so on one's own
turn too (the Actions left are kept for after it); a Triggered Maneuver "lets you take part of
your turn during another character's turn", so its response is refused on one's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet, Note, PoolSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.form_rules import TRIGGER
from fracas.rules.dbu.queries import (
    RESPONDING,
    acting,
    answerer,
    require_able,
    sheet_of,
    standing,
)
from fracas.rules.dbu.sheet import OutOfSequence


@frozen
class RespondRule:
    """Open the response of a waiting Triggered Maneuver (see the module)."""

    def cost(self, state: EncounterState, action: a.Respond) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Respond) -> None:
        actor = acting(action)
        if action.done:
            if not state[actor].has(RESPONDING):
                raise IllegalAction(
                    "not-responding", f"respond -done: {state[actor].name} is not responding"
                )
            return
        require_able(state, actor, action.verb)
        if action.grant is not None:
            _require_grant(state, actor, action.grant)
        elif state[actor].effect(TRIGGER) is None:
            raise IllegalAction("no-trigger", "respond: no Triggered Maneuver is waiting")
        elif state.is_turn_of(actor):
            raise IllegalAction(
                "your-turn",
                "respond: a Triggered Maneuver's response is taken during another character's turn",
            )
        if state[actor].has(RESPONDING):
            raise IllegalAction("responding", "respond: one Out-of-Sequence Action at a time")

    def resolve(
        self, state: EncounterState, action: a.Respond, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        if action.done:
            return _over(state[actor])
        if action.grant is not None:
            grant = _granted(state, actor, action.grant)
            assert grant is not None
            opening: list[Event] = [
                Note(f"activates {grant.name} (an Out-of-Sequence Action)", actor),
                MarkSet(actor, _used(grant.name), state.clock.round),
            ]
            return [*opening, *_responding(state, actor, grant.actions)]
        trigger = state[actor].effect(TRIGGER)
        assert trigger is not None
        paid = trigger.data.get("actions")
        return [
            EffectEnded(actor, trigger.id, "triggered"),
            Note(f"responds to {trigger.data.get('when') or 'the trigger'}", actor),
            *_responding(state, actor, paid if isinstance(paid, int) else 0),
        ]


def _responding(state: EncounterState, actor: CombatantId, actions: int) -> list[Event]:
    """The response opens with ``actions``; the Actions ``actor`` had come back after it."""
    kept = state[actor].pools[ACTIONS].current
    responding = Effect(name=RESPONDING, source=actor, data={"kept": kept})
    return [EffectApplied(actor, responding), PoolSet(actor, ACTIONS, actions, reason=RESPONDING)]


OUT_OF_SEQUENCE_USED = "out_of_sequence:"
"""Mark prefix: the round in which the Out-of-Sequence Action named after it was activated."""


def _used(grant: str) -> str:
    return f"{OUT_OF_SEQUENCE_USED}{grant}"


def _granted(state: EncounterState, actor: CombatantId, name: str) -> OutOfSequence | None:
    wanted = name.strip().lower()
    return next(
        (g for g in sheet_of(state[actor]).out_of_sequence if g.name.lower() == wanted), None
    )


def _require_grant(state: EncounterState, actor: CombatantId, name: str) -> None:
    """The grant is on the sheet and its 'once per Combat Round / Encounter' is not used up."""
    grant = _granted(state, actor, name)
    if grant is None:
        known = ", ".join(g.name for g in sheet_of(state[actor]).out_of_sequence) or "none"
        raise IllegalAction("unknown-grant", f"respond -with: no {name!r} (has: {known})")
    used = state[actor].marks.get(_used(grant.name))
    if grant.per == "encounter" and used is not None:
        raise IllegalAction(
            "once-per-encounter", f"respond: {grant.name} is once per Combat Encounter"
        )
    if grant.per == "round" and used == state.clock.round:
        raise IllegalAction("once-per-round", f"respond: {grant.name} is once per Combat Round")


def require_unpaused(state: EncounterState, who: CombatantId, verb: str) -> None:
    """'all other maneuvers are paused while the Out-of-Sequence Actions are completed': only
    the one responding acts until its response is over."""
    for combatant in state:
        if not combatant.effects or combatant.id == who:  # asked of everyone before every action
            continue
        if combatant.has(RESPONDING) and standing(combatant):
            raise IllegalAction(
                "paused",
                f"{verb}: everything is paused while {answerer(combatant)[0]}'s Out-of-Sequence"
                " Action is completed",
            )


def responses_over(state: EncounterState, *, turn_ended: bool) -> list[Event]:
    """End the responses whose Actions are spent (every response, when ``turn_ended``) and
    give back the Actions their combatants had before."""
    events: list[Event] = []
    for combatant in state:
        if combatant.pools[ACTIONS].current and not turn_ended:
            continue
        events += _over(combatant)
    return events


def _over(combatant: Combatant) -> list[Event]:
    """``combatant``'s response, if it has one, is over: its Actions before it come back."""
    effect = combatant.effect(RESPONDING)
    if effect is None:
        return []
    kept = effect.data.get("kept")
    return [
        EffectEnded(combatant.id, effect.id, "response over"),
        PoolSet(combatant.id, ACTIONS, kept if isinstance(kept, int) else 0, reason=RESPONDING),
    ]


def responder(state: EncounterState) -> Combatant | None:
    """The one whose Out-of-Sequence Action is being completed, if anyone (standing)."""
    return next((c for c in state if c.has(RESPONDING) and standing(c)), None)

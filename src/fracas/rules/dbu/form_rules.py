"""Transformation and the Triggered Maneuver."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import EffectApplied, EffectEnded, Event, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment, Scalar
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.queries import (
    HOLDING_BACK,
    TRANSFORMED,
    acting,
    require_turn,
    sheet_of,
)
from fracas.rules.dbu.sheet import Transformation

TRIGGER = "Triggered Maneuver"
"""Effect: Actions spent on a Triggered Maneuver (data ``actions``, ``when``), until the start
of the owner's next turn."""


def form_named(sheet_forms: list[Transformation], name: str) -> Transformation | None:
    wanted = name.strip().lower()
    return next((f for f in sheet_forms if f.name.lower() == wanted), None)


@frozen
class TransformRule:
    """'You can use this Maneuver to transform into any available transformation. If you intend
    to stack transformations … you must use this Maneuver twice – once for each transformation.'
    Holding Back: 'If you would increase your Tier of Power through any means … stop Holding
    Back and lose all Holding Back stacks.'"""

    def cost(self, state: EncounterState, action: a.Transform) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Transform) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 1, action.verb)
        require_not_charging(state, actor, action.verb)
        forms = sheet_of(state[actor]).transformations
        form = form_named(forms, action.form)
        if form is None:
            known = ", ".join(f.name for f in forms) or "none"
            raise IllegalAction("unknown-form", f"transform: no {action.form!r} (has: {known})")
        taken = [e.data.get("form") for e in state[actor].effects if e.name == TRANSFORMED]
        if form.name in taken:
            raise IllegalAction("transformed", f"transform: already in {form.name}")

    def resolve(
        self, state: EncounterState, action: a.Transform, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        form = form_named(sheet_of(state[actor]).transformations, action.form)
        assert form is not None
        data: dict[str, Scalar] = {"form": form.name, "tiers": form.tiers}
        effect = Effect(name=TRANSFORMED, source=actor, data=data)
        events: list[Event] = [EffectApplied(actor, effect)]
        held = state[actor].effect(HOLDING_BACK)
        if held is not None and form.tiers:
            events.append(EffectEnded(actor, held.id, "Tier of Power increased"))
        return events


@frozen
class TriggerRule:
    """'declare what will activate your maneuver … Then, declare what your responses … Note the
    Action Cost of Triggered Maneuver is equal to the Action Cost of your response activation …
    When the defined activation happens, you immediately use your response as an
    Out-of-Sequence Action … If the defined activation doesn't happen before the start of your
    next turn, the actions spent on the Triggered Maneuver are effectively lost.' The response
    is given later with ``-triggered`` (an attack) and costs no more Actions."""

    def cost(self, state: EncounterState, action: a.Trigger) -> Cost:
        return {ACTIONS: action.actions}

    def verify(self, state: EncounterState, action: a.Trigger) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, action.actions, action.verb)
        if action.actions < 1:
            raise IllegalAction("bad-count", "trigger: the response costs 1 Action or more")
        if state[actor].has(TRIGGER):
            raise IllegalAction("triggered", "trigger: a Triggered Maneuver is already waiting")

    def resolve(
        self, state: EncounterState, action: a.Trigger, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        ends = Anchor(state.clock.round + 1, actor, Moment.START)
        data: dict[str, Scalar] = {"actions": action.actions, "when": action.when}
        effect = Effect(name=TRIGGER, ends=ends, source=actor, data=data)
        return [EffectApplied(actor, effect), Note(f"waits: {action.when or 'a trigger'}", actor)]

"""The ``trigger`` action (Trigger and Detection powers whose conditions are met) and
``drop`` (a power's end: its effects end without further Resistance Checks)."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import EffectEnded, Event, reduce
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser import powers as p
from fracas.rules.kaiser.events import PowerUsed
from fracas.rules.kaiser.lingering import (
    affecting,
    is_immune,
    power_effects,
)
from fracas.rules.kaiser.power_rules import MISSES, PowerRule, Resisting, aimed, power_named
from fracas.rules.kaiser.queries import (
    acting,
    require_standing,
)
from fracas.rules.kaiser.sheet import Power, PowerType


class TriggerRule(PowerRule):
    def cost(self, state: EncounterState, action: a.Trigger) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Trigger) -> None:
        actor = acting(action)
        if not state.clock.started:
            raise IllegalAction("not-started", "trigger: combat has not started yet")
        require_standing(state, actor)
        owner = state[actor]
        power = power_named(owner, action.power)
        if not power.types & {PowerType.TRIGGER, PowerType.DETECTION}:
            raise IllegalAction("not-a-trigger", f"{power.name} is not a Trigger power")
        if not action.targets:
            raise IllegalAction("no-target", f"{power.name}: name who meets its conditions (-on)")
        for target_id in action.targets:
            target = state[target_id]
            if is_immune(target, power.name):
                raise IllegalAction(
                    "immune",
                    f"{target.name} passed the check against {power.name} and is"
                    " immune to it for now",
                )
            if not self.settings.trigger_affected_again:
                self._verify_not_affected(target, owner, power)
        self._verify_targets(state, owner, power, action.targets)
        reach = p.reach(power, self.settings.unlisted_range_ft)
        if not p.in_range(reach, action.distance):
            raise IllegalAction(
                "out-of-range",
                f"{power.name}'s centre must lie within {reach} feet",
            )
        if action.allow:
            self._verify_allow(state, action.targets, agreed=action.agreed)

    @staticmethod
    def _verify_not_affected(target: Combatant, owner: Combatant, power: Power) -> None:
        """A target already suffering the power resists it again only with the setting
        ``trigger_affected_again``: the seed gives a new check once an immunity ends, none
        while the effect lasts."""
        suffered = affecting(target, owner.id, power.name)
        if suffered is None:
            return
        raise IllegalAction(
            "already-affected",
            f"{target.name} already suffers {owner.name}'s {power.name} ({suffered.name}):"
            " it resists again at its repeat check, or when the power ends and triggers anew",
        )

    def resolve(
        self, state: EncounterState, action: a.Trigger, dice: DiceSource
    ) -> Sequence[Event]:
        owner = state[acting(action)]
        power = power_named(owner, action.power)
        how = Resisting(owner.id, power, action.allow, state.clock.round)
        events: list[Event] = [PowerUsed(owner.id, power.name, action.targets)]
        if action.difficult is not None:
            single = action.targets[0] if len(action.targets) == 1 else None
            offence, parts = self.offensive_roll(owner, power, dice, against=single)
            aim = aimed(owner.id, power, offence, parts, action.difficult)
            events.append(aim)
            if aim.result.endswith(MISSES):
                return events
        for target_id in action.targets:
            now = reduce(state, events)
            events += self.resist(now, now[target_id], how, dice)
        return events


class DropRule:
    def cost(self, state: EncounterState, action: a.Drop) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Drop) -> None:
        actor = acting(action)
        require_standing(state, actor)
        power = power_named(state[actor], action.power)
        if not power_effects(list(state), actor, power.name):
            raise IllegalAction("not-maintained", f"{power.name} keeps no effect on anyone")

    def resolve(self, state: EncounterState, action: a.Drop, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        power = power_named(state[actor], action.power)
        return [
            EffectEnded(holder.id, effect.id, reason=f"{power.name} ended")
            for holder, effect in power_effects(list(state), actor, power.name)
        ]

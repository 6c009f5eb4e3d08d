"""Raising a supernatural barrier in advance: the ``raise`` action.

Seed: "a barrier used to protect someone else must have been created as an Active Action ...
before the target is attacked"; an area barrier "can be created using a Swift Action as part of
the Defense as long as you are one of the covered creatures. If you are not, you must use a
barrier that you had created before the attack." Raising it again replaces the old one.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import EffectApplied, EffectEnded, Event
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Effect, EncounterState
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser.barriers import Cover, area_radius_feet
from fracas.rules.kaiser.innate import require_no_innate_spell_kept
from fracas.rules.kaiser.lingering import POWER
from fracas.rules.kaiser.power_rules import (
    cast,
    from_innate_mana,
    power_cost,
    power_named,
    require_prepared,
)
from fracas.rules.kaiser.queries import acting, is_dead, require_action_phase_turn
from fracas.rules.kaiser.shielding import BARRIER, RADIUS, barrier_data
from fracas.rules.kaiser.states import characteristic_of, sacrifices
from fracas.rules.kaiser.vocabulary import Characteristic


def cover_of(action: a.Raise) -> Cover:
    actor = acting(action)
    if action.area:
        return Cover.AREA
    return Cover.SELF if action.over in ((), (actor,)) else Cover.OTHER


@frozen
class RaiseRule:
    def cost(self, state: EncounterState, action: a.Raise) -> Cost:
        caster = state[acting(action)]
        return power_cost(caster, power_named(caster, action.power))

    def verify(self, state: EncounterState, action: a.Raise) -> None:
        actor = acting(action)
        require_action_phase_turn(state, actor, action.verb)
        power = power_named(state[actor], action.power)
        if not power.raises_barrier:
            raise IllegalAction("not-a-barrier", f"{power.name} raises no supernatural barrier")
        require_prepared(state[actor], power)
        innate = from_innate_mana(state[actor], power)
        require_no_innate_spell_kept(state, state[actor], power, innate=innate)
        if not action.area and len(action.over) > 1:
            raise IllegalAction(
                "one-other", "a barrier covers one creature, or an area (-area) for several"
            )
        for covered in action.over:
            if is_dead(state[covered]):
                raise IllegalAction("dead-target", f"{state[covered].name} is dead")

    def resolve(self, state: EncounterState, action: a.Raise, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        power = power_named(state[actor], action.power)
        over = action.over or (actor,)
        events: list[Event] = [
            EffectEnded(actor, e.id, reason="raised anew")
            for e in state[actor].effects
            if e.data.get(BARRIER) and e.data.get(POWER) == power.name
        ]
        data = barrier_data(power, cover_of(action), over, since=state.clock.round)
        if action.area:
            data[RADIUS] = area_radius_feet(characteristic_of(state[actor], Characteristic.FOCUS))
        events.append(EffectApplied(actor, Effect(power.name, source=actor, data=data)))
        return events + cast(state[actor], power) + sacrifices(state[actor], power)

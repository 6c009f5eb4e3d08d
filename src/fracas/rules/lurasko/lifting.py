"""Pseudogravity through the engine: spending points on a target against its weight.

"The amount of pseudogravity points being expended must be decided by the user before taking
the required action to use them": the points are part of the action and are spent whatever
happens. "Expending pseudogravity points in any way causes the user to become a dim light
source, reverting them to Low Stealth. The target does not glow, but both user and target emit
a distinctive sound."
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from fracas.dice import DiceSource
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.lurasko.actions import Lift, Silence
from fracas.rules.lurasko.events import PseudogravityUsed
from fracas.rules.lurasko.pseudogravity import (
    Expenditure,
    GroupMove,
    effective_points,
    effective_weight,
    may_remove_from_group,
    removes_cover,
    silencings_that_apply,
)
from fracas.rules.lurasko.queries import (
    ACTIONS,
    COVER,
    GROUP_DEFENSE,
    PSEUDOGRAVITY_LIGHT,
    SILENCING,
    YIELDS,
    chosen,
    sheet_of,
)
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Lifter
from fracas.rules.lurasko.turns import acting, require_turn


def lifter_of(user: Combatant, name: str | None) -> Lifter:
    """The pseudogravity source called ``name`` (any case, a unique prefix), or the first."""
    return chosen(sheet_of(user).pseudogravity, name, "pseudogravity source", user.name)


def silencings_at(target: Combatant) -> tuple[int, ...]:
    """The silencing where the target begins (its own location), unless it is a gravnet ship."""
    amounts = [e.data.get("amount") for e in target.effects if e.name == SILENCING]
    found = [a for a in amounts if isinstance(a, int)]
    return silencings_that_apply(at_object_start=found, gravnet_airship=sheet_of(target).gravnet)


@frozen
class LiftRule:
    settings: LuraskoSettings

    def cost(self, state: EncounterState, action: Lift) -> Cost:
        lifter = lifter_of(state[acting(action)], action.source)
        cost = {lifter.pool_name: action.points}
        if self.settings.lifting_uses_action:
            cost[ACTIONS] = 1
        return cost

    def verify(self, state: EncounterState, action: Lift) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        lifter_of(state[actor], action.source)
        if action.target == actor:
            raise IllegalAction("self-target", "lift: pseudogravity here moves someone else")
        if action.points < 1:
            raise IllegalAction("bad-points", "lift: spend 1 point or more")

    def resolve(self, state: EncounterState, action: Lift, dice: DiceSource) -> Sequence[Event]:
        user, target = state[acting(action)], state[action.target]
        lifter = lifter_of(user, action.source)
        sheet = sheet_of(target)
        yields = action.willing or bool(target.marks.get(YIELDS))
        weight = effective_weight(
            sheet.pound_weight,
            sheet.inventory_lb,
            flying_spd=sheet.flying_spd,
            resists=not yields and sheet.flying_spd > 0,
        )
        silencings = silencings_at(target)
        share = Fraction(lifter.percent_of_weight, 100)
        moved = Expenditure(action.points).moves(weight, share, silencings)
        events: list[Event] = [
            PseudogravityUsed(
                user.id,
                target.id,
                lifter.name,
                action.points,
                silencings,
                math.floor(effective_points(action.points, silencings)),
                math.floor(weight),
                math.ceil(weight * share),
                moved,
                action.item,
            )
        ]
        if action.willing and not target.marks.get(YIELDS):
            events.append(MarkSet(target.id, YIELDS, True))
        events += self._light(state, user)
        if moved:
            events += _displaced(target, lifter)
        return events

    def _light(self, state: EncounterState, user: Combatant) -> list[Event]:
        if user.has(PSEUDOGRAVITY_LIGHT):
            return []
        ends = None
        if self.settings.pseudogravity_light_until_turn_end:
            ends = Anchor(state.clock.round, user.id, Moment.END)
        return [EffectApplied(user.id, Effect(name=PSEUDOGRAVITY_LIGHT, ends=ends, source=user.id))]


def _displaced(target: Combatant, lifter: Lifter) -> list[Event]:
    """A target moved by pseudogravity leaves cover, and group defense if the move reaches
    short range; pseudogravity never puts anyone into group defense."""
    move = GroupMove(grants_flying_spd=lifter.grants_flight, short_range=lifter.short_range)
    leaving = []
    if removes_cover(move):
        leaving.append(target.effect(COVER))
    if may_remove_from_group(move):
        leaving.append(target.effect(GROUP_DEFENSE))
    return [
        EffectEnded(target.id, effect.id, reason="moved by pseudogravity")
        for effect in leaving
        if effect is not None
    ]


class SilenceRule:
    """The game master places silencing; it is "not visible or audible"."""

    def cost(self, state: EncounterState, action: Silence) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Silence) -> None:
        if action.amount < 1:
            raise IllegalAction("bad-silencing", "silence: an amount of 1 or more")

    def resolve(self, state: EncounterState, action: Silence, dice: DiceSource) -> Sequence[Event]:
        effect = Effect(name=SILENCING, data={"amount": action.amount})
        return [EffectApplied(action.target, effect)]

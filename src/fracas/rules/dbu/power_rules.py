"""Power Up and the Surge Maneuver: more Ki to spend, a second wind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fracas.dice import DiceSource, roll
from fracas.engine.events import EffectApplied, EffectChanged, Event, MarkSet, PoolChanged, PoolSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, KP, LP
from fracas.rules.dbu.events import PointsRolled
from fracas.rules.dbu.modifiers import COMBAT_ROLLS
from fracas.rules.dbu.queries import (
    acting,
    require_able,
    require_turn,
    sheet_of,
    tier_of,
    turn_passed,
)
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.support_rules import restore
from fracas.rules.dbu.tiers import solid_dice
from fracas.rules.dbu.vocabulary import Attribute

POWERED_UP = "Power Up"
SURGED = "surged"
"""Effect of the Power Up Maneuver (data ``combat_rolls``: its stacks); mark: a Surge used."""


def power_stacks(combatant: Combatant) -> int:
    effect = combatant.effect(POWERED_UP)
    stacks = effect.data.get(COMBAT_ROLLS) if effect is not None else None
    return stacks if isinstance(stacks, int) else 0


def powered_rate(rate: int, stacks: int, *, settings: DbuSettings) -> int:
    """A Capacity Rate of ``rate`` with ``stacks`` of Power Up, each raising it by 1/4 (rounded
    down): of the base rate, or of the rate the stack before left (``power_up_stacking``)."""
    if settings.power_up_stacking == "added":
        return rate + stacks * (rate // 4)
    for _ in range(stacks):
        rate += rate // 4
    return rate


def capacity_rate(combatant: Combatant, *, settings: DbuSettings) -> int:
    """The Capacity Rate, raised by 1/4 for each Power Up stack."""
    rate = sheet_of(combatant).capacity_rate
    return powered_rate(rate, power_stacks(combatant), settings=settings)


def capacity_resets(state: EncounterState, *, settings: DbuSettings) -> list[Event]:
    """At a round's start, each Capacity pool's maximum follows its Capacity Rate (a Power Up
    that ended last round no longer raises it)."""
    events: list[Event] = []
    for c in state:
        rate = capacity_rate(c, settings=settings)
        if c.pools[CAPACITY].maximum != rate:
            events.append(PoolSet(c.id, CAPACITY, c.pools[CAPACITY].current, maximum=rate))
    return events


@frozen
class PowerUpRule:
    """'When you use Power Up, increase your Capacity Rate by 1/4 and increase all Combat Rolls
    by +1(T). This increase lasts until the end of your next turn. The Power Up Maneuver cannot
    stack more than twice, and using the Power Up Maneuver a second time does not extend the
    length of the effect.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.PowerUp) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.PowerUp) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 1, action.verb)
        require_not_charging(state, actor, action.verb)
        if power_stacks(state[actor]) >= self.settings.power_up_stacks:
            raise IllegalAction("power-up-stacks", "powerup: it cannot stack more than twice")

    def resolve(
        self, state: EncounterState, action: a.PowerUp, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        combatant = state[actor]
        stacks = power_stacks(combatant)
        rate = sheet_of(combatant).capacity_rate
        settings = self.settings
        extra = powered_rate(rate, stacks + 1, settings=settings) - powered_rate(
            rate, stacks, settings=settings
        )
        capacity = combatant.pools[CAPACITY]
        raised = PoolSet(
            actor,
            CAPACITY,
            capacity.current + extra,
            maximum=capacity.maximum + extra,
            reason="Power Up",
        )
        held = combatant.effect(POWERED_UP)
        if held is not None:
            data = {**held.data, COMBAT_ROLLS: power_stacks(combatant) + 1}
            return [EffectChanged(actor, replace(held, data=data)), raised]
        round_ = state.clock.round + (1 if turn_passed(state, actor) else 0)
        effect = Effect(
            name=POWERED_UP,
            ends=Anchor(round_, actor, Moment.END),
            source=actor,
            data={COMBAT_ROLLS: 1},
        )
        return [EffectApplied(actor, effect), raised]


@frozen
class SurgeRule:
    """'You can use one Surge Maneuver per Combat Encounter … Power Surge … restore 1/4 of your
    total Capacity and Ki Points. Healing Surge … Roll a solid 2d10(T) and heal that many Life
    Points. Increase how many Life/Ki Points you regain when using a Surge Maneuver by your Force
    Modifier.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Surge) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Surge) -> None:
        actor = acting(action)
        require_able(state, actor, action.verb)
        if state[actor].marks.get(SURGED):
            raise IllegalAction("surged", "surge: one Surge Maneuver per Combat Encounter")

    def resolve(self, state: EncounterState, action: a.Surge, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        combatant = state[actor]
        force = sheet_of(combatant).modifiers[Attribute.FORCE]
        events: list[Event] = [MarkSet(actor, SURGED, True)]
        if action.kind == "power":
            ki = combatant.pools[KP].maximum // 4 + force
            capacity = capacity_rate(combatant, settings=self.settings) // 4
            events += restore(combatant, KP, ki, "Power Surge")
            events.append(PoolChanged(actor, CAPACITY, capacity, "Power Surge"))
            return events
        rolled = roll(solid_dice(2, 10, tier_of(combatant)), dice)
        events.append(PointsRolled(actor, "Healing Surge", rolled))
        return [*events, *restore(combatant, LP, rolled.total + force, "Healing Surge")]

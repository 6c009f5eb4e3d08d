"""The Basic Attack Maneuver: Strike Roll vs Dodge Roll, then Wound Roll vs Soak.

"A Strike Roll's dice score is compared to the target's Dodge Roll dice score. If the Strike Roll
is higher, the attack successfully hits; if the Dodge Roll is higher the attack fails and misses
the target. Afterwards, proceed to a Wound Roll."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, CONVERTED, COUNTER, KP, LP, counter_pool
from fracas.rules.dbu.events import StrikeRolled, WoundRolled
from fracas.rules.dbu.modifiers import (
    ATTACKED,
    ATTACKED_ROUND,
    attacks_received,
    dodge_modifiers,
    strike_modifiers,
    wound_modifiers,
)
from fracas.rules.dbu.profiles import PROFILES, Profile, profile_cost
from fracas.rules.dbu.queries import (
    PRONE,
    acting,
    has_effect,
    require_able,
    require_turn,
    standing,
    tier_of,
    turn_passed,
)
from fracas.rules.dbu.rolls import beats, combat_roll
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.wounds import wound

PROVOKING = "Provoking"
"""Effect: the combatant provoked Counter Actions against it (Combat Recovery, leaving melee
range, a failed Grapple) until it ends; the game master may also apply it."""

DESPERATION_GAP = 2
"""Seed: Desperation needs a target 'at least 2 Tiers of Power higher than you'."""


def counter_cost(state: EncounterState, actor: CombatantId) -> Cost:
    """One Counter Action from the pool that would be lost first (``economy.counter_pool``)."""
    combatant = state[actor]
    pool = counter_pool(
        natural=combatant.pools[COUNTER].current,
        converted=combatant.pools[CONVERTED].current,
        turn_passed=turn_passed(state, actor),
    )
    return {pool or COUNTER: 1}


def ki_cost(amount: int) -> Cost:
    """Ki spent counts against the round's Capacity (SOURCES.md 2.7)."""
    return {KP: amount, CAPACITY: amount} if amount else {}


@dataclass(frozen=True)
class AttackRule:
    settings: DbuSettings

    def profile(self, action: a.Attack) -> Profile:
        return PROFILES[action.profile]

    def cost(self, state: EncounterState, action: a.Attack) -> Cost:
        actor = acting(action)
        tier = tier_of(state[actor])
        ki = profile_cost(self.profile(action), tier, per_tier=self.settings.profile_costs_per_tier)
        spent: dict[str, int] = dict(counter_cost(state, actor) if action.counter else {ACTIONS: 1})
        spent.update(ki_cost(ki + action.wager))
        if action.desperation:
            spent[LP] = action.desperation
        return spent

    def verify(self, state: EncounterState, action: a.Attack) -> None:
        actor = acting(action)
        if action.counter:
            require_able(state, actor, action.verb)
            self._verify_counter(state, action)
        else:
            require_turn(state, actor, action.verb)
        if action.target == actor:
            raise IllegalAction("self-target", "attack: you cannot attack yourself")
        if not standing(state[action.target]):
            raise IllegalAction(
                "defeated-target", f"attack: {state[action.target].name} is Defeated"
            )
        profile = self.profile(action)
        if action.foundation not in profile.foundations:
            raise IllegalAction(
                "wrong-profile",
                f"attack: the {profile.name} Profile is not a {action.foundation.value} attack",
            )
        if action.wager < 0 or action.desperation < 0:
            raise IllegalAction("bad-wager", "attack: a wager cannot be negative")
        if action.desperation:
            self._verify_desperation(state, action)

    @staticmethod
    def _verify_counter(state: EncounterState, action: a.Attack) -> None:
        """'If any Maneuver says that it may trigger a Counter Action, it means you may use your
        Counter Actions to use any type of Attacking Maneuver'."""
        if not has_effect(state[action.target], PROVOKING):
            raise IllegalAction(
                "no-counter-trigger",
                f"attack -counter: {state[action.target].name} has provoked no Counter Action",
            )

    @staticmethod
    def _verify_desperation(state: EncounterState, action: a.Attack) -> None:
        """Desperation: 'if the target is at least 2 Tiers of Power higher than you, you can
        wager Life Points on your attack as if they were Ki Points'."""
        actor, target = state[acting(action)], state[action.target]
        if tier_of(target) - tier_of(actor) < DESPERATION_GAP:
            raise IllegalAction(
                "no-desperation",
                f"Desperation: {target.name} is not 2+ Tiers of Power above {actor.name}",
            )
        if action.desperation >= actor.pools[LP].current:
            raise IllegalAction(
                "desperation-too-high",
                f"Desperation: {actor.name} cannot wager all of their Life Points",
            )

    def resolve(self, state: EncounterState, action: a.Attack, dice: DiceSource) -> Sequence[Event]:
        attacker, target = state[acting(action)], state[action.target]
        settings = self.settings
        strike = combat_roll(
            dice,
            tier_of(attacker),
            strike_modifiers(attacker, settings=settings),
            settings=settings,
        )
        dodge = combat_roll(
            dice,
            tier_of(target),
            dodge_modifiers(state, target, settings=settings),
            settings=settings,
        )
        hit = beats(strike.total, dodge.total, settings=settings)
        events: list[Event] = [
            StrikeRolled(attacker.id, target.id, "Basic Attack", strike, dodge, hit),
            *_count_attack(state, target.id),
        ]
        if not hit:
            return events
        wager = action.wager + action.desperation
        rolled = combat_roll(
            dice,
            tier_of(attacker),
            wound_modifiers(attacker, action.foundation, wager=wager, settings=settings),
            settings=settings,
        )
        category = self.profile(action).category
        if has_effect(target, PRONE):
            category = category.shifted(1)
        events.append(WoundRolled(attacker.id, target.id, rolled))
        events += wound(state, attacker.id, target.id, rolled.total, category, settings=settings)
        return events


def _count_attack(state: EncounterState, target: CombatantId) -> list[Event]:
    """One more Attacking Maneuver aimed at ``target`` this round (Diminishing Defense)."""
    count = attacks_received(state, state[target]) + 1
    return [MarkSet(target, ATTACKED_ROUND, state.clock.round), MarkSet(target, ATTACKED, count)]

"""The rules of the Attacking Maneuvers: what they cost, when they are allowed, how they roll.

Every Attacking Maneuver pays its Actions (or Counter Actions, when the target provoked one), the
Ki of its Profile plus any Ki Wager (both count against the Capacity Rate), then goes through the
shared Strike → Dodge → Wound → Soak pipeline (``strike.resolve_attack``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar, Generic, TypeVar

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet, Note, reduce
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.answers import answer_costs, verify_answer
from fracas.rules.dbu.area import caught, verify_area
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import (
    charge_dice,
    charge_ends,
    charge_of,
    charges_held,
    declared,
    require_not_charging,
)
from fracas.rules.dbu.conditions import speeds
from fracas.rules.dbu.counters import counter_cost
from fracas.rules.dbu.duel import ESCAPED, resolve_duel
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, KP, LP, ammunition_pool
from fracas.rules.dbu.form_rules import TRIGGER
from fracas.rules.dbu.grapple import PINNED, tail_held
from fracas.rules.dbu.intervene import verify_intervene
from fracas.rules.dbu.items import lying
from fracas.rules.dbu.modifiers import BOTCH_RATE
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.positions import SQUARE, given_or_measured, next_to, square_of, square_text
from fracas.rules.dbu.profiles import PROFILES, Profile, profile_cost
from fracas.rules.dbu.queries import (
    acting,
    has_effect,
    maneuver_ki,
    require_able,
    require_turn,
    standing,
    tier_of,
)
from fracas.rules.dbu.reload import weapon_named
from fracas.rules.dbu.rolls import Modifier
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.strike import SHAKEN, resolve_attack, strike_roll
from fracas.rules.dbu.terrain_shield import held_hardness
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.united import (
    united_bonus,
    united_costs,
    united_in_duel,
    verify_united,
)
from fracas.rules.dbu.vocabulary import Foundation

A = TypeVar("A", bound=a.Attacking)

PROVOKING = "Provoking"
"""Effect: the combatant provoked Counter Actions against it (Combat Recovery, leaving melee
range, a failed Grapple) until it ends; the game master may also apply it."""

BLITZED = "Blitz"
"""Effect: the Botch Rate raised to 3 after a Blitz, until the start of the next turn."""

DESPERATION_GAP = 2
"""Seed: Desperation needs a target 'at least 2 Tiers of Power higher than you'."""


def ki_cost(amount: int) -> Cost:
    """Ki spent counts against the round's Capacity (SOURCES.md 2.7)."""
    return {KP: amount, CAPACITY: amount} if amount else {}


def refunded_at_once(action: a.Attacking) -> bool:
    """Whether the attack's Ki Wager costs nothing in the end: 'At the start of a Duel
    Maneuver, all Ki Wagers placed onto an Attacking Maneuver are refunded as Ki Points and you
    recover that much of your Capacity' (unless the target may escape the Duel first)."""
    return action.defense == "duel" and not action.escape


def next_turn_start(state: EncounterState, actor: CombatantId) -> Anchor:
    """'until the start of your next turn'."""
    return Anchor(state.clock.round + 1, actor, Moment.START)


@frozen
class AttackingRule(Generic[A]):
    """The shared rule of an Attacking Maneuver; subclasses set its name and Action cost and add
    what makes it special."""

    settings: DbuSettings
    maneuver: ClassVar[str] = "Basic Attack"
    actions: ClassVar[int] = 1

    def profile(self, action: A) -> Profile:
        return PROFILES[action.profile]

    def extra_ki(self, state: EncounterState, action: A) -> int:
        """Ki the maneuver costs beyond its Profile and wager."""
        return 0

    def charges(self, state: EncounterState, action: A) -> int:
        """The Energy Charges the attack carries: those held for it, when it is the declared
        attack launched with Actions."""
        attacker = state.combatants[acting(action)]
        if action.counter or not declared(attacker, action.foundation, action.profile):
            return 0
        return charges_held(attacker)

    def _ki(self, state: EncounterState, action: A, *, wager: int, duel: int) -> int:
        """The Ki of the Profile, the maneuver and the Energy Charges, plus ``wager`` and
        ``duel`` (the Duel wagers)."""
        tier = tier_of(state.combatants[acting(action)])
        per_tier = self.settings.profile_costs_per_tier
        ki = profile_cost(self.profile(action), tier, per_tier=per_tier)
        ki += self.extra_ki(state, action) + wager + duel
        return ki + times_tier(self.settings.charge_ki * self.charges(state, action), tier)

    def cost(self, state: EncounterState, action: A) -> Cost:
        """The Actions (none after a Duel Escape), or Counter Actions; the Ki of the Profile,
        the maneuver, the wager (none when a Duel refunds it at once) and the Duel wagers; a
        Counter Action for a Duel Escape."""
        actor = acting(action)
        attacker = state.combatants[actor]
        wager = 0 if refunded_at_once(action) else action.wager
        ki = self._ki(state, action, wager=wager, duel=sum(action.duel_wagers))
        counters = (self.actions if action.counter else 0) + (1 if action.escape else 0)
        spent: dict[str, int] = {}
        free = has_effect(attacker, ESCAPED) or action.triggered
        if not action.counter and not free:
            spent[ACTIONS] = self.actions
        if counters:
            spent.update(counter_cost(state, actor, counters))
        spent.update(ki_cost(maneuver_ki(attacker, ki)))
        if action.weapon is not None:
            spent[ammunition_pool(weapon_named(attacker, action.weapon))] = 1
        return spent

    def verify(self, state: EncounterState, action: A) -> None:
        actor = acting(action)
        if action.counter:
            require_able(state, actor, action.verb)
            self._verify_counter(state, action)
        elif action.triggered:
            require_able(state, actor, action.verb)
            self._verify_trigger(state, action)
        elif has_effect(state.combatants[actor], ESCAPED):
            require_able(state, actor, action.verb)
        else:
            require_turn(state, actor, action.verb)
            require_free_actions(state, actor, self.actions, action.verb)
            if charge_of(state[actor]) is not None and not self.charges(state, action):
                require_not_charging(state, actor, action.verb)
        if state[actor].has(PINNED):
            raise IllegalAction(
                "pinned", f"{action.verb}: Pinned characters make no Attacking Maneuvers"
            )
        if action.tail_attack and tail_held(state[actor]):
            # Tail Restraint: 'the Grappled … cannot make any Tail Attacks while in the Grapple'.
            raise IllegalAction("tail-held", f"{action.verb}: your tail is held in the Grapple")
        target = state[action.target]
        if action.target == actor:
            raise IllegalAction("self-target", f"{action.verb}: you cannot attack yourself")
        if not standing(target):
            raise IllegalAction("defeated-target", f"{action.verb}: {target.name} is Defeated")
        profile = self.profile(action)
        if action.foundation not in profile.foundations:
            raise IllegalAction(
                "wrong-profile",
                f"{action.verb}: the {profile.name} Profile is not a"
                f" {action.foundation.value} attack",
            )
        if action.wager < 0 or action.defense_ki < 0:
            raise IllegalAction("bad-wager", f"{action.verb}: Ki spent cannot be negative")
        verify_answer(state, action, charges=self.charges(state, action), settings=self.settings)
        if refunded_at_once(action) and action.wager:
            self._verify_wager_placed(state, action)
        verify_intervene(state, action, settings=self.settings)
        verify_area(state, action, profile)
        verify_united(state, action, self.profile(action), settings=self.settings)
        if action.weapon is not None:
            name = weapon_named(state[actor], action.weapon)
            if lying(state[actor], name) is not None:
                raise IllegalAction("not-held", f"{action.verb}: {name} lies where it was thrown")
        if action.shield and held_hardness(target) is None:
            raise IllegalAction("no-terrain", f"{action.verb}: {target.name} holds no terrain")

    def _verify_wager_placed(self, state: EncounterState, action: A) -> None:
        """A wager the Duel refunds is still placed onto the attack first: the Ki of the attack
        with it must be there before the refund."""
        actor = state[acting(action)]
        placed = maneuver_ki(actor, self._ki(state, action, wager=action.wager, duel=0))
        for pool in (KP, CAPACITY):
            have = actor.pools[pool].current
            if have < placed:
                raise IllegalAction(
                    f"not-enough-{pool.lower()}",
                    f"{action.verb}: the attack with its Ki Wager costs {placed} {pool} before"
                    f" the Duel refunds the wager; {actor.name} has {have} {pool} left",
                )

    def _verify_trigger(self, state: EncounterState, action: A) -> None:
        """The response of a Triggered Maneuver, paid when it was declared."""
        trigger = state[acting(action)].effect(TRIGGER)
        paid = trigger.data.get("actions") if trigger is not None else None
        if not isinstance(paid, int) or paid < self.actions or action.counter:
            raise IllegalAction(
                "no-trigger",
                f"{action.verb} -triggered: no Triggered Maneuver worth {self.actions} Action(s)",
            )

    @staticmethod
    def _verify_counter(state: EncounterState, action: A) -> None:
        """'If any Maneuver says that it may trigger a Counter Action, it means you may use your
        Counter Actions to use any type of Attacking Maneuver you can afford the Action Cost
        of.'"""
        if not has_effect(state[action.target], PROVOKING):
            raise IllegalAction(
                "no-counter-trigger",
                f"{action.verb} -counter: {state[action.target].name} has provoked no Counter"
                " Action",
            )

    def plan(self, state: EncounterState, action: A) -> AttackPlan:
        charges = self.charges(state, action)
        return AttackPlan(
            self.maneuver,
            acting(action),
            action.target,
            action.foundation,
            self.profile(action).category,
            wager=action.wager,
            charges=charges,
            signature=action.signature,
            wound_dice=charge_dice(charges, tier_of(state[acting(action)])),
            answer=action.defense,
            flare_ki=action.defense_ki,
            rebound=action.rebound,
            intervener=action.intervene,
            intervention=action.intervention,
            co_deflectors=action.co_deflectors,
            shield=action.shield,
            deflectors=action.deflectors,
            rebound_area=action.rebound_area,
            wound_extra=united_bonus(state, action, settings=self.settings),
        )

    def after(self, state: EncounterState, action: A) -> list[Event]:
        """Events once the attack is over (a raised Botch Rate)."""
        return []

    def resolve(self, state: EncounterState, action: A, dice: DiceSource) -> Sequence[Event]:
        """The target pays its answer; then the Duel, or the Strike against the answer."""
        events: list[Event] = list(answer_costs(state, action, settings=self.settings))
        profile = self.profile(action)
        events += united_costs(reduce(state, events), action, profile, settings=self.settings)
        escaped = state[acting(action)].effect(ESCAPED)
        trigger = state[acting(action)].effect(TRIGGER)
        if action.triggered and trigger is not None:
            events.append(EffectEnded(acting(action), trigger.id, "triggered"))
        elif escaped is not None and not action.counter:
            events.append(EffectEnded(acting(action), escaped.id, "used"))
        paid = reduce(state, events)
        plan = self.plan(state, action)
        if action.defense == "duel":
            events += resolve_duel(
                paid,
                plan,
                dice,
                attack_wagers=action.duel_wagers,
                defense_wagers=action.defender_wagers,
                escape=action.escape,
                settings=self.settings,
                united=united_in_duel(state, action),
            )
        else:
            events += self._strike_all(paid, plan, action, dice)
        return [*events, *self.after(state, action), *self._released(state, action)]

    def _strike_all(
        self, state: EncounterState, plan: AttackPlan, action: A, dice: DiceSource
    ) -> list[Event]:
        """The attack on each target still caught, the target first; an area attack makes one
        Strike Roll that every target's Dodge Roll meets (Rebound: 'All characters within the
        Area of Effect … must roll their Dodge Rolls against your Strike Roll'), and a Deflect
        or Redirect that succeeds spares the rest."""
        targets = caught(action)
        if not action.area:
            return list(resolve_attack(state, plan, dice, settings=self.settings).events)
        events: list[Event] = []
        if action.escaped:
            gone = ", ".join(state[who].name for who in action.escaped)
            events.append(Note(f"{gone} escaped the Area of Effect; the attack goes on"))
        strike = strike_roll(state, plan, dice, settings=self.settings)
        for who in targets:
            aimed = plan if who == action.target else _caught_in_area(plan, who)
            outcome = resolve_attack(
                reduce(state, events), aimed, dice, settings=self.settings, strike=strike
            )
            events += outcome.events
            if outcome.spared:
                events.append(Note("the attack is turned away from every other target"))
                break
        return events

    def _released(self, state: EncounterState, action: A) -> list[Event]:
        """'When you launch your declared attack, you lose all Energy Charges … Until the start
        of your next turn, after using the attack chosen by the Energy Charge Maneuver your Botch
        Rate is increased to 3'; the charge's Guard Down ends."""
        if not self.charges(state, action):
            return []
        actor = acting(action)
        botch = Effect(
            name="Released Charge",
            ends=next_turn_start(state, actor),
            source=actor,
            data={BOTCH_RATE: self.settings.raised_botch_rate},
        )
        return [*charge_ends(state[actor], "attack launched"), EffectApplied(actor, botch)]


class AttackRule(AttackingRule[a.Attack]):
    """Basic Attack Maneuver (1 Action), with Desperation."""

    def cost(self, state: EncounterState, action: a.Attack) -> Cost:
        spent = dict(super().cost(state, action))
        if action.desperation:
            spent[LP] = action.desperation
        return spent

    def verify(self, state: EncounterState, action: a.Attack) -> None:
        super().verify(state, action)
        if action.desperation < 0:
            raise IllegalAction("bad-wager", "attack: a wager cannot be negative")
        if action.desperation:
            self._verify_desperation(state, action)

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

    def plan(self, state: EncounterState, action: a.Attack) -> AttackPlan:
        plan = super().plan(state, action)
        if not action.desperation:  # most attacks wager no Life (replace costs ~2 % of a fight)
            return plan
        return replace(plan, wager=action.wager + action.desperation)


BLITZ_PROFILES = frozenset({"simple", "powered"})


class BlitzRule(AttackingRule[a.Blitz]):
    """'Blitz is a Basic Physical Attack of either the Simple or Powered Profile. You must be at
    least 2 Squares away from the target … (if your Boosted Speed can cover the distance) …
    Increase the Ki Point cost for a Blitz Maneuver by +6(T). Increase the Wound Roll … by +2(T)
    for each square you traveled to your opponent, up to a maximum of +16(T).'"""

    maneuver = "Blitz"
    actions = 2

    def extra_ki(self, state: EncounterState, action: a.Blitz) -> int:
        return times_tier(self.settings.blitz_ki, tier_of(state[acting(action)]))

    def distance(self, state: EncounterState, action: a.Blitz) -> int:
        """The squares to the target: given, or counted on the grid."""
        fallback = self.settings.blitz_min_distance
        return given_or_measured(
            state,
            acting(action),
            action.target,
            action.distance,
            fallback,
            "blitz",
            settings=self.settings,
        )

    def verify(self, state: EncounterState, action: a.Blitz) -> None:
        super().verify(state, action)
        if action.foundation is not Foundation.PHYSICAL or action.profile not in BLITZ_PROFILES:
            raise IllegalAction(
                "wrong-profile", "blitz: a Physical attack of the Simple or Powered Profile"
            )
        attacker = state[acting(action)]
        if any(e.name == SHAKEN and e.source == action.target for e in attacker.effects):
            # SOURCES.md 2.9, Shaken: 'cannot willingly move toward the inflicter'.
            raise IllegalAction(
                "shaken", f"blitz: Shaken, you cannot rush toward {state[action.target].name}"
            )
        distance = self.distance(state, action)
        if distance < self.settings.blitz_min_distance:
            raise IllegalAction(
                "too-close", "blitz: you must be at least 2 Squares away from the target"
            )
        _, speed = speeds(state[acting(action)], settings=self.settings)
        if distance > speed:
            raise IllegalAction(
                "too-far", f"blitz: {distance} squares is beyond your Boosted Speed {speed}"
            )

    def plan(self, state: EncounterState, action: a.Blitz) -> AttackPlan:
        tier = tier_of(state.combatants[acting(action)])
        distance = self.distance(state, action)
        bonus = min(
            times_tier(self.settings.blitz_wound_per_square * distance, tier),
            times_tier(self.settings.blitz_wound_cap, tier),
        )
        blitz = Modifier(f"Blitz, {distance} squares", bonus)
        base = super().plan(state, action)
        return replace(base, wound_extra=(*base.wound_extra, blitz))

    def after(self, state: EncounterState, action: a.Blitz) -> list[Event]:
        """'After you use the Blitz Maneuver, your Botch Rate is increased to 3 for all Combat
        Rolls until the start of your next turn.' On the grid, 'you will travel in a straight
        line towards the target': to the square beside it."""
        actor = acting(action)
        effect = Effect(
            name=BLITZED,
            ends=next_turn_start(state, actor),
            source=actor,
            data={BOTCH_RATE: self.settings.raised_botch_rate},
        )
        events: list[Event] = [EffectApplied(actor, effect)]
        start, target = square_of(state[actor]), square_of(state[action.target])
        if start is not None and target is not None:
            events.append(MarkSet(actor, SQUARE, square_text(next_to(target, start))))
        return events


class CalledShotRule(AttackingRule[a.CalledShot]):
    """'While in Melee Range, a Called Shot suffers a -1(T) penalty to your Strike Roll. If you
    are making a Called Shot at range, you will suffer a negative -2(T) penalty … increased by
    -1 for every 4 Squares … If you succeed at a Called Shot, increase the Damage Category for
    your attack by one category … your ARC may allow you to gain a damage bonus of +3(T)'."""

    maneuver = "Called Shot"
    actions = 2

    def verify(self, state: EncounterState, action: a.CalledShot) -> None:
        super().verify(state, action)
        if self.distance(state, action) < 1:
            raise IllegalAction("bad-distance", "called: the target is 1 or more squares away")

    def distance(self, state: EncounterState, action: a.CalledShot) -> int:
        """The squares to the target: given, counted on the grid, or Melee Range."""
        return given_or_measured(
            state,
            acting(action),
            action.target,
            action.distance,
            1,
            "called",
            settings=self.settings,
        )

    def plan(self, state: EncounterState, action: a.CalledShot) -> AttackPlan:
        tier = tier_of(state.combatants[acting(action)])
        distance = self.distance(state, action)
        penalty = called_shot_penalty(distance, tier, melee_range=self.settings.melee_range)
        damage = (Modifier("vulnerable spot", times_tier(3, tier)),) if action.vulnerable else ()
        base = super().plan(state, action)
        return replace(
            base,
            strike_extra=(Modifier("Called Shot", penalty),),
            wound_extra=(*base.wound_extra, *damage),
            category_on_hit=1,
        )


def _caught_in_area(plan: AttackPlan, who: CombatantId) -> AttackPlan:
    """The attack as it meets another combatant in its area: a plain Dodge Roll."""
    return replace(
        plan,
        target=who,
        answer="dodge",
        flare_ki=0,
        rebound=False,
        intervener=None,
        co_deflectors=(),
        shield=False,
        deflectors=(),
    )


def called_shot_penalty(distance: int, tier: int, *, melee_range: int) -> int:
    """-1(T) within Melee Range; -2(T) at range, and -1 more for every 4 squares away."""
    if distance <= melee_range:
        return -times_tier(1, tier)
    return -times_tier(2, tier) - distance // 4

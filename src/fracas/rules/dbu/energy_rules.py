"""The Ki maneuvers that do not attack: Empower (with Miracle Empowerment) and Energy Charge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fracas.dice import DiceSource
from fracas.engine.events import EffectApplied, EffectChanged, Event, MarkSet, Note, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.attack import ki_cost
from fracas.rules.dbu.bound import require_free_actions
from fracas.rules.dbu.charging import (
    CHARGING,
    FROM_CHARGE,
    charge_ends,
    charge_of,
    charges_held,
    declared,
    max_charges,
    require_not_charging,
)
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, KP
from fracas.rules.dbu.events import EmpowermentRolled
from fracas.rules.dbu.modifiers import BONUS_D6, roll_for, wound_modifiers
from fracas.rules.dbu.queries import (
    GUARD_DOWN,
    acting,
    maneuver_ki,
    require_able,
    require_turn,
    tier_of,
    turn_passed,
)
from fracas.rules.dbu.rolls import Modifier
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Foundation

EMPOWERED_ROUND = "empowered_round"
EMPOWERED_BY = "empowered_by"
EMPOWER_OVERFLOW = "empower_overflow"
MIRACLE_USED = "miracle_used"
"""Marks on a receiver of Ki: the round counted, who gave Ki in it (comma-separated ids), whether
an Empower in it would have gone beyond the Ki maximum, and Miracle Empowerment used."""

MIRACLE = "Miracle Empowerment"


def givers_this_round(state: EncounterState, receiver: Combatant) -> list[str]:
    if receiver.marks.get(EMPOWERED_ROUND) != state.clock.round:
        return []
    given = receiver.marks.get(EMPOWERED_BY)
    return given.split(",") if isinstance(given, str) and given else []


@frozen
class EmpowerRule:
    """'Roll as if you were making a Wound Roll for an Energy Attack, without Ki Wagering. This
    is known as the Empowerment Roll and decides the maximum amount of Ki Points you can transfer
    to your target. If your target is within your Melee Range, your Empowerment Roll scores
    maximum Natural Results on all dice rolled (including Critical Dice). You may choose to
    increase the result of your Empowerment Roll by up to +10(T).'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.Empower) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Empower) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 1, action.verb)
        require_not_charging(state, actor, action.verb)
        giver, receiver = state[actor], state[action.target]
        if receiver.id == actor or receiver.side != giver.side:
            raise IllegalAction("not-an-ally", f"empower: {receiver.name} is not an ally")
        if not 0 <= action.boost <= times_tier(self.settings.empower_boost, tier_of(giver)):
            raise IllegalAction("bad-boost", "empower: raise the roll by 0 to 10(T)")
        if action.amount is not None and action.amount < 1:
            raise IllegalAction("bad-amount", "empower: transfer 1 Ki Point or more")
        if action.miracle:
            self._verify_miracle(state, action)

    def _verify_miracle(self, state: EncounterState, action: a.Empower) -> None:
        """'Once per Combat Encounter, if you are the receiver of Ki from the Empowered Maneuver
        from more than 1 character in a single Combat Round'."""
        receiver = state[action.target]
        if receiver.marks.get(MIRACLE_USED):
            raise IllegalAction("miracle-used", f"{MIRACLE}: once per Combat Encounter")
        givers = {*givers_this_round(state, receiver), acting(action)}
        if len(givers) < 2:
            raise IllegalAction(
                "miracle-givers", f"{MIRACLE}: Ki from more than 1 character this round"
            )

    def resolve(
        self, state: EncounterState, action: a.Empower, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        giver, receiver = state[actor], state[action.target]
        modifiers = (
            *wound_modifiers(giver, Foundation.ENERGY, wager=0, settings=self.settings),
            Modifier("boost", action.boost),
        )
        rolled = roll_for(dice, giver, modifiers, settings=self.settings, maximum=action.melee)
        wanted = rolled.total if action.amount is None else min(action.amount, rolled.total)
        amount = max(min(wanted, giver.pools[KP].current, giver.pools[CAPACITY].current), 0)
        room = receiver.pools[KP].maximum - receiver.pools[KP].current
        givers = [*givers_this_round(state, receiver)]
        if actor not in givers:
            givers.append(actor)
        overflow = amount > room or receiver.marks.get(EMPOWER_OVERFLOW) == state.clock.round
        miracle = action.miracle and overflow
        received = amount if miracle else max(min(amount, room), 0)
        events: list[Event] = [
            EmpowermentRolled(actor, receiver.id, rolled, amount, received),
            *[PoolChanged(actor, pool, -amount, "Empower") for pool in (KP, CAPACITY) if amount],
            MarkSet(receiver.id, EMPOWERED_ROUND, state.clock.round),
            MarkSet(receiver.id, EMPOWERED_BY, ",".join(givers)),
        ]
        if received:
            events.append(PoolChanged(receiver.id, KP, received, "Empower"))
        if amount > room:
            events.append(MarkSet(receiver.id, EMPOWER_OVERFLOW, state.clock.round))
        if action.miracle and not miracle:
            events.append(Note(f"no {MIRACLE}: no Empower went beyond the Ki maximum", actor))
        if miracle:
            events += self._miracle(state, receiver, len(givers))
        return events

    def _miracle(self, state: EncounterState, receiver: Combatant, givers: int) -> list[Event]:
        """'you may allow your current Ki Points to exceed your Maximum Ki Point Pool and
        increase all Combat Rolls by +2d6 for each character who transferred Ki Points to you
        until the end of your next turn.'"""
        round_ = state.clock.round + (1 if turn_passed(state, receiver.id) else 0)
        effect = Effect(
            name=MIRACLE,
            ends=Anchor(round_, receiver.id, Moment.END),
            data={BONUS_D6: self.settings.miracle_d6 * givers},
        )
        return [EffectApplied(receiver.id, effect), MarkSet(receiver.id, MIRACLE_USED, True)]


@frozen
class EnergyChargeRule:
    """'For each Energy Charge Maneuver, you gain +1 Energy Charge for your selected attack …
    After using your first Energy Charge Maneuver, you suffer from the Guard Down Combat
    Condition until you utilize your selected Attacking Maneuver.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.EnergyCharge) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.EnergyCharge) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_free_actions(state, actor, 1, action.verb)
        combatant = state[actor]
        if charge_of(combatant) is not None and not declared(
            combatant, action.foundation, action.profile
        ):
            raise IllegalAction(
                "other-attack", "charge: you are charging another attack (discharge to stop)"
            )
        most = max_charges(combatant, action.foundation)
        if charges_held(combatant) >= most:
            raise IllegalAction(
                "charge-limit",
                f"charge: at most {most} Energy Charges (1/2 Force, or Spirit for Magic)",
            )

    def resolve(
        self, state: EncounterState, action: a.EnergyCharge, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        held = charge_of(state[actor])
        if held is not None:
            data = {**held.data, "charges": charges_held(state[actor]) + 1}
            return [EffectChanged(actor, replace(held, data=data))]
        charge = Effect(
            name=CHARGING,
            source=actor,
            data={
                "charges": 1,
                "foundation": action.foundation.value,
                "profile": action.profile,
            },
        )
        guard_down = Effect(name=GUARD_DOWN, source=actor, data={FROM_CHARGE: True})
        return [EffectApplied(actor, charge), EffectApplied(actor, guard_down)]


@frozen
class StopChargingRule:
    """'You may choose to stop charging your energy at any time as an Instant Action by spending
    1(T) Ki Points for each Energy Charge. If you do so, you lose all Energy Charges but are free
    to use any other actions.'"""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.StopCharging) -> Cost:
        combatant = state[acting(action)]
        ki = times_tier(charges_held(combatant), tier_of(combatant))
        return ki_cost(maneuver_ki(combatant, ki))

    def verify(self, state: EncounterState, action: a.StopCharging) -> None:
        actor = acting(action)
        require_able(state, actor, action.verb)
        if charge_of(state[actor]) is None:
            raise IllegalAction("not-charging", f"discharge: {state[actor].name} is not charging")

    def resolve(
        self, state: EncounterState, action: a.StopCharging, dice: DiceSource
    ) -> Sequence[Event]:
        return charge_ends(state[acting(action)], "stopped charging")

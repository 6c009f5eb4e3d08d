"""The target's answer to an attack: checked with the attack, paid by the target.

"When you are attacked by a combatant, you can forgo your Dodge Roll to Parry the attack" (1
Counter Action, and Ki for some options); "If you are targeted by an Attacking Maneuver that is
either a Signature Technique, has a Ki Wager of at least 10(T) or has 2+ Energy Charges, you may
initiate a Duel Maneuver" (1 Counter Action and the Ki of an attack of the same Profile).
"""

from __future__ import annotations

from fracas.engine.events import Event, PoolChanged
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.conditions import guard_down
from fracas.rules.dbu.counters import counter_cost, counters_left
from fracas.rules.dbu.economy import CAPACITY, KP
from fracas.rules.dbu.profiles import PROFILES, profile_cost
from fracas.rules.dbu.queries import (
    acting,
    maneuver_ki,
    require_able,
    sheet_of,
    tier_of,
)
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Foundation

PARRIES = frozenset({"block", "flare", "deflect", "guard", "direct", "cross"})
NAMES = {
    "dodge": "Dodge",
    "block": "Block",
    "flare": "Power Flare",
    "deflect": "Deflect",
    "guard": "Guard",
    "direct": "Direct Hit",
    "cross": "Cross Counter",
    "duel": "Duel",
}


def answer_ki(state: EncounterState, action: a.Attacking, *, settings: DbuSettings) -> int:
    """The Ki the target spends on its answer."""
    return maneuver_ki(state[action.target], _answer_ki(state, action, settings=settings))


def _answer_ki(state: EncounterState, action: a.Attacking, *, settings: DbuSettings) -> int:
    target = state[action.target]
    tier = tier_of(target)
    if action.defense == "guard":
        ki = times_tier(settings.guard_ki, tier)
        if guard_down(target, settings=settings):
            ki = int(ki * settings.guard_down_guard_factor)
        return ki
    if action.defense == "deflect":
        return times_tier(settings.deflect_ki, tier)
    if action.defense == "flare":
        return action.defense_ki
    if action.defense == "duel":
        # 'Spend the Ki Points to make an Attacking Maneuver of the same Profile. You may instead
        # choose to select a Signature Technique of the same Profile … pay the Ki Point cost for
        # that instead.'
        cost = profile_cost(
            PROFILES[action.profile], tier, per_tier=settings.profile_costs_per_tier
        )
        if action.defender_technique is not None:
            cost = action.defender_technique
        return cost + sum(action.defender_wagers)
    return 0


def duel_wager_cap(capacity_rate: int) -> int:
    """'You may Ki Wager up to 1/4 (rounded up) of your Capacity Rate on each of these 3 Wound
    Rolls'."""
    return -(-capacity_rate // 4)


def verify_answer(
    state: EncounterState, action: a.Attacking, *, charges: int, settings: DbuSettings
) -> None:
    """Refuse an answer the target may not give: no Counter Action or Ki, the wrong kind of
    attack, a Duel the attack does not allow."""
    kind, verb = action.defense, action.verb
    if kind != "deflect" and action.rebound:
        raise IllegalAction("no-deflect", f"{verb}: a Rebound follows a successful Deflect")
    if kind != "flare" and action.defense_ki:
        raise IllegalAction("no-flare", f"{verb}: -defense-ki is the Ki of a Power Flare")
    if kind != "deflect" and action.deflectors:
        raise IllegalAction("no-deflect", f"{verb}: -deflectors join a Deflect")
    duelling = action.duel_wagers or action.defender_wagers or action.escape
    if kind != "duel" and (duelling or action.defender_technique is not None):
        raise IllegalAction(
            "no-duel", f"{verb}: Duel wagers, techniques and Duel Escape need -defense duel"
        )
    if (action.defender_technique or 0) < 0:
        raise IllegalAction("bad-wager", f"{verb}: a Signature Technique's Ki is 0 or more")
    if kind == "dodge":
        return
    target = state[action.target]
    _verify_kind(state, action, charges=charges, settings=settings)
    require_able(state, target.id, NAMES[kind])
    if counters_left(state, target.id) < 1:
        raise IllegalAction(
            "not-enough-counter", f"{NAMES[kind]}: {target.name} has no Counter Action left"
        )
    ki = answer_ki(state, action, settings=settings)
    _affords(target, ki, NAMES[kind])
    for helper in dict.fromkeys(action.deflectors):
        ally = state[helper]
        if helper in (target.id, acting(action)) or ally.side != target.side:
            raise IllegalAction("not-an-ally", f"Deflect: {ally.name} is not the target's ally")
        require_able(state, helper, "Deflect")
        if counters_left(state, helper) < 1:
            raise IllegalAction(
                "not-enough-counter", f"Deflect: {ally.name} has no Counter Action left"
            )
        _affords(ally, deflect_ki(ally, settings=settings), "Deflect")


def _affords(combatant: Combatant, ki: int, what: str) -> None:
    for pool in (KP, CAPACITY):
        if combatant.pools[pool].current < ki:
            raise IllegalAction(
                f"not-enough-{pool.lower()}",
                f"{what} costs {ki} {pool}; {combatant.name} has"
                f" {combatant.pools[pool].current} {pool} left",
            )


def deflect_ki(combatant: Combatant, *, settings: DbuSettings) -> int:
    return maneuver_ki(combatant, times_tier(settings.deflect_ki, tier_of(combatant)))


def _verify_kind(
    state: EncounterState, action: a.Attacking, *, charges: int, settings: DbuSettings
) -> None:
    kind = action.defense
    target = state[action.target]
    if kind == "block" and action.foundation is not Foundation.PHYSICAL:
        raise IllegalAction("block-physical", "Block answers melee and ballistic attacks only")
    if kind == "deflect" and action.foundation is Foundation.PHYSICAL:
        raise IllegalAction("deflect-energy", "Deflect answers energy and magic attacks only")
    if kind == "flare" and not 0 <= action.defense_ki <= times_tier(
        settings.power_flare_ki, tier_of(target)
    ):
        raise IllegalAction("flare-ki", "Power Flare: spend 0 to 10(T) Ki Points")
    if kind == "duel":
        _verify_duel(state, action, charges=charges, settings=settings)


def _verify_duel(
    state: EncounterState, action: a.Attacking, *, charges: int, settings: DbuSettings
) -> None:
    attacker, target = state[acting(action)], state[action.target]
    big_wager = action.wager >= times_tier(settings.duel_wager, tier_of(attacker))
    if not (action.signature or big_wager or charges >= settings.duel_charges):
        raise IllegalAction(
            "no-duel-trigger",
            "Duel: only against a Signature Technique, a Ki Wager of 10(T)+ or 2+ Energy Charges",
        )
    for who, wagers in ((attacker, action.duel_wagers), (target, action.defender_wagers)):
        cap = duel_wager_cap(sheet_of(who).capacity_rate)
        if any(w > cap for w in wagers):
            raise IllegalAction(
                "duel-wager-cap", f"Duel: {who.name} may wager at most {cap} Ki on each roll"
            )
    if action.escape and counters_left(state, attacker.id) < 1 + (1 if action.counter else 0):
        raise IllegalAction(
            "not-enough-counter", f"Duel Escape: {attacker.name} has no Counter Action left"
        )


def answer_costs(
    state: EncounterState, action: a.Attacking, *, settings: DbuSettings
) -> list[Event]:
    """The target pays its answer: a Counter Action and the Ki."""
    if action.defense == "dodge":
        return []
    target = action.target
    reason = NAMES[action.defense]
    events: list[Event] = [
        PoolChanged(target, pool, -n, reason) for pool, n in counter_cost(state, target).items()
    ]
    ki = answer_ki(state, action, settings=settings)
    if ki:
        events += [PoolChanged(target, KP, -ki, reason), PoolChanged(target, CAPACITY, -ki, reason)]
    for helper in dict.fromkeys(action.deflectors):
        events += [
            PoolChanged(helper, pool, -n, reason) for pool, n in counter_cost(state, helper).items()
        ]
        spent = deflect_ki(state[helper], settings=settings)
        if spent:
            events += [
                PoolChanged(helper, KP, -spent, reason),
                PoolChanged(helper, CAPACITY, -spent, reason),
            ]
    return events

"""The United Attack Maneuver: an ally joins an attack.

"When an ally within your Melee Range uses an attacking maneuver … you may use the United Attack
Maneuver as an Instant Action by spending One Action. Spend the Ki Points to make the same type
of Attacking Maneuver as your ally, matching both Foundation and Profile … and you may apply a
Ki Wager onto your ally's Attacking Maneuver (this Ki Wager cannot exceed 1/4 of your Capacity
Rate). If they successfully strike (hit) an opponent, add 1/2 of any bonuses to your Wound Roll
for this Attacking Maneuver onto your ally's Wound Roll." The Ki Wager is read as going onto the
attack whole; the united ally's own Wound Roll bonus (its Force or Spirit Modifier) is halved.
"""

from __future__ import annotations

from fracas.engine.events import Event, PoolChanged
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, KP
from fracas.rules.dbu.positions import require_within
from fracas.rules.dbu.profiles import Profile, profile_cost
from fracas.rules.dbu.queries import acting, require_able, sheet_of, tier_of
from fracas.rules.dbu.rolls import Modifier
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.vocabulary import Attribute

UNITED = "United Attack"


def united_ki(
    state: EncounterState, action: a.Attacking, profile: Profile, *, settings: DbuSettings
) -> int:
    assert action.united is not None
    tier = tier_of(state[action.united])
    cost = profile_cost(profile, tier, per_tier=settings.profile_costs_per_tier)
    return cost + action.united_wager


def verify_united(
    state: EncounterState, action: a.Attacking, profile: Profile, *, settings: DbuSettings
) -> None:
    who = action.united
    if who is None:
        if action.united_wager:
            raise IllegalAction("no-united", f"{action.verb}: -united-wager needs -united ALLY")
        return
    ally, attacker = state[who], state[acting(action)]
    if who in (attacker.id, action.target) or ally.side != attacker.side:
        raise IllegalAction("not-an-ally", f"United Attack: {ally.name} is not your ally")
    require_able(state, who, UNITED)
    melee = settings.melee_range
    require_within(state, attacker.id, who, melee, UNITED, settings=settings)
    rate = sheet_of(ally).capacity_rate
    cap = rate // 10 if action.defense == "duel" else rate // 4
    if not 0 <= action.united_wager <= cap:
        raise IllegalAction(
            "united-wager-cap", f"United Attack: {ally.name} may wager 0 to {cap} Ki"
        )
    if ally.pools[ACTIONS].current < 1:
        raise IllegalAction("not-enough-actions", f"United Attack: {ally.name} has no Action left")
    ki = united_ki(state, action, profile, settings=settings)
    for pool in (KP, CAPACITY):
        left = ally.pools[pool].current
        if left < ki:
            raise IllegalAction(
                f"not-enough-{pool.lower()}",
                f"United Attack costs {ally.name} {ki} {pool}; {ally.name} has {left} {pool} left",
            )


def united_costs(
    state: EncounterState, action: a.Attacking, profile: Profile, *, settings: DbuSettings
) -> list[Event]:
    who = action.united
    if who is None:
        return []
    ki = united_ki(state, action, profile, settings=settings)
    events: list[Event] = [PoolChanged(who, ACTIONS, -1, UNITED)]
    if ki:
        events += [PoolChanged(who, KP, -ki, UNITED), PoolChanged(who, CAPACITY, -ki, UNITED)]
    return events


def united_bonus(
    state: EncounterState, action: a.Attacking, *, settings: DbuSettings
) -> tuple[Modifier, ...]:
    who = action.united
    if who is None or action.defense == "duel":
        return ()
    ally = state[who]
    own = sheet_of(ally).modifiers[action.foundation.wound_attribute] // 2
    wager = action.united_wager * settings.wound_per_ki
    return (Modifier(f"{UNITED} ({ally.name})", own + wager),)


def united_in_duel(state: EncounterState, action: a.Attacking) -> tuple[Modifier, ...]:
    """'If your ally enters into a Duel Maneuver, you may add your Force or Spirit Modifier
    (whichever is higher) onto each of their rolls. During one of the rolls (you decide which),
    you may additionally add a Ki Wager worth up to 1/10th of your Capacity Rate.' The wager goes
    on the first roll here."""
    who = action.united
    if who is None:
        return ()
    ally = state[who]
    modifiers = sheet_of(ally).modifiers
    best = max(modifiers[Attribute.FORCE], modifiers[Attribute.SPIRIT])
    label = f"{UNITED} ({ally.name})"
    return tuple(Modifier(label, best + (action.united_wager if n == 0 else 0)) for n in range(3))

"""An Attacking Maneuver from Strike to Life Points, shared by every attack, with the target's
Dodge Roll or Parry.

"A Strike Roll's dice score is compared to the target's Dodge Roll dice score. If the Strike Roll
is higher, the attack successfully hits; if the Dodge Roll is higher the attack fails and misses
the target. Afterwards, proceed to a Wound Roll." A Parry replaces the Dodge Roll ("you are not
subject to Diminishing Defense, unless you use the Guard option").
"""

from __future__ import annotations

from dataclasses import replace

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, reduce
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.dbu.conditions import guard_down
from fracas.rules.dbu.damage import soak_of
from fracas.rules.dbu.events import CheckRolled, StrikeRolled, WoundRolled
from fracas.rules.dbu.intervene import intervened
from fracas.rules.dbu.landing import land, wound_roll
from fracas.rules.dbu.modifiers import (
    ATTACKED,
    ATTACKED_ROUND,
    attacks_received,
    dodge_modifiers,
    roll_for,
    strike_modifiers,
    wound_modifiers,
)
from fracas.rules.dbu.plan import AttackPlan, Outcome
from fracas.rules.dbu.queries import (
    GUARD_DOWN,
    has_effect,
    might,
    sheet_of,
    tier_of,
    turn_passed,
)
from fracas.rules.dbu.rolls import CombatRoll, Modifier, beats
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Attribute, Category, Foundation
from fracas.rules.dbu.wounds import Landed

SHAKEN = "Shaken"
"""Combat Condition: Strike -2(T) (SOURCES.md 2.9)."""


def resolve_attack(
    state: EncounterState,
    plan: AttackPlan,
    source: DiceSource,
    *,
    settings: DbuSettings,
    strike: CombatRoll | None = None,
) -> Outcome:
    """The attack against the target's answer, then the Wound Roll through its Soak. An area
    attack gives its one ``strike`` for every target."""
    attacker, target = state[plan.attacker], state[plan.target]
    counted = count_attack(state, target.id)
    if plan.answer == "direct":
        return _direct_hit(state, plan, source, settings=settings)
    if plan.answer == "flare":
        return _power_flare(state, plan, source, settings=settings)
    strike = strike or strike_roll(state, plan, source, settings=settings)
    if plan.answer in ("block", "deflect"):
        events, hit = _parry_roll(state, plan, strike, source, settings=settings)
        events = [*events, *counted]
    else:
        dodge = dodge_roll(state, plan, source, settings=settings)
        hit = beats(strike.total, dodge.total, settings=settings)
        events = [StrikeRolled(attacker.id, target.id, plan.maneuver, strike, dodge, hit), *counted]
    if plan.answer == "deflect" and not hit:
        return _deflected(state, plan, events, source, settings=settings)
    landed = Landed([], 0)
    if hit and plan.intervener is not None:
        stepped_in, dealt, spared = intervened(state, plan, strike, source, settings=settings)
        events += stepped_in
        hit = hit and not dealt
        if dealt:
            return Outcome(tuple(events), False, 0, spared)
    if hit:
        rolled = wound_roll(state, plan, source, settings=settings)
        events.append(WoundRolled(attacker.id, target.id, rolled))
        landed = land(state, plan, rolled.total, settings=settings)
        events += landed.events
    if plan.answer == "cross":
        events += cross_counter(reduce(state, events), plan, source, settings=settings)
    return Outcome(tuple(events), hit, landed.damage)


def strike_roll(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> CombatRoll:
    attacker = state[plan.attacker]
    shaken = has_effect(attacker, SHAKEN)
    tier = tier_of(attacker)
    penalty = (Modifier(SHAKEN, -times_tier(2, tier)),) if shaken else ()
    bonuses = tuple(
        Modifier(effect.name, times_tier(bonus, tier))
        for effect in attacker.effects
        if isinstance(bonus := effect.data.get("strike"), int) and bonus
    )
    modifiers = (*strike_modifiers(attacker), *plan.strike_extra, *penalty, *bonuses)
    return roll_for(source, attacker, modifiers, settings=settings)


def dodge_roll(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> CombatRoll:
    """The target's Dodge Roll against ``plan``'s attack, as ``resolve_attack`` rolls it; Cross
    Counter halves the Defense Value, and only Guard among the Parry options keeps Diminishing
    Defense."""
    target = state[plan.target]
    modifiers = dodge_modifiers(
        state, target, settings=settings, diminishing=plan.answer != "cross"
    )
    if plan.answer == "cross":
        modifiers = tuple(
            replace(m, label="Defense Value (Cross Counter)", amount=m.amount // 2)
            if m.label == "Defense Value"
            else m
            for m in modifiers
        )
    return roll_for(source, target, modifiers, settings=settings)


def _guard_down(state: EncounterState, who: CombatantId, *, settings: DbuSettings) -> Modifier:
    """SOURCES.md 2.9: Guard Down: 'Dodge Rolls, and Strike Rolls made to Parry, -2(T)'."""
    combatant = state[who]
    down = guard_down(combatant, settings=settings)
    return Modifier(GUARD_DOWN, -times_tier(settings.guard_down_penalty, tier_of(combatant)) * down)


def _parry_roll(
    state: EncounterState,
    plan: AttackPlan,
    strike: CombatRoll,
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> tuple[list[Event], bool]:
    """Block: 'you will roll your Physical Strike against the enemy's attack roll'. Deflect: 'an
    Impulsive Save and add your Force or Spirit Modifier … For each instance of Energy Charge …
    reduce your Dice Score by the attacker's Tier of Power'."""
    roller = state[plan.target]
    if plan.answer == "block":
        modifiers = (*strike_modifiers(roller), _guard_down(state, roller.id, settings=settings))
        check = "Block"
    else:
        roller, modifiers = _deflect_modifiers(state, plan)
        check = "Deflect (Impulsive Save)"
    parry = roll_for(source, roller, modifiers, settings=settings)
    hit = beats(strike.total, parry.total, settings=settings)
    return [
        StrikeRolled(plan.attacker, plan.target, plan.maneuver, strike, None, hit),
        CheckRolled(roller.id, check, parry, strike.total, not hit),
    ], hit


def _deflect_modifiers(
    state: EncounterState, plan: AttackPlan
) -> tuple[Combatant, tuple[Modifier, ...]]:
    """Who rolls a Deflect and what it adds: 'If multiple characters attempt to use the Deflect
    option of the Parry Maneuver, instead add 1/2 of their Force or Spirit Modifiers (whichever
    is higher) to the Dice Score of the character with the highest Impulsive Save.'"""
    team = [state[plan.target], *(state[h] for h in dict.fromkeys(plan.deflectors))]
    roller = max(team, key=lambda c: sheet_of(c).scores[Attribute.AGILITY])

    charges = plan.charges * tier_of(state[plan.attacker])
    helping = tuple(Modifier(f"{c.name} helps", might(c) // 2) for c in team if c.id != roller.id)
    return roller, (
        Modifier("Agility Score", sheet_of(roller).scores[Attribute.AGILITY]),
        Modifier("Force or Spirit", might(roller)),
        Modifier("Energy Charges", -charges),
        *helping,
    )


def _deflected(
    state: EncounterState,
    plan: AttackPlan,
    events: list[Event],
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> Outcome:
    """'you successfully deflect the attack, taking only 1/4 of its damage, and can attempt to
    Rebound the attack. If you successfully deflect an attack that would target multiple
    characters, all of those characters do not take damage from that attack.'"""
    if plan.rebound:
        rebound = _rebound_strike(state, plan, events, source, settings=settings)
        hit = events[-1]
        assert isinstance(hit, StrikeRolled)
        if hit.hit:
            # 'The enemy rolls the Wound Roll for their reflected attack and receives that
            # damage. A Rebounded attack's damage counts as one damage category higher'.
            events += _rebounded_onto(state, plan, plan.attacker, None, source, settings=settings)
        for who in dict.fromkeys(plan.rebound_area):
            events += _rebounded_onto(state, plan, who, rebound, source, settings=settings)
        if hit.hit:
            return Outcome(tuple(events), False, 0, spared=True)
    rolled = wound_roll(state, plan, source, settings=settings)
    events.append(WoundRolled(plan.attacker, plan.target, rolled))
    kept = land(state, plan, rolled.total, settings=settings, divide=("Deflected: 1/4", 4))
    return Outcome(tuple([*events, *kept.events]), False, kept.damage, spared=True)


def _rebound_strike(
    state: EncounterState,
    plan: AttackPlan,
    events: list[Event],
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> CombatRoll:
    """'Make a Strike Roll as if you were making an Energy Sphere attack … with your own
    Aptitudes. Reduce the Natural Result of your dice rolls by 1/2 and add any relevant
    modifiers. If you successfully strike the enemy, you Rebound their attack and suffer no
    damage.' The attacker's Dodge Roll meets it (its StrikeRolled is the last of ``events``)."""
    defender, attacker = state[plan.target], state[plan.attacker]
    strike = roll_for(source, defender, strike_modifiers(defender), settings=settings)
    halved = Modifier("Rebound: half the dice", -(strike.dice.total - strike.dice.total // 2))
    strike = replace(strike, modifiers=(*strike.modifiers, halved))
    dodging = dodge_modifiers(state, attacker, settings=settings)
    dodge = roll_for(source, attacker, dodging, settings=settings)
    hit = beats(strike.total, dodge.total, settings=settings)
    events.append(StrikeRolled(defender.id, attacker.id, "Rebound", strike, dodge, hit))
    return strike


def _rebounded_onto(
    state: EncounterState,
    plan: AttackPlan,
    who: CombatantId,
    strike: CombatRoll | None,
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> list[Event]:
    """The Rebound meets ``who`` (its Dodge Roll against ``strike``; None: already hit): 'If
    that attacking maneuver had an Area of Effect, apply that Area of Effect centered on the
    attacker. All characters within the Area of Effect become targeted by the Rebound and must
    roll their Dodge Rolls against your Strike Roll.'"""
    events: list[Event] = []
    if strike is not None:
        dodging = dodge_modifiers(state, state[who], settings=settings)
        dodge = roll_for(source, state[who], dodging, settings=settings)
        hit = beats(strike.total, dodge.total, settings=settings)
        events.append(StrikeRolled(plan.target, who, "Rebound", strike, dodge, hit))
        if not hit:
            return events
    rolled = wound_roll(state, plan, source, settings=settings)
    events.append(WoundRolled(plan.attacker, who, rolled))
    back = replace(plan, target=who, answer="dodge")
    return [*events, *land(state, back, rolled.total, settings=settings, shift=1).events]


def _direct_hit(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> Outcome:
    """'you can allow an attack to Strike you automatically … Increase your current Soak Value
    by +1/2 its total for this attack. If they inflict 0 damage with a Signature Technique or
    an attack with a Ki Wager of 5(T) or more, the attacker suffers from the Shaken Combat
    Condition until the end of their next turn.'"""
    target = state[plan.target]
    soak = soak_of(sheet_of(target), tier_of(target), settings=settings)
    rolled = wound_roll(state, plan, source, settings=settings)
    events: list[Event] = [
        StrikeRolled(plan.attacker, plan.target, plan.maneuver, None, None, True),
        *count_attack(state, plan.target),
        WoundRolled(plan.attacker, plan.target, rolled),
    ]
    landed = land(state, plan, rolled.total, settings=settings, soak_bonus=soak // 2)
    events += landed.events
    big = plan.wager >= times_tier(settings.direct_hit_wager, tier_of(state[plan.attacker]))
    if landed.damage == 0 and (plan.signature or big):
        events.append(EffectApplied(plan.attacker, _shaken(state, plan)))
    return Outcome(tuple(events), True, landed.damage)


def _shaken(state: EncounterState, plan: AttackPlan) -> Effect:
    attacker = plan.attacker
    round_ = state.clock.round + (1 if turn_passed(state, attacker) else 0)
    return Effect(name=SHAKEN, ends=Anchor(round_, attacker, Moment.END), source=plan.target)


def _power_flare(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> Outcome:
    """'you will roll your Energy Wound Roll against your opponent's Wound Roll (including all
    modifiers and Extra Dice; you roll first). If your dice score is higher than your
    opponent's, you deflect the attack and take no damage. If your dice score is lower, you will
    suffer the damage from the Wound Roll your opponent just rolled … You can spend up to 10(T)
    Ki Points to increase your dice score by an equal amount'."""
    target = state[plan.target]
    flare = roll_for(
        source,
        target,
        (
            *wound_modifiers(target, Foundation.ENERGY, wager=0, settings=settings),
            Modifier("Ki", plan.flare_ki),
        ),
        settings=settings,
    )
    rolled = wound_roll(state, plan, source, settings=settings)
    hit = beats(rolled.total, flare.total, settings=settings)
    events: list[Event] = [
        CheckRolled(target.id, "Power Flare", flare, rolled.total, not hit),
        *count_attack(state, plan.target),
        WoundRolled(plan.attacker, plan.target, rolled),
    ]
    if not hit:
        return Outcome(tuple(events), False, 0)
    landed = land(state, plan, rolled.total, settings=settings)
    return Outcome(tuple([*events, *landed.events]), True, landed.damage)


def cross_counter(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> list[Event]:
    """'Make a Basic Attack Maneuver against the attacker immediately after concluding their
    attacking maneuver as an Out-of-Sequence Action. If you would be Defeated by their attacking
    maneuver, you may still use the Basic Attack Maneuver'."""
    back = AttackPlan(
        "Cross Counter", plan.target, plan.attacker, Foundation.PHYSICAL, Category.STANDARD
    )
    return list(resolve_attack(state, back, source, settings=settings).events)


def count_attack(state: EncounterState, target: CombatantId) -> list[Event]:
    """One more Attacking Maneuver aimed at ``target`` this round (Diminishing Defense)."""
    count = attacks_received(state, state[target]) + 1
    return [MarkSet(target, ATTACKED_ROUND, state.clock.round), MarkSet(target, ATTACKED, count)]

"""The Intervene Counter Action: an ally steps in when the target is hit.

"When an ally is successfully struck (hit) by an attack, you can attempt an Impulsive Save, TN
Medium. If you fail, you cannot attempt to make another Intervene Counter Action for the
remainder of the Combat Round. If you pass, you may select one of the below options. You do not
suffer from Diminishing Defense when you use any one of these options."
"""

from __future__ import annotations

from dataclasses import replace

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet, Note, PoolChanged
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.conditions import speeds
from fracas.rules.dbu.counters import counter_cost, counters_left
from fracas.rules.dbu.duel import impulsive_save
from fracas.rules.dbu.economy import CAPACITY, KP
from fracas.rules.dbu.events import CheckRolled, WoundRolled
from fracas.rules.dbu.landing import land, wound_roll
from fracas.rules.dbu.modifiers import roll_for, strike_modifiers
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.positions import SQUARE, next_to, require_within, square_of, square_text
from fracas.rules.dbu.queries import acting, might, require_able, sheet_of, tier_of
from fracas.rules.dbu.rolls import CombatRoll, Modifier
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Attribute, Category

INTERVENE_FAILED = "intervene_failed"
"""Mark: the round in which the combatant failed an Intervene's Impulsive Save."""

NAMES = {"wall": "Wall of Defense", "redirect": "Redirect", "deflect": "Distant Deflect"}
ANSWERS_STRUCK = frozenset({"dodge", "guard", "cross"})
"""The target's answers after which a Strike Roll may hit it, so an ally may Intervene."""


def intervene_ki(
    state: EncounterState, intervention: str, who: CombatantId, *, settings: DbuSettings
) -> int:
    """The Ki Points (and as much Capacity) ``intervention`` costs ``who``."""
    tier = tier_of(state[who])
    if intervention == "redirect":
        return times_tier(settings.redirect_ki, tier)
    if intervention == "deflect":
        return times_tier(settings.distant_deflect_ki, tier)
    return 0


def interveners(action: a.Attacking) -> tuple[CombatantId, ...]:
    """The ally who Intervenes and those who Distant Deflect with it."""
    if action.intervene is None:
        return ()
    return tuple(dict.fromkeys((action.intervene, *action.co_deflectors)))


def verify_intervene(state: EncounterState, action: a.Attacking, *, settings: DbuSettings) -> None:
    if action.intervene is None:
        if action.co_deflectors:
            raise IllegalAction("no-intervene", "Intervene: -co-deflectors join -intervene ALLY")
        return
    if action.co_deflectors and action.intervention != "deflect":
        raise IllegalAction(
            "no-distant-deflect", "Intervene: -co-deflectors join a Distant Deflect"
        )
    if action.defense not in ANSWERS_STRUCK:
        raise IllegalAction(
            "no-strike", "Intervene: only when the target Dodges, Guards or Cross Counters"
        )
    for who in interveners(action):
        _verify_ally(state, action, who, settings=settings)


def _verify_ally(
    state: EncounterState, action: a.Attacking, who: CombatantId, *, settings: DbuSettings
) -> None:
    ally, target = state[who], state[action.target]
    if who in (action.target, acting(action)) or ally.side != target.side:
        raise IllegalAction("not-an-ally", f"Intervene: {ally.name} is not an ally of the target")
    require_able(state, who, "Intervene")
    if ally.marks.get(INTERVENE_FAILED) == state.clock.round:
        raise IllegalAction(
            "intervene-failed", f"Intervene: {ally.name} failed an Intervene this round"
        )
    if counters_left(state, who) < 1:
        raise IllegalAction(
            "not-enough-counter", f"Intervene: {ally.name} has no Counter Action left"
        )
    if action.intervention != "deflect":
        # Wall of Defense: 'If you could reach your ally with your Boosted Movement Speed'.
        reach = speeds(ally, settings=settings)[1] + settings.melee_range
        require_within(state, who, target.id, reach, NAMES["wall"], settings=settings)
    ki = intervene_ki(state, action.intervention, who, settings=settings)
    for pool in (KP, CAPACITY):
        if ally.pools[pool].current < ki:
            raise IllegalAction(
                f"not-enough-{pool.lower()}",
                f"{NAMES[action.intervention]}: {ally.name} cannot pay {ki} {pool}",
            )


def _counter_spent(state: EncounterState, who: CombatantId) -> list[Event]:
    """The Counter Action an Intervene attempt spends, pass or fail."""
    return [PoolChanged(who, pool, -n, "Intervene") for pool, n in counter_cost(state, who).items()]


def _ki_spent(
    state: EncounterState, intervention: str, who: CombatantId, *, settings: DbuSettings
) -> list[Event]:
    """The Ki Points of the option chosen once the save is passed: 'They still spend the
    Counter Action and the Ki Points'."""
    ki = intervene_ki(state, intervention, who, settings=settings)
    if not ki:
        return []
    reason = NAMES[intervention]
    return [PoolChanged(who, KP, -ki, reason), PoolChanged(who, CAPACITY, -ki, reason)]


def intervened(
    state: EncounterState,
    plan: AttackPlan,
    strike: CombatRoll,
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> tuple[list[Event], bool, bool]:
    """What the ally's Intervene does to a hit: its events, whether the hit is dealt with
    (False: the hit lands on the target as usual), and whether a Redirect sent it away from
    every other target too ('the attack is safely directed away from all other targets').

    Only a hit calls for it, and in the seed's order: each ally spends the Counter Action and
    makes the Impulsive Save; one who fails may not Intervene again this round; those who pass
    spend the Ki Points of the option they chose, and it happens."""
    who = plan.intervener
    assert who is not None
    check = "Intervene (Impulsive Save)"
    events: list[Event] = []
    passed: list[CombatantId] = []
    for ally in dict.fromkeys((who, *plan.co_deflectors)):
        events += _counter_spent(state, ally)
        save = impulsive_save(state, ally, settings.tn_medium, check, source, settings=settings)
        events.append(save)
        if save.success:
            passed.append(ally)
            events += _ki_spent(state, plan.intervention, ally, settings=settings)
        else:
            events.append(MarkSet(ally, INTERVENE_FAILED, state.clock.round))
    if not passed:
        return events, False, False
    if plan.intervention == "deflect":
        team = tuple(passed)
        deflected = _distant_deflect(state, plan, strike, events, team, source, settings=settings)
        return (*deflected, False)
    # Wall of Defense: 'You move to an adjacent square to the victim that is as close as
    # possible to the attacker … The intercepted attack will Strike you automatically.'
    events += _step_in(state, who, plan)
    onto = replace(plan, target=who, answer="dodge")
    redirect = plan.intervention == "redirect"
    if redirect and _redirected(state, plan, strike, events, source, settings=settings):
        rolled = wound_roll(state, plan, source, settings=settings)
        events.append(WoundRolled(plan.attacker, who, rolled))
        kept = land(state, onto, rolled.total, settings=settings, divide=("Redirected: 1/4", 4))
        return [*events, *kept.events], True, True
    rolled = wound_roll(state, plan, source, settings=settings)
    events.append(WoundRolled(plan.attacker, who, rolled))
    if plan.intervention == "redirect":
        # 'If you are hit due to failing to Redirect, increase the Damage Category of the attack
        # by +1. If the damage was already Lethal, increase the damage you take by 1/2 of the
        # Wound Roll.'
        if plan.category.shifted(plan.category_on_hit) is Category.LETHAL:
            total = rolled.total + rolled.total // 2
            return [*events, *land(state, onto, total, settings=settings).events], True, False
        shifted = land(state, onto, rolled.total, settings=settings, shift=1)
        return [*events, *shifted.events], True, False
    return [*events, *land(state, onto, rolled.total, settings=settings).events], True, False


def _step_in(state: EncounterState, who: CombatantId, plan: AttackPlan) -> list[Event]:
    """On the grid, the interceptor moves to the victim's square nearest the attacker."""
    victim, attacker = square_of(state[plan.target]), square_of(state[plan.attacker])
    if victim is None or attacker is None or square_of(state[who]) is None:
        return []
    return [MarkSet(who, SQUARE, square_text(next_to(victim, attacker)))]


def _redirected(
    state: EncounterState,
    plan: AttackPlan,
    strike: CombatRoll,
    events: list[Event],
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> bool:
    """'Roll a Physical Strike Roll and compare your Dice Score to the Attacker's original
    Strike Roll … For each instance of Energy Charge … reduce your Dice Score by the attacker's
    Tier of Power. If your Dice Score is equal to or higher than the attacker's, you can safely
    redirect the attack'."""
    who = plan.intervener
    assert who is not None
    penalty = plan.charges * tier_of(state[plan.attacker])
    rolled = _strike(state, who, penalty, source, settings=settings)
    success = rolled.total >= strike.total
    events.append(CheckRolled(who, "Redirect (Physical Strike)", rolled, strike.total, success))
    return success


def _distant_deflect(
    state: EncounterState,
    plan: AttackPlan,
    strike: CombatRoll,
    events: list[Event],
    team: tuple[CombatantId, ...],
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> tuple[list[Event], bool]:
    """'Spend 3(T) Ki Points to roll an Energy Strike Roll and compare your Dice Score to the
    attacker's original Strike Roll … reduce your Dice Score by 1/2 of the attacker's Tier of
    Power (rounded down) [per Energy Charge]. If your Dice Score is equal to or higher than the
    attacker's, you safely redirect the attack away from the intended victim. If multiple
    characters attempt to use the Distant Deflect option …, instead add 1/2 of their Force or
    Spirit Modifiers (whichever is higher) to the Dice Score of the character with the highest
    Insight Modifier.' The team is those whose Impulsive Save passed."""
    who = max(team, key=lambda c: sheet_of(state[c]).modifiers[Attribute.INSIGHT])
    helping = tuple(
        Modifier(f"{state[c].name} helps", might(state[c]) // 2) for c in team if c != who
    )
    penalty = plan.charges * (tier_of(state[plan.attacker]) // 2)
    rolled = _strike(state, who, penalty, source, settings=settings, helping=helping)
    success = rolled.total >= strike.total
    check = "Distant Deflect (Energy Strike)"
    events.append(CheckRolled(who, check, rolled, strike.total, success))
    if success:
        events.append(Note("the attack is deflected away from its victim", who))
    return events, success


def _strike(
    state: EncounterState,
    who: CombatantId,
    penalty: int,
    source: DiceSource,
    *,
    settings: DbuSettings,
    helping: tuple[Modifier, ...] = (),
) -> CombatRoll:
    combatant = state[who]
    modifiers = (*strike_modifiers(combatant), Modifier("Energy Charges", -penalty), *helping)
    return roll_for(source, combatant, modifiers, settings=settings)

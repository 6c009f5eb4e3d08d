"""The Duel Maneuver and the Duel Escape: three contested Wound Rolls and a final one.

"Each player involved in the Duel Maneuver makes 3 Wound Rolls for the Attacking Maneuver they
have used, contested against one another … Whichever character has the higher Wound Roll for the
majority of these Opposed Combat Rolls wins the Duel Maneuver and may roll their Wound Roll a
final time to actually inflict damage upon the other character. All Ki Wagers placed into a Duel
Maneuver by both sides are added onto this Wound Roll."
"""

from __future__ import annotations

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, Note, PoolChanged
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu.economy import CAPACITY, KP
from fracas.rules.dbu.events import CheckRolled, DuelExchanged, DuelWon, WoundRolled
from fracas.rules.dbu.modifiers import check_roll, roll_for, wound_modifiers
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.queries import sheet_of, tier_of
from fracas.rules.dbu.rolls import CombatRoll, Modifier, beats
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import times_tier
from fracas.rules.dbu.vocabulary import Attribute
from fracas.rules.dbu.wounds import wound

ESCAPED = "Escaped Duel"
"""Effect: after a Duel Escape the attacker 'may immediately make another attack maneuver as an
Instant Action' (its next Attacking Maneuver costs no Actions), until the turn ends."""

NO_WAGERS = (0, 0, 0)


def impulsive_save(
    state: EncounterState,
    who: CombatantId,
    tn: int,
    check: str,
    source: DiceSource,
    *,
    settings: DbuSettings,
) -> CheckRolled:
    """SOURCES.md 2.10: 'Save = d10 + Extra Dice + Score' (Impulsive: the Agility Score)."""
    combatant = state[who]
    score = Modifier("Agility Score", sheet_of(combatant).scores[Attribute.AGILITY])
    rolled = check_roll(source, combatant, (score,), settings=settings)
    return CheckRolled(who, check, rolled, tn, rolled.total >= tn)


def duel_escape(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> list[Event]:
    """'Roll an Impulsive Saving Throw, TN Hard. If you fail, the Duel Maneuver continues as
    normal. If you succeed, you successfully manage to avoid the effects and may immediately make
    another attack maneuver as an Instant Action. You still lose the Ki Points spent'."""
    save = impulsive_save(
        state,
        plan.attacker,
        settings.tn_hard,
        "Duel Escape (Impulsive Save)",
        source,
        settings=settings,
    )
    events: list[Event] = [save]
    if save.success:
        acting = state.acting()
        owner = acting[0] if acting else plan.attacker
        ends = Anchor(state.clock.round, owner, Moment.END)
        events.append(EffectApplied(plan.attacker, Effect(name=ESCAPED, ends=ends)))
    return events


def resolve_duel(
    state: EncounterState,
    plan: AttackPlan,
    source: DiceSource,
    *,
    attack_wagers: tuple[int, ...],
    defense_wagers: tuple[int, ...],
    escape: bool,
    settings: DbuSettings,
    united: tuple[Modifier, ...] = (),
) -> list[Event]:
    """The whole Duel, from the refund of the attack's Ki Wager to the damage. ``united``: what
    a United Attack adds to the attacker's rolls, one tuple entry per roll."""
    events: list[Event] = []
    if escape:
        events += duel_escape(state, plan, source, settings=settings)
        if isinstance(events[0], CheckRolled) and events[0].success:
            return events
    if plan.wager and escape:
        # 'At the start of a Duel Maneuver, all Ki Wagers placed onto an Attacking Maneuver are
        # refunded as Ki Points and you recover that much of your Capacity.'
        events += [
            PoolChanged(plan.attacker, KP, plan.wager, "Duel: wager refunded"),
            PoolChanged(plan.attacker, CAPACITY, plan.wager, "Duel: wager refunded"),
        ]
    elif plan.wager:
        # A Duel that cannot be escaped refunds the wager as it is placed (never paid).
        events.append(
            Note(f"the Ki Wager of {plan.wager} is refunded: the Duel begins", plan.attacker)
        )
    attack_wagers = attack_wagers or NO_WAGERS
    defense_wagers = defense_wagers or NO_WAGERS
    wins = 0
    for number in range(3):
        helping = (united[number],) if number < len(united) and united[number].amount else ()
        attack = _duel_roll(
            state, plan, plan.attacker, attack_wagers[number], source, settings, extra=helping
        )
        defense = _duel_roll(state, plan, plan.target, defense_wagers[number], source, settings)
        won = beats(attack.total, defense.total, settings=settings)
        wins += won
        events.append(DuelExchanged(plan.attacker, plan.target, number + 1, attack, defense, won))
    winner, loser = (plan.attacker, plan.target) if wins >= 2 else (plan.target, plan.attacker)
    events.append(DuelWon(winner, loser, wins if wins >= 2 else 3 - wins))
    all_wagers = sum(attack_wagers) + sum(defense_wagers)
    final = _duel_roll(state, plan, winner, 0, source, settings, pot=all_wagers)
    events.append(WoundRolled(winner, loser, final))
    events += wound(state, winner, loser, final.total, plan.category, settings=settings).events
    return events


def _duel_roll(
    state: EncounterState,
    plan: AttackPlan,
    who: CombatantId,
    wager: int,
    source: DiceSource,
    settings: DbuSettings,
    *,
    pot: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> CombatRoll:
    """A Duel Wound Roll: 'any Energy Charges are replaced with a bonus of +1(T) for each
    Energy Charge'."""
    combatant = state[who]
    modifiers = list(wound_modifiers(combatant, plan.foundation, wager=wager, settings=settings))
    if who == plan.attacker and plan.charges:
        modifiers.append(Modifier("Energy Charges", times_tier(plan.charges, tier_of(combatant))))
    if pot:
        modifiers.append(Modifier("Duel wagers", pot * settings.wound_per_ki))
    return roll_for(source, combatant, (*modifiers, *extra), settings=settings)

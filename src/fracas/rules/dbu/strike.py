"""An Attacking Maneuver from Strike to Life Points, shared by every attack: the Basic Attack,
Blitz, Called Shot, Throw, counter-attacks.

"A Strike Roll's dice score is compared to the target's Dodge Roll dice score. If the Strike Roll
is higher, the attack successfully hits; if the Dodge Roll is higher the attack fails and misses
the target. Afterwards, proceed to a Wound Roll."
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.dice import DiceSource, Expression
from fracas.engine.action import CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.state import EncounterState
from fracas.rules.dbu.events import StrikeRolled, WoundRolled
from fracas.rules.dbu.modifiers import (
    ATTACKED,
    ATTACKED_ROUND,
    attacks_received,
    dodge_modifiers,
    roll_for,
    strike_modifiers,
    wound_modifiers,
)
from fracas.rules.dbu.queries import PRONE, has_effect
from fracas.rules.dbu.rolls import Modifier, beats
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.vocabulary import Category, Foundation
from fracas.rules.dbu.wounds import wound


@dataclass(frozen=True)
class AttackPlan:
    """One Attacking Maneuver, ready to roll: who, what, and what it adds to each roll."""

    maneuver: str
    attacker: CombatantId
    target: CombatantId
    foundation: Foundation
    category: Category
    wager: int = 0
    strike_extra: tuple[Modifier, ...] = ()
    wound_extra: tuple[Modifier, ...] = ()
    wound_dice: Expression | None = None
    category_on_hit: int = 0


@dataclass(frozen=True)
class Outcome:
    """What an attack did: its events, whether it hit, and the damage it dealt."""

    events: tuple[Event, ...]
    hit: bool
    damage: int


def resolve_attack(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> Outcome:
    """Strike Roll vs Dodge Roll, then the Wound Roll through the target's Soak."""
    attacker, target = state[plan.attacker], state[plan.target]
    strike = roll_for(
        source,
        attacker,
        (*strike_modifiers(attacker), *plan.strike_extra),
        settings=settings,
    )
    dodge = roll_for(
        source, target, dodge_modifiers(state, target, settings=settings), settings=settings
    )
    hit = beats(strike.total, dodge.total, settings=settings)
    events: list[Event] = [
        StrikeRolled(attacker.id, target.id, plan.maneuver, strike, dodge, hit),
        *count_attack(state, target.id),
    ]
    if not hit:
        return Outcome(tuple(events), False, 0)
    rolled = roll_for(
        source,
        attacker,
        (
            *wound_modifiers(attacker, plan.foundation, wager=plan.wager, settings=settings),
            *plan.wound_extra,
        ),
        settings=settings,
        bonus=plan.wound_dice,
    )
    category = plan.category.shifted(plan.category_on_hit + (1 if has_effect(target, PRONE) else 0))
    events.append(WoundRolled(attacker.id, target.id, rolled))
    landed = wound(state, attacker.id, target.id, rolled.total, category, settings=settings)
    events += landed.events
    return Outcome(tuple(events), True, landed.damage)


def count_attack(state: EncounterState, target: CombatantId) -> list[Event]:
    """One more Attacking Maneuver aimed at ``target`` this round (Diminishing Defense)."""
    count = attacks_received(state, state[target]) + 1
    return [MarkSet(target, ATTACKED_ROUND, state.clock.round), MarkSet(target, ATTACKED, count)]

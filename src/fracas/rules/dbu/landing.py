"""The Wound Roll of an attack and its landing on a target: Damage Category shifts (Prone, a
Called Shot, Guard, a Rebound) and the divided damage of Guard, Deflect and Redirect."""

from __future__ import annotations

from fracas.dice import DiceSource
from fracas.engine.state import EncounterState
from fracas.rules.dbu.modifiers import roll_for, wound_modifiers
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.queries import PRONE, has_effect
from fracas.rules.dbu.rolls import CombatRoll
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.terrain_shield import shield_breaks, shield_value
from fracas.rules.dbu.wounds import Landed, wound


def wound_roll(
    state: EncounterState, plan: AttackPlan, source: DiceSource, *, settings: DbuSettings
) -> CombatRoll:
    attacker = state[plan.attacker]
    adding = wound_modifiers(attacker, plan.foundation, wager=plan.wager, settings=settings)
    return roll_for(
        source, attacker, (*adding, *plan.wound_extra), settings=settings, bonus=plan.wound_dice
    )


def land(
    state: EncounterState,
    plan: AttackPlan,
    wound_total: int,
    *,
    settings: DbuSettings,
    shift: int = 0,
    divide: tuple[str, int] | None = None,
    soak_bonus: int = 0,
) -> Landed:
    """The Wound Roll on the target, at the plan's category shifted by Prone, a Called Shot,
    Guard or a Rebound (``shift``); Guard halves the damage, a Deflect quarters it."""
    target = state[plan.target]
    prone = 1 if has_effect(target, PRONE) else 0
    guard = -1 if plan.answer == "guard" else 0
    category = plan.category.shifted(plan.category_on_hit + prone + guard + shift)
    shield = shield_value(target, settings=settings) if plan.shield else 0
    landed = wound(
        state,
        plan.attacker,
        plan.target,
        wound_total,
        category,
        settings=settings,
        divide=("Guard: 1/2", 2) if plan.answer == "guard" else divide,
        soak_bonus=soak_bonus,
        shield=shield,
    )
    if shield:
        landed.events.extend(shield_breaks(target, landed.damage))
    return landed

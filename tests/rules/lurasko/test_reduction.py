"""Voluntarily reducing damage: lower STR, melee 50 % / 25 %, ranged 50 % at 3 Hindrance."""

from __future__ import annotations

import pytest

from fracas.engine.ruleset import IllegalAction
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.errors import LuraskoRuleError
from fracas.rules.lurasko.events import DamageCalledOut, DefenseRolled
from fracas.rules.lurasko.offense import melee_reduction, normal_portion, ranged_reduction
from fracas.rules.lurasko.vocabulary import Reach
from tests.rules.lurasko.support import FOE, HERO, SWORD, duel, of_type, sheet

BOW = {"name": "Bow", "reach": "ranged", "damage": "16", "drive": 24, "offense": 10}


def attacked(attack: Attack, **hero: object) -> tuple[DamageCalledOut, DefenseRolled]:
    encounter = duel(hero=sheet(**hero))
    step = encounter.apply(attack, faces=[12, 1])
    (called,) = of_type(step.events, DamageCalledOut)
    (defense,) = of_type(step.events, DefenseRolled)
    return called, defense


def test_a_melee_attacker_may_use_less_str_for_damage_and_drive_at_no_cost() -> None:
    """Seed: "consider your STR to be any lower amount (to a minimum of 0) for the purposes of
    all attack rules ... including how much is added to damage and drive. This does not make
    your attack more difficult." Sword 17 (20 drive), STR 3."""
    full, full_defense = attacked(Attack(actor=HERO, target=FOE), strength=3)
    assert (full.portions[0].damage, full.portions[0].drive) == (20, 23)
    less, less_defense = attacked(Attack(actor=HERO, target=FOE, strength=1), strength=3)
    assert (less.portions[0].damage, less.portions[0].drive, less.strength) == (18, 21, 1)
    assert less_defense.roll.total == full_defense.roll.total
    none, _ = attacked(Attack(actor=HERO, target=FOE, strength=0), strength=3)
    assert none.portions[0].damage == 17


def test_melee_damage_aside_from_str_at_50_or_25_percent_for_1_hindrance() -> None:
    """Seed: "you can voluntarily reduce your melee weapon's damage (aside from STR additions)
    to either 50% or 25%, at the cost of 1 Hindrance to your melee offense roll." 17 -> 8 or 4,
    plus STR 3; the defense roll is 1 easier."""
    half, defense = attacked(Attack(actor=HERO, target=FOE, reduce=50), strength=3)
    assert (half.portions[0].damage, half.percent) == (11, 50)
    assert defense.roll.total == 12 + SWORD["offense"] - 1
    quarter, _ = attacked(Attack(actor=HERO, target=FOE, reduce=25), strength=3)
    assert quarter.portions[0].damage == 7
    with pytest.raises(LuraskoRuleError):
        melee_reduction(75)


def test_ranged_damage_and_drive_at_50_percent_for_3_hindrance() -> None:
    """Seed: "During a competent ranged attack, at the cost of 3 Hindrance to your melee offense
    roll, you can reduce your ranged weapon's damage and drive to 50%." Bow 16 (24 drive)."""
    halved, defense = attacked(Attack(actor=HERO, target=FOE, halve=True), weapons=[BOW])
    assert (halved.portions[0].damage, halved.portions[0].drive) == (8, 12)
    assert defense.roll.total == 12 + 10 - 3
    assert ranged_reduction(True).hindrance == 3
    assert normal_portion(16, 24, reach=Reach.RANGED).damage == 16


def test_a_ranged_weapon_cannot_be_reduced_the_melee_way() -> None:
    """Only halving is offered for ranged weapons."""
    encounter = duel(hero=sheet(weapons=[BOW]))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, reduce=50))
    assert refused.value.code == "ranged-reduce"
    assert encounter.state is before

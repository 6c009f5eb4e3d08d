"""Immaterial creatures and imbued attacks (seed: "Immaterial")."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant
from fracas.rules.kaiser.actions import Attack
from fracas.rules.kaiser.events import AttackResolved, CheckRolled, DamageTaken
from fracas.rules.kaiser.immaterial import can_defend, can_hit, is_imbued
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.states import armor_penalty, state_parts
from fracas.rules.kaiser.vocabulary import DamageType, Defence, types_named
from tests.rules.kaiser.support import BANDIT, CEIL, SETTINGS, duel, make_sheet

GHOST = make_sheet(immaterial=True)


def test_the_twelve_damage_types_in_four_groups() -> None:
    """SOURCES.md 1.5: "Physical: Cut, Impact, Thrust. Elemental: Heat, Cold, Electrical.
    Energy: Force (immaterial), Light, Dark. Resistance: Atomic, Bio, Psychic." """
    assert types_named("physical") == (DamageType.CUT, DamageType.IMPACT, DamageType.THRUST)
    assert types_named("energy") == (DamageType.FORCE, DamageType.LIGHT, DamageType.DARK)
    assert len(types_named("all")) == 12
    with pytest.raises(ValueError, match="'fire' is not a Damage Type"):
        types_named("fire")


def test_energy_attacks_are_imbued_and_others_need_a_feature() -> None:
    """Seed: "All attacks that deal damage from the Energy Group naturally have the imbued
    trait. For Physical and Elemental damage, you need to gain the imbued trait from some other
    feature, ability, or power." """
    assert is_imbued(DamageType.LIGHT, imbued_by_feature=False)
    assert not is_imbued(DamageType.CUT, imbued_by_feature=False)
    assert is_imbued(DamageType.HEAT, imbued_by_feature=True)
    assert can_hit(target_immaterial=True, imbued=True)
    assert not can_hit(target_immaterial=True, imbued=False)


def test_a_plain_sword_cannot_hit_an_immaterial_creature() -> None:
    """Seed: "In order to hit a creature with the immaterial trait, your attack have the
    imbued trait"."""
    encounter = duel(4, 5, 2, 2, bandit=GHOST)
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(Attack(actor=CEIL, target=BANDIT))
    assert error.value.code == "immaterial"
    assert encounter.state is before


def test_an_imbued_sword_can() -> None:
    """Seed: "Presence Extrusion and Aura Extension allow you to grant the imbued trait to your
    weapons"."""
    imbued = make_sheet(
        weapons=[{"name": "Aura Blade", "base_damage": 7, "damage_type": "cut", "imbued": True}]
    )
    encounter = duel(4, 5, 2, 2, 3, 3, 1, 2, ceil=imbued, bandit=GHOST)
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert any(isinstance(e, AttackResolved) for e in step.events)


def test_an_immaterial_attack_is_dodged_or_blocked_with_an_imbued_object() -> None:
    """Seed: "a creature with the immaterial trait will make its attacks immaterial as well. To
    defend against such an attack, you must either dodge or block it with an imbued object." """
    assert can_defend(Defence.DODGE, attack_immaterial=True, imbued_object=False)
    assert not can_defend(Defence.BLOCK, attack_immaterial=True, imbued_object=False)
    assert can_defend(Defence.BLOCK, attack_immaterial=True, imbued_object=True)
    encounter = duel(4, 5, 2, 2, ceil=GHOST)
    with pytest.raises(IllegalAction) as error:
        encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="block"))
    assert error.value.code == "immaterial-attack"


def test_an_immaterial_attacker_ignores_worn_armor_but_not_natural_armor() -> None:
    """Seed: the immaterial trait gives "the ability to ignore material objects like weapons,
    armor, and shields"."""
    armored = make_sheet(
        armor=[{"name": "Plate", "av": {"cut": 5}}],
        natural_armor=[{"name": "Veil", "av": {"cut": 1}}],
    )
    encounter = duel(4, 5, 2, 2, 4, 4, 3, 3, ceil=GHOST, bandit=armored)
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    taken = next(e for e in step.events if isinstance(e, DamageTaken))
    assert taken.account.units == (18 - 14) - 2 - 1


def test_worn_armor_penalises_rolls_less_wear_armor() -> None:
    """Seed: "while you are wearing it, you are subject to any penalties it applies. Your Wear
    Armor Skill can reduce these penalties." """
    heavy = make_sheet(
        armor=[{"name": "Plate", "av": {"cut": 5}, "penalty": 4}],
        skills={"attack": 10, "dodge": 8, "wear_armor": 1},
    )
    assert armor_penalty(heavy) == 3
    creature = Combatant(CombatantId("x"), "X", "side", heavy)
    assert state_parts(creature, settings=SETTINGS)[0] == ("armor", -3)
    assert (
        armor_penalty(make_sheet(skills={"wear_armor": 6}, armor=[{"name": "Mail", "penalty": 2}]))
        == 0
    )


def test_worn_armor_penalises_the_offensive_roll_unless_the_setting_says_not() -> None:
    """Seed (Layer Armor): "while you are wearing it, you are subject to any penalties it
    applies"; which rolls is the setting ``armor_penalty_on_rolls`` (a reading chosen here)."""
    heavy = make_sheet(
        armor=[{"name": "Plate", "av": {"cut": 5}, "penalty": 4}],
        skills={"attack": 10, "dodge": 8, "wear_armor": 1},
    )
    for settings, parts in (
        (SETTINGS, (("Attack", 10), ("armor", -3))),
        (KaiserSettings(armor_penalty_on_rolls=False), (("Attack", 10),)),
    ):
        encounter = duel(4, 5, 2, 2, 1, 2, 5, 5, ceil=heavy, settings=settings)
        step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
        offence = next(e for e in step.events if isinstance(e, CheckRolled))
        assert offence.parts == parts

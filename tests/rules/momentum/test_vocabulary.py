"""The game's words: Damage Types, DR kinds, sizes, Status Effects."""

from __future__ import annotations

import pytest

from fracas.rules.momentum.damage_types import DamageCategory, DamageType, Defence
from fracas.rules.momentum.defense_rolls import DefenseRoll, usual_defense_roll
from fracas.rules.momentum.status_effects import (
    CATALOGUE,
    Ending,
    StatusCategory,
    StatusEffect,
    linked_status_effect,
)
from fracas.rules.momentum.vocabulary import Size, Skill, Stat


def test_eleven_damage_types_in_four_categories() -> None:
    """Seed: "There are 11 damage types that can be categorized into four categories: Physical,
    Elemental, Mystic, and Other." """
    by_category = {
        category: [t.value for t in DamageType if t.category is category]
        for category in DamageCategory
    }
    assert by_category == {
        DamageCategory.PHYSICAL: ["physical"],
        DamageCategory.ELEMENTAL: ["chemical", "cold", "heat", "poison", "shock"],
        DamageCategory.MYSTIC: ["curse", "holy", "spirit"],
        DamageCategory.OTHER: ["psychic", "reality"],
    }


def test_poison_and_psychic_meet_dr_values_instead_of_armor() -> None:
    """Poison "ignores the Armor of its targets and instead takes the Constitution DR value into
    account"; Psychic "instead takes the Will DR value into account"."""
    assert DamageType.POISON.defence is Defence.CONSTITUTION_DR
    assert DamageType.PSYCHIC.defence is Defence.WILL_DR
    others = set(DamageType) - {DamageType.POISON, DamageType.PSYCHIC}
    assert {t.defence for t in others} == {Defence.ARMOR}


@pytest.mark.parametrize(
    ("kind", "stat", "skill"),
    [
        (DefenseRoll.STRENGTH, Stat.STRENGTH, Skill.RAW_FORCE),
        (DefenseRoll.DEXTERITY, Stat.DEXTERITY, Skill.NIMBLENESS),
        (DefenseRoll.CONSTITUTION, Stat.CONSTITUTION, Skill.ENDURANCE),
        (DefenseRoll.INTELLIGENCE, Stat.INTELLIGENCE, Skill.PSYCHOLOGY),
        (DefenseRoll.CHARISMA, Stat.CHARISMA, Skill.PRESENCE),
        (DefenseRoll.INSTINCT, Stat.INSTINCT, Skill.INTUITION),
        (DefenseRoll.WILL, Stat.WILL, Skill.PERSEVERANCE),
    ],
)
def test_seven_dr_kinds(kind: DefenseRoll, stat: Stat, skill: Skill) -> None:
    """Seed: "There are seven different kinds of DR. Each is based on one of the seven Stats in
    addition to one Skill." The list: Strength (Raw Force) ... Will (Perseverance)."""
    assert (kind.stat, kind.skill) == (stat, skill)


def test_usual_dr_against_each_damage_category() -> None:
    """Strength DR: "withstand Physical damage"; Dexterity DR: "You can often avoid Reality
    damage with it"; Constitution DR: "Elemental damage and Status Effects are usually resisted
    by it"; Will DR: "You can defend yourself against Mystic and Psychic damage with it"."""
    assert usual_defense_roll(DamageType.PHYSICAL) is DefenseRoll.STRENGTH
    assert usual_defense_roll(DamageType.REALITY) is DefenseRoll.DEXTERITY
    assert usual_defense_roll(DamageType.SHOCK) is DefenseRoll.CONSTITUTION
    assert usual_defense_roll(DamageType.HOLY) is DefenseRoll.WILL
    assert usual_defense_roll(DamageType.PSYCHIC) is DefenseRoll.WILL


def test_sizes_are_ordered_tiny_to_gargantuan() -> None:
    """SOURCES.md section 4: "Size categories: DEFAULT Tiny, Small, Medium, Large, Huge,
    Gargantuan (index 0-5), Medium = human." """
    assert [size.rank for size in Size] == [0, 1, 2, 3, 4, 5]
    assert Size.HUGE.categories_above(Size.MEDIUM) == 2
    assert Size.SMALL.categories_above(Size.LARGE) == -2


def test_status_effects_come_in_three_categories() -> None:
    """Seed: "There are three categories of Status Effects: Physical, Mental, and Elemental." """
    assert {info.category for info in CATALOGUE.values()} == set(StatusCategory)
    assert set(CATALOGUE) == set(StatusEffect)


@pytest.mark.parametrize(
    "damage_type", [t for t in DamageType if t.category is DamageCategory.ELEMENTAL]
)
def test_each_elemental_type_has_exactly_one_status_effect(damage_type: DamageType) -> None:
    """Seed: "Every Elemental damage type has exactly one Status Effect that is linked to it." """
    linked = [e for e, info in CATALOGUE.items() if info.damage_type is damage_type]
    assert len(linked) == 1
    assert linked_status_effect(damage_type) is linked[0]
    assert linked[0].info.category is StatusCategory.ELEMENTAL


def test_only_elemental_status_effects_link_a_damage_type() -> None:
    """Only Elemental Status Effects "are connected with Elemental damage"."""
    for info in CATALOGUE.values():
        assert (info.damage_type is not None) == (info.category is StatusCategory.ELEMENTAL)
    assert linked_status_effect(DamageType.PHYSICAL) is None


def test_how_status_effects_end() -> None:
    """SOURCES.md section 4: "All end on a successful Constitution DR (Mental: Will DR) at end of
    turn"; Bleeding is "removed by Stabilize"; Prone: "standing costs 1 m or 1 AP"."""
    assert StatusEffect.BLEEDING.info.ending is Ending.STABILIZE
    assert StatusEffect.PRONE.info.ending is Ending.STANDING_UP
    assert StatusEffect.FRIGHTENED.info.ending is Ending.WILL_DR_AT_END_OF_TURN
    assert StatusEffect.BURNING.info.ending is Ending.CONSTITUTION_DR_AT_END_OF_TURN

"""Stat Bonus, hit bonus, Evasion, Initiative, unions, DR values and DR Power."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.rules.momentum.defense_rolls import DefenseRoll
from fracas.rules.momentum.derived import (
    ability_hit_bonus,
    dr_power_of,
    dr_value_of,
    evasion_of,
    initiative_of,
    weapon_hit_bonus,
)
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.sheet import Weapon
from fracas.rules.momentum.stats import (
    base_evasion,
    dr_value,
    hit_bonus,
    initiative,
    stat_bonus,
    union_initiative,
)

from .support import SETTINGS, make_sheet

AX = Weapon(
    name="ax",
    primary_stat="strength",
    secondary_stat="dexterity",
    damage="1d8",
    damage_type="physical",
    reach="melee",
)


def test_stat_bonus_is_stat_minus_ten() -> None:
    """SOURCES.md section 8: "Stat Bonus = Stat - 10"; it may be negative below 10."""
    assert [stat_bonus(s, settings=SETTINGS) for s in (13, 14, 10, 7)] == [3, 4, 0, -3]


def test_stat_bonus_base_is_a_setting() -> None:
    """SOURCES.md section 8: "Every item below is a ruleset setting with this default"."""
    assert stat_bonus(13, settings=SETTINGS.model_copy(update={"stat_bonus_base": 12})) == 1


def test_ax_hit_bonus_is_4() -> None:
    """Seed: "let us assume that you are wielding an ax and have a Strength and Dexterity of 13. The
    Primary Stat of an ax is Strength, and the Secondary Stat is Dexterity. ... so 3 plus 1,5,
    which is rounded down to 1, for a total of 4." """
    assert hit_bonus(13, 13, settings=SETTINGS) == 4
    sheet = make_sheet(stats={"strength": 13, "dexterity": 13})
    assert weapon_hit_bonus(sheet, AX, settings=SETTINGS) == 4


def test_half_a_negative_secondary_bonus_rounds_down() -> None:
    """SOURCES.md section 4: "Rounding rule: always round down (toward -infinity is the safest
    engine choice)." A Secondary Stat of 7 (bonus -3) adds -2."""
    assert hit_bonus(12, 7, settings=SETTINGS) == 0


def test_ability_hit_bonus_uses_archetype_stats() -> None:
    """Seed: "Your Ability hit bonus is calculated similarly to a weapon hit bonus, but it uses your
    Primary and Secondary Stat instead, which are determined by your Archetype." """
    sheet = make_sheet(
        stats={"intelligence": 15, "will": 12, "strength": 8},
        primary_stat="intelligence",
        secondary_stat="will",
    )
    assert ability_hit_bonus(sheet, settings=SETTINGS) == 6
    assert weapon_hit_bonus(sheet, AX, settings=SETTINGS) == -2


def test_war_archetype_base_evasion_is_17() -> None:
    """Seed: "let us presume that you have the War Archetype and a Dexterity of 13 and a Strength of
    14. The Evasion Stat of the War Archetype is Strength. That means you would have a base
    Evasion of 13 + 4 = 17." """
    assert base_evasion(13, 14, evasion_cap=None, settings=SETTINGS) == 17
    war = make_sheet(stats={"dexterity": 13, "strength": 14}, evasion_stat="strength")
    assert evasion_of(war, settings=SETTINGS) == 17


def test_medium_armor_caps_base_evasion_at_14() -> None:
    """Seed: "if you have a base Evasion of 17 but are wearing medium armor, then your base Evasion
    would be only 14 instead of 17 because of the Evasion Cap of the armor." """
    assert base_evasion(13, 14, evasion_cap=14, settings=SETTINGS) == 14
    assert base_evasion(13, 14, evasion_cap=20, settings=SETTINGS) == 17


def test_evasion_cap_does_not_limit_buffs() -> None:
    """Seed: "The Evasion Cap does not affect any other source of additional Evasion like Buffs or
    features." """
    war = make_sheet(
        stats={"dexterity": 13, "strength": 14}, evasion_stat="strength", evasion_cap=14
    )
    assert evasion_of(war, buffs=2, settings=SETTINGS) == 16


def test_initiative_is_twice_instinct_plus_five_skill_levels() -> None:
    """Seed: "Your Instinct Stat times two plus your Athletics, Quick Fingers, Analysis, Grace, and
    Improvisation Skill Levels determine your Initiative." """
    assert initiative(12, [1, 2, 0, 3, 1]) == 31
    sheet = make_sheet(
        stats={"instinct": 12},
        skills={
            "athletics": 1,
            "quick_fingers": 2,
            "grace": 3,
            "improvisation": 1,
            "stealth": 5,
            "perception": 4,
        },
    )
    assert initiative_of(sheet, settings=SETTINGS) == 31


def test_object_initiative_is_0() -> None:
    """Seed: "The Initiative of objects is always 0." """
    door = make_sheet(stats={"instinct": 15}, is_object=True)
    assert initiative_of(door, settings=SETTINGS) == 0


def test_knight_and_horse_union_initiative_is_29() -> None:
    """Seed: "a knight with an Initiative of 26 who decides to make a union with their horse that
    has an Initiative of 32 would have an Initiative of (26+32)/2=29." """
    assert union_initiative([26, 32]) == 29


def test_union_initiative_rounds_down() -> None:
    """Seed: "The Initiative of a union is equal to the sum of the Initiative of all participating
    creatures divided by the number of those creatures." SOURCES.md: round down."""
    assert union_initiative([26, 31]) == 28
    assert union_initiative([20, 21, 21]) == 20


def test_union_needs_two_or_more() -> None:
    """Seed: "Two or more allies can decide to act as a union at the start of a round." """
    with pytest.raises(MomentumRuleError):
        union_initiative([26])


@given(st.lists(st.integers(-50, 200), min_size=2, max_size=8))
def test_union_initiative_lies_between_members(initiatives: list[int]) -> None:
    """The mean of the members lies between the lowest and the highest member."""
    assert min(initiatives) <= union_initiative(initiatives) <= max(initiatives)


def test_constitution_dr_value_example_is_3() -> None:
    """Seed: "A creature with a Constitution of 10 and an Endurance Skill Level of 3 (which leads to
    a Constitution DR of 3)" """
    assert dr_value(10, 3, settings=SETTINGS) == 3
    sheet = make_sheet(skills={"endurance": 3})
    assert dr_value_of(sheet, DefenseRoll.CONSTITUTION, settings=SETTINGS) == 3


def test_dr_adds_stat_bonus_and_its_skill_level() -> None:
    """Seed: "The target must roll a d20 and add the corresponding Stat Bonus and Skill Level." """
    sheet = make_sheet(stats={"will": 14}, skills={"perseverance": 2, "endurance": 5})
    assert dr_value_of(sheet, DefenseRoll.WILL, settings=SETTINGS) == 6


def test_dr_power_is_the_primary_stat_itself() -> None:
    """Seed: "The DR Power is equal to the Primary Stat of the creature." """
    caster = make_sheet(stats={"intelligence": 16}, primary_stat="intelligence")
    assert dr_power_of(caster) == 16

"""The settings model and the combatant sheet schema."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.defense_rolls import DefenseRoll
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Ability, Sheet, Skills
from fracas.rules.momentum.vocabulary import Size, Skill, Stat

from .support import AVERAGE_STATS, SETTINGS, make_sheet

RAPTOR = {
    "name": "Raptor",
    "stats": {
        "strength": 12,
        "dexterity": 15,
        "constitution": 11,
        "intelligence": 4,
        "charisma": 6,
        "instinct": 14,
        "will": 9,
    },
    "skills": {"athletics": 2, "perception": 3},
    "evasion_stat": "dexterity",
    "primary_stat": "dexterity",
    "secondary_stat": "strength",
    "vitality": 18,
    "armor": 1,
    "size": "medium",
    "weapons": [
        {
            "name": "claws",
            "primary_stat": "dexterity",
            "secondary_stat": "strength",
            "damage": "1d8",
            "damage_type": "physical",
            "reach": "melee",
        }
    ],
    "abilities": [
        {
            "name": "Pounce",
            "tier": 1,
            "damage": "2d6",
            "damage_types": ["physical"],
            "defense_roll": "dexterity",
            "reach": "melee",
        }
    ],
    "resistances": ["cold"],
}


def test_settings_defaults() -> None:
    """The seed's numbers and SOURCES.md's defaults, as settings."""
    assert (SETTINGS.ap_per_turn, SETTINGS.rp_per_round, SETTINGS.basic_movement_m) == (3, 2, 3)
    assert (SETTINGS.stat_bonus_base, SETTINGS.object_initiative) == (10, 0)
    assert SETTINGS.teleport_damage_cap == 100
    assert SETTINGS.holy_non_lethal_to_biological and SETTINGS.armor_before_multipliers
    assert SETTINGS.bleeding_damage_per_turn == 1


def test_every_setting_says_where_it_comes_from() -> None:
    """DESIGN.md: "Defaults are ruleset settings, never hard-coded guesses"; each names its
    source (the seed, SOURCES.md, or a default chosen where the chapter is silent)."""
    for name, field in MomentumSettings.model_fields.items():
        assert field.description, name
        assert field.description.startswith(("Seed:", "SOURCES.md:", "Default:")), name


def test_settings_reject_unknown_fields_and_are_frozen() -> None:
    """DESIGN.md: "unknown fields are an error naming the field"."""
    with pytest.raises(ValidationError, match="ap_per_round"):
        MomentumSettings.model_validate({"ap_per_round": 3})
    with pytest.raises(ValidationError):
        SETTINGS.ap_per_turn = 4  # type: ignore[misc]


def test_a_stat_block_loads() -> None:
    """A GM's YAML stat block, as the data YAML gives."""
    raptor = Sheet.model_validate(RAPTOR)
    assert raptor.stats[Stat.DEXTERITY] == 15
    assert raptor.skills[Skill.PERCEPTION] == 3
    assert raptor.skills[Skill.STEALTH] == 0
    assert raptor.size is Size.MEDIUM
    assert raptor.abilities[0].defense_roll is DefenseRoll.DEXTERITY
    assert raptor.resistances == frozenset({DamageType.COLD})
    assert raptor.basic_movement_m is None


def test_unknown_field_is_an_error_naming_it() -> None:
    """DESIGN.md: "the sheet schema of a combatant (pydantic model: unknown fields are an error
    naming the field)"."""
    with pytest.raises(ValidationError, match="hit_points"):
        Sheet.model_validate({**RAPTOR, "hit_points": 3})


def test_unknown_skill_is_an_error_naming_it() -> None:
    """Skills are the chapter's; a misspelt one is an error, not a silent level 0."""
    with pytest.raises(ValidationError, match="acrobatics"):
        Sheet.model_validate({**RAPTOR, "skills": {"acrobatics": 2}})


def test_missing_stat_is_an_error_naming_it() -> None:
    """Seed: "Each is based on one of the seven Stats": all seven are required."""
    stats = {k: v for k, v in AVERAGE_STATS.items() if k != "will"}
    with pytest.raises(ValidationError, match="will"):
        Sheet.model_validate({**RAPTOR, "stats": stats})


def test_skill_model_matches_the_skill_enum() -> None:
    """One field per Skill of the chapter."""
    assert list(Skills.model_fields) == [skill.value for skill in Skill]


def test_a_damage_type_has_one_modifier() -> None:
    """A type both resisted and immune (or vulnerable) is a contradiction in a stat block."""
    with pytest.raises(ValidationError, match="cold listed in both resistances and immunities"):
        make_sheet(resistances=["cold"], immunities=["cold"])


def test_ability_damage_needs_its_types() -> None:
    """An Ability's damage text and damage types come together."""
    with pytest.raises(ValidationError):
        Ability.model_validate({"name": "Zap", "damage": "1d6"})
    assert Ability.model_validate({"name": "Blink"}).damage is None


def test_negative_armor_is_allowed() -> None:
    """Seed: "A negative Armor value leads to taking increased damage if you receive any." """
    assert make_sheet(armor=-2).armor == -2


def test_melee_weapons_reach_1_m() -> None:
    """Seed: "Melee attacks have a base range of 1 m and ignore cover." """
    claws = Sheet.model_validate(RAPTOR).weapons[0]
    assert claws.range_m == 1

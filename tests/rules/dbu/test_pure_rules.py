"""The pure rule functions against the chapter's rules and SOURCES.md's defaults."""

from __future__ import annotations

import pytest

from fracas.dice import LoadedDice, dice
from fracas.rules.dbu.damage import band, band_name, damage_account, soak_for, soak_of
from fracas.rules.dbu.economy import CONVERTED, COUNTER, counter_pool
from fracas.rules.dbu.initiative import (
    Declaration,
    advantage_actions,
    initiative_modifier,
    instant_sequence,
)
from fracas.rules.dbu.rolls import Modifier, beats, combat_roll
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import (
    base_tier,
    critical_extra_dice,
    solid_dice,
    tier_extra_dice,
    times_tier,
)
from fracas.rules.dbu.vocabulary import Category
from tests.rules.dbu.support import SETTINGS, make_sheet

# --- Tiers of Power ---------------------------------------------------------------------


def test_times_tier_and_solid_dice() -> None:
    """SOURCES.md 2.1: 'Example: Combat Recovery 2d10(T) at ToP 3 = 6d10'."""
    assert times_tier(6, 3) == 18
    assert solid_dice(2, 10, 3) == dice(6, 10)


@pytest.mark.parametrize(
    ("tier", "expected"),
    [
        (1, None),
        (2, "1d4"),
        (3, "1d6"),
        (4, "1d8"),
        (5, "1d10"),
        (6, "1d10 + 1d4"),
        (7, "1d10 + 1d6"),
    ],
)
def test_tier_extra_dice(tier: int, expected: str | None) -> None:
    """SOURCES.md 2.2: 'ToP Extra Dice category = ToP - 1: ToP1 none, ToP2 d4, ToP3 d6, ToP4 d8,
    ToP5 d10, ToP6 d10+d4, ToP7 d10+d6'."""
    extra = tier_extra_dice(tier)
    assert (str(extra) if extra is not None else None) == expected


def test_critical_extra_dice_start_at_d4() -> None:
    """SOURCES.md 2.2: 'Critical Extra Dice start at d4 at ToP1 and go one category per Tier'."""
    assert str(critical_extra_dice(1)) == "1d4"
    assert str(critical_extra_dice(4)) == "1d10"


def test_base_tier_from_power_level() -> None:
    """SOURCES.md 2.1: 'Base ToP from Power Level = floor(PL/5) + 1 (PL 1–4 → 1, 5–9 → 2 …'."""
    assert [base_tier(pl) for pl in (1, 4, 5, 9, 30)] == [1, 1, 2, 2, 7]


# --- Combat Rolls -----------------------------------------------------------------------


def test_a_strike_roll_is_a_d10_extra_dice_and_modifiers() -> None:
    """Seed: 'a Strike Roll, which uses a d10 and any Extra Dice (such as Tier of Power Extra
    Dice) for your roll, then you add your Haste and Awareness modifiers'."""
    rolled = combat_roll(
        LoadedDice([7, 3]), 2, (Modifier("Haste", 2), Modifier("Awareness", 1)), settings=SETTINGS
    )
    assert rolled.natural == 7
    assert rolled.total == 7 + 3 + 2 + 1
    assert rolled.critical is None and not rolled.botched


def test_a_natural_10_adds_the_critical_extra_dice() -> None:
    """SOURCES.md 2.2: 'Critical: natural 10 on the base die … Adds the Critical Extra Dice'."""
    rolled = combat_roll(LoadedDice([10, 2, 5]), 2, (), settings=SETTINGS)
    assert rolled.critical is not None and rolled.critical.total == 5
    assert rolled.total == 10 + 2 + 5


def test_a_botch_takes_minus_2_per_tier() -> None:
    """SOURCES.md 2.3: 'botch = natural result ≤ Botch Rate, and the roll takes -2(bT)'; the seed's
    Blitz raises the Botch Rate to 3."""
    rolled = combat_roll(LoadedDice([1, 4]), 2, (), settings=SETTINGS)
    assert rolled.botched and rolled.total == 1 + 4 - 4
    raised = combat_roll(LoadedDice([3, 1]), 2, (), settings=SETTINGS, botch_rate=3)
    assert raised.botched
    assert not combat_roll(LoadedDice([3, 1]), 2, (), settings=SETTINGS).botched


def test_a_solid_roll_has_no_extra_dice() -> None:
    """Seed: 'since this roll specifies the base die, you don't add your ToP Extra Dice to it'."""
    rolled = combat_roll(
        LoadedDice([10]), 5, (Modifier("½ Agility", 2),), settings=SETTINGS, solid=True
    )
    assert rolled.total == 12 and rolled.critical is None


def test_ties_go_to_the_defender() -> None:
    """Seed: 'If the Strike Roll is higher, the attack successfully hits'; SOURCES.md section 8:
    'DBU: defender wins'."""
    assert beats(11, 10, settings=SETTINGS)
    assert not beats(10, 10, settings=SETTINGS)
    assert beats(10, 10, settings=DbuSettings(defender_wins_ties=False))


# --- Damage -----------------------------------------------------------------------------


def test_soak_is_tenacity_with_a_minimum_of_1_per_tier() -> None:
    """SOURCES.md 2.5: 'Soak = Tenacity Modifier, minimum 1(T)'."""
    sheet = make_sheet(modifiers={"tenacity": 2})
    assert soak_of(sheet, 1, settings=SETTINGS) == 2
    assert soak_of(sheet, 3, settings=SETTINGS) == 3


def test_damage_category_sets_the_soak_that_applies() -> None:
    """SOURCES.md section 8: 'Standard full Soak, Direct half Soak (round down), Lethal no Soak'."""
    assert [soak_for(5, c) for c in Category] == [5, 2, 0]
    assert Category.DIRECT.shifted(1) is Category.LETHAL
    assert Category.LETHAL.shifted(1) is Category.LETHAL
    assert Category.STANDARD.shifted(-1) is Category.STANDARD


def test_damage_reduction_comes_before_soak_and_damage_never_goes_below_0() -> None:
    """SOURCES.md 2.5: 'Damage Reduction is subtracted *before* Soak and is not affected by
    Damage Category'."""
    account = damage_account(12, reduction=2, soak=4, category=Category.DIRECT)
    assert [(s.before, s.after) for s in account.steps] == [(12, 10), (10, 8)]
    assert account.total == 8
    assert damage_account(3, reduction=0, soak=4, category=Category.STANDARD).total == 0


def test_five_health_threshold_bands() -> None:
    """SOURCES.md section 8: 'Healthy 100–76 %, Injured 75–51 %, Bloodied 50–26 %,
    Wounded 25–11 %, Critical 10–1 %'."""
    bands = [band_name(band(lp, 100, settings=SETTINGS)) for lp in (76, 75, 51, 50, 26, 25, 11, 10)]
    assert bands == [
        "Healthy",
        "Injured",
        "Injured",
        "Bloodied",
        "Bloodied",
        "Wounded",
        "Wounded",
        "Critical",
    ]


# --- Initiative and the action economy ----------------------------------------------------


def test_initiative_adds_half_the_agility_modifier() -> None:
    """Seed: 'Roll a solid d10 and add 1/2 your Agility Modifier'."""
    assert initiative_modifier(make_sheet(modifiers={"agility": 5})) == 2


def test_initiative_advantage_counts_only_the_highest_enemy() -> None:
    """Seed: '+1 additional Action' when '10+ higher than the highest enemy combatant's
    Initiative'; '+1 Action for each Tier of Power higher you are than the enemy combatant with
    the highest Tier of Power … you do NOT gain multiple actions for fighting multiple enemies'."""
    assert (
        advantage_actions(
            initiative=19, tier=1, enemy_initiatives=[9, 2, 3], enemy_tiers=[1, 1, 1], gap=10
        )
        == 1
    )
    assert (
        advantage_actions(
            initiative=18, tier=1, enemy_initiatives=[9, 2], enemy_tiers=[1, 1], gap=10
        )
        == 0
    )
    assert (
        advantage_actions(
            initiative=5, tier=4, enemy_initiatives=[9], enemy_tiers=[1, 2, 1], gap=10
        )
        == 2
    )


def test_simultaneous_instant_actions_follow_the_initiative_rule() -> None:
    """Seed: 'if the character with the lowest initiative takes the last place and then the
    character with the highest initiative chooses the last place, then the maneuver of the
    character with the highest initiative will be last and the character with the lowest
    initiative will be second-to-last.'"""
    order = instant_sequence([Declaration("high", 15, "last"), Declaration("low", 3, "last")])
    assert order == ("low", "high")
    assert instant_sequence(
        [
            Declaration("high", 15, "first"),
            Declaration("mid", 8, "last"),
            Declaration("low", 3, "first"),
        ]
    ) == ("high", "low", "mid")


def test_the_counter_action_lost_first_is_spent_first() -> None:
    """Seed: the round's Counter Action is 'to be used by the end of the current Combat Round';
    'Any Actions converted into Counter Actions are lost at the start of your next turn'."""
    assert counter_pool(natural=1, converted=1, turn_passed=False) == CONVERTED
    assert counter_pool(natural=1, converted=1, turn_passed=True) == COUNTER
    assert counter_pool(natural=0, converted=2, turn_passed=True) == CONVERTED
    assert counter_pool(natural=0, converted=0, turn_passed=True) is None

"""Kaiser's checks: Advantage dice, Open Rolls, Fumbles, Resistance Checks, Degrees."""

from __future__ import annotations

import pytest

from fracas.dice import LoadedDice
from fracas.rules.kaiser.checks import (
    check_dice,
    degrees,
    fumble_die_value,
    fumbles,
    opens,
    roll_resistance_check,
    roll_skill_check,
)


def test_advantage_and_disadvantage_roll_extra_dice_and_keep_two() -> None:
    """SOURCES.md 1.3: "An/Dn means roll 2d6 plus n extra d6 and keep the highest (A) or
    lowest (D) two ... D2 = roll 4d6, keep the lowest 2." """
    assert str(check_dice(0)) == "2d6"
    assert str(check_dice(1)) == "3d6kh2"
    assert str(check_dice(-2)) == "4d6kl2"


def test_a2_and_d3_cancel_to_d1() -> None:
    """SOURCES.md 1.3: "A2 + D3 -> D1 -> roll 3d6, keep the lowest 2." """
    result = roll_skill_check(LoadedDice([6, 2, 5]), 0, net_advantage=2 - 3)
    assert result.total == 7
    assert result.dice.kept_faces(6) == (2, 5)


def test_double_six_opens_the_roll_while_sixes_come() -> None:
    """SOURCES.md 1.3: "Open Roll (skill checks only): double 6 -> add another d6, and repeat
    while it shows 6." """
    assert opens((6, 6)) and not opens((6, 5))
    result = roll_skill_check(LoadedDice([6, 6, 6, 2]), 10)
    assert result.total == 6 + 6 + 6 + 2 + 10
    assert [r.total for r in result.extra] == [6, 2]


@pytest.mark.parametrize(("level", "value"), [(2, 0), (5, 0), (6, -5), (11, -5), (12, -10)])
def test_a_fumbles_die_result_goes_by_its_level(level: int, value: int) -> None:
    """SOURCES.md 1.3: "the die result becomes 0 (fumble level 2-5), -5 (6-11) or -10 (12+)." """
    assert fumble_die_value(level) == value


def test_double_one_fumbles_and_skill_plus_die_is_floored_at_zero() -> None:
    """SOURCES.md 1.3: "double 1 is an immediate failure ... The fumble level is another 2d6.
    Skill + die is floored at 0." """
    result = roll_skill_check(LoadedDice([1, 1, 6, 6]), 8)
    assert result.fumbled
    assert result.die == -10
    assert result.total == 0
    assert roll_skill_check(LoadedDice([1, 1, 2, 3]), 8).total == 8


def test_mastery_fumbles_only_on_three_ones() -> None:
    """SOURCES.md 1.3: "Mastery (Final Skill > 20): fumble only on three or more 1s." """
    assert fumbles((1, 1), (1, 1), 20)
    assert not fumbles((1, 1), (1, 1), 21)
    assert fumbles((1, 1), (1, 1, 1), 21)


def test_resistance_checks_neither_open_nor_fumble() -> None:
    """SOURCES.md 1.2: "Resistance Checks use 2d6 + Resistance, with no Open Roll and no
    Fumble." """
    assert roll_resistance_check(LoadedDice([6, 6]), 4).total == 16
    low = roll_resistance_check(LoadedDice([1, 1]), 4)
    assert low.total == 6 and not low.fumbled


def test_degrees_and_ties() -> None:
    """SOURCES.md 1.2: "Tie on a Difficulty check: counts as a success with 1 DoS. Tie on an
    Opposed check: goes to the defender." """
    assert degrees(21, 14, tie_succeeds=False) == 7
    assert degrees(10, 14, tie_succeeds=False) == -4
    assert degrees(8, 8, tie_succeeds=True) == 1
    assert degrees(8, 8, tie_succeeds=False) == 0

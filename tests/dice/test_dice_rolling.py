"""The roll evaluator with loaded dice: totals, rendering, the result record and limits."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from fracas.dice import (
    DiceLimitError,
    DiceLimits,
    DiceNeeded,
    DiceValueError,
    Face,
    LoadedDice,
    RolledDie,
    RollResult,
    SeededDice,
    dice,
    parse,
    roll,
)


@pytest.mark.parametrize(
    ("text", "faces", "rendered"),
    [
        ("1d20 + 5", [15], "1d20 (15) + 5 = 20"),
        ("d20+5", [15], "1d20 (15) + 5 = 20"),
        ("4d6kh3", [6, 5, 3, 1], "4d6kh3 (6, 5, 3, ~~1~~) = 14"),
        ("4d6dl1", [3, 1, 1, 5], "4d6dl1 (3, 1, ~~1~~, 5) = 9"),
        ("4d6dh1", [3, 6, 2, 6], "4d6dh1 (3, 6, 2, ~~6~~) = 11"),
        ("2d20kl1", [17, 4], "2d20kl1 (~~17~~, 4) = 4"),
        ("1d20ro1", [1, 12], "1d20ro1 (~~1~~, 12) = 12"),
        ("1d20ro1", [1, 1], "1d20ro1 (~~1~~, 1) = 1"),
        ("1d20ro1", [13], "1d20ro1 (13) = 13"),
        ("1d6rr<3", [1, 2, 1, 5], "1d6rr<3 (~~1~~, ~~2~~, ~~1~~, 5) = 5"),
        ("3d6e6", [6, 4, 2, 3], "3d6e6 (6!, 4, 2, 3) = 15"),
        ("1d10e", [10, 10, 3], "1d10e10 (10!, 10!, 3) = 23"),
        ("2d6e>=5kh1", [5, 6, 1, 4], "2d6e>=5kh1 (5!, 6!, 1, ~~4~~) = 12"),
        ("2d6mi3", [1, 5], "2d6mi3 (1→3, 5) = 8"),
        ("2d6ma4", [6, 2], "2d6ma4 (6→4, 2) = 6"),
        ("6d10>=8", [9, 3, 10, 1, 8, 2], "6d10>=8 (9✓, 3, 10✓, 1, 8✓, 2) = 3"),
        ("6d10>=8f1", [9, 3, 10, 1, 8, 2], "6d10>=8f1 (9✓, 3, 10✓, 1✗, 8✓, 2) = 2"),
        ("3d6kh2<3", [1, 6, 2], "3d6kh2<3 (~~1~~, 6, 2✓) = 1"),
        ("4d6ro1kh3", [1, 2, 6, 5, 4], "4d6ro1kh3 (~~1~~, ~~2~~, 6, 5, 4) = 15"),
        ("(1d6 + 2) * -2", [4], "(1d6 (4) + 2) * -2 = -12"),
        ("-1d4 - -3", [2], "-1d4 (2) - -3 = 1"),
        ("7 / 2 + -7 / 2", [], "7 / 2 + -7 / 2 = -1"),
        ("1d8 / (1d4 - 1)", [7, 3], "1d8 (7) / (1d4 (3) - 1) = 3"),
        ("0d6 + 1", [], "0d6 () + 1 = 1"),
        ("2d6[heat] + 1d6[cold]", [3, 4, 2], "2d6[heat] (3, 4) + 1d6[cold] (2) = 9"),
    ],
)
def test_rolls_render_like_d20(text: str, faces: list[int], rendered: str) -> None:
    source = LoadedDice(faces)
    result = roll(text, source)
    assert result.render() == rendered
    assert str(result) == rendered
    assert result.total == int(rendered.rsplit("= ", 1)[1])
    assert source.remaining == ()


def test_the_record_keeps_every_die_and_face() -> None:
    result = roll("4d6ro1kh3", LoadedDice([1, 2, 6, 5, 4]))
    assert result.expression == "4d6ro1kh3"
    assert result.dice() == (
        RolledDie(6, (Face(1, 1, rerolled=True), Face(2, 2)), kept=False),
        RolledDie(6, (Face(6, 6),)),
        RolledDie(6, (Face(5, 5),)),
        RolledDie(6, (Face(4, 4),)),
    )
    exploded = roll("1d6mi2e6", LoadedDice([6, 1])).dice()[0]
    assert exploded.faces == (Face(6, 6, exploded=True), Face(1, 2))
    assert (exploded.value, exploded.natural) == (8, 6)


def test_label_subtotals() -> None:
    result = roll("2d6[heat] + 1d6[cold] + 1d4[heat] - 2", LoadedDice([3, 4, 2, 4]))
    assert result.total == 11
    assert result.subtotals() == {"heat": 11, "cold": 2}
    assert result.subtotal("heat") == 11
    assert result.subtotal("acid") == 0
    assert [term.notation for term in result.terms()] == ["2d6[heat]", "1d6[cold]", "1d4[heat]"]


def test_kept_faces_find_a_natural_twenty() -> None:
    advantage = dice(2, 20).keep_highest(1).at_most(19) + 4
    result = roll(advantage, LoadedDice([20, 7]))
    assert result.total == 23
    assert result.kept_faces(sides=20) == (20,)
    assert roll("1d20ro1 + 1d4", LoadedDice([1, 20, 3])).kept_faces(sides=20) == (20,)
    assert roll("2d20kl1 + 1d4", LoadedDice([20, 7, 3])).kept_faces() == (7, 3)


def test_json_round_trip_through_pydantic() -> None:
    adapter = TypeAdapter(RollResult)
    result = roll("(2d6[heat] + 3) * -1d6e6 - 4d6ro1kh3 / 2 + 6d10>=8f1 - 5", SeededDice(11))
    loaded = adapter.validate_json(adapter.dump_json(result))
    assert loaded == result
    assert loaded.render() == result.render()


def test_dice_run_out() -> None:
    with pytest.raises(DiceNeeded) as caught:
        roll("1d20 + 1d8", LoadedDice([12]))
    assert caught.value.sides == 8


def test_a_source_face_that_does_not_fit_is_refused() -> None:
    class Broken:
        def roll(self, sides: int) -> int:
            return sides + 1

    with pytest.raises(DiceValueError, match="d6 cannot show 7"):
        roll("1d6", Broken())


def test_a_face_that_does_not_fit_is_refused_once_the_faces_that_fit_were_rolled() -> None:
    """The roller keeps the result of each face a plain die showed; a face out of range is
    never one of them."""
    for text in ("1d6", "3d6 + 1"):
        expression = parse(text)
        for face in range(1, 7):
            assert roll(expression, LoadedDice([face] * 3)).total >= face

        class Broken:
            def roll(self, sides: int) -> int:
                return sides + 1

        with pytest.raises(DiceValueError, match="d6 cannot show 7"):
            roll(expression, Broken())


def test_the_same_faces_give_equal_results() -> None:
    expression = dice(2, 6) + 1
    first = roll(expression, LoadedDice([3, 5]))
    again = roll(expression, LoadedDice([3, 5]))
    assert first == again
    assert first.render() == "2d6 (3, 5) + 1 = 9"
    assert roll(expression, LoadedDice([5, 3])).render() == "2d6 (5, 3) + 1 = 9"


def test_division_by_a_constant_zero() -> None:
    with pytest.raises(DiceValueError, match="divide"):
        roll(dice(1, 8) // 0, LoadedDice([7]))


def test_division_by_a_zero_roll() -> None:
    with pytest.raises(DiceValueError, match="divide"):
        roll("1d8 / (1d4 - 1)", LoadedDice([7, 1]))


@pytest.mark.parametrize(
    ("text", "limits", "faces", "words"),
    [
        ("1001d6", DiceLimits(), [], "1001 dice"),
        ("600d6 + 401d4", DiceLimits(), [], "1001 dice"),
        ("3d6 + 3d6", DiceLimits(max_dice=5), [], "at most 5"),
        ("1d1001", DiceLimits(), [], "1001 sides"),
        ("1d6e6", DiceLimits(max_explosion_depth=2), [6, 6, 6], "exploded more than 2"),
        ("1d6e6", DiceLimits(max_explosion_depth=0), [6], "exploded more than 0"),
        ("1d6rr1", DiceLimits(max_rerolls=3), [1, 1, 1, 1], "rerolled more than 3"),
    ],
)
def test_limits(text: str, limits: DiceLimits, faces: list[int], words: str) -> None:
    with pytest.raises(DiceLimitError, match=words):
        roll(text, LoadedDice(faces), limits)


def test_limits_leave_room_up_to_the_bound() -> None:
    limits = DiceLimits(max_explosion_depth=2, max_rerolls=3)
    assert roll("1d6e6", LoadedDice([6, 6, 2]), limits).total == 14
    assert roll("1d6rr1", LoadedDice([1, 1, 1, 4]), limits).total == 4
    assert roll(parse("1000d1000"), SeededDice(5)).total > 0


def test_an_expression_rolled_again_is_checked_against_each_limits_again() -> None:
    """The notation and the limits check are worked out once per expression and limits: the
    same expression is still refused under tighter limits, every time, and allowed under wider
    ones."""
    expression = parse("3d6 + 2")
    tight = DiceLimits(max_dice=2)
    assert roll(expression, LoadedDice([1, 2, 3])).render() == "3d6 (1, 2, 3) + 2 = 8"
    for _ in range(2):
        with pytest.raises(DiceLimitError, match="rolls 3 dice"):
            roll(expression, LoadedDice([1, 2, 3]), tight)
    assert roll(expression, LoadedDice([6, 6, 6])).render() == "3d6 (6, 6, 6) + 2 = 20"

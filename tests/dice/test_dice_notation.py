"""Parsing, canonical rendering, programmatic construction and notation errors."""

from __future__ import annotations

import pytest

from fracas.dice import (
    MAX_NESTING,
    BinaryOp,
    Condition,
    Constant,
    Counting,
    Dice,
    DiceError,
    DiceLimitError,
    DiceSyntaxError,
    DiceValueError,
    Negative,
    Reroll,
    SeededDice,
    Selection,
    const,
    dice,
    parse,
    roll,
)
from fracas.errors import FracasError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("d20", "1d20"),
        ("1d20+5", "1d20 + 5"),
        ("D%", "1d100"),
        ("4d6kh3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("2d20KL1", "2d20kl1"),
        ("4d6dl1", "4d6dl1"),
        ("4d6dh1", "4d6dh1"),
        ("1d20ro1", "1d20ro1"),
        ("1d20ro=1", "1d20ro1"),
        ("1d20ro<3", "1d20ro<3"),
        ("1d20rr>18", "1d20rr>18"),
        ("3d6e6", "3d6e6"),
        ("1d10e", "1d10e10"),
        ("1d10e>=9", "1d10e>=9"),
        ("2d6mi3ma5", "2d6mi3ma5"),
        ("6d10>=8", "6d10>=8"),
        ("6d10>=8f1", "6d10>=8f1"),
        ("6d10=10f<2", "6d10=10f<2"),
        ("4d6ro1kh3", "4d6ro1kh3"),
        ("  2d6[heat]+1d6[cold] ", "2d6[heat] + 1d6[cold]"),
        ("2 * (1d6 + 3)", "2 * (1d6 + 3)"),
        ("10 / 3 - -2", "10 / 3 - -2"),
        ("1-(2-3)", "1 - (2 - 3)"),
        ("(1-2)-3", "1 - 2 - 3"),
        ("-(5)", "-5"),
        ("--1d6", "--1d6"),
        ("-(1d6*2)", "-(1d6 * 2)"),
    ],
)
def test_parse_renders_canonically(text: str, canonical: str) -> None:
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression


def test_parse_builds_the_tree() -> None:
    assert parse("4d6ro<2kh3 + -5") == BinaryOp(
        "+",
        Dice(4, 6, reroll=Reroll(Condition("<", 2), once=True), select=Selection("kh", 3)),
        Negative(Constant(5)),
    )
    assert parse("6d10>=8f1[hits]") == Dice(
        6, 10, counting=Counting(Condition(">=", 8), Condition("=", 1)), label="hits"
    )


def test_a_comparison_after_a_bare_e_belongs_to_the_explosion() -> None:
    assert parse("6d10e>=8") == Dice(6, 10, explosion=Condition(">=", 8))
    assert parse("6d10e10>=8") == Dice(
        6, 10, explosion=Condition("=", 10), counting=Counting(Condition(">=", 8))
    )


def test_constructors_build_what_the_notation_says() -> None:
    advantage = dice(2, 20).keep_highest(1) + 4
    assert str(advantage) == "2d20kh1 + 4"
    assert parse("2d20kh1 + 4") == advantage
    assert str(dice(1, 6) + -2) == "1d6 - 2"
    assert str(dice(1, 6) - -2) == "1d6 + 2"
    assert str(3 * dice(1, 6) // 2) == "3 * 1d6 / 2"
    assert str(10 - (dice(1, 4) + 1)) == "10 - (1d4 + 1)"
    assert str(-dice(1, 6) + const(-3)) == "-1d6 + -3"
    assert str(1 + dice(1, 4)) == "1 + 1d4"
    built = (
        dice(4, 6)
        .drop_lowest(1)
        .reroll_once(1)
        .at_least(2)
        .at_most(5)
        .explode()
        .count_successes(Condition(">=", 4), failure=1)
        .labelled("fire")
    )
    assert str(built) == "4d6ro1mi2ma5e6dl1>=4f1[fire]"
    assert parse(str(built)) == built
    assert str(dice(1, 20).reroll_while(Condition("<", 3))) == "1d20rr<3"
    assert str(dice(2, 6).keep_lowest(1).explode(Condition(">", 4))) == "2d6e>4kl1"
    assert str(dice(3, 6).drop_highest(1).count_successes(6)) == "3d6dh1=6"


def test_the_constructors_hand_out_the_same_node_for_the_same_parts() -> None:
    """Rules code builds ``dice(1, 20) + bonus`` for every attack; the same object each time
    lets the roller find the expression it compiled. Equal parts that are other objects give
    an equal node, not the same one."""
    d20 = dice(1, 20)
    assert dice(1, 20) is d20
    assert d20 + 5 is d20 + 5
    assert d20 - 3 is d20 + -3
    assert d20 + 6 is not d20 + 5
    assert d20 + 6 == BinaryOp("+", d20, Constant(6))
    large = 10**12
    assert d20 + large is d20 + int(str(large))  # equal numbers that are other objects
    assert d20 + dice(1, 6) is d20 + dice(1, 6)
    assert d20 + Dice(1, 6) is not d20 + Dice(1, 6)
    assert d20 + Dice(1, 6) == d20 + dice(1, 6)
    assert Dice(1, 20) + 5 is not d20 + 5
    assert Dice(1, 20) + 5 == d20 + 5
    assert d20 * 2 is not d20 + 2
    assert str(d20 * 2) == "1d20 * 2"
    pool = dice(4, 6)
    assert pool.keep_highest(2) is pool.keep_highest(2)
    assert str(pool.keep_lowest(2)) == "4d6kl2"
    assert str(pool.drop_highest(2)) == "4d6dh2"
    assert str(pool.drop_lowest(2)) == "4d6dl2"


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("", 0, ("'('", "'-'", "'d'", "a number")),
        ("4d6k", 4, ("a number",)),
        ("1d", 2, ("'%'", "a number")),
        ("3 4", 2, None),
        ("1d6 x", 4, None),
        ("1d6[3]", 4, ("a label",)),
        ("(1d6", 4, None),
        ("1d6kh3ro1", 6, None),
        ("1d6 ++ 2", 5, None),
        ("1" * 19, 0, ("a number of at most 18 digits",)),
        ("2d" + "9" * 19, 2, ("a number of at most 18 digits",)),
    ],
)
def test_syntax_errors_say_where_and_what_was_expected(
    text: str, position: int, expected: tuple[str, ...] | None
) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    error = caught.value
    assert error.text == text
    assert error.position == position
    assert error.expected
    if expected is not None:
        assert error.expected == expected
    assert str(error).endswith("\n" + " " * position + "^")
    assert f"position {position}" in str(error)


def test_syntax_error_caret_stays_aligned_under_other_whitespace() -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse("1d6\t+\n")
    assert str(caught.value).splitlines()[-2:] == ["1d6 + ", "      ^"]


def test_every_dice_error_is_a_fracas_error() -> None:
    for error in (DiceSyntaxError, DiceValueError, DiceLimitError):
        assert issubclass(error, DiceError)
    assert issubclass(DiceError, FracasError)


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("1d6rr<7", DiceValueError, "1d6rr<7"),
        ("1d6rr>=1", DiceValueError, "reroll"),
        ("1d1rr1", DiceValueError, "reroll"),
        ("1d6e>=1", DiceValueError, "explode"),
        ("1d0", DiceValueError, "side"),
        ("1d6mi5ma3", DiceValueError, "minimum"),
        ("2d20kh3", DiceLimitError, "keep 3 of 2"),
        ("2d20dl3", DiceLimitError, "drop 3 of 2"),
    ],
)
def test_notation_that_means_nothing_is_refused(
    text: str, error: type[DiceError], words: str
) -> None:
    with pytest.raises(error, match=words):
        parse(text)


def test_a_reroll_once_may_match_every_face() -> None:
    assert parse("1d6ro<7") == dice(1, 6).reroll_once(Condition("<", 7))


def test_nodes_refuse_what_notation_cannot_write() -> None:
    with pytest.raises(DiceValueError):
        Constant(-1)
    with pytest.raises(DiceValueError):
        Constant(10**18)
    with pytest.raises(DiceValueError):
        Condition("<", -1)
    with pytest.raises(DiceValueError):
        dice(-1, 6)
    with pytest.raises(DiceValueError):
        dice(1, 6).labelled("two words")
    with pytest.raises(DiceLimitError):
        dice(1, 20).keep_highest(2)


def test_condition_matching_faces() -> None:
    assert list(Condition("<", 3).matching(6)) == [1, 2]
    assert list(Condition("<=", 9).matching(6)) == [1, 2, 3, 4, 5, 6]
    assert list(Condition(">", 4).matching(6)) == [5, 6]
    assert list(Condition(">=", 0).matching(3)) == [1, 2, 3]
    assert list(Condition("=", 7).matching(6)) == []
    assert list(Condition("=", 0).matching(6)) == []


def test_arithmetic_nested_past_the_limit_is_refused_when_parsed() -> None:
    deepest = parse("+".join(["d2"] * (MAX_NESTING + 1)))
    assert roll(deepest, SeededDice(1)).total >= MAX_NESTING + 1
    for text in ("+".join(["d2"] * (MAX_NESTING + 2)), "+".join(["1d2"] * 1000), "-" * 2000 + "1"):
        with pytest.raises(DiceLimitError, match=f"at most {MAX_NESTING} are allowed"):
            parse(text)

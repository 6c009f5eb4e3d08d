"""Properties over generated expressions and generated text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from fracas.dice import (
    BinaryOp,
    BinaryResult,
    Condition,
    Constant,
    ConstantResult,
    Counting,
    Dice,
    DiceError,
    DiceLimitError,
    DiceLimits,
    DiceValueError,
    Expression,
    Negative,
    NegativeResult,
    Reroll,
    RollNode,
    RollResult,
    SeededDice,
    Selection,
    distribution,
    parse,
    roll,
)
from fracas.dice.rolling import _roll_term
from fracas.dice.syntax import OPERATIONS

SMALL = DiceLimits(max_dice=12, max_sides=20, max_explosion_depth=3, max_rerolls=50)

conditions = st.builds(Condition, st.sampled_from(["=", "<", "<=", ">", ">="]), st.integers(0, 10))


@st.composite
def dice_terms(draw: st.DrawFn) -> Dice:
    count = draw(st.integers(0, 3))
    try:
        return Dice(
            count,
            draw(st.integers(1, 8)),
            reroll=draw(st.none() | st.builds(Reroll, conditions, st.booleans())),
            minimum=draw(st.none() | st.integers(0, 9)),
            maximum=draw(st.none() | st.integers(0, 9)),
            explosion=draw(st.none() | conditions),
            select=draw(
                st.none()
                | st.builds(
                    Selection, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, count)
                )
            ),
            counting=draw(st.none() | st.builds(Counting, conditions, st.none() | conditions)),
            label=draw(st.none() | st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,7}", fullmatch=True)),
        )
    except DiceError:
        reject()


expressions: st.SearchStrategy[Expression] = st.recursive(
    st.builds(Constant, st.integers(0, 20)) | dice_terms(),
    lambda inner: (
        st.builds(Negative, inner)
        | st.builds(BinaryOp, st.sampled_from(["+", "-", "*", "/"]), inner, inner)
    ),
    max_leaves=4,
)

TOKENS = ["1", "2", "3", "6", "20", "0", "d", "D", "%", "+", "-", "*", "/", "(", ")", " ", "kh"]
TOKENS += ["kl", "k", "dh", "dl", "ro", "rr", "e", "mi", "ma", ">=", "<", "=", "f", "[a]", "x"]


@st.composite
def edited_notation(draw: st.DrawFn) -> str:
    """Canonical notation with a few characters replaced by a token (or by nothing)."""
    text = str(draw(expressions))
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(start + 3, len(text))))
    return text[:start] + draw(st.sampled_from(["", *TOKENS])) + text[end:]


notation = (
    st.text("0123456789dD%+-*/() khlroeEmiaf<>=[]x_", max_size=16)
    | st.lists(st.sampled_from(TOKENS), max_size=10).map("".join)
    | edited_notation()
)

fast = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fast
@given(expressions)
def test_notation_round_trips(expression: Expression) -> None:
    assert parse(str(expression)) == expression


@fast
@given(expressions, st.integers(0, 2**64))
def test_every_rolled_total_is_in_the_distribution(expression: Expression, seed: int) -> None:
    try:
        support = distribution(expression, SMALL).probabilities()
    except DiceValueError:
        reject()  # a divisor that can come to 0
    try:
        result = roll(expression, SeededDice(seed), SMALL)
    except DiceLimitError:
        reject()  # a die exploded or rerolled past the small limits
    assert result.total in support
    assert sum(support.values()) == 1


def walked(node: Expression, source: SeededDice) -> RollNode:
    """The roll of ``node`` by a plain walk of its tree, every term through the general
    evaluator (the roller compiles each expression once and rolls its plain terms on a path of
    their own)."""
    if isinstance(node, Dice):
        return _roll_term(node, str(node), source, SMALL)
    if isinstance(node, Constant):
        return ConstantResult(node.value)
    if isinstance(node, Negative):
        inner = walked(node.operand, source)
        return NegativeResult(inner, -inner.total)
    first, second = walked(node.left, source), walked(node.right, source)
    if node.op == "/" and second.total == 0:
        raise DiceValueError("cannot divide")
    return BinaryResult(node.op, first, second, OPERATIONS[node.op](first.total, second.total))


@fast
@given(expressions, st.lists(st.integers(0, 2**64), min_size=1, max_size=3))
def test_a_roll_is_the_tree_walked_with_the_same_dice(
    expression: Expression, seeds: list[int]
) -> None:
    """Each seed in turn (the expression compiled once, its results reused face by face): the
    same result as the walk, from the same dice, or the same error."""
    for seed in seeds:
        rolled, walking = SeededDice(seed), SeededDice(seed)
        try:
            expected = RollResult(str(expression), walked(expression, walking))
        except (DiceValueError, DiceLimitError) as error:
            with pytest.raises(type(error)):
                roll(expression, rolled, SMALL)
        else:
            assert roll(expression, rolled, SMALL) == expected
        assert rolled.state == walking.state


@fast
@given(expressions, st.integers(0, 2**64))
def test_roll_results_survive_json(expression: Expression, seed: int) -> None:
    try:
        result = roll(expression, SeededDice(seed), SMALL)
    except (DiceValueError, DiceLimitError):
        reject()
    adapter = TypeAdapter(RollResult)
    assert adapter.validate_json(adapter.dump_json(result)) == result
    assert result.expression == str(expression)
    assert result.render().endswith(f" = {result.total}")


@fast
@given(notation, st.integers(0, 2**64))
def test_any_text_rolls_to_an_int_or_raises_a_dice_error(text: str, seed: int) -> None:
    try:
        total = roll(text, SeededDice(seed), DiceLimits(max_dice=60, max_sides=100)).total
    except DiceError:
        return
    assert isinstance(total, int)


@fast
@given(notation)
def test_any_text_has_a_distribution_or_raises_a_dice_error(text: str) -> None:
    try:
        probabilities = distribution(text, SMALL).probabilities()
    except DiceError:
        return
    assert sum(probabilities.values()) == 1

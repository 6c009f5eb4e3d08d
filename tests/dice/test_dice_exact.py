"""The exact distribution against brute-force enumeration of every way the dice can fall."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import product

import pytest

from fracas.dice import DiceLimits, DiceValueError, Distribution, dice, distribution


def enumerate_totals(
    dice_sides: list[int], total: Callable[[tuple[int, ...]], int]
) -> Counter[int]:
    """How many of the equally likely fallings of dice with these sides give each total."""
    return Counter(total(faces) for faces in product(*(range(1, s + 1) for s in dice_sides)))


def as_probabilities(counts: Counter[int]) -> dict[int, Fraction]:
    whole = sum(counts.values())
    return {total: Fraction(count, whole) for total, count in sorted(counts.items())}


def highest(faces: Iterable[int], count: int) -> list[int]:
    return sorted(faces, reverse=True)[:count]


def reroll_ones_once(first: int, second: int) -> int:
    return second if first == 1 else first


BRUTE_FORCE: dict[str, Counter[int]] = {
    "2d6": enumerate_totals([6, 6], sum),
    "3d6kh2": enumerate_totals([6] * 3, lambda f: sum(highest(f, 2))),
    "4d4dl1": enumerate_totals([4] * 4, lambda f: sum(f) - min(f)),
    "3d6dh1": enumerate_totals([6] * 3, lambda f: sum(f) - max(f)),
    "2d20kl1 - 1": enumerate_totals([20, 20], lambda f: min(f) - 1),
    "2d20kh1+3": enumerate_totals([20, 20], lambda f: max(f) + 3),
    "3d6>=5": enumerate_totals([6] * 3, lambda f: sum(face >= 5 for face in f)),
    "4d6>=5f1": enumerate_totals(
        [6] * 4, lambda f: sum(face >= 5 for face in f) - sum(face == 1 for face in f)
    ),
    "4d6kh2=6": enumerate_totals([6] * 4, lambda f: sum(face == 6 for face in highest(f, 2))),
    "2d6mi2": enumerate_totals([6, 6], lambda f: sum(max(face, 2) for face in f)),
    "2d6ma4": enumerate_totals([6, 6], lambda f: sum(min(face, 4) for face in f)),
    "1d6ro1": enumerate_totals([6, 6], lambda f: reroll_ones_once(*f)),
    "2d6ro1": enumerate_totals(
        [6] * 4, lambda f: reroll_ones_once(f[0], f[1]) + reroll_ones_once(f[2], f[3])
    ),
    "3d4ro<3kh2": enumerate_totals(
        [4] * 6,
        lambda f: sum(highest((f[i] if f[i] >= 3 else f[i + 3] for i in range(3)), 2)),
    ),
    "2d4[a]+1d4[b]": enumerate_totals([4] * 3, sum),
    "1d6 * 1d4 - 2": enumerate_totals([6, 4], lambda f: f[0] * f[1] - 2),
    "-1d6 / 2": enumerate_totals([6], lambda f: -f[0] // 2),
    "1d8 / 1d3": enumerate_totals([8, 3], lambda f: f[0] // f[1]),
    "(1d4 + 1) * 2d2": enumerate_totals([4, 2, 2], lambda f: (f[0] + 1) * (f[1] + f[2])),
}


@pytest.mark.parametrize("text", BRUTE_FORCE)
def test_distribution_matches_brute_force(text: str) -> None:
    assert distribution(text).probabilities() == as_probabilities(BRUTE_FORCE[text])


def test_reroll_until_is_the_conditional_distribution() -> None:
    assert distribution("1d6rr<3").probabilities() == {
        face: Fraction(1, 4) for face in (3, 4, 5, 6)
    }


def test_explosion_with_bounded_depth_by_hand() -> None:
    # Depth 2: at most two extra faces; a third six would explode but counts as itself.
    one, two, three = Fraction(1, 6), Fraction(1, 36), Fraction(1, 216)
    expected = {face: one for face in range(1, 6)}
    expected |= {6 + face: two for face in range(1, 6)}
    expected |= {12 + face: three for face in range(1, 7)}
    assert distribution("1d6e6", DiceLimits(max_explosion_depth=2)).probabilities() == expected
    assert distribution("1d6e6", DiceLimits(max_explosion_depth=0)).probabilities() == {
        face: one for face in range(1, 7)
    }


def test_explosion_on_a_range_with_a_minimum_by_hand() -> None:
    # Faces 3 and 4 explode, once at most; a 1 counts as 2, wherever it falls.
    result = distribution("1d4mi2e>=3", DiceLimits(max_explosion_depth=1)).probabilities()
    quarter, sixteenth = Fraction(1, 4), Fraction(1, 16)
    expected: Counter[int] = Counter()
    for first in (1, 2, 3, 4):
        if first < 3:
            expected[max(first, 2)] += 4
        else:
            for second in (1, 2, 3, 4):
                expected[first + max(second, 2)] += 1
    assert result == {total: count * sixteenth for total, count in sorted(expected.items())}
    assert result[2] == 2 * quarter


def test_the_distribution_summary() -> None:
    result = distribution(dice(2, 6))
    assert isinstance(result, Distribution)
    assert result.mean() == 7
    assert result.percentile(0) == 2
    assert result.percentile(50) == 7
    assert result.percentile(Fraction(100 * 15, 36)) == 6
    assert result.percentile(100) == 12
    assert distribution("4d6kh3").mean() == Fraction(15869, 1296)
    assert distribution("5").probabilities() == {5: Fraction(1)}
    with pytest.raises(ValueError):
        result.percentile(101)


def test_a_divisor_that_can_be_zero_is_refused() -> None:
    with pytest.raises(DiceValueError, match="divide"):
        distribution("1d8 / (1d4 - 1)")


def test_distributions_compare_equal_when_equal() -> None:
    assert distribution("1d6 + 1d6") == distribution("2d6")
    assert distribution("2d6kh1") == distribution("2d6dl1")

"""Properties of the stacking rules and the damage pipeline, over many values (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fracas.rules.kaiser import stacking
from fracas.rules.kaiser.damage import Defences, damage_account, units_of_damage
from fracas.rules.kaiser.stacking import Source
from fracas.rules.kaiser.vocabulary import DamageType

VALUES = st.lists(st.integers(min_value=0, max_value=40), max_size=6)
SOURCES = st.lists(
    st.builds(Source, st.integers(min_value=0, max_value=20), st.booleans()), max_size=5
)


@given(VALUES)
def test_diminishing_stacking_is_the_highest_at_least_and_the_sum_at_most(
    values: list[int],
) -> None:
    """Seed: "the highest bonus, then half of the second highest, a third of the third" —
    whatever order the powers came in."""
    total = stacking.diminishing_sum(values)
    assert total == stacking.diminishing_sum(list(reversed(values)))
    assert max(values, default=0) <= total <= sum(values)


@given(VALUES)
def test_layer_armor_adds_at_most_half_of_two_more_layers(layers: list[int]) -> None:
    """Seed: "the highest AV plus half of the next two greatest Armor Values"."""
    ordered = sorted(layers, reverse=True)
    value = stacking.layer_armor(layers)
    highest = ordered[0] if ordered else 0
    assert highest <= value <= highest + sum(v // 2 for v in ordered[1:3])


@given(st.integers(min_value=0, max_value=10), SOURCES)
def test_ignored_sources_never_count_and_the_best_other_does(
    natural: int, found: list[Source]
) -> None:
    """Seed: "If your greatest source ... is ignored but a lesser source is not, then you can use
    that lesser source instead." """
    usable = [s.value for s in found if not s.ignored]
    assert stacking.damage_reduction(natural, found) == natural + max(usable, default=0)
    assert stacking.damage_resistance(natural, found) == natural + max(usable, default=0)


@given(
    st.integers(min_value=1, max_value=40),
    st.integers(min_value=1, max_value=20),
    st.builds(
        Defences,
        absorption=st.integers(0, 5),
        armor=st.integers(0, 10),
        vulnerability=st.integers(0, 5),
        reduction=st.integers(0, 10),
        barrier=st.integers(0, 15),
        resistance=st.integers(0, 20),
    ),
)
def test_the_damage_account_is_never_negative_and_adds_up(
    degrees: int, base: int, defences: Defences
) -> None:
    """SOURCES.md 1.4: Units never below 0; LP lost = Units x (reduced) Base Damage, less
    resistance, never below 0; every step follows from the one before."""
    account = damage_account(degrees, base, DamageType.CUT, defences)
    assert account.total >= 0
    if not account.negated:
        assert account.units == units_of_damage(degrees, defences)
        assert account.total == max(0, account.units * account.base_damage - defences.resistance)
    for before, after in zip(account.steps, account.steps[1:], strict=False):
        assert after.before == before.after or "Base Damage" in before.label

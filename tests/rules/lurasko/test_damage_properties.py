"""Properties of the damage pipeline over many hits (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fracas.rules.lurasko.armor import ArmorRange
from fracas.rules.lurasko.damage import Defences, Portion, Resistance, StepKind, resolve_damage
from fracas.rules.lurasko.shielding import ShieldSource
from fracas.rules.lurasko.vocabulary import DamageKind, Precision

KINDS = st.sampled_from(list(DamageKind))
PORTIONS = st.lists(
    st.builds(Portion, KINDS, st.integers(0, 200), st.integers(0, 80)), min_size=1, max_size=3
)
ARMOR = st.one_of(
    st.none(),
    st.tuples(st.integers(0, 40), st.integers(0, 40), st.booleans()).map(
        lambda t: ArmorRange(min(t[0], t[1]), max(t[0], t[1]), t[2])
    ),
)
RESISTANCES = st.lists(
    st.builds(
        Resistance, st.just("r"), st.sampled_from(["frost", "heat", "quartz"]), st.integers(0, 100)
    ),
    max_size=3,
)
SKIN = ShieldSource("Skin", Precision.HIGH, "Skin")


@given(PORTIONS, ARMOR, RESISTANCES, st.integers(0, 100))
def test_defences_never_add_damage_nor_touch_the_drive(
    portions: list[Portion], armor: ArmorRange | None, resistances: list[Resistance], points: int
) -> None:
    """Armor, shielding and resistances (at most 100 %) only ever take damage away, step by
    step, and leave the drive as called out ("does not enhance that damage's drive");
    shielding spends no more points than there are, and only on energy."""
    defences = Defences(armor, tuple(resistances), (SKIN,), {"Skin": points})
    account, uses = resolve_damage(portions, defences)
    assert account.total <= sum(p.damage for p in portions)
    assert all(t.drive == p.drive for t, p in zip(account.taken, portions, strict=True))
    assert sum(u.spent for u in uses) <= points
    assert all(u.kind.energy for u in uses)
    for step in account.steps:
        assert 0 <= step.after <= step.before
        if step.step is StepKind.SHIELD:
            assert step.kind.energy

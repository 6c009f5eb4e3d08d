"""Taking damage on Vitality: Bleeding, non-lethal damage, dying, Stabilize."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fracas.rules.momentum.damage import Defences, resolve_damage
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.hit import DamagePortion, Hit, non_lethal_reduction
from fracas.rules.momentum.vitality import apply_damage, death_threshold, stabilize

from .support import SETTINGS


def test_lethal_damage_below_1_starts_bleeding() -> None:
    """Holy: "does not cause bleeding if they reduce their Vitality below 1 unless the one
    dealing the damage wishes to do so"; SOURCES.md section 4: "Bleeding: at Vitality < 1"."""
    change = apply_damage(5, 20, lethal=7, non_lethal=0, settings=SETTINGS)
    assert (change.vitality, change.bleeding_starts, change.dies) == (-2, True, False)
    above = apply_damage(5, 20, lethal=4, non_lethal=0, settings=SETTINGS)
    assert (above.vitality, above.bleeding_starts) == (1, False)


def test_non_lethal_damage_does_not_start_bleeding() -> None:
    """Seed: "A creature does not start bleeding if you reduce their Vitality below 1 with
    non-lethal damage" """
    change = apply_damage(5, 20, lethal=0, non_lethal=8, settings=SETTINGS)
    assert (change.vitality, change.bleeding_starts) == (-3, False)


def test_non_lethal_damage_cannot_kill() -> None:
    """Seed: "and you cannot kill them with it. You cannot drop the Vitality of a creature below an
    amount that would kill them with a non-lethal attack." Default death: at -max Vitality."""
    change = apply_damage(5, 20, lethal=0, non_lethal=100, settings=SETTINGS)
    assert (change.vitality, change.dies) == (-19, False)


def test_lethal_part_applies_first_so_non_lethal_never_helps_kill() -> None:
    """Seed: "you cannot kill them with it": a hit with both parts kills only through its lethal
    part; Bleeding follows the lethal part alone."""
    change = apply_damage(5, 20, lethal=3, non_lethal=40, settings=SETTINGS)
    assert (change.vitality, change.bleeding_starts, change.dies) == (-19, False, False)


def test_lethal_damage_kills_at_the_death_threshold() -> None:
    """The chapter does not say when a creature dies; setting ``death_threshold_percent``
    (default 100: dead at -max Vitality)."""
    assert death_threshold(20, settings=SETTINGS) == -20
    assert apply_damage(5, 20, lethal=25, non_lethal=0, settings=SETTINGS).dies
    assert not apply_damage(5, 20, lethal=24, non_lethal=0, settings=SETTINGS).dies
    half = SETTINGS.model_copy(update={"death_threshold_percent": 50})
    assert apply_damage(5, 20, lethal=15, non_lethal=0, settings=half).dies


def test_non_lethal_attack_from_hit_to_vitality() -> None:
    """Seed: "You can deal non-lethal damage with attacks." A weapon's non-lethal hit (-1d4) through
    the pipeline then onto Vitality starts no Bleeding."""
    gentle = Hit(
        portions=(DamagePortion(DamageType.PHYSICAL, 12),),
        non_lethal_reduction=non_lethal_reduction([2]),
    )
    account = resolve_damage(
        gentle, Defences(armor=1, constitution_dr=0, will_dr=0), settings=SETTINGS
    )
    change = apply_damage(
        4, 20, lethal=account.lethal, non_lethal=account.non_lethal, settings=SETTINGS
    )
    assert (change.vitality, change.bleeding_starts) == (-5, False)


@given(st.integers(1, 60), st.integers(1, 60), st.integers(0, 200), st.integers(0, 200))
def test_only_lethal_damage_kills(
    max_vitality: int, vitality: int, lethal: int, non_lethal: int
) -> None:
    """Seed: "you cannot kill them with it" (non-lethal damage)."""
    change = apply_damage(
        vitality, max_vitality, lethal=lethal, non_lethal=non_lethal, settings=SETTINGS
    )
    without = apply_damage(vitality, max_vitality, lethal=lethal, non_lethal=0, settings=SETTINGS)
    assert change.dies == without.dies
    assert change.bleeding_starts == without.bleeding_starts


def test_stabilize_is_a_first_aid_check_against_8() -> None:
    """Stabilize: "You can make a First Aid Check against 8. On a success, you can remove the
    Bleeding Status Effect from a creature within 1 m of you." """
    assert stabilize(natural=6, first_aid_total=8, settings=SETTINGS)
    assert not stabilize(natural=6, first_aid_total=7, settings=SETTINGS)

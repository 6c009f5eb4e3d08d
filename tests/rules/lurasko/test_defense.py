"""The defense roll and critical hits."""

from __future__ import annotations

from fracas.rules.lurasko.defense import DefenseOutcome, defense_hindrance, defense_result


def test_a_critical_hit_needs_a_failure_by_20_or_more() -> None:
    """Seed: "if a character's TN during a defense roll is 14, they must roll a 34 or higher in
    order to suffer a critical hit." """
    assert defense_result(34, 14).outcome is DefenseOutcome.CRITICAL
    assert defense_result(33, 14).outcome is DefenseOutcome.HIT
    assert defense_result(14, 14).outcome is DefenseOutcome.DODGED
    assert defense_result(15, 14).margin == 1


def test_ranged_criticals_only_within_range_restrictions() -> None:
    """Seed: "Ranged weapons can only perform critical hits within certain range
    restrictions." """
    assert defense_result(40, 14, may_be_critical=False).outcome is DefenseOutcome.HIT


def test_hindrance_the_attacker_takes_eases_the_defense() -> None:
    """SOURCES.md 5.3: the roll adds Hindrance, the attack's included; a reduction's Hindrance
    on the offense roll takes it away."""
    assert defense_hindrance(pressure=12, defender_hindrance=2, attacker_hindrance=3) == 11

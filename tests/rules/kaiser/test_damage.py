"""The damage pipeline: Units of Damage times Base Damage, with every modifier itemised."""

from __future__ import annotations

from fracas.rules.kaiser.damage import Defences, damage_account, units_of_damage
from fracas.rules.kaiser.vocabulary import DamageType


def test_ceils_long_sword_deals_two_units_of_seven() -> None:
    """Kaiser's attack example (SOURCES.md 1.4): "Ceil has 7 DoS on the attack but must
    subtract the bandit's 2 Absorption and 3 AV against the Cut Damage Type - this gives her
    2 Units of Damage. So, she deals 2 times the 7 ... the bandit takes 14 points of damage." """
    account = damage_account(7, 7, DamageType.CUT, Defences(absorption=2, armor=3))
    assert account.units == 2
    assert account.total == 14
    assert [(s.label, s.before, s.after) for s in account.steps] == [
        ("Absorption \u22122", 7, 5),
        ("AV \u22123", 5, 2),
        ("\u00d7 Base Damage 7", 2, 14),
    ]


def test_vulnerability_adds_units() -> None:
    """Seed: "when you hit the fire elemental with an attack that deals cold damage, you
    increase the Units of Damage by 5 points." """
    assert units_of_damage(3, Defences(absorption=2, vulnerability=5)) == 6


def test_units_are_never_negative_and_zero_units_deal_nothing() -> None:
    """SOURCES.md 1.4: "Zero Units means the attack landed but was fully absorbed." """
    account = damage_account(2, 7, DamageType.CUT, Defences(absorption=2, armor=3))
    assert account.units == 0 and account.total == 0
    assert account.steps[-2].label == "no fewer than 0 Units"


def test_damage_reduction_lowers_base_damage_and_zero_means_no_injury() -> None:
    """Seed: "Damage reduction is when you reduce the Base Damage of an attack ... If the
    damage reduction reduces the Base Damage to zero, you cannot be injured by that attack." """
    reduced = damage_account(7, 7, DamageType.IMPACT, Defences(absorption=2, reduction=3))
    assert reduced.base_damage == 4 and reduced.total == 5 * 4
    nothing = damage_account(7, 3, DamageType.IMPACT, Defences(reduction=3))
    assert nothing.total == 0 and nothing.negated == "Base Damage reduced to 0"


def test_a_damage_barrier_negates_a_lower_base_damage_without_reducing_it() -> None:
    """Seed: "A damage barrier represents the minimum Base Damage necessary to harm you ... This
    does not reduce the Base Damage of the attack, only negates the damage if the Base Damage
    is less than the damage barrier." """
    assert damage_account(9, 7, DamageType.HEAT, Defences(barrier=8)).total == 0
    assert damage_account(9, 8, DamageType.HEAT, Defences(barrier=8)).total == 9 * 8


def test_damage_resistance_lowers_the_final_damage() -> None:
    """Seed: "Damage resistance is when you reduce the Final Damage of an attack." """
    account = damage_account(4, 5, DamageType.COLD, Defences(absorption=2, resistance=3))
    assert account.total == 2 * 5 - 3
    assert account.steps[-1].label == "damage resistance \u22123"

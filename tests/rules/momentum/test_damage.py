"""The damage pipeline: Armor and DR values, multipliers, criticals, non-lethal and Holy damage."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.rules.momentum.damage import Defences, resolve_damage
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.derived import defences_of
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.hit import (
    DamagePortion,
    Hit,
    ability_critical,
    maneuver_critical,
    non_lethal_dice,
    non_lethal_reduction,
    weapon_critical,
)

from .support import SETTINGS, make_sheet

PHYSICAL = DamageType.PHYSICAL
POISON = DamageType.POISON
PSYCHIC = DamageType.PSYCHIC
COLD = DamageType.COLD
HEAT = DamageType.HEAT
HOLY = DamageType.HOLY
M = "\N{MINUS SIGN}"


def hit(*portions: tuple[DamageType, int], **choices: Any) -> Hit:
    """A hit dealing ``portions`` with the attacker's ``choices``."""
    return Hit(portions=tuple(DamagePortion(t, a) for t, a in portions), **choices)


def armored(armor: int = 0, constitution_dr: int = 0, will_dr: int = 0, **rest: Any) -> Defences:
    """Defences with these values and no damage-type modifiers unless given."""
    return Defences(armor, constitution_dr, will_dr, **rest)


def test_armor_2_against_12_leaves_10() -> None:
    """Seed: "if you have an Armor of 2 and are hit for 12 damage, you only receive 10 damage." """
    account = resolve_damage(hit((PHYSICAL, 12)), armored(2), settings=SETTINGS)
    assert account.total == 10
    assert [(s.label, s.before, s.after) for s in account.steps] == [(f"armor {M}2", 12, 10)]


def test_poison_meets_the_constitution_dr_value() -> None:
    """Seed: "A creature with a Constitution of 10 and an Endurance Skill Level of 3 (which leads to
    a Constitution DR of 3) that is hit by 12 Poison damage would receive 9 damage." """
    target = make_sheet(skills={"endurance": 3}, armor=6)
    defences = defences_of(target, settings=SETTINGS)
    account = resolve_damage(hit((POISON, 12)), defences, settings=SETTINGS)
    assert account.total == 9
    assert account.steps[0].label == f"Constitution DR {M}3"


def test_psychic_meets_the_will_dr_value() -> None:
    """Seed: "Armor does not protect you from Poison or Psychic damage. Instead, these types of
    damage take the Constitution DR value (Poison) or Will DR value (Psychic) into account as if it
    were Armor." """
    target = make_sheet(stats={"will": 12}, skills={"perseverance": 1}, armor=6)
    account = resolve_damage(
        hit((PSYCHIC, 12)), defences_of(target, settings=SETTINGS), settings=SETTINGS
    )
    assert account.total == 9
    assert account.steps[0].label == f"Will DR {M}3"


def test_armor_is_subtracted_once_from_several_damage_types() -> None:
    """Seed: "Your Armor is only subtracted once if you are hit with multiple Damage Types
    simultaneously." """
    account = resolve_damage(hit((PHYSICAL, 5), (HEAT, 5)), armored(3), settings=SETTINGS)
    assert account.total == 7


def test_mixed_physical_and_poison_takes_lowest_defence_either_way() -> None:
    """Seed: "If you hit a target with an Armor of 4 and a Constitution DR value of 1 with an attack
    that deals 5 Physical and 5 Poison damage, you would deal a total of 9 damage, either 5
    Physical and 4 Poison damage or 4 Physical and 5 Poison damage." """
    defences = armored(4, constitution_dr=1)
    off_physical = resolve_damage(hit((PHYSICAL, 5), (POISON, 5)), defences, settings=SETTINGS)
    assert (off_physical.amount(PHYSICAL), off_physical.amount(POISON)) == (4, 5)
    off_poison = resolve_damage(
        hit((PHYSICAL, 5), (POISON, 5), reduce_first=(POISON,)), defences, settings=SETTINGS
    )
    assert (off_poison.amount(PHYSICAL), off_poison.amount(POISON)) == (5, 4)
    assert off_physical.total == off_poison.total == 9


def test_armor_piercer_cannot_take_armor_below_0() -> None:
    """Seed: "attacking a target with 2 Armor with the Ability Armor Piercer, which allows you to
    ignore up to 4 Armor, allows you to deal damage as if the target had an Armor of 0 and not
    -2." """
    account = resolve_damage(hit((PHYSICAL, 10), ignore_armor=4), armored(2), settings=SETTINGS)
    assert account.total == 10
    assert account.steps[0].label == f"armor (ignoring 2 of 2) {M}0"


def test_ignoring_armor_also_ignores_dr_values() -> None:
    """Seed: "Effects that ignore Armor, like the Greater Talent Cursed Revenge, also ignore the DR
    values if you damage a target with Poison or Psychic damage." """
    account = resolve_damage(
        hit((POISON, 12), ignore_all_armor=True), armored(5, constitution_dr=3), settings=SETTINGS
    )
    assert account.total == 12


def test_negative_armor_adds_damage_even_when_ignored() -> None:
    """Seed: "A negative Armor value leads to taking increased damage if you receive any." "Such
    effects still deal increased damage if the target's Armor or DR values are negative." """
    plain = resolve_damage(hit((PHYSICAL, 10)), armored(-2), settings=SETTINGS)
    ignored = resolve_damage(
        hit((PHYSICAL, 10), ignore_all_armor=True), armored(-2), settings=SETTINGS
    )
    assert plain.total == ignored.total == 12
    assert plain.steps[0].label == "armor +2 (negative)"


def test_damage_never_below_0() -> None:
    """Armor larger than the damage leaves 0, never negative damage."""
    account = resolve_damage(hit((PHYSICAL, 3)), armored(8), settings=SETTINGS)
    assert account.total == 0


def test_resistance_halves_rounding_down() -> None:
    """Seed: "Resistance reduces all incoming damage of that type by half." """
    account = resolve_damage(
        hit((COLD, 11)), armored(resistances=frozenset({COLD})), settings=SETTINGS
    )
    assert account.total == 5
    assert (
        account.steps[-1].label
        == "resistance \N{MULTIPLICATION SIGN}\N{VULGAR FRACTION ONE HALF} (cold)"
    )


def test_immunity_nullifies() -> None:
    """Seed: "Immunity nullifies any damage of that type." """
    defences = armored(immunities=frozenset({POISON}))
    account = resolve_damage(hit((POISON, 11), (PHYSICAL, 4)), defences, settings=SETTINGS)
    assert (account.amount(POISON), account.amount(PHYSICAL)) == (0, 4)


def test_vulnerability_adds_half_rounding_down() -> None:
    """Seed: "Vulnerability increases all damage of that type by half." """
    defences = armored(vulnerabilities=frozenset({HEAT}))
    assert resolve_damage(hit((HEAT, 11)), defences, settings=SETTINGS).total == 16


def test_armor_comes_before_multipliers_by_default() -> None:
    """The chapter does not order Armor and resistance; setting ``armor_before_multipliers``
    (default True) does: 11 Cold against Armor 3 and resistance is (11 - 3) / 2 = 4, or
    11 / 2 - 3 = 2 the other way round."""
    defences = armored(3, resistances=frozenset({COLD}))
    assert resolve_damage(hit((COLD, 11)), defences, settings=SETTINGS).total == 4
    after = SETTINGS.model_copy(update={"armor_before_multipliers": False})
    assert resolve_damage(hit((COLD, 11)), defences, settings=after).total == 2


def test_armor_left_over_spills_to_the_next_portion_by_default() -> None:
    """Seed: "The attacker can choose from which damage type the Armor/DR value is subtracted." What
    a small chosen portion cannot absorb goes to the next portion (setting
    ``defence_overflows_to_other_portions``)."""
    defences = armored(4)
    both = hit((PHYSICAL, 2), (HEAT, 10))
    assert resolve_damage(both, defences, settings=SETTINGS).total == 8
    lost = SETTINGS.model_copy(update={"defence_overflows_to_other_portions": False})
    assert resolve_damage(both, defences, settings=lost).total == 10


def test_weapon_critical_adds_6() -> None:
    """Seed: "Critical hits with weapons increase the damage by 6." """
    critical = hit((PHYSICAL, 8), bonuses=weapon_critical(PHYSICAL, settings=SETTINGS))
    account = resolve_damage(critical, armored(2), settings=SETTINGS)
    assert account.total == 12
    assert [s.label for s in account.steps] == ["critical +6", f"armor {M}2"]


def test_ability_critical_adds_6_plus_3_per_tier() -> None:
    """Seed: "Critical hits with Abilities increase the damage by 6 plus an additional 3 for every
    Tier of the used Ability." """
    (bonus,) = ability_critical(COLD, 2, settings=SETTINGS)
    assert (bonus.damage_type, bonus.amount) == (COLD, 12)
    critical = hit((COLD, 5), bonuses=(bonus,))
    assert resolve_damage(critical, armored(), settings=SETTINGS).total == 17


def test_maneuver_critical_adds_6_and_3_per_maneuver_tier() -> None:
    """Seed: "Critical hits with weapon attacks that have a Maneuver added to them deal additional
    damage of 6, and the Maneuver deals additional damage equal to 3 times the Tier of the used
    Maneuver Ability." """
    bonuses = maneuver_critical(PHYSICAL, HEAT, 2, settings=SETTINGS)
    assert [(b.damage_type, b.amount) for b in bonuses] == [(PHYSICAL, 6), (HEAT, 6)]
    account = resolve_damage(hit((PHYSICAL, 4), bonuses=bonuses), armored(1), settings=SETTINGS)
    assert (account.amount(PHYSICAL), account.amount(HEAT)) == (9, 6)


def test_non_lethal_weapon_subtracts_1d4() -> None:
    """Seed: "If you choose to do so and use a weapon, you must subtract a 1d4 from the damage." """
    assert non_lethal_dice() == 1
    gentle = hit((PHYSICAL, 10), non_lethal_reduction=non_lethal_reduction([3]))
    account = resolve_damage(gentle, armored(2), settings=SETTINGS)
    assert (account.total, account.lethal, account.non_lethal) == (5, 0, 5)
    assert account.steps[0].label == f"non-lethal {M}3"


def test_non_lethal_ability_subtracts_1d4_plus_1d4_per_tier() -> None:
    """Seed: "To deal non-lethal damage with an Ability attack, you need to reduce the damage by 1d4
    plus an additional 1d4 for each Tier." """
    assert non_lethal_dice(ability_tier=2) == 3
    assert non_lethal_reduction([1, 4, 2], ability_tier=2) == 7
    with pytest.raises(MomentumRuleError):
        non_lethal_reduction([1, 4], ability_tier=2)
    with pytest.raises(MomentumRuleError):
        non_lethal_reduction([5])


def test_holy_is_non_lethal_against_biological_creatures() -> None:
    """Seed: "Holy damage is non-lethal against biological creatures and does not cause bleeding if
    they reduce their Vitality below 1 unless the one dealing the damage wishes to do so." """
    smite = hit((HOLY, 6), (PHYSICAL, 4))
    living = resolve_damage(smite, armored(), settings=SETTINGS)
    assert (living.lethal, living.non_lethal) == (4, 6)
    wished = resolve_damage(
        hit((HOLY, 6), (PHYSICAL, 4), lethal_holy=True), armored(), settings=SETTINGS
    )
    assert (wished.lethal, wished.non_lethal) == (10, 0)
    construct = resolve_damage(smite, armored(biological_creature=False), settings=SETTINGS)
    assert (construct.lethal, construct.non_lethal) == (10, 0)


def test_objects_are_not_biological_creatures() -> None:
    """Holy damage spares "biological creatures"; an object is no creature."""
    statue = make_sheet(is_object=True)
    assert not defences_of(statue, settings=SETTINGS).biological_creature


def test_a_hit_has_one_portion_per_type() -> None:
    """Portions of one type are one portion: Armor is subtracted once per hit."""
    with pytest.raises(MomentumRuleError):
        hit((PHYSICAL, 3), (PHYSICAL, 4))
    with pytest.raises(MomentumRuleError):
        hit((PHYSICAL, 3), reduce_first=(HEAT,))


portions = st.dictionaries(st.sampled_from(list(DamageType)), st.integers(0, 60), min_size=1)
type_sets = st.frozensets(st.sampled_from(list(DamageType)))


@given(portions, st.integers(0, 20), st.integers(0, 10), st.integers(0, 10), type_sets, type_sets)
def test_damage_never_negative_nor_above_the_roll_with_non_negative_defences(
    rolled: dict[DamageType, int],
    armor: int,
    constitution_dr: int,
    will_dr: int,
    resistances: frozenset[DamageType],
    immunities: frozenset[DamageType],
) -> None:
    """Non-negative Armor and DR values only ever reduce damage, never below 0."""
    defences = armored(
        armor, constitution_dr, will_dr, resistances=resistances, immunities=immunities
    )
    account = resolve_damage(hit(*rolled.items()), defences, settings=SETTINGS)
    assert all(p.amount >= 0 for p in account.portions)
    assert account.total <= sum(rolled.values())
    assert all(step.after >= 0 for step in account.steps)


@given(portions, st.integers(-10, 20), st.booleans())
def test_immunity_always_leaves_0(
    rolled: dict[DamageType, int], armor: int, armor_first: bool
) -> None:
    """Seed: "Immunity nullifies any damage of that type." """
    settings = SETTINGS.model_copy(update={"armor_before_multipliers": armor_first})
    defences = armored(armor, 2, 2, immunities=frozenset(rolled))
    assert resolve_damage(hit(*rolled.items()), defences, settings=settings).total == 0


def test_resistance_and_vulnerability_together_apply_in_turn() -> None:
    """Seed: "Resistance reduces all incoming damage of that type by half." and "Vulnerability
    increases all damage of that type by half." Both on one type (a buff over a weakness):
    halved, then increased by half, each rounded down: 11 -> 5 -> 7."""
    both = armored(resistances=frozenset({HEAT}), vulnerabilities=frozenset({HEAT}))
    assert resolve_damage(hit((HEAT, 11)), both, settings=SETTINGS).total == 7


def test_no_armor_leaves_no_step_in_the_account() -> None:
    """An Armor of 0 subtracts nothing, so the itemised account shows no Armor line."""
    account = resolve_damage(
        Hit((DamagePortion(DamageType.PHYSICAL, 9),)),
        Defences(armor=0, constitution_dr=0, will_dr=0),
        settings=SETTINGS,
    )
    assert account.steps == () and account.total == 9

"""Advantage, attack rolls, Defense Rolls and Skill Checks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.rules.momentum.checks import (
    AttackOutcome,
    CheckResult,
    RollMode,
    attack_outcome,
    attack_roll_mode,
    defense_roll_mode,
    defense_roll_succeeds,
    kept_face,
    roll_mode,
    roll_needed_to_hit,
    skill_check,
)
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.vocabulary import Reach

from .support import SETTINGS


def test_advantage_and_disadvantage_do_not_stack_and_cancel() -> None:
    """SOURCES.md section 8: "advantage/disadvantage 5e-style (2d20 keep high/low, no stacking,
    one of each cancels)"."""
    assert roll_mode(0, 0) is RollMode.NORMAL
    assert roll_mode(3, 0) is RollMode.ADVANTAGE
    assert roll_mode(0, 2) is RollMode.DISADVANTAGE
    assert roll_mode(1, 1) is RollMode.NORMAL
    assert roll_mode(2, 1) is RollMode.NORMAL


def test_kept_face_is_judged_on_the_kept_die() -> None:
    """SOURCES.md section 4: "roll 2d20 and keep the higher/lower ... Natural 20/1 are judged on
    the kept die." """
    assert kept_face(RollMode.ADVANTAGE, (1, 20)) == 20
    assert kept_face(RollMode.DISADVANTAGE, (1, 20)) == 1
    assert kept_face(RollMode.NORMAL, (7,)) == 7
    with pytest.raises(MomentumRuleError):
        kept_face(RollMode.ADVANTAGE, (7,))


def test_hit_bonus_4_needs_12_against_evasion_16() -> None:
    """Seed: "An attacker with a hit bonus of 4 would need to roll at least a 12 if they want to hit
    a target with an Evasion of 16. Any lower and the attack would miss." """
    assert roll_needed_to_hit(4, 16) == 12
    assert attack_outcome(natural=12, hit_bonus=4, evasion=16) is AttackOutcome.HIT
    assert attack_outcome(natural=11, hit_bonus=4, evasion=16) is AttackOutcome.MISS


def test_roll_needed_never_below_2_nor_above_20() -> None:
    """Seed: "A critical miss always fails to hit the target, no matter how high your hit bonus
    is." """
    assert roll_needed_to_hit(15, 10) == 2
    assert roll_needed_to_hit(0, 30) == 20


def test_natural_1_always_misses() -> None:
    """Seed: "You perform a critical miss if you roll a natural 1 when you attack. A critical miss
    always fails to hit the target, no matter how high your hit bonus is." """
    assert attack_outcome(natural=1, hit_bonus=30, evasion=10) is AttackOutcome.CRITICAL_MISS
    assert not AttackOutcome.CRITICAL_MISS.hits


def test_natural_20_is_a_critical_hit() -> None:
    """Seed: "If you roll a natural 20 when you attack, you perform a critical hit." """
    assert attack_outcome(natural=20, hit_bonus=0, evasion=30) is AttackOutcome.CRITICAL_HIT
    assert AttackOutcome.CRITICAL_HIT.hits


def test_objects_are_hit_automatically() -> None:
    """Seed: "You must target them and (unless it is an object) make an attack roll to see if you
    hit them. If your target is an object, you hit it automatically." """
    outcome = attack_outcome(natural=None, hit_bonus=0, evasion=40, target_is_object=True)
    assert outcome is AttackOutcome.HIT
    with pytest.raises(MomentumRuleError):
        attack_outcome(natural=None, hit_bonus=0, evasion=10)


def test_attacker_may_choose_to_miss() -> None:
    """Seed: "You can choose to miss with your own attack." """
    outcome = attack_outcome(natural=20, hit_bonus=5, evasion=10, chooses_to_miss=True)
    assert outcome is AttackOutcome.CHOSEN_MISS
    assert not outcome.hits


@given(st.integers(2, 19), st.integers(-5, 15), st.integers(5, 30))
def test_attack_hits_exactly_when_total_reaches_evasion(
    natural: int, bonus: int, evasion: int
) -> None:
    """Seed: "Your attack hits if you roll at least the same amount as the Evasion of your
    target." """
    outcome = attack_outcome(natural=natural, hit_bonus=bonus, evasion=evasion)
    assert outcome.hits == (natural + bonus >= evasion)
    assert outcome.hits == (natural >= roll_needed_to_hit(bonus, evasion))


def test_ranged_attack_within_enemy_melee_range_has_disadvantage() -> None:
    """Seed: "Ranged attacks have a greater range than melee attacks that depend on the Ability or
    weapon, but you attack with disadvantage if you are within melee range of an enemy." """
    ranged = attack_roll_mode(Reach.RANGED, enemy_within_melee_range=True)
    assert ranged is RollMode.DISADVANTAGE
    assert attack_roll_mode(Reach.MELEE, enemy_within_melee_range=True) is RollMode.NORMAL


def test_defend_gives_attackers_disadvantage_and_dr_advantage() -> None:
    """Defend: "Attack rolls against you have disadvantage, and you have advantage on all your
    DR until your next turn." """
    assert attack_roll_mode(Reach.MELEE, target_defending=True) is RollMode.DISADVANTAGE
    assert defense_roll_mode(defending=True) is RollMode.ADVANTAGE
    assert defense_roll_mode(defending=True, disadvantages=1) is RollMode.NORMAL


def test_hidden_attacker_has_advantage() -> None:
    """Hide: "While you are hidden, you have advantage on all of your attacks" """
    assert attack_roll_mode(Reach.RANGED, attacker_hidden=True) is RollMode.ADVANTAGE
    hidden_defended = attack_roll_mode(Reach.MELEE, attacker_hidden=True, target_defending=True)
    assert hidden_defended is RollMode.NORMAL


def test_climbed_target_attacks_its_climber_with_disadvantage() -> None:
    """Climb: "The target gains disadvantage if it tries to attack you." """
    mode = attack_roll_mode(Reach.MELEE, target_climbing_on_attacker=True)
    assert mode is RollMode.DISADVANTAGE


def test_dr_succeeds_on_at_least_dr_power() -> None:
    """Seed: "They succeed on their DR if they roll at least as high as the DR Power of the creature
    targeting them." """
    assert defense_roll_succeeds(natural=10, dr_value=4, dr_power=14)
    assert not defense_roll_succeeds(natural=9, dr_value=4, dr_power=14)


def test_creature_may_choose_to_fail_its_dr() -> None:
    """Seed: "A creature can choose to fail their own DR." """
    assert not defense_roll_succeeds(natural=20, dr_value=5, dr_power=10, chooses_to_fail=True)


def test_objects_fail_every_dr() -> None:
    """Seed: "Objects automatically fail all DR." """
    assert not defense_roll_succeeds(natural=20, dr_value=50, dr_power=1, is_object=True)


def test_skill_check_against_a_difficulty() -> None:
    """Stabilize: "You can make a First Aid Check against 8. On a success ..."; the tie succeeds
    by default (setting ``check_ties_succeed``)."""
    assert skill_check(natural=5, total=8, difficulty=8, settings=SETTINGS) is CheckResult.SUCCESS
    assert skill_check(natural=5, total=7, difficulty=8, settings=SETTINGS) is CheckResult.FAILURE
    strict = SETTINGS.model_copy(update={"check_ties_succeed": False})
    assert skill_check(natural=5, total=8, difficulty=8, settings=strict) is CheckResult.FAILURE


def test_natural_20_on_a_check_is_a_critical_success() -> None:
    """Seed: "A failure on the Skill Check of one participant can be compensated by a critical
    success of another participant." Critical success: natural 20 (setting
    ``critical_success_natural``)."""
    result = skill_check(natural=20, total=21, difficulty=25, settings=SETTINGS)
    assert result is CheckResult.CRITICAL_SUCCESS
    assert result.succeeded

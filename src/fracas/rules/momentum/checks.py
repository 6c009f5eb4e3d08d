"""d20 rolls: advantage, attack rolls, Defense Rolls and Skill Checks against a difficulty.

Functions take the rolled faces; nothing here rolls.
"""

from __future__ import annotations

from enum import StrEnum

from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.vocabulary import Reach

NATURAL_CRITICAL_HIT = 20
"""'If you roll a natural 20 when you attack, you perform a critical hit.'"""
NATURAL_CRITICAL_MISS = 1
"""'You perform a critical miss if you roll a natural 1 when you attack.'"""


class RollMode(StrEnum):
    """How many d20s to roll and which to keep (SOURCES.md: 5e-style, 2d20 keep high/low)."""

    NORMAL = "normal"
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"


def roll_mode(advantages: int, disadvantages: int) -> RollMode:
    """Combine the sources of advantage and disadvantage on one roll.

    SOURCES.md section 8: "advantage/disadvantage 5e-style (2d20 keep high/low, no stacking, one
    of each cancels)": any number of advantages is one advantage, and any advantage together
    with any disadvantage is a normal roll.
    """
    if advantages < 0 or disadvantages < 0:
        raise MomentumRuleError("sources of advantage cannot be counted below 0")
    if advantages and disadvantages:
        return RollMode.NORMAL
    if advantages:
        return RollMode.ADVANTAGE
    return RollMode.DISADVANTAGE if disadvantages else RollMode.NORMAL


def kept_face(mode: RollMode, faces: tuple[int, ...]) -> int:
    """The d20 face that counts: the only one, the higher (advantage) or the lower (disadvantage).

    SOURCES.md: "Natural 20/1 are judged on the kept die."
    """
    expected = 1 if mode is RollMode.NORMAL else 2
    if len(faces) != expected or not all(1 <= face <= 20 for face in faces):
        raise MomentumRuleError(f"a {mode} roll needs {expected} d20 face(s), got {faces}")
    return min(faces) if mode is RollMode.DISADVANTAGE else max(faces)


def attack_roll_mode(
    reach: Reach,
    *,
    enemy_within_melee_range: bool = False,
    target_defending: bool = False,
    attacker_hidden: bool = False,
    target_climbing_on_attacker: bool = False,
    advantages: int = 0,
    disadvantages: int = 0,
) -> RollMode:
    """The attack roll's mode from the chapter's sources plus any others the caller counts.

    Ranged attacks: "you attack with disadvantage if you are within melee range of an enemy".
    Defend: "Attack rolls against you have disadvantage". Hide: "While you are hidden, you have
    advantage on all of your attacks". Climb: "The target gains disadvantage if it tries to
    attack you".
    """
    ranged_in_melee = reach is Reach.RANGED and enemy_within_melee_range
    disadvantage_sources = (ranged_in_melee, target_defending, target_climbing_on_attacker)
    return roll_mode(
        advantages + int(attacker_hidden), disadvantages + sum(map(int, disadvantage_sources))
    )


def defense_roll_mode(
    *, defending: bool = False, advantages: int = 0, disadvantages: int = 0
) -> RollMode:
    """A DR's mode. Defend: "you have advantage on all your DR until your next turn"."""
    return roll_mode(advantages + int(defending), disadvantages)


class AttackOutcome(StrEnum):
    """What an attack did."""

    HIT = "hit"
    CRITICAL_HIT = "critical_hit"
    MISS = "miss"
    CRITICAL_MISS = "critical_miss"
    CHOSEN_MISS = "chosen_miss"

    @property
    def hits(self) -> bool:
        """Whether the attack deals its damage."""
        return self in (AttackOutcome.HIT, AttackOutcome.CRITICAL_HIT)


def attack_outcome(
    *,
    natural: int | None,
    hit_bonus: int,
    evasion: int,
    target_is_object: bool = False,
    chooses_to_miss: bool = False,
) -> AttackOutcome:
    """Resolve an attack roll (``natural`` is the kept d20; ``None`` when no roll is made).

    "If your target is an object, you hit it automatically." "Your attack hits if you roll at
    least the same amount as the Evasion of your target. You can choose to miss with your own
    attack." A natural 20 is a critical hit; "A critical miss always fails to hit the target, no
    matter how high your hit bonus is."
    """
    if chooses_to_miss:
        return AttackOutcome.CHOSEN_MISS
    if target_is_object:
        return AttackOutcome.HIT
    if natural is None or not 1 <= natural <= 20:
        raise MomentumRuleError(f"an attack roll on a creature needs a d20 face, got {natural}")
    if natural == NATURAL_CRITICAL_MISS:
        return AttackOutcome.CRITICAL_MISS
    if natural == NATURAL_CRITICAL_HIT:
        return AttackOutcome.CRITICAL_HIT
    return AttackOutcome.HIT if natural + hit_bonus >= evasion else AttackOutcome.MISS


def roll_needed_to_hit(hit_bonus: int, evasion: int) -> int:
    """The lowest natural d20 that hits: "An attacker with a hit bonus of 4 would need to roll at
    least a 12 if they want to hit a target with an Evasion of 16". Never below 2 (a natural 1
    misses) nor above 20 (a natural 20 hits)."""
    return max(NATURAL_CRITICAL_MISS + 1, min(NATURAL_CRITICAL_HIT, evasion - hit_bonus))


def defense_roll_succeeds(
    *,
    natural: int,
    dr_value: int,
    dr_power: int,
    is_object: bool = False,
    chooses_to_fail: bool = False,
) -> bool:
    """Resolve a DR: "They succeed on their DR if they roll at least as high as the DR Power of
    the creature targeting them." "A creature can choose to fail their own DR. Objects
    automatically fail all DR." ``dr_value`` is the Stat Bonus plus Skill Level."""
    if is_object or chooses_to_fail:
        return False
    return natural + dr_value >= dr_power


class CheckResult(StrEnum):
    """A Skill Check against a difficulty."""

    FAILURE = "failure"
    SUCCESS = "success"
    CRITICAL_SUCCESS = "critical_success"

    @property
    def succeeded(self) -> bool:
        """Success or critical success."""
        return self is not CheckResult.FAILURE


def skill_check(
    *, natural: int, total: int, difficulty: int, settings: MomentumSettings
) -> CheckResult:
    """A Skill Check "against" a difficulty (Stabilize: "a First Aid Check against 8").

    Ties succeed when ``check_ties_succeed``; a natural d20 of at least
    ``critical_success_natural`` is a critical success (both defaults, the chapter defines
    neither).
    """
    if natural >= settings.critical_success_natural:
        return CheckResult.CRITICAL_SUCCESS
    if total > difficulty or (total == difficulty and settings.check_ties_succeed):
        return CheckResult.SUCCESS
    return CheckResult.FAILURE

"""Contested checks of the advanced actions and of moving through an enemy's space."""

from __future__ import annotations

import pytest

from fracas.rules.momentum.contests import (
    Contest,
    Side,
    contest_refusal,
    contest_winner,
    hides,
    size_advantage,
)
from fracas.rules.momentum.vocabulary import Size, Skill

from .support import SETTINGS

LIMITED_BY_ONE_SIZE_ABOVE = (Contest.BLIND, Contest.GRAB, Contest.SHOVE, Contest.TRIP)


def _skills(*names: str) -> frozenset[Skill]:
    return frozenset(Skill(name) for name in names)


@pytest.mark.parametrize(
    ("contest", "actor", "target"),
    [
        # "a Quick Fingers or Nimbleness Check against the target's Improvisation or Endurance"
        (Contest.BLIND, ("quick_fingers", "nimbleness"), ("improvisation", "endurance")),
        # "an Athletics or Nimbleness check against the target's Athletics, Raw Force,
        # Nimbleness, or Quick Fingers check"
        (
            Contest.CLIMB,
            ("athletics", "nimbleness"),
            ("athletics", "raw_force", "nimbleness", "quick_fingers"),
        ),
        # "You and your target make an Athletics, Nimbleness, Raw Force, or Quick Finger Check."
        (
            Contest.DISARM,
            ("athletics", "nimbleness", "raw_force", "quick_fingers"),
            ("athletics", "nimbleness", "raw_force", "quick_fingers"),
        ),
        # "an Athletics or Raw Force Check against the target's Athletics, Raw Force, or
        # Nimbleness Check"
        (Contest.GRAB, ("athletics", "raw_force"), ("athletics", "raw_force", "nimbleness")),
        # "if you beat their Perception Check with your Stealth Check"
        (Contest.HIDE, ("stealth",), ("perception",)),
        (Contest.SHOVE, ("athletics", "raw_force"), ("athletics", "raw_force", "nimbleness")),
        # "an Athletics or Raw Force check against the target's Athletics or Nimbleness Check"
        (Contest.TRIP, ("athletics", "raw_force"), ("athletics", "nimbleness")),
        # "a Raw Force, Athletics, or Nimbleness check against a Raw Force or Athletics check
        # made by the enemy"
        (
            Contest.MOVE_THROUGH_ENEMY,
            ("raw_force", "athletics", "nimbleness"),
            ("raw_force", "athletics"),
        ),
    ],
    ids=[contest.value for contest in Contest],
)
def test_contest_skills(contest: Contest, actor: tuple[str, ...], target: tuple[str, ...]) -> None:
    """Each contest's Skills as the chapter lists them (quoted per case above)."""
    assert contest.rule.actor_skills == _skills(*actor)
    assert contest.rule.target_skills == _skills(*target)


def test_disarm_needs_a_higher_roll() -> None:
    """Disarm: "You succeed if you roll higher than your target." """
    assert contest_winner(Contest.DISARM, 12, 12, settings=SETTINGS) is Side.TARGET
    actor_wins = SETTINGS.model_copy(update={"contested_tie_winner": "actor"})
    assert contest_winner(Contest.DISARM, 12, 12, settings=actor_wins) is Side.TARGET
    assert contest_winner(Contest.DISARM, 13, 12, settings=SETTINGS) is Side.ACTOR


def test_hide_must_beat_every_perception() -> None:
    """Hide: "You can try to hide from all enemies if none of them sees you. You successfully
    hide if you beat their Perception Check with your Stealth Check." """
    assert hides(15, [12, 14])
    assert not hides(15, [12, 15])


def test_ambiguous_ties_follow_the_setting() -> None:
    """Grab: "If you succeed on an Athletics or Raw Force Check against the target's Athletics,
    Raw Force, or Nimbleness Check, you successfully grab the creature." The chapter does not say
    who wins a tie: setting ``contested_tie_winner`` (default: the target)."""
    assert contest_winner(Contest.GRAB, 10, 10, settings=SETTINGS) is Side.TARGET
    actor_wins = SETTINGS.model_copy(update={"contested_tie_winner": "actor"})
    assert contest_winner(Contest.GRAB, 10, 10, settings=actor_wins) is Side.ACTOR
    assert contest_winner(Contest.GRAB, 9, 10, settings=actor_wins) is Side.TARGET


@pytest.mark.parametrize("contest", LIMITED_BY_ONE_SIZE_ABOVE)
def test_target_at_most_one_size_category_above(contest: Contest) -> None:
    """Blind, Grab, Trip: "The target cannot be larger than one size category above your own."
    Shove: "The target cannot be larger than one size category than you." """
    ok = contest_refusal(contest, actor_size=Size.MEDIUM, target_size=Size.LARGE, distance_m=1)
    assert ok is None
    refusal = contest_refusal(contest, actor_size=Size.MEDIUM, target_size=Size.HUGE, distance_m=1)
    assert refusal is not None
    assert refusal.code == "target_too_large"


@pytest.mark.parametrize("contest", LIMITED_BY_ONE_SIZE_ABOVE)
def test_size_gives_advantage(contest: Contest) -> None:
    """Seed: "If the target is larger than you are, they gain advantage on their check. If they are
    smaller, you gain advantage on your check." """
    assert size_advantage(contest, actor_size=Size.MEDIUM, target_size=Size.LARGE) is Side.TARGET
    assert size_advantage(contest, actor_size=Size.MEDIUM, target_size=Size.TINY) is Side.ACTOR
    assert size_advantage(contest, actor_size=Size.MEDIUM, target_size=Size.MEDIUM) is None


def test_climb_needs_a_target_at_least_one_size_larger() -> None:
    """Climb: "You try to climb onto a target that is within 1 m of you and is at least one
    size category larger than you." """
    refusal = contest_refusal(
        Contest.CLIMB, actor_size=Size.MEDIUM, target_size=Size.MEDIUM, distance_m=1
    )
    assert refusal is not None
    assert refusal.code == "target_too_small"
    assert (
        contest_refusal(
            Contest.CLIMB, actor_size=Size.SMALL, target_size=Size.GARGANTUAN, distance_m=1
        )
        is None
    )
    assert size_advantage(Contest.CLIMB, actor_size=Size.SMALL, target_size=Size.HUGE) is None


def test_climb_needs_a_free_hand() -> None:
    """Seed: "You need at least one free hand or the ability to climb without using your hands to
    attempt this." """
    refusal = contest_refusal(
        Contest.CLIMB,
        actor_size=Size.SMALL,
        target_size=Size.LARGE,
        distance_m=1,
        has_free_hand=False,
    )
    assert refusal is not None
    assert refusal.code == "no_free_hand"


def test_grab_needs_a_free_hand() -> None:
    """Seed: "You try to grab a target within 1 m of you with a free hand." """
    refusal = contest_refusal(
        Contest.GRAB,
        actor_size=Size.MEDIUM,
        target_size=Size.MEDIUM,
        distance_m=1,
        has_free_hand=False,
    )
    assert refusal is not None
    assert refusal.code == "no_free_hand"


@pytest.mark.parametrize(
    "contest", [Contest.BLIND, Contest.DISARM, Contest.GRAB, Contest.SHOVE, Contest.TRIP]
)
def test_advanced_actions_reach_1_m(contest: Contest) -> None:
    """Blind: "a target within 1 m of you"; Disarm: "a target that is within 1 m of you"; Grab,
    Shove, Trip: "a target within 1 m of you"."""
    refusal = contest_refusal(
        contest, actor_size=Size.MEDIUM, target_size=Size.MEDIUM, distance_m=2
    )
    assert refusal is not None
    assert refusal.code == "out_of_reach"


def test_disarm_and_hide_have_no_size_limit() -> None:
    """Disarm and Hide name no size category rule."""
    for contest in (Contest.DISARM, Contest.HIDE):
        assert (
            contest_refusal(
                contest, actor_size=Size.TINY, target_size=Size.GARGANTUAN, distance_m=1
            )
            is None
        )


def test_a_negative_distance_is_refused() -> None:
    """A distance below 0 m is no distance at all, not one within reach."""
    refusal = contest_refusal(
        Contest.GRAB, actor_size=Size.MEDIUM, target_size=Size.MEDIUM, distance_m=-1
    )
    assert refusal is not None and refusal.code == "bad_distance"

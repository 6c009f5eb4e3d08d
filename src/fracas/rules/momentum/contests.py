"""Contested checks: the advanced actions and moving through an enemy's space.

Each contest pits one of the actor's Skill Checks against one of the target's. The chapter names
the Skills each side may use, limits some contests by size category, and gives advantage to the
bigger or smaller side.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from fracas.engine.frozen import frozen
from fracas.rules.momentum.refusal import Refusal
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.vocabulary import Size, Skill


class Side(StrEnum):
    """The one who tries (actor) or the one who resists (target)."""

    ACTOR = "actor"
    TARGET = "target"


class SizeRule(StrEnum):
    """How the size categories of actor and target limit a contest.

    ``AT_MOST_ONE_ABOVE``: "The target cannot be larger than one size category above your own.
    If the target is larger than you are, they gain advantage on their check. If they are
    smaller, you gain advantage on your check." ``AT_LEAST_ONE_ABOVE`` (Climb): "a target that ...
    is at least one size category larger than you".
    """

    NONE = "none"
    AT_MOST_ONE_ABOVE = "at_most_one_above"
    AT_LEAST_ONE_ABOVE = "at_least_one_above"


@frozen
class ContestRule:
    """The Skills each side may roll, whether a tie needs breaking strictly, reach and size."""

    actor_skills: frozenset[Skill]
    target_skills: frozenset[Skill]
    strictly_higher: bool = False
    reach_m: int | None = 1
    size_rule: SizeRule = SizeRule.NONE
    needs_free_hand: bool = False


def _skills(*skills: Skill) -> frozenset[Skill]:
    return frozenset(skills)


_ATHLETICS_OR_RAW_FORCE = _skills(Skill.ATHLETICS, Skill.RAW_FORCE)
_HOLD_GROUND = _skills(Skill.ATHLETICS, Skill.RAW_FORCE, Skill.NIMBLENESS)


class Contest(StrEnum):
    """Every contested check of the chapter; :attr:`rule` holds its terms."""

    BLIND = "blind"
    CLIMB = "climb"
    DISARM = "disarm"
    GRAB = "grab"
    HIDE = "hide"
    SHOVE = "shove"
    TRIP = "trip"
    MOVE_THROUGH_ENEMY = "move_through_enemy"

    @property
    def rule(self) -> ContestRule:
        """The contest's terms as the chapter states them."""
        return CONTEST_RULES[self]


CONTEST_RULES: dict[Contest, ContestRule] = {
    # "a Quick Fingers or Nimbleness Check against the target's Improvisation or Endurance Check"
    Contest.BLIND: ContestRule(
        _skills(Skill.QUICK_FINGERS, Skill.NIMBLENESS),
        _skills(Skill.IMPROVISATION, Skill.ENDURANCE),
        size_rule=SizeRule.AT_MOST_ONE_ABOVE,
    ),
    # "an Athletics or Nimbleness check against the target's Athletics, Raw Force, Nimbleness, or
    # Quick Fingers check"; "You need at least one free hand or the ability to climb without
    # using your hands"
    Contest.CLIMB: ContestRule(
        _skills(Skill.ATHLETICS, Skill.NIMBLENESS),
        _skills(Skill.ATHLETICS, Skill.RAW_FORCE, Skill.NIMBLENESS, Skill.QUICK_FINGERS),
        size_rule=SizeRule.AT_LEAST_ONE_ABOVE,
        needs_free_hand=True,
    ),
    # "You and your target make an Athletics, Nimbleness, Raw Force, or Quick Finger Check. You
    # succeed if you roll higher than your target."
    Contest.DISARM: ContestRule(
        _skills(Skill.ATHLETICS, Skill.NIMBLENESS, Skill.RAW_FORCE, Skill.QUICK_FINGERS),
        _skills(Skill.ATHLETICS, Skill.NIMBLENESS, Skill.RAW_FORCE, Skill.QUICK_FINGERS),
        strictly_higher=True,
    ),
    # "an Athletics or Raw Force Check against the target's Athletics, Raw Force, or Nimbleness
    # Check"; "with a free hand"
    Contest.GRAB: ContestRule(
        _ATHLETICS_OR_RAW_FORCE,
        _HOLD_GROUND,
        size_rule=SizeRule.AT_MOST_ONE_ABOVE,
        needs_free_hand=True,
    ),
    # "You successfully hide if you beat their Perception Check with your Stealth Check."
    Contest.HIDE: ContestRule(
        _skills(Skill.STEALTH), _skills(Skill.PERCEPTION), strictly_higher=True, reach_m=None
    ),
    # "an Athletics or Raw Force Check against the target's Athletics, Raw Force, or Nimbleness
    # Check"
    Contest.SHOVE: ContestRule(
        _ATHLETICS_OR_RAW_FORCE, _HOLD_GROUND, size_rule=SizeRule.AT_MOST_ONE_ABOVE
    ),
    # "an Athletics or Raw Force check against the target's Athletics or Nimbleness Check"
    Contest.TRIP: ContestRule(
        _ATHLETICS_OR_RAW_FORCE,
        _skills(Skill.ATHLETICS, Skill.NIMBLENESS),
        size_rule=SizeRule.AT_MOST_ONE_ABOVE,
    ),
    # "a Raw Force, Athletics, or Nimbleness check against a Raw Force or Athletics check made by
    # the enemy"
    Contest.MOVE_THROUGH_ENEMY: ContestRule(_HOLD_GROUND, _ATHLETICS_OR_RAW_FORCE, reach_m=None),
}


def contest_winner(
    contest: Contest, actor_total: int, target_total: int, *, settings: MomentumSettings
) -> Side:
    """Who wins a contest. A tie goes to the target where the text demands a higher roll
    (Disarm, Hide), otherwise to the setting ``contested_tie_winner``."""
    if actor_total != target_total:
        return Side.ACTOR if actor_total > target_total else Side.TARGET
    if contest.rule.strictly_higher:
        return Side.TARGET
    return Side(settings.contested_tie_winner)


def hides(stealth_total: int, perception_totals: Iterable[int]) -> bool:
    """Hide against every enemy: "You successfully hide if you beat their Perception Check with
    your Stealth Check"."""
    return all(stealth_total > perception for perception in perception_totals)


def contest_refusal(
    contest: Contest,
    *,
    actor_size: Size,
    target_size: Size,
    distance_m: int,
    has_free_hand: bool = True,
) -> Refusal | None:
    """Why the chapter forbids the contest, or None when it may be tried.

    Checks the reach ("within 1 m of you"), the size rule and the free hand (Grab: "with a free
    hand"; Climb: pass True when the climber can climb without hands).
    """
    rule = contest.rule
    if distance_m < 0:
        return Refusal("bad_distance", f"a distance cannot be negative ({distance_m} m)")
    if rule.reach_m is not None and distance_m > rule.reach_m:
        return Refusal("out_of_reach", f"{contest} needs the target within {rule.reach_m} m")
    above = target_size.categories_above(actor_size)
    if rule.size_rule is SizeRule.AT_MOST_ONE_ABOVE and above > 1:
        return Refusal(
            "target_too_large",
            f"{contest}: the target cannot be larger than one size category above your own",
        )
    if rule.size_rule is SizeRule.AT_LEAST_ONE_ABOVE and above < 1:
        return Refusal(
            "target_too_small",
            f"{contest}: the target must be at least one size category larger than you",
        )
    if rule.needs_free_hand and not has_free_hand:
        return Refusal("no_free_hand", f"{contest} needs a free hand")
    return None


def size_advantage(contest: Contest, *, actor_size: Size, target_size: Size) -> Side | None:
    """Which side rolls with advantage because of size, or None.

    "If the target is larger than you are, they gain advantage on their check. If they are
    smaller, you gain advantage on your check." (Blind, Grab, Shove, Trip.)
    """
    if contest.rule.size_rule is not SizeRule.AT_MOST_ONE_ABOVE or target_size is actor_size:
        return None
    return Side.TARGET if target_size.categories_above(actor_size) > 0 else Side.ACTOR

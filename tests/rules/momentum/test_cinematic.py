"""Cinematic Actions and Reactions, Bursts and Cooperative Cinematic Actions."""

from __future__ import annotations

import pytest

from fracas.rules.momentum.checks import CheckResult, RollMode
from fracas.rules.momentum.cinematic import (
    Cinematic,
    CinematicCost,
    burst_refusal,
    cinematic_cost,
    cooperative_cinematic_costs,
    cooperative_cinematic_succeeds,
    cooperative_roll_mode,
)
from fracas.rules.momentum.errors import MomentumRuleError

from .support import SETTINGS

FAILURE, SUCCESS, CRITICAL = (
    CheckResult.FAILURE,
    CheckResult.SUCCESS,
    CheckResult.CRITICAL_SUCCESS,
)


def test_cinematic_action_and_reaction_costs() -> None:
    """Seed: "you can use a Cinematic Action (3AP) or a Cinematic Reaction (2RP) and get creative.
    Using a Cinematic Action or Reaction costs 3 Narrative Momentum." """
    assert cinematic_cost(Cinematic.ACTION, settings=SETTINGS) == CinematicCost(3, ap=3)
    assert cinematic_cost(Cinematic.REACTION, settings=SETTINGS) == CinematicCost(3, rp=2)


def test_burst_costs_6_momentum_and_no_points() -> None:
    """Seed: "If you cannot use 3AP or 2RP for some reason, like when you are Restrained or Stunned,
    you can use a Cinematic Burst for 6 Narrative Momentum instead of 3" """
    assert cinematic_cost(Cinematic.ACTION, burst=True, settings=SETTINGS) == CinematicCost(6)
    assert cinematic_cost(Cinematic.REACTION, burst=True, settings=SETTINGS) == CinematicCost(6)


def test_burst_only_before_spending_points() -> None:
    """Seed: "You can only use a Cinematic Burst if you have not used any AP on your turn if you are
    trying to do a Cinematic Action or no RP this round if you are trying to do a Cinematic
    Reaction." """
    assert burst_refusal(Cinematic.ACTION, ap_used_this_turn=0, rp_used_this_round=2) is None
    action = burst_refusal(Cinematic.ACTION, ap_used_this_turn=1, rp_used_this_round=0)
    assert action is not None
    assert action.code == "burst_after_ap"
    assert burst_refusal(Cinematic.REACTION, ap_used_this_turn=3, rp_used_this_round=0) is None
    reaction = burst_refusal(Cinematic.REACTION, ap_used_this_turn=0, rp_used_this_round=1)
    assert reaction is not None
    assert reaction.code == "burst_after_rp"


def test_cooperative_costs_2_momentum_each_and_a_reaction_beyond_the_first() -> None:
    """Seed: "Each character beyond the first has to perform a reaction (2 RP) to participate. Each
    participant only needs to use 2 Narrative Momentum instead of the normal 3" """
    costs = cooperative_cinematic_costs([False, False, False], settings=SETTINGS)
    assert costs == (CinematicCost(2, ap=3), CinematicCost(2, rp=2), CinematicCost(2, rp=2))
    with pytest.raises(MomentumRuleError):
        cooperative_cinematic_costs([False], settings=SETTINGS)


def test_cooperative_burst_costs_4_momentum() -> None:
    """Seed: "You can also use a Cinematic Burst to do a Cooperative Cinematic Action, in which case
    you need 4 Narrative Momentum." """
    costs = cooperative_cinematic_costs([True, False], settings=SETTINGS)
    assert costs == (CinematicCost(4), CinematicCost(2, rp=2))


def test_costs_never_below_1_unless_a_feature_allows() -> None:
    """Seed: "The cost of Cinematic Actions, Reactions, and Bursts cannot be reduced below 1 unless
    a feature specifically allows that." """
    assert cinematic_cost(Cinematic.ACTION, reduction=2, settings=SETTINGS).narrative_momentum == 1
    assert cinematic_cost(Cinematic.ACTION, reduction=5, settings=SETTINGS).narrative_momentum == 1
    burst = cinematic_cost(Cinematic.REACTION, burst=True, reduction=9, settings=SETTINGS)
    assert burst.narrative_momentum == 1
    waived = cinematic_cost(Cinematic.ACTION, reduction=5, floor_waived=True, settings=SETTINGS)
    assert waived.narrative_momentum == 0
    cooperative = cooperative_cinematic_costs([False, True], reduction=3, settings=SETTINGS)
    assert [cost.narrative_momentum for cost in cooperative] == [1, 1]


def test_cooperative_participants_roll_with_advantage() -> None:
    """Seed: "everyone has to make a Skill Check. It does not have to be the same Skill Check, and
    they make it with advantage." """
    assert cooperative_roll_mode() is RollMode.ADVANTAGE
    assert cooperative_roll_mode(disadvantages=1) is RollMode.NORMAL


def test_cooperative_success_needs_everyone() -> None:
    """Seed: "The participants succeed in their Cooperative Cinematic Action if everybody succeeds
    on their Skill Check." """
    assert cooperative_cinematic_succeeds([SUCCESS, SUCCESS])
    assert not cooperative_cinematic_succeeds([SUCCESS, FAILURE])


def test_a_critical_success_compensates_one_failure() -> None:
    """Seed: "A failure on the Skill Check of one participant can be compensated by a critical
    success of another participant." """
    assert cooperative_cinematic_succeeds([CRITICAL, FAILURE])
    assert cooperative_cinematic_succeeds([CRITICAL, FAILURE, SUCCESS])
    assert not cooperative_cinematic_succeeds([CRITICAL, FAILURE, FAILURE])

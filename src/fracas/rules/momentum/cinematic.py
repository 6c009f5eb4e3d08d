"""Cinematic Actions and Reactions: their costs, Bursts, and Cooperative Cinematic Actions."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from fracas.engine.frozen import frozen
from fracas.rules.momentum.checks import CheckResult, RollMode, roll_mode
from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.refusal import Refusal
from fracas.rules.momentum.settings import MomentumSettings


class Cinematic(StrEnum):
    """A Cinematic Action (on your turn, with AP) or Reaction (with RP)."""

    ACTION = "action"
    REACTION = "reaction"


@frozen
class CinematicCost:
    """What one participant pays: Narrative Momentum (NM), AP and RP."""

    narrative_momentum: int
    ap: int = 0
    rp: int = 0


def _momentum(base: int, reduction: int, floor_waived: bool, settings: MomentumSettings) -> int:
    """Seed: "The cost of Cinematic Actions, Reactions, and Bursts cannot be reduced below 1 unless
    a feature specifically allows that." (``floor_waived``: such a feature applies)."""
    floor = 0 if floor_waived else settings.cinematic_cost_floor
    return max(base - reduction, min(base, floor))


def cinematic_cost(
    kind: Cinematic,
    *,
    burst: bool = False,
    reduction: int = 0,
    floor_waived: bool = False,
    settings: MomentumSettings,
) -> CinematicCost:
    """Seed: "you can use a Cinematic Action (3AP) or a Cinematic Reaction (2RP)"; "Using a
    Cinematic Action or Reaction costs 3 Narrative Momentum"; a Burst costs "6 Narrative Momentum
    instead of 3" and no AP or RP. ``reduction`` lowers the NM cost (features)."""
    if burst:
        return CinematicCost(_momentum(settings.burst_nm, reduction, floor_waived, settings))
    momentum = _momentum(settings.cinematic_nm, reduction, floor_waived, settings)
    if kind is Cinematic.ACTION:
        return CinematicCost(momentum, ap=settings.cinematic_action_ap)
    return CinematicCost(momentum, rp=settings.cinematic_reaction_rp)


def cooperative_cinematic_costs(
    bursting: Sequence[bool],
    *,
    reduction: int = 0,
    floor_waived: bool = False,
    settings: MomentumSettings,
) -> tuple[CinematicCost, ...]:
    """Each participant's cost, the first being the one whose turn it is.

    "Each character beyond the first has to perform a reaction (2 RP) to participate. Each
    participant only needs to use 2 Narrative Momentum instead of the normal 3"; the first takes
    the Cinematic Action (3 AP). A participant who bursts pays no AP or RP: "You can also use a
    Cinematic Burst to do a Cooperative Cinematic Action, in which case you need 4 Narrative
    Momentum."
    """
    if len(bursting) < 2:
        raise MomentumRuleError("a Cooperative Cinematic Action needs two or more characters")
    costs = []
    for index, bursts in enumerate(bursting):
        base = settings.cooperative_burst_nm if bursts else settings.cooperative_nm
        momentum = _momentum(base, reduction, floor_waived, settings)
        if bursts:
            costs.append(CinematicCost(momentum))
        elif index == 0:
            costs.append(CinematicCost(momentum, ap=settings.cinematic_action_ap))
        else:
            costs.append(CinematicCost(momentum, rp=settings.cooperative_reaction_rp))
    return tuple(costs)


def burst_refusal(
    kind: Cinematic, *, ap_used_this_turn: int, rp_used_this_round: int
) -> Refusal | None:
    """Seed: "You can only use a Cinematic Burst if you have not used any AP on your turn if you are
    trying to do a Cinematic Action or no RP this round if you are trying to do a Cinematic
    Reaction." """
    if kind is Cinematic.ACTION and ap_used_this_turn:
        return Refusal("burst_after_ap", "a Cinematic Burst needs no AP used this turn")
    if kind is Cinematic.REACTION and rp_used_this_round:
        return Refusal("burst_after_rp", "a Cinematic Burst needs no RP used this round")
    return None


def cooperative_roll_mode(*, disadvantages: int = 0) -> RollMode:
    """Every participant's Skill Check: "they make it with advantage"."""
    return roll_mode(1, disadvantages)


def cooperative_cinematic_succeeds(results: Sequence[CheckResult]) -> bool:
    """Seed: "The participants succeed in their Cooperative Cinematic Action if everybody succeeds
    on their Skill Check. A failure on the Skill Check of one participant can be compensated by a
    critical success of another participant." Each critical success covers one failure."""
    failures = sum(result is CheckResult.FAILURE for result in results)
    criticals = sum(result is CheckResult.CRITICAL_SUCCESS for result in results)
    return failures <= criticals

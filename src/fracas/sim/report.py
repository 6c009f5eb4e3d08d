"""What a study found: win probabilities with intervals, rounds, survivors, damage per combatant.

``summarize`` turns the runs' ``FightResult`` records into a ``Summary``; ``Summary.to_json``
is the machine-readable form (``fracas sim --json``). Front ends render it; nothing here prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from fracas.engine.action import CombatantId
from fracas.engine.state import EncounterState
from fracas.sim.fight import FightResult
from fracas.sim.stats import mean_and_margin, wilson


@dataclass(frozen=True)
class SideOdds:
    """How often a side won (``side`` is None for fights nobody won), with its 95 % interval,
    and how many of its combatants were still standing at the end of a fight, on average."""

    side: str | None
    wins: int
    probability: float
    low: float
    high: float
    survivors: float = 0.0


@dataclass(frozen=True)
class CombatantFigures:
    """One combatant over all runs: how often it was still standing, mean damage dealt and
    taken per fight (with 95 % margins)."""

    id: CombatantId
    name: str
    side: str
    survived: float
    dealt: float
    dealt_margin: float
    taken: float
    taken_margin: float


@dataclass(frozen=True)
class Summary:
    encounter: str
    runs: int
    seed: int
    policy: str
    sides: tuple[SideOdds, ...]
    rounds_mean: float
    rounds_margin: float
    rounds: tuple[tuple[int, int], ...]
    """How many fights took each number of rounds, ascending."""
    combatants: tuple[CombatantFigures, ...]
    mode: str = "engine"
    """Which mode played the fights: ``engine`` or ``study`` (``fracas.sim.study``)."""
    mode_why: str = ""
    """Why that mode (``fracas.sim.study.mode.Decision``)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def summarize(
    results: Sequence[FightResult],
    setup: EncounterState,
    *,
    encounter: str,
    seed: int,
    policy: str,
    mode: str = "engine",
    mode_why: str = "",
) -> Summary:
    """The figures of a study over ``results`` (each fight of the encounter ``setup``), played
    in ``mode`` for the reason ``mode_why``."""
    runs = len(results)
    wins = Counter(r.winner for r in results)
    sides = sorted({c.side for c in setup})
    standing = Counter(setup[who].side for r in results for who in r.survivors)
    odds = [_side(side, wins[side], runs, standing[side] / runs) for side in sides]
    if wins[None]:
        odds.append(_side(None, wins[None], runs))
    rounds_mean, rounds_margin = mean_and_margin([r.rounds for r in results])
    return Summary(
        encounter=encounter,
        runs=runs,
        seed=seed,
        policy=policy,
        sides=tuple(odds),
        rounds_mean=rounds_mean,
        rounds_margin=rounds_margin,
        rounds=tuple(sorted(Counter(r.rounds for r in results).items())),
        combatants=tuple(_figures(c.id, c.name, c.side, results) for c in setup),
        mode=mode,
        mode_why=mode_why,
    )


def _side(side: str | None, wins: int, runs: int, survivors: float = 0.0) -> SideOdds:
    low, high = wilson(wins, runs)
    return SideOdds(side, wins, wins / runs if runs else 0.0, low, high, survivors)


def _figures(
    who: CombatantId, name: str, side: str, results: Sequence[FightResult]
) -> CombatantFigures:
    dealt, dealt_margin = mean_and_margin([r.dealt.get(who, 0) for r in results])
    taken, taken_margin = mean_and_margin([r.taken.get(who, 0) for r in results])
    survived = sum(who in r.survivors for r in results) / len(results) if results else 0.0
    return CombatantFigures(who, name, side, survived, dealt, dealt_margin, taken, taken_margin)

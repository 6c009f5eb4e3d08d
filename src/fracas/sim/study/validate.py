"""The same study played both ways: do the engine and study mode agree in statistics?

They never agree fight by fight (their dice streams differ), so each figure is compared as two
estimates: each side's win rate, the rounds a fight lasts, and the damage each side deals a
fight. A figure agrees when the two means differ by less than the 99 % margin of their
difference (the margins of the two, 99 % each, added in quadrature): over the handful of figures
a study has, a 95 % test would cry wolf on one study in four.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from fracas.engine.action import CombatantId
from fracas.engine.state import EncounterState
from fracas.sim.fight import FightResult
from fracas.sim.stats import mean_and_margin

Z99 = 2.5758293035489004
"""The two-sided 99 % quantile of the normal distribution."""


@dataclass(frozen=True)
class Agreement:
    """One figure, as the engine and as study mode found it, each with its 99 % margin."""

    figure: str
    engine: float
    engine_margin: float
    study: float
    study_margin: float

    @property
    def agrees(self) -> bool:
        return abs(self.engine - self.study) <= math.hypot(self.engine_margin, self.study_margin)


@dataclass(frozen=True)
class Validation:
    encounter: str
    runs: int
    seed: int
    figures: tuple[Agreement, ...]
    why: str
    """Why study mode could play the fight (``mode.Decision.why``)."""

    @property
    def agrees(self) -> bool:
        return all(f.agrees for f in self.figures)

    def to_json(self) -> dict[str, Any]:
        figures = [{**asdict(f), "agrees": f.agrees} for f in self.figures]
        return {**asdict(self), "figures": figures, "agrees": self.agrees}


def compare(
    engine: Sequence[FightResult],
    study: Sequence[FightResult],
    setup: EncounterState,
    *,
    encounter: str,
    seed: int,
    why: str,
) -> Validation:
    """The figures of the same study played by the engine and by study mode, side by side."""
    sides = sorted({c.side for c in setup})
    side_of = {c.id: c.side for c in setup}
    figures = [_agreement(f"{side} win rate", engine, study, _won(side)) for side in sides]
    figures.append(_agreement("rounds", engine, study, lambda r: r.rounds))
    figures += [
        _agreement(f"{side} damage dealt", engine, study, _dealt(side, side_of)) for side in sides
    ]
    return Validation(encounter, len(study), seed, tuple(figures), why)


Measure = Callable[[FightResult], float]


def _won(side: str) -> Measure:
    return lambda result: float(result.winner == side)


def _dealt(side: str, side_of: Mapping[CombatantId, str]) -> Measure:
    return lambda result: sum(n for who, n in result.dealt.items() if side_of[who] == side)


def _agreement(
    figure: str, engine: Sequence[FightResult], study: Sequence[FightResult], value: Measure
) -> Agreement:
    engine_mean, engine_margin = mean_and_margin([float(value(r)) for r in engine], Z99)
    study_mean, study_margin = mean_and_margin([float(value(r)) for r in study], Z99)
    return Agreement(figure, engine_mean, engine_margin, study_mean, study_margin)

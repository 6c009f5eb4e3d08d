"""How hard a fight is: each side's chance to win with its 95 % interval, the rounds it takes,
and who is most likely to fall, from fights played with the rulesets' built-in tactics.

Fights are played in chunks of ``CHUNK`` runs (on local worker processes when there are
several cores) until every side's Wilson interval (``report.summarize``'s) lies within
``precision`` (±5 %) of its chance, or the time budget is spent (counted from the start:
loading the encounter and study mode's set-up spend it too, and ``Estimate.setup_seconds``
says how much of it they took). Run ``i`` rolls from
``run_seed(seed, i)`` as in ``runner``, and the stop is decided on the runs in order, at chunk
boundaries; so an estimate that stops on precision is the same whatever the number of
workers. One stopped by its budget depends on the machine's speed: it says so (``stopped``).
The budget is checked when a chunk is done, so an estimate may overrun it by one chunk; the
worker processes finish the chunks they were playing in the background, and end.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import closing
from dataclasses import asdict, dataclass
from itertools import islice
from multiprocessing.context import BaseContext
from typing import Any

from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.errors import FracasError
from fracas.sim.fight import FightResult
from fracas.sim.report import SideOdds, Summary, summarize
from fracas.sim.runner import TACTICS, Study, check, loaded, run_chunk
from fracas.sim.stats import wilson
from fracas.sim.study.mode import AUTO, ENGINE, STUDY, Decision, played

PRECISION = 0.05
"""How far from a side's chance its 95 % interval may reach when the estimate stops."""

BUDGET = 10.0
"""Seconds an estimate may take by default."""

MAX_FIGHTS = 20_000
"""The most fights an estimate plays, whatever its budget."""

CHUNK = 10
"""Fights per chunk: the grain of the stop and of progress reports."""

PRECISE = "precise"
BUDGET_SPENT = "budget"
ALL_PLAYED = "limit"
"""Why an estimate stopped: every interval within the precision, the time budget spent, or
``MAX_FIGHTS`` (the study's runs) played."""

SPREAD = (10, 90)
"""The percentiles of the rounds a fight takes that an estimate gives besides the median."""


@dataclass(frozen=True)
class Headway:
    """How far an estimate has got: fights played, seconds spent of its budget, and the widest
    reach of a side's interval from its chance (1.0 before a fight is played)."""

    fights: int
    seconds: float
    budget: float
    margin: float
    mode: str = ENGINE
    """The mode playing the fights counted (``fracas.sim.study.mode``)."""
    fell_back: str = ""
    """Why study mode stopped, when it met mid-study a fight it cannot play: the engine then
    plays the study again from its first fight, and ``fights`` counts the engine's. That is
    told at once, with 0 fights, before the engine's first chunk."""


Told = Callable[[Headway], None]
"""Told after each chunk of fights."""


@dataclass(frozen=True)
class Fall:
    """How often a combatant was down (out of the fight) at its end, with the 95 % interval."""

    id: str
    name: str
    side: str
    chance: float
    low: float
    high: float


@dataclass(frozen=True)
class Estimate:
    encounter: str
    seed: int
    fights: int
    seconds: float
    """All of it: loading the encounter, deciding the mode and its set-up (study mode's
    tables), and the fights."""
    stopped: str
    """``PRECISE``, ``BUDGET_SPENT`` or ``ALL_PLAYED``."""
    precision: float
    margin: float
    """The widest reach of a side's interval from its chance, at the stop."""
    sides: tuple[SideOdds, ...]
    rounds_median: float
    rounds_spread: tuple[int, int]
    """The 10th and 90th percentiles of the rounds a fight took (``SPREAD``)."""
    falls: tuple[Fall, ...]
    """Every combatant, the most likely to fall first."""
    mode: str = ENGINE
    """The mode that played the fights (``fracas.sim.study.mode``): study where it fits."""
    mode_why: str = ""
    setup_seconds: float = 0.0
    """Of ``seconds``, the part before the first fight: loading, deciding, study mode's
    set-up (and, when study mode met a fight it cannot play mid-study, the fights it played
    before the engine played them again)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def estimate(
    study: Study,
    *,
    budget: float = BUDGET,
    precision: float = PRECISION,
    workers: int | None = None,
    told: Told | None = None,
    context: BaseContext | None = None,
) -> Estimate:
    """The estimate of ``study``'s fight (``study.runs`` is the most fights it may play): on
    ``workers`` local processes (default: every core; 1 plays here) started from ``context``
    (default: the platform's). Raises FracasError when the study cannot run."""
    if budget <= 0 or not 0 < precision < 1:
        raise ValueError(f"a budget above 0 and a precision in (0, 1), not {budget}, {precision}")
    start = time.monotonic()
    check(study)
    ruleset, setup = loaded(study.encounter, study.text, study.save)
    _two_sides(ruleset, setup)
    limits = _Limits(start, budget, precision)
    progress = _Progress(limits, told)
    decision, found = played(
        study,
        AUTO,
        lambda decided: _until_stopped(decided, setup, limits, workers, progress, context),
        progress.fall_back,
    )
    results, stopped, margin = found.results, found.stopped, found.margin
    summary = _summary(results, setup, study)
    return Estimate(
        encounter=study.encounter,
        seed=study.seed,
        fights=len(results),
        seconds=time.monotonic() - start,
        stopped=stopped,
        precision=precision,
        margin=margin,
        sides=summary.sides,
        rounds_median=percentile([r.rounds for r in results], 50),
        rounds_spread=(
            round(percentile([r.rounds for r in results], SPREAD[0])),
            round(percentile([r.rounds for r in results], SPREAD[1])),
        ),
        falls=_falls(results, setup),
        mode=decision.mode,
        mode_why=decision.why,
        setup_seconds=found.setup_seconds,
    )


def _two_sides(ruleset: Ruleset, setup: EncounterState) -> None:
    """Raise FracasError unless those who count (``Ruleset.standing``; everyone, for a ruleset
    that says none does) are of two sides or more: with one, each side's chance to win says
    nothing, and the fights would only run out of rounds."""
    counted = ruleset.standing_in(setup).counted
    sides = sorted(counted) if counted else sorted({c.side for c in setup})
    if len(sides) > 1:
        return
    if not sides:
        raise FracasError("there is nobody in the fight to estimate: add combatants first")
    raise FracasError(
        f"everyone in the fight is on side {sides[0]!r}: an estimate weighs two sides against"
        " each other, so put someone on another side"
    )


@dataclass(frozen=True)
class _Limits:
    """When an estimate stops: ``budget`` seconds after ``start``, or at the ``precision``."""

    start: float
    budget: float
    precision: float


@dataclass
class _Progress:
    """Tells ``told`` (when there is one) the estimate's headway, and that study mode fell back
    to the engine when it does (``fell_back``: why)."""

    limits: _Limits
    told: Told | None
    fell_back: str = ""

    def tell(self, fights: int, spent: float, margin: float, mode: str) -> None:
        if self.told is not None:
            budget = self.limits.budget
            self.told(Headway(fights, spent, budget, margin, mode, self.fell_back))

    def fall_back(self, decision: Decision) -> None:
        self.fell_back = decision.why
        self.tell(0, time.monotonic() - self.limits.start, 1.0, decision.mode)


def _until_stopped(
    study: Study,
    setup: EncounterState,
    limits: _Limits,
    workers: int | None,
    progress: _Progress,
    context: BaseContext | None,
) -> _Chunks:
    """The fights of ``study`` (its mode decided) played in chunks until ``limits`` stop them."""
    set_up = time.monotonic() - limits.start
    # study mode plays a chunk in milliseconds: handing it to a worker would cost more
    count = 1 if study.mode == STUDY else workers or os.cpu_count() or 1
    results: list[FightResult] = []
    stopped, margin = ALL_PLAYED, 1.0
    with closing(_chunks(study, count, context)) as chunks:
        for chunk in chunks:
            results += chunk
            margin = widest(_summary(results, setup, study))
            spent = time.monotonic() - limits.start
            progress.tell(len(results), spent, margin, study.mode)
            if margin <= limits.precision:
                stopped = PRECISE
                break
            if spent >= limits.budget:
                stopped = BUDGET_SPENT
                break
    return _Chunks(results, stopped, margin, set_up)


@dataclass(frozen=True)
class _Chunks:
    """The fights an estimate played in one mode, why it stopped, and when the first began."""

    results: list[FightResult]
    stopped: str
    margin: float
    setup_seconds: float


def widest(summary: Summary) -> float:
    """How far the farthest end of a side's interval lies from its chance."""
    return max(max(s.probability - s.low, s.high - s.probability) for s in summary.sides)


def percentile(values: Sequence[int], percent: float) -> float:
    """The ``percent`` percentile of ``values``, interpolated between neighbours (the median of
    an even count is the mean of the middle two)."""
    ordered = sorted(values)
    place = (len(ordered) - 1) * percent / 100
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def _summary(results: Sequence[FightResult], setup: EncounterState, study: Study) -> Summary:
    return summarize(
        results, setup, encounter=study.encounter, seed=study.seed, policy=study.policy
    )


def _falls(results: Sequence[FightResult], setup: EncounterState) -> tuple[Fall, ...]:
    falls = []
    for combatant in setup:
        down = sum(combatant.id not in r.survivors for r in results)
        low, high = wilson(down, len(results))
        chance = down / len(results)
        falls.append(Fall(combatant.id, combatant.name, combatant.side, chance, low, high))
    return tuple(sorted(falls, key=lambda fall: -fall.chance))


def _chunks(
    study: Study, workers: int, context: BaseContext | None
) -> Generator[list[FightResult], None, None]:
    """The study's chunks of fights in run order, played here or on ``workers`` processes."""
    if workers == 1:
        for first, count in study.chunks(CHUNK):
            yield run_chunk(study, first, count)
        return
    planned = study.chunks(CHUNK)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        waiting: deque[Future[list[FightResult]]] = deque(
            pool.submit(run_chunk, study, first, count)
            for first, count in islice(planned, 2 * workers)
        )
        while waiting:
            chunk = waiting.popleft().result()
            following = next(planned, None)
            if following is not None:
                waiting.append(pool.submit(run_chunk, study, *following))
            yield chunk
    finally:  # stopped early: the chunks not started are dropped; the running ones finish
        pool.shutdown(
            wait=False, cancel_futures=True
        )  # in the background, then their processes end


def study_of(encounter: str, seed: int = 0, save: str | None = None) -> Study:
    """The study an estimate plays: the built-in tactics, at most ``MAX_FIGHTS`` fights."""
    return Study(encounter, MAX_FIGHTS, seed, TACTICS, save=save)

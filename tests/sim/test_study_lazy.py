"""Study mode's tables are filled as the fights first need them, give the same fights
whichever process or thread fills them, and one thread at a time plays a plan (issue 21)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from fracas.sim.fight import FightResult
from fracas.sim.runner import Study, simulate
from fracas.sim.study.loop import Plan
from fracas.sim.study.mode import STUDY, _give, decide, forget, plan_of, play_chunk, sharing
from fracas.sim.study.striking import LazyTable

BENCHMARKS = Path(__file__).parents[2] / "benchmarks" / "encounters"
MOMENTUM = str(BENCHMARKS / "momentum_4v4.yaml")
LURASKO = str(BENCHMARKS / "lurasko_4v4.yaml")


@pytest.fixture(autouse=True)
def _cold() -> Iterator[None]:
    """Each test starts from no plan, and leaves none filled behind."""
    forget()
    yield
    forget()


def _lazy_tables(study: Study) -> list[LazyTable]:
    plan = plan_of(study.encounter, study.text, study.save, study.policy)
    assert isinstance(plan, Plan)
    found = [t for f in plan.fighters for t in f.tables if t is not None]
    assert all(isinstance(t, LazyTable) for t in found)
    return [t for t in found if isinstance(t, LazyTable)]


def test_momentum_tables_are_filled_as_the_fights_need_them() -> None:
    study = Study(MOMENTUM, runs=1, seed=5, mode=STUDY)
    decision = decide(study, "auto")
    assert decision.why == (
        "the fight fits: 32 attack tables, filled from the rules as the fights need them"
    )
    tables = _lazy_tables(study)
    assert not any(t.filled for t in tables)
    cold = simulate(replace(study, runs=200), workers=1)
    filled = [t for t in tables if t.filled is not None]
    assert 0 < len(filled) < len(tables)
    plan = plan_of(study.encounter, study.text, study.save, study.policy)
    spent = sum(t.resolutions for t in filled)
    assert plan.describe() == (
        f"{len(filled)} of 32 attack tables filled from {spent} rule resolutions as the fights"
        " needed them"
    )
    for table in tables:
        table.table()
    assert plan.describe().startswith("32 attack tables from ")
    assert simulate(replace(study, runs=200), workers=1) == cold


def test_a_plan_handed_to_workers_gives_the_same_fights_filled_or_not() -> None:
    study = Study(MOMENTUM, runs=80, seed=9, mode=STUDY)
    _, (_, handed) = sharing(study)
    assert isinstance(handed, Plan)
    first = simulate(study, workers=2)  # the workers fill their own copies
    assert not any(t.filled for t in _lazy_tables(study))
    here = simulate(study, workers=1)  # this process fills its own
    assert any(t.filled for t in _lazy_tables(study))
    assert simulate(study, workers=2) == here == first  # handed filled tables


class Probe:
    """A plan that counts how many threads are inside ``play`` at once (it sleeps there, so
    that another thread would get in)."""

    def __init__(self) -> None:
        self.inside = 0
        self.most = 0

    def play(self, seed: int, max_rounds: int) -> FightResult:
        self.inside += 1
        self.most = max(self.most, self.inside)
        time.sleep(0.002)
        self.inside -= 1
        return FightResult(seed=seed, winner=None, rounds=max_rounds, survivors=())

    def describe(self) -> str:
        return "a probe"


def _together(target: Callable[..., object], *calls: tuple[object, ...]) -> None:
    """Run ``target`` once per ``calls`` (its arguments), each on a thread, all at once."""
    threads = [threading.Thread(target=target, args=arguments) for arguments in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_one_thread_at_a_time_plays_a_plan() -> None:
    study = Study("probe.yaml", runs=10, mode=STUDY)
    probe = Probe()
    _give((study.encounter, study.text, study.save, study.policy), probe)  # as to a worker
    _together(play_chunk, *[(study, 0, 10)] * 4)
    assert probe.most == 1


def test_threads_sharing_a_cold_lurasko_plan_give_the_fights_of_one() -> None:
    study = Study(LURASKO, runs=60, seed=4, mode=STUDY)
    alone = play_chunk(study, 0, 60)
    forget()
    found: dict[int, list[FightResult]] = {}

    def play(first: int) -> None:
        found[first] = play_chunk(study, first, 15)

    _together(play, (0,), (15,), (30,), (45,))
    assert [r for first in sorted(found) for r in found[first]] == alone

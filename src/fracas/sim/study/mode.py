"""Which mode plays a study: the engine, or study mode where the fight fits it.

``decide`` builds the study's plan (its ruleset's ``registry.planner``) or names why it cannot;
``played`` plays the study in the mode decided, and in ``auto`` has the engine play it all
again when study mode meets, mid-study, a fight it cannot mirror (its tables are filled as the
fights need them, so an ``Unmirrorable`` may come from the play as well as from the plan);
``play_chunk`` is what a worker does in study mode. A plan is built once, where the study is
decided: local worker processes are handed it when they start (``sharing``), and build none.

A plan's tables are filled as its fights first need them (and a ruleset keeps what it last
decided), so a plan is not safe to use from two threads at once; the server's estimates play
study mode on threads of their own (``fracas.web.estimate_api``). In a process, one thread at
a time builds a plan or plays a chunk of fights (``PLAYING``): Python runs one thread's code at
a time anyway, and a chunk takes milliseconds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypeVar

from fracas.errors import FracasError
from fracas.sim.fight import FightResult
from fracas.sim.runner import TACTICS, Study, loaded
from fracas.sim.stats import run_seed
from fracas.sim.study.registry import Plan, planner
from fracas.sim.study.striking import obstacles
from fracas.sim.study.table import Unmirrorable

ENGINE = "engine"
STUDY = "study"
AUTO = "auto"
MODES = (STUDY, ENGINE, AUTO)

Played = TypeVar("Played")


@dataclass(frozen=True)
class Decision:
    """The mode that plays a study, and why."""

    mode: str
    why: str


PlanKey = tuple[str, str | None, str | None, str]
"""What a plan is made from: the encounter, its text, its save, the policy."""

_given: dict[PlanKey, Plan] = {}
"""Plans this process was handed when it started (``sharing``)."""

PLAYING = threading.RLock()
"""Held by the thread that builds a plan or plays a chunk of fights with one."""


def plan_of(encounter: str, text: str | None, save: str | None, policy: str) -> Plan:
    """The study's plan, built once per process or handed to it; Unmirrorable when study mode
    cannot play its fights."""
    with PLAYING:
        found = _given.get((encounter, text, save, policy))
        return found if found is not None else _built(encounter, text, save, policy)


def sharing(study: Study) -> tuple[Callable[[PlanKey, Plan], None], tuple[PlanKey, Plan]]:
    """The initializer (and its arguments) that hands a worker process ``study``'s plan, built
    here once, so that the worker builds none."""
    key = (study.encounter, study.text, study.save, study.policy)
    return _give, (key, plan_of(*key))


def _give(key: PlanKey, plan: Plan) -> None:
    _given[key] = plan


def forget() -> None:
    """Drop every plan built or handed to this process (a benchmark's cold start)."""
    _given.clear()
    _built.cache_clear()


def plans_built() -> int:
    """How many plans this process has built since it started or last ``forget``."""
    return _built.cache_info().misses


@lru_cache(maxsize=8)
def _built(encounter: str, text: str | None, save: str | None, policy: str) -> Plan:
    ruleset, setup = loaded(encounter, text, save)
    if setup.clock.started:
        raise Unmirrorable("the fight has started: study mode plays fights from their set-up")
    if policy != TACTICS:
        raise Unmirrorable(f"policy {policy!r}: study mode plays only the ruleset's own tactics")
    slug = ruleset.descriptor.slug
    make = planner(slug)
    if make is None:
        _, _, found = obstacles(ruleset, setup)
        besides = f"; its set-up: {'; '.join(found)}" if found else ""
        raise Unmirrorable(f"study mode has no lean loop for {slug} yet{besides}")
    return make(ruleset, setup)


def decide(study: Study, asked: str) -> Decision:
    """The mode ``asked`` (study, engine or auto) comes to for ``study``. Raises FracasError
    for an unknown mode, or when study mode is asked for and cannot play the fight."""
    if asked not in MODES:
        raise FracasError(f"--mode must be one of {', '.join(MODES)}, not {asked!r}")
    if asked == ENGINE:
        return Decision(ENGINE, "asked for")
    try:
        plan = plan_of(study.encounter, study.text, study.save, study.policy)
    except Unmirrorable as reason:
        if asked == STUDY:
            raise FracasError(f"study mode cannot play this fight: {reason}") from reason
        return Decision(ENGINE, f"study mode cannot play it: {reason}")
    why = plan.describe()
    return Decision(STUDY, why if asked == STUDY else f"the fight fits: {why}")


def played(
    study: Study,
    asked: str,
    play: Callable[[Study], Played],
    falling_back: Callable[[Decision], None] | None = None,
) -> tuple[Decision, Played]:
    """What ``play`` gives for ``study`` in the mode ``asked`` comes to (``decide``; ``play`` is
    handed the study with its mode set), and the decision. Study mode that meets, mid-study, a
    fight it cannot mirror (``Unmirrorable`` from ``play``, raised here or in a worker) is a
    FracasError naming why when study mode was asked for; in auto, the engine plays the whole
    study again (no fight of study mode's is kept), and the decision says so and why: it is
    handed to ``falling_back`` first, before the engine plays (progress shown by the caller
    then starts again from the first fight)."""
    decision = decide(study, asked)
    try:
        return decision, play(replace(study, mode=decision.mode))
    except Unmirrorable as reason:
        if decision.mode != STUDY:
            raise
        if asked == STUDY:
            raise FracasError(f"study mode cannot play this fight: {reason}") from reason
        why = f"study mode met a fight it cannot play, mid-study: {reason}"
    fell_back = Decision(ENGINE, why)
    if falling_back is not None:
        falling_back(fell_back)
    return fell_back, play(replace(study, mode=ENGINE))


def play_chunk(study: Study, first: int, count: int) -> list[FightResult]:
    """Runs ``first`` … ``first + count - 1`` of ``study`` in study mode, in order."""
    with PLAYING:
        plan = plan_of(study.encounter, study.text, study.save, study.policy)
        return [
            plan.play(run_seed(study.seed, run), study.max_rounds)
            for run in range(first, first + count)
        ]

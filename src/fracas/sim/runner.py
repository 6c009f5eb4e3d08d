"""Many fights: seeds, chunks of runs, local worker processes or a Dask cluster.

Run number ``i`` of a study seeded ``seed`` rolls its dice from ``run_seed(seed, i)`` alone,
and results come back in run order, so a study gives the same results whatever the number of
workers, the chunk size or the machine. Workers load the encounter file themselves (once per
process) and play chunks of runs; only the small ``FightResult`` records travel back.

A study's fight is an encounter file, or a stored encounter's save (``Study.save``): then
the fights go on from that encounter's state as it stands, started or not.

Policies are named: ``tactics`` (the ruleset's built-in tactics, the default), ``generic``, or
``module:factory`` for your own, where ``factory(ruleset)`` returns a Policy.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from fracas.app.files import open_encounter, session_from_save
from fracas.app.rulesets import available
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.errors import FracasError
from fracas.sim.fight import MAX_ROUNDS, FightResult, fight
from fracas.sim.policy import Generic, Policy, tactics_for
from fracas.sim.stats import run_seed

Progress = Callable[[int], None]
"""Told how many more runs have finished, as they finish."""

CONNECT_TIMEOUT = "10s"
"""How long ``--cluster`` waits for the scheduler to answer."""

TACTICS = "tactics"
GENERIC = "generic"


@dataclass(frozen=True)
class Study:
    """What to simulate: the encounter file (or a stored encounter's name, with its ``save``),
    how many runs, the master seed, the policy."""

    encounter: str
    runs: int
    seed: int = 0
    policy: str = TACTICS
    max_rounds: int = MAX_ROUNDS
    text: str | None = None
    """The encounter file's contents, sent along to workers that cannot read the file."""
    save: str | None = None
    """A stored encounter's save (``Session.save()`` as JSON text), played from its current
    state instead of from a file; ``encounter`` then only names it."""
    mode: str = "engine"
    """``engine``, or ``study`` (``fracas.sim.study``: decide with ``study.mode.decide``)."""

    def chunks(self, size: int) -> Iterator[tuple[int, int]]:
        """(first run, number of runs) of each chunk of at most ``size`` runs."""
        for first in range(0, self.runs, size):
            yield first, min(size, self.runs - first)


def policy_named(name: str, ruleset: Ruleset) -> Policy:
    """The policy ``name`` stands for (see the module docstring). Raises FracasError when the
    name is none of those, or its factory cannot be called with the ruleset or returns
    something without a ``choose`` method."""
    if name == TACTICS:
        return tactics_for(ruleset)
    if name == GENERIC:
        return Generic(ruleset)
    module, _, attribute = name.partition(":")
    try:
        factory = getattr(importlib.import_module(module), attribute)
    except Exception as error:  # any failure of the user's module to import is told alike
        raise FracasError(
            f"policy {name!r}: not tactics, generic or an importable module:factory ({error})"
        ) from error
    if not callable(factory):
        raise FracasError(f"policy {name!r}: {attribute!r} is not a factory (it is not callable)")
    try:
        policy = factory(ruleset)
    except Exception as error:  # the user's factory: its failure, named, not a traceback
        raise FracasError(
            f"policy {name!r}: {attribute}(ruleset) failed: {type(error).__name__}: {error}"
        ) from error
    if not callable(getattr(policy, "choose", None)):
        raise FracasError(
            f"policy {name!r}: {attribute}(ruleset) gave {type(policy).__name__}, which is not a"
            " policy (it has no choose method)"
        )
    chosen: Policy = policy
    return chosen


@lru_cache(maxsize=8)
def loaded(
    encounter: str, text: str | None = None, save: str | None = None
) -> tuple[Ruleset, EncounterState]:
    """The ruleset and the state fights start from: an encounter file's set-up (combatants in,
    not started; ``text`` is the file's contents), or a stored encounter's state as it stands
    (``save``, its save as JSON text)."""
    if save is not None:
        session = session_from_save(json.loads(save))
    else:
        session = open_encounter(encounter, text=text)
    return session.encounter.ruleset, session.state


def dask_setup(worker: object) -> None:
    """What a Dask worker started with ``--preload fracas.sim.runner`` does as it starts: import
    the installed rulesets (~0.4 s), which its first study would otherwise wait for. A pool's
    workers need not: they are forked from a process that has loaded the encounter."""
    available()


def run_chunk(study: Study, first: int, count: int) -> list[FightResult]:
    """Runs ``first`` … ``first + count - 1`` of ``study``, in order (what a worker does)."""
    if study.mode == "study":
        from fracas.sim.study.mode import play_chunk

        return play_chunk(study, first, count)
    ruleset, setup = loaded(study.encounter, study.text, study.save)
    policy = policy_named(study.policy, ruleset)
    return [
        fight(ruleset, setup, policy, run_seed(study.seed, run), study.max_rounds)
        for run in range(first, first + count)
    ]


def chunk_size(runs: int, workers: int) -> int:
    """Chunks small enough to share the runs out evenly and report progress often."""
    return max(1, min(200, runs // (workers * 8) or 1))


def check(study: Study) -> None:
    """Raise FracasError if ``study`` cannot run: too few runs or rounds, a bad encounter file
    or policy. ``simulate`` checks first, so that this fails once, before any worker starts."""
    if study.runs < 1:
        raise FracasError(f"--runs must be at least 1, not {study.runs}")
    if study.max_rounds < 1:
        raise FracasError(f"--max-rounds must be at least 1, not {study.max_rounds}")
    ruleset, _ = loaded(study.encounter, study.text, study.save)
    policy_named(study.policy, ruleset)


def simulate(
    study: Study,
    workers: int | None = None,
    progress: Progress | None = None,
    cluster: str | None = None,
) -> list[FightResult]:
    """Every run of ``study``, in run order: on ``workers`` local processes (default: every
    core; 1 runs here, in this process), or on the Dask cluster at address ``cluster``."""
    check(study)
    if cluster is not None:
        return _on_cluster(study, cluster, progress)
    count = workers or os.cpu_count() or 1
    if count == 1:
        return _here(study, progress)
    size = chunk_size(study.runs, count)
    initializer, initargs = _sharing(study)
    with ProcessPoolExecutor(count, initializer=initializer, initargs=initargs) as pool:
        futures = {
            pool.submit(run_chunk, study, first, n): first for first, n in study.chunks(size)
        }
        try:
            return _gathered(futures, as_completed(futures), progress)
        except BaseException:  # a chunk failed (study mode met what it cannot play): no more
            pool.shutdown(cancel_futures=True)
            raise


def _sharing(study: Study) -> tuple[Callable[..., None] | None, tuple[Any, ...]]:
    """What starts each local worker: in study mode, being handed the plan built here."""
    if study.mode != "study":
        return None, ()
    from fracas.sim.study.mode import sharing

    return sharing(study)


def _here(study: Study, progress: Progress | None) -> list[FightResult]:
    results: list[FightResult] = []
    for first, count in study.chunks(chunk_size(study.runs, 1)):
        results += run_chunk(study, first, count)
        if progress is not None:
            progress(count)
    return results


def _gathered(
    futures: dict[Any, int], finished: Iterable[Any], progress: Progress | None
) -> list[FightResult]:
    """The chunks' results in run order (``futures`` maps each to its first run), reporting
    each chunk as ``finished`` yields it."""
    done: dict[int, list[FightResult]] = {}
    for future in finished:
        chunk: list[FightResult] = future.result()
        done[futures[future]] = chunk
        if progress is not None:
            progress(len(chunk))
    return [result for first in sorted(done) for result in done[first]]


def _on_cluster(study: Study, address: str, progress: Progress | None) -> list[FightResult]:
    """The runs on a Dask cluster (``pip install 'fracas[cluster]'``; every worker needs fracas
    and the rulesets the encounter uses). The encounter file's contents travel with the study,
    so workers need no copy of it (a file it includes must be at the same path on them); a
    stored encounter's save already travels with it."""
    if study.save is None:
        try:
            text = Path(study.encounter).read_text(encoding="utf-8")
        except OSError as error:
            raise FracasError(
                f"{study.encounter}: cannot read ({error.strerror or error})"
            ) from error
        study = replace(study, text=text)
    try:
        from distributed import Client
        from distributed import as_completed as cluster_completed
    except ImportError as error:
        raise FracasError(
            "--cluster needs Dask's distributed package: pip install 'fracas[cluster]'"
        ) from error
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except OSError as error:
        raise FracasError(f"--cluster {address}: cannot reach the scheduler ({error})") from error
    except (ValueError, TypeError) as error:  # Dask's word for an address it cannot parse
        raise FracasError(
            f"--cluster {address}: not a scheduler's address like tcp://host:8786 ({error})"
        ) from error
    with client:
        workers = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]
        size = chunk_size(study.runs, workers)
        # The study (the encounter's text or save) goes to each worker once, not with each chunk.
        sent = client.scatter(study, broadcast=True, hash=False)  # type: ignore[no-untyped-call]
        futures: dict[Any, int] = {}
        for first, count in study.chunks(size):
            futures[client.submit(run_chunk, sent, first, count, pure=False)] = first
        finished = cluster_completed(list(futures))  # type: ignore[no-untyped-call]
        return _gathered(futures, finished, progress)

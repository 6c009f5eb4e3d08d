"""Dask against the process pool on one machine: ``fracas sim --cluster`` on a LocalCluster of
two single-threaded workers vs ``--workers 2``, the same study, in one run (issue 20, target 5).

    .venv/bin/python benchmarks/cluster.py [RUNS] [MODE]

MODE is ``engine`` (the default) or ``study``. The cluster is started first (not timed) with
``fracas.sim.runner`` preloaded on its workers, as ``dask worker --preload fracas.sim.runner``
keeps them; its first study is timed on its own ("cold": each worker loads the encounter, and
in study mode builds the plan). Then the pool and the cluster take turns, ``ROUNDS`` times
each ("warm": a cluster's workers keep what they loaded from one study to the next; a pool's
processes are new each time). Every run's results must be the very same fights.

Before any of them this process checks the study once, untimed (``check``: it loads the
encounter, as every ``simulate`` does first and then keeps): otherwise the first study timed, the
cold one, paid alone for this process's imports and loading, which every later run, the pool's
included, found done (~0.5 s of a 4 s study at stop 24).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from distributed import LocalCluster
from machine import describe

from fracas.sim.fight import FightResult
from fracas.sim.runner import Study, check, simulate

ENCOUNTER = Path(__file__).parent / "encounters" / "momentum_4v4.yaml"
ROUNDS = 3
WORKERS = 2


def timed(study: Study, cluster: str | None) -> tuple[float, list[FightResult]]:
    """Wall-clock seconds of the study on the cluster (or the pool), and its results."""
    started = time.perf_counter()
    results = simulate(study, workers=WORKERS, cluster=cluster)
    return time.perf_counter() - started, results


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    mode = sys.argv[2] if len(sys.argv) > 2 else "engine"
    study = Study(str(ENCOUNTER), runs=runs, seed=0, mode=mode)
    print(describe())
    print(f"{ENCOUNTER.name}: {runs} fights, {mode} mode, {WORKERS} workers")
    check(study)  # this process's loading, untimed (see above)
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=WORKERS,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        preload=["fracas.sim.runner"],
    ) as cluster:
        address = cluster.scheduler_address
        cold, expected = timed(study, address)
        pool: list[float] = []
        warm: list[float] = []
        same = True
        for _ in range(ROUNDS):
            for cluster_address, times in ((None, pool), (address, warm)):
                seconds, results = timed(study, cluster_address)
                times.append(seconds)
                same = same and results == expected
    pooled = statistics.median(pool)
    print("| run | wall s (median) | / pool |")
    print("|---|---|---|")
    print(f"| --workers {WORKERS} (pool) | {pooled:.2f} | 1.00 |")
    clustered = statistics.median(warm)
    print(f"| --cluster, warm | {clustered:.2f} | {clustered / pooled:.2f} |")
    print(f"| --cluster, cold (first study) | {cold:.2f} | {cold / pooled:.2f} |")
    print(f"the same fights every run: {'yes' if same else 'NO'}")
    print(f"load average now: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

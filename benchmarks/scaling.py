"""Scaling: simulated fights per second on one and on two local processes, and the efficiency
of the two (target: 80 % or better).

    .venv/bin/python benchmarks/scaling.py [RUNS]

The same study (the momentum 4v4 fight, seed 0) is run with ``--workers 1`` (in this process)
and ``--workers 2`` (a pool of two processes, their start-up included); both must give the
same results. Efficiency = (rate on 2) / (2 x rate on 1), by the wall clock: it can only be
measured on a machine with two cores free.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from machine import describe

from fracas.sim.runner import Study, simulate

ENCOUNTER = Path(__file__).parent / "encounters" / "momentum_4v4.yaml"


def rate(study: Study, workers: int) -> tuple[float, list[object]]:
    start = time.perf_counter()
    results = simulate(study, workers=workers)
    return study.runs / (time.perf_counter() - start), list(results)


def main(runs: int) -> None:
    print(f"machine: {describe()}")
    study = Study(str(ENCOUNTER), runs=runs, seed=0)
    one, first = rate(study, 1)
    two, second = rate(study, 2)
    efficiency = two / (2 * one)
    print(
        f"{runs} fights: 1 process {one:,.1f} fights/s; 2 processes {two:,.1f} fights/s; "
        f"speed-up {two / one:.2f}x; efficiency {efficiency:.0%} "
        f"(target >= 80 %: {'met' if efficiency >= 0.8 else 'missed'}); "
        f"same results: {'yes' if first == second else 'NO'}; "
        f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)

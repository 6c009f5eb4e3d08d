"""Scaling: simulated fights per second on one and on two local processes, and the efficiency
of the two (target: 80 % or better).

    .venv/bin/python benchmarks/scaling.py [RUNS]

The same study (the momentum 4v4 fight, seed 0) is run with ``--workers 1`` (in this process)
and ``--workers 2`` (a pool of two processes, their start-up included); both must give the same
results. Efficiency = (rate on 2) / (2 x rate on 1) by the wall clock, which only means
something on a machine with two cores free. So the CPU seconds spent per fight are reported
too (this process and its workers): their ratio is the share of the work that is useful work
when it is spread over two processes, which other load on the machine does not change.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

from machine import describe

from fracas.sim.fight import FightResult
from fracas.sim.runner import Study, simulate

ENCOUNTER = Path(__file__).parent / "encounters" / "momentum_4v4.yaml"

ROUNDS = 3
"""How many times each count of workers is timed."""


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(study: Study, workers: int) -> tuple[float, float, list[FightResult]]:
    """Fights per wall-clock second, CPU seconds per fight, and the results."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    results = simulate(study, workers=workers)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    return study.runs / wall, cpu / study.runs, results


def main(runs: int) -> None:
    print(f"machine: {describe()}")
    study = Study(str(ENCOUNTER), runs=runs, seed=0)
    run(study, 1)
    timings: dict[int, list[tuple[float, float, list[FightResult]]]] = {1: [], 2: []}
    for _ in range(ROUNDS):
        for workers in (1, 2):
            timings[workers].append(run(study, workers))
    one, one_cpu, first = max(timings[1], key=lambda timing: timing[0])
    two, two_cpu, _ = max(timings[2], key=lambda timing: timing[0])
    same = all(results == first for timing in timings.values() for *_, results in timing)
    efficiency = two / (2 * one)
    print(
        f"{runs} fights: 1 process {one:,.1f} fights/s; 2 processes {two:,.1f} fights/s; "
        f"speed-up {two / one:.2f}x; efficiency {efficiency:.0%} "
        f"(target >= 80 %: {'met' if efficiency >= 0.8 else 'missed'}); "
        f"CPU per fight {one_cpu * 1000:.1f} ms on 1, {two_cpu * 1000:.1f} ms on 2 "
        f"(work efficiency {one_cpu / two_cpu:.0%}); "
        f"same results: {'yes' if same else 'NO'}; "
        f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)

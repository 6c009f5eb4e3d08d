"""The difficulty estimate of every demo encounter: how long it takes to know each side's odds
to ±5 %, against the budget of 10 s on a 2-core machine.

    .venv/bin/python benchmarks/estimate.py [WORKERS [RULESET …]]

For each ruleset's demo: the estimate played to precision without a budget (its fights, its
wall time on WORKERS processes, default 2, loading and study mode's set-up included, and how
much of it that set-up took), and, as the reference measured in the same run, the
demo's fights per CPU-second in this one process. Fights / (WORKERS x that rate) is the wall
time the estimate takes on WORKERS idle cores; the ratio of the measured wall time to it shows
the pool's overhead and the machine's other work (a shared machine makes it large).
"""

from __future__ import annotations

import sys

from machine import describe, timed

from fracas.app.rulesets import demo_of
from fracas.sim.estimate import estimate, study_of
from fracas.sim.runner import Study, run_chunk

DEMOS = ("dbu", "kaiser", "kingsdale", "lurasko", "momentum")
"""The slugs measured by default (others may be named after WORKERS)."""
BUDGET = 10.0
REFERENCE_FIGHTS = 40


def fights_per_cpu_second(path: str) -> float:
    """The demo's fights per CPU-second in this process (its set-up loaded first)."""
    run_chunk(Study(path, 1), 0, 1)
    cpu = timed(lambda: run_chunk(Study(path, REFERENCE_FIGHTS, seed=1), 0, REFERENCE_FIGHTS)).cpu
    return REFERENCE_FIGHTS / cpu


def main() -> None:
    workers = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    slugs = sys.argv[2:] or DEMOS
    print(f"machine: {describe()}")
    print(
        "| demo | mode | fights to ±5 % | stopped | wall s, "
        f"{workers} workers | of it set-up, s | fights/CPU-s, 1 process, engine "
        f"| idle {workers} cores, s | wall / idle | within 10 s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for slug in slugs:
        path = str(demo_of(slug))
        rate = fights_per_cpu_second(path)
        found = estimate(study_of(path), budget=600, workers=workers)
        idle = found.fights / (workers * rate)
        met = "yes" if found.seconds <= BUDGET else f"idle: {'yes' if idle <= BUDGET else 'no'}"
        print(
            f"| {slug} | {found.mode} | {found.fights} | {found.stopped} | {found.seconds:.1f} "
            f"| {found.setup_seconds:.1f} | {rate:.0f} "
            f"| {idle:.1f} | {found.seconds / idle:.2f}x | {met} |"
        )
    print(f"machine after: {describe()}")


if __name__ == "__main__":
    main()

"""What the benchmarks ran on, printed at the top of each run, and a timer."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


def describe() -> str:
    """CPU model, cores, Python, and the load average (other work on the machine)."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{model}; {os.cpu_count()} cores; Python {platform.python_version()} "
        f"({platform.python_implementation()}); load average {load}"
    )


def build() -> str:
    """Where fracas is imported from, and how many of its modules are compiled (mypyc)."""
    import fracas

    root = Path(fracas.__file__).parent
    compiled = [*root.rglob("*.so"), *root.rglob("*.pyd")]
    kind = f"{len(compiled)} modules compiled by mypyc" if compiled else "pure Python"
    return f"fracas from {root} ({kind})"


@dataclass(frozen=True)
class Timing:
    """Wall-clock and CPU seconds of one piece of work. On a machine shared with other work,
    CPU seconds (this process's own) are the fairer measure of work done per core."""

    wall: float
    cpu: float


def timed(work: Callable[[], object]) -> Timing:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


def seconds(work: Callable[[], object], repeats: int = 5) -> Timing:
    """The median wall and CPU times of ``work`` over ``repeats`` runs."""
    times = [timed(work) for _ in range(repeats)]
    return Timing(statistics.median(t.wall for t in times), statistics.median(t.cpu for t in times))

"""How much slower a command runs after a pause: the same ``attack raptor1`` in memory
(``Session.run``, as ``command_path.py``), timed right after the previous one and after pauses
of 0.1 to 200 ms (issue 20, target 4).

    .venv/bin/python benchmarks/cold.py [ATTACKS]

Each pause is spent two ways: asleep, and spinning on the clock (the same core kept busy with a
loop that touches none of the command's code or data). Where both come out alike, what slows
the command is the time away from its code and data, not what ran meanwhile: the caches, the
translation buffers and the branch predictors it warmed have been taken by other work on the
machine (on a virtual machine, other guests' too). A game master's commands come seconds apart,
so each pays the slow figure; ``command_path.py`` takes turns between its layers for the same
reason.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from command_path import ATTACK, fight
from machine import describe

PAUSES_MS = (0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 50.0, 200.0)


def spin(seconds: float) -> None:
    """Keep this core busy for ``seconds`` without touching the command's memory."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


def median_attack(pause: Callable[[float], None], seconds: float, count: int) -> float:
    """The median time of ``count`` attacks (ms), each after ``pause(seconds)``; an undo after
    each."""
    session = fight()
    for _ in range(20):  # warm-up: the first calls fill the tables kept along the way
        session.run(ATTACK)
        session.run("undo")
    times = []
    for _ in range(count):
        pause(seconds)
        started = time.perf_counter()
        session.run(ATTACK)
        times.append(time.perf_counter() - started)
        session.run("undo")
    return 1000 * sorted(times)[len(times) // 2]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(describe())
    print(f"{ATTACK!r} in memory, {count} times after each pause; median ms")
    print("| pause ms | asleep | spinning |")
    print("|---:|---:|---:|")
    for pause_ms in PAUSES_MS:
        asleep = median_attack(time.sleep, pause_ms / 1000, count)
        spinning = median_attack(spin, pause_ms / 1000, count)
        print(f"| {pause_ms:g} | {asleep:.3f} | {spinning:.3f} |")


if __name__ == "__main__":
    main()

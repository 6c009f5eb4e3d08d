"""Exact odds counted in machine instructions: the Thorn Lash queries of ``odds_speed.py``
(1d6, 4d6 and 8d6 by totals) under valgrind's callgrind, which counts the instructions the
process runs whatever else the machine does. On a machine shared with other work, CPU times
move by a third between runs; these counts move by ~0.5 %, so they tell one change from the
next (issue 20, target 2). They are not times: read them as ratios.

    .venv/bin/python benchmarks/odds_instructions.py [SRC]

Needs ``valgrind`` (Debian's package). Each query is run in its own process, first twice
uncounted (start-up, the cold query that works out the rolls' results), then QUERIES times
counted: counting is switched on and off around them with ``callgrind_control``. Python's hash
seed is fixed (``PYTHONHASHSEED=0``), so every count sees the same set and dict orders. ``SRC``
(default: the installed fracas) is put first on PYTHONPATH, to count another checkout's code.
"""

from __future__ import annotations

import os
import sys

from callgrind import counting, this_script
from machine import describe

QUERIES = {1: 6, 4: 3, 8: 2}
"""Thorn Lash as Nd6: how many queries are counted (their instructions are divided by it)."""


def counted(dice: int, queries: int, src: str | None) -> float:
    """Instructions per query of Thorn Lash as ``dice``d6, counted by callgrind."""
    return this_script(__file__, ["--inside", str(dice), str(queries)], queries, src)


def inside(dice: int, queries: int) -> None:
    """Run under callgrind: the queries, counted and nothing else."""
    from odds_speed import THORN_LASH, thorn_lash

    from fracas.sim.odds import exact_odds
    from fracas.sim.scenario import ready

    session = thorn_lash(dice)
    action = ready(session, THORN_LASH)
    for _ in range(2):
        exact_odds(session.encounter, action)
    counting(os.getpid(), True)
    for _ in range(queries):
        exact_odds(session.encounter, action)
    counting(os.getpid(), False)


def main() -> None:
    if sys.argv[1:2] == ["--inside"]:
        inside(int(sys.argv[2]), int(sys.argv[3]))
        return
    src = sys.argv[1] if len(sys.argv) > 1 else None
    print(f"machine: {describe()}; fracas from {src or 'the installed package'}")
    counts = {dice: counted(dice, queries, src) for dice, queries in QUERIES.items()}
    print("| Thorn Lash | instructions per query | / 1d6 |")
    print("|---|---|---|")
    for dice, count in counts.items():
        print(f"| {dice}d6 | {count / 1e6:.1f} M | {count / counts[1]:.2f}x |")


if __name__ == "__main__":
    main()

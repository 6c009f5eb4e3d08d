"""Issue 20 target 2 by CPU time: the 8d6 Thorn Lash query against the 1d6 one, interleaved.

    .venv/bin/python benchmarks/odds_ratio.py [ROUNDS [QUERIES]]

A 1d6 query takes a millisecond or two, so timing seven of them, then seven 8d6 ones
(``odds_speed.py``), lets a burst of other work on a shared machine land on one side only: two
runs read 5.6x and 4.6x. Here the two queries alternate one by one (1d6, 8d6, 1d6, …), QUERIES
of each a round (default 20), over ROUNDS rounds (default 30): each round's ratio is the median
CPU time of its 8d6 queries over that of its 1d6 ones, both taken over the same stretch of time
(a median, so that a burst of the machine's other work inside one query moves it little).
Printed: each query's median CPU time over the run and their ratio (the figure), the rounds'
ratios, median, quartiles and extremes (the spread to read before trusting it), and the ratio
of all the time summed (bursts included). Both queries are run twice first (start-up, the
rolls' results worked out), and the 1d6 one checked to give the fractions it gives by faces.
"""

from __future__ import annotations

import statistics
import sys
import time

from machine import describe
from odds_speed import THORN_LASH, thorn_lash

from fracas.sim.odds import exact_odds
from fracas.sim.scenario import ready

ROUNDS = 30
QUERIES = 20


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    queries = int(sys.argv[2]) if len(sys.argv) > 2 else QUERIES
    print(f"machine: {describe()}")
    small, big = thorn_lash(1), thorn_lash(8)
    small_action, big_action = ready(small, THORN_LASH), ready(big, THORN_LASH)

    def one() -> int:
        return exact_odds(small.encounter, small_action).resolutions

    def eight() -> int:
        return exact_odds(big.encounter, big_action).resolutions

    for _ in range(2):
        resolutions = one(), eight()
    by_faces = exact_odds(small.encounter, small_action, by_totals=False)
    found = exact_odds(small.encounter, small_action)
    assert (found.outcomes, found.damage) == (by_faces.outcomes, by_faces.damage)
    times: tuple[list[float], list[float]] = ([], [])
    ratios: list[float] = []
    for _ in range(rounds):
        spent: tuple[list[float], list[float]] = ([], [])
        for _ in range(queries):
            for side, query in enumerate((one, eight)):
                start = time.process_time()
                query()
                spent[side].append(time.process_time() - start)
        ratios.append(statistics.median(spent[1]) / statistics.median(spent[0]))
        for side, took in enumerate(spent):
            times[side].extend(took)
    ms = [statistics.median(side) * 1000 for side in times]
    quartiles = statistics.quantiles(ratios, n=4)
    print(
        f"Thorn Lash, {rounds} rounds of {queries} queries each, alternating: "
        f"1d6 {ms[0]:.2f} ms ({resolutions[0]} resolutions), "
        f"8d6 {ms[1]:.2f} ms ({resolutions[1]} resolutions), medians of CPU time"
    )
    print(
        f"8d6 / 1d6: {ms[1] / ms[0]:.2f}x (the medians); each round's medians: median "
        f"{statistics.median(ratios):.2f}x, quartiles {quartiles[0]:.2f}x to {quartiles[2]:.2f}x, "
        f"extremes {min(ratios):.2f}x to {max(ratios):.2f}x; all the time summed "
        f"{sum(times[1]) / sum(times[0]):.2f}x (target: within 5x)"
    )
    print(f"machine after: {describe()}")


if __name__ == "__main__":
    main()

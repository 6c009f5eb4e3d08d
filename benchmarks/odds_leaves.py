"""Where the time of an exact-odds query goes, by kind of resolution: why 8d6 Thorn Lash costs
more than 5x the 1d6 one although it takes only ~5x the resolutions (issue 20, target 2).

    .venv/bin/python benchmarks/odds_leaves.py [QUERIES]

The Druid's Thorn Lash as 1d6 and as 8d6 against Raptor 3 (``odds_speed.py``'s query), each
query run QUERIES times (default 30), alternating. Every resolution of the exchange
(``fracas.sim.odds._resolve``, wrapped here with a CPU timer) is counted by the draws it was
handed and by whether it stopped at a roll: none (it stops at the d20), one and finished (a
miss), one and stopped (a hit stopping at the damage roll), two (the d20 and the damage total:
a hit, resolved to the end). Since the d20 is handed out undecided (``fracas.dice.undecided``),
a kind is only its count of draws: "stops" also hold the resolutions that split an undecided
roll, and the d20's draw is a group of faces (a miss, a hit). The rest of the query (the
leaves' damage and outcome, the bookkeeping) is "outside". Medians of CPU time; the split shows
what the ratio is made of: the hit leaves (12 against 82), each a whole resolution of the attack.

The last line says what 5x would take: the cost of a hit leaf, its share of the bookkeeping
included ("all in"), at which the 8d6 query would be 5x the 1d6 one, the rest of each query
(the resolutions that stop or miss, their bookkeeping, the set-up) as measured, and an 8d6 hit
leaf dearer than a 1d6 one by as much as now. Since the attack roll is a stage
(``fracas.dice.staged``), a hit leaf no longer runs the rules before the damage roll; what it
still runs again for every total is the engine's step around them (verifying from its cache,
paying the cost, folding the events, the follow-ups), the damage part and the bookkeeping.
"""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from machine import describe
from odds_speed import THORN_LASH, thorn_lash

from fracas.dice import DiceNeeded
from fracas.sim.odds import exact_odds
from fracas.sim.scenario import ready

odds_module: Any = importlib.import_module("fracas.sim.odds")  # the name is also a function's
Kind = tuple[int, bool]
"""A resolution's draws handed out, and whether it stopped at a roll."""
Spent = dict[Kind, list[float]]
KINDS: tuple[tuple[Kind, str], ...] = (
    ((0, True), "stops at the d20"),
    ((1, False), "misses"),
    ((1, True), "stops at the damage roll"),
    ((2, False), "hit leaves"),
)


def _timing(spent: Spent) -> Callable[..., Any]:
    """``_resolve``, adding each call's CPU seconds to ``spent`` under its kind."""
    resolve = odds_module._resolve

    def timed(trial: Any, base: Any, actions: Any, dice: Any, answering: Any) -> Any:
        draws, stopped = len(dice._draws), True
        start = time.process_time()
        try:
            found = resolve(trial, base, actions, dice, answering)
            stopped = False
            return found
        except DiceNeeded:
            raise
        finally:
            spent[draws, stopped].append(time.process_time() - start)

    return timed


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"machine: {describe()}")
    spent: Spent = defaultdict(list)
    odds_module._resolve = _timing(spent)
    queries = {}
    for dice in (1, 8):
        session = thorn_lash(dice)
        queries[dice] = (session.encounter, ready(session, THORN_LASH))
        exact_odds(*queries[dice])  # cold: works out the rolls' results
    query_times: dict[int, list[float]] = defaultdict(list)
    kinds: dict[int, dict[Kind, list[tuple[int, float]]]] = {d: defaultdict(list) for d in queries}
    for _ in range(rounds):
        for dice, (encounter, action) in queries.items():
            spent.clear()
            start = time.process_time()
            exact_odds(encounter, action)
            query_times[dice].append(time.process_time() - start)
            for kind, calls in spent.items():
                kinds[dice][kind].append((len(calls), sum(calls)))
    print(f"| Thorn Lash | query | {' | '.join(name for _, name in KINDS)} | outside |")
    print(f"|---|---|{'---|' * len(KINDS)}---|")
    all_in: dict[int, float] = {}
    rest: dict[int, float] = {}
    for dice in queries:
        query = statistics.median(query_times[dice]) * 1000
        cells = {
            kind: (
                kinds[dice][kind][0][0],
                statistics.median(t for _, t in kinds[dice][kind]) * 1000,
            )
            for kind, _ in KINDS
        }
        inside = sum(ms for _, ms in cells.values())
        shown = " | ".join(
            f"{n} x {ms / n * 1000:.0f} µs = {ms:.2f} ms" for n, ms in cells.values()
        )
        print(f"| {dice}d6 | {query:.2f} ms | {shown} | {query - inside:.2f} ms |")
        hits, hits_ms = cells[2, False]
        leaves = hits + cells[1, False][0]
        hits_ms += (query - inside) * hits / leaves
        all_in[dice] = hits_ms / hits
        rest[dice] = query - hits_ms
    ratio = statistics.median(query_times[8]) / statistics.median(query_times[1])
    print(f"8d6 / 1d6: {ratio:.2f}x; machine after: {describe()}")
    dearer = all_in[8] / all_in[1]
    leaves_of = {dice: kinds[dice][2, False][0][0] for dice in queries}
    needed = (5 * rest[1] - rest[8]) / (leaves_of[8] * dearer - 5 * leaves_of[1])
    print(
        f"hit leaves all in: 1d6 {all_in[1] * 1000:.0f} µs, 8d6 {all_in[8] * 1000:.0f} µs; "
        f"the rest: 1d6 {rest[1]:.2f} ms, 8d6 {rest[8]:.2f} ms; within 5x needs hit leaves "
        f"at <= {needed * 1000:.0f} µs (1d6) and {needed * dearer * 1000:.0f} µs (8d6) all in"
    )


if __name__ == "__main__":
    main()

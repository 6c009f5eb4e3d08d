"""Engine overhead: simulated fights per second on one core, for every registered ruleset, and
the ratio to a bare hand-written loop of the same fight with the same dice.

    .venv/bin/python benchmarks/engine_overhead.py [FIGHTS]

A ruleset's fight is ``benchmarks/encounters/<slug>_4v4.yaml`` when there is one, else its demo
encounter; it is played by the ruleset's built-in tactics (the generic policy when it has none).
A ruleset's bare loop is ``benchmarks/bare_<slug>.py``: its ``reference(ruleset, setup)`` gives
``play(seed) -> (winning side or None, rounds)``, and the benchmark counts the fights in which it
agrees with the engine. Targets: the engine within 3x of the bare loop; at least 1,000 momentum
fights per second.

With ``PYTHONPATH=build/compiled`` it runs the mypyc build (``python3 dev.py compile``); the bare
loop's check then shows that the compiled code plays the same fights as the pure one.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path

from machine import Timing, build, describe, timed

from fracas.app.rulesets import demo_path
from fracas.engine import registry
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.sim.fight import FightResult, fight
from fracas.sim.policy import tactics_for
from fracas.sim.runner import loaded

HERE = Path(__file__).parent


def encounter_of(ruleset: type[Ruleset]) -> Path | None:
    own = HERE / "encounters" / f"{ruleset.descriptor.slug}_4v4.yaml"
    return own if own.exists() else demo_path(ruleset)


Outcomes = list[tuple[str | None, int]]


def engine_rate(path: Path, count: int) -> tuple[Timing, Outcomes]:
    """Seconds per fight through the engine, and each fight's (winner, rounds)."""
    ruleset, setup = loaded(str(path))
    policy = tactics_for(ruleset)
    results: list[FightResult] = []
    took = timed(lambda: results.extend(fight(ruleset, setup, policy, s) for s in range(count)))
    return per(took, count), [(r.winner, r.rounds) for r in results]


Reference = Callable[[Ruleset, EncounterState], Callable[[int], tuple[str | None, int]]]


def bare_loop(slug: str) -> Reference | None:
    """The ruleset's bare loop (``bare_<slug>.py``), None when it has none."""
    if not (HERE / f"bare_{slug}.py").exists():
        return None
    reference: Reference = importlib.import_module(f"bare_{slug}").reference
    return reference


def bare_rate(path: Path, reference: Reference, count: int) -> tuple[Timing, Outcomes]:
    """Seconds per fight of the bare loop, and each fight's (winner, rounds)."""
    ruleset, setup = loaded(str(path))
    play = reference(ruleset, setup)
    results: Outcomes = []
    took = timed(lambda: results.extend(play(seed) for seed in range(count)))
    return per(took, count), results


def per(took: Timing, count: int) -> Timing:
    return Timing(took.wall / count, took.cpu / count)


def main(count: int) -> None:
    print(f"machine: {describe()}")
    print(build())
    print(f"fights per ruleset: {count}, seeds 0..{count - 1}, one process")
    for kind in registry.rulesets():
        path = encounter_of(kind)
        if path is None:
            print(f"{kind.descriptor.slug}: no demo or benchmark encounter; skipped")
            continue
        engine, outcomes = engine_rate(path, count)
        rate = 1 / engine.cpu
        rounds = sum(r for _, r in outcomes) / len(outcomes)
        line = (
            f"{kind.descriptor.slug} ({path.name}): engine {rate:,.0f} fights per CPU-second "
            f"(wall: {1 / engine.wall:,.0f}/s), {rounds:.1f} rounds a fight"
        )
        reference = bare_loop(kind.descriptor.slug)
        if reference is None:
            line += "; no bare loop"
        else:
            bare, bare_outcomes = bare_rate(path, reference, count * 10)
            ratio = engine.cpu / bare.cpu
            same = sum(a == b for a, b in zip(outcomes, bare_outcomes[:count], strict=True))
            line += (
                f"; bare loop {1 / bare.cpu:,.0f} fights per CPU-second; engine/bare time "
                f"ratio {ratio:,.1f}x (target <= 3x: {'met' if ratio <= 3 else 'missed'}); "
                f"same winner and rounds as the engine in {same}/{count} fights"
            )
        if kind.descriptor.slug == "momentum":
            line += f"; target >= 1,000 fights/s/core: {'met' if rate >= 1000 else 'missed'}"
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)

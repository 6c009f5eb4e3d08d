"""The floor under the engine's speed: what the design's own bookkeeping costs, with no rule run.

    .venv/bin/python benchmarks/floor.py [FIGHTS]

DESIGN.md asks that every change of state be an event (frozen, carrying its dice and its
account), applied through the one reducer to an immutable state, so that undo is a snapshot.
This script measures, on the same momentum 4v4 fights and in the same run:

* **engine**: the fights as ``fracas sim`` plays them (policy, rules, dice, reducer, clock);
* **replay**: the same fights' events folded into the state again by ``Encounter.replay``: the
  reducer and the snapshots alone, with no policy, no rule, no die rolled;
* **events**: the same events built again (each event's constructor with its fields), and
  nothing else: not even applied;
* **dice**: the same rolls made again with their result trees (every die's face, which each
  event carries), and nothing else;
* **bare loop**: the same fights as lists of ints (``bare_momentum.py``).

Each is measured apart, so their sum says what the three cost on their own, not what the engine
would gain without them nor what binds it: made free inside the fight one at a time, none gains
much, and what binds is the general rules and the clock run step by step (docs/performance.md,
"The floor under the engine", corrected by issue 20).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields, replace
from pathlib import Path

from bare_momentum import bare_fight, fighters
from machine import describe, seconds

from fracas.dice import RollResult, SeededDice, parse, roll
from fracas.engine.encounter import Encounter, Step
from fracas.engine.events import Event
from fracas.engine.state import EncounterState
from fracas.rules.momentum.ruleset import Momentum
from fracas.sim.fight import fight
from fracas.sim.policy import Policy, tactics_for
from fracas.sim.runner import loaded

ENCOUNTER = Path(__file__).parent / "encounters" / "momentum_4v4.yaml"


@dataclass(frozen=True)
class Played:
    """One fight's seed and its steps, as the engine played them."""

    seed: int
    steps: tuple[Step, ...]

    @property
    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step.events]


def main(count: int) -> None:
    print(f"machine: {describe()}")
    ruleset, setup = loaded(str(ENCOUNTER))
    assert isinstance(ruleset, Momentum)
    policy = tactics_for(ruleset)
    played = [_played(ruleset, setup, policy, seed) for seed in range(count)]
    events = [event for fight_ in played for event in fight_.events]
    builds = [(type(e), {f.name: getattr(e, f.name) for f in fields(e)}) for e in events]
    bare_fighters, turns = fighters(ruleset, setup)

    def engine() -> None:
        for seed in range(count):
            fight(ruleset, setup, policy, seed)

    def replay() -> None:
        for fight_ in played:
            encounter = Encounter(ruleset, fight_.seed)
            encounter.state = replace(setup, rng=(fight_.seed, 0))
            encounter.replay(fight_.steps)

    def build() -> None:
        for kind, values in builds:
            kind(**values)

    rolls = [parse(r.expression) for e in events for r in _rolls(e)]

    def dice() -> None:
        source = SeededDice(0)
        for expression in rolls:
            roll(expression, source)

    def bare() -> None:
        for seed in range(count):
            bare_fight(bare_fighters, turns, seed)

    works = {"engine": engine, "replay": replay, "events": build, "dice": dice, "bare": bare}
    per_fight = {name: seconds(work).cpu / count for name, work in works.items()}
    steps = sum(len(f.steps) for f in played) / count
    print(
        f"momentum 4v4, {count} fights, each: {steps:.0f} steps, {len(events) / count:.0f} "
        f"events, {len(rolls) / count:.0f} rolls"
    )
    for name, took in per_fight.items():
        print(
            f"{name:>7}: {took * 1000:7.3f} ms a fight, {1 / took:8,.0f} fights per CPU-second, "
            f"{took / per_fight['bare']:6.1f}x the bare loop"
        )
    floor = per_fight["replay"] + per_fight["events"] + per_fight["dice"]
    print(
        f"the dice, events and folding alone allow at most {1 / floor:,.0f} fights per "
        f"CPU-second (target 1,000: {'within reach' if floor < 1e-3 else 'out of reach'}) "
        f"and take {floor / per_fight['bare']:.1f}x the bare loop "
        f"(target 3x: {'within reach' if floor < 3 * per_fight['bare'] else 'out of reach'})"
    )
    each = 1e6 * count
    print(
        f"each: {per_fight['events'] * each / len(events):.2f} us to build an event, "
        f"{per_fight['replay'] * each / len(events):.2f} us to fold one, "
        f"{per_fight['dice'] * each / len(rolls):.2f} us a roll"
    )


def _rolls(event: Event) -> list[RollResult]:
    """The rolls an event carries in its fields."""
    values = [getattr(event, f.name) for f in fields(event)]
    return [v for v in values if isinstance(v, RollResult)]


def _played(ruleset: Momentum, setup: EncounterState, policy: Policy, seed: int) -> Played:
    log: list[Step] = []
    fight(ruleset, setup, policy, seed, log=log)
    return Played(seed, tuple(log))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)

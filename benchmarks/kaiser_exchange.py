"""Kaiser's study mode split at the Exchange: what a table of the Exchange would save (issue 21).

    .venv/bin/python benchmarks/kaiser_exchange.py [FIGHTS]

Kaiser's attack rule exposes its Offensive Roll, the target's Defensive Roll and the Exchange of
their totals (``AttackRule.offensive_roll``, ``defensive_roll``, ``exchange``; a power's,
``UseRule``'s of the same names). Study mode could roll the two open rolls with the fight's dice
and read the Exchange from a table keyed on all it reads. On the
benchmark's kaiser 4v4, in one run and one process (CPU seconds of this process), this prints:

* the engine's and study mode's fights per CPU-second (study mode as it is: its fights are the
  engine's, seed for seed);
* the share of study mode's CPU spent in the rolls and in the Exchange (the most any table of
  the Exchange could save), timed per call;
* how many Exchanges the fights make and how many of their inputs (the action, the two totals,
  the defence's events, both fighters' state) were met before: the hits an exact table would get;
* study mode with such a table of the weapon attacks' Exchange, filled lazily from the rules'
  own ``exchange`` (one that asks for a die, a Critical's, is rolled instead), its fights still
  the engine's.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

from machine import describe, timed

from fracas.dice import DiceNeeded, DiceSource, LoadedDice
from fracas.engine.events import Event
from fracas.engine.ruleset import Cost
from fracas.engine.state import EncounterState
from fracas.rules.kaiser import actions
from fracas.rules.kaiser.attack import AttackRule
from fracas.rules.kaiser.mass import Acted
from fracas.rules.kaiser.power_rules import PowerRule
from fracas.rules.kaiser.queries import acting
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.use import UseRule
from fracas.sim.fight import MAX_ROUNDS, FightResult, fight
from fracas.sim.policy import tactics_for
from fracas.sim.runner import loaded
from fracas.sim.stats import run_seed
from fracas.sim.study import kaiser
from fracas.sim.study.rests import rest_of

ENCOUNTER = str(Path(__file__).parent / "encounters" / "kaiser_4v4.yaml")
ROLLS: tuple[tuple[type, str], ...] = (
    (AttackRule, "offensive_roll"),
    (AttackRule, "defensive_roll"),
    (PowerRule, "offensive_roll"),
    (UseRule, "defensive_roll"),
)
EXCHANGES: tuple[tuple[type, str], ...] = ((AttackRule, "exchange"), (UseRule, "exchange"))


class Clock:
    """CPU seconds spent inside the methods it wraps, and the inputs their calls met."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self.met: set[Hashable] = set()
        self.repeats = 0

    def wrap(self, owner: type, name: str, keyed: bool) -> None:
        inner: Callable[..., Any] = getattr(owner, name)

        def timed_call(rule: object, *arguments: Any, **named: Any) -> Any:
            if keyed:  # an Exchange: (state, ..., dice)
                key = _key(arguments[0], arguments[1:])
                self.repeats += key in self.met
                self.met.add(key)
            start = time.process_time()
            try:
                return inner(rule, *arguments, **named)
            finally:
                self.seconds += time.process_time() - start
                self.calls += 1

        setattr(owner, name, timed_call)


def _key(state: EncounterState, rest: Sequence[Any]) -> Hashable:
    """An Exchange's inputs: its arguments but the dice (the last) and every fighter's state."""
    now = state.clock.round
    fighters = tuple(rest_of(c, now, ()) for c in state)
    return (*(_hashable(a) for a in rest[:-1]), fighters)


def _hashable(value: object) -> Hashable:
    """``value``, or its text when it holds a mapping (a power's sheet)."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


class TabledExchange:
    """The weapon attack, its Exchange read from a table keyed on its inputs (the two fighters'
    state, the action, the two totals, the defence's events), filled from the rules'
    ``exchange`` (the 4v4 has no barriers: nothing else of the state is read)."""

    def __init__(self, rule: AttackRule) -> None:
        self.rule = rule
        self.known: dict[Hashable, tuple[Event, ...]] = {}
        self.exchanges = 0

    def cost(self, state: EncounterState, action: actions.Attack) -> Cost:
        return self.rule.cost(state, action)

    def verify(self, state: EncounterState, action: actions.Attack) -> None:
        self.rule.verify(state, action)

    def resolve(
        self, state: EncounterState, action: actions.Attack, dice: DiceSource
    ) -> Sequence[Event]:
        rule = self.rule
        self.exchanges += 1
        offence = rule.offensive_roll(state, action, dice)
        defended = rule.defensive_roll(state, action, dice)
        now = state.clock.round
        two = (rest_of(state[acting(action)], now, ()), rest_of(state[action.target], now, ()))
        key = (action, offence.roll.total, defended, two)
        found = self.known.get(key)
        if found is None:
            try:
                found = tuple(rule.exchange(state, action, offence.roll.total, defended, NONE))
            except DiceNeeded:
                rolled = rule.exchange(state, action, offence.roll.total, defended, dice)
                return [offence, *defended.events, *rolled]
            self.known[key] = found
        return [offence, *defended.events, *found]


NONE = LoadedDice(())


def rate(play: Callable[[int], FightResult], fights: int) -> tuple[float, list[FightResult]]:
    results: list[FightResult] = []
    cpu = timed(lambda: results.extend(play(run_seed(1, n)) for n in range(fights))).cpu
    return fights / cpu, results


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(describe())
    ruleset, setup = loaded(ENCOUNTER)
    assert isinstance(ruleset, Kaiser)
    tactics = tactics_for(ruleset)
    engine, by_engine = rate(lambda seed: fight(ruleset, setup, tactics, seed), fights)
    plan = kaiser.plan(ruleset, setup)
    plan.play(run_seed(2, 0), MAX_ROUNDS)  # the first round's Intention phases are known
    study, by_study = rate(lambda seed: plan.play(seed, MAX_ROUNDS), fights)
    assert by_study == by_engine
    ratio = study / engine
    print(f"{fights} fights; engine {engine:.0f} fights/CPU-s; study {study:.0f} ({ratio:.2f}x)")
    rolls, exchanges = Clock(), Clock()
    for owner, name in ROLLS:
        rolls.wrap(owner, name, keyed=False)
    for owner, name in EXCHANGES:
        exchanges.wrap(owner, name, keyed=True)
    total = timed(lambda: [plan.play(run_seed(3, n), MAX_ROUNDS) for n in range(fights)]).cpu
    for clock, what in ((rolls, "rolls"), (exchanges, "Exchanges")):
        print(
            f"{what}: {clock.calls / fights:.1f} a fight, {clock.seconds / total:.0%} of study"
            f" mode's CPU ({1e6 * clock.seconds / clock.calls:.0f} us each)"
        )
    share, both = exchanges.seconds / total, (exchanges.seconds + rolls.seconds) / total
    print(
        f"Exchange inputs met before: {exchanges.repeats} of {exchanges.calls}"
        f" ({exchanges.repeats / exchanges.calls:.1%}); with every Exchange free, study mode"
        f" would be at most {1 / (1 - share):.2f}x faster; with the rolls free too,"
        f" {1 / (1 - both):.2f}x"
    )
    for (owner, name), inner in zip((*ROLLS, *EXCHANGES), ORIGINAL, strict=True):
        setattr(owner, name, inner)
    ruleset = Kaiser(ruleset.rules)  # its own Attack rule, the table's
    tabled = TabledExchange(AttackRule(ruleset.rules))
    plan = kaiser.plan(ruleset, setup)
    ruleset._rules[actions.Attack] = Acted(tabled)
    with_table, by_table = rate(lambda seed: plan.play(seed, MAX_ROUNDS), fights)
    assert by_table == by_engine
    print(
        f"study with a table of the weapons' Exchange: {with_table:.0f} fights/CPU-s"
        f" ({with_table / engine:.2f}x the engine), {len(tabled.known)} entries filled for"
        f" {tabled.exchanges} Exchanges"
    )


ORIGINAL = tuple(getattr(owner, name) for owner, name in (*ROLLS, *EXCHANGES))


if __name__ == "__main__":
    main()

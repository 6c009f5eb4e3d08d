"""Lur-Asko's study mode: tables filled lazily from the rules, keyed on what an attack reads,
and fights that agree with the engine's in statistics (issue 21)."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from fractions import Fraction
from multiprocessing import get_context
from pathlib import Path

import pytest

from fracas.dice import DiceSource
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, MarkSet
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.damage import Defences, Portion, resolve_damage
from fracas.rules.lurasko.ruleset import Lurasko
from fracas.rules.lurasko.vocabulary import DamageKind, InjuryType
from fracas.sim.odds import leaves
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.study import lurasko
from fracas.sim.study.lurasko_tables import CORE, KINDS, Hit, Tables
from fracas.sim.study.mode import ENGINE, STUDY, decide, plans_built, play_chunk, sharing
from fracas.sim.study.table import Unmirrorable
from fracas.sim.study.validate import compare

BENCHMARKS = Path(__file__).parents[2] / "benchmarks" / "encounters"
LURASKO = str(BENCHMARKS / "lurasko_4v4.yaml")
MOMENTUM = str(BENCHMARKS / "momentum_4v4.yaml")


def _tables() -> Tables:
    ruleset, setup = loaded(LURASKO)
    return lurasko.plan(ruleset, setup).tables


Key = tuple[int, int, int, int, int]


def _key(tables: Tables, attacker: str, target: str, mobility: int = 0) -> Key:
    """(attacker, target, hindrance, their rests) as the fight starts, the target with
    ``mobility`` degrees."""
    a, t = tables.ids.index(attacker), tables.ids.index(target)
    mine, theirs = (tables.rest(i, tables.started[tables.ids[i]]) for i in (a, t))
    return (a, t, tables.hindrance(a, t, 0, mobility), mine, theirs)


def _chances(tables: Tables, key: Key, mobility: int = 0) -> dict[object, float]:
    degrees = ([0] * len(KINDS), [0] * len(KINDS))
    degrees[1][KINDS.index(InjuryType.MOBILITY)] = mobility
    table = tables.attack(key, degrees)
    previous, found = 0.0, dict[object, float]()
    for outcome, reached in zip(table.outcomes, table.cumulative, strict=True):
        found[outcome] = reached - previous
        previous = reached
    return found


def test_lurasko_4v4_plays_in_study_mode_and_agrees_with_the_engine() -> None:
    study = Study(LURASKO, runs=200, seed=3)
    decision = decide(study, "auto")
    assert decision.mode == STUDY
    assert "filled from the rules as the fights need them" in decision.why
    engine = simulate(replace(study, mode=ENGINE), workers=1)
    fast = simulate(replace(study, mode=STUDY, runs=2000), workers=1)
    found = compare(engine, fast, loaded(LURASKO)[1], encounter="4v4", seed=3, why="")
    assert [f.figure for f in found.figures] == [
        "party win rate",
        "rebels win rate",
        "rounds",
        "party damage dealt",
        "rebels damage dealt",
    ]
    assert found.agrees, found.figures


@pytest.mark.parametrize(
    ("attacker", "target", "stopped"),
    [
        ("legionary", "construct", False),  # melee: the aura strikes back
        ("arcanist", "gunner", False),  # heat 20+1d10: ignites
        ("gunner", "arcanist", True),  # shielding takes it all before any roll
        ("grenadier", "elf", False),  # an explosive area weapon
    ],
)
def test_rolls_merged_as_the_rules_read_them_give_every_total_s_outcomes(
    attacker: str, target: str, stopped: bool
) -> None:
    tables = _tables()
    key = _key(tables, attacker, target)
    state = tables._state(key, ([0] * len(KINDS), [0] * len(KINDS)))
    action = tables.actions[key[0], key[1]]
    encounter = Encounter(tables.ruleset, 0, history=False)
    encounter.state = state

    def outcomes(merged: bool) -> tuple[dict[object, Fraction], int]:
        found = leaves(encounter, action, merge=tables._merge(state, action) if merged else None)
        chances: dict[object, Fraction] = {}
        for leaf in found:
            outcome = tables._outcome(state, leaf.state, leaf.events, key[0], key[1], action)
            chances[outcome] = chances.get(outcome, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
        return chances, found[-1].resolved

    merged, fewer = outcomes(True)
    every, more = outcomes(False)
    assert merged == every
    assert (fewer, more) == (1, 1) if stopped else fewer * 4 < more


def test_a_table_reweighted_to_another_hindrance_is_that_hindrance_s_own() -> None:
    reused = _tables()
    gunner_on_elf = _key(reused, "gunner", "elf")
    hindered = _key(reused, "gunner", "elf", mobility=2)
    assert hindered[2] == gunner_on_elf[2] + 2  # a Mobility degree is a Hindrance (SOURCES 5.1)
    _chances(reused, gunner_on_elf)
    resolved = reused.resolutions
    from_split = _chances(reused, hindered, mobility=2)
    assert reused.resolutions == resolved  # nothing resolved again: the same split serves
    fresh = _tables()
    own = _chances(fresh, hindered, mobility=2)
    assert fresh.resolutions > 0
    assert from_split.keys() == own.keys()
    for outcome, chance in own.items():
        assert from_split[outcome] == pytest.approx(chance)


def test_a_wound_kills_at_twice_bcon_core_degrees() -> None:
    """SOURCES.md 5.1: "Core degrees count toward death at 2 x bCON"; the Legionary has bCON 5
    and injury factor 7 (bCON x WGT / 5)."""
    tables = _tables()
    legionary = tables.ids.index("legionary")
    account, _ = resolve_damage([Portion(DamageKind.NORMAL, 1, 99)], Defences())
    core = Hit(1, account, CORE)
    assert tables.wound(legionary, 6 + 7 * 9, 9, core) == (1, True)
    assert tables.wound(legionary, 5 + 7 * 9, 9, core) == (0, False)
    assert tables.wound(legionary, 6, 8, core) == (1, False)


class Gathering(Lurasko):
    """A round's start that does something: a mark on everyone."""

    def at_round_start(self, state: EncounterState, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(c.id, "gathered", True) for c in state]


def test_a_round_start_that_does_something_sends_the_fight_to_the_engine() -> None:
    _, setup = loaded(LURASKO)
    with pytest.raises(Unmirrorable, match="a round's start does something"):
        lurasko.plan(Gathering(), setup)


def test_lurasko_gives_the_same_fights_on_one_or_two_workers() -> None:
    study = Study(LURASKO, runs=30, seed=5, mode=STUDY)
    assert simulate(study, workers=1) == simulate(study, workers=2)


def _builds(study: Study) -> int:
    """In a worker: play a chunk, and say how many plans this process built for it."""
    before = plans_built()
    play_chunk(study, 0, 2)
    return plans_built() - before


@pytest.mark.parametrize("encounter", [MOMENTUM, LURASKO])
def test_workers_are_handed_the_plan_built_here(encounter: str) -> None:
    """A worker started afresh (spawn: no copy of this process's memory) builds no plan when
    handed one, and builds its own otherwise."""
    study = Study(encounter, runs=2, seed=1, mode=STUDY)
    give, handed = sharing(study)
    fresh = get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=fresh, initializer=give, initargs=handed) as pool:
        assert pool.submit(_builds, study).result() == 0
    with ProcessPoolExecutor(1, mp_context=fresh) as pool:
        assert pool.submit(_builds, study).result() == 1

"""DBU's study mode: the clock and tables from the rules, and fights that agree with the
engine's in statistics (issue 21)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from fracas.dice import DiceSource
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, MarkSet, PoolChanged
from fracas.engine.gm import MoveTurn
from fracas.engine.state import Effect, EncounterState, Turn
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.ruleset import Dbu
from fracas.sim.odds import leaves
from fracas.sim.policy import tactics_for
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.study import dbu
from fracas.sim.study.dbu_tables import Tables
from fracas.sim.study.mode import ENGINE, STUDY, decide
from fracas.sim.study.table import Unmirrorable
from fracas.sim.study.validate import compare

BENCHMARKS = Path(__file__).parents[2] / "benchmarks" / "encounters"
DBU = str(BENCHMARKS / "dbu_4v4.yaml")
DEMO = str(Path(dbu.__file__).parents[2] / "rules" / "dbu" / "demo.yaml")


def _plan(encounter: str = DBU) -> dbu.DbuPlan:
    ruleset, setup = loaded(encounter)
    return dbu.plan(ruleset, setup)


def _index(tables: Tables, who: str) -> int:
    return tables.ids.index(who)


def test_dbu_4v4_plays_in_study_mode_and_agrees_with_the_engine() -> None:
    study = Study(DBU, runs=200, seed=3)
    decision = decide(study, "auto")
    assert decision.mode == STUDY
    assert "filled from the rules as the fights need them" in decision.why
    engine = simulate(replace(study, mode=ENGINE), workers=1)
    fast = simulate(replace(study, mode=STUDY, runs=2000), workers=1)
    found = compare(engine, fast, loaded(DBU)[1], encounter="4v4", seed=3, why="")
    assert [f.figure for f in found.figures] == [
        "camp win rate",
        "saibamen win rate",
        "rounds",
        "camp damage dealt",
        "saibamen damage dealt",
    ]
    assert found.agrees, found.figures


def test_each_fight_s_order_is_the_one_the_engine_rolls_with_its_seed() -> None:
    """'Roll a solid d10 and add 1/2 your Agility Modifier … In the case of a tie, the combatant
    with the higher Agility Score will go first. If both combatants tie again, both will roll a
    d10 and the highest result wins' (seed 001): the plan asks the rules' own roll and order,
    with the fight's seeded dice, so each fight's order is the engine's for that seed."""
    plan = _plan()
    ids = plan.tables.ids
    ruleset, setup = loaded(DBU)
    orders = set()
    for seed in range(12):
        encounter = Encounter(ruleset, seed, history=False)
        encounter.state = replace(setup, rng=(seed, 0))
        encounter.apply(StartCombat())
        turns, initiatives = plan.order(seed)
        engine = encounter.state
        assert turns == tuple(tuple(ids.index(a) for a in t.actors) for t in engine.clock.order)
        assert initiatives == tuple(engine[who].initiative for who in ids)
        orders.add(turns)
    assert len(orders) > 6  # rolled: it differs from fight to fight
    group = [turn for turn in orders.pop() if len(turn) > 1]
    assert [[ids[i] for i in turn] for turn in group] == [
        ["saibaman-1", "saibaman-2", "saibaman-3", "saibaman-4"]
    ]


def test_a_table_is_the_rules_exact_odds_of_the_whole_attack() -> None:
    """The demo's Tier 1 Saibaman on Kora (one Extra Die fewer, so the whole attack enumerates
    in seconds): the Life Kora loses, from the table and its landings, is exactly what every
    resolution of the engine's own attack gives."""
    plan = _plan(DEMO)
    tables = plan.tables
    saibaman, kora = _index(tables, "saibaman-1"), _index(tables, "kora")
    lives = (
        tables.started["saibaman-1"].pools[LP].current,
        tables.started["kora"].pools[LP].current,
    )
    key = (saibaman, kora, tables.band(saibaman, lives[0]), tables.band(kora, lives[1]), 0)
    table = tables.attack(key, lives)
    from_table: dict[int, float] = {}
    previous = 0.0
    for outcome, reached in zip(table.outcomes, table.cumulative, strict=True):
        lost = (
            0 if outcome is None else tables.landing((saibaman, kora, lives[1], outcome, False))[0]
        )
        from_table[lost] = from_table.get(lost, 0.0) + reached - previous
        previous = reached
    encounter = Encounter(tables.ruleset, 0, history=False)
    encounter.state = tables.started
    encounter.apply(MoveTurn(target="saibaman-1"))
    action = _attack_on_kora(encounter)
    exact: dict[int, Fraction] = {}
    for leaf in leaves(encounter, action, max_branches=60_000):
        lost = encounter.state["kora"].pools[LP].current - leaf.state["kora"].pools[LP].current
        exact[lost] = exact.get(lost, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
    assert from_table.keys() == exact.keys()
    for lost, chance in exact.items():
        assert from_table[lost] == pytest.approx(float(chance), abs=1e-12)


def _attack_on_kora(encounter: Encounter) -> Action:
    """The attack the dbu tactics make on Kora from the encounter (the Saibaman's turn)."""
    chosen = tactics_for(encounter.ruleset).choose(encounter, "saibaman-1")
    assert chosen is not None
    return replace(chosen, target="kora")


def test_diminishing_defense_makes_each_later_attack_of_the_round_likelier_to_hit() -> None:
    """'-1 Dodge per attack already received this round' (SOURCES.md section 8): the table of
    a third attack on the same target in a round misses less often than the first's."""
    tables = _plan().tables
    kora, saibaman = _index(tables, "kora"), _index(tables, "saibaman-1")
    lives = (60, 55)
    first = tables.attack((kora, saibaman, 0, 0, 0), lives)
    third = tables.attack((kora, saibaman, 0, 0, 2), lives)
    assert first.outcomes[0] is None and third.outcomes[0] is None
    assert third.cumulative[0] < first.cumulative[0]
    # the Wound Roll reads none of it: past the miss, the same totals in the same proportions
    assert first.outcomes == third.outcomes


def test_bonus_momentum_gives_one_action_a_round_when_a_threshold_is_reached() -> None:
    """'You gain +1 additional Action to spend if you successfully Strike a combatant and that
    combatant reaches a Health Threshold as a result of the damage inflicted from that attack's
    Wound Roll … you can only gain one Action through Bonus Momentum during each Combat Round'
    (seed 001). A Saibaman (55 Life, Soak 4) Healthy above 75 %: a Wound Roll of 20 takes 16
    Life, to 39 (Injured); one of 8 takes 4, to 51 (still Healthy)."""
    tables = _plan().tables
    kora, saibaman = _index(tables, "kora"), _index(tables, "saibaman-1")
    assert tables.landing((kora, saibaman, 55, 20, False)) == (16, 1)
    assert tables.landing((kora, saibaman, 55, 20, True)) == (16, 0)
    assert tables.landing((kora, saibaman, 55, 8, False)) == (4, 0)


class Gathering(Dbu):
    """A round's start that does something: a mark on everyone."""

    def at_round_start(self, state: EncounterState, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(c.id, "gathered", True) for c in state]


class Rallying(Dbu):
    """An Effect Phase that does more than add Actions: Life back at each turn's start."""

    def at_turn_start(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        return [PoolChanged(who, LP, 1, "rally") for who in turn.actors]


def test_what_the_loop_cannot_mirror_sends_the_fight_to_the_engine() -> None:
    _, setup = loaded(DBU)
    with pytest.raises(Unmirrorable, match="a round's start does more than refill pools"):
        dbu.plan(Gathering(), setup)
    kora = setup["kora"]
    guarded = setup.with_combatant(replace(kora, effects=(Effect(name="Guard Down"),)))
    with pytest.raises(Unmirrorable, match=r"statuses or marks at the start \(Kora\)"):
        dbu.plan(Dbu(), guarded)
    with pytest.raises(Unmirrorable, match="Effect Phase does more than add Actions"):
        dbu.plan(Rallying(), setup)


def test_a_fight_the_loop_cannot_mirror_is_played_by_the_engine_the_reason_named() -> None:
    decision = decide(Study(DBU, runs=10, policy="generic"), "auto")
    assert decision.mode == ENGINE
    assert "policy 'generic'" in decision.why


def test_dbu_gives_the_same_fights_on_one_or_two_workers() -> None:
    study = Study(DBU, runs=30, seed=5, mode=STUDY)
    assert simulate(study, workers=1) == simulate(study, workers=2)


def test_the_demo_plays_in_study_mode_and_agrees_with_the_engine() -> None:
    study = Study(DEMO, runs=200, seed=2)
    assert decide(study, "auto").mode == STUDY
    engine = simulate(replace(study, mode=ENGINE), workers=1)
    fast = simulate(replace(study, mode=STUDY, runs=2000), workers=1)
    found = compare(engine, fast, loaded(DEMO)[1], encounter="demo", seed=2, why="")
    assert found.agrees, found.figures

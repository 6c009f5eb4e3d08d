"""Study mode: tables the rules fill, a lean loop, fallbacks named, and agreement with the
engine in statistics (issue 21)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.dice.sources import DiceSource
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, PoolChanged
from fracas.engine.gm import AddCombatant, MoveTurn
from fracas.engine.ruleset import Rule
from fracas.engine.state import Effect, EncounterState
from fracas.engine.turns import StartCombat
from fracas.errors import FracasError
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.queries import VITALITY
from fracas.sim.odds import exact_odds
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.study import momentum
from fracas.sim.study.mode import ENGINE, STUDY, decide
from fracas.sim.study.striking import _checked_table
from fracas.sim.study.table import Tracked, Unmirrorable, attack_table
from fracas.sim.study.validate import compare
from tests.engine.toy import Punch, PunchRule, Toy, ToySheet

BENCHMARKS = Path(__file__).parents[2] / "benchmarks" / "encounters"
MOMENTUM = str(BENCHMARKS / "momentum_4v4.yaml")
LURASKO = str(BENCHMARKS / "lurasko_4v4.yaml")
DBU = str(BENCHMARKS / "dbu_4v4.yaml")


def test_an_attack_table_is_the_exact_odds_of_the_attack() -> None:
    ruleset, setup = loaded(MOMENTUM)
    encounter = Encounter(ruleset, 0, history=False)
    encounter.state = setup
    encounter.apply(StartCombat())
    encounter.apply(MoveTurn(target="druid"))
    lash = Attack(actor="druid", target="raptor-1", weapon="Thorn Lash")
    table = attack_table(encounter, lash, "raptor-1", Tracked(VITALITY, 1), {"AP": 2})
    found = exact_odds(encounter, lash)
    # the exact odds decide the d20 in groups (``fracas.dice.undecided``); a table, which
    # reads its leaves' events itself, branches on each of its results
    assert found.resolutions < table.resolutions
    assert table.losses == tuple(total for total, _ in found.damage.weights)
    assert table.mean() == pytest.approx(float(found.damage.mean()))


def test_momentum_4v4_plays_in_study_mode_and_agrees_with_the_engine() -> None:
    study = Study(MOMENTUM, runs=200, seed=3)
    decision = decide(study, "auto")
    assert decision.mode == STUDY
    assert "32 attack tables" in decision.why
    engine = simulate(replace(study, mode=ENGINE), workers=1)
    fast = simulate(replace(study, mode=STUDY, runs=2000), workers=1)
    found = compare(engine, fast, loaded(MOMENTUM)[1], encounter="4v4", seed=3, why="")
    assert [f.figure for f in found.figures] == [
        "party win rate",
        "raptors win rate",
        "rounds",
        "party damage dealt",
        "raptors damage dealt",
    ]
    assert found.agrees, found.figures


def test_study_mode_gives_the_same_fights_on_one_or_two_workers() -> None:
    study = Study(MOMENTUM, runs=60, seed=5, mode=STUDY)
    assert simulate(study, workers=1) == simulate(study, workers=2)


def test_a_status_at_the_start_sends_the_fight_to_the_engine() -> None:
    ruleset, setup = loaded(MOMENTUM)
    druid = setup["druid"]
    stunned = setup.with_combatant(replace(druid, effects=(Effect(name="stunned"),)))
    with pytest.raises(Unmirrorable, match=r"statuses or marks at the start \(Druid\)"):
        momentum.plan(ruleset, stunned)


def test_auto_names_why_the_engine_plays() -> None:
    generic = decide(Study(MOMENTUM, runs=10, policy="generic"), "auto")
    assert generic.mode == ENGINE
    assert "policy 'generic'" in generic.why
    dbu = decide(Study(DBU, runs=10, policy="generic"), "auto")
    assert dbu.mode == ENGINE
    assert dbu.why == (
        "study mode cannot play it: policy 'generic': study mode plays only the ruleset's own"
        " tactics"
    )
    with pytest.raises(FracasError, match="study mode cannot play this fight"):
        decide(Study(DBU, runs=10, policy="generic"), "study")


def test_sim_json_says_which_mode_ran_and_why() -> None:
    asked = ["sim", MOMENTUM, "--runs", "40", "--workers", "1", "--json"]
    fast = json.loads(CliRunner().invoke(app, asked).output)
    assert fast["mode"] == STUDY and "attack tables" in fast["mode_why"]
    slow = json.loads(CliRunner().invoke(app, [*asked, "--mode", "engine"]).output)
    assert (slow["mode"], slow["mode_why"]) == (ENGINE, "asked for")
    assert sum(side["wins"] for side in slow["sides"]) == 40


def test_sim_validate_reports_the_verdict_and_refuses_a_bad_mode() -> None:
    asked = ["sim", MOMENTUM, "--runs", "60", "--workers", "1", "--validate", "--json"]
    result = CliRunner().invoke(app, asked)
    found = json.loads(result.output)
    assert result.exit_code == (0 if found["agrees"] else 1)
    assert found["runs"] == 60 and len(found["figures"]) == 5
    bad = CliRunner().invoke(app, ["sim", MOMENTUM, "--mode", "fast"])
    assert bad.exit_code == 2
    assert "--mode must be one of study, engine, auto, not 'fast'" in bad.output


class HardOnTheWeak(PunchRule):
    """A punch that takes 2 more from a target at 3 HP or less: a rule reading the pool."""

    def resolve(self, state: EncounterState, action: Punch, dice: DiceSource) -> Sequence[Event]:
        events = list(super().resolve(state, action, dice))
        if state[action.target].pools["HP"].current <= 3:
            events.append(PoolChanged(action.target, "HP", -2))
        return events


class Bully(Toy):
    def rule(self, action: Action) -> Rule[Any] | None:
        return HardOnTheWeak() if isinstance(action, Punch) else super().rule(action)


@pytest.mark.parametrize(("ruleset", "fits"), [(Toy(), True), (Bully(), False)])
def test_a_table_read_at_the_lowest_standing_value_must_be_the_same(
    ruleset: Toy, fits: bool
) -> None:
    encounter = Encounter(ruleset, 0, history=False)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=5)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=3)))
    encounter.apply(StartCombat())
    punch = Punch(actor="ada", target="bo")
    bo = encounter.state["bo"]
    if fits:
        table = _checked_table(encounter, punch, bo, Tracked("HP", 1), {"AP": 1})
        assert table.losses == (1, 2, 3, 4, 5, 6) and table.resolutions == 14
    else:
        with pytest.raises(Unmirrorable, match="Ada's punch on Bo takes differently at 1 HP"):
            _checked_table(encounter, punch, bo, Tracked("HP", 1), {"AP": 1})

"""Monte Carlo of whole fights: the rules' own play, reproducible whatever the workers."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.app.rulesets import ENVIRONMENT, demo_of
from fracas.engine import registry
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter, Step
from fracas.engine.gm import MoveTurn, SetPool
from fracas.engine.ruleset import Rule, Ruleset
from fracas.engine.state import Combatant, EncounterState, Pool
from fracas.engine.turns import StartCombat
from fracas.errors import FracasError
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.ruleset import Momentum
from fracas.sim.charts import sim_chart
from fracas.sim.fight import fight
from fracas.sim.policy import Generic, standing_enemies, tactics_for
from fracas.sim.report import summarize
from fracas.sim.runner import GENERIC, Study, loaded, policy_named, run_chunk, simulate
from fracas.sim.stats import run_seed, wilson
from fracas.sim.tactics.momentum import tactics as momentum_tactics
from tests.engine.toy import Guard, Punch, Toy, ToySheet
from tests.sim.duel import ENCOUNTER

TOY_DEMO = "tests.cli.toyrules:DemoToy"
TOY_FILE = "tests/cli/toyrules/demo.yaml"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, TOY_DEMO)


def momentum_demo() -> str:
    return str(demo_of("momentum"))


def test_the_same_seed_gives_the_same_fights_on_one_or_two_workers() -> None:
    study = Study(momentum_demo(), runs=24, seed=7)
    alone = simulate(study, workers=1)
    shared = simulate(study, workers=2)
    assert alone == shared
    assert [r.seed for r in alone] == [run_seed(7, run) for run in range(24)]
    assert len({r.seed for r in alone}) == 24


def test_a_chunk_is_the_runs_it_names() -> None:
    study = Study(momentum_demo(), runs=10, seed=3)
    assert run_chunk(study, 4, 3) == simulate(study, workers=1)[4:7]


def test_a_fight_ends_with_one_side_standing_and_the_damage_adds_up() -> None:
    ruleset, setup = loaded(momentum_demo())
    result = fight(ruleset, setup, tactics_for(ruleset), seed=12)
    assert result.winner in {"party", "raptors"}
    assert result.rounds >= 1
    sides = {setup[s].side for s in result.survivors}
    assert sides == {result.winner}
    assert sum(result.dealt.values()) <= sum(result.taken.values())
    for who in result.survivors:
        assert result.taken.get(who, 0) < setup[who].pools["Vitality"].maximum


def test_a_fight_given_a_log_keeps_its_steps_and_they_replay_to_its_end() -> None:
    ruleset, setup = loaded(momentum_demo())
    log: list[Step] = []
    result = fight(ruleset, setup, tactics_for(ruleset), seed=12, log=log)
    assert result == fight(ruleset, setup, tactics_for(ruleset), seed=12)
    assert isinstance(log[0].action, StartCombat)
    replayed = Encounter(ruleset, 12)
    replayed.state = replace(setup, rng=(12, 0))
    replayed.replay(log)
    assert replayed.state.ended
    assert replayed.state.clock.round == result.rounds
    over = ruleset.outcome(replayed.state)
    assert over is not None and over.winner == result.winner


def test_the_momentum_tactics_attack_the_weakest_enemy_with_the_best_arm() -> None:
    """The Druid's Thorn Lash (2d6, mean 7) beats its Staff (1d6); the wounded raptor first."""
    ruleset, setup = loaded(momentum_demo())
    encounter = Encounter(ruleset)
    encounter.state = setup
    encounter.apply(StartCombat())
    encounter.apply(SetPool(target=CombatantId("raptor-3"), pool="Vitality", value=5))
    encounter.apply(MoveTurn(target=CombatantId("druid")))
    choice = momentum_tactics(ruleset).choose(encounter, CombatantId("druid"))
    assert choice == Attack(actor="druid", target="raptor-3", weapon="Thorn Lash")


def test_the_striker_stops_while_the_price_of_its_last_attack_cannot_be_paid() -> None:
    """An attack costs 2 of the Druid's 3 AP: after one, it is done for the turn; given its AP
    back (a GM's SetPool) it attacks again, as it does when a new turn refills them."""
    ruleset, setup = loaded(momentum_demo())
    encounter = Encounter(ruleset)
    encounter.state = setup
    encounter.apply(StartCombat())
    encounter.apply(MoveTurn(target=CombatantId("druid")))
    druid = CombatantId("druid")
    tactics = momentum_tactics(ruleset)
    first = tactics.choose(encounter, druid)
    assert first is not None
    encounter.apply(first)
    assert encounter.state[druid].pools["AP"].current == 1
    assert tactics.choose(encounter, druid) is None
    encounter.apply(SetPool(target=druid, pool="AP", value=3))
    assert tactics.choose(encounter, druid) == first


def test_momentum_counts_the_vitality_lost_as_damage() -> None:
    ruleset, setup = loaded(momentum_demo())
    raptor = setup[CombatantId("raptor-1")]
    vitality = raptor.pools["Vitality"]
    assert ruleset.damage_suffered(raptor) == 0
    hurt = replace(raptor, pools={**raptor.pools, "Vitality": replace(vitality, current=-2)})
    assert ruleset.damage_suffered(hurt) == vitality.maximum + 2


def test_the_generic_policy_plays_any_ruleset(toy: None) -> None:
    """The toy has no tactics module: its punches are found from its actions alone."""
    ruleset = Toy()
    assert isinstance(tactics_for(ruleset), Generic)
    assert Generic(ruleset).targeted == ((Punch, "target", None),)
    study = Study(TOY_FILE, runs=30, seed=1)
    results = simulate(study, workers=1)
    assert all(r.winner in {"heroes", "villains"} for r in results)
    assert all(r.taken for r in results)
    assert Guard not in {kind for kind, _, _ in Generic(ruleset).targeted}


class Unsaid(Toy):
    """The toy without a standing hook: it says nobody counts, as ``Ruleset`` does."""

    def standing(self, combatant: Combatant) -> bool | None:
        return None


def test_without_a_standing_hook_the_enemies_who_take_their_turn_are_standing() -> None:
    ada = Combatant(CombatantId("ada"), "Ada", "heroes", ToySheet(speed=3), {"HP": Pool(5, 5)})
    bo = Combatant(CombatantId("bo"), "Bo", "villains", ToySheet(speed=2), {"HP": Pool(5, 5)})
    cy = Combatant(CombatantId("cy"), "Cy", "villains", ToySheet(speed=1), {"HP": Pool(0, 5)})
    for ruleset, standing in ((Unsaid(), ["bo"]), (Toy(), ["bo"])):
        encounter = Encounter(ruleset)
        encounter.state = EncounterState(combatants={c.id: c for c in (ada, bo, cy)})
        assert [c.id for c in standing_enemies(encounter, ada.id)] == standing


def test_the_generic_policy_names_weapons_when_an_action_needs_one() -> None:
    """An action needing a target and a weapon's name is tried with each of the actor's
    weapons, as listed on its sheet."""
    _, setup = loaded(momentum_demo())
    ruleset = SlingMomentum()
    generic = Generic(ruleset)
    assert (Sling, "target", "weapon") in generic.targeted
    encounter = Encounter(ruleset)
    encounter.state = setup
    encounter.apply(StartCombat())
    if not encounter.state.is_turn_of(CombatantId("scout")):
        encounter.apply(MoveTurn(target=CombatantId("scout")))
    choice = generic.choose(encounter, CombatantId("scout"))
    assert choice == Sling(actor="scout", target="raptor-1", weapon="Shortbow")


def test_the_generic_policy_answers_strikes_that_wait_for_the_defender(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A lunge does nothing until its target takes it: only a policy that answers ends a fight.
    Ada acts first with 2 AP: two lunges, each taken, and Bo (6 HP) is down in round 1."""
    monkeypatch.setenv(ENVIRONMENT, "tests.sim.duel:Duel")
    encounter = tmp_path / "duel.yaml"
    encounter.write_text(ENCOUNTER, encoding="utf-8")
    answered = simulate(Study(str(encounter), runs=2, policy=GENERIC), workers=1)
    assert [(r.winner, r.rounds) for r in answered] == [("heroes", 1), ("heroes", 1)]
    assert answered[0].dealt == {"ada": 6}
    silent = simulate(
        Study(str(encounter), runs=1, policy="tests.sim.test_sim:no_answers", max_rounds=5),
        workers=1,
    )
    assert silent[0].winner is None and not silent[0].taken


def test_a_policy_of_your_own_by_module_and_factory(toy: None) -> None:
    ruleset = Toy()
    policy = policy_named("tests.sim.test_sim:passive", ruleset)
    assert isinstance(policy, Passive)
    results = simulate(Study(TOY_FILE, runs=3, policy="tests.sim.test_sim:passive"), workers=1)
    assert all(r.winner is None and not r.taken for r in results)
    assert all(r.rounds == 50 for r in results)


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(FracasError, match="policy 'nowhere:x'"):
        policy_named("nowhere:x", Toy())


def test_the_summary_gives_win_odds_with_intervals() -> None:
    study = Study(momentum_demo(), runs=40, seed=2)
    results = simulate(study, workers=1)
    _, setup = loaded(study.encounter)
    summary = summarize(results, setup, encounter="demo", seed=2, policy="tactics")
    wins = {s.side: s for s in summary.sides}
    assert wins["party"].wins + wins["raptors"].wins == 40
    for side in wins.values():
        assert side.low <= side.probability <= side.high
    assert sum(n for _, n in summary.rounds) == 40
    druid = next(c for c in summary.combatants if c.id == "druid")
    assert druid.survived == sum("druid" in r.survivors for r in results) / 40
    assert druid.dealt == sum(r.dealt.get(CombatantId("druid"), 0) for r in results) / 40
    assert summary.to_json()["sides"][0]["side"] == "party"
    standing = sum(setup[who].side == "party" for r in results for who in r.survivors)
    assert wins["party"].survivors == standing / 40


@dataclass(frozen=True, kw_only=True)
class Sling(Attack):
    """An attack whose weapon must be named (the shape of other rulesets' attacks)."""

    weapon: str = field()  # type: ignore[assignment]


class SlingMomentum(Momentum):
    """Momentum with the Sling action, resolved as an attack."""

    actions = (Sling,)

    def rule(self, action: Action) -> Rule[Any] | None:
        return (
            super().rule(Attack(actor=action.actor, target=CombatantId("x")))
            if isinstance(action, Sling)
            else super().rule(action)
        )


class Passive:
    """A policy that never acts: every fight runs to the round limit."""

    def choose(self, encounter: Encounter, actor: CombatantId) -> None:
        return None


def passive(ruleset: object) -> Passive:
    return Passive()


class NoAnswers:
    """The generic policy's choices without its answers."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.generic = Generic(ruleset)

    def choose(self, encounter: Encounter, actor: CombatantId) -> Action | None:
        return self.generic.choose(encounter, actor)


def no_answers(ruleset: Ruleset) -> NoAnswers:
    return NoAnswers(ruleset)


BENCHMARK_ENCOUNTERS = Path(__file__).parents[2] / "benchmarks" / "encounters"


def test_every_ruleset_has_a_four_against_four_benchmark_encounter() -> None:
    """The engine-overhead benchmark plays a 4v4 fight of each registered ruleset."""
    slugs = {kind.descriptor.slug for kind in registry.rulesets()}
    assert {p.stem.removesuffix("_4v4") for p in BENCHMARK_ENCOUNTERS.glob("*_4v4.yaml")} == slugs


@pytest.mark.parametrize(
    "path", sorted(BENCHMARK_ENCOUNTERS.glob("*_4v4.yaml")), ids=lambda path: path.stem
)
def test_a_benchmark_encounter_is_four_against_four_and_plays_to_an_end(path: Path) -> None:
    ruleset, setup = loaded(str(path))
    sides = [c.side for c in setup]
    assert len(set(sides)) == 2 and all(sides.count(side) == 4 for side in sides)
    result = fight(ruleset, setup, tactics_for(ruleset), seed=0)
    assert sum(result.taken.values()) > 0 and set(result.taken) <= set(setup.combatants)


@given(runs=st.integers(1, 100_000), share=st.fractions(0, 1))
def test_a_wilson_interval_holds_the_observed_proportion(runs: int, share: Fraction) -> None:
    successes = int(share * runs)
    low, high = wilson(successes, runs)
    assert 0 <= low <= successes / runs <= high <= 1


def test_the_chart_of_a_side_that_won_every_fight(tmp_path: Path) -> None:
    """All runs won puts the interval's top at 1 exactly, not a rounding hair below it (which
    used to make the chart's error bar negative and the plot fail)."""
    ruleset, setup = loaded(momentum_demo())
    results = [fight(ruleset, setup, tactics_for(ruleset), seed) for seed in range(3)]
    won = [replace(r, winner="party") for r in results]
    summary = summarize(won, setup, encounter=momentum_demo(), seed=0, policy="tactics")
    assert [(s.side, s.probability, s.high) for s in summary.sides if s.side == "party"] == [
        ("party", 1.0, 1.0)
    ]
    sim_chart(summary, tmp_path / "sim.svg")
    assert (tmp_path / "sim.svg").read_text().startswith("<?xml")

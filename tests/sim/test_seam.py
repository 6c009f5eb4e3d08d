"""The analysis seam's defaults, for a ruleset that implements none of it (the toy), and the
distinct results a roll branches into."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from fracas.app.files import open_encounter
from fracas.app.rulesets import ENVIRONMENT
from fracas.commands import CommandError
from fracas.dice import distribution, parse
from fracas.engine.action import CombatantId
from fracas.sim.branching import distinct_results
from fracas.sim.measure import DAMAGE, NO_DAMAGE
from fracas.sim.odds import exact_odds, sampled_odds
from fracas.sim.scenario import following, open_scenario, ready
from tests.cli.toyrules import DemoToy
from tests.engine.toy import Toy, ToySheet
from tests.sim.duel import ENCOUNTER

TOY_DEMO = "tests.cli.toyrules:DemoToy"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, TOY_DEMO)


def test_default_damage_pools_are_those_that_never_refill() -> None:
    session = open_encounter("tests/cli/toyrules/demo.yaml", find=lambda _: DemoToy)
    ada = session.state[CombatantId("ada")]
    assert Toy().damage_pools(ada) == ("HP",)
    assert Toy().classify(()) is None


def test_default_damage_suffered_is_what_the_damage_pools_lost() -> None:
    session = open_encounter("tests/cli/toyrules/demo.yaml", find=lambda _: DemoToy)
    assert session.run("set ada HP 4").ok
    ada = session.state[CombatantId("ada")]
    assert Toy().damage_suffered(ada) == ada.pools["HP"].maximum - 4


def test_a_ruleset_without_classify_counts_damage_or_no_damage(toy: None) -> None:
    """The toy's punch deals one d6 straight from the dice source (no expression rolled): six
    equally likely branches, each dealing its face."""
    session = open_scenario("toy")
    action = ready(session, "Ada: punch bo")
    found = exact_odds(session.encounter, action)
    assert found.outcomes == {DAMAGE: Fraction(1)}
    assert found.damage.probabilities() == {face: Fraction(1, 6) for face in range(1, 7)}
    assert found.resolutions == 7


def test_no_damage_is_an_outcome_too(toy: None) -> None:
    session = open_scenario("toy")
    action = ready(session, "Ada: guard")
    found = exact_odds(session.encounter, action)
    assert found.outcomes == {NO_DAMAGE: Fraction(1)}
    assert found.damage.probabilities() == {0: Fraction(1)}


def test_stat_blocks_join_as_attacker_and_target(toy: None, tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "brute.yaml").write_text("speed: 3\nhp: 30\n", encoding="utf-8")
    (folder / "knight.yaml").write_text("speed: 4\nhp: 2\n", encoding="utf-8")
    session = open_scenario("toy", attacker=folder / "brute.yaml", target=folder / "knight.yaml")
    action = ready(session, "punch target")
    assert action.actor == "attacker"
    assert session.state.is_turn_of(CombatantId("attacker"))
    assert session.state[CombatantId("target")].sheet == ToySheet(speed=4, hp=2)
    found = exact_odds(session.encounter, action)
    assert found.damage.probabilities() == {face: Fraction(1, 6) for face in range(1, 7)}
    assert ready(session, "punch") == action  # the Target is the one left out


def test_a_command_missing_its_target_without_a_target_block_is_refused(toy: None) -> None:
    session = open_scenario("toy")
    with pytest.raises(CommandError, match="missing target"):
        ready(session, "Ada: punch")


def test_sampled_toy_odds_stay_near_the_exact_ones(toy: None) -> None:
    session = open_scenario("toy")
    action = ready(session, "Ada: punch bo")
    sampled = sampled_odds(session.encounter, action, samples=600, seed=5)
    for face in range(1, 7):
        share = sampled.damage.probabilities()[face]
        assert abs(share - Fraction(1, 6)) < Fraction(1, 20)


@pytest.mark.parametrize(
    "notation",
    ["2d20kh1", "2d20kl1+3", "3d6", "1d6[heat]+1d4[cold]", "6d6", "8d6kh3+2", "4d10>=8-1d4"],
)
def test_distinct_results_carry_the_exact_distribution(notation: str) -> None:
    branches = distinct_results(parse(notation))
    assert branches is not None
    assert sum(chance for _, chance in branches) == 1
    totals: dict[int, Fraction] = {}
    for result, chance in branches:
        totals[result.total] = totals.get(result.total, Fraction(0)) + chance
    assert totals == distribution(notation).probabilities()


def test_keep_highest_branches_once_per_kept_face() -> None:
    branches = distinct_results(parse("2d20kh1"))
    assert branches is not None
    assert len(branches) == 20
    chances = {result.kept_faces(20): chance for result, chance in branches}
    assert chances[(20,)] == Fraction(39, 400)
    assert chances[(1,)] == Fraction(1, 400)


def test_big_pools_branch_once_per_multiset_of_faces() -> None:
    """6d6 has 46,656 sequences of faces but 462 multisets (icepool lists them)."""
    branches = distinct_results(parse("6d6"))
    assert branches is not None
    assert len(branches) == 462


def test_rolls_too_big_to_list_are_left_to_single_dice() -> None:
    assert distinct_results(parse("6d20")) is None  # 177,100 multisets
    assert distinct_results(parse("2d6e6")) is None  # explodes past the dice limits


def test_follow_ups_complete_an_exchange(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A lunge deals nothing until its target takes it: the odds of the exchange include it."""
    monkeypatch.setenv(ENVIRONMENT, "tests.sim.duel:Duel")
    encounter = tmp_path / "duel.yaml"
    encounter.write_text(ENCOUNTER, encoding="utf-8")
    session = open_scenario(str(encounter))
    lunge = ready(session, "Ada: lunge bo")
    alone = exact_odds(session.encounter, lunge)
    exchange = exact_odds(session.encounter, lunge, then=following(session, ["Bo: take"]))
    assert alone.damage.probabilities() == {0: Fraction(1)}
    assert exchange.damage.probabilities() == {3: Fraction(1)}


def test_a_follow_up_the_rules_refuse_is_skipped(toy: None) -> None:
    """Bo cannot punch on Ada's turn: the odds are those of Ada's punch alone."""
    session = open_scenario("toy")
    punch = ready(session, "Ada: punch bo")
    follow = following(session, ["Bo: punch ada"])
    with_follow = exact_odds(session.encounter, punch, then=follow)
    assert with_follow == exact_odds(session.encounter, punch)

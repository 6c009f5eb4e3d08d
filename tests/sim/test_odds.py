"""Exact odds of one action, checked against brute force, Monte Carlo and icepool by hand."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import icepool  # type: ignore[import-untyped]
import pytest

from fracas.app import Session
from fracas.dice import LoadedDice, distribution
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.derived import evasion_of, weapon_hit_bonus
from fracas.rules.momentum.queries import VITALITY, sheet_of
from fracas.sim.odds import exact_odds, odds, sampled_odds
from fracas.sim.scenario import open_scenario, ready
from fracas.sim.stats import wilson


def brute_force(
    session: Session, action: Action, sides: tuple[int, ...]
) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Every sequence of faces for ``sides``, each equally likely, applied one by one: faces
    the action does not use are left over, which weighs each branch by its probability."""
    outcomes: dict[str, Fraction] = {}
    damage: dict[int, Fraction] = {}
    everything = list(itertools.product(*(range(1, s + 1) for s in sides)))
    chance = Fraction(1, len(everything))
    ruleset = session.encounter.ruleset
    assert isinstance(action, Attack)
    target = action.target
    for faces in everything:
        encounter = Encounter(ruleset, history=False, dice=LoadedDice(faces))
        encounter.state = session.state
        step = encounter.apply(action)
        before = session.state[target].pools[VITALITY].current
        dealt = before - encounter.state[target].pools[VITALITY].current
        named = ruleset.classify(step.events)
        assert named is not None
        outcomes[named] = outcomes.get(named, Fraction(0)) + chance
        damage[dealt] = damage.get(dealt, Fraction(0)) + chance
    return outcomes, damage


@pytest.mark.parametrize(
    ("command", "sides"),
    [
        ("Scout: attack raptor-1 -with dagger", (20, 4)),
        ("Rusher: attack raptor-2 -adv", (20, 20, 10)),
        ("Druid: attack raptor-3 -with 'thorn lash'", (20, 6, 6)),
        ("Druid: attack raptor-3 -with 'entangling roots'", (20, 8)),
    ],
)
def test_exact_odds_equal_brute_force_enumeration(command: str, sides: tuple[int, ...]) -> None:
    session = open_scenario("momentum")
    action = ready(session, command)
    found = exact_odds(session.encounter, action)
    outcomes, damage = brute_force(session, action, sides)
    assert found.exact
    assert dict(found.outcomes) == outcomes
    assert found.damage.probabilities() == damage


def test_the_encounter_asked_about_is_not_changed() -> None:
    session = open_scenario("momentum")
    action = ready(session, "Scout: attack raptor-1 -with dagger")
    before, steps = session.state, len(session.encounter.steps)
    odds(session.encounter, action)
    assert session.state is before
    assert len(session.encounter.steps) == steps


def test_exact_odds_lie_in_the_monte_carlo_intervals() -> None:
    """4,000 seeded resolutions: every exact probability inside its 99.9 % Wilson interval, the
    exact mean inside the sample's 99.9 % interval."""
    session = open_scenario("momentum")
    action = ready(session, "Rusher: attack raptor-2 -adv")
    exact = exact_odds(session.encounter, action)
    sampled = sampled_odds(session.encounter, action, samples=4000, seed=11)
    assert not sampled.exact and sampled.samples == 4000
    assert set(sampled.outcomes) <= set(exact.outcomes)
    for outcome, p in exact.outcomes.items():
        hits = round(sampled.outcomes.get(outcome, Fraction(0)) * 4000)
        low, high = wilson(hits, 4000, z=3.29)
        assert low <= p <= high, outcome
    margin = sampled.mean_margin() * 3.29 / 1.96
    assert abs(float(sampled.damage.mean()) - float(exact.damage.mean())) <= margin


def test_the_momentum_attack_matches_icepool_built_by_hand() -> None:
    """The Scout's dagger against a raptor with the dice layer's icepool evaluator: hit on
    d20 + bonus ≥ Evasion, a natural 20 crits (+6), a natural 1 misses; Armor 1 comes off."""
    session = open_scenario("momentum")
    action = ready(session, "Scout: attack raptor-1 -with dagger")
    scout, raptor = sheet_of(session.state["scout"]), sheet_of(session.state["raptor-1"])
    rules = session.encounter.ruleset.settings
    bonus = weapon_hit_bonus(scout, scout.weapons[1], settings=rules)  # type: ignore[arg-type]
    evasion = evasion_of(raptor, settings=rules)  # type: ignore[arg-type]
    d4 = icepool.Die(dict(distribution("1d4").weights))
    hit = (d4 - raptor.armor).clip(0, None)
    critical = (d4 + 6 - raptor.armor).clip(0, None)
    by_hand = icepool.d20.map(
        lambda n: critical if n == 20 else hit if n != 1 and n + bonus >= evasion else 0
    )
    found = exact_odds(session.encounter, action)
    assert found.damage.probabilities() == {
        int(k): Fraction(v, by_hand.denominator()) for k, v in by_hand.items()
    }


def test_too_many_ways_to_roll_are_sampled_with_a_margin() -> None:
    session = open_scenario("momentum")
    action = ready(session, "Rusher: attack raptor-2 -adv")
    found = odds(session.encounter, action, max_branches=10, samples=500, seed=3)
    assert not found.exact
    assert found.samples == 500
    low, high = found.interval("hit")
    assert low < float(found.outcomes["hit"]) < high
    assert found.mean_margin() > 0


def test_exploding_dice_are_sampled_and_say_why(tmp_path: Path) -> None:
    """2d6e6 can explode past the dice limits, so its rolls cannot all be listed."""
    block = tmp_path / "berserker.yaml"
    block.write_text(BERSERKER, encoding="utf-8")
    session = open_scenario("momentum", attacker=block)
    action = ready(session, "attack raptor-1")
    found = odds(session.encounter, action, samples=300, seed=1)
    assert not found.exact
    assert "exploded more than" in found.why_sampled
    assert max(found.damage.probabilities()) > 12  # explosions went past two sixes


BERSERKER = """\
name: Berserker
stats: {strength: 16, dexterity: 12, constitution: 14, intelligence: 8, charisma: 9,
        instinct: 11, will: 10}
evasion_stat: strength
primary_stat: strength
secondary_stat: dexterity
vitality: 30
weapons:
  - {name: Greataxe, primary_stat: strength, secondary_stat: dexterity, damage: 2d6e6,
     damage_type: physical, reach: melee}
"""


def test_a_target_stat_block_is_attacked_when_the_command_names_nobody(tmp_path: Path) -> None:
    """The issue's own shape: ``fracas odds momentum "attack -with greataxe" --target FILE``."""
    block = tmp_path / "berserker.yaml"
    block.write_text(BERSERKER, encoding="utf-8")
    session = open_scenario("momentum", target=block)
    action = ready(session, "Rusher: attack -with axe")
    assert isinstance(action, Attack)
    assert (action.actor, action.target, action.weapon) == ("rusher", "target", "axe")


def test_a_big_pool_is_still_exact(tmp_path: Path) -> None:
    """A 5d6 weapon: 7,776 sequences of faces, enumerated as 252 multisets, and the damage
    distribution equals icepool's, built by hand from the attack's rules."""
    block = tmp_path / "giant.yaml"
    block.write_text(BERSERKER.replace("2d6e6", "5d6"), encoding="utf-8")
    session = open_scenario("momentum", attacker=block)
    action = ready(session, "attack raptor-1")
    found = odds(session.encounter, action)
    assert found.exact
    giant, raptor = sheet_of(session.state["attacker"]), sheet_of(session.state["raptor-1"])
    rules = session.encounter.ruleset.settings
    bonus = weapon_hit_bonus(giant, giant.weapons[0], settings=rules)  # type: ignore[arg-type]
    evasion = evasion_of(raptor, settings=rules)  # type: ignore[arg-type]
    hit = (icepool.d6.pool(5).sum() - raptor.armor).clip(0, None)
    critical = (icepool.d6.pool(5).sum() + 6 - raptor.armor).clip(0, None)
    by_hand = icepool.d20.map(
        lambda n: critical if n == 20 else hit if n != 1 and n + bonus >= evasion else 0
    )
    assert found.damage.probabilities() == {
        int(k): Fraction(v, by_hand.denominator()) for k, v in by_hand.items()
    }

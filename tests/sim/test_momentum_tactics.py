"""Momentum's tactics make the plain Striker's choices (``fracas.sim.striker``), asking less."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fracas.app.rulesets import demo_of
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter, Step
from fracas.engine.gm import MoveTurn, SetPool
from fracas.engine.state import EncounterState
from fracas.engine.turns import StartCombat
from fracas.rules.momentum.ruleset import Momentum
from fracas.rules.momentum.sheet import Sheet, Weapon
from fracas.sim.fight import fight
from fracas.sim.policy import Policy
from fracas.sim.runner import loaded
from fracas.sim.striker import Striker
from fracas.sim.tactics.momentum import attack, best_first, tactics

DRUID = CombatantId("druid")


def _demo() -> tuple[Momentum, EncounterState]:
    ruleset, setup = loaded(str(demo_of("momentum")))
    assert isinstance(ruleset, Momentum)
    return ruleset, setup


def _with_a_refused_arm(setup: EncounterState) -> EncounterState:
    """The Druid also carries a weapon named like its best Ability: "Thorn Lash" then names two
    arms, and the rules refuse an attack with it ("no single weapon or Ability")."""
    druid = setup[DRUID]
    assert isinstance(druid.sheet, Sheet)
    staff = druid.sheet.weapons[0]
    twin = staff.model_copy(update={"name": "Thorn Lash"})
    assert isinstance(twin, Weapon)
    sheet = druid.sheet.model_copy(update={"weapons": [staff, twin]})
    return setup.with_combatant(replace(druid, sheet=sheet))


def _played(policy: Policy, ruleset: Momentum, setup: EncounterState, seed: int) -> list[Step]:
    log: list[Step] = []
    fight(ruleset, setup, policy, seed, log=log)
    return log


@pytest.mark.parametrize("refused_arm", [False, True])
def test_the_momentum_tactics_play_the_plain_strikers_fights(refused_arm: bool) -> None:
    """Whole fights, step by step (every action and every event), for several seeds."""
    ruleset, setup = _demo()
    if refused_arm:
        setup = _with_a_refused_arm(setup)
    for seed in range(6):
        plain = _played(Striker(attack, best_first), ruleset, setup, seed)
        momentum = _played(tactics(ruleset), ruleset, setup, seed)
        assert momentum == plain
        assert len(momentum) > 10


def test_an_arm_the_rules_refuse_is_passed_over_for_the_next() -> None:
    ruleset, setup = _demo()
    encounter = Encounter(ruleset)
    encounter.state = _with_a_refused_arm(setup)
    encounter.apply(StartCombat())
    encounter.apply(MoveTurn(target=DRUID))
    choice = tactics(ruleset).choose(encounter, DRUID)
    assert choice == attack(DRUID, CombatantId("raptor-1"), "Entangling Roots")
    assert choice == Striker(attack, best_first).choose(encounter, DRUID)


def test_without_the_ap_for_an_attack_nothing_is_chosen() -> None:
    """An attack costs 2 AP: with 1 left the turn is over for both tactics."""
    ruleset, setup = _demo()
    encounter = Encounter(ruleset)
    encounter.state = setup
    encounter.apply(StartCombat())
    encounter.apply(MoveTurn(target=DRUID))
    encounter.apply(SetPool(target=DRUID, pool="AP", value=1))
    assert tactics(ruleset).choose(encounter, DRUID) is None
    assert Striker(attack, best_first).choose(encounter, DRUID) is None

"""``Ruleset.candidates``: the kinds of action an actor may be allowed now. A kind left out is
one the rules refuse that actor whatever its fields, so the tactics never try it."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import Regain
from fracas.rules.kingsdale.actions import AutoDodge, AutoParry, Dodge, Parry, Strike
from fracas.rules.momentum.ruleset import Momentum
from fracas.sim.policy import Reacting, tactics_for
from tests.rules.dbu.support import FOE, HERO
from tests.rules.dbu.support import fight as dbu_fight
from tests.rules.kingsdale.support import Fight, sheet

ADA, BO = CombatantId("ada"), CombatantId("bo")


def _struck(**bo: object) -> Fight:
    """Ada (initiative 15) strikes Bo (10) with a sword; the strike waits on Bo's defence."""
    fight = Fight(ada=sheet(strike=3), bo=sheet(parry=4, dodge=3, **bo))
    fight(StartCombat(), 15, 10)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    return fight


def test_by_default_every_action_of_the_ruleset() -> None:
    assert Momentum().candidates(EncounterState(), ADA) == Momentum.actions


@pytest.mark.parametrize(
    ("kind", "code"), [(AutoDodge, "no-auto-dodge"), (AutoParry, "no-auto-parry")]
)
def test_kingsdale_leaves_out_an_auto_defence_the_sheet_lacks_which_the_rules_refuse(
    kind: type[AutoDodge] | type[AutoParry], code: str
) -> None:
    fight = _struck()
    assert kind not in fight.encounter.ruleset.candidates(fight.state, BO)
    assert {Parry, Dodge} <= set(fight.encounter.ruleset.candidates(fight.state, BO))
    with pytest.raises(IllegalAction) as refused:
        fight.encounter.check(kind(actor=BO))
    assert refused.value.code == code


def test_kingsdale_offers_the_auto_defences_a_sheet_has_and_the_tactics_take_one() -> None:
    """Seed: "the use of one of these actions does not remove an action from the PC's combat
    'bin'": the cheapest defence, taken when the sheet has it."""
    fight = _struck(auto_dodge=1, auto_parry=True)
    allowed = fight.encounter.ruleset.candidates(fight.state, BO)
    assert AutoDodge in allowed and AutoParry in allowed
    policy = tactics_for(fight.encounter.ruleset)
    assert isinstance(policy, Reacting)
    assert policy.react(fight.encounter, BO) == AutoParry(actor=BO)


def test_kingsdale_tactics_parry_when_the_sheet_has_no_auto_defence() -> None:
    fight = _struck()
    policy = tactics_for(fight.encounter.ruleset)
    assert isinstance(policy, Reacting)
    assert policy.react(fight.encounter, BO) == Parry(actor=BO)


def test_dbu_leaves_out_regain_the_architects_ruling_refused_to_any_combatant() -> None:
    encounter = dbu_fight(5, 3)
    assert Regain not in encounter.ruleset.candidates(encounter.state, HERO)
    assert (
        len(encounter.ruleset.candidates(encounter.state, HERO))
        == len(encounter.ruleset.actions) - 1
    )
    with pytest.raises(IllegalAction) as refused:
        encounter.check(Regain(actor=HERO, target=FOE))
    assert refused.value.code == "game-master-only"

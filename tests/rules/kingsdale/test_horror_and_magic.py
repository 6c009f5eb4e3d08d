"""Horror Factor, casting with PPE per action, and psionics, on the engine."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kingsdale.actions import Cast, Dodge, HorrorFactor, Parry, Psionics, Strike
from fracas.rules.kingsdale.events import CheckRolled, PsionicsUsed, SpellWorked
from fracas.rules.kingsdale.magic import actions_to_cast, ppe_per_action
from fracas.rules.kingsdale.queries import CASTING, HORROR_STRUCK

from .support import Fight, sheet

ADA, BO = CombatantId("ada"), CombatantId("bo")


def test_meeting_the_horror_factor_saves() -> None:
    """Seed: "A successful roll is over the horror factor value (i.e. if HF = 16, 16+ saves)"."""
    fight = Fight(ada=sheet(horror_factor_save=2), bo=sheet())
    step = fight(HorrorFactor(actor=ADA, hf=16), 14)
    check = next(e for e in step.events if isinstance(e, CheckRolled))
    assert (check.roll.total, check.success) == (16, True)
    assert not fight.state[ADA].effects


def test_a_failed_horror_factor_before_the_fight_loses_initiative_and_the_first_attack() -> None:
    """Seed: "the shock … causes the PC to lose all initiative for that melee, as well as the
    PC's first attack"."""
    fight = Fight(ada=sheet(horror_factor_save=2), bo=sheet())
    fight(HorrorFactor(actor=ADA, hf=16), 13)
    fight(StartCombat(), 19, 5)
    order = fight.state.clock.order
    assert order[0].actors == (BO,) and order[1].actors == (ADA,)
    assert fight.actions("ada") == 1
    for _ in range(6):
        fight(EndTurn())
    assert fight.state.clock.round == 2
    assert fight.state.clock.order[0].actors == (ADA,)
    assert fight.actions("ada") == 2


def test_a_failed_horror_factor_mid_combat_loses_the_next_attack_and_the_defence() -> None:
    """Seed: "If a horror factor roll is necessary in mid-combat and is unsuccessful, the next
    immediate attack is lost, as well as the ability to attempt a parry or dodge during that
    attack."""
    fight = Fight(ada=sheet(), bo=sheet())
    fight(StartCombat(), 15, 10)
    fight(HorrorFactor(actor=BO, hf=12), 3)
    assert fight.actions("bo") == 1
    assert fight.state[BO].has(HORROR_STRUCK)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12, 3, 3)
    assert fight.state[BO].pools["SDC"].current == 14
    fight(EndTurn())
    fight(EndTurn())
    assert not fight.state[BO].has(HORROR_STRUCK)


def test_ppe_per_action_is_me_plus_twice_the_level() -> None:
    """Seed: "ME + (Players Level x 2) = PPE per action/attack"."""
    assert ppe_per_action(14, 3) == 20
    assert actions_to_cast(20, 20) == 1
    assert actions_to_cast(30, 20) == 2
    assert actions_to_cast(41, 20) == 3


def caster() -> Fight:
    fight = Fight(
        ada=sheet(ppe=50, mental_endurance=6, level=2, isp=20, attacks=9), bo=sheet(initiative=0)
    )
    fight(StartCombat(), 15, 10)
    return fight


def test_a_spell_of_more_ppe_takes_more_actions_and_spends_ppe_when_cast() -> None:
    """Seed: "Casting spells that require more PPE take additional actions … The PPE is not
    expended until the spell is successfully cast." (+cast)"""
    fight = caster()
    step = fight(Cast(actor=ADA, spell="Fire Ball", ppe=25, target=BO))
    assert next(e for e in step.events if isinstance(e, SpellWorked)).channelled == 10
    assert fight.state[ADA].pools["PPE"].current == 50
    fight(Cast(actor=ADA, spell="Fire Ball", ppe=25, target=BO))
    assert fight.state[ADA].pools["PPE"].current == 50
    step = fight(Cast(actor=ADA, spell="Fire Ball", ppe=25, target=BO))
    assert next(e for e in step.events if isinstance(e, SpellWorked)).cast
    assert fight.state[ADA].pools["PPE"].current == 25
    assert fight.actions("ada") == 0


def test_defending_interrupts_a_spell_being_cast() -> None:
    """Seed: spells needing more PPE "are interrupted if the mage chooses to defend"."""
    fight = caster()
    fight(Cast(actor=ADA, spell="Fire Ball", ppe=25))
    fight(EndTurn())
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    step = fight(Parry(actor=ADA), 18)
    assert any(isinstance(e, SpellWorked) and e.interrupted for e in step.events)
    assert fight.state[ADA].marks.get(CASTING) is None
    assert fight.state[ADA].pools["PPE"].current == 50


def test_casting_is_refused_without_the_ppe_and_while_casting_another() -> None:
    """Issue 3: an action the rules forbid (not enough PPE) is refused and changes nothing."""
    fight = caster()
    with pytest.raises(IllegalAction) as poor:
        fight(Cast(actor=ADA, spell="Tidal Wave", ppe=60))
    assert poor.value.code == "not-enough-ppe"
    fight(Cast(actor=ADA, spell="Fire Ball", ppe=25))
    before = fight.state
    with pytest.raises(IllegalAction) as busy:
        fight(Cast(actor=ADA, spell="Blinding Flash", ppe=1))
    assert busy.value.code == "already-casting"
    assert fight.state is before


def test_instant_psionics_use_one_action_and_their_isp() -> None:
    """Seed: "Instant Psionics use one action to activate." (+psi)"""
    fight = caster()
    step = fight(Psionics(actor=ADA, power="Psi-Sword", isp=5, target=BO))
    assert any(isinstance(e, PsionicsUsed) for e in step.events)
    assert fight.actions("ada") == 2
    assert fight.state[ADA].pools["ISP"].current == 15
    with pytest.raises(IllegalAction) as refused:
        fight(Psionics(actor=ADA, power="Mind Bolt", isp=30))
    assert refused.value.code == "not-enough-isp"


def test_defensive_psionics_come_with_a_successful_parry() -> None:
    """Seed: "Defensive Psionics can be activated in a parry with a successful parry roll
    provided the defender is the target."""
    fight = caster()
    fight(EndTurn())
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    fight(Parry(actor=ADA, psi="Telekinetic Force Field", isp=6), 18)
    assert fight.state[ADA].pools["ISP"].current == 14
    fight(Strike(actor=BO, target=ADA, weapon="sword"), 12)
    fight(Parry(actor=ADA, psi="Telekinetic Force Field", isp=6), 2, 1, 1)
    assert fight.state[ADA].pools["ISP"].current == 14


def test_a_dodge_is_refused_when_horror_struck() -> None:
    fight = Fight(ada=sheet(), bo=sheet())
    fight(StartCombat(), 15, 10)
    fight(Strike(actor=ADA, target=BO, weapon="sword"), 12)
    fight(HorrorFactor(actor=BO, hf=12), 3)
    with pytest.raises(IllegalAction) as refused:
        fight(Dodge(actor=BO), 18)
    assert refused.value.code == "horror-struck"

"""Empower (with Miracle Empowerment) and Energy Charge on the engine, with loaded dice.

Tier 1 fighters: Wound d10 + Force 2 (Spirit 3 for energy), 30 KP, Capacity 20, Force
Modifier 2 (at most 1 Energy Charge) unless a test gives more.
"""

from __future__ import annotations

from typing import TypeVar

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event
from fracas.engine.gm import AddCombatant, SetPool
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import Attack, CombatRecovery, Empower, EnergyCharge, StopCharging
from fracas.rules.dbu.charging import CHARGING
from fracas.rules.dbu.economy import ACTIONS, KP
from fracas.rules.dbu.energy_rules import MIRACLE
from fracas.rules.dbu.events import EmpowermentRolled, StrikeRolled, WoundRolled
from fracas.rules.dbu.queries import GUARD_DOWN, has_effect
from fracas.rules.dbu.vocabulary import Foundation
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

E = TypeVar("E", bound=Event)

HERO_FIRST = (9, 2)
ENERGY = Foundation.ENERGY
ALLY = CombatantId("ally")


def events_of(encounter: Encounter, kind: type[E]) -> list[E]:
    return [e for e in encounter.steps[-1].events if isinstance(e, kind)]


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def with_ally(*faces: int, **hero: object) -> Encounter:
    """Hero (11) and Ally (10) against Foe (4); Hero's turn."""
    encounter = fight(*HERO_FIRST, 8, start=False, hero=make_sheet(**hero))
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())
    return encounter


# --- Empower ----------------------------------------------------------------------------


def test_the_empowerment_roll_caps_the_ki_transferred() -> None:
    """Seed: 'Roll as if you were making a Wound Roll for an Energy Attack, without Ki Wagering.
    This is known as the Empowerment Roll and decides the maximum amount of Ki Points you can
    transfer to your target.'"""
    encounter = with_ally()
    encounter.apply(SetPool(target=ALLY, pool=KP, value=5))
    encounter.apply(Empower(actor=HERO, target=ALLY, amount=20), faces=[6])
    (rolled,) = events_of(encounter, EmpowermentRolled)
    assert (rolled.roll.total, rolled.transferred, rolled.received) == (9, 9, 9)
    assert (pool(encounter, HERO, KP), pool(encounter, ALLY, KP)) == (21, 14)


def test_in_melee_range_the_empowerment_roll_is_maximum_and_can_be_raised_10t() -> None:
    """Seed: 'If your target is within your Melee Range, your Empowerment Roll scores maximum
    Natural Results on all dice rolled (including Critical Dice). You may choose to increase the
    result of your Empowerment Roll by up to +10(T).'"""
    encounter = with_ally()
    encounter.apply(SetPool(target=ALLY, pool=KP, value=0))
    encounter.apply(Empower(actor=HERO, target=ALLY, melee=True, boost=4), faces=[])
    (rolled,) = events_of(encounter, EmpowermentRolled)
    assert rolled.roll.critical is not None and rolled.roll.critical.total == 4
    assert rolled.roll.total == 10 + 4 + 3 + 4
    assert refused(encounter, Empower(actor=HERO, target=ALLY, boost=11)) == "bad-boost"


def test_empower_never_fills_past_the_maximum_without_a_miracle() -> None:
    encounter = with_ally()
    encounter.apply(Empower(actor=HERO, target=ALLY, amount=5), faces=[6])
    assert pool(encounter, ALLY, KP) == 30
    assert pool(encounter, HERO, KP) == 25


def test_miracle_empowerment_from_three_allies_gives_6d6() -> None:
    """Seed: 'Once per Combat Encounter, if you are the receiver of Ki from the Empowered
    Maneuver from more than 1 character in a single Combat Round and at least one of your Empower
    Maneuvers would increase your current Ki Points beyond your base Maximum Ki Point Pool, you
    may allow your current Ki Points to exceed your Maximum Ki Point Pool and increase all Combat
    Rolls by +2d6 for each character who transferred Ki Points to you until the end of your next
    turn. As an example, if you were given Ki from 3 Allies in one round you would increase all
    your Combat Rolls by +6d6'."""
    encounter = fight(2, 1, 9, 8, 7, start=False)
    allies = [CombatantId(f"ally-{n}") for n in (1, 2, 3)]
    for n in (1, 2, 3):
        sheet = make_sheet(name=f"Ally {n}")
        encounter.apply(AddCombatant(name=f"Ally {n}", side="heroes", sheet=sheet))
    encounter.apply(StartCombat())  # Ally 1 11, Ally 2 10, Ally 3 9, Hero 4, Foe 3
    encounter.apply(SetPool(target=HERO, pool=KP, value=10))
    for giver in allies[:2]:
        encounter.apply(Empower(actor=giver, target=HERO, amount=5), faces=[6])
        encounter.apply(EndTurn(actor=giver))
    assert pool(encounter, HERO, KP) == 20
    encounter.apply(Empower(actor=allies[2], target=HERO, miracle=True), faces=[9])
    assert pool(encounter, HERO, KP) == 20 + 12
    assert has_effect(encounter.state[HERO], MIRACLE)
    encounter.apply(EndTurn(actor=allies[2]))
    six = [1] * 6
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, *six, 9, 2, *six])
    (strike,) = events_of(encounter, StrikeRolled)
    assert strike.strike is not None
    assert strike.strike.dice.render() == "1d10 (5) + 6d6 (1, 1, 1, 1, 1, 1) = 11"
    encounter.apply(EndTurn(actor=HERO))
    assert not has_effect(encounter.state[HERO], MIRACLE)


def test_miracle_empowerment_needs_more_than_one_giver_and_comes_once() -> None:
    encounter = with_ally()
    assert refused(encounter, Empower(actor=HERO, target=ALLY, miracle=True)) == "miracle-givers"
    assert refused(encounter, Empower(actor=HERO, target=FOE)) == "not-an-ally"


# --- Energy Charge ----------------------------------------------------------------------


def charger(*faces: int) -> Encounter:
    """A Hero with Force Modifier 4: up to 2 Energy Charges."""
    return fight(*HERO_FIRST, *faces, hero=make_sheet(modifiers={"force": 4}))


def test_energy_charges_add_1d6t_wound_and_2t_ki_each_paid_on_release() -> None:
    """Seed: 'Your selected attack will cost an additional +2(T) Ki Points for each Energy
    Charge Maneuver you have completed. You pay the total Ki Point Cost for this Maneuver when
    you release the charged attack … Each Energy Charge increases the Wound Roll of your selected
    Attacking Maneuver by +1d6(T).'"""
    encounter = charger(9, 1, 5, 3, 4)
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(EnergyCharge(actor=HERO))
    assert pool(encounter, HERO, KP) == 30
    encounter.apply(Attack(actor=HERO, target=FOE, foundation=ENERGY))
    assert pool(encounter, HERO, KP) == 30 - 4
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.dice.render() == "1d10 (5) + 2d6 (3, 4) = 12"
    assert not has_effect(encounter.state[HERO], CHARGING)
    assert not has_effect(encounter.state[HERO], GUARD_DOWN)


def test_charges_are_capped_at_half_the_force_modifier() -> None:
    """Seed: 'you can only gain Energy Charge Maneuver for a number of actions equal to 1/2 of
    your Force Modifier (Physical/Energy) or Spirit Modifier (Magical).'"""
    encounter = fight(*HERO_FIRST)  # Force 2: one charge
    encounter.apply(EnergyCharge(actor=HERO))
    assert refused(encounter, EnergyCharge(actor=HERO)) == "charge-limit"


def test_charging_means_guard_down_and_only_the_declared_attack() -> None:
    """Seed: 'After you declare that you are using the Energy Charge Maneuver, you can only use
    your Actions to continue charging the attack or launch the declared attack … After using
    your first Energy Charge Maneuver, you suffer from the Guard Down Combat Condition until you
    utilize your selected Attacking Maneuver.'"""
    encounter = charger()
    encounter.apply(EnergyCharge(actor=HERO))
    assert has_effect(encounter.state[HERO], GUARD_DOWN)
    assert refused(encounter, Attack(actor=HERO, target=FOE)) == "charging"
    assert refused(encounter, CombatRecovery(actor=HERO)) == "charging"
    assert refused(encounter, EnergyCharge(actor=HERO, profile="beam")) == "other-attack"


def test_after_the_charged_attack_the_botch_rate_is_3_until_your_next_turn() -> None:
    """Seed: 'Until the start of your next turn, after using the attack chosen by the Energy
    Charge Maneuver your Botch Rate is increased to 3 or less'."""
    encounter = charger(1, 9)
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(Attack(actor=HERO, target=FOE, foundation=ENERGY))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Attack(actor=FOE, target=HERO), faces=[9, 3, 2])
    (strike,) = events_of(encounter, StrikeRolled)
    assert strike.dodge is not None and strike.dodge.botched


def test_stopping_a_charge_costs_1t_ki_per_charge_as_an_instant_action() -> None:
    """Seed: 'You may choose to stop charging your energy at any time as an Instant Action by
    spending 1(T) Ki Points for each Energy Charge. If you do so, you lose all Energy Charges but
    are free to use any other actions.'"""
    encounter = charger(1, 9)
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(StopCharging(actor=HERO))
    assert pool(encounter, HERO, KP) == 28
    assert pool(encounter, HERO, ACTIONS) == 1
    assert not has_effect(encounter.state[HERO], GUARD_DOWN)
    encounter.apply(Attack(actor=HERO, target=FOE))


def test_two_charges_open_a_duel_where_each_charge_is_plus_1t() -> None:
    """Seed: a Duel answers an attack that 'has 2+ Energy Charges'; in it 'any Energy Charges
    are replaced with a bonus of +1(T) for each Energy Charge'."""
    from fracas.rules.dbu.events import DuelExchanged

    encounter = charger(5, 5, 5, 5, 5, 5, 5)
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(Attack(actor=HERO, target=FOE, foundation=ENERGY, defense="duel"))
    first = events_of(encounter, DuelExchanged)[0]
    assert first.attack.total == 5 + 3 + 2
    assert first.attacker_won

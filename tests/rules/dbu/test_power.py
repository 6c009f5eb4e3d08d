"""Power Up, Surge, No Effort and standing up, on the engine. Hero: Tier 1, Capacity Rate 20,
30 KP, 40 LP, Force Modifier 2."""

from __future__ import annotations

import pytest

from fracas.app.session import Session
from fracas.engine.encounter import Encounter
from fracas.engine.gm import ApplyEffect, SetPool
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.dbu.actions import Attack, EnergyCharge, Move, NoEffort, PowerUp, Stand, Surge
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, KP, LP
from fracas.rules.dbu.events import CheckRolled, StrikeRolled
from fracas.rules.dbu.power_rules import POWERED_UP
from fracas.rules.dbu.queries import PRONE, has_effect
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def test_power_up_raises_capacity_by_a_quarter_and_combat_rolls_by_1t_twice_at_most() -> None:
    """Seed: 'When you use Power Up, increase your Capacity Rate by 1/4 and increase all Combat
    Rolls by +1(T) … The Power Up Maneuver cannot stack more than twice'."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(PowerUp(actor=HERO))
    encounter.apply(PowerUp(actor=HERO))
    assert encounter.state[HERO].pools[CAPACITY].maximum == 30
    assert pool(encounter, HERO, CAPACITY) == 30
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, 9])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.strike.total == 5 + 3 + 2
    encounter.apply(EndTurn(actor=FOE))  # round 2: the Hero's turn
    assert refused(encounter, PowerUp(actor=HERO)) == "power-up-stacks"


def test_power_up_lasts_until_the_end_of_your_next_turn_and_is_not_extended() -> None:
    """Seed: 'This increase lasts until the end of your next turn … using the Power Up Maneuver
    a second time does not extend the length of the effect.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(PowerUp(actor=HERO))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=FOE))
    encounter.apply(PowerUp(actor=HERO))
    encounter.apply(EndTurn(actor=HERO))
    assert not has_effect(encounter.state[HERO], POWERED_UP)


def test_power_surge_restores_a_quarter_of_ki_and_capacity_force_adds_to_ki_only() -> None:
    """Seed: 'When you use the Maneuver Power Surge, you'll restore 1/4 of your total Capacity
    and Ki Points … Increase how many Life/Ki Points you regain when using a Surge Maneuver by
    your Force Modifier.' 'You can use one Surge Maneuver per Combat Encounter'. Capacity Rate
    100, 200 KP, Force 4, both spent: Ki +50 + 4 = 54, Capacity +25 (the Force Modifier is
    for Life/Ki Points only); LP and Actions untouched (an Instant Action)."""
    sheet = make_sheet(capacity_rate=100, ki_points=200, modifiers={"force": 4})
    encounter = fight(*HERO_FIRST, hero=sheet)
    session = Session(encounter, "surge", setup=len(encounter.steps))
    for line in ("set hero kp 0", "set hero capacity 0", "surge power"):
        assert session.run(line).error is None
    hero = encounter.state[HERO]
    assert {name: p.current for name, p in hero.pools.items()} == {
        ACTIONS: 3, "Counter": 1, "Converted": 0, LP: 40, KP: 54, CAPACITY: 25,
    }  # fmt: skip
    assert refused(encounter, Surge(actor=HERO, kind="healing")) == "surged"


def test_healing_surge_heals_a_solid_2d10t_plus_force() -> None:
    """Seed: 'Healing Surge. Using this Maneuver heals and restores your Life Points. Roll a
    solid 2d10(T) and heal that many Life Points.' As an Instant Action, on anyone's turn."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(SetPool(target=FOE, pool=LP, value=10))
    encounter.apply(Surge(actor=FOE, kind="healing"), faces=[4, 5])
    assert pool(encounter, FOE, LP) == 10 + 9 + 2


def test_no_effort_sheathing_once_a_round_and_dropping_prone() -> None:
    """Seed: 'Unsheathing or sheathing a weapon. You can only use one of these effects during
    each Combat Round'; 'Dropping to the floor.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(NoEffort(actor=HERO, kind="sheathe"))
    assert refused(encounter, NoEffort(actor=HERO, kind="sheathe")) == "once-a-round"
    encounter.apply(NoEffort(actor=HERO, kind="prone"))
    assert has_effect(encounter.state[HERO], PRONE)
    assert pool(encounter, HERO, ACTIONS) == 3


def test_standing_up_costs_an_action_even_while_charging() -> None:
    """SOURCES.md 2.9: Prone: '1 Action to stand'. Seed (Energy Charge): 'You may still use
    Counter Actions, Instant Actions and spend One Action to stand up if knocked Prone.'"""
    encounter = fight(*HERO_FIRST, hero=make_sheet(modifiers={"force": 4}))
    encounter.apply(EnergyCharge(actor=HERO))
    encounter.apply(ApplyEffect(target=HERO, name=PRONE))
    encounter.apply(Stand(actor=HERO))
    assert not has_effect(encounter.state[HERO], PRONE)
    assert pool(encounter, HERO, ACTIONS) == 1
    assert refused(encounter, Stand(actor=HERO)) == "not-prone"


def test_prone_halves_speed_defense_value_and_haste() -> None:
    """SOURCES.md 2.9: 'Prone: Speed, Defense Value and Haste halved. Damage Category of incoming
    attacks +1. 1 Action to stand.' Hero: Agility Modifier 4 (Haste 2), Boosted Speed 10."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(ApplyEffect(target=HERO, name=PRONE))
    encounter.apply(ApplyEffect(target=FOE, name=PRONE))
    assert refused(encounter, Move(actor=HERO, squares=6)) == "too-far"
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, 5])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.dodge is not None
    assert (strike.strike.total, strike.dodge.total) == (5 + 1 + 1, 5 + 2)


def test_a_quick_word_is_an_opposed_check_against_the_targets_intuition() -> None:
    """Seed (No Effort): 'Briefly speaking to try and dissuade the actions of another character.
    This can be done through using an Opposed Skill Check, your Persuasion, Bluff or Intimidate
    against the target's Intuition.' Intimidate 6 + 3 beats Intuition 5 + 1; a tie goes to the
    target. No Action is spent."""
    encounter = fight(
        *HERO_FIRST,
        hero=make_sheet(skills={"intimidate": 3}),
        foe=make_sheet(skills={"intuition": 1}),
    )
    encounter.apply(
        NoEffort(actor=HERO, kind="speak", target=FOE, skill="intimidate"), faces=[6, 5]
    )
    mine, theirs = [e for e in encounter.steps[-1].events if isinstance(e, CheckRolled)]
    assert (mine.check, mine.roll.total, mine.success) == ("Intimidate (speak)", 9, True)
    assert (theirs.combatant, theirs.roll.total) == (FOE, 6)
    encounter.apply(NoEffort(actor=HERO, kind="sneak", target=FOE), faces=[4, 3])
    sneak, _ = [e for e in encounter.steps[-1].events if isinstance(e, CheckRolled)]
    assert (sneak.check, sneak.success) == ("Stealth (sneak)", False)
    assert pool(encounter, HERO, ACTIONS) == 3
    assert refused(encounter, NoEffort(actor=HERO, kind="drop", target=FOE)) == "no-check"

"""Holding Back and Clairvoyance on the engine, with loaded dice."""

from __future__ import annotations

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.events import Note
from fracas.engine.ruleset import IllegalAction
from fracas.rules.dbu.actions import Attack, HoldBack, Sense
from fracas.rules.dbu.economy import KP
from fracas.rules.dbu.events import CheckRolled, StrikeRolled
from fracas.rules.dbu.queries import HOLDING_BACK, holding_back, tier_of
from fracas.rules.dbu.vocabulary import Foundation
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def test_each_stack_lowers_the_tier_of_power_by_one() -> None:
    """Seed: 'Each stack treats your Tier of Power as if it was -1 lower … Your Ki Point Costs
    when using the Holding Back Maneuver use your current Tier of Power'. A Tier 3 Hero holding
    back 1 stack rolls Tier 2's Extra Dice (d4) and pays a Wave's 6(T) at Tier 2."""
    encounter = fight(*HERO_FIRST, hero=make_sheet(tier=3))
    encounter.apply(HoldBack(actor=HERO, stacks=1))
    assert tier_of(encounter.state[HERO]) == 2
    encounter.apply(
        Attack(actor=HERO, target=FOE, foundation=Foundation.ENERGY, profile="wave"),
        faces=[2, 1, 9],
    )
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.strike.dice.render() == "1d10 (2) + 1d4 (1) = 3"
    assert pool(encounter, HERO, KP) == 30 - 12


def test_full_stacks_make_tier_1_with_a_minus_1t_base_penalty() -> None:
    """Seed: 'If your number of Holding Back stacks would match your base Tier of Power, your
    Tier of Power is 1 but you receive a penalty to all Combat Rolls equal to -1(T) – use your
    base Tier of Power for calculating this penalty.'"""
    encounter = fight(*HERO_FIRST, hero=make_sheet(tier=3))
    encounter.apply(HoldBack(actor=HERO, stacks=3))
    assert tier_of(encounter.state[HERO]) == 1
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, 9])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.strike.total == 5 + 3 - 3


def test_holding_back_once_a_fight_up_to_the_tier_and_ended_at_will() -> None:
    """Seed: 'Once per Combat Encounter, you can apply one or more stacks … You can only have a
    number of Holding Back stacks equal to your Tier of Power … This effect lasts until you end
    it as an Instant Action.'"""
    encounter = fight(*HERO_FIRST, hero=make_sheet(tier=2))
    assert refused(encounter, HoldBack(actor=HERO, stacks=3)) == "bad-stacks"
    encounter.apply(HoldBack(actor=HERO, stacks=1))
    encounter.apply(HoldBack(actor=HERO, stacks=0))
    assert holding_back(encounter.state[HERO]) == 0
    assert refused(encounter, HoldBack(actor=HERO, stacks=1)) == "held-back"


def test_reaching_a_threshold_while_holding_back_calls_for_concealment() -> None:
    """Seed: 'Whenever you reach a Health Threshold, you must make a Concealment Skill Check, TN
    Medium. If you fail, you lose -1 Holding Back stack. If you succeed, you remain at your
    current level of stacks.'"""
    foe = make_sheet(tier=3, skills={"concealment": 2})
    encounter = fight(*HERO_FIRST, foe=foe)
    encounter.apply(HoldBack(actor=FOE, stacks=2))
    # Strike 9 + 3 against the Foe's Dodge (now Tier 1) 1 + 4 - 2 (botch): a hit; Wound 9 + 2
    # + 3 = 14 less Soak 2: 12 of 40 LP, Injured. Concealment: 1d10 (4) + 2 against TN 10.
    encounter.apply(Attack(actor=HERO, target=FOE, wager=3), faces=[9, 1, 9, 4])
    check = [e for e in encounter.steps[-1].events if isinstance(e, CheckRolled)]
    assert [(c.roll.total, c.against, c.success) for c in check] == [(4 + 2, 10, False)]
    assert holding_back(encounter.state[FOE]) == 1


def test_clairvoyance_against_concealment_once_a_round() -> None:
    """Seed: 'Once per Combat Round, your opponent may attempt to see if you're holding back by
    making a Clairvoyance Skill Check as an Instant Action, opposed by your Concealment Skill. If
    they win, they know how many stacks of Holding Back you have.'"""
    seer = make_sheet(skills={"clairvoyance": 3})
    encounter = fight(*HERO_FIRST, foe=make_sheet(tier=2), hero=seer)
    encounter.apply(HoldBack(actor=FOE, stacks=1))
    encounter.apply(Sense(actor=HERO, target=FOE), faces=[6, 4])
    notes = [e for e in encounter.steps[-1].events if isinstance(e, Note)]
    assert notes and "1 stack" in notes[0].text
    assert refused(encounter, Sense(actor=HERO, target=FOE)) == "once-a-round"
    assert encounter.state[FOE].has(HOLDING_BACK)


def test_at_full_stacks_maneuvers_cost_1t_less_ki_by_the_base_tier() -> None:
    """Seed: 'If your number of Holding Back stacks is equal to your base Tier of Power, reduce
    the Ki Point cost of all Maneuvers by -1(T) – use your base Tier of Power for calculating
    this reduction.' Tier 3 held back to Tier 1: a Wave costs 6(T) = 6 at Tier 1, less 3."""
    encounter = fight(*HERO_FIRST, hero=make_sheet(tier=3))
    encounter.apply(HoldBack(actor=HERO, stacks=3))
    encounter.apply(
        Attack(actor=HERO, target=FOE, foundation=Foundation.ENERGY, profile="wave"),
        faces=[1, 9],
    )
    assert pool(encounter, HERO, KP) == 30 - 3

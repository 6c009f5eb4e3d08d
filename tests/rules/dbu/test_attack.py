"""The Basic Attack Maneuver on the engine: Strike vs Dodge, Wound vs Soak, Damage Categories,
Life and Ki Points, Ki Wagers against the Capacity Rate, Desperation, Diminishing Defense,
Bonus Momentum, Counter Actions; loaded dice.

Hero and Foe are Tier 1 (no Extra Dice): Strike d10 + Haste 2 + Awareness 1, Dodge d10 +
Defense Value 4, Wound d10 + Force 2 (Spirit 3 for energy), Soak 2, 40 LP, 30 KP, Capacity 20.
"""

from __future__ import annotations

from typing import TypeVar

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.events import CombatEnded, Event, RoundStarted, TurnEnded, TurnStarted
from fracas.engine.gm import ApplyEffect, SetPool
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.dbu.actions import Attack, Convert
from fracas.rules.dbu.attack import PROVOKING
from fracas.rules.dbu.economy import ACTIONS, CAPACITY, CONVERTED, COUNTER, KP, LP
from fracas.rules.dbu.events import DamageTaken, StrikeRolled, ThresholdReached, WoundRolled
from fracas.rules.dbu.queries import PRONE
from fracas.rules.dbu.vocabulary import Category, Foundation
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

E = TypeVar("E", bound=Event)

HERO_FIRST = (9, 2)
"""Initiative d10s: Hero 11, Foe 4."""


def events_of(encounter: Encounter, kind: type[E]) -> list[E]:
    """The events of ``kind`` in the last step."""
    return [e for e in encounter.steps[-1].events if isinstance(e, kind)]


def test_a_strike_higher_than_the_dodge_hits_and_the_wound_roll_goes_through_soak() -> None:
    """Seed: 'If the Strike Roll is higher, the attack successfully hits … Afterwards, proceed to
    a Wound Roll … add either your Force or Spirit Modifier'. SOURCES.md 2.5: 'Wound Roll dice
    score - Soak is removed from LP'."""
    encounter = fight(*HERO_FIRST, 8, 6, 7)
    encounter.apply(Attack(actor=HERO, target=FOE))
    (strike,) = events_of(encounter, StrikeRolled)
    assert strike.dodge is not None
    assert (strike.strike.total, strike.dodge.total, strike.hit) == (11, 10, True)
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.total == 9
    (taken,) = events_of(encounter, DamageTaken)
    assert (taken.account.total, taken.lp_after) == (7, 33)
    assert pool(encounter, FOE, LP) == 33


def test_a_tie_misses_and_no_wound_is_rolled() -> None:
    """SOURCES.md section 8: DBU ties go to the defender."""
    encounter = fight(*HERO_FIRST, 7, 6)
    encounter.apply(Attack(actor=HERO, target=FOE))
    (strike,) = events_of(encounter, StrikeRolled)
    assert not strike.hit
    assert not events_of(encounter, WoundRolled)
    assert pool(encounter, FOE, LP) == 40


def test_an_energy_attack_adds_spirit_and_its_profile_sets_ki_cost_and_category() -> None:
    """Seed: the Wound Roll adds 'either your Force or Spirit Modifier depending on the type of
    attack used'; SOURCES.md 2.11: Wave costs 6 and deals Direct damage (Soak halved)."""
    encounter = fight(*HERO_FIRST, 8, 1, 7)
    encounter.apply(Attack(actor=HERO, target=FOE, foundation=Foundation.ENERGY, profile="wave"))
    assert pool(encounter, HERO, KP) == 24
    assert pool(encounter, HERO, CAPACITY) == 14
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.total == 10
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.category is Category.DIRECT
    assert taken.account.total == 9


def test_a_profile_of_another_foundation_is_refused() -> None:
    encounter = fight(*HERO_FIRST)
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, profile="wave"))
    assert refused.value.code == "wrong-profile"
    assert encounter.state is before


def test_a_ki_wager_adds_to_the_wound_roll_and_counts_against_capacity() -> None:
    """SOURCES.md 2.7: 'Ki Wager: extra Ki spent on an Attacking Maneuver to raise its Wound
    Roll … +1 Wound per Ki … Wagers count against Capacity.'"""
    encounter = fight(*HERO_FIRST, 8, 1, 7)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=5))
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.total == 7 + 2 + 5
    assert (pool(encounter, HERO, KP), pool(encounter, HERO, CAPACITY)) == (25, 15)


def test_ki_beyond_the_capacity_rate_is_refused() -> None:
    """SOURCES.md 2.7: 'Capacity (Rate) = the maximum Ki a character may spend per Combat
    Round.'"""
    encounter = fight(*HERO_FIRST, 8, 1, 7)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=15))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, wager=6))
    assert refused.value.code == "not-enough-capacity"
    assert encounter.state is before


def test_desperation_wagers_life_points_only_against_a_target_two_tiers_higher() -> None:
    """Seed: 'if the target is at least 2 Tiers of Power higher than you, you can wager Life
    Points on your attack as if they were Ki Points … You can wager both Life and Ki Points'."""
    encounter = fight(*HERO_FIRST, foe=make_sheet(tier=2))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=HERO, target=FOE, desperation=5))
    assert refused.value.code == "no-desperation"
    assert encounter.state is before
    # Tier 3: Extra Dice d6 on the Dodge Roll; the foe's Soak is 1(T) = 3.
    encounter = fight(*HERO_FIRST, 9, 1, 1, 7, foe=make_sheet(tier=3))
    encounter.apply(Attack(actor=HERO, target=FOE, desperation=5, wager=2))
    assert pool(encounter, HERO, LP) == 35
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.total == 7 + 2 + 7


def test_diminishing_defense_lowers_each_later_dodge_this_round() -> None:
    """SOURCES.md section 8: 'Diminishing Defense: -1 Dodge per attack already received this
    round.'"""
    encounter = fight(*HERO_FIRST, 1, 5, 1, 5, 1, 5)
    dodges = []
    for _ in range(2):
        encounter.apply(Attack(actor=HERO, target=FOE))
        dodge = events_of(encounter, StrikeRolled)[0].dodge
        assert dodge is not None
        dodges.append(dodge.total)
    assert dodges == [9, 8]


def test_a_prone_target_takes_one_damage_category_higher() -> None:
    """SOURCES.md 2.9: 'Prone: … Damage Category of incoming attacks +1.'"""
    encounter = fight(*HERO_FIRST, 9, 1, 7)
    encounter.apply(ApplyEffect(target=FOE, name=PRONE))
    encounter.apply(Attack(actor=HERO, target=FOE))
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.category is Category.DIRECT
    assert taken.account.total == 9 - 1


def test_bonus_momentum_gives_one_action_per_round_for_reaching_a_threshold() -> None:
    """Seed: 'You gain +1 additional Action to spend if you successfully Strike a combatant and
    that combatant reaches a Health Threshold as a result of the damage inflicted from that
    attack's Wound Roll … you can only gain one Action through Bonus Momentum during each Combat
    Round.'"""
    encounter = fight(*HERO_FIRST, 10, 4, 1, 10, 4, 9, 2, 10, 2, 8)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=3))  # 10+3 +1d4(4) vs 5; 10+2+3+4 = 19
    assert pool(encounter, FOE, LP) == 40 - 17
    assert [e.band for e in events_of(encounter, ThresholdReached)] == ["Injured"]
    assert pool(encounter, HERO, ACTIONS) == 3
    encounter.apply(Attack(actor=HERO, target=FOE, wager=3))  # a second threshold
    assert events_of(encounter, ThresholdReached)
    assert pool(encounter, HERO, ACTIONS) == 2


def test_the_defeated_take_no_turns_and_the_fight_ends_with_one_side_standing() -> None:
    """Seed: 'combat continues to another round until one side is overcome'."""
    encounter = fight(*HERO_FIRST, 10, 4, 1, 10, 4, foe=make_sheet(life_points=10))
    encounter.apply(Attack(actor=HERO, target=FOE, wager=2))
    assert pool(encounter, FOE, LP) <= 0
    assert encounter.state.ended


def test_a_killing_blow_with_the_last_action_ends_the_fight_in_its_round() -> None:
    """Seed: 'combat continues to another round until one side is overcome': once it is, no
    turn starts (not even the defeated's, to be skipped into the next round)."""
    foe = make_sheet(life_points=30)
    encounter = fight(*HERO_FIRST, 10, 4, 1, 10, 4, 10, 4, 1, 10, 4, foe=foe)
    encounter.apply(Attack(actor=HERO, target=FOE, wager=2))  # 16 of 30: Bonus Momentum
    encounter.apply(SetPool(target=HERO, pool=ACTIONS, value=1))
    step = encounter.apply(Attack(actor=HERO, target=FOE, wager=2))  # 16 more, no Action left
    ended = [e for e in step.events if isinstance(e, (TurnEnded, TurnStarted, RoundStarted))]
    assert ended == [TurnEnded((HERO,))]
    assert encounter.state.ended and encounter.state.clock.round == 1
    assert step.events[-1] == CombatEnded("heroes win")


def test_a_counter_action_attack_needs_a_provoking_target() -> None:
    """Seed: 'If any Maneuver says that it may trigger a Counter Action, it means you may use
    your Counter Actions to use any type of Attacking Maneuver you can afford the Action Cost
    of.'"""
    encounter = fight(*HERO_FIRST, 9, 1, 5)
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=FOE, target=HERO, counter=True))
    assert refused.value.code == "no-counter-trigger"
    assert encounter.state is before
    encounter.apply(ApplyEffect(target=HERO, name=PROVOKING))
    encounter.apply(Attack(actor=FOE, target=HERO, counter=True))
    assert (pool(encounter, FOE, COUNTER), pool(encounter, FOE, ACTIONS)) == (0, 3)
    assert events_of(encounter, StrikeRolled)[0].hit


def test_a_converted_counter_action_is_spent_before_the_rounds_own_when_it_expires_first() -> None:
    """Seed: converted Counter Actions 'are lost at the start of your next turn': before the
    Foe's turn comes, a converted one goes first; the round's own is kept."""
    encounter = fight(*HERO_FIRST, 1, 9)
    encounter.apply(Convert(actor=FOE))
    encounter.apply(ApplyEffect(target=HERO, name=PROVOKING))
    encounter.apply(Attack(actor=FOE, target=HERO, counter=True))
    assert (pool(encounter, FOE, CONVERTED), pool(encounter, FOE, COUNTER)) == (0, 1)


def test_nothing_more_happens_once_the_last_foe_is_defeated() -> None:
    encounter = fight(*HERO_FIRST, 10, 4, 1, 10, 4, foe=make_sheet(life_points=10))
    encounter.apply(Attack(actor=HERO, target=FOE, wager=2))
    with pytest.raises(IllegalAction):
        encounter.apply(Attack(actor=HERO, target=FOE))
    with pytest.raises(IllegalAction):
        encounter.apply(EndTurn(actor=HERO))

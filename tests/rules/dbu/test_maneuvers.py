"""The chapter's maneuvers on the engine, in the seed's order, with loaded dice.

Hero and Foe are Tier 1 (no Extra Dice) unless a test says otherwise: Strike d10 + 3, Dodge
d10 + 4, Wound d10 + Force 2, Soak 2, 40 LP, 30 KP, Capacity 20, Boosted Speed 10.
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
from fracas.rules.dbu.actions import Attack, Blitz, CalledShot, CombatRecovery, Command, Convert
from fracas.rules.dbu.attack import BLITZED, called_shot_penalty
from fracas.rules.dbu.economy import ACTIONS, CONVERTED, COUNTER, KP, LP
from fracas.rules.dbu.events import DamageTaken, PointsRolled, StrikeRolled, WoundRolled
from fracas.rules.dbu.queries import has_effect
from fracas.rules.dbu.vocabulary import Category
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

E = TypeVar("E", bound=Event)

HERO_FIRST = (9, 2)

MINION = CombatantId("minion")


def events_of(encounter: Encounter, kind: type[E]) -> list[E]:
    return [e for e in encounter.steps[-1].events if isinstance(e, kind)]


# --- Blitz ------------------------------------------------------------------------------


def test_blitz_costs_two_actions_and_6t_ki_and_adds_2t_wound_per_square() -> None:
    """Seed: 'Blitz Maneuver (2 Actions) … Increase the Ki Point cost for a Blitz Maneuver by
    +6(T). Increase the Wound Roll of this attacking maneuver by +2(T) for each square you
    traveled to your opponent'."""
    # Tier 2 (a Tier above: 4 Actions): Strike 8 + 1d4, the Foe's Dodge 1, Wound 5 + 1d4.
    encounter = fight(
        *HERO_FIRST, 8, 2, 1, 5, 3, hero=make_sheet(tier=2), foe=make_sheet(life_points=100)
    )
    encounter.apply(Blitz(actor=HERO, target=FOE, distance=4))
    assert pool(encounter, HERO, ACTIONS) == 4 - 2
    assert pool(encounter, HERO, KP) == 30 - 12
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.total == 5 + 3 + 2 + 16


def test_blitz_wound_bonus_is_capped_at_16t() -> None:
    """Seed: 'up to a maximum of +16(T)'."""
    encounter = fight(*HERO_FIRST, 8, 1, 5, hero=make_sheet(boosted_speed=12))
    encounter.apply(Blitz(actor=HERO, target=FOE, distance=12))
    (wound,) = events_of(encounter, WoundRolled)
    assert wound.wound.total == 5 + 2 + 16


def test_blitz_needs_two_squares_and_a_boosted_speed_that_covers_them() -> None:
    """Seed: 'You must be at least 2 Squares away from the target … (if your Boosted Speed can
    cover the distance between you and your target)'; 'a Basic Physical Attack of either the
    Simple or Powered Profile'."""
    encounter = fight(*HERO_FIRST)
    before = encounter.state
    for action, code in (
        (Blitz(actor=HERO, target=FOE, distance=1), "too-close"),
        (Blitz(actor=HERO, target=FOE, distance=11), "too-far"),
        (Blitz(actor=HERO, target=FOE, profile="combination"), "wrong-profile"),
    ):
        with pytest.raises(IllegalAction) as refused:
            encounter.apply(action)
        assert refused.value.code == code
        assert encounter.state is before


def test_after_a_blitz_the_botch_rate_is_3_until_the_start_of_your_next_turn() -> None:
    """Seed: 'After you use the Blitz Maneuver, your Botch Rate is increased to 3 for all Combat
    Rolls until the start of your next turn.'"""
    encounter = fight(*HERO_FIRST, 1, 9, 9, 3, 5)
    encounter.apply(Blitz(actor=HERO, target=FOE, distance=3))
    assert has_effect(encounter.state[HERO], BLITZED)
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Attack(actor=FOE, target=HERO))  # the Hero dodges with a natural 3: a botch
    (strike,) = events_of(encounter, StrikeRolled)
    assert strike.dodge is not None and strike.dodge.botched
    encounter.apply(EndTurn(actor=FOE))
    assert not has_effect(encounter.state[HERO], BLITZED)


# --- Called Shot ------------------------------------------------------------------------


def test_called_shot_penalties_by_range() -> None:
    """Seed: 'While in Melee Range, a Called Shot suffers a -1(T) penalty to your Strike Roll.
    If you are making a Called Shot at range, you will suffer a negative -2(T) penalty … Range
    penalties are increased by -1 for every 4 Squares away'."""
    assert called_shot_penalty(1, 2, melee_range=1) == -2
    assert called_shot_penalty(3, 2, melee_range=1) == -4
    assert called_shot_penalty(8, 2, melee_range=1) == -6


def test_a_called_shot_that_hits_raises_the_damage_category() -> None:
    """Seed: 'If you succeed at a Called Shot, increase the Damage Category for your attack by
    one category (Standard becomes Direct, Direct becomes Lethal). Additionally, if you aim for
    a vulnerable spot, your ARC may allow you to gain a damage bonus of +3(T)'."""
    encounter = fight(*HERO_FIRST, 9, 2, 6, foe=make_sheet(life_points=100))
    encounter.apply(CalledShot(actor=HERO, target=FOE, vulnerable=True))
    assert pool(encounter, HERO, ACTIONS) == 1
    (strike,) = events_of(encounter, StrikeRolled)
    assert strike.strike.total == 9 + 3 - 1
    (taken,) = events_of(encounter, DamageTaken)
    assert taken.account.category is Category.DIRECT
    assert taken.account.wound == 6 + 2 + 3
    assert taken.account.total == 11 - 1


# --- Combat Recovery --------------------------------------------------------------------


def test_combat_recovery_restores_life_and_ki_by_a_solid_2d10t() -> None:
    """Seed: 'When you perform this maneuver roll a solid 2d10(T) and restore both your Life and
    Ki Points by the corresponding natural result.' (Tier 2: 4d10, no Extra Dice.)"""
    encounter = fight(*HERO_FIRST, hero=make_sheet(tier=2))
    encounter.apply(SetPool(target=HERO, pool=LP, value=10))
    encounter.apply(SetPool(target=HERO, pool=KP, value=25))
    encounter.apply(CombatRecovery(actor=HERO), faces=[1, 2, 3, 4])
    assert pool(encounter, HERO, LP) == 20
    assert pool(encounter, HERO, KP) == 30  # never above the maximum
    assert pool(encounter, HERO, ACTIONS) == 4 - 2


def test_a_counter_action_that_hits_stops_the_recovery_and_bars_the_counterer() -> None:
    """Seed: 'You provoke a Counter Action against you from all opponents within 6 Squares …
    if an opponent uses a Counter Action against Combat Recovery, they cannot use Combat
    Recovery on their next turn. If you are hit by this Counter Action, you do not regain any
    Life or Ki Points'."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(SetPool(target=HERO, pool=LP, value=20))
    encounter.apply(CombatRecovery(actor=HERO, countered_by=(FOE,)), faces=[9, 1, 5])
    assert pool(encounter, FOE, COUNTER) == 0
    assert pool(encounter, HERO, LP) == 20 - 5
    assert not events_of(encounter, PointsRolled)
    encounter.apply(EndTurn(actor=HERO))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(CombatRecovery(actor=FOE))
    assert refused.value.code == "no-recovery"
    assert encounter.state is before


def test_a_counter_action_that_misses_lets_the_recovery_happen() -> None:
    encounter = fight(*HERO_FIRST)
    encounter.apply(SetPool(target=HERO, pool=LP, value=20))
    encounter.apply(CombatRecovery(actor=HERO, countered_by=(FOE,)), faces=[1, 9, 6, 6])
    assert pool(encounter, HERO, LP) == 32


# --- Command ----------------------------------------------------------------------------


def commanded(personality: int = 0) -> Encounter:
    """The Hero masters a Minion on their side (Initiative: Hero 11, Foe 4, Minion 3)."""
    encounter = fight(
        *HERO_FIRST, 1, start=False, hero=make_sheet(modifiers={"personality": personality})
    )
    encounter.apply(
        AddCombatant(name="Minion", side="heroes", sheet=make_sheet(name="Minion", master="Hero"))
    )
    encounter.apply(StartCombat())
    return encounter


def test_command_gives_a_minion_two_actions_one_bound_to_movement_or_counters() -> None:
    """Seed: 'Select one Minion you are the Master of. They gain 2 Actions to use during their
    turn. One of these actions must be used for a Movement Maneuver or must be transferred into
    a Counter Action.'"""
    encounter = commanded()
    encounter.apply(Command(actor=HERO, minion=MINION))
    assert pool(encounter, MINION, ACTIONS) == 5
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=FOE))
    for _ in range(4):
        encounter.apply(Attack(actor=MINION, target=FOE), faces=[1, 9])
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Attack(actor=MINION, target=FOE))
    assert refused.value.code == "commanded-action"
    assert encounter.state is before
    encounter.apply(Convert(actor=MINION))
    assert pool(encounter, MINION, CONVERTED) == 1


def test_command_only_for_your_own_minion() -> None:
    encounter = commanded()
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Command(actor=HERO, minion=FOE))
    assert refused.value.code == "not-your-minion"


@pytest.mark.parametrize(("personality", "uses"), [(5, 1), (6, 2), (10, 3)])
def test_command_once_a_round_more_with_personality(personality: int, uses: int) -> None:
    """Seed: 'You can only use this maneuver once per Combat Round. Increase the number of times
    you can use this maneuver during each Combat Round by +1 when your Personality Modifier
    reaches 6 and +2 when your Personality Modifier reaches 10.'"""
    encounter = commanded(personality)
    for _ in range(uses):
        encounter.apply(Command(actor=HERO, minion=MINION))
    if uses < 3:
        with pytest.raises(IllegalAction) as refused:
            encounter.apply(Command(actor=HERO, minion=MINION))
        assert refused.value.code == "command-used"

"""The Movement Maneuver on the engine: Boosted Speed's Ki, Rapid Movement, flight, provoking
Counter Actions, and moving in a Grapple. Hero: Normal Speed 5, Boosted 10, 30 KP, Capacity 20."""

from __future__ import annotations

import pytest

from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction
from fracas.rules.dbu.actions import Attack, Grapple, Move, Pin
from fracas.rules.dbu.attack import PROVOKING
from fracas.rules.dbu.economy import ACTIONS, KP, LP
from fracas.rules.dbu.events import StrikeRolled
from fracas.rules.dbu.grapple import GRAPPLING
from fracas.rules.dbu.movement import RAPID, boosted_ki, grapple_drag_ki
from fracas.rules.dbu.queries import has_effect
from fracas.rules.dbu.vocabulary import Size
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def test_seven_boosted_squares_at_normal_speed_5_cost_6_ki() -> None:
    """Seed: 'if you moved your maximum Boosted Speed of 7 squares while your Normal Speed was 5
    squares, you would pay 6 Ki Points.'"""
    assert boosted_ki(7, 5, per_square=3) == 6
    encounter = fight(*HERO_FIRST, hero=make_sheet(normal_speed=5, boosted_speed=7))
    encounter.apply(Move(actor=HERO, squares=7))
    assert (pool(encounter, HERO, KP), pool(encounter, HERO, ACTIONS)) == (24, 2)
    encounter.apply(Move(actor=HERO, squares=5))
    assert pool(encounter, HERO, KP) == 24
    assert refused(encounter, Move(actor=HERO, squares=8)) == "too-far"


def test_leaving_melee_range_provokes_a_counter_action() -> None:
    """Seed: 'if you leave the Melee Range of any enemy combatants (even if you entered it with
    the same Movement Maneuver), you will provoke a Counter Action against you.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Move(actor=HERO, squares=3, leaving=True))
    assert has_effect(encounter.state[HERO], PROVOKING)
    encounter.apply(Attack(actor=FOE, target=HERO, counter=True), faces=[1, 9])


def test_rapid_movement_costs_3_ki_a_square_and_gives_2t_strike_without_provoking() -> None:
    """Seed: 'Rapid Movement lets you move any number of Squares up to your Boosted Speed
    instantly without provoking a Counter Action. Increase the Ki Point Cost of the Movement
    Maneuver by +3 for each Square you move … even if it is within your Normal Speed. Using
    Rapid Movement increases your Strike Rolls for the remainder of your turn by +2(T). This
    effect cannot stack with itself.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Move(actor=HERO, squares=2, rapid=True, leaving=True))
    assert pool(encounter, HERO, KP) == 24
    assert not has_effect(encounter.state[HERO], PROVOKING)
    encounter.apply(Move(actor=HERO, squares=1, rapid=True))
    assert len([e for e in encounter.state[HERO].effects if e.name == RAPID]) == 1
    encounter.apply(Attack(actor=HERO, target=FOE), faces=[5, 9])
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.strike.total == 5 + 3 + 2


def test_flying_needs_a_force_or_spirit_modifier_of_3() -> None:
    """Seed: 'You must possess a Force or Spirit Modifier of 3+ to fly.'"""
    grounded = make_sheet(modifiers={"force": 2, "spirit": 2})
    encounter = fight(*HERO_FIRST, hero=grounded)
    assert refused(encounter, Move(actor=HERO, squares=2, fly=True)) == "cannot-fly"
    encounter = fight(*HERO_FIRST)  # Spirit 3
    encounter.apply(Move(actor=HERO, squares=2, fly=True))


def test_moving_a_target_in_a_grapple() -> None:
    """Seed: 'If a character within a Grapple attempts to use a Movement Maneuver, they must make
    an Opposed Force Check … If they succeed, they can use the Movement Maneuver as normal but
    their Normal and Boosted speeds are reduced by 1/2 (rounded up) … If a character suffering
    from the Pinned Combat Condition is moved in this manner, they take 2 Lethal Damage for each
    Square moved.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Grapple(actor=HERO, target=FOE), faces=[8, 5])
    encounter.apply(Pin(actor=HERO), faces=[8, 5])
    assert refused(encounter, Move(actor=HERO, squares=6)) == "too-far"  # Boosted 10 → 5
    # Force checks 9 against 4; the last Action spent, the Foe's turn starts with a check.
    encounter.apply(Move(actor=HERO, squares=3), faces=[7, 2, 8, 5])
    assert pool(encounter, HERO, KP) == 30 - 0  # 3 squares within the halved Normal Speed 3
    assert pool(encounter, FOE, LP) == 40 - 6
    assert has_effect(encounter.state[HERO], GRAPPLING)


def test_dragging_a_larger_character_costs_ki_a_square() -> None:
    """Seed: 'they must pay 2 Ki Points for each square moved if the other character is a Size
    Category larger than them. Increase this cost by +1 Ki Points for each Size Category the
    other character is larger than them by after the first.'"""
    assert grapple_drag_ki(Size.MEDIUM, Size.MEDIUM) == 0
    assert grapple_drag_ki(Size.MEDIUM, Size.LARGE) == 2
    assert grapple_drag_ki(Size.SMALL, Size.LARGE) == 3

"""Positions on the optional grid: Establishing Positions, and the rules that count squares.

Hero (Initiative 11) and Foe (4), Tier 1: Strike d10 + 3, Dodge d10 + 4, Wound d10 + Force 2,
Soak 2, 40 LP; Normal Speed 5, Boosted Speed 10; Melee Range 1 square.
"""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import EncounterState
from fracas.engine.turns import StartCombat
from fracas.rules.dbu.actions import (
    Attack,
    Blitz,
    CalledShot,
    CombatRecovery,
    Grapple,
    Move,
    Place,
)
from fracas.rules.dbu.attack import PROVOKING
from fracas.rules.dbu.events import StrikeRolled, WoundRolled
from fracas.rules.dbu.positions import SQUARE, distance
from fracas.rules.dbu.queries import has_effect
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.strike import SHAKEN
from tests.rules.dbu.support import FOE, HERO, SETTINGS, fight, make_sheet

HERO_FIRST = (9, 2)


def placed(hero: tuple[int, int], foe: tuple[int, int], *faces: int) -> Encounter:
    """Hero and Foe placed before the fight starts (the Initiative d10s first)."""
    encounter = fight(*HERO_FIRST, *faces, start=False)
    encounter.apply(Place(target=HERO, x=hero[0], y=hero[1]))
    encounter.apply(Place(target=FOE, x=foe[0], y=foe[1]))
    encounter.apply(StartCombat())
    return encounter


def square(state: EncounterState, who: CombatantId) -> object:
    return state[who].marks.get(SQUARE)


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def test_the_architect_establishes_positions_before_the_battle() -> None:
    """Seed: '1. Establishing Positions. The Architect and players decide and determine where
    the combatants involved in the encounter are positioned at the start of the battle.' A
    diagonal step is one square (a reading, ``grid_diagonals``)."""
    encounter = placed((0, 0), (3, 2))
    assert square(encounter.state, HERO) == "0,0"
    assert distance(encounter.state, HERO, FOE, settings=SETTINGS) == 3
    manhattan = DbuSettings(grid_diagonals="manhattan")
    assert distance(encounter.state, HERO, FOE, settings=manhattan) == 5
    assert refused(encounter, Place(target=HERO, x=3, y=2)) == "occupied"
    assert refused(encounter, Place(actor=HERO, target=HERO, x=1, y=1)) == "game-master-only"


def test_a_blitz_counts_the_squares_and_ends_beside_the_target() -> None:
    """Seed: 'you will travel in a straight line towards the target … Increase the Wound Roll
    … by +2(T) for each square you traveled to your opponent'. Four squares: +8; Strike 8 + 3
    against Dodge 1 + 4, Wound 5 + 2 + 8."""
    encounter = placed((0, 0), (4, 0), 8, 1, 5)
    encounter.apply(Blitz(actor=HERO, target=FOE))
    (wound,) = [e for e in encounter.steps[-1].events if isinstance(e, WoundRolled)]
    assert wound.wound.total == 5 + 2 + 8
    assert square(encounter.state, HERO) == "3,0"


def test_a_distance_given_must_match_the_grid() -> None:
    """The grid's squares are the distance: a Blitz from 1 square is refused ('You must be at
    least 2 Squares away'), and a distance that is not the grid's too."""
    encounter = placed((0, 0), (1, 1))
    assert refused(encounter, Blitz(actor=HERO, target=FOE)) == "too-close"
    assert refused(encounter, CalledShot(actor=HERO, target=FOE, distance=5)) == "wrong-distance"


def test_called_shot_range_comes_from_the_grid() -> None:
    """Seed: 'If you are making a Called Shot at range, you will suffer a negative -2(T) penalty
    to your Strike Roll. Range penalties are increased by -1 for every 4 Squares'. Eight squares
    away: -2 - 2."""
    encounter = placed((0, 0), (0, 8), 9, 1, 5)
    encounter.apply(CalledShot(actor=HERO, target=FOE))
    (strike,) = [e for e in encounter.steps[-1].events if isinstance(e, StrikeRolled)]
    assert strike.strike is not None and strike.strike.total == 9 + 3 - 4


def test_grappling_needs_the_target_in_melee_range() -> None:
    """Seed: 'you must have at least one free hand and the combatant must be within your Melee
    Range'."""
    encounter = placed((0, 0), (2, 0))
    assert refused(encounter, Grapple(actor=HERO, target=FOE)) == "out-of-range"


def test_moving_to_a_square_and_leaving_melee_range_provokes() -> None:
    """Seed: 'When you move during combat, if you leave the Melee Range of any enemy combatants
    … you will provoke a Counter Action against you.' On the grid it is seen without
    ``-leaving``; a square further than the squares moved is refused."""
    encounter = placed((0, 0), (1, 0))
    assert refused(encounter, Move(actor=HERO, squares=2, to=(0, 3))) == "too-far"
    assert refused(encounter, Move(actor=HERO, squares=2, to=(1, 0))) == "occupied"
    encounter.apply(Move(actor=HERO, squares=3, to=(0, 3)))
    assert square(encounter.state, HERO) == "0,3"
    assert has_effect(encounter.state[HERO], PROVOKING)


def test_moving_within_melee_range_provokes_nothing() -> None:
    """Staying beside the enemy is not leaving its Melee Range."""
    encounter = placed((0, 0), (1, 0))
    encounter.apply(Move(actor=HERO, squares=1, to=(0, 1)))
    assert not has_effect(encounter.state[HERO], PROVOKING)


def test_combat_recovery_is_countered_only_from_within_6_squares() -> None:
    """Seed: 'You provoke a Counter Action against you from all opponents within 6 Squares of
    you when you use Combat Recovery'."""
    encounter = placed((0, 0), (7, 0))
    assert refused(encounter, CombatRecovery(actor=HERO, countered_by=(FOE,))) == "out-of-range"


def test_wall_of_defense_needs_the_boosted_speed_to_reach_the_ally() -> None:
    """Seed: 'If you could reach your ally with your Boosted Movement Speed, you can intercept
    an attack … You move to an adjacent square to the victim that is as close as possible to
    the attacker.' Other (Boosted Speed 10) at 12 squares cannot; at 6 it can, and ends at the
    Foe's square toward the Hero."""
    encounter = fight(*HERO_FIRST, 1, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    other = CombatantId("other")
    for who, x in ((HERO, 0), (FOE, 3), (other, 15)):
        encounter.apply(Place(target=who, x=x, y=0))
    encounter.apply(StartCombat())
    wall = Attack(actor=HERO, target=FOE, intervene=other)
    assert refused(encounter, wall) == "out-of-range"
    encounter.apply(Place(target=other, x=9, y=0))
    encounter.apply(wall, faces=[9, 3, 5, 6])
    assert square(encounter.state, other) == "2,0"


def test_the_shaken_cannot_move_toward_the_inflicter() -> None:
    """SOURCES.md 2.9: 'Shaken: Strike -2(T), and cannot willingly move toward the inflicter.'
    The Foe (Soak 20) takes the Hero's 5(T) wager by Direct Hit and nothing gets through: the
    Hero is Shaken by it, may back off, but neither step closer nor Blitz it."""
    encounter = fight(*HERO_FIRST, start=False, foe=make_sheet(modifiers={"tenacity": 20}))
    encounter.apply(Place(target=HERO, x=0, y=0))
    encounter.apply(Place(target=FOE, x=5, y=0))
    encounter.apply(StartCombat())
    encounter.apply(Attack(actor=HERO, target=FOE, wager=5, defense="direct"), faces=[5])
    assert has_effect(encounter.state[HERO], SHAKEN)
    assert refused(encounter, Move(actor=HERO, squares=2, to=(2, 0))) == "shaken"
    assert refused(encounter, Blitz(actor=HERO, target=FOE)) == "shaken"
    encounter.apply(Move(actor=HERO, squares=2, to=(0, 2)))
    assert square(encounter.state, HERO) == "0,2"

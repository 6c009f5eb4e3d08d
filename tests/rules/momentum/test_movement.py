"""Movement on the grid: distances, difficult terrain, occupied spaces, jumping, Move, Sprint."""

from __future__ import annotations

from fracas.rules.momentum.derived import basic_movement_of
from fracas.rules.momentum.movement import (
    Occupant,
    Step,
    can_share_space,
    grid_distance_m,
    jumping_range_m,
    movement_m,
    path_cost_m,
    path_refusal,
    step_cost_m,
)
from fracas.rules.momentum.vocabulary import Size

from .support import SETTINGS, make_sheet


def test_a_diagonal_step_is_1_m() -> None:
    """Seed: "1 m of movement allows you to move to a square (also called a space) that is next to
    you, even if it is diagonal from you." """
    assert grid_distance_m((0, 0), (1, 1)) == 1
    assert grid_distance_m((0, 0), (3, 2)) == 3
    assert path_cost_m([Step(), Step(), Step()], settings=SETTINGS) == 3


def test_difficult_terrain_costs_2_m_per_square() -> None:
    """Seed: "In such cases, you need 2 m of movement to move one 1 m square. This is called
    difficult terrain." """
    assert step_cost_m(Step(difficult=True), settings=SETTINGS) == 2
    assert path_cost_m([Step(), Step(difficult=True)], settings=SETTINGS) == 3


def test_difficult_terrain_halves_jumping_range() -> None:
    """Seed: "Your jumping range is halved while being on difficult terrain." (rounded down)"""
    assert jumping_range_m(5, on_difficult_terrain=True) == 2
    assert jumping_range_m(5, on_difficult_terrain=False) == 5


def test_moving_through_an_ally_is_free_but_not_a_stop() -> None:
    """Seed: "You can freely move through a space occupied by an ally, but you cannot stop
    there." """
    ally = Step(occupant=Occupant.ALLY, occupant_size=Size.MEDIUM)
    assert path_cost_m([ally, Step()], settings=SETTINGS) == 2
    assert path_refusal([ally, Step()], mover_size=Size.MEDIUM, settings=SETTINGS) is None
    refusal = path_refusal([Step(), ally], mover_size=Size.MEDIUM, settings=SETTINGS)
    assert refusal is not None
    assert refusal.code == "occupied_space"


def test_an_enemy_space_counts_as_difficult_terrain() -> None:
    """Seed: "Moving through a space occupied by an enemy counts as difficult terrain." """
    enemy = Step(occupant=Occupant.ENEMY, occupant_size=Size.MEDIUM)
    assert path_cost_m([enemy, Step()], settings=SETTINGS) == 3
    assert (
        path_cost_m(
            [Step(difficult=True, occupant=Occupant.ENEMY, occupant_size=Size.SMALL)],
            settings=SETTINGS,
        )
        == 2
    )


def test_space_shared_with_a_creature_two_sizes_apart() -> None:
    """Seed: "You can be in a space occupied by a creature that is two size categories bigger or
    smaller than you." """
    assert can_share_space(Size.MEDIUM, Size.HUGE, settings=SETTINGS)
    assert can_share_space(Size.MEDIUM, Size.TINY, settings=SETTINGS)
    assert not can_share_space(Size.MEDIUM, Size.LARGE, settings=SETTINGS)
    giant = Step(occupant=Occupant.ALLY, occupant_size=Size.HUGE)
    assert path_refusal([Step(), giant], mover_size=Size.MEDIUM, settings=SETTINGS) is None


def test_basic_movement_is_free_and_usually_3_m() -> None:
    """Seed: "They can also move by an amount equal to their Basic Movement (usually 3 m) without
    needing to use any AP." """
    assert basic_movement_of(make_sheet(), settings=SETTINGS) == 3
    assert basic_movement_of(make_sheet(basic_movement_m=5), settings=SETTINGS) == 5
    assert movement_m(3, settings=SETTINGS) == 3


def test_move_adds_basic_movement() -> None:
    """Move (1 AP): "You increase your movement by an amount equal to your Basic Movement" """
    assert movement_m(3, moves=1, settings=SETTINGS) == 6
    assert movement_m(3, moves=2, settings=SETTINGS) == 9


def test_sprint_adds_four_times_basic_movement() -> None:
    """Sprint (3 AP): "You increase your movement by an amount equal to four times your Basic
    Movement." """
    assert movement_m(3, sprints=1, settings=SETTINGS) == 15

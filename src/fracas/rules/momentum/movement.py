"""Movement on the 1 m grid: distances, path costs, shared spaces, jumping, Move and Sprint.

"battle maps with a grid, where every square is 1 m long and wide. 1 m of movement allows you to
move to a square (also called a space) that is next to you, even if it is diagonal from you."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from fracas.rules.momentum.errors import MomentumRuleError
from fracas.rules.momentum.refusal import Refusal
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.vocabulary import Size

Square = tuple[int, int]
"""A grid square as (column, row)."""


class Occupant(StrEnum):
    """Who stands in a square, as seen by the one moving."""

    NONE = "none"
    ALLY = "ally"
    ENEMY = "enemy"


@dataclass(frozen=True)
class Step:
    """One square entered along a path: its terrain and occupant (``occupant_size`` when any)."""

    difficult: bool = False
    occupant: Occupant = Occupant.NONE
    occupant_size: Size | None = None

    def __post_init__(self) -> None:
        if (self.occupant is Occupant.NONE) != (self.occupant_size is None):
            raise MomentumRuleError("an occupied step needs the occupant's size, an empty none")


def grid_distance_m(start: Square, end: Square) -> int:
    """Metres between two squares; a diagonal step is 1 m like any other."""
    return max(abs(start[0] - end[0]), abs(start[1] - end[1]))


def step_cost_m(step: Step, *, settings: MomentumSettings) -> int:
    """Movement spent entering one square. Difficult terrain: "you need 2 m of movement to move
    one 1 m square". "Moving through a space occupied by an enemy counts as difficult terrain.";
    an ally's space is free ("You can freely move through a space occupied by an ally")."""
    if step.difficult or step.occupant is Occupant.ENEMY:
        return settings.difficult_terrain_cost_m
    return 1


def path_cost_m(steps: Sequence[Step], *, settings: MomentumSettings) -> int:
    """Movement spent along a path of squares."""
    return sum(step_cost_m(step, settings=settings) for step in steps)


def can_share_space(size: Size, other: Size, *, settings: MomentumSettings) -> bool:
    """Seed: "You can be in a space occupied by a creature that is two size categories bigger or
    smaller than you." """
    return abs(size.categories_above(other)) >= settings.share_space_size_gap


def path_refusal(
    steps: Sequence[Step], *, mover_size: Size, settings: MomentumSettings
) -> Refusal | None:
    """Why a path may not end where it does: through an ally's space "you cannot stop there"; an
    enemy's space can be passed only after winning ``Contest.MOVE_THROUGH_ENEMY``, which the
    caller rolls. A square shared with a creature two size categories apart is a fine stop."""
    if not steps or steps[-1].occupant_size is None:
        return None
    if can_share_space(mover_size, steps[-1].occupant_size, settings=settings):
        return None
    return Refusal("occupied_space", "you cannot stop in a space occupied by another creature")


def movement_m(
    basic_movement_m: int, *, moves: int = 0, sprints: int = 0, settings: MomentumSettings
) -> int:
    """Movement for a turn: Basic Movement "without needing to use any AP", Move "You increase
    your movement by an amount equal to your Basic Movement", Sprint "by an amount equal to four
    times your Basic Movement"."""
    return basic_movement_m * (1 + moves + settings.sprint_multiplier * sprints)


def jumping_range_m(jumping_range: int, *, on_difficult_terrain: bool) -> int:
    """Seed: "Your jumping range is halved while being on difficult terrain", rounded down."""
    return jumping_range // 2 if on_difficult_terrain else jumping_range

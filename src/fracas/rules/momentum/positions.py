"""Playing on a battle map: squares on the 1 m grid, moving to a square, melee range.

"You can either play it as a theater of the mind ... or with battle maps with a grid, where every
square is 1 m long and wide." Positions are optional: a combatant without one is off the map,
and the rules that need the map ask the game master instead (an attack's ``-disadvantage``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.momentum.basic import WalkRule, acting
from fracas.rules.momentum.movement import Square, grid_distance_m
from fracas.rules.momentum.queries import MOVEMENT, X, Y, standing

MELEE_RANGE_M = 1
"""Seed: "Melee attacks have a base range of 1 m"."""


@dataclass(frozen=True)
class Place(Action):
    """Put a combatant on a square of the map (game master)."""

    verb: ClassVar[str] = "place"
    target: CombatantId
    x: int
    y: int


@dataclass(frozen=True)
class GoTo(Action):
    """Move to a square, spending movement (diagonals 1 m; difficult squares cost double)."""

    verb: ClassVar[str] = "goto"
    x: int
    y: int
    difficult: int = field(
        default=0, metadata={"help": "how many squares on the way are difficult"}
    )


def square_of(combatant: Combatant) -> Square | None:
    x, y = combatant.marks.get(X), combatant.marks.get(Y)
    if isinstance(x, int) and isinstance(y, int):
        return (x, y)
    return None


def within_enemy_melee_range(state: EncounterState, combatant: CombatantId) -> bool:
    """Whether a standing enemy is within 1 m ("you attack with disadvantage if you are within
    melee range of an enemy"); False off the map."""
    here = square_of(state[combatant])
    if here is None:
        return False
    return any(
        (there := square_of(enemy)) is not None
        and standing(enemy)
        and grid_distance_m(here, there) <= MELEE_RANGE_M
        for enemy in state.enemies(combatant)
    )


class PlaceRule:
    def cost(self, state: EncounterState, action: Place) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Place) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "place: only the game master places combatants")

    def resolve(self, state: EncounterState, action: Place, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(action.target, X, action.x), MarkSet(action.target, Y, action.y)]


@dataclass(frozen=True)
class GoToRule:
    """The metres of ``goto`` are the grid distance plus one more for each difficult square."""

    walk: WalkRule

    def metres(self, state: EncounterState, action: GoTo) -> int:
        here = square_of(state[acting(action)])
        if here is None:
            raise IllegalAction(
                "off-the-map", f"{state[acting(action)].name} is not on the map (place)"
            )
        extra = self.walk.settings.difficult_terrain_cost_m - 1
        return grid_distance_m(here, (action.x, action.y)) + action.difficult * extra

    def cost(self, state: EncounterState, action: GoTo) -> Cost:
        return {MOVEMENT: self.metres(state, action)}

    def verify(self, state: EncounterState, action: GoTo) -> None:
        distance = self.metres(state, action) - action.difficult
        if not 0 <= action.difficult <= distance:
            raise IllegalAction("bad-distance", "goto: difficult squares must be 0 to the distance")
        self.walk.check_mover(state, acting(action))

    def resolve(self, state: EncounterState, action: GoTo, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        return [MarkSet(actor, X, action.x), MarkSet(actor, Y, action.y)]

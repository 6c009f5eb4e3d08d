"""Playing on a battle map: squares on the 1 m grid, moving to a square, melee range.

"You can either play it as a theater of the mind ... or with battle maps with a grid, where every
square is 1 m long and wide." Positions are optional: a combatant without one is off the map,
and the rules that need the map ask the game master instead (an attack's ``-disadvantage``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import ClassVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event, MarkSet, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.momentum.basic import WalkRule, acting
from fracas.rules.momentum.checks import RollMode
from fracas.rules.momentum.contests import Contest, Side, contest_winner
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.movement import Square, can_share_space, grid_distance_m
from fracas.rules.momentum.queries import MOVEMENT, X, Y, best_skill, sheet_of, standing
from fracas.rules.momentum.rolling import roll_d20

MELEE_RANGE_M = 1
"""Seed: "Melee attacks have a base range of 1 m"."""


@frozen
class Place(Action):
    """Put a combatant on a square of the map (game master)."""

    verb: ClassVar[str] = "place"
    game_master: ClassVar[bool] = True
    target: CombatantId
    x: int
    y: int


@frozen
class GoTo(Action):
    """Move to a square, spending movement (diagonals 1 m; difficult squares cost double)."""

    verb: ClassVar[str] = "goto"
    x: int
    y: int
    difficult: int = field(default=0, metadata={"help": "difficult squares on the way"})
    through: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "creatures whose spaces you pass through"}
    )


def square_of(combatant: Combatant) -> Square | None:
    x, y = combatant.marks.get(X), combatant.marks.get(Y)
    if isinstance(x, int) and isinstance(y, int):
        return (x, y)
    return None


def within_enemy_melee_range(state: EncounterState, combatant: Combatant) -> bool:
    """Whether a standing enemy is within 1 m ("you attack with disadvantage if you are within
    melee range of an enemy"); False off the map."""
    here = square_of(combatant)
    if here is None:
        return False
    return any(
        (there := square_of(enemy)) is not None
        and standing(enemy)
        and grid_distance_m(here, there) <= MELEE_RANGE_M
        for enemy in state.enemies(combatant.id)
    )


class PlaceRule:
    def cost(self, state: EncounterState, action: Place) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Place) -> None:
        if action.actor is not None:
            raise IllegalAction("game-master-only", "place: only the game master places combatants")

    def resolve(self, state: EncounterState, action: Place, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(action.target, X, action.x), MarkSet(action.target, Y, action.y)]


@frozen
class GoToRule:
    """The metres of ``goto``: the grid distance, plus one more for each difficult square and
    for each enemy passed ("Moving through a space occupied by an enemy counts as difficult
    terrain")."""

    walk: WalkRule

    def metres(self, state: EncounterState, action: GoTo) -> int:
        mover = state[acting(action)]
        here = square_of(mover)
        if here is None:
            raise IllegalAction("off-the-map", f"{mover.name} is not on the map (place it first)")
        extra = self.walk.settings.difficult_terrain_cost_m - 1
        difficult = action.difficult + len(_enemies_passed(state, action))
        return grid_distance_m(here, (action.x, action.y)) + difficult * extra

    def cost(self, state: EncounterState, action: GoTo) -> Cost:
        return {MOVEMENT: self.metres(state, action)}

    def verify(self, state: EncounterState, action: GoTo) -> None:
        mover = state[acting(action)]
        passed = len(_enemies_passed(state, action))
        distance = self.metres(state, action) - action.difficult - passed
        if not 0 <= action.difficult <= distance:
            raise IllegalAction("bad-distance", "goto: difficult squares must be 0 to the distance")
        if mover.id in action.through:
            raise IllegalAction("bad-path", "goto: you cannot pass through your own space")
        self.walk.check_mover(state, mover.id)
        for other in state:
            if other.id != mover.id and square_of(other) == (action.x, action.y):
                self._may_stop_beside(mover, other)

    def _may_stop_beside(self, mover: Combatant, other: Combatant) -> None:
        """Seed: "You can freely move through a space occupied by an ally, but you cannot stop
        there." "You can be in a space occupied by a creature that is two size categories
        bigger or smaller than you." """
        sizes = (sheet_of(mover).size, sheet_of(other).size)
        if not can_share_space(*sizes, settings=self.walk.settings):
            raise IllegalAction("occupied", f"goto: {other.name} occupies that square")

    def resolve(self, state: EncounterState, action: GoTo, dice: DiceSource) -> Sequence[Event]:
        """Seed: "You can try to move through a space occupied by an enemy, but you have to
        succeed on a Raw Force, Athletics, or Nimbleness check against a Raw Force or Athletics
        check made by the enemy." A failed check stops the move where it began."""
        actor = acting(action)
        events: list[Event] = []
        rule = Contest.MOVE_THROUGH_ENEMY.rule
        for enemy in _enemies_passed(state, action):
            ours, theirs = (
                best_skill(state[actor], rule.actor_skills),
                best_skill(enemy, rule.target_skills),
            )
            mine, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(state[actor]).skills[ours])
            foe, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(enemy).skills[theirs])
            side = contest_winner(
                Contest.MOVE_THROUGH_ENEMY, mine.total, foe.total, settings=self.walk.settings
            )
            won = side is Side.ACTOR
            events += [
                CheckRolled(
                    actor,
                    f"{ours.value} (through {enemy.name})",
                    mine,
                    foe.total,
                    "success" if won else "failure",
                ),
                CheckRolled(
                    enemy.id,
                    f"{theirs.value} (against passing)",
                    foe,
                    mine.total,
                    "failure" if won else "success",
                ),
            ]
            if not won:
                return [*events, Note(f"is stopped by {enemy.name}", actor)]
        return [*events, MarkSet(actor, X, action.x), MarkSet(actor, Y, action.y)]


def _enemies_passed(state: EncounterState, action: GoTo) -> list[Combatant]:
    actor = acting(action)
    return [state[c] for c in action.through if state[c].side != state[actor].side]

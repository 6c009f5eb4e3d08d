"""The movement phase of a turn: moving comes before acting."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, Note
from fracas.engine.ruleset import Cost
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.actions import Move
from fracas.rules.lurasko.turns import acting, require_movement_phase, require_turn


class MoveRule:
    def cost(self, state: EncounterState, action: Move) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: Move) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_movement_phase(state, actor, action.verb)

    def resolve(self, state: EncounterState, action: Move, dice: DiceSource) -> Sequence[Event]:
        return [Note(f"moves {action.where}".rstrip(), acting(action))]

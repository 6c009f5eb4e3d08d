"""Free rolls: ``roll 1d20+3`` as a logged, undoable step whose record carries every die."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import ClassVar

from fracas.dice import DiceError, DiceSource, parse, roll
from fracas.engine.action import Action
from fracas.engine.events import DiceRolled, Event
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState


@frozen
class RollDice(Action):
    """Roll dice in the open (logged; undo takes it back, and cannot re-roll it)."""

    verb: ClassVar[str] = "roll"
    game_master: ClassVar[bool] = True
    dice: str = field(metadata={"help": "dice notation: 1d20+3, 4d6kh3, 2d6[fire] (no spaces)"})
    secret: bool = field(default=False, metadata={"help": "only the game master sees the result"})


class RollDiceRule:
    """Anyone may roll, at any time; it costs nothing."""

    def cost(self, state: EncounterState, action: RollDice) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: RollDice) -> None:
        try:
            parse(action.dice)
        except DiceError as error:
            reason = str(error).splitlines()[0]
            raise IllegalAction("bad-dice", f"roll: {reason}") from error

    def resolve(self, state: EncounterState, action: RollDice, dice: DiceSource) -> Sequence[Event]:
        return [DiceRolled(action.actor, roll(action.dice, dice), action.secret)]

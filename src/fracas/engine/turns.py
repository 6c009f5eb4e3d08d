"""The actions every rule system shares for moving through a fight: start, end a turn, hold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from fracas.dice import DiceSource
from fracas.engine import clock
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event, PartEnded, TurnHeld, TurnResumed
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction, Ruleset
from fracas.engine.state import EncounterState


@frozen
class StartCombat(Action):
    """Roll initiative and begin round 1."""

    verb: ClassVar[str] = "start"
    game_master: ClassVar[bool] = True


@frozen
class EndTurn(Action):
    """End your turn or your part of a shared one; the game master's end ends it for all.

    A turn several share (a group's, a phase everyone shares) ends once all have ended their
    part; then the next one in the order starts."""

    verb: ClassVar[str] = "end"
    aliases: ClassVar[tuple[str, ...]] = ("next", "done")


@frozen
class HoldTurn(Action):
    """Hold your turn to take it later in the round."""

    verb: ClassVar[str] = "hold"


@frozen
class TakeHeldTurn(Action):
    """Take your held turn right after the current one."""

    verb: ClassVar[str] = "resume"


class ClockRule:
    """Shared parts of the turn actions' rules: they cost nothing and need a running fight."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def cost(self, state: EncounterState, action: Action) -> Cost:
        return {}

    @staticmethod
    def require_fight(state: EncounterState) -> None:
        if not state.clock.started:
            raise IllegalAction("not-started", "combat has not started yet (use: start)")
        if state.ended:
            raise IllegalAction("ended", "combat is over")


class StartCombatRule(ClockRule):
    def verify(self, state: EncounterState, action: StartCombat) -> None:
        if state.clock.started:
            raise IllegalAction(
                "already-started", f"combat is already in round {state.clock.round}"
            )
        if not state.combatants:
            raise IllegalAction("no-combatants", "there is nobody to fight (add combatants first)")

    def resolve(
        self, state: EncounterState, action: StartCombat, dice: DiceSource
    ) -> Sequence[Event]:
        tape = clock.Tape(state)
        clock.begin_combat(tape, self.ruleset, dice)
        return tape.events


class EndTurnRule(ClockRule):
    def verify(self, state: EncounterState, action: EndTurn) -> None:
        self.require_fight(state)
        actor = action.actor
        if actor is not None and actor in state.clock.finished:
            raise IllegalAction(
                "part-ended", f"{state[actor].name} has already ended its part of this turn"
            )
        if actor is not None and not state.is_turn_of(actor):
            raise IllegalAction("not-your-turn", f"it is not {state[actor].name}'s turn")
        if (why := self.ruleset.may_end_turn(state, actor)) is not None:
            raise IllegalAction("cannot-end", why)

    def resolve(self, state: EncounterState, action: EndTurn, dice: DiceSource) -> Sequence[Event]:
        if action.actor is not None and self._others_act_on(state, action.actor):
            return [PartEnded(action.actor)]
        later = self.ruleset.before_turn_end(state, dice)
        if later is not None:
            return later
        tape = clock.Tape(state)
        clock.end_turn(tape, self.ruleset, dice)
        return tape.events

    def _others_act_on(self, state: EncounterState, actor: CombatantId) -> bool:
        """Whether anyone sharing the turn with ``actor`` still takes a part of it."""
        combatants = state.combatants
        for other in state.acting():
            if other != actor and self.ruleset.takes_turn(state, combatants[other]):
                return True
        return False


class HoldTurnRule(ClockRule):
    def verify(self, state: EncounterState, action: HoldTurn) -> None:
        self.require_fight(state)
        actor = _actor(action)
        if state.acting() != (actor,):
            raise IllegalAction("not-your-turn", "only the one whose turn it is can hold it")
        turn = state.clock.turn
        if turn is not None and turn.resumed:
            raise IllegalAction("already-held", "this turn was held once already")
        if (why := self.ruleset.may_hold(state, actor)) is not None:
            raise IllegalAction("cannot-hold", why)

    def resolve(self, state: EncounterState, action: HoldTurn, dice: DiceSource) -> Sequence[Event]:
        tape = clock.Tape(state)
        tape.write([TurnHeld(_actor(action))])
        clock.leave_turn(tape, self.ruleset, dice)
        return tape.events


class TakeHeldTurnRule(ClockRule):
    def verify(self, state: EncounterState, action: TakeHeldTurn) -> None:
        self.require_fight(state)
        actor = _actor(action)
        if actor not in state.clock.held:
            raise IllegalAction("not-holding", f"{state[actor].name} is not holding a turn")

    def resolve(
        self, state: EncounterState, action: TakeHeldTurn, dice: DiceSource
    ) -> Sequence[Event]:
        actor = _actor(action)
        return [TurnResumed(actor, state[actor].initiative or 0, state.clock.index + 1)]


def _actor(action: Action) -> CombatantId:
    if action.actor is None:
        raise IllegalAction("no-actor", f"{action.verb}: say who (NAME: {action.verb})")
    return action.actor

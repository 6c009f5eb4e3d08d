"""The turn clock: starting rounds and turns, ending them, and expiring anchored effects.

Everything here produces events onto a ``Tape`` (which applies each one as it is written), so
the clock's work is logged and undone like any other.
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    CombatantLeft,
    CombatEnded,
    EffectEnded,
    Event,
    PoolSet,
    RoundStarted,
    TurnEnded,
    TurnResumed,
    TurnStarted,
)
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Effect, EncounterState, Moment, Reset, Turn


class Written(tuple[Event, ...]):
    """Events a tape has folded, with the state they were folded from (``start``) and the
    state they led to (``end``)."""

    start: EncounterState
    end: EncounterState

    def __new__(
        cls, events: Iterable[Event], start: EncounterState, end: EncounterState
    ) -> Written:
        written = tuple.__new__(cls, events)  # not super(): made for every step and stage
        written.start = start
        written.end = end
        return written


class Tape:
    """Events written so far in one step, and the state they lead to."""

    __slots__ = ("_written", "start", "state")  # made several times a step

    def __init__(self, state: EncounterState) -> None:
        self.start = state
        self.state = state
        self._written: list[Event] = []

    @property
    def events(self) -> Written:
        """The events written so far, in order."""
        return Written(self._written, self.start, self.state)

    def recorded(self) -> tuple[Event, ...]:
        """The events written so far, in order, without the states of ``events``."""
        return tuple(self._written)

    def write(self, events: Iterable[Event]) -> None:
        """Apply ``events`` to the state one by one, and record them.

        Events another tape folded from this very state (a rule's ``resolve`` that ran the
        clock on a tape of its own) are not folded a second time: the state they led to is
        taken as it is. The reducer is pure, so folding them again would give the same state.
        """
        if not events:  # nothing to write (a hook that had none); a generator is never false
            return
        if isinstance(events, Written) and events.start is self.state:
            self._written.extend(events)
            self.state = events.end
            return
        state, written = self.state, self._written
        try:
            for event in events:
                if event.changes_state:  # a record's apply is no call worth making
                    state = event.apply(state)
                written.append(event)
        finally:  # the events folded so far, should one fail
            self.state = state


def begin_combat(tape: Tape, ruleset: Ruleset, dice: DiceSource) -> None:
    """Roll initiative for everyone, then begin round 1 with its first turn."""
    everyone = tuple(c.id for c in tape.state)
    tape.write(ruleset.roll_initiative(tape.state, everyone, dice))
    _begin_round(tape, ruleset, dice)
    _settle(tape, ruleset, dice)


def end_turn(tape: Tape, ruleset: Ruleset, dice: DiceSource) -> None:
    """End the current turn and start the next one somebody takes."""
    _finish_turn(tape, ruleset, dice)
    _next_turn(tape, ruleset, dice)


def leave_turn(tape: Tape, ruleset: Ruleset, dice: DiceSource) -> None:
    """Move on without ending the current turn (it was held, and its end comes later)."""
    _next_turn(tape, ruleset, dice)


def jump_to(tape: Tape, index: int, ruleset: Ruleset, dice: DiceSource) -> None:
    """End the current turn and start the turn at ``index`` of the order (a GM's override)."""
    _finish_turn(tape, ruleset, dice)
    _start_turn(tape, index, ruleset, dice)
    _settle(tape, ruleset, dice)


def remove(tape: Tape, combatant: CombatantId, ruleset: Ruleset, dice: DiceSource) -> None:
    """Take ``combatant`` out. If the turn was its alone, the turn ends first and the turn now
    standing in its place starts; a fight left with nobody ends."""
    alone = tape.state.acting() == (combatant,)
    if alone:
        _finish_turn(tape, ruleset, dice)
    tape.write([CombatantLeft(combatant)])
    if not tape.state.combatants and tape.state.clock.started:
        tape.write([CombatEnded("nobody is left")])
    elif alone:
        _start_from(tape, tape.state.clock.index, ruleset, dice)
        _settle(tape, ruleset, dice)


def _next_turn(tape: Tape, ruleset: Ruleset, dice: DiceSource) -> None:
    """Start the next turn somebody takes, unless the fight is decided: then its outcome ends
    it once the step is done, in the round it was decided in."""
    if ruleset.decided(tape.state) is None:
        _start_from(tape, tape.state.clock.index + 1, ruleset, dice)  # the turn after this one
        _settle(tape, ruleset, dice)


def _start_from(tape: Tape, at: int, ruleset: Ruleset, dice: DiceSource) -> None:
    """Start the turn at ``at``; past the end of the order, the held turns, else a new round."""
    clock = tape.state.clock
    if at < len(clock.order):
        _start_turn(tape, at, ruleset, dice)
    elif clock.held:
        _call_held_turns(tape, ruleset)
        _start_turn(tape, at, ruleset, dice)
    else:
        _begin_round(tape, ruleset, dice)


def _settle(tape: Tape, ruleset: Ruleset, dice: DiceSource) -> None:
    """Skip turns nobody in them can take, until a turn somebody takes has started.

    A fight already decided skips nothing: its outcome ends it once the step is done. A whole
    round in which nobody can act ends the combat instead of looping for ever.
    """
    skipped = 0
    while (
        (turn := tape.state.clock.turn) is not None
        and not _anyone_acts(tape.state, turn, ruleset)
        and ruleset.decided(tape.state) is None
    ):
        skipped += 1
        if skipped > len(tape.state.clock.order) + len(tape.state.combatants) + 1:
            tape.write([CombatEnded("nobody is able to act")])
            return
        _finish_turn(tape, ruleset, dice, skipped=True)
        _start_from(tape, tape.state.clock.index + 1, ruleset, dice)


def _anyone_acts(state: EncounterState, turn: Turn, ruleset: Ruleset) -> bool:
    combatants = state.combatants
    for actor in turn.actors:  # noqa: SIM110 (a loop, not ``any``: no generator to run)
        if ruleset.takes_turn(state, combatants[actor]):
            return True
    return False


def _begin_round(tape: Tape, ruleset: Ruleset, dice: DiceSource) -> None:
    """Begin the next round: its order, the pools refilled each round, the effects whose round
    is over ended, then its first turn.

    The round's events are worked out from the state before them (the round's start changes
    only the clock, a refill only a pool) and written at once."""
    tape.write(ruleset.at_round_start(tape.state, dice))
    state = tape.state
    number = state.clock.round + 1
    surprise = ruleset.is_surprise_round(state)
    order = ruleset.order(state)
    tape.write(
        [
            RoundStarted(number, order, surprise),
            *_refills(state, Reset.ROUND, tuple(state.combatants), "new round"),
            *_expired_before(state, number),
        ]
    )
    if order:
        _start_turn(tape, 0, ruleset, dice)


def _start_turn(tape: Tape, index: int, ruleset: Ruleset, dice: DiceSource) -> None:
    """Start the turn at ``index``: its actors' pools refilled each turn (written with the
    turn's start, worked out from the state before it, which changes only the clock), then the
    effects due at its start ended and the ruleset's start of a turn."""
    state = tape.state
    turn = state.clock.order[index]
    if turn.resumed:
        tape.write([TurnStarted(index)])
        return
    tape.write([TurnStarted(index), *_refills(state, Reset.TURN, turn.actors, "new turn")])
    for actor in turn.actors:
        _expire(tape, ruleset, actor, Moment.START)
    tape.write(ruleset.at_turn_start(tape.state, turn, dice))


def _finish_turn(tape: Tape, ruleset: Ruleset, dice: DiceSource, *, skipped: bool = False) -> None:
    turn = tape.state.clock.turn
    if turn is None:
        return
    tape.write(ruleset.at_turn_end(tape.state, turn, dice))
    tape.write([TurnEnded(turn.actors, skipped)])
    for actor in turn.actors:
        if actor in tape.state.combatants:
            _expire(tape, ruleset, actor, Moment.END)


def _call_held_turns(tape: Tape, ruleset: Ruleset) -> None:
    """At the end of the round, those still holding take their turns in the ruleset's order."""
    state = tape.state
    holders = ruleset.held_order(state, state.clock.held)
    end = len(state.clock.order)
    tape.write(
        TurnResumed(holder, state[holder].initiative or 0, end + n)
        for n, holder in enumerate(holders)
    )


def _refills(
    state: EncounterState, reset: Reset, who: tuple[CombatantId, ...], reason: str
) -> list[Event]:
    return [
        PoolSet(c, name, pool.maximum, reason=reason)
        for c in who
        for name, pool in state.combatants[c].pools.items()
        if pool.reset is reset and pool.current != pool.maximum
    ]


def _expire(tape: Tape, ruleset: Ruleset, combatant: CombatantId, moment: Moment) -> None:
    """The ruleset ends the effects due at this moment of ``combatant``'s turn."""
    state = tape.state
    if not state.anchored():  # the usual case: no effect ends at an anchor
        return
    due_now = due(state, combatant, moment)
    if due_now:
        tape.write(ruleset.expire(state, combatant, moment, due_now))


def due(
    state: EncounterState, combatant: CombatantId, moment: Moment
) -> tuple[tuple[CombatantId, Effect], ...]:
    """(holder, effect) of every effect anchored to this moment of ``combatant``'s turn in the
    current round, or earlier: those that end now."""
    now = (state.clock.round, _RANK[moment])
    return tuple(
        (holder, effect)
        for holder in state.anchored()
        for effect in state.combatants[holder].effects
        if effect.ends is not None
        and effect.ends.combatant == combatant
        and (effect.ends.round, _RANK[effect.ends.moment]) <= now
    )


def _expired_before(state: EncounterState, number: int) -> list[Event]:
    """Effects whose anchor lies in a round already over (its turn never came) end now."""
    return [
        EffectEnded(holder, effect.id, reason="expired")
        for holder in state.anchored()
        for effect in state.combatants[holder].effects
        if effect.ends is not None and effect.ends.round < number
    ]


_RANK = {Moment.START: 0, Moment.END: 1}
"""The order of a turn's two ends."""

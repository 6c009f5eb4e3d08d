"""Events: frozen, past-tense facts. The state changes only by applying them, one at a time.

Each event knows how it changes the state (``apply``); ``reduce`` is the one way to fold events
into a state. Events that only record what happened (a roll, an account of damage) change
nothing and derive from ``Record``. A ruleset adds its own events the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar

from pydantic import NonNegativeInt

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.draft import fold
from fracas.engine.frozen import frozen
from fracas.engine.state import (
    Clock,
    Combatant,
    Effect,
    EncounterState,
    Pool,
    Scalar,
    Turn,
    evolve,
)


@frozen
class Event(ABC):
    """Base of every event."""

    changes_state: ClassVar[bool] = True
    """False for a ``Record``, whose ``apply`` returns the state as it is: folding skips it."""

    @abstractmethod
    def apply(self, state: EncounterState) -> EncounterState:
        """The state after this event."""


@frozen
class Record(Event):
    """An event that records what happened without changing the state."""

    changes_state: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.apply is not Record.apply:  # folding would skip it (``changes_state``)
            raise TypeError(f"{cls.__name__}: a Record changes nothing; derive from Event")

    def apply(self, state: EncounterState) -> EncounterState:
        return state


def reduce(state: EncounterState, events: Iterable[Event]) -> EncounterState:
    """Fold ``events`` into ``state``, in order (through one draft: ``engine/draft.py``)."""
    return fold(state, events if isinstance(events, list | tuple) else tuple(events))


# --- who is in the fight -------------------------------------------------------------------


@frozen
class CombatantJoined(Event):
    combatant: Combatant

    def apply(self, state: EncounterState) -> EncounterState:
        return state.with_combatant(self.combatant)


@frozen
class CombatantLeft(Event):
    """The combatant is taken out of the encounter and out of the order of this round."""

    combatant: CombatantId

    def apply(self, state: EncounterState) -> EncounterState:
        clock = state.clock
        order, index = list(clock.order), clock.index
        for position in reversed(range(len(order))):
            actors = tuple(a for a in order[position].actors if a != self.combatant)
            if actors:
                order[position] = evolve(order[position], actors=actors)
                continue
            del order[position]
            if position < index:
                index -= 1
        held = tuple(h for h in clock.held if h != self.combatant)
        clock = evolve(clock, order=tuple(order), index=index, held=held)
        return evolve(state.without_combatant(self.combatant), clock=clock)


@frozen
class VisibilityChanged(Event):
    """The game master hid a combatant from the players, or revealed it."""

    combatant: CombatantId
    hidden: bool

    def apply(self, state: EncounterState) -> EncounterState:
        return state.with_combatant(evolve(state[self.combatant], hidden=self.hidden))


@frozen
class InitiativeSet(Event):
    combatant: CombatantId
    initiative: int
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state.with_combatant(evolve(state[self.combatant], initiative=self.initiative))


# --- the clock ----------------------------------------------------------------------------


@frozen
class RoundStarted(Event):
    """A round begins with its order fixed; the first turn starts with a TurnStarted.
    ``surprise``: it is a surprise round, played before round 1."""

    round: int
    order: tuple[Turn, ...]
    surprise: bool = False

    def apply(self, state: EncounterState) -> EncounterState:
        surprises = state.clock.surprise_rounds + self.surprise
        clock = Clock(self.round, self.order, 0, state.clock.held, surprise_rounds=surprises)
        return evolve(state, clock=clock)


@frozen
class TurnStarted(Event):
    """The turn at ``index`` of the round's order starts (or would start, for a held turn)."""

    index: int

    def apply(self, state: EncounterState) -> EncounterState:
        return evolve(state, clock=evolve(state.clock, index=self.index, finished=()))


@frozen
class TurnEnded(Record):
    """A turn is over; ``skipped``: nobody in it could act (down, paralysed), so it passed."""

    actors: tuple[CombatantId, ...]
    skipped: bool = False


@frozen
class PartEnded(Event):
    """One of those sharing a turn ended its part of it; the others act on, and the turn ends
    when all have ended (or the game master ends it)."""

    combatant: CombatantId

    def apply(self, state: EncounterState) -> EncounterState:
        finished = (*state.clock.finished, self.combatant)
        return evolve(state, clock=evolve(state.clock, finished=finished))


@frozen
class TurnHeld(Event):
    """The combatant holds its turn to take it later in the round."""

    combatant: CombatantId

    def apply(self, state: EncounterState) -> EncounterState:
        held = (*state.clock.held, self.combatant)
        return evolve(state, clock=evolve(state.clock, held=held))


@frozen
class TurnResumed(Event):
    """A held turn is taken late: it enters the round's order at position ``at``."""

    combatant: CombatantId
    initiative: int
    at: int

    def apply(self, state: EncounterState) -> EncounterState:
        clock = state.clock
        turn = Turn(actors=(self.combatant,), initiative=self.initiative, resumed=True)
        order = (*clock.order[: self.at], turn, *clock.order[self.at :])
        held = tuple(h for h in clock.held if h != self.combatant)
        return evolve(state, clock=evolve(clock, order=order, held=held))


@frozen
class TurnLost(Event):
    """A held turn was never taken: the combatant loses it for this round."""

    combatant: CombatantId

    def apply(self, state: EncounterState) -> EncounterState:
        held = tuple(h for h in state.clock.held if h != self.combatant)
        return evolve(state, clock=evolve(state.clock, held=held))


@frozen
class OrderChanged(Event):
    """The game master rearranged this round's order or moved the current turn."""

    order: tuple[Turn, ...]
    index: int

    def apply(self, state: EncounterState) -> EncounterState:
        return evolve(state, clock=evolve(state.clock, order=self.order, index=self.index))


@frozen
class CombatEnded(Event):
    reason: str

    def apply(self, state: EncounterState) -> EncounterState:
        return evolve(state, ended=True)


# --- resources, effects, marks ------------------------------------------------------------


@frozen
class PoolChanged(Event):
    """A pool went up or down by ``amount`` (a cost paid, damage taken, points regained)."""

    combatant: CombatantId
    pool: str
    amount: int
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        combatant = state.combatants[self.combatant]
        pools = combatant.pools
        pool = pools[self.pool]
        pools = {**pools, self.pool: evolve(pool, current=pool.current + self.amount)}
        return state.with_changed(combatant, pools=pools)  # _set_pool, without a call


@frozen
class PoolSet(Event):
    """A pool was set to a value: a refill at the start of a turn or round, or a GM override."""

    combatant: CombatantId
    pool: str
    value: int
    maximum: int | None = None
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        combatant = state.combatants[self.combatant]
        pool = combatant.pools[self.pool]
        maximum = pool.maximum if self.maximum is None else self.maximum
        return _set_pool(
            state, combatant, self.pool, evolve(pool, current=self.value, maximum=maximum)
        )


def _set_pool(state: EncounterState, combatant: Combatant, name: str, pool: Pool) -> EncounterState:
    pools = {**combatant.pools, name: pool}
    return state.with_changed(combatant, pools=pools)


@frozen
class EffectApplied(Event):
    """An effect starts on a combatant; it gets the next id from the state's counter."""

    combatant: CombatantId
    effect: Effect

    def apply(self, state: EncounterState) -> EncounterState:
        combatant = state.combatants[self.combatant]
        effect = evolve(self.effect, id=f"e{state.next_effect}")
        state = state.with_changed(combatant, effects=(*combatant.effects, effect))
        return state.with_effect_counted()


@frozen
class EffectEnded(Event):
    """An effect is gone: it expired, was saved against, or was removed."""

    combatant: CombatantId
    effect: str
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        combatant = state.combatants[self.combatant]
        effects = tuple(e for e in combatant.effects if e.id != self.effect)
        return state.with_changed(combatant, effects=effects)


@frozen
class EffectChanged(Event):
    """An effect's parameters changed (more stacks, a new end)."""

    combatant: CombatantId
    effect: Effect

    def apply(self, state: EncounterState) -> EncounterState:
        combatant = state.combatants[self.combatant]
        effects = tuple(self.effect if e.id == self.effect.id else e for e in combatant.effects)
        return state.with_changed(combatant, effects=effects)


@frozen
class MarkSet(Event):
    """A ruleset's per-combatant value changed (a free action used, a held action named)."""

    combatant: CombatantId
    key: str
    value: Scalar

    def apply(self, state: EncounterState) -> EncounterState:
        combatant = state.combatants[self.combatant]
        marks = {**combatant.marks, self.key: self.value}
        return state.with_changed(combatant, marks=marks)


@frozen
class DiceDrawn(Event):
    """The step drew dice from the seeded stream, which now stands at ``drawn`` dice (a save
    that says fewer than none is refused when read: no die could be rolled after it)."""

    drawn: NonNegativeInt

    def apply(self, state: EncounterState) -> EncounterState:
        return evolve(state, rng=(state.rng[0], self.drawn))


@frozen
class DiceRolled(Record):
    """A free roll: who rolled (None: the game master) and the result with every die."""

    roller: CombatantId | None
    result: RollResult
    secret: bool = False


@frozen
class Note(Record):
    """Free text for the log: a ruling, a narrated outcome."""

    text: str
    combatant: CombatantId | None = None
    secret: bool = False
    """Only the game master reads it."""


ENGINE_EVENTS: tuple[type[Event], ...] = (
    CombatantJoined,
    CombatantLeft,
    VisibilityChanged,
    InitiativeSet,
    RoundStarted,
    TurnStarted,
    TurnEnded,
    PartEnded,
    TurnHeld,
    TurnResumed,
    TurnLost,
    OrderChanged,
    CombatEnded,
    PoolChanged,
    PoolSet,
    EffectApplied,
    EffectEnded,
    EffectChanged,
    MarkSet,
    DiceDrawn,
    DiceRolled,
    Note,
)

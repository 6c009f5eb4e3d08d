"""The encounter state: immutable values, changed only by the reducer applying events.

Every class here is a frozen dataclass and every collection a tuple or a ``Mapping`` that the
reducer replaces and never mutates, so a snapshot for undo is just a reference to the old state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, TypeVar

from pydantic import (
    BaseModel,
    SerializeAsAny,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)

from fracas.engine.action import CombatantId
from fracas.engine.frozen import frozen

_Value = TypeVar("_Value")


def evolve(value: _Value, **changes: object) -> _Value:
    """``value`` with some fields changed: ``dataclasses.replace`` for the state's own frozen
    dataclasses, about five times cheaper.

    The reducer builds a new state for every event, and ``replace`` (which looks up every
    field and calls ``__init__`` again) was the largest single cost of a simulated fight. The
    classes of this module and of the engine's events have no ``__post_init__``, no
    ``InitVar`` and no ``__slots__``, so copying the fields' values and overwriting the changed
    ones gives the very object ``replace`` would. Only use it on such classes; a name that is
    not one of their fields is a TypeError, as with ``replace``.
    """
    fields = value.__dict__
    merged = fields | changes
    if len(merged) != len(fields):  # a name that is no field adds a key
        unknown = ", ".join(sorted(changes.keys() - fields.keys()))
        raise TypeError(f"{type(value).__name__} has no field {unknown}")
    copy: _Value = _new(type(value))
    _set_attribute(copy, "__dict__", merged)  # one dict, built in C by the merge
    return copy


_new = object.__new__
_set_attribute = object.__setattr__
"""``object``'s own, looked up once: ``evolve`` and the state's ``with_…`` build objects this way
at every event."""


Scalar = int | str | bool | None
"""A value a ruleset may keep on a combatant or effect (a mark, an effect parameter)."""


def _read_sheet(
    value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
) -> BaseModel:
    """A sheet read back from a save file, with the model the codec puts in the context."""
    if isinstance(value, BaseModel):
        return value
    model: type[BaseModel] | None = (info.context or {}).get("sheet_model")
    if model is None:
        raise ValueError("a saved sheet can only be read with its ruleset's sheet model")
    return model.model_validate(value)


Sheet = Annotated[SerializeAsAny[BaseModel], WrapValidator(_read_sheet)]
"""A combatant's sheet: an instance of the ruleset's frozen pydantic sheet model."""


class Reset(Enum):
    """When a resource pool refills to its maximum."""

    TURN = "turn"
    ROUND = "round"
    NEVER = "never"


class Moment(Enum):
    """The two ends of a turn a duration can be anchored to."""

    START = "start"
    END = "end"


@frozen
class Pool:
    """A resource: action points, reaction points, Vitality, Ki, PPE, Narrative Momentum…

    ``current`` may leave ``0..maximum`` where a rule allows it (Vitality below zero).
    """

    current: int
    maximum: int
    reset: Reset = Reset.NEVER

    def refilled(self) -> Pool:
        return evolve(self, current=self.maximum)


@dataclass(frozen=True, order=True)
class Anchor:
    """An absolute point in time: the start or end of ``combatant``'s turn in ``round``.

    Durations store their end as an anchor, never as a countdown, so undo and replay need no
    bookkeeping: an effect ends when the clock passes its anchor.
    """

    round: int
    combatant: CombatantId
    moment: Moment = Moment.END


@frozen
class Effect:
    """A condition, buff or status on a combatant, with the anchor at which it ends (or None).

    ``id`` is given by the reducer when the effect is applied (``e1``, ``e2``…).
    """

    name: str
    id: str = ""
    ends: Anchor | None = None
    source: CombatantId | None = None
    data: Mapping[str, Scalar] = field(default_factory=dict)


@frozen
class Combatant:
    """One participant. ``marks`` hold the ruleset's own per-combatant values."""

    id: CombatantId
    name: str
    side: str
    sheet: Sheet
    pools: Mapping[str, Pool] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    initiative: int | None = None
    group: str | None = None
    hidden: bool = False
    marks: Mapping[str, Scalar] = field(default_factory=dict)

    def pool(self, name: str) -> Pool:
        return self.pools[name]

    def effect(self, name: str) -> Effect | None:
        """The first effect of that name, or None."""
        for effect in self.effects:  # a loop, not a generator: asked many times a step
            if effect.name == name:
                return effect
        return None

    def has(self, effect_name: str) -> bool:
        for effect in self.effects:  # noqa: SIM110 (a loop, not ``any``: no generator to run)
            if effect.name == effect_name:
                return True
        return False


@frozen
class Turn:
    """A slot in a round's order: one combatant, a group of identical NPCs or a union.

    Everyone in ``actors`` takes this turn together. ``label`` names a phase or pass of the
    round where the ruleset has them (a pose, a phase). A ``resumed`` turn is a held turn being
    taken late: its start already happened where it was held.
    """

    actors: tuple[CombatantId, ...]
    initiative: int
    label: str = ""
    resumed: bool = False


@frozen
class Clock:
    """Where the fight is: the round, its order (fixed when the round begins) and the turn.

    ``round`` is 0 before combat starts. ``index`` points into ``order``; ``held`` lists the
    combatants holding their turn, in the order they held it; ``finished`` those of a shared
    turn (a group, a phase everyone shares) who have ended their part of it while others act on.
    ``surprise_rounds`` counts the surprise rounds played before round 1: the clock's rounds go
    on counting through them, and people are told ``round - surprise_rounds``.
    """

    round: int = 0
    order: tuple[Turn, ...] = ()
    index: int = 0
    held: tuple[CombatantId, ...] = ()
    finished: tuple[CombatantId, ...] = ()
    surprise_rounds: int = 0

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def turn(self) -> Turn | None:
        """The turn being taken, or None outside combat."""
        if self.round <= 0 or self.index >= len(self.order):  # not started (no call: asked often)
            return None
        return self.order[self.index]


@frozen
class EncounterState:
    """Everything about one encounter at one moment.

    ``rng`` is the seeded dice stream's state (seed, dice drawn so far): it is part of the
    state so that undo restores it and undo can never be used to re-roll.
    """

    combatants: Mapping[CombatantId, Combatant] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    rng: tuple[int, int] = (0, 0)
    next_effect: int = 1
    ended: bool = False

    def __iter__(self) -> Iterator[Combatant]:
        return iter(self.combatants.values())

    def __getitem__(self, combatant: CombatantId) -> Combatant:
        return self.combatants[combatant]

    def with_combatant(self, combatant: Combatant) -> EncounterState:
        """This state with ``combatant`` added or replaced."""
        fields = self.__dict__  # evolve(self, combatants=…), _known_anchored and
        was = fields["combatants"]  # _keep_anchored, inlined: calls less for every event
        combatants = {**was, combatant.id: combatant}
        merged = fields.copy()
        merged["combatants"] = combatants
        known = fields.get(_ANCHORED)
        if known is not None and known[0] is was:
            holders = known[1]
            before = was.get(combatant.id)
            if before is None or before.effects is not combatant.effects:
                holders = _holders_after(holders, combatants, combatant)
            merged[_ANCHORED] = (combatants, holders)
        state: EncounterState = _new(type(self))
        _set_attribute(state, "__dict__", merged)
        return state

    def with_changed(self, combatant: Combatant, **changes: object) -> EncounterState:
        """This state with its ``combatant`` changed in some fields (``evolve``'s)."""
        fields = combatant.__dict__  # evolve(combatant, **changes), inlined
        merged = fields | changes
        if len(merged) != len(fields):
            return self.with_combatant(evolve(combatant, **changes))  # names the wrong field
        changed: Combatant = _new(type(combatant))
        _set_attribute(changed, "__dict__", merged)
        return self.with_combatant(changed)

    def with_effect_counted(self) -> EncounterState:
        """This state with the effect counter moved on (an effect took its number)."""
        return evolve(self, next_effect=self.next_effect + 1)

    def without_combatant(self, combatant: CombatantId) -> EncounterState:
        remaining = {k: v for k, v in self.combatants.items() if k != combatant}
        state = evolve(self, combatants=remaining)
        known = self._known_anchored()
        if known is not None:
            state._keep_anchored(tuple(h for h in known if h != combatant))
        return state

    def anchored(self) -> tuple[CombatantId, ...]:
        """Those holding an effect that ends at an anchor, in the combatants' order: where the
        clock looks for effects that end, instead of at everyone's effects.

        Worked out once from the combatants, then kept along from state to state: a state made
        by ``with_combatant`` or ``without_combatant`` gets it from the state it was made from,
        changed only for the combatant that changed. It lives beside the fields, not among
        them (equality, saves and views know nothing of it), with the combatants mapping it is
        for, so a state whose combatants were set any other way works it out afresh."""
        known: tuple[object, tuple[CombatantId, ...]] | None = self.__dict__.get(_ANCHORED)
        if known is not None and known[0] is self.combatants:  # _known_anchored, without a call
            return known[1]
        holders = tuple(c.id for c in self if _holds_anchored(c))
        self._keep_anchored(holders)
        return holders

    def _known_anchored(self) -> tuple[CombatantId, ...] | None:
        known: tuple[object, tuple[CombatantId, ...]] | None = self.__dict__.get(_ANCHORED)
        if known is None or known[0] is not self.combatants:
            return None
        return known[1]

    def _keep_anchored(self, holders: tuple[CombatantId, ...]) -> None:
        object.__setattr__(self, _ANCHORED, (self.combatants, holders))

    def acting(self) -> tuple[CombatantId, ...]:
        """The combatants whose turn it is (empty outside combat): the turn's actors but those
        who have ended their part of it."""
        clock = self.clock
        if clock.round <= 0 or clock.index >= len(clock.order):  # clock.turn, without a call
            return ()
        actors = clock.order[clock.index].actors
        finished = clock.finished
        return tuple([a for a in actors if a not in finished]) if finished else actors

    def is_turn_of(self, combatant: CombatantId) -> bool:
        """Whether ``combatant`` is among ``acting()`` (asked before every action: no tuple)."""
        clock = self.clock
        if clock.round <= 0 or clock.index >= len(clock.order):  # clock.turn, without a call
            return False
        return combatant in clock.order[clock.index].actors and combatant not in clock.finished

    def allies(self, combatant: CombatantId) -> tuple[Combatant, ...]:
        """Everyone on ``combatant``'s side, itself included."""
        side = self[combatant].side
        return tuple(c for c in self if c.side == side)

    def enemies(self, combatant: CombatantId) -> tuple[Combatant, ...]:
        side = self[combatant].side
        return tuple(c for c in self if c.side != side)


_ANCHORED = "_anchored"
"""Where a state keeps ``anchored()`` with the combatants mapping it was worked out for."""


def _holds_anchored(combatant: Combatant) -> bool:
    for effect in combatant.effects:  # noqa: SIM110 (a loop, not ``any``: no generator to run)
        if effect.ends is not None:
            return True
    return False


def _holders_after(
    holders: tuple[CombatantId, ...],
    combatants: Mapping[CombatantId, Combatant],
    changed: Combatant,
) -> tuple[CombatantId, ...]:
    """``holders`` once ``changed`` (now in ``combatants``) has its new effects."""
    holds = _holds_anchored(changed)
    if holds == (changed.id in holders):
        return holders
    if not holds:
        return tuple(h for h in holders if h != changed.id)
    return tuple(c for c in combatants if c in holders or c == changed.id)

"""The game master's actions: add and remove combatants, hide them, and override any value.

Overrides are actions like any other: verified, logged, undoable.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field, replace
from typing import ClassVar, Generic, Literal, TypeVar

from fracas.dice import DiceSource
from fracas.engine import clock
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import (
    CombatantJoined,
    CombatEnded,
    EffectApplied,
    EffectEnded,
    Event,
    InitiativeSet,
    Note,
    OrderChanged,
    PoolSet,
    VisibilityChanged,
)
from fracas.engine.frozen import frozen
from fracas.engine.names import name_problem
from fracas.engine.ruleset import Cost, IllegalAction, Ruleset
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment, Sheet, Turn


@frozen
class AddCombatant(Action):
    """Add a combatant with a validated sheet; mid-fight it joins the order by initiative."""

    verb: ClassVar[str] = "add"
    game_master: ClassVar[bool] = True
    name: str
    side: str
    sheet: Sheet
    group: str | None = None
    hidden: bool = False


@frozen
class RemoveCombatant(Action):
    """Take a combatant out of the encounter."""

    verb: ClassVar[str] = "remove"
    game_master: ClassVar[bool] = True
    target: CombatantId


@frozen
class Reveal(Action):
    """Show a hidden combatant to the players."""

    verb: ClassVar[str] = "reveal"
    game_master: ClassVar[bool] = True
    target: CombatantId


@frozen
class Conceal(Action):
    """Hide a combatant from the players."""

    verb: ClassVar[str] = "conceal"
    game_master: ClassVar[bool] = True
    target: CombatantId


@frozen
class SetPool(Action):
    """Set a resource (AP, Vitality…) to a value."""

    verb: ClassVar[str] = "set"
    game_master: ClassVar[bool] = True
    target: CombatantId
    pool: str
    value: int


@frozen
class ApplyEffect(Action):
    """Put an effect on a combatant, until removed or for some rounds."""

    verb: ClassVar[str] = "effect"
    game_master: ClassVar[bool] = True
    target: CombatantId
    name: str
    rounds: int | None = None
    until: Literal["start", "end"] = "end"


@frozen
class RemoveEffect(Action):
    """Remove an effect from a combatant."""

    verb: ClassVar[str] = "clear"
    game_master: ClassVar[bool] = True
    target: CombatantId
    name: str


@frozen
class SetInitiative(Action):
    """Set a combatant's initiative; the order changes from the next round."""

    verb: ClassVar[str] = "initiative"
    game_master: ClassVar[bool] = True
    target: CombatantId
    value: int


@frozen
class MoveTurn(Action):
    """End the current turn and make it a combatant's turn now (its next in this phase)."""

    verb: ClassVar[str] = "turn"
    game_master: ClassVar[bool] = True
    target: CombatantId


@frozen
class EndCombat(Action):
    """End the fight."""

    verb: ClassVar[str] = "stop"
    game_master: ClassVar[bool] = True


@frozen
class AddNote(Action):
    """Write a note into the log."""

    verb: ClassVar[str] = "note"
    game_master: ClassVar[bool] = True
    text: str = field(metadata={"rest": True, "help": "the note"})
    secret: bool = field(default=False, metadata={"help": "only the game master reads it"})


A = TypeVar("A", bound=Action)


class GmRule(Generic[A]):
    """Shared parts of the game master's rules: free, and only for the game master."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def cost(self, state: EncounterState, action: A) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: A) -> None:
        if action.actor is not None:
            raise IllegalAction(
                "game-master-only", f"{action.verb}: only the game master can do that"
            )


class AddCombatantRule(GmRule[AddCombatant]):
    def verify(self, state: EncounterState, action: AddCombatant) -> None:
        super().verify(state, action)
        if not isinstance(action.sheet, self.ruleset.sheet_model):
            raise IllegalAction(
                "bad-sheet", f"{action.name}: not a {self.ruleset.descriptor.name} sheet"
            )
        if not action.name.strip() or not action.side.strip():
            raise IllegalAction("bad-name", "a combatant needs a name and a side")
        for given in (action.name, action.side, action.group or ""):
            problem = name_problem(given)
            if problem is not None:
                raise IllegalAction("bad-name", f"{given!r}: {problem}")

    def resolve(
        self, state: EncounterState, action: AddCombatant, dice: DiceSource
    ) -> Sequence[Event]:
        newcomer = Combatant(
            id=unique_id(state, action.name),
            name=action.name,
            side=action.side,
            sheet=action.sheet,
            pools=self.ruleset.pools(action.sheet),
            group=action.group,
            hidden=action.hidden,
        )
        joined = CombatantJoined(newcomer)
        if not state.clock.started:
            return [joined]
        state = joined.apply(state)
        rolled = list(self.ruleset.roll_initiative(state, (newcomer.id,), dice))
        for event in rolled:
            state = event.apply(state)
        return [joined, *rolled, *_join_order(self.ruleset, state, state[newcomer.id])]


def unique_id(state: EncounterState, name: str) -> CombatantId:
    """A lower-case id made from ``name`` (``Raptor 2`` → ``raptor-2``), unique in ``state``."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "combatant"
    candidate, n = base, 1
    while candidate in state.combatants:
        n += 1
        candidate = f"{base}-{n}"
    return CombatantId(candidate)


def _join_order(ruleset: Ruleset, state: EncounterState, newcomer: Combatant) -> list[Event]:
    """The newcomer's place in this round: in the turn of its group or union if that turn is in
    the order, else a turn of its own placed by initiative among the turns still to come. A
    combatant the ruleset gives no turn (an object) gets none."""
    theirs = next((t for t in ruleset.order(state) if newcomer.id in t.actors), None)
    if theirs is None:
        return []
    clock = state.clock
    order = list(clock.order)
    for position, turn in enumerate(order):
        if set(turn.actors) & set(theirs.actors):
            order[position] = replace(turn, actors=(*turn.actors, newcomer.id))
            return [OrderChanged(tuple(order), clock.index)]
    later = range(clock.index + 1, len(order))
    at = next((i for i in later if order[i].initiative < theirs.initiative), len(order))
    order.insert(at, Turn(actors=(newcomer.id,), initiative=theirs.initiative))
    return [OrderChanged(tuple(order), clock.index)]


class RemoveCombatantRule(GmRule[RemoveCombatant]):
    def resolve(
        self, state: EncounterState, action: RemoveCombatant, dice: DiceSource
    ) -> Sequence[Event]:
        tape = clock.Tape(state)
        clock.remove(tape, action.target, self.ruleset, dice)
        return tape.events


class RevealRule(GmRule[Reveal]):
    def resolve(self, state: EncounterState, action: Reveal, dice: DiceSource) -> Sequence[Event]:
        return [VisibilityChanged(action.target, hidden=False)]


class ConcealRule(GmRule[Conceal]):
    def resolve(self, state: EncounterState, action: Conceal, dice: DiceSource) -> Sequence[Event]:
        return [VisibilityChanged(action.target, hidden=True)]


class SetPoolRule(GmRule[SetPool]):
    def verify(self, state: EncounterState, action: SetPool) -> None:
        super().verify(state, action)
        pool_name(state[action.target], action.pool)

    def resolve(self, state: EncounterState, action: SetPool, dice: DiceSource) -> Sequence[Event]:
        name = pool_name(state[action.target], action.pool)
        return [PoolSet(action.target, name, action.value, reason="set by the game master")]


def pool_name(combatant: Combatant, typed: str) -> str:
    """The pool of ``combatant`` called ``typed``, ignoring case."""
    for name in combatant.pools:
        if name.lower() == typed.lower():
            return name
    known = ", ".join(combatant.pools) or "none"
    raise IllegalAction("unknown-pool", f"{combatant.name} has no pool {typed!r} (pools: {known})")


class ApplyEffectRule(GmRule[ApplyEffect]):
    def verify(self, state: EncounterState, action: ApplyEffect) -> None:
        super().verify(state, action)
        if action.rounds is not None and action.rounds < 0:
            raise IllegalAction("bad-duration", "an effect cannot last a negative number of rounds")
        if action.rounds is not None and not state.clock.started:
            raise IllegalAction("not-started", "a duration in rounds needs a running fight")

    def resolve(
        self, state: EncounterState, action: ApplyEffect, dice: DiceSource
    ) -> Sequence[Event]:
        ends = None
        if action.rounds is not None:
            moment = Moment.START if action.until == "start" else Moment.END
            ends = Anchor(state.clock.round + action.rounds, action.target, moment)
        return [EffectApplied(action.target, Effect(name=action.name, ends=ends))]


class RemoveEffectRule(GmRule[RemoveEffect]):
    def verify(self, state: EncounterState, action: RemoveEffect) -> None:
        super().verify(state, action)
        target = state[action.target]
        if _find_effect(target, action.name) is None:
            names = ", ".join(e.name for e in target.effects) or "none"
            raise IllegalAction(
                "no-such-effect", f"{target.name} has no effect {action.name!r} ({names})"
            )

    def resolve(
        self, state: EncounterState, action: RemoveEffect, dice: DiceSource
    ) -> Sequence[Event]:
        effect = _find_effect(state[action.target], action.name)
        assert effect is not None
        return [EffectEnded(action.target, effect.id, reason="removed by the game master")]


def _find_effect(combatant: Combatant, name: str) -> Effect | None:
    return next((e for e in combatant.effects if e.name.lower() == name.lower()), None)


class SetInitiativeRule(GmRule[SetInitiative]):
    def resolve(
        self, state: EncounterState, action: SetInitiative, dice: DiceSource
    ) -> Sequence[Event]:
        return [InitiativeSet(action.target, action.value, reason="set by the game master")]


class MoveTurnRule(GmRule[MoveTurn]):
    def verify(self, state: EncounterState, action: MoveTurn) -> None:
        super().verify(state, action)
        if not state.clock.started:
            raise IllegalAction("not-started", "combat has not started yet")
        name = state[action.target].name
        if not any(action.target in t.actors for t in state.clock.order):
            raise IllegalAction("not-in-order", f"{name} has no turn this round")
        if state.is_turn_of(action.target):
            raise IllegalAction("already-their-turn", f"it is already {name}'s turn")
        if _turn_in_phase(state, action.target) is None:
            turn = state.clock.turn
            phase = f"the {turn.label}" if turn is not None and turn.label else "this phase"
            raise IllegalAction("not-in-phase", f"{name} has no turn in {phase} this round")

    def resolve(self, state: EncounterState, action: MoveTurn, dice: DiceSource) -> Sequence[Event]:
        index = _turn_in_phase(state, action.target)
        assert index is not None
        tape = clock.Tape(state)
        clock.jump_to(tape, index, self.ruleset, dice)
        return tape.events


def _turn_in_phase(state: EncounterState, target: CombatantId) -> int | None:
    """Where in the order ``target``'s next turn of the present phase is (the turns labelled
    as the current one: a pose, Kaiser's Intention or Action phase): its first one from now
    on, else its first one of the phase already passed; None when it has none there."""
    now = state.clock
    phase = now.turn.label if now.turn is not None else ""
    turns = [i for i, t in enumerate(now.order) if target in t.actors and t.label == phase]
    return next((i for i in turns if i >= now.index), turns[0] if turns else None)


class EndCombatRule(GmRule[EndCombat]):
    def resolve(
        self, state: EncounterState, action: EndCombat, dice: DiceSource
    ) -> Sequence[Event]:
        return [CombatEnded("ended by the game master")]


class AddNoteRule:
    """Anyone may write a note."""

    def cost(self, state: EncounterState, action: AddNote) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: AddNote) -> None:
        if not action.text.strip():
            raise IllegalAction("empty-note", "note: nothing to write")

    def resolve(self, state: EncounterState, action: AddNote, dice: DiceSource) -> Sequence[Event]:
        return [Note(action.text, action.actor, action.secret)]

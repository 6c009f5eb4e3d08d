"""An encounter: a ruleset, a state, and the log of steps that led to it, with undo and redo.

``Encounter.apply`` is the one way in. It finds the action's rule, verifies the action, pays its
cost, resolves it with the encounter's dice, folds the events into the state, runs the
follow-ups they trigger, and records the whole as one undoable step. Anything that goes wrong on
the way raises before the state is touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.dice import DiceError, DiceSource, LoadedDice, SeededDice
from fracas.engine.action import Action, CombatantId, first_unknown
from fracas.engine.clock import Tape, Written
from fracas.engine.events import CombatEnded, DiceDrawn, Event, PoolChanged, reduce
from fracas.engine.frozen import frozen
from fracas.engine.gm import (
    AddCombatant,
    AddCombatantRule,
    AddNote,
    AddNoteRule,
    ApplyEffect,
    ApplyEffectRule,
    Conceal,
    ConcealRule,
    EndCombat,
    EndCombatRule,
    MoveTurn,
    MoveTurnRule,
    RemoveCombatant,
    RemoveCombatantRule,
    RemoveEffect,
    RemoveEffectRule,
    Reveal,
    RevealRule,
    SetInitiative,
    SetInitiativeRule,
    SetPool,
    SetPoolRule,
)
from fracas.engine.joining import AddCombatants, AddCombatantsRule
from fracas.engine.quick import DealDamage, DealDamageRule, Heal, HealRule
from fracas.engine.rolls import RollDice, RollDiceRule
from fracas.engine.ruleset import Cost, IllegalAction, Rule, Ruleset
from fracas.engine.state import EncounterState
from fracas.engine.turns import (
    EndTurn,
    EndTurnRule,
    HoldTurn,
    HoldTurnRule,
    StartCombat,
    StartCombatRule,
    TakeHeldTurn,
    TakeHeldTurnRule,
)
from fracas.errors import FracasError

ENGINE_ACTIONS: tuple[type[Action], ...] = (
    StartCombat,
    EndTurn,
    HoldTurn,
    TakeHeldTurn,
    AddCombatant,
    AddCombatants,
    RemoveCombatant,
    Reveal,
    Conceal,
    SetPool,
    DealDamage,
    Heal,
    ApplyEffect,
    RemoveEffect,
    SetInitiative,
    MoveTurn,
    EndCombat,
    AddNote,
    RollDice,
)

MAX_FOLLOW_UPS = 64
"""How many rounds of follow-ups one step may trigger before the ruleset is declared looping."""


class NothingToUndo(FracasError):
    """Undo with an empty log, or redo with nothing undone."""


@frozen
class Step:
    """One applied action and every event it caused, in order: the unit of undo."""

    action: Action
    events: tuple[Event, ...]


class Encounter:
    """A running encounter. ``dice`` overrides the seeded stream (tests, a table's own dice)."""

    def __init__(
        self, ruleset: Ruleset, seed: int = 0, dice: DiceSource | None = None, history: bool = True
    ) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.state = EncounterState(rng=(seed, 0))
        self.dice = dice
        self.history = history
        self.steps: list[Step] = []
        self._before: list[EncounterState] = []
        self._undone: list[tuple[Step, EncounterState]] = []
        self._engine_rules = _engine_rules(ruleset)
        self._legal: tuple[EncounterState, Action, Rule[Any], Cost] | None = None
        self._paid: tuple[EncounterState, Action, Written] | None = None

    # --- acting -------------------------------------------------------------------------

    def acting(self) -> tuple[CombatantId, ...]:
        """Those whose turn it is and who take it: a member of a group turn who is out of the
        fight (``Ruleset.takes_turn``) is not acting, though the turn is still the group's."""
        state = self.state
        combatants, takes_turn = state.combatants, self.ruleset.takes_turn
        return tuple([a for a in state.acting() if takes_turn(state, combatants[a])])

    def rule(self, action: Action) -> Rule[Any]:
        """The rule for ``action``; IllegalAction when neither the engine nor the ruleset has it."""
        rule = self._engine_rules.get(type(action)) or self.ruleset.rule(action)
        if rule is None:
            raise IllegalAction(
                "unknown-action", f"{self.ruleset.descriptor.name} has no action {action.verb!r}"
            )
        return rule

    def check(self, action: Action) -> None:
        """Raise IllegalAction when ``action`` is not allowed now; changes nothing."""
        self._checked(action)

    def price(self, action: Action) -> Cost:
        """What ``action`` will cost its actor now, once found legal (``check``)."""
        return self._checked(action)[1]

    def _checked(self, action: Action) -> tuple[Rule[Any], Cost]:
        """The action's rule and the cost it will pay, once the action is found legal.

        The last action found legal is remembered with the state it was checked against, so a
        policy's ``can`` or ``check`` followed by ``apply`` of the same action verifies it once
        (rules are pure: the same state and action give the same answer).
        """
        state = self.state
        legal = self._legal
        if legal is not None and legal[0] is state and (legal[1] is action or legal[1] == action):
            return legal[2], legal[3]
        unknown = first_unknown(action, state.combatants)
        if unknown is not None:
            raise IllegalAction("unknown-combatant", f"there is no combatant {unknown!r}")
        if state.ended and not isinstance(action, AddNote):
            raise IllegalAction("ended", "combat is over")
        rule = self.rule(action)
        rule.verify(state, action)
        cost = rule.cost(state, action)
        if cost:  # _afford has nothing to check otherwise: a call less for most checks
            self._afford(cost, action)
        self._legal = (state, action, rule, cost)
        return rule, cost

    def can(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action, faces: Sequence[int] | None = None) -> Step:
        """Carry out ``action`` as one step. ``faces``: dice typed in for this step only.

        Raises IllegalAction (the rules forbid it), DiceNeeded (typed-in dice ran out) or
        another FracasError; in every such case the state is unchanged.
        """
        rule, cost = self._checked(action)
        dice = self._dice_for_step(faces)
        tape = Tape(self.state)
        tape.write(self._paying(cost, action))
        tape.write(rule.resolve(tape.state, action, dice))
        self._follow_up(tape, dice)
        if faces is not None and isinstance(dice, LoadedDice) and dice.remaining:
            raise DiceError(f"{len(dice.remaining)} typed-in dice were not needed by {action.verb}")
        if isinstance(dice, SeededDice) and dice.state != tape.state.rng:
            tape.write([DiceDrawn(dice.state[1])])
        step = Step(action, tape.recorded())
        self._commit(step, tape.state)
        return step

    def _paying(self, cost: Cost, action: Action) -> Sequence[Event]:
        """The payment of ``cost`` (the cost ``_checked`` found for ``action`` in this state)
        folded into the state: remembered with the state and the very action, as ``_checked``
        remembers the action found legal. Applying the same action to the same state again
        (the exact odds do, once per branch of its dice) so hands its rule the very same state
        to resolve, which a rule's stage may be shared by (``fracas.dice.shared``)."""
        if not cost:  # nothing to pay: the state stays the very same object
            return ()
        state = self.state
        paid = self._paid
        if paid is not None and paid[0] is state and paid[1] is action:
            return paid[2]
        tape = Tape(state)
        tape.write(_payment(cost, action))
        written = tape.events
        self._paid = (state, action, written)
        return written

    def _afford(self, cost: Cost, action: Action) -> None:
        if not cost:
            return
        if action.actor is None:
            raise IllegalAction("no-actor", f"{action.verb}: say who acts (NAME: {action.verb} …)")
        actor = self.state.combatants[action.actor]
        for pool, amount in cost.items():
            have = actor.pools[pool].current if pool in actor.pools else 0
            if have < amount:
                raise IllegalAction(
                    f"not-enough-{pool.lower()}",
                    f"{action.verb} costs {amount} {pool}; {actor.name} has {have} {pool} left",
                )

    def _dice_for_step(self, faces: Sequence[int] | None) -> DiceSource:
        if faces is not None:
            return LoadedDice(faces)
        if self.dice is not None:
            return self.dice
        return SeededDice(*self.state.rng)

    def _follow_up(self, tape: Tape, dice: DiceSource) -> None:
        new: Sequence[Event] = tape.recorded()
        for _ in range(MAX_FOLLOW_UPS):
            more = list(self.ruleset.follow_ups(tape.state, new, dice))
            state = tape.state
            running = state.clock.round > 0 and not state.ended  # only then can it be decided
            if running and (over := self.ruleset.decided(state)) is not None:
                more.append(CombatEnded(over.reason))
            if not more:
                return
            tape.write(more)
            new = more
        raise FracasError(f"{self.ruleset.descriptor.slug}: follow-ups did not settle")

    def _commit(self, step: Step, state: EncounterState) -> None:
        if self.history:
            self.steps.append(step)
            self._before.append(self.state)
        self._undone.clear()
        self.state = state

    # --- undo and redo ------------------------------------------------------------------

    def undo(self) -> Step:
        """Go back to the state before the last step. The dice stream goes back too."""
        if not self.steps:
            raise NothingToUndo("nothing to undo")
        step, before = self.steps.pop(), self._before.pop()
        self._undone.append((step, self.state))
        self.state = before
        return step

    def redo(self) -> Step:
        """Apply the last undone step again, with the very same events."""
        if not self._undone:
            raise NothingToUndo("nothing to redo")
        step, after = self._undone.pop()
        self.steps.append(step)
        self._before.append(self.state)
        self.state = after
        return step

    @property
    def undone(self) -> tuple[Step, ...]:
        """Steps that redo would bring back, the next one last."""
        return tuple(step for step, _ in self._undone)

    def replay(self, steps: Sequence[Step], undone: Sequence[Step] = ()) -> None:
        """Rebuild this fresh encounter from a log by folding every step's events, and keep
        ``undone`` (in the order ``Encounter.undone`` gives) for redo.

        No rule runs and no die is rolled.
        """
        for step in (*steps, *reversed(undone)):
            self._commit(step, reduce(self.state, step.events))
        for _ in undone:
            self.undo()


def _payment(cost: Cost, action: Action) -> list[Event]:
    if action.actor is None:
        return []
    return [
        PoolChanged(action.actor, pool, -amount, action.verb)
        for pool, amount in cost.items()
        if amount
    ]


def _engine_rules(ruleset: Ruleset) -> dict[type[Action], Rule[Any]]:
    return {
        StartCombat: StartCombatRule(ruleset),
        EndTurn: EndTurnRule(ruleset),
        HoldTurn: HoldTurnRule(ruleset),
        TakeHeldTurn: TakeHeldTurnRule(ruleset),
        AddCombatant: AddCombatantRule(ruleset),
        AddCombatants: AddCombatantsRule(ruleset),
        RemoveCombatant: RemoveCombatantRule(ruleset),
        Reveal: RevealRule(ruleset),
        Conceal: ConcealRule(ruleset),
        SetPool: SetPoolRule(ruleset),
        DealDamage: DealDamageRule(ruleset),
        Heal: HealRule(ruleset),
        ApplyEffect: ApplyEffectRule(ruleset),
        RemoveEffect: RemoveEffectRule(ruleset),
        SetInitiative: SetInitiativeRule(ruleset),
        MoveTurn: MoveTurnRule(ruleset),
        EndCombat: EndCombatRule(ruleset),
        AddNote: AddNoteRule(),
        RollDice: RollDiceRule(),
    }

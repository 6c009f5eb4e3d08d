"""The ruleset hooks around a turn's end and its effects' expiry, on toy rulesets that use them
(the plain toy keeps the defaults: effects end at their anchor, ``end`` always ends the turn)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import EffectEnded, Event, MarkSet, TurnEnded
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Effect, EncounterState, Moment, Turn
from fracas.engine.turns import EndTurn, StartCombat
from tests.engine.toy import Guard, Toy, ToySheet

ADA, BO = CombatantId("ada"), CombatantId("bo")


class LateExpiry(Toy):
    """Effects due at the start of a turn stay on; the default ends them at the turn's end."""

    def __init__(self) -> None:
        super().__init__()
        self.offered: list[tuple[Moment, tuple[str, ...]]] = []

    def expire(
        self,
        state: EncounterState,
        combatant: CombatantId,
        moment: Moment,
        due: Sequence[tuple[CombatantId, Effect]],
    ) -> Sequence[Event]:
        self.offered.append((moment, tuple(effect.name for _, effect in due)))
        if moment is Moment.START:
            return []
        return super().expire(state, combatant, moment, due)


class GuardedCannotEnd(Toy):
    """A guarded combatant may not end its turn (a stand-in for 'finish that first')."""

    def may_end_turn(self, state: EncounterState, actor: CombatantId | None) -> str | None:
        acting = state.acting()
        if any(state[who].has("Guarded") for who in acting):
            return "the guard must be dropped first"
        return None


class EndPhase(Toy):
    """The first ``end`` of a turn opens an end phase (a mark); the next one ends the turn."""

    def before_turn_end(self, state: EncounterState, dice: DiceSource) -> Sequence[Event] | None:
        (who,) = state.acting()
        if state[who].marks.get("ending"):
            return None
        return [MarkSet(who, "ending", True)]

    def at_turn_end(self, state: EncounterState, turn: Turn, dice: DiceSource) -> list[Event]:
        return [MarkSet(who, "ending", None) for who in state.acting()]


def two(ruleset: Toy) -> Encounter:
    encounter = Encounter(ruleset, seed=3)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5)))
    encounter.apply(StartCombat())
    return encounter


def test_a_ruleset_may_end_the_effects_due_at_a_turns_start_later() -> None:
    """The ruleset is offered the effects due and decides; those it leaves on are due again
    at the turn's end, where the default ends them. Undo brings them back."""
    ruleset = LateExpiry()
    encounter = two(ruleset)
    encounter.apply(Guard(actor=ADA))
    encounter.apply(EndTurn())
    encounter.apply(EndTurn())
    assert encounter.state[ADA].has("Guarded")
    assert ruleset.offered == [(Moment.START, ("Guarded",))]
    step = encounter.apply(EndTurn())
    assert ruleset.offered[-1] == (Moment.END, ("Guarded",))
    assert not encounter.state[ADA].has("Guarded")
    assert any(isinstance(e, EffectEnded) for e in step.events)
    encounter.undo()
    assert encounter.state[ADA].has("Guarded")


def test_a_ruleset_may_refuse_to_end_a_turn_and_nothing_changes() -> None:
    encounter = two(GuardedCannotEnd())
    encounter.apply(Guard(actor=ADA))
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(EndTurn())
    assert refused.value.code == "cannot-end"
    assert refused.value.reason == "the guard must be dropped first"
    assert encounter.state is before


def test_a_ruleset_may_keep_a_turn_going_when_it_is_ended() -> None:
    """``before_turn_end`` answering events keeps the turn; answering None ends it."""
    encounter = two(EndPhase())
    first = encounter.apply(EndTurn())
    assert not any(isinstance(e, TurnEnded) for e in first.events)
    assert encounter.state.acting() == (ADA,)
    assert encounter.state[ADA].marks.get("ending") is True
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (BO,)
    assert encounter.state[ADA].marks.get("ending") is None

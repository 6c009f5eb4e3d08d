"""The engine's fast paths give exactly what the plain code gives (docs/performance.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fracas.dice import SeededDice
from fracas.engine.action import CombatantId, combatants_named, first_unknown
from fracas.engine.clock import Tape, due, end_turn
from fracas.engine.events import (
    CombatantJoined,
    CombatantLeft,
    EffectApplied,
    EffectEnded,
    MarkSet,
    Note,
    PoolChanged,
    Record,
    reduce,
)
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import (
    Anchor,
    Clock,
    Combatant,
    Effect,
    EncounterState,
    Moment,
    Pool,
    Reset,
    Turn,
    evolve,
)
from fracas.engine.turns import EndTurn
from tests.engine.test_encounter import ADA, BO, fight, hp
from tests.engine.toy import Punch, ToySheet

ADA_ALONE = Combatant(
    id=CombatantId("ada"),
    name="Ada",
    side="heroes",
    sheet=ToySheet(speed=9),
    pools={"HP": Pool(10, 10)},
)


@pytest.mark.parametrize(
    ("value", "changes"),
    [
        (Pool(3, 3, Reset.TURN), {"current": 1}),
        (Pool(3, 3, Reset.TURN), {"current": 0, "maximum": 4}),
        (Effect("Guarded", "e1", Anchor(2, CombatantId("ada"))), {"id": "e2"}),
        (ADA_ALONE, {"pools": {"HP": Pool(4, 10)}, "hidden": True}),
        (Clock(1, (Turn((CombatantId("ada"),), 9),), 0), {"index": 1}),
        (EncounterState(combatants={ADA_ALONE.id: ADA_ALONE}), {"ended": True, "rng": (7, 3)}),
    ],
)
def test_evolve_gives_what_replace_gives_and_leaves_the_original(
    value: object, changes: dict[str, object]
) -> None:
    before = replace(value)  # type: ignore[type-var]
    evolved = evolve(value, **changes)
    assert evolved == replace(value, **changes)  # type: ignore[type-var]
    assert type(evolved) is type(value)
    assert value == before
    assert all(getattr(evolved, name) == wanted for name, wanted in changes.items())


def test_evolve_refuses_a_field_the_class_does_not_have() -> None:
    with pytest.raises(TypeError, match="Pool has no field curent"):
        evolve(Pool(4, 10), curent=3)


def test_a_combatant_changed_in_a_field_it_does_not_have_is_refused() -> None:
    state = EncounterState(combatants={ADA_ALONE.id: ADA_ALONE})
    with pytest.raises(TypeError, match="Combatant has no field hp"):
        state.with_changed(ADA_ALONE, hp=3)
    changed = state.with_changed(ADA_ALONE, hidden=True)
    assert changed[ADA_ALONE.id] == replace(ADA_ALONE, hidden=True)
    assert state[ADA_ALONE.id] is ADA_ALONE


def test_a_record_is_written_without_changing_the_state_and_may_not_change_it() -> None:
    """Folding skips a record's ``apply`` (``Event.changes_state``), so a record that changed
    the state would be folded wrong: it is refused when its class is made."""
    state = EncounterState(combatants={ADA_ALONE.id: ADA_ALONE})
    tape = Tape(state)
    written = (Note("a ruling"), PoolChanged(ADA_ALONE.id, "HP", -2), Note("another"))
    tape.write(list(written))
    assert tape.recorded() == written
    assert tape.state[ADA_ALONE.id].pools["HP"] == Pool(8, 10)
    assert reduce(state, [Note("x"), Note("y")]) == state
    with pytest.raises(TypeError, match="Cheat: a Record changes nothing"):

        class Cheat(Record):
            def apply(self, state: EncounterState) -> EncounterState:
                return evolve(state, ended=True)


def test_the_first_unknown_combatant_an_action_names_is_found_in_their_order() -> None:
    known = {CombatantId("ada"), CombatantId("bo")}
    assert first_unknown(Punch(actor=CombatantId("ada"), target=CombatantId("bo")), known) is None
    named = Punch(actor=CombatantId("cy"), target=CombatantId("dee"))
    assert first_unknown(named, known) == "cy" == combatants_named(named)[0]
    assert first_unknown(Punch(actor=CombatantId("ada"), target=CombatantId("dee")), known) == "dee"


def test_an_action_checked_legal_is_checked_again_once_the_state_moved_on() -> None:
    """Redo moves the state on without checking anything: the punch Ada could throw before
    must be refused now that it is Bo's turn."""
    encounter = fight(4)
    punch = Punch(actor=ADA, target=BO)
    encounter.apply(EndTurn())
    encounter.undo()
    assert encounter.can(punch)
    encounter.redo()
    with pytest.raises(IllegalAction, match="your turn"):
        encounter.apply(punch)


def test_after_undo_the_same_check_holds_and_the_step_comes_out_the_same() -> None:
    encounter = fight(seed=11)
    punch = Punch(actor=ADA, target=BO)
    encounter.check(punch)
    first = encounter.apply(punch)
    left = hp(encounter, BO)
    encounter.undo()
    assert encounter.can(punch)
    assert encounter.apply(punch).events == first.events
    assert hp(encounter, BO) == left


def test_events_a_tape_folded_are_not_folded_again_from_the_same_state() -> None:
    """An end of turn runs the clock on a tape of its own; the step's tape takes the state it
    reached, which is exactly the state folding those events again gives."""
    encounter = fight(seed=3)
    state = encounter.state
    inner = Tape(state)
    end_turn(inner, encounter.ruleset, SeededDice(*state.rng))
    written = inner.events
    assert written.start is state and written.end is inner.state

    outer = Tape(state)
    outer.write(written)
    assert outer.state is inner.state
    assert outer.events == written
    assert reduce(state, written) == inner.state


def test_events_folded_from_another_state_are_folded_again() -> None:
    encounter = fight(seed=3)
    state = encounter.state
    inner = Tape(state)
    inner.write([PoolChanged(ADA, "HP", -3)])
    elsewhere = Tape(evolve(state, next_effect=state.next_effect))  # equal, not the same
    elsewhere.write(inner.events)
    assert elsewhere.state is not inner.state
    assert elsewhere.state == inner.state
    assert elsewhere.state[ADA].pools["HP"].current == state[ADA].pools["HP"].current - 3


def _anchored_afresh(state: EncounterState) -> tuple[CombatantId, ...]:
    return replace(state).anchored()  # a new state: worked out from its combatants


def test_the_holders_of_anchored_effects_are_kept_along_as_effects_come_and_go() -> None:
    ends = Anchor(1, CombatantId("ada"))
    bo = replace(ADA_ALONE, id=CombatantId("bo"), name="Bo")
    cy = replace(ADA_ALONE, id=CombatantId("cy"), name="Cy")
    state = EncounterState(combatants={ADA_ALONE.id: ADA_ALONE, bo.id: bo, cy.id: cy})
    assert state.anchored() == ()
    steps = [
        EffectApplied(cy.id, Effect("Stunned", ends=ends)),
        EffectApplied(bo.id, Effect("Guarded")),  # no end: not anchored
        EffectApplied(ADA_ALONE.id, Effect("Slowed", ends=ends)),
        EffectApplied(bo.id, Effect("Dazed", ends=ends)),
        EffectEnded(cy.id, "e1"),
        CombatantLeft(ADA_ALONE.id),
    ]
    seen = []
    for event in steps:
        state = event.apply(state)
        seen.append(state.anchored())
        assert state.anchored() == _anchored_afresh(state)
    assert seen == [("cy",), ("cy",), ("ada", "cy"), ("ada", "bo", "cy"), ("ada", "bo"), ("bo",)]


def test_due_finds_the_effects_ending_now_on_their_holders() -> None:
    ends = Anchor(1, CombatantId("ada"), Moment.START)
    bo = replace(ADA_ALONE, id=CombatantId("bo"), name="Bo", effects=(Effect("Dazed", "e1", ends),))
    state = EncounterState(combatants={ADA_ALONE.id: ADA_ALONE, bo.id: bo}, clock=Clock(round=1))
    assert due(state, CombatantId("ada"), Moment.START) == ((bo.id, bo.effects[0]),)
    assert due(state, CombatantId("bo"), Moment.START) == ()


def test_a_run_folded_through_one_draft_is_the_state_folded_event_by_event() -> None:
    ends = Anchor(1, CombatantId("ada"))
    bo = replace(ADA_ALONE, id=CombatantId("bo"), name="Bo")
    cy = replace(ADA_ALONE, id=CombatantId("cy"), name="Cy")
    start = EncounterState(combatants={ADA_ALONE.id: ADA_ALONE, bo.id: bo, cy.id: cy})
    assert start.anchored() == ()  # known, so the fold keeps it along
    untouched = replace(start)
    run = [
        EffectApplied(cy.id, Effect("Stunned", ends=ends)),
        PoolChanged(bo.id, "HP", -4),
        EffectApplied(ADA_ALONE.id, Effect("Slowed", ends=ends)),
        CombatantLeft(cy.id),
        PoolChanged(bo.id, "HP", -1),
        CombatantJoined(replace(cy, pools={"HP": Pool(2, 10)})),  # back, at the end
    ]
    one_by_one = start
    for event in run:
        one_by_one = event.apply(one_by_one)
    folded = reduce(start, run)
    assert type(folded) is EncounterState
    assert folded == one_by_one
    assert list(folded.combatants) == ["ada", "bo", "cy"] == list(one_by_one.combatants)
    assert folded[bo.id].pools["HP"].current == 5
    assert folded.next_effect == 3
    assert folded.anchored() == ("ada",) == _anchored_afresh(folded)
    assert start == untouched and start.combatants == untouched.combatants  # never changed


def test_a_combatant_changed_again_in_a_run_is_changed_in_the_drafts_copy_alone() -> None:
    """A draft changes the combatant it copied in place; the state it started from and a
    combatant an event brought in (``CombatantJoined``'s own) stay as they were."""
    bo = replace(ADA_ALONE, id=CombatantId("bo"), name="Bo")
    start = EncounterState(combatants={ADA_ALONE.id: ADA_ALONE, bo.id: bo})
    untouched = replace(start)
    cy = replace(ADA_ALONE, id=CombatantId("cy"), name="Cy")
    joined = CombatantJoined(cy)
    run = [
        PoolChanged(bo.id, "HP", -4),
        EffectApplied(bo.id, Effect("Bleeding")),
        MarkSet(bo.id, "dead", True),
        PoolChanged(bo.id, "HP", -1),
        joined,
        PoolChanged(cy.id, "HP", -2),
        MarkSet(cy.id, "dead", True),
    ]
    one_by_one = start
    for event in run:
        one_by_one = event.apply(one_by_one)
    folded = reduce(start, run)
    assert folded == one_by_one
    assert folded[bo.id].pools["HP"].current == 5 and folded[bo.id].marks == {"dead": True}
    assert [e.name for e in folded[bo.id].effects] == ["Bleeding"]
    assert folded[cy.id].pools["HP"].current == 8 and folded[cy.id].marks == {"dead": True}
    assert start == untouched and start[bo.id] is bo and bo.pools["HP"].current == 10
    assert bo.marks == {} and bo.effects == ()
    assert joined.combatant is cy and cy.pools["HP"].current == 10 and cy.marks == {}


def test_one_who_left_and_came_back_in_a_run_holds_its_new_place_among_the_anchored() -> None:
    ends = Anchor(1, CombatantId("ada"))
    bo = replace(ADA_ALONE, id=CombatantId("bo"), name="Bo", effects=(Effect("Dazed", "e1", ends),))
    ada = replace(ADA_ALONE, effects=(Effect("Slowed", "e2", ends),))
    start = EncounterState(combatants={ada.id: ada, bo.id: bo}, next_effect=3)
    assert start.anchored() == ("ada", "bo")
    folded = reduce(start, [CombatantLeft(ada.id), CombatantJoined(ada)])
    assert list(folded.combatants) == ["bo", "ada"]
    assert folded.anchored() == ("bo", "ada") == _anchored_afresh(folded)

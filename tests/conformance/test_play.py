"""Random legal play on every ruleset's demo: it never crashes, and its log is sound.

Each test plays a random game (``play.play``) and then checks one property of the log: saving
and loading gives the identical encounter, undoing every step gives the start, replaying the
log's events or re-running its actions gives the same state.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.app import Session, faces_only, session_from_save, split_faces
from fracas.dice import LoadedDice
from fracas.engine import saving
from fracas.engine.encounter import Encounter, NothingToUndo
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from tests.conformance.play import (
    RULESETS,
    SEEDS,
    Outcome,
    check_invariants,
    check_views,
    command_line,
    examples,
    open_demo,
    play,
    ruleset_id,
    transcript,
)

PLAY = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

pytestmark = pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)


@PLAY
@given(seed=SEEDS, data=st.data())
def test_random_play_never_crashes(ruleset: type[Ruleset], seed: int, data: st.DataObject) -> None:
    session = open_demo(ruleset, seed)
    play(session, data, max_lines=60)
    check_views(session)


TABLE_FACES = st.lists(st.integers(min_value=0, max_value=21), max_size=30)
"""Faces a table rolled, loaded ahead; 0 and 21 do not fit a d20, and the stream runs out."""


@PLAY
@given(seed=SEEDS, faces=TABLE_FACES, data=st.data())
def test_random_play_with_dice_rolled_at_the_table(
    ruleset: type[Ruleset], seed: int, faces: list[int], data: st.DataObject
) -> None:
    session = open_demo(ruleset, seed, dice=LoadedDice(faces))
    outcomes = play(session, data)
    note = transcript(outcomes)
    encounter = session.encounter
    loaded = saving.load(json.loads(json.dumps(saving.save(encounter))))
    assert loaded.steps == encounter.steps, note
    assert loaded.state == encounter.state, note
    end, steps = encounter.state, list(encounter.steps)
    for _ in steps:
        encounter.undo()
    assert encounter.state == EncounterState(rng=(seed, 0)), note
    for _ in steps:
        encounter.redo()
    assert encounter.state is end, note


@PLAY
@given(seed=SEEDS, data=st.data())
def test_save_then_load_is_identical(
    ruleset: type[Ruleset], seed: int, data: st.DataObject
) -> None:
    session = open_demo(ruleset, seed)
    outcomes = play(session, data)
    encounter = session.encounter
    saved = saving.save(encounter)
    through_json = json.loads(json.dumps(saved))
    assert through_json == saved, "a save is not plain JSON data"
    loaded = saving.load(through_json)
    note = transcript(outcomes)
    assert loaded.seed == encounter.seed
    assert loaded.steps == encounter.steps, note
    assert loaded.undone == encounter.undone, note
    assert loaded.state == encounter.state, note
    assert saving.save(loaded) == saved, note


@PLAY
@given(seed=SEEDS, data=st.data())
def test_undo_to_the_start_then_redo_to_the_end(
    ruleset: type[Ruleset], seed: int, data: st.DataObject
) -> None:
    session = open_demo(ruleset, seed)
    outcomes = play(session, data)
    encounter = session.encounter
    end, steps = encounter.state, list(encounter.steps)
    note = transcript(outcomes)
    for _ in steps:
        encounter.undo()
    assert encounter.state == EncounterState(rng=(seed, 0)), note
    with pytest.raises(NothingToUndo):
        encounter.undo()
    for _ in steps:
        encounter.redo()
    assert encounter.state is end, note
    assert encounter.steps == steps, note
    check_invariants(session)


def typed_in(outcome: Outcome) -> bool:
    """The line took a step with dice typed in (``!FACES``, or faces for a waiting command)."""
    line = outcome.line
    return split_faces(line)[1] is not None or faces_only(line) is not None


@PLAY
@given(seed=SEEDS, data=st.data())
def test_replaying_the_log_gives_the_same_state(
    ruleset: type[Ruleset], seed: int, data: st.DataObject
) -> None:
    typed: set[int] = set()

    def note_typed(session: Session, outcome: Outcome) -> None:
        if outcome.reply is not None and outcome.reply.step is not None and typed_in(outcome):
            typed.add(id(outcome.reply.step))

    session = open_demo(ruleset, seed)
    outcomes = play(session, data, after=note_typed)
    encounter = session.encounter
    note = transcript(outcomes)
    saved = saving.save(encounter)
    log = saving.load(saved).steps

    folded = Encounter(encounter.ruleset, seed=seed)
    folded.replay(log)
    assert folded.state == encounter.state, note

    # Run every action again on the same seed: the same events come out. A step whose dice
    # were typed in is folded instead, as its faces are not part of the action.
    rerun = Encounter(type(encounter.ruleset)(encounter.ruleset.settings), seed=seed)
    for number, (step, original) in enumerate(zip(log, encounter.steps, strict=True), start=1):
        if id(original) in typed:
            rerun.replay([step])
            continue
        again = rerun.apply(step.action)
        assert again == step, f"step {number} ({step.action.verb}) differs when run again\n{note}"
    assert rerun.state == encounter.state, note


@PLAY
@given(seed=SEEDS, data=st.data())
def test_a_resumed_save_plays_on_the_same(
    ruleset: type[Ruleset], seed: int, data: st.DataObject
) -> None:
    session = open_demo(ruleset, seed)
    before = transcript(play(session, data))
    for speaker in [None, *session.state.combatants]:
        if session.pending(speaker) is not None:
            session.run("status", speaker=speaker)  # a waiting command is not saved: drop it
    resumed = session_from_save(json.loads(json.dumps(session.save())))
    assert resumed.setup == session.setup
    assert resumed.name == session.name
    assert resumed.state == session.state, before
    lines = []
    for _ in range(data.draw(st.integers(min_value=0, max_value=20), label="more lines")):
        line = data.draw(command_line(session), label="line")
        lines.append(line)
        here, there = session.run(line), resumed.run(line)
        where = f"{before}\n-- saved and resumed --\n" + "\n".join(map(repr, lines))
        assert (here.error, here.lines) == (there.error, there.lines), where
        assert resumed.state == session.state, where

"""Random legal play on every ruleset's demo, each change logged in a real SQLite store as it
happens: loading the stored encounter gives the very same encounter (steps, undone, state)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.app import Session
from fracas.engine.ruleset import Ruleset
from fracas.store import Store
from fracas.store.tracked import entry_of
from tests.conformance.play import RULESETS, SEEDS, Outcome, examples, open_demo, play, ruleset_id

pytestmark = pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)


@settings(
    max_examples=examples(10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=SEEDS, data=st.data())
def test_a_game_logged_change_by_change_loads_back_identical(
    ruleset: type[Ruleset], seed: int, data: st.DataObject
) -> None:
    session = open_demo(ruleset, seed)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'conformance.sqlite3'}")
        encounter = store.create(session)
        log = {"version": store.version(encounter), "steps": len(session.encounter.steps)}

        def commit(after: Session, outcome: Outcome) -> None:
            if outcome.reply is None or not outcome.reply.changed:
                return
            entry = entry_of(outcome.reply, log["steps"], after)
            log["version"] = store.append(encounter, log["version"], entry)
            log["steps"] = len(after.encounter.steps)

        play(session, data, after=commit)
        loaded = store.load(encounter).session
        store.close()
    assert loaded.encounter.steps == session.encounter.steps
    assert loaded.encounter.undone == session.encounter.undone
    assert loaded.state == session.state
    assert loaded.save() == session.save()

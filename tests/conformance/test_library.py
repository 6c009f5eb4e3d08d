"""Every built-in library entry of every ruleset validates and plays a short fight with the
generic policy, against another entry of its ruleset, each added by ``add ENTRY``; with the
ruleset's own tactics, someone acts in it."""

from __future__ import annotations

import pytest

from fracas.app.building import build_encounter
from fracas.app.rulesets import find
from fracas.engine.encounter import Step
from fracas.library import Entry, Library, load_library
from fracas.sim.fight import fight
from fracas.sim.policy import Generic, tactics_for

BUILTIN: Library = load_library([])
ENTRIES = BUILTIN.entries


def opponent(entry: Entry) -> Entry:
    """The next entry of the same ruleset (by name, round the end)."""
    mine = BUILTIN.of(entry.ruleset)
    return mine[(mine.index(entry) + 1) % len(mine)]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e.ruleset}-{e.key}")
def test_a_builtin_entry_validates_and_plays_a_fight(entry: Entry) -> None:
    ruleset = find(entry.ruleset)
    assert isinstance(entry.sheet, ruleset.sheet_model)
    other = opponent(entry)
    adds = [f'"{entry.name}" -side us', f'"{other.name}" -side them']
    session = build_encounter(entry.ruleset, "", adds, seed=1, library=BUILTIN)
    assert [c.sheet for c in session.state] == [entry.sheet, other.sheet]
    played = session.encounter.ruleset
    result = fight(played, session.state, Generic(played), seed=1, max_rounds=3)
    assert result.winner in (None, "us", "them")
    assert 1 <= result.rounds <= 3
    assert set(result.survivors) <= set(session.state.combatants)
    log: list[Step] = []  # the generic policy may only pass (Kaiser's intentions): tactics act
    fight(played, session.state, tactics_for(played), seed=1, max_rounds=3, log=log)
    assert any(step.action.actor is not None for step in log)

"""Opening encounter files, saving and resuming sessions, autosave names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fracas.app.files import (
    SessionFileError,
    autosave_path,
    load_session,
    new_session,
    open_encounter,
    write_session,
)
from fracas.content import ContentError
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.events import DiceRolled
from fracas.engine.registry import UnknownRuleset
from fracas.engine.ruleset import Ruleset
from tests.app.fight import ok
from tests.engine.toy import Toy, ToySheet

ENCOUNTER = """\
ruleset: toy
name: Back-alley brawl
settings:
  ap: 3
combatants:
  - name: Ada
    side: heroes
    sheet: {speed: 9}
  - name: Thug
    side: villains
    count: 2
    sheet: {speed: 5, hp: 4}
  - name: Lurker
    side: villains
    hidden: true
    sheet: {speed: 1}
"""


def find(name: str) -> type[Ruleset]:
    if name.lower() in ("toy", "punches"):
        return Toy
    raise UnknownRuleset(f"no ruleset called {name!r} (known: toy)")


def write(folder: Path, text: str, name: str = "brawl.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_open_encounter_adds_every_combatant_with_group_and_hidden(tmp_path: Path) -> None:
    session = open_encounter(write(tmp_path, ENCOUNTER), seed=3, find=find)
    assert session.name == "Back-alley brawl"
    state = session.state
    assert [c.name for c in state] == ["Ada", "Thug 1", "Thug 2", "Lurker"]
    assert state[CombatantId("thug-1")].group == state[CombatantId("thug-2")].group == "thug"
    assert state[CombatantId("lurker")].hidden
    assert state[CombatantId("ada")].sheet == ToySheet(speed=9)
    assert state[CombatantId("ada")].pools["AP"].maximum == 3  # the file's settings
    assert session.setup == 4 and session.encounter.seed == 3
    assert session.run("undo").error == "nothing to undo"


def test_a_bad_encounter_file_is_located(tmp_path: Path) -> None:
    bad = ENCOUNTER.replace("speed: 9", "sped: 9")
    with pytest.raises(ContentError) as caught:
        open_encounter(write(tmp_path, bad), find=find)
    assert str(caught.value).startswith(f"{tmp_path / 'brawl.yaml'}:8:")
    assert "sped" in str(caught.value)


def test_an_unknown_ruleset_is_located(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        open_encounter(write(tmp_path, ENCOUNTER.replace("toy", "chess")), find=find)
    assert ":1:" in str(caught.value) and "chess" in str(caught.value)


def test_bad_settings_are_located(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        open_encounter(write(tmp_path, ENCOUNTER.replace("ap: 3", "ap: lots")), find=find)
    assert ":4:" in str(caught.value) and "settings.ap" in str(caught.value)


def test_a_saved_session_resumes_identical(tmp_path: Path) -> None:
    session = open_encounter(write(tmp_path, ENCOUNTER), seed=3, find=find)
    ok(session.run("start"))
    ok(session.run("punch thug 1"))
    ok(session.run("roll 3d6"))
    ok(session.run("end"))
    ok(session.run("undo"))
    path = write_session(session, tmp_path / "saves" / "brawl.fracas.json")
    resumed = load_session(path, find=find)
    assert resumed.state == session.state
    assert resumed.name == session.name and resumed.setup == session.setup
    assert resumed.encounter.steps == session.encounter.steps
    assert any(isinstance(e, DiceRolled) for step in resumed.encounter.steps for e in step.events)
    assert ok(resumed.run("redo")).lines == ("Redone [8]: Ada: end",)
    session.encounter.redo()
    assert resumed.state == session.state


def test_a_resumed_session_takes_new_dice(tmp_path: Path) -> None:
    session = open_encounter(write(tmp_path, ENCOUNTER), find=find)
    ok(session.run("start"))
    path = write_session(session, tmp_path / "s.json")
    resumed = load_session(path, LoadedDice([6]), find=find)
    ok(resumed.run("punch thug 2"))
    assert resumed.state[CombatantId("thug-2")].pools["HP"].current == -2


def test_an_unreadable_save_is_one_located_line(tmp_path: Path) -> None:
    with pytest.raises(SessionFileError) as caught:
        load_session(write(tmp_path, "{not json", "s.json"), find=find)
    assert str(caught.value) == f"{tmp_path / 's.json'}:1:2: not JSON: " + (
        "Expecting property name enclosed in double quotes"
    )
    with pytest.raises(SessionFileError, match="not a fracas-encounter version 1 save"):
        load_session(write(tmp_path, json.dumps({"format": "x"}), "t.json"), find=find)
    with pytest.raises(SessionFileError, match="cannot read file"):
        load_session(tmp_path / "missing.json", find=find)


def test_new_session_is_empty(tmp_path: Path) -> None:
    session = new_session("punches", seed=2, find=find)
    assert not session.state.combatants and session.encounter.seed == 2
    ok(session.run("add Ada heroes '{speed: 9}'"))


def test_autosave_names_never_overwrite(tmp_path: Path) -> None:
    first = autosave_path("Back-alley brawl!", tmp_path)
    assert first == tmp_path / "back-alley-brawl.fracas.json"
    first.write_text("{}")
    assert (
        autosave_path("Back-alley brawl!", tmp_path) == tmp_path / "back-alley-brawl-2.fracas.json"
    )
    assert autosave_path("", tmp_path).name == "encounter.fracas.json"

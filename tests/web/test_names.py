"""Issue 19, item 8: a name with a right-to-left override, a zero-width character or a NUL is
refused, through the API's fields and through typed commands alike, naming what is wrong."""

from __future__ import annotations

import json

import pytest

from fracas.engine.names import name_problem
from tests.web.conftest import RAPTOR_SHEET, Table

BAD = ["Evil\u202etxt.exe", "Ra\u200bptor", "Nul\x00l", "Zero\u200dWidth", "\ufeffBom"]


@pytest.mark.parametrize("name", BAD)
def test_a_name_with_an_invisible_or_reordering_character_is_refused(
    table: Table, name: str
) -> None:
    before = table.client.get(f"/api/t/{table.gm}").json()["version"]
    body = {"name": name, "side": "raptors", "sheet": RAPTOR_SHEET}
    sent = table.gm_post("/combatants", body)
    assert sent.status_code == 422 and sent.json()["field"] == "name", sent.text
    assert "U+" in sent.json()["message"]
    side = table.gm_post("/combatants", {**body, "name": "Fine", "side": name})
    assert side.status_code == 422 and side.json()["field"] == "side"
    created = table.client.post("/api/encounters", json={"ruleset": "momentum", "name": name})
    assert created.status_code == 422 and created.json()["field"] == "name"
    typed = table.command(f'add "{name}" raptors "Raptor 1"')
    assert typed.status_code == 400 and "may not hold" in typed.json()["message"], typed.text
    assert table.client.get(f"/api/t/{table.gm}").json()["version"] == before


def test_ordinary_names_of_any_script_are_names() -> None:
    for name in ("Raptor 2", "Ærwyn", "Ğöktürk", "李小龍", "محارب", "Jean-Luc O'Neil"):
        assert name_problem(name) is None, name
    assert "RIGHT-TO-LEFT OVERRIDE".lower() in (name_problem("a\u202eb") or "")


@pytest.mark.parametrize("name", BAD)
def test_an_imported_save_with_a_bad_name_is_refused(table: Table, name: str) -> None:
    """A save holds its combatants' names as they joined: an upload with a bad one is refused
    as a typed ``add`` of it is, and nothing is stored."""
    save = json.dumps(table.client.get(f"/api/t/{table.gm}/export").json())
    assert '"Druid"' in save
    listed = len(table.client.get("/api/encounters").json())
    sent = table.client.post(
        "/api/encounters/import", content=save.replace('"Druid"', json.dumps(name))
    )
    assert sent.status_code == 422 and "a name may not hold" in sent.json()["message"], sent.text
    assert len(table.client.get("/api/encounters").json()) == listed

"""The library over HTTP: list, show, build an encounter; bad input a 4xx that stores nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fracas.library import ENVIRONMENT
from fracas.store import Store
from tests.web.conftest import Table

BROKEN = "name: Bad\nruleset: momentum\nfrom: raptor\nsheet: {armour: 2, vitality: lots}\n"


@pytest.fixture
def mine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "library"
    folder.mkdir()
    monkeypatch.setenv(ENVIRONMENT, str(folder))
    return folder


def test_the_list_filters_by_ruleset_and_text_and_reports_broken_files(
    client: TestClient, mine: Path
) -> None:
    (mine / "bad.yaml").write_text(BROKEN, encoding="utf-8")
    answer = client.get("/api/library", params={"ruleset": "momentum", "q": "rap"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert [e["name"] for e in data["entries"]] == ["Raptor", "Raptor alpha"]
    alpha = data["entries"][1]
    assert alpha["numbers"] == {"Vitality": 20, "Armor": 2, "NM": 0}
    assert (alpha["origin"], alpha["base"], alpha["side"]) == ("built-in", "raptor", "raptors")
    assert "file" not in alpha
    assert data["broken"] == [
        {
            "file": "bad.yaml",
            "errors": [
                {
                    "line": 4,
                    "column": 9,
                    "path": "sheet.armour",
                    "message": "unknown field (did you mean armor?)",
                },
                {
                    "line": 4,
                    "column": 30,
                    "path": "sheet.vitality",
                    "message": 'expected an integer, got "lots"',
                },
            ],
        }
    ]
    every = client.get("/api/library").json()["entries"]
    assert {e["ruleset"] for e in every} == {"dbu", "kaiser", "kingsdale", "lurasko", "momentum"}
    unknown = client.get("/api/library", params={"ruleset": "chess"})
    assert unknown.status_code == 422 and unknown.json()["field"] == "ruleset"


def test_one_entry_is_shown_with_its_sheet(client: TestClient, mine: Path) -> None:
    answer = client.get("/api/library/kaiser/chief")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert (data["name"], data["sheet"]["life_points"]) == ("Bandit Chief", 100)
    missing = client.get("/api/library/momentum/raptr")
    assert missing.status_code == 404
    assert missing.json()["message"] == (
        'unknown library entry "raptr" (did you mean Raptor, Raptor alpha?)'
    )


def test_build_stores_an_encounter_of_entries_and_gives_the_gm_link(
    client: TestClient, store: Store, mine: Path
) -> None:
    body = {
        "ruleset": "momentum",
        "name": "Ambush",
        "seed": 3,
        "combatants": [
            {"entry": "druid"},
            {
                "entry": "Raptor alpha",
                "side": "pack",
                "set": {"vitality": 30, "skills.athletics": 4},
            },
            {"entry": "raptor", "count": 3, "hidden": True},
        ],
    }
    answer = client.post("/api/encounters/build", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["page"] == f"/gm/{created['token']}"
    session = store.load(created["id"]).session
    assert session.name == "Ambush"
    assert [(c.name, c.side, c.hidden) for c in session.state] == [
        ("Druid", "party", False),
        ("Raptor alpha", "pack", False),
        ("Raptor 1", "raptors", True),
        ("Raptor 2", "raptors", True),
        ("Raptor 3", "raptors", True),
    ]
    alpha = next(c for c in session.state if c.name == "Raptor alpha")
    assert alpha.pools["Vitality"].maximum == 30
    assert alpha.sheet.skills.athletics == 4  # type: ignore[attr-defined]
    assert session.log(2)[0] == (
        '[2] add "Raptor alpha" x1 -side pack -set vitality=30 -set skills.athletics=4'
    )
    view = client.get(f"/api/t/{created['token']}").json()
    assert view["view"]["name"] == "Ambush"


@pytest.mark.parametrize(
    ("combatants", "field"),
    [
        ([], "combatants"),
        ([{"entry": "raptor", "count": 0}], "combatants.0.count"),
        ([{"entry": "raptor", "count": 10000}], "combatants.0.count"),
        ([{"entry": "raptor", "colour": "red"}], "combatants.0.colour"),
        ([{"entry": 'ra"ptor'}], "combatants.0.entry"),
        ([{"entry": "raptor", "set": {"bad field": 1}}], "combatants.0.set.bad field.[key]"),
        ([{"entry": "druid"}, {"entry": "raptr"}], "combatants.1"),
        ([{"entry": "raptor", "set": {"armour": 2}}], "combatants.0"),
        ([{"entry": "raptor", "set": {"vitality": "lots"}}], "combatants.0"),
    ],
)
def test_a_bad_build_is_a_422_that_stores_nothing(
    client: TestClient, store: Store, mine: Path, combatants: list[object], field: str
) -> None:
    answer = client.post(
        "/api/encounters/build", json={"ruleset": "momentum", "combatants": combatants}
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field
    assert store.summaries() == []


def test_add_entry_is_a_command_of_the_web_tracker_too(table: Table, mine: Path) -> None:
    reply = table.command("add raptor x2 -side pack")
    assert reply.status_code == 200, reply.text
    assert reply.json()["lines"][0].startswith("Raptor 5 joins the fight (pack)")
    log = table.client.get(f"/api/t/{table.gm}").json()["log"]
    assert "add raptor x2 -side pack" in " ".join(log)
    assert 'add "Ghost Raptor" raptors (sheet) -hidden' in " ".join(log)  # never the sheet
    refused = table.command("add raptor x51")
    assert refused.status_code == 400 and "add 1 to 50 at a time" in refused.json()["message"]

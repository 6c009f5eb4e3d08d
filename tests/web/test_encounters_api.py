"""``GET /api/encounters``, the home page's list: every stored encounter with its game master's
link, the latest change first; what the API creates and imports shows up in it with a link."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fracas.store import Store
from tests.store.conftest import demo
from tests.web.conftest import Table


def test_the_list_shows_every_encounter_with_its_game_masters_link(
    table: Table, client: TestClient
) -> None:
    empty = client.post("/api/encounters", json={"ruleset": "kaiser", "name": "Bandits"})
    assert empty.status_code == 201, empty.text
    table.command("start")  # the demo changes last, so it comes first

    listed = client.get("/api/encounters")
    assert listed.status_code == 200, listed.text
    first, second = listed.json()
    assert first["id"] == table.encounter and first["page"] == f"/gm/{table.gm}"
    assert first["token"] == table.gm  # the game master's, not Druid's player link
    assert (first["name"], first["ruleset"], first["ruleset_name"]) == (
        "Surrounded by raptors",
        "momentum",
        "Momentum (d20, 3 AP, Narrative Momentum)",
    )
    assert first["steps"] == table.store.version(table.encounter) > second["steps"] == 0
    assert first["changed"] >= second["changed"]
    assert first["origin"] == "api:momentum"
    assert second == {
        "id": empty.json()["id"],
        "name": "Bandits",
        "ruleset": "kaiser",
        "ruleset_name": "Kaiser RPG",
        "steps": 0,
        "changed": second["changed"],
        "origin": "api:kaiser",
        "page": empty.json()["page"],
        "token": empty.json()["token"],
    }


def test_an_encounter_stored_without_a_link_is_listed_with_a_new_one(
    client: TestClient, store: Store
) -> None:
    encounter = store.create(demo(), "somewhere else")  # as fracas play --store or chat make
    assert store.links(encounter) == []
    (listed,) = client.get("/api/encounters").json()
    assert store.links(encounter) == [store.link(listed["token"])]
    assert store.link(listed["token"]).gm
    assert client.get(listed["page"]).status_code == 200
    assert client.get("/api/encounters").json() == [listed]  # the same link each time


def test_an_imported_save_comes_with_its_game_masters_link(
    table: Table, client: TestClient
) -> None:
    save = client.get(f"/api/t/{table.gm}/export").json()
    created = client.post("/api/encounters/import", json=save).json()
    assert created["page"] == f"/gm/{created['token']}"
    assert table.store.link(created["token"]).encounter == created["id"]
    assert client.get(created["page"]).status_code == 200
    listed = {e["id"]: e for e in client.get("/api/encounters").json()}
    assert listed[created["id"]]["page"] == created["page"]
    assert listed[created["id"]]["origin"] == "import"


def test_a_deleted_encounter_leaves_the_list(table: Table, client: TestClient) -> None:
    assert [e["id"] for e in client.get("/api/encounters").json()] == [table.encounter]
    assert client.delete(f"/api/t/{table.gm}").status_code == 204
    assert client.get("/api/encounters").json() == []


def test_the_list_is_in_the_openapi_document(client: TestClient) -> None:
    operations = client.get("/openapi.json").json()["paths"]["/api/encounters"]
    assert set(operations) == {"get", "post"}
    assert "EncounterOut" in str(operations["get"]["responses"]["200"])

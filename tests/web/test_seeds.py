"""Issue 19, items 1 and 7: a save's seed, and the other numbers of a save that reach the store or
the dice, are bounded where a save is read. Out of range is a 422 naming the field, nothing is
stored, and the OpenAPI document declares the bound (SQLite and PostgreSQL keep a seed in a
signed 64-bit column; 2**63 used to be a 500)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fracas.seeds import MAX_SEED, SEED_BOUND
from fracas.store import Store
from fracas.web.app import create_app
from tests.store.conftest import database_url


@pytest.fixture(params=["sqlite", "postgresql"])
def stored(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, Store]]:
    store = Store(database_url(request.param, tmp_path))
    with TestClient(create_app(store)) as client:
        yield client, store
    store.close()


def bare_save(**fields: Any) -> dict[str, Any]:
    return {"format": "fracas-encounter", "version": 1, "ruleset": "momentum", **fields}


@pytest.mark.parametrize("seed", [MAX_SEED + 1, 2**64, -1])
def test_a_seed_out_of_range_is_refused_and_stores_nothing(
    stored: tuple[TestClient, Store], seed: int
) -> None:
    client, store = stored
    answer = client.post("/api/encounters/import", json=bare_save(seed=seed))
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == "seed" and "seed" in answer.json()["message"]
    assert store.summaries() == []


def test_the_largest_seed_is_stored_and_exported_as_it_came(
    stored: tuple[TestClient, Store],
) -> None:
    client, store = stored
    answer = client.post("/api/encounters/import", json=bare_save(seed=MAX_SEED))
    assert answer.status_code == 201, answer.text
    assert store.export(answer.json()["id"])["seed"] == MAX_SEED
    made = client.post("/api/encounters", json={"ruleset": "momentum", "seed": MAX_SEED})
    assert made.status_code == 201, made.text
    assert store.export(made.json()["id"])["seed"] == MAX_SEED


def test_a_seed_out_of_range_makes_no_encounter(stored: tuple[TestClient, Store]) -> None:
    client, store = stored
    answers = [
        client.post("/api/encounters", json={"ruleset": "momentum", "seed": MAX_SEED + 1}),
        client.post("/api/encounters/build", json={"ruleset": "momentum", "seed": MAX_SEED + 1}),
    ]
    assert [a.status_code for a in answers] == [422, 422], [a.text for a in answers]
    assert all(a.json()["field"] == "seed" for a in answers)
    assert store.summaries() == []


def test_the_document_declares_the_seeds_bounds(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    body = document["paths"]["/api/encounters/import"]["post"]["requestBody"]
    seed = body["content"]["application/json"]["schema"]["properties"]["seed"]
    assert (seed["minimum"], seed["exclusiveMaximum"]) == (0, SEED_BOUND)
    schemas = document["components"]["schemas"]
    for model in ("NewEncounter", "BuildIn", "EstimateIn"):
        bounded = schemas[model]["properties"]["seed"]
        declared = bounded["anyOf"][0] if "anyOf" in bounded else bounded
        assert (declared["minimum"], declared["exclusiveMaximum"]) == (0, SEED_BOUND), model
        assert "maximum" not in declared  # written as a float, 2**63 - 1 reads as 2**63


def test_a_save_whose_dice_stream_stands_below_zero_is_refused(
    stored: tuple[TestClient, Store],
) -> None:
    """A DiceDrawn event with a negative count used to be imported, and then every roll of that
    encounter was refused ("the number of dice drawn cannot be negative")."""
    client, store = stored
    made = client.post("/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": 7})
    gm = made.json()["token"]
    assert client.post(f"/api/t/{gm}/commands", json={"text": "roll 1d20"}).status_code == 200
    save = client.get(f"/api/t/{gm}/export").json()
    rolled = save["steps"][-1]["events"]
    assert rolled[-1] == {"type": "DiceDrawn", "drawn": 1}
    rolled[-1]["drawn"] = -1
    answer = client.post("/api/encounters/import", content=json.dumps(save))
    assert answer.status_code == 422, answer.text
    where = f"steps[{len(save['steps']) - 1}].events[{len(rolled) - 1}].drawn (DiceDrawn)"
    assert answer.json()["message"].startswith(where), answer.text
    assert len(store.summaries()) == 1  # the demo alone

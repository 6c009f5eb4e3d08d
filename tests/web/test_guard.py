"""The server token (issue 19, item 5): beyond loopback, creating and importing encounters need
it, and creation is rate-limited per client; a link's token still opens its own encounter."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from fracas.store import Store
from fracas.web.app import create_app
from fracas.web.guard import CREATIONS, loopback

TOKEN = "s3cret-server-token"
NEW = {"ruleset": "momentum", "demo": True, "seed": 3}


@pytest.fixture
def guarded(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, TOKEN)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_creating_and_importing_need_the_server_token(guarded: TestClient, store: Store) -> None:
    for headers in ({}, bearer("wrong"), {"Authorization": TOKEN}):
        refused = guarded.post("/api/encounters", json=NEW, headers=headers)
        assert refused.status_code == 401, refused.text
        assert refused.json()["code"] == "server-token"
        assert guarded.post("/api/encounters/import", json={}, headers=headers).status_code == 401
    assert store.summaries() == []
    made = guarded.post("/api/encounters", json=NEW, headers=bearer(TOKEN))
    assert made.status_code == 201, made.text
    gm = made.json()["token"]
    save = guarded.get(f"/api/t/{gm}/export")  # a link needs no server token
    assert save.status_code == 200
    imported = guarded.post("/api/encounters/import", json=save.json(), headers=bearer(TOKEN))
    assert imported.status_code == 201, imported.text


def test_creation_is_rate_limited_per_client(guarded: TestClient) -> None:
    for _ in range(CREATIONS):
        made = guarded.post("/api/encounters", json={"ruleset": "momentum"}, headers=bearer(TOKEN))
        assert made.status_code == 201, made.text
    refused = guarded.post("/api/encounters", json={"ruleset": "momentum"}, headers=bearer(TOKEN))
    assert refused.status_code == 429 and refused.json()["code"] == "too-many"


def test_on_loopback_without_a_token_the_doors_stay_open(client: TestClient) -> None:
    assert client.post("/api/encounters", json=NEW).status_code == 201
    assert [loopback(h) for h in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "192.168.1.5")] == [
        True,
        True,
        True,
        False,
        False,
    ]

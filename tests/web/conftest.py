"""A web tracker on a real SQLite store, driven through FastAPI's test client (real ASGI)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fracas.store import Store
from fracas.web.app import create_app

GHOST = "Ghost Raptor"
"""A hidden NPC: no player may ever see this name."""

RAPTOR_SHEET = {
    "name": "Raptor",
    "stats": {
        "strength": 13,
        "dexterity": 15,
        "constitution": 12,
        "intelligence": 3,
        "charisma": 5,
        "instinct": 13,
        "will": 8,
    },
    "skills": {"athletics": 2, "nimbleness": 1, "perception": 2},
    "evasion_stat": "dexterity",
    "primary_stat": "dexterity",
    "secondary_stat": "strength",
    "vitality": 14,
    "armor": 1,
    "weapons": [
        {
            "name": "Claws",
            "primary_stat": "dexterity",
            "secondary_stat": "strength",
            "damage": "1d6+1",
            "damage_type": "physical",
            "reach": "melee",
        }
    ],
}


@dataclass
class Table:
    """A demo encounter on the tracker: the client, the GM's token and a player's (Druid)."""

    client: TestClient
    store: Store
    encounter: str
    gm: str
    player: str

    def gm_post(self, path: str, body: Any = None) -> Any:
        return self.client.post(f"/api/t/{self.gm}{path}", json=body)

    def command(self, text: str, token: str | None = None) -> Any:
        return self.client.post(f"/api/t/{token or self.gm}/commands", json={"text": text})


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    yield opened
    opened.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as test_client:
        yield test_client


@pytest.fixture
def table(client: TestClient, store: Store) -> Table:
    """The momentum demo, seed 7, with a hidden raptor added and a link for Druid's player."""
    created = client.post("/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": 7})
    assert created.status_code == 201, created.text
    gm = created.json()["token"]
    hidden = {"name": GHOST, "side": "raptors", "sheet": RAPTOR_SHEET, "hidden": True}
    added = client.post(f"/api/t/{gm}/combatants", json=hidden)
    assert added.status_code == 200, added.text
    link = client.put(f"/api/t/{gm}/links/Druid")
    assert link.status_code == 200, link.text
    return Table(client, store, created.json()["id"], gm, link.json()["token"])

"""Two ``fracas serve`` processes on one database, each with its own client, acting on one
encounter at the same time: no acknowledged command is lost, whichever process took it."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx
import pytest

from fracas.store import Store
from tests.store.conftest import database_url
from tests.web.server import Server

NOTES = 12


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_server_processes_lose_no_update(kind: str, tmp_path: Path) -> None:
    url = database_url(kind, tmp_path)
    with Server(url) as one, Server(url) as two:
        token = httpx.post(
            f"{one.url}/api/encounters", json={"ruleset": "momentum", "demo": True}
        ).json()["token"]
        acknowledged: list[str] = []
        answers: list[int] = []

        def client(server: Server, name: str) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                for n in range(NOTES):
                    text = f"note {name} {n}"
                    answer = http.post(f"/api/t/{token}/commands", json={"text": text})
                    answers.append(answer.status_code)
                    if answer.status_code == 200:
                        acknowledged.append(f"{name} {n}")

        threads = [
            threading.Thread(target=client, args=(server, name))
            for server, name in ((one, "left"), (two, "right"))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seen_by_one = httpx.get(f"{one.url}/api/t/{token}/export").json()
        seen_by_two = httpx.get(f"{two.url}/api/t/{token}/export").json()
    assert set(answers) == {200} and len(acknowledged) == 2 * NOTES
    store = Store(url)
    encounter = store.link(token).encounter
    steps = store.load(encounter).session.encounter.steps
    notes = [step.action.text for step in steps if type(step.action).__name__ == "AddNote"]  # type: ignore[attr-defined]
    assert sorted(notes) == sorted(acknowledged)
    assert seen_by_one == seen_by_two == store.export(encounter)
    store.close()

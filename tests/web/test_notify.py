"""On PostgreSQL a change made by another process wakes the live sockets through the store's
NOTIFY, not the polling: with the polling slowed to an hour, the change still arrives, and a
link revoked elsewhere still closes its socket."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from fracas.store import Store, Tracked
from fracas.web import live
from fracas.web.app import create_app
from tests.store.conftest import database_url
from tests.web.server import free_port

WAIT_SECONDS = 30.0
"""How long a frame may take before the test fails (never how fast it must be)."""


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Store]]:
    """A real uvicorn server on PostgreSQL, whose sockets poll the store once an hour."""
    url = database_url("postgresql", tmp_path)
    monkeypatch.setattr(live, "POLL_SECONDS", 3600.0)
    store = Store(url)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_SECONDS
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    try:
        yield f"127.0.0.1:{port}", store
    finally:
        server.should_exit = True
        thread.join(WAIT_SECONDS)
        store.close()


def test_another_process_change_arrives_by_notify(served: tuple[str, Store]) -> None:
    address, store = served
    created = httpx.post(
        f"http://{address}/api/encounters", json={"ruleset": "momentum", "demo": True}
    ).json()
    elsewhere = Store(store.url)  # another server process's store
    druid = elsewhere.load(created["id"]).session.view().combatant("Druid")
    assert druid is not None
    player = elsewhere.grant(created["id"], druid.id)
    with connect(f"ws://{address}/api/t/{created['token']}/live") as gm:
        first = json.loads(gm.recv(timeout=WAIT_SECONDS))
        Tracked(elsewhere, created["id"]).run("note the raptors circle")
        changed = json.loads(gm.recv(timeout=WAIT_SECONDS))
    assert changed["version"] == first["version"] + 1
    assert changed["log"][-1].endswith("the raptors circle")

    with connect(f"ws://{address}/api/t/{player.token}/live") as socket:
        socket.recv(timeout=WAIT_SECONDS)
        elsewhere.revoke(player.token)
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=WAIT_SECONDS)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    elsewhere.close()

"""Live fan-out (issue 19, items 3 and 6): a page that never reads holds up no command; pages are
told what changed, not the whole log; a retried command with its idempotency key is done once;
a link another process revoked is told no change made after it."""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from fracas.store import Store
from fracas.web.tables import REVOKED, Tables
from tests.store.conftest import database_url
from tests.web.conftest import Table
from tests.web.server import Server, answer_bound

NOTE = "note " + "x" * 1500


def silent_socket(port: int, token: str) -> socket.socket:
    """A live socket that opens and then never reads a byte (a stalled or hostile page)."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET /api/t/{token}/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    return raw


def test_a_page_that_never_reads_holds_up_no_command(tmp_path: Path) -> None:
    """Each command on the encounter a never-reading page watches is paired with the same
    command on another encounter of the server, watched by no one: the first are answered
    within a second (``answer_bound``: or twice the second's slowest, on a loaded machine)."""
    with Server(database_url("sqlite", tmp_path)) as server:
        watched, alone = (
            httpx.post(f"{server.url}/api/encounters", json={"ruleset": "momentum"}).json()
            for _ in range(2)
        )
        stalled = silent_socket(server.port, watched["token"])
        beside: list[float] = []
        by_itself: list[float] = []
        with httpx.Client(base_url=f"{server.url}/api/t", timeout=30) as client:
            assert client.post(f"/{alone['token']}/commands", json={"text": NOTE}).is_success
            for _ in range(120):  # the first command above loaded the parser: not timed
                for token, times in ((watched["token"], beside), (alone["token"], by_itself)):
                    began = time.monotonic()
                    answer = client.post(f"/{token}/commands", json={"text": NOTE})
                    times.append(time.monotonic() - began)
                    assert answer.status_code == 200, answer.text
        version = httpx.get(f"{server.url}/api/t/{watched['token']}").json()["version"]
        with connect(f"ws://127.0.0.1:{server.port}/api/t/{watched['token']}/live") as fresh:
            state = json.loads(fresh.recv(timeout=10))
        stalled.close()
    assert max(beside) < answer_bound(by_itself), (sorted(beside)[-3:], sorted(by_itself)[-3:])
    assert version == 120 and state["version"] == 120


def test_a_page_is_told_the_new_steps_and_the_whole_state_after_an_undo(table: Table) -> None:
    with table.client.websocket_connect(f"/api/t/{table.gm}/live") as gm:
        first = json.loads(gm.receive_text())
        table.command("note one")
        step = json.loads(gm.receive_text())
        table.command("undo")
        after_undo = json.loads(gm.receive_text())
    assert first["type"] == "state" and len(first["log"]) > 2
    assert step["type"] == "step" and step["log"] == [
        f"[{step['version']}] note one",
        "    Note: one",
    ]
    assert after_undo["type"] == "state" and after_undo["log"] == first["log"]


def test_changes_made_before_a_page_is_told_are_told_once_each(table: Table) -> None:
    """Issue 20, target 4: pages are told in a task of their own once the command's answer is
    out, so changes may pile up before it runs; each is told once, in one step message, and
    no state is sent again after it."""
    app = table.client.app
    assert isinstance(app, FastAPI)
    tables: Tables = app.state.tables

    async def three_changes() -> None:  # on the server's loop: nothing runs in between
        seat = tables.seat(table.gm)
        for text in ("note one", "note two", "note three"):
            assert seat.tracked.run(text).changed
            tables.announce_soon(seat.link.encounter)

    assert table.client.portal is not None
    with table.client.websocket_connect(f"/api/t/{table.gm}/live") as gm:
        gm.receive_text()
        table.client.portal.call(three_changes)
        piled = json.loads(gm.receive_text())
        assert table.command("note four").status_code == 200
        after = json.loads(gm.receive_text())
    assert piled["type"] == "step"
    assert [line for line in piled["log"] if "Note:" in line] == [
        "    Note: one",
        "    Note: two",
        "    Note: three",
    ]
    assert after["type"] == "step" and after["version"] == piled["version"] + 1
    assert [line for line in after["log"] if "Note:" in line] == ["    Note: four"]


def test_a_retried_command_with_its_key_is_done_once(table: Table) -> None:
    key = {"Idempotency-Key": "3f1c-retry"}
    url = f"/api/t/{table.gm}/commands"
    first = table.client.post(url, json={"text": "roll 1d20 !7"}, headers=key)
    again = table.client.post(url, json={"text": "roll 1d20 !7"}, headers=key)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    log = table.client.get(f"/api/t/{table.gm}/log").json()
    assert sum("rolls: 1d20 (7)" in line for line in log) == 1
    restarted = Store(table.store.url)  # the key is kept in the database
    assert restarted.answered(table.encounter, ":3f1c-retry") is not None
    player = table.client.post(  # another seat's same key is its own
        f"/api/t/{table.player}/commands", json={"text": "roll 1d20 !8"}, headers=key
    )
    assert player.json()["version"] == first.json()["version"] + 1


def test_a_link_revoked_elsewhere_is_told_no_later_change(table: Table, store: Store) -> None:
    """Issue 19, item 6: on SQLite the revoked page got 4 updates in the second before its
    poll noticed; now a change is never sent on a link the store no longer has."""
    elsewhere = Store(store.url)
    with table.client.websocket_connect(f"/api/t/{table.player}/live") as player:
        player.receive_text()
        elsewhere.revoke(table.player)
        assert table.command("note after the revocation").status_code == 200
        frames: list[str] = []
        with pytest.raises(WebSocketDisconnect) as close:
            while True:
                frames.append(player.receive_text())
    assert close.value.code == REVOKED
    assert not any("after the revocation" in frame for frame in frames)
    elsewhere.close()

"""Live updates over the WebSocket: every open page gets its own audience's state after a change."""

from __future__ import annotations

import asyncio
import json

import pytest
from starlette.websockets import WebSocketDisconnect

from fracas.store import Store
from fracas.store.database import connect, links
from fracas.web import live
from fracas.web.tables import Tables
from tests.store.conftest import demo
from tests.web.conftest import GHOST, Table


def test_the_player_socket_shows_the_gms_attack_without_the_hidden_npc(table: Table) -> None:
    client = table.client
    with (
        client.websocket_connect(f"/api/t/{table.player}/live") as player,
        client.websocket_connect(f"/api/t/{table.gm}/live") as gm,
    ):
        frames = [player.receive_text()]
        assert GHOST in gm.receive_text()
        table.command("start")
        frames.append(player.receive_text())
        assert GHOST in gm.receive_text()
        table.command("attack raptor-1 -with shortbow !15 6")
        frames.append(player.receive_text())
        state = json.loads(frames[-1])
        assert state["log"][-1] == "[10] Raptor 1 takes 5"  # the raptors' Vitality is GM-only
        assert "[10] Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23: hit" in state["log"]
        assert state["view"]["headline"].endswith("Scout's turn")
        gm_state = json.loads(gm.receive_text())
        assert gm_state["version"] == state["version"]
    for frame in frames:
        assert GHOST not in frame and "ghost" not in frame.lower()
        assert "Vitality 14" not in frame and "Evasion 20" not in frame


def test_a_socket_with_a_bad_token_is_closed(table: Table) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        table.client.websocket_connect("/api/t/wrong/live") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4404


def test_a_hidden_npcs_attack_reaches_the_player_without_its_name(table: Table) -> None:
    with table.client.websocket_connect(f"/api/t/{table.player}/live") as player:
        frames = [player.receive_text()]
        for text in ("start", "turn ghost-raptor", f"{GHOST}: attack druid -with claws !15 3"):
            assert table.command(text).status_code == 200
            frames.append(player.receive_text())
    state = json.loads(frames[-1])
    assert (
        state["log"][-1] == "[11] Druid takes 3: armor \u22121 (4 \u2192 3); Vitality 20 \u2192 17"
    )
    assert state["view"]["acting"] == []  # whose turn it is stays secret too
    assert all(GHOST not in frame for frame in frames)


def test_whatever_a_page_sends_its_socket_lives_on(table: Table) -> None:
    """Pages send nothing that matters; a client that sends text or bytes anyway keeps its
    live updates (a binary frame ended the socket's handler with an error)."""
    with table.client.websocket_connect(f"/api/t/{table.player}/live") as player:
        player.receive_text()
        player.send_bytes(b"\x00\xff not text")
        player.send_text("hello")
        table.command("start")
        state = json.loads(player.receive_text())
    assert state["view"]["headline"].endswith("Scout's turn")


def test_a_sockets_polling_outlives_a_failing_database(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A socket polls the store for other processes' changes for as long as it is open: a
    database failing for a while is logged, and polled again, instead of ending the polling
    (after which other processes' changes and revocations would never reach that page)."""
    monkeypatch.setattr(live, "POLL_SECONDS", 0.001)
    encounter = store.create(demo())
    link = store.grant(encounter)
    tables = Tables(store)
    engine = connect(store.url)
    links.drop(engine)  # the database broken under the server
    engine.dispose()

    async def poll_a_while() -> bool:
        poller = asyncio.create_task(live._poll(tables, link))
        await asyncio.sleep(0.05)  # the poller's many shorter sleeps come due first
        alive = not poller.done()
        poller.cancel()
        return alive

    assert asyncio.run(poll_a_while())

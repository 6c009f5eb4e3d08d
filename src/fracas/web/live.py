"""Live updates: a WebSocket per open page, sent its own audience's state after every change.

The socket at ``/api/t/{token}/live`` first receives the state, then a new one after each
change made through this server; it also looks at the store every few seconds, so changes made
by another server process on the same database reach it too, and a link revoked (or an
encounter deleted) by another process closes it. A player's socket carries only the player's
view and log (no hidden combatant, no other side's numbers).
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from fracas.errors import FracasError
from fracas.store import Link, UnknownLink
from fracas.web.tables import REVOKED, Tables

POLL_SECONDS = 2.0
"""How often an open socket checks the store for changes made by other processes."""

router = APIRouter()


@router.websocket("/api/t/{token}/live")
async def live(socket: WebSocket, token: str) -> None:
    tables: Tables = socket.app.state.tables
    try:
        seat = tables.seat(token)
    except FracasError:
        await socket.close(code=4404, reason="no such link")
        return
    await socket.accept()
    tables.watch(socket, seat.link)
    poller = asyncio.create_task(_poll(tables, seat.link))
    try:
        await socket.send_json(seat.snapshot())
        while True:
            await socket.receive_text()  # pages send nothing that matters; this waits for close
    except (WebSocketDisconnect, RuntimeError):  # RuntimeError: closed here (link revoked)
        pass
    finally:
        poller.cancel()
        tables.unwatch(socket, seat.link)


async def _poll(tables: Tables, link: Link) -> None:
    while True:
        await asyncio.sleep(POLL_SECONDS)
        try:
            tables.store.link(link.token)
        except UnknownLink:  # revoked, or its encounter deleted, by another process
            await tables.close_link(link, REVOKED, "this link was revoked")
            return
        with contextlib.suppress(FracasError):
            tracked = tables.tracked_if_open(link.encounter)
            if tracked is not None and tracked.refresh():
                await tables.announce(link.encounter)

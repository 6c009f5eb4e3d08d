"""Live updates: a WebSocket per open page, told its own audience's news after every change.

The socket at ``/api/t/{token}/live`` receives JSON messages, each with a ``type``:

* ``state``: ``version``, ``view`` and ``log`` (the latest steps' lines): the whole picture.
  Always the first message; sent again after any change that is not steps added at the end
  (an undo, a change another process made, the game master's switch of the players' odds),
  so the page replaces what it shows. The view's ``players_see_odds`` is that switch.
* ``step``: ``version``, ``after``, ``view`` and ``log``, which holds only the lines of the
  steps added since the previous message: the page appends them to its log and redraws the
  view. ``after`` is the version the socket's previous message told: a page showing another
  version has missed something and reads the state again.

A page that does not understand a message asks for the state again (``GET /api/t/{token}``,
or by reconnecting). Messages go through each socket's outbox (``fracas.web.outbox``), so a
command never waits for a page; a page too far behind is closed with code 4408 and should
reconnect. Other close codes: 4404 (no such link), 4403 (the link was revoked or replaced),
4410 (the encounter was deleted).

Changes made by another server process on the same database reach the socket too. A link
revoked (or an encounter deleted) by another process is told no change made after it; its
socket is closed on PostgreSQL at once, woken by the store's NOTIFY (``listen``), and on any
other database within ``POLL_SECONDS``, as each socket also looks at the store that often. A
player's socket carries only the player's view and log (no hidden combatant, no other side's
numbers).
"""

from __future__ import annotations

import asyncio
import contextlib

import psycopg
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from fracas.errors import FracasError
from fracas.store import Link, StoreError, told
from fracas.store.database import CHANNEL, listen_url
from fracas.web.errors import LOG
from fracas.web.tables import Tables

POLL_SECONDS = 2.0
"""How often an open socket checks the store for changes made by other processes."""

router = APIRouter()


@router.websocket("/api/t/{token}/live")
async def live(socket: WebSocket, token: str) -> None:
    tables: Tables = socket.app.state.tables
    try:
        seat = await tables.open_seat(token)
    except FracasError:
        await socket.close(code=4404, reason="no such link")
        return
    await socket.accept()
    tables.watch(socket, seat)
    poller = asyncio.create_task(_poll(tables, seat.link))
    code = None
    try:
        while (message := await socket.receive())["type"] != "websocket.disconnect":
            pass  # pages send nothing that matters (text or bytes): this waits for the close
        code = message.get("code")
    except (WebSocketDisconnect, RuntimeError):  # RuntimeError: closed here (link revoked)
        pass
    finally:
        poller.cancel()
        if tables.unwatch(socket, seat.link):  # gone by itself: not dropped or closed here
            LOG.info("live: a page left encounter %s (close code %s)", seat.link.encounter, code)


async def _poll(tables: Tables, link: Link) -> None:
    """Check the store every POLL_SECONDS for as long as the socket is open; a failing
    database is logged and looked at again next time (an error would end the polling)."""
    while True:
        await asyncio.sleep(POLL_SECONDS)
        try:
            await tables.check(link)
        except StoreError as error:
            told(error, LOG)


async def listen(tables: Tables) -> None:
    """On PostgreSQL, wake the live sockets of an encounter as soon as another process changes
    it (LISTEN on the store's channel); elsewhere nothing to do. Runs for the server's life; a
    lost connection is opened again, the polling covering the gap."""
    url = listen_url(tables.store.url)
    if url is None:
        return
    while True:
        with contextlib.suppress(psycopg.Error, OSError):
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                async for notice in connection.notifies():
                    with contextlib.suppress(FracasError):
                        await tables.changed(notice.payload)
        await asyncio.sleep(POLL_SECONDS)

"""One live socket's outbox: a bounded queue of messages and the task that sends them.

Telling a watcher never waits: ``tell`` puts the message in the queue and returns. The socket's
own sender task takes messages out and sends them as fast as the page reads. A page that falls
``QUEUE`` messages behind (it stopped reading, or reads slower than the fight moves) is dropped:
its socket is closed with ``SLOW``, and the page reconnects and starts again from the state.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from fracas.engine.encounter import Step
from fracas.store import Link
from fracas.web.errors import LOG

QUEUE = 64
"""Messages a socket may have waiting before it is dropped as too slow."""

SLOW = 4408
"""The close code of a live socket dropped for falling behind (reconnect to catch up)."""

CLOSE_SECONDS = 1.0
"""How long closing a socket may take before it is left (a page that never reads)."""


@dataclass(eq=False)
class Watcher:
    """A live socket open through ``link``, and what it has been told of the log: whether
    anything yet, the number of steps, the last of them (to tell an appended step from an
    undo or a reload), and the encounter's version then."""

    socket: WebSocket
    link: Link
    told: bool = False
    seen: int = 0
    last: Step | None = None
    version: int = 0
    queue: asyncio.Queue[dict[str, Any]] = field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE)
    )
    sender: asyncio.Task[None] | None = None
    closing: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.sender = asyncio.create_task(self._send())

    def tell(self, message: dict[str, Any]) -> bool:
        """Queue ``message``; False (and the socket is being closed) when it is too far behind."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            LOG.info("live: dropped a socket %d messages behind", QUEUE)
            self.close(SLOW, "this page fell behind; reconnect to catch up")
            return False
        return True

    def close(self, code: int, reason: str) -> None:
        """Stop sending and close the socket (in the background: it never holds up the caller)."""
        self.stop()
        if self.closing is None:
            self.closing = asyncio.create_task(_close(self.socket, code, reason))

    def stop(self) -> None:
        """Stop sending (the socket closed by itself)."""
        if self.sender is not None:
            self.sender.cancel()

    async def _send(self) -> None:
        with contextlib.suppress(Exception):  # the socket went away: its route unwatches it
            while True:
                await self.socket.send_json(await self.queue.get())


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    """Close a live socket with a code and a reason the page shows; one already gone, or one
    whose page does not read even the close, is left."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(socket.close(code=code, reason=reason), CLOSE_SECONDS)

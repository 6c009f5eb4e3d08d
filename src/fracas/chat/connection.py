"""One chat connection's way out: lines written without waiting, up to a bound.

Telling a connection never waits for its client to read: the lines go into the connection's
outgoing buffer and the server moves on, so a client that stops reading holds up no one else's
lines. A client more than ``MAX_UNREAD`` bytes behind (it stopped reading, or reads far slower
than the fight moves) is dropped; it connects again and gets its combatant back. However a
connection ends, the server's log says so once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from fracas.chat.session import LOG
from fracas.chat.telnet import encode

MAX_UNREAD = 256 * 1024
"""Bytes a connection may have waiting for its client to read before it is dropped: hundreds
of lines, far more than any burst of a fight (a step tells each person a few lines)."""

CLOSE_SECONDS = 1.0
"""How long closing a connection may wait for its last lines to go out."""


@dataclass(eq=False)
class Connection:
    """One client's connection, known as ``name`` once it has logged in; ``ended`` says why it
    ended, once it has (and the log has been told)."""

    writer: asyncio.StreamWriter
    name: str | None = None
    ended: str | None = None

    @property
    def who(self) -> str:
        return self.name or "a visitor"

    def tell(self, lines: Iterable[str]) -> None:
        """Write ``lines`` to the client (never waiting); drop it when too far behind."""
        self.write(b"".join(encode(line) for line in lines))

    def write(self, data: bytes) -> None:
        """Write bytes to the client (telnet replies, encoded lines); a connection that ended
        is skipped (asyncio would log every write to it)."""
        if self.ended is not None or self.writer.is_closing():
            return
        self.writer.write(data)
        waiting = self.writer.transport.get_write_buffer_size()
        if waiting > MAX_UNREAD:
            self.end(f"dropped, {waiting:,} bytes behind; it may connect again")
            self.writer.transport.abort()

    def end(self, why: str) -> None:
        """Note that the connection ended and why: the log's one line about it."""
        if self.ended is None:
            self.ended = why
            LOG.info("chat: the connection of %s ended: %s", self.who, why)

    async def close(self) -> None:
        """Close the connection once what was written has gone (a client that does not read
        is cut off instead)."""
        self.writer.close()
        try:
            await asyncio.wait_for(self.writer.wait_closed(), CLOSE_SECONDS)
        except (ConnectionError, TimeoutError):
            self.writer.transport.abort()

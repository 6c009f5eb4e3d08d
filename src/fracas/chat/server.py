"""The line server: a chat session over TCP, for MUD/MUSH clients and plain ``telnet``.

A connection first says who it is: ``connect NAME PASSWORD``. A new name keeps the password it
first came with (kept as a salted hash in the chat's roster, with a stored encounter in the
store, so it outlives a restart); the game master's password (given to ``fracas chat serve`` or
made up and printed by it) makes its name a game master. Then every line goes to the chat
session and its messages go out to whom they are for (but a ``connect`` line typed again is
answered to its sender alone: it holds a password). ``QUIT`` leaves. A dropped connection
loses nothing: the encounter goes on, and the same name connecting again gets its combatant
back; a name that connects again while still connected takes over from the old connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import socket
from collections.abc import Iterable

from fracas.chat.messages import Everyone, GameMasters, Member, Message
from fracas.chat.session import LOG, ChatSession, store_trouble
from fracas.chat.telnet import LineTooLong, TelnetReader, encode
from fracas.engine.names import name_problem
from fracas.store import StoreError

QUIT = frozenset({"quit", "+quit", "logout"})
READ_SIZE = 1024


class ChatServer:
    """Serves one chat session to every connection; ``title`` is shown on connecting."""

    def __init__(self, chat: ChatSession, game_master_password: str, title: str) -> None:
        self.chat = chat
        self.game_master_password = game_master_password
        self.title = title
        self.connections: dict[str, asyncio.StreamWriter] = {}

    async def start(
        self, host: str | None = None, port: int | None = None, sock: socket.socket | None = None
    ) -> asyncio.Server:
        """Listen on ``host``:``port`` (0: any free port; see the server's sockets), or on
        ``sock``, already bound."""
        if sock is not None:
            return await asyncio.start_server(self.serve, sock=sock)
        return await asyncio.start_server(self.serve, host, port)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, from its greeting to its end."""
        await _send(writer, self._greeting())
        name: str | None = None
        telnet = TelnetReader()
        try:
            while data := await reader.read(READ_SIZE):
                try:
                    lines, replies = telnet.feed(data)
                except LineTooLong as error:
                    await _send(writer, [f"error: {error}"])
                    lines, replies = error.lines, error.replies
                if replies:
                    _write(writer, replies)
                for line in lines:
                    if line.strip().lower() in QUIT:
                        await _send(writer, ["Goodbye. The fight goes on without you."])
                        return
                    name = await self._line(name, line, writer)
        except ConnectionError as error:
            LOG.info("chat: lost the connection of %s (%s)", name or "a visitor", error)
        finally:
            if name is not None and self.connections.get(name) is writer:
                del self.connections[name]
                await self.deliver(self.chat.leave(name))
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()

    async def _line(self, name: str | None, line: str, writer: asyncio.StreamWriter) -> str | None:
        """Act on one line of a connection known as ``name`` (None: not logged in yet); the
        name it is known as afterwards. A line the server fails on is an error line to its
        sender (the failure goes to the log), never the end of the connection."""
        try:
            if name is None:
                return await self._login(line, writer)
            if _login_words(line) is not None:  # never a pose: it holds a password
                await _send(writer, [f"error: you are connected as {name} already"])
            elif self.connections.get(name) is writer:  # not taken over from elsewhere
                await self.deliver(self.chat.hear(name, line))
        except (ConnectionError, asyncio.CancelledError):
            raise
        except Exception:
            LOG.exception("chat: a line from %s failed", name or "a connection logging in")
            await _send(writer, ["error: the server failed on that line (its log says why)"])
        return name

    def _greeting(self) -> list[str]:
        return [
            f"fracas: {self.title}",
            "Type: connect NAME PASSWORD (a new name keeps the password it first gets).",
            "The game master connects with the game master's password. QUIT leaves.",
        ]

    async def _login(self, line: str, writer: asyncio.StreamWriter) -> str | None:
        words = _login_words(line)
        if words is None:
            await _send(writer, ["error: first connect: connect NAME PASSWORD"])
            return None
        name, password = words
        problem = name_problem(name)
        if problem is not None:
            await _send(writer, [f"error: {problem}"])
            return None
        # as bytes: compare_digest takes str only when it is ASCII (a password may not be)
        game_master = hmac.compare_digest(password.encode(), self.game_master_password.encode())
        if await self._refused(name, game_master, writer):  # a refused login changes nothing
            return None
        try:
            admitted = await self.chat.roster.admit(name, password, game_master=game_master)
        except StoreError as error:
            await _send(writer, [f"error: cannot check {name}'s password: {store_trouble(error)}"])
            return None
        if not admitted:
            await _send(writer, [f"error: that is not {name}'s password"])
            return None
        if await self._refused(name, game_master, writer):  # joined otherwise while hashing
            return None
        old = self.connections.get(name)
        self.connections[name] = writer  # from here on the name's lines are this connection's
        joined = self.chat.join(name, game_master=game_master)
        if old is not None:
            await _send(old, ["Connected again from elsewhere: this connection closes."])
            old.close()
        await self.deliver(joined)
        return name

    async def _refused(self, name: str, game_master: bool, writer: asyncio.StreamWriter) -> bool:
        """Whether ``name`` may not join in this role; if so, the connection is told why."""
        refused = self.chat.refusal(name, game_master=game_master)
        if refused is not None:
            await _send(writer, [f"error: {refused}"])
        return refused is not None

    async def deliver(self, messages: Iterable[Message]) -> None:
        """Send each message to its recipients' connections, in order."""
        touched: dict[int, asyncio.StreamWriter] = {}
        for message in messages:
            for writer in self._writers(message):
                _write(writer, encode(message.text))
                touched[id(writer)] = writer
        for writer in touched.values():
            with contextlib.suppress(ConnectionError):
                await writer.drain()

    def _writers(self, message: Message) -> list[asyncio.StreamWriter]:
        to = message.to
        if isinstance(to, Everyone):
            return list(self.connections.values())
        if isinstance(to, GameMasters):
            people = self.chat.people
            return [w for n, w in self.connections.items() if people[n].game_master]
        assert isinstance(to, Member)
        found = self.connections.get(to.name)
        return [found] if found is not None else []


def _login_words(line: str) -> tuple[str, str] | None:
    """The name and password of a ``connect NAME PASSWORD`` line; None for any other line."""
    words = line.split()
    if len(words) != 3 or words[0].lower() != "connect":
        return None
    return words[1], words[2]


def _write(writer: asyncio.StreamWriter, data: bytes) -> None:
    """Write to a connection that is still there; a lost one is skipped (asyncio would log
    every write to it), its reader ends its session and logs it once."""
    if not writer.is_closing():
        writer.write(data)


async def _send(writer: asyncio.StreamWriter, lines: list[str]) -> None:
    for line in lines:
        _write(writer, encode(line))
    with contextlib.suppress(ConnectionError):
        await writer.drain()

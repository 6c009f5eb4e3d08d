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
import hmac
import socket
from collections.abc import Iterable

from fracas.chat.connection import Connection
from fracas.chat.messages import Everyone, GameMasters, Member, Message
from fracas.chat.session import LOG, ChatSession, store_trouble
from fracas.chat.telnet import LineTooLong, TelnetReader
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
        self.connections: dict[str, Connection] = {}

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
        connection = Connection(writer)
        connection.tell(self._greeting())
        telnet = TelnetReader()
        try:
            while data := await reader.read(READ_SIZE):
                try:
                    lines, replies = telnet.feed(data)
                except LineTooLong as error:
                    connection.tell([f"error: {error}"])
                    lines, replies = error.lines, error.replies
                if replies:
                    connection.write(replies)
                for line in lines:
                    if line.strip().lower() in QUIT:
                        connection.tell(["Goodbye. The fight goes on without you."])
                        connection.end("QUIT")
                        return
                    await self._line(line, connection)
            connection.end("closed by the client")
        except ConnectionError as error:
            connection.end(f"lost ({error})")
        finally:
            name = connection.name
            if name is not None and self.connections.get(name) is connection:
                del self.connections[name]
                self.deliver(self.chat.leave(name))
            await connection.close()

    async def _line(self, line: str, connection: Connection) -> None:
        """Act on one line of a connection (logged in or not yet). A line the server fails
        on is an error line to its sender (the failure goes to the log), never the end of
        the connection."""
        name = connection.name
        try:
            if name is None:
                await self._login(line, connection)
            elif _login_words(line) is not None:  # never a pose: it holds a password
                connection.tell([f"error: you are connected as {name} already"])
            elif self.connections.get(name) is connection:  # not taken over from elsewhere
                self.deliver(self.chat.hear(name, line))
        except (ConnectionError, asyncio.CancelledError):
            raise
        except Exception:
            LOG.exception("chat: a line from %s failed", connection.who)
            connection.tell(["error: the server failed on that line (its log says why)"])

    def _greeting(self) -> list[str]:
        return [
            f"fracas: {self.title}",
            "Type: connect NAME PASSWORD (a new name keeps the password it first gets).",
            "The game master connects with the game master's password. QUIT leaves.",
        ]

    async def _login(self, line: str, connection: Connection) -> None:
        """Log ``connection`` in as the name a ``connect NAME PASSWORD`` line gives, if its
        password is that name's; else tell it why not."""
        words = _login_words(line)
        if words is None:
            connection.tell(["error: first connect: connect NAME PASSWORD"])
            return
        name, password = words
        problem = name_problem(name)
        if problem is not None:
            connection.tell([f"error: {problem}"])
            return
        # as bytes: compare_digest takes str only when it is ASCII (a password may not be)
        game_master = hmac.compare_digest(password.encode(), self.game_master_password.encode())
        if self._refused(name, game_master, connection):  # a refused login changes nothing
            return
        try:
            admitted = await self.chat.roster.admit(name, password, game_master=game_master)
        except StoreError as error:
            connection.tell([f"error: cannot check {name}'s password: {store_trouble(error)}"])
            return
        if not admitted:
            connection.tell([f"error: that is not {name}'s password"])
            return
        if self._refused(name, game_master, connection):  # joined otherwise while hashing
            return
        old = self.connections.get(name)
        connection.name = name
        self.connections[name] = connection  # from here on the name's lines are this one's
        joined = self.chat.join(name, game_master=game_master)
        if old is not None:
            old.tell(["Connected again from elsewhere: this connection closes."])
            old.end("connected again from elsewhere")
            old.writer.close()
        self.deliver(joined)

    def _refused(self, name: str, game_master: bool, connection: Connection) -> bool:
        """Whether ``name`` may not join in this role; if so, the connection is told why."""
        refused = self.chat.refusal(name, game_master=game_master)
        if refused is not None:
            connection.tell([f"error: {refused}"])
        return refused is not None

    def deliver(self, messages: Iterable[Message]) -> None:
        """Send each message to its recipients' connections, in order, never waiting for a
        client to read (``Connection.tell``)."""
        for message in messages:
            for connection in self._recipients(message):
                connection.tell([message.text])

    def _recipients(self, message: Message) -> list[Connection]:
        to = message.to
        if isinstance(to, Everyone):
            return list(self.connections.values())
        if isinstance(to, GameMasters):
            people = self.chat.people
            return [c for n, c in self.connections.items() if people[n].game_master]
        assert isinstance(to, Member)
        found = self.connections.get(to.name)
        return [found] if found is not None else []


def _login_words(line: str) -> tuple[str, str] | None:
    """The name and password of a ``connect NAME PASSWORD`` line; None for any other line."""
    words = line.split()
    if len(words) != 3 or words[0].lower() != "connect":
        return None
    return words[1], words[2]

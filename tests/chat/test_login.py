"""Logging in to a chat server while it serves others: the password's scrypt hash is worked out
off the event loop, so the table is never frozen by a login, and two logins of one new name at
once make one password.

The server runs in the test's own process (its event loop is the test's) on a real SQLite
store, reached over real TCP connections. ``hashlib.scrypt`` is wrapped by a ``Gate`` that holds
the hashing of one chosen password until the test opens it: what happens meanwhile is then
certain, and no assertion depends on how long anything takes.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from fracas.chat.passwords import matches
from fracas.chat.server import ChatServer
from fracas.chat.session import ChatSession
from fracas.store import Store, Tracked
from tests.chat.test_server import PASSWORD, TIMEOUT, Client
from tests.store.conftest import demo

SLOW = "slow-password"
"""The password whose hashing the gate holds."""


class Gate:
    """``hashlib.scrypt`` that waits, for the password ``held`` only, until the test opens the
    gate (at most TIMEOUT); ``opened_in_time`` says whether the test opened it before that."""

    def __init__(self, held: str, scrypt: Callable[..., bytes]) -> None:
        self.held = held.encode()
        self.scrypt = scrypt
        self.started = threading.Event()
        self.opened = threading.Event()
        self.opened_in_time: list[bool] = []

    def __call__(self, password: bytes, **parameters: Any) -> bytes:
        if password == self.held:
            self.started.set()
            self.opened_in_time.append(self.opened.wait(TIMEOUT))
        return self.scrypt(password, **parameters)

    async def wait_started(self) -> None:
        assert await asyncio.to_thread(self.started.wait, TIMEOUT), "the hashing never started"


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    held = Gate(SLOW, hashlib.scrypt)
    monkeypatch.setattr(hashlib, "scrypt", held)
    return held


@asynccontextmanager
async def serving(database: str) -> AsyncIterator[tuple[ChatServer, int]]:
    """A chat server on the momentum demo in ``database``, listening on a free port."""
    store = Store(database)
    chat = ChatSession(Tracked(store, store.create(demo())))
    server = ChatServer(chat, PASSWORD, "a login test")
    listening = await server.start("127.0.0.1", 0)
    try:
        yield server, listening.sockets[0].getsockname()[1]
    finally:
        listening.close()
        await _connections_ended()
        store.close()


async def _connections_ended() -> None:
    """Let the server finish with the connections the test closed (each says goodbye to the
    others), so that none is cut off when the test's event loop ends."""
    for _ in range(int(TIMEOUT / 0.01)):
        if len(asyncio.all_tasks()) == 1:
            return
        await asyncio.sleep(0.01)


async def command_answered_during_a_login(database: str, gate: Gate) -> Client:
    async with serving(database) as (_, port):
        gm, slow = await Client.bare(port), await Client.bare(port)
        await gm.connect(f"gm {PASSWORD}")
        await slow.until("QUIT leaves")
        await slow.send(f"connect zoe {SLOW}")
        await gate.wait_started()
        await gm.send("+who")  # answered while zoe's password is still being hashed
        await gm.until("Free to claim:")
        gate.opened.set()
        await slow.until("Welcome, zoe.")
        await gm.until("zoe has connected.")
        for client in (gm, slow):
            await client.close()
        return gm


def test_a_command_is_answered_while_a_login_hashes_its_password(
    gate: Gate, tmp_path: Path
) -> None:
    """The gate holds zoe's hashing until the game master's ``+who`` has been answered: had the
    hashing run on the event loop, nothing could be answered until it timed out."""
    gm = asyncio.run(command_answered_during_a_login(f"sqlite:///{tmp_path / 'c.sqlite3'}", gate))
    assert gate.opened_in_time == [True]
    answered = next(n for n, line in enumerate(gm.seen) if line.startswith("Free to claim:"))
    assert answered < gm.seen.index("zoe has connected.")


async def one_name_twice_at_once(database: str, gate: Gate) -> tuple[Client, Client, str]:
    async with serving(database) as (server, port):
        first, second = await Client.bare(port), await Client.bare(port)
        for client in (first, second):
            await client.until("QUIT leaves")
        await first.send(f"connect carol {SLOW}")
        await gate.wait_started()
        await second.send("connect carol other-password")
        await second.until("Welcome, carol.")  # while the first login is still hashing
        gate.opened.set()
        await first.until("error: that is not carol's password")
        await second.send("+who")
        await second.until("carol: plays nobody")
        assert list(server.connections) == ["carol"]
        for client in (first, second):
            await client.close()
        return first, second, server.chat.roster.encounter


def test_two_logins_of_one_new_name_at_once_make_one_password(gate: Gate, tmp_path: Path) -> None:
    """The login whose hashing ended first keeps the name; the other is decided again on the
    password kept meanwhile (refused), instead of overwriting it and taking the name over."""
    database = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    first, second, encounter = asyncio.run(one_name_twice_at_once(database, gate))
    assert not any("Welcome" in line for line in first.seen)
    assert not any("Connected again from elsewhere" in line for line in second.seen)
    kept = {member.name: member.password for member in Store(database).members(encounter)}
    assert kept["carol"] is not None and matches("other-password", kept["carol"])


async def game_masters_password_on_a_players_name(database: str) -> tuple[Client, Client, str]:
    async with serving(database) as (server, port):
        alice, other = await Client.bare(port), await Client.bare(port)
        await alice.connect("alice pw1")
        await other.until("QUIT leaves")
        await other.send(f"connect alice {PASSWORD}")
        await other.until("error: alice is a player here")
        await other.send(f"connect gm {PASSWORD}")  # the same connection, still served
        await other.until("Welcome, gm.")
        await alice.send("+who")
        await alice.until("gm: game master")
        for client in (alice, other):
            await client.close()
        return alice, other, server.chat.roster.encounter


def test_a_login_refused_for_its_role_changes_nothing(tmp_path: Path) -> None:
    """The game master's password on a player's name (one playing nobody): refused, as the
    session refuses a player joining as game master; the player is neither cut off nor given
    a new password, and the refused connection may log in again."""
    database = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    alice, _, encounter = asyncio.run(game_masters_password_on_a_players_name(database))
    assert not any("Connected again from elsewhere" in line for line in alice.seen)
    kept = {member.name: member.password for member in Store(database).members(encounter)}
    assert kept["alice"] is not None and matches("pw1", kept["alice"])


async def connect_again_while_connected(database: str) -> Client:
    async with serving(database) as (_, port):
        alice, bob = await Client.bare(port), await Client.bare(port)
        await alice.connect("alice pw1")
        await bob.connect("bob pw2")
        await alice.send("connect carol her-secret")  # typed again, as after the greeting
        await alice.until("error: you are connected as alice already")
        await alice.send(":waves")
        await bob.until("alice waves")  # every earlier line of alice's has reached bob by now
        for client in (alice, bob):
            await client.close()
        return bob


def test_a_login_typed_while_connected_is_not_shown_to_anyone(tmp_path: Path) -> None:
    """``connect NAME PASSWORD`` typed by someone connected already is answered to them alone,
    never shown to the scene as a pose (with the password in it)."""
    bob = asyncio.run(connect_again_while_connected(f"sqlite:///{tmp_path / 'c.sqlite3'}"))
    assert not any("her-secret" in line for line in bob.seen)

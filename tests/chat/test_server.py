"""``fracas chat serve`` over real TCP: a game master and two players on telnet connections.

Alice uses telnetlib3's client, which negotiates telnet options the way MUD clients do; Bob and
the game master send bare lines, as ``telnet`` in line mode does. The server runs as its own
process, exactly as a game master starts it.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import telnetlib3

PASSWORD = "sekrit"
TIMEOUT = 10.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A running ``fracas chat serve`` on the momentum demo: its port and its save file."""
    save = tmp_path / "fight.json"
    command = [
        sys.executable,
        "-m",
        "fracas",
        "chat",
        "serve",
        "--demo",
        "momentum",
        "--port",
        "0",
        "--seed",
        "5",
        "--gm-password",
        PASSWORD,
        "--save",
        str(save),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("fracas chat: listening on 127.0.0.1 port "), first
    try:
        yield int(first.split()[-1]), save
    finally:
        process.terminate()
        process.wait(timeout=TIMEOUT)


class Client:
    """One connection: what it sends, and every line it receives."""

    def __init__(
        self,
        reader: asyncio.StreamReader | telnetlib3.TelnetReader,
        writer: asyncio.StreamWriter | telnetlib3.TelnetWriter,
    ) -> None:
        self.reader, self.writer, self.seen = reader, writer, list[str]()

    @classmethod
    async def bare(cls, port: int) -> Client:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    @classmethod
    async def telnet(cls, port: int) -> Client:
        reader, writer = await telnetlib3.open_connection("127.0.0.1", port, connect_maxwait=0.5)
        return cls(reader, writer)

    async def send(self, line: str) -> None:
        data = line + "\r\n"
        if isinstance(self.writer, asyncio.StreamWriter):
            self.writer.write(data.encode())
        else:
            self.writer.write(data)
        await self.writer.drain()

    async def until(self, wanted: str) -> list[str]:
        """Read lines until one holds ``wanted``; the lines read since the last call."""
        start = len(self.seen)
        while not any(wanted in line for line in self.seen[start:]):
            raw = await asyncio.wait_for(self.reader.readline(), TIMEOUT)
            assert raw, f"connection closed while waiting for {wanted!r}"
            line = raw.decode() if isinstance(raw, bytes) else raw
            self.seen.append(line.rstrip("\r\n"))
        return self.seen[start:]

    async def close(self) -> None:
        self.writer.close()


async def play(port: int) -> tuple[Client, Client, Client]:
    gm, alice, bob = await Client.bare(port), await Client.telnet(port), await Client.bare(port)
    for client, login in ((gm, f"gm {PASSWORD}"), (alice, "alice pw1"), (bob, "bob pw2")):
        await client.until("QUIT leaves")
        await client.send(f"connect {login}")
        await client.until("Welcome")
    await alice.send("+claim scout")
    await bob.until("alice plays Scout.")
    await bob.send("+claim druid")
    await alice.until("bob plays Druid.")
    await gm.send("+add Lurker raptors Raptor-1 -hidden")
    await gm.until("Lurker joins the fight")
    await gm.send("+start")
    await alice.until("Round 1: your turn, Scout")
    await alice.send(":nocks an arrow")
    await bob.until("Scout nocks an arrow")
    await alice.send("+attack raptor-1 -with shortbow !15 6")
    for client in (gm, alice, bob):
        await client.until("Raptor 1 takes")
    await bob.send("+end")
    await bob.until("error: it is not Druid's turn")
    await alice.send("+end")
    await bob.until("Round 1: your turn, Druid")
    await bob.close()
    await gm.until("bob has disconnected.")
    first_bob = bob.seen
    bob = await Client.bare(port)
    await bob.until("QUIT leaves")
    await bob.send("connect bob pw2")
    await bob.until("Welcome, bob. You play Druid.")
    await bob.send("+vinit")
    await bob.until("Raptor 4")
    await gm.send("+vinit")
    await gm.until("Lurker")
    await alice.send("QUIT")
    await alice.until("Goodbye.")
    for client in (gm, alice, bob):
        await client.close()
    bob.seen[:0] = first_bob
    return gm, alice, bob


def test_a_game_master_and_two_players_play_a_round_over_telnet(
    server: tuple[int, Path],
) -> None:
    port, save = server
    gm, alice, bob = asyncio.run(play(port))
    hit = "Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23"
    assert f"{hit} vs Evasion 20: hit" in gm.seen
    assert f"{hit}: hit" in alice.seen and f"{hit}: hit" in bob.seen
    assert any("Lurker" in line for line in gm.seen)
    assert not any("Lurker" in line for line in alice.seen + bob.seen)
    assert "error: it is not Druid's turn" not in alice.seen + gm.seen
    assert not any("your turn, Druid" in line for line in alice.seen)
    assert "Welcome, bob. You play Druid." in bob.seen
    assert ["Lurker", "28"] in [line.split() for line in gm.seen]
    saved = json.loads(save.read_text())
    assert [step["action"]["type"] for step in saved["steps"]][-4:] == [
        "AddCombatant",
        "StartCombat",
        "Attack",
        "EndTurn",
    ]

"""``fracas chat serve`` over real TCP: a game master and two players on telnet connections.

Alice uses telnetlib3's client, which negotiates telnet options the way MUD clients do; Bob and
the game master send bare lines, as ``telnet`` in line mode does. The server runs as its own
process, exactly as a game master starts it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import telnetlib3

from fracas.engine.action import CombatantId
from fracas.store import Store
from fracas.store.database import connect, entries, members

PASSWORD = "sekrit"
TIMEOUT = 10.0


class Server:
    """``fracas chat serve`` running as its own process, on a SQLite store of the test's; its
    log (stderr) goes to ``log`` when given."""

    def __init__(self, database: str, *choice: str, log: Path | None = None) -> None:
        command = [
            sys.executable,
            "-m",
            "fracas",
            "chat",
            "serve",
            *choice,
            "--port",
            "0",
            "--seed",
            "5",
            "--gm-password",
            PASSWORD,
            "--database",
            database,
        ]
        stderr = None if log is None else log.open("w")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
        if stderr is not None:
            stderr.close()  # the server has its own copy
        assert self.process.stdout is not None
        said = [self.process.stdout.readline() for _ in range(4)]
        assert said[0].startswith("fracas chat: listening on 127.0.0.1 port "), said
        self.port = int(said[0].split()[-1])
        self.encounter = said[3].split()[-1]

    def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup, as when the machine goes down."""
        self.process.kill()
        self.process.wait(timeout=TIMEOUT)


class Client:
    """One connection: what it sends, and every line it receives."""

    def __init__(
        self,
        reader: asyncio.StreamReader | telnetlib3.TelnetReader,
        writer: asyncio.StreamWriter | telnetlib3.TelnetWriter,
    ) -> None:
        self.reader, self.writer = reader, writer
        self.seen: list[str] = []
        self.taken: set[int] = set()
        """The lines an ``until`` has returned."""

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

    async def until(self, wanted: str) -> str:
        """The first line holding ``wanted`` that no earlier wait took, reading as needed."""
        while True:
            for index, line in enumerate(self.seen):
                if wanted in line and index not in self.taken:
                    self.taken.add(index)
                    return line
            try:
                raw = await asyncio.wait_for(self.reader.readline(), TIMEOUT)
            except TimeoutError:
                raise AssertionError(f"no {wanted!r} after {self.seen[-5:]}") from None
            assert raw, f"connection closed while waiting for {wanted!r}"
            line = raw.decode() if isinstance(raw, bytes) else raw
            self.seen.append(line.rstrip("\r\n"))

    async def connect(self, login: str) -> str:
        """Answer the greeting with ``connect LOGIN``; the welcome line."""
        await self.until("QUIT leaves")
        await self.send(f"connect {login}")
        return await self.until("Welcome")

    async def close(self) -> None:
        self.writer.close()


POSES = ("One", "Two", "Three")


async def log_in(port: int) -> tuple[Client, Client, Client]:
    """The game master, Alice (Player 1) and Bob (Player 2), connected and claimed."""
    gm, alice, bob = await Client.bare(port), await Client.telnet(port), await Client.bare(port)
    for client, login in ((gm, f"gm {PASSWORD}"), (alice, "alice pw1"), (bob, "bob pw2")):
        await client.connect(login)
    await alice.send("+claim player 1")
    await bob.until("alice plays Player 1.")
    await bob.send("+claim player 2")
    await alice.until("bob plays Player 2.")
    return gm, alice, bob


async def reconnect(gm: Client, bob: Client, port: int) -> Client:
    """Bob's connection drops and he comes back: the fight went on, his claim is kept."""
    await bob.close()
    await gm.until("bob has disconnected.")
    again = await Client.bare(port)
    again.seen, again.taken = list(bob.seen), set(range(len(bob.seen)))
    assert await again.connect("bob pw2") == "Welcome, bob. You play Player 2."
    return again


async def melee_round(port: int) -> tuple[Client, Client, Client]:
    """Initiative, then the three poses of melee round 1: Player 1 (21), NPC 1 (18),
    Player 2 (13), NPC 2 (9) and the hidden Lurker (7), whose turns the game master ends."""
    gm, alice, bob = await log_in(port)
    await gm.send('+add Lurker npcs "NPC 1" -hidden')
    await gm.until("Lurker joins the fight")
    await alice.send("+init !18")
    await bob.until("Player 1 rolls initiative: 1d20 (18) + 3 = 21")
    await bob.send("+init !12")
    await gm.until("Player 2 rolls initiative")
    await gm.send("+start !16 8 5")
    await alice.until("Melee Round 1 begins")
    await alice.send(":lunges at NPC 1")
    await bob.until("Player 1 lunges at NPC 1")
    await alice.send("+strike npc-1 -with vibro !15")
    await gm.until("NPC 1 may parry, dodge")
    await gm.send("NPC 1: +dodge !16")
    await alice.until("NPC 1 dodges Player 1's strike")
    await bob.send("+strike npc-1 -with vibro")
    await bob.until("error: ")
    for pose in POSES:
        await alice.until(f"Melee Round 1 - Pose {pose} - Initiative Count 21.")
        await alice.send("+vinit")
        await alice.until(f"Pose Round {pose} of Three in Melee Round 1")
        await alice.send("+end")
        await gm.until(f"[NPC 1] Melee Round 1 - Pose {pose} - Initiative Count 18.")
        await gm.send("+next")
        await bob.until(f"Melee Round 1 - Pose {pose} - Initiative Count 13.")
        if pose == "Two":
            bob = await reconnect(gm, bob, port)
        await bob.send("+end")
        await gm.until(f"[NPC 2] Melee Round 1 - Pose {pose} - Initiative Count 9.")
        await gm.send("+next")
        await gm.until(f"[Lurker] Melee Round 1 - Pose {pose} - Initiative Count 7.")
        await gm.send("+vinit")
        await gm.until(f"Pose Round {pose} of Three in Melee Round 1")
        await gm.send("+next")
    for client in (gm, alice, bob):
        await client.until("Melee Round 2 - Pose One - Initiative Count 21")
    await alice.send("QUIT")
    await alice.until("Goodbye.")
    for client in (gm, bob):
        await client.close()
    return gm, alice, bob


def test_a_game_master_and_two_players_play_a_melee_round_over_telnet(database: str) -> None:
    """Seed: "When it is your turn to pose you will receive an automated message such as this:
    Melee Round 1 - Pose One - Initiative Count 21. You have Two attacks/actions for this pose."
    """
    server = Server(database, "--demo", "kingsdale")
    try:
        gm, alice, bob = asyncio.run(melee_round(server.port))
    finally:
        server.kill()
    for pose in POSES:
        assert f"Melee Round 1 - Pose {pose} - Initiative Count 21." in alice.seen
        assert f"Melee Round 1 - Pose {pose} - Initiative Count 13." in bob.seen
        assert f"Pose Round {pose} of Three in Melee Round 1" in alice.seen
    assert "You have Two attacks/actions for this pose." in alice.seen
    assert not any("Initiative Count 13." in line for line in alice.seen)
    assert not any("Initiative Count 21." in line for line in bob.seen)
    assert any(line.startswith("[Lurker] ") for line in gm.seen)
    assert not any("Lurker" in line for line in alice.seen + bob.seen)
    assert "Player 1 lunges at NPC 1" in gm.seen + bob.seen
    refusal = [line for line in bob.seen if line.startswith("error: ")]
    assert len(refusal) == 1 and not any(line in gm.seen + alice.seen for line in refusal)
    assert "bob has disconnected." in alice.seen and "bob has connected." in alice.seen
    steps = Store(database).load(server.encounter).session.encounter.steps
    kinds = [type(step.action).__name__ for step in steps]
    assert kinds.count("EndTurn") == 15 and kinds.count("Strike") == 1


async def look_again(port: int) -> Client:
    gm = await Client.bare(port)
    await gm.connect(f"gm {PASSWORD}")
    await gm.send("+vinit")
    await gm.until("Lurker")
    await gm.close()
    return gm


def test_a_killed_server_resumes_the_stored_fight(database: str) -> None:
    """Issue 4: the chat front end uses the store; what was acknowledged survives a SIGKILL."""
    first = Server(database, "--demo", "kingsdale")
    try:
        asyncio.run(melee_round(first.port))
    finally:
        first.kill()
    again = Server(database, "--resume", first.encounter)
    try:
        gm = asyncio.run(look_again(again.port))
    finally:
        again.kill()
    assert again.encounter == first.encounter
    assert "Pose Round One of Three in Melee Round 2" in gm.seen


async def claim_and_leave(port: int) -> None:
    gm, alice, bob = await log_in(port)
    for client in (gm, alice, bob):
        await client.close()


async def come_back(port: int) -> tuple[Client, Client]:
    """After the restart: Alice and Bob connect, unclaimed in the new process's memory."""
    alice, bob = await Client.telnet(port), await Client.bare(port)
    assert await alice.connect("alice pw1") == "Welcome, alice. You play Player 1."
    await bob.until("QUIT leaves")
    await bob.send("connect bob pw1")
    await bob.until("error: that is not bob's password")
    await bob.send("connect bob pw2")
    assert await bob.until("Welcome") == "Welcome, bob. You play Player 2."
    await alice.send("+init !18")
    await bob.until("Player 1 rolls initiative: 1d20 (18) + 3 = 21")
    await bob.send("+who")
    await bob.until("alice: plays Player 1")
    await bob.until("bob: plays Player 2")
    for client in (alice, bob):
        await client.close()
    return alice, bob


def test_claims_and_passwords_survive_a_restart(database: str, tmp_path: Path) -> None:
    """Players connect again after a restart with their passwords and play what they claimed,
    without claiming again; the database holds only salted hashes of the passwords."""
    first = Server(database, "--demo", "kingsdale")
    try:
        asyncio.run(claim_and_leave(first.port))
    finally:
        first.kill()
    again = Server(database, "--resume", first.encounter)
    try:
        asyncio.run(come_back(again.port))
    finally:
        again.kill()
    kept = {m.name: m for m in Store(database).members(first.encounter)}
    assert {name: m.combatant for name, m in kept.items()} == {
        "gm": None,
        "alice": "player-1",
        "bob": "player-2",
    }
    assert all(m.password is not None and m.password.startswith("scrypt$") for m in kept.values())
    files = b"".join(path.read_bytes() for path in tmp_path.glob("chat.sqlite3*"))
    for password in (b"pw1", b"pw2", PASSWORD.encode()):
        assert password not in files


async def ask_for_a_die(port: int) -> None:
    gm, alice, bob = await log_in(port)
    await alice.send("+init")
    await alice.until("+init: roll a d20 and type its face")
    for client in (gm, alice, bob):
        await client.close()


async def answer_after_the_restart(port: int) -> Client:
    alice, bob = await Client.telnet(port), await Client.bare(port)
    await alice.connect("alice pw1")
    await alice.until("+init: roll a d20 and type its face")  # asked again on connecting
    await bob.connect("bob pw2")
    await alice.send("18")
    await bob.until("Player 1 rolls initiative: 1d20 (18) + 3 = 21")
    for client in (alice, bob):
        await client.close()
    return bob


def test_a_command_waiting_for_typed_dice_survives_a_restart(database: str) -> None:
    """With every die rolled at the table, a command asking for its die is kept in the store:
    after a restart its player is asked again and the face typed then carries it out, once."""
    first = Server(database, "--demo", "kingsdale", "--typed-dice")
    try:
        asyncio.run(ask_for_a_die(first.port))
    finally:
        first.kill()
    again = Server(database, "--resume", first.encounter, "--typed-dice")
    try:
        bob = asyncio.run(answer_after_the_restart(again.port))
    finally:
        again.kill()
    assert not any("roll a d20" in line for line in bob.seen)  # Alice's question is hers
    session = Store(database).load(first.encounter).session
    rolled = [type(step.action).__name__ for step in session.encounter.steps]
    assert rolled.count("RollInitiative") == 1
    assert session.pending(CombatantId("player-1")) is None  # done, and no longer kept


async def log_in_with_accents(port: int) -> None:
    zoe, wrong = await Client.bare(port), await Client.bare(port)
    assert await zoe.connect("zoë pässwört") == "Welcome, zoë. You play nobody yet: +claim NAME."
    await wrong.until("QUIT leaves")
    await wrong.send("connect zoë passwort")
    await wrong.until("error: that is not zoë's password")
    await wrong.send(f"connect gm {PASSWORD}")  # the same connection, still served
    assert await wrong.until("Welcome") == "Welcome, gm. You run the game."
    for client in (zoe, wrong):
        await client.close()


def test_a_password_with_accents_is_checked_like_any_other(database: str) -> None:
    """``hmac.compare_digest`` refuses str with non-ASCII characters: a password like
    ``pässwört`` must still be admitted or refused, never drop the connection."""
    server = Server(database, "--demo", "kingsdale")
    try:
        asyncio.run(log_in_with_accents(server.port))
    finally:
        server.kill()


async def log_in_to_a_broken_database(port: int, database: str) -> None:
    gm, zoe = await Client.bare(port), await Client.bare(port)
    await gm.connect(f"gm {PASSWORD}")
    engine = connect(database)
    for table in (members, entries):
        table.drop(engine)  # the database broken under the server
    engine.dispose()
    await zoe.until("QUIT leaves")
    await zoe.send("connect zoe pw")
    refused = await zoe.until("error: ")
    await gm.send("+start")
    failed = await gm.until("error: ")
    for line in (refused, failed):
        assert "database failed" in line
        for internal in (database.removeprefix("sqlite:///"), "sqlite", "members", "SELECT"):
            assert internal not in line, line
    for client in (gm, zoe):
        await client.close()


def test_a_failing_database_is_an_error_line_that_names_no_part_of_it(database: str) -> None:
    """A login (anyone may try one) or a command meeting a failing database is told so, and
    nothing of where the database is (file, host, user, password) or of the driver's error."""
    server = Server(database, "--demo", "kingsdale")
    try:
        asyncio.run(log_in_to_a_broken_database(server.port, database))
    finally:
        server.kill()

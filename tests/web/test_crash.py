"""SIGKILL in the middle of a stream of commands: after a restart every acknowledged command is
there, and the stored log replays to exactly the state the same commands make from scratch."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx
import pytest

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.rules.momentum.ruleset import Momentum
from tests.store.conftest import database_url
from tests.web.server import Server

SEED = 11
KILL_AFTER = 12


def commands() -> list[str]:
    """A stream with rolls (seeded dice), notes, undo and redo."""
    stream = ["start"]
    for n in range(200):
        stream += [f"roll 1d20+{n}", f"note tick {n}"]
        if n % 4 == 3:
            stream += ["undo", "redo", "undo"]
    return stream


def replayed(texts: list[str]) -> dict[str, object]:
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=SEED)
    for text in texts:
        assert session.run(text).ok, text
    return session.save()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_sigkill_mid_stream_loses_no_acknowledged_command(kind: str, tmp_path: Path) -> None:
    database = database_url(kind, tmp_path)
    server = Server(database).start()
    try:
        created = httpx.post(
            f"{server.url}/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": SEED}
        )
        token = created.json()["token"]
        acknowledged: list[str] = []
        in_flight = None
        for text in commands():
            if len(acknowledged) == KILL_AFTER:
                threading.Timer(0.05, server.kill).start()  # lands while commands are flying
            try:
                answer = httpx.post(
                    f"{server.url}/api/t/{token}/commands", json={"text": text}, timeout=10
                )
            except httpx.TransportError:
                in_flight = text
                break
            assert answer.status_code == 200, answer.text
            acknowledged.append(text)
        assert in_flight is not None, "the server was never killed"
    finally:
        server.kill()
    assert len(acknowledged) >= KILL_AFTER

    with Server(database) as restarted:
        stored = httpx.get(f"{restarted.url}/api/t/{token}/export").json()
        log = httpx.get(f"{restarted.url}/api/t/{token}/log").json()
    # Everything acknowledged is there; the command in flight at the kill may or may not be.
    assert stored in (replayed(acknowledged), replayed([*acknowledged, in_flight]))
    assert any(line.startswith("[") and "roll 1d20" in line for line in log)

"""A bounded soak (issue 19): a server SIGKILLed several times under a stream of commands, each
sent with an idempotency key and retried after a kill, loses and doubles none of them; a page
that never reads sits beside the stream, and every command is answered within the bound (a
second, ``answer_bound``, against the same commands on an encounter no page watches).

``FRACAS_SOAK_KILLS`` sets how many kills (default 2, a few seconds; raise it for a longer soak).
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.store.conftest import database_url
from tests.web.server import Server, answer_bound
from tests.web.test_fanout import NOTE, silent_socket

KILLS = int(os.environ.get("FRACAS_SOAK_KILLS", "2"))
PER_RUN = 15
"""Commands acknowledged in each run before its kill is set off."""


def stream(server: Server, tokens: tuple[str, str], start: int, times: Times) -> int:
    """Send ``note soak N`` from ``start`` on to the first encounter, each with its own key,
    each paired with a note to the second (watched by no page), until the server dies; the
    first N not known to be done (the one in flight is sent again after the restart)."""
    watched, alone = tokens
    number = start
    with httpx.Client(base_url=f"{server.url}/api/t", timeout=30) as client:
        while True:
            if number == start + PER_RUN:
                threading.Timer(0.05, server.kill).start()  # lands while commands fly
            try:
                text, key = f"note soak {number} {NOTE[5:50]}", f"soak-{number}"
                times.beside.append(timed(client, watched, text, key))
                times.by_itself.append(timed(client, alone, "note alone", None))
            except httpx.TransportError:
                return number
            number += 1


@dataclass
class Times:
    """How long commands took: beside a page that never reads, and on an encounter no page
    watches, paired."""

    beside: list[float] = field(default_factory=list)
    by_itself: list[float] = field(default_factory=list)


def timed(client: httpx.Client, token: str, text: str, key: str | None) -> float:
    """Seconds to have ``text`` answered on ``token``'s encounter."""
    began = time.monotonic()
    answer = client.post(
        f"/{token}/commands", json={"text": text}, headers={"Idempotency-Key": key} if key else {}
    )
    assert answer.status_code == 200, answer.text
    return time.monotonic() - began


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kills_under_a_stream_lose_and_double_nothing(kind: str, tmp_path: Path) -> None:
    database = database_url(kind, tmp_path)
    tokens: tuple[str, str] | None = None
    sent, times = 0, Times()
    for _ in range(KILLS):
        server = Server(database).start()
        if tokens is None:  # one a page that never reads watches, one no page watches
            made = [
                httpx.post(f"{server.url}/api/encounters", json={"ruleset": "momentum"}).json()
                for _ in range(2)
            ]
            tokens = (made[0]["token"], made[1]["token"])
        for token in tokens:  # loads them, warms up (the first command loads the parser)
            warm = httpx.post(f"{server.url}/api/t/{token}/commands", json={"text": "note warm"})
            assert warm.status_code == 200, warm.text
        stalled = silent_socket(server.port, tokens[0])
        try:
            sent = stream(server, tokens, sent, times)
        finally:
            server.kill()
            stalled.close()
    assert tokens is not None
    with Server(database) as last:
        again = httpx.post(  # the command in flight at the last kill, sent again with its key
            f"{last.url}/api/t/{tokens[0]}/commands",
            json={"text": f"note soak {sent} {NOTE[5:50]}"},
            headers={"Idempotency-Key": f"soak-{sent}"},
        )
        assert again.status_code == 200, again.text
        log = httpx.get(f"{last.url}/api/t/{tokens[0]}/log").json()
    notes = [line.split()[2] for line in log if line.startswith("    Note: soak ")]
    assert notes == [str(n) for n in range(sent + 1)], notes  # none lost, none twice
    assert max(times.beside) < answer_bound(times.by_itself), (
        sorted(times.beside)[-3:],
        sorted(times.by_itself)[-3:],
    )

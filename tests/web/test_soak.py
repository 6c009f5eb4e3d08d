"""A bounded soak (issue 19): a server SIGKILLed several times under a stream of commands, each
sent with an idempotency key and retried after a kill, loses and doubles none of them; a page
that never reads sits beside the stream, and every command is answered within the bound.

``FRACAS_SOAK_KILLS`` sets how many kills (default 2, a few seconds; raise it for a longer soak).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.store.conftest import database_url
from tests.web.server import Server
from tests.web.test_fanout import ANSWER_SECONDS, NOTE, silent_socket

KILLS = int(os.environ.get("FRACAS_SOAK_KILLS", "2"))
PER_RUN = 15
"""Commands acknowledged in each run before its kill is set off."""


def stream(server: Server, token: str, start: int, slowest: list[float]) -> int:
    """Send ``note soak N`` from ``start`` on, each with its own key, until the server dies;
    the first N not known to be done (the one in flight is sent again after the restart)."""
    number = start
    with httpx.Client(base_url=f"{server.url}/api/t/{token}", timeout=30) as client:
        while True:
            if number == start + PER_RUN:
                threading.Timer(0.05, server.kill).start()  # lands while commands fly
            began = time.monotonic()
            try:
                answer = client.post(
                    "/commands",
                    json={"text": f"note soak {number} {NOTE[5:50]}"},
                    headers={"Idempotency-Key": f"soak-{number}"},
                )
            except httpx.TransportError:
                return number
            assert answer.status_code == 200, answer.text
            slowest.append(time.monotonic() - began)
            number += 1


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kills_under_a_stream_lose_and_double_nothing(kind: str, tmp_path: Path) -> None:
    database = database_url(kind, tmp_path)
    token, sent, slowest = "", 0, [0.0]
    for _ in range(KILLS):
        server = Server(database).start()
        if not token:
            created = httpx.post(f"{server.url}/api/encounters", json={"ruleset": "momentum"})
            token = created.json()["token"]
        warm = httpx.get(f"{server.url}/api/t/{token}", timeout=30)  # loads it, warms up
        assert warm.status_code == 200, warm.text
        stalled = silent_socket(server.port, token)
        try:
            sent = stream(server, token, sent, slowest)
        finally:
            server.kill()
            stalled.close()
    with Server(database) as last:
        again = httpx.post(  # the command in flight at the last kill, sent again with its key
            f"{last.url}/api/t/{token}/commands",
            json={"text": f"note soak {sent} {NOTE[5:50]}"},
            headers={"Idempotency-Key": f"soak-{sent}"},
        )
        assert again.status_code == 200, again.text
        log = httpx.get(f"{last.url}/api/t/{token}/log").json()
    notes = [line.split()[2] for line in log if line.startswith("    Note: soak ")]
    assert notes == [str(n) for n in range(sent + 1)], notes  # none lost, none twice
    assert max(slowest) < ANSWER_SECONDS, max(slowest)

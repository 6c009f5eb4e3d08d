"""Issue 19, item 8: a page that goes away is one line of the server's log. The attacks left
1,556 "socket.send() raised exception." lines on stderr; pages reset while steps stream to
them, and one that never reads, are one line each, however much is sent after."""

from __future__ import annotations

import socket
import struct
import warnings
from contextlib import ExitStack
from pathlib import Path

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.store.conftest import database_url
from tests.web.server import Server
from tests.web.test_fanout import NOTE, silent_socket


def reset(page: ClientConnection) -> None:
    """Drop a page's socket as a crash or a lost network does: a reset, no close frame."""
    page.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    page.socket.close()


def test_each_page_that_goes_away_is_one_line_of_the_log(tmp_path: Path) -> None:
    server = Server(database_url("sqlite", tmp_path)).start()
    try:
        created = httpx.post(f"{server.url}/api/encounters", json={"ruleset": "momentum"})
        token, encounter = created.json()["token"], created.json()["id"]
        with ExitStack() as opened, warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)  # websockets' current API only
            live = f"ws://127.0.0.1:{server.port}/api/t/{token}/live"
            pages = [opened.enter_context(connect(live)) for _ in range(3)]
            for page in pages:
                page.recv(timeout=30)
            stalled = silent_socket(server.port, token)
            with httpx.Client(base_url=f"{server.url}/api/t/{token}", timeout=30) as client:
                for number in range(60):
                    if number == 10:
                        for page in pages:
                            reset(page)
                    assert client.post("/commands", json={"text": NOTE}).status_code == 200
            stalled.close()
    finally:
        server.stop()
    assert server.process is not None and server.process.stderr is not None
    with server.process.stderr as stderr:  # read to its end, and closed
        log = stderr.read().decode().splitlines()
    left = [line for line in log if f"a page left encounter {encounter}" in line]
    dropped = [line for line in log if "live: dropped a socket" in line]
    assert len(left) + len(dropped) == 4, log  # the silent page: dropped, or left at its close
    assert not any("socket.send()" in line for line in log), log

"""Live-update latency across processes: how long after another process commits a change a
page's WebSocket hears of it, woken by polling (every ``POLL_SECONDS``) or by PostgreSQL's
NOTIFY.

    FRACAS_TEST_POSTGRES_URL=postgresql://… .venv/bin/python benchmarks/live_latency.py [CHANGES]

A real uvicorn server runs the tracker on the database; a second store (as another server
process would have) commits notes to one encounter at random moments, and the time from each
commit to the frame on a GM socket is measured. "poll" is the writer without NOTIFY (what
every database had before, and what SQLite still has); "notify" is the writer announcing its
changes. Both run in the same process and the same run, so the ratio is what counts.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import threading
import time

import httpx
import uvicorn
from websockets.sync.client import connect

from fracas.store import Store, Tracked
from fracas.web.app import create_app
from fracas.web.live import POLL_SECONDS


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def latencies(url: str, changes: int, notify: bool) -> list[float]:
    """Seconds from each commit elsewhere to its frame on the GM's socket."""
    store = Store(url)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    created = httpx.post(
        f"http://127.0.0.1:{port}/api/encounters", json={"ruleset": "momentum", "demo": True}
    ).json()
    writer = Store(url)
    writer.notifies = notify
    tracked = Tracked(writer, created["id"])
    found: list[float] = []
    with connect(f"ws://127.0.0.1:{port}/api/t/{created['token']}/live") as socket:
        socket.recv(timeout=30)
        for n in range(changes):
            time.sleep(random.uniform(0, POLL_SECONDS))  # any moment of the poll's cycle
            tracked.run(f"note change {n}")
            committed = time.perf_counter()
            socket.recv(timeout=30)
            found.append(time.perf_counter() - committed)
    server.should_exit = True
    thread.join(30)
    writer.close()
    store.close()
    return found


def main() -> None:
    url = os.environ.get("FRACAS_TEST_POSTGRES_URL")
    if not url:
        sys.exit("set FRACAS_TEST_POSTGRES_URL to a PostgreSQL database (it is written to)")
    changes = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    results = {mode: latencies(url, changes, mode == "notify") for mode in ("poll", "notify")}
    for mode, found in results.items():
        print(
            f"{mode:>6}: median {statistics.median(found) * 1000:7.1f} ms, "
            f"max {max(found) * 1000:7.1f} ms over {len(found)} changes"
        )
    ratio = statistics.median(results["poll"]) / statistics.median(results["notify"])
    print(f"notify is {ratio:.0f}x faster (median)")


if __name__ == "__main__":
    main()

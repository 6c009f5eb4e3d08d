"""The command path's cold cost counted, not timed: the cache lines an attack needs from beyond
a 1 MiB cache when it starts with the caches holding none of its code or data, as a game
master's commands do (issue 20, target 4).

    .venv/bin/python benchmarks/command_misses.py [OTHER_SRC] [PAIRS] [LAYER …]

An attack takes 0.12 to 0.17 ms in memory back to back but 0.53 to 0.68 ms after a pause
(``cold.py``): what binds the path is the memory it touches, which the pause left to other work,
more than the instructions it runs. Valgrind's callgrind simulates the caches (``--cache-sim``,
its last level set to 1 MiB, as this machine's second), so the count does not move with the
machine's load as the wall clock does (between two sittings an hour apart ~0.1 ms at p50).
Before each of ``PAIRS`` (default 30) pairs of ``attack raptor1`` and ``undo`` on the momentum
demo (as ``command_path.py``), the process reads 16 MiB with ``zlib.crc32``, which evicts
everything else from the simulated caches; the crc's own misses (libz) are left out of the count.
The undo comes right after its attack, so a pair's count is mostly the attack's.

The layers, each a process of its own under callgrind:

* **memory**: ``Session.run``, the command in memory;
* **log**: and its step as the store writes it (``step_text``);
* **tracked**: ``Tracked.run``, the command through a link, durable on SQLite (``through``), on
  a connection kept by the thread as the server's is;
* **web**: ``POST /api/t/TOKEN/commands``, the ASGI app called in process (no uvicorn, no
  socket: a server's own cost beyond the app is the floor's), each request a task the event
  loop (uvloop's, as uvicorn's) runs to its end, on the connection the loop keeps.

``LAYER`` names some of them (all by default). ``OTHER_SRC``, a ``src`` folder (``git archive
COMMIT src | tar -x``), is counted too, to compare a change with what it changed; for the tracked
layer it must know ``Tracked.run``'s ``through`` (20bc395 on). A count repeats within about 1 %
(run against its own ``src``: 6,246 and 6,237 lines, 10,705 and 10,754). A last-level miss costs
some 40 to 100 ns (the third-level cache or memory), so the web app's ~19,000 lines a pair are
of the order of the ~1 ms an attack loses to a pause. Needs ``valgrind``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import uvloop
from callgrind import counting, environment
from command_path import ATTACK, fight
from machine import describe

if TYPE_CHECKING:
    from fracas.store import Store

LAYERS = {
    "memory": "Session.run",
    "log": "Session.run with its log text",
    "tracked": "Tracked.run (SQLite)",
    "web": "the web app (ASGI, in process)",
}
WARM = 20
"""Pairs run before counting: imports, caches, the connection."""
FLUSH = bytes(16 << 20)
LAST_LEVEL = "--LL=1048576,16,64"
PARTS = {"sqlite": "SQLite", "pydantic_core": "pydantic-core", "libz": "flush"}
"""Shared objects counted apart (by a part of their file name); the rest is Python's and libc's."""
CELL = re.compile(r"[\d,]+ \(\s*[\d.]+%\)|\.")
ROW = re.compile(rf"^\s*((?:(?:{CELL.pattern})\s+){{4}})(\S.*)$")
"""A row of callgrind_annotate's table: four cells (CELL), then where the code is."""


def inside(layer: str, pairs: int) -> None:
    """Run under callgrind: ``pairs`` pairs of the layer, each after a flush, simulated from the
    first flush on."""
    with _pairs(layer) as pair:
        for _ in range(WARM):
            pair()
        counting(os.getpid(), True)
        for _ in range(pairs):
            zlib.crc32(FLUSH)
            pair()
        counting(os.getpid(), False)


@contextmanager
def _pairs(layer: str) -> Iterator[Callable[[], None]]:
    """The layer's pair: the attack, then its undo; on SQLite, on the connection the thread
    keeps, as the server's event loop does (``Store.keep_connection``)."""
    if layer in ("memory", "log"):
        yield _in_memory(with_log=layer == "log")
        return
    from fracas.store import Store

    with tempfile.TemporaryDirectory(prefix="fracas-misses-") as folder:
        store = Store(f"sqlite:///{folder}/misses.sqlite3")
        encounter = store.create(fight())
        token = store.grant(encounter).token
        with store.keep_connection():
            yield _tracked(store, encounter, token) if layer == "tracked" else _web(store, token)
        store.close()


def _in_memory(with_log: bool) -> Callable[[], None]:
    from fracas.store.logged import step_text

    session = fight()

    def pair() -> None:
        for text in (ATTACK, "undo"):
            reply = session.run(text)
            if with_log and reply.step is not None:
                step_text(reply.step)

    return pair


def _tracked(store: Store, encounter: str, token: str) -> Callable[[], None]:
    from fracas.store import Tracked

    tracked = Tracked(store, encounter)

    def pair() -> None:
        for text in (ATTACK, "undo"):
            with store.holding():
                tracked.run(text, through=token)

    return pair


def _web(store: Store, token: str) -> Callable[[], None]:
    """A pair posted to the app on uvloop's event loop, as uvicorn runs it."""
    from fracas.web.app import create_app

    app, loop = create_app(store, telemetry=False), uvloop.new_event_loop()
    path = f"/api/t/{token}/commands"

    def pair() -> None:
        for text in (ATTACK, "undo"):
            status = loop.run_until_complete(_post(app, path, {"text": text}))
            if status != 200:
                raise RuntimeError(f"the app answered {text!r} with {status}")

    return pair


async def _post(app: Any, path: str, body: dict[str, str]) -> int:
    """POST ``body`` as JSON to ``path``, as uvicorn hands a request to the app; the status."""
    data = json.dumps(body).encode()
    headers = [(b"host", b"fracas"), (b"content-type", b"application/json")]
    headers.append((b"content-length", str(len(data)).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    sent: list[int] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": data, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            sent.append(message["status"])

    await app(scope, receive, send)
    return sent[0]


def counted(layer: str, pairs: int, src: str | None) -> Counter[str]:
    """The layer's last-level misses per pair under callgrind, by part, and its instructions."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [sys.executable, __file__, "--inside", layer, str(pairs)]
        valgrind = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--cache-sim=yes"]
        subprocess.run(
            [*valgrind, LAST_LEVEL, f"--callgrind-out-file={out}", *command],
            capture_output=True,
            env=environment(src),
            check=True,
        )
        shown = ["callgrind_annotate", "--show=Ir,ILmr,DLmr,DLmw", "--threshold=100", str(out)]
        table = subprocess.run(shown, capture_output=True, text=True, check=True).stdout
    return _by_part(table, pairs)


def _by_part(table: str, pairs: int) -> Counter[str]:
    """Misses (code and data) and instructions per pair by part, from callgrind_annotate's table
    of functions: each row Ir, ILmr, DLmr and DLmw (a count and its share, or "."), then
    ``file:function [object]``. The flush's rows are counted as ``flush`` alone."""
    found: Counter[str] = Counter()
    for line in table.splitlines():
        row = ROW.match(line)
        if row is None or "PROGRAM TOTALS" in line:
            continue
        ir, *misses = (
            0 if cell == "." else int(cell.split()[0].replace(",", ""))
            for cell in CELL.findall(row.group(1))
        )
        part = next((name for key, name in PARTS.items() if key in row.group(2)), "Python and libc")
        found[part] += sum(misses)
        if part != "flush":
            found["instructions"] += ir
    return Counter({key: count // pairs for key, count in found.items()})


def main() -> None:
    if sys.argv[1:2] == ["--inside"]:
        inside(sys.argv[2], int(sys.argv[3]))
        return
    other = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "-" else None
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    chosen = sys.argv[3:] or list(LAYERS)
    print(f"machine: {describe()}; {pairs} pairs a layer, after a flush each")
    parts = ("Python and libc", "SQLite", "pydantic-core")
    print(f"| layer | fracas from | lines missed a pair | {' | '.join(parts)} | M instructions |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for layer in chosen:
        name = LAYERS[layer]
        for src in (None, other) if other else (None,):
            found = counted(layer, pairs, src)
            missed = [found[part] for part in parts]
            cells = " | ".join(f"{count:,}" for count in missed)
            million = found["instructions"] / 1e6
            print(
                f"| {name} | {src or 'this checkout'} | {sum(missed):,} | {cells} | {million:.2f} |"
            )


if __name__ == "__main__":
    main()

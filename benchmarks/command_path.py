"""The command path: how long an attack takes from the request to its durable answer, against
one bare disk sync on the same disk, measured in the same run (issue 20, target 4).

    .venv/bin/python benchmarks/command_path.py [ATTACKS [RUN]]
    FRACAS_TEST_POSTGRES_URL=postgresql://… .venv/bin/python benchmarks/command_path.py

Each layer runs the same command, ``attack raptor1`` on the momentum demo (seeded dice), after
each of which an ``undo`` (not timed) puts the fight back, so every attack meets the same state:

* **sync**, the reference: a small write and ``fdatasync``, in a scratch file in the folder
  that holds the SQLite database. "append" grows the file by a 4 KiB page each time, as
  SQLite's write-ahead log does until its first checkpoint; "in place" rewrites the same page,
  as the log does from then on (it keeps its size and starts again at the top).
* **Session.run**: the command in memory, nothing stored.
* **Tracked.run**: the command, its step committed durably to the store before it returns.
* **HTTP floor**: the least any server on this stack can do for a command: uvicorn and a
  FastAPI route that reads the command's JSON into a model, appends a page and fdatasyncs it
  (as the reference), and answers JSON; none of fracas. What the API spends beyond it is the
  command path's own. Twice more, the route answering a ``Response`` already serialised, as
  the change routes do: through FastAPI's handler, and as a ``LeanRoute`` (their route).
* **HTTP**: ``POST /api/t/TOKEN/commands`` to a real ``fracas serve`` process (uvicorn) on the
  same database, with the game master's live socket open and read by this process, so the
  live fan-out runs as it does with a page open; and on SQLite once more with no page open
  (a server of its own), which shows what the fan-out still costs the answer.

The HTTP layers post over one kept-alive connection with the standard library's
``http.client``, as lean a client as a page's ``fetch``: httpx spent ~1 ms of CPU of its own a
request here (1.4 to 1.8 ms against 0.7 ms, measured side by side at load average 8), which
is the client's cost, not the command path's.

SQLite always; PostgreSQL too when ``FRACAS_TEST_POSTGRES_URL`` names a database (it is written
to). ``COMMAND_PATH_BEFORE=DIR`` adds the HTTP layer with no page open once more, its server run
from the ``src`` folder ``DIR`` (``git archive COMMIT src | tar -x``), to compare a change with
what it changed in the same run (with PostgreSQL, the pair once more there). The layers take turns,
one attack each a round, so that all of them meet the same load on a shared disk (whose sync time
varies tenfold from one minute to the next), in an order shuffled every round (seeded): a layer's
attack is 0.2 to 0.4 ms faster right after a layer running the same server code (the interpreter's
and SQLite's code still in the caches) than after another, so a fixed order favoured whichever came
last (run with ``COMMAND_PATH_BEFORE`` set to this very ``src``, "before" read 0.4 ms under its
twin). Each turn is one attack, or ``RUN`` attacks in a row: a run of ten shows the path warm, each
attack right after the layer's own previous one, which a game master's commands, seconds apart,
never are (``cold.py`` times the same command after pauses). A server with a page open is left
``NEWS_SECONDS`` after its undo to finish telling the page, so that the next layer's attack does
not pay for that news (the layer after it used to, and "no page open" came out slower than "before"
for it). The figures are p50 and p99 in ms, each p50 minus the reference's, and the CPU time an
attack took (the mean; for HTTP the server process's, with whatever of the page's news it made
before the answer was read). On a machine busy with other work a burst of CPU is stretched by the
other processes sharing the cores while a sync is not, so there the CPU column says more than the
wall clock about what the path costs."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import httpx
import uvicorn
from fastapi import FastAPI, Response
from machine import describe
from pydantic import BaseModel
from websockets.sync.client import connect

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.rules.momentum.ruleset import Momentum
from fracas.store import Store, Tracked
from fracas.web.lean import LeanRoute

SEED = 3
ATTACK = "attack raptor1"
PAGE = 4096
START_SECONDS = 60
NEWS_SECONDS = 0.01
"""How long a server with a page open is left to tell the page the attack and the undo before
the next layer's turn (its news is made after the answer, on the server's own time)."""
IDLE_SECONDS = 2.0
"""A connection left this long is opened anew before the next request (uvicorn closes one
idle for 5 s, and a request must not meet a closed connection halfway)."""


@dataclass(frozen=True)
class Layer:
    """One way of making the attack: ``attack`` is timed, ``undo`` puts the fight back;
    ``cpu`` counts the CPU seconds spent so far by whoever does the work (this thread, or the
    server process)."""

    name: str
    attack: Callable[[], None]
    undo: Callable[[], None]
    cpu: Callable[[], float] = time.thread_time
    settle: float = 0.0
    """Seconds to wait after the undo, so that work the server does after answering (the
    pages' news) is over before the next layer's attack is timed."""


@dataclass(frozen=True)
class Measured:
    """Each attack's wall-clock seconds, and the CPU seconds spent on all of them."""

    times: list[float]
    cpu: float


def percentile(times: list[float], share: float) -> float:
    """The ``share`` quantile of ``times`` in ms (nearest rank)."""
    ordered = sorted(times)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@contextlib.contextmanager
def sync(folder: Path, in_place: bool) -> Iterator[Layer]:
    """The reference: a 4 KiB write and ``fdatasync``, at the end of a growing file or over
    its first page."""
    path = folder / ("in-place" if in_place else "append")
    page = os.urandom(PAGE)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
    written = [0]

    def attack() -> None:
        offset = 0 if in_place else written[0] * PAGE
        os.pwrite(descriptor, page, offset)
        os.fdatasync(descriptor)
        written[0] += 1

    kind = "rewrite a page" if in_place else "append a page"
    try:
        yield Layer(f"sync: {kind}, fdatasync", attack, lambda: None)
    finally:
        os.close(descriptor)
        path.unlink()


def fight() -> Session:
    """The momentum demo, started: the Scout's turn, Raptor 1 in reach."""
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=SEED)
    assert session.run("start").ok
    return session


def commands(
    name: str,
    run: Callable[[str], bool],
    cpu: Callable[[], float] = time.thread_time,
    settle: float = 0.0,
) -> Layer:
    """A layer running command text through ``run``, which says whether it went through."""

    def command(text: str) -> Callable[[], None]:
        def go() -> None:
            if not run(text):
                raise RuntimeError(f"{name}: {text!r} failed")

        return go

    return Layer(name, command(ATTACK), command("undo"), cpu, settle)


@contextlib.contextmanager
def in_memory() -> Iterator[Layer]:
    session = fight()
    yield commands("Session.run (memory)", lambda text: session.run(text).ok)


@contextlib.contextmanager
def tracked(url: str, database: str) -> Iterator[Layer]:
    store = Store(url)
    try:
        kept = Tracked(store, store.create(fight()))
        yield commands(f"Tracked.run ({database})", lambda text: kept.run(text).ok)
    finally:
        store.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def server(url: str, source: str | None = None) -> Iterator[tuple[str, int]]:
    """A ``fracas serve`` process on ``url`` at a free port (its code from the ``source``
    folder, if given); its base URL and process id."""
    port = free_port()
    command = [sys.executable, "-m", "fracas", "serve", "--no-demos", "--port", str(port)]
    started_with = {} if source is None else {"PYTHONPATH": source}
    with started([*command, "--database", url], port, "/api/rulesets", started_with) as running:
        yield running


@contextlib.contextmanager
def started(
    command: list[str], port: int, ready: str, environment: dict[str, str] | None = None
) -> Iterator[tuple[str, int]]:
    """A server process started with ``command`` (and ``environment`` added to this one's) to
    listen on ``port``, once ``GET ready`` answers; its base URL and process id."""
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **(environment or {})},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{base}{ready}", timeout=1).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{' '.join(command)} did not start")
            time.sleep(0.2)
        yield base, process.pid
    finally:
        process.terminate()
        process.wait(30)


class Poster:
    """POSTs of JSON to one server over one kept-alive connection."""

    def __init__(self, base: str) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port))
        self.used = 0.0

    def post(self, path: str, body: dict[str, str]) -> int:
        """The answer's status (its body read)."""
        if time.monotonic() - self.used > IDLE_SECONDS:
            self.connection.close()  # opened anew by the request
        headers = {"Content-Type": "application/json"}
        self.connection.request("POST", path, json.dumps(body), headers)
        answer = self.connection.getresponse()
        answer.read()
        self.used = time.monotonic()
        return answer.status

    def close(self) -> None:
        self.connection.close()


class Line(BaseModel):
    """The floor route's request: a line of command text."""

    text: str


class Done(BaseModel):
    """The floor route's answer."""

    command: str
    version: int


FLOORS = {
    "/sync": "HTTP floor: FastAPI route, append a page, fdatasync",
    "/sync-response": "HTTP floor, its answer a Response (FastAPI's handler)",
    "/sync-lean": "HTTP floor, its answer a Response (LeanRoute)",
}
"""The floor server's routes, each doing the same work: the first answers a model, which
FastAPI validates and serialises; the others answer the model already serialised, through
FastAPI's handler and through ``fracas.web.lean.LeanRoute`` (what the change routes use)."""


def floor_app(path: Path) -> FastAPI:
    """The floor server: routes (``FLOORS``) that append a page to ``path`` and fdatasync it."""
    app = FastAPI()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
    page = os.urandom(PAGE)
    written = [0]

    def synced(line: Line) -> Done:
        os.pwrite(descriptor, page, written[0] * PAGE)
        os.fdatasync(descriptor)
        written[0] += 1
        return Done(command=line.text, version=written[0])

    @app.get("/ready")
    async def ready() -> Done:
        return Done(command="", version=written[0])

    @app.post("/sync")
    async def sync(line: Line) -> Done:
        return synced(line)

    async def answered(line: Line) -> Response:
        return Response(synced(line).model_dump_json(), media_type="application/json")

    app.router.add_api_route("/sync-response", answered, methods=["POST"], response_model=Done)
    app.router.add_api_route(
        "/sync-lean",
        answered,
        methods=["POST"],
        response_model=Done,
        route_class_override=LeanRoute,
    )
    return app


@contextlib.contextmanager
def http_floors(folder: Path) -> Iterator[list[Layer]]:
    """The floor server (``floor_app``), in a process of its own as ``fracas serve`` is: a
    layer for each of its routes."""
    port = free_port()
    command = [sys.executable, __file__, "--floor", str(port), str(folder / "floor")]
    with started(command, port, "/ready") as (base, pid):
        poster = Poster(base)

        def floor(route: str, name: str) -> Layer:
            def run(text: str) -> bool:
                return poster.post(route, {"text": text}) == 200

            return commands(name, run, lambda: cpu_seconds(pid))

        try:
            yield [floor(route, name) for route, name in FLOORS.items()]
        finally:
            poster.close()


def serve_floor(port: int, path: Path) -> None:
    """Run the floor server (the benchmark starts it as ``--floor PORT FILE``)."""
    uvicorn.run(floor_app(path), host="127.0.0.1", port=port, log_level="warning")


def cpu_seconds(pid: int) -> float:
    """The CPU seconds process ``pid``'s threads have spent (Linux: each thread's
    ``/proc/PID/task/TID/schedstat``, in nanoseconds; ``/proc/PID/stat`` counts clock ticks of
    10 ms, too coarse for a millisecond's work)."""
    spent = 0
    for thread in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):  # a thread that has just ended
            spent += int((thread / "schedstat").read_text().split()[0])
    return spent / 1e9


def read_page(live: str) -> None:
    """Read the live socket's messages as a page would, until killed (the benchmark starts it
    as ``--page URL``); says ``open`` once connected."""
    with connect(live, max_size=None) as page:
        print("open", flush=True)
        while True:
            page.recv()


@contextlib.contextmanager
def page_open(live: str) -> Iterator[None]:
    """A page reading the live socket ``live``, in a process of its own as a browser is (in a
    thread of this process it would share the interpreter's lock with the timed client)."""
    reader = subprocess.Popen(
        [sys.executable, __file__, "--page", live], stdout=subprocess.PIPE, text=True
    )
    try:
        assert reader.stdout is not None
        if reader.stdout.readline().strip() != "open":
            raise RuntimeError(f"the page did not open {live}")
        yield
    finally:
        reader.terminate()
        reader.wait(10)


@contextlib.contextmanager
def over_http(
    url: str, database: str, page: bool = True, source: str | None = None
) -> Iterator[Layer]:
    """POSTs to a server of its own (run from ``source``, if given: ``server``), with the game
    master's page open (or none)."""
    store = Store(url)
    try:
        token = store.grant(store.create(fight())).token
    finally:
        store.close()
    with server(url, source) as (base, pid), ExitStack() as opened:
        poster = Poster(base)
        opened.callback(poster.close)
        if page:
            opened.enter_context(page_open(f"ws{base.removeprefix('http')}/api/t/{token}/live"))

        def run(text: str) -> bool:
            return poster.post(f"/api/t/{token}/commands", {"text": text}) == 200

        before = "" if source is None else ", before"
        name = f"HTTP POST ({database}{'' if page else ', no page open'}{before})"
        yield commands(name, run, lambda: cpu_seconds(pid), NEWS_SECONDS if page else 0.0)


def measure(layers: list[Layer], count: int, run: int = 1) -> dict[str, Measured]:
    """Each layer's ``count`` attacks, the layers taking turns, ``run`` attacks in a row a
    turn (all timed)."""
    for layer in layers:  # warm-up: imports, caches, connection pools
        for _ in range(3):
            layer.attack()
            layer.undo()
    times: dict[str, list[float]] = {layer.name: [] for layer in layers}
    cpu = dict.fromkeys(times, 0.0)
    order, shuffler = list(layers), random.Random(SEED)
    for _ in range(-(-count // run)):
        shuffler.shuffle(order)
        for layer in order:
            for _ in range(run):
                spent, started = layer.cpu(), time.perf_counter()
                layer.attack()
                times[layer.name].append(time.perf_counter() - started)
                cpu[layer.name] += layer.cpu() - spent
                layer.undo()
                time.sleep(layer.settle)
    return {name: Measured(times[name], cpu[name]) for name in times}


def row(name: str, measured: Measured, reference: float) -> str:
    p50, p99 = percentile(measured.times, 0.5), percentile(measured.times, 0.99)
    cpu = 1000 * measured.cpu / len(measured.times)
    return f"| {name} | {p50:.2f} | {p99:.2f} | {p50 - reference:+.2f} | {cpu:.2f} |"


def main() -> None:
    if sys.argv[1:2] == ["--floor"]:
        serve_floor(int(sys.argv[2]), Path(sys.argv[3]))
        return
    if sys.argv[1:2] == ["--page"]:
        read_page(sys.argv[2])
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    run = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    postgres = os.environ.get("FRACAS_TEST_POSTGRES_URL")
    print(describe())
    print(f"{count} attacks per layer, in turns of {run}; ms")
    scratch_dir = tempfile.TemporaryDirectory(prefix="fracas-command-path-")
    with scratch_dir as scratch, ExitStack() as open_:
        folder = Path(scratch)
        layers = [
            open_.enter_context(sync(folder, in_place=False)),
            open_.enter_context(sync(folder, in_place=True)),
            open_.enter_context(in_memory()),
            open_.enter_context(tracked(f"sqlite:///{folder / 'tracked.sqlite3'}", "SQLite")),
            *open_.enter_context(http_floors(folder)),
            open_.enter_context(over_http(f"sqlite:///{folder / 'served.sqlite3'}", "SQLite")),
            open_.enter_context(
                over_http(f"sqlite:///{folder / 'alone.sqlite3'}", "SQLite", page=False)
            ),
        ]
        before = os.environ.get("COMMAND_PATH_BEFORE")
        if before:
            alone = f"sqlite:///{folder / 'before.sqlite3'}"
            layers.append(open_.enter_context(over_http(alone, "SQLite", False, before)))
        if postgres:
            layers.append(open_.enter_context(tracked(postgres, "PostgreSQL")))
            layers.append(open_.enter_context(over_http(postgres, "PostgreSQL")))
        if postgres and before:
            for source in (None, before):
                served = over_http(postgres, "PostgreSQL", False, source)
                layers.append(open_.enter_context(served))
        results = measure(layers, count, run)
    reference = percentile(results[layers[0].name].times, 0.5)
    print(f"reference: {layers[0].name}")
    print("| layer | p50 | p99 | p50 - reference | CPU per attack |")
    print("|---|---|---|---|---|")
    for name, times in results.items():
        print(row(name, times, reference))
    print(f"load average now: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

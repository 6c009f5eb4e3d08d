"""The command path counted in machine instructions (valgrind's callgrind), which do not move
with the load of a shared machine as CPU times do (issue 20, target 4).

    .venv/bin/python benchmarks/command_instructions.py [SRC] [PAIRS]

Three layers, each ``PAIRS`` (default 30) times ``attack raptor1`` and ``undo`` on the momentum
demo (as ``command_path.py``): ``Session.run`` in memory; ``Tracked.run`` on SQLite; and a
``fracas serve`` process answering the same commands over HTTP, its own instructions counted
(every thread's, user space only: the kernel's share of a sync or a socket is not counted).
Counting is switched on and off around the measured pairs with ``callgrind_control``, after ten
uncounted pairs. ``SRC`` (default: the installed fracas) is put first on PYTHONPATH, to count
another checkout's code (``git archive COMMIT src | tar -x``). Needs ``valgrind``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from callgrind import callgrind, counting, environment, instructions
from command_path import Poster, fight, free_port
from machine import describe

from fracas.store import Store, Tracked

WARM = 10
"""Pairs run before counting: imports, caches, the pool's connection."""
START_SECONDS = 600


def inside(layer: str, pairs: int) -> None:
    """Run under callgrind: the layer's pairs, counted and nothing else."""
    run: Callable[[str], bool]
    if layer == "memory":
        session = fight()
        run = lambda text: session.run(text).ok  # noqa: E731
    else:
        store = Store(f"sqlite:///{tempfile.mkdtemp(prefix='fracas-count-')}/tracked.sqlite3")
        tracked = Tracked(store, store.create(fight()))
        run = lambda text: tracked.run(text).ok  # noqa: E731
    for count, on in ((WARM, None), (pairs, True)):
        if on:
            counting(os.getpid(), True)
        for _ in range(count):
            if not (run("attack raptor1") and run("undo")):
                raise RuntimeError(f"{layer}: the attack or its undo failed")
    counting(os.getpid(), False)


def in_process(layer: str, pairs: int, env: dict[str, str]) -> float:
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, __file__, "--inside", layer, str(pairs)]
        done = subprocess.run(
            callgrind(command, Path(folder) / "out"),
            capture_output=True,
            text=True,
            env=env,
        )
    return instructions(done.stderr, pairs)


def served(pairs: int, env: dict[str, str]) -> float:
    """A ``fracas serve`` process under callgrind, its instructions for ``pairs`` over HTTP."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/served.sqlite3"
        store = Store(url)
        token = store.grant(store.create(fight())).token
        store.close()
        port = free_port()
        serve = [sys.executable, "-m", "fracas", "serve", "--no-demos", "--port", str(port)]
        process = subprocess.Popen(
            callgrind([*serve, "--database", url], Path(folder) / "out"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            wait_ready(port)
            poster = Poster(f"http://127.0.0.1:{port}")
            path = f"/api/t/{token}/commands"
            for count, on in ((WARM, None), (pairs, True)):
                if on:
                    counting(process.pid, True)
                for _ in range(count):
                    for text in ("attack raptor1", "undo"):
                        if poster.post(path, {"text": text}) != 200:
                            raise RuntimeError(f"HTTP: {text!r} failed")
            counting(process.pid, False)
            poster.close()
        finally:
            process.send_signal(signal.SIGINT)
            _, stderr = process.communicate(timeout=300)
    return instructions(stderr, pairs)


def wait_ready(port: int) -> None:
    """Wait for the server under callgrind (slow to start) to answer."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=5).status_code == 200:
                return
        time.sleep(0.5)
    raise RuntimeError(f"the server under callgrind did not answer in {START_SECONDS} s")


def main() -> None:
    if sys.argv[1:2] == ["--inside"]:
        inside(sys.argv[2], int(sys.argv[3]))
        return
    src = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "-" else None
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    env = environment(src)
    print(f"machine: {describe()}; fracas from {src or 'the installed package'}")
    print("| layer | M instructions per attack and undo |")
    print("|---|---|")
    for layer in ("memory", "tracked"):
        print(f"| {layer} | {in_process(layer, pairs, env) / 1e6:.3f} |", flush=True)
    print(f"| HTTP (the server process) | {served(pairs, env) / 1e6:.3f} |")


if __name__ == "__main__":
    main()

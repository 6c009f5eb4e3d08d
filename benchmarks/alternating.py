"""This checkout against another checkout's code, in two worker processes fed the same chunks of
work in turn (each chunk to one, then the other, who goes first alternating), so that both see
the same load on a shared machine. Used by ``compare.py`` (fights) and ``rolls.py`` (dice).

A worker is the calling script run again with ``--worker`` and its own arguments; it reads one
line of stdin per chunk and answers one line: its figures (CPU seconds) and, last, a digest of
what it computed, which must be the same on both sides.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable


def alternate(
    script: str, other_src: str, chunks: Iterable[str], *arguments: str
) -> tuple[dict[str, list[float]], int]:
    """Send each of ``chunks`` to a worker of ``script`` on ``other_src``'s code ("other") and
    on this checkout's ("this"); the figures each answered, summed over the chunks, and the
    number of chunks on which the digests differed."""
    workers = {
        "other": _start(script, other_src, arguments),
        "this": _start(script, None, arguments),
    }
    spent: dict[str, list[float]] = {name: [] for name in workers}
    differing = 0
    for index, chunk in enumerate(chunks):
        order = list(workers) if index % 2 == 0 else list(reversed(workers))
        digests = set()
        for name in order:
            process = workers[name]
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(f"{chunk}\n")
            process.stdin.flush()
            *took, digest = process.stdout.readline().split()
            figures = [float(figure) for figure in took]
            if spent[name]:
                figures = [a + b for a, b in zip(spent[name], figures, strict=True)]
            spent[name] = figures
            digests.add(digest)
        differing += len(digests) > 1
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    return spent, differing


def _start(script: str, src: str | None, arguments: tuple[str, ...]) -> subprocess.Popen[str]:
    """A worker of ``script`` on the code of ``src`` (this checkout's when None)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    return subprocess.Popen(
        [sys.executable, script, "--worker", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )

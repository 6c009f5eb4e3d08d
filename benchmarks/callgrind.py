"""Machine instructions counted by valgrind's callgrind, which the machine's load does not move.

A measured process runs under ``callgrind(command, out)`` with counting off; it switches counting
on and off around what it measures (``counting``), and ``instructions`` reads the total from
valgrind's summary. Python's hash seed is fixed (``environment``) so that every count sees the
same set and dict orders. Needs ``valgrind`` (Debian's package).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

COUNTED = re.compile(r"I\s+refs:\s+([\d,]+)")


def environment(src: str | None) -> dict[str, str]:
    """This environment with a fixed hash seed, and ``src`` first on the path when given."""
    found = dict(os.environ, PYTHONHASHSEED="0")
    if src is not None:
        found["PYTHONPATH"] = src
    return found


def callgrind(command: list[str], out: Path) -> list[str]:
    """``command`` under callgrind, counting off until the process switches it on."""
    return [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        f"--callgrind-out-file={out}",
        *command,
    ]


def counting(pid: int, on: bool) -> None:
    """Switch counting on or off in process ``pid``."""
    switch = ["callgrind_control", "-i", "on" if on else "off", str(pid)]
    subprocess.run(switch, capture_output=True, check=True)


def instructions(stderr: str, per: int) -> float:
    """The instructions valgrind's summary in ``stderr`` counted, divided by ``per``."""
    found = COUNTED.search(stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count:\n{stderr[-2000:]}")
    return int(found.group(1).replace(",", "")) / per


def this_script(script: str, arguments: list[str], per: int, src: str | None) -> float:
    """Instructions per ``per`` of ``script`` run again under callgrind with ``arguments`` (its
    own ``--inside`` mode, which switches counting on around the measured work)."""
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(
            callgrind([sys.executable, script, *arguments], Path(folder) / "callgrind.out"),
            capture_output=True,
            text=True,
            env=environment(src),
            check=True,
        )
    return instructions(run.stderr, per)

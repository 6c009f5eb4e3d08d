#!/usr/bin/env python3
"""Set up the project's environment from uv.lock, then run one job in it.

    python3 dev.py demo    the web tracker: a demo fight per ruleset (fracas serve)
    python3 dev.py test    lint, type-check and run the whole test suite
    python3 dev.py compile optional: the hot modules compiled by mypyc into build/compiled,
                           for the benchmarks (see benchmarks/compile.py)
    python3 dev.py -- ARGS run any command inside the environment (e.g. -- fracas --help)

Needs only Python 3.11 and pip: the first run makes `.venv`, puts `uv` in it and installs the
locked dependencies; later runs only check that the environment still matches the lock.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")

JOBS: dict[str, list[list[str]]] = {
    "demo": [["fracas", "serve"]],
    "compile": [["python", "benchmarks/compile.py"]],
    "test": [
        ["ruff", "check", "src", "tests", "benchmarks"],
        ["ruff", "format", "--check", "src", "tests", "benchmarks"],
        ["mypy"],
        ["mypy", "benchmarks"],
        ["pytest", "-rs"],
    ],
}


def ensure_environment() -> None:
    """Create .venv with uv inside it, then sync it to uv.lock (dev group included)."""
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not (BIN / "uv").exists():
        run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "uv"])
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(VENV)}
    run([str(BIN / "uv"), "sync", "--frozen", "--inexact", "--quiet"], env=env)


def run(command: list[str], env: dict[str, str] | None = None) -> None:
    result = subprocess.run(command, cwd=ROOT, env=env, check=False)
    if result.returncode != 0:
        sys.exit(result.returncode)


def main(argv: list[str]) -> None:
    if not argv or (argv[0] not in JOBS and argv[0] != "--"):
        sys.exit(__doc__)
    ensure_environment()
    commands = [argv[1:]] if argv[0] == "--" else JOBS[argv[0]]
    for command in commands:
        run([str(BIN / command[0]), *command[1:]])


if __name__ == "__main__":
    main(sys.argv[1:])

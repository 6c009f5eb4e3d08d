"""How long ``fracas`` takes to start (issue 20, target 1): ``fracas --help``, ``fracas list``,
``fracas rulesets``, a command's help (``fracas play --help``) and ``fracas library`` (the
built-in stat blocks, each checked) as fresh processes, against ``python -c pass`` in the same
run.

    python benchmarks/startup.py [--rounds N] [--before SRC]

Every round runs each command once, alternating (so a burst of other work on the machine hits
them all alike), and the table gives each command's median wall time and its ratio to the median
of ``python -c pass``, then the same of the CPU time its process spent (user and system), which a
loaded machine changes less: on a shared machine the wall times of small processes are mostly
waiting, which makes every ratio smaller. ``--before SRC`` also runs the commands from another
copy of the package (``git archive main src | tar -x -C /tmp/main`` gives ``/tmp/main/src``), in
the same rounds.
Bytecode is cached in a temporary folder and every command is run once before timing, as after
an install (the package's ``.pyc`` files are written by pip, not at each start). ``list`` reads
a SQLite file holding one encounter, made before the timing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from machine import describe

HERE = Path(__file__).resolve().parent.parent / "src"
LAUNCH = "from fracas.cli import main; main()"
"""What the ``fracas`` console script runs; ``python -c`` lets each run choose its package."""

COMMANDS = {
    "--help": (["--help"], 15),
    "list": (["list", "--database", "{database}"], 25),
    "rulesets": (["rulesets"], None),
    "play --help": (["play", "--help"], None),
    "library": (["library"], None),
}
"""Name: (arguments, the most times ``python -c pass`` it may take, where the issue sets one)."""

STORED = (
    "import sys\nfrom fracas.app import open_encounter\nfrom fracas.app.rulesets import demo_of\n"
    "from fracas.store import Store\nStore(sys.argv[1]).create(open_encounter(demo_of('momentum')))"
)
"""Stores the momentum demo in the database ``sys.argv[1]``, so that ``list`` prints a table."""


@dataclass(frozen=True)
class Run:
    """One timed process: which package (``tree``) ran which command."""

    tree: str
    command: str
    argv: tuple[str, ...]
    env: tuple[tuple[str, str], ...]


def _env(src: Path, cache: Path) -> tuple[tuple[str, str], ...]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(src)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return tuple(env.items())


def _runs(trees: dict[str, Path], cache: Path, database: str) -> list[Run]:
    runs = [Run("", "python -c pass", (sys.executable, "-c", "pass"), _env(HERE, cache))]
    for tree, src in trees.items():
        for name, (arguments, _) in COMMANDS.items():
            argv = [sys.executable, "-c", LAUNCH, *(a.format(database=database) for a in arguments)]
            runs.append(Run(tree, name, tuple(argv), _env(src, cache)))
    return runs


@dataclass(frozen=True)
class Timing:
    """One run's wall time and the CPU time (user and system) of its process, in seconds."""

    wall: float
    cpu: float


def _time(run: Run) -> Timing:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(run.argv, env=dict(run.env), stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Timing(wall, cpu)


def _table(runs: list[Run], times: dict[Run, list[Timing]]) -> list[str]:
    def medians(run: Run) -> tuple[float, float]:
        found = times[run]
        return statistics.median(t.wall for t in found), statistics.median(t.cpu for t in found)

    wall, cpu = medians(runs[0])
    lines = [
        "| command | package | median | times `python -c pass` | CPU | CPU times `pass` | target |",
        "|---|---|---:|---:|---:|---:|---:|",
        f"| `python -c pass` |  | {wall:.3f} s | 1 | {cpu:.3f} s | 1 |  |",
    ]
    for run in runs[1:]:
        median, spent = medians(run)
        limit = COMMANDS[run.command][1]
        target = f"≤ {limit} times" if limit else ""
        lines.append(
            f"| `fracas {run.command}` | {run.tree} | {median:.3f} s | {median / wall:.1f} "
            f"| {spent:.3f} s | {spent / cpu:.1f} | {target} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="Runs of each command.")
    parser.add_argument("--before", type=Path, help="Another package's src folder to compare.")
    options = parser.parse_args()
    trees = {"this": HERE}
    if options.before is not None:
        trees = {"before": options.before.resolve(), **trees}
    print(describe())
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch) / "pycache"
        database = f"sqlite:///{Path(scratch) / 'startup.sqlite3'}"
        runs = _runs(trees, cache, database)
        subprocess.run([sys.executable, "-c", STORED, database], env=dict(runs[0].env), check=True)
        for run in runs:
            _time(run)  # writes the bytecode
        times: dict[Run, list[Timing]] = {run: [] for run in runs}
        for _ in range(options.rounds):
            for run in runs:
                times[run].append(_time(run))
    print(f"{options.rounds} rounds; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("\n".join(_table(runs, times)))


if __name__ == "__main__":
    main()

"""Compile the simulator's hot modules with mypyc into ``build/compiled``, for the benchmarks.

    python3 dev.py compile

Optional, and never needed to run fracas: the source stays pure Python and the tests run on it.
This copies ``src/fracas`` to ``build/compiled/fracas`` and compiles the modules below there
(mypyc ships with mypy; it needs a C compiler, the Python headers and setuptools, which a
Python 3.11 venv has). Python imports an
extension module before the ``.py`` beside it, so a benchmark run with
``PYTHONPATH=build/compiled`` uses the compiled modules and the copied source for the rest:

    PYTHONPATH=build/compiled .venv/bin/python benchmarks/engine_overhead.py
    .venv/bin/python benchmarks/compare.py build/compiled      # compiled vs pure, same fights

The build is for the single-process benchmarks (``engine_overhead.py``, ``compare.py``), not for
the tracker or ``fracas sim`` on several workers: instances of compiled dataclasses have no
``__dict__``, so pydantic cannot save them (momentum's damage account in a save file), and pickle
cannot set the fields of a compiled frozen dataclass (a ``FightResult`` sent back by a worker).

What is compiled is what mypyc accepts, what every ruleset can still load, and what pays
(docs/performance.md has the figures): the functions a momentum fight runs through
(``Encounter``, the dice roller and seeded dice, the momentum rules and hooks) and the simulator's
fight loop and measures. Left interpreted, each for a reason measured or met:

* the state and event classes (``engine/state.py``, ``engine/events.py``): compiled, a frozen
  dataclass keeps its fields in native slots, so ``evolve`` must rebuild it through the
  ``__init__`` that ``dataclasses`` writes, which is slower on a native class than copying an
  instance ``__dict__``; and mypyc cannot compile a dataclass deriving from an ``ABC`` (``Event``);
* the bases other code derives from (``Ruleset``, ``Event``, ``FracasError``, the simulator's
  ``Striker``): a class compiled here cannot be derived from by interpreted code (the other
  rulesets, kingsdale's tactics);
* the actions (mypyc loses the ``kw_only`` of ``Action`` in a dataclass deriving from it, so
  ``engine/turns.py``, ``engine/gm.py``, momentum's ``positions.py`` stay interpreted), rules
  deriving from a generic dataclass (momentum's ``TurnAction``: ``basic.py``, ``attack.py``),
  runtime-checkable protocols (``sim/policy.py``), a class deriving from ``tuple`` (the clock's
  ``Written``: ``engine/clock.py``), pydantic models and lark users.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"

COMPILED = (
    "engine/encounter",
    "dice/rolling",
    "dice/sources",
    "rules/momentum/ruleset",
    "rules/momentum/queries",
    "rules/momentum/rolling",
    "rules/momentum/checks",
    "rules/momentum/cover",
    "rules/momentum/derived",
    "rules/momentum/damage",
    "rules/momentum/vitality",
    "rules/momentum/wounds",
    "sim/fight",
    "sim/measure",
)
"""The modules compiled, under ``src/fracas``."""


def main() -> None:
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.copytree(
        ROOT / "src" / "fracas",
        BUILD / "fracas",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    files = [f"fracas/{module}.py" for module in COMPILED]
    log = BUILD / "mypyc.log"
    print(f"compiling {len(files)} modules with mypyc into {BUILD} (a few minutes; log: {log})")
    with log.open("w") as output:
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", "--config-file", str(ROOT / "pyproject.toml"), *files],
            cwd=BUILD,
            stdout=output,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode != 0:
        sys.exit(f"mypyc failed; see {log}")
    built = sorted(path.relative_to(BUILD) for path in BUILD.glob("fracas/**/*.so"))
    print(f"{len(built)} extension modules built; run a benchmark with PYTHONPATH={BUILD}")


if __name__ == "__main__":
    main()

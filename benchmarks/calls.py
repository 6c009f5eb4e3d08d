"""Python function calls a fight makes: a count, so free of the machine's load.

    .venv/bin/python benchmarks/calls.py [FIGHTS] [ENCOUNTER ...]

For each encounter (by default every ruleset's ``benchmarks/encounters/SLUG_4v4.yaml``), plays
``FIGHTS`` fights (seeds 0, 1, …; 10 by default) under ``sys.setprofile`` and prints, per fight,
the Python calls, the calls into C, the steps and the events, the share of the Python calls
made in each layer (the package of ``fracas`` the called function is in) and the ten functions
called most.
With ``PYTHONPATH=OTHER_SRC`` it counts another checkout's code (``/tmp/main/src``).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from types import FrameType

from fights import encounters_or_4v4s, warmed

from fracas.engine.encounter import Step
from fracas.sim.fight import fight


def layer(filename: str) -> str:
    """The package of fracas a function is in (``rules``, ``sim``, ``dice`` …; for the engine
    its module, ``engine.state`` …), or ``other``: the standard library, pydantic, the methods
    dataclasses generate."""
    parts = Path(filename).parts
    if "fracas" not in parts[:-1]:
        return "other"
    package = parts[parts.index("fracas") + 1 :]
    if package[0] == "engine":  # the engine by module: state (read by the rules), clock …
        return ".".join(package).removesuffix(".py")
    return package[0].removesuffix(".py")


def count(encounter: str, fights: int) -> None:
    ruleset, setup, policy = warmed(encounter)
    steps = events = 0
    for seed in range(fights):
        log: list[Step] = []
        fight(ruleset, setup, policy, seed, log=log)
        steps += len(log)
        events += sum(len(step.events) for step in log)
    python: Counter[str] = Counter()
    layers: Counter[str] = Counter()
    native = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal native
        if event == "call":
            code = frame.f_code
            python[f"{Path(code.co_filename).name}:{code.co_firstlineno} {code.co_name}"] += 1
            layers[layer(code.co_filename)] += 1
        elif event == "c_call":
            native += 1

    sys.setprofile(profile)
    for seed in range(fights):
        fight(ruleset, setup, policy, seed)
    sys.setprofile(None)
    total = sum(python.values())
    print(
        f"{Path(encounter).name}: {total / fights:,.0f} Python calls a fight, "
        f"{native / fights:,.0f} calls into C, {steps / fights:,.1f} steps, "
        f"{events / fights:,.1f} events"
    )
    print("    by layer: " + ", ".join(f"{n} {c / total:.0%}" for n, c in layers.most_common()))
    for name, calls in python.most_common(10):
        print(f"    {calls / fights:8,.0f}  {name}")


def main(fights: int, encounters: list[str]) -> None:
    for encounter in encounters_or_4v4s(encounters):
        count(encounter, fights)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10, sys.argv[2:])

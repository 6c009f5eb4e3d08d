"""Rolling dice with result trees, this checkout against another checkout's code: the shapes the
rules roll, played in alternating chunks so that both see the same load on a shared machine.

    .venv/bin/python benchmarks/rolls.py OTHER_SRC [CHUNKS] [ROLLS_PER_CHUNK]

``OTHER_SRC`` is the ``src`` folder of the other version (``git archive main src | tar -x -C
/tmp/main`` gives ``/tmp/main/src``). Two worker processes roll each shape ``ROLLS_PER_CHUNK``
times a chunk from ``SeededDice(chunk)``, built as rules code builds it (``dice(1, 20) + bonus``
afresh for every attack) or once; each reports the CPU seconds per shape and a digest of the
results. Printed: µs a roll of each, the speed-up, and whether both rolled the very same results
(every die's faces, kept, successes, totals and notation).
"""

from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable

from alternating import alternate
from machine import describe

from fracas.dice import Expression, RollResult, SeededDice, dice, parse, roll


def shapes() -> dict[str, Callable[[], Expression]]:
    """What each shape's roll is given, by name: a function that builds it (afresh each time,
    as the rules do) or hands out the one expression built beforehand."""
    once = ("1d20ro1", "3d6e6", "4d6kh3", "6d10>=8f1")
    return {
        "1d20 + 5, built each roll": lambda: dice(1, 20) + 5,
        "1d20 + 5, built once": handing(dice(1, 20) + 5),
        "2d6, built each roll": lambda: dice(2, 6),
        "1d10 + 1d6, built each roll": lambda: dice(1, 10) + dice(1, 6),
        "4d6kh2, built each roll": lambda: dice(4, 6).keep_highest(2),
        **{f"{text}, built once": handing(parse(text)) for text in once},
    }


def handing(expression: Expression) -> Callable[[], Expression]:
    """A builder that hands out ``expression``, built once."""
    return lambda: expression


def worker() -> None:
    """For each line of stdin (``CHUNK ROLLS``), roll every shape ``ROLLS`` times from
    ``SeededDice(CHUNK)``; print the CPU seconds of each shape and a digest of the results."""
    builders = shapes()
    for line in sys.stdin:
        chunk, rolls = map(int, line.split())
        report: list[str] = []
        digest = hashlib.sha256()
        for build in builders.values():
            source = SeededDice(chunk)
            started = time.process_time()
            results: list[RollResult] = [roll(build(), source) for _ in range(rolls)]
            report.append(str(time.process_time() - started))
            digest.update(repr(results).encode())
        print(" ".join(report), digest.hexdigest(), flush=True)


def main(other: str, chunks: int, rolls: int) -> None:
    print(f"machine: {describe()}")
    names = list(shapes())
    spent, differing = alternate(__file__, other, (f"{chunk} {rolls}" for chunk in range(chunks)))
    total = chunks * rolls
    print(f"{total} rolls of each shape; µs a roll")
    print(f"{'shape':32} {'other':>8} {'this':>8} {'speed-up':>9}")
    for index, name in enumerate(names):
        before, after = spent["other"][index], spent["this"][index]
        print(
            f"{name:32} {before / total * 1e6:8.2f} {after / total * 1e6:8.2f} "
            f"{before / after:8.2f}x"
        )
    print("the same results" if not differing else f"DIFFERENT results in {differing} chunks")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker()
    else:
        arguments = sys.argv[1:]
        main(
            arguments[0],
            int(arguments[1]) if len(arguments) > 1 else 10,
            int(arguments[2]) if len(arguments) > 2 else 2000,
        )

"""Before and after: a 4v4 fight's runs with this checkout against another checkout's code,
played in alternating chunks so that both see the same load on a shared machine.

    .venv/bin/python benchmarks/compare.py OTHER_SRC [CHUNKS] [FIGHTS_PER_CHUNK] [ENCOUNTER]

``ENCOUNTER`` is any encounter file, by default ``benchmarks/encounters/momentum_4v4.yaml``
(``kaiser_4v4.yaml`` … give the other rulesets' fights, played by their tactics).

``OTHER_SRC`` is the ``src`` folder of the other version (``git archive main src | tar -x -C
/tmp/main`` gives ``/tmp/main/src``). Two worker processes load the encounter once; each chunk
of fights (the same seeds for both) goes to one worker then the other, in turn first, and each
reports the CPU seconds it took and a digest of its fights' results. Printed: fights per
CPU-second of each, the speed-up, and whether both played the very same fights (winner, rounds,
survivors, damage dealt and taken): a change that makes them differ is not a speed-up.

``OTHER_SRC`` may be the mypyc build (``python3 dev.py compile`` gives ``build/compiled``):
compiled against pure Python.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

from alternating import alternate
from machine import describe

HERE = Path(__file__).parent
ENCOUNTER = HERE / "encounters" / "momentum_4v4.yaml"


def worker(encounter: str) -> None:
    """Play ``encounter``'s fights named on each line of stdin (``FIRST END``), print the CPU
    seconds and a digest of the results."""
    from fracas.sim.fight import fight
    from fracas.sim.policy import tactics_for
    from fracas.sim.runner import loaded

    ruleset, setup = loaded(encounter)
    policy = tactics_for(ruleset)
    fight(ruleset, setup, policy, -1)  # warm up: caches, imports
    for line in sys.stdin:
        first, end = map(int, line.split())
        started = time.process_time()
        results = [fight(ruleset, setup, policy, seed) for seed in range(first, end)]
        took = time.process_time() - started
        digest = hashlib.sha256(repr(results).encode()).hexdigest()
        print(took, digest, flush=True)


def main(other: str, chunks: int, size: int, encounter: str) -> None:
    print(f"machine: {describe()}")
    print(f"encounter: {encounter}")
    seeds = (f"{chunk * size} {(chunk + 1) * size}" for chunk in range(chunks))
    spent, differing = alternate(__file__, other, seeds, encounter)
    fights = chunks * size
    other_took, this_took = spent["other"][0], spent["this"][0]
    print(
        f"{fights} fights each: other {fights / other_took:,.1f} fights per CPU-second, "
        f"this {fights / this_took:,.1f}; speed-up {other_took / this_took:.2f}x; "
        + ("the same fights" if not differing else f"DIFFERENT fights in {differing} chunks")
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2])
    else:
        arguments = sys.argv[1:]
        main(
            arguments[0],
            int(arguments[1]) if len(arguments) > 1 else 20,
            int(arguments[2]) if len(arguments) > 2 else 10,
            arguments[3] if len(arguments) > 3 else str(ENCOUNTER),
        )

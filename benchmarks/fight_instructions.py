"""4v4 fights counted in machine instructions: each ruleset's fights under valgrind's callgrind,
with this checkout's code and with another's. On this shared machine CPU times of the same code
move by a tenth between sittings (issue 20, target 3); these counts move by well under 1 %, so
they tell one version from another whatever else runs. They are not times: read them as ratios.

    .venv/bin/python benchmarks/fight_instructions.py OTHER_SRC [FIGHTS] [ENCOUNTER ...]

``OTHER_SRC`` is the ``src`` folder of the other version (``git archive adaf4f8 src | tar -x -C
/tmp/day``: ``/tmp/day/src``). Each count is its own process: a few fights uncounted (imports,
caches), then ``FIGHTS`` fights (seeds 0, 1, …; 10 by default) counted, switched on and off with
``callgrind_control``; Python's hash seed is fixed. Needs ``valgrind`` (Debian's package).
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from callgrind import counting, this_script
from fights import encounters_or_4v4s, warmed
from machine import describe

from fracas.sim.fight import fight


def counted(fights: int, encounter: str, src: str | None) -> float:
    """Instructions per fight of ``encounter`` (``src``'s code, or the installed fracas)."""
    return this_script(__file__, ["--inside", str(fights), encounter], fights, src)


def inside(fights: int, encounter: str) -> None:
    """Run under callgrind: the fights, counted and nothing else."""
    ruleset, setup, policy = warmed(encounter)
    counting(os.getpid(), True)
    for seed in range(fights):
        fight(ruleset, setup, policy, seed)
    counting(os.getpid(), False)


def main() -> None:
    if sys.argv[1:2] == ["--inside"]:
        inside(int(sys.argv[2]), sys.argv[3])
        return
    other = sys.argv[1]
    fights = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    encounters = encounters_or_4v4s(sys.argv[3:])
    print(f"machine: {describe()}; {fights} fights each; other: {other}")
    print("| encounter | other, instructions a fight | this | speed-up by instructions |")
    print("|---|---:|---:|---:|")
    with ThreadPoolExecutor(max_workers=2) as pool:
        mine = [pool.submit(counted, fights, e, None) for e in encounters]
        theirs = [pool.submit(counted, fights, e, other) for e in encounters]
        for encounter, this, that in zip(encounters, mine, theirs, strict=True):
            before, after = that.result(), this.result()
            print(
                f"| {Path(encounter).name} | {before / 1e6:.2f} M | {after / 1e6:.2f} M |", end=""
            )
            print(f" {before / after:.2f}x |")


if __name__ == "__main__":
    main()

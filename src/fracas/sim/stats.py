"""The statistics the analysis tools report: per-run seeds, confidence intervals."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""


def run_seed(master: int, run: int) -> int:
    """The seed of run number ``run`` of a study seeded ``master``: a hash of both, so every
    run's dice are fixed by the master seed alone, whichever worker rolls them."""
    digest = hashlib.blake2b(f"{master}:{run}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def wilson(successes: int, runs: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: (low, high), 95 % by default. It always holds
    the observed proportion, also where rounding would put a bound a hair past it (all won)."""
    if runs <= 0:
        return (0.0, 1.0)
    p = successes / runs
    denominator = 1 + z * z / runs
    centre = (p + z * z / (2 * runs)) / denominator
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / denominator
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def mean_and_margin(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The sample mean and the half-width of its normal-approximation interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, z * math.sqrt(variance / n))

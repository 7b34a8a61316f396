"""Simulation reports: the Wilson score interval of a win rate, the one every ruleset's
simulator prints (counts in, two bounds out)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n``. With no successes the
    lower bound is exactly 0, and with all of them the upper bound exactly 1, as the
    formula says: float arithmetic leaves some 1e-17 there, which put an exact 0
    "outside" an interval of no wins (`tgc odds`) and printed as 1e-17 in JSON. No
    trials at all say nothing: (0, 1).

    Example:
        >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
        (0.0, 0.2775)
        >>> [round(x, 4) for x in wilson(5, 10)]
        [0.2366, 0.7634]
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high

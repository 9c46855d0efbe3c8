"""The statistics of a simulation: the Wilson score interval of a proportion.

A win rate measured on ``n`` games is a proportion; its 95% Wilson score interval (Wilson
1927) stays inside [0, 1] and keeps close to its nominal coverage even for few games or
a rate near 0 or 1, where the usual ``p ± 1.96·sqrt(p(1-p)/n)`` fails:

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
"""

from __future__ import annotations

import math

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``wins / n`` (95% by default): the proportions ``p``
    for which ``|wins/n - p| <= z·sqrt(p(1-p)/n)``.  With no games, ``(0.0, 1.0)``."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= n:
        raise ValueError(f"{wins} wins out of {n} games")
    p = wins / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    d = 1 + z2 / n
    lo = 0.0 if wins == 0 else (centre - spread) / d
    hi = 1.0 if wins == n else (centre + spread) / d
    return lo, hi

"""Uniform picks from a seeded :class:`random.Random`, as its own ``choice`` makes them.

:func:`pick` returns the element ``rng.choice(seq)`` would return and draws the same
random bits, so games stay the same; it is a plain function that the compiled engine
runs without going through the interpreted ``random`` module (agents pick once a
decision).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: CPython's ``Random.choice`` draws ``n.bit_length()`` random
    bits until they make a number below ``n = len(seq)``.  A subclass of ``Random`` may
    draw otherwise: its own ``choice`` is used then.

    >>> import random
    >>> a, b = random.Random(7), random.Random(7)
    >>> [pick(a, "abcde") for _ in range(8)] == [b.choice("abcde") for _ in range(8)]
    True
    """
    if type(rng) is not random.Random:
        return rng.choice(seq)
    n = len(seq)
    if n == 0:
        raise IndexError("Cannot choose from an empty sequence")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]

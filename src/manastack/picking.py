"""Uniform picks from a seeded :class:`random.Random`, as its own methods make them.

:func:`pick` returns the element ``rng.choice(seq)`` would return and :func:`shuffle`
orders a list as ``rng.shuffle`` would, drawing the same random bits, so games stay the
same; they are plain functions that the compiled engine runs without going through the
interpreted ``random`` module (agents pick once a decision; libraries are shuffled
card by card).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

#: ``Random.getrandbits`` as the class holds it (the C generator's method), called with the
#: generator: this skips looking the method up on the instance (a bound method each time).
_GETRANDBITS: Final[Callable[[random.Random, int], int]] = random.Random.getrandbits
#: The class itself, held here: ``random.Random`` would be looked up in the module each
#: time (compiled, a module attribute is a dict lookup behind a generic call).
_RANDOM: Final = random.Random


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: CPython's ``Random.choice`` draws ``n.bit_length()`` random
    bits until they make a number below ``n = len(seq)``.  A subclass of ``Random`` may
    draw otherwise: its own ``choice`` is used then.

    >>> import random
    >>> a, b = random.Random(7), random.Random(7)
    >>> [pick(a, "abcde") for _ in range(8)] == [b.choice("abcde") for _ in range(8)]
    True
    """
    if type(rng) is not _RANDOM:
        return rng.choice(seq)
    n = len(seq)
    if n == 0:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[_below(rng, n)]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: CPython's ``Random.shuffle`` swaps each item, from the last
    to the second, with one at or before it, drawn as :func:`pick` draws.

    >>> import random
    >>> a, b = random.Random(3), random.Random(3)
    >>> x, y = list(range(40)), list(range(40))
    >>> shuffle(a, x); b.shuffle(y)
    >>> x == y and a.random() == b.random()
    True
    """
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def _below(rng: random.Random, n: int) -> int:
    """A uniform number in [0, n) (n > 0), as ``Random._randbelow`` draws it with the
    generator's ``getrandbits``: as many random bits as ``n`` has, until they make a
    number below ``n``."""
    k = n.bit_length()
    r = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r

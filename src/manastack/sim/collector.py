"""Python's cyclic garbage collector, paused while a batch of simulated games is played.

A game makes no reference cycles (``tests/test_gc_settle.py`` plays whole games of every
built-in agent with the collector off and finds no cyclic garbage after them): what it
allocates is freed by reference counting as soon as the game is dropped.  The cyclic
collector would only walk the live game again and again as it grows (its log holds every
event): 7-8% of a random game's time, compiled.  :func:`collector_paused` turns it off for
the duration of a ``with`` block and back on after the outermost block, if it was on when
that block began: blocks nest and may run in several threads at once (the collector is
one per process, so one count of the blocks open is kept for all of them).

Garbage that some other code makes in cycles meanwhile (a progress bar's thread, a Ray
worker's own threads) waits until the collector is back on; a batch is bounded (its games
are bounded by the turn limit and the decision cap), and so is that wait.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: Blocks open now, and whether the collector was on when the first one began.
_open = 0
_resume = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """A ``with`` block during which the cyclic garbage collector doesn't run (see the
    module's docstring); the collector is as it was before once every block is closed
    (``tests/test_gc_settle.py``)."""
    global _open, _resume
    with _lock:
        if _open == 0:
            _resume = gc.isenabled()
            gc.disable()
        _open += 1
    try:
        yield
    finally:
        with _lock:
            _open -= 1
            if _open == 0 and _resume:
                gc.enable()

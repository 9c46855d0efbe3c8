"""Backends: who plays the batches of a run.

A backend is a function ``(spec, batches, workers, on_batch)`` that plays every batch of
game indexes with :func:`~manastack.sim.games.play_batch` and hands each batch's records
to ``on_batch`` as they arrive, in any order; the caller sorts them by index, so what a
run writes doesn't depend on the backend, the number of workers or the batch size
(:func:`run`).  ``process`` (the default) plays on the local cores: one process with
``workers=1``, else a pool of ``workers`` processes each taking a batch at a time.  A
Ctrl-C (KeyboardInterrupt) stops the pool at once (its processes ignore SIGINT and are
terminated) and reaches the caller, which keeps the records already received.
``ray`` (:mod:`manastack.sim.ray_backend`) runs the same batches as tasks on a Ray
cluster (``address``: ``None`` for a local Ray, ``"auto"`` or a URL), in batches of at
least 200 games when the run allows it.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Protocol

from manastack.sim.collector import collector_paused
from manastack.sim.games import GameRecord, SimSpec, batches, play_batch, play_one

#: Receives the records of a batch (or of one game, in a single process).
OnBatch = Callable[[list[GameRecord]], None]


class Backend(Protocol):
    """Plays ``jobs`` (batches of game indexes) of ``spec`` on ``workers`` CPUs, handing
    each batch's records to ``on_batch``; ``address`` says where (a cluster backend's)."""

    def __call__(self, spec: SimSpec, jobs: list[list[int]], workers: int,
                 on_batch: OnBatch, address: str | None = None) -> None: ...


#: The most games one task plays (a task's records travel back at its end).
MAX_BATCH = 200


def default_workers() -> int:
    """All local cores (``os.cpu_count()``; 1 when it is unknown)."""
    return os.cpu_count() or 1


def batch_size(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker (so that a slow batch doesn't leave
    the others idle at the end), an even number (whole pairs), at most :data:`MAX_BATCH`."""
    size = math.ceil(games / max(1, 4 * workers))
    size += size % 2
    return max(2, min(MAX_BATCH, size))


def _ignore_sigint() -> None:
    """A pool process leaves Ctrl-C to the main process (which terminates it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _task(job: tuple[SimSpec, list[int]]) -> list[GameRecord]:
    spec, indexes = job
    return play_batch(spec, indexes)


def run_process(spec: SimSpec, jobs: list[list[int]], workers: int,
                on_batch: OnBatch, address: str | None = None) -> None:
    """The ``process`` backend: the batches on ``workers`` local processes (with one
    worker, in this process, game by game, each batch with the collector paused as
    :func:`play_batch` plays it); ``address`` is not used."""
    if workers <= 1:
        for job in jobs:
            with collector_paused():
                for index in job:
                    on_batch([play_one(spec, index)])
        return
    # (fork on Linux: the workers start with the card database already loaded)
    ctx = multiprocessing.get_context("fork") if sys.platform == "linux" \
        else multiprocessing.get_context()
    pool = ctx.Pool(min(workers, len(jobs)) or 1, initializer=_ignore_sigint)
    try:
        for records in pool.imap_unordered(_task, [(spec, job) for job in jobs]):
            on_batch(records)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def run_ray(spec: SimSpec, jobs: list[list[int]], workers: int, on_batch: OnBatch,
            address: str | None = None) -> None:
    """The ``ray`` backend (:func:`manastack.sim.ray_backend.run_ray`; Ray is imported
    only then)."""
    from manastack.sim.ray_backend import run_ray as play_on_ray
    play_on_ray(spec, jobs, workers, on_batch, address)


def session(backend: str, workers: int, address: str | None = None
            ) -> AbstractContextManager[None]:
    """What several runs on ``backend`` share: a Ray connection for ``ray`` (started
    once for a gauntlet's match-ups, :func:`manastack.sim.ray_backend.session`),
    nothing for ``process``."""
    if backend != "ray":
        return nullcontext()
    from manastack.sim.ray_backend import session as ray_session
    return ray_session(address, workers)


def _ray_batch_size(games: int, workers: int) -> int:
    from manastack.sim.ray_backend import ray_batch_size
    return ray_batch_size(games, workers)


#: The backends by name (``--backend``).
BACKENDS: dict[str, Backend] = {"process": run_process, "ray": run_ray}

#: Each backend's games per task (:func:`batch_size` unless it says otherwise).
BATCH_SIZES: dict[str, Callable[[int, int], int]] = {"process": batch_size,
                                                     "ray": _ray_batch_size}


@dataclass
class RunResult:
    """The records received (sorted by index) and whether the run was interrupted."""

    records: list[GameRecord] = field(default_factory=list)
    interrupted: bool = False


def run(spec: SimSpec, games: int, *, workers: int = 1, backend: str = "process",
        on_batch: OnBatch | None = None, size: int | None = None,
        indexes: Sequence[int] | None = None, address: str | None = None) -> RunResult:
    """Play games ``0 .. games-1`` of ``spec`` (or ``indexes``) on ``backend`` (``size``
    games a task, by default the backend's :data:`BATCH_SIZES`; ``address``: the Ray
    cluster's); a KeyboardInterrupt ends the run early with the records received so far
    (``interrupted``)."""
    todo = list(range(games)) if indexes is None else list(indexes)
    jobs = batches(todo, size or BATCH_SIZES[backend](len(todo), workers))
    got: list[GameRecord] = []

    def receive(records: list[GameRecord]) -> None:
        got.extend(records)
        if on_batch is not None:
            on_batch(records)

    result = RunResult()
    try:
        BACKENDS[backend](spec, jobs, workers, receive, address)
    except KeyboardInterrupt:
        result.interrupted = True
    result.records = sorted(got, key=lambda r: r.index)
    return result

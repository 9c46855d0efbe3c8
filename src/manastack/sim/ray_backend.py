"""The ``ray`` backend: the batches of a run as tasks on a Ray cluster.

``pip install 'manastack[ray]'`` brings Ray (2.x).  Each task runs the same function as
the ``process`` backend's pool, :func:`~manastack.sim.games.play_batch`, on one batch of
game indexes; the run's :class:`~manastack.sim.games.SimSpec` goes to the object store
once.  Records come back as each task finishes (``ray.wait``), so the progress bar moves
batch by batch, and the caller sorts them by index: the records are the same as on the
``process`` backend, whatever the cluster.

Where the tasks run:

- ``address=None``: a Ray already initialised in this process (a test's, a notebook's)
  is used as it is; otherwise a local Ray is started with ``workers`` CPUs, without its
  dashboard, and shut down at the end of the run;
- ``address="auto"`` (the cluster this machine belongs to, ``ray start --head``) or a
  URL (``ray://host:10001``): the run connects, plays, and disconnects.

Batches (:func:`ray_batch_size`): scheduling a Ray task costs milliseconds, so a task
plays at least :data:`MIN_RAY_BATCH` games (about four tasks a CPU beyond that) when the
run is large enough; a smaller run is cut into one task per CPU (fewer, smaller tasks).

A Ctrl-C (KeyboardInterrupt) cancels the tasks still pending (``ray.cancel(force=True)``)
and reaches the caller, which keeps the records already received.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from manastack.errors import ManastackError
from manastack.sim.games import GameRecord, SimSpec, play_batch

#: The fewest games a Ray task plays when the run has enough of them (issue 40: at
#: least 200, so that scheduling costs little next to the games).
MIN_RAY_BATCH = 200


def ray_batch_size(games: int, workers: int) -> int:
    """Games per Ray task: with ``games >= MIN_RAY_BATCH * workers``, about four tasks per
    CPU but never fewer than :data:`MIN_RAY_BATCH` games; below that, one task per CPU
    (``ceil(games / workers)``).  Always even (whole pairs), at least 2."""
    workers = max(1, workers)
    if games >= MIN_RAY_BATCH * workers:
        size = max(MIN_RAY_BATCH, math.ceil(games / (4 * workers)))
    else:
        size = math.ceil(games / workers)
    size += size % 2
    return max(2, size)


def _ray() -> Any:
    """The ``ray`` module, or a one-line error saying how to install it."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # (no usage-report notice)
    try:
        import ray
    except ImportError:
        raise ManastackError("--backend ray needs Ray: pip install 'manastack[ray]'") \
            from None
    return ray


def _connect(ray: Any, address: str | None, workers: int) -> bool:
    """Initialise Ray for a run; True when this run started (or connected) it and must
    shut it down at the end (False: Ray was already initialised, by a :func:`session`
    or the caller, and is used as it is)."""
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # (Ray raises ConnectionError, RuntimeError, ValueError...)
        where = "a local Ray" if address is None else f"Ray at {address}"
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ManastackError(f"--backend ray: can't start {where}: {first}") from None
    return True


@contextmanager
def session(address: str | None, workers: int) -> Iterator[None]:
    """Ray initialised (module docstring) for several runs (a gauntlet's match-ups), and
    shut down after them if this started it."""
    ray = _ray()
    owned = _connect(ray, address, workers)
    try:
        yield
    finally:
        if owned:
            ray.shutdown()


def run_ray(spec: SimSpec, jobs: list[list[int]], workers: int,
            on_batch: Any, address: str | None = None) -> None:
    """The ``ray`` backend (module docstring): each job a Ray task running
    :func:`play_batch`; ``on_batch`` gets each task's records as it finishes."""
    if not jobs:
        return
    ray = _ray()
    owned = _connect(ray, address, workers)
    pending: list[Any] = []
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(play_batch)
        spec_ref = ray.put(spec)
        pending = [task.remote(spec_ref, job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                records: list[GameRecord] = ray.get(ref)
                on_batch(records)
    except BaseException:
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except Exception:  # (already finished, or the cluster is gone)
                pass
        raise
    finally:
        if owned:
            ray.shutdown()

"""Progress of a run: a bar with the time left on a terminal, plain lines otherwise.

On a terminal (stderr is one) and with ``rich`` installed (``pip install
'manastack[sim]'``), a progress bar with the games played, their rate and an estimate of
the time left, redrawn as each batch arrives (no drawing thread: the pool's processes are
forked from this one).  Otherwise one line on stderr at most every ``every`` seconds:
``sim: 400/1000 games (40%), 35.2 games/s, about 17 s left``.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Protocol, TextIO


class Progress(Protocol):
    def advance(self, games: int) -> None: ...
    def close(self) -> None: ...


class PlainProgress:
    """A line every ``every`` seconds on ``stream``."""

    def __init__(self, total: int, label: str, stream: TextIO, every: float = 10.0) -> None:
        self.total = total
        self.label = label
        self.stream = stream
        self.every = every
        self.done = 0
        self.start = self.last = time.perf_counter()

    def advance(self, games: int) -> None:
        self.done += games
        now = time.perf_counter()
        if now - self.last >= self.every and self.done < self.total:
            self.last = now
            speed = self.done / (now - self.start)
            left = (self.total - self.done) / speed if speed > 0 else 0.0
            print(f"{self.label}: {self.done}/{self.total} games "
                  f"({self.done / self.total:.0%}), {speed:.1f} games/s, about "
                  f"{_duration(left)} left", file=self.stream, flush=True)

    def close(self) -> None:
        pass


class RichProgress:
    """rich's progress bar, redrawn on each advance."""

    def __init__(self, total: int, label: str) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar

        self.bar: Any = Bar(TextColumn("{task.description}"), BarColumn(),
                            MofNCompleteColumn(), TextColumn("games"), TimeElapsedColumn(),
                            TextColumn("left"), TimeRemainingColumn(),
                            console=Console(stderr=True), auto_refresh=False,
                            transient=True)
        self.bar.start()
        self.task = self.bar.add_task(label, total=total)
        self.bar.refresh()

    def advance(self, games: int) -> None:
        self.bar.advance(self.task, games)
        self.bar.refresh()

    def close(self) -> None:
        self.bar.stop()


def progress_for(total: int, label: str, stream: TextIO | None = None,
                 every: float = 10.0) -> Progress:
    """A bar when ``stream`` (stderr by default) is a terminal and rich is installed,
    else :class:`PlainProgress`."""
    stream = stream if stream is not None else sys.stderr
    if stream.isatty():
        try:
            return RichProgress(total, label)
        except ImportError:
            pass
    return PlainProgress(total, label, stream, every)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"

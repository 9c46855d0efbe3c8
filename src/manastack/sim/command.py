"""``manastack sim``: deck A against deck B (or a gauntlet of decks), many games.

:func:`simulate` plays each match-up (:func:`manastack.sim.runner.run`), prints its
report (:mod:`manastack.sim.summary`; a table for a gauntlet), and writes the per-game
records (:mod:`manastack.sim.records`).  Ctrl-C stops the run: one line, the results of
the games already played, the record files with those games, and exit code 130 (128 +
SIGINT, the shell's convention).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from manastack.errors import ManastackError
from manastack.limits import shown_path
from manastack.sim.games import GameRecord, SimSpec
from manastack.sim.progress import Progress, progress_for
from manastack.sim.records import csv_text, json_text
from manastack.sim.runner import run, session
from manastack.sim.summary import Summary, gauntlet_lines, summary_lines

#: The exit code of a run stopped by Ctrl-C.
INTERRUPTED = 130


def even_games(n: int) -> int:
    """``n`` rounded up to an even number: games come in seat-swapped pairs."""
    return n + n % 2


def simulate(name_a: str, deck_a: Sequence[str], opponents: Sequence[tuple[str, list[str]]],
             spec: SimSpec, games: int, *, workers: int, backend: str = "process",
             address: str | None = None, json_file: str | None = None,
             csv_file: str | None = None, gauntlet: bool = False,
             every: float = 10.0) -> int:
    """Play ``games`` games (even) of deck A against each opponent on ``backend`` (Ray:
    at ``address``, one connection for every match-up); print the report and write the
    record files.  ``spec`` gives the agents, seed and options (its decks are replaced).
    Returns the exit code: 0, or :data:`INTERRUPTED`."""
    with session(backend, workers, address):
        return _simulate(name_a, deck_a, opponents, spec, games, workers=workers,
                         backend=backend, address=address, json_file=json_file,
                         csv_file=csv_file, gauntlet=gauntlet, every=every)


def _simulate(name_a: str, deck_a: Sequence[str], opponents: Sequence[tuple[str, list[str]]],
              spec: SimSpec, games: int, *, workers: int, backend: str,
              address: str | None, json_file: str | None, csv_file: str | None,
              gauntlet: bool, every: float) -> int:
    runs: list[tuple[str, list[GameRecord]]] = []
    rows: list[tuple[str, Summary]] = []
    interrupted = False
    start = time.perf_counter()
    for name_b, deck_b in opponents:
        one = replace(spec, deck_a=tuple(deck_a), deck_b=tuple(deck_b))
        label = f"{name_a} vs {name_b}"
        bar = progress_for(games, label, every=every)
        t0 = time.perf_counter()
        try:
            result = run(one, games, workers=workers, backend=backend,
                         on_batch=_advancing(bar), address=address)
        finally:
            bar.close()
        seconds = time.perf_counter() - t0
        runs.append((name_b, result.records))
        summary = Summary.of(result.records)
        rows.append((name_b, summary))
        if result.interrupted:
            interrupted = True
            print(f"Interrupted: {len(result.records)} of {games} games of {label} played; "
                  "the results so far:", flush=True)
        if not gauntlet or interrupted:
            for line in summary_lines(summary, name_a, name_b, seconds):
                print(line, flush=True)
        if interrupted:
            break
    if gauntlet:
        for line in gauntlet_lines(name_a, rows):
            print(line)
        total = sum(s.games for _, s in rows)
        wall = time.perf_counter() - start
        print(f"  {total / wall if wall > 0 else 0.0:.1f} games/s ({total} games in "
              f"{wall:.1f} s)")
    if json_file:
        _write(json_file, json_text(name_a, spec, runs, games))
    if csv_file:
        _write(csv_file, csv_text(runs))
    return INTERRUPTED if interrupted else 0


def _advancing(bar: Progress) -> Callable[[list[GameRecord]], None]:
    def advance(records: list[GameRecord]) -> None:
        bar.advance(len(records))
    return advance


def check_output(path: str | None, flag: str) -> None:
    """Refuse a ``--json``/``--csv`` path that can't be written, before the games."""
    if path is None:
        return
    p = Path(path)
    if p.is_dir():
        raise ManastackError(f"{flag} {shown_path(path)}: it is a folder")
    if not p.parent.is_dir():
        raise ManastackError(f"{flag} {shown_path(path)}: no folder "
                             f"{shown_path(str(p.parent))}")


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise ManastackError(f"{shown_path(path)}: can't write the records "
                             f"({e.strerror})") from None

"""Benchmark: ``manastack sim``'s throughput on 1 and 2 workers (issue 40).

Plays the same run (red_green against white_black, seat-swapped pairs, seed 0) on each
number of workers, with random agents and with heuristic agents, and prints games/s and
the speed-up over one worker; the records of every run must be the same (checked).
Wall-clock time, the process backend; the CPU time a game (this process and its
workers) shows how busy the machine was: on a quiet machine it is the same on any
number of workers.  Usage:

    python benchmarks/sim.py [--random-games 200] [--heuristic-games 60] [--workers 1,2]
        [--max-turns 200] [--backend process|ray]

``--backend ray`` plays every run on one local Ray started with the most workers asked
for (its start-up is not timed; each run's batches are cut for its number of workers).

The issue's figures: ``--random-games 10000 --heuristic-games 1000``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from manastack.errors import ManastackError
from manastack.play import default_deck
from manastack.sim import SimSpec, run
from manastack.sim.runner import session


def measure(agent: str, games: int, workers: list[int], max_turns: int,
            backend: str = "process") -> None:
    spec = SimSpec(tuple(default_deck("red_green")), tuple(default_deck("white_black")),
                   agents=(agent, agent), seed=0, max_turns=max_turns)
    base = None
    reference = None
    for w in workers:
        start, t0 = time.perf_counter(), os.times()
        result = run(spec, games, workers=w, backend=backend)
        wall, t1 = time.perf_counter() - start, os.times()
        cpu = sum(t1[:4]) - sum(t0[:4])  # (this process and its joined workers)
        if reference is None:
            reference = result.records
        elif result.records != reference:
            raise SystemExit(f"sim.py: {agent} on {w} workers: different records")
        rate = games / wall
        base = base or rate
        print(f"  {agent:<9} {games:>6} games, {w} worker{'s' * (w != 1)} ({backend}): "
              f"{rate:7.1f} games/s, {wall:7.1f} s, speed-up {rate / base:.2f}x; " +
              (f"CPU {1000 * cpu / games:.0f} ms a game" if backend == "process" else
               "(CPU time not seen: Ray's workers are not this process's children)"),
              flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random-games", type=int, default=200)
    ap.add_argument("--heuristic-games", type=int, default=60)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--max-turns", type=int, default=200)
    ap.add_argument("--backend", default="process", choices=["process", "ray"])
    args = ap.parse_args(argv)
    try:
        workers = [int(w) for w in args.workers.split(",")]
    except ValueError:
        print(f"sim.py: --workers {args.workers!r}: numbers separated by commas",
              file=sys.stderr)
        return 2
    if min(workers) < 1 or args.random_games < 0 or args.heuristic_games < 0:
        print("sim.py: workers must be 1 or more, games 0 or more", file=sys.stderr)
        return 2
    print(f"sim: red_green vs white_black, seed 0, max {args.max_turns} turns")
    try:
        with session(args.backend, max(workers)):
            for agent, games in (("random", args.random_games),
                                 ("heuristic", args.heuristic_games)):
                if games:
                    measure(agent, games + games % 2, workers, args.max_turns, args.backend)
    except ManastackError as e:
        print(f"sim.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the benchmarks share: play N games, time them, and print the figures.

A benchmark gives :func:`run` a function playing game ``seed`` to its end (or to
``max_decisions`` answers); :func:`run` plays one game untimed (the start-up), then
prints (in CPU time) games/s, decisions/s, the mean decision time, the game length, the
time of ``game.copy()`` mid-game and the peak memory of one game (tracemalloc).
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from manastack.engine import Game

#: play(seed, max_decisions) -> the game, played to its end or to max_decisions answers
Player = Callable[[int, int], Game]


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more (a count of games)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n}: 1 or more")
    return n


def run(play: Player, default_games: int, description: str, midgame: int = 150) -> None:
    """Parse ``--games/--seed/--no-memory`` and print the figures for ``play``; the copy
    is timed after ``midgame`` answers of the first game."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--games", type=int, default=default_games)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-memory", action="store_true")
    args = ap.parse_args()
    # a first game, not among those timed, pays the start-up (modules imported when first
    # used, the card database): the figures below are those of a running engine
    t0 = time.process_time()
    play(args.seed + args.games, 1_000_000)
    import manastack
    print(f"engine:           {'compiled (mypyc)' if manastack.COMPILED else 'pure Python'} "
          f"({manastack.__file__})")
    print(f"start-up:         {(time.process_time() - t0) * 1e3:.0f} ms CPU (a first game, "
          "untimed below: lazy imports, card database)")
    decisions = turns = 0
    t0, w0 = time.process_time(), time.perf_counter()
    for i in range(args.games):
        g = play(args.seed + i, 1_000_000)
        decisions += len(g.history)
        turns += g.turn_number
    # CPU time of this process: on a shared or virtual machine the wall clock also
    # counts the time other work held the core
    dt, wall = time.process_time() - t0, time.perf_counter() - w0
    print(f"games:            {args.games} in {dt:.2f} s CPU ({wall:.2f} s wall)")
    print(f"games/s:          {args.games / dt:.1f}")
    print(f"decisions/s:      {decisions / dt:.0f}")
    print(f"mean decision:    {dt / max(1, decisions) * 1e6:.1f} us")
    print(f"mean game length: {turns / args.games:.1f} turns, {decisions / args.games:.0f} "
          "decisions")
    g = play(args.seed, midgame)
    times = []
    for _ in range(20):
        t = time.perf_counter()
        g.copy()
        times.append(time.perf_counter() - t)
    print(f"game.copy():      {statistics.median(times) * 1e3:.2f} ms (median of 20, "
          f"turn {g.turn_number})")
    if not args.no_memory:
        tracemalloc.start()
        play(args.seed, 1_000_000)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"peak memory:      {peak / 1e6:.1f} MB (one game, tracemalloc)")


def random_env_episode(env: Any, seed: int) -> int:
    """One episode of a PettingZoo environment of ``manastack.env`` with random masked
    actions (the observation made at every step, ``env.last()``; an action drawn
    uniformly among those the mask allows, with Python's ``random`` as the managym side
    of ``managym_compare.py`` does), seeded by ``seed``; the number of env steps."""
    import random

    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _r, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps

"""Benchmark: seeded random games between random decks drawn from the whole card pool.

The decks are those of the pool soak test (``manastack.decks.random_pool_deck``), so
effect-heavy boards are included.  Prints games/s, decisions/s, mean decision time, the
time of ``game.copy()`` mid-game and peak memory (tracemalloc).  Usage:

    python benchmarks/pool_games.py --games 40 [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.game.state import Game
from manastack.rules.start import new_game

MAX_DECISIONS = 20_000


def pool_game(seed: int, max_decisions: int = MAX_DECISIONS) -> Game:
    """Game ``seed`` of the pool soak test (same decks and agents), played to its end."""
    decks = [random_pool_deck(2 * seed), random_pool_deck(2 * seed + 1)]
    g = new_game(["Alice", "Bob"], decks, seed)
    agents = [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)]
    n = 0
    while g.decision is not None and n < max_decisions:
        d = g.decision
        g.apply(d.player, agents[d.player].act(g))
        n += 1
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-memory", action="store_true")
    args = ap.parse_args()
    decisions = 0
    turns = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        g = pool_game(args.seed + i)
        decisions += len(g.history)
        turns += g.turn_number
    dt = time.perf_counter() - t0
    print(f"games:            {args.games} in {dt:.2f} s")
    print(f"games/s:          {args.games / dt:.1f}")
    print(f"decisions/s:      {decisions / dt:.0f}")
    print(f"mean decision:    {dt / max(1, decisions) * 1e6:.1f} us")
    print(f"mean game length: {turns / args.games:.1f} turns, {decisions / args.games:.0f} "
          "decisions")
    g = pool_game(args.seed, max_decisions=300)
    times = []
    for _ in range(20):
        t = time.perf_counter()
        g.copy()
        times.append(time.perf_counter() - t)
    print(f"game.copy():      {statistics.median(times) * 1e3:.2f} ms (median of 20, "
          f"turn {g.turn_number})")
    if not args.no_memory:
        tracemalloc.start()
        pool_game(args.seed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"peak memory:      {peak / 1e6:.1f} MB (one game, tracemalloc)")


if __name__ == "__main__":
    main()

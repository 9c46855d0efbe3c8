"""Benchmark: seeded random games between the default decks.

Prints games/s, decisions/s, mean decision time, the time of ``game.copy()``
mid-game and peak memory (tracemalloc).  Usage:

    python benchmarks/random_games.py --games 100 [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

from manastack.agents import RandomAgent
from manastack.play import default_deck, play_game
from manastack.rules.start import new_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-memory", action="store_true")
    args = ap.parse_args()
    decks = [default_deck("red_green"), default_deck("white_black")]
    decisions = 0
    turns = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        s = args.seed + i
        g = play_game(decks, [RandomAgent(2 * s + 1), RandomAgent(2 * s + 2)], seed=s)
        decisions += len(g.history)
        turns += g.turn_number
    dt = time.perf_counter() - t0
    print(f"games:            {args.games} in {dt:.2f} s")
    print(f"games/s:          {args.games / dt:.1f}")
    print(f"decisions/s:      {decisions / dt:.0f}")
    print(f"mean decision:    {dt / max(1, decisions) * 1e6:.1f} us")
    print(f"mean game length: {turns / args.games:.1f} turns, {decisions / args.games:.0f} "
          "decisions")
    # game.copy() mid-game
    g = new_game(["Alice", "Bob"], decks, seed=args.seed)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(150):
        if g.decision is None:
            break
        g.apply(g.decision.by, agents[g.decision.by].act(g))
    times = []
    for _ in range(20):
        t = time.perf_counter()
        g.copy()
        times.append(time.perf_counter() - t)
    print(f"game.copy():      {statistics.median(times) * 1e3:.2f} ms (median of 20, "
          f"turn {g.turn_number})")
    if not args.no_memory:
        tracemalloc.start()
        play_game(decks, [RandomAgent(1), RandomAgent(2)], seed=args.seed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"peak memory:      {peak / 1e6:.1f} MB (one game, tracemalloc)")


if __name__ == "__main__":
    main()

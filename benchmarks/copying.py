"""Benchmark: ``game.copy()`` and ``determinize(game, player, rng)`` mid-game.

Plays games between the default decks (``random_games.py``'s: the agents of ``manastack
play``) to ``--answers`` answers (150: turn 8 or so) and prints the median time (CPU) of a
copy and of a determinisation for the player deciding, over ``--repeat`` runs of each
game, then the median over the games.  Usage:

    python benchmarks/copying.py [--games 5] [--answers 150] [--repeat 200]
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from random_games import random_game

import manastack
from manastack.engine import Game, determinize


def _median_us(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--answers", type=int, default=150)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    print(f"engine:        {'compiled (mypyc)' if manastack.COMPILED else 'pure Python'} "
          f"({manastack.__file__})")
    copies, dets, turns, objects = [], [], [], []
    for seed in range(args.games):
        g: Game = random_game(seed, args.answers)
        assert g.decision is not None, "the game ended: fewer --answers"
        player = g.decision.by
        rng = random.Random(seed)
        for _ in range(20):  # warm up
            g.copy()
            determinize(g, player, rng)
        copies.append(_median_us(g.copy, args.repeat))
        dets.append(_median_us(functools.partial(determinize, g, player, rng), args.repeat))
        turns.append(g.turn_number)
        objects.append(len(g.objects))
    print(f"mid-game:      {args.games} games after {args.answers} answers (turns "
          f"{min(turns)}-{max(turns)}, {min(objects)}-{max(objects)} objects)")
    print(f"game.copy():   {statistics.median(copies):.0f} us (median; per game "
          f"{', '.join(f'{c:.0f}' for c in copies)})")
    print(f"determinize(): {statistics.median(dets):.0f} us (median; per game "
          f"{', '.join(f'{d:.0f}' for d in dets)})")


if __name__ == "__main__":
    main()

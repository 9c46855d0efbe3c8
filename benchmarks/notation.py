"""Benchmark: the action notation (docs/notation.md), written and read back.

Plays games between the default decks (``random_games.py``'s), then prints the CPU time of
saving each game's replay with and without the texts (``replay_data``: the game is
played again to write them) and of replaying it from format 1 (JSON actions) and format
2 (the texts read back), summed over the games.  Usage:

    python benchmarks/notation.py [--games 10]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from random_games import random_game

from manastack.play import replay, replay_data


def _seconds(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    totals = {"decisions": 0.0, "save": 0.0, "save_texts": 0.0, "replay_1": 0.0,
              "replay_2": 0.0}
    for seed in range(args.games):
        game = random_game(seed, 200_000)
        totals["decisions"] += len(game.history)
        t, plain = _seconds(lambda g=game: replay_data(g, texts=False))
        totals["save"] += t
        t, full = _seconds(lambda g=game: replay_data(g))
        totals["save_texts"] += t
        texts_only = dict(full, decisions=[{"player": d["player"], "text": d["text"]}
                                           for d in full["decisions"]])
        plain, texts_only = json.loads(json.dumps(plain)), json.loads(json.dumps(texts_only))
        totals["replay_1"] += _seconds(lambda d=plain: replay(d))[0]
        totals["replay_2"] += _seconds(lambda d=texts_only: replay(d))[0]
    n = totals["decisions"]
    print(f"{args.games} games, {n:,.0f} decisions")
    print(f"save without texts: {totals['save']:.2f} s; with texts: "
          f"{totals['save_texts']:.2f} s ({totals['save_texts'] / n * 1e6:.0f} µs a decision)")
    print(f"replay format 1 (JSON): {totals['replay_1']:.2f} s; format 2 (texts read): "
          f"{totals['replay_2']:.2f} s ({totals['replay_2'] / n * 1e6:.0f} µs a decision)")


if __name__ == "__main__":
    main()

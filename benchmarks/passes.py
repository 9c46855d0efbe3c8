"""Benchmark: priority passes and step transitions alone (issues 40 and 41).

Plays games between the default decks (seeds 0, 1, ...) in which every priority is
answered with a pass (116.3d: the first listed action) and every other decision with
its first legal answer, until the turn limit; prints the passes and the CPU time a pass
(its answer, and the listing of the next priority's actions: what the game loops do at
a forced pass).  For instruction counts, run it under callgrind with ``--games N`` and
``--games 1`` and take the difference (start-up and game 0 out).  Usage:

    python benchmarks/passes.py [--games 4] [--max-turns 40]
"""

from __future__ import annotations

import argparse
import sys
import time

from harness import positive_int

from manastack.engine import new_game
from manastack.game.decisions import PriorityDecision
from manastack.game.state import GameOptions
from manastack.play import default_deck


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=positive_int, default=4)
    ap.add_argument("--max-turns", type=int, default=40)
    args = ap.parse_args(argv)
    decks = [default_deck("red_green"), default_deck("white_black")]
    passes = 0
    cpu = 0.0
    for seed in range(args.games):
        game = new_game(["Alice", "Bob"], decks, seed, GameOptions(max_turns=args.max_turns))
        while game.decision is not None:
            d = game.decision
            if isinstance(d, PriorityDecision):
                t = time.process_time()
                game.apply(d.by, d.listed_actions(game)[0])  # (the pass, listed first)
                if game.decision is not None and isinstance(game.decision, PriorityDecision):
                    game.decision.listed_actions(game)
                cpu += time.process_time() - t
                passes += 1
            else:
                game.apply(d.by, d.legal_actions(game)[0])
    print(f"{args.games} games, every priority passed, turn limit {args.max_turns}: "
          f"{passes} passes, {1e6 * cpu / passes:.1f} µs of CPU a pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())

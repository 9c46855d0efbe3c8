"""Benchmark: how many decisions a random game takes, and where they come from (issue 40).

Plays random-agent games of ``manastack sim``'s run (red_green against white_black, seed
0, its game and agent seeds) in this process and prints, per game: the decisions the
game loop answered, how many woke an agent and how many were forced (one legal answer,
answered by the loop: :func:`manastack.engine.forced.only_answer`), the agents' answers
by kind, the turns, the CPU time and games/s.  ``--mana-abilities`` gives the random
agent the mana abilities back as choices at priority (the agent before issue 40, which
tapped lands at random): the figures before mana abilities were folded into payment.

    python benchmarks/decisions.py [--games 200] [--mana-abilities] [--max-turns 200]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from typing import Any

from harness import positive_int

from manastack.agents import RandomAgent
from manastack.engine import new_game
from manastack.engine.forced import only_answer
from manastack.game.state import GameOptions
from manastack.limits import MAX_DECISIONS
from manastack.play import default_deck
from manastack.sim.games import SEAT_NAMES, derive, game_seed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=positive_int, default=200)
    ap.add_argument("--mana-abilities", action="store_true")
    ap.add_argument("--max-turns", type=int, default=200)
    args = ap.parse_args(argv)
    decks = [default_deck("red_green"), default_deck("white_black")]
    answered = woken = turns = 0
    kinds: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    start, cpu0 = time.perf_counter(), time.process_time()
    for i in range(args.games):
        pair, a_seat = divmod(i, 2)
        seats = decks if a_seat == 0 else decks[::-1]
        game = new_game(SEAT_NAMES, seats, game_seed(0, i),
                        GameOptions(max_turns=args.max_turns))
        agents = [RandomAgent(derive(0, pair, s), mana_abilities=args.mana_abilities)
                  for s in range(2)]
        n = 0
        while game.decision is not None and n < MAX_DECISIONS:
            d = game.decision
            action: Any = only_answer(game, agents[d.by].fold_mana)
            if action is None:
                action = agents[d.by].act(game)
                woken += 1
                kinds[d.kind] += 1
                chosen[type(action).__name__] += 1
            game.apply(d.by, action)
            n += 1
        answered += n
        turns += game.turn_number
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    g = args.games
    print(f"random games, red_green vs white_black, seed 0, {g} games, mana abilities "
          f"{'chosen at priority' if args.mana_abilities else 'folded into payment'}")
    print(f"  decisions a game: {answered / g:.1f} answered, {woken / g:.1f} by an agent, "
          f"{(answered - woken) / g:.1f} forced; {turns / g:.1f} turns")
    print("  the agents' decisions by kind: " +
          ", ".join(f"{k} {v / g:.1f}" for k, v in kinds.most_common()))
    print("  their answers: " + ", ".join(f"{k} {v / g:.1f}" for k, v in chosen.most_common()))
    print(f"  {g / wall:.1f} games/s, CPU {1000 * cpu / g:.0f} ms a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())

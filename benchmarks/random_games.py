"""Benchmark: seeded random games between the default decks.

Prints games/s, decisions/s, mean decision time, the time of ``game.copy()``
mid-game and peak memory (tracemalloc).  Usage:

    python benchmarks/random_games.py --games 100 [--seed 0]
"""

from __future__ import annotations

from harness import run

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.play import default_deck, play_to_end

DECKS = [default_deck("red_green"), default_deck("white_black")]


def random_game(seed: int, max_decisions: int) -> Game:
    """Game ``seed`` between the default decks (the agents of ``manastack play``)."""
    g = new_game(["Alice", "Bob"], DECKS, seed)
    return play_to_end(g, [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)],
                       max_decisions)


if __name__ == "__main__":
    run(random_game, 100, __doc__.splitlines()[0])

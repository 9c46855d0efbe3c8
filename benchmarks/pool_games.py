"""Benchmark: seeded random games between random decks drawn from the whole card pool.

The decks are those of the pool soak test (``manastack.decks.random_pool_deck``), so
effect-heavy boards are included.  Prints games/s, decisions/s, mean decision time, the
time of ``game.copy()`` mid-game and peak memory (tracemalloc).  Usage:

    python benchmarks/pool_games.py --games 40 [--seed 0]
"""

from __future__ import annotations

from harness import run

from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.engine import Game, new_game
from manastack.play import play_to_end


def pool_game(seed: int, max_decisions: int = 20_000) -> Game:
    """Game ``seed`` of the pool soak test (same decks and agents), played to its end."""
    decks = [random_pool_deck(2 * seed), random_pool_deck(2 * seed + 1)]
    g = new_game(["Alice", "Bob"], decks, seed)
    return play_to_end(g, [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)],
                       min(max_decisions, 20_000))


if __name__ == "__main__":
    run(pool_game, 40, __doc__.splitlines()[0], midgame=300)

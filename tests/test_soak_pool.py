"""Soak test over the whole card pool (issue 7): 1,000 seeded random games between random
decks drawn from every implemented card; no game raises, loops forever or breaks a zone
invariant (CR 400.1: every object is in exactly one zone)."""

from __future__ import annotations

import doctest
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest
from test_determinism import play_out

from manastack import COMPILED
from manastack import decks as decks_module
from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.engine import new_game

GAMES = 1000
#: Games of the quick run (``python -m pytest``); the soak (``-m soak``) plays GAMES.
QUICK_GAMES = 40
MAX_DECISIONS = 20_000


def _play(seed: int) -> str:
    """Play game ``seed`` to its end, checking zones on the way; its log as text."""
    decks = [random_pool_deck(2 * seed), random_pool_deck(2 * seed + 1)]
    g = new_game(["Alice", "Bob"], decks, seed)
    # players who also tap lands for mana at random (605.3a): positions with mana in the
    # pool that the default random player, whose mana is folded into its payments, never
    # reaches; and games that keep this soak within the CI's time
    ag = [RandomAgent(3 * seed + 1, mana_abilities=True),
          RandomAgent(3 * seed + 2, mana_abilities=True)]
    return play_out(g, ag, MAX_DECISIONS)


def _games(seeds: range) -> list[str]:
    """Play the games of ``seeds``; every 50th is played twice and must give the same log.
    Returns one line per failing game."""
    failures = []
    for seed in seeds:
        try:
            text = _play(seed)
            if seed % 50 == 0:
                assert _play(seed) == text, f"seed {seed}: the replay diverged"
        except Exception as exc:  # noqa: BLE001 -- reported with its seed below
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return failures


@pytest.mark.parametrize("games", [
    pytest.param(QUICK_GAMES, id="quick"),
    pytest.param(GAMES, id="soak", marks=pytest.mark.soak)])
@pytest.mark.long
def test_soak_1000_random_pool_games(games: int) -> None:
    """1,000 games (40 in the quick run) with random two-colour decks from the pool run to
    their end (104.2-104.3) with zones intact (400.1) and deterministic replays; the games
    are shared among the machine's processors."""
    workers = max(1, min(4, os.cpu_count() or 1))
    chunks = [range(k, games, workers) for k in range(workers)]
    if workers == 1:
        failures = _games(chunks[0])
    else:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
            failures = [f for part in pool.map(_games, chunks) for f in part]
    assert not failures, "\n".join(failures[:20])


@pytest.mark.skipif(COMPILED, reason="compiled modules carry no doctests")
def test_random_pool_deck_doctest() -> None:
    """The deck generator's documented example holds (and its decks are legal, CR 100.2a)."""
    result = doctest.testmod(decks_module)
    assert result.failed == 0 and result.attempted > 0

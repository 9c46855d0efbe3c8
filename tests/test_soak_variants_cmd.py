"""Soak test of the casual variants (CR 901-904): 200 seeded random games per variant
(Commander, Archenemy, Planechase, Vanguard; 80 of Supervillain Rumble) with the
variant's default setup and 2-4 players (3-4 for the rumble); no game raises, every game ends within the turn bound, zones stay intact (400.1,
108.2a) and every 50th game replays identically."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest
from test_determinism import play_out

from manastack.agents import RandomAgent
from manastack.engine import new_game
from manastack.game.state import GameOptions
from manastack.variants import get_variant

GAMES = 200
#: Four archenemies at 40 life play long games: fewer of them keep the suite quick.
GAMES_OF = {"supervillain_rumble": 80}
#: Games of each variant in the quick run (``python -m pytest``; ``-m soak``: GAMES).
QUICK_GAMES = 8
MAX_DECISIONS = 30_000
MAX_TURNS = 60
VARIANTS = ("commander", "archenemy", "supervillain_rumble", "planechase", "vanguard")


def _play(name: str, seed: int) -> str:
    v = get_variant(name)
    n = max(v.min_players, 2 + seed % 3)
    decks, extra = v.default_setup(n, seed)
    v.check_decks(decks, extra)
    g = new_game([f"P{i}" for i in range(n)], decks, seed, GameOptions(
        variant=name, mulligan=None, extra=extra, max_turns=MAX_TURNS))
    # (players who also tap for mana at random, 605.3a: see test_soak_pool)
    agents = [RandomAgent(7 * seed + i, mana_abilities=True) for i in range(n)]
    text = play_out(g, agents, MAX_DECISIONS)
    assert g.turn_number <= MAX_TURNS
    return text


def _games(job: tuple[str, range]) -> list[str]:
    name, seeds = job
    failures = []
    for seed in seeds:
        try:
            text = _play(name, seed)
            if seed % 50 == 0:
                assert _play(name, seed) == text, f"seed {seed}: the replay diverged"
        except Exception as exc:  # noqa: BLE001 -- reported with its seed below
            failures.append(f"{name} seed {seed}: {type(exc).__name__}: {exc}")
    return failures


@pytest.mark.parametrize("soak", [
    pytest.param(False, id="quick"), pytest.param(True, id="soak", marks=pytest.mark.soak)])
@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.long
def test_soak_200_random_variant_games(name: str, soak: bool) -> None:
    """200 games of the variant (80 of the rumble; 8 of each in the quick run) run to their
    end with zones intact, shared among the machine's processors."""
    workers = max(1, min(4, os.cpu_count() or 1))
    games = GAMES_OF.get(name, GAMES) if soak else QUICK_GAMES
    jobs = [(name, range(k, games, workers)) for k in range(workers)]
    if workers == 1:
        failures = _games(jobs[0])
    else:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
            failures = [f for part in pool.map(_games, jobs) for f in part]
    assert not failures, "\n".join(failures[:20])

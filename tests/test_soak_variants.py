"""Soak test of the variants (issue 8): 200 seeded random games per variant case, with
no exception, zones intact at every step (CR 400.1; objects that left the game with
their owner, 800.4a, are counted apart), consistent shared totals (810.4), and a game
that ends (104; ``max_turns`` bounds the random games).

Add a case to ``CASES`` for a new variant: ``(variant, players, extra options by seed,
games)``; decks and base options come from the variant's ``default_setup``.
The games are shared among the machine's processors."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from test_determinism import check_zones as base_check_zones
from test_determinism import play_out

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.game.objects import GameObject
from manastack.game.state import GameOptions
from manastack.variants import get_variant

GAMES = 200
#: The share of each case's games the quick run (``python -m pytest``) plays; the soak
#: (``-m soak``) plays them all.
QUICK_SHARE = 2
MAX_TURNS = 20
MAX_DECISIONS = 30_000
NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi")

_FFA_OPTIONS: list[dict[str, Any]] = [
    {}, {"attack": "multiple"}, {"attack": "left"}, {"attack": "right"},
    {"range": 1}, {"attack": "multiple", "range": 1}]


def _ffa(seed: int) -> dict[str, Any]:
    return dict(_FFA_OPTIONS[seed % len(_FFA_OPTIONS)])


def _none(seed: int) -> dict[str, Any]:
    return {}


#: (variant name, number of players, extra options for a seed, number of games)
CASES: list[tuple[str, int, Callable[[int], dict[str, Any]], int]] = [
    ("free_for_all", 4, _ffa, GAMES),
    ("free_for_all", 3, _ffa, 50),
    ("free_for_all", 6, _ffa, 50),
    ("two_headed_giant", 4, _none, GAMES),
]


def check_zones(game: Game) -> None:
    """Every object is in exactly one zone; with the objects that left the game, the
    cards are those of the decks (CR 400.1, 800.4a)."""
    base_check_zones(game)
    for p in game.players:  # nothing of a player who left stays in the game (800.4a)
        if (p.left_game or p.lost) and not game.over:
            assert not p.library and not p.hand and not p.graveyard
            assert not any(isinstance(o, GameObject) and o.owner == p.index
                           for o in game.objects.values())
    teams: dict[int, tuple[int, int]] = {}
    if game.options.variant == "two_headed_giant":
        for p in game.players:  # 810.4 / 810.10: one life total and one poison count
            assert teams.setdefault(p.team, (p.life, p.poison)) == (p.life, p.poison)


def _play(variant: str, n: int, extra: dict[str, Any], seed: int) -> str:
    decks, base = get_variant(variant).default_setup(n, seed)
    # odd seeds start at 6 life so that players leave the game (800.4a) and games end
    opts = GameOptions(variant=variant, max_turns=MAX_TURNS, extra={**base, **extra},
                       starting_life=6 if seed % 2 else None)
    g = new_game(NAMES[:n], decks, seed, opts)
    agents = [RandomAgent(7 * seed + i + 1) for i in range(n)]
    return play_out(g, agents, MAX_DECISIONS, every=100, check=check_zones)


def _games(job: tuple[int, int, list[int]]) -> list[str]:
    case, _, seeds = job
    variant, n, extra_of, _games_n = CASES[case]
    failures = []
    for seed in seeds:
        try:
            text = _play(variant, n, extra_of(seed), seed)
            if seed % 50 == 0:
                assert _play(variant, n, extra_of(seed), seed) == text, "replay diverged"
        except Exception as exc:  # noqa: BLE001 -- reported with its seed below
            failures.append(f"{variant} x{n} seed {seed} {extra_of(seed)}: "
                            f"{type(exc).__name__}: {exc}")
    return failures


@pytest.mark.parametrize("share", [
    pytest.param(QUICK_SHARE, id="quick"), pytest.param(1, id="soak", marks=pytest.mark.soak)])
@pytest.mark.parametrize(("case"), range(len(CASES)),
                         ids=[f"{v}-{n}" for v, n, _, _ in CASES])
@pytest.mark.long
def test_soak_variant_random_games(case: int, share: int) -> None:
    """200 random games per variant (fewer for the extra player counts; half of them in
    the quick run) end (104) with zones intact (400.1, 800.4a) and deterministic replays
    (every 50th game twice)."""
    workers = max(1, min(4, os.cpu_count() or 1))
    games = CASES[case][3] // share
    jobs = [(case, k, list(range(k, games, workers))) for k in range(workers)]
    if workers == 1:
        failures = _games(jobs[0])
    else:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
            failures = [f for part in pool.map(_games, jobs) for f in part]
    assert not failures, "\n".join(failures[:20])

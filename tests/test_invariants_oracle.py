"""The rules-invariant oracle (tests/invariants.py) over random games of the whole pool and
of the variants: at every decision, no state-based action applies when a player receives
priority (704.3), no triggered ability waits (603.3b), priority goes to the right player
(116.3a-c), mana pools are empty as steps begin (500.4), cleanup did its work (514.1-2),
attackers and blockers were legal (508.1a-d, 302.6, 508.1f, 509.1a-c: evasion, restrictions,
requirements), combat damage is each creature's power, to its recipients, in the damage
assignment order (510.1a-d, 702.19b), life and poison totals move exactly by the logged
gains, losses and damage (118.3, 119.3, 702.15b), lands and spells keep their timing
(305.1-2, 307.1, 302.1, 606.3) and objects outside the battlefield have no permanent status
(400.7, 110.6).  Besides decks drawn from the whole pool, some games are between combat
decks (invariants.combat_deck).  The games are shared among the machine's processors
(like test_soak_pool)."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest
from invariants import Oracle, combat_deck, play_checked

from manastack import COMPILED
from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.engine import new_game
from manastack.game.objects import GameObject
from manastack.game.state import GameOptions
from manastack.variants import get_variant

POOL_GAMES = 50
COMBAT_GAMES = 24
#: (variant, players, extra options, games)
VARIANT_CASES: list[tuple[str, int, dict[str, object], int]] = [
    ("free_for_all", 4, {"attack": "multiple"}, 12),
    ("free_for_all", 4, {"range": 1}, 6),
    ("two_headed_giant", 4, {}, 12),
    ("commander", 3, {}, 10),
    ("planechase", 3, {}, 8),
    ("archenemy", 3, {}, 6),
]
MAX_DECISIONS = 40_000
NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


def _pool_game(seed: int) -> Oracle:
    decks = [random_pool_deck(2 * seed + 7001), random_pool_deck(2 * seed + 7002)]
    g = new_game(["Alice", "Bob"], decks, seed)
    return play_checked(g, [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)],
                        MAX_DECISIONS)


def _combat_game(seed: int) -> Oracle:
    g = new_game(["Alice", "Bob"], [combat_deck(2 * seed + 9001), combat_deck(2 * seed + 9002)],
                 seed)
    return play_checked(g, [RandomAgent(5 * seed + 1), RandomAgent(5 * seed + 2)],
                        MAX_DECISIONS)


def _variant_game(case: int, seed: int) -> Oracle:
    name, n, extra, _ = VARIANT_CASES[case]
    decks, base = get_variant(name).default_setup(n, seed)
    opts = GameOptions(variant=name, max_turns=30, extra={**base, **extra}, mulligan=None,
                       starting_life=6 if seed % 2 and name in (
                           "free_for_all", "two_headed_giant") else None)
    g = new_game(NAMES[:n], decks, seed, opts)
    return play_checked(g, [RandomAgent(7 * seed + i + 1) for i in range(n)], MAX_DECISIONS)


def _run(jobs: list[tuple[int, int]]) -> tuple[list[str], int]:
    """Play ``(case, seed)`` games (case -1: a pool game, -2: a combat game); the
    violations and the number of decisions checked."""
    out: list[str] = []
    decisions = 0
    for case, seed in jobs:
        what = "pool" if case == -1 else "combat" if case == -2 else \
            f"{VARIANT_CASES[case][0]}x{VARIANT_CASES[case][1]}"
        try:
            o = _pool_game(seed) if case == -1 else _combat_game(seed) if case == -2 \
                else _variant_game(case, seed)
        except Exception as exc:  # noqa: BLE001 -- reported with its seed
            out.append(f"{what} seed {seed}: {type(exc).__name__}: {exc}")
            continue
        decisions += o.decisions
        out += [f"{what} seed {seed}: {v}" for v in o.violations[:3]]
    return out, decisions


@pytest.mark.parametrize("share", [
    pytest.param(6, id="quick"), pytest.param(1, id="soak", marks=pytest.mark.soak)])
@pytest.mark.long
def test_rules_invariants_hold_in_random_games(share: int) -> None:
    """50 pool games, 24 combat games and 54 variant games (a sixth of each in the quick
    run): no invariant of the oracle is broken."""
    jobs = [(-1, s) for s in range(POOL_GAMES // share)] + [
        (-2, s) for s in range(COMBAT_GAMES // share)] + [
        (c, s) for c, case in enumerate(VARIANT_CASES) for s in range(max(1, case[3] // share))]
    workers = max(1, min(4, os.cpu_count() or 1))
    parts = [jobs[k::workers] for k in range(workers)]
    if workers == 1:
        results = [_run(parts[0])]
    else:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
            results = list(pool.map(_run, parts))
    failures = [f for part, _ in results for f in part]
    assert sum(n for _, n in results) > 30_000 // share  # the oracle did look
    assert not failures, "\n".join(failures[:20])


def _at_priority(seed: int = 3) -> tuple[object, Oracle]:
    decks = [random_pool_deck(11), random_pool_deck(12)]
    g = new_game(["Alice", "Bob"], decks, seed)
    o = Oracle(g)
    ag = [RandomAgent(1), RandomAgent(2)]
    while True:  # a priority decision with a creature on the battlefield
        d = g.decision
        assert d is not None
        if d.kind == "priority" and g.creatures():
            return g, o
        g.apply(d.by, ag[d.by].act(g))


def test_oracle_sees_planted_violations() -> None:
    """The oracle isn't blind: lethal damage (704.5g), a player at 0 life (704.5a), a
    waiting trigger (603.3b) and a tapped card in a graveyard (400.7) are reported."""
    g, o = _at_priority()
    creature = g.creatures()[0]  # type: ignore[attr-defined]
    creature.damage = 99
    g.players[1].life = 0  # type: ignore[attr-defined]
    g.pending_triggers.append(object())  # type: ignore[attr-defined]
    card = next(x for x in g.objects.values()  # type: ignore[attr-defined]
                if isinstance(x, GameObject) and x.zone == "library")
    card.tapped = True
    o.before(g)  # type: ignore[arg-type]
    rules = {v.split("]")[0][1:] for v in o.violations}
    assert {"704.5g", "704.5a", "603.3b", "400.7"} <= rules, o.violations


#: The planted faults replace engine functions by monkeypatching; compiled modules call
#: each other directly, so these tests run on the pure sources only.
planted = pytest.mark.skipif(COMPILED, reason="monkeypatching needs the pure sources")


def _reported(seed: int) -> set[str]:
    """The rules the oracle reports in combat game ``seed`` (seeds chosen where the
    planted fault shows)."""
    return {v.split("]")[0][1:] for v in _combat_game(seed).violations}


@planted
def test_cr_509_1b_oracle_sees_blocks_that_ignore_evasion(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """509.1b, 702.9b: with the engine's evasion check switched off, the oracle
    (which reads flying and reach itself) reports the illegal blocks."""
    from manastack.rules import combat

    monkeypatch.setattr(combat, "can_block_attacker", lambda g, b, a: None)
    assert "702.9b" in _reported(0)


@planted
def test_cr_510_1a_oracle_sees_wrong_combat_damage(monkeypatch: pytest.MonkeyPatch) -> None:
    """510.1a: a creature dealing one more combat damage than its power is reported; 510.1c:
    an assignment past a blocker without lethal damage is reported."""
    from manastack.rules import combat

    orig = combat.default_assignment
    monkeypatch.setattr(combat, "default_assignment",
                        lambda g, o, p: tuple((r, n + 1) for r, n in orig(g, o, p)))
    assert "510.1a" in _reported(0)
    monkeypatch.setattr(combat, "default_assignment", orig)
    monkeypatch.setattr(combat, "check_assignment", lambda *a, **k: None)
    assert "510.1c" in _reported(2)


@planted
def test_cr_118_3_oracle_sees_unlogged_life_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """118.3 / 119.3a: a life total that changes by more than the logged gains, losses and
    damage is reported."""
    from manastack.rules import damage

    orig = damage.lose_life

    def lose(g: object, p: int, n: int, *a: object, **k: object) -> None:
        g.players[p].life -= 1  # type: ignore[attr-defined]
        orig(g, p, n, *a, **k)  # type: ignore[arg-type]
    monkeypatch.setattr(damage, "lose_life", lose)
    assert "118.3" in _reported(8)

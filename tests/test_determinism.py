"""Determinism, replay, copies, zone invariants and legal-action properties (soak tests)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.errors import IllegalAction
from manastack.game.decisions import Cast, PlayLand
from manastack.game.objects import GameObject, PlayerRef, StackAbility
from manastack.log import render_text
from manastack.play import default_deck, play_game, replay, replay_data
from manastack.variants.command_zone import is_nontraditional

DECKS = [default_deck("red_green"), default_deck("white_black")]


def agents(seed: int) -> list[RandomAgent]:
    return [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)]


def check_zones(game: Game) -> None:
    """Every object is in exactly one zone, and that zone's list holds it once."""
    seen: dict[int, str] = {}
    lists = [("battlefield", game.battlefield), ("stack", game.stack),
             ("exile", game.exile), ("command", game.command)]
    for p in game.players:
        lists += [("library", p.library), ("hand", p.hand), ("graveyard", p.graveyard)]
    for zone, lst in lists:
        for oid in lst:
            assert oid not in seen, f"object {oid} in {seen[oid]} and {zone}"
            seen[oid] = zone
            assert game.objects[oid].zone == zone
    assert set(seen) == set(game.objects)
    # cards still in the game, and those that left it with their owner (800.4a)
    cards = sum(1 for o in [*game.objects.values(), *game.departed.values()]
                if isinstance(o, GameObject) and not o.is_token and not o.is_copy  # 706.10a
                and not is_nontraditional(o))  # 108.2a
    assert not set(game.departed) & set(game.objects)
    abilities = sum(1 for o in game.objects.values() if isinstance(o, StackAbility))
    assert cards == sum(len(d) for d in game.deck_lists) or not game.deck_lists
    assert abilities == sum(1 for i in game.stack if isinstance(game.objects[i], StackAbility))


def play_out(game: Game, agents: Sequence[Any], limit: int, every: int = 200,
             check: Callable[[Game], None] = check_zones) -> str:
    """Let ``agents`` (one per player) answer every decision until the game ends, checking
    ``check`` every ``every`` decisions and at the end; fails after ``limit`` decisions or
    if the game stops without ending.  Returns the log as text."""
    k = 0
    while game.decision is not None:
        d = game.decision
        game.apply(d.by, agents[d.by].act(game))
        k += 1
        assert k < limit, f"no end after {k} decisions"
        if k % every == 0:
            check(game)
    check(game)
    assert game.over, "the game stopped without ending"
    return render_text(game.log)


@pytest.mark.parametrize("games", [
    pytest.param(20, id="quick"), pytest.param(200, id="soak", marks=pytest.mark.soak)])
@pytest.mark.long
def test_soak_200_random_games_twice_identical_logs(games: int) -> None:
    """Determinism: a game is seed + decks + decisions; 200 games (20 in the quick run)
    played twice match."""
    for seed in range(games):
        a = play_game(DECKS, agents(seed), seed=seed)
        b = play_game(DECKS, agents(seed), seed=seed)
        assert a.over, f"seed {seed} did not end"
        assert render_text(a.log) == render_text(b.log), f"seed {seed} diverged"


def test_random_games_keep_zone_invariants_every_decision() -> None:
    """Each object in exactly one zone at every decision; games end (CR 400.1, 104)."""
    for seed in range(15):
        g = new_game(["Alice", "Bob"], DECKS, seed)
        ag = agents(seed)
        n = 0
        while g.decision is not None:
            check_zones(g)
            g.apply(g.decision.by, ag[g.decision.by].act(g))
            n += 1
            assert n < 100_000
        check_zones(g)
        assert g.over


def test_copy_mid_game_continues_identically() -> None:
    """game.copy() at any decision continues exactly like the original."""
    for seed in range(10):
        g = new_game(["Alice", "Bob"], DECKS, seed)
        ag = agents(seed)
        for _ in range(60 + seed * 7):
            if g.decision is None:
                break
            g.apply(g.decision.by, ag[g.decision.by].act(g))
        c = g.copy()
        ag2 = [RandomAgent(0), RandomAgent(0)]
        ag2[0].rng.setstate(ag[0].rng.getstate())
        ag2[1].rng.setstate(ag[1].rng.getstate())
        for game, a in ((g, ag), (c, ag2)):
            while game.decision is not None:
                game.apply(game.decision.player, a[game.decision.player].act(game))
        assert render_text(g.log) == render_text(c.log)


def test_replay_file_reproduces_the_game() -> None:
    """A replay file (seed + options + decks + decisions) reproduces every event."""
    for seed in range(5):
        g = play_game(DECKS, agents(seed), seed=seed)
        data = json.loads(json.dumps(replay_data(g)))
        r = replay(data)
        assert render_text(r.log) == render_text(g.log)
        assert r.state_hash() == g.state_hash()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_every_listed_legal_action_applies(seed: int, steps: int) -> None:
    """Property: at any decision, each listed legal action applies without error."""
    g = new_game(["Alice", "Bob"], DECKS, seed)
    ag = agents(seed)
    for _ in range(steps):
        if g.decision is None:
            return
        g.apply(g.decision.by, ag[g.decision.by].act(g))
    if g.decision is None:
        return
    for act in g.decision.legal_actions(g)[:40]:
        c = g.copy()
        c.apply(c.decision.player, act)  # must not raise


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_unlisted_actions_are_refused_and_change_nothing(seed: int, steps: int) -> None:
    """Property: actions not in the legal list raise IllegalAction and change nothing."""
    g = new_game(["Alice", "Bob"], DECKS, seed)
    ag = agents(seed)
    for _ in range(steps):
        if g.decision is None:
            return
        g.apply(g.decision.by, ag[g.decision.by].act(g))
    d = g.decision
    if d is None or d.kind != "priority":
        return
    legal = d.legal_actions(g)
    before = g.state_hash()
    n_log = len(g.log)
    candidates = []
    for oid in list(g.objects)[:60]:
        candidates.append(PlayLand(oid))
        candidates.append(Cast(oid, (PlayerRef(1 - d.player),)))
        candidates.append(Cast(oid))
    for act in candidates:
        if act in legal:
            continue
        try:
            g.apply(d.by, act)
        except IllegalAction:
            pass
        else:  # pragma: no cover - shows the bug
            raise AssertionError(f"unlisted action {act} was accepted")
        assert g.state_hash() == before and len(g.log) == n_log
    other = 1 - d.player
    try:
        g.apply(other, legal[0])
    except IllegalAction:
        pass
    else:  # pragma: no cover
        raise AssertionError("the wrong player was allowed to act")


def test_copy_has_independent_prevention_shields() -> None:
    """game.copy(): effects with remaining amounts (615.7 shields) are copied, not shared."""
    from manastack.engine.setup import put, setup_game, start_at
    from manastack.game.decisions import Cast, Pass
    from manastack.game.objects import Zone

    g = setup_game()
    for _ in range(3):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    put(g, 0, Zone.BATTLEFIELD, "Plains")
    salve = put(g, 0, Zone.HAND, "Healing Salve")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(salve.id, (PlayerRef(0),), 0, (1,)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    c = g.copy()
    for game in (c, g):
        b = [i for i in game.players[0].hand if game.objects[i].name == "Lightning Bolt"][0]
        game.apply(0, Cast(b, (PlayerRef(0),)))
        game.apply(0, Pass())
        game.apply(1, Pass())
        assert game.players[0].life == 20  # each copy's shield prevents its own 3
    del bolt


@pytest.mark.long
def test_soak_all_default_deck_pairs() -> None:
    """Every pair of shipped decks plays random games to the end, zones intact."""
    from itertools import combinations

    from manastack.play import default_deck_names

    names = default_deck_names()
    assert len(names) >= 5
    for i, (a, b) in enumerate(combinations(names, 2)):
        for seed in range(4):
            g = new_game(["Alice", "Bob"], [default_deck(a), default_deck(b)], seed * 31 + i)
            ag = agents(seed + i)
            n = 0
            while g.decision is not None:
                g.apply(g.decision.by, ag[g.decision.by].act(g))
                n += 1
                if n % 50 == 0:
                    check_zones(g)
            check_zones(g)
            assert g.over, f"{a} vs {b} seed {seed}"


def _variant_game(name: str, seed: int, max_turns: int = 4) -> Game:
    """A short random game of the variant ``name`` with its default setup."""
    from manastack.game.state import GameOptions
    from manastack.play import play_to_end
    from manastack.variants import get_variant

    v = get_variant(name)
    n = next(k for k in (3, 2, 4) if not v.check_player_count(k))
    decks, extra = v.default_setup(n, seed)
    g = new_game(["Alice", "Bob", "Carol", "Dave"][:n], decks, seed,
                 GameOptions(variant=name, mulligan=None, extra=extra, max_turns=max_turns))
    return play_to_end(g, [RandomAgent(5 * seed + i) for i in range(n)])


def test_cr_904_12a_the_replay_file_of_every_variant_replays() -> None:
    """A replay file (seed + options + decks + decisions, through JSON) of every variant
    reproduces the game byte for byte.  The options a variant fills in as the game starts
    are part of the file: a Supervillain Rumble records the attack multiple players option
    it uses (904.12a), and its replay must accept it."""
    from manastack.log import render_jsonl
    from manastack.variants import variant_names

    for name in variant_names():
        g = _variant_game(name, 1)
        data = json.loads(json.dumps(replay_data(g)))
        r = replay(data)
        assert render_jsonl(r.log) == render_jsonl(g.log), name
        assert r.state_hash() == g.state_hash(), name


def test_cr_904_12a_a_rumble_refuses_another_attack_option() -> None:
    """904.12a: a Supervillain Rumble uses the attack multiple players option and no other
    multiplayer option: ``attack=multiple`` is accepted (it is what the game records),
    any other value is refused, citing 904.12a."""
    import pytest

    from manastack.game.state import GameOptions
    from manastack.variants import get_variant

    v = get_variant("supervillain_rumble")
    decks, extra = v.default_setup(3, 0)
    g = new_game(["A", "B", "C"], decks, 0, GameOptions(
        variant="supervillain_rumble", extra={**extra, "attack": "multiple"}))
    assert g.options.extra["attack"] == "multiple"
    with pytest.raises(IllegalAction, match="904.12a"):
        new_game(["A", "B", "C"], decks, 0, GameOptions(
            variant="supervillain_rumble", extra={**extra, "attack": "left"}))


@pytest.mark.long
def test_hash_randomisation_never_changes_a_game() -> None:
    """Determinism: the games of every variant, and their JSON logs, are the same whatever
    the string hash seed (PYTHONHASHSEED): no iteration over a set of strings or objects
    decides anything, and the last known information of a zone-change event (608.2g) is
    written with its sets sorted (it was the repr of frozensets)."""
    import os
    import subprocess
    import sys

    code = ("import hashlib, sys; sys.path.insert(0, 'tests'); "
            "from test_determinism import _variant_game, DECKS, agents, play_game; "
            "from manastack.log import render_jsonl; "
            "from manastack.variants import variant_names; "
            "logs = [render_jsonl(_variant_game(n, s, 3).log) "
            "for n in variant_names() for s in (2, 3)]; "
            "logs.append(render_jsonl(play_game(DECKS, agents(3), seed=3).log)); "
            "assert '\"lki\": {' in logs[-1]; "
            "print(hashlib.sha1(''.join(logs).encode()).hexdigest())")
    outs = set()
    for hash_seed in ("0", "1", "271828"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True, cwd=os.path.dirname(
                                  os.path.dirname(os.path.abspath(__file__))))
        outs.add(done.stdout.strip())
    assert len(outs) == 1

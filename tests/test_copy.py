"""``game.copy()``: a structural copy, attribute by attribute (``GameState.copy_into``,
``manastack.copying.dup``).  A copy plays on exactly like its original (the same answers
give the same log and state), shares every immutable value with it (card definitions,
abilities, events, lines) and no mutable one: the object graphs of both are walked here,
so that a field added later and copied by mistake as shared is caught."""

from __future__ import annotations

import copy
import gc
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

from manastack.agents import RandomAgent
from manastack.copying import is_shared_type
from manastack.engine import Game, new_game
from manastack.game.derived import Derived
from manastack.game.state import STATE_ATTRIBUTES, GameOptions
from manastack.log import render_text
from manastack.play import default_deck, play_to_end

DECKS = [default_deck("red_green"), default_deck("white_black")]

#: Types whose values are never mutated (besides the classes of ``share_type``).
_VALUES = (int, str, bool, float, bytes, type(None), frozenset, range, type,
           types.FunctionType, types.BuiltinFunctionType, types.ModuleType,
           types.MappingProxyType)


def _mutables(root: Any, stop: set[int]) -> Iterator[Any]:
    """Every mutable value reachable from ``root`` (lists, dicts, sets, instances of
    classes that aren't immutable values), not looking into immutable values, nor into
    the objects whose ids are in ``stop``."""
    seen = set(stop)
    todo = [root]
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        t = type(v)
        if isinstance(v, _VALUES) or is_shared_type(t):
            continue
        if not isinstance(v, tuple):
            yield v
        todo.extend(gc.get_referents(v))


def _shared_mutables(a: Game, b: Game) -> list[Any]:
    """Mutable values reachable from both games.  The derived store is each game's own,
    not walked (a copy gets an empty one); the generator is shared until either draws
    from it (``GameState.rng``, tested below)."""
    def stop(g: Game) -> set[int]:
        return {id(g.derived), id(g._rng)}
    in_a = {id(v): v for v in _mutables(a, stop(a))}
    return [v for v in _mutables(b, stop(b)) if id(v) in in_a]


def _play(game: Game, seed: int, answers: int) -> Game:
    return play_to_end(game, [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)], answers)


def _variant_game(name: str, seed: int, answers: int) -> Game:
    """A random game of the variant ``name`` with its default set-up, after ``answers``
    answers."""
    from manastack.variants import get_variant

    v = get_variant(name)
    n = next(k for k in (3, 2, 4) if not v.check_player_count(k))
    decks, extra = v.default_setup(n, seed)
    g = new_game(["Alice", "Bob", "Carol", "Dave"][:n], decks, seed,
                 GameOptions(variant=name, mulligan=None, extra=extra, max_turns=6))
    return play_to_end(g, [RandomAgent(5 * seed + i) for i in range(n)], answers)


def _same_play_on(g: Game, seed: int, answers: int = 10**6) -> None:
    """Copy ``g``, play both on with twin agents, and compare the logs and states."""
    c = g.copy()
    assert not _shared_mutables(g, c)
    n = len(g.players)
    for game in (g, c):
        play_to_end(game, [RandomAgent(1000 + seed * 7 + i) for i in range(n)], answers)
    assert render_text(c.log) == render_text(g.log)
    assert c.state_hash() == g.state_hash()
    assert c.history == g.history


def test_a_copy_shares_no_mutable_value_with_its_original() -> None:
    """The walk finds nothing reachable from both a mid-game game (combat, effects,
    triggers and the stack in play) and its copy, for several games and after every
    answer of one of them; and it does find a list shared on purpose."""
    for seed in range(2):
        g = _play(new_game(["Alice", "Bob"], DECKS, seed), seed, 120 + 60 * seed)
        assert not _shared_mutables(g, g.copy())
    g = new_game(["Alice", "Bob"], DECKS, 5)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(50):
        assert g.decision is not None
        c = g.copy()
        assert not _shared_mutables(g, c), g.decision
        g.apply(g.decision.by, agents[g.decision.by].act(g))
    c = g.copy()
    c.turn_flags["shared on purpose"] = g.players[0].hand
    assert _shared_mutables(g, c) == [g.players[0].hand]


@pytest.mark.parametrize("variant", ["two_headed_giant", "commander", "archenemy",
                                     "planechase", "vanguard", "free_for_all"])
def test_cr_810_901_904_a_variant_game_copies_and_plays_on_alike(variant: str) -> None:
    """Each variant's state (teams, command zone, scheme and planar decks, avatars, the
    variant's memory) is copied: the copy shares no mutable value and plays on alike."""
    g = _variant_game(variant, 3, 60)
    assert set(g._attribute_names()) == STATE_ATTRIBUTES
    _same_play_on(g, 3, 300)


def test_copies_at_random_points_play_on_alike() -> None:
    """A copy taken at a random decision of a random game and its original, answered the
    same, give the same log, state and answers (a few games; the soak below plays many)."""
    rng = random.Random(1)
    for seed in range(3):
        g = _play(new_game(["Alice", "Bob"], DECKS, seed), seed, rng.randrange(20, 400))
        _same_play_on(g, seed)


@pytest.mark.soak
def test_soak_copies_at_random_points_play_on_alike() -> None:
    """As above, for 60 games and three copies of each, at random decisions."""
    rng = random.Random(2)
    for seed in range(60):
        g = new_game(["Alice", "Bob"], DECKS, seed)
        for _ in range(3):
            g = _play(g, seed, rng.randrange(10, 250))
            if g.decision is None:
                break
            _same_play_on(g.copy(), seed)


def test_every_attribute_of_a_game_is_copied() -> None:
    """``copy_into`` copies the attributes of STATE_ATTRIBUTES one by one: a game has no
    other (an attribute added to the state must be added there)."""
    g = _play(new_game(["Alice", "Bob"], DECKS, 1), 1, 100)
    assert set(g._attribute_names()) == STATE_ATTRIBUTES
    assert set(g.copy()._attribute_names()) == STATE_ATTRIBUTES


def test_the_generator_is_shared_until_drawn_from() -> None:
    """The copy and its original share the random number generator until one of them
    draws from it; then that one draws from its own, and the other's is untouched."""
    g = _play(new_game(["Alice", "Bob"], DECKS, 2), 2, 60)
    state = g.rng.getstate()
    c = g.copy()
    assert c._rng is g._rng
    first = c.rng.random()
    assert c._rng is not g._rng and g.rng.getstate() == state
    assert g.rng.random() == first


def test_deepcopy_and_restore_use_the_copy() -> None:
    """``copy.deepcopy(game)`` is a copy too; ``restore`` takes a snapshot's state."""
    g = _play(new_game(["Alice", "Bob"], DECKS, 4), 4, 90)
    d = copy.deepcopy(g)
    assert isinstance(d.derived, Derived) and not _shared_mutables(g, d)
    snapshot = g.copy()
    before = g.state_hash()
    _play(g, 9, 100)
    g.restore(snapshot)
    assert g.state_hash() == before
    assert not _shared_mutables(g, snapshot)

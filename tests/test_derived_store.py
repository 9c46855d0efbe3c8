"""The derived store (``game.derived``, ``game/derived.py``): the one owner of every value
the engine could compute again.  The state holds no cache, so a copy is "copy the state,
attach an empty store"; the store holds no reference to its game."""

from __future__ import annotations

import gc

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.game.derived import Derived
from manastack.play import default_deck, play_to_end


def _mid_game(seed: int = 3) -> Game:
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                 seed)
    return play_to_end(g, [RandomAgent(1), RandomAgent(2)], 150)


def _empty(d: Derived) -> bool:
    return not (d.view or d.cache or d.wide_cache or d.kept or d.on_inputs or d.outside
                or d.moves) and d.view_version == -1 and d.sba_clean[0] == -1


def test_cr_613_a_copy_gets_an_empty_store_of_its_own() -> None:
    """613: the characteristics are computed, never stored; after 150 decisions the store
    holds a view and memos, the copy holds none of them, gets the same characteristics
    from the layers, and plays on like the original."""
    g = _mid_game()
    assert g.derived.view and not _empty(g.derived)
    c = g.copy()
    assert c.derived is not g.derived and _empty(c.derived)
    assert c.derived.check == g.derived.check
    for oid in g.battlefield:
        assert c.chars(c.obj(oid)) == g.chars(g.obj(oid))
    agents = [RandomAgent(7), RandomAgent(8)]
    twins = [RandomAgent(7), RandomAgent(8)]
    play_to_end(g, agents, 300)
    play_to_end(c, twins, 300)
    assert [e.text for e in c.log] == [e.text for e in g.log]


def test_the_store_keeps_no_reference_to_its_game() -> None:
    """The store is given the state by the methods that read it: a game makes no
    reference cycle through it (reference counting frees a game at once)."""
    g = _mid_game()
    assert all(r is not g for r in gc.get_referents(g.derived))


def test_cr_613_restoring_a_snapshot_takes_its_empty_store() -> None:
    """A game restored to a snapshot (the re-run of an interrupted answer) computes its
    characteristics again from the layers: nothing kept from before the snapshot."""
    g = _mid_game()
    snapshot = g.copy()
    play_to_end(g, [RandomAgent(5), RandomAgent(6)], 200)
    g.restore(snapshot)
    assert _empty(g.derived)
    for oid in g.battlefield:
        assert g.chars(g.obj(oid)) == snapshot.chars(snapshot.obj(oid))


def test_check_mode_leaves_a_memo_of_memos_to_its_user() -> None:
    """``cached(key, dict)`` keeps a dict its user fills (plan_payment's memo per cost):
    check mode compares what the user keeps in it, not the dict with a fresh empty one."""
    g = _mid_game()
    g.check_memos = True
    memo = g.cached("a memo of memos", dict)
    memo["cost"] = "a payment"
    assert g.cached("a memo of memos", dict) is memo


def test_cr_616_1_a_state_held_by_another_is_copied_with_an_empty_store() -> None:
    """616.1: a game waiting for a choice in the middle of an event holds the state to run
    it again from (``rerun_root``); copying that game copies the held state too, each
    with an empty store (compiled, the store can't be rebuilt field by field)."""
    import copy

    g = _mid_game()
    held = g.copy()
    g.chars(g.obj(g.battlefield[0])) if g.battlefield else None
    g.rerun_root = (held, 0, None, ())
    c = g.copy()
    assert c.rerun_root is not None and c.rerun_root[0] is not held
    assert _empty(c.rerun_root[0].derived) and _empty(c.derived)
    assert _empty(copy.deepcopy(g.derived)) and _empty(copy.copy(g.derived))

"""``determinize(game, player, rng)``: a copy in which what ``player`` can't see (400.2:
libraries, the others' hands, face-down cards) is dealt again from the cards they haven't
seen.  The result is a legal game, keeps every count and ``player``'s observation, really
changes the hidden cards, and depends only on what ``player`` sees and on ``rng``."""

from __future__ import annotations

import random
from collections import Counter

from invariants import Oracle, play_checked

from manastack.agents import RandomAgent
from manastack.engine import Game, determinize, new_game
from manastack.errors import IllegalAction
from manastack.game.objects import GameObject
from manastack.log import render_text
from manastack.play import default_deck, play_to_end

DECKS = [default_deck("red_green"), default_deck("white_black")]


def _mid_game(seed: int, answers: int = 150) -> Game:
    g = new_game(["Alice", "Bob"], DECKS, seed)
    return play_to_end(g, [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)], answers)


def _zones(g: Game) -> list[tuple[str, int, list[int]]]:
    out = [("battlefield", -1, g.battlefield), ("stack", -1, g.stack),
           ("exile", -1, g.exile), ("command", -1, g.command)]
    for p in g.players:
        out += [("library", p.index, p.library), ("hand", p.index, p.hand),
                ("graveyard", p.index, p.graveyard)]
    return out


def _contents(g: Game) -> list[tuple[str, int, list[tuple[int, str]]]]:
    """Every zone with its objects (id and card name), in order."""
    return [(z, owner, [(oid, g.objects[oid].name) for oid in ids])
            for z, owner, ids in _zones(g)]


def _check_zones(g: Game) -> None:
    """Every object is in exactly one zone, the one it says, owned by the zone's owner."""
    seen: set[int] = set()
    for zone, owner, ids in _zones(g):
        for oid in ids:
            assert oid not in seen
            seen.add(oid)
            o = g.objects[oid]
            assert o.zone == zone
            if owner >= 0:
                assert isinstance(o, GameObject) and o.owner == owner


def test_cr_400_2_the_determinisation_is_a_legal_game_with_the_same_counts() -> None:
    """Each zone keeps its size, each owner the multiset of their cards; the copy is a
    legal game that plays to its end with no rule broken (the invariants oracle)."""
    g = _mid_game(0)
    before = _contents(g)
    d = determinize(g, 0, random.Random(1))
    assert _contents(g) == before  # the game itself is unchanged
    _check_zones(d)
    assert [(z, o, len(ids)) for z, o, ids in _zones(d)] == \
        [(z, o, len(ids)) for z, o, ids in _zones(g)]
    for p in range(2):
        assert Counter(o.name for o in d.objects.values() if isinstance(o, GameObject)
                       and o.owner == p) == \
            Counter(o.name for o in g.objects.values() if isinstance(o, GameObject)
                    and o.owner == p)
    oracle = Oracle(d)
    oracle.log_seen = len(d.log)
    play_checked(d, [RandomAgent(3), RandomAgent(4)], 5000, oracle)
    assert not oracle.violations, oracle.violations[:5]


def test_cr_400_2_what_the_player_sees_is_kept() -> None:
    """``observe(player)`` is the same before and after (their hand, every public zone,
    the counts of hidden ones), for either player; the hidden cards are dealt again: the
    opponent's hand and the libraries differ across rngs."""
    for seed in range(3):
        g = _mid_game(seed, 120 + 30 * seed)
        for viewer in (0, 1):
            other = 1 - viewer
            hands, libraries = set(), set()
            for r in range(6):
                d = determinize(g, viewer, random.Random(r))
                assert d.observe(viewer) == g.observe(viewer)
                assert [d.objects[i].name for i in d.players[viewer].hand] == \
                    [g.objects[i].name for i in g.players[viewer].hand]
                hands.add(tuple(sorted(d.objects[i].name for i in d.players[other].hand)))
                libraries.add(tuple(d.objects[i].name for i in d.players[viewer].library))
            assert len(hands) > 1 and len(libraries) > 1


def test_cr_400_2_the_result_depends_only_on_what_the_player_sees() -> None:
    """Two games that differ only in what ``player`` can't see (one is a re-deal of the
    other) give the same determinisation for the same rng state: the same cards in the
    same places, the same log and generator."""
    for seed in range(3):
        g = _mid_game(seed, 100 + 40 * seed)
        for viewer in (0, 1):
            other = determinize(g, viewer, random.Random(99))
            assert _contents(other) != _contents(g)
            a = determinize(g, viewer, random.Random(5))
            b = determinize(other, viewer, random.Random(5))
            assert _contents(a) == _contents(b)
            assert render_text(a.log) == render_text(b.log)
            assert a.rng.getstate() == b.rng.getstate()
            assert a.seed != g.seed and a.rng.getstate() != g.rng.getstate()
            assert a.state_hash() == b.state_hash()


def test_cr_400_2_an_agent_choice_is_unchanged_by_a_re_deal() -> None:
    """An agent sees only its player's information: at each of its decisions, re-dealing
    everything its player can't see leaves its choice unchanged for the same seed."""
    g = new_game(["Alice", "Bob"], DECKS, 7)
    agents = [RandomAgent(1), RandomAgent(2)]
    for k in range(200):
        d = g.decision
        if d is None:
            break
        if d.kind == "priority" and k % 3 == 0:
            redealt = determinize(g, d.by, random.Random(k))
            twin = RandomAgent(0)
            twin.rng.setstate(agents[d.by].rng.getstate())
            assert twin.act(redealt) == agents[d.by].act(g)
            continue
        g.apply(d.by, agents[d.by].act(g))


def test_determinize_refuses_a_player_who_is_not_one() -> None:
    """A seat out of range or an unknown name is refused, citing 102.1."""
    g = _mid_game(1, 30)
    for bad in (2, "Carol", None):
        try:
            determinize(g, bad, random.Random(0))
        except IllegalAction as e:
            assert e.rule == "102.1"
        else:
            raise AssertionError(bad)

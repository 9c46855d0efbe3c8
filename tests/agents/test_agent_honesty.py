"""Honesty (issue 37; CR 400.2, 401.2, 402.3): an agent decides from what its player may
see.  At each of its decisions, the hidden information is re-dealt (each other player's
hand and library shuffled together and dealt again, every library shuffled) in a copy of
the game; the same agent, in the same state, must make the same choice in both."""

from __future__ import annotations

import copy
import random

from manastack.agents import HeuristicAgent
from manastack.engine import Game, new_game
from manastack.game.objects import GameObject
from manastack.play import default_deck


def redeal(game: Game, viewer: int, rng: random.Random) -> Game:
    """A copy of ``game`` where what ``viewer`` can't see is dealt again: the other
    players' hands and libraries (the same number of cards in each), every library's
    order.  Cards revealed stay where they are (they are seen)."""
    g = game.copy()
    seen = set(g.revealed)
    for p in g.players:
        if p.index == viewer:
            rng.shuffle(p.library)
            continue
        hand = [i for i in p.hand if i not in seen]
        pool = hand + list(p.library)
        rng.shuffle(pool)
        kept = [i for i in p.hand if i in seen]
        p.hand[:] = kept + pool[:len(hand)]
        p.library[:] = pool[len(hand):]
        for i in p.hand:
            o = g.objects[i]
            assert isinstance(o, GameObject)
            o.zone = "hand"
        for i in p.library:
            o = g.objects[i]
            assert isinstance(o, GameObject)
            o.zone = "library"
    g.changed()
    return g


def test_cr_400_2_the_heuristic_choice_is_the_same_whatever_is_hidden() -> None:
    """Over whole games, at every decision of the heuristic agent, its choice in the real
    game and in a copy with the hidden cards re-dealt is the same (same seed, same
    state)."""
    checked = 0
    rng = random.Random(5)
    for seed, decks in ((4, ("black_red", "green_blue")),):
        g = new_game(["Alice", "Bob"], [default_deck(decks[0]), default_deck(decks[1])],
                     seed)
        agents = [HeuristicAgent(seed), HeuristicAgent(seed + 1)]
        n = 0
        while g.decision is not None and n < 3000:
            d = g.decision
            me = d.by
            if n % 2 == 0 and d.player == me:
                twin = copy.deepcopy(agents[me])
                other = redeal(g, me, rng)
                assert copy.deepcopy(agents[me]).act(g) == twin.act(other), \
                    f"decision {n} ({d}) depends on hidden information"
                checked += 1
            g.apply(me, agents[me].act(g))
            n += 1
    assert checked > 100

"""No message names a card its reader may not see (CR 400.2, 401.2, 402.3, 406.3).

Object ids are public (draws show which ids enter a hand), so a client could send any
id in any answer and read the refusal.  Property test: in random games of two players and
of every multiplayer variant, at random decisions, every player sends every kind of answer
naming every object hidden from them; each answer is refused (IllegalAction, citing a
rule), the game is left exactly as it was, and no refusal names a card hidden from that
player.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    AssignDamage,
    Cast,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    OrderDamage,
    PlayLand,
    Special,
)
from manastack.game.objects import GameObject, PlayerRef
from manastack.game.state import GameOptions
from manastack.play import default_deck
from manastack.rules.hidden import visible_to
from manastack.variants import get_variant

NAMES = ("Alice", "Bob", "Carol", "Dave")
#: (variant, players): two players, then every multiplayer variant
CASES = [(None, 2), ("free_for_all", 3), ("two_headed_giant", 4), ("commander", 3),
         ("archenemy", 3), ("planechase", 3), ("vanguard", 2), ("supervillain_rumble", 3)]


def _game(variant: str | None, n: int, seed: int) -> Game:
    if variant is None:
        return new_game(NAMES[:2], [default_deck("red_green"), default_deck("white_black")],
                        seed)
    decks, extra = get_variant(variant).default_setup(n, seed)
    return new_game(NAMES[:n], decks, seed, GameOptions(variant=variant, extra=extra,
                                                        max_turns=30))


def _answers(oid: int, visible: int, other: PlayerRef) -> list[Any]:
    """Every kind of answer naming the hidden object ``oid`` (``visible``: an object the
    player may see, to go with it where an answer names two)."""
    return [
        PlayLand(oid), Cast(oid), Cast(visible, (oid,)), Activate(oid, 0),
        Activate(visible, 0, (oid,)), Choose((oid,)), DeclareAttackers(((oid, other),)),
        DeclareAttackers(((visible, oid),)), DeclareBlockers(((oid, (visible,)),)),
        DeclareBlockers(((visible, (oid,)),)), OrderDamage(((visible, (oid,)),)),
        AssignDamage(((visible, ((oid, 1),)),)), AssignDamage(((oid, ((other, 1),)),)),
        Special("planar_die", oid),
    ]


def _names(game: Game, ids: Any) -> set[str]:
    return {o.name for i in ids if isinstance(o := game.objects.get(i), GameObject)}


def _probe(game: Game) -> None:
    """Every player answers, naming every object hidden from them."""
    before = game.state_hash()
    d = game.decision
    assert d is not None
    for p in range(len(game.players)):
        hidden = [i for i, o in game.objects.items()
                  if isinstance(o, GameObject) and not visible_to(game, p, i)]
        shown = set(getattr(d, "options", ())) if d.by == p else set()
        seen = [i for i in game.objects if i not in hidden or i in shown]
        secret = _names(game, hidden) - _names(game, seen)
        visible = next((i for i in seen if isinstance(game.objects[i], GameObject)), 0)
        other = PlayerRef((p + 1) % len(game.players))
        for oid in hidden:
            if oid in shown:
                continue
            for action in _answers(oid, visible, other):
                try:
                    game.apply(p, action)
                except IllegalAction as e:
                    message = str(e)
                    assert e.rule, f"refusal without a rule: {message}"
                    leaked = [n for n in secret if n in message]
                    assert not leaked, f"P{p} {action}: {message!r} names {leaked}"
                else:
                    raise AssertionError(f"P{p} {action} naming a hidden object was "
                                         "accepted")
    assert game.state_hash() == before


@pytest.mark.parametrize("variant,players", CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), stops=st.lists(st.integers(5, 400), min_size=1,
                                                     max_size=3))
def test_cr_400_2_no_refusal_names_a_hidden_card(variant: str | None, players: int,
                                                  seed: int, stops: list[int]) -> None:
    """400.2: at random decisions of random games, answers naming hidden objects are
    refused with the rule, change nothing and name no hidden card."""
    game = _game(variant, players, seed)
    agents = [RandomAgent(seed * 7 + i) for i in range(players)]
    n = 0
    for stop in sorted(stops):
        while game.decision is not None and n < stop:
            game.apply(game.decision.by, agents[game.decision.by].act(game))
            n += 1
        if game.decision is None:
            break
        _probe(game)

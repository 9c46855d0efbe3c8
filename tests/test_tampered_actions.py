"""A listed action changed behind the engine's back is validated like any other answer
(CR 116.1, 601.2, 305.1): the engine answers a listed action it handed out without
checking it again only while it still holds the values it was listed with."""

from __future__ import annotations

import pytest

from manastack import new_game
from manastack.agents import RandomAgent
from manastack.engine import Game
from manastack.errors import IllegalAction
from manastack.game.decisions import Cast, PlayLand
from manastack.play import default_deck


def _with_a_land_to_play() -> Game:
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                 2)
    agents = [RandomAgent(5), RandomAgent(6)]
    while not any(isinstance(a, PlayLand) for a in g.legal_actions()):
        g.apply(g.decision.by, agents[g.decision.by].act(g))
    return g


def test_cr_305_1_a_tampered_listed_land_play_is_refused() -> None:
    """A listed PlayLand whose card is swapped for a nonland card of the hand (through
    object.__setattr__, past the frozen dataclass) is refused, citing 305.1, and nothing
    changes; the untouched listed actions still apply."""
    g = _with_a_land_to_play()
    p = g.decision.by
    play = next(a for a in g.legal_actions() if isinstance(a, PlayLand))
    nonland = next(i for i in g.players[p].hand if not g.chars(g.obj(i)).is_land)
    before = g.state_hash()
    object.__setattr__(play, "card", nonland)
    with pytest.raises(IllegalAction, match="305.1"):
        g.apply(p, play)
    assert g.state_hash() == before


def test_cr_601_2_a_listed_action_changed_to_an_opponents_card_is_refused() -> None:
    """A listed action made to name a card in the opponent's hand is refused without
    naming it (400.2)."""
    g = _with_a_land_to_play()
    p = g.decision.by
    play = next(a for a in g.legal_actions() if isinstance(a, PlayLand))
    theirs = g.players[1 - p].hand[0]
    object.__setattr__(play, "card", theirs)
    with pytest.raises(IllegalAction, match="hidden") as e:
        g.apply(p, play)
    assert g.obj(theirs).name not in str(e.value) or any(
        g.obj(i).name == g.obj(theirs).name for i in g.players[p].hand)


def test_cr_601_2_an_action_of_a_subclass_claiming_equality_is_refused() -> None:
    """An answer of a subclass of an action that claims to equal every action is not one
    of the engine's actions: refused."""
    class Liar(Cast):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = Cast.__hash__

    g = _with_a_land_to_play()
    with pytest.raises(IllegalAction, match="not one of the engine's actions"):
        g.apply(g.decision.by, Liar(g.players[g.decision.by].hand[0]))


def test_cr_305_1_a_tampered_listed_action_is_listed_anew() -> None:
    """The legal actions listed after a listed PlayLand was changed behind the engine's
    back are listed anew (the kept lists are forgotten): no play of the nonland card
    (305.1), and the land's play is offered again, as a fresh action."""
    g = _with_a_land_to_play()
    p = g.decision.by
    play = next(a for a in g.legal_actions() if isinstance(a, PlayLand))
    land = play.card
    nonland = next(i for i in g.players[p].hand if not g.chars(g.obj(i)).is_land)
    object.__setattr__(play, "card", nonland)
    again = g.legal_actions()
    assert not any(isinstance(a, PlayLand) and a.card == nonland for a in again)
    assert all(a is not play for a in again)
    assert PlayLand(land) in again

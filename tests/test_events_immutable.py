"""Events are immutable values (issue: hardening): the log a copy of a game shares with
the original (:meth:`Game.copy`) and the events :meth:`Game.log_for` hands out can't be
changed by whoever holds them, so no client, agent or tool can rewrite a game's record
(CR 400.2's views of it included)."""

from __future__ import annotations

import copy

import pytest

from manastack import new_game
from manastack.agents import RandomAgent
from manastack.events import Drew
from manastack.lines import say
from manastack.log import render_jsonl
from manastack.play import default_deck, play_to_end


def _game() -> object:
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                 3)
    return play_to_end(g, [RandomAgent(1), RandomAgent(2)], 300)


def test_an_event_cant_be_changed() -> None:
    """No attribute of an event can be set or deleted, and its data can't be changed."""
    e = Drew("504.1", say("Alice draws a card", "Alice pioche une carte"), 1, player=0,
             object=5)
    for name in ("kind", "rule", "line", "data", "turn", "seen_by", "public", "player",
                 "object"):
        with pytest.raises(AttributeError):
            setattr(e, name, None)
        with pytest.raises(AttributeError):
            delattr(e, name)
    with pytest.raises(TypeError):
        e.data["player"] = 1  # type: ignore[index]
    assert (e.kind, e.data["player"], str(e)) == ("draw", 0, "[504.1, 703.4c] Alice draws a card")
    assert copy.deepcopy(e) is e and copy.copy(e) == e


def test_a_copy_and_the_views_of_the_log_hand_out_no_changeable_event() -> None:
    """game.copy() shares the original's events, and log_for hands out events: none of
    them can be changed, so the original's record stays as it was whatever is done to
    them."""
    g = _game()
    before = render_jsonl(g.log)  # type: ignore[attr-defined]
    c = g.copy()  # type: ignore[attr-defined]
    handed = [*c.log, *g.log_for(0), *g.log_for(1), *g.log_for(None)]  # type: ignore[attr-defined]
    for e in handed:
        with pytest.raises(AttributeError):
            e.text = "rewritten"
        with pytest.raises(TypeError):
            e.data["player"] = 99
    c.log.clear()  # the copy's list is its own
    assert render_jsonl(g.log) == before  # type: ignore[attr-defined]

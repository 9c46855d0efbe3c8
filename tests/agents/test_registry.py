"""The agents by name (``--agents``): each name builds a seeded agent; an unknown name is
a clear error."""

from __future__ import annotations

import doctest

import pytest

import manastack.agents.registry as registry
from manastack.agents import AGENTS, UnknownAgent, make_agent


def test_every_registered_agent_is_built_from_a_seed_and_answers_a_decision() -> None:
    """Each name in AGENTS builds an agent whose answer to a first decision is legal."""
    from manastack.engine import new_game
    from manastack.play import default_deck
    for name in AGENTS:
        g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")], 3)
        d = g.decision
        assert d is not None
        action = make_agent(name, 7, budget_ms=50).act(g)
        g.apply(d.player, action)  # raises IllegalAction if it isn't legal


def test_an_unknown_agent_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownAgent, match="unknown agent 'oracle' \\(known: .*random"):
        make_agent("oracle", 0)


def test_registry_doctests() -> None:
    assert doctest.testmod(registry).failed == 0

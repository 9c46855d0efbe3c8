"""Positions for the agents' tests: a game to set up by hand, priority reached by
passing, and the heuristic agent's answer (checked legal)."""

from __future__ import annotations

from manastack.agents import HeuristicAgent
from manastack.engine import Game
from manastack.engine.setup import setup_game
from manastack.game.decisions import Action, Pass


def empty_game() -> Game:
    """A two-player game with 20-card libraries and nothing else, to set up."""
    return setup_game(library_size=20)


def to_priority(g: Game, player: int) -> None:
    """Pass until ``player`` holds priority."""
    for _ in range(50):
        d = g.decision
        assert d is not None
        if d.kind == "priority" and d.player == player:
            return
        g.apply(d.by, Pass())
    raise AssertionError("no priority for the player")


def heuristic_answer(g: Game, seed: int = 1) -> Action:
    """The heuristic agent's answer to the pending decision, checked legal."""
    action = HeuristicAgent(seed).act(g)
    d = g.decision
    assert d is not None
    d.validate(g, action)  # (legal)
    return action

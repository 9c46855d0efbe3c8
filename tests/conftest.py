"""Shared fixtures: build games at any position with real or test-only cards."""

from __future__ import annotations

import pytest

from manastack.agents import RandomAgent
from manastack.engine import Game
from manastack.game.decisions import Pass


def pass_until(game: Game, pred, limit: int = 500) -> None:  # type: ignore[no-untyped-def]
    """Pass priority (and take default answers) until ``pred(game)`` holds."""
    agent = RandomAgent(0)
    for _ in range(limit):
        if pred(game) or game.decision is None:
            return
        d = game.decision
        if d.kind == "priority":
            game.apply(d.by, Pass())
        else:
            game.apply(d.by, agent.act(game))
    raise AssertionError("condition never reached")


def at_step(name: str, turn: int | None = None):  # type: ignore[no-untyped-def]
    def pred(game: Game) -> bool:
        return game.step is not None and game.step.name == name and (
            turn is None or game.turn_number == turn)
    return pred


@pytest.fixture
def random_agents() -> list[RandomAgent]:
    return [RandomAgent(1), RandomAgent(2)]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests first (together, so that the worker given them starts one
    Chromium and one server for them all, ``tests/browser/conftest.py``), then the tests
    marked ``long``, then the others, each kind in its order: the test command's workers
    take a few tests at a time (``--maxschedchunk``), so that they share the long tests
    and the short ones that come last even out when each worker finishes."""
    items.sort(key=lambda item: (item.get_closest_marker("browser") is None,
                                 item.get_closest_marker("long") is None))

"""The agents by name: what ``--agents`` and ``--agent`` accept on the command line.

An agent is any object with ``act(game) -> Action`` answering ``game.decision`` for its
player.  :func:`make_agent` builds one by name, seeded (its own random generator, never
the game's: a game is ``seed + decks + options + decision log``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from manastack.agents.heuristic import HeuristicAgent
from manastack.agents.random_agent import RandomAgent
from manastack.agents.search import SearchAgent

if TYPE_CHECKING:
    from manastack.engine import Game
    from manastack.game.decisions import Action


class Agent(Protocol):
    """A player: answers the pending decision of its player."""

    def act(self, game: Game) -> Action: ...


#: The agents by name: each is built from a seed.
AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "search": SearchAgent,
}

#: The thinking time per decision of an agent that searches, unless told otherwise.
DEFAULT_BUDGET_MS = 1000


class UnknownAgent(ValueError):
    """A name that isn't in :data:`AGENTS`."""


def make_agent(name: str, seed: int, budget_ms: float | None = None) -> Agent:
    """The agent called ``name`` (``random``...), seeded with ``seed``; an agent that
    searches (``search``) thinks ``budget_ms`` milliseconds per decision (default
    :data:`DEFAULT_BUDGET_MS`); the others don't take the budget.

    >>> make_agent("random", 1).__class__.__name__
    'RandomAgent'
    >>> make_agent("oracle", 1)
    Traceback (most recent call last):
    ...
    manastack.agents.registry.UnknownAgent: unknown agent 'oracle' (known: heuristic, random, search)
    """
    try:
        build = AGENTS[name]
    except KeyError:
        raise UnknownAgent(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})") \
            from None
    agent = build(seed)
    if budget_ms is not None and isinstance(agent, SearchAgent):
        if not budget_ms > 0:
            raise ValueError(f"a thinking time of {budget_ms} ms (it must be more than 0)")
        agent.budget_ms = float(budget_ms)
    return agent

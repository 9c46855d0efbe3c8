"""Players that answer decisions, by name through :func:`make_agent`: ``random`` (uniform
over the legal actions), ``heuristic`` (rules of thumb, no search) and ``search``
(information-set Monte Carlo tree search over the heuristic's play)."""

from manastack.agents.heuristic import HeuristicAgent
from manastack.agents.random_agent import RandomAgent
from manastack.agents.registry import AGENTS, Agent, UnknownAgent, make_agent
from manastack.agents.search import SearchAgent

__all__ = ["AGENTS", "Agent", "HeuristicAgent", "RandomAgent", "SearchAgent", "UnknownAgent",
           "make_agent"]

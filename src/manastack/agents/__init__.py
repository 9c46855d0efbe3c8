"""Players that answer decisions: random (uniform over legal actions) and more, by name
through :func:`make_agent`."""

from manastack.agents.heuristic import HeuristicAgent
from manastack.agents.random_agent import RandomAgent
from manastack.agents.registry import AGENTS, Agent, UnknownAgent, make_agent

__all__ = ["AGENTS", "Agent", "HeuristicAgent", "RandomAgent", "UnknownAgent", "make_agent"]

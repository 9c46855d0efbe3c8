"""Players that answer decisions: random (uniform over legal actions) and more."""

from manastack.agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]

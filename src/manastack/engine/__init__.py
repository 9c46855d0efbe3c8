"""The engine: the ``Game`` a front end drives, and new games.

>>> from manastack.engine import Game, new_game
>>> game = new_game(["Alice", "Bob"], [["Forest"] * 40, ["Island"] * 40], seed=1)
>>> isinstance(game, Game), game.decision.kind
(True, 'mulligan')
"""

from manastack.engine.determinization import determinize
from manastack.engine.game import Game
from manastack.engine.new_game import new_game

__all__ = ["Game", "determinize", "new_game"]

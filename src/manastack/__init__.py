"""manastack: a Magic: The Gathering rules engine that cites the Comprehensive Rules.

>>> from manastack import new_game, Pass
>>> game = new_game(["Alice", "Bob"], [["Forest"] * 40, ["Island"] * 40], seed=1)
>>> game.decision.kind
'mulligan'
"""

from manastack.engine import Game, new_game
from manastack.engine.notation import NotationError, action_text, parse_action
from manastack.errors import CardError, DeckError, IllegalAction, ScenarioError
from manastack.game import state as _state
from manastack.game.decisions import (
    Action,
    Activate,
    AssignDamage,
    Cast,
    Choose,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    OrderDamage,
    Pass,
    PlayLand,
)
from manastack.game.objects import PlayerRef
from manastack.game.state import SPECTATOR, GameOptions

#: Is this the mypyc-compiled build (``MANASTACK_COMPILE=1 pip install .``, README)?
COMPILED: bool = not (_state.__file__ or "").endswith(".py")

__all__ = [
    "Action", "Activate", "AssignDamage", "Cast", "Choose", "DeclareAttackers",
    "DeclareBlockers", "Decision", "Mulligan", "OrderDamage", "Pass", "PlayLand",
    "CardError", "DeckError", "IllegalAction", "ScenarioError", "PlayerRef", "Game",
    "GameOptions", "SPECTATOR", "new_game", "action_text", "parse_action", "NotationError",
]
__version__ = "0.1.0"

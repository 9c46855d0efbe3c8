"""An agent choosing uniformly among the legal actions, seeded (its own RNG, not the game's)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manastack.decisions import Action
    from manastack.game.state import Game


class RandomAgent:
    """Uniform random play.  Combinatorial decisions (attacks, blocks) are sampled
    uniformly without listing every declaration."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        return d.sample(game, self.rng)

"""An agent choosing uniformly among the legal actions, seeded (its own RNG, not the game's)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from manastack.agents.step_bound import StepActions
from manastack.game.decisions import Pass

if TYPE_CHECKING:
    from manastack.engine import Game
    from manastack.game.decisions import Action


class RandomAgent:
    """Uniform random play.  Combinatorial decisions (attacks, blocks) are sampled
    uniformly without listing every declaration.

    Free abilities (an ``{X}`` ability with X = 0, say) could be activated forever, so the
    agent passes priority once it has taken ``max_actions_per_step`` actions in one step
    (CR 104.4b: a loop of optional actions is not a draw, someone stops)."""

    def __init__(self, seed: int = 0, max_actions_per_step: int = 12) -> None:
        self.rng = random.Random(seed)
        self.max_actions_per_step = max_actions_per_step
        self._step_actions = StepActions(max_actions_per_step)

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        if d.kind != "priority":
            return d.sample(game, self.rng)
        bound = self._step_actions
        if not bound.allows(game):
            return Pass()
        action = d.sample(game, self.rng)
        if not isinstance(action, Pass):
            bound.took()
        return action

"""An agent choosing uniformly among the legal actions, seeded (its own RNG, not the game's)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from manastack.decisions import Pass

if TYPE_CHECKING:
    from manastack.decisions import Action
    from manastack.game.state import Game


class RandomAgent:
    """Uniform random play.  Combinatorial decisions (attacks, blocks) are sampled
    uniformly without listing every declaration.

    Free abilities (an ``{X}`` ability with X = 0, say) could be activated forever, so the
    agent passes priority once it has taken ``max_actions_per_step`` actions in one step
    (CR 104.4b: a loop of optional actions is not a draw, someone stops)."""

    def __init__(self, seed: int = 0, max_actions_per_step: int = 12) -> None:
        self.rng = random.Random(seed)
        self.max_actions_per_step = max_actions_per_step
        self._step_key: tuple[int, int, str] | None = None
        self._taken = 0

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        if d.kind != "priority":
            return d.sample(game, self.rng)
        st = game.step
        key = (game.turn_number, st.phase_id if st else -1, st.name if st else "")
        if key != self._step_key:
            self._step_key, self._taken = key, 0
        if self._taken >= self.max_actions_per_step:
            return Pass()
        action = d.sample(game, self.rng)
        if not isinstance(action, Pass):
            self._taken += 1
        return action

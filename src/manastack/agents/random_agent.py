"""An agent choosing uniformly among the legal actions, seeded (its own RNG, not the game's)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

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
        # the step the actions taken were counted in: turn, phase id, step name (kept as
        # three fields, compared without building a tuple each decision)
        self._turn = -1
        self._phase_id = -1
        self._step_name = ""
        self._taken = 0

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        if d.kind != "priority":
            return d.sample(game, self.rng)
        st = game.step
        turn = game.turn_number
        phase_id = st.phase_id if st is not None else -1
        name = st.name if st is not None else ""
        if turn != self._turn or phase_id != self._phase_id or name != self._step_name:
            self._turn, self._phase_id, self._step_name = turn, phase_id, name
            self._taken = 0
        if self._taken >= self.max_actions_per_step:
            return Pass()
        action = d.sample(game, self.rng)
        if not isinstance(action, Pass):
            self._taken += 1
        return action

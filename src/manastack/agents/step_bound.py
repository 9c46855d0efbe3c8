"""The bound on the actions an agent takes in one step (CR 104.4b).

A free ability (an ``{X}`` ability with X = 0, say) could be activated forever; a loop of
optional actions isn't a draw, someone stops it.  An agent passes priority once it has
taken the bound's number of actions in one step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manastack.game.state import GameState


class StepActions:
    """Counts an agent's actions in the current step: :meth:`allows` (a new step starts
    the count again), :meth:`took` after each action that isn't passing."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        # the step counted in: turn, phase id, step name (three fields, compared without
        # building a tuple each decision)
        self._turn = -1
        self._phase_id = -1
        self._step_name = ""
        self._taken = 0

    def allows(self, game: GameState) -> bool:
        """May the agent take another action in ``game``'s current step?"""
        st = game.step
        turn = game.turn_number
        phase_id = st.phase_id if st is not None else -1
        name = st.name if st is not None else ""
        if turn != self._turn or phase_id != self._phase_id or name != self._step_name:
            self._turn, self._phase_id, self._step_name = turn, phase_id, name
            self._taken = 0
        return self._taken < self.limit

    def took(self) -> None:
        """Count one action taken in the current step."""
        self._taken += 1

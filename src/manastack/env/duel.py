"""The Gymnasium single-agent environment ``manastack/Duel-v0``: a two-player game in which
the learner plays one seat and a manastack agent (``random``, ``heuristic``, ``search``:
:mod:`manastack.agents.registry`) the other.  Same observations and actions as the AEC
environment (``docs/env.md``); the opponent answers its decisions whole, between the
learner's steps.  Reward +1 / -1 / 0 at the end (a win, a loss, a draw or a game stopped
unfinished).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from manastack.agents.registry import make_agent
from manastack.env.actions import N_MAX
from manastack.env.aec import ILLEGAL_MODES, IllegalActionIndex, check_index
from manastack.env.core import N_MAX_STEPS, EnvConfigError, EnvCore
from manastack.env.observations import encode, observation_space
from manastack.env.text import view_text


class DuelEnv(gymnasium.Env):  # type: ignore[type-arg]
    """One seat of a duel against ``opponent`` (an agent's name), for Gymnasium."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, opponent: str = "heuristic", decks: Sequence[Any] | None = None,
                 seat: int = 0, n_max: int = N_MAX_STEPS, illegal: str = "raise",
                 penalty: float = -1.0, budget_ms: float | None = None,
                 render_mode: str | None = None) -> None:
        if illegal not in ILLEGAL_MODES:
            raise EnvConfigError(f"illegal={illegal!r}: one of {', '.join(ILLEGAL_MODES)}")
        if seat not in (0, 1):
            raise EnvConfigError(f"seat={seat!r}: 0 or 1")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise EnvConfigError(f"render_mode={render_mode!r}: one of ansi, human")
        if not (isinstance(n_max, int) and n_max > 0):
            raise EnvConfigError(f"n_max={n_max!r}: a number of steps > 0")
        try:
            make_agent(opponent, 0, budget_ms)
        except ValueError as e:
            raise EnvConfigError(str(e)) from None
        self.opponent_name = opponent
        self.budget_ms = budget_ms
        self.core = EnvCore(decks, "two_player", 2)
        self.seat = seat
        self.n_max = n_max
        self.illegal = illegal
        self.penalty = float(penalty)
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(N_MAX)
        self.steps = 0
        self.opponent = make_agent(opponent, 1, budget_ms)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2 ** 31))
        self.core.reset(game_seed)
        self.opponent = make_agent(self.opponent_name, game_seed + 1, self.budget_ms)
        self.steps = 0
        self._play_opponent()
        return encode(self.core, self.seat), {}

    def _play_opponent(self) -> None:
        """The opponent answers its decisions until the learner must choose or the game
        ends."""
        core = self.core
        while core.decider is not None and core.decider != self.seat:
            game = core.game
            assert game.decision is not None
            game.apply(game.decision.by, self.opponent.act(game))
            core.tree = None
            core.advance()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        core = self.core
        index = check_index(action, core.n_options())
        if index is None:
            if self.illegal == "raise":
                raise IllegalActionIndex(
                    f"action {action!r} is not one of the {core.n_options()} options of the "
                    "pending decision (see the observation's action_mask)")
            return encode(core, self.seat), self.penalty, True, False, {"illegal": True}
        core.choose(index)
        self.steps += 1
        self._play_opponent()
        game = core.game
        over = game.over or game.decision is None
        reward = core.result(self.seat) if over else 0.0
        terminated = over and not game.stopped
        truncated = (over and bool(game.stopped)) or (not over and self.steps >= self.n_max)
        return encode(core, self.seat), reward, terminated, truncated, {}

    def render(self) -> str | None:  # type: ignore[override]
        """The text view: the board as the learner sees it and its options."""
        if self.render_mode is None:
            return None
        text = view_text(self.core, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def text(self) -> str:
        """The text view, whatever the render mode."""
        return view_text(self.core, self.seat)

"""The PettingZoo AEC environment: every seat an agent (``player_0``...), the full rules
and every variant, 2 to 4 seats (``docs/env.md``).

The agent selected is the seat that must choose now (``decision.by``: a player controlled
by another is decided for by that other, CR 714.5).  Each agent's observation is
:func:`~manastack.env.observations.encode` of what it may see; its action an index into
the options of the pending sub-decision (:mod:`manastack.env.actions`).  Rewards come at
the end (:meth:`EnvCore.result <manastack.env.core.EnvCore.result>`); a seat out of a
game that goes on (multiplayer, CR 800.4a) is terminated with -1 at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from manastack.env.actions import N_MAX
from manastack.env.core import N_MAX_STEPS, EnvConfigError, EnvCore
from manastack.env.observations import encode, observation_space
from manastack.env.text import view_text
from manastack.errors import ManastackError

ILLEGAL_MODES: Final = ("raise", "penalty")


class IllegalActionIndex(ManastackError, ValueError):
    """An action index that isn't one of the pending sub-decision's options (masked)."""


def check_index(action: Any, n_options: int) -> int | None:
    """``action`` as an option index, or None if it isn't one of ``n_options``."""
    try:
        a = int(action)
    except (TypeError, ValueError):
        return None
    return a if 0 <= a < n_options and a == action else None


class ManastackAEC(AECEnv):  # type: ignore[misc]
    """manastack as a PettingZoo ``AECEnv`` (build it with :func:`aec_env`)."""

    metadata: dict[str, Any] = {"name": "manastack_v0", "render_modes": ["ansi", "human"],
                                "render_fps": 1,
                                "is_parallelizable": False}

    def __init__(self, decks: Sequence[Any] | None = None, variant: str | None = None,
                 players: int | None = None, seed: int | None = None,
                 n_max: int = N_MAX_STEPS, illegal: str = "raise", penalty: float = -1.0,
                 options: dict[str, Any] | None = None, render_mode: str | None = None
                 ) -> None:
        super().__init__()
        if illegal not in ILLEGAL_MODES:
            raise EnvConfigError(f"illegal={illegal!r}: one of {', '.join(ILLEGAL_MODES)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise EnvConfigError(f"render_mode={render_mode!r}: one of ansi, human")
        if not (isinstance(n_max, int) and n_max > 0):
            raise EnvConfigError(f"n_max={n_max!r}: a number of steps > 0")
        self.core = EnvCore(decks, variant, players, options)
        self.n_max = n_max
        self.illegal = illegal
        self.penalty = float(penalty)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.core.n_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_MAX) for a in self.possible_agents}
        self._seeder = random.Random(seed) if seed is not None else None
        self._first_seed = seed
        self.steps = 0
        #: Were rewards given since they were last cleared (at a step's start)?
        self._rewarded = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed = seed
        elif self._first_seed is not None:
            game_seed, self._first_seed = self._first_seed, None
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            game_seed = self._seeder.getrandbits(31)
        self.core.reset(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._rewarded = False
        self.agent_selection = self.possible_agents[0]
        self._after_step()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return encode(self.core, self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # (else every reward is 0 already)
            self._clear_rewards()
            self._rewarded = False
        index = check_index(action, self.core.n_options())
        if index is None:
            if self.illegal == "raise":
                raise IllegalActionIndex(
                    f"action {action!r} is not one of the {self.core.n_options()} options of "
                    f"{agent}'s pending decision (see the observation's action_mask)")
            self.rewards[agent] = self.penalty
            self._rewarded = True
            for a in self.agents:
                self.terminations[a] = True
            self._accumulate_rewards()
            self._deads_step_first()
            return
        self.core.choose(index)
        self.steps += 1
        self._after_step()

    def _after_step(self) -> None:
        core = self.core
        game = core.game
        over = game.over or game.decision is None
        ended = False  # (an agent done: rewards to add, and the dead step first)
        for a in self.agents:
            if self.terminations[a] or self.truncations[a]:
                ended = True
                continue
            seat = self._seat[a]
            if over:
                self.rewards[a] = core.result(seat)
                if game.stopped:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                ended = True
            elif core.out(seat):
                self.rewards[a] = core.result(seat)
                self.terminations[a] = True
                ended = True
            elif self.steps >= self.n_max:
                self.truncations[a] = True
                ended = True
        decider = core.decider
        if decider is not None:
            self.agent_selection = self.possible_agents[decider]
        if ended:
            self._rewarded = True
            self._accumulate_rewards()
            self._deads_step_first()

    def render(self) -> str | None:
        """The text view of the selected agent: the board as it sees it and its options
        (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = view_text(self.core, self._seat[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def text(self, agent: str) -> str:
        """The text view of ``agent`` (whatever the render mode)."""
        return view_text(self.core, self._seat[agent])

    def close(self) -> None:
        pass


def aec_env(decks: Sequence[Any] | None = None, variant: str | None = None,
            players: int | None = None, seed: int | None = None, n_max: int = N_MAX_STEPS,
            illegal: str = "raise", penalty: float = -1.0,
            options: dict[str, Any] | None = None,
            render_mode: str | None = None) -> ManastackAEC:
    """A PettingZoo AEC environment of manastack (``docs/env.md``).

    ``decks``: shipped deck names (``red_green``...) or lists of card names, dealt seat
    by seat (repeated as needed; default: the variant's default decks); ``variant``: a
    variant name (``two_player``, ``free_for_all``, ``two_headed_giant``, ``commander``,
    ``archenemy``, ``planechase``, ``vanguard``); ``players``: 2 to 4 seats (default: 2,
    or the variant's); ``seed``: the first game's seed (then each reset without one
    draws the next from it); ``n_max``: env steps before the episode is truncated;
    ``illegal``: ``"raise"`` (an action outside the mask raises IllegalActionIndex) or
    ``"penalty"`` (the episode ends, that agent rewarded ``penalty``)."""
    return ManastackAEC(decks, variant, players, seed, n_max, illegal, penalty, options,
                        render_mode)

"""Playing the environments with random masked actions (shared by the env tests)."""

from __future__ import annotations

import numpy as np

from manastack.env import ManastackAEC


def play_random(env: ManastackAEC, seed: int, check_space: bool = False) -> int:
    """Play one episode of ``env`` (reset with ``seed``) with uniformly random options;
    return the number of steps.  Every observation is checked to be in its space when
    ``check_space``, and every selected agent to have at least two options (forced
    sub-decisions are taken by the environment)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    n = 0
    for agent in env.agent_iter():
        obs, _reward, term, trunc, _info = env.last()
        if check_space:
            assert env.observation_space(agent).contains(obs)
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) >= 2, "a forced sub-decision was offered"
        env.step(int(rng.choice(legal)))
        n += 1
    return n

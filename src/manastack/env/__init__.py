"""Reinforcement-learning environments (``pip install 'manastack[rl]'``): a PettingZoo
AEC environment with the full rules, every variant and 2-4 seats
(:func:`aec_env`), and a Gymnasium single-agent duel against any manastack agent
(:class:`DuelEnv`), registered on import as ``manastack/Duel-v0``::

    import gymnasium
    import manastack.env  # registers manastack/Duel-v0
    env = gymnasium.make("manastack/Duel-v0", opponent="heuristic")

Actions, observations, rewards and the text view: ``docs/env.md``.
"""

from __future__ import annotations

import gymnasium

from manastack.env.actions import FEATURES, N_MAX, STEP_KINDS, ActionTree, action_steps
from manastack.env.aec import IllegalActionIndex, ManastackAEC, aec_env
from manastack.env.core import EnvConfigError, EnvCore
from manastack.env.duel import DuelEnv
from manastack.env.observations import observation_space

__all__ = ["FEATURES", "N_MAX", "STEP_KINDS", "ActionTree", "DuelEnv", "EnvConfigError",
           "EnvCore", "IllegalActionIndex", "ManastackAEC", "aec_env", "action_steps",
           "observation_space", "DUEL_ID"]

#: The Gymnasium id of :class:`DuelEnv`.
DUEL_ID = "manastack/Duel-v0"

if DUEL_ID not in gymnasium.registry:
    gymnasium.register(id=DUEL_ID, entry_point="manastack.env.duel:DuelEnv")

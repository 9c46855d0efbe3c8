"""The learner's wrapper ``MaskedFlatEnv``: ``action_masks()`` for sb3-contrib's
MaskablePPO and the flat observation (no torch needed)."""

from __future__ import annotations

import numpy as np

from manastack.env import N_MAX, DuelEnv
from manastack.env.masking import FLAT_SIZE, MaskedFlatEnv, flat_features


def test_action_masks_are_the_options_offered_and_the_flat_vector_is_bounded() -> None:
    """Each step: ``action_masks()`` is the Dict observation's ``action_mask`` as bools
    (the options of the pending sub-decision, at least two: forced ones are taken), and
    the flat vector is in its space, finite and about [-1, 1]."""
    dict_env = MaskedFlatEnv(DuelEnv(opponent="random", decks=["red_green", "white_black"]),
                             flat=False)
    flat_env = MaskedFlatEnv(DuelEnv(opponent="random", decks=["red_green", "white_black"]))
    assert flat_env.observation_space.shape == (FLAT_SIZE,)
    obs, _ = dict_env.reset(seed=4)
    flat, _ = flat_env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(120):
        mask = dict_env.action_masks()
        assert mask.dtype == bool and mask.shape == (N_MAX,)
        assert np.array_equal(mask, obs["action_mask"].astype(bool)) and mask.sum() >= 2
        assert np.array_equal(mask, flat_env.action_masks())
        assert np.array_equal(flat, flat_features(obs))
        assert flat_env.observation_space.contains(flat) and np.abs(flat).max() <= 8
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, _r, term, trunc, _ = dict_env.step(action)
        flat, _r2, term2, trunc2, _ = flat_env.step(action)
        assert (term, trunc) == (term2, trunc2)
        if term or trunc:
            break


def test_an_option_naming_a_permanent_says_whose_it_is() -> None:
    """A flat option row names its object's controller (none, the learner, another
    seat) from the battlefield rows: each ``activate`` of the learner's own land
    (a mana ability, CR 605) reads "mine"."""
    env = MaskedFlatEnv(DuelEnv(opponent="random", decks=["red_green", "white_black"]),
                        flat=False)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    from manastack.env.actions import STEP_KINDS
    from manastack.env.masking import _N_KINDS, OPTION_WIDTH

    activate = STEP_KINDS.index("activate") + 1
    seen = 0
    for _ in range(300):
        rows = flat_features(obs)[:N_MAX * OPTION_WIDTH].reshape(N_MAX, OPTION_WIDTH)
        for i in np.flatnonzero(obs["action_mask"]):
            if obs["action_features"][i, 0] == activate:
                assert rows[i, _N_KINDS + 4 + 1] == 1.0  # (controller: me)
                seen += 1
        obs, _r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            break
    assert seen > 0

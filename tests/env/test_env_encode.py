"""The observation arrays filled straight from the game equal those made from
``game.observe(seat)`` (CR 400.2: the direct encoder shows nothing ``observe`` hides)."""

from __future__ import annotations

import numpy as np
from reference_encode import encode_from_view

from manastack.env import aec_env
from manastack.env.observations import encode


def _same_as_observe(variant: str | None, players: int, seed: int, steps: int) -> int:
    env = aec_env(variant=variant, players=players, n_max=steps)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    checked = 0
    for _agent in env.agent_iter():
        obs, _r, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        for seat in range(env.core.n_players):
            fast = encode(env.core, seat)
            ref = encode_from_view(env.core, seat)
            assert fast.keys() == ref.keys()
            for k, v in ref.items():
                assert fast[k].dtype == v.dtype and np.array_equal(fast[k], v), (k, seat)
            checked += 1
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return checked


def test_cr_400_2_direct_observation_equals_the_one_made_from_observe() -> None:
    """CR 400.2: at every step of random games (two-player, four-player Two-Headed Giant,
    Commander's command zone), every seat's arrays equal those made from ``observe``."""
    assert _same_as_observe(None, 2, 5, 400) > 400
    assert _same_as_observe("two_headed_giant", 4, 6, 150) > 150
    assert _same_as_observe("commander", 2, 7, 150) > 150
    assert _same_as_observe("planechase", 3, 8, 150) > 150

"""The environments against their libraries' own checks: PettingZoo's ``api_test`` and
``seed_test``, Gymnasium's ``check_env`` and registration (issue 41, item 4).

PettingZoo's ``max_cycles_test`` needs a ``parallel_env``; a game of Magic is turn based
(one player decides at a time, CR 116), so the environment is AEC only and that test
doesn't apply.
"""

from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import manastack.env
from manastack.env import DUEL_ID, DuelEnv, EnvConfigError, aec_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_pettingzoo_api_test_1000_cycles() -> None:
    """PettingZoo's api_test, 1,000 cycles, a two-player game."""
    api_test(aec_env(seed=3), num_cycles=1000)


def test_pettingzoo_api_test_two_headed_giant() -> None:
    """api_test with four seats in two teams (CR 810)."""
    api_test(aec_env(variant="two_headed_giant", seed=5), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    """Two environments reset with the same seed play the same episode."""
    seed_test(lambda: aec_env(), num_cycles=500)


def test_gymnasium_check_env() -> None:
    """Gymnasium's env checker: spaces, reset with a seed, step (unmasked random actions
    end the episode with the penalty), render."""
    check_env(DuelEnv(opponent="heuristic", illegal="penalty"))
    check_env(DuelEnv(opponent="random", illegal="penalty", render_mode="ansi"))


def test_gymnasium_make_after_import() -> None:
    """``import manastack.env`` registers manastack/Duel-v0; the opponent is an agent by
    name."""
    assert DUEL_ID == "manastack/Duel-v0" and manastack.env.DUEL_ID in gymnasium.registry
    env = gymnasium.make("manastack/Duel-v0", opponent="heuristic")
    obs, info = env.reset(seed=1)
    assert obs["action_mask"].sum() >= 2 and info == {}
    env.close()


def test_bad_arguments_are_refused_in_one_line() -> None:
    """An unknown variant, opponent or illegal-action mode: EnvConfigError."""
    for build in (lambda: aec_env(variant="chess"), lambda: aec_env(players=5),
                  lambda: aec_env(illegal="ignore"), lambda: DuelEnv(opponent="oracle")):
        with pytest.raises(EnvConfigError) as e:
            build()
        assert "\n" not in str(e.value)


def test_docs_env_examples_run() -> None:
    """The Python examples of docs/env.md run as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "env.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    for block in blocks:
        exec(compile(block, "docs/env.md", "exec"), {})

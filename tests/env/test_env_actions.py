"""Actions: the options of sequential sub-decisions over the engine's legal actions
(docs/env.md, "Actions"; issue 41, item 2)."""

from __future__ import annotations

import numpy as np
import pytest

from manastack.env import N_MAX, ActionTree, IllegalActionIndex, aec_env
from manastack.env.duel import DuelEnv
from manastack.game.decisions import Choose, DeclareAttackers, Pass
from manastack.game.objects import PlayerRef


def test_cr_508_1_attackers_declared_one_by_one() -> None:
    """CR 508.1: a declaration of attackers is chosen an attacker at a time, then done;
    the engine gets the whole declaration."""
    bob = PlayerRef(1)
    acts = [DeclareAttackers(()), DeclareAttackers(((7, bob),)), DeclareAttackers(((8, bob),)),
            DeclareAttackers(((7, bob), (8, bob)))]
    tree = ActionTree(acts)
    assert tree.options == [("attack",)]  # forced: the environment takes it
    assert tree.choose(0) is None
    assert tree.options == [("done",), ("attacker", 7, bob), ("attacker", 8, bob)]
    assert tree.choose(1) is None
    assert tree.options == [("done",), ("attacker", 8, bob)]
    assert tree.choose(0) == acts[1]  # done: attacking with 7 alone


def test_the_only_action_left_is_taken_whole() -> None:
    """Once the steps chosen begin one action alone, it is the answer: each of its
    remaining sub-decisions would offer one option (forced, so never offered)."""
    bob = PlayerRef(1)
    acts = [DeclareAttackers(()), DeclareAttackers(((7, bob),)), DeclareAttackers(((8, bob),)),
            DeclareAttackers(((7, bob), (8, bob)))]
    tree = ActionTree(acts)
    tree.choose(0)
    assert tree.choose(2) == acts[2]  # attacker 8 first: only "8 alone" begins so
    tree = ActionTree(acts)
    tree.choose(0)
    tree.choose(1)  # attacker 7
    assert tree.choose(1) == acts[3]  # then attacker 8: one action left, done forced
    assert ActionTree([Pass(), Choose((3,))]).choose(0) == Pass()


def test_more_than_n_max_options_are_paged() -> None:
    """A sub-decision with more options than N_MAX offers N_MAX - 1 and ``more``."""
    acts = [Choose((i,)) for i in range(1, 101)]
    tree = ActionTree(acts)
    tree.choose(0)  # the head, "choose"
    assert len(tree.options) == N_MAX and tree.options[-1] == ("more",)
    assert tree.options[0] == ("item", 1)
    assert tree.choose(N_MAX - 1) is None
    assert tree.options[0] == ("item", N_MAX) and len(tree.options) <= N_MAX
    tree.choose(0)
    assert tree.choose(0) == Choose((N_MAX,))


def test_options_follow_the_engine_order() -> None:
    """Options come in the order in which they first appear among the legal actions."""
    tree = ActionTree([Pass(), Choose((3,)), Choose((2,))])
    assert tree.options == [("pass",), ("choose",)]


def test_illegal_index_raises_by_default() -> None:
    """An index outside the mask raises IllegalActionIndex and changes nothing."""
    env = aec_env(seed=1)
    env.reset(seed=1)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.core.game.state_hash()
    with pytest.raises(IllegalActionIndex):
        env.step(bad)
    assert env.core.game.state_hash() == before


def test_illegal_index_with_penalty_ends_the_episode() -> None:
    """illegal="penalty": the episode ends, that agent rewarded the penalty, others 0."""
    env = aec_env(seed=1, illegal="penalty", penalty=-5.0)
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(N_MAX - 1)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -5.0
    assert sum(env._cumulative_rewards.values()) == -5.0
    duel = DuelEnv(opponent="random", illegal="penalty")
    duel.reset(seed=2)
    _obs, reward, terminated, truncated, _ = duel.step(N_MAX - 1)
    assert (reward, terminated, truncated) == (-1.0, True, False)


def test_features_name_the_options() -> None:
    """Each offered option has a feature row (kind first); masked-out rows are zero."""
    env = aec_env(seed=4)
    env.reset(seed=4)
    obs, *_ = env.last()
    n = int(obs["action_mask"].sum())
    feats = obs["action_features"]
    assert (feats[:n, 0] > 0).all() and not feats[n:].any()

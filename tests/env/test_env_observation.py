"""Observations: only what the seat may see (CR 400.2), fixed shapes, and the text view
(issue 41, item 3)."""

from __future__ import annotations

import random

import numpy as np

from manastack.env import aec_env
from manastack.env.observations import encode, rule_numbers

SAFE_KINDS = {"priority", "declare_attackers", "declare_blockers", "assign_damage",
              "mulligan", "discard", "choose_targets", "order_blockers"}


def test_cr_400_2_observation_unchanged_when_hidden_cards_are_dealt_again() -> None:
    """CR 400.2, 401.2, 402.3: deal again everything the seat can't see (the libraries,
    the other hands, face-down cards: ``determinize`` with another generator); the
    seat's observation arrays are bit-identical."""
    checked = changed = 0
    for variant, seed in ((None, 11), ("free_for_all", 12)):
        env = aec_env(variant=variant, seed=seed)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for i, agent in enumerate(env.agent_iter(400)):
            obs, _r, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            decision = env.core.game.decision
            if i % 5 == 0 and decision is not None and decision.kind in SAFE_KINDS:
                for k in range(2):
                    other = env.core.determinized(seat, random.Random(1000 * i + k))
                    again = encode(other, seat)
                    for key, arr in obs.items():
                        assert arr.dtype == again[key].dtype
                        assert arr.tobytes() == again[key].tobytes(), (key, i)
                    hidden = [p.hand for p in env.core.game.players if p.index != seat]
                    redealt = [[other.game.objects[o].name for o in h] for h in hidden]
                    if redealt != [[env.core.game.objects[o].name for o in h]
                                   for h in hidden]:
                        changed += 1
                checked += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked >= 10 and changed >= 5


def test_rule_numbers() -> None:
    """A decision's rule as (section, paragraph, letter)."""
    assert rule_numbers("510.1c") == (510, 1, 3)
    assert rule_numbers("103.4") == (103, 4, 0)
    assert rule_numbers("") == (0, 0, 0)


def test_text_view_lists_the_options_in_the_notation() -> None:
    """render() (ansi): the board as the seat sees it, then each option numbered as the
    action space numbers them."""
    env = aec_env(seed=2, render_mode="ansi")
    env.reset(seed=2)
    obs, *_ = env.last()
    text = env.render()
    assert text is not None and "(you)" in text and "hand:" in text
    lines = text.split("options:\n")[1].splitlines()
    assert len(lines) == int(obs["action_mask"].sum())
    assert lines[0].startswith("  0: ")


def test_values_beyond_the_bound_are_clipped_whichever_rows_were_kept() -> None:
    """A life total, power and damage beyond ``BOUND`` read as ``±BOUND`` (the arrays are
    int32 within ``observation_space``), whether the battlefield's rows were made afresh or
    kept from the last observation and only their damage read again."""
    from manastack.env.fields import BOUND
    from manastack.env.observations import observation_space

    env = aec_env(seed=3)
    env.reset(seed=3)
    for _ in range(60):  # (to a position with permanents on both sides)
        obs, _r, term, trunc, _ = env.last()
        mask = np.flatnonzero(obs["action_mask"])
        env.step(int(mask[0]) if len(mask) == 1 else int(mask[-1]))
    game = env.core.game
    assert game.battlefield
    game.players[1].life = 5 * BOUND
    game.changed(None)
    first = encode(env.core, 0)  # (the battlefield's rows made and kept for seat 0)
    assert first["players"][1, 1] == BOUND
    game.players[1].life = 20
    game.changed(None)
    encode(env.core, 0)  # (made and kept again)
    o = game.objects[game.battlefield[0]]
    o.damage = 3 * BOUND
    game.changed("damage")  # (narrow: the kept rows' damage is read again)
    obs = encode(env.core, 0)
    assert BOUND in obs["battlefield"][:, :, 6]
    assert observation_space().contains(obs)
    o.damage = 0
    game.changed("damage")
    game.players[1].life = -7 * BOUND
    game.changed(None)
    obs = encode(env.core, 0)
    assert obs["players"][1, 1] == -BOUND
    assert BOUND not in obs["battlefield"][:, :, 6]
    assert first["players"][1, 1] == BOUND  # (an observation kept stays as it was)


def test_object_ids_past_the_bound_are_clipped() -> None:
    """Ids past ``BOUND`` (after that many objects were made) read as ``BOUND``: a card
    drawn then gets a new id (CR 400.7), shown clipped in the drawing seat's hand."""
    from manastack.env.fields import BOUND
    from manastack.env.observations import observation_space
    from manastack.rules.zones import draw

    env = aec_env(seed=4)
    env.reset(seed=4)
    game = env.core.game
    game._next_id = 2 * BOUND  # (as if that many objects had been made)
    draw(game, 0)
    assert game.players[0].hand[-1] > BOUND
    obs = encode(env.core, 0)
    assert BOUND in obs["hand"][:, 0]
    assert observation_space().contains(obs)


def test_cr_121_1_a_permanents_row_follows_its_counters_and_characteristics() -> None:
    """Rows made again after a wide change reuse a permanent's row only while its
    characteristics, counters (121.1), attachment and phasing are the same: a counter put
    on one permanent shows on its row (counters and power, 613.3d) and leaves the others'
    rows as they were; a fresh encoding of every row agrees."""
    from manastack.env.board_rows import _board_rows
    from manastack.env.fields import PERMANENT_FIELDS
    from manastack.env.observations import _plain_names
    from manastack.game.objects import GameObject

    env = aec_env(seed=3)
    env.reset(seed=3)
    game = env.core.game
    for _ in range(200):  # (to a position with a creature on the battlefield)
        obs, _r, term, trunc, _ = env.last()
        creatures = [o for o in (game.objects[i] for i in game.battlefield)
                     if isinstance(o, GameObject) and game.chars(o).power is not None]
        if creatures:
            break
        mask = np.flatnonzero(obs["action_mask"])
        env.step(int(mask[-1]))
    assert creatures
    seat = game.chars(creatures[0]).controller
    before = encode(env.core, seat)["battlefield"][0]
    bear = creatures[0]
    row = next(r for r in before if r[0] == bear.id)
    bear.counters["+1/+1"] = bear.counters.get("+1/+1", 0) + 1
    game.changed(None)  # (a wide change: the rows are made again)
    after = encode(env.core, seat)["battlefield"][0]
    new_row = next(r for r in after if r[0] == bear.id)
    counters = PERMANENT_FIELDS.index("counters")
    power = PERMANENT_FIELDS.index("power")
    assert new_row[counters] == row[counters] + 1 and new_row[power] == row[power] + 1
    others = [r for r in before if r[0] not in (0, bear.id)]
    assert all(any((r == s).all() for s in after) for r in others)
    bear.counters["charge"] = 1  # (no characteristic reads it: the counters alone change)
    game.changed(None)
    charged = encode(env.core, seat)["battlefield"][0]
    charged_row = next(r for r in charged if r[0] == bear.id)
    assert charged_row[counters] == new_row[counters] + 1
    assert charged_row[power] == new_row[power]
    fresh = _board_rows(game, seat, len(game.players), _plain_names(), {})[0][0]
    assert list(fresh) == list(charged[:len(fresh) // len(PERMANENT_FIELDS)].ravel())

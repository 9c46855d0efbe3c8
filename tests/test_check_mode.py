"""Check mode (``MANASTACK_CHECK_MEMOS=1``, ``GameState.check_memos``): every kept value
the game is about to use is computed afresh and compared; a difference is an engine bug
(a cache missed a change) and raises ``StaleMemo``.  ``.ci/run`` plays the soak games in
it.  These tests plant a change the journal doesn't hear of (a change made behind the
rules' primitives) and check that each kind of memo is caught."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from manastack.engine import Game
from manastack.engine.setup import put, start_at
from manastack.errors import StaleMemo
from manastack.game.objects import Zone
from manastack.rules.casting import listed_priority_actions


def _game(check: bool) -> Game:
    g = Game(["Alice", "Bob"], 0)
    g.check_memos = check
    return g


def test_cr_613_kept_characteristics_checked_against_the_layers() -> None:
    """613: Grizzly Bears' characteristics, kept in the view, are 2/2; a +1/+1 counter put
    on it behind the rules' back (no ``changed()``) leaves the kept view stale: unnoticed
    normally, refused in check mode."""
    for check in (False, True):
        g = _game(check)
        bears = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
        start_at(g, "precombat_main", run=False)
        assert g.chars(bears).power == 2
        bears.counters["+1/+1"] = 1  # (not through a primitive: no change is recorded)
        g.changed("tapped")  # a narrow change the view doesn't read
        if check:
            with pytest.raises(StaleMemo, match="characteristics"):
                g.chars(bears)
        else:
            assert g.chars(bears).power == 2  # the stale value, as kept


def test_cr_116_1_kept_legal_actions_checked_against_a_fresh_listing() -> None:
    """116.1: Alice's legal actions with a Mountain in play and Shock in hand include
    casting Shock; the Mountain tapped behind the rules' back leaves the kept list (and the
    kept mana sources it was listed from) stale."""
    for check in (False, True):
        g = _game(check)
        mountain = put(g, 0, Zone.BATTLEFIELD, "Mountain")
        put(g, 0, Zone.HAND, "Shock")
        start_at(g, "precombat_main", run=False)
        before = listed_priority_actions(g, 0)
        assert any(a.verb == "cast" for a in before)
        mountain.tapped = True  # (not through a primitive)
        if check:
            with pytest.raises(StaleMemo, match="mana_sources|legal actions"):
                listed_priority_actions(g, 0)
        else:
            assert listed_priority_actions(g, 0) == before


def test_cr_704_3_a_skipped_state_based_action_check_is_checked() -> None:
    """704.3: a check that found nothing to do is skipped until something it reads
    changes; lethal damage marked behind the rules' back is refused in check mode."""
    from manastack.rules.sba import perform
    g = _game(True)
    bears = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", run=False)
    assert perform(g) is False
    bears.damage = 5  # (not through deal_damage)
    with pytest.raises(StaleMemo, match="state-based action"):
        perform(g)


def test_check_mode_is_set_by_the_environment() -> None:
    """``MANASTACK_CHECK_MEMOS=1`` turns it on for every game of the process."""
    code = "from manastack.engine import Game; print(Game(['A', 'B'], 0).check_memos)"
    env = {**os.environ, "MANASTACK_CHECK_MEMOS": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "True"
    assert _game(False).copy().check_memos is False
    assert _game(True).copy().check_memos is True

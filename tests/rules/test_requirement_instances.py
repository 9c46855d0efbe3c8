"""Each instance of an attack or block requirement counts (CR 508.1d, 509.1c).

Rule flags are kept in a set; a requirement given twice (Lure on a Prized Unicorn, Incite
on Juggernaut) must still count twice when the maximum number of obeyed requirements is
computed (hunt11b)."""

from __future__ import annotations

import pytest

from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import DeclareAttackers, DeclareBlockers
from manastack.game.objects import PlayerRef, Zone, flag_count, tag_flags

LURE = "all creatures able to block it do so"


def test_cr_509_1c_flag_instances_are_counted() -> None:
    """CR 509.1c: two instances of the same requirement are two requirements; a flag
    given without an instance tag still counts once."""
    printed = tag_flags(frozenset({LURE, "can't block"}), "printed")
    both = printed | tag_flags(frozenset({LURE}), "o7")
    assert flag_count(printed, LURE) == 1
    assert flag_count(both, LURE) == 2
    assert flag_count(frozenset({LURE}), LURE) == 1
    assert flag_count(both - {LURE}, LURE) == 0  # the flag itself removed: none left
    assert flag_count(both, "can't block") == 1  # not a counted flag: present once


def test_cr_509_1c_lure_on_prized_unicorn_is_two_requirements() -> None:
    """CR 509.1c: with one possible blocker, blocking the Lured Prized Unicorn obeys two
    requirements and blocking the other Prized Unicorn only one: only the first is legal."""
    g = setup_game()
    u1 = put(g, 0, Zone.BATTLEFIELD, "Prized Unicorn")
    u2 = put(g, 0, Zone.BATTLEFIELD, "Prized Unicorn")
    lure = put(g, 0, Zone.BATTLEFIELD, "Lure")
    lure.attached_to = u1.id
    g.changed()
    bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(((u1.id, PlayerRef(1)), (u2.id, PlayerRef(1)))))
    while g.decision is not None and g.decision.kind != "declare_blockers":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])
    assert g.decision is not None
    with pytest.raises(IllegalAction, match="509.1c"):
        g.decision.validate(g, DeclareBlockers(((bear.id, (u2.id,)),)))
    g.decision.validate(g, DeclareBlockers(((bear.id, (u1.id,)),)))

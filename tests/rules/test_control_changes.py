"""Changes of control noted by the rules as they happen (CR 302.6, 613.1b), never by a
refresh of the derived view (``rules/control_changes.py``)."""

from __future__ import annotations

import pytest

from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast
from manastack.game.objects import Zone
from manastack.rules.layers import Duration, LayerEffect, add_effect, set_controller

import testcards  # noqa: F401
from conftest import pass_until


def _stolen_elves(duration: str = "end_of_turn"):  # type: ignore[no-untyped-def]
    """Alice's Llanowar Elves (not summoning sick), under Bob's control through a layer-2
    effect created without any event (as a tool would), in Alice's turn 3."""
    g = setup_game()
    elves = put(g, 0, Zone.BATTLEFIELD, "Llanowar Elves")
    start_at(g, "precombat_main", turn=3)
    add_effect(g, LayerEffect("2", set_controller(1), frozenset({elves.id}), 1, None,
                              duration=Duration(duration), text="test: control"))
    return g, elves


def test_cr_302_6_a_view_refresh_writes_no_rule_fact() -> None:
    """302.6 is a fact of the game, not of a cache: computing the stolen creature's
    characteristics (the view, again in a copy with an empty store) doesn't mark the
    change of control; the rules' note after an event (here asked directly) does."""
    g, elves = _stolen_elves()
    assert elves.control_since == -1
    assert g.chars(elves).controller == 1 and g.controller(elves) == 1
    copy = g.copy()
    assert copy.chars(copy.obj(elves.id)).controller == 1
    assert elves.control_since == -1 and copy.obj(elves.id).control_since == -1
    g.settle_control()
    assert elves.control_since == 3


def test_cr_302_6_act_of_treason_stolen_creature_cant_tap_but_has_haste() -> None:
    """302.6: Act of Treason's target came under its caster's control this turn: without
    haste it couldn't use {T}; the haste the spell grants lets it (702.10)."""
    g = setup_game()
    elves = put(g, 1, Zone.BATTLEFIELD, "Llanowar Elves")
    treason = put(g, 0, Zone.HAND, "Act of Treason")
    start_at(g, "precombat_main", turn=3)
    set_mana(g, 0, "RRR")
    g.apply(0, Cast(treason.id, (elves.id,), pay=("pool",)))
    pass_until(g, lambda g: not g.stack)
    assert g.controller(elves) == 0 and elves.control_since == 3
    g.apply(0, Activate(elves.id, 0))
    assert str(g.players[0].mana_pool) == "G"


def test_cr_302_6_control_regained_at_cleanup_counts_from_that_turn() -> None:
    """302.6 and 514.2: control of an "until end of turn" steal returns in the cleanup
    step of the thief's turn, before the owner's turn begins, so the owner has controlled
    it continuously since their turn began: its {T} ability works in their next turn."""
    g = setup_game()
    elves = put(g, 1, Zone.BATTLEFIELD, "Llanowar Elves")
    start_at(g, "precombat_main", turn=3)
    add_effect(g, LayerEffect("2", set_controller(0), frozenset({elves.id}), 0, None,
                              duration=Duration("end_of_turn"), text="test: control"))
    g.settle_control()
    assert elves.control_since == 3
    pass_until(g, lambda g: g.turn_number == 4 and g.decision is not None
               and g.decision.kind == "priority" and g.decision.player == 1)
    assert g.controller(elves) == 1 and elves.control_since == 3
    g.apply(1, Activate(elves.id, 0))
    assert str(g.players[1].mana_pool) == "G"


def test_cr_302_6_a_creature_stolen_for_good_is_sick_until_the_thiefs_next_turn() -> None:
    """302.6: a creature Bob gained control of during Alice's turn 3 can use {T} in Bob's
    turn 4 (it began after the change).  Taken back by Alice in her turn 5, it can't use
    {T} for her that turn."""
    g, elves = _stolen_elves("permanent")
    pass_until(g, lambda g: g.turn_number == 4 and g.decision is not None
               and g.decision.kind == "priority" and g.decision.player == 1)
    assert elves.control_since == 3
    g.apply(1, Activate(elves.id, 0))
    pass_until(g, lambda g: g.turn_number == 5 and g.decision is not None
               and g.decision.kind == "priority" and g.decision.player == 0)
    g.effects[:] = []  # Alice gets it back, untapped (behind the rules' back: told below)
    elves.tapped = False
    g.changed()
    g.settle_control()
    assert g.controller(elves) == 0 and elves.control_since == 5
    with pytest.raises(IllegalAction, match="302.6"):
        g.apply(0, Activate(elves.id, 0))

"""Priority, casting, the stack and resolution (CR 117, 601, 602, 605, 608)."""

from __future__ import annotations

import pytest

from manastack import log as ev
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, Pass
from manastack.game.objects import PlayerRef, Zone

import testcards  # noqa: F401
from conftest import at_step, pass_until


def bolt_board():  # type: ignore[no-untyped-def]
    g = setup_game()
    m = put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    return g, m, bolt, bear


def test_cr_116_3a_active_player_receives_priority_first() -> None:
    """CR 116.3a: the active player receives priority at the beginning of most steps."""
    g = setup_game()
    start_at(g, "upkeep", turn=1, active=1)
    assert g.decision.kind == "priority" and g.decision.player == 1


def test_cr_601_2_casting_moves_to_stack_and_pays_costs() -> None:
    """CR 601.2a, 601.2g-h: the spell goes on the stack; its cost is paid by a mana ability."""
    g, m, bolt, bear = bolt_board()
    g.apply(0, Cast(bolt.id, (bear.id,)))
    assert len(g.stack) == 1 and g.obj(m.id).tapped
    assert g.decision.player == 0  # 116.3c: the caster receives priority again
    assert any(e.kind == ev.CAST and e.rule == "601.2i" for e in g.log)


def test_cr_608_2_resolution_then_sba_destroys_creature() -> None:
    """CR 608.2k then 704.5g: Bolt resolves, goes to the graveyard; the SBA destroys."""
    g, m, bolt, bear = bolt_board()
    g.apply(0, Cast(bolt.id, (bear.id,)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert not g.stack
    assert [g.objects[i].name for i in g.players[1].graveyard] == ["Grizzly Bears"]
    assert [g.objects[i].name for i in g.players[0].graveyard] == ["Lightning Bolt"]
    assert any(e.rule == "704.5g" for e in g.log)
    assert g.decision.player == 0  # 116.3b: active player gets priority after resolution


def test_cr_608_2b_spell_with_illegal_target_does_not_resolve() -> None:
    """CR 608.2b: if all targets are illegal on resolution, the spell doesn't resolve."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    shock = put(g, 0, Zone.HAND, "Shock")
    bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(shock.id, (bear.id,)))
    g.apply(0, Cast(bolt.id, (bear.id,)))
    pass_until(g, lambda x: not x.stack)
    assert any(e.kind == ev.COUNTERED and e.rule == "608.2b" for e in g.log)
    assert g.players[1].life == 20


def test_cr_601_2c_illegal_target_rejected_and_state_unchanged() -> None:
    """CR 601.2c / 114.1: an illegal target is refused, citing the rule; nothing changes."""
    g, m, bolt, bear = bolt_board()
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="601.2c"):
        g.apply(0, Cast(bolt.id, (m.id,)))
    with pytest.raises(IllegalAction):
        g.apply(0, Cast(bolt.id, ()))
    assert g.state_hash() == before and g.decision.kind == "priority"


def test_cr_307_1_sorcery_timing() -> None:
    """CR 307.1: a sorcery only in your main phase with an empty stack."""
    g = setup_game()
    for _ in range(3):
        put(g, 0, Zone.BATTLEFIELD, "Swamp")
    rot = put(g, 0, Zone.HAND, "Mind Rot")
    start_at(g, "upkeep", turn=1)
    with pytest.raises(IllegalAction, match="307.1"):
        g.apply(0, Cast(rot.id, (PlayerRef(1),)))


def test_cr_601_2h_cannot_cast_without_mana() -> None:
    """CR 601.2h: the total cost must be paid; unpayable costs can't be paid."""
    g = setup_game()
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=1)
    with pytest.raises(IllegalAction, match="601.2h"):
        g.apply(0, Cast(bolt.id, (PlayerRef(1),)))


def test_cr_605_3b_mana_ability_doesnt_use_the_stack() -> None:
    """CR 605.3b: a mana ability resolves immediately; mana stays until the step ends."""
    g = setup_game()
    m = put(g, 0, Zone.BATTLEFIELD, "Mountain")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Activate(m.id, 0))
    assert not g.stack and str(g.players[0].mana_pool) == "R"
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    g.apply(0, Cast(bolt.id, (PlayerRef(1),), pay=("pool",)))
    assert str(g.players[0].mana_pool) == ""


def test_cr_302_6_summoning_sick_creature_cant_tap_for_mana() -> None:
    """CR 302.6: {T} abilities of a creature need control since the turn began."""
    g = setup_game()
    elf = put(g, 0, Zone.BATTLEFIELD, "Llanowar Elves", sick=True)
    start_at(g, "precombat_main", turn=1)
    with pytest.raises(IllegalAction, match="302.6"):
        g.apply(0, Activate(elf.id, 0))


def test_cr_302_6_sickness_lasts_through_the_opponents_next_turn() -> None:
    """CR 302.6: control "since their most recent turn began": a creature that came under
    A's control during A's turn 1 still can't use {T} abilities during B's turn 2, and can
    in A's turn 3."""
    g = setup_game()
    elf = put(g, 0, Zone.BATTLEFIELD, "Llanowar Elves", sick=True)
    start_at(g, "precombat_main", turn=1)
    pass_until(g, lambda g: g.turn_number == 2 and g.decision is not None
               and g.decision.kind == "priority" and g.decision.player == 0)
    with pytest.raises(IllegalAction, match="302.6"):
        g.apply(0, Activate(elf.id, 0))
    pass_until(g, lambda g: g.turn_number == 3 and g.decision is not None
               and g.decision.kind == "priority" and g.decision.player == 0)
    g.apply(0, Activate(elf.id, 0))
    assert str(g.players[0].mana_pool) == "G"


def test_cr_116_4_both_pass_resolves_top_object_first() -> None:
    """CR 405.5 / 116.4: the stack resolves last in, first out."""
    g = setup_game()
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    a = put(g, 0, Zone.HAND, "Shock")
    b = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(a.id, (PlayerRef(1),)))
    g.apply(0, Cast(b.id, (PlayerRef(1),)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.players[1].life == 17 and len(g.stack) == 1


def test_cr_704_5a_zero_life_loses() -> None:
    """CR 704.5a: a player with 0 or less life loses the game."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    g.players[1].life = 3
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(bolt.id, (PlayerRef(1),)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.over and g.winner == 0 and g.decision is None
    assert any(e.rule == "704.5a" for e in g.log)


def test_cr_704_5b_draw_from_empty_library_loses() -> None:
    """CR 704.5b: a player who attempted to draw from an empty library loses."""
    g = setup_game(filler=None)
    start_at(g, "draw", turn=2)
    assert g.over and g.winner == 1


def test_cr_704_5b_empty_library_draw_loses_before_priority_after_a_checked_upkeep() -> None:
    """CR 704.5b / 116.5: state-based actions are checked before a player receives
    priority; a player who attempted to draw from an empty library in their draw step loses
    then, even though the state-based actions were just checked in the upkeep with nothing
    changed since (the attempt itself is what they look at)."""
    g = setup_game(filler=None)
    start_at(g, "upkeep", turn=2)
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert any(e.rule == "704.5b" and "loses" in e.text for e in g.log)
    assert g.over and g.winner == 1


def test_cr_704_5c_ten_poison_counters_lose() -> None:
    """CR 704.5c: ten or more poison counters."""
    g = setup_game()
    g.players[1].poison = 10
    start_at(g, "upkeep", turn=1)
    assert g.over and g.winner == 0


def test_cr_704_5k_legend_rule_controller_keeps_one() -> None:
    """CR 704.5k (2017): a player with two legendary permanents of one name chooses one to
    keep; the rest go to the graveyard."""
    from manastack.game.decisions import Choose

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Kei Takahashi")
    second = put(g, 0, Zone.BATTLEFIELD, "Kei Takahashi")
    start_at(g, "upkeep", turn=1)
    assert g.decision.kind == "choose" and g.decision.rule == "704.5k"
    g.apply(0, Choose((second.id,)))
    assert [o.id for o in g.permanents(0)] == [second.id]
    assert len(g.players[0].graveyard) == 1


def test_cr_500_4_floating_mana_is_lost_no_mana_burn() -> None:
    """CR 500.4: mana empties from pools between steps; no life is lost (no mana burn)."""
    g = setup_game()
    set_mana(g, 1, "BBB")
    start_at(g, "upkeep", turn=1)
    pass_until(g, at_step("draw"))
    assert g.players[1].life == 20 and g.players[1].mana_pool.total() == 0


def test_cr_603_3b_apnap_order_of_triggers() -> None:
    """CR 603.3b: the active player's triggers go on the stack first (resolve last)."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Test End Step Gainer")
    put(g, 1, Zone.BATTLEFIELD, "Test End Step Gainer")
    start_at(g, "end", turn=1)
    top = g.objects[g.stack[-1]]
    assert g.controller(top) == 1  # NAP's ability is on top

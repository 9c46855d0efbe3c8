"""Planeswalkers (CR 306, 606): loyalty abilities, damage, state-based actions, attacks."""

from __future__ import annotations

import pytest

from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, Choose, DeclareAttackers
from manastack.game.objects import PlayerRef, Zone

from conftest import at_step, pass_until


def test_cr_606_3_loyalty_ability_once_per_turn_sorcery_speed() -> None:
    """CR 606.3: one loyalty ability of a permanent per turn, only at sorcery speed;
    606.4: the loyalty cost adds or removes loyalty counters."""
    g = setup_game()
    ajani = put(g, 0, Zone.BATTLEFIELD, "Ajani Goldmane")
    start_at(g, "upkeep", turn=1)
    with pytest.raises(IllegalAction, match="606.3"):
        g.apply(0, Activate(ajani.id, 0))
    pass_until(g, at_step("precombat_main"))
    g.apply(0, Activate(ajani.id, 0))
    assert g.obj(ajani.id).counters["loyalty"] == 5
    with pytest.raises(IllegalAction, match="606.3"):
        g.apply(0, Activate(ajani.id, 1))
    pass_until(g, lambda q: not q.stack)
    assert g.players[0].life == 22


def test_cr_606_5_cant_pay_more_loyalty_than_it_has() -> None:
    """CR 606.5: a negative loyalty cost can't be paid with too few counters."""
    g = setup_game()
    ajani = put(g, 0, Zone.BATTLEFIELD, "Ajani Goldmane")
    start_at(g, "precombat_main", turn=1)
    with pytest.raises(IllegalAction, match="606.5"):
        g.apply(0, Activate(ajani.id, 2))


def test_cr_704_5i_planeswalker_with_zero_loyalty_dies() -> None:
    """CR 704.5i: a planeswalker with 0 loyalty goes to its owner's graveyard; damage
    to a planeswalker removes loyalty counters (119.3c)."""
    g = setup_game()
    ajani = put(g, 1, Zone.BATTLEFIELD, "Ajani Goldmane", loyalty=3)
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(bolt.id, (PlayerRef(1),)))  # "target creature or player" (2017): the
    pass_until(g, lambda q: q.decision.kind == "redirect")  # damage is redirected (306.7)
    g.apply(0, Choose((ajani.id,)))
    pass_until(g, lambda q: not q.stack)
    assert ajani.id not in g.battlefield
    assert any(e.rule == "704.5i" for e in g.log) and any(e.rule == "119.3c" for e in g.log)


def test_cr_306_7_noncombat_damage_may_be_redirected_to_a_planeswalker() -> None:
    """CR 306.7 (2017 and the seeds' era): the opponent may redirect noncombat damage from
    a player to a planeswalker that player controls."""
    g = setup_game()
    ajani = put(g, 1, Zone.BATTLEFIELD, "Ajani Goldmane")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    shock = put(g, 0, Zone.HAND, "Shock")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(shock.id, (PlayerRef(1),)))
    pass_until(g, lambda q: q.decision.kind == "redirect")
    assert g.decision.rule == "306.7" and g.decision.player == 0
    g.apply(0, Choose((ajani.id,)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == 20 and g.obj(ajani.id).counters["loyalty"] == 2


def test_cr_508_1b_attack_a_planeswalker() -> None:
    """CR 508.1b / 506.3: creatures may attack the defending player's planeswalkers;
    unblocked damage removes loyalty."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    ajani = put(g, 1, Zone.BATTLEFIELD, "Ajani Goldmane")
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(((bear.id, ajani.id),)))
    pass_until(g, at_step("end_of_combat"))
    assert g.obj(ajani.id).counters["loyalty"] == 2 and g.players[1].life == 20


def test_ajani_goldmane_avatar_has_life_total_pt() -> None:
    """Ajani Goldmane's −6: an Avatar whose P/T equal your life total (CDA, 604.3)."""
    g = setup_game()
    ajani = put(g, 0, Zone.BATTLEFIELD, "Ajani Goldmane", loyalty=6)
    g.players[0].life = 13
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Activate(ajani.id, 2))
    pass_until(g, lambda q: not q.stack)
    avatar = [o for o in g.permanents(0) if o.name == "Avatar"][0]
    assert (g.chars(avatar).power, g.chars(avatar).toughness) == (13, 13)
    assert ajani.id not in g.battlefield  # 0 loyalty (704.5i)

"""Costs to attack and block (CR 508.1d, 508.1h-j, 509.1c-f)."""

from __future__ import annotations

import pytest

from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import DeclareAttackers, DeclareBlockers
from manastack.game.objects import PlayerRef, Zone

import testcards  # noqa: F401


def test_cr_508_1j_cost_to_attack_paid_or_illegal() -> None:
    """CR 508.1h-j: the total cost to attack is locked in and paid (mana abilities may be
    activated); without enough mana the declaration is illegal and nothing changes."""
    g = setup_game()
    put(g, 1, Zone.BATTLEFIELD, "Test Propaganda")
    a = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    b = put(g, 0, Zone.BATTLEFIELD, "Runeclaw Bear")
    lands = [put(g, 0, Zone.BATTLEFIELD, "Forest") for _ in range(3)]
    start_at(g, "declare_attackers", turn=1)
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="508.1j"):
        g.apply(0, DeclareAttackers(((a.id, PlayerRef(1)), (b.id, PlayerRef(1)))))
    assert g.state_hash() == before
    g.apply(0, DeclareAttackers(((a.id, PlayerRef(1)),)))
    assert sum(g.obj(x.id).tapped for x in lands) == 2
    assert any(e.rule == "508.1h" for e in g.log)


def test_cr_508_1d_no_requirement_to_pay_an_attack_cost() -> None:
    """CR 508.1d: a creature that must attack if able isn't required to pay a cost to
    attack: declaring no attackers is legal; attacking (paying) is legal too."""
    g = setup_game()
    put(g, 1, Zone.BATTLEFIELD, "Test Propaganda")
    eager = put(g, 0, Zone.BATTLEFIELD, "Test Eager Bear")
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Forest")
    start_at(g, "declare_attackers", turn=1)
    g.decision.validate(g, DeclareAttackers(()))
    g.decision.validate(g, DeclareAttackers(((eager.id, PlayerRef(1)),)))


def test_cr_509_1f_cost_to_block() -> None:
    """CR 509.1d-f: blocking costs are paid by the defending player; unpayable ones make
    the declaration illegal (509.1f)."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Test Block Tax")
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    b1 = put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    b2 = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    land = put(g, 1, Zone.BATTLEFIELD, "Forest")
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(((atk.id, PlayerRef(1)),)))
    while g.decision.kind != "declare_blockers":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])
    with pytest.raises(IllegalAction, match="509.1f"):
        g.apply(1, DeclareBlockers(((b1.id, (atk.id,)), (b2.id, (atk.id,)))))
    g.apply(1, DeclareBlockers(((b1.id, (atk.id,)),)))
    assert g.obj(land.id).tapped and any(e.rule == "509.1d" for e in g.log)

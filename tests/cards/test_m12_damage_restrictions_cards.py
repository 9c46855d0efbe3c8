"""Magic 2012 cards using divided damage, target-dependent costs, targeting and countering
restrictions, targets chosen by another player, mana spending restrictions, state triggers
and replacement effects from a hand: each card's defining behaviour in a real game
position, with the rule subtleties it depends on."""

from __future__ import annotations

import pytest
from cardplay import (
    BF,
    HAND,
    P1,
    advance,
    answer,
    cast,
    lands,
    life,
    new_game,
    on_bf,
    settle,
)

from manastack.engine.setup import put, set_mana, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, DeclareAttackers
from manastack.rules.casting import priority_actions

from conftest import at_step

# ================================================================ Inferno Titan


def test_inferno_titan_one_target_gets_all_three_and_firebreathing() -> None:
    """With one target there is nothing to divide: it gets all 3 (601.2d).  {R}: +1/+0
    until end of turn."""
    g = new_game()
    lands(g, 0, "Mountain", 2)
    titan = put(g, 0, BF, "Inferno Titan")
    start_at(g, "beginning_of_combat")
    g.apply(0, Activate(titan.id, 0))
    settle(g)
    assert g.chars(g.obj(titan.id)).power == 7
    advance(g, lambda x: x.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(((titan.id, P1),)))
    answer(g, P1)
    assert g.decision.kind == "priority"  # no division to choose
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 - 3 - 7


# ================================================================ Consume Spirit


def test_consume_spirit_spends_only_black_mana_on_x() -> None:
    """"Spend only black mana on X" (106.6, 107.3): with two Swamps and three Mountains,
    {B} and {1} leave one Swamp for X, so X = 2 can't be paid (601.2h) and isn't listed;
    X = 1 deals 1 and gains 1."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    lands(g, 0, "Mountain", 3)
    cs = put(g, 0, HAND, "Consume Spirit")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2h"):
        cast(g, cs, P1, x=2)
    xs = {a.x for a in priority_actions(g, 0) if isinstance(a, Cast) and a.card == cs.id}
    assert xs == {0, 1}
    cast(g, cs, P1, x=1)
    settle(g)
    assert life(g, 1) == 19 and life(g, 0) == 21
    assert sum(o.tapped for o in on_bf(g, "Swamp")) == 2
    assert sum(o.tapped for o in on_bf(g, "Mountain")) == 1


def test_consume_spirit_black_mana_pays_a_bigger_x() -> None:
    """With black mana in the pool X may be bigger: X = 3 from {B}{B}{B}{B} + {R}."""
    g = new_game()
    cs = put(g, 0, HAND, "Consume Spirit")
    start_at(g, "precombat_main")
    set_mana(g, 0, "BBBBR")
    cast(g, cs, P1, x=3)
    settle(g)
    assert life(g, 1) == 17 and life(g, 0) == 23


"""Planeswalkers of Magic 2012: each loyalty ability in a real game position, following
current Oracle text."""

from __future__ import annotations

import pytest
from cardplay import (
    BF,
    HAND,
    LIB,
    P0,
    P1,
    activate_ability,
    advance,
    lands,
    loyalty,
    names,
    new_game,
    on_bf,
    pt,
    settle,
)

from manastack.cards.dsl import make_card
from manastack.cards.registry import register_test_card
from manastack.engine.setup import put, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    Cast,
)

import testcards  # noqa: F401
from conftest import at_step

# ---------------------------------------------------------------- helpers


_HUMAN_WALKER = register_test_card(make_card(
    "Test Human Walker", "{3}", types=("Planeswalker",), subtypes=("Ajani", "Human"),
    loyalty=3))
_HUMAN_WALKER_2 = register_test_card(make_card(
    "Test Human Walker Two", "{3}", types=("Planeswalker",), subtypes=("Chandra", "Human"),
    loyalty=3))


# ================================================================ Jace, Memory Adept


def test_jace_memory_adept_plus_one_draw_and_target_mills_one() -> None:
    """Jace, Memory Adept +1: you draw a card, then target player mills a card (CR 608.2c:
    in written order)."""
    g = new_game()
    jace = put(g, 0, BF, "Jace, Memory Adept")
    top = put(g, 1, LIB, "Serra Angel")
    start_at(g, "precombat_main")
    activate_ability(g, jace, 0, P1)
    assert loyalty(g, jace) == 5
    settle(g)
    assert len(g.players[0].hand) == 1 and len(g.players[0].library) == 39
    assert names(g, g.players[1].graveyard) == ["Serra Angel"]
    assert len(g.players[1].library) == 40 and top.id not in g.players[1].library


def test_jace_memory_adept_zero_mills_ten() -> None:
    """Jace, Memory Adept 0: target player (yourself is legal) mills ten cards; a [0]
    loyalty ability is still his one loyalty ability this turn (CR 606.3)."""
    g = new_game()
    jace = put(g, 0, BF, "Jace, Memory Adept")
    start_at(g, "precombat_main")
    activate_ability(g, jace, 1, P0)
    assert loyalty(g, jace) == 4
    settle(g)
    assert len(g.players[0].graveyard) == 10 and len(g.players[0].library) == 30
    with pytest.raises(IllegalAction, match="606.3"):
        activate_ability(g, jace, 0, P1)
    advance(g, at_step("precombat_main", 2))
    assert g.active_player == 1
    advance(g, at_step("precombat_main", 3))
    activate_ability(g, jace, 1, P1)  # a new turn: one more loyalty ability
    settle(g)
    assert len(g.players[1].graveyard) == 10


def test_jace_memory_adept_minus_seven_any_number_of_players_draw_twenty() -> None:
    """Jace, Memory Adept −7: any number of target players each draw twenty cards -- zero
    targets is a legal choice (CR 601.2c); a player who can't draw all of them loses the
    next time state-based actions are checked (704.5b)."""
    g = new_game()
    jace = put(g, 0, BF, "Jace, Memory Adept", loyalty=7)
    start_at(g, "precombat_main")
    assert Activate(jace.id, 2, ()) in g.legal_actions()
    g2 = new_game()
    g2.players[1].library.clear()
    for _ in range(15):
        put(g2, 1, LIB, "Plains")
    jace2 = put(g2, 0, BF, "Jace, Memory Adept", loyalty=7)
    start_at(g2, "precombat_main")
    activate_ability(g2, jace2, 2, P0, P1)
    settle(g2)
    assert len(g2.players[0].hand) == 20 and len(g2.players[0].library) == 20
    assert len(g2.players[1].hand) == 15
    assert g2.over and g2.winner == 0
    assert any(e.rule == "704.5b" for e in g2.log)


# ================================================================ Garruk, Primal Hunter


def test_garruk_primal_hunter_plus_one_beast_token() -> None:
    """Garruk, Primal Hunter +1: create a 3/3 green Beast creature token (CR 110.5)."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk, Primal Hunter")
    start_at(g, "precombat_main")
    activate_ability(g, garruk, 0)
    settle(g)
    assert loyalty(g, garruk) == 4
    (beast,) = on_bf(g, "Beast", 0)
    c = g.chars(beast)
    assert beast.is_token and (c.power, c.toughness) == (3, 3) and c.colors == {"G"}


def test_garruk_primal_hunter_minus_three_draws_greatest_power() -> None:
    """Garruk, Primal Hunter −3: draw cards equal to the greatest power among creatures you
    control, counted as the ability resolves (CR 608.2g) -- a Giant Growth cast in response
    counts; the opponent's bigger creature doesn't."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk, Primal Hunter")
    put(g, 0, BF, "Garruk's Packleader")  # 4/4
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Forest")
    growth = put(g, 0, HAND, "Giant Growth")
    put(g, 1, BF, "Serra Angel")
    start_at(g, "precombat_main")
    activate_ability(g, garruk, 1)
    assert garruk.id not in g.battlefield  # 0 loyalty (704.5i); the ability stays
    g.apply(0, Cast(growth.id, (bear.id,)))
    settle(g)
    assert pt(g, bear) == (5, 5)
    assert len(g.players[0].hand) == 5


def test_garruk_primal_hunter_minus_three_with_no_creatures_draws_nothing() -> None:
    """Garruk, Primal Hunter −3 with no creatures: the greatest power is 0 (CR 107.1b)."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk, Primal Hunter", loyalty=4)
    start_at(g, "precombat_main")
    activate_ability(g, garruk, 1)
    settle(g)
    assert loyalty(g, garruk) == 1 and not g.players[0].hand


def test_garruk_primal_hunter_minus_six_wurm_per_land() -> None:
    """Garruk, Primal Hunter −6: a 6/6 green Wurm token for each land you control as it
    resolves (the opponent's lands don't count)."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk, Primal Hunter", loyalty=6)
    lands(g, 0, "Forest", 3)
    lands(g, 0, "Plains", 1, tapped=True)
    lands(g, 1, "Forest", 5)
    start_at(g, "precombat_main")
    activate_ability(g, garruk, 2)
    assert garruk.id not in g.battlefield  # 0 loyalty (704.5i)
    settle(g)
    wurms = on_bf(g, "Wurm", 0)
    assert len(wurms) == 4 and not on_bf(g, "Wurm", 1)
    for w in wurms:
        c = g.chars(w)
        assert w.is_token and (c.power, c.toughness) == (6, 6) and c.colors == {"G"}


def test_cr_704_5j_only_planeswalker_types_are_compared() -> None:
    """704.5j compares planeswalker types (205.3j) only: two planeswalkers sharing another
    subtype (Human, as an animated Gideon Jura would be) but no planeswalker type both
    stay."""
    g = new_game()
    a = put(g, 0, BF, "Test Human Walker")
    b = put(g, 0, BF, "Test Human Walker Two")
    start_at(g, "precombat_main")
    settle(g)
    assert g.decision is not None and g.decision.kind == "priority"  # no 704.5j choice
    assert a.id in g.battlefield and b.id in g.battlefield
    assert not any(e.rule == "704.5j" for e in g.log)


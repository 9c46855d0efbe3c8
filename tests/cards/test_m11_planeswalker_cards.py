"""Planeswalkers of Magic 2011: each loyalty ability in a real game position, following
current Oracle text."""

from __future__ import annotations

import pytest
from cardplay import (
    BF,
    GY,
    HAND,
    LIB,
    P0,
    P1,
    activate_ability,
    advance,
    answer,
    lands,
    loyalty,
    names,
    new_game,
    on_bf,
    pt,
    settle,
)

from manastack import log as ev
from manastack.engine.setup import put, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    AssignDamage,
    Cast,
    DeclareAttackers,
    DeclareBlockers,
)

import testcards  # noqa: F401
from conftest import at_step

# ================================================================ Jace Beleren


def test_jace_beleren_plus_two_each_player_draws() -> None:
    """Jace Beleren +2: each player draws a card; the cost adds two loyalty counters as the
    ability is activated (CR 606.4), and it's his only loyalty ability this turn (606.3)."""
    g = new_game()
    jace = put(g, 0, BF, "Jace Beleren")
    start_at(g, "precombat_main")
    activate_ability(g, jace, 0)
    assert loyalty(g, jace) == 5 and len(g.players[0].hand) == 0  # paid, not resolved
    settle(g)
    assert len(g.players[0].hand) == 1 and len(g.players[1].hand) == 1
    assert len(g.players[0].library) == 39 and len(g.players[1].library) == 39
    with pytest.raises(IllegalAction, match="606.3"):
        activate_ability(g, jace, 1, P0)


def test_jace_beleren_minus_one_target_player_draws() -> None:
    """Jace Beleren −1: target player (here the opponent) draws a card (CR 606.4: three
    loyalty becomes two); the activation needs a player as target (601.2c)."""
    g = new_game()
    jace = put(g, 0, BF, "Jace Beleren")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        activate_ability(g, jace, 1, bear.id)
    activate_ability(g, jace, 1, P1)
    settle(g)
    assert loyalty(g, jace) == 2
    assert len(g.players[1].hand) == 1 and len(g.players[0].hand) == 0


def test_jace_beleren_minus_ten_mills_twenty() -> None:
    """Jace Beleren −10: target player mills twenty cards.  With exactly ten loyalty the
    cost leaves him at zero: he's put into the graveyard (CR 704.5i) before the ability
    resolves, and the ability resolves anyway (112.7a).  With nine he can't pay (606.5)."""
    g = new_game()
    weak = put(g, 0, BF, "Jace Beleren", loyalty=9)
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="606.5"):
        activate_ability(g, weak, 2, P1)
    g2 = new_game()
    jace = put(g2, 0, BF, "Jace Beleren", loyalty=10)
    start_at(g2, "precombat_main")
    activate_ability(g2, jace, 2, P1)
    assert jace.id not in g2.battlefield and "Jace Beleren" in names(g2, g2.players[0].graveyard)
    assert any(e.rule == "704.5i" for e in g2.log)
    settle(g2)
    assert len(g2.players[1].library) == 20 and len(g2.players[1].graveyard) == 20
    assert len(g2.players[0].library) == 40


# ================================================================ Liliana Vess


def test_liliana_vess_plus_one_target_player_discards() -> None:
    """Liliana Vess +1: target player discards a card of their choice (CR 701.8a)."""
    g = new_game()
    lili = put(g, 0, BF, "Liliana Vess")
    put(g, 1, HAND, "Grizzly Bears")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    activate_ability(g, lili, 0, P1)
    assert loyalty(g, lili) == 6
    settle(g)
    assert g.decision.kind == "discard" and g.decision.player == 1
    answer(g, shock.id)
    assert names(g, g.players[1].hand) == ["Grizzly Bears"]
    assert names(g, g.players[1].graveyard) == ["Shock"]
    assert any(e.kind == ev.DISCARD for e in g.log)


def test_liliana_vess_minus_two_tutors_to_top_after_shuffle() -> None:
    """Liliana Vess −2: search your library for a card (CR 701.17), then shuffle and put
    that card on top -- the shuffle comes before the card goes on top, so it's the next
    card drawn."""
    g = new_game()
    lili = put(g, 0, BF, "Liliana Vess")
    angel = put(g, 0, LIB, "Serra Angel", position="bottom")
    start_at(g, "precombat_main")
    activate_ability(g, lili, 1)
    assert loyalty(g, lili) == 3
    settle(g)
    assert g.decision.kind == "search" and angel.id in g.decision.options
    answer(g, angel.id)
    lib = g.players[0].library
    assert len(lib) == 41 and lib[-1] == angel.id  # library[-1] is the top
    assert any(e.kind == ev.SHUFFLE for e in g.log)
    assert g.obj(angel.id).zone == LIB and not g.players[0].hand
    advance(g, at_step("draw", 3))  # Alice's next turn
    assert names(g, g.players[0].hand) == ["Serra Angel"]


def test_liliana_vess_minus_eight_takes_every_creature_card() -> None:
    """Liliana Vess −8: every creature card from every graveyard is put onto the battlefield
    under your control; owners don't change (CR 108.3), other cards stay."""
    g = new_game()
    lili = put(g, 0, BF, "Liliana Vess", loyalty=8)
    put(g, 0, GY, "Grizzly Bears")
    put(g, 0, GY, "Lightning Bolt")
    put(g, 1, GY, "Serra Angel")
    put(g, 1, GY, "Runeclaw Bear")
    put(g, 1, GY, "Forest")
    start_at(g, "precombat_main")
    activate_ability(g, lili, 2)
    settle(g)
    mine = sorted(o.name for o in g.permanents(0) if o.name != "Liliana Vess")
    assert mine == ["Grizzly Bears", "Runeclaw Bear", "Serra Angel"]
    assert not g.permanents(1)
    angel = on_bf(g, "Serra Angel")[0]
    assert angel.owner == 1 and g.controller(angel) == 0
    assert names(g, g.players[0].graveyard) == ["Lightning Bolt", "Liliana Vess"]
    assert names(g, g.players[1].graveyard) == ["Forest"]


def test_liliana_vess_minus_eight_creatures_enter_at_the_same_time() -> None:
    """Liliana Vess −8: the creature cards enter in one event, so each Garruk's Packleader
    sees the other one enter (CR 603.6a, 603.10: triggers look at the state after the
    event) -- two draw triggers, not one."""
    g = new_game()
    lili = put(g, 0, BF, "Liliana Vess", loyalty=8)
    put(g, 1, GY, "Garruk's Packleader")
    put(g, 1, GY, "Garruk's Packleader")
    start_at(g, "precombat_main")
    activate_ability(g, lili, 2)
    settle(g)
    d = g.decision
    assert d.kind == "order_triggers" and d.player == 0 and len(d.options) == 2, d
    answer(g, 0, 1)
    for _ in range(2):
        settle(g)
        answer(g, "yes", kind="may")
    settle(g)
    assert len(g.players[0].hand) == 2


# ================================================================ Garruk Wildspeaker


def test_garruk_wildspeaker_plus_one_untaps_two_target_lands() -> None:
    """Garruk Wildspeaker +1: untap two target lands -- exactly two different lands
    (CR 601.2c, 114.3)."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk Wildspeaker")
    forests = lands(g, 0, "Forest", 2, tapped=True)
    bear = put(g, 0, BF, "Grizzly Bears", tapped=True)
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        activate_ability(g, garruk, 0, forests[0].id)
    with pytest.raises(IllegalAction, match="601.2c|114.3"):
        activate_ability(g, garruk, 0, forests[0].id, forests[0].id)
    with pytest.raises(IllegalAction, match="601.2c"):
        activate_ability(g, garruk, 0, forests[0].id, bear.id)
    activate_ability(g, garruk, 0, forests[0].id, forests[1].id)
    assert loyalty(g, garruk) == 4
    settle(g)
    assert not g.obj(forests[0].id).tapped and not g.obj(forests[1].id).tapped
    assert g.obj(bear.id).tapped


def test_garruk_wildspeaker_minus_one_beast_token() -> None:
    """Garruk Wildspeaker −1: create a 3/3 green Beast creature token (CR 110.5)."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk Wildspeaker")
    start_at(g, "precombat_main")
    activate_ability(g, garruk, 1)
    settle(g)
    assert loyalty(g, garruk) == 2
    (beast,) = on_bf(g, "Beast", 0)
    c = g.chars(beast)
    assert beast.is_token and (c.power, c.toughness) == (3, 3)
    assert c.colors == frozenset({"G"}) and c.types == frozenset({"Creature"})
    assert c.subtypes == frozenset({"Beast"})


def test_garruk_wildspeaker_minus_four_overrun() -> None:
    """Garruk Wildspeaker −4: creatures you control get +3/+3 and gain trample until end of
    turn -- only those you control as it resolves (CR 611.2c), not the opponent's, and the
    effect ends in the cleanup step (514.2).  Trample assigns the excess (702.19b)."""
    g = new_game()
    garruk = put(g, 0, BF, "Garruk Wildspeaker", loyalty=4)
    bear = put(g, 0, BF, "Grizzly Bears")
    theirs = put(g, 1, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    activate_ability(g, garruk, 2)
    settle(g)
    assert garruk.id not in g.battlefield  # 0 loyalty (704.5i)
    assert pt(g, bear) == (5, 5) and "trample" in g.chars(g.obj(bear.id)).keywords
    assert pt(g, theirs) == (2, 2)
    late = put(g, 0, BF, "Grizzly Bears")
    assert pt(g, late) == (2, 2) and "trample" not in g.chars(late).keywords
    advance(g, at_step("declare_attackers"))
    g.apply(0, DeclareAttackers(((bear.id, P1),)))
    advance(g, lambda q: q.decision is not None and q.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((theirs.id, (bear.id,)),)))
    advance(g, lambda q: q.decision is not None and q.decision.kind == "assign_damage")
    with pytest.raises(IllegalAction, match="702.19"):  # lethal to the blocker first
        g.apply(0, AssignDamage(((bear.id, ((theirs.id, 1), (P1, 4))),)))
    g.apply(0, AssignDamage(((bear.id, ((theirs.id, 2), (P1, 3))),)))
    advance(g, at_step("end_of_combat"))
    assert g.players[1].life == 17  # 2 to the blocker, 3 tramples over
    advance(g, at_step("upkeep", 2))
    assert pt(g, bear) == (2, 2) and "trample" not in g.chars(g.obj(bear.id)).keywords


def test_two_jaces_planeswalker_uniqueness_rule() -> None:
    """Jace Beleren and Jace, Memory Adept share the subtype Jace: when one enters under
    the control of a player who controls the other, that player keeps one (CR 704.5j, the
    era's planeswalker uniqueness rule); the opponent's Jace is unaffected."""
    g = new_game()
    beleren = put(g, 0, BF, "Jace Beleren")
    theirs = put(g, 1, BF, "Jace, Memory Adept")
    adept = put(g, 0, HAND, "Jace, Memory Adept")
    lands(g, 0, "Island", 5)
    start_at(g, "precombat_main")
    g.apply(0, Cast(adept.id, ()))
    settle(g)
    d = g.decision
    assert d.kind == "choose" and d.player == 0 and beleren.id in d.options
    new = on_bf(g, "Jace, Memory Adept", 0)[0]
    answer(g, new.id)
    assert beleren.id not in g.battlefield
    assert names(g, g.players[0].graveyard) == ["Jace Beleren"]
    assert theirs.id in g.battlefield and any(e.rule == "704.5j" for e in g.log)


def test_chandra_nalaar_minus_x_removes_x_loyalty_as_the_cost() -> None:
    """Chandra Nalaar −X (CR 606.4, 107.3): X loyalty counters are removed as the cost;
    X can't exceed her loyalty (606.5); she deals X damage to target creature."""
    g = new_game()
    ch = put(g, 0, BF, "Chandra Nalaar")
    angel = put(g, 1, BF, "Serra Angel")
    start_at(g, "precombat_main", turn=1)
    legal = [a for a in g.decision.legal_actions(g)
             if isinstance(a, Activate) and a.source == ch.id and a.ability == 1]
    assert sorted({a.x for a in legal}) == list(range(0, 7))
    with pytest.raises(IllegalAction, match="606.5"):
        g.apply(0, Activate(ch.id, 1, (angel.id,), x=7))
    g.apply(0, Activate(ch.id, 1, (angel.id,), x=4))
    assert loyalty(g, ch) == 2  # paid before anyone can respond
    settle(g)
    assert angel.id not in g.battlefield


def test_chandra_nalaar_ultimate_hits_player_and_their_creatures() -> None:
    """Chandra Nalaar −8: 10 damage to target player and each creature they control, as
    one damage event; the controller's own creatures are unharmed."""
    g = new_game()
    ch = put(g, 0, BF, "Chandra Nalaar", loyalty=8)
    bears = [put(g, 1, BF, "Grizzly Bears") for _ in range(2)]
    mine = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Activate(ch.id, 2, (P1,)))
    settle(g)
    assert g.players[1].life == 10 and all(b.id not in g.battlefield for b in bears)
    assert mine.id in g.battlefield


def test_chandra_nalaar_plus_one_targets_a_player() -> None:
    """Chandra Nalaar +1: 1 damage to target player (2017 wording), not a creature."""
    g = new_game()
    ch = put(g, 0, BF, "Chandra Nalaar")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    with pytest.raises(IllegalAction, match="601.2c"):
        g.apply(0, Activate(ch.id, 0, (bear.id,)))
    g.apply(0, Activate(ch.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 19 and loyalty(g, ch) == 7


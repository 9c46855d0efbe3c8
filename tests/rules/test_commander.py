"""Commander (CR 903; seeds 103.1b, 103.3c, 103.4d): command zone, 40 life, casting from
the command zone with commander tax, the zone-change replacement, 21 commander damage,
deck checks."""

from __future__ import annotations

import pytest
from cardplay import lands, settle

from manastack.engine import new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import DeckError
from manastack.game.decisions import Cast, Choose, DeclareAttackers, Mulligan, Pass
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.variants import get_variant
from manastack.variants.commander import (
    check_commander_deck,
    commander_damage,
    commander_deck,
    is_commander,
)

V = get_variant("commander")


def opts(**extra: object) -> GameOptions:
    return GameOptions(variant="commander", mulligan=None,
                       extra={"commanders": ["Norin the Wary", "Kei Takahashi"], **extra})


def started() -> object:
    decks, extra = V.default_setup(2, 5)
    return new_game(["A", "B"], decks, 5, GameOptions(variant="commander", mulligan=None,
                                                      extra=extra, first_player=0))


def table(**extra: object):  # type: ignore[no-untyped-def]
    """A game in A's precombat main phase with both commanders in the command zone."""
    g = setup_game(options=opts(**extra))
    put(g, 0, Zone.LIBRARY, "Norin the Wary")
    put(g, 1, Zone.LIBRARY, "Kei Takahashi")
    V.setup_zones(g)
    start_at(g, "precombat_main")
    return g


def commander_in(g, zone: str, p: int = 0):  # type: ignore[no-untyped-def]
    return next(g.obj(i) for i in g.zone_list(zone, p) if is_commander(g, g.obj(i))
                and g.obj(i).owner == p)


def test_cr_903_6_103_1b_commanders_start_in_the_command_zone_with_40_life() -> None:
    """903.6 / 103.1b: each commander goes face up to the command zone before shuffling;
    903.7 / 103.3c: 40 life; the Commander mulligan is the default (103.4d)."""
    g = started()
    assert g.options.mulligan == "commander"
    assert sorted(g.obj(i).name for i in g.command) == ["Kei Takahashi", "Norin the Wary"]
    assert [p.life for p in g.players] == [40, 40]
    assert [len(p.library) + len(p.hand) for p in g.players] == [99, 99]


def test_cr_103_4d_commander_mulligan_exiles_and_draws_one_fewer() -> None:
    """103.4d (seed): exile any number of cards, draw one fewer than exiled; the exiled
    cards are shuffled back once the player keeps."""
    g = started()
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(False))
    hand = tuple(g.players[0].hand[:3])
    g.apply(0, Choose(hand))
    assert len(g.players[0].hand) == 6 and len(g.exile) == 3
    g.apply(0, Mulligan(False))
    assert len(g.exile) == 0 and len(g.players[0].library) == 93


def test_cr_903_8_cast_from_command_zone_with_commander_tax() -> None:
    """903.8: a commander may be cast from the command zone; each previous cast from there
    costs {2} more."""
    g = table()
    lands(g, 0, "Mountain", 5)
    norin = commander_in(g, Zone.COMMAND)
    casts = [a for a in g.legal_actions() if isinstance(a, Cast) and a.card == norin.id]
    assert casts
    g.apply(0, casts[0])
    settle(g)
    on = commander_in(g, Zone.BATTLEFIELD)
    from manastack.rules.zones import move
    move(g, on, Zone.GRAVEYARD, "701.7a")  # destroyed: 903.9 replacement
    again = commander_in(g, Zone.COMMAND)
    from manastack.rules.casting import total_cost
    assert str(total_cost(g, again, 0)) == "{2}{R}"
    g.apply(0, Cast(again.id))
    settle(g)
    assert commander_in(g, Zone.BATTLEFIELD) is not None
    assert sum(o.tapped for o in g.permanents(0) if g.chars(o).is_land) == 1 + 3


def test_cr_903_8_commander_tax_makes_it_unaffordable() -> None:
    """903.8: after two casts the commander costs {4} more."""
    g = table()
    lands(g, 0, "Mountain", 4)
    g.variant_state["commander"]["casts"][0] = 2
    norin = commander_in(g, Zone.COMMAND)
    assert not [a for a in g.legal_actions() if isinstance(a, Cast) and a.card == norin.id]
    with pytest.raises(Exception, match="601.2h|can't pay"):
        g.apply(0, Cast(norin.id))


@pytest.mark.parametrize("to", [Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY])
def test_cr_903_9_commander_may_go_to_the_command_zone_instead(to: str) -> None:
    """903.9 (2017): if a commander would be exiled or put into a hand, graveyard or
    library from anywhere, its owner may put it into the command zone instead (outside any
    answer nothing can be asked: the owner says yes)."""
    from manastack.rules.zones import move
    g = table()
    norin = put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")
    new = move(g, norin, to, "701.7a")
    assert new.zone == Zone.COMMAND
    assert any(e.rule == "903.9" for e in g.log)


def test_cr_903_9_standing_answer_decline() -> None:
    """903.9: a standing "decline" answer keeps the normal destination."""
    from manastack.rules.zones import move
    g = table(commander_replacement={"0": "decline"})
    norin = put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")
    assert move(g, norin, Zone.GRAVEYARD, "701.7a").zone == Zone.GRAVEYARD


def _bolt_own_kei(leyline: bool = False, **extra: object):  # type: ignore[no-untyped-def]
    """Alice (whose commander is Kei Takahashi) bolts her own Kei; Bob may control
    Leyline of the Void ("If a card would be put into an opponent's graveyard from
    anywhere, exile it instead")."""
    g = setup_game(options=GameOptions(
        variant="commander", mulligan=None,
        extra={"commanders": ["Kei Takahashi", "Norin the Wary"], **extra}))
    put(g, 1, Zone.COMMAND, "Norin the Wary")
    kei = put(g, 0, Zone.BATTLEFIELD, "Kei Takahashi")
    lands(g, 0, "Mountain", 1)
    if leyline:
        put(g, 1, Zone.BATTLEFIELD, "Leyline of the Void")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    g.apply(0, Cast(bolt.id, (kei.id,)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    return g, kei.uid


def _zone_of(g, uid: int) -> str:  # type: ignore[no-untyped-def]
    return next(o.zone for o in g.objects.values() if getattr(o, "uid", None) == uid)


def test_cr_903_9_the_owner_is_asked_when_the_commander_dies() -> None:
    """903.9: when the commander would be put into the graveyard, its owner decides
    (a yes/no decision, asked in the middle of the event); the game is as it was before
    the answer that led to the choice until it is made."""
    g, uid = _bolt_own_kei()
    d = g.decision
    assert d is not None and d.kind == "commander_zone" and d.rule == "903.9"
    assert d.player == 0 and d.labels == ("yes", "no")  # type: ignore[attr-defined]
    assert _zone_of(g, uid) == Zone.BATTLEFIELD and g.stack
    h = g.copy()
    g.apply(0, Choose((0,)))
    assert _zone_of(g, uid) == Zone.COMMAND
    assert g.decision is not None and g.decision.kind == "priority"
    assert any(e.rule == "903.9" and "command zone instead" in e.text for e in g.log)
    h.apply(0, Choose((1,)))
    assert _zone_of(h, uid) == Zone.GRAVEYARD
    assert any(e.rule == "903.9" and "lets Kei Takahashi go to" in e.text for e in h.log)


def test_cr_903_9_standing_answer_command_asks_nothing() -> None:
    """903.9: with the standing answer "command" the owner isn't asked."""
    g, uid = _bolt_own_kei(commander_replacement={"Alice": "command"})
    assert g.decision is not None and g.decision.kind == "priority"
    assert _zone_of(g, uid) == Zone.COMMAND


def test_cr_903_9_616_1_ordered_with_leyline_of_the_void() -> None:
    """903.9 is a replacement effect: with Leyline of the Void the commander's controller
    chooses which applies first (616.1).  Leyline first: the commander would be exiled,
    and 903.9 still applies to the modified event (it may apply more than once to the
    same event, an exception to 614.5), so the owner may put it into the command zone."""
    g, uid = _bolt_own_kei(leyline=True)
    d = g.decision
    assert d is not None and d.kind == "choose_replacement" and d.player == 0
    labels = d.labels  # type: ignore[attr-defined]
    assert set(labels) == {"Leyline of the Void (exile it instead)",
                           "Kei Takahashi's owner may put it into the command zone "
                           "instead (903.9)"}
    ley = labels.index("Leyline of the Void (exile it instead)")
    h, k = g.copy(), g.copy()
    # Leyline first, then 903.9 on the exile event: yes -> command zone
    g.apply(0, Choose((ley,)))
    d = g.decision
    assert d is not None and d.kind == "commander_zone" and "exile" in d.prompt
    g.apply(0, Choose((0,)))
    assert _zone_of(g, uid) == Zone.COMMAND
    # 903.9 first, declined: Leyline exiles it, then 903.9 applies again (614.5 exception)
    h.apply(0, Choose((1 - ley,)))
    d = h.decision
    assert d is not None and d.kind == "commander_zone" and "graveyard" in d.prompt
    h.apply(0, Choose((1,)))
    d = h.decision
    assert d is not None and d.kind == "commander_zone" and "exile" in d.prompt
    h.apply(0, Choose((1,)))
    assert _zone_of(h, uid) == Zone.EXILE
    # 903.9 first, accepted: Leyline no longer applies (not going to a graveyard)
    k.apply(0, Choose((1 - ley,)))
    k.apply(0, Choose((0,)))
    assert _zone_of(k, uid) == Zone.COMMAND
    assert k.decision is not None and k.decision.kind == "priority"


def test_cr_903_9_a_stolen_commander_the_controller_orders_the_owner_decides() -> None:
    """616.1: the affected object's controller orders the replacement effects; 903.9's
    choice stays its owner's."""
    g = setup_game(options=GameOptions(
        variant="commander", mulligan=None,
        extra={"commanders": ["Kei Takahashi", "Norin the Wary"]}))
    kei = put(g, 0, Zone.BATTLEFIELD, "Kei Takahashi", controller=1)
    put(g, 1, Zone.BATTLEFIELD, "Leyline of the Void")  # Bob's: Alice is his opponent
    lands(g, 1, "Mountain", 1)
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", active=1)
    g.apply(1, Cast(bolt.id, (kei.id,)))
    g.apply(1, Pass())
    g.apply(0, Pass())
    d = g.decision  # Bob controls Kei: he orders Leyline and 903.9 (616.1)
    assert d is not None and d.kind == "choose_replacement" and d.player == 1
    labels = d.labels  # type: ignore[attr-defined]
    g.apply(1, Choose((labels.index("Kei Takahashi's owner may put it into the command "
                                    "zone instead (903.9)"),)))
    d = g.decision  # ... and Alice, its owner, decides where it goes
    assert d is not None and d.kind == "commander_zone" and d.player == 0
    g.apply(0, Choose((0,)))
    assert _zone_of(g, kei.uid) == Zone.COMMAND


def test_cr_903_9_a_commander_in_the_library_drawn_may_return() -> None:
    """903.9 (2017) applies from anywhere: a commander drawn from the library would be put
    into its owner's hand, so its owner may put it into the command zone instead."""
    g = setup_game(options=opts())
    put(g, 1, Zone.LIBRARY, "Kei Takahashi")
    put(g, 0, Zone.LIBRARY, "Norin the Wary")  # on top of Alice's library
    start_at(g, "upkeep")
    g.apply(0, Pass())
    g.apply(1, Pass())  # the draw step begins: Alice draws Norin
    d = g.decision
    assert d is not None and d.kind == "commander_zone" and "hand" in d.prompt
    g.apply(0, Choose((0,)))
    assert commander_in(g, Zone.COMMAND) is not None
    assert not g.players[0].hand


def test_cr_903_3_a_token_copy_is_not_a_commander() -> None:
    """903.3: the designation belongs to the card; tokens aren't commanders."""
    g = table()
    tok = put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")
    tok.is_token = True
    assert not is_commander(g, tok)


def test_cr_903_10a_704_5v_21_combat_damage_from_one_commander_loses() -> None:
    """903.10a / 704.5v: 21 or more combat damage from the same commander loses the game,
    even with life left; noncombat damage doesn't count."""
    from manastack.rules.damage import DamageItem, deal_damage
    g = table()
    kei = put(g, 1, Zone.BATTLEFIELD, "Kei Takahashi")
    deal_damage(g, [DamageItem(kei.id, PlayerRef(0), 5)])  # noncombat
    assert commander_damage(g, 0, 1) == 0
    deal_damage(g, [DamageItem(kei.id, PlayerRef(0), 20, combat=True)])
    assert commander_damage(g, 0, 1) == 20 and g.players[0].life == 15
    from manastack.rules.sba import perform
    perform(g)
    assert not g.over
    deal_damage(g, [DamageItem(kei.id, PlayerRef(0), 1, combat=True)])
    perform(g)
    assert g.over and g.winner == 1
    assert any(e.rule == "704.5v" for e in g.log)


def test_cr_903_10a_combat_damage_is_tracked_in_combat() -> None:
    """903.10a: an attacking commander's combat damage is counted."""
    g = setup_game(options=opts())
    put(g, 0, Zone.LIBRARY, "Norin the Wary")
    put(g, 1, Zone.LIBRARY, "Kei Takahashi")
    V.setup_zones(g)
    kei = put(g, 1, Zone.BATTLEFIELD, "Kei Takahashi")
    start_at(g, "declare_attackers", active=1)
    g.apply(1, DeclareAttackers(((kei.id, PlayerRef(0)),)))
    from cardplay import advance
    advance(g, lambda g: g.players[0].life < 40)
    assert commander_damage(g, 0, 1) == 2


def test_cr_903_5_deck_checks() -> None:
    """903.3-903.5: legendary creature commander, exactly 100 cards, singleton except basic
    lands, colour identity (903.5c) and basic land types (903.5d)."""
    good = commander_deck("Norin the Wary", 1)
    check_commander_deck(good, "Norin the Wary")
    V.check_decks([good, commander_deck("Kei Takahashi", 2)],
                  {"commanders": {"0": "Norin the Wary", "P1": "Kei Takahashi"}})
    with pytest.raises(DeckError, match="exactly 100 cards"):
        check_commander_deck(good[:99], "Norin the Wary")
    with pytest.raises(DeckError, match="903.5b"):
        check_commander_deck(good[:98] + [good[1], "Mountain"], "Norin the Wary")
    with pytest.raises(DeckError, match="903.5c"):
        check_commander_deck(good[:99] + ["Giant Growth"], "Norin the Wary")
    with pytest.raises(DeckError, match="903.5[cd]"):
        check_commander_deck(good[:99] + ["Forest"], "Norin the Wary")
    with pytest.raises(DeckError, match="isn't a legendary creature"):
        check_commander_deck(good, "Grizzly Bears")
    with pytest.raises(DeckError, match="no commander"):
        V.check_decks([good], {})


def test_cr_903_2_commander_multiplayer_defaults() -> None:
    """903.2: Commander works with more players (free-for-all), first mulligan free is
    moot with the Commander mulligan."""
    decks, extra = V.default_setup(4, 3)
    g = new_game(["A", "B", "C", "D"], decks, 3, GameOptions(variant="commander",
                                                              mulligan=None, extra=extra))
    assert len(g.command) == 4 and all(p.life == 40 for p in g.players)


def _commander_game_log(seed: int) -> tuple[str, int]:
    """A random 2-player Commander game (the owners are asked, 903.9); its log and the
    number of choices asked in the middle of an event."""
    from manastack.agents import RandomAgent
    from manastack.log import render_text

    decks, extra = V.default_setup(2, seed)
    g = new_game(["A", "B"], decks, seed, GameOptions(variant="commander", mulligan=None,
                                                      extra=extra, max_turns=25))
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    asked = 0
    while g.decision is not None:
        d = g.decision
        asked += d.kind == "commander_zone"
        g.apply(d.by, agents[d.by].act(g))
    return render_text(g.log), asked


def test_cr_903_9_a_shared_rerun_point_gives_the_same_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """903.9 (asked in the middle of an event, rules.midrun): the state the interrupted
    answer re-runs from may be a copy taken several answers earlier, those answers run
    again; the games are the ones played with a copy before every answer."""
    from manastack.engine import rerun

    shared = [_commander_game_log(seed) for seed in (3, 8)]
    assert sum(n for _, n in shared) >= 2  # the choice did come up
    monkeypatch.setattr(rerun, "RERUN_EVERY", 1)
    assert [_commander_game_log(seed) for seed in (3, 8)] == shared


def test_cr_903_9_a_state_changed_between_answers_takes_a_new_rerun_point() -> None:
    """903.9 / 104.3a: a concession between answers changes the game other than by an
    answer: the next answer doesn't re-run from a state before it; copies don't carry
    the re-run point."""
    g = setup_game(options=opts())
    put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")  # out of the command zone: 903.9 may ask
    put(g, 1, Zone.COMMAND, "Kei Takahashi")
    start_at(g, "upkeep")
    assert g.decision is not None
    g.apply(g.decision.by, Pass())
    base = g._rerun_base
    assert base is not None and g.copy()._rerun_base is None
    g.apply(g.decision.by, Pass())
    assert g._rerun_base is base and len(g._rerun_log) == 2
    g.history.append((0, Pass()))  # the state no longer follows from the base
    g.apply(g.decision.by, Pass())
    assert g._rerun_base is not base and len(g._rerun_log) == 1

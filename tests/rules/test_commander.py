"""Commander (CR 903; seeds 103.1b, 103.3c, 103.4d): command zone, 40 life, casting from
the command zone with commander tax, the zone-change replacement, 21 commander damage,
deck checks."""

from __future__ import annotations

import pytest
from cardplay import lands, settle

from manastack.decisions import Cast, Choose, DeclareAttackers, Mulligan
from manastack.errors import DeckError
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.start import new_game
from manastack.setup import put, setup_game, start_at
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
    library from anywhere, its owner may put it into the command zone instead."""
    from manastack.rules.zones import move
    g = table()
    norin = put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")
    new = move(g, norin, to, "701.7a")
    assert new.zone == Zone.COMMAND
    assert any(e.rule == "903.9" for e in g.log)


def test_cr_903_9_owner_may_decline_the_replacement() -> None:
    """903.9: the owner's choice (given in advance) may keep the normal destination."""
    from manastack.rules.zones import move
    g = table(commander_replacement={"0": "decline"})
    norin = put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")
    assert move(g, norin, Zone.GRAVEYARD, "701.7a").zone == Zone.GRAVEYARD


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

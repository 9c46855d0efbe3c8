"""Starting the game (CR 103): mulligans (Paris default, Vancouver, London), 103.4a-b, 103.5."""

from __future__ import annotations

import pytest

from manastack.engine import new_game
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Choose, Mulligan
from manastack.game.state import GameOptions

FORESTS = ["Forest"] * 40
ISLANDS = ["Island"] * 40


def game(mulligan: str = "paris", players: int = 2, decks=None, first: int = 0):  # type: ignore[no-untyped-def]
    names = ["A", "B", "C", "D"][:players]
    decks = decks or [FORESTS if i % 2 == 0 else ISLANDS for i in range(players)]
    return new_game(names, decks, seed=3, options=GameOptions(mulligan=mulligan,
                                                             first_player=first))


def test_cr_103_4_paris_mulligan_draws_one_fewer() -> None:
    """CR 103.4 (seed): the starting player declares first; a mulligan draws one fewer."""
    g = game()
    assert g.decision.player == 0
    g.apply(0, Mulligan(True))
    assert g.decision.player == 1  # 103.4: then each other player in turn order
    g.apply(1, Mulligan(False))
    assert len(g.players[0].hand) == 6
    g.apply(0, Mulligan(False))
    assert g.decision.kind == "priority" and len(g.players[0].library) == 34


def test_cr_103_4_mulligans_are_taken_at_the_same_time() -> None:
    """CR 103.4: all players who decided to mulligan do so at the same time."""
    g = game()
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(True))
    assert len(g.players[0].hand) == 6 and len(g.players[1].hand) == 6


def test_cr_103_4_zero_cards_must_keep() -> None:
    """CR 103.4: a player whose hand reaches zero cards must keep."""
    g = game()
    for _ in range(7):
        if g.decision.kind != "mulligan":
            break
        if g.decision.player == 1:
            g.apply(1, Mulligan(False))
            continue
        g.apply(0, Mulligan(True))
    while g.decision.kind == "mulligan":
        g.apply(g.decision.player, Mulligan(g.decision.player == 0))
    assert len(g.players[0].hand) == 0 and g.decision.kind == "priority"


def test_cr_103_4b_first_multiplayer_mulligan_is_free() -> None:
    """CR 103.4b: in a multiplayer game the first mulligan draws as many cards as before."""
    g = game(players=3)
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(False))
    g.apply(2, Mulligan(False))
    assert len(g.players[0].hand) == 7
    g.apply(0, Mulligan(True))
    assert len(g.players[0].hand) == 6


def test_cr_103_4_london_option_draws_seven_then_bottoms() -> None:
    """London mulligan (option, 2020 CR): draw seven, then put one card per mulligan on the
    bottom after keeping."""
    g = game("london")
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(False))
    assert len(g.players[0].hand) == 7
    g.apply(0, Mulligan(False))
    assert g.decision.kind == "london_bottom" and g.decision.min_count == 1
    card = g.players[0].hand[0]
    uid = g.objects[card].uid
    g.apply(0, Choose((card,)))
    assert len(g.players[0].hand) == 6 and g.objects[g.players[0].library[0]].uid == uid


def test_cr_103_4_vancouver_option_scry_after_keeping_fewer() -> None:
    """Vancouver mulligan (option, 2017 CR 103.4): keeping fewer than seven, scry 1."""
    g = game("vancouver")
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(False))
    g.apply(0, Mulligan(False))
    assert g.decision.kind == "scry" and g.decision.player == 0
    top = g.objects[g.players[0].library[-1]].uid
    g.apply(0, Choose(("yes",)))
    assert g.objects[g.players[0].library[0]].uid == top


def test_cr_103_4a_serum_powder_any_time_you_could_mulligan() -> None:
    """CR 103.4a: Serum Powder exiles the hand and draws that many, then the player
    declares whether to mulligan."""
    deck = ["Serum Powder"] * 7 + ["Forest"] * 33
    g = new_game(["A", "B"], [deck, ISLANDS], seed=0, options=GameOptions(first_player=0))
    acts = [a for a in g.decision.legal_actions(g) if isinstance(a, Activate)]
    assert acts
    hand_before = len(g.players[0].hand)
    g.apply(0, acts[0])
    assert g.decision.kind == "mulligan" and g.decision.player == 0
    assert len(g.players[0].hand) == hand_before and len(g.exile) == hand_before


def test_cr_103_5b_chancellor_revealed_counters_first_spell_unless_paid() -> None:
    """CR 103.5b: Chancellor of the Annex revealed from the opening hand; the opponent's
    first spell is countered unless they pay {1}."""
    deck_a = ["Chancellor of the Annex"] * 7 + ["Plains"] * 33
    deck_b = ["Mountain", "Lightning Bolt"] * 20
    g = new_game(["A", "B"], [deck_a, deck_b], seed=0, options=GameOptions(first_player=0))
    g.apply(0, Mulligan(False))
    g.apply(1, Mulligan(False))
    assert g.decision.kind == "opening_hand"
    chancellor = g.decision.options[0]
    g.apply(0, Choose((chancellor,)))
    assert g.revealed == [chancellor] or g.game_started
    assert any(e.rule == "103.5b" for e in g.log)


def test_illegal_mulligan_answer_is_refused() -> None:
    """CR 103.4: only the player asked may answer, and only with a declaration."""
    g = game()
    with pytest.raises(IllegalAction):
        g.apply(1, Mulligan(False))
    with pytest.raises(IllegalAction):
        g.apply(0, Choose(()))


def test_cr_103_4d_commander_mulligan_exiles_and_draws_one_fewer() -> None:
    """CR 103.4d: exile any number of cards, draw one fewer than exiled; once the player
    keeps, the exiled cards are shuffled into their library."""
    g = game("commander")
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(False))
    assert g.decision.kind == "commander_mulligan" and g.decision.rule == "103.4d"
    three = tuple(g.players[0].hand[:3])
    g.apply(0, Choose(three))
    assert len(g.players[0].hand) == 4 + 2 and len(g.exile) == 3
    g.apply(0, Mulligan(False))
    assert not g.exile and len(g.players[0].library) == 40 - 6


def test_cr_103_4c_starting_team_declares_first() -> None:
    """CR 103.4c: with shared team turns, each player of the starting team declares, then
    the players of each other team."""
    from manastack.rules.start import declaration_order

    g = new_game(["A", "B", "C", "D"], [FORESTS] * 4, seed=1,
                 options=GameOptions(variant="two_headed_giant", first_player=1,
                                     extra={"teams": [[0, 2], [1, 3]]}))
    assert declaration_order(g) == [1, 3, 0, 2]
    assert g.decision.player == 1


def test_cr_103_1_each_library_is_shuffled_with_the_game_rng() -> None:
    """CR 103.1: each deck is shuffled (the game's seeded RNG) and becomes the library;
    the same seed gives the same order, another seed another order."""
    deck = [f"{n}" for n in ["Forest", "Island", "Swamp", "Mountain", "Plains"] * 8]
    a = new_game(["A", "B"], [deck, deck], seed=1)
    b = new_game(["A", "B"], [deck, deck], seed=1)
    c = new_game(["A", "B"], [deck, deck], seed=2)

    def names(g):  # type: ignore[no-untyped-def]
        return [g.objects[i].name for i in g.players[0].library + g.players[0].hand]
    assert names(a) == names(b) and names(a) != names(c)
    assert any(e.rule == "103.1" and e.kind == "shuffle" for e in a.log)


def test_cr_103_1a_sideboard_set_aside() -> None:
    """CR 103.1a: a sideboard is set aside before shuffling (only the main deck is used)."""
    from manastack.decks import parse_deck

    deck = parse_deck("40 Forest\nSideboard\n3 Giant Growth\n")
    g = new_game(["A", "B"], [deck.cards(), ISLANDS], seed=0)
    assert all(o.name != "Giant Growth" for o in g.objects.values())


def test_cr_103_3_life_twenty_and_seven_cards_with_variant_hooks() -> None:
    """CR 103.3: each player's life total is 20 and they draw seven cards; the starting
    life and hand size are hooks for variants (103.3a-d)."""
    g = game()
    assert [p.life for p in g.players] == [20, 20]
    assert [len(p.hand) for p in g.players] == [7, 7]
    h = new_game(["A", "B"], [FORESTS, ISLANDS], seed=0,
                 options=GameOptions(starting_life=40, starting_hand=6))
    assert [p.life for p in h.players] == [40, 40] and len(h.players[0].hand) == 6

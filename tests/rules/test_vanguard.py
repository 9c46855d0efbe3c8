"""Vanguard (CR 902; seed 103.3b): life and hand modifiers, maximum hand size, the avatar
in the command zone with its abilities working there."""

from __future__ import annotations

import pytest
from cardplay import lands, settle

from manastack.engine import new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import DeckError
from manastack.game.decisions import Activate, Mulligan
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.variants import get_variant
from manastack.variants.command_zone import face_up

V = get_variant("vanguard")
DECK = ["Forest"] * 40


def game(a: str, b: str, first: int = 0):  # type: ignore[no-untyped-def]
    return new_game(["A", "B"], [DECK, DECK], 1, GameOptions(
        variant="vanguard", extra={"avatars": {"A": a, "B": b}}, first_player=first))


def table(avatar: str, step: str = "precombat_main"):  # type: ignore[no-untyped-def]
    g = setup_game(options=GameOptions(variant="vanguard", extra={"avatars": [avatar,
                                                                              "Serra"]}))
    V.setup_zones(g)
    start_at(g, step)
    return g


def test_cr_902_4_902_5_103_3b_life_and_hand_modifiers() -> None:
    """103.3b / 902.4-902.5: life 20 + modifier, hand 7 + modifier (Gerrard -4/+0, Urza
    -1/+10); 902.5b: maximum hand size 7 + hand modifier; 902.3: avatars face up in the
    command zone."""
    g = game("Gerrard", "Urza")
    assert [p.life for p in g.players] == [20, 30]
    assert [len(p.hand) for p in g.players] == [3, 6]
    assert [p.max_hand_size for p in g.players] == [3, 6]
    assert sorted(o.name for o in face_up(g, "Vanguard")) == ["Gerrard", "Urza"]


def test_cr_902_5a_mulligan_draws_one_fewer_than_the_modified_hand() -> None:
    """902.5a: with hand modifier +2 the hand is 9; a mulligan draws 8."""
    g = game("Takara", "Serra")  # Takara: hand +3
    assert len(g.players[0].hand) == 10
    g.apply(0, Mulligan(True))
    g.apply(1, Mulligan(False))
    assert len(g.players[0].hand) == 9


def test_cr_902_7_static_ability_works_from_the_command_zone() -> None:
    """902.7: Maraxus: creatures you control get +1/+0 (the opponent's don't)."""
    g = table("Maraxus")
    mine = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    theirs = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    assert g.chars(mine).power == 3 and g.chars(theirs).power == 2
    assert g.chars(theirs).toughness == 4  # Serra: +0/+2 for player 1


def test_cr_902_7_activated_ability_from_the_command_zone() -> None:
    """902.7: Urza's "{3}: 1 damage to any target" is activated from the command zone;
    902.6: only its owner controls it."""
    g = table("Urza")
    lands(g, 0, "Mountain", 3)
    urza = face_up(g, "Vanguard")[0]
    acts = [a for a in g.legal_actions() if isinstance(a, Activate) and a.source == urza.id]
    assert acts
    g.apply(0, Activate(urza.id, 0, (PlayerRef(1),)))
    settle(g)
    assert g.players[1].life == 21 - 1  # Serra: life +1
    serra = face_up(g, "Vanguard")[1]
    with pytest.raises(Exception, match="602.2|can't"):
        g.apply(0, Activate(serra.id, 0))


def test_cr_902_7_triggered_ability_from_the_command_zone() -> None:
    """902.7: Gerrard draws an additional card at the beginning of the draw step."""
    g = table("Gerrard", step="upkeep")
    from cardplay import advance
    advance(g, lambda g: g.step is not None and g.step.name == "precombat_main")
    assert len(g.players[0].hand) == 2


def test_vanguard_checks() -> None:
    decks, extra = V.default_setup(2, 3)
    V.check_decks(decks, extra)
    with pytest.raises(DeckError, match="902.3"):
        V.check_decks(decks, {})
    with pytest.raises(DeckError, match="isn't a vanguard"):
        V.check_decks(decks, {"avatars": ["Krosa", "Urza"]})

"""Supervillain Rumble (CR 904.12): a free-for-all Archenemy game in which every player is
an archenemy with their own scheme deck."""

from __future__ import annotations

import pytest
from cardplay import advance, settle

from manastack.engine import new_game
from manastack.engine.setup import setup_game, start_at
from manastack.errors import DeckError
from manastack.game.state import GameOptions
from manastack.variants import get_variant
from manastack.variants.archenemy import default_scheme_deck, scheme_state
from manastack.variants.command_zone import deck, face_up, put_in_command

V = get_variant("supervillain_rumble")


def rumble(schemes: dict[int, list[str]], step: str = "upkeep", active: int = 0):  # type: ignore[no-untyped-def]
    """A three-player rumble whose players have ``schemes`` (last = top), at ``step``."""
    g = setup_game(["A", "B", "C"], options=GameOptions(
        variant="supervillain_rumble", extra={"schemes": {str(p): s
                                                           for p, s in schemes.items()}}))
    for p, names in schemes.items():
        for n in names:
            put_in_command(g, p, n, face_down=True, kind="Scheme")
    start_at(g, step, active=active, run=True)
    return g


def to_main(g) -> None:  # type: ignore[no-untyped-def]
    advance(g, lambda g: g.step is not None and g.step.name == "precombat_main")


def test_cr_904_12_every_player_is_an_archenemy_with_40_life_and_a_scheme_deck() -> None:
    """904.12b-c with 904.5 and 904.4: each player starts with 40 life and a shuffled scheme
    deck of their own; 904.12a: every opponent is attacked (802); 904.12c: the starting
    player is chosen at random, as in a normal free-for-all (103.2)."""
    decks, extra = V.default_setup(4, 3)
    V.check_decks(decks, extra)
    firsts = set()
    for seed in range(8):
        g = new_game(["A", "B", "C", "D"], decks, seed,
                     GameOptions(variant="supervillain_rumble", extra=extra))
        assert [p.life for p in g.players] == [40, 40, 40, 40]
        assert [len(deck(g, p, "Scheme")) for p in range(4)] == [20, 20, 20, 20]
        assert g.opponents(0) == [1, 2, 3] and g.opponents(2) == [0, 1, 3]
        assert g.options.extra["attack"] == "multiple"
        firsts.add(g.starting_player)
    assert len(firsts) > 1


def test_cr_904_12c_each_player_sets_their_own_scheme_in_motion() -> None:
    """904.12c, 703.4d / 904.9: as each player's precombat main phase begins, that player
    sets the top scheme of their own deck in motion."""
    g = rumble({0: ["Roots of All Evil"], 1: ["Look Skyward and Despair"]}, active=1)
    to_main(g)
    up = face_up(g, "Scheme")
    assert [(o.name, o.owner, o.controller) for o in up] == \
        [("Look Skyward and Despair", 1, 1)]
    assert deck(g, 0, "Scheme") and not deck(g, 1, "Scheme")
    settle(g)


def test_cr_904_12c_all_in_good_time_stops_only_its_owner_s_next_scheme() -> None:
    """All in Good Time in a rumble: its controller's extra turn sets no scheme in motion;
    the state is kept per archenemy."""
    g = rumble({0: ["Roots of All Evil", "All in Good Time"], 1: ["Roots of All Evil"]})
    to_main(g)
    settle(g)
    st0, st1 = scheme_state(g, 0), scheme_state(g, 1)
    assert st0 is not None and st1 is not None
    assert st0["no_motion_turn"] == g.turn_number + 1 and st1["no_motion_turn"] == -1


def test_cr_904_12a_no_other_multiplayer_option() -> None:
    """904.12a: the attack multiple players option is used and no other multiplayer
    option: ``range`` and ``attack`` are refused, and every player needs a scheme deck."""
    assert "not an option of supervillain_rumble" in (V.check_extra(3, {"range": 1}) or "")
    assert "uses the attack multiple players option (904.12a)" in (
        V.check_extra(3, {"attack": "left"}) or "")
    assert V.check_extra(3, {"attack": "multiple"}) is None  # what its games record
    assert "isn't a scheme card" in (V.check_extra(3, {"schemes": [["Krosa"]]}) or "")
    decks, extra = V.default_setup(3, 0)
    with pytest.raises(DeckError, match="904.12b"):
        V.check_decks(decks, {"schemes": extra["schemes"][:2]})
    with pytest.raises(DeckError, match="904.3"):
        V.check_decks(decks, {"schemes": [default_scheme_deck(1)[:5]] * 3})
    assert V.check_player_count(2) is not None and V.check_player_count(3) is None

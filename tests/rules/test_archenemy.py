"""Archenemy (CR 904; seeds 103.2b, 103.3d, 703.4d): the archenemy goes first with 40 life,
sets a scheme in motion as its precombat main phase begins, non-ongoing schemes go back
under the deck (704.5w), ongoing schemes stay until abandoned, the opponents are a team."""

from __future__ import annotations

import pytest
from cardplay import advance, answer, lands, settle

from manastack.engine import new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import DeckError
from manastack.game.decisions import Pass
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.variants import get_variant
from manastack.variants.archenemy import abandon, check_scheme_deck, default_scheme_deck
from manastack.variants.command_zone import deck, face_up

V = get_variant("archenemy")


def table(schemes: list[str], players: int = 3, step: str = "upkeep"):  # type: ignore[no-untyped-def]
    """A game whose archenemy (A) has ``schemes`` (last = top), at the start of ``step``."""
    names = ["A", "B", "C", "D"][:players]
    g = setup_game(names, options=GameOptions(variant="archenemy", extra={
        "archenemy": "A", "schemes": schemes}))
    from manastack.variants.command_zone import put_in_command
    for n in schemes:
        put_in_command(g, 0, n, face_down=True, kind="Scheme")
    start_at(g, step, run=True)
    return g


def to_main(g) -> None:  # type: ignore[no-untyped-def]
    advance(g, lambda g: g.step is not None and g.step.name == "precombat_main")


def test_cr_904_5_904_6_archenemy_goes_first_with_40_life_against_a_team() -> None:
    """103.2b / 904.6: the archenemy takes the first turn; 103.3d / 904.5: 40 life, the
    others 20; 904.2: the others are one team ("each opponent" of the archenemy)."""
    decks, extra = V.default_setup(3, 1)
    V.check_decks(decks, extra)
    for seed in range(3):
        g = new_game(["A", "B", "C"], decks, seed, GameOptions(variant="archenemy",
                                                               extra=extra))
        assert g.starting_player == 0
        assert [p.life for p in g.players] == [40, 20, 20]
        assert g.opponents(0) == [1, 2] and g.opponents(1) == [0]
        assert len(deck(g, 0, "Scheme")) == 20  # 904.4


def test_cr_703_4d_904_9_scheme_set_in_motion_as_precombat_main_begins() -> None:
    """703.4d / 904.9: immediately after the archenemy's precombat main phase begins, the
    top scheme is set in motion (no stack); its ability triggers (701.23)."""
    g = table(["Roots of All Evil", "Look Skyward and Despair"])
    to_main(g)
    assert [o.name for o in face_up(g, "Scheme")] == ["Look Skyward and Despair"]
    assert g.stack  # the "set in motion" trigger
    settle(g)
    assert [g.obj(i).name for i in g.battlefield] == ["Dragon"]
    # 704.5w: the non-ongoing scheme goes face down to the bottom once its trigger is gone
    assert face_up(g, "Scheme") == []
    assert [g.obj(i).name for i in deck(g, 0, "Scheme")] == ["Look Skyward and Despair",
                                                               "Roots of All Evil"]


def test_cr_904_9_only_the_archenemy_sets_schemes_in_motion() -> None:
    """904.9: during another player's turn no scheme is set in motion."""
    g = setup_game(["A", "B"], options=GameOptions(variant="archenemy",
                                                   extra={"schemes": []}))
    from manastack.variants.command_zone import put_in_command
    put_in_command(g, 0, "Roots of All Evil", face_down=True)
    start_at(g, "upkeep", active=1)
    to_main(g)
    assert face_up(g, "Scheme") == []


def test_cr_904_11_701_24_ongoing_scheme_stays_until_abandoned() -> None:
    """904.11: an ongoing scheme stays face up (its static ability works from the command
    zone, 904.8) until abandoned (701.24): here when a creature of the archenemy dies."""
    g = table(["The Very Soil Shall Shake"])
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    to_main(g)
    settle(g)
    assert [o.name for o in face_up(g, "Scheme")] == ["The Very Soil Shall Shake"]
    c = g.chars(bear)
    assert (c.power, c.toughness) == (4, 4) and "trample" in c.keywords
    from manastack.rules.keyword_actions import destroy
    destroy(g, bear, "701.7a", "test")
    g.apply(0, Pass())  # the abandon trigger goes on the stack, then resolves
    settle(g)
    assert face_up(g, "Scheme") == [] and any(e.rule == "701.24b" for e in g.log)


def test_cr_701_24a_only_ongoing_schemes_can_be_abandoned() -> None:
    g = table(["Roots of All Evil"])
    to_main(g)
    scheme = face_up(g, "Scheme")[0]
    abandon(g, scheme.id)
    assert face_up(g, "Scheme") == [scheme]


def test_schemes_each_opponent_and_target_opponent() -> None:
    """"Each opponent" is every player of the team (904.2b): I Delight in Your
    Convulsions drains both; Behold the Power of Destruction destroys one opponent's
    nonland permanents."""
    g = table(["Behold the Power of Destruction", "I Delight in Your Convulsions"])
    to_main(g)
    settle(g)
    assert [p.life for p in g.players] == [46, 17, 17]
    b_bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    c_bear = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    lands(g, 1, "Forest", 1)
    from manastack.variants.archenemy import set_in_motion
    g.turn_flags.clear()
    set_in_motion(g, 0)
    g.apply(0, Pass())
    answer(g, PlayerRef(1), kind="choose_targets")
    settle(g)
    assert b_bear.id not in g.objects and c_bear.id in g.battlefield
    assert len(g.players[1].graveyard) == 1 and g.permanents(1)  # the Forest stays


def test_scheme_target_opponent_chooses_self_or_others() -> None:
    """The Fate of the Flammable: the targeted opponent chooses; "others" hits each other
    opponent for 3."""
    g = table(["The Fate of the Flammable"])
    to_main(g)
    answer(g, PlayerRef(1), kind="choose_targets")
    settle(g)
    assert g.decision.player == 1
    answer(g, "others")
    assert [p.life for p in g.players] == [40, 20, 17]


def test_scheme_all_in_good_time_extra_turn_without_scheme() -> None:
    """All in Good Time: an extra turn in which no scheme is set in motion."""
    g = table(["Roots of All Evil", "All in Good Time"])
    to_main(g)
    settle(g)
    for _ in range(60):
        if g.turn_number == 2 and g.step is not None and g.step.name == "precombat_main":
            break
        if g.decision is not None and g.decision.kind == "choose_defender":
            answer(g, PlayerRef(1))
        advance(g, lambda g: g.decision is not None and g.decision.kind == "choose_defender"
                or g.turn_number == 2 and g.step is not None
                and g.step.name == "precombat_main")
    assert g.active_player == 0 and face_up(g, "Scheme") == []
    assert any("can't be set in motion" in e.text for e in g.log)


def test_cr_104_2a_team_wins_when_the_archenemy_loses() -> None:
    """104.2a / 904.2: the team of opponents wins together."""
    from manastack.rules.sba import perform
    g = table(["Roots of All Evil"])
    g.players[0].life = 0
    g.changed()
    perform(g)
    assert g.over and g.players[1].won and g.players[2].won and not g.players[0].won


def test_cr_104_2a_archenemy_must_defeat_every_opponent() -> None:
    from manastack.rules.sba import perform
    g = table(["Roots of All Evil"])
    g.players[1].life = 0
    g.changed()
    perform(g)
    assert not g.over
    g.players[2].life = 0
    g.changed()
    perform(g)
    assert g.over and g.winner == 0


def test_cr_904_3_scheme_deck_checks() -> None:
    """904.3: at least twenty scheme cards, no more than two of a name."""
    check_scheme_deck(default_scheme_deck(3))
    with pytest.raises(DeckError, match="at least 20"):
        check_scheme_deck(default_scheme_deck(3)[:19])
    with pytest.raises(DeckError, match="no more than two"):
        check_scheme_deck(["Roots of All Evil"] * 3 + default_scheme_deck(3)[:17])
    with pytest.raises(DeckError, match="isn't a scheme"):
        check_scheme_deck(["Grizzly Bears"] + default_scheme_deck(3)[:19])

"""Planechase (CR 901; seed 103.6): planar decks, the starting plane, the planar die as a
special action and its cost, planeswalking, chaos abilities, plane abilities working from
the command zone."""

from __future__ import annotations

import pytest
from cardplay import advance, lands, settle

from manastack.engine import new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import DeckError, IllegalAction
from manastack.game.decisions import Choose, Mulligan, Pass, PlayLand, Special
from manastack.game.objects import Zone
from manastack.game.state import GameOptions
from manastack.variants import get_variant
from manastack.variants.command_zone import deck, face_up, put_in_command, turn_face_up
from manastack.variants.planechase import (
    check_planar_deck,
    default_planar_deck,
    planeswalk,
    roll_planar_die,
)

V = get_variant("planechase")
ROLL = Special("planar_die")


def table(planes: list[str], other: list[str] | None = None, step: str = "precombat_main"):  # type: ignore[no-untyped-def]
    """A's planar deck ``planes`` (last = top, turned face up as the current plane)."""
    g = setup_game(options=GameOptions(variant="planechase"))
    for n in planes:
        put_in_command(g, 0, n, face_down=True)
    for n in other or ():
        put_in_command(g, 1, n, face_down=True)
    turn_face_up(g, deck(g, 0, "Plane")[-1], controller=0)
    start_at(g, step)
    return g


def plane(g) -> str:  # type: ignore[no-untyped-def]
    return ",".join(o.name for o in face_up(g, "Plane"))


def test_cr_103_6_901_5_starting_player_turns_the_top_plane_face_up() -> None:
    """901.4: planar decks shuffled in the command zone; 103.6 / 901.5: after mulligans the
    starting player's top plane is the starting plane, controlled by the active player."""
    decks, extra = V.default_setup(2, 4)
    V.check_decks(decks, extra)
    g = new_game(["A", "B"], decks, 4, GameOptions(variant="planechase", extra=extra,
                                                   first_player=1))
    assert face_up(g, "Plane") == []
    while g.decision is not None and g.decision.kind == "mulligan":
        g.apply(g.decision.player, Mulligan(False))
    up = face_up(g, "Plane")
    assert len(up) == 1 and up[0].owner == 1 and up[0].controller == 1
    assert len(deck(g, 1, "Plane")) == 9 and len(deck(g, 0, "Plane")) == 10
    assert any(e.rule == "103.6" for e in g.log)


def test_cr_901_9_planar_die_is_a_special_action_costing_more_each_time() -> None:
    """901.9: the active player, main phase, empty stack; {0}, then {1}, then {2}..."""
    g = table(default_planar_deck(1))
    assert ROLL in g.legal_actions()
    g.apply(0, ROLL)
    assert g.decision.kind == "priority" and g.decision.player == 0
    assert ROLL not in g.legal_actions()  # no mana for {1}
    with pytest.raises(IllegalAction, match="901.9"):
        g.apply(0, ROLL)
    lands(g, 0, "Forest", 3)
    settle(g)
    g.apply(0, ROLL)
    assert sum(o.tapped for o in g.permanents(0)) == 1
    settle(g)
    g.apply(0, ROLL)
    assert sum(o.tapped for o in g.permanents(0)) == 3


def test_cr_901_9_only_active_player_in_main_phase_with_empty_stack() -> None:
    g = table(default_planar_deck(1), step="upkeep")
    assert ROLL not in g.legal_actions()
    with pytest.raises(IllegalAction, match="901.9"):
        g.apply(0, ROLL)
    advance(g, lambda g: g.step is not None and g.step.name == "precombat_main")
    g.apply(0, Pass())
    assert g.decision.player == 1 and ROLL not in g.legal_actions()


def test_cr_901_3a_die_faces_are_seeded_and_distributed() -> None:
    """901.3a: one planeswalker face, one chaos face, four blank faces (the game's RNG)."""
    g = table(default_planar_deck(1) * 1)
    faces = [roll_planar_die(g, 0) for _ in range(600)]
    assert 60 < faces.count("chaos") < 140 and 60 < faces.count("planeswalk") < 140


def test_cr_901_8_701_22_planeswalking_ability_and_planeswalk() -> None:
    """901.8: rolling the planeswalker symbol triggers the planeswalking ability (it uses
    the stack); 701.22b: the plane goes to the bottom, the next one comes up."""
    g = table(["Krosa", "Tazeem", "Panopticon"])
    for seed in range(100):
        g2 = g.copy()
        g2.rng.seed(seed)
        g2.apply(0, ROLL)
        if any(e.data.get("result") == "planeswalk" for e in g2.log if e.kind == "planar_die"):
            break
    assert plane(g2) == "Panopticon" and g2.stack
    hand = len(g2.players[0].hand)
    settle(g2)
    assert plane(g2) == "Tazeem"
    assert [g2.obj(i).name for i in deck(g2, 0, "Plane")] == ["Panopticon", "Krosa"]
    assert len(g2.players[0].hand) == hand  # Tazeem: no "planeswalk to" draw


def test_planeswalk_to_and_away_triggers() -> None:
    """"When you planeswalk to Panopticon, draw a card"; "When you planeswalk away from
    Sanctum of Serra, destroy all nonland permanents"."""
    g = table(["Panopticon", "Sanctum of Serra"])
    bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    forest = put(g, 1, Zone.BATTLEFIELD, "Forest")
    hand = len(g.players[0].hand)
    planeswalk(g, 0)
    g.apply(0, Pass())
    assert g.decision.kind == "order_triggers"
    g.apply(0, Choose((0, 1)))
    settle(g)
    assert bear.id not in g.objects and forest.id in g.battlefield
    assert len(g.players[0].hand) == hand + 1 and plane(g) == "Panopticon"


def test_cr_901_9b_chaos_triggers_the_plane() -> None:
    """901.9b: on the chaos symbol, "Whenever chaos ensues" abilities of the face-up plane
    trigger (Goldmeadow: a Goat)."""
    g = table(["Goldmeadow"])
    for seed in range(100):
        g2 = g.copy()
        g2.rng.seed(seed)
        g2.apply(0, ROLL)
        if any(e.data.get("result") == "chaos" for e in g2.log if e.kind == "planar_die"):
            break
    settle(g2)
    assert [g2.obj(i).name for i in g2.battlefield] == ["Goat"]


def test_cr_901_7_plane_static_and_triggered_abilities() -> None:
    """901.7: a face-up plane's static abilities affect the game (Krosa +2/+2; Tazeem
    creatures can't block) and its triggered abilities trigger (Goldmeadow goats)."""
    g = table(["Krosa"])
    bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    assert (g.chars(bear).power, g.chars(bear).toughness) == (4, 4)
    g = table(["Goldmeadow"])
    forest = put(g, 0, Zone.HAND, "Forest")
    g.apply(0, PlayLand(forest.id))
    settle(g)
    g.apply(0, Pass())
    settle(g)
    assert sum(g.obj(i).name == "Goat" for i in g.battlefield) == 3


def test_cr_901_6_planar_controller_is_the_active_player() -> None:
    """901.6: the planar controller (the face-up plane's controller) is the active
    player: Panopticon's draw-step ability works for whoever's turn it is."""
    g = table(["Panopticon"], step="end")
    advance(g, lambda g: g.active_player == 1 and g.step is not None
            and g.step.name == "precombat_main")
    assert face_up(g, "Plane")[0].controller == 1
    assert len(g.players[1].hand) == 2  # the normal draw and Panopticon's


def test_cr_901_3_planar_deck_checks() -> None:
    check_planar_deck(default_planar_deck(2))
    with pytest.raises(DeckError, match="at least 10"):
        check_planar_deck(default_planar_deck(2)[:9])
    with pytest.raises(DeckError, match="different name"):
        check_planar_deck(default_planar_deck(2)[:9] + ["Krosa", "Krosa"])
    with pytest.raises(DeckError, match="isn't a plane"):
        check_planar_deck(default_planar_deck(2)[:9] + ["Grizzly Bears"])


def test_cr_601_2f_cost_reductions_in_the_listed_casts() -> None:
    """601.2f: the total cost is the mana cost minus cost reductions.  The legal-action
    listing skipped a spell whose mana value exceeded the available mana before looking
    at reductions: with Turri Island ("Creature spells cost {2} less to cast") a single
    Forest casts Grizzly Bears ({1}{G} -> {G}); with Feeding Grounds ("Red spells cost {1}
    less") two Mountains cast Fireball with X = 2 ({2}{R} -> {1}{R})."""
    from manastack.game.decisions import Cast

    g = table(["Turri Island"])
    lands(g, 0, "Forest", 1)
    bears = put(g, 0, Zone.HAND, "Grizzly Bears")
    casts = [a for a in g.legal_actions() if isinstance(a, Cast) and a.card == bears.id]
    assert casts, "Grizzly Bears costs {G} under Turri Island"
    g.apply(0, casts[0])
    settle(g)
    assert bears.id not in g.players[0].hand
    g = table(["Feeding Grounds"])
    lands(g, 0, "Mountain", 2)
    ball = put(g, 0, Zone.HAND, "Fireball")
    xs = {a.x for a in g.legal_actions() if isinstance(a, Cast) and a.card == ball.id}
    assert max(xs) == 2

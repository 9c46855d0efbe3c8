"""Multiplayer rules (CR 800-806): free-for-all, its options, leaving the game."""

from __future__ import annotations

import pytest

from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Cast, Choose, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.layers import LayerEffect, add_effect, set_controller
from manastack.rules.sba import lose
from manastack.variants import get_variant

from conftest import at_step, pass_until

FORESTS = ["Forest"] * 40


def ffa(n: int = 4, **extra: object) -> Game:
    names = ("A", "B", "C", "D", "E", "F")[:n]
    return setup_game(names, options=GameOptions(variant="free_for_all", extra=dict(extra)))


def test_cr_806_free_for_all_is_three_to_six_players() -> None:
    """CR 806.1 (issue 8): free-for-all is played by 3-6 players; more than two players
    play it by default (800.1)."""
    v = get_variant("free_for_all")
    assert v.check_player_count(3) is None and v.check_player_count(6) is None
    assert v.check_player_count(2) and v.check_player_count(7)
    with pytest.raises(IllegalAction):
        Game(["A", "B", "C", "D", "E", "F", "G"], options=GameOptions(variant="free_for_all"))
    assert Game(["A", "B", "C"]).options.variant == "free_for_all"


def test_cr_806_2b_options_are_checked() -> None:
    """CR 806.2b / 801: the attack and range options must be well formed."""
    with pytest.raises(IllegalAction, match="attack"):
        ffa(3, attack="sideways")
    with pytest.raises(IllegalAction, match="range"):
        ffa(3, range=0)


@pytest.mark.parametrize(("variant", "players", "extra", "message"), [
    ("free_for_all", 3, {"atack": "left"},
     "options.extra.atack: not an option of free_for_all .its options: attack, range"),
    ("two_headed_giant", 4, {"team": [[0, 2], [1, 3]]},
     "options.extra.team: not an option of two_headed_giant .its options: attack, range, "
     "teams"),
    (None, 2, {"range": 1}, "options.extra.range: not an option of two_player .it has none"),
])
def test_cr_800_2_unknown_variant_options_are_refused(variant: str | None, players: int,
                                                      extra: dict[str, object],
                                                      message: str) -> None:
    """CR 800.2 / 100.1: a game's options say which variant rules apply; a key the
    variant doesn't know (e.g. misspelt) is refused, naming it, rather than ignored."""
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(IllegalAction, match=message):
        Game(names, 0, GameOptions(variant=variant, extra=extra))


def test_cr_103_7c_no_player_skips_the_first_draw() -> None:
    """CR 103.7c (2011) / 800.6: in free-for-all the starting player draws on turn 1."""
    g = new_game(["A", "B", "C"], [FORESTS] * 3, seed=1, options=GameOptions(first_player=1))
    while g.decision is not None and g.decision.kind == "mulligan":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])
    pass_until(g, at_step("precombat_main", 1))
    assert len(g.players[1].hand) == 8
    assert not any(e.rule == "103.7a" for e in g.log)


def test_cr_101_4_apnap_and_priority_go_around_the_table() -> None:
    """CR 101.4 / 116.3d: APNAP order and priority follow turn order from the active
    player."""
    g = ffa(4)
    start_at(g, "precombat_main", active=2)
    assert g.apnap() == [2, 3, 0, 1]
    order = []
    for _ in range(4):
        order.append(g.decision.player)
        g.apply(g.decision.player, Pass())
    assert order == [2, 3, 0, 1]


def test_cr_802_attack_multiple_players_blocks_in_apnap_order() -> None:
    """CR 802.2-802.4: all opponents defend; attacked players declare blockers in APNAP
    order, each only against creatures attacking them (802.4a)."""
    g = ffa(3, attack="multiple")
    b1 = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    b2 = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    elf = put(g, 1, Zone.BATTLEFIELD, "Llanowar Elves")
    put(g, 2, Zone.BATTLEFIELD, "Llanowar Elves")
    start_at(g, "beginning_of_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    assert g.combat.defending_players == [1, 2]
    g.apply(0, DeclareAttackers(((b1.id, PlayerRef(1)), (b2.id, PlayerRef(2)))))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    assert g.decision.player == 1
    with pytest.raises(IllegalAction, match="802.4a|another player"):
        g.apply(1, DeclareBlockers(((elf.id, (b2.id,)),)))
    g.apply(1, DeclareBlockers(((elf.id, (b1.id,)),)))
    assert g.decision.player == 2
    g.apply(2, DeclareBlockers(()))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[2].life == 18 and g.players[1].life == 20


@pytest.mark.parametrize(("option", "active", "defender"),
                         [("left", 0, 1), ("left", 3, 0), ("right", 0, 3), ("right", 2, 1)])
def test_cr_803_1_attack_left_and_right(option: str, active: int, defender: int) -> None:
    """CR 803.1a-b: the defending player is the nearest opponent to the left (next in turn
    order) or to the right; no choice is asked."""
    g = ffa(4, attack=option)
    put(g, active, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "beginning_of_combat", active=active)
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    assert g.combat.defending_players == [defender]
    assert any(e.rule == ("803.1a" if option == "left" else "803.1b") for e in g.log)


def test_cr_801_range_of_influence() -> None:
    """CR 801.2-801.4, 801.10: range 1 in five players: A reaches B and E only; targets,
    "each opponent" and the defender choice are limited; a player who leaves brings the
    next players in range at the next turn (801.2c)."""
    g = ffa(5, range=1)
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    start_at(g, "precombat_main")
    assert g.opponents(0) == [1, 4]
    with pytest.raises(IllegalAction, match="801.4"):
        g.apply(0, Cast(bolt.id, (PlayerRef(2),)))
    g.apply(0, Cast(bolt.id, (PlayerRef(1),)))
    lose(g, 1, "704.5a", "test")
    assert g.opponents(0) == [4]  # 801.2c: fixed until the next turn begins
    from manastack.rules.multiplayer import compute_ranges
    compute_ranges(g)
    assert g.opponents(0) == [2, 4]


def test_cr_800_4a_leaving_player_takes_their_objects() -> None:
    """CR 800.4a: all objects the player owns leave the game, effects giving them control
    end, their abilities on the stack cease to exist, what they still control is exiled;
    the game goes on (800.4)."""
    g = ffa(3)
    mine = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears", controller=0)  # owned by B
    stolen = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")  # C's, B controls by effect
    add_effect(g, LayerEffect("2", set_controller(1), frozenset({stolen.id}), 1))
    borrowed = put(g, 2, Zone.BATTLEFIELD, "Llanowar Elves", controller=1)  # not an effect
    put(g, 1, Zone.HAND, "Shock")
    put(g, 1, Zone.GRAVEYARD, "Shock")
    start_at(g, "precombat_main")
    total = len(g.objects)
    lose(g, 1, "704.5a", "test")
    assert not g.over and g.players[1].lost
    assert mine.id not in g.objects and mine.id in g.departed
    assert not g.players[1].hand and not g.players[1].library and not g.players[1].graveyard
    assert g.controller(stolen) == 2 and stolen.zone == "battlefield"
    assert borrowed.id not in g.battlefield and any(
        g.objects[i].name == "Llanowar Elves" for i in g.exile)
    assert len(g.objects) + len(g.departed) == total


def test_cr_800_4i_priority_skips_a_player_who_left() -> None:
    """CR 800.4a / 800.4i: a player who left never receives priority; the turn of a
    player who left goes on without them; their next turn doesn't begin (800.4j)."""
    g = ffa(3)
    start_at(g, "precombat_main", active=1)
    assert g.decision.player == 1
    lose(g, 1, "704.5a", "test")
    g.run()
    assert g.decision.player == 2  # the next player in turn order
    seen: set[int] = set()

    def until_turn_3(q: Game) -> bool:
        seen.add(q.decision.player)
        return q.turn_number == 3

    pass_until(g, until_turn_3)
    assert 1 not in seen
    assert [e.data["player"] for e in g.log if e.kind == "turn_began"][-2:] == [2, 0]


def test_cr_104_2a_last_player_wins_and_result_line() -> None:
    """CR 104.2a: the game ends when one player is left, who wins."""
    from manastack.play import result_line
    g = ffa(3)
    start_at(g, "precombat_main")
    lose(g, 1, "704.5a", "test")
    lose(g, 2, "704.5a", "test")
    assert g.over and g.winner == 0 and g.players[0].won
    assert result_line(g).startswith("Game over: A wins")


def test_cr_800_4e_no_combat_damage_to_a_player_who_left() -> None:
    """CR 800.4e: combat damage isn't assigned to a player who has left the game."""
    g = ffa(3, attack="multiple")
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(((bear.id, PlayerRef(1)),)))
    lose(g, 1, "704.5a", "test")
    pass_until(g, at_step("end_of_combat"))
    assert not any(e.kind == "damage" for e in g.log if e.turn == 1)


def test_choose_defender_decision_lists_only_opponents() -> None:
    """CR 507.1: the choice is among the active player's opponents."""
    g = ffa(4)
    start_at(g, "beginning_of_combat", active=1)
    assert g.decision.kind == "choose_defender"
    assert {o.index for o in g.decision.options} == {0, 2, 3}
    with pytest.raises(IllegalAction):
        g.apply(1, Choose((PlayerRef(1),)))

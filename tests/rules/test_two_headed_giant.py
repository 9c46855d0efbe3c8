"""Two-Headed Giant (CR 810) and the shared team turns option (CR 805)."""

from __future__ import annotations

import pytest

from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    Pass,
    PlayLand,
)
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.damage import gain_life, lose_life

from conftest import at_step, pass_until

THG = GameOptions(variant="two_headed_giant")


def thg(**extra: object) -> Game:
    return setup_game(("A", "B", "C", "D"),
                      options=GameOptions(variant="two_headed_giant", extra=dict(extra)))


def keep_all(g: Game) -> None:
    while g.decision is not None and g.decision.kind == "mulligan":
        g.apply(g.decision.player, Mulligan(False))


def test_cr_810_1_two_teams_of_two() -> None:
    """CR 810.1 / 810.11: two teams of equal size (default 0 & 2 against 1 & 3; or
    options.extra teams)."""
    g = thg()
    assert [p.team for p in g.players] == [0, 1, 0, 1]
    assert g.opponents(0) == [1, 3] and g.options.extra["teams"] == [[0, 2], [1, 3]]
    h = thg(teams=[[0, 1], [2, 3]])
    assert [p.team for p in h.players] == [0, 0, 1, 1]
    with pytest.raises(IllegalAction):
        thg(teams=[[0, 1, 2], [3]])
    with pytest.raises(IllegalAction):
        Game(["A", "B", "C"], options=THG)


def test_cr_810_4_shared_life_thirty_and_810_11_bigger_teams() -> None:
    """CR 103.3a / 810.4: each team's shared life total starts at 30; 810.11: +15 per
    player beyond the second, and +5 poison counters to lose."""
    g = new_game(["A", "B", "C", "D"], [["Forest"] * 40] * 4, seed=1, options=THG)
    assert [p.life for p in g.players] == [30] * 4
    six = new_game(list("ABCDEF"), [["Forest"] * 40] * 6, seed=1,
                   options=GameOptions(variant="two_headed_giant"))
    assert [p.life for p in six.players] == [45] * 6
    from manastack.variants import variant_of
    assert variant_of(six).poison_limit(six, 0) == 20


def test_cr_810_9_damage_loss_and_gain_apply_to_the_team_total() -> None:
    """CR 810.9: life changes happen to each player; the result is applied to the
    team's total (both players see it, 810.9a)."""
    g = thg()
    start_at(g, "precombat_main")
    lose_life(g, 1, 4)
    lose_life(g, 3, 4)
    assert g.players[1].life == g.players[3].life == 22
    gain_life(g, 0, 5)
    assert g.players[0].life == g.players[2].life == 35


def test_cr_103_7b_starting_team_skips_first_draw_and_805_4b_each_draws() -> None:
    """CR 103.7b / 810.6: the starting team skips its first draw step; 805.4b: each player
    of the team draws in its draw step."""
    g = new_game(["A", "B", "C", "D"], [["Forest"] * 40] * 4, seed=3,
                 options=GameOptions(variant="two_headed_giant", first_player=0))
    keep_all(g)
    pass_until(g, at_step("precombat_main", 2))
    assert [len(p.hand) for p in g.players] == [7, 8, 7, 8]
    assert any(e.rule == "103.7b" for e in g.log)
    assert sum(1 for e in g.log if e.rule == "805.4b") == 2


def test_cr_103_4c_team_mulligan_order() -> None:
    """CR 103.4c: each player of the starting team declares, then the other team."""
    from manastack.rules.start import declaration_order
    g = new_game(["A", "B", "C", "D"], [["Forest"] * 40] * 4, seed=1,
                 options=GameOptions(variant="two_headed_giant", first_player=3))
    assert declaration_order(g) == [1, 3, 0, 2]


def test_cr_805_4_team_turns_alternate_and_both_players_are_active() -> None:
    """CR 805.4: teams take turns; 805.4a: both players of the active team are active
    (sorcery timing, land plays 805.4c); the other team can't play lands."""
    g = thg()
    land_a = put(g, 0, Zone.HAND, "Forest")
    land_c = put(g, 2, Zone.HAND, "Forest")
    land_b = put(g, 1, Zone.HAND, "Island")
    start_at(g, "precombat_main")
    assert g.active_players() == [0, 2] and g.is_active(2) and not g.is_active(1)
    g.apply(0, PlayLand(land_a.id))
    g.apply(0, Pass())
    assert g.decision.player == 2  # 805.5: the active team has priority first
    g.apply(2, PlayLand(land_c.id))
    g.apply(2, Pass())
    assert g.decision.player == 1  # then the nonactive team (A gets it back after D)
    with pytest.raises(IllegalAction, match="305.3"):
        g.apply(1, PlayLand(land_b.id))
    pass_until(g, lambda q: q.turn_number == 2)
    assert g.active_player == 1 and g.active_players() == [1, 3]
    pass_until(g, lambda q: q.turn_number == 3)
    assert g.active_player == 0


def test_cr_805_6_apnap_by_teams() -> None:
    """CR 805.6: the active team, then the nonactive team."""
    g = thg()
    start_at(g, "precombat_main", active=1)
    assert g.apnap() == [1, 3, 0, 2]


def test_cr_810_7_team_combat() -> None:
    """CR 810.7a: the nonactive team defends; 805.10b: each attacking player declares for
    their creatures, each attacking one defending player; 810.7d: defending players'
    creatures block any attacker; 810.9: the team total takes the damage."""
    g = thg()
    a = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    c = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    wall = put(g, 3, Zone.BATTLEFIELD, "Wall of Wood")
    start_at(g, "beginning_of_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    assert g.combat.defending_players == [1, 3]
    assert g.decision.player == 0
    with pytest.raises(IllegalAction):
        g.apply(0, DeclareAttackers(((c.id, PlayerRef(1)),)))
    g.apply(0, DeclareAttackers(((a.id, PlayerRef(1)),)))
    assert g.decision.player == 2 and g.decision.kind == "declare_attackers"
    g.apply(2, DeclareAttackers(((c.id, PlayerRef(3)),)))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    assert g.decision.player == 3  # B controls no creature (509.1): D declares
    assert any(e.text == "B controls no creature" for e in g.log)
    g.apply(3, DeclareBlockers(((wall.id, (a.id,)),)))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == g.players[3].life == 28


def test_cr_810_8a_the_team_loses_together() -> None:
    """CR 810.8a / 810.8c / 704.5t: a team at 0 life loses; both players lose; the other team
    wins: ``Game over: A and C win``."""
    from manastack.play import result_line
    g = thg()
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    g.players[1].life = g.players[3].life = 3
    start_at(g, "precombat_main")
    g.apply(0, Cast(bolt.id, (PlayerRef(3),)))
    pass_until(g, lambda q: q.over)
    assert g.players[1].lost and g.players[3].lost
    assert g.players[0].won and g.players[2].won
    assert result_line(g) == f"Game over: A and C win (turn {g.turn_number})"
    losses = [(e.rule, e.text) for e in g.log if e.kind == "lose"]
    assert losses[0][0] == "704.5t" and losses[1][0] == "810.8a"  # the SBA, then the team


def test_cr_810_8d_fifteen_poison_counters() -> None:
    """CR 810.8d / 704.5u / 810.10: poison counters are shared; the team loses at 15."""
    g = thg()
    start_at(g, "precombat_main")
    g.players[1].poison = 14
    from manastack.rules.damage import totals_changed
    totals_changed(g, 1)
    assert g.players[3].poison == 14
    from manastack.rules.sba import perform
    perform(g)
    assert not g.players[1].lost
    g.players[3].poison = 15
    totals_changed(g, 3)
    g.changed()
    perform(g)
    assert g.players[1].lost and g.players[3].lost and g.over


def test_random_two_headed_giant_games_end() -> None:
    """Random 2HG games run to their end with consistent team totals."""
    from manastack.agents import RandomAgent
    from manastack.play import default_deck, play_game
    decks = [default_deck("red_green"), default_deck("white_black")] * 2
    for seed in range(3):
        g = play_game(decks, [RandomAgent(seed * 4 + i) for i in range(4)], seed=seed,
                      names=("A", "B", "C", "D"),
                      options=GameOptions(variant="two_headed_giant", max_turns=60))
        assert g.over
        assert g.players[0].life == g.players[2].life and \
            g.players[1].life == g.players[3].life

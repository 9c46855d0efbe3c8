"""Conceding (CR 104.3a; 800.4a multiplayer; 810.8b Two-Headed Giant)."""

from __future__ import annotations

import pytest

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Concede, DeclareAttackers, action_from_json
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions

from conftest import pass_until


def ffa(n: int = 3) -> Game:
    return setup_game(("A", "B", "C", "D", "E")[:n], options=GameOptions(variant="free_for_all"))


def test_cr_104_3a_concede_in_two_player_the_opponent_wins() -> None:
    """CR 104.3a / 104.2a: a player may concede at any time, even while the opponent
    decides; they lose and the opponent wins."""
    g = setup_game(("A", "B"))
    start_at(g, "precombat_main")
    assert g.decision.player == 0
    assert Concede() not in g.legal_actions()  # never one of the decision's options
    g.apply(1, Concede())
    assert g.over and g.winner == 0 and g.players[1].lost
    ev = [e for e in g.log if e.kind == "lose"]
    assert ev[-1].rule == "104.3a" and "concedes" in ev[-1].text
    assert g.history[-1] == (1, Concede())
    with pytest.raises(IllegalAction):
        g.apply(0, Concede())  # the game is over


def test_cr_104_3a_concede_round_trips_as_json() -> None:
    assert action_from_json(Concede().to_json()) == Concede()
    assert str(Concede()) == "concede"


def test_cr_800_4a_concede_in_multiplayer_the_game_goes_on() -> None:
    """CR 104.3a / 800.4a: in free-for-all the conceding player leaves with their objects;
    the others play on; a player who left can't concede again."""
    g = ffa(3)
    bear = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(2, Concede())
    assert not g.over and g.players[2].lost and bear.id in g.departed
    assert any(e.rule == "800.4a" for e in g.log)
    assert g.decision.player == 0
    with pytest.raises(IllegalAction, match="800.4a"):
        g.apply(2, Concede())
    g.apply(1, Concede())
    assert g.over and g.winner == 0


def test_cr_800_4a_concede_while_holding_priority_passes_it_on() -> None:
    """CR 800.4a: if the conceding player had priority, the next player receives it."""
    g = ffa(3)
    start_at(g, "precombat_main")
    g.apply(0, Concede())
    assert g.decision.kind == "priority" and g.decision.player == 1


def test_cr_800_4a_concede_while_deciding_a_choice() -> None:
    """CR 104.3a: a player who must answer a choice (the defending player to attack)
    concedes; the choice is answered in their place and the game goes on without them
    (800.4i: the turn goes on without an active player)."""
    g = ffa(4)
    start_at(g, "beginning_of_combat")
    assert g.decision.kind == "choose_defender"
    g.apply(0, Concede())
    assert not g.over and g.decision is not None and g.decision.player != 0
    pass_until(g, lambda q: q.turn_number == 2)
    assert g.active_player == 1


def test_cr_800_4a_concede_as_the_attacked_player() -> None:
    """A defending player concedes after attackers are declared: no combat damage is dealt
    to them (800.4e) and the game goes on."""
    g = ffa(3)
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    g.apply(0, g.decision.legal_actions(g)[0])  # choose a defender
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    target = g.combat.defending_players[0]
    g.apply(0, DeclareAttackers(((bear.id, PlayerRef(target)),)))
    g.apply(target, Concede())
    pass_until(g, lambda q: q.turn_number == 2)
    assert not any(e.kind == "damage" for e in g.log)


def test_cr_810_8b_concede_the_team_leaves_and_loses() -> None:
    """CR 810.8b: in Two-Headed Giant a player who concedes takes their team out: the
    team loses (the teammate's loss cites 810.8b) and the other team wins."""
    g = setup_game(("A", "B", "C", "D"), options=GameOptions(variant="two_headed_giant"))
    start_at(g, "precombat_main")
    g.apply(3, Concede())
    assert g.over and {p.index for p in g.players if p.won} == {0, 2}
    rules = [e.rule for e in g.log if e.kind == "lose"]
    assert rules == ["104.3a", "810.8b"]


def test_cr_104_3a_concede_during_mulligans() -> None:
    """A player may concede before the first turn too (104.3a: at any time)."""
    g = new_game(["A", "B", "C"], [["Forest"] * 40] * 3, seed=3)
    assert g.decision.kind == "mulligan"
    g.apply(2, Concede())
    while g.decision is not None and g.decision.kind == "mulligan":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])
    pass_until(g, lambda q: q.turn_number == 3)
    assert g.players[2].lost and not g.over


def test_cr_104_3a_a_replay_with_a_concession_is_identical() -> None:
    """The concession is part of the decision log: replaying it gives the same game."""
    g = new_game(["A", "B", "C"], [["Forest"] * 40] * 3, seed=5)
    agent = RandomAgent(1)
    for i in range(60):
        if g.decision is None:
            break
        if i == 30:
            g.apply(1, Concede())
            continue
        g.apply(g.decision.by, agent.act(g))
    h = new_game(["A", "B", "C"], [["Forest"] * 40] * 3, seed=5)
    for p, a in g.history:
        h.apply(p, a)
    assert h.state_hash() == g.state_hash() and [e.text for e in h.log] == \
        [e.text for e in g.log]


def test_random_agents_never_concede() -> None:
    g = setup_game(("A", "B"))
    put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    agent = RandomAgent(2)
    for _ in range(200):
        if g.decision is None:
            break
        a = agent.act(g)
        assert not isinstance(a, Concede)
        g.apply(g.decision.by, a)
    assert not any(e.rule == "104.3a" for e in g.log)


def test_cr_603_6c_permanent_leaving_with_its_owner_leaves_the_battlefield() -> None:
    """CR 603.6c / 800.4a: a phased-in permanent that leaves the game because its owner
    leaves "leaves the battlefield": its leaves-the-battlefield ability triggers (looking
    back, 603.10a) for its controller, who is still in the game."""
    g = ffa(3)
    fam = put(g, 1, Zone.BATTLEFIELD, "Ertai's Familiar", controller=0)
    start_at(g, "precombat_main")
    library = len(g.players[0].library)
    g.apply(1, Concede())
    assert fam.id in g.departed
    assert any(e.rule == "603.6c" for e in g.log)
    pass_until(g, lambda gm: not gm.stack and len(gm.players[0].library) < library)
    assert len(g.players[0].library) == library - 3


def test_cr_800_4a_a_player_who_left_is_no_longer_a_defending_player() -> None:
    """CR 800.4a / 508.1b: when a defending player leaves, nothing can attack them."""
    g = setup_game(("A", "B", "C"), options=GameOptions(
        variant="free_for_all", extra={"attack": "multiple"}))
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers")
    g.apply(2, Concede())
    assert g.combat is not None and g.combat.defending_players == [1]
    with pytest.raises(IllegalAction, match="left the game"):
        g.apply(0, DeclareAttackers(((bear.id, PlayerRef(2)),)))

"""Two-Headed Giant team rules (CR 810.7b-d, 810.9a-h, 810.10, 805.4a, 805.8).

Teams: A and C (players 0, 2) against B and D (1, 3)."""

from __future__ import annotations

from typing import Any

from manastack.cards.dsl import cost
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Activate, DeclareAttackers
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.casting import nonmana_cost_problem
from manastack.rules.combat import can_block_attacker
from manastack.rules.damage import (
    DamageItem,
    deal_damage,
    exchange_life_totals,
    gain_life,
    lose_life,
    set_life_totals,
)
from manastack.rules.layers import Duration
from manastack.rules.static import RuleEffect, add_rule_effect
from manastack.rules.targeting import legal_targets

from conftest import pass_until


def thg() -> Game:
    return setup_game(("A", "B", "C", "D"), options=GameOptions(variant="two_headed_giant"))


def _forbid(g: Game, kind: str, player: int) -> None:
    add_rule_effect(g, RuleEffect(kind, lambda _g, p, *_: p == player, Duration("game"),
                                  text=f"test: {kind}"))


def _set_team_life(g: Game, team: tuple[int, int], life: int) -> None:
    for p in team:
        g.players[p].life = life


def test_cr_810_9c_setting_one_players_life_total_sets_the_team_total() -> None:
    """CR 810.9a / 810.9c: Sorin Markov's "target opponent's life total becomes 10" on B
    (team at 25): B's life total is the team's, B loses 15, the team ends at 10."""
    g = thg()
    sorin = put(g, 0, Zone.BATTLEFIELD, "Sorin Markov", loyalty=4)
    _set_team_life(g, (1, 3), 25)
    start_at(g, "precombat_main")
    g.apply(0, Activate(sorin.id, 1, (PlayerRef(1),)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == g.players[3].life == 10
    assert [e.data["amount"] for e in g.log if e.kind == "life_loss"] == [15]


def test_cr_810_9d_each_players_life_total_becomes_one_per_team() -> None:
    """CR 810.9d: "each player's life total becomes 7" affects one member of each team:
    the team at 13 loses 6 once (not twice)."""
    g = thg()
    start_at(g, "precombat_main", run=False)
    _set_team_life(g, (0, 2), 7)
    _set_team_life(g, (1, 3), 13)
    set_life_totals(g, [0, 1, 2, 3], 7)
    assert [p.life for p in g.players] == [7, 7, 7, 7]
    assert [e.data["amount"] for e in g.log if e.kind == "life_loss"] == [6]
    assert any(e.rule == "810.9d" for e in g.log)


def test_cr_810_9e_teammates_cant_exchange_life_totals() -> None:
    """CR 810.9e: an exchange between teammates doesn't happen; between opponents each
    gains or loses the difference (701.9c), applied to the team totals."""
    g = thg()
    start_at(g, "precombat_main", run=False)
    _set_team_life(g, (1, 3), 12)
    exchange_life_totals(g, 0, 2)
    assert any(e.rule == "810.9e" for e in g.log)
    assert [p.life for p in g.players] == [30, 12, 30, 12]
    exchange_life_totals(g, 0, 3)
    assert [p.life for p in g.players] == [12, 30, 12, 30]


def test_cr_810_9g_a_player_who_cant_gain_life_stops_the_team() -> None:
    """CR 810.9g: if B can't gain life, D can't either (the gain is logged citing 810.9g);
    701.9c / 118.7: nor can the team get a higher total by an exchange."""
    g = thg()
    start_at(g, "precombat_main", run=False)
    _set_team_life(g, (1, 3), 10)
    _forbid(g, "cant_gain_life", 1)
    assert gain_life(g, 3, 4) == 0 and g.players[3].life == 10
    assert any(e.rule == "810.9g" for e in g.log)
    exchange_life_totals(g, 0, 3)
    assert g.players[3].life == 10 and g.players[0].life == 30


def test_cr_810_9h_a_player_who_cant_lose_life_stops_the_team() -> None:
    """CR 810.9h: if B can't lose life, D loses no life (from life loss or damage) and
    can't pay life (118.8)."""
    g = thg()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", run=False)
    _forbid(g, "cant_lose_life", 1)
    lose_life(g, 3, 5)
    deal_damage(g, [DamageItem(bear.id, PlayerRef(3), 2)])
    assert g.players[3].life == g.players[1].life == 30
    assert any(e.rule == "810.9h" for e in g.log)
    problem = nonmana_cost_problem(g, 3, None, cost(pay_life=2))
    assert problem is not None and problem[1] == "810.9h"
    assert nonmana_cost_problem(g, 0, None, cost(pay_life=2)) is None


def test_cr_810_10c_a_player_who_cant_get_poison_counters_stops_the_team() -> None:
    """CR 810.10 / 810.10c: poison counters are shared; if B can't get poison counters,
    neither can D."""
    from manastack.cards.effects import EACH_OPPONENT, AddCounters
    from manastack.rules.resolution import Ctx

    g = thg()
    start_at(g, "precombat_main", run=False)
    AddCounters("poison", 2, EACH_OPPONENT).resolve(g, Ctx(0, "test", 0))
    assert [p.poison for p in g.players] == [0, 4, 0, 4]  # 810.10: each gets 2
    _forbid(g, "cant_get_poison", 1)
    AddCounters("poison", 2, EACH_OPPONENT).resolve(g, Ctx(0, "test", 0))
    assert [p.poison for p in g.players] == [0, 4, 0, 4]


def test_cr_810_7d_landwalk_checks_both_defending_players() -> None:
    """CR 810.7d (example) / 810.7b: Bog Raiders (swampwalk) attacking B can't be blocked
    by B's creature if D controls a Swamp (either defending player)."""
    g = thg()
    raiders = put(g, 0, Zone.BATTLEFIELD, "Bog Raiders")
    blocker = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    swamp = put(g, 3, Zone.BATTLEFIELD, "Swamp")
    start_at(g, "beginning_of_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(((raiders.id, PlayerRef(1)),)))
    msg = can_block_attacker(g, blocker, raiders)
    assert msg is not None and "810.7d" in msg
    del swamp


def test_cr_802_2a_810_7b_creature_defending_player_controls() -> None:
    """CR 802.2a: in free-for-all with attack multiple players, "target creature defending
    player controls" of an attacking Ancient Hellkite means the player it attacks; CR
    810.7b: in Two-Headed Giant the controller chooses either defending player (any of
    their creatures may be targeted)."""
    def targets(g: Game, hellkite: Any) -> set[int]:
        ab = g.chars(hellkite).abilities
        spec = next(a for a in ab if getattr(a, "targets", ())).targets[0]
        return {r for r in legal_targets(g, spec, 0, hellkite.id) if isinstance(r, int)}

    g = thg()
    hk = put(g, 0, Zone.BATTLEFIELD, "Ancient Hellkite")
    b = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    d = put(g, 3, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(((hk.id, PlayerRef(1)),)))
    assert targets(g, hk) == {b.id, d.id}

    f = setup_game(("A", "B", "C"), options=GameOptions(variant="free_for_all",
                                                        extra={"attack": "multiple"}))
    hk = put(f, 0, Zone.BATTLEFIELD, "Ancient Hellkite")
    b = put(f, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    put(f, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(f, "beginning_of_combat")
    pass_until(f, lambda q: q.decision.kind == "declare_attackers")
    f.apply(0, DeclareAttackers(((hk.id, PlayerRef(1)),)))
    assert targets(f, hk) == {b.id}


def test_cr_805_4a_your_upkeep_is_each_active_team_members() -> None:
    """CR 805.4a: the active team's turn is each member's turn: "at the beginning of your
    upkeep" triggers for the teammate of the primary player too."""
    g = thg()
    put(g, 2, Zone.BATTLEFIELD, "Dark Tutelage")
    put(g, 3, Zone.BATTLEFIELD, "Dark Tutelage")  # an opponent's: not their upkeep
    top = put(g, 2, Zone.LIBRARY, "Forest")
    start_at(g, "upkeep", active=0)
    pass_until(g, lambda q: q.step.name == "draw")
    assert top.id not in g.players[2].library and len(g.players[3].hand) == 0


def test_cr_805_8_a_skipped_turn_of_either_player_skips_the_team_turn() -> None:
    """CR 805.8: an effect making C (not the primary player) skip their next turn makes
    the team skip its turn."""
    from manastack.rules.turn import add_skip

    g = thg()
    start_at(g, "precombat_main", active=1)
    add_skip(g, "turn", "turn", 2)
    pass_until(g, lambda q: q.turn_number == 2)
    assert g.active_player in (1, 3) and any(e.rule == "500.10" for e in g.log)

"""Showcase cards: each one's defining rule (../shared/cards/showcase.txt)."""

from __future__ import annotations

import pytest

from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Cast, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import PlayerRef, Zone

from conftest import at_step, pass_until


def combat_game(attackers, blockers, active=0):  # type: ignore[no-untyped-def]
    g = setup_game()
    a = [put(g, active, Zone.BATTLEFIELD, n) for n in attackers]
    b = [put(g, 1 - active, Zone.BATTLEFIELD, n) for n in blockers]
    start_at(g, "declare_attackers", turn=1, active=active)
    return g, a, b


def test_goblin_brigand_cr_508_1d_must_attack_if_able() -> None:
    """Goblin Brigand attacks each combat if able: declaring no attackers is illegal."""
    g, (brig,), _ = combat_game(["Goblin Brigand"], [])
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(0, DeclareAttackers(()))
    g.apply(0, DeclareAttackers(((brig.id, PlayerRef(1)),)))
    assert brig.id in g.combat.attackers


def test_stalking_tiger_cr_509_1b_cant_be_blocked_by_more_than_one() -> None:
    """Stalking Tiger can't be blocked by more than one creature (a restriction, 509.1b)."""
    g, (tiger,), (b1, b2) = combat_game(["Stalking Tiger"], ["Grizzly Bears", "Runeclaw Bear"])
    g.apply(0, DeclareAttackers(((tiger.id, PlayerRef(1)),)))
    pass_until(g, lambda x: x.decision.kind == "declare_blockers")
    with pytest.raises(IllegalAction, match="509.1b"):
        g.apply(1, DeclareBlockers(((b1.id, (tiger.id,)), (b2.id, (tiger.id,)))))
    g.apply(1, DeclareBlockers(((b1.id, (tiger.id,)),)))


def test_two_headed_giant_of_foriys_cr_509_1a_blocks_an_additional_creature() -> None:
    """Two-Headed Giant of Foriys can block an additional creature each combat."""
    g, (x, y), (giant,) = combat_game(["Grizzly Bears", "Runeclaw Bear"],
                                      ["Two-Headed Giant of Foriys"])
    g.apply(0, DeclareAttackers(((x.id, PlayerRef(1)), (y.id, PlayerRef(1)))))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((giant.id, (x.id, y.id)),)))
    assert set(g.combat.blockers[giant.id]) == {x.id, y.id}


def test_guardian_of_the_gateless_blocks_any_number_and_grows() -> None:
    """Guardian of the Gateless blocks any number; +1/+1 for each creature it's blocking."""
    g, atks, (guard,) = combat_game(["Grizzly Bears", "Runeclaw Bear", "Goblin Piker"],
                                    ["Guardian of the Gateless"])
    g.apply(0, DeclareAttackers(tuple((a.id, PlayerRef(1)) for a in atks)))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((guard.id, tuple(a.id for a in atks)),)))
    pass_until(g, lambda q: q.decision.kind == "order_attackers")
    g.apply(1, g.decision.legal_actions(g)[0])
    pass_until(g, lambda q: not q.stack and q.step.name == "declare_blockers")
    assert g.chars(g.obj(guard.id)).power == 3 + 3  # a 3/3 blocking three creatures


def test_blighted_agent_cant_be_blocked_and_infects_players() -> None:
    """Blighted Agent can't be blocked; its damage to a player is poison (infect, 119.3b)."""
    g, (agent,), (bear,) = combat_game(["Blighted Agent"], ["Grizzly Bears"])
    g.apply(0, DeclareAttackers(((agent.id, PlayerRef(1)),)))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    with pytest.raises(IllegalAction, match="509.1b"):
        g.apply(1, DeclareBlockers(((bear.id, (agent.id,)),)))
    g.apply(1, DeclareBlockers(()))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].poison == 1 and g.players[1].life == 20


def test_righteousness_targets_only_blocking_creatures() -> None:
    """Righteousness: target blocking creature gets +7/+7 until end of turn."""
    g, (atk,), (bear,) = combat_game(["Grizzly Bears"], ["Runeclaw Bear"])
    plains = put(g, 1, Zone.BATTLEFIELD, "Plains")
    r = put(g, 1, Zone.HAND, "Righteousness")
    del plains
    g.apply(0, DeclareAttackers(((atk.id, PlayerRef(1)),)))
    g.apply(0, Pass())
    with pytest.raises(IllegalAction, match="601.2c"):
        g.apply(1, Cast(r.id, (atk.id,)))
    g.apply(1, Pass())
    g.apply(1, DeclareBlockers(((bear.id, (atk.id,)),)))
    g.apply(0, Pass())
    g.apply(1, Cast(r.id, (bear.id,)))
    pass_until(g, at_step("end_of_combat"))
    assert bear.id in g.battlefield and atk.id not in g.battlefield


def test_putrefax_sacrificed_at_end_step() -> None:
    """Putrefax: at the beginning of the end step, sacrifice this creature."""
    g = setup_game()
    p = put(g, 0, Zone.BATTLEFIELD, "Putrefax")
    start_at(g, "end", turn=1)
    pass_until(g, lambda q: not q.stack)
    assert p.id not in g.battlefield and len(g.players[0].graveyard) == 1


def test_kitchen_finks_persist_returns_with_counter() -> None:
    """Kitchen Finks: ETB gain 2; persist returns it with a -1/-1 counter (702.78a)."""
    g = setup_game()
    put(g, 1, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    finks = put(g, 0, Zone.BATTLEFIELD, "Kitchen Finks")
    start_at(g, "upkeep", turn=1)
    g.apply(0, Pass())
    g.apply(1, Cast(bolt.id, (finks.id,)))
    pass_until(g, lambda q: not q.stack and q.decision.kind == "priority")
    back = [o for o in g.permanents(0) if o.name == "Kitchen Finks"]
    assert back and back[0].counters.get("-1/-1") == 1
    assert g.players[0].life == 22  # its ETB triggered again as it returned


def test_stasis_players_skip_untap_and_upkeep_payment() -> None:
    """Stasis: players skip untap steps; sacrifice it unless you pay {U} (117.12a)."""
    from manastack.game.decisions import Choose

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Stasis")
    land = put(g, 0, Zone.BATTLEFIELD, "Island", tapped=True)
    start_at(g, "end", turn=1, active=1)
    pass_until(g, lambda q: q.turn_number == 2 and len(q.stack) == 1)
    assert g.obj(land.id).tapped  # Alice's untap step was skipped
    assert any(e.rule == "614.1b" and "untap" in e.text for e in g.log)
    pass_until(g, lambda q: not q.stack)  # can't pay {U} (Island tapped): sacrificed
    assert not any(o.name == "Stasis" for o in g.permanents())
    del Choose


def test_holy_day_prevents_all_combat_damage() -> None:
    """Holy Day: prevent all combat damage that would be dealt this turn (615)."""
    g, (atk,), _ = combat_game(["Grizzly Bears"], [])
    put(g, 1, Zone.BATTLEFIELD, "Plains")
    hd = put(g, 1, Zone.HAND, "Holy Day")
    g.apply(0, DeclareAttackers(((atk.id, PlayerRef(1)),)))
    g.apply(0, Pass())
    g.apply(1, Cast(hd.id))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 20


def test_pariah_redirects_damage_to_enchanted_creature() -> None:
    """Pariah: all damage that would be dealt to you is dealt to enchanted creature."""
    g = setup_game()
    wall = put(g, 0, Zone.BATTLEFIELD, "Wall of Wood")
    pariah = put(g, 0, Zone.BATTLEFIELD, "Pariah")
    pariah.attached_to = wall.id
    put(g, 1, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "upkeep", turn=1)
    g.apply(0, Pass())
    g.apply(1, Cast(bolt.id, (PlayerRef(0),)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[0].life == 20 and g.obj(wall.id).damage == 2


def test_norin_the_wary_exiled_and_returns_at_end_step() -> None:
    """Norin the Wary: when a player casts a spell, exile Norin; return at next end step."""
    g = setup_game()
    norin = put(g, 0, Zone.BATTLEFIELD, "Norin the Wary")
    put(g, 1, Zone.BATTLEFIELD, "Mountain")
    shock = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "upkeep", turn=1)
    g.apply(0, Pass())
    g.apply(1, Cast(shock.id, (PlayerRef(0),)))
    pass_until(g, lambda q: not q.stack)
    assert norin.id not in g.battlefield
    assert not any(o.name == "Norin the Wary" for o in g.permanents())
    pass_until(g, lambda q: q.step.name == "end" and not q.stack and q.decision.kind ==
               "priority" and any(o.name == "Norin the Wary" for o in q.permanents()))


def test_benalish_hero_cr_702_21h_band_is_blocked_together() -> None:
    """Banding: when a creature in a band becomes blocked by a creature, the whole band
    is blocked by it (702.21h); the defending player assigns that blocker's... the active
    player assigns the blocker's damage among the band (702.21k)."""
    from manastack.game.decisions import AssignDamage

    g, (hero, bear), (wall,) = combat_game(["Benalish Hero", "Grizzly Bears"],
                                           ["Maritime Guard"])
    with pytest.raises(IllegalAction, match="702.21"):
        g.apply(0, DeclareAttackers(((bear.id, PlayerRef(1)), (hero.id, PlayerRef(1))),
                                    bands=((bear.id,),)))
    g.apply(0, DeclareAttackers(((hero.id, PlayerRef(1)), (bear.id, PlayerRef(1))),
                                bands=((hero.id, bear.id),)))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((wall.id, (bear.id,)),)))
    assert hero.id in g.combat.blocked and set(g.combat.blockers[wall.id]) == {hero.id, bear.id}
    pass_until(g, lambda q: q.decision.kind == "assign_damage" and q.decision.player == 0)
    # the active player divides the blocking Maritime Guard's 1 damage: all to the Bears
    g.apply(0, AssignDamage(((hero.id, ((wall.id, 1),)), (bear.id, ((wall.id, 2),)),
                             (wall.id, ((bear.id, 1),)))))
    pass_until(g, at_step("end_of_combat"))
    assert g.obj(bear.id).damage == 1 and hero.id in g.battlefield


def test_combust_cant_be_countered_and_damage_cant_be_prevented() -> None:
    """Combust: can't be countered (Cancel fails); its damage can't be prevented (615)."""
    g = setup_game()
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    for _ in range(3):
        put(g, 1, Zone.BATTLEFIELD, "Island")
    put(g, 1, Zone.BATTLEFIELD, "Plains")
    angel = put(g, 1, Zone.BATTLEFIELD, "Serra Angel")
    salve = put(g, 1, Zone.HAND, "Healing Salve")
    cancel = put(g, 1, Zone.HAND, "Cancel")
    combust = put(g, 0, Zone.HAND, "Combust")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(combust.id, (angel.id,)))
    g.apply(0, Pass())
    spell = g.stack[-1]
    g.apply(1, Cast(salve.id, (angel.id,), 0, (1,)))
    g.apply(1, Cast(cancel.id, (spell,)))
    pass_until(g, lambda q: not q.stack)
    assert angel.id not in g.battlefield
    assert any("can't be countered" in e.text for e in g.log)


def test_untap_upkeep_draw_entwined_adds_three_steps() -> None:
    """Untap, Upkeep, Draw: entwine {3} (702.41) chooses all modes; after this phase
    there are an additional untap, upkeep and draw step (500.9)."""
    g = setup_game()
    for _ in range(5):
        put(g, 0, Zone.BATTLEFIELD, "Island")
    uud = put(g, 0, Zone.HAND, "Untap, Upkeep, Draw")
    start_at(g, "precombat_main", turn=1)
    assert Cast(uud.id, (), 0, (0, 1, 2)) in g.decision.legal_actions(g)
    g.apply(0, Cast(uud.id, (), 0, (0, 1, 2)))
    assert all(g.obj(i).tapped for i in g.battlefield)  # {1}{U} + entwine {3}
    pass_until(g, at_step("beginning_of_combat"))
    began = [e.data["step"] for e in g.log if e.kind == "step_began" and e.turn == 1]
    assert began[:3] == ["untap", "upkeep", "draw"]
    assert not any(g.obj(i).tapped for i in g.battlefield)  # the extra untap step


def test_paradox_haze_additional_upkeep() -> None:
    """Paradox Haze: at the beginning of enchanted player's first upkeep each turn, that
    player gets an additional upkeep step after this step (500.9)."""
    g = setup_game()
    haze = put(g, 0, Zone.BATTLEFIELD, "Paradox Haze")
    haze.attached_to = PlayerRef(0)
    start_at(g, "untap", turn=2)
    pass_until(g, at_step("draw", 2))
    upkeeps = [e for e in g.log if e.kind == "step_began" and e.data["step"] == "upkeep"]
    assert len(upkeeps) == 2


def test_war_elemental_sacrificed_unless_opponent_damaged() -> None:
    """War Elemental: sacrificed on entering unless an opponent was dealt damage."""
    g = setup_game()
    for _ in range(3):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    we = put(g, 0, Zone.HAND, "War Elemental")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(we.id))
    pass_until(g, lambda q: not q.stack and q.decision.kind == "priority")
    assert not any(o.name == "War Elemental" for o in g.permanents())


def test_necropotence_skip_draw_and_pay_life_for_cards() -> None:
    """Necropotence: skip your draw step; pay 1 life: exile the top card face down and put
    it into your hand at the beginning of your next end step."""
    from manastack.game.decisions import Activate

    g = setup_game()
    necro = put(g, 0, Zone.BATTLEFIELD, "Necropotence")
    start_at(g, "upkeep", turn=2)
    g.apply(0, Activate(necro.id, 0))
    pass_until(g, lambda q: not q.stack)
    assert g.players[0].life == 19 and len(g.exile) == 1
    assert g.observe(1)["exile"][0]["name"] == "face-down card"
    pass_until(g, at_step("precombat_main", 2))
    assert len(g.players[0].hand) == 0  # the draw step was skipped
    pass_until(g, lambda q: q.step.name == "end" and not q.stack and
               q.decision.kind == "priority")
    assert len(g.players[0].hand) == 1


def test_cr_603_2c_war_elemental_triggers_once_for_one_damage_event() -> None:
    """CR 603.2c, 510.2: two unblocked attackers deal their combat damage to the opponent
    in one event, so "whenever an opponent is dealt damage" triggers once, and "that many"
    is all 3 damage of the event (the Chandra's Spitfire ruling: once per event)."""
    g, (bears, goblin, we), _ = combat_game(["Grizzly Bears", "Raging Goblin",
                                              "War Elemental"], [])
    g.apply(0, DeclareAttackers(((bears.id, PlayerRef(1)), (goblin.id, PlayerRef(1)))))
    pass_until(g, lambda q: q.step.name == "combat_damage" and q.stack != [])
    triggers = [s for s in g.stack if getattr(s, "source", None) == we.id]
    assert len(g.stack) == 1 and len(triggers) <= 1
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 17 and we.counters.get("+1/+1") == 3

"""Combat (CR 506-511, seed 000 section 3): removal from combat, timing, damage steps."""

from __future__ import annotations

from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Cast, Choose, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import PlayerRef, Zone
from manastack.rules.combat import combat_timing
from manastack.rules.layers import LayerEffect, add_effect, add_keywords, set_controller

import testcards  # noqa: F401
from conftest import at_step, pass_until


def _attack(g, *attackers):  # type: ignore[no-untyped-def]
    g.apply(0, DeclareAttackers(tuple((a.id, PlayerRef(1)) for a in attackers)))


def _to_blockers(g):  # type: ignore[no-untyped-def]
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")


def test_cr_509_1h_blocked_creature_stays_blocked_when_blocker_leaves() -> None:
    """CR 509.1h / 506.4: the blocker leaves the battlefield (removed from combat); the
    attacker remains blocked and, with no trample, deals no combat damage (510.1c)."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    blk = put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    put(g, 1, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    start_at(g, "declare_attackers", turn=1)
    _attack(g, atk)
    _to_blockers(g)
    g.apply(1, DeclareBlockers(((blk.id, (atk.id,)),)))
    g.apply(0, Pass())
    g.apply(1, Cast(bolt.id, (blk.id,)))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 20 and atk.id in g.combat.blocked


def test_cr_506_4_control_change_removes_from_combat() -> None:
    """Seed section 3 / CR 506.4: an attacking creature that changes controller is
    removed from combat (it deals no combat damage)."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    _attack(g, atk)
    add_effect(g, LayerEffect("2", set_controller(1), frozenset({atk.id}), 1))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 20
    assert any(e.rule == "506.4" and "changed controller" in e.text for e in g.log)


def test_cr_506_4_stops_being_a_creature_removes_from_combat() -> None:
    """Seed section 3: an attacking creature that stops being a creature is removed."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    _attack(g, atk)

    def not_creature(game, obj, c):  # type: ignore[no-untyped-def]
        c.types = frozenset({"Artifact"})
    add_effect(g, LayerEffect("4", not_creature, frozenset({atk.id}), 0))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 20 and atk.id not in g.combat.attackers


def test_seed_3_tapping_an_attacker_doesnt_remove_it_from_combat() -> None:
    """Seed section 3: tapping or untapping an attacking creature doesn't remove it from
    combat; its damage isn't prevented."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Serra Angel")  # vigilance: stays untapped
    start_at(g, "declare_attackers", turn=1)
    _attack(g, atk)
    assert not g.obj(atk.id).tapped
    g.obj(atk.id).tapped = True
    g.changed()
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 16


def test_cr_510_4_creature_gaining_first_strike_after_first_step_still_deals_once() -> None:
    """CR 510.4: in the second combat damage step, creatures that had neither first
    strike nor double strike as the first step began deal damage, even if they gained
    first strike meanwhile; double strikers deal damage in both."""
    g = setup_game()
    ogre = put(g, 0, Zone.BATTLEFIELD, "Blood Ogre")  # first strike
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    ace = put(g, 0, Zone.BATTLEFIELD, "Fencing Ace")  # double strike
    start_at(g, "declare_attackers", turn=1)
    _attack(g, ogre, bear, ace)
    pass_until(g, at_step("combat_damage"))
    pass_until(g, lambda q: q.step.name == "combat_damage" and q.decision.kind == "priority")
    assert g.players[1].life == 20 - 2 - 1  # ogre and ace (first strike step)
    add_effect(g, LayerEffect("6", add_keywords("first strike"), frozenset({bear.id}), 0))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 20 - 2 - 1 - 2 - 1  # bear and ace again


def test_seed_3_combat_timing_points() -> None:
    """Seed section 3: "before/after blockers are declared", "during combat", "only during
    combat after blockers are declared" refer to the first combat phase; skipped points."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    start_at(g, "precombat_main", turn=1)
    assert combat_timing(g, "before_blockers") and not combat_timing(g, "during_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    assert combat_timing(g, "during_combat") and combat_timing(g, "before_attackers")
    _attack(g, atk)
    assert combat_timing(g, "after_attackers") and combat_timing(g, "before_blockers")
    _to_blockers(g)
    g.apply(1, DeclareBlockers(()))
    assert combat_timing(g, "after_blockers_in_combat") and not combat_timing(
        g, "before_blockers")
    pass_until(g, at_step("postcombat_main"))
    assert combat_timing(g, "after_blockers") and not combat_timing(g, "during_combat")


def test_seed_3_no_attackers_blockers_step_skipped_so_after_blockers_never_happens() -> None:
    """Seed section 3: with the declare blockers step skipped, a spell "only during combat
    after blockers are declared" can't be cast in that combat; "before blockers" lasts
    until the declare attackers step ends."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(()))
    assert combat_timing(g, "before_blockers")
    pass_until(g, at_step("end_of_combat"))
    assert not combat_timing(g, "after_blockers_in_combat")
    assert not combat_timing(g, "before_blockers")


def test_cr_507_1_multiplayer_active_player_chooses_defending_player() -> None:
    """CR 507.1 / 703.4e: in a multiplayer game the active player chooses one opponent as
    the defending player at the beginning of combat."""
    g = setup_game(("A", "B", "C"))
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "beginning_of_combat", turn=1)
    assert g.decision.kind == "choose_defender" and g.decision.rule == "507.1"
    g.apply(0, Choose((PlayerRef(2),)))
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(((bear.id, PlayerRef(2)),)))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[2].life == 18 and g.players[1].life == 20


def test_cr_509_6_effect_makes_a_creature_block_orders_announced() -> None:
    """CR 509.6: if an effect makes a creature on the battlefield block, the defending
    player places the attacker in the blocker's damage assignment order (others keep
    their relative order); "blocks a creature" triggers as for a declared block."""
    from manastack import log as ev
    from manastack.game.decisions import Activate
    from manastack.rules.combat import make_block

    g = setup_game()
    a1 = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    a2 = put(g, 0, Zone.BATTLEFIELD, "Runeclaw Bear")
    guard = put(g, 1, Zone.BATTLEFIELD, "Palace Guard")
    maker = put(g, 1, Zone.BATTLEFIELD, "Test Block Maker")
    start_at(g, "declare_attackers", turn=1)
    _attack(g, a1, a2)
    _to_blockers(g)
    g.apply(1, DeclareBlockers(((guard.id, (a1.id,)),)))
    g.apply(0, Pass())
    g.apply(1, Activate(maker.id, 0, (guard.id, a2.id)))
    g.apply(1, Pass())
    g.apply(0, Pass())  # it resolves: the Guard blocks the Bear too
    assert g.decision.kind == "order_attackers" and g.decision.rule == "509.6"
    del make_block
    assert g.decision.player == 1
    g.apply(1, Choose((a2.id, a1.id)))
    assert g.combat.blockers[guard.id] == [a2.id, a1.id] and a2.id in g.combat.blocked
    assert any(e.kind == ev.BLOCKS_CREATURE and e.data.get("attacker") == a2.id
               for e in g.log)


def test_cr_510_1c_huge_trampler_always_has_legal_assignments() -> None:
    """CR 510.1c-d / 702.19b: whatever its power, an attacker blocked by several creatures
    can assign lethal damage in order and the rest to the player; the decision lists such
    assignments (a 252-power trampler blocked by two bears) and each of them is legal."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    atk.counters["+1/+1"] = 250
    add_effect(g, LayerEffect("6", add_keywords("trample"), frozenset({atk.id}), 0))
    b1 = put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    b2 = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    _attack(g, atk)
    _to_blockers(g)
    g.apply(1, DeclareBlockers(((b1.id, (atk.id,)), (b2.id, (atk.id,)))))
    for _ in range(20):
        d = g.decision
        if d.kind == "assign_damage":
            break
        g.apply(d.player, d.legal_actions(g)[0])
    d = g.decision
    assert d.kind == "assign_damage"
    acts = d.legal_actions(g)
    assert acts
    for act in acts[:20]:
        d.validate(g, act)
    trample = [a for a in acts if any(isinstance(r, PlayerRef) and n == 248
                                      for _, asg in a.assignments for r, n in asg)]
    assert trample
    g.apply(0, trample[0])
    assert g.players[1].life == 20 - 248

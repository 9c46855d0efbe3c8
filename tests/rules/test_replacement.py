"""Replacement and prevention effects (CR 614-616)."""

from __future__ import annotations

import dataclasses

from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Cast, Choose, Pass
from manastack.game.objects import PlayerRef, Zone

from conftest import pass_until


def _board():  # type: ignore[no-untyped-def]
    g = setup_game()
    wall = put(g, 1, Zone.BATTLEFIELD, "Wall of Wood")
    pariah = put(g, 1, Zone.BATTLEFIELD, "Pariah")
    pariah.attached_to = wall.id
    put(g, 1, Zone.BATTLEFIELD, "Plains")
    salve = put(g, 1, Zone.HAND, "Healing Salve")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Pass())
    g.apply(1, Cast(salve.id, (PlayerRef(1),), 0, (1,)))  # prevent the next 3 to B
    pass_until(g, lambda q: not q.stack and q.decision.player == 0)
    g.apply(0, Cast(bolt.id, (PlayerRef(1),)))
    pass_until(g, lambda q: q.decision.kind == "order_replacements")
    return g, wall


def test_cr_616_1_affected_player_orders_prevention_first() -> None:
    """CR 616.1: the affected player chooses which applies first: the prevention shield
    first prevents all 3 damage, so Pariah has nothing left to redirect."""
    g, wall = _board()
    assert g.decision.player == 1 and g.decision.rule == "616.1"
    shield = [i for i in g.decision.options if "prevention shield" in
              g.decision.prompt.split(f"{i}: ")[1].split(";")[0]][0]
    other = [i for i in g.decision.options if i != shield][0]
    g.apply(1, Choose((shield, other)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == 20 and g.obj(wall.id).damage == 0


def test_cr_616_1_affected_player_orders_redirection_first() -> None:
    """CR 616.1, 614.5: with Pariah first the damage goes to the 0/3 Wall (lethal); the
    shield, on the player, no longer applies to it."""
    g, wall = _board()
    shield = [i for i in g.decision.options if "prevention shield" in
              g.decision.prompt.split(f"{i}: ")[1].split(";")[0]][0]
    other = [i for i in g.decision.options if i != shield][0]
    g.apply(1, Choose((other, shield)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == 20 and wall.id not in g.battlefield  # 3 damage: dies


def test_cr_614_9_redirection_to_a_noncreature_or_gone_object_does_nothing() -> None:
    """CR 614.9: if the creature the damage would be redirected to is no longer on the
    battlefield, or no longer a creature, the redirection effect does nothing: the
    damage is dealt to the original recipient."""
    from manastack.rules.damage import DamageItem, deal_damage
    from manastack.rules.replacement import Replacement

    g = setup_game()
    start_at(g, "precombat_main", turn=1)
    src = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    land = put(g, 0, Zone.BATTLEFIELD, "Forest")
    gone = put(g, 0, Zone.GRAVEYARD, "Kjeldoran Royal Guard")
    for to in (land.id, gone.id):
        r = Replacement("damage", lambda gm, e: e.target == PlayerRef(0),
                        lambda gm, e, to=to: dataclasses.replace(e, target=to), 0, to,
                        "redirect")
        g.replacements.append(r)
        deal_damage(g, [DamageItem(src.id, PlayerRef(0), 2)])
        g.run()
        g.replacements.remove(r)
    assert g.players[0].life == 16
    assert g.obj(land.id).damage == 0 and g.obj(gone.id).damage == 0
    assert any(e.rule == "614.9" for e in g.log)

"""Auras put onto the battlefield by an effect, not as a resolving Aura spell (CR 303.4f,
303.4g); manastack.rules.entering."""

from __future__ import annotations

from collections.abc import Callable

from cardplay import answer, lands, settle

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Cast, Pass
from manastack.game.objects import GameObject, Zone

BF, GY, HAND, EXILE = Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.HAND, Zone.EXILE


def _on_bf(g: Game, name: str) -> list[GameObject]:
    return [o for o in g.permanents() if o.name == name]


def _ring_and_return(g: Game, target: GameObject,
                     between: Callable[[], None] | None = None) -> None:
    """A casts Oblivion Ring exiling ``target``, then (after ``between``, if given)
    Naturalize on the Ring."""
    lands(g, 0, "Plains", 3)
    lands(g, 0, "Forest", 2)
    ring = put(g, 0, HAND, "Oblivion Ring")
    nat = put(g, 0, HAND, "Naturalize")
    start_at(g, "precombat_main")
    g.apply(0, Cast(ring.id, ()))
    settle(g)
    answer(g, target.id)
    settle(g)
    if between is not None:
        between()
    g.apply(0, Cast(nat.id, (_on_bf(g, "Oblivion Ring")[0].id,)))
    settle(g)


def test_cr_303_4f_aura_returned_by_an_effect_is_attached_by_choice() -> None:
    """CR 303.4f: when Oblivion Ring leaves, the exiled Pacifism returns under its owner's
    control; that player chooses a legal creature for it to enchant as it enters (any
    creature, not a target), rather than it entering unattached and dying to 704.5n."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    wolf = put(g, 0, BF, "Sacred Wolf")  # hexproof: not targeted, so it may be chosen
    pac = put(g, 1, BF, "Pacifism")
    pac.attached_to = bear.id
    _ring_and_return(g, pac)
    d = g.decision
    assert d is not None and d.rule == "303.4f" and d.player == 1
    assert set(d.options) == {bear.id, wolf.id}  # type: ignore[attr-defined]
    answer(g, wolf.id)
    settle(g)
    aura = _on_bf(g, "Pacifism")[0]
    assert aura.attached_to == wolf.id and g.controller(aura) == 1


def test_cr_303_4g_aura_with_nothing_to_enchant_stays_in_exile() -> None:
    """CR 303.4g: the only creature is destroyed before Oblivion Ring leaves; the returning
    Pacifism has nothing it could enchant, so it stays in exile (it never enters)."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    pac = put(g, 1, BF, "Pacifism")
    pac.attached_to = bear.id
    lands(g, 0, "Swamp", 4)
    lands(g, 0, "Forest", 2)
    blade = put(g, 0, HAND, "Doom Blade")

    def destroy_the_bear() -> None:
        g.apply(0, Cast(blade.id, (bear.id,)))
        settle(g)

    _ring_and_return(g, pac, destroy_the_bear)
    assert g.decision is not None and g.decision.rule != "303.4f"
    assert [g.objects[i].name for i in g.zone_list(EXILE, 1)] == ["Pacifism"]
    assert not _on_bf(g, "Pacifism")
    assert any(e.rule == "303.4g" for e in g.log)
    g.apply(0, Pass())

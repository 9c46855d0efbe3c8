"""Magic 2012 cards that copy (CR 706)."""

from __future__ import annotations

from cardplay import cast_copier

from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Activate, Cast, Choose, Pass
from manastack.game.objects import PlayerRef, Zone

from conftest import pass_until


def test_phantasmal_image_exceptions_and_sacrifice_when_targeted() -> None:
    """CR 706.9a, 706.9c: Phantasmal Image copies Serra Angel except it's also an Illusion and has
    "When this creature becomes the target of a spell or ability, sacrifice it."."""
    g, angel = cast_copier("Phantasmal Image", "Serra Angel", n=2)
    g.apply(0, Choose((angel.id,)))
    pass_until(g, lambda q: not q.stack)
    image = [o for o in g.permanents(0) if o.name == "Serra Angel"][0]
    c = g.chars(image)
    assert "Illusion" in c.subtypes and "Angel" in c.subtypes and c.power == 4
    put(g, 1, Zone.BATTLEFIELD, "Mountain")
    shock = put(g, 1, Zone.HAND, "Shock")
    g.apply(0, Pass())
    g.apply(1, Cast(shock.id, (image.id,)))
    pass_until(g, lambda q: not q.stack)
    assert image.id not in g.battlefield


def test_chandra_the_firebrand_copies_next_instant() -> None:
    """Chandra, the Firebrand −2: when you next cast an instant or sorcery this turn, copy
    it (706.10); only the next one."""
    g = setup_game()
    ch = put(g, 0, Zone.BATTLEFIELD, "Chandra, the Firebrand")
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    s1 = put(g, 0, Zone.HAND, "Shock")
    s2 = put(g, 0, Zone.HAND, "Shock")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Activate(ch.id, 1))
    pass_until(g, lambda q: not q.stack)
    g.apply(0, Cast(s1.id, (PlayerRef(1),)))
    pass_until(g, lambda q: q.decision.kind == "choose_targets")
    g.apply(0, Choose((PlayerRef(1),)))  # keep the copy's target
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == 16
    g.apply(0, Cast(s2.id, (PlayerRef(1),)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == 14


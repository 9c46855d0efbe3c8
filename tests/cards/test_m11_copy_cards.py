"""Magic 2011 cards that copy (CR 706)."""

from __future__ import annotations

from cardplay import cast_copier

from manastack import log as ev
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Cast, Choose, Pass
from manastack.game.objects import PlayerRef, Zone

from conftest import pass_until


def test_clone_enters_as_a_copy_and_its_etb_triggers() -> None:
    """CR 706.2, 614.12: Clone enters as a copy of Grave Titan (layer 1): it has the
    Titan's characteristics, and the Titan's "enters" ability triggers for it."""
    g, titan = cast_copier("Clone", "Grave Titan")
    g.apply(0, Choose((titan.id,)))
    pass_until(g, lambda q: not q.stack)
    clone = [o for o in g.permanents(0) if o.name == "Grave Titan"]
    assert len(clone) == 1
    c = g.chars(clone[0])
    assert (c.power, c.toughness) == (6, 6) and "deathtouch" in c.keywords
    assert len([o for o in g.permanents(0) if o.name == "Zombie"]) == 2


def test_clone_choosing_nothing_is_a_0_0_and_dies() -> None:
    """Clone entering as a copy of nothing is a 0/0 Shapeshifter (704.5f)."""
    g, _ = cast_copier("Clone", "Grizzly Bears")
    g.apply(0, Choose(("none",)))
    pass_until(g, lambda q: not q.stack)
    assert not any(o.name == "Clone" for o in g.permanents())
    assert any(e.rule == "704.5f" for e in g.log)


def test_clone_copying_an_image_copy_gets_its_exceptions() -> None:
    """CR 706.9a, 706.9c: the exceptions of a copy effect are part of the copiable values:
    a Clone copying a Phantasmal Image (as Serra Angel) is an Illusion Serra Angel too."""
    g = setup_game()
    for _ in range(6):
        put(g, 0, Zone.BATTLEFIELD, "Island")
    angel = put(g, 1, Zone.BATTLEFIELD, "Serra Angel")
    image = put(g, 0, Zone.HAND, "Phantasmal Image")
    clone = put(g, 0, Zone.HAND, "Clone")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(image.id))
    pass_until(g, lambda q: q.decision.kind == "choose")
    g.apply(0, Choose((angel.id,)))
    pass_until(g, lambda q: not q.stack)
    copy1 = [o for o in g.permanents(0) if o.name == "Serra Angel"][0]
    g.apply(0, Cast(clone.id))
    pass_until(g, lambda q: q.decision.kind == "choose")
    g.apply(0, Choose((copy1.id,)))
    pass_until(g, lambda q: not q.stack)
    twins = [o for o in g.permanents(0) if o.name == "Serra Angel"]
    assert len(twins) == 2 and all("Illusion" in g.chars(o).subtypes for o in twins)


def test_reverberate_copies_a_spell_with_new_targets() -> None:
    """CR 706.10: Reverberate puts a copy of Lightning Bolt on the stack (not cast); its
    controller may choose new targets (706.10c); the copy ceases to exist (704.5e)."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    for _ in range(2):
        put(g, 1, Zone.BATTLEFIELD, "Mountain")
    rev = put(g, 1, Zone.HAND, "Reverberate")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(bolt.id, (PlayerRef(1),)))
    g.apply(0, Pass())
    g.apply(1, Cast(rev.id, (g.stack[-1],)))
    g.apply(1, Pass())
    g.apply(0, Pass())  # Reverberate resolves
    assert g.decision.kind == "choose_targets" and g.decision.rule == "706.10c"
    g.apply(1, Choose((PlayerRef(0),)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[0].life == 17 and g.players[1].life == 17
    assert not any(getattr(o, "is_copy", False) for o in g.objects.values())
    assert sum(1 for e in g.log if e.kind == ev.CAST) == 2  # the copy wasn't cast


def test_cr_706_10_copy_of_fling_uses_the_creature_sacrificed_for_the_original() -> None:
    """CR 706.10: "If an effect of the copy refers to objects used to pay its costs, it
    uses the objects used to pay the costs of the original spell": a copy of Fling made
    by Reverberate deals damage equal to the power of the creature sacrificed to cast
    Fling (a 3/3 Grizzly Bears with a +1/+1 counter): 3 + 3 damage, not 3 + 0."""
    g = setup_game()
    for _ in range(4):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bears = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    bears.counters["+1/+1"] = 1
    fling = put(g, 0, Zone.HAND, "Fling")
    rev = put(g, 0, Zone.HAND, "Reverberate")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(fling.id, (PlayerRef(1),)))
    if g.decision.kind == "choose":  # the sacrifice (601.2h)
        g.apply(0, Choose((bears.id,)))
    assert bears.id not in g.battlefield
    g.apply(0, Cast(rev.id, (g.stack[-1],)))
    pass_until(g, lambda q: q.decision.kind == "choose_targets")
    g.apply(0, Choose((PlayerRef(1),)))
    pass_until(g, lambda q: not q.stack)
    assert g.players[1].life == 14


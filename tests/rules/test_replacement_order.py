"""616.1 for events outside the damage pipeline: when several replacement effects would
apply to a zone change, life gain or draw, the affected player (or the affected object's
controller) chooses which applies first; the engine asks it as a decision."""

from __future__ import annotations

from cardplay import lands, settle

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Cast, Choose, Pass
from manastack.game.objects import Zone

import testcards  # noqa: F401

BF, GY, HAND = Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.HAND


def _bolt_own_bear() -> tuple[Game, int]:
    """Alice bolts her own Grizzly Bears while Bob's Leyline of the Void and Alice's
    Test Graveyard Diverter both want to replace its trip to the graveyard."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Leyline of the Void")
    put(g, 0, BF, "Test Graveyard Diverter")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    g.apply(0, Cast(bolt.id, (bear.id,)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    return g, bear.uid


def _where(g: Game, uid: int) -> str:
    return next(o.zone for o in g.objects.values() if getattr(o, "uid", None) == uid)


def test_cr_616_1_controller_of_affected_object_chooses_the_first_replacement() -> None:
    """CR 616.1: the bear's controller (Alice) chooses which replacement applies first;
    the one she picks decides where it goes (the other no longer applies, 616.1 /
    614.5)."""
    g, uid = _bolt_own_bear()
    d = g.decision
    assert d is not None and d.kind == "choose_replacement" and d.rule == "616.1"
    assert d.player == 0
    labels = d.labels  # type: ignore[attr-defined]
    assert set(labels) == {"Leyline of the Void (exile it instead)",
                           "Test Graveyard Diverter (library instead)"}
    leyline = labels.index("Leyline of the Void (exile it instead)")
    # first the resolved Bolt goes to its owner's graveyard (608.2k) ...
    assert "Lightning Bolt" in d.prompt
    # ... and the game is as it was before the answer that led to the choice
    assert _where(g, uid) == BF and g.stack
    g.apply(0, Choose((1 - leyline,)))
    # then the bear dies (704.5g): a second choice, the first one being kept
    d = g.decision
    assert d is not None and d.kind == "choose_replacement" and "Grizzly Bears" in d.prompt
    g.apply(0, Choose((leyline,)))
    assert _where(g, uid) == Zone.EXILE
    assert any(o.name == "Lightning Bolt" and o.zone == Zone.LIBRARY
               for o in g.objects.values())
    assert [e.text for e in g.log if e.rule == "616.1"] == [
        "Alice chooses to apply Test Graveyard Diverter (library instead) first",
        "Alice chooses to apply Leyline of the Void (exile it instead) first"]

    h, uid2 = _bolt_own_bear()
    h.apply(0, Choose((leyline,)))
    h.apply(0, Choose((1 - leyline,)))
    assert _where(h, uid2) == Zone.LIBRARY
    assert any(o.name == "Lightning Bolt" and o.zone == Zone.EXILE
               for o in h.objects.values())


def test_cr_616_1_the_choice_is_checked_and_replays_identically() -> None:
    """The 616.1 decision only accepts its listed options (the game is unchanged by an
    illegal answer), and a copy answered the same way continues identically."""
    g, _ = _bolt_own_bear()
    before = [e.text for e in g.log]
    try:
        g.apply(0, Choose((7,)))
    except IllegalAction:
        pass
    else:
        raise AssertionError("an option that isn't listed was accepted")
    assert [e.text for e in g.log] == before
    h = g.copy()
    for game in (g, h):
        game.apply(0, Choose((0,)))
        game.apply(0, Choose((1,)))
    assert [e.text for e in g.log] == [e.text for e in h.log]
    assert g.history == h.history and len(g.history) == len(h.history)
    settle(g)
    assert g.decision is not None and g.decision.kind == "priority"


def test_cr_616_1_one_replacement_needs_no_choice() -> None:
    """With one applicable replacement there is nothing to choose (616.1 applies to
    several): Leyline of the Void exiles the bear directly."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Leyline of the Void")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    g.apply(0, Cast(bolt.id, (bear.id,)))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.decision is not None and g.decision.kind == "priority"
    assert _where(g, bear.uid) == Zone.EXILE

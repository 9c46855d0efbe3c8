"""Choices made as a permanent enters, whatever puts it onto the battlefield (CR 614.12,
614.12a, 706.2, 603.6a); manastack.rules.entering."""

from __future__ import annotations

from typing import Any

from cardplay import answer, lands, options, settle

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Activate, Cast, Choose
from manastack.game.objects import GameObject, Zone

BF, GY, HAND = Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.HAND


def _game() -> Game:
    g = setup_game()
    return g


def _cast(g: Game, card: GameObject, *targets: Any) -> None:
    g.apply(g.decision.player, Cast(card.id, tuple(targets)))


def _on_bf(g: Game, name: str) -> list[GameObject]:
    return [o for o in g.permanents() if o.name == name]


def test_cr_614_12a_automaton_put_onto_battlefield_by_an_effect_chooses_first() -> None:
    """CR 614.12a: Rise from the Grave puts Adaptive Automaton onto the battlefield; the
    creature type is chosen before it enters (the card is still in the graveyard while the
    choice is pending), then the spell's own effect applies to the new permanent."""
    g = _game()
    lands(g, 0, "Swamp", 5)
    auto_card = put(g, 0, GY, "Adaptive Automaton")
    elves = put(g, 0, BF, "Llanowar Elves")
    rise = put(g, 0, HAND, "Rise from the Grave")
    start_at(g, "precombat_main")
    _cast(g, rise, auto_card.id)
    settle(g)
    assert g.decision is not None and g.decision.rule == "614.12a"
    assert "Elf" in options(g)
    assert auto_card.id in g.players[0].graveyard and not _on_bf(g, "Adaptive Automaton")
    answer(g, "Elf")
    auto = _on_bf(g, "Adaptive Automaton")[0]
    assert auto.memory["chosen"] == ("Elf",)
    c = g.chars(auto)
    assert "Zombie" in c.subtypes and "B" in c.colors  # Rise's effect, after it entered
    assert (g.chars(elves).power, g.chars(elves).toughness) == (2, 2)  # the Elf lord


def test_cr_706_2_clone_returned_by_an_effect_may_enter_as_a_copy() -> None:
    """CR 706.2 with 614.12: a Clone put onto the battlefield by Rise from the Grave may
    enter as a copy of a creature; the copy is then a black Zombie in addition."""
    g = _game()
    lands(g, 0, "Swamp", 5)
    clone = put(g, 0, GY, "Clone")
    put(g, 1, BF, "Serra Angel")
    rise = put(g, 0, HAND, "Rise from the Grave")
    start_at(g, "precombat_main")
    _cast(g, rise, clone.id)
    settle(g)
    assert g.decision is not None and g.decision.rule == "706.2"
    angel = _on_bf(g, "Serra Angel")[0]
    answer(g, angel.id)
    copy = [o for o in _on_bf(g, "Serra Angel") if o.controller == 0]
    assert len(copy) == 1
    c = g.chars(copy[0])
    assert (c.power, c.toughness) == (4, 4) and "flying" in c.keywords
    assert "Zombie" in c.subtypes and "B" in c.colors


def test_cr_603_6a_simultaneous_entry_makes_every_choice_then_one_event() -> None:
    """CR 614.12a and 603.6a: Liliana Vess's -8 puts every creature card from every
    graveyard onto the battlefield at once: each card's "as enters" choice is made first
    (in order), then they all enter in one event, so none is on the battlefield before all
    choices are made."""
    g = _game()
    lili = put(g, 0, BF, "Liliana Vess")
    lili.counters["loyalty"] = 8
    a1 = put(g, 0, GY, "Adaptive Automaton")
    a2 = put(g, 1, GY, "Adaptive Automaton")
    bears = put(g, 1, GY, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Activate(lili.id, 2, ()))
    settle(g)
    answer(g, "Elf", kind="choose")
    assert not _on_bf(g, "Adaptive Automaton") and not _on_bf(g, "Grizzly Bears")
    answer(g, "Bear", kind="choose")
    autos = _on_bf(g, "Adaptive Automaton")
    assert sorted(o.memory["chosen"] for o in autos) == [("Bear",), ("Elf",)]
    assert all(o.controller == 0 for o in autos) and _on_bf(g, "Grizzly Bears")
    moves = [e for e in g.log if e.kind == ev.ZONE_CHANGE and e.data.get("to_zone") == BF]
    assert {e.data["old"] for e in moves[-3:]} == {a1.id, a2.id, bears.id}
    # the bears are a Bear: the Automaton that chose Bear gives it +1/+1
    b = _on_bf(g, "Grizzly Bears")[0]
    assert (g.chars(b).power, g.chars(b).toughness) == (3, 3)


def test_cr_614_12a_choice_pending_for_a_card_that_left_is_dropped() -> None:
    """CR 400.7: if the card leaves its zone while its choice is pending it doesn't
    enter (the pending entry names the object in that zone only)."""
    from manastack.rules.entering import put_onto_battlefield
    from manastack.rules.zones import move

    g = _game()
    card = put(g, 0, GY, "Adaptive Automaton")
    start_at(g, "precombat_main")
    assert put_onto_battlefield(g, card, 0, "608.2c") is None
    d = g.decision
    assert d is not None and d.rule == "614.12a"
    move(g, card, Zone.EXILE, "406.2")
    g.apply(d.player, Choose(("Elf",)))
    assert not _on_bf(g, "Adaptive Automaton")


def _sun_titan_targets_holy_strength(g: Game) -> GameObject:
    """A casts Sun Titan; its enters trigger targets Holy Strength in A's graveyard (the
    Aura, returned)."""
    lands(g, 0, "Plains", 6)
    aura = put(g, 0, GY, "Holy Strength")
    titan = put(g, 0, HAND, "Sun Titan")
    start_at(g, "precombat_main")
    _cast(g, titan)
    settle(g)
    answer(g, aura.id)  # the trigger's target
    return aura


def test_cr_303_4f_aura_put_onto_battlefield_by_an_effect_chooses_what_it_enchants() -> None:
    """CR 303.4f: Sun Titan returns Holy Strength; A chooses what it will enchant (a
    creature, not one with protection from white) while it is still in the graveyard,
    then it enters attached.  CR 303.4g: with nothing to enchant it stays there."""
    g = _game()
    knight = put(g, 1, BF, "White Knight")
    aura = _sun_titan_targets_holy_strength(g)
    settle(g)
    answer(g, "yes")  # "you may"
    assert g.decision is not None and g.decision.rule == "303.4f"
    assert knight.id in options(g) and aura.id in g.players[0].graveyard
    answer(g, knight.id)
    new = _on_bf(g, "Holy Strength")[0]
    assert new.attached_to == knight.id
    assert (g.chars(knight).power, g.chars(knight).toughness) == (3, 4)


def test_cr_303_4g_aura_with_nothing_to_enchant_stays_in_its_zone() -> None:
    """CR 303.4g: Sun Titan's trigger returns Holy Strength when no creature is on the
    battlefield (the Titan left before it resolved): the Aura stays in the graveyard, and
    the log cites 303.4g."""
    g = _game()
    aura = _sun_titan_targets_holy_strength(g)
    from manastack.rules.zones import move
    move(g, _on_bf(g, "Sun Titan")[0], GY, "701.6a")  # the Titan leaves before resolution
    settle(g)
    answer(g, "yes")
    assert aura.id in g.players[0].graveyard and not _on_bf(g, "Holy Strength")
    assert any(e.rule == "303.4g" for e in g.log)

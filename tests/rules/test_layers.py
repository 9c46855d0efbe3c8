"""Continuous effects and layers (CR 611-613): timestamps, sublayers, dependency."""

from __future__ import annotations

from manastack.cards.dsl import creature, where
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.objects import Zone
from manastack.rules.layers import (
    Duration,
    LayerEffect,
    add_effect,
    add_keywords,
    modify_pt,
    remove_all_abilities,
    set_pt,
)


def _game():  # type: ignore[no-untyped-def]
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    return g, bear


def test_cr_613_3_sublayers_set_then_modify_then_counters() -> None:
    """CR 613.3 (2017): 7b setting applies before 7c modifying and 7d counters, whatever
    the timestamps."""
    g, bear = _game()
    add_effect(g, LayerEffect("7c", modify_pt(2, 2), frozenset({bear.id}), 0))
    add_effect(g, LayerEffect("7b", set_pt(0, 1), frozenset({bear.id}), 0))
    g.obj(bear.id).counters["+1/+1"] = 1
    g.changed()
    c = g.chars(g.obj(bear.id))
    assert (c.power, c.toughness) == (3, 4)


def test_cr_613_7_dependency_overrides_timestamp_order() -> None:
    """CR 613.7a-b: an effect that applies to "creatures with flying" depends on an
    effect granting flying, even with an earlier timestamp; it waits for it."""
    g, bear = _game()
    flyers = creature & where(lambda gm, o: "flying" in gm.chars(o).keywords, "with flying")
    add_effect(g, LayerEffect("6", remove_all_abilities, flyers, 0, text="fliers lose all"))
    add_effect(g, LayerEffect("6", add_keywords("flying"), frozenset({bear.id}), 0,
                              text="bear gains flying"))
    c = g.chars(g.obj(bear.id))
    # the earlier "fliers lose all abilities" depends on the later grant: it applies after
    assert "flying" not in c.keywords


def test_cr_613_7b_timestamp_order_without_dependency() -> None:
    """CR 613.6: independent effects in one layer apply in timestamp order."""
    g, bear = _game()
    add_effect(g, LayerEffect("7b", set_pt(5, 5), frozenset({bear.id}), 0))
    add_effect(g, LayerEffect("7b", set_pt(1, 1), frozenset({bear.id}), 0))
    c = g.chars(g.obj(bear.id))
    assert (c.power, c.toughness) == (1, 1)


def test_cr_611_2c_locked_set_of_affected_objects() -> None:
    """CR 611.2c: an effect from a resolved spell affects only the objects it affected
    when it began; a creature entering later isn't affected."""
    g, bear = _game()
    add_effect(g, LayerEffect("7c", modify_pt(1, 1), frozenset({bear.id}), 0,
                              duration=Duration("end_of_turn")))
    late = put(g, 0, Zone.BATTLEFIELD, "Runeclaw Bear")
    assert g.chars(g.obj(late.id)).power == 2 and g.chars(g.obj(bear.id)).power == 3


def test_cr_613_3e_switching_applies_after_counters_and_modifications() -> None:
    """CR 613.3 (2017): switching power and toughness (7e) applies after setting (7b),
    modifying (7c) and counters (7d), whatever the timestamps."""
    from manastack.rules.layers import switch_pt

    g, bear = _game()
    add_effect(g, LayerEffect("7e", switch_pt, frozenset({bear.id}), 0))
    add_effect(g, LayerEffect("7c", modify_pt(3, 0), frozenset({bear.id}), 0))
    g.obj(bear.id).counters["+1/+1"] = 1
    g.changed()
    c = g.chars(g.obj(bear.id))
    assert (c.power, c.toughness) == (3, 6)  # 2/2 +3/+0 +1/+1 = 6/3, switched


def test_cr_611_3a_static_effect_applies_to_what_it_currently_affects() -> None:
    """CR 611.3a: a static ability's effect (Glorious Anthem) applies to creatures as they
    enter and stops applying to those that stop qualifying."""
    from manastack.rules.layers import set_controller

    g, bear = _game()
    put(g, 0, Zone.BATTLEFIELD, "Glorious Anthem")
    late = put(g, 0, Zone.BATTLEFIELD, "Runeclaw Bear")
    assert g.chars(g.obj(late.id)).power == 3 and g.chars(g.obj(bear.id)).power == 3
    add_effect(g, LayerEffect("2", set_controller(1), frozenset({late.id}), 1))
    assert g.chars(g.obj(late.id)).power == 2  # no longer "a creature you control"


def test_cr_400_7_effect_on_an_object_that_changed_zones_is_forgotten() -> None:
    """CR 400.7 with 611.2c: an effect locked to an object no longer applies once the object
    changes zones (it is a new object); the engine drops it, the other one stays."""
    from manastack.rules.effects_end import end_source_effects
    from manastack.rules.zones import move

    g, bear = _game()
    other = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    add_effect(g, LayerEffect("7c", modify_pt(2, 2), frozenset({bear.id}), 0))
    add_effect(g, LayerEffect("7c", modify_pt(1, 1), frozenset({other.id}), 0))
    move(g, g.obj(bear.id), Zone.HAND, "400.7")
    back = move(g, g.obj(g.players[0].hand[-1]), Zone.BATTLEFIELD, "400.7")
    end_source_effects(g)
    assert len(g.effects) == 1
    c = g.chars(back)
    assert (c.power, c.toughness) == (2, 2)
    assert (g.chars(g.obj(other.id)).power, g.chars(g.obj(other.id)).toughness) == (3, 3)


def test_cr_613_8_gains_and_loses_flying_apply_in_timestamp_order() -> None:
    """CR 613.8 example: "gains flying" and "loses flying" don't depend on each other; the
    later one wins.  Likewise "loses all abilities" then "gains flying" leaves flying."""
    from manastack.rules.layers import remove_keywords

    g, bear = _game()
    add_effect(g, LayerEffect("6", add_keywords("flying"), frozenset({bear.id}), 0))
    add_effect(g, LayerEffect("6", remove_keywords("flying"), frozenset({bear.id}), 0))
    assert "flying" not in g.chars(g.obj(bear.id)).keywords
    g2, bear2 = _game()
    add_effect(g2, LayerEffect("6", remove_keywords("flying"), frozenset({bear2.id}), 0))
    add_effect(g2, LayerEffect("6", add_keywords("flying"), frozenset({bear2.id}), 0))
    assert "flying" in g2.chars(g2.obj(bear2.id)).keywords
    g3, bear3 = _game()
    add_effect(g3, LayerEffect("6", remove_all_abilities, frozenset({bear3.id}), 0))
    add_effect(g3, LayerEffect("6", add_keywords("flying"), frozenset({bear3.id}), 0))
    assert "flying" in g3.chars(g3.obj(bear3.id)).keywords


def test_cr_613_5_lord_losing_its_abilities_in_layer_6_pumps_nobody() -> None:
    """CR 613.5, 613.1f: Captivating Vampire loses all abilities (a layer-6 effect such as
    Turn to Frog's): its "other Vampires you control get +1/+1" has not started to apply
    (its only effect is in layer 7c), so it applies to nothing.  (It used to go on
    pumping: the engine kept every static ability it had seen in an earlier layer.)"""
    g, _bear = _game()
    vamp = put(g, 0, Zone.BATTLEFIELD, "Captivating Vampire")
    outcasts = put(g, 0, Zone.BATTLEFIELD, "Vampire Outcasts")
    g.changed()
    assert g.chars(g.obj(outcasts.id)).power == 3
    add_effect(g, LayerEffect("6", remove_all_abilities, frozenset({vamp.id}), 0,
                              duration=Duration("end_of_turn")))
    c = g.chars(g.obj(outcasts.id))
    assert (c.power, c.toughness) == (2, 2)

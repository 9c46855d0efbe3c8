"""Damage, life totals and combat declarations are narrow changes ("damage", "combat").

Dealing damage (119.3), gaining or losing life (118) and declaring attackers and blockers
(508, 509) change nothing the characteristics read unless a characteristic-defining
ability, an undeclared effect or a selector reading them ("attacking creatures") is
involved: the view of the battlefield is kept across them, the state-based actions and
the legal actions that read them are not.  These tests check both sides: what is kept,
and that everything reading them sees the change."""

from __future__ import annotations

from typing import Any

import pytest
from cardplay import attack, lands

from manastack.agents import RandomAgent
from manastack.cards.dsl import SpellAbility, attacking, creature, make_card
from manastack.cards.effects import LoseLife
from manastack.cards.registry import register_test_card
from manastack.cards.vocab import anthem
from manastack.decks import random_pool_deck
from manastack.engine import Game, new_game
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.game.decisions import Cast, DeclareBlockers, Pass
from manastack.game.objects import Characteristics, PlayerRef, Zone
from manastack.rules import casting
from manastack.rules.damage import DamageItem, deal_damage, gain_life, lose_life
from manastack.rules.layers import compute_battlefield
from manastack.rules.sba import perform

#: "Attacking creatures get +1/+0": a static ability whose selector reads combat.
RALLY = register_test_card(make_card(
    "Test Attack Rally", "{1}", types=("Enchantment",),
    abilities=[anthem(creature & attacking, 1, 0, "Attacking creatures get +1/+0.")]))


def _key(c: Characteristics) -> tuple[Any, ...]:
    return (c.name, c.power, c.toughness, c.types, c.subtypes, c.supertypes, c.colors,
            c.keywords, c.controller, c.flags, tuple(id(a) for a in c.abilities))


def _view_is_exact(g: Game) -> int:
    """The characteristics of every permanent, as kept, are those computed afresh (the
    fresh computation leaves the game as it was).  Returns 1 if the view was kept across
    a change, else 0."""
    was_kept = g.derived.view_version != g.version and g.unchanged_since(
        g.derived.view_version, g.derived.view_wide, g.derived.view_reads)
    objs = [g.objects[oid] for oid in g.battlefield]
    kept = {o.id: _key(g.chars(o)) for o in objs}  # type: ignore[arg-type]
    saved = (g.derived.view, g.derived.view_version, g.derived.view_wide, g.derived.view_reads,
             [(o.view_of, o.view_chars, o.seen_controller, o.control_since)  # type: ignore[union-attr]
              for o in objs])
    g.derived.in_layers = True
    try:
        view = compute_battlefield(g)
    finally:
        g.derived.in_layers = False
    fresh = {o.id: _key(view[o.id]) for o in objs}
    g.derived.view, g.derived.view_version, g.derived.view_wide, g.derived.view_reads, stamps = saved
    for o, (of, chars, seen, since) in zip(objs, stamps, strict=True):
        o.view_of, o.view_chars, o.seen_controller, o.control_since = (  # type: ignore[union-attr]
            of, chars, seen, since)
    assert kept == fresh, (g.turn_number, kept, fresh)
    return int(was_kept)


@pytest.mark.parametrize("seed", range(12))
def test_cr_613_the_view_kept_across_damage_and_combat_is_exact(seed: int) -> None:
    """613, 119.3, 508.1: with decks from the whole pool (CDAs, anthems, "as long as"
    abilities, Auras), after every answer of a random game the characteristics kept are
    those computed afresh."""
    g = new_game(["Alice", "Bob"], [random_pool_deck(60 + seed), random_pool_deck(70 + seed)],
                 seed)
    agents = [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)]
    kept = 0
    for _ in range(2500):
        d = g.decision
        if d is None:
            break
        g.apply(d.by, agents[d.by].act(g))
        kept += _view_is_exact(g)
    assert g.turn_number > 5 and kept > 0


def test_cr_119_3_damage_and_life_keep_the_view_of_vanilla_creatures() -> None:
    """119.3e, 118.3-4, 613: damage marked on a creature and life totals aren't
    characteristics: with no effect reading them, the view of the battlefield is kept
    (the very same)."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    other = put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    start_at(g, "precombat_main", turn=1)
    g.chars(bear)
    view = g.derived.view
    deal_damage(g, [DamageItem(other.id, bear.id, 1)])
    gain_life(g, 0, 2)
    lose_life(g, 1, 3)
    assert g.chars(bear).toughness == 2 and g.derived.view is view
    assert (bear.damage, g.players[0].life, g.players[1].life) == (1, 22, 17)


def test_cr_704_5g_lethal_damage_is_seen_by_the_next_check() -> None:
    """704.5g, 704.3: damage dealt after a check that found nothing to do makes the next
    check (before the next player receives priority) destroy the creature."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    other = put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    start_at(g, "precombat_main", turn=1)  # Alice receives priority: nothing to do
    deal_damage(g, [DamageItem(other.id, bear.id, 2)])
    assert bear.id in g.battlefield
    g.apply(0, Pass())  # Bob would receive priority: the SBAs are checked first
    assert bear.id not in g.battlefield and g.decision is not None and g.decision.by == 1


def test_cr_506_4_a_check_after_a_combat_change_alone_still_removes_from_combat() -> None:
    """704.3, 506.4: after a check that found nothing to do, a change of what is in combat
    alone leaves the rest of the check's answer as it was, but the combat part is still
    made: a permanent in combat that isn't a creature is removed from combat."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    forest = put(g, 0, Zone.BATTLEFIELD, "Forest")
    start_at(g, "precombat_main", turn=2)
    while g.decision is not None and g.decision.kind != "declare_attackers":
        g.apply(g.decision.by, Pass())
    attack(g, bear)  # (a change of what is in combat, then a check before priority)
    assert perform(g) is False and g.derived.sba_clean[0] == g.version
    assert g.combat is not None
    g.combat.attackers[forest.id] = PlayerRef(1)  # (not through the declaration)
    g.changed("combat")
    assert perform(g) is False and g.derived.sba_clean[0] == g.version
    assert forest.id not in g.combat.attackers and bear.id in g.combat.attackers


def test_cr_613_serra_ascendant_sees_life_totals_change() -> None:
    """613, 118.3-4: "As long as you have 30 or more life" reads the life total: gaining
    and losing life change the creature's characteristics at once."""
    g = setup_game()
    serra = put(g, 0, Zone.BATTLEFIELD, "Serra Ascendant")
    start_at(g, "precombat_main", turn=1)
    g.players[0].life = 29
    g.changed()
    assert (g.chars(serra).power, g.chars(serra).toughness) == (1, 1)
    gain_life(g, 0, 1)
    c = g.chars(serra)
    assert (c.power, c.toughness, "flying" in c.keywords) == (6, 6, True)
    lose_life(g, 0, 1)
    c = g.chars(serra)
    assert (c.power, c.toughness, "flying" in c.keywords) == (1, 1, False)


def test_cr_508_1_attacking_creatures_anthem_sees_the_declaration() -> None:
    """508.1, 506.4, 511.3: "attacking creatures get +1/+0" applies once a creature is
    declared as an attacker, not before, and no longer once combat ends."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    put(g, 0, Zone.BATTLEFIELD, RALLY.name)
    start_at(g, "precombat_main", turn=2)
    assert g.chars(bear).power == 2
    while g.decision is not None and g.decision.kind != "declare_attackers":
        g.apply(g.decision.by, Pass())
    assert g.chars(bear).power == 2
    attack(g, bear)
    assert g.chars(bear).power == 3
    while g.step is not None and g.step.name != "postcombat_main":
        d = g.decision
        assert d is not None
        g.apply(d.by, DeclareBlockers(()) if d.kind == "declare_blockers" else Pass())
    assert g.combat is None and g.chars(bear).power == 2


def test_cr_601_2c_condemn_is_listed_once_a_creature_attacks() -> None:
    """601.2c, 115: "target attacking creature" has a legal target only once attackers
    are declared: the defending player's list of legal actions, kept from before, is
    made again after the declaration."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    condemn = put(g, 1, Zone.HAND, "Condemn")
    lands(g, 1, "Plains", 1)
    start_at(g, "precombat_main", turn=2)
    set_mana(g, 1, "")

    def casts() -> list[Cast]:
        return [a for a in casting.listed_priority_actions(g, 1)
                if isinstance(a, Cast) and a.card == condemn.id]

    assert casts() == []
    while g.decision is not None and g.decision.kind != "declare_attackers":
        g.apply(g.decision.by, Pass())
    assert casts() == []
    attack(g, bear)
    assert [a.targets for a in casts()] == [(bear.id,)]
    assert casts() == [a for a in casting.priority_actions(g, 1)
                       if isinstance(a, Cast) and a.card == condemn.id]


#: An instant that only makes its controller lose life (LoseLife reports its change:
#: no wide change follows its resolution, ``Effect.reports_changes``).
PACT = register_test_card(make_card(
    "Test Blood Pact", "{B}", types=("Instant",),
    spell=SpellAbility(effect=LoseLife(2), text="You lose 2 life.")))


def test_cr_608_2c_a_resolved_life_loss_is_seen_by_serra_ascendant() -> None:
    """608.2c, 118.4, 613: a spell whose only effect is a loss of life resolves without
    a wide change after it; the creature reading the life total sees the loss at once."""
    g = setup_game()
    serra = put(g, 0, Zone.BATTLEFIELD, "Serra Ascendant")
    pact = put(g, 0, Zone.HAND, PACT.name)
    start_at(g, "precombat_main", turn=1)
    g.players[0].life = 31
    g.changed()
    set_mana(g, 0, "B")
    assert g.chars(serra).power == 6
    g.apply(0, Cast(pact.id))
    g.apply(0, Pass())
    g.apply(1, Pass())  # it resolves
    assert g.players[0].life == 29 and not g.stack
    assert (g.chars(serra).power, "flying" in g.chars(serra).keywords) == (1, False)

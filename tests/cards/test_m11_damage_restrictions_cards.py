"""Magic 2011 cards using divided damage, target-dependent costs, targeting and countering
restrictions, targets chosen by another player, mana spending restrictions, state triggers
and replacement effects from a hand: each card's defining behaviour in a real game
position, with the rule subtleties it depends on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardplay import (
    BF,
    GY,
    HAND,
    P0,
    P1,
    advance,
    answer,
    cast,
    lands,
    life,
    names,
    new_game,
    on_bf,
    options,
    pass_priority,
    settle,
)

from manastack import log as ev
from manastack.agents import RandomAgent
from manastack.cards.dsl import TriggeredAbility, make_card
from manastack.cards.effects import GainLife
from manastack.cards.registry import register_test_card
from manastack.engine import Game
from manastack.engine.setup import put, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, DeclareAttackers
from manastack.game.objects import GameObject
from manastack.rules.casting import priority_actions, problem

from conftest import at_step

# ---------------------------------------------------------------- helpers


def notes(g: Game, rule: str) -> list[str]:
    return [e.text for e in g.log if e.rule == rule]


# ================================================================ Phylactery Lich


def _lich(g: Game) -> GameObject:
    lands(g, 0, "Swamp", 3)
    return put(g, 0, HAND, "Phylactery Lich")


def _no_cards_in_hand(game: Game, e: Any, src: GameObject) -> bool:
    return not game.players[game.controller(src)].hand


HAND_WATCHER = register_test_card(make_card(
    "Test Empty-Handed Gainer", "{1}", types=("Artifact",),
    abilities=[TriggeredAbility(ev.STATE, GainLife(1), _no_cards_in_hand,
                                text="When you have no cards in hand, you gain 1 life.")]))


# ================================================================ Inferno Titan


def test_inferno_titan_enters_and_divides_three_damage() -> None:
    """Inferno Titan: its enters trigger's controller chooses one to three targets, then
    announces how the 3 damage is divided, each target getting at least 1 (601.2d, 603.3d);
    the damage is dealt as divided."""
    g = new_game()
    lands(g, 0, "Mountain", 6)
    titan = put(g, 0, HAND, "Inferno Titan")
    bears = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, titan)
    settle(g)
    assert g.decision.kind == "choose_targets"
    answer(g, bears.id, P1)
    assert g.decision.kind == "divide" and g.decision.player == 0
    assert set(options(g)) == {"1/2", "2/1"}  # amounts in the order of the targets
    answer(g, "2/1")
    assert any("2 to Grizzly Bears, 1 to Bob" in t for t in notes(g, "601.2d"))
    settle(g)
    assert life(g, 1) == 19
    assert bears.id not in g.battlefield  # 2 damage: lethal (704.5g)


def test_inferno_titan_damage_to_an_illegal_target_isnt_dealt() -> None:
    """The division is locked in as the ability goes on the stack: if a target becomes
    illegal, the damage divided to it isn't dealt to anything, and the other targets get
    only their share (608.2b)."""
    g = new_game()
    put(g, 0, BF, "Inferno Titan")
    bears = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Island")
    put(g, 1, HAND, "Unsummon")
    start_at(g, "declare_attackers")
    titan = on_bf(g, "Inferno Titan")[0]
    g.apply(0, DeclareAttackers(((titan.id, P1),)))
    answer(g, bears.id, P1)
    answer(g, "2/1")
    pass_priority(g)  # Alice passes with the trigger on the stack
    unsummon = next(i for i in g.players[1].hand if g.obj(i).name == "Unsummon")
    g.apply(1, Cast(unsummon, (bears.id,)))
    settle(g)
    assert names(g, g.players[1].hand) == ["Grizzly Bears"]
    assert life(g, 1) == 19  # only the 1 divided to Bob
    assert any("isn't dealt" in t for t in notes(g, "608.2b"))


# ================================================================ Fireball


def test_fireball_costs_one_more_for_each_target_beyond_the_first() -> None:
    """Fireball: the total cost is determined after the targets are chosen (601.2f): X=4
    among two targets costs {4}{R} + {1}; each target gets 4/2 = 2."""
    g = new_game()
    lands(g, 0, "Mountain", 5)
    fb = put(g, 0, HAND, "Fireball")
    bears = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2h"):
        cast(g, fb, bears.id, P1, x=4)
    assert g.obj(fb.id).zone == HAND and not any(o.tapped for o in g.permanents(0))
    cast(g, fb, bears.id, P1, x=3)  # {3}{R} + {1}: five lands
    settle(g)
    assert life(g, 1) == 19 and bears.id in g.battlefield  # 3 // 2 = 1 each
    assert g.obj(bears.id).damage == 1


def test_cr_608_2b_fireball_divides_among_the_targets_still_legal() -> None:
    """Rounded down, among the targets still legal as it resolves: no choice is involved, so
    the division is made on resolution (Fireball's rulings; 608.2b): if one becomes illegal,
    the other gets all of X."""
    g = new_game()
    lands(g, 0, "Mountain", 7)
    fb = put(g, 0, HAND, "Fireball")
    bears = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Island")
    put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, fb, bears.id, P1, x=5)
    pass_priority(g)
    unsummon = next(i for i in g.players[1].hand if g.obj(i).name == "Unsummon")
    g.apply(1, Cast(unsummon, (bears.id,)))
    settle(g)
    assert life(g, 1) == 15  # 5 // 1: the bounced Bears doesn't count


def test_fireball_listed_casts_are_all_payable() -> None:
    """The priority actions list Fireball with any number of targets, zero included (its
    rulings), and each listed cast (targets, X) can be paid with its target-dependent cost
    (601.2f), so an agent choosing among them always finishes casting."""
    g = new_game()
    lands(g, 0, "Mountain", 4)
    fb = put(g, 0, HAND, "Fireball")
    put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    casts = [a for a in priority_actions(g, 0) if isinstance(a, Cast) and a.card == fb.id]
    assert {len(a.targets) for a in casts} == {0, 1, 2, 3}  # Alice, Bob, Grizzly Bears
    assert all(problem(g, 0, a) is None for a in casts)
    assert max(a.x for a in casts if not a.targets) == 3
    assert max(a.x for a in casts if len(a.targets) == 1) == 3
    assert max(a.x for a in casts if len(a.targets) == 3) == 1  # {X}{R} + {2}


# ================================================================ Autumn's Veil


def test_autumns_veil_spells_cant_be_countered_by_blue_spells() -> None:
    """Autumn's Veil in response to Cancel: Cancel (a blue spell) can't counter Alice's
    spell (101.2); the creature resolves."""
    g = new_game()
    lands(g, 0, "Forest", 3)
    bears = put(g, 0, HAND, "Grizzly Bears")
    veil = put(g, 0, HAND, "Autumn's Veil")
    lands(g, 1, "Island", 3)
    cancel = put(g, 1, HAND, "Cancel")
    start_at(g, "precombat_main")
    cast(g, bears)
    pass_priority(g)
    stack_bears = g.stack[-1]
    g.apply(1, Cast(cancel.id, (stack_bears,)))
    pass_priority(g)  # Bob passes; Alice responds
    cast(g, veil)
    settle(g)
    assert on_bf(g, "Grizzly Bears", 0)
    assert any("can't be countered by Cancel" in t for t in notes(g, "101.2"))


def test_autumns_veil_black_spell_loses_its_target() -> None:
    """Doom Blade targets Alice's creature; Autumn's Veil in response makes that target
    illegal, so Doom Blade doesn't resolve (608.2b); afterwards Bob's black spells can't
    target her creatures at all, his red ones still can."""
    g = new_game()
    put(g, 0, BF, "Forest")
    ogre = put(g, 0, BF, "Grizzly Bears")
    put(g, 0, HAND, "Autumn's Veil")
    lands(g, 1, "Swamp", 4)
    put(g, 1, BF, "Mountain")
    blade = put(g, 1, HAND, "Doom Blade")
    blade2 = put(g, 1, HAND, "Doom Blade")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main", active=1)
    g.apply(1, Cast(blade.id, (ogre.id,)))
    pass_priority(g)
    veil = next(i for i in g.players[0].hand if g.obj(i).name == "Autumn's Veil")
    g.apply(0, Cast(veil, ()))
    settle(g)
    assert ogre.id in g.battlefield
    assert any("Doom Blade" in t for t in notes(g, "608.2b"))
    with pytest.raises(IllegalAction, match="Autumn's Veil"):
        g.apply(1, Cast(blade2.id, (ogre.id,)))
    g.apply(1, Cast(bolt.id, (ogre.id,)))
    settle(g)
    assert ogre.id not in g.battlefield


# ================================================================ Gaea's Revenge


def test_gaeas_revenge_cant_be_countered_and_has_haste() -> None:
    """This spell can't be countered (101.2); haste: it attacks the turn it enters."""
    g = new_game()
    lands(g, 0, "Forest", 7)
    rev = put(g, 0, HAND, "Gaea's Revenge")
    lands(g, 1, "Island", 3)
    cancel = put(g, 1, HAND, "Cancel")
    start_at(g, "precombat_main")
    cast(g, rev)
    pass_priority(g)
    g.apply(1, Cast(cancel.id, (g.stack[-1],)))
    settle(g)
    gaea = on_bf(g, "Gaea's Revenge", 0)[0]
    advance(g, lambda x: x.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(((gaea.id, P1),)))
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 12


def test_gaeas_revenge_only_green_spells_and_sources_target_it() -> None:
    """It can't be the target of nongreen spells (Lightning Bolt) or abilities from
    nongreen sources (Prodigal Pyromancer); a green spell (Giant Growth) may target it."""
    g = new_game()
    gaea = put(g, 0, BF, "Gaea's Revenge")
    put(g, 0, BF, "Forest")
    growth = put(g, 0, HAND, "Giant Growth")
    put(g, 1, BF, "Mountain")
    pyro = put(g, 1, BF, "Prodigal Pyromancer")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, growth, gaea.id)
    pass_priority(g)
    with pytest.raises(IllegalAction, match="Gaea's Revenge"):
        g.apply(1, Cast(bolt.id, (gaea.id,)))
    with pytest.raises(IllegalAction):
        g.apply(1, Activate(pyro.id, 0, (gaea.id,)))
    acts = priority_actions(g, 1)
    assert not any(gaea.id in getattr(a, "targets", ()) for a in acts)
    settle(g)
    assert g.chars(g.obj(gaea.id)).power == 11


# ================================================================ Necrotic Plague


def test_necrotic_plague_returns_chosen_by_the_dead_creatures_controller() -> None:
    """The enchanted creature has "At the beginning of your upkeep, sacrifice this
    creature": at Bob's upkeep it is sacrificed.  The Plague's trigger is controlled by
    Alice, but Bob (the creature's controller) chooses its target, a creature one of *his*
    opponents controls (603.3d).  The Plague returns from the graveyard under Alice's
    control attached to that creature."""
    g = new_game()
    lands(g, 0, "Swamp", 4)
    plague = put(g, 0, HAND, "Necrotic Plague")
    bears = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Runeclaw Bear")
    mine = put(g, 0, BF, "Giant Spider")
    start_at(g, "precombat_main")
    cast(g, plague, bears.id)
    settle(g)
    assert on_bf(g, "Necrotic Plague")[0].attached_to == bears.id
    advance(g, lambda x: x.turn_number == 2 and x.decision.kind == "choose_targets")
    assert g.decision.player == 1  # Bob chooses
    assert options(g) == (mine.id,)  # creatures his opponent (Alice) controls
    assert names(g, g.players[1].graveyard) == ["Grizzly Bears"]
    answer(g, mine.id)
    trig = g.objects[g.stack[-1]]
    assert trig.controller == 0  # Alice controls the ability
    settle(g)
    plague_now = on_bf(g, "Necrotic Plague")[0]
    assert plague_now.attached_to == mine.id and g.controller(plague_now) == 0
    assert not g.players[0].graveyard


def test_necrotic_plague_without_a_legal_target_stays_in_the_graveyard() -> None:
    """If its controller's opponents control no creature, the trigger is removed
    (603.3d): the Plague stays in the graveyard."""
    g = new_game()
    lands(g, 0, "Swamp", 4)
    lands(g, 1, "Mountain", 1)
    plague = put(g, 0, HAND, "Necrotic Plague")
    bears = put(g, 1, BF, "Grizzly Bears")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, plague, bears.id)
    settle(g)
    pass_priority(g)
    g.apply(1, Cast(bolt.id, (bears.id,)))
    settle(g)
    assert names(g, g.players[0].graveyard) == ["Necrotic Plague"]
    assert any("no legal target" in t for t in notes(g, "603.3d"))


def test_phylactery_lich_counter_on_an_artifact_then_sacrificed_when_it_goes() -> None:
    """As it enters, a phylactery counter goes on an artifact you control (614.12a choice).
    When you control no permanents with phylactery counters, its state trigger (603.8)
    makes you sacrifice it: indestructible doesn't stop a sacrifice."""
    g = new_game()
    lich = _lich(g)
    thopter = put(g, 0, BF, "Ornithopter")
    put(g, 0, BF, "Brittle Effigy")
    put(g, 1, BF, "Forest")
    put(g, 1, BF, "Forest")
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, lich)
    settle(g)
    assert g.decision.kind == "choose"
    answer(g, thopter.id)
    assert g.obj(thopter.id).counters["phylactery"] == 1
    assert on_bf(g, "Phylactery Lich") and not notes(g, "603.8")
    pass_priority(g)
    g.apply(1, Cast(nat.id, (thopter.id,)))
    settle(g)
    assert not on_bf(g, "Phylactery Lich")
    assert names(g, g.players[0].graveyard) == ["Ornithopter", "Phylactery Lich"]


def test_phylactery_lich_without_an_artifact_is_sacrificed_at_once() -> None:
    """No artifact: no counter; the state trigger triggers as it enters (603.8)."""
    g = new_game()
    lich = _lich(g)
    start_at(g, "precombat_main")
    cast(g, lich)
    settle(g)
    assert names(g, g.players[0].graveyard) == ["Phylactery Lich"]
    assert len(notes(g, "603.8")) == 1


def test_phylactery_lich_state_trigger_doesnt_trigger_again_while_on_the_stack() -> None:
    """603.8: while the state trigger waits on the stack, more events (a spell cast and
    resolving in response) don't trigger it again, though its state is still true."""
    g = new_game()
    lich = _lich(g)
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, lich)
    pass_priority(g)
    pass_priority(g)  # the Lich resolves and enters; its state trigger goes on the stack
    assert g.stack and "Phylactery Lich" in g.objects[g.stack[-1]].name
    cast(g, bolt, P1)
    pass_priority(g)
    pass_priority(g)  # the Bolt resolves; the trigger is still on the stack
    assert life(g, 1) == 17
    assert len(g.stack) == 1 and len(notes(g, "603.8")) == 1
    settle(g)
    assert names(g, g.players[0].graveyard) == ["Lightning Bolt", "Phylactery Lich"]
    assert len(notes(g, "603.8")) == 1


def test_phylactery_lich_put_onto_battlefield_chooses_an_artifact() -> None:
    """Returned by Rise from the Grave, the Lich still puts a phylactery counter on an
    artifact as it enters (614.12a, 614.1c) and stays."""
    g = new_game()
    lands(g, 0, "Swamp", 5)
    thopter = put(g, 0, BF, "Ornithopter")
    lich = put(g, 0, GY, "Phylactery Lich")
    rise = put(g, 0, HAND, "Rise from the Grave")
    start_at(g, "precombat_main")
    cast(g, rise, lich.id)
    settle(g)
    assert g.decision.kind == "choose" and thopter.id in options(g)
    answer(g, thopter.id)
    settle(g)
    assert thopter.counters.get("phylactery") == 1
    assert [o.name for o in g.permanents(0) if o.name == "Phylactery Lich"]


def test_cr_603_8_state_trigger_triggers_again_once_it_left_the_stack() -> None:
    """603.8: a state trigger doesn't trigger again until it has left the stack; then, if
    the state is still true, it triggers again (one at a time)."""
    g = new_game()
    put(g, 0, BF, HAND_WATCHER)
    start_at(g, "precombat_main")
    assert len(g.stack) == 1  # triggered once, waiting for resolution
    pass_priority(g)
    pass_priority(g)
    assert life(g, 0) == 21 and len(g.stack) == 1  # resolved, triggered again
    assert len(notes(g, "603.8")) == 2


# ================================================================ Obstinate Baloth


def test_obstinate_baloth_discarded_by_an_opponents_spell_enters_the_battlefield() -> None:
    """Distress (Bob's spell) makes Alice discard Obstinate Baloth: its replacement effect
    works from her hand (112.6b), it is put onto the battlefield instead (it's still
    discarded, 701.8c) and its enters trigger gains her 4 life."""
    g = new_game()
    baloth = put(g, 0, HAND, "Obstinate Baloth")
    lands(g, 1, "Swamp", 2)
    distress = put(g, 1, HAND, "Distress")
    start_at(g, "precombat_main", active=1)
    g.apply(1, Cast(distress.id, (P0,)))
    settle(g)
    answer(g, baloth.id)
    settle(g)
    assert on_bf(g, "Obstinate Baloth", 0)
    assert not g.players[0].graveyard
    assert life(g, 0) == 24
    assert any(e.kind == ev.DISCARD and e.data.get("cause") == 1 for e in g.log)


def test_obstinate_baloth_discarded_by_its_owner_goes_to_the_graveyard() -> None:
    """Discarded to pay the cost of Alice's own Fauna Shaman (she causes it), the Baloth
    goes to her graveyard."""
    g = new_game()
    put(g, 0, BF, "Forest")
    shaman = put(g, 0, BF, "Fauna Shaman")
    baloth = put(g, 0, HAND, "Obstinate Baloth")
    start_at(g, "precombat_main")
    g.apply(0, Activate(shaman.id, 0))
    answer(g, baloth.id)
    assert names(g, g.players[0].graveyard) == ["Obstinate Baloth"]
    assert life(g, 0) == 20


def test_obstinate_baloth_discarded_to_hand_size_goes_to_the_graveyard() -> None:
    """The cleanup discard (514.1) is a game rule, not a spell or ability an opponent
    controls."""
    g = new_game()
    baloth = put(g, 0, HAND, "Obstinate Baloth")
    for _ in range(7):
        put(g, 0, HAND, "Plains")
    start_at(g, "end")
    advance(g, lambda x: x.decision.kind == "discard")
    answer(g, baloth.id)
    assert names(g, g.players[0].graveyard) == ["Obstinate Baloth"]


# ================================================================ random play


def test_divided_damage_and_restriction_cards_random_agents_finish_games() -> None:
    """Random agents play a few games with these cards in both decks (every decision has a
    finite list of legal answers and none raises)."""
    from manastack.engine import new_game as start_game
    cards = ["Inferno Titan", "Fireball", "Autumn's Veil", "Gaea's Revenge",
             "Necrotic Plague", "Consume Spirit", "Phylactery Lich", "Obstinate Baloth",
             "Ornithopter", "Distress", "Cancel", "Grizzly Bears"]
    rng = random.Random(7)
    for seed in range(3):
        decks = []
        for _ in range(2):
            deck = [c for c in cards for _ in range(2)]
            deck += ["Swamp"] * 6 + ["Mountain"] * 6 + ["Forest"] * 6 + ["Island"] * 6
            rng.shuffle(deck)
            decks.append(deck)
        g = start_game(["Alice", "Bob"], decks, seed)
        agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
        n = 0
        while g.decision is not None and n < 6000:
            d = g.decision
            g.apply(d.player, agents[d.player].act(g))
            n += 1
        assert g.over or n == 6000


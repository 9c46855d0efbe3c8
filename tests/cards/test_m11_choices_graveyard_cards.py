"""Magic 2011 cards using the choice costs, graveyard abilities, variable mana, attack requirements, rule
effects and as-enters choices of the engine: each card's defining behaviour in a real game
position, following its current Oracle text."""

from __future__ import annotations

import pytest
from cardplay import (
    BF,
    GY,
    HAND,
    LIB,
    P0,
    P1,
    activate_ability,
    advance,
    answer,
    card_named,
    cast,
    declare,
    events,
    lands,
    names,
    new_game,
    on_bf,
    options,
    pt,
    settle,
    to_attackers,
)

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    Pass,
)
from manastack.game.objects import GameObject

import testcards  # noqa: F401
from conftest import at_step

# ================================================================ Captivating Vampire


def _vampire_army(g: Game) -> tuple[GameObject, list[GameObject]]:
    cv = put(g, 0, BF, "Captivating Vampire", sick=True)
    others = [put(g, 0, BF, n, sick=(n == "Blood Seeker"))
              for n in ("Blood Seeker", "Child of Night", "Barony Vampire", "Bloodrage Vampire")]
    return cv, others


# ================================================================ Protean Hydra


def _hydra(g: Game, x: int) -> GameObject:
    lands(g, 0, "Forest", x + 1)
    card = put(g, 0, HAND, "Protean Hydra")
    start_at(g, "precombat_main")
    cast(g, card, x=x)
    settle(g)
    return on_bf(g, "Protean Hydra")[0]


def test_captivating_vampire_taps_five_vampires_to_steal_a_creature() -> None:
    """Captivating Vampire: "Tap five untapped Vampires you control" is a cost (CR 601.2h)
    that isn't {T}: summoning-sick Vampires, the Vampire itself included, can pay it (302.6
    concerns only {T}/{Q}).  The creature changes control for good (613.1b, layer 2) and is
    a Vampire in addition to its other types (205.1b, layer 4), so the lord pumps it."""
    g = new_game()
    cv, others = _vampire_army(g)
    put(g, 0, BF, "Grizzly Bears")  # not a Vampire: never an option for the cost
    wurm = put(g, 1, BF, "Spined Wurm")
    start_at(g, "precombat_main")
    activate_ability(g, cv, 0, wurm.id)
    assert set(options(g)) == {cv.id, *(o.id for o in others)}
    answer(g, cv.id, *(o.id for o in others))
    assert all(g.obj(o.id).tapped for o in [cv, *others])
    settle(g)
    assert g.controller(g.obj(wurm.id)) == 0
    assert "Vampire" in g.chars(g.obj(wurm.id)).subtypes
    assert "Wurm" in g.chars(g.obj(wurm.id)).subtypes
    assert pt(g, wurm) == (6, 5)  # 5/4 + "other Vampire creatures you control get +1/+1"
    assert pt(g, cv) == (2, 2) and pt(g, others[1]) == (3, 2)


def test_captivating_vampire_control_lasts_after_it_leaves() -> None:
    """The control-changing effect of the resolved ability has no duration (611.2a): it
    lasts after Captivating Vampire leaves the battlefield; the +1/+1 of its static
    ability stops (611.3a)."""
    g = new_game()
    cv, others = _vampire_army(g)
    wurm = put(g, 1, BF, "Spined Wurm")
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    activate_ability(g, cv, 0, wurm.id)
    answer(g, cv.id, *(o.id for o in others))
    settle(g)
    cast(g, bolt, cv.id)
    settle(g)
    assert not on_bf(g, "Captivating Vampire")
    assert g.controller(g.obj(wurm.id)) == 0 and pt(g, wurm) == (5, 4)
    assert "Vampire" in g.chars(g.obj(wurm.id)).subtypes


def test_captivating_vampire_latest_control_effect_wins() -> None:
    """Two players' Captivating Vampires take the same creature in turn: control effects
    apply in timestamp order (CR 613.6, layer 2), so the latest wins; the superseded
    effect is dropped, not piled up (one effect, in layers 2 and 4, on the creature)."""
    g = new_game()
    cv0, mine = _vampire_army(g)
    cv1 = put(g, 1, BF, "Captivating Vampire")
    theirs = [put(g, 1, BF, n) for n in ("Blood Seeker", "Child of Night", "Barony Vampire",
                                         "Bloodrage Vampire")]
    wurm = put(g, 1, BF, "Spined Wurm")
    start_at(g, "precombat_main")
    activate_ability(g, cv0, 0, wurm.id)
    answer(g, cv0.id, *(o.id for o in mine))
    settle(g)
    assert g.controller(g.obj(wurm.id)) == 0
    g.apply(0, Pass())
    activate_ability(g, cv1, 0, wurm.id)
    answer(g, cv1.id, *(o.id for o in theirs))
    settle(g)
    assert g.controller(g.obj(wurm.id)) == 1 and pt(g, wurm) == (6, 5)
    advance(g, at_step("precombat_main", 3))
    activate_ability(g, cv0, 0, wurm.id)
    answer(g, cv0.id, *(o.id for o in mine))
    settle(g)
    assert g.controller(g.obj(wurm.id)) == 0 and pt(g, wurm) == (6, 5)
    on_wurm = [e for e in g.effects if e.affected == frozenset({wurm.id})]
    assert sorted(e.layer for e in on_wurm) == ["2", "4"]


def test_captivating_vampire_needs_five_untapped_vampires() -> None:
    """Four untapped Vampires (a fifth tapped, a non-Vampire untapped) can't pay the cost
    (CR 602.2b: an activation whose cost can't be paid is illegal)."""
    g = new_game()
    cv = put(g, 0, BF, "Captivating Vampire")
    for n in ("Blood Seeker", "Child of Night", "Barony Vampire"):
        put(g, 0, BF, n)
    put(g, 0, BF, "Bloodrage Vampire", tapped=True)
    put(g, 0, BF, "Grizzly Bears")
    wurm = put(g, 1, BF, "Spined Wurm")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="602.2b"):
        activate_ability(g, cv, 0, wurm.id)
    assert not any(isinstance(a, Activate) and a.source == cv.id
                   for a in g.decision.legal_actions(g))


# ================================================================ Fauna Shaman


def test_fauna_shaman_discards_a_creature_card_to_find_one() -> None:
    """Fauna Shaman: {G}, {T}, discard a creature card (only creature cards are choices,
    CR 601.2h): search for a creature card, reveal it, put it into your hand, then shuffle
    (701.17a, 701.18a)."""
    g = new_game()
    put(g, 0, BF, "Forest")
    shaman = put(g, 0, BF, "Fauna Shaman")
    bears = put(g, 0, HAND, "Grizzly Bears")
    put(g, 0, HAND, "Lightning Bolt")
    angel = put(g, 0, LIB, "Serra Angel", position="bottom")
    start_at(g, "precombat_main")
    activate_ability(g, shaman, 0)
    assert options(g) == (bears.id,)
    answer(g, bears.id)
    assert g.obj(shaman.id).tapped
    assert names(g, g.players[0].graveyard) == ["Grizzly Bears"]
    assert any(e.kind == ev.DISCARD for e in g.log)
    settle(g)
    assert angel.id in options(g) and all(
        g.obj(i).name == "Serra Angel" for i in options(g))  # creature cards only
    answer(g, angel.id, kind="search")
    assert sorted(names(g, g.players[0].hand)) == ["Lightning Bolt", "Serra Angel"]
    assert events(g, ev.SHUFFLE)


def test_fauna_shaman_needs_a_creature_card_to_discard() -> None:
    """Without a creature card in hand the cost can't be paid (CR 602.2b)."""
    g = new_game()
    put(g, 0, BF, "Forest")
    shaman = put(g, 0, BF, "Fauna Shaman")
    put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="602.2b"):
        activate_ability(g, shaman, 0)


# ================================================================ Reassembling Skeleton


def test_reassembling_skeleton_returns_from_graveyard_tapped() -> None:
    """Reassembling Skeleton: its ability works only from the graveyard (CR 112.6) and
    returns the card to the battlefield tapped."""
    g = new_game()
    lands(g, 0, "Swamp", 4)
    skel = put(g, 0, GY, "Reassembling Skeleton")
    start_at(g, "precombat_main")
    assert Activate(skel.id, 0) in g.decision.legal_actions(g)
    activate_ability(g, skel, 0)
    settle(g)
    back = on_bf(g, "Reassembling Skeleton", 0)
    assert len(back) == 1 and back[0].tapped and not g.players[0].graveyard
    with pytest.raises(IllegalAction, match="112.6"):
        activate_ability(g, back[0], 0)


def test_reassembling_skeleton_is_a_new_object_after_it_moves() -> None:
    """Two activations in a row: the first returns the card; the second finds a new object
    on the battlefield (CR 400.7) and does nothing."""
    g = new_game()
    lands(g, 0, "Swamp", 4)
    skel = put(g, 0, GY, "Reassembling Skeleton")
    start_at(g, "precombat_main")
    activate_ability(g, skel, 0)
    activate_ability(g, skel, 0)
    settle(g)
    assert len(on_bf(g, "Reassembling Skeleton")) == 1


# ================================================================ Magma Phoenix


def test_magma_phoenix_dies_damages_everything_and_returns_to_hand() -> None:
    """Magma Phoenix: when it dies (CR 700.4), it deals 3 damage to each creature and each
    player (using its last known information, 608.2g); then {3}{R}{R} from the graveyard
    returns the card to its owner's hand (112.6)."""
    g = new_game()
    lands(g, 0, "Mountain", 6)
    phoenix = put(g, 0, BF, "Magma Phoenix")
    spider = put(g, 0, BF, "Giant Spider")
    put(g, 1, BF, "Grizzly Bears")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, bolt, phoenix.id)
    settle(g)
    assert [g.players[0].life, g.players[1].life] == [17, 17]
    assert not on_bf(g, "Grizzly Bears") and g.obj(spider.id).damage == 3
    card = card_named(g, g.players[0].graveyard, "Magma Phoenix")
    activate_ability(g, card, 0)
    settle(g)
    assert "Magma Phoenix" in names(g, g.players[0].hand)


# ================================================================ Elvish Archdruid


def test_elvish_archdruid_adds_g_for_each_elf() -> None:
    """Elvish Archdruid: other Elf creatures you control get +1/+1; {T}: add {G} for each
    Elf you control (itself included; CR 605.1a mana ability, resolves at once)."""
    g = new_game()
    druid = put(g, 0, BF, "Elvish Archdruid")
    elves = put(g, 0, BF, "Llanowar Elves")
    put(g, 0, BF, "Fauna Shaman", sick=True)
    put(g, 0, BF, "Grizzly Bears")
    theirs = put(g, 1, BF, "Llanowar Elves")
    start_at(g, "precombat_main")
    assert pt(g, elves) == (2, 2) and pt(g, theirs) == (1, 1) and pt(g, druid) == (2, 2)
    activate_ability(g, druid, 0)
    assert g.players[0].mana_pool.units() == ["G", "G", "G"]
    assert g.obj(druid.id).tapped and not g.stack


def test_elvish_archdruid_pays_for_a_spell() -> None:
    """Automatic payment uses the Archdruid's variable mana (CR 601.2g-h): two Elves pay
    {1}{G} for Grizzly Bears by tapping the Archdruid alone."""
    g = new_game()
    druid = put(g, 0, BF, "Elvish Archdruid")
    llanowar = put(g, 0, BF, "Llanowar Elves")
    bears = put(g, 0, HAND, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Cast(bears.id, pay=(druid.id,)))
    assert g.obj(druid.id).tapped and not g.obj(llanowar.id).tapped
    settle(g)
    assert on_bf(g, "Grizzly Bears", 0)


# ================================================================ Alluring Siren


def test_alluring_siren_target_attacks_you_if_able() -> None:
    """Alluring Siren: the target must attack the Siren's controller this turn if able
    (CR 508.1d): not attacking, or attacking their planeswalker instead, obeys fewer
    requirements than possible; other creatures are free."""
    g = new_game()
    siren = put(g, 0, BF, "Alluring Siren")
    jace = put(g, 0, BF, "Jace Beleren")
    bears = put(g, 1, BF, "Grizzly Bears")
    other = put(g, 1, BF, "Runeclaw Bear")
    start_at(g, "beginning_of_combat", active=1)
    g.apply(1, Pass())
    activate_ability(g, siren, 0, bears.id)
    settle(g)
    advance(g, lambda x: x.decision.kind == "declare_attackers")
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(1, DeclareAttackers(()))
    with pytest.raises(IllegalAction, match="508.1d"):
        declare(g, (bears, jace.id))
    declare(g, (bears, P0))
    assert g.combat is not None and set(g.combat.attackers) == {bears.id}
    assert other.id not in g.combat.attackers


def test_alluring_siren_only_this_turn_and_only_opponents_creatures() -> None:
    """The requirement lasts this turn only (CR 514.2); the Siren can't target its
    controller's own creature."""
    g = new_game()
    siren = put(g, 0, BF, "Alluring Siren")
    mine = put(g, 0, BF, "Runeclaw Bear")
    bears = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "upkeep", active=1)
    g.apply(1, Pass())
    with pytest.raises(IllegalAction, match="601.2c"):
        activate_ability(g, siren, 0, mine.id)
    activate_ability(g, siren, 0, bears.id)
    settle(g)
    to_attackers(g, 1)
    declare(g, (bears, P0))
    to_attackers(g, 3)
    g.apply(1, DeclareAttackers(()))  # no requirement any more


# ================================================================ Silence


def test_silence_opponents_cant_cast_spells_this_turn() -> None:
    """Silence: a rule effect of a resolved spell (CR 613.10 of the 2017 rules): the
    opponent can't cast spells this turn (101.2: "can't" wins); its caster still can; on the
    next turn the opponent can again (514.2)."""
    g = new_game()
    put(g, 0, BF, "Plains")
    put(g, 0, BF, "Mountain")
    silence = put(g, 0, HAND, "Silence")
    shock = put(g, 0, HAND, "Shock")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, silence)
    settle(g)
    cast(g, shock, P1)
    g.apply(0, Pass())
    assert g.decision.player == 1
    assert not any(isinstance(a, Cast) for a in g.decision.legal_actions(g))
    with pytest.raises(IllegalAction, match="Silence"):
        cast(g, bolt, P0)
    settle(g)
    assert g.players[1].life == 18
    advance(g, at_step("upkeep", 2))
    cast(g, bolt, P0)
    settle(g)
    assert g.players[0].life == 17


def test_silence_in_response_doesnt_stop_a_spell_already_cast() -> None:
    """Silence stops casting, not spells already on the stack (CR 601.2): cast in response
    to a Lightning Bolt, the Bolt still resolves."""
    g = new_game()
    put(g, 0, BF, "Plains")
    silence = put(g, 0, HAND, "Silence")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "upkeep", active=1)
    cast(g, bolt, P0)
    g.apply(1, Pass())
    cast(g, silence)
    settle(g)
    assert g.players[0].life == 17


# ================================================================ Leyline of Punishment


def test_leyline_of_punishment_opening_hand() -> None:
    """CR 103.5a: a Leyline in the opening hand may begin the game on the battlefield."""
    from manastack import new_game as start_new_game
    from manastack.game.state import GameOptions
    g = start_new_game(["Alice", "Bob"], [["Leyline of Punishment"] * 7 + ["Mountain"] * 33,
                                          ["Plains"] * 40],
                       seed=0, options=GameOptions(first_player=0))
    g.apply(0, Mulligan(False))
    g.apply(1, Mulligan(False))
    assert g.decision.kind == "opening_hand"
    answer(g, options(g)[0])
    assert [o.name for o in g.permanents(0)] == ["Leyline of Punishment"]


def test_leyline_of_anticipation_casts_creatures_at_instant_speed() -> None:
    """"You may cast spells as though they had flash" (CR 702.8a timing): its controller
    casts a creature in the opponent's upkeep; the opponent still can't."""
    g = new_game()
    put(g, 0, BF, "Leyline of Anticipation")
    lands(g, 0, "Forest", 2)
    lands(g, 1, "Forest", 2)
    bears = put(g, 0, HAND, "Grizzly Bears")
    their_bears = put(g, 1, HAND, "Grizzly Bears")
    start_at(g, "upkeep", turn=2, active=1)
    assert g.decision.player == 1
    with pytest.raises(IllegalAction):
        g.apply(1, Cast(their_bears.id))
    assert Cast(their_bears.id) not in g.decision.legal_actions(g)
    g.apply(1, Pass())
    assert g.decision.player == 0 and Cast(bears.id) in g.decision.legal_actions(g)
    cast(g, bears)
    settle(g)
    assert on_bf(g, "Grizzly Bears", 0)


def test_without_leyline_of_anticipation_creatures_wait_for_the_main_phase() -> None:
    """CR 307.1 / 302.1: without the permission a creature spell needs the main phase and
    an empty stack; the refusal cites the rule and changes nothing."""
    g = new_game()
    lands(g, 0, "Forest", 2)
    bears = put(g, 0, HAND, "Grizzly Bears")
    start_at(g, "upkeep", turn=2, active=1)
    g.apply(1, Pass())
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Cast(bears.id))
    assert "302" in str(err.value) or "307" in str(err.value)
    assert bears.id in g.players[0].hand


def test_leyline_of_punishment_players_cant_gain_life() -> None:
    """"Players can't gain life" (CR 118.7): lifelink (702.15b) and a life-gaining spell
    gain nothing, for both players."""
    g = new_game()
    put(g, 1, BF, "Leyline of Punishment")
    child = put(g, 0, BF, "Child of Night")
    lands(g, 0, "Plains", 4)
    mercy = put(g, 0, HAND, "Angel's Mercy")
    start_at(g, "precombat_main")
    cast(g, mercy)
    settle(g)
    assert g.players[0].life == 20
    to_attackers(g, 1)
    declare(g, (child, P1))
    advance(g, at_step("end_of_combat", 1))
    assert g.players[1].life == 18 and g.players[0].life == 20


def test_leyline_of_punishment_damage_cant_be_prevented() -> None:
    """"Damage can't be prevented" (CR 615.12: prevention effects prevent none of it):
    Fog doesn't stop combat damage."""
    g = new_game()
    put(g, 0, BF, "Leyline of Punishment")
    bears = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Forest")
    fog = put(g, 1, HAND, "Fog")
    start_at(g, "declare_attackers")
    declare(g, (bears, P1))
    g.apply(0, Pass())
    cast(g, fog)
    settle(g)
    advance(g, at_step("end_of_combat", 1))
    assert g.players[1].life == 18


def test_cr_706_2_clone_copying_triskelion_enters_with_its_counters() -> None:
    """A copy has the copied card's replacement effects as it enters (706.2, 614.1c): a
    Clone copying Triskelion enters with three +1/+1 counters."""
    g = new_game()
    lands(g, 0, "Island", 4)
    put(g, 0, BF, "Triskelion")
    clone = put(g, 0, HAND, "Clone")
    start_at(g, "precombat_main")
    trisk = on_bf(g, "Triskelion")[0]
    cast(g, clone)
    settle(g)
    answer(g, trisk.id)
    copy = [o for o in on_bf(g, "Triskelion") if o.id != trisk.id][0]
    assert copy.counters.get("+1/+1") == 3


def test_protean_hydra_enters_with_x_counters() -> None:
    """Protean Hydra enters with X +1/+1 counters (CR 614.1c; X of the spell, 107.3m of later CRs)."""
    g = new_game()
    hydra = _hydra(g, 3)
    assert hydra.counters.get("+1/+1") == 3 and pt(g, hydra) == (3, 3)


def test_protean_hydra_prevents_damage_and_regrows_at_end_step() -> None:
    """Damage to it is prevented (615.1) and that many +1/+1 counters are removed; each
    removed counter triggers, and the next end step puts two counters on it for each
    (delayed triggered abilities, 603.7)."""
    g = new_game()
    hydra = _hydra(g, 3)
    put(g, 0, BF, "Mountain")
    shock = put(g, 0, HAND, "Shock")
    cast(g, shock, hydra.id)
    settle(g)
    h = g.obj(hydra.id)
    assert h.damage == 0 and h.counters["+1/+1"] == 1 and pt(g, h) == (1, 1)
    assert len(events(g, ev.COUNTERS_REMOVED)) == 2
    answer(g, 0, 1, kind="order_triggers")
    settle(g)
    assert not g.effects and len(g.delayed_triggers) == 2
    advance(g, at_step("end", 1))
    answer(g, 0, 1, kind="order_triggers")
    settle(g)
    assert g.obj(hydra.id).counters["+1/+1"] == 5 and pt(g, hydra) == (5, 5)
    assert not g.delayed_triggers
    advance(g, at_step("upkeep", 3))
    assert g.obj(hydra.id).counters["+1/+1"] == 5


def test_protean_hydra_damage_that_cant_be_prevented_still_removes_counters() -> None:
    """With Leyline of Punishment the damage can't be prevented, but the prevention effect
    still applies: no damage is prevented, its other part happens (CR 615.12) - the damage
    is marked and that many +1/+1 counters are removed (each one triggers)."""
    g = new_game()
    put(g, 1, BF, "Leyline of Punishment")
    hydra = _hydra(g, 5)
    put(g, 0, BF, "Mountain")
    shock = put(g, 0, HAND, "Shock")
    cast(g, shock, hydra.id)
    settle(g)
    assert g.obj(hydra.id).damage == 2 and g.obj(hydra.id).counters["+1/+1"] == 3
    assert len(events(g, ev.COUNTERS_REMOVED)) == 2
    answer(g, 0, 1, kind="order_triggers")
    settle(g)
    advance(g, at_step("end", 1))
    answer(g, 0, 1, kind="order_triggers")
    settle(g)
    assert g.obj(hydra.id).counters["+1/+1"] == 7


def test_protean_hydra_counters_removed_by_state_based_action_trigger() -> None:
    """Infect damage that can't be prevented: the Hydra's effect removes a +1/+1 counter
    (615.12) and the damage gives it a -1/-1 counter (119.3d); the state-based action then
    removes a +1/+1 and a -1/-1 counter (704.5r), which triggers the Hydra too: four
    counters at the next end step."""
    g = new_game()
    put(g, 1, BF, "Leyline of Punishment")
    hydra = put(g, 0, BF, "Protean Hydra", counters={"+1/+1": 4})
    elf = put(g, 1, BF, "Glistener Elf")
    start_at(g, "declare_attackers", active=1)
    declare(g, (elf, P0))
    advance(g, lambda x: x.decision.kind == "declare_blockers")
    g.apply(0, DeclareBlockers(((hydra.id, (elf.id,)),)))
    advance(g, at_step("end_of_combat", 1), order=True)
    assert g.obj(hydra.id).counters == {"+1/+1": 2, "-1/-1": 0}
    advance(g, at_step("upkeep", 2), order=True)
    assert g.obj(hydra.id).counters["+1/+1"] == 6


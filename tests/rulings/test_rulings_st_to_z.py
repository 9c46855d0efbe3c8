"""Rulings of the cards from Stingerfling Spider to Zombie Infestation.

Each test plays one ruling of a card in a game: Gatherer / Scryfall "Notes and Rules
Information" (for a few cards, the same ruling printed for a card worded alike: Turn to
Frog's as Polymorphist's Jest's, Warstorm Surge's as Pandemonium's, Sundial of the
Infinite's as Obeka's), magicjudges.org rules tips and Cranial Insertion answers, or an
interaction any judge would check from the card's Oracle text and the 2017 Comprehensive
Rules (rule numbers are the 2017 ones).  Cards whose Oracle text now says "target player
or planeswalker" / "any target" (Taste of Blood, Triskelion, Warstorm Surge, Vengeful
Archon) are played with their 2017 wording: a planeswalker is reached only by redirecting
damage dealt to its controller (306.7).  What a card's own test in tests/cards/ already
shows isn't repeated here.
"""

from __future__ import annotations

import pytest
from cardplay import (
    activate,
    advance,
    answer,
    attack,
    block,
    cast,
    current,
    kws,
    lands,
    life,
    on_bf,
    pt,
    settle,
    to_decision,
    to_step,
    zone_of,
)

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    DeclareBlockers,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions

BF, HAND, GY, LIB, EXILE = (Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY,
                            Zone.EXILE)
P0, P1 = PlayerRef(0), PlayerRef(1)


# ================================================================ Stingerfling Spider


def test_cr_608_2b_stingerfling_spider_target_that_lost_flying_is_illegal() -> None:
    """Stingerfling Spider: "target creature with flying" is checked again as the trigger
    resolves (608.2b) - Bob turns his targeted Serra Angel into a Frog (no flying) in
    response, and the Angel isn't destroyed."""
    g = setup_game()
    lands(g, 0, "Forest", 5)
    lands(g, 1, "Island", 2)
    serra = put(g, 1, BF, "Serra Angel")
    spider = put(g, 0, HAND, "Stingerfling Spider")
    frog = put(g, 1, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, spider)
    settle(g)
    answer(g, serra.id, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, frog, serra)
    settle(g)
    assert g.decision.kind == "priority" and not g.stack
    assert zone_of(g, serra) == BF
    assert any(e.kind == ev.COUNTERED and e.rule == "608.2b" for e in g.log)


def test_cr_603_3d_stingerfling_spider_without_a_flyer_the_trigger_is_removed() -> None:
    """Stingerfling Spider: with no creature with flying on the battlefield the trigger has
    no legal target and is removed from the stack (603.3d) - nothing to answer, nothing
    destroyed."""
    g = setup_game()
    lands(g, 0, "Forest", 5)
    bear = put(g, 1, BF, "Grizzly Bears")
    spider = put(g, 0, HAND, "Stingerfling Spider")
    start_at(g, "precombat_main")
    cast(g, spider)
    settle(g)
    assert g.decision.kind == "priority" and not g.stack
    assert zone_of(g, bear) == BF and zone_of(g, spider) == BF


# ================================================================ Stonehorn Dignitary


def _combat_turns(g: Game) -> set[int]:
    return {e.turn for e in g.log if e.kind == ev.STEP_BEGAN
            and e.data.get("phase") == "combat"}


def test_cr_500_10_stonehorn_dignitary_two_triggers_skip_two_combat_phases() -> None:
    """Stonehorn Dignitary (magicjudges rules tip): each resolution sets up its own skip,
    waiting for the opponent's next combat phase - two Dignitaries entering make Bob skip
    the combat phases of his next two turns, not one (500.10); the third one happens."""
    g = setup_game()
    lands(g, 0, "Plains", 8)
    digs = [put(g, 0, HAND, "Stonehorn Dignitary") for _ in range(2)]
    start_at(g, "precombat_main")
    for d in digs:
        cast(g, d)
        settle(g)
        answer(g, P1, kind="choose_targets")
        settle(g)
    to_step(g, "end", 6)
    combats = _combat_turns(g)
    assert 2 not in combats and 4 not in combats and {3, 5, 6} <= combats


# ======================================== Stormblood Berserker, Vampire Outcasts (bloodthirst)


def test_cr_702_53a_bloodthirst_damage_to_a_planeswalker_isnt_damage_to_the_opponent() -> None:
    """Stormblood Berserker, bloodthirst (702.53a): "if an opponent was dealt damage this
    turn" - Shock redirected to Bob's planeswalker (306.7) dealt damage to Jace, not to Bob,
    so the Berserker enters without counters."""
    g = setup_game()
    lands(g, 0, "Mountain", 3)
    jace = put(g, 1, BF, "Jace Beleren")
    shock = put(g, 0, HAND, "Shock")
    berserker = put(g, 0, HAND, "Stormblood Berserker")
    start_at(g, "precombat_main")
    cast(g, shock, P1)
    settle(g)
    answer(g, jace.id, kind="redirect")
    settle(g)
    assert life(g, 1) == 20 and g.obj(jace.id).counters["loyalty"] == 1
    cast(g, berserker)
    settle(g)
    b = on_bf(g, "Stormblood Berserker")[0]
    assert b.counters.get("+1/+1", 0) == 0 and pt(g, b) == (1, 1)


def test_cr_702_53a_bloodthirst_life_loss_isnt_damage() -> None:
    """Vampire Outcasts, bloodthirst 2 (702.53a): losing life isn't being dealt damage
    (119.3 vs 118) - after Sign in Blood makes Bob lose 2 life, the Outcasts enter as a
    2/2."""
    g = setup_game()
    lands(g, 0, "Swamp", 6)
    sign = put(g, 0, HAND, "Sign in Blood")
    outcasts = put(g, 0, HAND, "Vampire Outcasts")
    start_at(g, "precombat_main")
    cast(g, sign, P1)
    settle(g)
    assert life(g, 1) == 18
    cast(g, outcasts)
    settle(g)
    assert pt(g, on_bf(g, "Vampire Outcasts")[0]) == (2, 2)


def test_cr_702_53a_bloodthirst_counts_damage_from_any_source() -> None:
    """Stormblood Berserker, bloodthirst: "an opponent was dealt damage this turn" - it
    doesn't matter who dealt it; Bob Shocking himself during Alice's turn is enough for
    the two +1/+1 counters."""
    g = setup_game()
    lands(g, 0, "Mountain", 2)
    lands(g, 1, "Mountain", 1)
    berserker = put(g, 0, HAND, "Stormblood Berserker")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    cast(g, shock, P1)
    settle(g)
    cast(g, berserker)
    settle(g)
    assert pt(g, on_bf(g, "Stormblood Berserker")[0]) == (3, 3)


# ================================================================ Stormtide Leviathan


def test_cr_508_1c_stormtide_leviathan_restricts_every_players_creatures() -> None:
    """Stormtide Leviathan ruling (2010-08-15): its last ability affects all creatures
    without flying or islandwalk, whoever controls them - on Bob's turn his Grizzly Bears
    can't attack, his Stormfront Pegasus can (508.1c)."""
    g = setup_game()
    put(g, 0, BF, "Stormtide Leviathan")
    bear = put(g, 1, BF, "Grizzly Bears")
    pegasus = put(g, 1, BF, "Stormfront Pegasus")
    start_at(g, "declare_attackers", turn=2, active=1)
    with pytest.raises(IllegalAction):
        attack(g, bear, target=P0)
    attack(g, pegasus, target=P0)
    to_step(g, "end_of_combat")
    assert life(g, 0) == 18


def test_cr_702_14c_stormtide_leviathan_islandwalk_against_any_land() -> None:
    """Stormtide Leviathan ruling (2010-08-15): islandwalk looks for the land type Island,
    not the name - Bob controls only a Forest, an Island too under the Leviathan, so his
    creatures can't block it (702.14c)."""
    g = setup_game()
    lev = put(g, 0, BF, "Stormtide Leviathan")
    put(g, 1, BF, "Forest")
    spider = put(g, 1, BF, "Giant Spider")
    start_at(g, "declare_attackers")
    attack(g, lev)
    to_decision(g, "declare_blockers")
    with pytest.raises(IllegalAction):
        block(g, (spider, lev))
    block(g)
    to_step(g, "end_of_combat")
    assert life(g, 1) == 12


def test_cr_613_5_stormtide_leviathan_without_abilities_lands_stay_islands() -> None:
    """Stormtide Leviathan ruling (2010-08-15): if it loses its abilities, all lands -
    including lands entering later - are still Islands: the type-changing effect applies
    in layer 4 before the ability is removed in layer 6 (613.1, 613.5).  Its attack
    restriction (not a layered effect) is gone with the ability."""
    g = setup_game()
    lev = put(g, 1, BF, "Stormtide Leviathan")
    lands(g, 0, "Island", 2)
    mountain = put(g, 0, BF, "Mountain")
    bear = put(g, 0, BF, "Grizzly Bears")
    frog = put(g, 0, HAND, "Turn to Frog")
    later = put(g, 0, HAND, "Forest")
    start_at(g, "precombat_main")
    cast(g, frog, lev)
    settle(g)
    assert kws(g, lev) == frozenset()
    g.apply(0, PlayLand(later.id))
    forest = on_bf(g, "Forest", 0)[0]
    assert "Island" in g.chars(g.obj(mountain.id)).subtypes
    assert "Island" in g.chars(g.obj(forest.id)).subtypes
    to_decision(g, "declare_attackers")
    attack(g, bear)
    assert bear.id in g.combat.attackers


# ================================================================ Sun Titan


def test_cr_202_3d_sun_titan_attack_trigger_x_is_zero_in_the_graveyard() -> None:
    """Sun Titan: whenever it attacks it may return a permanent card of mana value 3 or
    less; X counts as 0 outside the stack (202.3d), so Primordial Hydra ({X}{G}{G}) is a
    legal target (mana value 2) - and, not cast, it enters with no counters and dies as a
    0/0 (704.5f).  Sengir Vampire (5) isn't a legal target."""
    g = setup_game()
    titan = put(g, 0, BF, "Sun Titan")
    hydra = put(g, 0, GY, "Primordial Hydra")
    vamp = put(g, 0, GY, "Sengir Vampire")
    start_at(g, "declare_attackers")
    attack(g, titan)
    assert g.decision.kind == "choose_targets"
    assert hydra.id in g.decision.options and vamp.id not in g.decision.options
    answer(g, hydra.id)
    settle(g)
    answer(g, "yes", kind="may")
    settle(g)
    assert zone_of(g, hydra) == GY and zone_of(g, vamp) == GY
    assert any(e.kind == ev.ZONE_CHANGE and e.data.get("name") == "Primordial Hydra"
               and e.data.get("to_zone") == BF for e in g.log)


def test_cr_202_3a_sun_titan_returns_a_land_card() -> None:
    """Sun Titan: a land card has no mana cost, so its mana value is 0 (202.3a) - it's a
    permanent card Sun Titan can return."""
    g = setup_game()
    lands(g, 0, "Plains", 6)
    titan = put(g, 0, HAND, "Sun Titan")
    forest = put(g, 0, GY, "Forest")
    start_at(g, "precombat_main")
    cast(g, titan)
    settle(g)
    assert g.decision.kind == "choose_targets" and g.decision.options == (forest.id,)
    answer(g, forest.id)
    settle(g)
    answer(g, "yes", kind="may")
    settle(g)
    assert zone_of(g, forest) == BF


# ================================================================ Sundial of the Infinite


def _mazed(g: Game) -> tuple[GameObject, GameObject]:
    """Alice attacks with Canyon Minotaur; Bob's Mystifying Maze exiles it until the
    beginning of the next end step.  Returns (minotaur, sundial)."""
    sundial = put(g, 0, BF, "Sundial of the Infinite")
    lands(g, 0, "Mountain", 1)
    mino = put(g, 0, BF, "Canyon Minotaur")
    maze = put(g, 1, BF, "Mystifying Maze")
    lands(g, 1, "Plains", 4)
    start_at(g, "declare_attackers")
    attack(g, mino)
    g.apply(0, Pass())
    activate(g, maze, mino, ability=1)
    settle(g)
    assert zone_of(g, mino) == EXILE
    return mino, sundial


def test_cr_715_3_sundial_before_the_end_step_delays_the_next_end_step_trigger() -> None:
    """Sundial of the Infinite ruling (as Obeka's, 2020): if the turn ends before the end
    step, "at the beginning of the next end step" abilities trigger at the next turn's end
    step (715.3) - the Mazed Minotaur stays exiled through Alice's turn and returns at the
    beginning of Bob's end step."""
    g = setup_game()
    mino, sundial = _mazed(g)
    activate(g, sundial)
    settle(g)
    to_step(g, "precombat_main", 2)
    assert zone_of(g, mino) == EXILE
    to_step(g, "end", 2)
    settle(g)
    assert zone_of(g, mino) == BF


def test_cr_715_1b_sundial_in_the_end_step_exiles_the_trigger_for_good() -> None:
    """Sundial of the Infinite ruling (as Obeka's, 2020): ending the turn during the end
    step, after "at the beginning of the next end step" abilities triggered, exiles them
    from the stack (715.1b) and they don't trigger again - the Mazed Minotaur stays in
    exile."""
    g = setup_game()
    mino, sundial = _mazed(g)
    to_step(g, "end")
    assert len(g.stack) == 1 and g.decision.player == 0
    activate(g, sundial)
    settle(g)
    to_step(g, "upkeep", 3)
    assert zone_of(g, mino) == EXILE


# ================================================================ Sutured Ghoul


def test_cr_604_3_sutured_ghoul_exiled_sutured_ghoul_card_counts_as_0_0() -> None:
    """Sutured Ghoul: its power and toughness are defined by a characteristic-defining
    ability that works in every zone (604.3); a Sutured Ghoul card in the graveyard has
    no exiled cards, so it is a 0/0 there - exiling it with Grizzly Bears makes the new
    Ghoul a 2/2."""
    g = setup_game()
    lands(g, 0, "Swamp", 7)
    old = put(g, 0, GY, "Sutured Ghoul")
    bear = put(g, 0, GY, "Grizzly Bears")
    ghoul = put(g, 0, HAND, "Sutured Ghoul")
    start_at(g, "precombat_main")
    cast(g, ghoul)
    settle(g)
    assert g.decision.kind == "choose" and set(g.decision.options) == {old.id, bear.id}
    answer(g, old.id, bear.id)
    settle(g)
    new = on_bf(g, "Sutured Ghoul")[0]
    assert pt(g, new) == (2, 2)
    assert zone_of(g, old) == EXILE and zone_of(g, bear) == EXILE


# ============================================================ Swiftfoot Boots, Whispersilk Cloak


def _equipped(equipment: str) -> tuple[Game, GameObject, GameObject, GameObject]:
    """Alice's Grizzly Bears wears ``equipment``; Alice holds Giant Growth, Bob Shock."""
    g = setup_game()
    lands(g, 0, "Forest", 1)
    lands(g, 1, "Mountain", 1)
    eq = put(g, 0, BF, equipment)
    bear = put(g, 0, BF, "Grizzly Bears")
    eq.attached_to = bear.id
    growth = put(g, 0, HAND, "Giant Growth")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    return g, bear, growth, shock


def test_cr_702_11b_swiftfoot_boots_hexproof_lets_its_controller_target_it() -> None:
    """Swiftfoot Boots: hexproof stops only the opponents' spells and abilities (702.11b) -
    Bob's Shock can't target the equipped Bears, Alice's Giant Growth can."""
    g, bear, growth, shock = _equipped("Swiftfoot Boots")
    cast(g, growth, bear)
    g.apply(0, Pass())
    with pytest.raises(IllegalAction, match="hexproof"):
        cast(g, shock, bear)
    g.apply(1, Pass())
    assert pt(g, bear) == (5, 5)


def test_cr_702_18a_whispersilk_cloak_shroud_stops_its_controller_too() -> None:
    """Whispersilk Cloak: shroud, unlike hexproof, stops every player's spells and
    abilities (702.18a) - Alice can't target her own equipped Bears with Giant Growth."""
    g, bear, growth, _ = _equipped("Whispersilk Cloak")
    with pytest.raises(IllegalAction, match="shroud"):
        cast(g, growth, bear)
    assert zone_of(g, growth) == HAND


# ================================================================ Taste of Blood


def test_cr_306_7_taste_of_blood_redirected_to_a_planeswalker_still_gains_life() -> None:
    """Taste of Blood reads "target player or planeswalker" since 2018; under the 2017
    wording (target player) Alice reaches Bob's Jace Beleren by redirecting the damage
    (306.7).  "You gain 1 life" doesn't depend on whom the damage was dealt to: Jace loses
    1 loyalty, Bob stays at 20, Alice goes to 21."""
    g = setup_game()
    put(g, 0, BF, "Swamp")
    jace = put(g, 1, BF, "Jace Beleren")
    taste = put(g, 0, HAND, "Taste of Blood")
    start_at(g, "precombat_main")
    cast(g, taste, P1)
    settle(g)
    answer(g, jace.id, kind="redirect")
    settle(g)
    assert g.obj(jace.id).counters["loyalty"] == 2
    assert (life(g, 0), life(g, 1)) == (21, 20)


# ================================================================ Tectonic Rift


def test_cr_611_2c_tectonic_rift_applies_to_flying_as_it_is_at_the_block() -> None:
    """Tectonic Rift ruling: "can't block" changes no characteristics, so it isn't
    locked to the creatures of the moment (611.2c) - Serra Angel, turned into a
    Frog after the Rift resolved, can't block; Grizzly Bears given flying by Mighty Leap
    later in the turn can."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    lands(g, 0, "Island", 2)
    lands(g, 1, "Plains", 2)
    forest = put(g, 1, BF, "Forest")
    attacker = put(g, 0, BF, "Siege Mastodon")
    serra = put(g, 1, BF, "Serra Angel")
    bear = put(g, 1, BF, "Grizzly Bears")
    rift = put(g, 0, HAND, "Tectonic Rift")
    frog = put(g, 0, HAND, "Turn to Frog")
    leap = put(g, 1, HAND, "Mighty Leap")
    start_at(g, "precombat_main")
    cast(g, rift, forest)
    settle(g)
    cast(g, frog, serra)
    settle(g)
    to_decision(g, "declare_attackers")
    attack(g, attacker)
    g.apply(0, Pass())
    cast(g, leap, bear)
    settle(g)
    to_decision(g, "declare_blockers")
    with pytest.raises(IllegalAction, match="can't block"):
        block(g, (serra, attacker))
    block(g, (bear, attacker))
    assert g.combat.blocked_by[attacker.id] == [bear.id]


def test_cr_509_1b_tectonic_rift_reach_isnt_flying() -> None:
    """Tectonic Rift: only flying lets a creature block - a Giant Spider (reach, no flying)
    can't block this turn either (509.1b)."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    forest = put(g, 1, BF, "Forest")
    attacker = put(g, 0, BF, "Siege Mastodon")
    spider = put(g, 1, BF, "Giant Spider")
    rift = put(g, 0, HAND, "Tectonic Rift")
    start_at(g, "precombat_main")
    cast(g, rift, forest)
    settle(g)
    to_decision(g, "declare_attackers")
    attack(g, attacker)
    to_decision(g, "declare_blockers")
    with pytest.raises(IllegalAction, match="can't block"):
        block(g, (spider, attacker))


def test_cr_608_2b_tectonic_rift_with_illegal_target_does_nothing() -> None:
    """Tectonic Rift ruling: if its target land is illegal as it resolves, the whole spell
    doesn't resolve (608.2b) - Bob sacrifices the targeted Terramorphic Expanse in
    response, and his creatures without flying can still block."""
    g = setup_game(filler="Forest")
    lands(g, 0, "Mountain", 4)
    expanse = put(g, 1, BF, "Terramorphic Expanse")
    attacker = put(g, 0, BF, "Siege Mastodon")
    bear = put(g, 1, BF, "Grizzly Bears")
    rift = put(g, 0, HAND, "Tectonic Rift")
    start_at(g, "precombat_main")
    cast(g, rift, expanse)
    g.apply(0, Pass())
    activate(g, expanse)
    settle(g)
    answer(g, g.decision.options[0], kind="search")
    settle(g)
    assert any(e.kind == ev.COUNTERED and e.rule == "608.2b" for e in g.log)
    to_decision(g, "declare_attackers")
    attack(g, attacker)
    to_decision(g, "declare_blockers")
    block(g, (bear, attacker))
    assert g.combat.blocked_by[attacker.id] == [bear.id]


# ================================================================ Teferi's Imp, Teferi's Isle


def test_cr_702_25d_teferis_imp_phasing_in_isnt_entering_the_battlefield() -> None:
    """Teferi's Imp: phasing doesn't make it leave or enter the battlefield (702.25d) -
    phasing back in, it draws its card but Warstorm Surge ("whenever a creature enters")
    doesn't trigger."""
    g = setup_game()
    put(g, 0, BF, "Warstorm Surge")
    imp = put(g, 0, BF, "Teferi's Imp")
    start_at(g, "precombat_main")
    to_step(g, "upkeep", 3)
    assert g.obj(imp.id).phased_out
    settle(g)
    to_step(g, "upkeep", 5)
    assert not g.obj(imp.id).phased_out
    hand = len(g.players[0].hand)
    settle(g)
    assert len(g.players[0].hand) == hand + 1
    assert not any(e.kind == ev.TRIGGER and g.objects[e.data["source"]].name ==
                   "Warstorm Surge" for e in g.log)
    assert g.decision.kind == "priority" and life(g, 1) == 20


def test_cr_702_25f_teferis_imp_aura_phases_out_and_in_with_it() -> None:
    """Teferi's Imp: an Aura attached to a permanent that phases out phases out with it
    ("indirectly") and phases in with it, still attached (702.25f) - Unholy Strength
    isn't put into the graveyard and the Imp is a 3/2 again."""
    g = setup_game()
    imp = put(g, 0, BF, "Teferi's Imp")
    aura = put(g, 0, BF, "Unholy Strength")
    aura.attached_to = imp.id
    start_at(g, "precombat_main")
    assert pt(g, imp) == (3, 2)
    to_step(g, "upkeep", 3)
    assert g.obj(imp.id).phased_out and g.obj(aura.id).phased_out
    to_step(g, "upkeep", 5)
    assert not g.obj(aura.id).phased_out and g.obj(aura.id).attached_to == imp.id
    assert zone_of(g, aura) == BF and pt(g, imp) == (3, 2)


def test_cr_702_25b_teferis_isle_phased_out_copy_escapes_the_legend_rule() -> None:
    """Teferi's Isle (legendary, phasing): a phased-out permanent is treated as though it
    doesn't exist (702.25b) - with the first Isle phased out, Alice plays a second without
    the legend rule applying (704.5k); at her next untap step one phases in as the other
    phases out (702.25a), so the two never exist together."""
    g = setup_game()
    isle1 = put(g, 0, BF, "Teferi's Isle")
    isle2 = put(g, 0, HAND, "Teferi's Isle")
    start_at(g, "precombat_main")
    to_step(g, "precombat_main", 3)
    assert g.obj(isle1.id).phased_out
    g.apply(0, PlayLand(isle2.id))
    second = current(g, isle2)
    assert zone_of(g, isle1) == BF and second.zone == BF
    to_step(g, "upkeep", 5)
    assert not g.obj(isle1.id).phased_out and g.obj(second.id).phased_out
    assert zone_of(g, isle1) == BF and zone_of(g, isle2) == BF
    assert not any(e.rule == "704.5k" for e in g.log)


# ================================================================ Tel-Jilad Fallen


def test_cr_702_16d_tel_jilad_fallen_cant_be_equipped() -> None:
    """Tel-Jilad Fallen, protection from artifacts: it can't be equipped by an artifact
    Equipment (702.16d), nor targeted by the equip ability of an artifact (702.16b)."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    boots = put(g, 0, BF, "Swiftfoot Boots")
    fallen = put(g, 0, BF, "Tel-Jilad Fallen")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction):
        activate(g, boots, fallen)
    assert g.obj(boots.id).attached_to is None


# ================================================================ Thran Golem


def test_cr_611_3a_thran_golem_any_aura_counts_even_an_opponents() -> None:
    """Thran Golem ruling: any Aura enchanting it turns the bonus on, whoever controls
    that Aura - Bob's Pacifism makes Alice's Golem a 5/5 with flying, first strike and
    trample (a static ability, checked continuously, 611.3a); when the Aura leaves (War
    Priest of Thune destroys it), the bonus ends."""
    g = setup_game()
    lands(g, 1, "Plains", 2)
    lands(g, 0, "Plains", 2)
    golem = put(g, 0, BF, "Thran Golem")
    pacifism = put(g, 1, HAND, "Pacifism")
    priest = put(g, 0, HAND, "War Priest of Thune")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, pacifism, golem)
    settle(g)
    assert pt(g, golem) == (5, 5)
    assert {"flying", "first strike", "trample"} <= kws(g, golem)
    to_step(g, "precombat_main", 3)
    cast(g, priest)
    settle(g)
    answer(g, on_bf(g, "Pacifism")[0].id, kind="choose_targets")
    settle(g)
    answer(g, "yes", kind="may")
    settle(g)
    assert not on_bf(g, "Pacifism")
    assert pt(g, golem) == (3, 3) and not kws(g, golem)


def test_cr_613_7a_thran_golem_turned_to_frog_loses_its_own_bonus() -> None:
    """Thran Golem and Turn to Frog: the Golem's ability (abilities in layer 6, +2/+2 in
    7c) depends on Turn to Frog's ability removal, which would remove it (613.7a), so the
    removal applies first and the Golem's effect never applies - enchanted by Unholy
    Strength (not an ability of the Golem), it is a 3/2 Frog with no abilities."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    golem = put(g, 1, BF, "Thran Golem")
    aura = put(g, 1, BF, "Unholy Strength")
    aura.attached_to = golem.id
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    assert pt(g, golem) == (7, 6) and "flying" in kws(g, golem)
    cast(g, frog, golem)
    settle(g)
    assert pt(g, golem) == (3, 2) and kws(g, golem) == frozenset()


# ================================================================ Throne of Empires


def test_cr_608_2_throne_of_empires_checks_crown_and_scepter_on_resolution() -> None:
    """Throne of Empires: whether Alice controls Crown and Scepter of Empires is checked as
    the ability resolves - Bob destroys the Scepter with Naturalize in response, and only
    one Soldier is created."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    lands(g, 1, "Forest", 2)
    throne = put(g, 0, BF, "Throne of Empires")
    put(g, 0, BF, "Crown of Empires")
    scepter = put(g, 0, BF, "Scepter of Empires")
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    activate(g, throne)
    g.apply(0, Pass())
    cast(g, nat, scepter)
    settle(g)
    assert zone_of(g, scepter) == GY and len(on_bf(g, "Soldier", 0)) == 1


# ================================================================ Thunder Strike


def test_cr_702_7c_thunder_strike_after_first_strike_damage_still_deals_damage() -> None:
    """Thunder Strike: first strike given after the first combat damage step doesn't stop
    the creature from dealing damage in the second one (702.7c) - White Knight deals its
    first-strike damage, then Alice gives Grizzly Bears first strike: the Bears (4/2) still
    deal their damage in the regular step, and the Knight doesn't deal damage twice."""
    g = setup_game()
    lands(g, 0, "Mountain", 2)
    knight = put(g, 0, BF, "White Knight")
    bear = put(g, 0, BF, "Grizzly Bears")
    strike = put(g, 0, HAND, "Thunder Strike")
    start_at(g, "declare_attackers")
    attack(g, knight, bear)
    advance(g, lambda x: life(x, 1) < 20 and x.decision is not None
            and x.decision.kind == "priority")
    assert life(g, 1) == 18 and g.step.name == "combat_damage"
    cast(g, strike, bear)
    settle(g)
    to_step(g, "end_of_combat")
    assert life(g, 1) == 14


# ================================================================ Time Reversal, Time Warp


def test_cr_704_5b_time_reversal_player_who_cant_draw_seven_loses() -> None:
    """Time Reversal: each player draws seven after shuffling; a player whose hand,
    graveyard and library hold fewer than seven cards draws from an empty library and
    loses the next time state-based actions are checked (704.5b)."""
    g = setup_game(filler=None)
    for _ in range(20):
        put(g, 0, LIB, "Plains")
    for _ in range(3):
        put(g, 1, LIB, "Forest")
    put(g, 1, GY, "Shock")
    put(g, 1, HAND, "Shock")
    lands(g, 0, "Island", 5)
    tr = put(g, 0, HAND, "Time Reversal")
    start_at(g, "precombat_main")
    cast(g, tr)
    settle(g)
    assert len(g.players[1].hand) == 5 and g.players[1].lost
    assert g.winner == 0 and zone_of(g, tr) == EXILE


def _active_by_turn(g: Game) -> dict[int, int]:
    return {e.turn: e.data["player"] for e in g.log if e.kind == ev.STEP_BEGAN
            and e.data.get("step") == "upkeep"}


def test_cr_500_7_time_warp_most_recent_extra_turn_is_taken_first() -> None:
    """Time Warp: extra turns are added directly after this turn, one at a time (500.7) -
    Alice gives Bob an extra turn, then herself one: hers (the most recent) comes first,
    then Bob's extra turn, then his normal turn."""
    g = setup_game()
    lands(g, 0, "Island", 10)
    warps = [put(g, 0, HAND, "Time Warp") for _ in range(2)]
    start_at(g, "precombat_main")
    cast(g, warps[0], P1)
    settle(g)
    cast(g, warps[1], P0)
    settle(g)
    to_step(g, "upkeep", 5)
    turns = _active_by_turn(g)
    assert [turns[t] for t in (2, 3, 4, 5)] == [0, 1, 1, 0]


# ================================================================ Timely Reinforcements


def test_cr_608_2_timely_reinforcements_compares_as_it_resolves() -> None:
    """Timely Reinforcements (magicjudges rules tip, 2011): both comparisons are made as
    it resolves - Alice at 18 casts it, Bob (20) Shocks himself in response: no longer
    ahead, so Alice gains no life."""
    g = setup_game()
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Mountain", 1)
    g.players[0].life = 18
    tr = put(g, 0, HAND, "Timely Reinforcements")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, tr)
    g.apply(0, Pass())
    cast(g, shock, P1)
    settle(g)
    assert (life(g, 0), life(g, 1)) == (18, 18)


def test_cr_102_3_timely_reinforcements_each_condition_may_use_another_opponent() -> None:
    """Timely Reinforcements ruling (2011-09-22): in a multiplayer game each opponent is
    compared - less life than Bob and fewer creatures than Carol is enough for both
    bonuses, though no single opponent is ahead in both."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(variant="free_for_all"))
    lands(g, 0, "Plains", 3)
    g.players[0].life = 15
    g.players[1].life = 19
    g.players[2].life = 10
    put(g, 2, BF, "Grizzly Bears")
    tr = put(g, 0, HAND, "Timely Reinforcements")
    start_at(g, "precombat_main")
    cast(g, tr)
    settle(g)
    assert life(g, 0) == 21 and len(on_bf(g, "Soldier", 0)) == 3


def test_cr_810_9a_timely_reinforcements_two_headed_giant_team_life_own_creatures() -> None:
    """Timely Reinforcements ruling (2011-09-22): in Two-Headed Giant the team's life total
    is compared with the opposing team's, but only the creatures Alice controls count,
    not her teammate's - her team at 20 against 25, her teammate's three Bears don't stop
    the tokens (Alice 0 creatures, Bob 1)."""
    g = setup_game(("A", "B", "C", "D"), options=GameOptions(variant="two_headed_giant"))
    for p, total in ((0, 20), (2, 20), (1, 25), (3, 25)):
        g.players[p].life = total
    lands(g, 0, "Plains", 3)
    for _ in range(3):
        put(g, 2, BF, "Grizzly Bears")
    put(g, 1, BF, "Grizzly Bears")
    tr = put(g, 0, HAND, "Timely Reinforcements")
    start_at(g, "precombat_main")
    cast(g, tr)
    settle(g)
    assert [life(g, p) for p in range(4)] == [26, 25, 26, 25]
    assert len(on_bf(g, "Soldier", 0)) == 3


# ================================================================ Tome Scour, Traumatize


def test_cr_704_5b_tome_scour_short_library_is_emptied_without_losing() -> None:
    """Tome Scour: with fewer than five cards, the player puts all of them into the
    graveyard; an empty library isn't a loss by itself - only drawing from it is
    (704.5b), at Bob's next draw step."""
    g = setup_game(filler=None)
    for _ in range(10):
        put(g, 0, LIB, "Plains")
    for _ in range(3):
        put(g, 1, LIB, "Forest")
    put(g, 0, BF, "Island")
    scour = put(g, 0, HAND, "Tome Scour")
    start_at(g, "precombat_main")
    cast(g, scour, P1)
    settle(g)
    assert len(g.players[1].graveyard) == 3 and not g.players[1].library
    assert not g.players[1].lost
    to_step(g, "end")
    assert not g.players[1].lost
    advance(g, lambda x: x.players[1].lost)
    assert g.turn_number == 2 and g.winner == 0


def test_cr_107_1a_traumatize_half_of_one_card_rounds_down_to_none() -> None:
    """Traumatize: half of a one-card library, rounded down (107.1a), is zero cards."""
    g = setup_game(filler=None)
    put(g, 1, LIB, "Forest")
    lands(g, 0, "Island", 5)
    trauma = put(g, 0, HAND, "Traumatize")
    start_at(g, "precombat_main")
    cast(g, trauma, P1)
    settle(g)
    assert len(g.players[1].library) == 1 and not g.players[1].graveyard


# ================================================================ Triskelion


def test_cr_112_7a_triskelion_ability_resolves_after_it_died_from_its_cost() -> None:
    """Triskelion: removing a +1/+1 counter is a cost, paid at once (601.2h/602.2) - a
    4/4 Triskelion with 3 damage becomes a 3/3 and dies to state-based actions before its
    ability resolves; the ability exists independently of its source (112.7a) and the
    Triskelion, by its last known information (608.2g), still deals the 1 damage."""
    g = setup_game()
    tri = put(g, 0, BF, "Triskelion", counters={"+1/+1": 3}, damage=3)
    start_at(g, "precombat_main")
    assert pt(g, tri) == (4, 4)
    activate(g, tri, P1)
    assert zone_of(g, tri) == GY and len(g.stack) == 1
    settle(g)
    assert life(g, 1) == 19


# ================================================================ Trollhide


def test_cr_303_4e_trollhide_on_an_opponents_creature_its_controller_regenerates() -> None:
    """Trollhide: the regeneration ability is the creature's, so only the enchanted
    creature's controller can activate it, not the Aura's controller (303.4e, 602.2) -
    Alice's Trollhide on Bob's Grizzly Bears: Bob regenerates it, Alice can't."""
    g = setup_game()
    lands(g, 0, "Forest", 5)
    lands(g, 1, "Forest", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    hide = put(g, 0, HAND, "Trollhide")
    start_at(g, "precombat_main")
    cast(g, hide, bear)
    settle(g)
    assert pt(g, bear) == (4, 4)
    with pytest.raises(IllegalAction):
        activate(g, bear)
    g.apply(0, Pass())
    activate(g, bear)
    settle(g)
    assert any(e.rule.startswith("701.13") for e in g.log if e.turn == 1)


# ================================================================ Turn to Frog


def test_cr_613_3c_turn_to_frog_earlier_pump_still_applies() -> None:
    """Turn to Frog ruling (as Polymorphist's Jest's, 2014-07-18): effects that modify power
    and toughness apply whenever they began - Titanic Growth cast *before* Turn to Frog
    still makes the 1/1 Frog a 5/5 (7b sets the base, 7c then adds, 613.3)."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    lands(g, 0, "Forest", 2)
    serra = put(g, 1, BF, "Serra Angel")
    growth = put(g, 0, HAND, "Titanic Growth")
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, growth, serra)
    settle(g)
    assert pt(g, serra) == (8, 8)
    cast(g, frog, serra)
    settle(g)
    assert pt(g, serra) == (5, 5) and "flying" not in kws(g, serra)


def test_cr_613_3d_turn_to_frog_counters_still_count_ability_is_gone() -> None:
    """Turn to Frog ruling: counters that change power and toughness still apply (7d after
    7b) - a Triskelion with three +1/+1 counters is a 4/4 Frog, and it has lost its
    "remove a counter" ability (layer 6), so Bob can't activate it."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    tri = put(g, 1, BF, "Triskelion", counters={"+1/+1": 3})
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, frog, tri)
    settle(g)
    assert pt(g, tri) == (4, 4)
    g.apply(0, Pass())
    with pytest.raises(IllegalAction):
        activate(g, tri, P0)


def test_cr_613_3b_turn_to_frog_overrides_sutured_ghouls_defining_ability() -> None:
    """Turn to Frog ruling: it overwrites earlier effects setting base power and toughness;
    a characteristic-defining ability applies first of all (layer 7a, 613.3a) - Sutured
    Ghoul that exiled Serra Angel (4/4) becomes a 1/1 Frog (7b)."""
    g = setup_game()
    lands(g, 0, "Swamp", 7)
    lands(g, 0, "Island", 2)
    serra = put(g, 0, GY, "Serra Angel")
    ghoul = put(g, 0, HAND, "Sutured Ghoul")
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, ghoul)
    settle(g)
    answer(g, serra.id, kind="choose")
    settle(g)
    new = on_bf(g, "Sutured Ghoul")[0]
    assert pt(g, new) == (4, 4)
    cast(g, frog, new)
    settle(g)
    assert pt(g, new) == (1, 1) and "trample" not in kws(g, new)


def test_cr_613_6_turn_to_frog_later_ability_is_kept_earlier_one_lost() -> None:
    """Turn to Frog ruling: an ability the creature gains after Turn to Frog resolved is
    kept (layer 6, later timestamp, 613.6); one granted before is lost - Volcanic Strength
    attached before: +2/+2 stays (7c), mountainwalk goes; a second one attached after:
    mountainwalk is back."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    lands(g, 0, "Mountain", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    vs1 = put(g, 0, BF, "Volcanic Strength")
    vs1.attached_to = bear.id
    frog = put(g, 0, HAND, "Turn to Frog")
    vs2 = put(g, 0, HAND, "Volcanic Strength")
    start_at(g, "precombat_main")
    assert "mountainwalk" in kws(g, bear)
    cast(g, frog, bear)
    settle(g)
    assert pt(g, bear) == (3, 3) and "mountainwalk" not in kws(g, bear)
    cast(g, vs2, bear)
    settle(g)
    assert pt(g, bear) == (5, 5) and "mountainwalk" in kws(g, bear)


def test_cr_613_1d_turn_to_frog_keeps_card_types_loses_creature_types() -> None:
    """Turn to Frog ruling: the creature loses its other colours and creature types but
    keeps its other card types - Ornithopter becomes a blue 1/1 artifact creature - Frog
    without flying."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    thopter = put(g, 1, BF, "Ornithopter")
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, frog, thopter)
    settle(g)
    c = g.chars(g.obj(thopter.id))
    assert c.types == frozenset({"Artifact", "Creature"})
    assert c.subtypes == frozenset({"Frog"}) and c.colors == frozenset({"U"})
    assert (c.power, c.toughness) == (1, 1) and c.keywords == frozenset()


def test_cr_112_7a_turn_to_frog_doesnt_stop_a_triggered_ability() -> None:
    """Turn to Frog ruling: it doesn't counter abilities that already triggered - Bob turns
    the entering Stingerfling Spider into a Frog in response to its trigger; the trigger
    (independent of its source, 112.7a) still destroys the flyer."""
    g = setup_game()
    lands(g, 0, "Forest", 5)
    lands(g, 1, "Island", 2)
    serra = put(g, 1, BF, "Serra Angel")
    spider = put(g, 0, HAND, "Stingerfling Spider")
    frog = put(g, 1, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, spider)
    settle(g)
    answer(g, serra.id, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, frog, current(g, spider))
    settle(g)
    answer(g, "yes", kind="may")
    settle(g)
    assert zone_of(g, serra) == GY
    assert kws(g, current(g, spider)) == frozenset()


# ================================================================ Unsummon


def test_cr_704_5d_unsummon_token_ceases_to_exist() -> None:
    """Unsummon on a token: the token goes to its owner's hand, then ceases to exist when
    state-based actions are checked (704.5d, 110.5f) - it can't be cast later."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    lands(g, 1, "Island", 1)
    throne = put(g, 0, BF, "Throne of Empires")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    activate(g, throne)
    settle(g)
    soldier = on_bf(g, "Soldier", 0)[0]
    g.apply(0, Pass())
    cast(g, unsummon, soldier)
    settle(g)
    assert not on_bf(g, "Soldier") and not g.players[0].hand
    assert any(e.rule == "704.5d" for e in g.log)


# ================================================================ Vengeful Archon


def test_cr_615_7_vengeful_archon_shield_spans_several_damage_events() -> None:
    """Vengeful Archon ruling (2010-08-15): the shield isn't tied to a source or to one
    event - with X = 4, Shock's 2 damage is prevented, then 2 of Lightning Bolt's 3; each
    time the Archon deals the prevented amount to the target player (615.7)."""
    g = setup_game()
    archon = put(g, 0, BF, "Vengeful Archon")
    lands(g, 0, "Plains", 4)
    lands(g, 1, "Mountain", 2)
    shock = put(g, 1, HAND, "Shock")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main", active=1)
    g.apply(1, Pass())
    activate(g, archon, P1, x=4)
    settle(g)
    cast(g, shock, P0)
    settle(g)
    assert (life(g, 0), life(g, 1)) == (20, 18)
    cast(g, bolt, P0)
    settle(g)
    assert (life(g, 0), life(g, 1)) == (19, 16)


def test_cr_615_7_vengeful_archon_deals_new_noncombat_damage_itself() -> None:
    """Vengeful Archon ruling (2010-08-15): it isn't a redirection - the Archon deals the
    new damage, so the prevented source's lifelink doesn't apply (Vampire Outcasts'
    controller gains nothing) and the new damage isn't combat damage."""
    g = setup_game()
    archon = put(g, 0, BF, "Vengeful Archon")
    lands(g, 0, "Plains", 2)
    outcasts = put(g, 1, BF, "Vampire Outcasts")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, outcasts, target=P0)
    to_decision(g, "declare_blockers")
    g.apply(0, DeclareBlockers(()))
    assert g.decision.kind == "priority" and g.decision.player == 1
    g.apply(1, Pass())
    activate(g, archon, P1, x=2)
    settle(g)
    to_step(g, "end_of_combat")
    assert (life(g, 0), life(g, 1)) == (20, 18)
    dmg = [e for e in g.log if e.kind == ev.DAMAGE]
    assert len(dmg) == 1 and g.objects[dmg[0].data["source"]].name == "Vengeful Archon"
    assert not dmg[0].data.get("combat")


def test_cr_615_7_vengeful_archon_controller_chooses_which_damage_to_prevent() -> None:
    """Vengeful Archon ruling (2010-08-15): if you'd be dealt combat damage by several
    attackers at once, you choose which of that damage the shield prevents (615.7) - Bob
    attacks with Grizzly Bears and the lifelinked Vampire Outcasts, Alice (X = 2) prevents
    the Outcasts' damage: Bob gains no life and takes 2 from the Archon."""
    g = setup_game()
    archon = put(g, 0, BF, "Vengeful Archon")
    lands(g, 0, "Plains", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    outcasts = put(g, 1, BF, "Vampire Outcasts")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, bear, outcasts, target=P0)
    to_decision(g, "declare_blockers")
    g.apply(0, DeclareBlockers(()))
    g.apply(1, Pass())
    activate(g, archon, P1, x=2)
    settle(g)
    advance(g, lambda x: x.decision is not None and x.decision.kind != "priority"
            or x.step.name == "end_of_combat")
    d = g.decision
    assert d.kind == "shield_order" and d.player == 0
    labels = dict(zip(d.options, d.labels, strict=True))
    answer(g, *sorted(d.options, key=lambda k: labels[k] != "Vampire Outcasts"))
    to_step(g, "end_of_combat")
    assert (life(g, 0), life(g, 1)) == (18, 18)


def test_cr_608_2g_vengeful_archon_shield_outlives_the_archon() -> None:
    """Vengeful Archon: the shield is an effect of the resolved ability (112.7a); if the
    Archon has left the battlefield when damage is prevented, it still deals the damage,
    by its last known information (608.2g)."""
    g = setup_game()
    archon = put(g, 0, BF, "Vengeful Archon")
    lands(g, 0, "Plains", 2)
    lands(g, 1, "Swamp", 2)
    lands(g, 1, "Mountain", 1)
    blade = put(g, 1, HAND, "Doom Blade")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main", active=1)
    g.apply(1, Pass())
    activate(g, archon, P1, x=2)
    settle(g)
    cast(g, blade, archon)
    settle(g)
    assert zone_of(g, archon) == GY
    cast(g, shock, P0)
    settle(g)
    assert (life(g, 0), life(g, 1)) == (20, 18)


# ================================================================ Vengeful Pharaoh


def _pharaoh_trigger(g: Game, attacker: GameObject) -> GameObject:
    """Bob's ``attacker`` hits Alice; the Pharaoh in her graveyard triggers, targeting it."""
    ph = put(g, 0, GY, "Vengeful Pharaoh")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, attacker, target=P0)
    to_decision(g, "choose_targets")
    answer(g, attacker.id)
    return ph


def test_cr_608_2b_vengeful_pharaoh_illegal_target_stays_in_graveyard() -> None:
    """Vengeful Pharaoh ruling: if the attacking creature is an illegal target as the
    ability resolves, the ability doesn't resolve (608.2b) and the Pharaoh isn't put on
    top of the library - Bob returns his attacker with Unsummon in response."""
    g = setup_game()
    put(g, 1, BF, "Island")
    bear = put(g, 1, BF, "Grizzly Bears")
    unsummon = put(g, 1, HAND, "Unsummon")
    ph = _pharaoh_trigger(g, bear)
    assert g.decision.player == 1  # the active player gets priority first
    cast(g, unsummon, bear)
    settle(g)
    assert zone_of(g, bear) == HAND and zone_of(g, ph) == GY


def test_cr_701_13_vengeful_pharaoh_goes_on_top_even_if_nothing_is_destroyed() -> None:
    """Vengeful Pharaoh ruling: if the target isn't destroyed (it regenerates), the rest of
    the ability still happens - the Pharaoh is put on top of Alice's library."""
    g = setup_game()
    lands(g, 1, "Forest", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    hide = put(g, 1, BF, "Trollhide")
    hide.attached_to = bear.id
    ph = _pharaoh_trigger(g, bear)
    assert g.decision.player == 1
    activate(g, bear)
    settle(g)
    assert zone_of(g, bear) == BF and g.obj(bear.id).tapped
    assert zone_of(g, ph) == LIB and g.players[0].library[-1] == current(g, ph).id


# ================================================================ Visions of Beyond


def _visions(mine: int, theirs: int) -> Game:
    g = setup_game()
    put(g, 0, BF, "Island")
    for _ in range(mine):
        put(g, 0, GY, "Plains")
    for _ in range(theirs):
        put(g, 1, GY, "Forest")
    visions = put(g, 0, HAND, "Visions of Beyond")
    start_at(g, "precombat_main")
    cast(g, visions)
    settle(g)
    return g


def test_cr_608_2_visions_of_beyond_graveyards_are_counted_one_by_one() -> None:
    """Visions of Beyond ruling: it checks each graveyard on its own - ten cards in each
    of two graveyards don't add up to twenty: draw one card."""
    g = _visions(10, 10)
    assert len(g.players[0].hand) == 1


def test_cr_608_2k_visions_of_beyond_doesnt_count_itself() -> None:
    """Visions of Beyond: it is put into the graveyard only as the last step of its
    resolution (608.2k), so nineteen cards in Alice's graveyard plus Visions itself aren't
    twenty when it checks - she draws one card."""
    g = _visions(19, 0)
    assert len(g.players[0].hand) == 1 and len(g.players[0].graveyard) == 20


# ================================================================ War Elemental


def test_cr_603_4_war_elemental_condition_read_on_resolution() -> None:
    """War Elemental: "sacrifice it unless an opponent was dealt damage this turn" isn't an
    intervening "if" (603.4): the trigger always goes on the stack and the condition is
    read as it resolves - Alice Shocks Bob in response and keeps the Elemental, which also
    gets two +1/+1 counters from its other ability."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    we = put(g, 0, HAND, "War Elemental")
    shock = put(g, 0, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, we)
    g.apply(0, Pass())
    g.apply(1, Pass())  # War Elemental resolves; its enters trigger goes on the stack
    assert len(g.stack) == 1 and g.decision.player == 0
    cast(g, shock, P1)
    settle(g)
    elemental = on_bf(g, "War Elemental")
    assert len(elemental) == 1 and pt(g, elemental[0]) == (3, 3)


# ================================================================ War Priest of Thune


def test_cr_603_5_war_priest_of_thune_must_target_but_may_decline() -> None:
    """War Priest of Thune: "you may destroy target enchantment" - the target is chosen
    when the trigger goes on the stack, even if the only enchantment is Alice's own
    (603.3d); "may" is chosen as it resolves (603.5), and she declines."""
    g = setup_game()
    lands(g, 0, "Plains", 2)
    mantra = put(g, 0, BF, "Ajani's Mantra")
    priest = put(g, 0, HAND, "War Priest of Thune")
    start_at(g, "precombat_main")
    cast(g, priest)
    settle(g)
    assert g.decision.kind == "choose_targets" and g.decision.options == (mantra.id,)
    answer(g, mantra.id)
    settle(g)
    answer(g, "no", kind="may")
    settle(g)
    assert zone_of(g, mantra) == BF


# ================================================================ Warstorm Surge


def _surge(creature: str, mana: str = "Swamp", n: int = 4) -> tuple[Game, GameObject]:
    """Alice, with Warstorm Surge, casts ``creature`` and lets it resolve."""
    g = setup_game()
    put(g, 0, BF, "Warstorm Surge")
    lands(g, 0, mana, n)
    card = put(g, 0, HAND, creature)
    start_at(g, "precombat_main")
    cast(g, card)
    settle(g)
    return g, card


def test_cr_608_2g_warstorm_surge_uses_last_known_power_if_the_creature_left() -> None:
    """Warstorm Surge ruling (as Pandemonium's): the power is read as the ability
    resolves; if the creature has left the battlefield, its last known power is used
    (608.2g) - Bob kills the entering Grizzly Bears in response, and still takes 2."""
    g = setup_game()
    put(g, 0, BF, "Warstorm Surge")
    lands(g, 0, "Forest", 2)
    lands(g, 1, "Mountain", 1)
    bear = put(g, 0, HAND, "Grizzly Bears")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, bear)
    settle(g)
    answer(g, P1, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, shock, current(g, bear))
    settle(g)
    assert zone_of(g, bear) == GY
    assert life(g, 1) == 18


def test_cr_702_15b_warstorm_surge_creature_is_the_source_lifelink() -> None:
    """Warstorm Surge ruling: the creature that entered deals the damage, not Warstorm
    Surge - Vampire Outcasts' lifelink applies to it (702.15b)."""
    g, _ = _surge("Vampire Outcasts")
    answer(g, P1, kind="choose_targets")
    settle(g)
    assert (life(g, 0), life(g, 1)) == (22, 18)


def test_cr_702_89b_warstorm_surge_creature_is_the_source_infect() -> None:
    """Warstorm Surge ruling: the entering creature is the source - Tel-Jilad Fallen's
    infect turns its 3 damage to Bob into three poison counters (702.89b), not life loss."""
    g, _ = _surge("Tel-Jilad Fallen", "Forest")
    answer(g, P1, kind="choose_targets")
    settle(g)
    assert life(g, 1) == 20 and g.players[1].poison == 3


def test_cr_702_16_warstorm_surge_protection_from_the_creatures_colour() -> None:
    """Warstorm Surge: the ability's source is the red enchantment, so White Knight
    (protection from black) can be its target; but the black Vampire Outcasts deals the
    damage, and protection prevents it (702.16b targets, 702.16e damage)."""
    g = setup_game()
    put(g, 0, BF, "Warstorm Surge")
    lands(g, 0, "Swamp", 4)
    knight = put(g, 1, BF, "White Knight")
    outcasts = put(g, 0, HAND, "Vampire Outcasts")
    start_at(g, "precombat_main")
    cast(g, outcasts)
    settle(g)
    assert g.decision.kind == "choose_targets" and knight.id in g.decision.options
    answer(g, knight.id)
    settle(g)
    assert g.obj(knight.id).damage == 0 and life(g, 0) == 20


# ================================================================ Wild Evocation


def test_cr_305_4_wild_evocation_land_put_onto_the_battlefield_isnt_the_land_play() -> None:
    """Wild Evocation: a revealed land card is put onto the battlefield, which isn't
    playing a land (305.4) - Alice can still play a land that turn."""
    g = setup_game()
    put(g, 0, BF, "Wild Evocation")
    forest = put(g, 0, HAND, "Forest")
    start_at(g, "upkeep")
    settle(g)
    assert zone_of(g, forest) == BF
    to_step(g, "precombat_main", 1)
    drawn = g.objects[g.players[0].hand[0]]
    assert drawn.name == "Plains"  # the draw step's card
    g.apply(0, PlayLand(drawn.id))
    assert zone_of(g, drawn) == BF and len(on_bf(g, "Plains", 0)) == 1


# ================================================================ Worldslayer


def test_cr_702_12b_worldslayer_indestructible_permanents_survive() -> None:
    """Worldslayer: "destroy" doesn't touch indestructible permanents (702.12b) -
    Bob's Darksteel Myr survives, while every other permanent but Worldslayer, lands and
    the equipped creature included, is destroyed."""
    g = setup_game()
    ws = put(g, 0, BF, "Worldslayer")
    bear = put(g, 0, BF, "Grizzly Bears")
    ws.attached_to = bear.id
    put(g, 1, BF, "Forest")
    myr = put(g, 1, BF, "Darksteel Myr")
    start_at(g, "declare_attackers")
    attack(g, bear)
    to_decision(g, "declare_blockers")
    block(g)
    to_step(g, "end_of_combat")
    assert sorted(o.name for o in g.permanents()) == ["Darksteel Myr", "Worldslayer"]
    assert zone_of(g, myr) == BF and life(g, 1) == 18


# ================================================================ Worship


def test_cr_704_5a_worship_doesnt_stop_loss_of_life_that_isnt_damage() -> None:
    """Worship: it only changes what damage does; losing life some other way still
    takes the player below 1 - Bob at 1 life with Worship and a creature loses to Sign in
    Blood's "loses 2 life" (704.5a), though Shock before it left him at 1."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Swamp", 2)
    put(g, 1, BF, "Worship")
    put(g, 1, BF, "Grizzly Bears")
    g.players[1].life = 2
    shock = put(g, 0, HAND, "Shock")
    sign = put(g, 0, HAND, "Sign in Blood")
    start_at(g, "precombat_main")
    cast(g, shock, P1)
    settle(g)
    assert life(g, 1) == 1 and not g.players[1].lost
    cast(g, sign, P1)
    settle(g)
    assert g.players[1].lost and g.winner == 0


def test_cr_119_4b_worship_damage_is_still_dealt_in_full_lifelink() -> None:
    """Worship: it doesn't prevent damage, it changes its result (119.4b) - Bob at 3 is
    left at 1 by Grizzly Bears and Vampire Outcasts, but all 4 damage is dealt, so the
    Outcasts' lifelink still gains Alice 2 life."""
    g = setup_game()
    put(g, 1, BF, "Worship")
    put(g, 1, BF, "Wall of Wood")
    bear = put(g, 0, BF, "Grizzly Bears")
    outcasts = put(g, 0, BF, "Vampire Outcasts")
    g.players[1].life = 3
    start_at(g, "declare_attackers")
    attack(g, bear, outcasts)
    to_decision(g, "declare_blockers")
    block(g)
    to_step(g, "end_of_combat")
    assert (life(g, 0), life(g, 1)) == (22, 1) and not g.players[1].lost

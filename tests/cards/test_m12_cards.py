"""Magic 2012 cards (src/manastack/cards/sets/m12.py): each card's defining behaviour in a
real game position, following its current Oracle text."""

from __future__ import annotations

from typing import Any

import pytest
from cardplay import (
    advance,
    answer,
    attack,
    block,
    cast,
    graveyard,
    hand,
    kws,
    lands,
    names,
    on_bf,
    pt,
    settle,
    to_blockers,
    to_step,
)

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    AssignDamage,
    Cast,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef, Zone

import testcards  # noqa: F401

BF = Zone.BATTLEFIELD
P0, P1 = PlayerRef(0), PlayerRef(1)


# ---------------------------------------------------------------- helpers


def new_game(filler: str | None = "Plains") -> Game:
    return setup_game(filler=filler)


# ================================================================ WHITE


def test_aegis_angel_grants_indestructible_while_controlled() -> None:
    """Aegis Angel: the target stays indestructible (CR 702.12b) only for as long as Aegis
    Angel's controller controls it (CR 611.2b)."""
    g = new_game()
    lands(g, 0, "Plains", 6)
    lands(g, 1, "Swamp", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    angel = put(g, 0, Zone.HAND, "Aegis Angel")
    blade = put(g, 1, Zone.HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, angel)
    settle(g)
    answer(g, bear.id, kind="choose_targets")
    settle(g)
    assert "indestructible" in kws(g, bear)
    g.apply(0, Pass())
    cast(g, blade, bear.id)
    settle(g)
    assert on_bf(g, "Grizzly Bears")  # indestructible: not destroyed
    aegis = on_bf(g, "Aegis Angel")[0]
    unsummon = put(g, 0, Zone.HAND, "Unsummon")
    put(g, 0, BF, "Island")
    assert g.decision.player == 0
    cast(g, unsummon, aegis.id)
    settle(g)
    assert "indestructible" not in kws(g, bear)


def test_aegis_angel_targets_another_permanent_only() -> None:
    """Aegis Angel: "another target permanent" - the Angel can't target itself (CR 114)."""
    g = new_game()
    lands(g, 0, "Plains", 6)
    angel = put(g, 0, Zone.HAND, "Aegis Angel")
    start_at(g, "precombat_main")
    cast(g, angel)
    settle(g)
    # No other permanent than lands: lands are permanents, the Angel isn't an option.
    assert g.decision.kind == "choose_targets"
    aegis = on_bf(g, "Aegis Angel")[0]
    assert aegis.id not in g.decision.options


def test_alabaster_mage_grants_lifelink() -> None:
    """Alabaster Mage: {1}{W}: target creature you control gains lifelink until end of turn
    (CR 702.15b: its combat damage makes you gain that much life)."""
    g = new_game()
    lands(g, 0, "Plains", 2)
    mage = put(g, 0, BF, "Alabaster Mage")
    bear = put(g, 0, BF, "Grizzly Bears")
    theirs = put(g, 1, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        g.apply(0, Activate(mage.id, 0, (theirs.id,)))  # not a creature you control
    g.apply(0, Activate(mage.id, 0, (bear.id,)))
    settle(g)
    assert "lifelink" in kws(g, bear) and "lifelink" not in kws(g, mage)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_step(g, "end_of_combat")
    assert g.players[1].life == 18 and g.players[0].life == 22
    to_step(g, "upkeep", 2)
    assert "lifelink" not in kws(g, bear)


def test_angels_mercy_gains_seven_life() -> None:
    """Angel's Mercy: you gain 7 life."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    mercy = put(g, 0, Zone.HAND, "Angel's Mercy")
    start_at(g, "upkeep")
    cast(g, mercy)
    settle(g)
    assert g.players[0].life == 27 and graveyard(g, 0) == ["Angel's Mercy"]


def test_angelic_destiny_bonus_and_returns_when_creature_dies() -> None:
    """Angelic Destiny: +4/+4, flying, first strike, Angel type (layers 4, 6, 7c); when the
    enchanted creature dies the Aura returns to its owner's hand (CR 603.10a look-back)."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    lands(g, 1, "Swamp", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    destiny = put(g, 0, Zone.HAND, "Angelic Destiny")
    blade = put(g, 1, Zone.HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, destiny, bear.id)
    settle(g)
    c = g.chars(g.obj(bear.id))
    assert (c.power, c.toughness) == (6, 6)
    assert {"flying", "first strike"} <= c.keywords and {"Angel", "Bear"} <= c.subtypes
    g.apply(0, Pass())
    cast(g, blade, bear.id)
    settle(g)
    assert "Grizzly Bears" in graveyard(g, 0)
    assert hand(g, 0) == ["Angelic Destiny"]
    assert "Angelic Destiny" not in graveyard(g, 0)


def test_angelic_destiny_does_not_return_if_aura_alone_leaves() -> None:
    """Angelic Destiny: destroying only the Aura doesn't trigger it (the creature didn't
    die)."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    lands(g, 1, "Forest", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    destiny = put(g, 0, Zone.HAND, "Angelic Destiny")
    nat = put(g, 1, Zone.HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, destiny, bear.id)
    settle(g)
    aura = on_bf(g, "Angelic Destiny")[0]
    g.apply(0, Pass())
    cast(g, nat, aura.id)
    settle(g)
    assert graveyard(g, 0) == ["Angelic Destiny"] and hand(g, 0) == []
    assert pt(g, bear) == (2, 2)


def test_arbalest_elite_shoots_attacker_and_stays_tapped() -> None:
    """Arbalest Elite: 3 damage to an attacking creature; it doesn't untap during its
    controller's next untap step (CR 502.2) but untaps normally the turn after."""
    g = new_game()
    lands(g, 1, "Plains", 3)
    elite = put(g, 1, BF, "Arbalest Elite")
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Runeclaw Bear")
    start_at(g, "declare_attackers", turn=1, active=0)
    attack(g, bear)
    g.apply(0, Pass())
    g.apply(1, Activate(elite.id, 0, (bear.id,)))
    settle(g)
    assert "Grizzly Bears" in graveyard(g, 0)
    assert g.obj(elite.id).tapped
    to_step(g, "upkeep", 2)
    assert g.active_player == 1 and g.obj(elite.id).tapped
    assert any(e.rule == "502.2" and "doesn't untap" in e.text for e in g.log)
    to_step(g, "upkeep", 4)
    assert not g.obj(elite.id).tapped


def test_archon_of_justice_exiles_when_it_dies() -> None:
    """Archon of Justice: when it dies (CR 700.4), exile target permanent."""
    g = new_game()
    lands(g, 1, "Swamp", 2)
    archon = put(g, 0, BF, "Archon of Justice")
    knight = put(g, 1, BF, "Grizzly Bears")
    blade = put(g, 1, Zone.HAND, "Doom Blade")
    start_at(g, "precombat_main", active=1)
    cast(g, blade, archon.id)
    settle(g)
    answer(g, knight.id, kind="choose_targets")
    settle(g)
    assert names(g, g.exile) == ["Grizzly Bears"]


def test_benalish_veteran_pumps_when_attacking() -> None:
    """Benalish Veteran: whenever it attacks it gets +1/+1 until end of turn."""
    g = new_game()
    vet = put(g, 0, BF, "Benalish Veteran")
    start_at(g, "declare_attackers")
    attack(g, vet)
    settle(g)
    assert pt(g, vet) == (3, 3)
    to_step(g, "end")
    assert g.players[1].life == 17
    to_step(g, "upkeep", 2)
    assert pt(g, vet) == (2, 2)


def test_demystify_destroys_enchantment_only() -> None:
    """Demystify: destroy target enchantment (not a creature)."""
    g = new_game()
    put(g, 0, BF, "Plains")
    ring = put(g, 1, BF, "Levitation")
    bear = put(g, 1, BF, "Grizzly Bears")
    dem = put(g, 0, Zone.HAND, "Demystify")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        cast(g, dem, bear.id)
    cast(g, dem, ring.id)
    settle(g)
    assert graveyard(g, 1) == ["Levitation"]


def test_divine_favor_gains_life_and_boosts() -> None:
    """Divine Favor: when it enters you gain 3 life; enchanted creature gets +1/+3."""
    g = new_game()
    lands(g, 0, "Plains", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    favor = put(g, 0, Zone.HAND, "Divine Favor")
    start_at(g, "precombat_main")
    cast(g, favor, bear.id)  # may enchant an opponent's creature
    settle(g)
    assert pt(g, bear) == (3, 5) and g.players[0].life == 23


def test_gideons_avenger_grows_when_opponent_creature_taps() -> None:
    """Gideon's Avenger: a +1/+1 counter whenever a creature an opponent controls becomes
    tapped (here by Gideon's Lawkeeper and by paying a {T} cost)."""
    g = new_game()
    lands(g, 0, "Plains", 1)
    avenger = put(g, 0, BF, "Gideon's Avenger")
    keeper = put(g, 0, BF, "Gideon's Lawkeeper")
    elf = put(g, 1, BF, "Llanowar Elves")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Activate(keeper.id, 0, (bear.id,)))
    settle(g)
    assert g.obj(bear.id).tapped and g.obj(avenger.id).counters.get("+1/+1") == 1
    assert not g.obj(keeper.id).counters  # own creature tapping doesn't count
    g.apply(0, Pass())
    g.apply(1, Activate(elf.id, 0))  # Elves tap for mana
    g.apply(1, Pass())
    settle(g)
    assert g.obj(avenger.id).counters.get("+1/+1") == 2


def test_gideons_avenger_sees_attacking_creatures_become_tapped() -> None:
    """Gideon's Avenger: an opponent's creature tapped by attacking (CR 508.1f) also
    becomes tapped, so the Avenger gets a counter."""
    g = new_game()
    avenger = put(g, 1, BF, "Gideon's Avenger")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, bear)
    settle(g)
    assert g.obj(avenger.id).counters.get("+1/+1") == 1


def test_gideons_lawkeeper_taps_target_creature() -> None:
    """Gideon's Lawkeeper: {W}, {T}: tap target creature (a potential attacker can then
    no longer attack, CR 508.1a)."""
    g = new_game()
    put(g, 1, BF, "Plains")
    keeper = put(g, 1, BF, "Gideon's Lawkeeper")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    g.apply(0, Pass())
    g.apply(1, Activate(keeper.id, 0, (bear.id,)))
    settle(g)
    assert g.obj(bear.id).tapped and g.obj(keeper.id).tapped
    to_step(g, "end")
    assert not any(e.kind == ev.ATTACKS for e in g.log)


def test_griffin_rider_needs_a_griffin() -> None:
    """Griffin Rider: +3/+3 and flying only as long as you control a Griffin creature."""
    g = new_game()
    put(g, 0, BF, "Mountain")
    rider = put(g, 0, BF, "Griffin Rider")
    put(g, 1, BF, "Assault Griffin")  # an opponent's Griffin doesn't count
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    assert pt(g, rider) == (1, 1) and "flying" not in kws(g, rider)
    griffin = put(g, 0, BF, "Assault Griffin")
    assert pt(g, rider) == (4, 4) and "flying" in kws(g, rider)
    cast(g, bolt, griffin.id)
    settle(g)
    assert pt(g, rider) == (1, 1) and "flying" not in kws(g, rider)


def test_guardians_pledge_pumps_white_creatures_you_control() -> None:
    """Guardians' Pledge: white creatures you control get +2/+2 until end of turn (the set
    is locked in on resolution, CR 611.2c)."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    knight = put(g, 0, BF, "Elite Vanguard")
    bear = put(g, 0, BF, "Grizzly Bears")
    their = put(g, 1, BF, "Elite Vanguard")
    pledge = put(g, 0, Zone.HAND, "Guardians' Pledge")
    start_at(g, "precombat_main")
    cast(g, pledge)
    settle(g)
    assert pt(g, knight) == (4, 3) and pt(g, bear) == (2, 2) and pt(g, their) == (2, 1)
    late = put(g, 0, BF, "Elite Vanguard")
    assert pt(g, late) == (2, 1)


def test_mesa_enchantress_draws_on_enchantment_spells() -> None:
    """Mesa Enchantress: whenever you cast an enchantment spell, you may draw a card
    (CR 601.2i: "cast" triggers)."""
    g = new_game()
    lands(g, 0, "Forest", 4)
    put(g, 0, BF, "Mesa Enchantress")
    bear = put(g, 0, BF, "Grizzly Bears")
    lure = put(g, 0, Zone.HAND, "Lure")
    growth = put(g, 0, Zone.HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, growth, bear.id)
    settle(g)
    assert len(g.players[0].hand) == 1
    cast(g, lure, bear.id)
    settle(g)
    answer(g, "yes", kind="may")
    assert len(g.players[0].hand) == 1 and len(g.stack) == 1  # drew; Lure still on stack


def test_oblivion_ring_exiles_and_returns() -> None:
    """Oblivion Ring: exiles another nonland permanent; when it leaves, the card returns
    under its owner's control (a new object, CR 400.7)."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Forest", 2)
    serra = put(g, 1, BF, "Serra Angel")
    ring = put(g, 0, Zone.HAND, "Oblivion Ring")
    nat = put(g, 1, Zone.HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, ring)
    settle(g)
    opts = g.decision.options
    assert serra.id in opts and not any(g.obj(o).name in ("Plains", "Forest") for o in opts)
    answer(g, serra.id, kind="choose_targets")
    settle(g)
    assert names(g, g.exile) == ["Serra Angel"]
    g.apply(0, Pass())
    cast(g, nat, on_bf(g, "Oblivion Ring")[0].id)
    settle(g)
    back = on_bf(g, "Serra Angel")
    assert back and g.controller(back[0]) == 1 and not g.exile


def test_oblivion_ring_leaving_before_etb_resolves_exiles_forever() -> None:
    """Oblivion Ring: if it leaves before its enters ability resolves, the leaves ability
    resolves first with nothing to return, then the exile is permanent."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Forest", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    ring = put(g, 0, Zone.HAND, "Oblivion Ring")
    nat = put(g, 1, Zone.HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, ring)
    settle(g)
    answer(g, bear.id)
    g.apply(0, Pass())
    cast(g, nat, on_bf(g, "Oblivion Ring")[0].id)
    settle(g)
    assert names(g, g.exile) == ["Grizzly Bears"] and not on_bf(g, "Grizzly Bears")


def test_personal_sanctuary_prevents_damage_on_your_turn_only() -> None:
    """Personal Sanctuary: during your turn, all damage to you is prevented (CR 615)."""
    g = new_game()
    lands(g, 1, "Mountain", 2)
    put(g, 0, BF, "Personal Sanctuary")
    b1 = put(g, 1, Zone.HAND, "Lightning Bolt")
    b2 = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "upkeep", turn=1, active=0)
    g.apply(0, Pass())
    cast(g, b1, P0)
    settle(g)
    assert g.players[0].life == 20
    to_step(g, "upkeep", 2)
    cast(g, b2, P0)
    settle(g)
    assert g.players[0].life == 18


def test_pride_guardian_gains_life_when_blocking() -> None:
    """Pride Guardian: whenever it blocks, you gain 3 life (defender can still block)."""
    g = new_game()
    guard = put(g, 1, BF, "Pride Guardian")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    block(g, (guard, bear))
    settle(g)
    assert g.players[1].life == 23


def test_spirit_mantle_protection_from_creatures() -> None:
    """Spirit Mantle: +1/+1 and protection from creatures: can't be blocked by creatures
    (CR 702.16f)."""
    g = new_game()
    lands(g, 0, "Plains", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Pride Guardian")
    mantle = put(g, 0, Zone.HAND, "Spirit Mantle")
    start_at(g, "precombat_main")
    cast(g, mantle, bear.id)
    settle(g)
    assert pt(g, bear) == (3, 3) and "protection from creatures" in kws(g, bear)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="702.16f|protection"):
        block(g, (wall, bear))


def test_stave_off_protection_from_chosen_color() -> None:
    """Stave Off: target creature gains protection from the color of your choice, so a
    red spell targeting it is countered on resolution (CR 608.2b)."""
    g = new_game()
    put(g, 1, BF, "Plains")
    lands(g, 0, "Mountain", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    stave = put(g, 1, Zone.HAND, "Stave Off")
    start_at(g, "precombat_main")
    cast(g, bolt, bear.id)
    g.apply(0, Pass())
    cast(g, stave, bear.id)
    g.apply(1, Pass())
    g.apply(0, Pass())
    answer(g, "red")
    settle(g)
    assert on_bf(g, "Grizzly Bears") and "protection from red" in kws(g, bear)
    assert any(e.kind == ev.COUNTERED and e.rule == "608.2b" for e in g.log)


def test_stonehorn_dignitary_skips_opponents_next_combat() -> None:
    """Stonehorn Dignitary: target opponent skips their next combat phase (CR 500.10)."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    dig = put(g, 0, Zone.HAND, "Stonehorn Dignitary")
    start_at(g, "precombat_main")
    cast(g, dig)
    settle(g)
    answer(g, P1, kind="choose_targets")
    settle(g)
    to_step(g, "end", 2)
    combat_steps = [e for e in g.log if e.turn == 2 and e.kind == ev.STEP_BEGAN
                    and e.data.get("phase") == "combat"]
    assert not combat_steps
    assert any(e.rule == "500.10" and "combat" in e.text for e in g.log)


def test_timely_reinforcements_both_conditions() -> None:
    """Timely Reinforcements: 6 life if you have less life than an opponent, three 1/1
    Soldiers if you control fewer creatures."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    put(g, 1, BF, "Grizzly Bears")
    tr = put(g, 0, Zone.HAND, "Timely Reinforcements")
    g.players[0].life = 10
    start_at(g, "precombat_main")
    cast(g, tr)
    settle(g)
    assert g.players[0].life == 16
    soldiers = on_bf(g, "Soldier", 0)
    assert len(soldiers) == 3 and pt(g, soldiers[0]) == (1, 1)


def test_timely_reinforcements_nothing_when_ahead() -> None:
    """Timely Reinforcements: with more life and as many creatures, nothing happens."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    tr = put(g, 0, Zone.HAND, "Timely Reinforcements")
    start_at(g, "precombat_main")
    cast(g, tr)
    settle(g)
    assert g.players[0].life == 20 and not on_bf(g, "Soldier")


# ================================================================ BLUE


def test_azure_mage_draws() -> None:
    """Azure Mage: {3}{U}: draw a card."""
    g = new_game()
    lands(g, 0, "Island", 4)
    mage = put(g, 0, BF, "Azure Mage")
    start_at(g, "precombat_main")
    g.apply(0, Activate(mage.id, 0))
    settle(g)
    assert len(g.players[0].hand) == 1 and all(o.tapped for o in on_bf(g, "Island"))


def test_belltower_sphinx_mills_damage_source_controller() -> None:
    """Belltower Sphinx: whenever a source deals damage to it, that source's controller
    mills that many cards."""
    g = new_game()
    lands(g, 1, "Mountain", 1)
    sphinx = put(g, 0, BF, "Belltower Sphinx")
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", active=1)
    cast(g, bolt, sphinx.id)
    settle(g)
    assert on_bf(g, "Belltower Sphinx")
    assert graveyard(g, 1) == ["Lightning Bolt", "Plains", "Plains", "Plains"]
    assert len(g.players[1].library) == 37 and len(g.players[0].library) == 40


def test_chasm_drake_gives_flying_when_attacking() -> None:
    """Chasm Drake: whenever it attacks, target creature you control gains flying until
    end of turn."""
    g = new_game()
    drake = put(g, 0, BF, "Chasm Drake")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, drake, bear)
    answer(g, bear.id, kind="choose_targets")
    settle(g)
    assert "flying" in kws(g, bear)


def test_flight_grants_flying() -> None:
    """Flight: enchanted creature has flying; a non-flyer can't block it (CR 702.9b)."""
    g = new_game()
    put(g, 0, BF, "Island")
    bear = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Runeclaw Bear")
    flight = put(g, 0, Zone.HAND, "Flight")
    start_at(g, "precombat_main")
    cast(g, flight, bear.id)
    settle(g)
    assert "flying" in kws(g, bear)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="702.9b"):
        block(g, (wall, bear))


def test_frost_breath_taps_and_skips_one_untap() -> None:
    """Frost Breath: up to two target creatures are tapped and don't untap during their
    controller's next untap step (CR 502.2), but untap the turn after."""
    g = new_game()
    lands(g, 0, "Island", 3)
    a = put(g, 1, BF, "Grizzly Bears")
    b = put(g, 1, BF, "Runeclaw Bear")
    fb = put(g, 0, Zone.HAND, "Frost Breath")
    start_at(g, "precombat_main")
    cast(g, fb, a.id, b.id)
    settle(g)
    assert g.obj(a.id).tapped and g.obj(b.id).tapped
    to_step(g, "upkeep", 2)
    assert g.obj(a.id).tapped and g.obj(b.id).tapped
    to_step(g, "upkeep", 4)
    assert not g.obj(a.id).tapped and not g.obj(b.id).tapped


def test_frost_breath_may_have_no_target() -> None:
    """Frost Breath: "up to two" targets - zero is allowed (CR 601.2c)."""
    g = new_game()
    lands(g, 0, "Island", 3)
    fb = put(g, 0, Zone.HAND, "Frost Breath")
    start_at(g, "precombat_main")
    cast(g, fb)
    settle(g)
    assert graveyard(g, 0) == ["Frost Breath"]


def test_jaces_archivist_wheels_to_largest_hand() -> None:
    """Jace's Archivist: each player discards their hand, then draws as many cards as the
    largest number discarded."""
    g = new_game()
    put(g, 0, BF, "Island")
    arch = put(g, 0, BF, "Jace's Archivist")
    put(g, 0, Zone.HAND, "Shock")
    for _ in range(3):
        put(g, 1, Zone.HAND, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Activate(arch.id, 0))
    settle(g)
    assert graveyard(g, 0) == ["Shock"] and graveyard(g, 1) == ["Grizzly Bears"] * 3
    assert len(g.players[0].hand) == 3 and len(g.players[1].hand) == 3
    assert sum(1 for e in g.log if e.kind == ev.DISCARD) == 4


def test_levitation_gives_your_creatures_flying() -> None:
    """Levitation: creatures you control have flying (a static ability, CR 611.3a: it
    also affects creatures arriving later)."""
    g = new_game()
    put(g, 0, BF, "Levitation")
    bear = put(g, 0, BF, "Grizzly Bears")
    theirs = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    assert "flying" in kws(g, bear) and "flying" not in kws(g, theirs)
    late = put(g, 0, BF, "Runeclaw Bear")
    assert "flying" in kws(g, late)


def test_lord_of_the_unreal_boosts_illusions() -> None:
    """Lord of the Unreal: Illusion creatures you control get +1/+1 and have hexproof
    (CR 702.11b: opponents can't target them)."""
    g = new_game()
    put(g, 1, BF, "Mountain")
    put(g, 0, BF, "Lord of the Unreal")
    bear = put(g, 0, BF, "Phantasmal Bear")
    other = put(g, 0, BF, "Grizzly Bears")
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main", active=1)
    assert pt(g, bear) == (3, 3) and "hexproof" in kws(g, bear)
    assert pt(g, other) == (2, 2)
    with pytest.raises(IllegalAction, match="702.11b"):
        cast(g, bolt, bear.id)


def test_lord_of_the_unreal_follows_its_controller() -> None:
    """Lord of the Unreal: "you" is its current controller: once stolen (layer 2, CR
    613.1b) it pumps its new controller's Illusions, not the old ones."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    crown = put(g, 0, BF, "Crown of Empires")
    put(g, 0, BF, "Scepter of Empires")
    put(g, 0, BF, "Throne of Empires")
    lord = put(g, 1, BF, "Lord of the Unreal")
    mine = put(g, 0, BF, "Phantasmal Bear")
    theirs = put(g, 1, BF, "Phantasmal Bear")
    start_at(g, "precombat_main")
    assert pt(g, mine) == (2, 2) and pt(g, theirs) == (3, 3)
    g.apply(0, Activate(crown.id, 0, (lord.id,)))
    settle(g)
    assert pt(g, mine) == (3, 3) and pt(g, theirs) == (2, 2)
    assert "hexproof" in kws(g, mine) and "hexproof" not in kws(g, theirs)


def test_master_thief_steals_artifact_while_controlled() -> None:
    """Master Thief: gain control of target artifact for as long as you control the Thief
    (layer 2, CR 613.1b; 611.2b)."""
    g = new_game()
    lands(g, 0, "Island", 4)
    lands(g, 1, "Island", 1)
    boots = put(g, 1, BF, "Kite Shield")
    thief = put(g, 0, Zone.HAND, "Master Thief")
    unsummon = put(g, 1, Zone.HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, thief)
    settle(g)
    answer(g, boots.id, kind="choose_targets")
    settle(g)
    assert g.controller(g.obj(boots.id)) == 0
    g.apply(0, Pass())
    cast(g, unsummon, on_bf(g, "Master Thief")[0].id)
    settle(g)
    assert g.controller(g.obj(boots.id)) == 1


def test_merfolk_looter_draws_then_discards() -> None:
    """Merfolk Looter: {T}: draw a card, then discard a card (the drawn card may be the
    one discarded)."""
    g = new_game()
    looter = put(g, 0, BF, "Merfolk Looter")
    shock = put(g, 0, Zone.HAND, "Shock")
    start_at(g, "precombat_main")
    g.apply(0, Activate(looter.id, 0))
    settle(g)
    assert g.decision.kind == "discard" and len(g.decision.options) == 2
    answer(g, shock.id)
    assert graveyard(g, 0) == ["Shock"] and hand(g, 0) == ["Plains"]


def test_merfolk_mesmerist_mills_two() -> None:
    """Merfolk Mesmerist: {U}, {T}: target player mills two cards."""
    g = new_game()
    put(g, 0, BF, "Island")
    mes = put(g, 0, BF, "Merfolk Mesmerist")
    start_at(g, "precombat_main")
    g.apply(0, Activate(mes.id, 0, (P1,)))
    settle(g)
    assert graveyard(g, 1) == ["Plains", "Plains"] and len(g.players[1].library) == 38


def test_mind_unbound_draws_more_each_upkeep() -> None:
    """Mind Unbound: each upkeep, a lore counter, then draw one card per lore counter."""
    g = new_game()
    mu = put(g, 0, BF, "Mind Unbound")
    start_at(g, "upkeep", turn=1)
    settle(g)
    assert g.obj(mu.id).counters["lore"] == 1 and len(g.players[0].hand) == 1
    to_step(g, "precombat_main", 3)
    assert g.obj(mu.id).counters["lore"] == 2
    assert len(g.players[0].hand) == 1 + 1 + 2 + 1  # turn 1: 1; turn 3: 2 + draw step


def test_phantasmal_bear_sacrificed_when_targeted() -> None:
    """Phantasmal Bear: when it becomes the target of a spell or ability, sacrifice it;
    the spell then has no legal target (CR 608.2b)."""
    g = new_game()
    put(g, 0, BF, "Forest")
    bear = put(g, 1, BF, "Phantasmal Bear")
    growth = put(g, 0, Zone.HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, growth, bear.id)
    settle(g)
    assert graveyard(g, 1) == ["Phantasmal Bear"]
    assert any(e.kind == ev.COUNTERED and e.rule == "608.2b" for e in g.log)


def test_phantasmal_dragon_sacrificed_when_targeted_by_ability() -> None:
    """Phantasmal Dragon: also sacrificed when targeted by an ability."""
    g = new_game()
    put(g, 0, BF, "Plains")
    keeper = put(g, 0, BF, "Gideon's Lawkeeper")
    dragon = put(g, 1, BF, "Phantasmal Dragon")
    start_at(g, "precombat_main")
    assert pt(g, dragon) == (5, 5) and "flying" in kws(g, dragon)
    g.apply(0, Activate(keeper.id, 0, (dragon.id,)))
    settle(g)
    assert graveyard(g, 1) == ["Phantasmal Dragon"]


def test_ponder_reorders_then_draws() -> None:
    """Ponder: look at the top three, put them back in any order, may shuffle, then
    draw."""
    g = new_game(filler=None)
    put(g, 0, BF, "Island")
    for n in ("Forest", "Swamp", "Mountain", "Island"):  # Island ends on top
        put(g, 0, Zone.LIBRARY, n)
    ponder = put(g, 0, Zone.HAND, "Ponder")
    start_at(g, "precombat_main")
    cast(g, ponder)
    settle(g)
    top3 = g.decision.options
    assert names(g, list(top3)) == ["Island", "Mountain", "Swamp"]
    swamp = [o for o in top3 if g.obj(o).name == "Swamp"][0]
    rest = [o for o in top3 if o != swamp]
    answer(g, swamp, *rest)
    answer(g, "no", kind="may")
    assert hand(g, 0) == ["Swamp"]
    assert names(g, g.players[0].library) == ["Forest", "Mountain", "Island"]


def test_skywinder_drake_blocks_only_flyers() -> None:
    """Skywinder Drake: it can block only creatures with flying."""
    g = new_game()
    drake = put(g, 1, BF, "Skywinder Drake")
    bear = put(g, 0, BF, "Grizzly Bears")
    griffin = put(g, 0, BF, "Assault Griffin")
    start_at(g, "declare_attackers")
    attack(g, bear, griffin)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="only creatures with flying"):
        block(g, (drake, bear))
    block(g, (drake, griffin))
    assert g.combat is not None and drake.id in g.combat.blockers


def test_sphinx_of_uthuun_piles() -> None:
    """Sphinx of Uthuun: reveal five; the opponent splits them into two piles; one goes
    to your hand, the other to your graveyard (CR 700.3)."""
    g = new_game(filler=None)
    lands(g, 0, "Island", 7)
    for n in ("Forest", "Swamp", "Mountain", "Island", "Plains", "Shock"):
        put(g, 0, Zone.LIBRARY, n)
    sphinx = put(g, 0, Zone.HAND, "Sphinx of Uthuun")
    start_at(g, "precombat_main")
    cast(g, sphinx)
    settle(g)
    d = g.decision
    assert d.player == 1 and len(d.options) == 5
    shock = [o for o in d.options if g.obj(o).name == "Shock"][0]
    answer(g, shock)
    assert g.decision.player == 0
    answer(g, "second pile")
    assert sorted(hand(g, 0)) == ["Island", "Mountain", "Plains", "Swamp"]
    assert graveyard(g, 0) == ["Shock"]
    assert names(g, g.players[0].library) == ["Forest"]


def test_turn_to_frog_makes_vanilla_blue_frog() -> None:
    """Turn to Frog: until end of turn the creature loses all abilities and is a blue Frog
    with base P/T 1/1 (layers 4, 5, 6, 7b); bonuses of layer 7c still apply."""
    g = new_game()
    lands(g, 0, "Island", 2)
    put(g, 0, BF, "Forest")
    serra = put(g, 1, BF, "Serra Angel")
    frog = put(g, 0, Zone.HAND, "Turn to Frog")
    growth = put(g, 0, Zone.HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, frog, serra.id)
    settle(g)
    c = g.chars(g.obj(serra.id))
    assert (c.power, c.toughness) == (1, 1) and c.keywords == frozenset()
    assert c.subtypes == frozenset({"Frog"}) and c.colors == frozenset({"U"})
    cast(g, growth, serra.id)
    settle(g)
    assert pt(g, serra) == (4, 4)
    to_step(g, "upkeep", 2)
    c = g.chars(g.obj(serra.id))
    assert (c.power, c.toughness) == (4, 4) and "flying" in c.keywords


def test_visions_of_beyond_draws_three_with_full_graveyard() -> None:
    """Visions of Beyond: draw one card, or three if a graveyard has 20 or more cards."""
    g = new_game()
    lands(g, 0, "Island", 2)
    v1 = put(g, 0, Zone.HAND, "Visions of Beyond")
    v2 = put(g, 0, Zone.HAND, "Visions of Beyond")
    start_at(g, "precombat_main")
    cast(g, v1)
    settle(g)
    assert len(g.players[0].hand) == 2
    for _ in range(20):
        put(g, 1, Zone.GRAVEYARD, "Plains")
    cast(g, v2)
    settle(g)
    assert len(g.players[0].hand) == 1 + 3


# ================================================================ BLACK


def test_blood_seeker_drains_on_opponent_creature_entering() -> None:
    """Blood Seeker: whenever a creature an opponent controls enters, you may have that
    player lose 1 life (not for your own creatures)."""
    g = new_game()
    lands(g, 1, "Forest", 4)
    put(g, 0, BF, "Blood Seeker")
    bear = put(g, 1, Zone.HAND, "Grizzly Bears")
    start_at(g, "precombat_main", active=1)
    cast(g, bear)
    settle(g)
    answer(g, "yes", kind="may")
    assert g.players[1].life == 19 and g.players[0].life == 20


def test_blood_seeker_ignores_own_creatures() -> None:
    """Blood Seeker: your own creatures entering don't trigger it."""
    g = new_game()
    lands(g, 0, "Forest", 2)
    put(g, 0, BF, "Blood Seeker")
    bear = put(g, 0, Zone.HAND, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, bear)
    settle(g)
    assert g.decision.kind == "priority" and not g.stack
    assert g.players[0].life == 20 and g.players[1].life == 20


def test_brink_of_disaster_destroys_when_tapped() -> None:
    """Brink of Disaster: when the enchanted land becomes tapped (for mana), destroy it."""
    g = new_game()
    lands(g, 0, "Swamp", 4)
    forest = put(g, 1, BF, "Forest")
    brink = put(g, 0, Zone.HAND, "Brink of Disaster")
    growth = put(g, 1, Zone.HAND, "Giant Growth")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, brink, forest.id)
    settle(g)
    assert on_bf(g, "Brink of Disaster")[0].attached_to == forest.id
    g.apply(0, Pass())
    cast(g, growth, bear.id)  # Bob taps the Forest
    settle(g)
    assert "Forest" in graveyard(g, 1) and "Brink of Disaster" in graveyard(g, 0)


def test_call_to_the_grave_upkeep_sacrifice_and_self_sacrifice() -> None:
    """Call to the Grave: each upkeep, that player sacrifices a non-Zombie creature; at the
    beginning of the end step, with no creatures on the battlefield, sacrifice it
    (intervening "if", CR 603.4)."""
    g = new_game()
    put(g, 0, BF, "Call to the Grave")
    zombie = put(g, 1, BF, "Zombie Goliath")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "upkeep", turn=2, active=1)
    settle(g)
    assert graveyard(g, 1) == ["Grizzly Bears"] and on_bf(g, "Zombie Goliath")
    to_step(g, "upkeep", 3)
    assert on_bf(g, "Call to the Grave")  # a creature (the Zombie) is on the battlefield
    del zombie, bear


def test_call_to_the_grave_sacrificed_with_empty_board() -> None:
    """Call to the Grave: sacrificed at the beginning of an end step with no creatures."""
    g = new_game()
    put(g, 0, BF, "Call to the Grave")
    start_at(g, "end", turn=2, active=1)
    settle(g)
    assert graveyard(g, 0) == ["Call to the Grave"]


def test_call_to_the_grave_player_chooses_which_creature() -> None:
    """Call to the Grave: the sacrificing player chooses among their non-Zombies."""
    g = new_game()
    put(g, 1, BF, "Call to the Grave")
    a = put(g, 0, BF, "Grizzly Bears")
    b = put(g, 0, BF, "Runeclaw Bear")
    start_at(g, "upkeep", turn=1, active=0)
    settle(g)
    d = g.decision
    assert d.player == 0 and set(d.options) == {a.id, b.id}
    answer(g, b.id)
    assert graveyard(g, 0) == ["Runeclaw Bear"]


def test_dark_favor_costs_life_and_boosts() -> None:
    """Dark Favor: when it enters you lose 1 life; enchanted creature gets +3/+1."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    fav = put(g, 0, Zone.HAND, "Dark Favor")
    start_at(g, "precombat_main")
    cast(g, fav, bear.id)
    settle(g)
    assert pt(g, bear) == (5, 3) and g.players[0].life == 19


def test_devouring_swarm_sacrifices_for_pump() -> None:
    """Devouring Swarm: sacrifice a creature (a cost, CR 602.2b): +1/+1 until end of
    turn."""
    g = new_game()
    swarm = put(g, 0, BF, "Devouring Swarm")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Activate(swarm.id, 0))
    answer(g, bear.id)
    assert graveyard(g, 0) == ["Grizzly Bears"] and len(g.stack) == 1
    settle(g)
    assert pt(g, swarm) == (3, 2)


def test_distress_you_choose_nonland_card() -> None:
    """Distress: target player reveals their hand; you choose a nonland card; they discard
    it."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    d = put(g, 0, Zone.HAND, "Distress")
    put(g, 1, Zone.HAND, "Forest")
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    put(g, 1, Zone.HAND, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, d, P1)
    settle(g)
    dec = g.decision
    assert dec.player == 0 and names(g, list(dec.options)) == ["Lightning Bolt",
                                                               "Grizzly Bears"]
    answer(g, bolt.id)
    assert graveyard(g, 1) == ["Lightning Bolt"]
    assert sorted(hand(g, 1)) == ["Forest", "Grizzly Bears"]


def test_drifting_shade_pumps() -> None:
    """Drifting Shade: {B}: +1/+1 until end of turn, repeatable."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    shade = put(g, 0, BF, "Drifting Shade")
    start_at(g, "precombat_main")
    g.apply(0, Activate(shade.id, 0))
    g.apply(0, Activate(shade.id, 0))
    settle(g)
    assert pt(g, shade) == (3, 3)


def test_hideous_visage_grants_intimidate() -> None:
    """Hideous Visage: creatures you control gain intimidate: a creature that isn't an
    artifact and shares no color can't block them (CR 702.13b)."""
    g = new_game()
    lands(g, 0, "Swamp", 3)
    bear = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Pride Guardian")
    vis = put(g, 0, Zone.HAND, "Hideous Visage")
    start_at(g, "precombat_main")
    cast(g, vis)
    settle(g)
    assert "intimidate" in kws(g, bear)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="intimidate"):
        block(g, (wall, bear))


def test_monomania_keeps_one_card() -> None:
    """Monomania: target player chooses a card in their hand and discards the rest."""
    g = new_game()
    lands(g, 0, "Swamp", 5)
    mono = put(g, 0, Zone.HAND, "Monomania")
    keep = put(g, 1, Zone.HAND, "Lightning Bolt")
    put(g, 1, Zone.HAND, "Shock")
    put(g, 1, Zone.HAND, "Forest")
    start_at(g, "precombat_main")
    cast(g, mono, P1)
    settle(g)
    assert g.decision.player == 1
    answer(g, keep.id)
    assert hand(g, 1) == ["Lightning Bolt"] and sorted(graveyard(g, 1)) == ["Forest", "Shock"]


def test_onyx_mage_grants_deathtouch() -> None:
    """Onyx Mage: target creature you control gains deathtouch; 1 damage then destroys a
    big blocker (CR 702.2b, 704.5h)."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    mage = put(g, 0, BF, "Onyx Mage")
    elf = put(g, 0, BF, "Llanowar Elves")
    mast = put(g, 1, BF, "Siege Mastodon")
    start_at(g, "declare_attackers")
    attack(g, elf)
    g.apply(0, Activate(mage.id, 0, (elf.id,)))
    settle(g)
    to_blockers(g)
    block(g, (mast, elf))
    to_step(g, "end_of_combat")
    assert "Siege Mastodon" in graveyard(g, 1)


def test_rune_scarred_demon_tutors_any_card() -> None:
    """Rune-Scarred Demon: when it enters, search your library for a card, put it into
    your hand, then shuffle (CR 701.17, 701.18)."""
    g = new_game()
    lands(g, 0, "Swamp", 7)
    bolt = put(g, 0, Zone.LIBRARY, "Lightning Bolt", position="bottom")
    demon = put(g, 0, Zone.HAND, "Rune-Scarred Demon")
    start_at(g, "precombat_main")
    cast(g, demon)
    settle(g)
    d = g.decision
    assert d.kind == "choose" and d.min_count == 1 and len(d.options) == 41
    bolt_id = [o for o in d.options if g.obj(o).name == "Lightning Bolt"][0]
    answer(g, bolt_id)
    assert hand(g, 0) == ["Lightning Bolt"]
    assert any(e.kind == ev.SHUFFLE for e in g.log)
    del bolt


def test_sengir_vampire_grows_when_damaged_creature_dies() -> None:
    """Sengir Vampire: whenever a creature dealt damage by it this turn dies, a +1/+1
    counter on it."""
    g = new_game()
    lands(g, 0, "Mountain", 1)
    sengir = put(g, 0, BF, "Sengir Vampire")
    bear = put(g, 1, BF, "Siege Mastodon")  # 3/5: survives 4 damage
    other = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, bear, target=P0)
    to_blockers(g)
    block(g, (sengir, bear))
    to_step(g, "end_of_combat")
    assert on_bf(g, "Siege Mastodon") and g.obj(bear.id).damage == 4
    shock = put(g, 0, Zone.HAND, "Shock")
    g.apply(1, Pass())
    cast(g, shock, other.id)  # Bears weren't damaged by Sengir
    settle(g)
    assert not g.obj(sengir.id).counters
    shock2 = put(g, 0, Zone.HAND, "Shock")
    put(g, 0, BF, "Mountain")
    g.apply(1, Pass())
    cast(g, shock2, bear.id)
    settle(g)
    assert "Siege Mastodon" in graveyard(g, 1)
    assert g.obj(sengir.id).counters.get("+1/+1") == 1


def test_smallpox_each_player_loses_discards_sacrifices() -> None:
    """Smallpox: each player loses 1 life, discards a card, sacrifices a creature, then a
    land."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Forest")
    put(g, 1, BF, "Runeclaw Bear")
    put(g, 1, Zone.HAND, "Shock")
    pox = put(g, 0, Zone.HAND, "Smallpox")
    start_at(g, "precombat_main")
    cast(g, pox)
    settle(g)
    answer(g, g.players[1].hand[0])  # Bob discards (Alice has no cards)
    assert g.decision.kind == "choose"  # Alice chooses among her two Swamps
    answer(g, g.decision.options[0])
    assert g.players[0].life == 19 and g.players[1].life == 19
    assert sorted(graveyard(g, 0)) == ["Grizzly Bears", "Smallpox", "Swamp"]
    assert sorted(graveyard(g, 1)) == ["Forest", "Runeclaw Bear", "Shock"]


def test_sorins_thirst_drains_creature() -> None:
    """Sorin's Thirst: 2 damage to target creature and you gain 2 life."""
    g = new_game()
    lands(g, 0, "Swamp", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    st = put(g, 0, Zone.HAND, "Sorin's Thirst")
    start_at(g, "upkeep")
    cast(g, st, bear.id)
    settle(g)
    assert graveyard(g, 1) == ["Grizzly Bears"] and g.players[0].life == 22


def test_sorins_vengeance_ten_damage_ten_life() -> None:
    """Sorin's Vengeance: 10 damage to target player or planeswalker; you gain 10 life."""
    g = new_game()
    lands(g, 0, "Swamp", 7)
    sv = put(g, 0, Zone.HAND, "Sorin's Vengeance")
    start_at(g, "precombat_main")
    cast(g, sv, P1)
    settle(g)
    assert g.players[1].life == 10 and g.players[0].life == 30


def test_taste_of_blood_drains_player() -> None:
    """Taste of Blood: 1 damage to target player or planeswalker; you gain 1 life; it
    can't target a creature."""
    g = new_game()
    put(g, 0, BF, "Swamp")
    bear = put(g, 1, BF, "Grizzly Bears")
    tb = put(g, 0, Zone.HAND, "Taste of Blood")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        cast(g, tb, bear.id)
    cast(g, tb, P1)
    settle(g)
    assert g.players[1].life == 19 and g.players[0].life == 21


def test_tormented_soul_cant_block_and_is_unblockable() -> None:
    """Tormented Soul: can't block and can't be blocked."""
    g = new_game()
    soul = put(g, 0, BF, "Tormented Soul")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, soul)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="can't be blocked"):
        block(g, (bear, soul))
    g2 = new_game()
    soul2 = put(g2, 1, BF, "Tormented Soul")
    bear2 = put(g2, 0, BF, "Grizzly Bears")
    start_at(g2, "declare_attackers")
    attack(g2, bear2)
    to_step(g2, "combat_damage")  # no blocker candidate: no block decision
    assert g2.players[1].life == 18
    del soul2


def test_wring_flesh_shrinks() -> None:
    """Wring Flesh: target creature gets -3/-1 until end of turn (a 2/1 dies, CR
    704.5f)."""
    g = new_game()
    put(g, 0, BF, "Swamp")
    mast = put(g, 1, BF, "Siege Mastodon")
    van = put(g, 1, BF, "Elite Vanguard")
    w1 = put(g, 0, Zone.HAND, "Wring Flesh")
    start_at(g, "precombat_main")
    cast(g, w1, mast.id)
    settle(g)
    assert pt(g, mast) == (0, 4)
    w2 = put(g, 0, Zone.HAND, "Wring Flesh")
    put(g, 0, BF, "Swamp")
    cast(g, w2, van.id)
    settle(g)
    assert graveyard(g, 1) == ["Elite Vanguard"]


def test_zombie_infestation_discard_two_for_zombie() -> None:
    """Zombie Infestation: discard two cards (a cost): create a 2/2 black Zombie."""
    g = new_game()
    zi = put(g, 0, BF, "Zombie Infestation")
    put(g, 0, Zone.HAND, "Shock")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="discard"):
        g.apply(0, Activate(zi.id, 0))
    put(g, 0, Zone.HAND, "Forest")
    g.apply(0, Activate(zi.id, 0))
    answer(g, *g.players[0].hand)
    settle(g)
    z = on_bf(g, "Zombie", 0)
    assert len(z) == 1 and pt(g, z[0]) == (2, 2) and len(graveyard(g, 0)) == 2


# ================================================================ RED


def test_circle_of_flame_pings_ground_attackers() -> None:
    """Circle of Flame: whenever a creature without flying attacks you, 1 damage to it;
    flyers are spared."""
    g = new_game()
    put(g, 1, BF, "Circle of Flame")
    elf = put(g, 0, BF, "Llanowar Elves")
    griffin = put(g, 0, BF, "Assault Griffin")
    start_at(g, "declare_attackers")
    attack(g, elf, griffin)
    settle(g)
    assert "Llanowar Elves" in graveyard(g, 0) and on_bf(g, "Assault Griffin")
    assert g.obj(griffin.id).damage == 0


def test_crimson_mage_grants_haste() -> None:
    """Crimson Mage: target creature you control gains haste, so it can attack the turn it
    arrived (CR 302.6, 702.10)."""
    g = new_game()
    put(g, 0, BF, "Mountain")
    mage = put(g, 0, BF, "Crimson Mage")
    bear = put(g, 0, BF, "Grizzly Bears", sick=True)
    start_at(g, "beginning_of_combat")
    g.apply(0, Activate(mage.id, 0, (bear.id,)))
    settle(g)
    advance(g, lambda x: x.decision.kind == "declare_attackers")
    assert bear.id in g.decision.candidates


def test_crumbling_colossus_sacrificed_at_end_of_combat() -> None:
    """Crumbling Colossus: when it attacks, it is sacrificed at end of combat (a delayed
    trigger, CR 603.7), after dealing its damage."""
    g = new_game()
    col = put(g, 0, BF, "Crumbling Colossus")
    start_at(g, "declare_attackers")
    attack(g, col)
    to_step(g, "end_of_combat")
    assert g.players[1].life == 13 and on_bf(g, "Crumbling Colossus")
    settle(g)
    assert graveyard(g, 0) == ["Crumbling Colossus"]


def test_firebreathing_pumps_enchanted_creature() -> None:
    """Firebreathing: {R}: enchanted creature gets +1/+0 (an ability of the Aura,
    activated by the Aura's controller)."""
    g = new_game()
    lands(g, 0, "Mountain", 3)
    bear = put(g, 0, BF, "Grizzly Bears")
    fb = put(g, 0, Zone.HAND, "Firebreathing")
    start_at(g, "precombat_main")
    cast(g, fb, bear.id)
    settle(g)
    aura_obj = on_bf(g, "Firebreathing")[0]
    g.apply(0, Activate(aura_obj.id, 0))
    g.apply(0, Activate(aura_obj.id, 0))
    settle(g)
    assert pt(g, bear) == (4, 2)


def test_flameblast_dragon_pays_x() -> None:
    """Flameblast Dragon: when it attacks, you may pay {X}{R}; if you do, X damage to
    any target."""
    g = new_game()
    lands(g, 0, "Mountain", 4)
    dragon = put(g, 0, BF, "Flameblast Dragon")
    start_at(g, "declare_attackers")
    attack(g, dragon)
    answer(g, P1, kind="choose_targets")
    settle(g)
    opts = g.decision.options
    assert opts == ("no", 0, 1, 2, 3)
    answer(g, 3)
    assert g.players[1].life == 17
    assert all(o.tapped for o in on_bf(g, "Mountain"))


def test_flameblast_dragon_may_decline() -> None:
    """Flameblast Dragon: declining to pay deals no damage and spends no mana."""
    g = new_game()
    lands(g, 0, "Mountain", 2)
    dragon = put(g, 0, BF, "Flameblast Dragon")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, dragon)
    answer(g, bear.id)
    settle(g)
    answer(g, "no")
    assert on_bf(g, "Grizzly Bears") and not any(o.tapped for o in on_bf(g, "Mountain"))


def test_goblin_arsonist_pings_when_it_dies() -> None:
    """Goblin Arsonist: when it dies, you may have it deal 1 damage to any target (it
    uses last known information as the source, CR 608.2g)."""
    g = new_game()
    gob = put(g, 0, BF, "Goblin Arsonist")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, gob)
    to_blockers(g)
    block(g, (bear, gob))
    advance(g, lambda x: x.decision.kind == "choose_targets")
    answer(g, P1)
    settle(g)
    answer(g, "yes", kind="may")
    assert g.players[1].life == 19


def test_goblin_bangchuckers_coin_flip() -> None:
    """Goblin Bangchuckers: flip a coin (CR 705); win: 2 damage to the target; lose: 2
    damage to itself."""
    results = set()
    for seed in range(8):
        g = setup_game(seed=seed)
        gob = put(g, 0, BF, "Goblin Bangchuckers")
        start_at(g, "precombat_main")
        g.apply(0, Activate(gob.id, 0, (P1,)))
        settle(g)
        won = g.players[1].life == 18
        lost = graveyard(g, 0) == ["Goblin Bangchuckers"]
        assert won != lost
        results.add(won)
    assert results == {True, False}


def test_goblin_fireslinger_hits_players_only() -> None:
    """Goblin Fireslinger: {T}: 1 damage to target player or planeswalker (not
    creatures)."""
    g = new_game()
    gob = put(g, 0, BF, "Goblin Fireslinger")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction):
        g.apply(0, Activate(gob.id, 0, (bear.id,)))
    g.apply(0, Activate(gob.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 19


def test_goblin_grenade_needs_a_goblin_sacrifice() -> None:
    """Goblin Grenade: as an additional cost, sacrifice a Goblin (CR 601.2b); 5 damage to
    any target."""
    g = new_game()
    put(g, 0, BF, "Mountain")
    grenade = put(g, 0, Zone.HAND, "Goblin Grenade")
    put(g, 0, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="Goblin"):
        cast(g, grenade, P1)
    piker = put(g, 0, BF, "Goblin Piker")
    cast(g, grenade, P1)
    answer(g, piker.id)  # the sacrifice is chosen while casting
    settle(g)
    assert g.players[1].life == 15 and "Goblin Piker" in graveyard(g, 0)


def test_goblin_war_paint_haste_and_bonus() -> None:
    """Goblin War Paint: +2/+2 and haste."""
    g = new_game()
    lands(g, 0, "Mountain", 2)
    bear = put(g, 0, BF, "Grizzly Bears", sick=True)
    paint = put(g, 0, Zone.HAND, "Goblin War Paint")
    start_at(g, "precombat_main")
    cast(g, paint, bear.id)
    settle(g)
    assert pt(g, bear) == (4, 4) and "haste" in kws(g, bear)
    to_step(g, "declare_attackers")
    attack(g, bear)
    assert bear.id in g.combat.attackers


def test_manabarbs_punishes_land_tapping() -> None:
    """Manabarbs: whenever a player taps a land for mana, 1 damage to that player (while
    casting too)."""
    g = new_game()
    put(g, 0, BF, "Manabarbs")
    lands(g, 1, "Mountain", 2)
    bolt = put(g, 1, Zone.HAND, "Lightning Bolt")
    elf = put(g, 1, BF, "Llanowar Elves")
    start_at(g, "precombat_main", active=1)
    cast(g, bolt, P0)
    settle(g)
    assert g.players[1].life == 19 and g.players[0].life == 17
    g.apply(1, Activate(elf.id, 0))  # not a land
    g.apply(1, Pass())
    assert g.players[1].life == 19


def test_scrambleverse_randomises_control_and_untaps() -> None:
    """Scrambleverse: each nonland permanent goes to a random player (layer 2), and they
    untap; lands stay."""
    g = setup_game(seed=3)
    lands(g, 0, "Mountain", 8)
    mine = [put(g, 0, BF, "Grizzly Bears", tapped=True) for _ in range(6)]
    sv = put(g, 0, Zone.HAND, "Scrambleverse")
    start_at(g, "precombat_main")
    cast(g, sv)
    settle(g)
    ctrls = {g.controller(g.obj(o.id)) for o in mine}
    assert ctrls == {0, 1}
    assert not any(g.obj(o.id).tapped for o in mine)
    assert all(g.controller(m) == 0 for m in on_bf(g, "Mountain"))
    stolen = [o for o in mine if g.controller(g.obj(o.id)) == 1]
    to_step(g, "declare_attackers", 2)
    # the new controller's creatures are no longer summoning sick on their turn
    assert {o.id for o in stolen} <= set(g.decision.candidates)


def test_slaughter_cry_first_strike_and_power() -> None:
    """Slaughter Cry: +3/+0 and first strike; it kills a blocker before it strikes back
    (CR 510.4)."""
    g = new_game()
    lands(g, 0, "Mountain", 3)
    bear = put(g, 0, BF, "Grizzly Bears")
    mast = put(g, 1, BF, "Siege Mastodon")
    cry = put(g, 0, Zone.HAND, "Slaughter Cry")
    start_at(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    block(g, (mast, bear))
    cast(g, cry, bear.id)
    settle(g)
    assert pt(g, bear) == (5, 2) and "first strike" in kws(g, bear)
    to_step(g, "end_of_combat")
    assert "Siege Mastodon" in graveyard(g, 1) and on_bf(g, "Grizzly Bears")


def test_tectonic_rift_destroys_land_and_grounds_blockers() -> None:
    """Tectonic Rift: destroy target land; creatures without flying can't block this
    turn, flyers still can."""
    g = new_game()
    lands(g, 0, "Mountain", 4)
    forest = put(g, 1, BF, "Forest")
    bear = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Pride Guardian")
    griffin = put(g, 1, BF, "Assault Griffin")
    rift = put(g, 0, Zone.HAND, "Tectonic Rift")
    start_at(g, "precombat_main")
    cast(g, rift, forest.id)
    settle(g)
    assert "Forest" in graveyard(g, 1)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="can't block"):
        block(g, (wall, bear))
    block(g, (griffin, bear))
    to_step(g, "upkeep", 2)
    assert "can't block" not in g.chars(g.obj(wall.id)).flags


def test_warstorm_surge_entering_creature_deals_damage() -> None:
    """Warstorm Surge: whenever a creature you control enters, it deals damage equal to
    its power to any target (the creature is the source)."""
    g = new_game()
    lands(g, 0, "Forest", 2)
    put(g, 0, BF, "Warstorm Surge")
    bear = put(g, 0, Zone.HAND, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, bear)
    settle(g)
    answer(g, P1, kind="choose_targets")
    settle(g)
    assert g.players[1].life == 18
    dmg = [e for e in g.log if e.kind == ev.DAMAGE][-1]
    assert g.objects[dmg.data["source"]].name == "Grizzly Bears"


# ================================================================ GREEN


def test_bountiful_harvest_life_per_land() -> None:
    """Bountiful Harvest: you gain 1 life for each land you control."""
    g = new_game()
    lands(g, 0, "Forest", 5)
    lands(g, 1, "Forest", 3)
    bh = put(g, 0, Zone.HAND, "Bountiful Harvest")
    start_at(g, "precombat_main")
    cast(g, bh)
    settle(g)
    assert g.players[0].life == 25


def test_doubling_chant_finds_copies_by_name() -> None:
    """Doubling Chant: for each creature you control, you may find a creature card with
    the same name; they enter the battlefield, then you shuffle."""
    g = new_game()
    lands(g, 0, "Forest", 6)
    put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Llanowar Elves")
    b1 = put(g, 0, Zone.LIBRARY, "Grizzly Bears")
    b2 = put(g, 0, Zone.LIBRARY, "Grizzly Bears")
    put(g, 0, Zone.LIBRARY, "Runeclaw Bear")
    dc = put(g, 0, Zone.HAND, "Doubling Chant")
    start_at(g, "precombat_main")
    cast(g, dc)
    settle(g)
    d = g.decision
    assert set(d.options) == {b1.id, b2.id}
    with pytest.raises(IllegalAction, match="only 1"):
        answer(g, b1.id, b2.id)
    answer(g, b2.id)
    assert len(on_bf(g, "Grizzly Bears", 0)) == 2
    assert any(e.kind == ev.SHUFFLE for e in g.log)


def test_dungrove_elder_counts_forests() -> None:
    """Dungrove Elder: P/T equal to the number of Forests you control (CDA, CR 604.3,
    also in the hand); hexproof."""
    g = new_game()
    elder = put(g, 0, BF, "Dungrove Elder")
    lands(g, 0, "Forest", 3)
    lands(g, 1, "Forest", 2)
    put(g, 0, BF, "Mountain")
    in_hand = put(g, 0, Zone.HAND, "Dungrove Elder")
    start_at(g, "precombat_main")
    assert pt(g, elder) == (3, 3) and "hexproof" in kws(g, elder)
    assert pt(g, in_hand) == (3, 3)
    put(g, 0, BF, "Forest")
    assert pt(g, elder) == (4, 4)


def test_hunters_insight_draws_on_combat_damage() -> None:
    """Hunter's Insight: whenever the creature deals combat damage to a player this turn,
    draw that many cards."""
    g = new_game()
    lands(g, 0, "Forest", 3)
    bear = put(g, 0, BF, "Siege Mastodon")
    hi = put(g, 0, Zone.HAND, "Hunter's Insight")
    start_at(g, "precombat_main")
    cast(g, hi, bear.id)
    settle(g)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_step(g, "combat_damage")
    settle(g)
    assert g.players[1].life == 17 and len(g.players[0].hand) == 3
    assert not g.delayed_triggers or all(
        d.duration is not None and d.duration.kind == "end_of_turn"
        for d in g.delayed_triggers)
    to_step(g, "upkeep", 2)
    assert not g.delayed_triggers


def test_jade_mage_makes_saprolings() -> None:
    """Jade Mage: {2}{G}: create a 1/1 green Saproling creature token."""
    g = new_game()
    lands(g, 0, "Forest", 3)
    mage = put(g, 0, BF, "Jade Mage")
    start_at(g, "precombat_main")
    g.apply(0, Activate(mage.id, 0))
    settle(g)
    sap = on_bf(g, "Saproling", 0)
    assert len(sap) == 1 and pt(g, sap[0]) == (1, 1) and sap[0].is_token
    assert g.chars(sap[0]).colors == frozenset({"G"})


def test_lure_forces_all_able_blockers() -> None:
    """Lure: all creatures able to block the enchanted creature do so (CR 509.1c)."""
    g = new_game()
    lands(g, 0, "Forest", 3)
    bear = put(g, 0, BF, "Siege Mastodon")
    a = put(g, 1, BF, "Grizzly Bears")
    b = put(g, 1, BF, "Runeclaw Bear")
    lure = put(g, 0, Zone.HAND, "Lure")
    start_at(g, "precombat_main")
    cast(g, lure, bear.id)
    settle(g)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="509.1c"):
        block(g, (a, bear))
    block(g, (a, bear), (b, bear))


def test_overrun_pumps_and_tramples() -> None:
    """Overrun: creatures you control get +3/+3 and gain trample until end of turn."""
    g = new_game()
    lands(g, 0, "Forest", 5)
    bear = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Pride Guardian")
    ov = put(g, 0, Zone.HAND, "Overrun")
    start_at(g, "precombat_main")
    cast(g, ov)
    settle(g)
    assert pt(g, bear) == (5, 5) and "trample" in kws(g, bear)
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_blockers(g)
    block(g, (wall, bear))
    advance(g, lambda x: x.decision.kind == "assign_damage")
    g.apply(0, AssignDamage(((bear.id, ((wall.id, 3), (P1, 2))),)))
    to_step(g, "end_of_combat")
    # 3 lethal to the 0/3 wall, 2 trample over; the Guardian's block gained Bob 3
    assert g.players[1].life == 20 + 3 - 2
    assert "Pride Guardian" in graveyard(g, 1)


def test_rampant_growth_fetches_basic_land_tapped() -> None:
    """Rampant Growth: search for a basic land card, put it onto the battlefield tapped,
    then shuffle (a search for a stated quality may fail to find, CR 701.17b)."""
    g = new_game(filler="Forest")
    lands(g, 0, "Forest", 2)
    put(g, 0, Zone.LIBRARY, "Grizzly Bears")
    rg = put(g, 0, Zone.HAND, "Rampant Growth")
    start_at(g, "precombat_main")
    cast(g, rg)
    settle(g)
    d = g.decision
    assert d.min_count == 0 and all(g.obj(o).name == "Forest" for o in d.options)
    answer(g, d.options[0])
    forests = on_bf(g, "Forest", 0)
    assert len(forests) == 3 and sum(f.tapped for f in forests) == 3


def test_skinshifter_modes_once_per_turn() -> None:
    """Skinshifter: {G}: choose one (Rhino 4/4 trample, Bird 2/2 flying, Plant 0/8);
    activate only once each turn (CR 602.5b)."""
    g = new_game()
    lands(g, 0, "Forest", 2)
    sk = put(g, 0, BF, "Skinshifter")
    start_at(g, "precombat_main")
    g.apply(0, Activate(sk.id, 1))
    settle(g)
    c = g.chars(g.obj(sk.id))
    assert (c.power, c.toughness) == (2, 2) and "flying" in c.keywords
    assert c.subtypes == frozenset({"Bird"})
    for i in range(3):
        with pytest.raises(IllegalAction, match="602.5b"):
            g.apply(0, Activate(sk.id, i))
    to_step(g, "precombat_main", 3)
    g.apply(0, Activate(sk.id, 2))
    settle(g)
    assert pt(g, sk) == (0, 8)


def test_stingerfling_spider_may_destroy_flyer() -> None:
    """Stingerfling Spider: when it enters, you may destroy target creature with
    flying."""
    g = new_game()
    lands(g, 0, "Forest", 5)
    griffin = put(g, 1, BF, "Assault Griffin")
    put(g, 1, BF, "Grizzly Bears")
    sp = put(g, 0, Zone.HAND, "Stingerfling Spider")
    start_at(g, "precombat_main")
    cast(g, sp)
    settle(g)
    assert g.decision.options == (griffin.id,)
    answer(g, griffin.id)
    settle(g)
    answer(g, "yes", kind="may")
    assert graveyard(g, 1) == ["Assault Griffin"]


def test_trollhide_grants_regeneration() -> None:
    """Trollhide: +2/+2 and "{1}{G}: Regenerate this creature" (CR 701.13: destruction
    replaced: tapped, damage removed)."""
    g = new_game()
    lands(g, 0, "Forest", 5)
    lands(g, 1, "Swamp", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    th = put(g, 0, Zone.HAND, "Trollhide")
    blade = put(g, 1, Zone.HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, th, bear.id)
    settle(g)
    assert pt(g, bear) == (4, 4)
    g.apply(0, Activate(bear.id, 0))
    settle(g)
    g.apply(0, Pass())
    cast(g, blade, bear.id)
    settle(g)
    assert on_bf(g, "Grizzly Bears") and g.obj(bear.id).tapped


# ================================================================ ARTIFACTS


def test_crown_of_empires_taps_or_steals() -> None:
    """Crown of Empires: tap target creature; with Scepter and Throne of Empires you gain
    control of it instead (layer 2)."""
    g = new_game()
    lands(g, 0, "Plains", 6)
    crown = put(g, 0, BF, "Crown of Empires")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Activate(crown.id, 0, (bear.id,)))
    settle(g)
    assert g.obj(bear.id).tapped and g.controller(g.obj(bear.id)) == 1
    g2 = new_game()
    lands(g2, 0, "Plains", 3)
    crown = put(g2, 0, BF, "Crown of Empires")
    put(g2, 0, BF, "Scepter of Empires")
    put(g2, 0, BF, "Throne of Empires")
    bear = put(g2, 1, BF, "Grizzly Bears")
    start_at(g2, "precombat_main")
    g2.apply(0, Activate(crown.id, 0, (bear.id,)))
    settle(g2)
    assert g2.controller(g2.obj(bear.id)) == 0 and not g2.obj(bear.id).tapped
    to_step(g2, "upkeep", 3)
    assert g2.controller(g2.obj(bear.id)) == 0


def test_scepter_of_empires_one_or_three_damage() -> None:
    """Scepter of Empires: 1 damage to target player or planeswalker, 3 with Crown and
    Throne."""
    g = new_game()
    sc = put(g, 0, BF, "Scepter of Empires")
    start_at(g, "precombat_main")
    g.apply(0, Activate(sc.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 19
    put(g, 0, BF, "Crown of Empires")
    put(g, 0, BF, "Throne of Empires")
    to_step(g, "precombat_main", 3)
    g.apply(0, Activate(sc.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 16


def test_throne_of_empires_one_or_five_soldiers() -> None:
    """Throne of Empires: a 1/1 Soldier, or five with Crown and Scepter."""
    g = new_game()
    lands(g, 0, "Plains", 1)
    th = put(g, 0, BF, "Throne of Empires")
    put(g, 0, BF, "Crown of Empires")
    start_at(g, "precombat_main")
    g.apply(0, Activate(th.id, 0))
    settle(g)
    assert len(on_bf(g, "Soldier", 0)) == 1
    put(g, 0, BF, "Scepter of Empires")
    to_step(g, "precombat_main", 3)
    g.apply(0, Activate(th.id, 0))
    settle(g)
    assert len(on_bf(g, "Soldier", 0)) == 6


def test_worldslayer_destroys_everything_else() -> None:
    """Worldslayer: when the equipped creature deals combat damage to a player, destroy
    all permanents other than Worldslayer (the creature included)."""
    g = new_game()
    lands(g, 0, "Plains", 5)
    ws = put(g, 0, BF, "Worldslayer")
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Forest")
    put(g, 1, BF, "Levitation")
    start_at(g, "precombat_main")
    g.apply(0, Activate(ws.id, 0, (bear.id,)))
    settle(g)
    assert g.obj(ws.id).attached_to == bear.id
    to_step(g, "declare_attackers")
    attack(g, bear)
    to_step(g, "combat_damage")
    settle(g)
    assert [o.name for o in g.permanents()] == ["Worldslayer"]
    assert g.players[1].life == 18


@pytest.mark.parametrize("top, expect", [
    ("Grizzly Bears", "saproling"), ("Forest", "land"), ("Shock", "life")])
def test_druidic_satchel_reveals_top_card(top: str, expect: str) -> None:
    """Druidic Satchel: creature card -> a Saproling (the card stays on top); land card ->
    onto the battlefield; anything else -> 2 life."""
    g = new_game(filler=None)
    lands(g, 0, "Plains", 2)
    sat = put(g, 0, BF, "Druidic Satchel")
    put(g, 0, Zone.LIBRARY, top)
    start_at(g, "precombat_main")
    g.apply(0, Activate(sat.id, 0))
    settle(g)
    assert bool(on_bf(g, "Saproling", 0)) == (expect == "saproling")
    assert bool(on_bf(g, "Forest", 0)) == (expect == "land")
    assert g.players[0].life == (22 if expect == "life" else 20)
    assert names(g, g.players[0].library) == ([] if expect == "land" else [top])


def test_greatsword_equips_for_three() -> None:
    """Greatsword: equipped creature gets +3/+0; equip {3} only as a sorcery (CR
    702.6a)."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    gs = put(g, 0, BF, "Greatsword")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "upkeep")
    with pytest.raises(IllegalAction, match="602.5d"):
        g.apply(0, Activate(gs.id, 0, (bear.id,)))
    to_step(g, "precombat_main")
    g.apply(0, Activate(gs.id, 0, (bear.id,)))
    settle(g)
    assert pt(g, bear) == (5, 2)


def test_kite_shield_free_to_cast_equip_three() -> None:
    """Kite Shield: {0} to cast; equipped creature gets +0/+3."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    ks = put(g, 0, Zone.HAND, "Kite Shield")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, ks)
    settle(g)
    shield = on_bf(g, "Kite Shield")[0]
    g.apply(0, Activate(shield.id, 0, (bear.id,)))
    settle(g)
    assert pt(g, bear) == (2, 5)


def test_manalith_adds_any_color() -> None:
    """Manalith: {T}: add one mana of any color (a mana ability, CR 605)."""
    g = new_game()
    m = put(g, 0, BF, "Manalith")
    start_at(g, "precombat_main")
    g.apply(0, Activate(m.id, 0, mana="B"))
    assert str(g.players[0].mana_pool) == "B" and not g.stack
    dem = put(g, 0, Zone.HAND, "Distress")
    put(g, 0, BF, "Swamp")
    cast(g, dem, P1)
    assert len(g.stack) == 1


def test_quicksilver_amulet_puts_creature_onto_battlefield() -> None:
    """Quicksilver Amulet: {4}, {T}: you may put a creature card from your hand onto the
    battlefield (not cast: no "cast" trigger)."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    qa = put(g, 0, BF, "Quicksilver Amulet")
    put(g, 0, BF, "Mesa Enchantress")
    dragon = put(g, 0, Zone.HAND, "Phantasmal Dragon")
    put(g, 0, Zone.HAND, "Shock")
    start_at(g, "upkeep")
    g.apply(0, Activate(qa.id, 0))
    settle(g)
    assert g.decision.options == (dragon.id,)
    answer(g, dragon.id)
    assert on_bf(g, "Phantasmal Dragon", 0)
    assert not any(e.kind == ev.CAST for e in g.log)


def test_solemn_simulacrum_ramps_and_cantrips() -> None:
    """Solemn Simulacrum: may fetch a basic land tapped when it enters; may draw when it
    dies."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    lands(g, 1, "Swamp", 2)
    sol = put(g, 0, Zone.HAND, "Solemn Simulacrum")
    blade = put(g, 1, Zone.HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, sol)
    settle(g)
    answer(g, "yes", kind="may")
    answer(g, g.decision.options[0])
    assert len(on_bf(g, "Plains", 0)) == 5
    g.apply(0, Pass())
    cast(g, blade, on_bf(g, "Solemn Simulacrum")[0].id)
    settle(g)
    answer(g, "yes", kind="may")
    assert len(g.players[0].hand) == 1


def test_swiftfoot_boots_hexproof_and_haste() -> None:
    """Swiftfoot Boots: equipped creature has hexproof and haste."""
    g = new_game()
    put(g, 0, BF, "Plains")
    put(g, 1, BF, "Mountain")
    boots = put(g, 0, BF, "Swiftfoot Boots")
    bear = put(g, 0, BF, "Grizzly Bears", sick=True)
    start_at(g, "precombat_main")
    g.apply(0, Activate(boots.id, 0, (bear.id,)))
    settle(g)
    assert {"hexproof", "haste"} <= kws(g, bear)
    to_step(g, "declare_attackers")
    assert bear.id in g.decision.candidates


def test_thran_golem_bonus_while_enchanted() -> None:
    """Thran Golem: +2/+2, flying, first strike and trample as long as it's enchanted."""
    g = new_game()
    lands(g, 0, "Island", 1)
    golem = put(g, 0, BF, "Thran Golem")
    fl = put(g, 0, Zone.HAND, "Flight")
    start_at(g, "precombat_main")
    assert pt(g, golem) == (3, 3) and not kws(g, golem)
    cast(g, fl, golem.id)
    settle(g)
    assert pt(g, golem) == (5, 5)
    assert {"flying", "first strike", "trample"} <= kws(g, golem)


# ================================================================ GRAVEYARDS, "AS ENTERS", RESTRICTIONS


def _choose_targets(g: Game, *items: Any) -> None:
    """Answer a triggered ability's target choice (CR 603.3d)."""
    settle(g)
    answer(g, *items, kind="choose_targets")


def test_auramancer_returns_enchantment_card_from_your_graveyard() -> None:
    """Auramancer: the target is an enchantment card in *your* graveyard (CR 114.1, 404.1);
    "you may" is chosen on resolution (CR 603.5)."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    pac = put(g, 0, Zone.GRAVEYARD, "Pacifism")
    put(g, 0, Zone.GRAVEYARD, "Grizzly Bears")  # not an enchantment
    theirs = put(g, 1, Zone.GRAVEYARD, "Glorious Anthem")  # not your graveyard
    am = put(g, 0, Zone.HAND, "Auramancer")
    start_at(g, "precombat_main")
    cast(g, am)
    settle(g)
    assert g.decision.kind == "choose_targets"
    assert g.decision.options == (pac.id,) and theirs.id not in g.decision.options
    answer(g, pac.id)
    settle(g)
    answer(g, "yes", kind="may")
    assert hand(g, 0) == ["Pacifism"] and graveyard(g, 0) == ["Grizzly Bears"]


def test_auramancer_may_decline_and_needs_a_target() -> None:
    """Auramancer: declining leaves the card; with no enchantment card in your graveyard the
    ability is removed from the stack (CR 603.3d)."""
    g = new_game()
    lands(g, 0, "Plains", 6)
    pac = put(g, 0, Zone.GRAVEYARD, "Pacifism")
    am1 = put(g, 0, Zone.HAND, "Auramancer")
    start_at(g, "precombat_main")
    cast(g, am1)
    settle(g)
    answer(g, pac.id, kind="choose_targets")
    settle(g)
    answer(g, "no", kind="may")
    assert graveyard(g, 0) == ["Pacifism"] and hand(g, 0) == []
    g2 = new_game()
    lands(g2, 0, "Plains", 3)
    am2 = put(g2, 0, Zone.HAND, "Auramancer")
    start_at(g2, "precombat_main")
    cast(g2, am2)
    settle(g2)
    assert g2.decision.kind == "priority" and not g2.stack
    assert any(e.rule == "603.3d" for e in g2.log)


def test_grand_abolisher_stops_opponents_during_your_turn() -> None:
    """Grand Abolisher: during its controller's turn, opponents can't cast spells (CR 101.2)
    nor activate abilities of artifacts, creatures or enchantments - mana abilities
    included (CR 605) - but may activate a land's; on their own turn they may."""
    g = new_game()
    put(g, 0, BF, "Grand Abolisher")
    mountain = put(g, 1, BF, "Mountain")
    put(g, 1, BF, "Mountain")
    pyro = put(g, 1, BF, "Prodigal Pyromancer")
    elves = put(g, 1, BF, "Llanowar Elves")
    shock = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "upkeep")
    g.apply(0, Pass())
    assert g.decision.player == 1
    with pytest.raises(IllegalAction, match="101.2"):
        cast(g, shock, P0)
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(1, Activate(pyro.id, 0, (P0,)))
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(1, Activate(elves.id, 0))
    g.apply(1, Activate(mountain.id, 0))  # a land's mana ability is allowed
    assert str(g.players[1].mana_pool) == "R"
    g.apply(1, Pass())
    to_step(g, "upkeep", 2)  # Bob's turn: no restriction
    assert g.decision.player == 1
    cast(g, shock, P0)
    settle(g)
    assert g.players[0].life == 18


def test_grand_abolisher_allows_its_controller() -> None:
    """Grand Abolisher restricts only opponents: its controller casts spells as usual."""
    g = new_game()
    put(g, 0, BF, "Grand Abolisher")
    put(g, 0, BF, "Mountain")
    shock = put(g, 0, Zone.HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, shock, P1)
    settle(g)
    assert g.players[1].life == 18


def test_grand_abolisher_forbidden_casts_not_listed_as_legal() -> None:
    """Grand Abolisher: a spell the opponent can't cast (CR 101.2) isn't a legal action."""
    g = new_game()
    put(g, 0, BF, "Grand Abolisher")
    put(g, 1, BF, "Mountain")
    shock = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "upkeep")
    g.apply(0, Pass())
    assert g.decision.player == 1
    assert not any(isinstance(a, Cast) and a.card == shock.id for a in g.legal_actions())


def test_cemetery_reaper_lord_and_exiles_creature_card() -> None:
    """Cemetery Reaper: other Zombies you control get +1/+1 (layer 7c, not itself); its
    ability exiles target creature card from any graveyard and makes a 2/2 Zombie."""
    g = new_game()
    lands(g, 0, "Swamp", 3)
    reaper = put(g, 0, BF, "Cemetery Reaper")
    digger = put(g, 0, BF, "Gravedigger")
    their_zombie = put(g, 1, BF, "Rotting Legion")
    bears = put(g, 1, Zone.GRAVEYARD, "Grizzly Bears")
    shock = put(g, 1, Zone.GRAVEYARD, "Shock")
    start_at(g, "precombat_main")
    assert pt(g, reaper) == (2, 2) and pt(g, digger) == (3, 3)
    assert pt(g, their_zombie) == (4, 5)  # not yours: no bonus
    with pytest.raises(IllegalAction, match="601.2c"):
        g.apply(0, Activate(reaper.id, 0, (shock.id,)))  # not a creature card
    g.apply(0, Activate(reaper.id, 0, (bears.id,)))
    settle(g)
    assert [g.objects[i].name for i in g.exile] == ["Grizzly Bears"]
    assert graveyard(g, 1) == ["Shock"]
    token = on_bf(g, "Zombie", 0)[0]
    assert token.is_token and pt(g, token) == (3, 3)


def test_cemetery_reaper_no_token_if_target_left_graveyard() -> None:
    """Cemetery Reaper: if the target card leaves the graveyard, the ability's only target is
    illegal and it doesn't resolve at all - no token (CR 608.2b, 400.7)."""
    g = new_game()
    lands(g, 0, "Swamp", 3)
    lands(g, 1, "Forest", 1)
    reaper = put(g, 0, BF, "Cemetery Reaper")
    bears = put(g, 1, Zone.GRAVEYARD, "Grizzly Bears")
    reclaim = put(g, 1, Zone.HAND, "Reclaim")
    start_at(g, "precombat_main")
    g.apply(0, Activate(reaper.id, 0, (bears.id,)))
    g.apply(0, Pass())
    cast(g, reclaim, bears.id)
    settle(g)
    assert not on_bf(g, "Zombie") and not g.exile
    assert names(g, g.players[1].library[-1:]) == ["Grizzly Bears"]


def _pharaoh_game(attackers: tuple[str, ...]) -> tuple[Game, GameObject, list[GameObject]]:
    g = new_game()
    ph = put(g, 0, Zone.GRAVEYARD, "Vengeful Pharaoh")
    atk = [put(g, 1, BF, n) for n in attackers]
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, *atk, target=P0)
    return g, ph, atk


def test_vengeful_pharaoh_triggers_once_from_graveyard() -> None:
    """Vengeful Pharaoh: works from the graveyard (CR 112.6); all combat damage of a step is
    one event (CR 510.2), so it triggers once however many creatures hit (603.2c); it
    destroys target attacking creature and goes on top of its owner's library."""
    g, ph, (bear, piker) = _pharaoh_game(("Grizzly Bears", "Goblin Piker"))
    advance(g, lambda x: x.decision is not None and x.decision.kind == "choose_targets")
    assert g.players[0].life == 20 - 2 - 2
    assert set(g.decision.options) == {bear.id, piker.id}
    answer(g, piker.id)
    assert len(g.stack) == 1  # one trigger only
    settle(g)
    assert graveyard(g, 1) == ["Goblin Piker"] and on_bf(g, "Grizzly Bears")
    assert names(g, g.players[0].library[-1:]) == ["Vengeful Pharaoh"]
    assert graveyard(g, 0) == []


def test_vengeful_pharaoh_intervening_if_card_left_graveyard() -> None:
    """Vengeful Pharaoh: "if this card is in your graveyard" is checked again on resolution
    (CR 603.4): if the card left, the ability does nothing."""
    g = new_game()
    lands(g, 0, "Forest", 1)
    ph = put(g, 0, Zone.GRAVEYARD, "Vengeful Pharaoh")
    reclaim = put(g, 0, Zone.HAND, "Reclaim")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, bear, target=P0)
    advance(g, lambda x: x.decision is not None and x.decision.kind == "choose_targets")
    answer(g, bear.id)
    g.apply(1, Pass())
    cast(g, reclaim, ph.id)  # respond: put the Pharaoh on top of the library
    settle(g)
    assert on_bf(g, "Grizzly Bears")
    assert any(e.rule == "603.4" for e in g.log)


def test_vengeful_pharaoh_ignores_noncombat_damage_and_battlefield() -> None:
    """Vengeful Pharaoh: noncombat damage doesn't trigger it, nor does it work while on the
    battlefield (it's an ability of a card in a graveyard, CR 112.6)."""
    g = new_game()
    put(g, 0, Zone.GRAVEYARD, "Vengeful Pharaoh")
    put(g, 1, BF, "Mountain")
    shock = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, shock, P0)
    settle(g)
    assert g.players[0].life == 18 and not g.stack and graveyard(g, 0) == [
        "Vengeful Pharaoh"]
    g2 = new_game()
    put(g2, 0, BF, "Vengeful Pharaoh")
    bear = put(g2, 1, BF, "Grizzly Bears")
    start_at(g2, "declare_attackers", turn=2, active=1)
    attack(g2, bear, target=P0)
    to_step(g2, "end_of_combat")
    assert g2.players[0].life == 18 and on_bf(g2, "Grizzly Bears")


def _test_red_walker() -> Any:
    from manastack.cards.dsl import ActivatedAbility, Cost, make_card, player, target_of
    from manastack.cards.effects import DealDamage, T
    from manastack.cards.registry import register_test_card
    return register_test_card(make_card(
        "Test Red Walker", "{2}{R}", types=("Planeswalker",), subtypes=("Chandra",),
        loyalty=3, abilities=(ActivatedAbility(
            Cost(loyalty=1), DealDamage(1, T(0)), (target_of(player, "target player"),),
            text="+1: This planeswalker deals 1 damage to target player."),)))


def test_chandras_phoenix_returns_when_red_spell_damages_opponent() -> None:
    """Chandra's Phoenix: damage to an opponent from a red instant you control (the spell is
    the source as it resolves, CR 608.2) returns the card from your graveyard to your hand;
    damage to a creature doesn't."""
    g = new_game()
    lands(g, 0, "Mountain", 2)
    phoenix = put(g, 0, Zone.GRAVEYARD, "Chandra's Phoenix")
    bear = put(g, 1, BF, "Grizzly Bears")
    s1 = put(g, 0, Zone.HAND, "Shock")
    s2 = put(g, 0, Zone.HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, s1, bear.id)
    settle(g)
    assert "Chandra's Phoenix" in graveyard(g, 0)
    cast(g, s2, P1)
    settle(g)
    assert g.players[1].life == 18
    assert "Chandra's Phoenix" in hand(g, 0)
    assert phoenix.id not in g.players[0].graveyard


def test_chandras_phoenix_not_for_creatures_or_opponents_spells() -> None:
    """Chandra's Phoenix: a red creature's ability isn't an instant or sorcery spell, and an
    opponent's red spell isn't one you control: no trigger."""
    g = new_game()
    put(g, 0, Zone.GRAVEYARD, "Chandra's Phoenix")
    pyro = put(g, 0, BF, "Prodigal Pyromancer")
    put(g, 1, BF, "Mountain")
    shock = put(g, 1, Zone.HAND, "Shock")
    start_at(g, "precombat_main")
    g.apply(0, Activate(pyro.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 19 and graveyard(g, 0) == ["Chandra's Phoenix"]
    g.apply(0, Pass())
    cast(g, shock, P0)  # Bob's red spell hits Alice: she is not "an opponent" of hers
    settle(g)
    assert g.players[0].life == 18 and graveyard(g, 0) == ["Chandra's Phoenix"]


def test_chandras_phoenix_returns_for_red_planeswalker() -> None:
    """Chandra's Phoenix: damage dealt to an opponent by a red planeswalker you control
    returns it too (the planeswalker is the source of the damage, CR 119.7)."""
    walker = _test_red_walker()
    g = new_game()
    put(g, 0, Zone.GRAVEYARD, "Chandra's Phoenix")
    pw = put(g, 0, BF, walker)
    start_at(g, "precombat_main")
    g.apply(0, Activate(pw.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 19 and hand(g, 0) == ["Chandra's Phoenix"]


def test_incinerate_creature_cant_be_regenerated() -> None:
    """Incinerate: 3 damage; the creature dealt damage can't be regenerated this turn, so its
    regeneration shield doesn't save it from lethal damage (CR 701.13, 704.5g)."""
    g = new_game()
    lands(g, 0, "Mountain", 2)
    lands(g, 1, "Forest", 1)
    troll = put(g, 1, BF, "Cudgel Troll")
    inc = put(g, 0, Zone.HAND, "Incinerate")
    start_at(g, "precombat_main")
    cast(g, inc, troll.id)
    g.apply(0, Pass())
    g.apply(1, Activate(troll.id, 0))  # a regeneration shield in response
    settle(g)
    assert graveyard(g, 1) == ["Cudgel Troll"]


def test_incinerate_compared_with_lightning_bolt_and_players() -> None:
    """Incinerate: without it, a shielded Cudgel Troll regenerates from 3 damage (Lightning
    Bolt); Incinerate also hits players (any target)."""
    g = new_game()
    lands(g, 0, "Mountain", 3)
    lands(g, 1, "Forest", 1)
    troll = put(g, 1, BF, "Cudgel Troll")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    inc = put(g, 0, Zone.HAND, "Incinerate")
    start_at(g, "precombat_main")
    cast(g, bolt, troll.id)
    g.apply(0, Pass())
    g.apply(1, Activate(troll.id, 0))
    settle(g)
    assert on_bf(g, "Cudgel Troll") and g.obj(troll.id).tapped
    cast(g, inc, P1)
    settle(g)
    assert g.players[1].life == 17


def test_arachnus_web_locks_creature() -> None:
    """Arachnus Web: the enchanted creature can't attack or block (a rules effect that
    survives ability loss), and its activated abilities can't be activated (CR 602.5)."""
    g = new_game()
    lands(g, 0, "Forest", 3)
    pyro = put(g, 1, BF, "Prodigal Pyromancer")
    bear = put(g, 1, BF, "Grizzly Bears")
    web = put(g, 0, Zone.HAND, "Arachnus Web")
    mine = put(g, 0, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    cast(g, web, pyro.id)
    settle(g)
    g.apply(0, Pass())
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(1, Activate(pyro.id, 0, (P0,)))
    to_step(g, "declare_attackers")
    attack(g, mine)
    to_blockers(g)
    assert pyro.id not in g.decision.candidates and bear.id in g.decision.candidates
    to_step(g, "declare_attackers", 2)
    assert pyro.id not in g.decision.candidates and bear.id in g.decision.candidates


def test_arachnus_web_destroyed_at_end_step_if_power_4() -> None:
    """Arachnus Web: "at the beginning of the end step, if enchanted creature's power is 4 or
    greater" - an intervening if (CR 603.4): checked at the end step only."""
    g = new_game()
    lands(g, 0, "Forest", 4)
    bear = put(g, 1, BF, "Grizzly Bears")
    web = put(g, 0, Zone.HAND, "Arachnus Web")
    start_at(g, "precombat_main")
    cast(g, web, bear.id)
    settle(g)
    to_step(g, "end")
    assert not g.stack and on_bf(g, "Arachnus Web")  # power 2: no trigger
    g2 = new_game()
    lands(g2, 0, "Forest", 4)
    bear2 = put(g2, 1, BF, "Grizzly Bears")
    web2 = put(g2, 0, Zone.HAND, "Arachnus Web")
    growth = put(g2, 0, Zone.HAND, "Giant Growth")
    start_at(g2, "precombat_main")
    cast(g2, web2, bear2.id)
    settle(g2)
    cast(g2, growth, bear2.id)  # 5/5 until end of turn
    settle(g2)
    to_step(g2, "end")
    settle(g2)
    assert not on_bf(g2, "Arachnus Web") and graveyard(g2, 0) == ["Giant Growth",
                                                                  "Arachnus Web"]


def test_primordial_hydra_enters_with_x_counters_and_doubles() -> None:
    """Primordial Hydra: enters with X +1/+1 counters, X being the spell's X (CR 614.1c;
    107.3m of later rules); at the beginning of your upkeep the counters double."""
    g = new_game()
    lands(g, 0, "Forest", 5)
    hydra = put(g, 0, Zone.HAND, "Primordial Hydra")
    start_at(g, "precombat_main")
    cast(g, hydra, x=3)
    settle(g)
    h = on_bf(g, "Primordial Hydra")[0]
    assert h.counters == {"+1/+1": 3} and pt(g, h) == (3, 3)
    assert "trample" not in kws(g, h)
    to_step(g, "upkeep", 2)  # Bob's upkeep: not yours
    settle(g)
    assert h.counters == {"+1/+1": 3}
    to_step(g, "draw", 3)
    assert h.counters == {"+1/+1": 6} and pt(g, h) == (6, 6)


def test_primordial_hydra_trample_at_ten_counters() -> None:
    """Primordial Hydra: trample as long as it has ten or more +1/+1 counters."""
    g = new_game()
    h = put(g, 0, BF, "Primordial Hydra", counters={"+1/+1": 5})
    start_at(g, "upkeep")
    assert "trample" not in kws(g, h)
    settle(g)
    assert h.counters == {"+1/+1": 10} and "trample" in kws(g, h)


def test_primordial_hydra_put_onto_battlefield_has_x_zero() -> None:
    """Primordial Hydra: put onto the battlefield without being cast, X is 0 (CR 107.3f):
    a 0/0 that dies (CR 704.5f)."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    qa = put(g, 0, BF, "Quicksilver Amulet")
    hydra = put(g, 0, Zone.HAND, "Primordial Hydra")
    start_at(g, "precombat_main")
    g.apply(0, Activate(qa.id, 0))
    settle(g)
    answer(g, hydra.id)
    assert graveyard(g, 0) == ["Primordial Hydra"]


def test_reclaim_puts_card_on_top_of_library() -> None:
    """Reclaim: target card from your graveyard (not an opponent's, CR 114.1) goes on top of
    your library."""
    g = new_game()
    lands(g, 0, "Forest", 1)
    bears = put(g, 0, Zone.GRAVEYARD, "Grizzly Bears")
    theirs = put(g, 1, Zone.GRAVEYARD, "Shock")
    rec = put(g, 0, Zone.HAND, "Reclaim")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        cast(g, rec, theirs.id)
    cast(g, rec, bears.id)
    settle(g)
    assert names(g, g.players[0].library[-1:]) == ["Grizzly Bears"]
    assert graveyard(g, 0) == ["Reclaim"]


def test_rites_of_flourishing_extra_draw_and_land_for_each_player() -> None:
    """Rites of Flourishing: each player draws an additional card in their draw step (a
    triggered ability, after the turn-based draw, CR 504.1-2) and may play an additional
    land on each of their turns (CR 305.2)."""
    g = new_game(filler="Forest")
    put(g, 0, BF, "Rites of Flourishing")
    start_at(g, "upkeep")
    to_step(g, "draw")
    settle(g)
    assert len(g.players[0].hand) == 2
    to_step(g, "precombat_main")
    f1, f2, *_ = g.players[0].hand
    g.apply(0, PlayLand(f1))
    g.apply(0, PlayLand(f2))
    assert len(on_bf(g, "Forest", 0)) == 2
    to_step(g, "draw", 2)
    settle(g)
    assert len(g.players[1].hand) == 2
    to_step(g, "precombat_main", 2)
    b1, b2 = g.players[1].hand
    g.apply(1, PlayLand(b1))
    g.apply(1, PlayLand(b2))
    assert len(on_bf(g, "Forest", 1)) == 2


def test_rites_of_flourishing_only_one_extra_land() -> None:
    """Rites of Flourishing: one additional land, not more (CR 305.2)."""
    g = new_game()
    put(g, 0, BF, "Rites of Flourishing")
    forests = [put(g, 0, Zone.HAND, "Forest") for _ in range(3)]
    start_at(g, "precombat_main")
    g.apply(0, PlayLand(forests[0].id))
    g.apply(0, PlayLand(forests[1].id))
    with pytest.raises(IllegalAction, match="305.2"):
        g.apply(0, PlayLand(forests[2].id))


def test_pentavus_counters_and_pentavites() -> None:
    """Pentavus: enters with five +1/+1 counters (614.1c); removing one makes a 1/1 colorless
    Pentavite artifact creature token with flying; sacrificing a Pentavite puts one back."""
    g = new_game()
    lands(g, 0, "Plains", 9)
    pen = put(g, 0, Zone.HAND, "Pentavus")
    start_at(g, "precombat_main")
    cast(g, pen)
    settle(g)
    p = on_bf(g, "Pentavus")[0]
    assert pt(g, p) == (5, 5)
    g.apply(0, Activate(p.id, 0))
    settle(g)
    tok = on_bf(g, "Pentavite", 0)[0]
    c = g.chars(tok)
    assert tok.is_token and (c.power, c.toughness) == (1, 1) and "flying" in c.keywords
    assert {"Artifact", "Creature"} <= c.types and not c.colors
    assert pt(g, p) == (4, 4)
    g.apply(0, Activate(p.id, 1))
    answer(g, tok.id)
    settle(g)
    assert pt(g, p) == (5, 5) and not on_bf(g, "Pentavite")


def test_pentavus_needs_counter_to_remove() -> None:
    """Pentavus: removing a +1/+1 counter is a cost: without one it can't be activated
    (CR 602.2b); a cost paid can leave it a 0/0 that dies (CR 704.5f) while the ability
    still resolves (CR 112.7a)."""
    g = new_game()
    lands(g, 0, "Plains", 2)
    put(g, 0, BF, "Glorious Anthem")
    p = put(g, 0, BF, "Pentavus", counters={"+1/+1": 1})
    start_at(g, "precombat_main")
    g.apply(0, Activate(p.id, 0))
    settle(g)
    assert pt(g, p) == (1, 1) and len(on_bf(g, "Pentavite")) == 1
    with pytest.raises(IllegalAction, match="602.2b"):
        g.apply(0, Activate(p.id, 0))
    g2 = new_game()
    put(g2, 0, BF, "Plains")
    p2 = put(g2, 0, BF, "Pentavus", counters={"+1/+1": 1})
    start_at(g2, "precombat_main")
    g2.apply(0, Activate(p2.id, 0))
    settle(g2)
    assert graveyard(g2, 0) == ["Pentavus"] and len(on_bf(g2, "Pentavite")) == 1


def test_rusted_sentinel_enters_tapped() -> None:
    """Rusted Sentinel: enters the battlefield tapped (a replacement effect, CR 614.1d)."""
    g = new_game()
    lands(g, 0, "Plains", 4)
    rs = put(g, 0, Zone.HAND, "Rusted Sentinel")
    start_at(g, "precombat_main")
    cast(g, rs)
    settle(g)
    s = on_bf(g, "Rusted Sentinel")[0]
    assert s.tapped and pt(g, s) == (3, 4)


def test_buried_ruin_mana_and_returns_artifact_card() -> None:
    """Buried Ruin: {T}: add {C} (a mana ability, CR 605.1a); {2}, {T}, sacrifice it: return
    target artifact card from your graveyard to your hand."""
    g = new_game()
    ruin = put(g, 0, BF, "Buried Ruin")
    start_at(g, "precombat_main")
    g.apply(0, Activate(ruin.id, 0))
    assert str(g.players[0].mana_pool) == "C" and not g.stack
    g2 = new_game()
    lands(g2, 0, "Plains", 2)
    ruin2 = put(g2, 0, BF, "Buried Ruin")
    orni = put(g2, 0, Zone.GRAVEYARD, "Ornithopter")
    bears = put(g2, 0, Zone.GRAVEYARD, "Grizzly Bears")
    start_at(g2, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        g2.apply(0, Activate(ruin2.id, 1, (bears.id,)))  # not an artifact card
    g2.apply(0, Activate(ruin2.id, 1, (orni.id,)))
    assert graveyard(g2, 0)[-1] == "Buried Ruin"  # sacrificed as a cost (CR 602.2b)
    settle(g2)
    assert hand(g2, 0) == ["Ornithopter"]
    assert sorted(graveyard(g2, 0)) == ["Buried Ruin", "Grizzly Bears"]

"""One test (at least) named after each showcase card that had none (issue 7): each shows the
card's defining behaviour in a game, per its current Oracle text, citing the rule.

Keyword creatures show the keyword working (flying against a ground creature and a reach
creature, first strike killing a blocker before it strikes back, ...); vanilla creatures
are cast for their mana cost and deal their printed power in combat; spells are cast and
their effect checked."""

from __future__ import annotations

from cardplay import (
    BF,
    GY,
    HAND,
    advance,
    answer,
    block,
    current,
    lands,
    life,
    pt,
    rules_cited,
    settle,
    zone_of,
)
from named_card_helpers import (
    at_step,
    cast,
    fight,
    flying_evades_ground,
    haste_attacks_at_once,
    main,
    on_bf,
    printed,
    refused,
    to_blockers,
)

from manastack import log as ev
from manastack.cards.dsl import make_card
from manastack.cards.registry import register_test_card
from manastack.engine import Game
from manastack.engine.setup import put, setup_game
from manastack.game.decisions import (
    Activate,
    Cast,
    Pass,
    PlayLand,
)

import testcards  # noqa: F401

#: A vanilla Sliver for Two-Headed Sliver ("All Sliver creatures have menace.").
TEST_SLIVER = register_test_card(make_card(
    "Test Sliver", "{1}{G}", types=("Creature",), subtypes=("Sliver",), power=2,
    toughness=2))


# ---------------------------------------------------------------- keyword checks (this set's only)


def wither_counters(name: str, blocker: str) -> Game:
    """Wither (702.79a, 119.3d): the creature's damage to a creature is dealt as -1/-1
    counters: the blocker is left with counters and no marked damage."""
    g = setup_game()
    w = put(g, 0, BF, name)
    b = put(g, 1, BF, blocker)
    fight(g, [w], [(b, w)])
    power = pt(g, w)[0] if zone_of(g, w) == BF else printed(name)[0]
    blk = current(g, b)
    if blk.zone == BF:
        assert blk.counters == {"-1/-1": power} and blk.damage == 0
    else:  # the counters made its toughness 0 (704.5f)
        assert (printed(blocker)[1]) <= (power or 0)
        assert any(e.rule == "704.5f" for e in g.log)
    return g


def test_fencing_ace_double_strike_deals_damage_twice() -> None:
    """Fencing Ace, 1/1 double strike (702.4b): unblocked it deals 1 damage in each combat
    damage step (2 in all); blocked by a 2/1 it destroys the blocker in the first-strike
    step and takes no damage (510.4)."""
    g = setup_game()
    ace = put(g, 0, BF, "Fencing Ace")
    fight(g, [ace])
    assert life(g, 1) == 18
    assert [e.data["amount"] for e in g.log if e.kind == ev.DAMAGE] == [1, 1]
    g = setup_game()
    ace = put(g, 0, BF, "Fencing Ace")
    vanguard = put(g, 1, BF, "Elite Vanguard")
    fight(g, [ace], [(vanguard, ace)])
    assert zone_of(g, vanguard) == GY and zone_of(g, ace) == BF
    assert g.obj(ace.id).damage == 0


def test_ertais_familiar_phases_out_on_untap_and_mills_three() -> None:
    """Ertai's Familiar: phasing (702.25a): it phases out during its controller's next
    untap step (502.1) and is treated as though it doesn't exist (702.25b); phasing out
    triggers "mill three cards"; it phases in on the following untap step, not a new
    object (702.25d: no mill, no enters trigger)."""
    g = setup_game()
    fam = put(g, 0, BF, "Ertai's Familiar")
    main(g)
    advance(g, at_step("upkeep", 3), order=True)
    assert g.obj(fam.id).phased_out and fam.id not in [o.id for o in g.permanents()]
    settle(g)
    assert len(g.players[0].graveyard) == 3 and len(g.players[0].library) == 37
    advance(g, at_step("upkeep", 5))
    assert not g.obj(fam.id).phased_out and fam.id in [o.id for o in g.permanents()]
    settle(g)
    assert len(g.players[0].graveyard) == 3
    assert any(e.kind == ev.PHASED for e in g.log)


def test_ertais_familiar_pays_blue_to_stay_and_mills_when_it_leaves() -> None:
    """Ertai's Familiar: "{U}: Until your next upkeep, this creature can't phase out": paid
    on turn 1, it doesn't phase out on turn 3's untap step (the effect ends in that
    upkeep) but does on turn 5.  When it leaves the battlefield (Shock), mill three."""
    g = setup_game()
    fam = put(g, 0, BF, "Ertai's Familiar")
    lands(g, 0, "Island", 1)
    main(g)
    g.apply(0, Activate(fam.id, 0))
    settle(g)
    advance(g, at_step("upkeep", 3))
    assert not g.obj(fam.id).phased_out and not g.players[0].graveyard
    advance(g, at_step("upkeep", 5))
    assert g.obj(fam.id).phased_out
    settle(g)
    assert len(g.players[0].graveyard) == 3
    g = setup_game()
    fam = put(g, 0, BF, "Ertai's Familiar")
    lands(g, 1, "Mountain", 1)
    shock = put(g, 1, HAND, "Shock")
    main(g, turn=2, active=1)
    cast(g, shock, fam, player=1)
    settle(g)
    settle(g)
    assert zone_of(g, fam) == GY
    assert sorted(g.objects[i].name for i in g.players[0].graveyard) == \
        ["Ertai's Familiar", "Plains", "Plains", "Plains"]


def test_teferis_imp_phasing_discards_then_draws() -> None:
    """Teferi's Imp: flying (702.9b); phasing (702.25a): it phases out on its controller's
    untap step ("whenever this creature phases out, discard a card") and back in on the
    next ("whenever this creature phases in, draw a card"); triggers from the untap step
    wait for the upkeep (502.3, 503.1)."""
    flying_evades_ground("Teferi's Imp")
    g = setup_game()
    imp = put(g, 0, BF, "Teferi's Imp")
    rot = put(g, 0, HAND, "Mind Rot")
    main(g)
    advance(g, at_step("upkeep", 3))
    assert g.obj(imp.id).phased_out
    settle(g)
    answer(g, rot.id, kind="discard")  # the only card in hand
    settle(g)
    assert zone_of(g, rot) == GY and g.players[0].hand == []
    advance(g, at_step("upkeep", 5))
    assert not g.obj(imp.id).phased_out
    hand = len(g.players[0].hand)  # turn 3's draw
    settle(g)
    assert len(g.players[0].hand) == hand + 1
    assert "502.1" in rules_cited(g)


def test_plague_stinger_flying_infect_poison_and_counters() -> None:
    """Plague Stinger: flying (702.9b); infect (702.89b-c, 119.3b, 119.3d): its damage to
    a player gives poison counters (no life lost), to a creature -1/-1 counters."""
    g = setup_game()
    stinger = put(g, 0, BF, "Plague Stinger")
    bears = put(g, 1, BF, "Grizzly Bears")
    to_blockers(g, stinger)
    refused(g, "509.1b", block, (bears, stinger))
    block(g)
    advance(g, at_step("end_of_combat"))
    assert g.players[1].poison == 1 and life(g, 1) == 20
    g = setup_game()
    stinger = put(g, 0, BF, "Plague Stinger")
    spider = put(g, 1, BF, "Giant Spider")
    fight(g, [stinger], [(spider, stinger)])
    assert g.obj(spider.id).counters == {"-1/-1": 1} and g.obj(spider.id).damage == 0
    assert pt(g, spider) == (1, 3)


def test_sickle_ripper_wither_gives_minus_counters() -> None:
    """Sickle Ripper, 2/1 wither (702.79a): blocked by Siege Mastodon (3/5), it puts two
    -1/-1 counters on it instead of marking damage; the Mastodon is a 1/3 afterwards."""
    wither_counters("Sickle Ripper", "Siege Mastodon")
    g = setup_game()
    ripper = put(g, 0, BF, "Sickle Ripper")
    mastodon = put(g, 1, BF, "Siege Mastodon")
    fight(g, [ripper], [(mastodon, ripper)])
    assert pt(g, mastodon) == (1, 3)


# ================================================================ red


def test_raging_goblin_haste_attacks_the_turn_it_arrives() -> None:
    """Raging Goblin, 1/1 haste (702.10b): it attacks the turn it is cast (302.6)."""
    haste_attacks_at_once("Raging Goblin", "Mountain")


def test_raging_cougar_haste_attacks_the_turn_it_arrives() -> None:
    """Raging Cougar, 2/2 haste (702.10b): it attacks the turn it is cast (302.6)."""
    haste_attacks_at_once("Raging Cougar", "Mountain")


def test_boggart_ram_gang_haste_and_wither() -> None:
    """Boggart Ram-Gang: hybrid cost {R/G}x3 (107.4e: Forests or Mountains), haste
    (702.10b) and wither (702.79a): blocked by Maritime Guard (1/3), its damage is three
    -1/-1 counters, and the 0/0 Guard is put into the graveyard (704.5f)."""
    haste_attacks_at_once("Boggart Ram-Gang", "Forest")
    wither_counters("Boggart Ram-Gang", "Maritime Guard")


def test_stigma_lasher_wither_and_player_cant_gain_life() -> None:
    """Stigma Lasher: wither (702.79a); whenever it deals damage to a player, that player
    can't gain life for the rest of the game: the opponent's Brindle Boar, sacrificed
    afterwards, gains them nothing (118.7), also on a later turn."""
    wither_counters("Stigma Lasher", "Siege Mastodon")
    g = setup_game()
    lasher = put(g, 0, BF, "Stigma Lasher")
    boar = put(g, 1, BF, "Brindle Boar")
    boar2 = put(g, 1, BF, "Brindle Boar")
    fight(g, [lasher])
    settle(g)
    assert life(g, 1) == 18
    g.apply(0, Pass())
    assert g.decision is not None and g.decision.player == 1
    g.apply(1, Activate(boar.id, 0))
    settle(g)
    assert zone_of(g, boar) == GY and life(g, 1) == 18
    advance(g, lambda x: x.turn_number == 2 and at_step("precombat_main")(x))
    g.apply(1, Activate(boar2.id, 0))
    settle(g)
    assert life(g, 1) == 18


def test_two_headed_sliver_all_slivers_have_menace() -> None:
    """Two-Headed Sliver: "All Sliver creatures have menace." (604.2, layer 6, 613.1f): it
    and every other Sliver, the opponent's too, can't be blocked except by two or more
    creatures (702.110b); a non-Sliver is unaffected."""
    g = setup_game()
    ths = put(g, 0, BF, "Two-Headed Sliver")
    theirs = put(g, 1, BF, "Test Sliver")
    bears = put(g, 0, BF, "Grizzly Bears")
    assert "menace" in g.chars(ths).keywords and "menace" in g.chars(theirs).keywords
    assert "menace" not in g.chars(bears).keywords
    b1, b2 = put(g, 1, BF, "Grizzly Bears"), put(g, 1, BF, "Runeclaw Bear")
    to_blockers(g, ths, bears)
    refused(g, "509.1b", block, (b1, ths))
    block(g, (b1, ths), (b2, ths))
    g = setup_game()
    put(g, 0, BF, "Two-Headed Sliver")
    theirs = put(g, 1, BF, "Test Sliver")
    blocker = put(g, 0, BF, "Grizzly Bears")
    to_blockers(g, theirs, turn=2, active=1)
    refused(g, "509.1b", block, (blocker, theirs))


def test_boros_swiftblade_double_strike_kills_blocker_first() -> None:
    """Boros Swiftblade, 1/2 double strike (702.4b), cast for {R}{W}: unblocked it deals 2
    damage (1 in each combat damage step); blocked by Raging Goblin (1/1) it destroys it
    in the first-strike step and takes no damage."""
    g = setup_game()
    card = put(g, 0, HAND, "Boros Swiftblade")
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Plains", 1)
    main(g)
    cast(g, card)
    settle(g)
    assert on_bf(g, "Boros Swiftblade")
    g = setup_game()
    sb = put(g, 0, BF, "Boros Swiftblade")
    fight(g, [sb])
    assert life(g, 1) == 18
    g = setup_game()
    sb = put(g, 0, BF, "Boros Swiftblade")
    goblin = put(g, 1, BF, "Raging Goblin")
    fight(g, [sb], [(goblin, sb)])
    assert zone_of(g, goblin) == GY and g.obj(sb.id).damage == 0


def test_tel_jilad_fallen_protection_from_artifacts_and_infect() -> None:
    """Tel-Jilad Fallen: protection from artifacts (702.16): an artifact creature can't
    block it, and an artifact's damage to it is prevented; infect (702.89b-c): -1/-1
    counters on creatures, poison counters on players."""
    g = setup_game()
    fallen = put(g, 0, BF, "Tel-Jilad Fallen")
    golem = put(g, 1, BF, "Stone Golem")
    to_blockers(g, fallen)
    refused(g, "509.1b", block, (golem, fallen))
    block(g)
    advance(g, at_step("end_of_combat"))
    assert g.players[1].poison == 3 and life(g, 1) == 20
    g = setup_game()
    golem = put(g, 1, BF, "Stone Golem")
    fallen = put(g, 0, BF, "Tel-Jilad Fallen")
    to_blockers(g, golem, turn=2, active=1)
    block(g, (fallen, golem))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, fallen) == BF and g.obj(fallen.id).damage == 0
    assert g.obj(golem.id).counters == {"-1/-1": 3} and pt(g, golem) == (1, 1)


def test_teferis_isle_enters_tapped_taps_for_two_blue_and_phases() -> None:
    """Teferi's Isle: played, it enters tapped (614.1d); phasing (702.25a): it phases out
    on its controller's next untap step, still tapped, and phases in on the following one,
    then untaps (502.1-502.3); "{T}: Add {U}{U}" then pays for Coral Merfolk ({1}{U})."""
    g = setup_game()
    isle = put(g, 0, HAND, "Teferi's Isle")
    merfolk = put(g, 0, HAND, "Coral Merfolk")
    main(g)
    g.apply(0, PlayLand(isle.id))
    isle = on_bf(g, "Teferi's Isle")
    assert isle.tapped
    advance(g, at_step("upkeep", 3))
    assert g.obj(isle.id).phased_out and g.obj(isle.id).tapped
    assert isle.id not in [o.id for o in g.permanents()]
    advance(g, at_step("precombat_main", 3))
    assert Cast(merfolk.id) not in g.legal_actions()
    advance(g, at_step("upkeep", 5))
    assert not g.obj(isle.id).phased_out and not g.obj(isle.id).tapped
    advance(g, at_step("precombat_main", 5))
    cast(g, merfolk)
    settle(g)
    assert on_bf(g, "Coral Merfolk") and g.obj(isle.id).tapped


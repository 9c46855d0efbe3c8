"""One test (at least) named after each showcase card that had none (issue 7): each shows the
card's defining behaviour in a game, per its current Oracle text, citing the rule.

Keyword creatures show the keyword working (flying against a ground creature and a reach
creature, first strike killing a blocker before it strikes back, ...); vanilla creatures
are cast for their mana cost and deal their printed power in combat; spells are cast and
their effect checked."""

from __future__ import annotations

from typing import Any

import pytest
from cardplay import (
    advance,
    answer,
    attack,
    block,
    current,
    kind_is,
    lands,
    life,
    pt,
    settle,
    zone_of,
)

from manastack import log as ev
from manastack.cards.database import all_card_data
from manastack.cards.dsl import make_card
from manastack.cards.registry import get_card, register_test_card
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

P0, P1 = PlayerRef(0), PlayerRef(1)
BF, HAND, GY, LIB = Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY

#: A vanilla Sliver for Two-Headed Sliver ("All Sliver creatures have menace.").
TEST_SLIVER = register_test_card(make_card(
    "Test Sliver", "{1}{G}", types=("Creature",), subtypes=("Sliver",), power=2,
    toughness=2))


# ---------------------------------------------------------------- helpers


def at_step(name: str, turn: int | None = None) -> Any:
    return lambda g: (g.step is not None and g.step.name == name and g.decision is not None
                      and (turn is None or g.turn_number == turn))


def main(g: Game, turn: int = 1, active: int = 0) -> Game:
    return start_at(g, "precombat_main", turn=turn, active=active)


def cast(g: Game, card: GameObject, *targets: Any, player: int = 0) -> None:
    g.apply(player, Cast(card.id, tuple(t.id if isinstance(t, GameObject) else t
                                        for t in targets)))


def on_bf(g: Game, name: str) -> GameObject:
    (o,) = [o for o in g.permanents() if o.name == name]
    return o


def refused(g: Game, rule: str, fn: Any, *args: Any) -> None:
    """``fn(g, *args)`` is illegal, the refusal cites ``rule`` and nothing changes."""
    before, n = g.state_hash(), len(g.log)
    with pytest.raises(IllegalAction) as ex:
        fn(g, *args)
    assert rule in str(ex.value), ex.value
    assert g.state_hash() == before and len(g.log) == n


def to_blockers(g: Game, *attackers: GameObject, turn: int = 1, active: int = 0) -> None:
    """Start ``active``'s combat, attack the other player with ``attackers`` and stop at
    the defending player's declaration of blockers."""
    start_at(g, "declare_attackers", turn=turn, active=active)
    attack(g, *attackers, target=PlayerRef(1 - active))
    advance(g, lambda x: kind_is("declare_blockers")(x) or at_step("combat_damage")(x))


def fight(g: Game, attackers: list[GameObject],
          blocks: list[tuple[GameObject, GameObject]] | None = None) -> None:
    """Player 0 attacks with ``attackers``, player 1 blocks with ``blocks``; the combat
    damage steps are played out, up to the end of combat step."""
    to_blockers(g, *attackers)
    if kind_is("declare_blockers")(g):
        block(g, *(blocks or []))
    else:
        assert not blocks
    advance(g, at_step("end_of_combat"))


def rules_cited(g: Game) -> set[str]:
    return {e.rule for e in g.log}


def printed(name: str) -> tuple[int, int]:
    d = all_card_data()[name]
    assert d.power is not None and d.toughness is not None
    return int(d.power), int(d.toughness)


def combat_damage_to(g: Game, target: int) -> list[tuple[int, int]]:
    """(source, amount) of each combat damage event dealt to the object ``target``."""
    return [(e.data["source"], e.data["amount"]) for e in g.log
            if e.kind == ev.DAMAGE and e.data.get("combat") and e.data.get("target") == target]


# ---------------------------------------------------------------- keyword checks


def flying_evades_ground(name: str) -> GameObject:
    """Flying (702.9b, 509.1b): the creature attacks; the defending player's ground
    creature (Grizzly Bears) can't block it, a creature with reach (Giant Spider) can;
    unblocked, it deals its power to the player.  Returns the attacker (unblocked game)."""
    g = setup_game()
    flier = put(g, 0, BF, name)
    bears = put(g, 1, BF, "Grizzly Bears")
    spider = put(g, 1, BF, "Giant Spider")
    to_blockers(g, flier)
    refused(g, "509.1b", block, (bears, flier))
    block(g, (spider, flier))
    assert g.combat is not None and g.combat.blockers[spider.id] == [flier.id]
    g = setup_game()
    flier = put(g, 0, BF, name)
    put(g, 1, BF, "Grizzly Bears")
    fight(g, [flier])
    assert life(g, 1) == 20 - (pt(g, flier)[0] or 0)
    return flier


def first_strike_kills(name: str, blocker: str) -> Game:
    """First strike (702.7b, 510.4): the creature attacks and ``blocker`` (with power
    enough to kill it) blocks; the first-strike combat damage step destroys the blocker
    (704.5g) before the regular step, where it deals no damage."""
    g = setup_game()
    fs = put(g, 0, BF, name)
    b = put(g, 1, BF, blocker)
    assert (pt(g, b)[0] or 0) >= (pt(g, fs)[1] or 0)  # would kill it without first strike
    fight(g, [fs], [(b, fs)])
    assert zone_of(g, b) == GY
    assert zone_of(g, fs) == BF and g.obj(fs.id).damage == 0
    assert combat_damage_to(g, fs.id) == []
    assert "510.4" in rules_cited(g)
    return g


def haste_attacks_at_once(name: str, land: str) -> Game:
    """Haste (702.10b, 302.6, 508.1a): cast in the precombat main phase, the creature
    attacks the same turn, while a creature without haste that came under its
    controller's control this turn can't attack."""
    g = setup_game()
    card = put(g, 0, HAND, name)
    lands(g, 0, land, get_card(name).mana_cost.mana_value)
    main(g)
    sick = put(g, 0, BF, "Grizzly Bears", sick=True)
    cast(g, card)
    settle(g)
    c = on_bf(g, name)
    advance(g, kind_is("declare_attackers"))
    refused(g, "508.1a", attack, sick)
    attack(g, c)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 - (pt(g, c)[0] or 0)
    return g


def vigilance_attacks_untapped(name: str) -> Game:
    """Vigilance (702.20b): declaring the creature as an attacker doesn't tap it (508.1f)
    while it taps Grizzly Bears attacking beside it."""
    g = setup_game()
    c = put(g, 0, BF, name)
    bears = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, c, bears)
    assert not g.obj(c.id).tapped and g.obj(bears.id).tapped
    assert g.combat is not None and c.id in g.combat.attackers
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 - (pt(g, c)[0] or 0) - 2
    return g


def bloodthirst(name: str, land: str, n: int) -> GameObject:
    """Bloodthirst N (702.53a): the creature enters with N +1/+1 counters if an opponent
    was dealt damage this turn (Shock to the opponent first), and without them otherwise
    (no damage, or damage only to its controller)."""
    mv = get_card(name).mana_cost.mana_value
    base = printed(name)
    for shock_at in (P1, P0, None):
        g = setup_game()
        card = put(g, 0, HAND, name)
        lands(g, 0, land, mv)
        lands(g, 0, "Mountain", 1)
        shock = put(g, 0, HAND, "Shock")
        main(g)
        if shock_at is not None:
            cast(g, shock, shock_at)
            settle(g)
        cast(g, card)
        settle(g)
        c = on_bf(g, name)
        if shock_at == P1:
            assert life(g, 1) == 18
            assert c.counters == {"+1/+1": n}
            assert pt(g, c) == (base[0] + n, base[1] + n)
            hot = c
        else:
            assert c.counters == {} and pt(g, c) == base
    return hot


def trample_over(name: str, blocker: str) -> Game:
    """Trample (702.19b, 510.1c-d): blocked, the creature must assign lethal damage to the
    blocker before assigning any to the player; the rest tramples over."""
    g = setup_game()
    t = put(g, 0, BF, name)
    b = put(g, 1, BF, blocker)
    to_blockers(g, t)
    block(g, (b, t))
    advance(g, kind_is("assign_damage"))
    power = pt(g, t)[0] or 0
    lethal = pt(g, b)[1] or 0
    too_little = AssignDamage(((t.id, ((b.id, lethal - 1), (P1, power - lethal + 1))),))
    refused(g, "702.19b", lambda g: g.apply(0, too_little))
    g.apply(0, AssignDamage(((t.id, ((b.id, lethal), (P1, power - lethal))),)))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, b) == GY
    assert life(g, 1) == 20 - (power - lethal)
    return g


def hexproof_from_opponents(name: str) -> None:
    """Hexproof (702.11b): the opponent's Shock can't target the creature (it isn't even
    offered); its controller's own Giant Growth can."""
    g = setup_game()
    c = put(g, 0, BF, name)
    lands(g, 1, "Mountain", 1)
    shock = put(g, 1, HAND, "Shock")
    main(g, turn=2, active=1)
    assert Cast(shock.id, (c.id,)) not in g.legal_actions()
    assert Cast(shock.id, (P0,)) in g.legal_actions()
    refused(g, "702.11", lambda g: cast(g, shock, c, player=1))
    g = setup_game()
    c = put(g, 0, BF, name)
    lands(g, 0, "Forest", 1)
    growth = put(g, 0, HAND, "Giant Growth")
    main(g)
    cast(g, growth, c)
    settle(g)
    base = printed(name)
    assert pt(g, c) == (base[0] + 3, base[1] + 3)


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


"""One test (at least) named after each Magic 2012 card that had none (issue 7): each shows the
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
    P0,
    P1,
    advance,
    attack,
    block,
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
    first_strike_kills,
    flying_evades_ground,
    haste_attacks_at_once,
    main,
    on_bf,
    printed,
    refused,
    to_blockers,
    trample_over,
    vigilance_attacks_untapped,
)

from manastack.cards.registry import get_card
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import (
    Cast,
    Pass,
)
from manastack.game.objects import GameObject

import testcards  # noqa: F401

# ---------------------------------------------------------------- keyword checks (this set's only)


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


def test_peregrine_griffin_flying_first_strike_kills_flying_blocker() -> None:
    """Peregrine Griffin, 2/4 flying (702.9b) and first strike (702.7b): blocked by a
    flier that would deal lethal damage to it... here Assault Griffin (3/2) dies first."""
    flying_evades_ground("Peregrine Griffin")
    g = setup_game()
    pg = put(g, 0, BF, "Peregrine Griffin")
    ag = put(g, 1, BF, "Assault Griffin")
    fight(g, [pg], [(ag, pg)])
    assert zone_of(g, ag) == GY and g.obj(pg.id).damage == 0
    assert "510.4" in rules_cited(g)


def test_griffin_sentinel_flies_and_attacks_without_tapping() -> None:
    """Griffin Sentinel: flying (702.9b, 509.1b) and vigilance (702.20b): attacking doesn't
    tap it."""
    flying_evades_ground("Griffin Sentinel")
    vigilance_attacks_untapped("Griffin Sentinel")


def test_aven_fleetwing_flying_and_hexproof() -> None:
    """Aven Fleetwing: flying (702.9b, 509.1b) and hexproof (702.11b): the opponent can't
    target it, its controller can."""
    flying_evades_ground("Aven Fleetwing")
    hexproof_from_opponents("Aven Fleetwing")


def test_vampire_outcasts_bloodthirst_two_and_lifelink() -> None:
    """Vampire Outcasts: bloodthirst 2 (702.53a) and lifelink (702.15b): after Shock to
    the opponent it enters as a 4/4 and its 4 combat damage gains 4 life."""
    bloodthirst("Vampire Outcasts", "Swamp", 2)
    g = setup_game()
    vo = put(g, 0, BF, "Vampire Outcasts", counters={"+1/+1": 2})
    fight(g, [vo])
    assert life(g, 1) == 16 and life(g, 0) == 24


def test_bloodrage_vampire_bloodthirst_one() -> None:
    """Bloodrage Vampire, 3/1 with bloodthirst 1 (702.53a): a 4/2 after the opponent was
    dealt damage this turn, a 3/1 otherwise."""
    bloodthirst("Bloodrage Vampire", "Swamp", 1)


def test_duskhunter_bat_bloodthirst_one_and_flying() -> None:
    """Duskhunter Bat: bloodthirst 1 (702.53a) and flying (702.9b, 509.1b)."""
    bloodthirst("Duskhunter Bat", "Swamp", 1)
    flying_evades_ground("Duskhunter Bat")


def test_lightning_elemental_haste_attacks_the_turn_it_arrives() -> None:
    """Lightning Elemental, 4/1 haste (702.10b): it attacks the turn it is cast (302.6)."""
    haste_attacks_at_once("Lightning Elemental", "Mountain")


def test_volcanic_dragon_flying_and_haste() -> None:
    """Volcanic Dragon: flying (702.9b, 509.1b) and haste (702.10b): it attacks the turn it
    is cast."""
    flying_evades_ground("Volcanic Dragon")
    haste_attacks_at_once("Volcanic Dragon", "Mountain")


def test_blood_ogre_bloodthirst_one_and_first_strike() -> None:
    """Blood Ogre: bloodthirst 1 (702.53a) and first strike (702.7b): it kills a blocking
    Grizzly Bears before the Bears deal damage."""
    bloodthirst("Blood Ogre", "Mountain", 1)
    first_strike_kills("Blood Ogre", "Grizzly Bears")


def test_gorehorn_minotaurs_bloodthirst_two() -> None:
    """Gorehorn Minotaurs, 3/3 bloodthirst 2 (702.53a): a 5/5 after the opponent was dealt
    damage this turn."""
    bloodthirst("Gorehorn Minotaurs", "Mountain", 2)


def test_furyborn_hellkite_bloodthirst_six_and_flying() -> None:
    """Furyborn Hellkite: bloodthirst 6 (702.53a): a 12/12 after the opponent was dealt
    damage this turn; flying (702.9b, 509.1b)."""
    bloodthirst("Furyborn Hellkite", "Mountain", 6)
    flying_evades_ground("Furyborn Hellkite")


def test_stormblood_berserker_bloodthirst_two_and_menace() -> None:
    """Stormblood Berserker: bloodthirst 2 (702.53a); menace (702.110b): one blocker is
    illegal (509.1b), two are legal."""
    bloodthirst("Stormblood Berserker", "Mountain", 2)
    g = setup_game()
    sb = put(g, 0, BF, "Stormblood Berserker")
    b1, b2 = put(g, 1, BF, "Grizzly Bears"), put(g, 1, BF, "Runeclaw Bear")
    to_blockers(g, sb)
    refused(g, "509.1b", block, (b1, sb))
    block(g, (b1, sb), (b2, sb))
    assert g.combat is not None and sb.id in g.combat.blocked


def test_wall_of_torches_defender_cant_attack_but_blocks() -> None:
    """Wall of Torches, 4/1 defender (702.3b): it can't attack (508.1c); it blocks and
    deals its 4 damage."""
    g = setup_game()
    wall = put(g, 0, BF, "Wall of Torches")
    start_at(g, "declare_attackers")
    refused(g, "702.3", attack, wall)
    g = setup_game()
    wall = put(g, 0, BF, "Wall of Torches")
    mastodon = put(g, 1, BF, "Siege Mastodon")
    to_blockers(g, mastodon, turn=2, active=1)
    block(g, (wall, mastodon))
    advance(g, at_step("end_of_combat"))
    assert g.obj(mastodon.id).damage == 4 and zone_of(g, wall) == GY


def test_carnage_wurm_bloodthirst_three_and_trample() -> None:
    """Carnage Wurm: bloodthirst 3 (702.53a): a 9/9 after the opponent was dealt damage
    this turn; trample (702.19b): blocked by Grizzly Bears it assigns 2 to the Bears and
    the rest to the player."""
    bloodthirst("Carnage Wurm", "Forest", 3)
    trample_over("Carnage Wurm", "Grizzly Bears")


def test_stampeding_rhino_trample() -> None:
    """Stampeding Rhino, 4/4 trample (702.19b): blocked by Grizzly Bears, 2 to them and 2
    to the player."""
    trample_over("Stampeding Rhino", "Grizzly Bears")


def test_gladecover_scout_hexproof() -> None:
    """Gladecover Scout, 1/1 hexproof (702.11b): the opponent's spells can't target it, its
    controller's can."""
    hexproof_from_opponents("Gladecover Scout")


def test_lurking_crocodile_bloodthirst_one_and_islandwalk() -> None:
    """Lurking Crocodile: bloodthirst 1 (702.53a); islandwalk (702.14c): it can't be
    blocked while the defending player controls an Island (509.1b)."""
    bloodthirst("Lurking Crocodile", "Forest", 1)
    g = setup_game()
    croc = put(g, 0, BF, "Lurking Crocodile")
    bears = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Island", 1)
    to_blockers(g, croc)
    refused(g, "509.1b", block, (bears, croc))
    g = setup_game()
    croc = put(g, 0, BF, "Lurking Crocodile")
    bears = put(g, 1, BF, "Grizzly Bears")
    to_blockers(g, croc)
    block(g, (bears, croc))


def test_titanic_growth_plus_four_until_end_of_turn() -> None:
    """Titanic Growth: target creature gets +4/+4 until end of turn (611.2a, layer 7c):
    Grizzly Bears, 6/6, survives blocking Spined Wurm (5/4) and kills it; back to 2/2 in
    the cleanup step (514.2)."""
    g = setup_game()
    wurm = put(g, 0, BF, "Spined Wurm")
    bears = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Forest", 2)
    growth = put(g, 1, HAND, "Titanic Growth")
    to_blockers(g, wurm)
    block(g, (bears, wurm))
    g.apply(0, Pass())
    cast(g, growth, bears, player=1)
    settle(g)
    assert pt(g, bears) == (6, 6)
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, wurm) == GY and zone_of(g, bears) == BF
    advance(g, lambda x: x.turn_number == 2)
    assert pt(g, bears) == (2, 2)


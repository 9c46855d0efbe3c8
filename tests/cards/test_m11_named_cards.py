"""One test (at least) named after each Magic 2011 card that had none (issue 7): each shows the
card's defining behaviour in a game, per its current Oracle text, citing the rule.

Keyword creatures show the keyword working (flying against a ground creature and a reach
creature, first strike killing a blocker before it strikes back, ...); vanilla creatures
are cast for their mana cost and deal their printed power in combat; spells are cast and
their effect checked."""

from __future__ import annotations

import pytest
from cardplay import (
    BF,
    GY,
    HAND,
    P0,
    P1,
    advance,
    answer,
    attack,
    block,
    current,
    kind_is,
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
from manastack.engine.setup import put, setup_game
from manastack.game.decisions import (
    Activate,
    Cast,
    Pass,
)

import testcards  # noqa: F401

# ================================================================ vanilla creatures


@pytest.mark.parametrize(("name", "land"), [
    pytest.param("Amphin Cutthroat", "Island", id="Amphin Cutthroat"),
    pytest.param("Armored Cancrix", "Island", id="Armored Cancrix"),
    pytest.param("Armored Warhorse", "Plains", id="Armored Warhorse"),
    pytest.param("Barony Vampire", "Swamp", id="Barony Vampire"),
    pytest.param("Bonebreaker Giant", "Mountain", id="Bonebreaker Giant"),
    pytest.param("Canyon Minotaur", "Mountain", id="Canyon Minotaur"),
    pytest.param("Coral Merfolk", "Island", id="Coral Merfolk"),
    pytest.param("Elite Vanguard", "Plains", id="Elite Vanguard"),
    pytest.param("Maritime Guard", "Island", id="Maritime Guard"),
    pytest.param("Nether Horror", "Swamp", id="Nether Horror"),
    pytest.param("Runeclaw Bear", "Forest", id="Runeclaw Bear"),
    pytest.param("Siege Mastodon", "Plains", id="Siege Mastodon"),
    pytest.param("Silvercoat Lion", "Plains", id="Silvercoat Lion"),
    pytest.param("Spined Wurm", "Forest", id="Spined Wurm"),
    pytest.param("Stone Golem", "Plains", id="Stone Golem"),
    pytest.param("Warpath Ghoul", "Swamp", id="Warpath Ghoul"),
    pytest.param("Zombie Goliath", "Swamp", id="Zombie Goliath"),
])
def test_vanilla_creature_cast_for_its_cost_deals_its_power(name: str, land: str) -> None:
    """A vanilla creature (no rules text): it can't be cast with one mana less than its
    mana cost (601.2f-h), is cast for it (every land tapped), resolves into a creature
    permanent (608.3) with its printed power and toughness (208.1) and no abilities, and
    on its controller's next turn (302.6) deals combat damage equal to its power to the
    defending player (510.1a)."""
    mv = get_card(name).mana_cost.mana_value
    g = setup_game()
    card = put(g, 0, HAND, name)
    lands(g, 0, land, mv - 1)
    main(g)
    if mv:
        assert all(not (isinstance(a, Cast) and a.card == card.id) for a in g.legal_actions())
    g = setup_game()
    card = put(g, 0, HAND, name)
    mine = lands(g, 0, land, mv)
    main(g)
    cast(g, card)
    settle(g)
    assert all(g.obj(x.id).tapped for x in mine)
    c = on_bf(g, name)
    ch = g.chars(c)
    assert ch.is_creature and (ch.power, ch.toughness) == printed(name)
    assert not ch.keywords and not ch.abilities
    advance(g, lambda x: x.turn_number == 3 and kind_is("declare_attackers")(x))
    attack(g, c)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 - printed(name)[0]


# ================================================================ white


def test_assault_griffin_flies_over_ground_blockers() -> None:
    """Assault Griffin, a 3/2 with flying (702.9b): only creatures with flying or reach can
    block it (509.1b)."""
    flying_evades_ground("Assault Griffin")


def test_wild_griffin_flies_over_ground_blockers() -> None:
    """Wild Griffin, a 2/2 with flying (702.9b): only creatures with flying or reach can
    block it (509.1b)."""
    flying_evades_ground("Wild Griffin")


def test_baneslayer_angel_first_strike_lifelink_protection_from_dragons() -> None:
    """Baneslayer Angel: flying (702.9b, 509.1b); protection from Dragons (702.16): a
    Dragon can't block it, though it flies too (702.16f); blocking a 6/6 Dragon (Furyborn
    Hellkite) it deals 5 first-strike damage (510.4), gaining 5 life (lifelink, 702.15b),
    and the Dragon's 6 damage to it is prevented (702.16e)."""
    flying_evades_ground("Baneslayer Angel")
    g = setup_game()
    angel = put(g, 0, BF, "Baneslayer Angel")
    dragon = put(g, 1, BF, "Furyborn Hellkite")
    to_blockers(g, angel)
    refused(g, "509.1b", block, (dragon, angel))  # 702.16f: can't be blocked by Dragons
    # It blocks a Dragon: 5 first-strike damage, the Dragon's 6 is prevented (702.16e).
    g = setup_game()
    dragon = put(g, 0, BF, "Furyborn Hellkite")
    angel = put(g, 1, BF, "Baneslayer Angel")
    fight(g, [dragon], [(angel, dragon)])
    assert g.obj(angel.id).damage == 0 and zone_of(g, angel) == BF
    assert g.obj(dragon.id).damage == 5
    assert life(g, 1) == 25 and life(g, 0) == 20
    assert "510.4" in rules_cited(g)


def test_cloud_crusader_flying_first_strike_kills_flying_blocker() -> None:
    """Cloud Crusader, 2/3 flying (702.9b) and first strike (702.7b): blocked by Assault
    Griffin (3/2, flying), it destroys the Griffin before the Griffin deals damage."""
    flying_evades_ground("Cloud Crusader")
    first_strike_kills("Cloud Crusader", "Assault Griffin")


def test_serra_angel_flies_and_attacks_without_tapping() -> None:
    """Serra Angel: flying (702.9b, 509.1b) and vigilance (702.20b): it attacks, stays
    untapped, and can block on the opponent's turn."""
    flying_evades_ground("Serra Angel")
    g = vigilance_attacks_untapped("Serra Angel")
    angel = on_bf(g, "Serra Angel")
    griffin = put(g, 1, BF, "Wild Griffin")
    advance(g, lambda x: x.turn_number == 2 and kind_is("declare_attackers")(x))
    attack(g, griffin, target=P0)
    advance(g, kind_is("declare_blockers"))
    assert not g.obj(angel.id).tapped
    block(g, (angel, griffin))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, griffin) == GY


def test_elite_vanguard_is_cast_for_one_white_mana() -> None:
    """Elite Vanguard: a 2/1 for {W}: the vanilla check, named (see the parametrised
    test), plus: a Mountain can't pay its {W} (107.4, 601.2g)."""
    g = setup_game()
    card = put(g, 0, HAND, "Elite Vanguard")
    lands(g, 0, "Mountain", 1)
    main(g)
    assert Cast(card.id) not in g.legal_actions()
    refused(g, "601.2", lambda g: cast(g, card))
    g2 = setup_game()
    card = put(g2, 0, HAND, "Elite Vanguard")
    lands(g2, 0, "Plains", 1)
    main(g2)
    cast(g2, card)
    settle(g2)
    assert pt(g2, on_bf(g2, "Elite Vanguard")) == (2, 1)


def test_white_knight_first_strike_and_protection_from_black() -> None:
    """White Knight: first strike (702.7b) kills a blocking Grizzly Bears first; protection
    from black (702.16): a black creature can't block it (702.16f), a black spell can't
    target it (702.16b: Doom Blade isn't offered) and black damage to it is prevented
    (702.16e)."""
    first_strike_kills("White Knight", "Grizzly Bears")
    g = setup_game()
    knight = put(g, 0, BF, "White Knight")
    vampire = put(g, 1, BF, "Barony Vampire")
    to_blockers(g, knight)
    refused(g, "509.1b", block, (vampire, knight))
    g = setup_game()
    knight = put(g, 0, BF, "White Knight")
    bears = put(g, 0, BF, "Grizzly Bears")
    lands(g, 1, "Swamp", 2)
    blade = put(g, 1, HAND, "Doom Blade")
    main(g, turn=2, active=1)
    assert Cast(blade.id, (knight.id,)) not in g.legal_actions()
    assert Cast(blade.id, (bears.id,)) in g.legal_actions()
    refused(g, "702.16", lambda g: cast(g, blade, knight, player=1))
    # A black attacker blocked by the Knight: the Knight kills it first; and a bigger black
    # attacker's damage is prevented.
    g = setup_game()
    horror = put(g, 1, BF, "Nether Horror")  # 4/2 black
    knight = put(g, 0, BF, "White Knight")
    to_blockers(g, horror, turn=2, active=1)
    block(g, (knight, horror))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, horror) == GY and g.obj(knight.id).damage == 0


def test_inspired_charge_pumps_only_your_creatures() -> None:
    """Inspired Charge: creatures you control get +2/+1 until end of turn (611.2c: the
    affected set is locked in as it resolves); the opponent's don't; it wears off in the
    cleanup step (514.2)."""
    g = setup_game()
    mine = [put(g, 0, BF, "Grizzly Bears"), put(g, 0, BF, "Elite Vanguard")]
    theirs = put(g, 1, BF, "Grizzly Bears")
    lands(g, 0, "Plains", 4)
    charge = put(g, 0, HAND, "Inspired Charge")
    main(g)
    cast(g, charge)
    settle(g)
    assert [pt(g, c) for c in mine] == [(4, 3), (4, 2)]
    assert pt(g, theirs) == (2, 2)
    later = put(g, 0, BF, "Silvercoat Lion")  # not there as it resolved: unaffected
    assert pt(g, later) == (2, 2)
    advance(g, lambda x: x.turn_number == 2)
    assert [pt(g, c) for c in mine] == [(2, 2), (2, 1)]


def test_mighty_leap_plus_two_and_flying_until_end_of_turn() -> None:
    """Mighty Leap: target creature gets +2/+2 and gains flying until end of turn: Grizzly
    Bears, a 4/4 flier this turn, can't be blocked by a ground creature (509.1b) and deals
    4; on the next turn it is a 2/2 without flying again (514.2)."""
    g = setup_game()
    bears = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Maritime Guard")
    lands(g, 0, "Plains", 2)
    leap = put(g, 0, HAND, "Mighty Leap")
    main(g)
    cast(g, leap, bears)
    settle(g)
    assert pt(g, bears) == (4, 4) and "flying" in g.chars(bears).keywords
    advance(g, kind_is("declare_attackers"))
    attack(g, bears)
    advance(g, kind_is("declare_blockers"))
    refused(g, "509.1b", block, (wall, bears))
    block(g)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 16
    advance(g, lambda x: x.turn_number == 2)
    assert pt(g, bears) == (2, 2) and "flying" not in g.chars(bears).keywords


# ================================================================ blue


def test_azure_drake_flies_over_ground_blockers() -> None:
    """Azure Drake, a 2/4 with flying (702.9b): only creatures with flying or reach can
    block it (509.1b)."""
    flying_evades_ground("Azure Drake")


# ================================================================ black


def test_black_knight_first_strike_and_protection_from_white() -> None:
    """Black Knight: first strike (702.7b) kills a blocking Grizzly Bears first; protection
    from white (702.16): a white creature can't block it (702.16f), a white Aura can't
    enchant (target) it (702.16c) and white damage to it is prevented (702.16e)."""
    first_strike_kills("Black Knight", "Grizzly Bears")
    g = setup_game()
    knight = put(g, 0, BF, "Black Knight")
    lion = put(g, 1, BF, "Silvercoat Lion")
    to_blockers(g, knight)
    refused(g, "509.1b", block, (lion, knight))
    g = setup_game()
    knight = put(g, 0, BF, "Black Knight")
    bears = put(g, 0, BF, "Grizzly Bears")
    lands(g, 1, "Plains", 2)
    pacifism = put(g, 1, HAND, "Pacifism")
    main(g, turn=2, active=1)
    assert Cast(pacifism.id, (knight.id,)) not in g.legal_actions()
    assert Cast(pacifism.id, (bears.id,)) in g.legal_actions()
    g = setup_game()
    mastodon = put(g, 1, BF, "Siege Mastodon")  # 3/5 white
    knight = put(g, 0, BF, "Black Knight")
    to_blockers(g, mastodon, turn=2, active=1)
    block(g, (knight, mastodon))
    advance(g, at_step("end_of_combat"))
    assert g.obj(knight.id).damage == 0 and zone_of(g, knight) == BF
    assert g.obj(mastodon.id).damage == 2
    assert any(e.rule.startswith("702.16") or e.rule.startswith("615") for e in g.log)


def test_child_of_night_lifelink_gains_life_for_its_damage() -> None:
    """Child of Night, 2/1 lifelink (702.15b): its damage to a player or a creature makes
    its controller gain that much life."""
    g = setup_game()
    child = put(g, 0, BF, "Child of Night")
    fight(g, [child])
    assert life(g, 1) == 18 and life(g, 0) == 22
    g = setup_game()
    child = put(g, 0, BF, "Child of Night")
    bears = put(g, 1, BF, "Grizzly Bears")
    fight(g, [child], [(bears, child)])
    assert life(g, 0) == 22 and zone_of(g, bears) == GY and zone_of(g, child) == GY


def test_bog_raiders_swampwalk_unblockable_against_a_swamp() -> None:
    """Bog Raiders, swampwalk (702.14c): it can't be blocked while the defending player
    controls a Swamp (509.1b); without one it can be, and its controller's own Swamp
    doesn't matter."""
    g = setup_game()
    raiders = put(g, 0, BF, "Bog Raiders")
    lands(g, 0, "Swamp", 1)
    bears = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Swamp", 1)
    to_blockers(g, raiders)
    refused(g, "509.1b", block, (bears, raiders))
    block(g)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 18
    g = setup_game()
    raiders = put(g, 0, BF, "Bog Raiders")
    lands(g, 0, "Swamp", 1)
    bears = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Forest", 1)
    fight(g, [raiders], [(bears, raiders)])
    assert life(g, 1) == 20 and zone_of(g, raiders) == GY


def test_mind_rot_target_player_discards_two() -> None:
    """Mind Rot: target player discards two cards, of their choice (701.8b); with only one
    card in hand, they discard it."""
    g = setup_game()
    lands(g, 0, "Swamp", 3)
    rot = put(g, 0, HAND, "Mind Rot")
    theirs = [put(g, 1, HAND, n) for n in ("Shock", "Grizzly Bears", "Forest")]
    main(g)
    cast(g, rot, P1)
    g.apply(0, Pass())
    g.apply(1, Pass())
    d = g.decision
    assert d is not None and d.player == 1  # the discarding player chooses
    answer(g, theirs[0].id, theirs[2].id)
    settle(g)
    assert [g.objects[i].name for i in g.players[1].hand] == ["Grizzly Bears"]
    assert sorted(g.objects[i].name for i in g.players[1].graveyard) == ["Forest", "Shock"]
    assert zone_of(g, rot) == GY
    g = setup_game()
    lands(g, 0, "Swamp", 3)
    rot = put(g, 0, HAND, "Mind Rot")
    only = put(g, 1, HAND, "Shock")
    main(g)
    cast(g, rot, P1)
    settle(g)
    answer(g, only.id)  # the one card it can discard
    assert zone_of(g, only) == GY and g.players[1].hand == []


def test_vulshok_berserker_haste_attacks_the_turn_it_arrives() -> None:
    """Vulshok Berserker, 3/2 haste (702.10b): it attacks the turn it is cast (302.6)."""
    haste_attacks_at_once("Vulshok Berserker", "Mountain")


# ================================================================ green


def test_brindle_boar_sacrifice_gain_four_life() -> None:
    """Brindle Boar: "Sacrifice this creature: You gain 4 life." (602.2: the sacrifice is a
    cost, 701.15a); it can be activated in response, e.g. while it is blocking."""
    g = setup_game()
    boar = put(g, 0, BF, "Brindle Boar")
    main(g)
    g.apply(0, Activate(boar.id, 0))
    assert zone_of(g, boar) == GY  # paid as the ability is activated
    settle(g)
    assert life(g, 0) == 24


def test_duskdale_wurm_trample() -> None:
    """Duskdale Wurm, 7/7 trample (702.19b): blocked by Grizzly Bears, it assigns lethal
    damage (2) to them and 5 to the player."""
    trample_over("Duskdale Wurm", "Grizzly Bears")


def test_garruks_companion_trample() -> None:
    """Garruk's Companion, 3/2 trample (702.19b): blocked by Raging Goblin, 1 to it and 2
    to the player."""
    trample_over("Garruk's Companion", "Raging Goblin")


def test_yavimaya_wurm_trample() -> None:
    """Yavimaya Wurm, 6/4 trample (702.19b): blocked by Maritime Guard (1/3), 3 to it and
    3 to the player."""
    trample_over("Yavimaya Wurm", "Maritime Guard")


def test_greater_basilisk_deathtouch_destroys_blocker() -> None:
    """Greater Basilisk, 3/5 deathtouch (702.2b): 3 damage destroys a blocking Siege
    Mastodon (3/5) (704.5h), which would otherwise survive."""
    g = setup_game()
    basilisk = put(g, 0, BF, "Greater Basilisk")
    mastodon = put(g, 1, BF, "Siege Mastodon")
    fight(g, [basilisk], [(mastodon, basilisk)])
    assert zone_of(g, mastodon) == GY and zone_of(g, basilisk) == BF
    assert "704.5h" in rules_cited(g)


def test_naturalize_destroys_artifact_or_enchantment() -> None:
    """Naturalize: destroy target artifact or enchantment (701.7a): an artifact creature
    (Stone Golem) or Glorious Anthem; a creature that is neither isn't a legal target
    (114.1, 601.2c)."""
    for victim in ("Stone Golem", "Glorious Anthem"):
        g = setup_game()
        v = put(g, 1, BF, victim)
        bears = put(g, 1, BF, "Grizzly Bears")
        lands(g, 0, "Forest", 2)
        nat = put(g, 0, HAND, "Naturalize")
        main(g)
        assert Cast(nat.id, (bears.id,)) not in g.legal_actions()
        refused(g, "601.2c", cast, nat, bears)
        cast(g, nat, v)
        settle(g)
        assert zone_of(g, v) == GY and zone_of(g, bears) == BF


# ================================================================ artifacts, lands, others


def test_ornithopter_costs_zero_and_flies() -> None:
    """Ornithopter: {0} (cast with no mana, 601.2g), a 0/2 artifact creature with flying
    (702.9b): it can block a flier (509.1b) and a ground creature can't block it."""
    g = setup_game()
    card = put(g, 0, HAND, "Ornithopter")
    main(g)
    cast(g, card)
    settle(g)
    o = on_bf(g, "Ornithopter")
    ch = g.chars(o)
    assert ch.is_creature and "Artifact" in ch.types and (ch.power, ch.toughness) == (0, 2)
    flying_evades_ground("Ornithopter")
    g = setup_game()
    griffin = put(g, 1, BF, "Wild Griffin")
    thopter = put(g, 0, BF, "Ornithopter")
    to_blockers(g, griffin, turn=2, active=1)
    block(g, (thopter, griffin))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, thopter) == GY and life(g, 0) == 20


def test_unsummon_returns_creature_to_owners_hand() -> None:
    """Unsummon: return target creature to its owner's hand (400.3), even when another
    player controls it."""
    g = setup_game()
    bears = put(g, 1, BF, "Grizzly Bears", controller=0)
    lands(g, 0, "Island", 1)
    unsummon = put(g, 0, HAND, "Unsummon")
    main(g)
    cast(g, unsummon, bears)
    settle(g)
    assert zone_of(g, bears) == HAND
    assert current(g, bears).id in g.players[1].hand


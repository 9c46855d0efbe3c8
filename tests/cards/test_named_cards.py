"""One test (at least) named after each pool card that had none (issue 7): each shows the
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


def test_aven_fleetwing_flying_and_hexproof() -> None:
    """Aven Fleetwing: flying (702.9b, 509.1b) and hexproof (702.11b): the opponent can't
    target it, its controller can."""
    flying_evades_ground("Aven Fleetwing")
    hexproof_from_opponents("Aven Fleetwing")


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


def test_lightning_elemental_haste_attacks_the_turn_it_arrives() -> None:
    """Lightning Elemental, 4/1 haste (702.10b): it attacks the turn it is cast (302.6)."""
    haste_attacks_at_once("Lightning Elemental", "Mountain")


def test_vulshok_berserker_haste_attacks_the_turn_it_arrives() -> None:
    """Vulshok Berserker, 3/2 haste (702.10b): it attacks the turn it is cast (302.6)."""
    haste_attacks_at_once("Vulshok Berserker", "Mountain")


def test_volcanic_dragon_flying_and_haste() -> None:
    """Volcanic Dragon: flying (702.9b, 509.1b) and haste (702.10b): it attacks the turn it
    is cast."""
    flying_evades_ground("Volcanic Dragon")
    haste_attacks_at_once("Volcanic Dragon", "Mountain")


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


def test_carnage_wurm_bloodthirst_three_and_trample() -> None:
    """Carnage Wurm: bloodthirst 3 (702.53a): a 9/9 after the opponent was dealt damage
    this turn; trample (702.19b): blocked by Grizzly Bears it assigns 2 to the Bears and
    the rest to the player."""
    bloodthirst("Carnage Wurm", "Forest", 3)
    trample_over("Carnage Wurm", "Grizzly Bears")


def test_duskdale_wurm_trample() -> None:
    """Duskdale Wurm, 7/7 trample (702.19b): blocked by Grizzly Bears, it assigns lethal
    damage (2) to them and 5 to the player."""
    trample_over("Duskdale Wurm", "Grizzly Bears")


def test_garruks_companion_trample() -> None:
    """Garruk's Companion, 3/2 trample (702.19b): blocked by Raging Goblin, 1 to it and 2
    to the player."""
    trample_over("Garruk's Companion", "Raging Goblin")


def test_stampeding_rhino_trample() -> None:
    """Stampeding Rhino, 4/4 trample (702.19b): blocked by Grizzly Bears, 2 to them and 2
    to the player."""
    trample_over("Stampeding Rhino", "Grizzly Bears")


def test_yavimaya_wurm_trample() -> None:
    """Yavimaya Wurm, 6/4 trample (702.19b): blocked by Maritime Guard (1/3), 3 to it and
    3 to the player."""
    trample_over("Yavimaya Wurm", "Maritime Guard")


def test_gladecover_scout_hexproof() -> None:
    """Gladecover Scout, 1/1 hexproof (702.11b): the opponent's spells can't target it, its
    controller's can."""
    hexproof_from_opponents("Gladecover Scout")


def test_greater_basilisk_deathtouch_destroys_blocker() -> None:
    """Greater Basilisk, 3/5 deathtouch (702.2b): 3 damage destroys a blocking Siege
    Mastodon (3/5) (704.5h), which would otherwise survive."""
    g = setup_game()
    basilisk = put(g, 0, BF, "Greater Basilisk")
    mastodon = put(g, 1, BF, "Siege Mastodon")
    fight(g, [basilisk], [(mastodon, basilisk)])
    assert zone_of(g, mastodon) == GY and zone_of(g, basilisk) == BF
    assert "704.5h" in rules_cited(g)


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

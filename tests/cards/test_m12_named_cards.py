"""One test (at least) named after each Magic 2012 card that had none (issue 7): each shows the
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
    AssignDamage,
    Cast,
    Pass,
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


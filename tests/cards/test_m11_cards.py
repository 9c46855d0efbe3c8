"""Magic 2011 cards (src/manastack/cards/sets/m11.py) in real game positions.

Each test shows a card's defining behaviour following its current Oracle text,
citing the Comprehensive Rules where relevant.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardplay import (
    activate,
    answer,
    attack,
    block,
    cast,
    current,
    kind_is,
    lands,
    life,
    names,
    pt,
    resolve,
    zone_of,
)

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    AssignDamage,
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef, Zone

import testcards  # noqa: F401

P0, P1 = PlayerRef(0), PlayerRef(1)
BF, HAND, GY, LIB, EXILE = (Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY,
                            Zone.EXILE)


# ---------------------------------------------------------------- helpers


def new(filler: str | None = "Plains") -> Game:
    return setup_game(filler=filler)


def main(g: Game, turn: int = 1, active: int = 0) -> Game:
    return start_at(g, "precombat_main", turn=turn, active=active)


def until(g: Game, pred: Any, limit: int = 200) -> None:
    """Pass priority (only) until ``pred(g)``."""
    for _ in range(limit):
        if pred(g):
            return
        d = g.decision
        assert d is not None, "the game is over"
        if d.kind == "declare_attackers":
            g.apply(d.player, DeclareAttackers(()))
            continue
        if d.kind == "declare_blockers":
            g.apply(d.player, DeclareBlockers(()))
            continue
        assert d.kind == "priority", f"unexpected decision {d}"
        g.apply(d.player, Pass())
    raise AssertionError("condition never reached")


def step_is(name: str, turn: int | None = None) -> Any:
    return lambda g: g.step is not None and g.step.name == name and \
        (turn is None or g.turn_number == turn) and g.decision is not None


def combat(g: Game, attackers: list[GameObject],
           blocks: list[tuple[GameObject, GameObject]] | None = None, active: int = 0,
           turn: int = 1) -> None:
    """Start at declare attackers, attack, block, and stop at the combat damage step."""
    start_at(g, "declare_attackers", turn=turn, active=active)
    attack(g, *attackers, target=PlayerRef(1 - active))
    until(g, lambda x: kind_is("declare_blockers")(x) or step_is("combat_damage")(x)
          or step_is("end_of_combat")(x))
    if g.decision.kind == "declare_blockers":
        block(g, *(blocks or []))


def to_end_of_combat(g: Game) -> None:
    until(g, step_is("end_of_combat"))


def _why_not(g: Game, o: GameObject) -> str | None:
    from manastack.rules.combat import can_attack
    return can_attack(g, g.obj(o.id))


# ====================================================================== white


def test_ajanis_mantra_may_gain_1_life_in_upkeep() -> None:
    """"At the beginning of your upkeep, you may gain 1 life." (CR 603.5: "may")."""
    g = new()
    put(g, 0, BF, "Ajani's Mantra")
    start_at(g, "upkeep", turn=1)
    resolve(g, "yes")
    assert life(g, 0) == 21
    g2 = new()
    put(g2, 0, BF, "Ajani's Mantra")
    start_at(g2, "upkeep", turn=1)
    resolve(g2, "no")
    assert life(g2, 0) == 20


def test_ajanis_pridemate_counter_for_each_life_gain() -> None:
    """"Whenever you gain life, put a +1/+1 counter on this creature": once per life gain
    event; the opponent gaining life doesn't count."""
    g = new()
    mate = put(g, 0, BF, "Ajani's Pridemate")
    lands(g, 0, "Plains", 2)
    salve = put(g, 0, HAND, "Healing Salve")
    salve2 = put(g, 0, HAND, "Healing Salve")
    main(g)
    cast(g, salve, P0, modes=(0,))
    resolve(g)
    assert pt(g, mate) == (3, 3)
    cast(g, salve2, P1, modes=(0,))
    resolve(g)
    assert pt(g, mate) == (3, 3) and life(g, 1) == 23


def test_armored_ascension_plus_one_per_plains_and_flying() -> None:
    """Enchanted creature gets +1/+1 for each Plains you control (counted continuously,
    CR 611.3a) and has flying."""
    g = new()
    lands(g, 0, "Plains", 4)
    bear = put(g, 0, BF, "Grizzly Bears")
    asc = put(g, 0, HAND, "Armored Ascension")
    extra = put(g, 0, HAND, "Plains")
    put(g, 1, BF, "Plains")  # the opponent's Plains don't count
    main(g)
    cast(g, asc, bear)
    resolve(g)
    assert pt(g, bear) == (6, 6) and "flying" in g.chars(bear).keywords
    g.apply(0, PlayLand(extra.id))
    assert pt(g, bear) == (7, 7)


def test_blinding_mage_taps_target_creature() -> None:
    """"{W}, {T}: Tap target creature." — an activated ability with a tap cost (CR 602)."""
    g = new()
    mage = put(g, 0, BF, "Blinding Mage")
    put(g, 0, BF, "Plains")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    activate(g, mage, bear)
    resolve(g)
    assert g.obj(bear.id).tapped and g.obj(mage.id).tapped


def test_celestial_purge_exiles_black_or_red_permanent_only() -> None:
    """"Exile target black or red permanent." A green creature isn't a legal target
    (CR 601.2c)."""
    g = new()
    lands(g, 0, "Plains", 2)
    purge = put(g, 0, HAND, "Celestial Purge")
    shade = put(g, 1, BF, "Nantuko Shade")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    with pytest.raises(IllegalAction, match="601.2c"):
        cast(g, purge, bear)
    cast(g, purge, shade)
    resolve(g)
    assert zone_of(g, shade) == EXILE


def test_condemn_bottom_of_library_and_controller_gains_toughness() -> None:
    """Condemn puts the attacking creature on the bottom of its owner's library; its
    controller gains life equal to its toughness (last known, CR 608.2g)."""
    g = new()
    ogre = put(g, 0, BF, "Canyon Minotaur")  # 3/3
    put(g, 1, BF, "Plains")
    condemn = put(g, 1, HAND, "Condemn")
    start_at(g, "declare_attackers", turn=1)
    attack(g, ogre)
    g.apply(0, Pass())
    cast(g, condemn, ogre, player=1)
    resolve(g)
    assert g.players[0].library[0] == current(g, ogre).id  # bottom
    assert life(g, 0) == 23 and life(g, 1) == 20


def test_condemn_needs_an_attacking_creature() -> None:
    """Condemn: "target attacking creature" — a creature not attacking can't be chosen."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Plains")
    condemn = put(g, 0, HAND, "Condemn")
    main(g)
    with pytest.raises(IllegalAction):
        cast(g, condemn, bear)


def test_day_of_judgment_destroys_all_creatures_simultaneously() -> None:
    """"Destroy all creatures." is one event: Knight Exemplar's other Knights are still
    indestructible when it happens (CR 701.7a, 702.12b), Roc Egg's dies trigger works."""
    g = new()
    lands(g, 0, "Plains", 4)
    doj = put(g, 0, HAND, "Day of Judgment")
    exemplar = put(g, 0, BF, "Knight Exemplar")
    knight = put(g, 0, BF, "White Knight")
    egg = put(g, 1, BF, "Roc Egg")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    cast(g, doj)
    resolve(g)
    assert zone_of(g, exemplar) == GY and zone_of(g, bear) == GY and zone_of(g, egg) == GY
    assert zone_of(g, knight) == BF
    assert [o.name for o in g.creatures(1)] == ["Bird"]


def test_excommunicate_puts_creature_on_top_of_library() -> None:
    """"Put target creature on top of its owner's library." It is drawn next."""
    g = new()
    lands(g, 0, "Plains", 3)
    exc = put(g, 0, HAND, "Excommunicate")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    cast(g, exc, bear)
    resolve(g)
    assert g.objects[g.players[1].library[-1]].name == "Grizzly Bears"


def test_goldenglow_moth_may_gain_4_life_when_it_blocks() -> None:
    """"Whenever this creature blocks, you may gain 4 life." (CR 509.4a)."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    moth = put(g, 1, BF, "Goldenglow Moth")
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear)
    until(g, kind_is("declare_blockers"))
    block(g, (moth, bear))
    resolve(g, "yes")
    assert life(g, 1) == 24


def test_holy_strength_gives_plus_1_plus_2() -> None:
    """Holy Strength: "Enchanted creature gets +1/+2." (Aura, CR 303.4)."""
    g = new()
    put(g, 0, BF, "Plains")
    bear = put(g, 0, BF, "Grizzly Bears")
    hs = put(g, 0, HAND, "Holy Strength")
    main(g)
    cast(g, hs, bear)
    resolve(g)
    assert pt(g, bear) == (3, 4)


def test_honor_of_the_pure_pumps_only_your_white_creatures() -> None:
    """"White creatures you control get +1/+1." (layer 7c, CR 613.3c)."""
    g = new()
    put(g, 0, BF, "Honor of the Pure")
    lion = put(g, 0, BF, "Silvercoat Lion")
    bear = put(g, 0, BF, "Grizzly Bears")
    their = put(g, 1, BF, "Silvercoat Lion")
    main(g)
    assert pt(g, lion) == (3, 3) and pt(g, bear) == (2, 2) and pt(g, their) == (2, 2)


def test_infantry_veteran_pumps_attacking_creature() -> None:
    """"{T}: Target attacking creature gets +1/+1 until end of turn."."""
    g = new()
    vet = put(g, 0, BF, "Infantry Veteran")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear)
    with pytest.raises(IllegalAction):
        activate(g, vet, vet)  # not attacking
    activate(g, vet, bear)
    resolve(g)
    assert pt(g, bear) == (3, 3)


def test_knight_exemplar_other_knights_bigger_and_indestructible() -> None:
    """"Other Knight creatures you control get +1/+1 and have indestructible." (layers 6
    and 7c); the Exemplar itself isn't affected."""
    g = new()
    ex = put(g, 0, BF, "Knight Exemplar")
    knight = put(g, 0, BF, "White Knight")
    their = put(g, 1, BF, "Black Knight")
    main(g)
    assert pt(g, knight) == (3, 3) and "indestructible" in g.chars(knight).keywords
    assert pt(g, ex) == (2, 2) and "indestructible" not in g.chars(ex).keywords
    assert pt(g, their) == (2, 2)


def test_knight_exemplar_other_knight_survives_simultaneous_lethal_damage() -> None:
    """CR 704.3: both have lethal damage; the other Knight is indestructible when the SBAs
    are performed, so only the Exemplar dies then.  The SBAs are checked again: the White
    Knight is now a 2/2 with 3 damage and no indestructible, so it dies in that second
    check (CR 704.3, 704.5g)."""
    g = new()
    ex = put(g, 0, BF, "Knight Exemplar", damage=2)
    knight = put(g, 0, BF, "White Knight", damage=3)
    main(g)
    assert zone_of(g, ex) == GY and zone_of(g, knight) == GY
    order = [e.text for e in g.log if e.rule == "704.5g"]
    assert order[0].startswith("Knight Exemplar") and order[1].startswith("White Knight")
    assert any(e.rule == "702.12b" and "White Knight" in e.text for e in g.log)


def test_pacifism_enchanted_creature_cant_attack() -> None:
    """"Enchanted creature can't attack or block." (CR 508.1c: a restriction)."""
    g = new()
    lands(g, 1, "Plains", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    other = put(g, 0, BF, "Grizzly Bears")
    pac = put(g, 1, HAND, "Pacifism")
    main(g, active=1)
    cast(g, pac, bear)
    resolve(g)
    until(g, kind_is("declare_attackers"))  # Alice's turn 2
    with pytest.raises(IllegalAction, match="508.1c"):
        attack(g, bear)
    attack(g, other)


def test_pacifism_creature_cant_block() -> None:
    """Pacifism: the enchanted creature can't block (CR 509.1b: a restriction)."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    wall = put(g, 1, BF, "Grizzly Bears")
    aura = put(g, 0, BF, "Pacifism")
    aura.attached_to = wall.id
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear)
    until(g, kind_is("declare_blockers"))
    assert g.decision.legal_actions(g) == [DeclareBlockers(())]
    with pytest.raises(IllegalAction, match="509.1b"):
        g.apply(1, DeclareBlockers(((wall.id, (bear.id,)),)))
    g.apply(1, DeclareBlockers(()))
    resolve(g)
    until(g, step_is("end_of_combat"))
    assert life(g, 1) == 18


def test_palace_guard_blocks_any_number_of_creatures() -> None:
    """"This creature can block any number of creatures." (CR 509.1a)."""
    g = new()
    a = put(g, 0, BF, "Grizzly Bears")
    b = put(g, 0, BF, "Grizzly Bears")
    c = put(g, 0, BF, "Grizzly Bears")
    guard = put(g, 1, BF, "Palace Guard")
    combat(g, [a, b, c], [(guard, a), (guard, b), (guard, c)])
    assert g.combat is not None and len(g.combat.blockers[guard.id]) == 3
    answer(g, a.id, b.id, c.id)  # 509.3: damage assignment order of the blocker
    until(g, kind_is("assign_damage"))
    g.apply(1, AssignDamage(((guard.id, ((a.id, 1),)),)))
    until(g, step_is("end_of_combat"))
    assert life(g, 1) == 20 and zone_of(g, guard) == GY


def test_roc_egg_dies_creates_3_3_flying_bird() -> None:
    """"When this creature dies, create a 3/3 white Bird creature token with flying."."""
    g = new()
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    egg = put(g, 1, BF, "Roc Egg")
    main(g)
    cast(g, bolt, egg)
    resolve(g)
    birds = g.creatures(1)
    assert [b.name for b in birds] == ["Bird"] and pt(g, birds[0]) == (3, 3)
    assert "flying" in g.chars(birds[0]).keywords and g.chars(birds[0]).colors == {"W"}


def test_roc_egg_bounced_doesnt_die() -> None:
    """"Dies" means put into a graveyard from the battlefield (CR 700.4): bounce doesn't."""
    g = new()
    put(g, 0, BF, "Island")
    unsummon = put(g, 0, HAND, "Unsummon")
    egg = put(g, 1, BF, "Roc Egg")
    main(g)
    cast(g, unsummon, egg)
    resolve(g)
    assert g.creatures(1) == []


def test_safe_passage_prevents_damage_to_you_and_your_creatures() -> None:
    """Safe Passage: all damage to you and creatures you control this turn is prevented
    (CR 615); the opponent's creatures still take it."""
    g = new()
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Mountain", 3)
    sp = put(g, 0, HAND, "Safe Passage")
    mine = put(g, 0, BF, "Grizzly Bears")
    theirs = put(g, 1, BF, "Grizzly Bears")
    pyro = put(g, 1, HAND, "Pyroclasm")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    main(g, active=1)
    g.apply(1, Pass())
    cast(g, sp, player=0)
    resolve(g)
    cast(g, pyro)
    resolve(g)
    cast(g, bolt, P0)
    resolve(g)
    assert zone_of(g, mine) == BF and zone_of(g, theirs) == GY and life(g, 0) == 20


def test_serra_ascendant_bigger_and_flying_at_30_life() -> None:
    """"As long as you have 30 or more life, this creature gets +5/+5 and has flying."."""
    g = new()
    sa = put(g, 0, BF, "Serra Ascendant")
    g.players[0].life = 29
    main(g)
    assert pt(g, sa) == (1, 1) and "flying" not in g.chars(sa).keywords
    g.players[0].life = 30
    g.changed()
    assert pt(g, sa) == (6, 6) and "flying" in g.chars(sa).keywords


def test_solemn_offering_destroys_artifact_and_gains_4() -> None:
    """"Destroy target artifact or enchantment. You gain 4 life."."""
    g = new()
    lands(g, 0, "Plains", 3)
    so = put(g, 0, HAND, "Solemn Offering")
    bell = put(g, 1, BF, "Temple Bell")
    main(g)
    cast(g, so, bell)
    resolve(g)
    assert zone_of(g, bell) == GY and life(g, 0) == 24


def test_squadron_hawk_searches_up_to_three_hawks() -> None:
    """ETB: you may search for up to three cards named Squadron Hawk, reveal them, put
    them into your hand, then shuffle (CR 701.18)."""
    g = new()
    lands(g, 0, "Plains", 2)
    hawks = [put(g, 0, LIB, "Squadron Hawk", position="bottom") for _ in range(3)]
    hawk = put(g, 0, HAND, "Squadron Hawk")
    main(g)
    cast(g, hawk)
    resolve(g, "yes", (hawks[0].id, hawks[1].id))
    assert names(g, g.players[0].hand).count("Squadron Hawk") == 2
    assert any(e.kind == ev.SHUFFLE for e in g.log)


def test_tireless_missionaries_etb_gain_3() -> None:
    """"When this creature enters, you gain 3 life." (CR 603.6a)."""
    g = new()
    lands(g, 0, "Plains", 5)
    tm = put(g, 0, HAND, "Tireless Missionaries")
    main(g)
    cast(g, tm)
    resolve(g)
    assert life(g, 0) == 23


def test_vengeful_archon_prevents_and_redirects_damage() -> None:
    """{X}: prevent the next X damage to you this turn; the Archon deals the prevented
    amount to target player (CR 615.7)."""
    g = new()
    archon = put(g, 0, BF, "Vengeful Archon")
    lands(g, 0, "Plains", 2)
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    main(g, active=1)
    g.apply(1, Pass())
    activate(g, archon, P1, x=2)
    resolve(g)
    cast(g, bolt, P0)
    resolve(g)
    assert life(g, 0) == 19 and life(g, 1) == 18


def test_war_priest_of_thune_may_destroy_enchantment() -> None:
    """"When this creature enters, you may destroy target enchantment."."""
    g = new()
    lands(g, 0, "Plains", 2)
    wp = put(g, 0, HAND, "War Priest of Thune")
    mantra = put(g, 1, BF, "Ajani's Mantra")
    main(g)
    cast(g, wp)
    resolve(g, (mantra.id,), "yes")
    assert zone_of(g, mantra) == GY


# ====================================================================== blue


def test_aether_adept_returns_target_creature_to_hand() -> None:
    """"When this creature enters, return target creature to its owner's hand."."""
    g = new()
    lands(g, 0, "Island", 3)
    ad = put(g, 0, HAND, "Aether Adept")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    cast(g, ad)
    resolve(g, (bear.id,))
    assert zone_of(g, bear) == HAND


def test_air_servant_taps_creature_with_flying_only() -> None:
    """"{2}{U}: Tap target creature with flying."."""
    g = new()
    srv = put(g, 0, BF, "Air Servant")
    lands(g, 0, "Island", 3)
    bird = put(g, 1, BF, "Birds of Paradise")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    with pytest.raises(IllegalAction):
        activate(g, srv, bear)
    activate(g, srv, bird)
    resolve(g)
    assert g.obj(bird.id).tapped


def test_augury_owl_scry_3() -> None:
    """Scry 3 (CR 701.16a): put any number on the bottom, the rest on top in any order."""
    g = new(filler=None)
    lands(g, 0, "Island", 2)
    a = put(g, 0, LIB, "Forest")
    b = put(g, 0, LIB, "Mountain")
    c = put(g, 0, LIB, "Swamp")  # top
    owl = put(g, 0, HAND, "Augury Owl")
    main(g)
    cast(g, owl)
    resolve(g, (c.id,), (a.id, b.id))
    lib = g.players[0].library
    assert lib == [c.id, b.id, a.id]  # Swamp at the bottom, Forest on top


def test_cloud_elemental_blocks_only_fliers() -> None:
    """"This creature can block only creatures with flying." (CR 509.1b)."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    bird = put(g, 0, BF, "Stormfront Pegasus")
    cloud = put(g, 1, BF, "Cloud Elemental")
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear, bird)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1b"):
        block(g, (cloud, bear))
    block(g, (cloud, bird))
    assert g.combat is not None and g.combat.blockers[cloud.id] == [bird.id]


def test_diminish_sets_base_pt_1_1_counters_still_apply() -> None:
    """Diminish sets base P/T 1/1 (layer 7b); +1/+1 counters still apply (7d)."""
    g = new()
    put(g, 0, BF, "Island")
    dim = put(g, 0, HAND, "Diminish")
    giant = put(g, 1, BF, "Canyon Minotaur", counters={"+1/+1": 1})
    main(g)
    cast(g, dim, giant)
    resolve(g)
    assert pt(g, giant) == (2, 2)
    until(g, step_is("upkeep", 2))
    assert pt(g, giant) == (4, 4)


def test_flashfreeze_counters_red_or_green_spell() -> None:
    """"Counter target red or green spell." A white spell isn't a legal target."""
    g = new()
    put(g, 0, BF, "Mountain")
    put(g, 0, BF, "Plains")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    hs = put(g, 0, HAND, "Holy Strength")
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 1, "Island", 2)
    ff = put(g, 1, HAND, "Flashfreeze")
    main(g)
    cast(g, hs, bear)
    with pytest.raises(IllegalAction):
        cast(g, ff, g.obj(g.stack[-1]), player=1)
    resolve(g)
    cast(g, bolt, P1)
    bolt_spell = g.obj(g.stack[-1])
    g.apply(0, Pass())
    cast(g, ff, bolt_spell, player=1)
    resolve(g)
    assert life(g, 1) == 20


def test_foresee_scry_4_then_draw_2() -> None:
    """"Scry 4, then draw two cards." — the cards drawn are the ones kept on top."""
    g = new(filler=None)
    lands(g, 0, "Island", 4)
    cards = [put(g, 0, LIB, n) for n in ("Forest", "Mountain", "Swamp", "Island")]
    fs = put(g, 0, HAND, "Foresee")
    main(g)
    cast(g, fs)
    top = cards[3]
    resolve(g, (cards[3].id, cards[2].id), (cards[0].id, cards[1].id),
            (cards[2].id, cards[3].id))
    hand = names(g, g.players[0].hand)
    assert sorted(hand) == ["Forest", "Mountain"]
    assert g.players[0].library == [top.id, cards[2].id]  # Island at the very bottom


def test_frost_titan_taps_and_freezes_target_permanent() -> None:
    """ETB: tap target permanent; it doesn't untap during its controller's next untap step
    (CR 502.2), but untaps normally the turn after."""
    g = new()
    lands(g, 0, "Island", 6)
    titan = put(g, 0, HAND, "Frost Titan")
    land_ = put(g, 1, BF, "Mountain")
    main(g)
    cast(g, titan)
    resolve(g, (land_.id,))
    assert g.obj(land_.id).tapped
    until(g, step_is("upkeep", 2))
    assert g.obj(land_.id).tapped
    until(g, step_is("upkeep", 4))
    assert not g.obj(land_.id).tapped


def test_frost_titan_counters_opponents_spell_unless_they_pay_2() -> None:
    """"Whenever this creature becomes the target of a spell or ability an opponent
    controls, counter that spell or ability unless its controller pays {2}."."""
    g = new()
    titan = put(g, 0, BF, "Frost Titan")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    main(g, active=1)
    cast(g, bolt, titan)
    resolve(g)  # can't pay: countered automatically
    assert g.obj(titan.id).damage == 0 and zone_of(g, bolt) == GY
    g2 = new()
    titan2 = put(g2, 0, BF, "Frost Titan")
    lands(g2, 1, "Mountain", 3)
    bolt2 = put(g2, 1, HAND, "Lightning Bolt")
    main(g2, active=1)
    cast(g2, bolt2, titan2)
    resolve(g2, "yes")
    assert g2.obj(titan2.id).damage == 3


def test_harbor_serpent_needs_five_islands_to_attack() -> None:
    """"This creature can't attack unless there are five or more Islands on the
    battlefield." (any player's Islands count)."""
    g = new()
    serpent = put(g, 0, BF, "Harbor Serpent")
    lands(g, 0, "Island", 3)
    lands(g, 1, "Island", 1)
    start_at(g, "declare_attackers", turn=1)
    assert g.decision.legal_actions(g) == [DeclareAttackers(())]  # none able (508.1c)
    assert any("can't attack" in (can or "") for can in [_why_not(g, serpent)])
    g2 = new()
    serpent2 = put(g2, 0, BF, "Harbor Serpent")
    lands(g2, 0, "Island", 3)
    lands(g2, 1, "Island", 2)
    start_at(g2, "declare_attackers", turn=1)
    attack(g2, serpent2)


def test_jaces_erasure_draw_mills_target_player() -> None:
    """"Whenever you draw a card, you may have target player mill a card." (CR 400.7)."""
    g = new()
    put(g, 0, BF, "Jace's Erasure")
    start_at(g, "draw", turn=2)
    resolve(g, (P1,), "yes")
    assert len(g.players[1].graveyard) == 1 and len(g.players[1].library) == 39


def test_jaces_ingenuity_draws_three() -> None:
    """"Draw three cards."."""
    g = new()
    lands(g, 0, "Island", 5)
    ji = put(g, 0, HAND, "Jace's Ingenuity")
    main(g)
    cast(g, ji)
    resolve(g)
    assert len(g.players[0].hand) == 3


def test_mana_leak_counters_unless_controller_pays_3() -> None:
    """Mana Leak: the spell's controller may pay {3}; if they can't or don't, it's
    countered."""
    g = new()
    lands(g, 0, "Mountain", 1)
    bolt = put(g, 0, HAND, "Lightning Bolt")
    lands(g, 1, "Island", 2)
    leak = put(g, 1, HAND, "Mana Leak")
    main(g)
    cast(g, bolt, P1)
    g.apply(0, Pass())
    cast(g, leak, g.obj(g.stack[0]), player=1)
    resolve(g)
    assert life(g, 1) == 20 and zone_of(g, bolt) == GY
    g2 = new()
    lands(g2, 0, "Mountain", 4)
    bolt2 = put(g2, 0, HAND, "Lightning Bolt")
    lands(g2, 1, "Island", 2)
    leak2 = put(g2, 1, HAND, "Mana Leak")
    main(g2)
    cast(g2, bolt2, P1)
    g2.apply(0, Pass())
    cast(g2, leak2, g2.obj(g2.stack[0]), player=1)
    resolve(g2, "yes")
    assert life(g2, 1) == 17


def test_mass_polymorph_exiles_and_reveals_that_many_creatures() -> None:
    """Exile all your creatures, reveal until that many creature cards are revealed, put
    them onto the battlefield, shuffle the rest into the library."""
    g = new(filler="Island")
    lands(g, 0, "Island", 6)
    put(g, 0, LIB, "Serra Angel")
    put(g, 0, LIB, "Forest")
    put(g, 0, LIB, "Canyon Minotaur")  # top
    a = put(g, 0, BF, "Grizzly Bears")
    b = put(g, 0, BF, "Grizzly Bears")
    mp = put(g, 0, HAND, "Mass Polymorph")
    main(g)
    cast(g, mp)
    resolve(g)
    assert zone_of(g, a) == EXILE and zone_of(g, b) == EXILE
    assert sorted(o.name for o in g.creatures(0)) == ["Canyon Minotaur", "Serra Angel"]
    assert "Forest" in names(g, g.players[0].library)


def test_mass_polymorph_with_no_creature_card_in_the_library_still_shuffles() -> None:
    """With no creature card to reveal, nothing enters (an empty simultaneous entry is no
    event) and the revealed cards are still shuffled back (CR 701.18); found by the pool
    soak (seed 306)."""
    from manastack import log as ev
    g = new(filler="Island")
    lands(g, 0, "Island", 6)
    bear = put(g, 0, BF, "Grizzly Bears")
    mp = put(g, 0, HAND, "Mass Polymorph")
    main(g)
    cast(g, mp)
    resolve(g)
    assert zone_of(g, bear) == EXILE and not list(g.creatures(0))
    assert any(e.kind == ev.SHUFFLE for e in g.log[-5:])


def test_mass_polymorph_creatures_enter_at_the_same_time() -> None:
    """CR 603.6a: creatures put onto the battlefield by one effect enter at once: each
    Garruk's Packleader sees the other enter (two "you may draw" triggers)."""
    from manastack import log as ev
    g = new(filler="Island")
    lands(g, 0, "Island", 6)
    put(g, 0, LIB, "Garruk's Packleader")
    put(g, 0, LIB, "Garruk's Packleader")  # top
    put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Grizzly Bears")
    mp = put(g, 0, HAND, "Mass Polymorph")
    main(g)
    cast(g, mp)
    g.apply(0, Pass())
    g.apply(1, Pass())  # Mass Polymorph resolves
    assert g.decision.kind == "order_triggers"  # two simultaneous triggers (603.3b)
    g.apply(0, g.decision.legal_actions(g)[0])
    assert sorted(o.name for o in g.creatures(0)) == ["Garruk's Packleader"] * 2
    triggers = [e for e in g.log if e.kind == ev.TRIGGER and "Packleader" in e.text]
    assert len(triggers) == 2


def test_merfolk_sovereign_lord_and_unblockable() -> None:
    """Other Merfolk you control get +1/+1; {T}: target Merfolk can't be blocked this
    turn."""
    g = new()
    sov = put(g, 0, BF, "Merfolk Sovereign")
    spy = put(g, 0, BF, "Merfolk Spy")
    wall = put(g, 1, BF, "Wall of Frost")
    start_at(g, "beginning_of_combat", turn=1)
    assert pt(g, spy) == (2, 2) and pt(g, sov) == (2, 2)
    activate(g, sov, spy)
    resolve(g)
    until(g, kind_is("declare_attackers"))
    attack(g, spy)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction):
        block(g, (wall, spy))


def test_merfolk_spy_reveals_random_card_on_combat_damage() -> None:
    """"Whenever this creature deals combat damage to a player, that player reveals a card
    at random from their hand."."""
    g = new()
    spy = put(g, 0, BF, "Merfolk Spy")
    card = put(g, 1, HAND, "Shock")
    start_at(g, "declare_attackers", turn=1)
    attack(g, spy)
    until(g, step_is("end_of_combat"))
    assert any("reveals Shock at random" in e.text and e.data.get("object") == card.id
               for e in g.log)


def test_mind_control_gains_control_of_enchanted_creature() -> None:
    """"You control enchanted creature." (layer 2, CR 613.1b)."""
    g = new()
    lands(g, 0, "Island", 5)
    mc = put(g, 0, HAND, "Mind Control")
    giant = put(g, 1, BF, "Canyon Minotaur")
    main(g)
    cast(g, mc, giant)
    resolve(g)
    assert g.controller(g.obj(giant.id)) == 0


def test_mind_control_stolen_creature_is_summoning_sick() -> None:
    """CR 302.6: a creature that came under your control this turn can't attack."""
    g = new()
    lands(g, 0, "Island", 5)
    mc = put(g, 0, HAND, "Mind Control")
    giant = put(g, 1, BF, "Canyon Minotaur")
    main(g)
    cast(g, mc, giant)
    resolve(g)
    assert "continuously" in (_why_not(g, giant) or "")
    until(g, kind_is("declare_attackers"))
    assert g.decision.legal_actions(g) == [DeclareAttackers(())]  # none able (508.1a)
    g.apply(0, DeclareAttackers(()))
    until(g, step_is("declare_attackers", 3))
    attack(g, giant)


def test_negate_counters_noncreature_spell_only() -> None:
    """"Counter target noncreature spell." A creature spell can't be targeted."""
    g = new()
    lands(g, 0, "Plains", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    hs = put(g, 0, HAND, "Holy Strength")
    lion = put(g, 0, HAND, "Silvercoat Lion")
    lands(g, 1, "Island", 2)
    neg = put(g, 1, HAND, "Negate")
    main(g)
    cast(g, lion)
    with pytest.raises(IllegalAction):
        cast(g, neg, g.obj(g.stack[-1]), player=1)
    resolve(g)
    g.players[0].mana_pool.add("W")
    cast(g, hs, bear)
    g.apply(0, Pass())
    cast(g, neg, g.obj(g.stack[0]), player=1)
    resolve(g)
    assert pt(g, bear) == (2, 2) and zone_of(g, hs) == GY


def test_phantom_beast_sacrificed_when_targeted() -> None:
    """"When this creature becomes the target of a spell or ability, sacrifice it." — even
    by its controller's Giant Growth, which then has no legal target (CR 608.2b)."""
    g = new()
    beast = put(g, 0, BF, "Phantom Beast")
    put(g, 0, BF, "Forest")
    gg = put(g, 0, HAND, "Giant Growth")
    main(g)
    cast(g, gg, beast)
    resolve(g)
    assert zone_of(g, beast) == GY
    assert any(e.kind == ev.COUNTERED and e.rule == "608.2b" for e in g.log)


def test_preordain_scry_2_then_draw() -> None:
    """"Scry 2, then draw a card."."""
    g = new(filler=None)
    put(g, 0, BF, "Island")
    a = put(g, 0, LIB, "Forest")
    b = put(g, 0, LIB, "Mountain")  # top
    po = put(g, 0, HAND, "Preordain")
    main(g)
    cast(g, po)
    resolve(g, (b.id,))
    assert names(g, g.players[0].hand) == ["Forest"]
    assert g.players[0].library == [current(g, b).id]
    del a


def test_scroll_thief_draws_on_combat_damage_to_player() -> None:
    """"Whenever this creature deals combat damage to a player, draw a card."."""
    g = new()
    thief = put(g, 0, BF, "Scroll Thief")
    start_at(g, "declare_attackers", turn=1)
    attack(g, thief)
    until(g, step_is("end_of_combat"))
    assert len(g.players[0].hand) == 1 and life(g, 1) == 19


def test_sleep_taps_and_freezes_target_players_creatures() -> None:
    """Sleep taps all creatures target player controls; they don't untap during that
    player's next untap step (CR 502.2)."""
    g = new()
    lands(g, 0, "Island", 4)
    sl = put(g, 0, HAND, "Sleep")
    a = put(g, 1, BF, "Grizzly Bears")
    b = put(g, 1, BF, "Canyon Minotaur")
    main(g)
    cast(g, sl, P1)
    resolve(g)
    assert g.obj(a.id).tapped and g.obj(b.id).tapped
    until(g, step_is("upkeep", 2))
    assert g.obj(a.id).tapped and g.obj(b.id).tapped
    until(g, step_is("upkeep", 4))
    assert not g.obj(a.id).tapped


def test_stormtide_leviathan_lands_are_islands_and_attack_restriction() -> None:
    """All lands are Islands (layer 4; CR 305.7 gives them "{T}: Add {U}"); creatures
    without flying or islandwalk can't attack."""
    g = new()
    put(g, 0, BF, "Stormtide Leviathan")
    m = put(g, 0, BF, "Mountain")
    bear = put(g, 0, BF, "Grizzly Bears")
    bird = put(g, 0, BF, "Stormfront Pegasus")
    main(g)
    assert {"Mountain", "Island"} <= g.chars(m).subtypes
    activate(g, m, ability=1)
    assert str(g.players[0].mana_pool) == "U"
    until(g, kind_is("declare_attackers"))
    with pytest.raises(IllegalAction):
        attack(g, bear)
    attack(g, bird)


def test_time_reversal_shuffles_hands_and_graveyards_draw_seven() -> None:
    """Each player shuffles hand and graveyard into library, draws seven; Time Reversal
    is exiled (not put into the graveyard)."""
    g = new()
    lands(g, 0, "Island", 5)
    tr = put(g, 0, HAND, "Time Reversal")
    put(g, 1, GY, "Shock")
    put(g, 1, HAND, "Shock")
    main(g)
    cast(g, tr)
    resolve(g)
    assert len(g.players[0].hand) == 7 and len(g.players[1].hand) == 7
    assert g.players[1].graveyard == [] and len(g.players[1].library) == 35
    assert zone_of(g, tr) == EXILE


def test_tome_scour_mills_five() -> None:
    """"Target player mills five cards." (CR 400.7)."""
    g = new()
    put(g, 0, BF, "Island")
    ts = put(g, 0, HAND, "Tome Scour")
    main(g)
    cast(g, ts, P1)
    resolve(g)
    assert len(g.players[1].graveyard) == 5 and len(g.players[1].library) == 35


def test_traumatize_mills_half_rounded_down() -> None:
    """"Target player mills half their library, rounded down." (39 -> 19)."""
    g = new()
    lands(g, 0, "Island", 5)
    tr = put(g, 0, HAND, "Traumatize")
    g.players[1].library.pop()
    main(g)
    cast(g, tr, P1)
    resolve(g)
    assert len(g.players[1].graveyard) == 19 and len(g.players[1].library) == 20


def test_wall_of_frost_blocked_creature_doesnt_untap() -> None:
    """"Whenever this creature blocks a creature, that creature doesn't untap during its
    controller's next untap step."."""
    g = new()
    giant = put(g, 0, BF, "Canyon Minotaur")
    wall = put(g, 1, BF, "Wall of Frost")
    combat(g, [giant], [(wall, giant)])
    resolve(g)
    until(g, step_is("upkeep", 3))
    assert g.obj(giant.id).tapped
    until(g, step_is("upkeep", 5))
    assert not g.obj(giant.id).tapped


def test_water_servant_shifts_power_and_toughness() -> None:
    """"{U}: +1/-1" and "{U}: -1/+1" until end of turn."""
    g = new()
    ws = put(g, 0, BF, "Water Servant")
    lands(g, 0, "Island", 3)
    main(g)
    activate(g, ws, ability=0)
    activate(g, ws, ability=0)
    activate(g, ws, ability=1)
    resolve(g)
    assert pt(g, ws) == (4, 3)


# ====================================================================== black


def test_assassinate_destroys_tapped_creature_only() -> None:
    """"Destroy target tapped creature." An untapped creature isn't a legal target."""
    g = new()
    lands(g, 0, "Swamp", 3)
    ass = put(g, 0, HAND, "Assassinate")
    untapped = put(g, 1, BF, "Grizzly Bears")
    tapped_ = put(g, 1, BF, "Grizzly Bears", tapped=True)
    main(g)
    with pytest.raises(IllegalAction):
        cast(g, ass, untapped)
    cast(g, ass, tapped_)
    resolve(g)
    assert zone_of(g, tapped_) == GY and zone_of(g, untapped) == BF


def test_blood_tithe_drains_3_from_each_opponent() -> None:
    """"Each opponent loses 3 life. You gain life equal to the life lost this way."."""
    g = new()
    lands(g, 0, "Swamp", 4)
    bt = put(g, 0, HAND, "Blood Tithe")
    main(g)
    cast(g, bt)
    resolve(g)
    assert life(g, 1) == 17 and life(g, 0) == 23


def test_bloodthrone_vampire_sacrifice_a_creature_for_plus_2() -> None:
    """"Sacrifice a creature: This creature gets +2/+2 until end of turn." (the sacrifice
    is a cost chosen on activation, CR 601.2h)."""
    g = new()
    vamp = put(g, 0, BF, "Bloodthrone Vampire")
    bear = put(g, 0, BF, "Grizzly Bears")
    main(g)
    activate(g, vamp)
    answer(g, bear.id)
    assert zone_of(g, bear) == GY
    resolve(g)
    assert pt(g, vamp) == (3, 3)


def test_corrupt_damage_per_swamp_and_gain_that_much() -> None:
    """Corrupt deals damage equal to the number of Swamps you control and you gain life
    equal to the damage dealt — prevented damage isn't dealt (CR 615)."""
    g = new()
    lands(g, 0, "Swamp", 6)
    corrupt = put(g, 0, HAND, "Corrupt")
    main(g)
    cast(g, corrupt, P1)
    resolve(g)
    assert life(g, 1) == 14 and life(g, 0) == 26
    g2 = new()
    lands(g2, 0, "Swamp", 6)
    lands(g2, 1, "Plains", 3)
    corrupt2 = put(g2, 0, HAND, "Corrupt")
    sp = put(g2, 1, HAND, "Safe Passage")
    main(g2)
    cast(g2, corrupt2, P1)
    g2.apply(0, Pass())
    cast(g2, sp, player=1)
    resolve(g2)
    assert life(g2, 1) == 20 and life(g2, 0) == 20


def test_dark_tutelage_reveal_top_card_lose_its_mana_value() -> None:
    """Upkeep: reveal the top card, put it into your hand, lose life equal to its mana
    value."""
    g = new()
    put(g, 0, BF, "Dark Tutelage")
    put(g, 0, LIB, "Serra Angel")
    start_at(g, "upkeep", turn=1)
    resolve(g)
    assert names(g, g.players[0].hand) == ["Serra Angel"] and life(g, 0) == 15


def test_deathmark_destroys_green_or_white_creature() -> None:
    """"Destroy target green or white creature."."""
    g = new()
    put(g, 0, BF, "Swamp")
    dm = put(g, 0, HAND, "Deathmark")
    black = put(g, 1, BF, "Nantuko Shade")
    lion = put(g, 1, BF, "Silvercoat Lion")
    main(g)
    with pytest.raises(IllegalAction):
        cast(g, dm, black)
    cast(g, dm, lion)
    resolve(g)
    assert zone_of(g, lion) == GY


def test_diabolic_tutor_finds_any_card() -> None:
    """"Search your library for a card, put that card into your hand, then shuffle."."""
    g = new()
    lands(g, 0, "Swamp", 4)
    dt = put(g, 0, HAND, "Diabolic Tutor")
    angel = put(g, 0, LIB, "Serra Angel", position="bottom")
    main(g)
    cast(g, dt)
    resolve(g, (angel.id,))
    assert names(g, g.players[0].hand) == ["Serra Angel"]
    assert any(e.kind == ev.SHUFFLE for e in g.log)


def test_duress_discards_chosen_noncreature_nonland_card() -> None:
    """Target opponent reveals their hand; you choose a noncreature, nonland card; they
    discard it."""
    g = new()
    put(g, 0, BF, "Swamp")
    duress = put(g, 0, HAND, "Duress")
    put(g, 1, HAND, "Grizzly Bears")
    put(g, 1, HAND, "Forest")
    shock = put(g, 1, HAND, "Shock")
    main(g)
    cast(g, duress, P1)
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.decision.options == (shock.id,)  # type: ignore[attr-defined]
    answer(g, shock.id)
    resolve(g)
    assert names(g, g.players[1].graveyard) == ["Shock"]
    assert sorted(names(g, g.players[1].hand)) == ["Forest", "Grizzly Bears"]


def test_haunting_echoes_exiles_graveyard_and_same_names_from_library() -> None:
    """Exile the graveyard except basic lands, then cards in the library with the same
    names; that player shuffles."""
    g = new()
    lands(g, 0, "Swamp", 5)
    he = put(g, 0, HAND, "Haunting Echoes")
    put(g, 1, GY, "Shock")
    basic = put(g, 1, GY, "Plains")
    extra = put(g, 1, LIB, "Shock")
    main(g)
    cast(g, he, P1)
    resolve(g, (extra.id,))
    assert names(g, g.players[1].graveyard) == ["Plains"] and zone_of(g, basic) == GY
    assert zone_of(g, extra) == EXILE and "Shock" not in names(g, g.players[1].library)


def test_howling_banshee_each_player_loses_3() -> None:
    """"When this creature enters, each player loses 3 life."."""
    g = new()
    lands(g, 0, "Swamp", 4)
    hb = put(g, 0, HAND, "Howling Banshee")
    main(g)
    cast(g, hb)
    resolve(g)
    assert life(g, 0) == 17 and life(g, 1) == 17


def test_lilianas_caress_and_lilianas_specter_discard_drains() -> None:
    """Liliana's Specter: each opponent discards a card; Liliana's Caress: whenever an
    opponent discards a card, that player loses 2 life."""
    g = new()
    lands(g, 0, "Swamp", 3)
    put(g, 0, BF, "Liliana's Caress")
    spec = put(g, 0, HAND, "Liliana's Specter")
    card = put(g, 1, HAND, "Shock")
    main(g)
    cast(g, spec)
    resolve(g, (card.id,))
    assert zone_of(g, card) == GY and life(g, 1) == 18 and life(g, 0) == 20


def test_lilianas_specter_etb_each_opponent_discards() -> None:
    """Liliana's Specter: "When this creature enters, each opponent discards a card."."""
    g = new()
    lands(g, 0, "Swamp", 3)
    spec = put(g, 0, HAND, "Liliana's Specter")
    put(g, 1, HAND, "Shock")
    main(g)
    cast(g, spec)
    resolve(g, (g.players[1].hand[0],))
    assert g.players[1].hand == [] and len(g.players[1].graveyard) == 1


def test_nantuko_shade_pumps_per_black_mana() -> None:
    """"{B}: This creature gets +1/+1 until end of turn." — wears off at cleanup
    (CR 514.2)."""
    g = new()
    shade = put(g, 0, BF, "Nantuko Shade")
    lands(g, 0, "Swamp", 2)
    main(g)
    activate(g, shade)
    activate(g, shade)
    resolve(g)
    assert pt(g, shade) == (4, 3)
    until(g, step_is("upkeep", 2))
    assert pt(g, shade) == (2, 1)


def test_nightwing_shade_pumps_for_1b() -> None:
    """"{1}{B}: This creature gets +1/+1 until end of turn."."""
    g = new()
    shade = put(g, 0, BF, "Nightwing Shade")
    lands(g, 0, "Swamp", 4)
    main(g)
    activate(g, shade)
    activate(g, shade)
    resolve(g)
    assert pt(g, shade) == (4, 4)


def test_quag_sickness_minus_1_per_swamp() -> None:
    """"Enchanted creature gets -1/-1 for each Swamp you control." — lethal as SBA
    (CR 704.5f)."""
    g = new()
    lands(g, 0, "Swamp", 3)
    qs = put(g, 0, HAND, "Quag Sickness")
    mino = put(g, 1, BF, "Canyon Minotaur")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    cast(g, qs, mino)
    resolve(g)
    assert zone_of(g, mino) == GY
    g2 = new()
    lands(g2, 0, "Swamp", 1)
    aura = put(g2, 0, BF, "Quag Sickness")
    bear2 = put(g2, 1, BF, "Grizzly Bears")
    aura.attached_to = bear2.id
    main(g2)
    assert pt(g2, bear2) == (1, 1)
    del bear


def test_relentless_rats_bigger_for_each_other_rats() -> None:
    """+1/+1 for each other creature on the battlefield named Relentless Rats (either
    side)."""
    g = new()
    a = put(g, 0, BF, "Relentless Rats")
    put(g, 0, BF, "Relentless Rats")
    put(g, 1, BF, "Relentless Rats")
    main(g)
    assert pt(g, a) == (4, 4)


def test_royal_assassin_destroys_tapped_creature() -> None:
    """"{T}: Destroy target tapped creature." — e.g. an attacker (tapped by attacking)."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    ra = put(g, 1, BF, "Royal Assassin")
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear)
    g.apply(0, Pass())
    activate(g, ra, bear)
    resolve(g)
    assert zone_of(g, bear) == GY


def test_stabbing_pain_minus_1_and_tap() -> None:
    """"Target creature gets -1/-1 until end of turn. Tap that creature."."""
    g = new()
    put(g, 0, BF, "Swamp")
    sp = put(g, 0, HAND, "Stabbing Pain")
    mino = put(g, 1, BF, "Canyon Minotaur")
    elves = put(g, 1, BF, "Llanowar Elves")
    main(g)
    cast(g, sp, mino)
    resolve(g)
    assert pt(g, mino) == (2, 2) and g.obj(mino.id).tapped
    del elves


def test_unholy_strength_plus_2_plus_1() -> None:
    """"Enchanted creature gets +2/+1."."""
    g = new()
    put(g, 0, BF, "Swamp")
    us = put(g, 0, HAND, "Unholy Strength")
    bear = put(g, 0, BF, "Grizzly Bears")
    main(g)
    cast(g, us, bear)
    resolve(g)
    assert pt(g, bear) == (4, 3)


def test_viscera_seer_sacrifice_to_scry_1() -> None:
    """"Sacrifice a creature: Scry 1." — the Seer may sacrifice itself."""
    g = new(filler=None)
    seer = put(g, 0, BF, "Viscera Seer")
    top = put(g, 0, LIB, "Forest")
    put(g, 0, LIB, "Mountain", position="bottom")
    main(g)
    activate(g, seer)
    answer(g, seer.id)
    resolve(g, (top.id,))
    assert zone_of(g, seer) == GY and g.players[0].library[0] == top.id


# ====================================================================== red


def test_act_of_treason_steals_untaps_and_gives_haste_until_eot() -> None:
    """Gain control until end of turn, untap it, it gains haste; control returns at
    cleanup (CR 514.2)."""
    g = new()
    lands(g, 0, "Mountain", 3)
    aot = put(g, 0, HAND, "Act of Treason")
    mino = put(g, 1, BF, "Canyon Minotaur", tapped=True)
    main(g)
    cast(g, aot, mino)
    resolve(g)
    assert g.controller(g.obj(mino.id)) == 0 and not g.obj(mino.id).tapped
    until(g, kind_is("declare_attackers"))
    attack(g, mino)
    until(g, step_is("upkeep", 2))
    assert g.controller(g.obj(mino.id)) == 1 and life(g, 1) == 17


def test_ancient_hellkite_pings_only_while_attacking() -> None:
    """{R}: 1 damage to target creature defending player controls; activate only if this
    creature is attacking (CR 602.5)."""
    g = new()
    hk = put(g, 0, BF, "Ancient Hellkite")
    lands(g, 0, "Mountain", 2)
    elves = put(g, 1, BF, "Llanowar Elves")
    main(g)
    with pytest.raises(IllegalAction, match="602.5"):
        activate(g, hk, elves)
    until(g, kind_is("declare_attackers"))
    attack(g, hk)
    activate(g, hk, elves)
    resolve(g)
    assert zone_of(g, elves) == GY


def test_arc_runner_sacrificed_at_end_step() -> None:
    """"At the beginning of the end step, sacrifice this creature." (haste: attacks the
    turn it arrives)."""
    g = new()
    lands(g, 0, "Mountain", 3)
    ar = put(g, 0, HAND, "Arc Runner")
    main(g)
    cast(g, ar)
    resolve(g)
    until(g, kind_is("declare_attackers"))
    attack(g, g.creatures(0)[0])
    until(g, step_is("end"))
    resolve(g)
    assert g.creatures(0) == [] and life(g, 1) == 15


def test_berserkers_of_blood_ridge_must_attack() -> None:
    """"This creature attacks each combat if able." (CR 508.1d)."""
    g = new()
    bz = put(g, 0, BF, "Berserkers of Blood Ridge")
    start_at(g, "declare_attackers", turn=1)
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(0, DeclareAttackers(()))
    attack(g, bz)


def test_bloodcrazed_goblin_attacks_only_after_opponent_damaged() -> None:
    """"This creature can't attack unless an opponent has been dealt damage this turn."."""
    g = new()
    gob = put(g, 0, BF, "Bloodcrazed Goblin")
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    main(g)
    assert _why_not(g, gob) is not None
    cast(g, bolt, P1)
    resolve(g)
    until(g, kind_is("declare_attackers"))
    attack(g, gob)


def test_chandras_outrage_4_to_creature_2_to_its_controller() -> None:
    """4 damage to target creature and 2 damage to that creature's controller."""
    g = new()
    lands(g, 0, "Mountain", 4)
    co = put(g, 0, HAND, "Chandra's Outrage")
    mino = put(g, 1, BF, "Canyon Minotaur")
    main(g)
    cast(g, co, mino)
    resolve(g)
    assert zone_of(g, mino) == GY and life(g, 1) == 18


def test_chandras_spitfire_grows_on_noncombat_damage_to_opponent() -> None:
    """"Whenever an opponent is dealt noncombat damage, this creature gets +3/+0 until end
    of turn." — not combat damage."""
    g = new()
    sf = put(g, 0, BF, "Chandra's Spitfire")
    put(g, 0, BF, "Mountain")
    shock = put(g, 0, HAND, "Shock")
    main(g)
    cast(g, shock, P1)
    resolve(g)
    assert pt(g, sf) == (4, 3)
    until(g, kind_is("declare_attackers"))
    attack(g, sf)
    until(g, step_is("end_of_combat"))
    assert pt(g, sf) == (4, 3) and life(g, 1) == 14


def test_cyclops_gladiator_fights_a_defenders_creature() -> None:
    """Whenever it attacks, you may have it deal damage equal to its power to target
    creature defending player controls; that creature deals damage equal to its power back.
    """
    g = new()
    cy = put(g, 0, BF, "Cyclops Gladiator")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    attack(g, cy)
    resolve(g, (bear.id,), "yes")
    assert zone_of(g, bear) == GY and g.obj(cy.id).damage == 2


def test_demolish_destroys_artifact_or_land() -> None:
    """"Destroy target artifact or land."."""
    g = new()
    lands(g, 0, "Mountain", 4)
    dm = put(g, 0, HAND, "Demolish")
    land_ = put(g, 1, BF, "Island")
    main(g)
    cast(g, dm, land_)
    resolve(g)
    assert zone_of(g, land_) == GY


def test_destructive_force_each_player_sacrifices_five_lands_then_5_damage() -> None:
    """Each player sacrifices five lands of their choice (chosen in APNAP order, CR 101.4),
    then 5 damage to each creature."""
    g = new()
    lands(g, 0, "Mountain", 7)
    df = put(g, 0, HAND, "Destructive Force")
    keep = lands(g, 1, "Island", 6)
    angel = put(g, 1, BF, "Serra Angel")
    main(g)
    cast(g, df)
    mine = [o.id for o in g.permanents(0) if g.chars(o).is_land]
    resolve(g, tuple(mine[:5]), tuple(o.id for o in keep[:5]))
    assert len([o for o in g.permanents(1) if g.chars(o).is_land]) == 1
    assert len([o for o in g.permanents(0) if g.chars(o).is_land]) == 2
    assert zone_of(g, angel) == GY


def test_earth_servant_plus_0_1_per_mountain() -> None:
    """"This creature gets +0/+1 for each Mountain you control."."""
    g = new()
    es = put(g, 0, BF, "Earth Servant")
    lands(g, 0, "Mountain", 3)
    lands(g, 1, "Mountain", 2)
    main(g)
    assert pt(g, es) == (4, 7)


def test_ember_hauler_sacrifice_for_2_damage() -> None:
    """"{1}, Sacrifice this creature: It deals 2 damage to any target." (the source's last
    known information is used, CR 608.2g)."""
    g = new()
    eh = put(g, 0, BF, "Ember Hauler")
    put(g, 0, BF, "Mountain")
    main(g)
    activate(g, eh, P1)
    resolve(g)
    assert zone_of(g, eh) == GY and life(g, 1) == 18


def test_fiery_hellhound_firebreathing() -> None:
    """"{R}: This creature gets +1/+0 until end of turn."."""
    g = new()
    hh = put(g, 0, BF, "Fiery Hellhound")
    lands(g, 0, "Mountain", 3)
    main(g)
    for _ in range(3):
        activate(g, hh)
    resolve(g)
    assert pt(g, hh) == (5, 2)


def test_fire_servant_doubles_red_instant_and_sorcery_damage() -> None:
    """A red instant or sorcery spell you control deals double damage (CR 614.1a); other
    sources don't."""
    g = new()
    put(g, 0, BF, "Fire Servant")
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    pyro = put(g, 0, BF, "Prodigal Pyromancer")
    main(g)
    cast(g, bolt, P1)
    resolve(g)
    assert life(g, 1) == 14
    activate(g, pyro, P1)
    resolve(g)
    assert life(g, 1) == 13


def test_fling_sacrifices_a_creature_and_deals_its_power() -> None:
    """Additional cost: sacrifice a creature (CR 601.2h); Fling deals damage equal to its
    power (last known information, CR 608.2g)."""
    g = new()
    lands(g, 0, "Mountain", 2)
    fling = put(g, 0, HAND, "Fling")
    mino = put(g, 0, BF, "Canyon Minotaur")
    put(g, 0, BF, "Grizzly Bears")
    main(g)
    cast(g, fling, P1)
    answer(g, mino.id)
    resolve(g)
    assert life(g, 1) == 17 and zone_of(g, mino) == GY


def test_goblin_balloon_brigade_gains_flying() -> None:
    """"{R}: This creature gains flying until end of turn."."""
    g = new()
    gbb = put(g, 0, BF, "Goblin Balloon Brigade")
    put(g, 0, BF, "Mountain")
    main(g)
    activate(g, gbb)
    resolve(g)
    assert "flying" in g.chars(gbb).keywords


def test_goblin_chieftain_other_goblins_bigger_with_haste() -> None:
    """"Other Goblin creatures you control get +1/+1 and have haste." — a new Goblin can
    attack at once (CR 302.6)."""
    g = new()
    put(g, 0, BF, "Goblin Chieftain")
    gob = put(g, 0, BF, "Goblin Piker", sick=True)
    start_at(g, "declare_attackers", turn=1)
    assert pt(g, gob) == (3, 2) and "haste" in g.chars(gob).keywords
    attack(g, gob)


def test_goblin_tunneler_makes_small_creature_unblockable() -> None:
    """"{T}: Target creature with power 2 or less can't be blocked this turn."."""
    g = new()
    tun = put(g, 0, BF, "Goblin Tunneler")
    bear = put(g, 0, BF, "Grizzly Bears")
    mino = put(g, 0, BF, "Canyon Minotaur")
    wall = put(g, 1, BF, "Wall of Frost")
    start_at(g, "beginning_of_combat", turn=1)
    with pytest.raises(IllegalAction):
        activate(g, tun, mino)
    activate(g, tun, bear)
    resolve(g)
    until(g, kind_is("declare_attackers"))
    attack(g, bear)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1b"):
        block(g, (wall, bear))


def test_hoarding_dragon_dies_returns_exiled_card() -> None:
    """Hoarding Dragon: when it dies, you may put the exiled card into its owner's hand."""
    g = new()
    lands(g, 0, "Mountain", 5)
    dragon = put(g, 0, HAND, "Hoarding Dragon")
    bell = put(g, 0, LIB, "Temple Bell", position="bottom")
    lands(g, 1, "Swamp", 3)
    assassinate = put(g, 1, HAND, "Assassinate")
    main(g)
    cast(g, dragon)
    resolve(g, "yes", (bell.id,))
    assert zone_of(g, bell) == EXILE
    until(g, step_is("precombat_main", 2))
    g.obj(current(g, dragon).id).tapped = True
    g.changed()
    cast(g, assassinate, current(g, dragon), player=1)
    resolve(g, "yes")
    assert zone_of(g, dragon) == GY and zone_of(g, bell) == HAND


def test_incite_makes_creature_red_and_attack() -> None:
    """"Target creature becomes red until end of turn and attacks this turn if able."."""
    g = new()
    put(g, 1, BF, "Mountain")
    incite = put(g, 1, HAND, "Incite")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "upkeep", turn=1)
    g.apply(0, Pass())
    cast(g, incite, bear, player=1)
    resolve(g)
    assert g.chars(bear).colors == {"R"}
    until(g, kind_is("declare_attackers"))
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(0, DeclareAttackers(()))
    attack(g, bear)


def test_manic_vandal_destroys_target_artifact() -> None:
    """"When this creature enters, destroy target artifact."."""
    g = new()
    lands(g, 0, "Mountain", 3)
    mv = put(g, 0, HAND, "Manic Vandal")
    bell = put(g, 1, BF, "Temple Bell")
    main(g)
    cast(g, mv)
    resolve(g, (bell.id,))
    assert zone_of(g, bell) == GY


def test_pyretic_ritual_adds_three_red() -> None:
    """"Add {R}{R}{R}." — mana from a resolving spell (CR 106.4)."""
    g = new()
    lands(g, 0, "Mountain", 2)
    pr = put(g, 0, HAND, "Pyretic Ritual")
    main(g)
    cast(g, pr)
    resolve(g)
    assert str(g.players[0].mana_pool) == "RRR"


def test_shivs_embrace_pump_flying_and_firebreathing() -> None:
    """Enchanted creature gets +2/+2 and has flying; the Aura's "{R}: Enchanted creature
    gets +1/+0 until end of turn"."""
    g = new()
    lands(g, 0, "Mountain", 5)
    se = put(g, 0, HAND, "Shiv's Embrace")
    bear = put(g, 0, BF, "Grizzly Bears")
    main(g)
    cast(g, se, bear)
    resolve(g)
    assert pt(g, bear) == (4, 4) and "flying" in g.chars(bear).keywords
    activate(g, current(g, se))
    resolve(g)
    assert pt(g, bear) == (5, 4)


def test_thunder_strike_plus_2_and_first_strike() -> None:
    """"Target creature gets +2/+0 and gains first strike until end of turn."."""
    g = new()
    lands(g, 0, "Mountain", 2)
    ts = put(g, 0, HAND, "Thunder Strike")
    bear = put(g, 0, BF, "Grizzly Bears")
    main(g)
    cast(g, ts, bear)
    resolve(g)
    assert pt(g, bear) == (4, 2) and "first strike" in g.chars(bear).keywords


def test_volcanic_strength_pump_and_mountainwalk() -> None:
    """Enchanted creature gets +2/+2 and has mountainwalk (unblockable while the defending
    player controls a Mountain, CR 702.14c)."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    vs = put(g, 0, BF, "Volcanic Strength")
    vs.attached_to = bear.id
    put(g, 1, BF, "Mountain")
    blocker = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    assert pt(g, bear) == (4, 4)
    attack(g, bear)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1b"):
        block(g, (blocker, bear))


# ====================================================================== green


def test_acidic_slime_destroys_artifact_enchantment_or_land() -> None:
    """"When this creature enters, destroy target artifact, enchantment, or land."."""
    g = new()
    lands(g, 0, "Forest", 5)
    sl = put(g, 0, HAND, "Acidic Slime")
    land_ = put(g, 1, BF, "Island")
    main(g)
    cast(g, sl)
    resolve(g, (land_.id,))
    assert zone_of(g, land_) == GY


def test_awakener_druid_forest_becomes_treefolk_while_druid_remains() -> None:
    """Target Forest becomes a 4/5 green Treefolk creature (layers 4, 5, 7b) for as long
    as the Druid remains on the battlefield (CR 611.2b)."""
    g = new()
    lands(g, 0, "Forest", 3)
    forest = put(g, 0, BF, "Forest")
    druid = put(g, 0, HAND, "Awakener Druid")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    main(g)
    cast(g, druid)
    resolve(g, (forest.id,))
    c = g.chars(forest)
    assert c.is_creature and c.is_land and (c.power, c.toughness) == (4, 5)
    assert "Treefolk" in c.subtypes and c.colors == {"G"}
    g.apply(0, Pass())
    cast(g, bolt, current(g, druid), player=1)
    resolve(g)
    assert not g.chars(forest).is_creature


def test_back_to_nature_destroys_all_enchantments() -> None:
    """"Destroy all enchantments." (Auras included)."""
    g = new()
    lands(g, 0, "Forest", 2)
    btn = put(g, 0, HAND, "Back to Nature")
    a = put(g, 0, BF, "Ajani's Mantra")
    b = put(g, 1, BF, "Liliana's Caress")
    main(g)
    cast(g, btn)
    resolve(g)
    assert zone_of(g, a) == GY and zone_of(g, b) == GY


def test_birds_of_paradise_any_color() -> None:
    """"{T}: Add one mana of any color." (a mana ability, CR 605)."""
    g = new()
    bird = put(g, 0, BF, "Birds of Paradise")
    main(g)
    activate(g, bird, mana="B")
    assert str(g.players[0].mana_pool) == "B" and not g.stack


def test_cudgel_troll_regenerates() -> None:
    """"{G}: Regenerate this creature." (CR 701.13)."""
    g = new()
    troll = put(g, 0, BF, "Cudgel Troll")
    put(g, 0, BF, "Forest")
    lands(g, 1, "Mountain", 4)
    co = put(g, 1, HAND, "Chandra's Outrage")
    main(g)
    activate(g, troll)
    resolve(g)
    g.apply(0, Pass())
    cast(g, co, troll, player=1)
    resolve(g)
    assert zone_of(g, troll) == BF and g.obj(troll.id).tapped


def test_cultivate_one_land_to_battlefield_tapped_other_to_hand() -> None:
    """Search for up to two basic lands: one onto the battlefield tapped, the other into
    your hand, then shuffle."""
    g = new()
    lands(g, 0, "Forest", 3)
    cu = put(g, 0, HAND, "Cultivate")
    a = put(g, 0, LIB, "Island", position="bottom")
    b = put(g, 0, LIB, "Swamp", position="bottom")
    main(g)
    cast(g, cu)
    resolve(g, (a.id, b.id), (b.id,))
    assert zone_of(g, b) == BF and current(g, b).tapped and zone_of(g, a) == HAND


def test_dryads_favor_forestwalk() -> None:
    """"Enchanted creature has forestwalk." (CR 702.14c)."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    df = put(g, 0, BF, "Dryad's Favor")
    df.attached_to = bear.id
    put(g, 1, BF, "Forest")
    blocker = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1b"):
        block(g, (blocker, bear))


def test_fog_prevents_all_combat_damage() -> None:
    """"Prevent all combat damage that would be dealt this turn." (CR 615)."""
    g = new()
    mino = put(g, 0, BF, "Canyon Minotaur")
    put(g, 1, BF, "Forest")
    fog = put(g, 1, HAND, "Fog")
    start_at(g, "declare_attackers", turn=1)
    attack(g, mino)
    g.apply(0, Pass())
    cast(g, fog, player=1)
    resolve(g)
    until(g, step_is("end_of_combat"))
    assert life(g, 1) == 20


def test_garruks_packleader_draws_for_power_3_creatures() -> None:
    """Whenever another creature you control with power 3 or greater enters, you may draw
    a card; a 2-power creature doesn't trigger it."""
    g = new()
    put(g, 0, BF, "Garruk's Packleader")
    lands(g, 0, "Mountain", 4)
    lands(g, 0, "Forest", 2)
    mino = put(g, 0, HAND, "Canyon Minotaur")
    bear = put(g, 0, HAND, "Grizzly Bears")
    main(g)
    cast(g, bear)
    resolve(g)
    assert len(g.players[0].hand) == 1
    cast(g, mino)
    resolve(g, "yes")
    assert len(g.players[0].hand) == 1 and names(g, g.players[0].hand) == ["Plains"]


def test_hornet_sting_1_damage() -> None:
    """"Hornet Sting deals 1 damage to any target."."""
    g = new()
    put(g, 0, BF, "Forest")
    hs = put(g, 0, HAND, "Hornet Sting")
    elves = put(g, 1, BF, "Llanowar Elves")
    main(g)
    cast(g, hs, elves)
    resolve(g)
    assert zone_of(g, elves) == GY


def test_hunters_feast_any_number_of_target_players_gain_6() -> None:
    """"Any number of target players each gain 6 life." (zero, one or both)."""
    g = new()
    lands(g, 0, "Forest", 4)
    hf = put(g, 0, HAND, "Hunters' Feast")
    main(g)
    cast(g, hf, P0, P1)
    resolve(g)
    assert life(g, 0) == 26 and life(g, 1) == 26


def test_mitotic_slime_splits_on_death() -> None:
    """Dies: two 2/2 Oozes with "When this token dies, create two 1/1 green Ooze creature
    tokens."."""
    g = new()
    slime = put(g, 0, BF, "Mitotic Slime")
    lands(g, 1, "Mountain", 4)
    co = put(g, 1, HAND, "Chandra's Outrage")
    main(g, active=1)
    cast(g, co, slime)
    resolve(g)
    oozes = g.creatures(0)
    assert [pt(g, o) for o in oozes] == [(2, 2), (2, 2)]
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    cast(g, bolt, oozes[0])
    resolve(g)
    assert sorted(pt(g, o) for o in g.creatures(0)) == [(1, 1), (1, 1), (2, 2)]


def test_overwhelming_stampede_pumps_by_greatest_power_with_trample() -> None:
    """Creatures you control gain trample and get +X/+X, X = greatest power among them."""
    g = new()
    lands(g, 0, "Forest", 5)
    os_ = put(g, 0, HAND, "Overwhelming Stampede")
    mino = put(g, 0, BF, "Canyon Minotaur")
    bear = put(g, 0, BF, "Grizzly Bears")
    main(g)
    cast(g, os_)
    resolve(g)
    assert pt(g, mino) == (6, 6) and pt(g, bear) == (5, 5)
    assert "trample" in g.chars(bear).keywords


def test_plummet_destroys_flier_only() -> None:
    """"Destroy target creature with flying."."""
    g = new()
    lands(g, 0, "Forest", 2)
    pl = put(g, 0, HAND, "Plummet")
    bird = put(g, 1, BF, "Stormfront Pegasus")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    with pytest.raises(IllegalAction):
        cast(g, pl, bear)
    cast(g, pl, bird)
    resolve(g)
    assert zone_of(g, bird) == GY


def test_primal_cocoon_grows_then_is_sacrificed_when_attacking() -> None:
    """Upkeep: +1/+1 counter on enchanted creature; when it attacks or blocks, sacrifice
    this Aura."""
    g = new()
    bear = put(g, 0, BF, "Grizzly Bears")
    cocoon = put(g, 0, BF, "Primal Cocoon")
    cocoon.attached_to = bear.id
    start_at(g, "upkeep", turn=1)
    resolve(g)
    assert pt(g, bear) == (3, 3)
    until(g, kind_is("declare_attackers"))
    attack(g, bear)
    resolve(g)
    assert zone_of(g, cocoon) == GY and pt(g, bear) == (3, 3)


def test_primeval_titan_fetches_two_lands_tapped() -> None:
    """Enters or attacks: you may search for up to two land cards, put them onto the
    battlefield tapped, then shuffle."""
    g = new()
    titan = put(g, 0, BF, "Primeval Titan")
    a = put(g, 0, LIB, "Mystifying Maze", position="bottom")
    b = put(g, 0, LIB, "Terramorphic Expanse", position="bottom")
    start_at(g, "declare_attackers", turn=1)
    attack(g, titan)
    resolve(g, "yes", (a.id, b.id))
    assert zone_of(g, a) == BF and current(g, a).tapped and zone_of(g, b) == BF


def test_prized_unicorn_must_be_blocked_by_all_able() -> None:
    """"All creatures able to block this creature do so." (CR 509.1c)."""
    g = new()
    uni = put(g, 0, BF, "Prized Unicorn")
    a = put(g, 1, BF, "Grizzly Bears")
    b = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    attack(g, uni)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1c"):
        block(g, (a, uni))
    block(g, (a, uni), (b, uni))


def test_sylvan_ranger_fetches_basic_land_to_hand() -> None:
    """ETB: you may search for a basic land card, reveal it, put it into your hand."""
    g = new()
    lands(g, 0, "Forest", 2)
    sr = put(g, 0, HAND, "Sylvan Ranger")
    isl = put(g, 0, LIB, "Island", position="bottom")
    put(g, 0, LIB, "Terramorphic Expanse", position="bottom")
    main(g)
    cast(g, sr)
    assert g.decision.kind == "priority"
    resolve(g, "yes", (isl.id,))
    assert names(g, g.players[0].hand) == ["Island"]


# ====================================================================== artifacts


@pytest.mark.parametrize("name,card", [
    ("Angel's Feather", "Silvercoat Lion"), ("Demon's Horn", "Nantuko Shade"),
    ("Dragon's Claw", "Goblin Piker"), ("Kraken's Eye", "Coral Merfolk"),
    ("Wurm's Tooth", "Grizzly Bears")])
def test_angels_feather_demons_horn_dragons_claw_krakens_eye_wurms_tooth(name: str,
                                                                        card: str) -> None:
    """"Whenever a player casts a [colour] spell, you may gain 1 life." — any player
    (CR 601.2i); a spell of another colour doesn't trigger it."""
    g = new()
    put(g, 1, BF, name)
    g.players[0].mana_pool.add("C", 2)
    for col in "WUBRG":
        g.players[0].mana_pool.add(col, 2)
    s = put(g, 0, HAND, card)
    other = put(g, 0, HAND, "Ornithopter")
    main(g)
    cast(g, other)
    resolve(g)
    assert life(g, 1) == 20
    cast(g, s)
    resolve(g, "yes")
    assert life(g, 1) == 21


def test_brittle_effigy_exiles_itself_and_target_creature() -> None:
    """"{4}, {T}, Exile this artifact: Exile target creature."."""
    g = new()
    eff = put(g, 0, BF, "Brittle Effigy")
    lands(g, 0, "Plains", 4)
    angel = put(g, 1, BF, "Serra Angel")
    main(g)
    activate(g, eff, angel)
    assert zone_of(g, eff) == EXILE
    resolve(g)
    assert zone_of(g, angel) == EXILE


def test_crystal_ball_scry_2() -> None:
    """"{1}, {T}: Scry 2."."""
    g = new(filler=None)
    cb = put(g, 0, BF, "Crystal Ball")
    put(g, 0, BF, "Plains")
    a = put(g, 0, LIB, "Forest")
    b = put(g, 0, LIB, "Island")
    main(g)
    activate(g, cb)
    resolve(g, (), (a.id, b.id))
    assert g.players[0].library == [b.id, a.id]


def test_elixir_of_immortality_gain_5_and_shuffle_graveyard_back() -> None:
    """"{2}, {T}: You gain 5 life. Shuffle this artifact and your graveyard into their
    owner's library."."""
    g = new()
    el = put(g, 0, BF, "Elixir of Immortality")
    lands(g, 0, "Plains", 2)
    put(g, 0, GY, "Shock")
    put(g, 0, GY, "Shock")
    main(g)
    activate(g, el)
    resolve(g)
    assert life(g, 0) == 25 and g.players[0].graveyard == []
    assert len(g.players[0].library) == 43 and zone_of(g, el) == LIB


def test_gargoyle_sentinel_loses_defender_gains_flying() -> None:
    """"{3}: Until end of turn, this creature loses defender and gains flying." (layer 6)."""
    g = new()
    gs = put(g, 0, BF, "Gargoyle Sentinel")
    lands(g, 0, "Plains", 3)
    start_at(g, "beginning_of_combat", turn=1)
    assert "defender" in g.chars(gs).keywords
    activate(g, gs)
    resolve(g)
    c = g.chars(gs)
    assert "defender" not in c.keywords and "flying" in c.keywords
    until(g, kind_is("declare_attackers"))
    attack(g, gs)


def test_jinxed_idol_damages_controller_and_can_be_given_away() -> None:
    """Upkeep: 2 damage to you; "Sacrifice a creature: Target opponent gains control of
    this artifact." — then it damages them in their upkeep."""
    g = new()
    idol = put(g, 0, BF, "Jinxed Idol")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "upkeep", turn=1)
    resolve(g)
    assert life(g, 0) == 18
    activate(g, idol, P1)
    answer(g, bear.id)
    resolve(g)
    assert g.controller(g.obj(idol.id)) == 1
    until(g, step_is("upkeep", 2))
    resolve(g)
    assert life(g, 1) == 18


def test_juggernaut_must_attack_and_walls_cant_block() -> None:
    """Attacks each combat if able; can't be blocked by Walls."""
    g = new()
    jug = put(g, 0, BF, "Juggernaut")
    wall = put(g, 1, BF, "Wall of Frost")
    start_at(g, "declare_attackers", turn=1)
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(0, DeclareAttackers(()))
    attack(g, jug)
    until(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1b"):
        block(g, (wall, jug))


def test_platinum_angel_you_cant_lose() -> None:
    """"You can't lose the game" (CR 104.3): 0 life doesn't make you lose while it's on
    the battlefield; once it leaves, the SBA applies (CR 704.5a)."""
    g = new()
    angel = put(g, 0, BF, "Platinum Angel")
    g.players[0].life = 0
    lands(g, 1, "Mountain", 4)
    co = put(g, 1, HAND, "Chandra's Outrage")
    main(g)
    assert not g.over
    until(g, step_is("precombat_main", 2))
    cast(g, co, angel)
    resolve(g)
    assert g.over and g.winner == 1


def test_sorcerers_strongbox_coin_flip() -> None:
    """"{2}, {T}: Flip a coin. If you win the flip, sacrifice this artifact and draw three
    cards." (CR 705) — both outcomes over several seeds."""
    outcomes = set()
    for seed in range(12):
        g = setup_game(seed=seed)
        box = put(g, 0, BF, "Sorcerer's Strongbox")
        lands(g, 0, "Plains", 2)
        main(g)
        activate(g, box)
        resolve(g)
        won = any("wins the flip" in e.text for e in g.log)
        if won:
            assert zone_of(g, box) == GY and len(g.players[0].hand) == 3
        else:
            assert zone_of(g, box) == BF and g.players[0].hand == []
        outcomes.add(won)
    assert outcomes == {True, False}


def test_steel_overseer_counters_on_artifact_creatures() -> None:
    """"{T}: Put a +1/+1 counter on each artifact creature you control."."""
    g = new()
    so = put(g, 0, BF, "Steel Overseer")
    orn = put(g, 0, BF, "Ornithopter")
    bear = put(g, 0, BF, "Grizzly Bears")
    their = put(g, 1, BF, "Ornithopter")
    main(g)
    activate(g, so)
    resolve(g)
    assert pt(g, so) == (2, 2) and pt(g, orn) == (1, 3)
    assert pt(g, bear) == (2, 2) and pt(g, their) == (0, 2)


def test_sword_of_vengeance_equipped_bonuses() -> None:
    """Equipped creature gets +2/+0 and has first strike, vigilance, trample, and haste;
    equip {3} (sorcery speed, CR 702.6a)."""
    g = new()
    sw = put(g, 0, BF, "Sword of Vengeance")
    lands(g, 0, "Plains", 3)
    bear = put(g, 0, BF, "Grizzly Bears", sick=True)
    main(g)
    activate(g, sw, bear, ability=0)
    resolve(g)
    c = g.chars(bear)
    assert (c.power, c.toughness) == (4, 2)
    assert {"first strike", "vigilance", "trample", "haste"} <= c.keywords
    until(g, kind_is("declare_attackers"))
    attack(g, bear)
    assert not g.obj(bear.id).tapped


def test_temple_bell_each_player_draws() -> None:
    """"{T}: Each player draws a card."."""
    g = new()
    tb = put(g, 0, BF, "Temple Bell")
    main(g)
    activate(g, tb)
    resolve(g)
    assert len(g.players[0].hand) == 1 and len(g.players[1].hand) == 1


def test_voltaic_key_untaps_target_artifact() -> None:
    """"{1}, {T}: Untap target artifact."."""
    g = new()
    key = put(g, 0, BF, "Voltaic Key")
    put(g, 0, BF, "Plains")
    bell = put(g, 0, BF, "Temple Bell", tapped=True)
    main(g)
    activate(g, key, bell)
    resolve(g)
    assert not g.obj(bell.id).tapped


def test_warlords_axe_plus_3_plus_1() -> None:
    """"Equipped creature gets +3/+1." Equip {4}."""
    g = new()
    axe = put(g, 0, BF, "Warlord's Axe")
    lands(g, 0, "Plains", 4)
    bear = put(g, 0, BF, "Grizzly Bears")
    main(g)
    activate(g, axe, bear, ability=0)
    resolve(g)
    assert pt(g, bear) == (5, 3)


def test_whispersilk_cloak_unblockable_and_shroud() -> None:
    """"Equipped creature can't be blocked and has shroud." (CR 702.18a)."""
    g = new()
    cloak = put(g, 0, BF, "Whispersilk Cloak")
    bear = put(g, 0, BF, "Grizzly Bears")
    cloak.attached_to = bear.id
    blocker = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "declare_attackers", turn=1)
    attack(g, bear)
    g.apply(0, Pass())
    with pytest.raises(IllegalAction, match="shroud"):
        cast(g, bolt, bear, player=1)
    g.apply(1, Pass())
    with pytest.raises(IllegalAction):
        block(g, (blocker, bear))


# ====================================================================== lands


def test_mystifying_maze_exiles_attacker_until_end_step() -> None:
    """{4}, {T}: exile target attacking creature an opponent controls; at the beginning of
    the next end step it returns tapped under its owner's control (delayed trigger,
    CR 603.7)."""
    g = new()
    mino = put(g, 0, BF, "Canyon Minotaur")
    maze = put(g, 1, BF, "Mystifying Maze")
    lands(g, 1, "Plains", 4)
    start_at(g, "declare_attackers", turn=1)
    attack(g, mino)
    g.apply(0, Pass())
    activate(g, maze, mino, ability=1)
    resolve(g)
    assert zone_of(g, mino) == EXILE
    until(g, step_is("end"))
    resolve(g)
    back = current(g, mino)
    assert back.zone == BF and back.tapped and g.controller(back) == 0 and life(g, 1) == 20


def test_mystifying_maze_taps_for_colorless() -> None:
    """Mystifying Maze: "{T}: Add {C}."."""
    g = new()
    maze = put(g, 0, BF, "Mystifying Maze")
    main(g)
    activate(g, maze, ability=0)
    assert str(g.players[0].mana_pool) == "C"


def test_terramorphic_expanse_fetches_basic_land_tapped() -> None:
    """"{T}, Sacrifice this land: Search your library for a basic land card, put it onto
    the battlefield tapped, then shuffle."."""
    g = new()
    te = put(g, 0, BF, "Terramorphic Expanse")
    sw = put(g, 0, LIB, "Swamp", position="bottom")
    main(g)
    activate(g, te)
    assert zone_of(g, te) == GY
    resolve(g, (sw.id,))
    assert zone_of(g, sw) == BF and current(g, sw).tapped


def test_cyclops_gladiator_uses_last_known_power_if_it_left() -> None:
    """Cyclops Gladiator: if it left the battlefield before its ability resolves, "it"
    still deals damage equal to its last known power (CR 608.2g)."""
    g = new()
    cy = put(g, 0, BF, "Cyclops Gladiator")
    bear = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Mountain", 4)
    co = put(g, 1, HAND, "Chandra's Outrage")
    start_at(g, "declare_attackers", turn=1)
    attack(g, cy)
    answer(g, bear.id)
    g.apply(0, Pass())
    cast(g, co, cy, player=1)
    resolve(g, "yes")
    assert zone_of(g, cy) == GY and zone_of(g, bear) == GY


def test_conundrum_sphinx_each_player_names_a_card() -> None:
    """Attack trigger: each player chooses a card name (APNAP order, CR 101.4), then
    reveals their top card: a match goes to hand, otherwise to the bottom of the library."""
    g = new()
    sphinx = put(g, 0, BF, "Conundrum Sphinx")
    top0 = put(g, 0, LIB, "Forest")
    top1 = put(g, 1, LIB, "Mountain")
    start_at(g, "declare_attackers", turn=1)
    attack(g, sphinx)
    resolve(g, "Forest", "Shock")
    assert zone_of(g, top0) == HAND
    assert zone_of(g, top1) == LIB and g.players[1].library[0] == current(g, top1).id


def test_redirect_changes_target_of_a_spell() -> None:
    """"You may choose new targets for target spell." (CR 114.6d): the Bolt aimed at Alice
    hits Bob instead."""
    g = new()
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    lands(g, 0, "Island", 2)
    red = put(g, 0, HAND, "Redirect")
    main(g, active=1)
    cast(g, bolt, P0)
    g.apply(1, Pass())
    cast(g, red, g.obj(g.stack[0]), player=0)
    resolve(g, (P1,))
    assert life(g, 0) == 20 and life(g, 1) == 17


def test_redirect_may_leave_targets_unchanged() -> None:
    """Redirect: choosing the current target leaves the spell unchanged."""
    g = new()
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    lands(g, 0, "Island", 2)
    red = put(g, 0, HAND, "Redirect")
    main(g, active=1)
    cast(g, bolt, P0)
    g.apply(1, Pass())
    cast(g, red, g.obj(g.stack[0]), player=0)
    resolve(g, (P0,))
    assert life(g, 0) == 17


# ====================================================================== hooks added later


def _opening(deck_a: list[str], deck_b: list[str]) -> Game:
    from manastack import Mulligan, new_game
    from manastack.game.state import GameOptions
    g = new_game(["Alice", "Bob"], [deck_a, deck_b], seed=0,
                 options=GameOptions(first_player=0))
    g.apply(0, Mulligan(False))
    g.apply(1, Mulligan(False))
    return g


def test_leyline_of_sanctity_opening_hand_and_player_hexproof() -> None:
    """CR 103.5a: begin the game with it on the battlefield; "You have hexproof." — the
    opponent's Lightning Bolt can't target you (702.11c), your own spells can."""
    g = _opening(["Leyline of Sanctity"] * 7 + ["Plains"] * 33,
                 ["Mountain", "Lightning Bolt"] * 20)
    assert g.decision.kind == "opening_hand"
    answer(g, g.decision.options[0])  # type: ignore[attr-defined]
    assert [o.name for o in g.permanents(0)] == ["Leyline of Sanctity"]
    assert g.game_started
    g2 = new()
    put(g2, 0, BF, "Leyline of Sanctity")
    put(g2, 1, BF, "Mountain")
    bolt = put(g2, 1, HAND, "Lightning Bolt")
    main(g2, active=1)
    with pytest.raises(IllegalAction, match="hexproof"):
        cast(g2, bolt, P0)
    cast(g2, bolt, P1)


def test_leyline_of_the_void_exiles_opponents_cards_going_to_graveyard() -> None:
    """"If a card would be put into an opponent's graveyard from anywhere, exile it
    instead." (CR 614.1a) — a destroyed creature and a resolved spell; not your own cards."""
    g = new()
    put(g, 0, BF, "Leyline of the Void")
    lands(g, 0, "Mountain", 2)
    bolt = put(g, 0, HAND, "Lightning Bolt")
    bear = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Mountain")
    shock = put(g, 1, HAND, "Shock")
    main(g)
    cast(g, bolt, bear)
    resolve(g)
    assert zone_of(g, bear) == EXILE and zone_of(g, bolt) == GY
    until(g, step_is("precombat_main", 2))
    cast(g, shock, P0)
    resolve(g)
    assert zone_of(g, shock) == EXILE


def test_leyline_of_vitality_toughness_and_lifegain() -> None:
    """Creatures you control get +0/+1; whenever a creature you control enters, you may gain
    1 life."""
    g = new()
    put(g, 0, BF, "Leyline of Vitality")
    lands(g, 0, "Forest", 2)
    bear = put(g, 0, HAND, "Grizzly Bears")
    theirs = put(g, 1, BF, "Grizzly Bears")
    main(g)
    cast(g, bear)
    resolve(g, "yes")
    assert pt(g, current(g, bear)) == (2, 3) and pt(g, theirs) == (2, 2) and life(g, 0) == 21


def test_angelic_arbiter_spell_casters_cant_attack_attackers_cant_cast() -> None:
    """Each opponent who cast a spell this turn can't attack with creatures; each opponent
    who attacked with a creature this turn can't cast spells."""
    g = new()
    put(g, 0, BF, "Angelic Arbiter")
    put(g, 1, BF, "Mountain")
    shock = put(g, 1, HAND, "Shock")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g, active=1)
    cast(g, shock, P0)
    resolve(g)
    assert "Angelic Arbiter" in (_why_not(g, bear) or "")
    g2 = new()
    put(g2, 0, BF, "Angelic Arbiter")
    put(g2, 1, BF, "Mountain")
    shock2 = put(g2, 1, HAND, "Shock")
    bear2 = put(g2, 1, BF, "Grizzly Bears")
    start_at(g2, "declare_attackers", turn=1, active=1)
    attack(g2, bear2, target=P0)
    with pytest.raises(IllegalAction, match="Angelic Arbiter"):
        cast(g2, shock2, P0)


def test_call_to_mind_returns_instant_or_sorcery_from_your_graveyard() -> None:
    """"Return target instant or sorcery card from your graveyard to your hand." (a target
    in a graveyard, CR 114.2)."""
    g = new()
    lands(g, 0, "Island", 3)
    ctm = put(g, 0, HAND, "Call to Mind")
    bolt = put(g, 0, GY, "Lightning Bolt")
    bear = put(g, 0, GY, "Grizzly Bears")
    theirs = put(g, 1, GY, "Shock")
    main(g)
    for bad in (bear, theirs):
        with pytest.raises(IllegalAction):
            cast(g, ctm, bad)
    cast(g, ctm, bolt)
    resolve(g)
    assert zone_of(g, bolt) == HAND


def test_disentomb_returns_creature_card_to_hand() -> None:
    """"Return target creature card from your graveyard to your hand."."""
    g = new()
    put(g, 0, BF, "Swamp")
    dis = put(g, 0, HAND, "Disentomb")
    bear = put(g, 0, GY, "Grizzly Bears")
    main(g)
    assert any(isinstance(a, Cast) and a.card == dis.id and a.targets == (bear.id,)
               for a in g.legal_actions())
    cast(g, dis, bear)
    resolve(g)
    assert zone_of(g, bear) == HAND


def test_gravedigger_may_return_creature_card() -> None:
    """"When this creature enters, you may return target creature card from your graveyard
    to your hand."."""
    g = new()
    lands(g, 0, "Swamp", 4)
    gd = put(g, 0, HAND, "Gravedigger")
    bear = put(g, 0, GY, "Grizzly Bears")
    main(g)
    cast(g, gd)
    resolve(g, (bear.id,), "yes")
    assert zone_of(g, bear) == HAND


def test_ice_cage_no_attack_no_activation_destroyed_when_targeted() -> None:
    """Enchanted creature can't attack or block and its activated abilities can't be
    activated; when it becomes the target of a spell or ability, destroy this Aura."""
    g = new()
    pyro = put(g, 0, BF, "Prodigal Pyromancer")
    cage = put(g, 1, BF, "Ice Cage")
    cage.attached_to = pyro.id
    put(g, 0, BF, "Forest")
    gg = put(g, 0, HAND, "Giant Growth")
    main(g)
    with pytest.raises(IllegalAction, match="Ice Cage"):
        activate(g, pyro, P1)
    assert _why_not(g, pyro) is not None
    cast(g, gg, pyro)
    resolve(g)
    assert zone_of(g, cage) == GY
    activate(g, pyro, P1)
    resolve(g)
    assert life(g, 1) == 19


def test_natures_spiral_returns_permanent_card() -> None:
    """"Return target permanent card from your graveyard to your hand." (not an instant)."""
    g = new()
    lands(g, 0, "Forest", 2)
    ns = put(g, 0, HAND, "Nature's Spiral")
    bell = put(g, 0, GY, "Temple Bell")
    bolt = put(g, 0, GY, "Lightning Bolt")
    main(g)
    with pytest.raises(IllegalAction):
        cast(g, ns, bolt)
    cast(g, ns, bell)
    resolve(g)
    assert zone_of(g, bell) == HAND


def test_rise_from_the_grave_reanimates_as_black_zombie() -> None:
    """Put target creature card from a graveyard (any) onto the battlefield under your
    control; it is a black Zombie in addition to its other colours and types (layers 4, 5).
    """
    g = new()
    lands(g, 0, "Swamp", 5)
    rise = put(g, 0, HAND, "Rise from the Grave")
    angel = put(g, 1, GY, "Serra Angel")
    main(g)
    cast(g, rise, angel)
    resolve(g)
    new_angel = current(g, angel)
    c = g.chars(new_angel)
    assert new_angel.zone == BF and g.controller(new_angel) == 0
    assert {"Angel", "Zombie"} <= c.subtypes and c.colors == {"W", "B"}


def test_rotting_legion_enters_tapped() -> None:
    """"This creature enters tapped." (CR 614.1d)."""
    g = new()
    lands(g, 0, "Swamp", 5)
    rl = put(g, 0, HAND, "Rotting Legion")
    main(g)
    cast(g, rl)
    resolve(g)
    assert current(g, rl).tapped
    assert not any(e.kind == ev.TAPPED and e.data.get("object") == current(g, rl).id
                   for e in g.log)


def test_sun_titan_returns_cheap_permanent_card_on_enter() -> None:
    """Enters or attacks: you may return target permanent card with mana value 3 or less
    from your graveyard to the battlefield."""
    g = new()
    lands(g, 0, "Plains", 6)
    titan = put(g, 0, HAND, "Sun Titan")
    bear = put(g, 0, GY, "Grizzly Bears")
    angel = put(g, 0, GY, "Serra Angel")  # mana value 5
    main(g)
    cast(g, titan)
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.decision.options == (bear.id,)  # type: ignore[attr-defined]
    resolve(g, (bear.id,), "yes")
    assert zone_of(g, bear) == BF and zone_of(g, angel) == GY


def test_triskelion_enters_with_counters_and_pings() -> None:
    """Enters with three +1/+1 counters (CR 614.1c); remove one: 1 damage to any target."""
    g = new()
    lands(g, 0, "Plains", 6)
    tri = put(g, 0, HAND, "Triskelion")
    main(g)
    cast(g, tri)
    resolve(g)
    t = current(g, tri)
    assert pt(g, t) == (4, 4)
    activate(g, t, P1)
    activate(g, t, P1)
    resolve(g)
    assert pt(g, t) == (2, 2) and life(g, 1) == 18


@pytest.mark.parametrize("name,basic,other,colors", [
    ("Dragonskull Summit", "Swamp", "Island", "BR"),
    ("Drowned Catacomb", "Island", "Plains", "UB"),
    ("Glacial Fortress", "Plains", "Forest", "WU"),
    ("Rootbound Crag", "Mountain", "Swamp", "RG"),
    ("Sunpetal Grove", "Forest", "Mountain", "GW")])
def test_dragonskull_summit_drowned_catacomb_glacial_fortress_rootbound_crag_sunpetal_grove(
        name: str, basic: str, other: str, colors: str) -> None:
    """Check lands: "This land enters tapped unless you control a [A] or a [B]." (CR 614.1d)
    and "{T}: Add [A] or [B]."."""
    g = new()
    put(g, 0, BF, basic)
    land_ = put(g, 0, HAND, name)
    main(g)
    g.apply(0, PlayLand(land_.id))
    on = current(g, land_)
    assert not on.tapped
    activate(g, on, mana=colors[1])
    assert str(g.players[0].mana_pool) == colors[1]
    g2 = new()
    put(g2, 0, BF, other)
    land2 = put(g2, 0, HAND, name)
    main(g2)
    g2.apply(0, PlayLand(land2.id))
    assert current(g2, land2).tapped


def test_stormtide_leviathan_mountain_pays_blue_automatically() -> None:
    """Stormtide Leviathan: a Mountain is also an Island and can pay {U} (CR 305.7), also
    when the cost is paid automatically (CR 601.2g-h)."""
    g = new()
    put(g, 0, BF, "Stormtide Leviathan")
    put(g, 0, BF, "Mountain")
    unsummon = put(g, 0, HAND, "Unsummon")
    bear = put(g, 1, BF, "Grizzly Bears")
    main(g)
    cast(g, unsummon, bear)
    resolve(g)
    assert zone_of(g, bear) == HAND


def test_cr_704_3_platinum_angel_destroyed_in_the_check_that_makes_the_opponent_lose() -> None:
    """CR 704.3: all applicable state-based actions are performed at once, from one check.
    Platinum Angel with lethal damage and its controller at -2 life, the opponent at 0: at
    that check the Angel's controller can't lose (104.3b), the opponent loses (704.5a) and
    the Angel is destroyed (704.5g) - the game ends with the Angel's controller the winner,
    not in a draw."""
    from manastack.rules import sba
    g = new()
    angel = put(g, 0, BF, "Platinum Angel")
    main(g)
    g.players[0].life = -2
    g.players[1].life = 0
    angel.damage = 4
    g.changed()
    sba.perform(g)
    assert zone_of(g, angel) == GY
    assert g.over and g.winner == 0
    assert not g.players[0].lost and g.players[1].lost

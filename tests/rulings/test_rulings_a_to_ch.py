"""Rulings of the cards from Acidic Slime to Chandra, the Firebrand.

Each test plays out one official ruling of a card (Gatherer / Scryfall "Notes and Rules
Information", the set FAQs of Magic 2011 and Magic 2012, dated where the date is known),
or an interaction any judge would check from the card's Oracle text, under the rules this
engine follows: the 2017 Comprehensive Rules, with the seed documents' 2011 combat damage
assignment order, no mana burn and the pre-2018 targeting ("target creature or player";
a planeswalker is reached by redirecting damage dealt to its controller, CR 306.7).
The rulings are given in our own words.  Behaviours the card tests (tests/cards/) already
show are not repeated; several rulings are also played as YAML scenarios (tests/scenarios/),
of which these are the pytest versions.  Where the Oracle text has changed since 2017
("any target", "player or planeswalker"), the tests follow the 2017 wording and say so.
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
    graveyard,
    kind_is,
    kws,
    lands,
    life,
    options,
    pt,
    settle,
    to_decision,
    zone_of,
)

from manastack.engine import Game, new_game
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    AssignDamage,
    Cast,
    Choose,
    DeclareAttackers,
    Mulligan,
    Pass,
)
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.combat import can_attack

from conftest import at_step

BF, HAND, GY = Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD
P0, P1, P2 = PlayerRef(0), PlayerRef(1), PlayerRef(2)


# ---------------------------------------------------------------- helpers


def to_attackers(g: Game) -> None:
    to_decision(g, "declare_attackers")


# ================================================================ Acidic Slime


def test_cr_603_3d_acidic_slime_must_target_your_own_land_if_nothing_else() -> None:
    """Acidic Slime ruling: the enters trigger isn't optional - with no other
    artifact, enchantment or land on the battlefield, its controller must target one of
    their own (603.3d: a triggered ability is put on the stack with legal targets if any
    exist; it is removed only if none can be chosen)."""
    g = setup_game()
    forests = lands(g, 0, "Forest", 5)
    slime = put(g, 0, HAND, "Acidic Slime")
    start_at(g, "precombat_main")
    cast(g, slime)
    settle(g)
    assert g.decision.kind == "choose_targets"
    assert set(options(g)) == {f.id for f in forests}
    with pytest.raises(IllegalAction, match="603.3d"):
        g.apply(0, Choose(()))
    answer(g, forests[0].id)
    settle(g)
    assert zone_of(g, forests[0]) == GY


# ================================================================ Act of Treason


def test_cr_115_1_act_of_treason_may_target_your_own_tapped_creature() -> None:
    """Act of Treason ruling: it may target any creature, including an
    untapped one or one you already control.  Cast on your own tapped creature that came
    under your control this turn, it untaps it and gives it haste: it can attack."""
    g = setup_game()
    lands(g, 0, "Mountain", 3)
    bear = put(g, 0, BF, "Grizzly Bears", tapped=True, sick=True)
    treason = put(g, 0, HAND, "Act of Treason")
    start_at(g, "precombat_main")
    assert can_attack(g, g.obj(bear.id)) is not None  # summoning sick (302.6)
    cast(g, treason, bear)
    settle(g)
    assert not g.obj(bear.id).tapped and "haste" in kws(g, bear)
    to_attackers(g)
    attack(g, bear)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 18


# ================================================================ Adaptive Automaton


def test_cr_613_4c_two_adaptive_automatons_of_one_type_pump_each_other() -> None:
    """Adaptive Automaton: it is the chosen type, and "other creatures you control of the
    chosen type" get +1/+1 - so two Automatons that chose the same type each get +1/+1 from
    the other (but none from itself): both 3/3."""
    g = setup_game()
    lands(g, 0, "Plains", 6)
    a1 = put(g, 0, HAND, "Adaptive Automaton")
    a2 = put(g, 0, HAND, "Adaptive Automaton")
    start_at(g, "precombat_main")
    cast(g, a1)
    settle(g)
    answer(g, "Soldier")
    assert pt(g, a1) == (2, 2)
    cast(g, a2)
    settle(g)
    answer(g, "Soldier")
    assert pt(g, a1) == (3, 3) and pt(g, a2) == (3, 3)


# ================================================================ Aegis Angel


def test_cr_611_2b_aegis_angel_gone_before_its_trigger_resolves_grants_nothing() -> None:
    """Aegis Angel ruling: if the Angel leaves the battlefield (or you lose
    control of it) before its enters trigger resolves, the target never gains
    indestructible: the "for as long as" duration is already over (611.2b)."""
    g = setup_game()
    lands(g, 0, "Plains", 6)
    lands(g, 1, "Island", 1)
    bear = put(g, 0, BF, "Grizzly Bears")
    angel = put(g, 0, HAND, "Aegis Angel")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, angel)
    settle(g)
    answer(g, bear.id, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, unsummon, current(g, angel), player=1)
    settle(g)
    assert zone_of(g, angel) == HAND and g.stack == []
    assert "indestructible" not in kws(g, bear)


def test_cr_611_2b_aegis_angel_stolen_ends_indestructible_for_good() -> None:
    """Aegis Angel: "for as long as you control this creature" - Bob takes the Angel (Act
    of Treason): Alice's creature loses indestructible, and doesn't get it back when the
    Angel returns to Alice at end of turn (611.2b: the duration is over)."""
    g = setup_game()
    lands(g, 1, "Mountain", 3)
    bear = put(g, 0, BF, "Grizzly Bears")
    angel = put(g, 0, HAND, "Aegis Angel")
    treason = put(g, 1, HAND, "Act of Treason")
    lands(g, 0, "Plains", 6)
    start_at(g, "precombat_main")
    cast(g, angel)
    settle(g)
    answer(g, bear.id, kind="choose_targets")
    settle(g)
    assert "indestructible" in kws(g, bear)
    advance(g, at_step("precombat_main", 2))
    cast(g, treason, current(g, angel))
    settle(g)
    assert g.controller(current(g, angel)) == 1
    assert "indestructible" not in kws(g, bear)
    advance(g, at_step("upkeep", 3))
    assert g.controller(current(g, angel)) == 0
    assert "indestructible" not in kws(g, bear)


# ================================================================ Aether Adept


def test_cr_603_3d_aether_adept_alone_must_return_itself() -> None:
    """Aether Adept ruling: its ability is mandatory; if it is the only
    creature on the battlefield as the trigger is put on the stack, it must target itself,
    and returns to its owner's hand."""
    g = setup_game()
    lands(g, 0, "Island", 3)
    adept = put(g, 0, HAND, "Aether Adept")
    start_at(g, "precombat_main")
    cast(g, adept)
    settle(g)
    assert g.decision.kind == "choose_targets"
    assert options(g) == (current(g, adept).id,)
    answer(g, current(g, adept).id)
    settle(g)
    assert zone_of(g, adept) == HAND


# ================================================================ Ajani Goldmane


def test_cr_611_2c_ajani_goldmane_minus_one_only_creatures_you_control_then() -> None:
    """Ajani Goldmane: the -1 affects only the creatures you control as it resolves (611.2c);
    a creature that comes under your control later that turn gets no counter and no
    vigilance: attacking, it taps, while the first one doesn't."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    ajani = put(g, 0, BF, "Ajani Goldmane")
    bear = put(g, 0, BF, "Grizzly Bears")
    goblin = put(g, 0, HAND, "Raging Goblin")
    start_at(g, "precombat_main")
    activate(g, ajani, ability=1)
    settle(g)
    assert pt(g, bear) == (3, 3) and "vigilance" in kws(g, bear)
    cast(g, goblin)
    settle(g)
    assert pt(g, goblin) == (1, 1) and "vigilance" not in kws(g, goblin)
    to_attackers(g)
    attack(g, bear, current(g, goblin))
    assert not g.obj(bear.id).tapped and current(g, goblin).tapped


# ================================================================ Ajani's Pridemate


def _pridemate_attack(attackers: tuple[str, ...]) -> tuple[Game, GameObject]:
    g = setup_game()
    mate = put(g, 0, BF, "Ajani's Pridemate")
    atk = [put(g, 0, BF, n) for n in attackers]
    start_at(g, "declare_attackers")
    attack(g, *atk)
    advance(g, at_step("end_of_combat"), order=True)
    return g, mate


def test_cr_603_2c_pridemate_two_lifelink_creatures_are_two_life_gains() -> None:
    """Ajani's Pridemate ruling: each creature with lifelink dealing combat damage is a
    separate life-gaining event - two Child of Night dealing combat damage at once make
    the Pridemate trigger twice (two counters)."""
    g, mate = _pridemate_attack(("Child of Night", "Child of Night"))
    assert life(g, 0) == 24
    assert g.obj(mate.id).counters.get("+1/+1") == 2


def test_cr_603_2c_pridemate_life_for_each_land_is_one_event() -> None:
    """Ajani's Pridemate ruling: life gained "for each" of something (Bountiful Harvest)
    is one life-gaining event: one trigger, one counter."""
    g = setup_game()
    lands(g, 0, "Forest", 5)
    mate = put(g, 0, BF, "Ajani's Pridemate")
    harvest = put(g, 0, HAND, "Bountiful Harvest")
    start_at(g, "precombat_main")
    cast(g, harvest)
    settle(g)
    assert life(g, 0) == 25
    assert g.obj(mate.id).counters.get("+1/+1") == 1


# ================================================================ Alluring Siren


def test_cr_508_1d_alluring_siren_multiplayer_must_attack_the_sirens_controller() -> None:
    """Alluring Siren: "attacks you this turn if able" - in a three-player game, Carol's
    Siren makes Bob's creature attack Carol: attacking Alice instead obeys fewer
    requirements than possible (508.1d).  (Attack multiple players option, 802.)"""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(
        variant="free_for_all", extra={"attack": "multiple"}))
    siren = put(g, 2, BF, "Alluring Siren")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat", active=1)
    g.apply(1, Pass())
    assert g.decision.player == 2
    activate(g, siren, bear)
    settle(g)
    to_attackers(g)
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(1, DeclareAttackers(((bear.id, P0),)))
    g.apply(1, DeclareAttackers(((bear.id, P2),)))
    assert g.combat is not None and set(g.combat.attackers) == {bear.id}


# ================================================================ Ancient Hellkite


def test_cr_602_5_ancient_hellkite_ability_resolves_after_it_leaves() -> None:
    """Ancient Hellkite: "activate only if this creature is attacking" restricts the
    activation only (602.5); once activated, the ability exists independently of its
    source (113.7a) and resolves even if the Hellkite is no longer attacking (here, bounced
    in response): its last known information deals the damage."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    lands(g, 1, "Island", 1)
    hk = put(g, 0, BF, "Ancient Hellkite")
    elves = put(g, 1, BF, "Llanowar Elves")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "declare_attackers")
    attack(g, hk)
    activate(g, hk, elves)
    g.apply(0, Pass())
    cast(g, unsummon, hk, player=1)
    settle(g)
    assert zone_of(g, hk) == HAND
    assert zone_of(g, elves) == GY


# ================================================================ Angel's Feather


def test_cr_603_2_angels_feather_triggers_on_an_opponents_multicolored_white_spell() -> None:
    """Angel's Feather: "Whenever a player casts a white spell" - any player, and a spell
    that is white and another colour is white (105.2): Bob's Boros Swiftblade gives
    Alice 1 life, the trigger resolving before the spell."""
    g = setup_game()
    feather = put(g, 0, BF, "Angel's Feather")
    put(g, 1, BF, "Mountain")
    put(g, 1, BF, "Plains")
    blade = put(g, 1, HAND, "Boros Swiftblade")
    start_at(g, "precombat_main", active=1)
    cast(g, blade)
    assert len(g.stack) == 2
    assert getattr(g.objects[g.stack[-1]], "source", None) == feather.id
    g.apply(1, Pass())
    g.apply(0, Pass())
    answer(g, "yes")
    assert life(g, 0) == 21 and zone_of(g, blade) == Zone.STACK


# ================================================================ Angelic Arbiter


def test_cr_611_3a_angelic_arbiter_destroyed_lets_the_caster_attack() -> None:
    """Angelic Arbiter ruling (2010-08-15): if it leaves the battlefield during an
    opponent's turn, its abilities stop applying - the opponent who destroyed it with Doom
    Blade may then attack."""
    g = setup_game()
    arbiter = put(g, 0, BF, "Angelic Arbiter")
    lands(g, 1, "Swamp", 2)
    blade = put(g, 1, HAND, "Doom Blade")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main", active=1)
    cast(g, blade, arbiter)
    settle(g)
    assert zone_of(g, arbiter) == GY
    assert can_attack(g, g.obj(bear.id)) is None
    to_attackers(g)
    attack(g, bear, target=P0)
    advance(g, at_step("end_of_combat"))
    assert life(g, 0) == 18


def test_cr_611_3a_angelic_arbiter_arriving_late_sees_spells_cast_earlier() -> None:
    """Angelic Arbiter ruling (2010-08-15): entering during an opponent's turn (here cast
    with flash thanks to Leyline of Anticipation), it takes into account what that player
    did earlier in the turn: Bob, who cast Shock before it arrived, can't attack."""
    g = setup_game()
    put(g, 0, BF, "Leyline of Anticipation")
    lands(g, 0, "Plains", 7)
    arbiter = put(g, 0, HAND, "Angelic Arbiter")
    put(g, 1, BF, "Mountain")
    shock = put(g, 1, HAND, "Shock")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main", active=1)
    cast(g, shock, P0)
    settle(g)
    g.apply(1, Pass())
    cast(g, arbiter, player=0)
    settle(g)
    assert zone_of(g, arbiter) == BF
    assert "Angelic Arbiter" in (can_attack(g, g.obj(bear.id)) or "")


# ================================================================ Angelic Destiny


def test_cr_603_10a_angelic_destiny_on_opponents_creature_returns_to_owners_hand() -> None:
    """Angelic Destiny ruling: it returns to its owner's hand - Alice's
    Destiny on Bob's creature goes back to Alice's hand when that creature dies (a
    leaves-the-battlefield trigger that looks back in time, 603.10a)."""
    g = setup_game()
    lands(g, 0, "Plains", 4)
    lands(g, 0, "Swamp", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    destiny = put(g, 0, HAND, "Angelic Destiny")
    blade = put(g, 0, HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, destiny, bear)
    settle(g)
    assert pt(g, bear) == (6, 6) and "Angel" in g.chars(g.obj(bear.id)).subtypes
    cast(g, blade, bear)
    settle(g)
    assert zone_of(g, bear) == GY
    assert current(g, destiny).id in g.players[0].hand


# ================================================================ Arachnus Web


def test_cr_602_5_arachnus_web_stops_mana_abilities_too() -> None:
    """Arachnus Web: "its activated abilities can't be activated" includes mana abilities
    (605.1a: a mana ability is an activated ability) - webbed Birds of Paradise can't make
    mana, neither activated by hand nor used to pay for a spell."""
    g = setup_game()
    lands(g, 0, "Forest", 3)
    birds = put(g, 1, BF, "Birds of Paradise")
    web = put(g, 0, HAND, "Arachnus Web")
    growth = put(g, 1, HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, web, birds)
    settle(g)
    g.apply(0, Pass())
    assert g.decision.player == 1
    with pytest.raises(IllegalAction, match="602.5"):
        g.apply(1, Activate(birds.id, 0, (), mana="G"))
    with pytest.raises(IllegalAction, match="601.2h"):
        cast(g, growth, birds, player=1)
    assert not g.obj(birds.id).tapped and zone_of(g, growth) == HAND


def test_cr_603_4_arachnus_web_stays_if_the_power_drops_before_resolution() -> None:
    """Arachnus Web (intervening if, 603.4): the condition is checked again as the trigger
    resolves - the enchanted 4/4 turned into a 1/1 Frog in response, the Web isn't
    destroyed."""
    g = setup_game()
    lands(g, 0, "Forest", 3)
    lands(g, 0, "Island", 4)
    angel = put(g, 1, BF, "Serra Angel")
    web = put(g, 0, HAND, "Arachnus Web")
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, web, angel)
    settle(g)
    advance(g, lambda x: x.step is not None and x.step.name == "end" and bool(x.stack))
    assert g.decision.player == 0
    cast(g, frog, angel)
    settle(g)
    assert pt(g, angel) == (1, 1)
    assert zone_of(g, web) == BF


# ================================================================ Awakener Druid


def test_cr_302_6_awakener_druid_forest_played_this_turn_cant_attack() -> None:
    """Awakener Druid: the animated Forest can attack only if it has been under its
    controller's control continuously since their most recent turn began (302.6) - a
    Forest played this turn is a summoning-sick creature."""
    g = setup_game()
    forest = put(g, 0, BF, "Forest", sick=True)
    druid = put(g, 0, HAND, "Awakener Druid")
    start_at(g, "precombat_main")
    set_mana(g, 0, "GGG")
    cast(g, druid)
    settle(g)
    answer(g, forest.id, kind="choose_targets")
    settle(g)
    assert pt(g, forest) == (4, 5)
    assert can_attack(g, g.obj(forest.id)) is not None
    to_attackers(g)
    with pytest.raises(IllegalAction, match="302.6"):
        attack(g, forest)


# ================================================================ Awe Strike


def test_cr_615_5_awe_strike_on_a_double_striker_prevents_only_the_first_damage() -> None:
    """Awe Strike: "the next time target creature would deal damage this turn" - a double
    striker's first-strike damage is prevented (Alice gains 1); the shield is used up, so
    its regular combat damage is dealt (510.4)."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    blade = put(g, 1, BF, "Boros Swiftblade")
    strike = put(g, 0, HAND, "Awe Strike")
    start_at(g, "declare_attackers", active=1)
    attack(g, blade, target=P0)
    g.apply(1, Pass())
    cast(g, strike, blade, player=0)
    settle(g)
    advance(g, lambda x: x.step is not None and x.step.name == "combat_damage"
            and x.decision is not None and x.decision.kind == "priority")
    assert life(g, 0) == 21
    advance(g, at_step("end_of_combat"))
    assert life(g, 0) == 20


def test_cr_119_4_awe_strike_and_worship_the_rules_example() -> None:
    """CR 119.4c example: Bob (2 life, a creature and Worship) is attacked by two
    unblocked 5/5s and casts Awe Strike on one - the event becomes [Bob loses 5, Bob gains
    5], which doesn't bring him below 1, so Worship doesn't apply: he stays at 2."""
    g = setup_game()
    put(g, 1, BF, "Worship")
    put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Plains", 1)
    strike = put(g, 1, HAND, "Awe Strike")
    w1, w2 = (put(g, 0, BF, "Yavimaya Wurm") for _ in range(2))
    g.players[1].life = 2
    start_at(g, "declare_attackers")
    attack(g, w1, w2)
    g.apply(0, Pass())
    cast(g, strike, w1, player=1)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 2


# ================================================================ Belltower Sphinx


def test_cr_603_2_belltower_sphinx_infect_damage_is_still_damage() -> None:
    """Belltower Sphinx: damage from a source with infect is still damage dealt to it
    (702.90c: dealt as -1/-1 counters) - Bob's Plague Stinger blocking it makes Bob mill
    1."""
    g = setup_game()
    sphinx = put(g, 0, BF, "Belltower Sphinx")
    stinger = put(g, 1, BF, "Plague Stinger")
    start_at(g, "declare_attackers")
    attack(g, sphinx)
    advance(g, kind_is("declare_blockers"))
    block(g, (stinger, sphinx))
    library = len(g.players[1].library)
    advance(g, at_step("end_of_combat"))
    assert g.obj(sphinx.id).counters.get("-1/-1") == 1
    assert len(g.players[1].library) == library - 1


# ================================================================ Bloodrock Cyclops


def test_cr_508_1d_bloodrock_cyclops_attacking_a_planeswalker_obeys_it() -> None:
    """Bloodrock Cyclops ("attacks each combat if able"): its controller chooses what it
    attacks - attacking the opponent's planeswalker obeys the requirement; not attacking
    doesn't."""
    g = setup_game()
    cyclops = put(g, 0, BF, "Bloodrock Cyclops")
    jace = put(g, 1, BF, "Jace Beleren")
    start_at(g, "declare_attackers")
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(0, DeclareAttackers(()))
    attack(g, cyclops, target=jace.id)
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, jace) == GY  # 3 damage: no loyalty left (704.5i)


def test_cr_508_1d_bloodrock_cyclops_that_cant_attack_isnt_forced() -> None:
    """Berserkers of Blood Ridge ruling, same wording as Bloodrock Cyclops: a
    creature that can't attack (summoning sick, 302.6) as attackers are declared simply
    doesn't attack."""
    g = setup_game()
    put(g, 0, BF, "Bloodrock Cyclops", sick=True)
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(()))
    assert g.combat is None or not g.combat.attackers


# ================================================================ Blood Tithe


def test_cr_118_blood_tithe_gains_the_total_lost_by_each_opponent() -> None:
    """Blood Tithe ruling: in a multiplayer game you gain life equal to the
    total life lost by all your opponents - 3 from each of two opponents is 6."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(variant="free_for_all"))
    lands(g, 0, "Swamp", 4)
    tithe = put(g, 0, HAND, "Blood Tithe")
    start_at(g, "precombat_main")
    cast(g, tithe)
    settle(g)
    assert [life(g, p) for p in range(3)] == [26, 17, 17]


# ================================================================ Bloodcrazed Goblin


def test_cr_306_7_bloodcrazed_goblin_damage_redirected_to_a_planeswalker() -> None:
    """Bloodcrazed Goblin: it can attack only if an opponent was dealt damage this turn;
    Shock aimed at Bob and redirected to his planeswalker (306.7) dealt no damage to Bob,
    so the Goblin still can't attack."""
    g = setup_game()
    goblin = put(g, 0, BF, "Bloodcrazed Goblin")
    jace = put(g, 1, BF, "Jace Beleren")
    put(g, 0, BF, "Mountain")
    shock = put(g, 0, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, shock, P1)
    advance(g, kind_is("redirect"))
    answer(g, jace.id)
    settle(g)
    assert life(g, 1) == 20 and g.obj(jace.id).counters["loyalty"] == 1
    assert can_attack(g, g.obj(goblin.id)) is not None


# ================================================================ Boon Reflection


def test_cr_616_1_two_boon_reflections_quadruple_a_life_gain() -> None:
    """Boon Reflection ruling: with two Boon Reflections, you gain four times
    the life (each replacement applies once, 616.1): Angel's Mercy gives 28."""
    g = setup_game()
    put(g, 0, BF, "Boon Reflection")
    put(g, 0, BF, "Boon Reflection")
    lands(g, 0, "Plains", 4)
    mercy = put(g, 0, HAND, "Angel's Mercy")
    start_at(g, "precombat_main")
    cast(g, mercy)
    settle(g)
    while g.decision.kind != "priority":  # the order of the two replacements (616.1)
        answer(g, options(g)[0])
        settle(g)
    assert life(g, 0) == 48


# ================================================================ Brink of Disaster


def test_cr_113_7a_brink_of_disaster_gone_still_destroys_the_tapped_creature() -> None:
    """Brink of Disaster: once the enchanted creature became tapped (here by attacking),
    destroying the Aura in response (Naturalize) doesn't save it - the trigger destroys the
    permanent it was enchanting (last known information)."""
    g = setup_game()
    lands(g, 0, "Swamp", 4)
    lands(g, 1, "Forest", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    brink = put(g, 0, HAND, "Brink of Disaster")
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, brink, bear)
    settle(g)
    advance(g, lambda x: x.turn_number == 2 and kind_is("declare_attackers")(x))
    attack(g, bear, target=P0)
    assert g.stack and g.decision.player == 1
    cast(g, nat, current(g, brink))
    settle(g)
    assert zone_of(g, brink) == GY
    assert zone_of(g, bear) == GY and life(g, 0) == 20


# ================================================================ Captivating Vampire


def test_cr_302_6_captivating_vampire_taps_summoning_sick_vampires() -> None:
    """Captivating Vampire (rulings, as explained on the judges' rules-tips blog, 2012):
    "tap five untapped Vampires you control" isn't {T}, so Vampires that came under your
    control this turn (itself too) can pay it (302.6); the stolen creature is a Vampire and
    gets the Vampire's +1/+1."""
    g = setup_game()
    cv = put(g, 0, BF, "Captivating Vampire", sick=True)
    others = [put(g, 0, BF, n, sick=True) for n in
              ("Blood Seeker", "Child of Night", "Barony Vampire", "Bloodrage Vampire")]
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    activate(g, cv, bear)
    answer(g, cv.id, *(o.id for o in others))
    settle(g)
    assert g.controller(g.obj(bear.id)) == 0
    assert "Vampire" in g.chars(g.obj(bear.id)).subtypes and pt(g, bear) == (3, 3)


# ================================================================ Chancellor of the Annex


def test_cr_603_2_chancellor_of_the_annex_taxes_every_spell_of_an_opponent() -> None:
    """Chancellor of the Annex: "whenever an opponent casts a spell, counter it unless that
    player pays {1}" - each spell: Alice pays for her first Shock, and can't pay for the
    second, which is countered."""
    g = setup_game()
    put(g, 1, BF, "Chancellor of the Annex")
    lands(g, 0, "Mountain", 3)
    s1, s2 = put(g, 0, HAND, "Shock"), put(g, 0, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, s1, P1)
    settle(g)
    answer(g, "yes", kind="may")
    settle(g)
    assert life(g, 1) == 18
    cast(g, s2, P1)
    settle(g)
    if g.decision.kind == "may":  # nothing left to pay with
        answer(g, "yes")
        settle(g)
    assert life(g, 1) == 18 and graveyard(g, 0).count("Shock") == 2


# ================================================================ Chandra's Outrage


def test_cr_608_2b_chandras_outrage_with_its_target_gone_deals_no_damage() -> None:
    """Chandra's Outrage ruling: if the creature is an illegal target as the
    spell resolves, it doesn't resolve, and its controller isn't dealt 2 damage."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    lands(g, 1, "Island", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    outrage = put(g, 0, HAND, "Chandra's Outrage")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, outrage, bear)
    g.apply(0, Pass())
    cast(g, unsummon, bear, player=1)
    settle(g)
    assert zone_of(g, bear) == HAND and zone_of(g, outrage) == GY
    assert life(g, 1) == 20


# ================================================================ Chandra's Phoenix


def test_cr_603_2_chandras_phoenix_killed_by_the_spell_that_hits_the_opponent() -> None:
    """Chandra's Phoenix ruling: it must already be in your graveyard when the
    opponent is dealt the damage - Fireball dealing damage to Bob and to Alice's own
    Phoenix at once kills the Phoenix, which doesn't return."""
    g = setup_game()
    lands(g, 0, "Mountain", 6)
    phoenix = put(g, 0, BF, "Chandra's Phoenix")
    fire = put(g, 0, HAND, "Fireball")
    start_at(g, "precombat_main")
    cast(g, fire, phoenix, P1, x=4)
    advance(g, lambda x: not x.stack, order=True)
    assert life(g, 1) == 18
    assert zone_of(g, phoenix) == GY


# ================================================================ Aegis Angel and indestructible


def _aegis(g: Game, target: GameObject) -> None:
    """Alice casts Aegis Angel (her turn 1, precombat main) targeting ``target``."""
    lands(g, 0, "Plains", 6)
    angel = put(g, 0, HAND, "Aegis Angel")
    start_at(g, "precombat_main")
    cast(g, angel)
    settle(g)
    answer(g, target.id, kind="choose_targets")
    settle(g)
    assert "indestructible" in kws(g, target)


def test_cr_704_5i_aegis_angel_planeswalker_with_no_loyalty_still_dies() -> None:
    """Indestructible on a planeswalker (Aegis Angel's target): damage still removes
    loyalty, and a planeswalker with no loyalty is put into the graveyard - that state-based
    action doesn't destroy it (704.5i, 702.12b; as in the rulings of Boros Charm)."""
    g = setup_game()
    jace = put(g, 0, BF, "Jace Beleren")
    mino = put(g, 1, BF, "Canyon Minotaur")
    _aegis(g, jace)
    advance(g, lambda x: x.turn_number == 2 and kind_is("declare_attackers")(x))
    attack(g, mino, target=jace.id)
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, jace) == GY


def test_cr_704_5f_aegis_angel_creature_with_zero_toughness_still_dies() -> None:
    """Indestructible doesn't save a creature whose toughness is 0 (704.5f isn't
    destruction): Wring Flesh on the indestructible Llanowar Elves puts it into the
    graveyard."""
    g = setup_game()
    elves = put(g, 0, BF, "Llanowar Elves")
    lands(g, 1, "Swamp", 1)
    wring = put(g, 1, HAND, "Wring Flesh")
    _aegis(g, elves)
    g.apply(0, Pass())
    cast(g, wring, elves, player=1)
    settle(g)
    assert zone_of(g, elves) == GY


def test_cr_702_2b_aegis_angel_indestructible_survives_deathtouch() -> None:
    """Deathtouch damage makes the state-based action destroy the creature (704.5h); an
    indestructible creature (Aegis Angel's target) isn't destroyed - blocked by Acidic
    Slime, Alice's Bears survive and the Slime dies."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    slime = put(g, 1, BF, "Acidic Slime")
    _aegis(g, bear)
    to_attackers(g)
    attack(g, bear)
    advance(g, kind_is("declare_blockers"))
    block(g, (slime, bear))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, bear) == BF and g.obj(bear.id).damage == 2
    assert zone_of(g, slime) == GY


# ================================================================ Ajani Goldmane's Avatar


def test_cr_109_5_ajani_goldmane_avatar_uses_its_controllers_life_total() -> None:
    """Ajani Goldmane's Avatar: "power and toughness each equal to your life total" - "your"
    is the Avatar's controller (109.5): stolen by Bob (Act of Treason) it is as big as
    Bob's life total, and back with Alice, as big as hers."""
    g = setup_game()
    ajani = put(g, 0, BF, "Ajani Goldmane", loyalty=6)
    lands(g, 1, "Mountain", 3)
    treason = put(g, 1, HAND, "Act of Treason")
    g.players[1].life = 13
    start_at(g, "precombat_main")
    activate(g, ajani, ability=2)
    settle(g)
    (avatar,) = [o for o in g.permanents(0) if o.name != "Mountain" and
                 "Creature" in g.chars(o).types]
    assert pt(g, avatar) == (20, 20)
    advance(g, at_step("precombat_main", 2))
    cast(g, treason, avatar)
    settle(g)
    assert g.controller(g.obj(avatar.id)) == 1 and pt(g, avatar) == (13, 13)
    advance(g, at_step("upkeep", 3))
    assert pt(g, avatar) == (20, 20)


# ================================================================ Ancient Hellkite (multiplayer)


def test_cr_802_2a_ancient_hellkite_defending_player_of_an_attacked_planeswalker() -> None:
    """Ancient Hellkite, three players (attack multiple players): attacking Carol's
    planeswalker, the Hellkite's "defending player" is Carol (802.2a) - it can target
    Carol's creature, not Bob's."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(
        variant="free_for_all", extra={"attack": "multiple"}))
    hk = put(g, 0, BF, "Ancient Hellkite")
    lands(g, 0, "Mountain", 1)
    bobs = put(g, 1, BF, "Llanowar Elves")
    carols = put(g, 2, BF, "Llanowar Elves")
    jace = put(g, 2, BF, "Jace Beleren")
    start_at(g, "declare_attackers")
    attack(g, hk, target=jace.id)
    with pytest.raises(IllegalAction, match="601.2c"):
        activate(g, hk, bobs)
    activate(g, hk, carols)
    settle(g)
    assert zone_of(g, carols) == GY and zone_of(g, bobs) == BF


# ================================================================ Angelic Arbiter (multiplayer)


def test_cr_802_angelic_arbiter_only_the_opponent_who_cast_is_stopped() -> None:
    """Angelic Arbiter, three players: "each opponent who cast a spell this turn" is read
    for each opponent - Carol casting Shock in Bob's turn doesn't stop Bob from attacking
    (the attacking player is the one who must not have cast a spell)."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(
        variant="free_for_all", extra={"attack": "multiple"}))
    put(g, 0, BF, "Angelic Arbiter")
    bear = put(g, 1, BF, "Grizzly Bears")
    put(g, 2, BF, "Mountain")
    shock = put(g, 2, HAND, "Shock")
    start_at(g, "precombat_main", active=1)
    g.apply(1, Pass())
    assert g.decision.player == 2
    cast(g, shock, P0)
    settle(g)
    assert life(g, 0) == 18
    assert can_attack(g, g.obj(bear.id)) is None


# ================================================================ Blighted Agent


def test_cr_119_3c_blighted_agent_infect_damage_to_a_planeswalker_removes_loyalty() -> None:
    """Blighted Agent (infect) attacking a planeswalker: damage to a planeswalker removes
    loyalty counters whatever the source (119.3c) - no poison counter for its controller."""
    g = setup_game()
    agent = put(g, 0, BF, "Blighted Agent")
    jace = put(g, 1, BF, "Jace Beleren")
    start_at(g, "declare_attackers")
    attack(g, agent, target=jace.id)
    advance(g, at_step("end_of_combat"))
    assert g.obj(jace.id).counters["loyalty"] == 2
    assert g.players[1].poison == 0 and life(g, 1) == 20


# ================================================================ Chandra, the Firebrand


def test_cr_603_7b_chandra_the_firebrand_minus_two_lasts_this_turn_only() -> None:
    """Chandra, the Firebrand -2: "when you next cast an instant or sorcery spell this
    turn" - the delayed trigger (603.7) waits only for the rest of the turn: Shock cast
    in the opponent's next turn isn't copied."""
    g = setup_game()
    ch = put(g, 0, BF, "Chandra, the Firebrand")
    put(g, 0, BF, "Mountain")
    shock = put(g, 0, HAND, "Shock")
    start_at(g, "precombat_main")
    activate(g, ch, ability=1)
    settle(g)
    advance(g, at_step("precombat_main", 2))
    g.apply(1, Pass())
    assert g.decision.player == 0
    cast(g, shock, P1)
    assert len(g.stack) == 1
    settle(g)
    assert life(g, 1) == 18


# ================================================================ Autumn's Veil


def test_cr_101_2_autumns_veil_doesnt_stop_abilities_of_black_sources() -> None:
    """Autumn's Veil ruling (2010-08-15): it has no effect on abilities - after it
    resolves, Bob's Royal Assassin (a black source) can still target and destroy Alice's
    tapped creature."""
    g = setup_game()
    put(g, 0, BF, "Forest")
    bear = put(g, 0, BF, "Grizzly Bears", tapped=True)
    assassin = put(g, 1, BF, "Royal Assassin")
    veil = put(g, 0, HAND, "Autumn's Veil")
    start_at(g, "precombat_main")
    cast(g, veil)
    settle(g)
    g.apply(0, Pass())
    activate(g, assassin, bear, player=1)
    settle(g)
    assert zone_of(g, bear) == GY


# ================================================================ Black Knight


def test_cr_702_16_black_knight_protection_doesnt_stop_day_of_judgment() -> None:
    """Black Knight: protection from white stops white sources from damaging, enchanting,
    blocking and targeting it (702.16b-e) - not Day of Judgment, which targets nothing:
    it is destroyed."""
    g = setup_game()
    knight = put(g, 1, BF, "Black Knight")
    lands(g, 0, "Plains", 4)
    doj = put(g, 0, HAND, "Day of Judgment")
    start_at(g, "precombat_main")
    cast(g, doj)
    settle(g)
    assert zone_of(g, knight) == GY


# ================================================================ Acidic Slime in combat


def test_cr_702_2c_acidic_slime_deathtouch_one_damage_is_lethal_in_the_order() -> None:
    """Acidic Slime blocked by two Grizzly Bears, with the 2011 damage assignment order
    (seed 509.2, 510.1c): deathtouch makes 1 damage lethal damage (702.2c), so it may
    assign 1 to the first blocker and move on to the second - both die; assigning nothing
    to the first blocker is refused."""
    g = setup_game()
    slime = put(g, 0, BF, "Acidic Slime")
    b1, b2 = put(g, 1, BF, "Grizzly Bears"), put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, slime)
    advance(g, kind_is("declare_blockers"))
    block(g, (b1, slime), (b2, slime))
    advance(g, kind_is("order_blockers"))
    answer(g, b1.id, b2.id)
    advance(g, kind_is("assign_damage"))
    with pytest.raises(IllegalAction, match="510.1c"):
        g.apply(0, AssignDamage(((slime.id, ((b2.id, 2),)),)))
    g.apply(0, AssignDamage(((slime.id, ((b1.id, 1), (b2.id, 1))),)))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, b1) == GY and zone_of(g, b2) == GY and zone_of(g, slime) == GY


# ================================================================ Adaptive Automaton stolen


def test_cr_109_5_adaptive_automaton_stolen_pumps_its_new_controllers_creatures() -> None:
    """Adaptive Automaton keeps its chosen type when it changes controllers; "other
    creatures you control" are then its new controller's (109.5): stolen by Bob (Act of
    Treason), it pumps Bob's Elves and no longer Alice's."""
    g = setup_game()
    lands(g, 0, "Plains", 3)
    auto = put(g, 0, HAND, "Adaptive Automaton")
    mine = put(g, 0, BF, "Llanowar Elves")
    theirs = put(g, 1, BF, "Llanowar Elves")
    lands(g, 1, "Mountain", 3)
    treason = put(g, 1, HAND, "Act of Treason")
    start_at(g, "precombat_main")
    cast(g, auto)
    settle(g)
    answer(g, "Elf")
    assert pt(g, mine) == (2, 2) and pt(g, theirs) == (1, 1)
    advance(g, at_step("precombat_main", 2))
    cast(g, treason, current(g, auto))
    settle(g)
    assert pt(g, mine) == (1, 1) and pt(g, theirs) == (2, 2)
    assert "Elf" in g.chars(current(g, auto)).subtypes


# ================================================================ Arc Runner


def test_cr_603_2_arc_runner_arriving_during_the_end_step_waits_for_the_next_one() -> None:
    """Arc Runner: "at the beginning of the end step" triggers only as an end step begins
    (603.2, 513.1a): flashed in (Leyline of Anticipation) during Bob's end step, it isn't
    sacrificed that turn - it attacks in Alice's turn and is sacrificed at her end step."""
    g = setup_game()
    put(g, 0, BF, "Leyline of Anticipation")
    lands(g, 0, "Mountain", 3)
    runner = put(g, 0, HAND, "Arc Runner")
    start_at(g, "end", turn=2, active=1)
    g.apply(1, Pass())
    assert g.decision.player == 0
    cast(g, runner)
    settle(g)
    advance(g, lambda x: x.turn_number == 3 and kind_is("declare_attackers")(x))
    assert zone_of(g, runner) == BF
    attack(g, current(g, runner))
    advance(g, at_step("end_of_combat", 3))
    assert life(g, 1) == 15
    advance(g, at_step("upkeep", 4))
    assert zone_of(g, runner) == GY


# ================================================================ Chandra Nalaar, Chandra, the Firebrand (2017 targets)


def test_cr_306_7_chandra_nalaar_plus_one_reaches_a_planeswalker_only_by_redirection() -> None:
    """Chandra Nalaar +1, 2017 wording "target player" (the Oracle's "player or
    planeswalker" is the 2018 change): Bob's Jace can't be targeted; Chandra targets Bob
    and its controller may redirect the damage to Jace (306.7)."""
    g = setup_game()
    ch = put(g, 0, BF, "Chandra Nalaar")
    jace = put(g, 1, BF, "Jace Beleren")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        activate(g, ch, jace)
    activate(g, ch, P1)
    advance(g, kind_is("redirect"))
    answer(g, jace.id)
    settle(g)
    assert life(g, 1) == 20 and g.obj(jace.id).counters["loyalty"] == 2


def test_cr_306_7_chandra_the_firebrand_plus_one_targets_creature_or_player_only() -> None:
    """Chandra, the Firebrand +1, 2017 wording "target creature or player" (not "any
    target", a 2018 change): a planeswalker isn't a legal target; damage to Bob may be
    redirected to it (306.7)."""
    g = setup_game()
    ch = put(g, 0, BF, "Chandra, the Firebrand")
    jace = put(g, 1, BF, "Jace Beleren")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        activate(g, ch, jace)
    activate(g, ch, P1)
    advance(g, kind_is("redirect"))
    answer(g, jace.id)
    settle(g)
    assert life(g, 1) == 20 and g.obj(jace.id).counters["loyalty"] == 2


def test_cr_706_10_chandra_the_firebrand_copies_a_spell_without_targets() -> None:
    """Chandra, the Firebrand -2 copies the next instant or sorcery even if it has no
    targets (the copy simply has none to change): Pyroclasm and its copy deal 2 + 2 damage
    to each creature - Serra Angel dies."""
    g = setup_game()
    ch = put(g, 0, BF, "Chandra, the Firebrand")
    lands(g, 0, "Mountain", 2)
    angel = put(g, 1, BF, "Serra Angel")
    clasm = put(g, 0, HAND, "Pyroclasm")
    start_at(g, "precombat_main")
    activate(g, ch, ability=1)
    settle(g)
    cast(g, clasm)
    advance(g, lambda x: not x.stack or x.decision.kind != "priority", order=True)
    assert zone_of(g, angel) == GY


def test_cr_707_10c_chandra_the_firebrand_copy_of_a_spell_whose_target_left() -> None:
    """Chandra, the Firebrand -2: the copy is made as the delayed trigger resolves, with
    the spell's target; if that target is gone (Bob bounced his Elves in response), its
    controller may choose a new legal target for the copy (Bob), while the original Shock
    does nothing (608.2b)."""
    g = setup_game()
    ch = put(g, 0, BF, "Chandra, the Firebrand")
    put(g, 0, BF, "Mountain")
    lands(g, 1, "Island", 1)
    elves = put(g, 1, BF, "Llanowar Elves")
    shock = put(g, 0, HAND, "Shock")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    activate(g, ch, ability=1)
    settle(g)
    cast(g, shock, elves)
    assert len(g.stack) == 2  # Shock and the delayed trigger above it
    g.apply(0, Pass())
    cast(g, unsummon, elves, player=1)
    g.apply(1, Pass())
    g.apply(0, Pass())  # Unsummon resolves
    assert zone_of(g, elves) == HAND
    settle(g)
    assert g.decision.kind == "choose_targets" and P1 in options(g)
    answer(g, P1)
    settle(g)
    assert life(g, 1) == 18 and zone_of(g, shock) == GY


# ================================================================ Call to the Grave


def test_cr_205_3_call_to_the_grave_automaton_naming_zombie_is_a_zombie() -> None:
    """Call to the Grave: "sacrifices a non-Zombie creature" - an Adaptive Automaton that
    chose Zombie is a Zombie (its static ability, layer 4), so a player whose only creature
    it is sacrifices nothing."""
    g = setup_game()
    put(g, 1, BF, "Call to the Grave")
    lands(g, 0, "Plains", 3)
    auto = put(g, 0, HAND, "Adaptive Automaton")
    start_at(g, "precombat_main")
    cast(g, auto)
    settle(g)
    answer(g, "Zombie")
    advance(g, lambda x: x.turn_number == 3 and x.step is not None
            and x.step.name == "upkeep" and not x.stack)
    assert zone_of(g, auto) == BF


# ================================================================ Belltower Sphinx (lethal damage)


def test_cr_603_10_belltower_sphinx_dealt_lethal_damage_still_triggers() -> None:
    """Belltower Sphinx ruling: the ability triggers even if the damage is
    lethal - blocking Spined Wurm, the Sphinx dies and Bob still mills 5."""
    g = setup_game()
    sphinx = put(g, 0, BF, "Belltower Sphinx")
    wurm = put(g, 1, BF, "Spined Wurm")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, wurm, target=P0)
    advance(g, kind_is("declare_blockers"))
    block(g, (sphinx, wurm))
    library = len(g.players[1].library)
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, sphinx) == GY
    assert len(g.players[1].library) == library - 5


# ================================================================ Chancellor of the Annex (opening hand)


def test_cr_103_5b_two_chancellors_revealed_tax_the_first_spell_twice() -> None:
    """Chancellor of the Annex ruling: several Chancellors may be revealed
    from the opening hand; each one's ability triggers for an opponent's first spell of the
    game, so {1} must be paid for each - Bob, with one Mountain left after casting Lightning
    Bolt, pays one and the other counters it."""
    def bob_bolts(mountains: int) -> Game:
        deck_a = ["Chancellor of the Annex"] * 7 + ["Plains"] * 33
        deck_b = ["Mountain", "Lightning Bolt"] * 20
        g = new_game(["A", "B"], [deck_a, deck_b], seed=2,
                     options=GameOptions(first_player=0))
        g.apply(0, Mulligan(False))
        g.apply(1, Mulligan(False))
        assert g.decision.kind == "opening_hand" and len(options(g)) == 2
        answer(g, *options(g))
        for _ in range(mountains):
            put(g, 1, BF, "Mountain")
        g.apply(0, Pass())
        bolt = next(i for i in g.players[1].hand if g.obj(i).name == "Lightning Bolt")
        g.apply(1, Cast(bolt, (P0,)))
        for _ in range(20):
            d = g.decision
            if d.kind == "priority" and not g.stack:
                break
            if d.kind == "priority":
                g.apply(d.player, Pass())
            elif d.kind == "order_triggers":
                answer(g, *options(g))
            else:
                answer(g, "yes", kind="may")
        return g

    assert life(bob_bolts(2), 0) == 20  # paid once, countered by the other
    assert life(bob_bolts(3), 0) == 17  # paid twice: the Bolt resolves

"""Rulings of the cards from Chasm Drake to Frost Breath.

Each test plays one ruling of a card of this range: an official ruling (Gatherer /
Scryfall "Notes and Rules Information", found through the stored pages: Fireball's of
2009-10-01, Flash Foliage's of 2006-05-01 to 2013-09-20, Djinn of Wishes' on lands), a
ruling of the card as its set's FAQ gives it (Magic 2011, Magic 2012), or an interaction
any judge would check, read from the card's Oracle text against the 2017 Comprehensive
Rules (the docstrings say which).  Rulings written with later rules are read under the
rules the engine plays: burn spells read "target creature or player", and a planeswalker
is reached by redirecting damage dealt to its controller (CR 306.7).

Cards whose rulings the card tests already prove (tests/cards/...) or that have no
ruling a game can show are left out; the report of the audit lists them.
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
    lands,
    life,
    on_bf,
    pt,
    settle,
    to_decision,
    zone_of,
)

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    AssignDamage,
    Cast,
    DeclareAttackers,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions

from conftest import at_step

P0, P1 = PlayerRef(0), PlayerRef(1)
BF, HAND, GY, LIB = Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY


# ---------------------------------------------------------------- helpers


def to_step_priority(g: Game, step: str) -> None:
    advance(g, lambda x: x.step is not None and x.step.name == step
            and x.decision is not None and x.decision.kind == "priority")


def damage_events(g: Game, source: GameObject) -> list[int]:
    return [i for i, e in enumerate(g.log)
            if e.kind == "damage" and e.data.get("source") == source.id]


# ---------------------------------------------------------------- Circle of Flame


def test_cr_603_2_circle_of_flame_attacker_gaining_flying_in_response_is_still_dealt_damage(
) -> None:
    """Circle of Flame: whether the attacker has flying is looked at as it attacks (the
    trigger event, 603.2); the ability has no "if" clause to check again on resolution
    (603.4).  Goblin Balloon Brigade attacks without flying and gains flying in response:
    it is still dealt 1 damage (and dies)."""
    g = setup_game()
    put(g, 1, BF, "Circle of Flame")
    put(g, 0, BF, "Mountain")
    brigade = put(g, 0, BF, "Goblin Balloon Brigade")
    start_at(g, "declare_attackers")
    attack(g, brigade)
    assert len(g.stack) == 1  # the Circle's trigger
    activate(g, brigade)  # {R}: it gains flying, above the trigger
    settle(g)
    assert zone_of(g, brigade) == GY


def test_cr_506_2_circle_of_flame_multiplayer_only_you_and_your_planeswalkers() -> None:
    """Circle of Flame (reading of "attacks you or a planeswalker you control", 2017 CR
    506.2, 508.1b): in a three-player game, a ground creature attacking the Circle's
    controller's planeswalker is dealt 1 damage; one attacking the third player isn't."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(variant="free_for_all"))
    put(g, 1, BF, "Circle of Flame")
    jace = put(g, 1, BF, "Jace Beleren")
    at_jace = put(g, 0, BF, "Llanowar Elves")
    at_carol = put(g, 0, BF, "Llanowar Elves")
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((at_jace.id, jace.id), (at_carol.id, PlayerRef(2)))))
    assert len(g.stack) == 1
    settle(g)
    assert zone_of(g, at_jace) == GY and zone_of(g, at_carol) == BF


# ---------------------------------------------------------------- Clone


def _clone(g: Game, original: GameObject) -> GameObject:
    """Alice casts Clone (four Islands of hers) and copies ``original``."""
    clone = put(g, 0, HAND, "Clone")
    cast(g, clone, player=0)
    settle(g)
    assert g.decision is not None and g.decision.rule == "706.2"
    answer(g, original.id)
    settle(g)
    return clone


def test_cr_706_2_clone_copies_printed_values_not_counters_pump_damage_or_tapped() -> None:
    """Clone ruling: Clone copies exactly what is printed on the creature (plus copy
    effects), not counters, effects like Giant Growth, damage or whether it is tapped
    (706.2: "other effects, status, and counters are not copied")."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    put(g, 1, BF, "Forest")
    bear = put(g, 1, BF, "Grizzly Bears", tapped=True, damage=1, counters={"+1/+1": 2})
    growth = put(g, 1, HAND, "Giant Growth")
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    cast(g, growth, bear, player=1)
    settle(g)
    assert pt(g, bear) == (7, 7)
    _clone(g, bear)
    (copy,) = on_bf(g, "Grizzly Bears", 0)
    assert pt(g, copy) == (2, 2)
    assert not copy.tapped and copy.damage == 0 and not copy.counters


def test_cr_107_3f_clone_copying_primordial_hydra_enters_with_x_0_and_dies() -> None:
    """Clone ruling: if the copied creature has {X} in its mana cost, X is 0 (107.3f: the
    Clone wasn't cast as a Hydra).  A Clone of a Primordial Hydra with four counters
    enters with no counters, a 0/0, and is put into the graveyard (704.5f)."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    hydra = put(g, 1, BF, "Primordial Hydra", counters={"+1/+1": 4})
    start_at(g, "precombat_main")
    clone = _clone(g, hydra)
    assert on_bf(g, "Primordial Hydra", 0) == []
    assert zone_of(g, clone) == GY


def test_cr_706_2_clone_copies_opponents_hexproof_dungrove_elder_counting_your_forests(
) -> None:
    """Clone chooses the creature as it enters, without targeting, so it may copy a
    creature with hexproof (702.11b stops only targeting); the copied characteristic-defining ability is copied (706.2) and counts
    the Forests of the Clone's controller: 2/2 for Alice's two Forests while Bob's Elder
    is 5/5."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    lands(g, 0, "Forest", 2)
    elder = put(g, 1, BF, "Dungrove Elder")
    lands(g, 1, "Forest", 5)
    start_at(g, "precombat_main")
    _clone(g, elder)
    (copy,) = on_bf(g, "Dungrove Elder", 0)
    assert pt(g, copy) == (2, 2) and pt(g, elder) == (5, 5)
    assert "hexproof" in g.chars(copy).keywords


def test_cr_706_2_clone_copying_a_token_is_not_a_token() -> None:
    """Clone ruling: a Clone copying a token copies the characteristics the token was
    created with, but isn't a token (being a token isn't a copiable value, 706.2): it
    returns to its owner's hand as the card Clone (Unsummon)."""
    g = setup_game()
    lands(g, 1, "Plains", 1)
    throne = put(g, 1, BF, "Throne of Empires")
    start_at(g, "precombat_main", turn=2, active=1)
    activate(g, throne, player=1)
    settle(g)
    (soldier,) = on_bf(g, "Soldier", 1)
    advance(g, at_step("precombat_main", 3))
    lands(g, 0, "Island", 5)
    unsummon = put(g, 0, HAND, "Unsummon")
    clone = _clone(g, soldier)
    (copy,) = on_bf(g, "Soldier", 0)
    assert not copy.card.is_token
    cast(g, unsummon, copy)
    settle(g)
    assert zone_of(g, clone) == HAND


# ---------------------------------------------------------------- Combust


def test_cr_608_2b_combust_target_turned_red_is_countered_on_resolution() -> None:
    """Combust (reading with 608.2b): "can't be countered" stops spells and abilities that
    counter it, not the rules: if its target is no longer white or blue as it resolves (Incite makes
    the blue Maritime Guard red), it has no legal target and doesn't resolve (608.2b)."""
    g = setup_game()
    lands(g, 0, "Mountain", 2)
    lands(g, 1, "Mountain", 1)
    guard = put(g, 1, BF, "Maritime Guard")
    incite = put(g, 1, HAND, "Incite")
    combust = put(g, 0, HAND, "Combust")
    start_at(g, "precombat_main")
    cast(g, combust, guard)
    g.apply(0, Pass())
    cast(g, incite, guard, player=1)
    settle(g)
    guard_now = current(g, guard)
    assert guard_now is not None and guard_now.zone == BF and guard_now.damage == 0
    assert zone_of(g, combust) == GY


# ---------------------------------------------------------------- Condemn


def test_cr_608_2g_condemn_life_uses_the_attackers_pumped_toughness() -> None:
    """Condemn: its controller gains life equal to its toughness as it last existed on
    the battlefield (608.2g): a Grizzly Bears given +3/+3 by Giant Growth gives 5."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Forest")
    growth = put(g, 0, HAND, "Giant Growth")
    put(g, 1, BF, "Plains")
    condemn = put(g, 1, HAND, "Condemn")
    start_at(g, "declare_attackers")
    attack(g, bear)
    cast(g, growth, bear)
    settle(g)
    g.apply(0, Pass())
    cast(g, condemn, bear, player=1)
    settle(g)
    assert zone_of(g, bear) == LIB and life(g, 0) == 25


def test_cr_506_4_condemn_target_removed_from_combat_is_illegal() -> None:
    """Condemn targets an *attacking* creature: if it stops attacking before Condemn
    resolves - Cudgel Troll regenerating from Doom Blade is removed from combat (701.13a,
    506.4) - Condemn doesn't resolve (608.2b): the Troll stays, nobody gains life."""
    g = setup_game()
    troll = put(g, 0, BF, "Cudgel Troll")
    put(g, 0, BF, "Forest")
    put(g, 1, BF, "Plains")
    lands(g, 1, "Swamp", 2)
    condemn = put(g, 1, HAND, "Condemn")
    blade = put(g, 1, HAND, "Doom Blade")
    start_at(g, "declare_attackers")
    attack(g, troll)
    activate(g, troll)  # {G}: regenerate
    settle(g)
    g.apply(0, Pass())
    cast(g, condemn, troll, player=1)
    cast(g, blade, troll, player=1)  # holding priority: Doom Blade resolves first
    settle(g)
    assert zone_of(g, troll) == BF and current(g, troll).tapped
    assert life(g, 0) == 20 and zone_of(g, condemn) == GY


# ---------------------------------------------------------------- Consume Spirit


def test_cr_615_1_consume_spirit_gains_x_even_if_the_damage_is_prevented() -> None:
    """Consume Spirit (reading: "deals X damage ... and you gain X life"): the life gained
    is X, not the damage dealt - prevention (615.1) changes only the damage.  With Safe
    Passage cast in response, Bob takes nothing and Alice still gains 3 (contrast
    Corrupt, whose gain is "the damage dealt this way")."""
    g = setup_game()
    lands(g, 0, "Swamp", 5)
    lands(g, 1, "Plains", 3)
    spirit = put(g, 0, HAND, "Consume Spirit")
    passage = put(g, 1, HAND, "Safe Passage")
    start_at(g, "precombat_main")
    cast(g, spirit, P1, x=3)
    g.apply(0, Pass())
    cast(g, passage, player=1)
    settle(g)
    assert life(g, 1) == 20 and life(g, 0) == 23


# ---------------------------------------------------------------- Corrupt


def test_cr_119_3_corrupt_gains_all_the_damage_dealt_not_just_the_toughness() -> None:
    """Corrupt: you gain life equal to the damage dealt, the whole of it even when it is
    more than the creature's toughness (damage isn't capped by toughness, 119.3): six
    Swamps, 6 damage to a 2/2, 6 life."""
    g = setup_game()
    lands(g, 0, "Swamp", 6)
    corrupt = put(g, 0, HAND, "Corrupt")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, corrupt, bear)
    settle(g)
    assert zone_of(g, bear) == GY and life(g, 0) == 26


def test_cr_306_7_corrupt_redirected_to_a_planeswalker_still_gains_the_damage() -> None:
    """Corrupt targets Bob (2017 wording "target creature or player"; today's "any
    target" is read under CR 306.7): Alice redirects the 6 damage to Bob's Jace Beleren.
    The damage is still dealt by Corrupt "this way", so Alice gains 6 life."""
    g = setup_game()
    lands(g, 0, "Swamp", 6)
    jace = put(g, 1, BF, "Jace Beleren")
    corrupt = put(g, 0, HAND, "Corrupt")
    start_at(g, "precombat_main")
    cast(g, corrupt, P1)
    settle(g)
    assert g.decision is not None and g.decision.kind == "redirect"
    answer(g, jace.id)
    settle(g)
    assert zone_of(g, jace) == GY and life(g, 1) == 20
    assert life(g, 0) == 26


def test_cr_616_1_corrupt_gains_the_damage_left_after_two_prevention_shields() -> None:
    """Corrupt: "you gain life equal to the damage dealt this way" - with two Healing
    Salve shields on Bob (3 + 3, ordered by Bob, 616.1) 1 of the 7 damage is dealt, so
    Alice gains 1 life."""
    g = setup_game()
    lands(g, 0, "Swamp", 7)
    lands(g, 1, "Plains", 2)
    salves = [put(g, 1, HAND, "Healing Salve") for _ in range(2)]
    corrupt = put(g, 0, HAND, "Corrupt")
    start_at(g, "precombat_main")
    cast(g, corrupt, P1)
    g.apply(0, Pass())
    for salve in salves:  # Bob holds priority: both shields are made before Corrupt resolves
        cast(g, salve, P1, player=1, modes=(1,))
    settle(g)
    assert g.decision is not None and g.decision.kind == "order_replacements"
    answer(g, *g.decision.options)  # type: ignore[attr-defined]
    settle(g)
    assert life(g, 1) == 19
    assert life(g, 0) == 21


# ---------------------------------------------------------------- Crumbling Colossus


def test_cr_701_15a_crumbling_colossus_stolen_before_end_of_combat_isnt_sacrificed() -> None:
    """Crumbling Colossus: "sacrifice it at end of combat" is done by the trigger's
    controller, who can sacrifice only a permanent they control (701.15a): Bob takes the
    attacking Colossus with Crown of Empires (with Scepter and Throne); at end of combat
    it stays on the battlefield, his (and left combat, 506.4)."""
    g = setup_game()
    colossus = put(g, 0, BF, "Crumbling Colossus")
    crown = put(g, 1, BF, "Crown of Empires")
    put(g, 1, BF, "Scepter of Empires")
    put(g, 1, BF, "Throne of Empires")
    lands(g, 1, "Plains", 3)
    start_at(g, "declare_attackers")
    attack(g, colossus)
    settle(g)
    g.apply(0, Pass())
    activate(g, crown, colossus, player=1)
    settle(g)
    advance(g, at_step("postcombat_main"))
    now = current(g, colossus)
    assert now is not None and now.zone == BF and g.controller(now) == 1
    assert life(g, 1) == 20


# ---------------------------------------------------------------- Cyclops Gladiator


def test_cr_608_2b_cyclops_gladiator_target_gone_no_damage_either_way() -> None:
    """Cyclops Gladiator: if the targeted creature is gone when the ability resolves, the
    ability doesn't resolve (608.2b): the Gladiator deals no damage and is dealt none."""
    g = setup_game()
    cyclops = put(g, 0, BF, "Cyclops Gladiator")
    bear = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Island")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "declare_attackers")
    attack(g, cyclops)
    answer(g, bear.id, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, unsummon, bear, player=1)
    settle(g)
    assert g.decision is not None and g.decision.kind == "priority"  # no "you may" asked
    assert g.obj(cyclops.id).damage == 0 and zone_of(g, bear) == HAND


def test_cr_608_2c_cyclops_gladiator_deals_its_damage_then_is_dealt_damage() -> None:
    """Cyclops Gladiator: it deals its damage, then ("If you do") the creature deals its
    damage back (608.2c, in the order written).  Each damage event here needs a choice:
    both creatures carry two Healing Salve shields (616.1).  The Gladiator (7/7 with
    Giant Growth) deals 1 damage through Bob's 6 of shields, then Grizzly Bears' 2 are
    prevented by Alice's."""
    g = setup_game()
    cyclops = put(g, 0, BF, "Cyclops Gladiator")
    lands(g, 0, "Plains", 2)
    put(g, 0, BF, "Forest")
    mine = [put(g, 0, HAND, "Healing Salve") for _ in range(2)]
    growth = put(g, 0, HAND, "Giant Growth")
    bear = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Plains", 2)
    theirs = [put(g, 1, HAND, "Healing Salve") for _ in range(2)]
    start_at(g, "precombat_main")
    for salve in mine:
        cast(g, salve, cyclops, modes=(1,))
        settle(g)
    g.apply(0, Pass())
    for salve in theirs:
        cast(g, salve, bear, player=1, modes=(1,))
        settle(g)
        g.apply(0, Pass())
    to_decision(g, "declare_attackers")
    attack(g, cyclops)
    answer(g, bear.id, kind="choose_targets")
    cast(g, growth, cyclops)
    settle(g)
    assert g.decision is not None and g.decision.kind == "may"
    answer(g, "yes")
    for _ in range(3):  # the orders of the shields: Bob's, then Alice's
        if g.decision is None or g.decision.kind != "order_replacements":
            break
        answer(g, *g.decision.options)  # type: ignore[attr-defined]
    settle(g)
    assert g.obj(bear.id).damage == 1 and g.obj(cyclops.id).damage == 0
    first, back = damage_events(g, cyclops), damage_events(g, bear)
    assert first and (not back or first[0] < back[0])


def test_cr_608_2c_cyclops_gladiator_damage_back_waits_for_its_own_damage() -> None:
    """Cyclops Gladiator: "If you do, that creature deals damage ... to this creature" -
    the damage back comes after the Gladiator's (608.2c).  Only the first damage event
    needs a choice here (Bob orders his two Healing Salve shields, 616.1): the Gladiator
    still deals its damage first."""
    g = setup_game()
    cyclops = put(g, 0, BF, "Cyclops Gladiator")
    put(g, 0, BF, "Forest")
    growth = put(g, 0, HAND, "Giant Growth")
    bear = put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Plains", 2)
    theirs = [put(g, 1, HAND, "Healing Salve") for _ in range(2)]
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    for salve in theirs:
        cast(g, salve, bear, player=1, modes=(1,))
        settle(g)
        g.apply(0, Pass())
    to_decision(g, "declare_attackers")
    attack(g, cyclops)
    answer(g, bear.id, kind="choose_targets")
    cast(g, growth, cyclops)
    settle(g)
    answer(g, "yes", kind="may")
    answer(g, *g.decision.options, kind="order_replacements")  # type: ignore[union-attr]
    settle(g)
    assert g.obj(bear.id).damage == 1 and g.obj(cyclops.id).damage == 2
    first, back = damage_events(g, cyclops), damage_events(g, bear)
    assert first and back and first[0] < back[0]


# ---------------------------------------------------------------- Dark Favor


def test_cr_608_3a_dark_favor_countered_for_illegal_target_never_enters() -> None:
    """Dark Favor: the life loss is an enters trigger; if the Aura's target is gone as it
    resolves, the Aura spell doesn't resolve and never enters (608.3a, 608.2b): Alice
    loses no life and Dark Favor is in her graveyard."""
    g = setup_game()
    lands(g, 0, "Swamp", 2)
    lands(g, 1, "Island", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    favor = put(g, 0, HAND, "Dark Favor")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, favor, bear)
    g.apply(0, Pass())
    cast(g, unsummon, bear, player=1)
    settle(g)
    assert life(g, 0) == 20 and zone_of(g, favor) == GY


# ---------------------------------------------------------------- Dark Tutelage


def test_cr_107_3f_dark_tutelage_x_spell_costs_its_mana_value_with_x_0() -> None:
    """Dark Tutelage: you lose life equal to the revealed card's mana value; {X} in a card
    outside the stack is 0 (107.3f): revealing Fireball ({X}{R}) costs 1 life."""
    g = setup_game()
    put(g, 0, BF, "Dark Tutelage")
    fireball = put(g, 0, LIB, "Fireball")
    start_at(g, "upkeep")
    settle(g)
    assert zone_of(g, fireball) == HAND and life(g, 0) == 19


# ---------------------------------------------------------------- Day of Judgment


def test_cr_701_13a_day_of_judgment_lets_creatures_regenerate() -> None:
    """Day of Judgment: "Destroy all creatures" (unlike Wrath of God, no "They can't be
    regenerated"): a Cudgel Troll with a regeneration shield survives, tapped
    (701.13a)."""
    g = setup_game()
    lands(g, 0, "Plains", 4)
    troll = put(g, 1, BF, "Cudgel Troll")
    put(g, 1, BF, "Forest")
    bear = put(g, 1, BF, "Grizzly Bears")
    judgment = put(g, 0, HAND, "Day of Judgment")
    start_at(g, "precombat_main")
    cast(g, judgment)
    g.apply(0, Pass())
    activate(g, troll, player=1)
    settle(g)
    assert zone_of(g, troll) == BF and current(g, troll).tapped
    assert zone_of(g, bear) == GY


# ---------------------------------------------------------------- Demon's Horn, Dragon's Claw


def test_cr_112_7a_demons_horn_gains_even_if_the_black_spell_is_countered() -> None:
    """Demon's Horn: it triggers when the black spell is cast, by any player; the trigger
    goes on the stack above the spell and exists independently of it (112.7a): Bob's Horn
    still gains him 1 life when Alice's Doom Blade is countered by his Cancel."""
    g = setup_game()
    put(g, 1, BF, "Demon's Horn")
    lands(g, 0, "Swamp", 2)
    lands(g, 1, "Island", 3)
    blade = put(g, 0, HAND, "Doom Blade")
    bear = put(g, 1, BF, "Grizzly Bears")
    cancel = put(g, 1, HAND, "Cancel")
    start_at(g, "precombat_main")
    cast(g, blade, bear)
    assert len(g.stack) == 2  # Doom Blade and the Horn's trigger
    g.apply(0, Pass())
    cast(g, cancel, g.stack[0], player=1)
    settle(g)
    answer(g, "yes", kind="may")
    settle(g)
    assert zone_of(g, bear) == BF and zone_of(g, blade) == GY and life(g, 1) == 21


def test_cr_706_10_dragons_claw_copy_of_a_red_spell_isnt_cast() -> None:
    """Dragon's Claw: "Whenever a player casts a red spell" - a copy of a spell isn't cast
    (706.10): Bob casts Lightning Bolt and Reverberate (two triggers); the copy of the
    Bolt made by Reverberate doesn't trigger it."""
    g = setup_game()
    claw = put(g, 0, BF, "Dragon's Claw")
    lands(g, 1, "Mountain", 3)
    bolt = put(g, 1, HAND, "Lightning Bolt")
    reverberate = put(g, 1, HAND, "Reverberate")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, bolt, P0, player=1)
    cast(g, reverberate, g.stack[0], player=1)
    triggers = 0
    for _ in range(50):
        d = g.decision
        if d is None or (d.kind == "priority" and not g.stack):
            break
        if d.kind == "may":
            triggers += 1
            answer(g, "yes")
        elif d.kind == "choose_targets":
            answer(g, P0)
        else:
            g.apply(d.player, Pass())
    assert triggers == 2 and life(g, 0) == 20 - 6 + 2
    assert zone_of(g, claw) == BF


# ---------------------------------------------------------------- Diminish


def test_cr_613_3_diminish_after_giant_growth_still_gets_the_pump() -> None:
    """Diminish ruling: effects that modify power and toughness (layer 7c) apply after it
    whatever their timestamp: Giant Growth cast before Diminish still makes the creature
    4/4 (613.3b, 613.3c)."""
    g = setup_game()
    put(g, 0, BF, "Island")
    put(g, 0, BF, "Forest")
    bear = put(g, 1, BF, "Grizzly Bears")
    growth = put(g, 0, HAND, "Giant Growth")
    diminish = put(g, 0, HAND, "Diminish")
    start_at(g, "precombat_main")
    cast(g, growth, bear)
    settle(g)
    cast(g, diminish, bear)
    settle(g)
    assert pt(g, bear) == (4, 4)


def test_cr_613_6_diminish_overwrites_an_earlier_setting_effect() -> None:
    """Diminish ruling: it overwrites earlier effects that set base power and toughness
    (same layer 7b, later timestamp, 613.6): a Forest made a 4/5 Treefolk by Awakener
    Druid becomes 1/1."""
    g = setup_game()
    forest = put(g, 0, BF, "Forest")
    others = lands(g, 0, "Forest", 3)
    put(g, 0, BF, "Island")
    druid = put(g, 0, HAND, "Awakener Druid")
    diminish = put(g, 0, HAND, "Diminish")
    start_at(g, "precombat_main")
    g.apply(0, Cast(druid.id, pay=tuple(o.id for o in others)))
    settle(g)
    answer(g, forest.id, kind="choose_targets")
    settle(g)
    assert pt(g, forest) == (4, 5)
    cast(g, diminish, forest)
    settle(g)
    assert pt(g, forest) == (1, 1)


# ---------------------------------------------------------------- Djinn of Wishes


def test_cr_107_3b_djinn_of_wishes_free_x_spell_has_x_0() -> None:
    """Djinn of Wishes ruling: a card cast "without paying its mana cost" with {X} in its
    cost must have X = 0 (107.3b): a revealed Fireball may be cast only with X = 0."""
    g = setup_game()
    djinn = put(g, 0, BF, "Djinn of Wishes", counters={"wish": 3})
    lands(g, 0, "Island", 4)
    fireball = put(g, 0, LIB, "Fireball")
    start_at(g, "precombat_main")
    activate(g, djinn)
    settle(g)
    assert g.decision is not None and g.decision.kind == "play_card"
    casts = [a for a in g.legal_actions() if isinstance(a, Cast)]
    assert casts and {a.x for a in casts} == {0}
    with pytest.raises(IllegalAction):
        g.apply(0, Cast(fireball.id, (P1,), 5, alt="free"))
    g.apply(0, Cast(fireball.id, (P1,), 0, alt="free"))
    settle(g)
    assert life(g, 1) == 20 and zone_of(g, fireball) == GY


# ---------------------------------------------------------------- Doubling Chant


def test_cr_701_17a_doubling_chant_finds_one_card_for_each_same_named_creature() -> None:
    """Doubling Chant (M12 FAQ): one card for each creature you control, so two Grizzly
    Bears find two Grizzly Bears (a third is refused), and they enter together."""
    g = setup_game()
    lands(g, 0, "Forest", 6)
    put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Grizzly Bears")
    found = [put(g, 0, LIB, "Grizzly Bears") for _ in range(3)]
    chant = put(g, 0, HAND, "Doubling Chant")
    start_at(g, "precombat_main")
    cast(g, chant)
    settle(g)
    with pytest.raises(IllegalAction):
        answer(g, *(o.id for o in found))
    answer(g, found[0].id, found[1].id)
    assert len(on_bf(g, "Grizzly Bears", 0)) == 4


# ---------------------------------------------------------------- Drowned Catacomb


def test_cr_613_1d_drowned_catacomb_sees_a_forest_made_an_island() -> None:
    """Drowned Catacomb: "unless you control an Island or a Swamp" looks at land types,
    not names: with Stormtide Leviathan (all lands are Islands in addition, layer 4,
    613.1d) a Forest is an Island, so the Catacomb enters untapped."""
    g = setup_game()
    put(g, 0, BF, "Stormtide Leviathan")
    put(g, 0, BF, "Forest")
    catacomb = put(g, 0, HAND, "Drowned Catacomb")
    start_at(g, "precombat_main")
    g.apply(0, PlayLand(catacomb.id))
    assert current(g, catacomb).tapped is False


# ---------------------------------------------------------------- Druidic Satchel


def test_cr_305_4_druidic_satchel_land_isnt_the_land_play() -> None:
    """Druidic Satchel: a land card revealed is put onto the battlefield - that isn't
    playing a land (305.4): Alice may still play a land from her hand this turn."""
    g = setup_game(filler=None)
    lands(g, 0, "Plains", 2)
    satchel = put(g, 0, BF, "Druidic Satchel")
    put(g, 0, LIB, "Forest")
    put(g, 0, LIB, "Forest")
    island = put(g, 0, HAND, "Island")
    start_at(g, "precombat_main")
    activate(g, satchel)
    settle(g)
    assert len(on_bf(g, "Forest", 0)) == 1 and g.players[0].lands_played == 0
    g.apply(0, PlayLand(island.id))
    assert zone_of(g, island) == BF


# ---------------------------------------------------------------- Duskhunter Bat


def test_cr_702_53a_duskhunter_bat_life_loss_isnt_damage() -> None:
    """Duskhunter Bat: bloodthirst asks whether an opponent was *dealt damage* this turn
    (702.53a); Blood Tithe makes Bob lose life, which isn't damage: no counter."""
    g = setup_game()
    lands(g, 0, "Swamp", 6)
    tithe = put(g, 0, HAND, "Blood Tithe")
    bat = put(g, 0, HAND, "Duskhunter Bat")
    start_at(g, "precombat_main")
    cast(g, tithe)
    settle(g)
    assert life(g, 1) == 17
    cast(g, bat)
    settle(g)
    assert not current(g, bat).counters
    assert pt(g, bat) == (1, 1)


# ---------------------------------------------------------------- Elixir of Immortality


def test_cr_112_7a_elixir_destroyed_in_response_still_gains_and_shuffles_itself() -> None:
    """Elixir of Immortality ruling: destroyed in response to its ability (Naturalize),
    the ability still resolves (112.7a): Alice gains 5, and her graveyard - the Elixir
    now among it - is shuffled into her library."""
    g = setup_game()
    elixir = put(g, 0, BF, "Elixir of Immortality")
    lands(g, 0, "Plains", 2)
    lands(g, 1, "Forest", 2)
    put(g, 0, GY, "Shock")
    naturalize = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    activate(g, elixir)
    g.apply(0, Pass())
    cast(g, naturalize, elixir, player=1)
    settle(g)
    assert life(g, 0) == 25 and g.players[0].graveyard == []
    assert zone_of(g, elixir) == LIB and len(g.players[0].library) == 42


# ---------------------------------------------------------------- Fatigue


def test_cr_614_10a_two_fatigues_skip_two_draw_steps() -> None:
    """Fatigue: "skips their next draw step"; two such effects skip the next two draw
    steps, one each (614.10a): Bob draws nothing on turns 2 and 4, and draws on turn 6."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    fatigues = [put(g, 0, HAND, "Fatigue") for _ in range(2)]
    start_at(g, "precombat_main")
    for f in fatigues:
        cast(g, f, P1)
        settle(g)
    advance(g, at_step("precombat_main", 2))
    assert g.players[1].hand == []
    advance(g, at_step("precombat_main", 4))
    assert g.players[1].hand == []
    advance(g, at_step("precombat_main", 6))
    assert len(g.players[1].hand) == 1


# ---------------------------------------------------------------- Fire Servant


def test_cr_616_1_two_fire_servants_quadruple_the_damage() -> None:
    """Fire Servant: with two, each doubles in turn (two replacement effects, ordered by
    the affected player, 616.1, 616.1e): Lightning Bolt deals 12."""
    g = setup_game()
    put(g, 0, BF, "Fire Servant")
    put(g, 0, BF, "Fire Servant")
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, bolt, P1)
    settle(g)
    assert g.decision is not None and g.decision.kind == "order_replacements"
    assert g.decision.player == 1
    answer(g, *g.decision.options)  # type: ignore[attr-defined]
    settle(g)
    assert life(g, 1) == 8


def test_cr_614_1a_fire_servant_doubles_each_evenly_divided_share_of_fireball() -> None:
    """Fire Servant with Fireball: the X is divided first (5 among two targets, 2 each,
    rounded down), then each share is doubled: 4 to each player."""
    g = setup_game()
    put(g, 0, BF, "Fire Servant")
    lands(g, 0, "Mountain", 7)
    fireball = put(g, 0, HAND, "Fireball")
    start_at(g, "precombat_main")
    cast(g, fireball, P1, P0, x=5)
    settle(g)
    assert life(g, 1) == 16 and life(g, 0) == 16


def test_cr_706_10_fire_servant_doubles_a_copy_you_control_only() -> None:
    """Fire Servant: "a red instant or sorcery spell you control": Alice's Reverberate
    copy of Bob's Lightning Bolt is hers and deals 6 to Bob; Bob's Bolt deals 3 to her."""
    g = setup_game()
    put(g, 0, BF, "Fire Servant")
    lands(g, 0, "Mountain", 2)
    lands(g, 1, "Mountain", 1)
    bolt = put(g, 1, HAND, "Lightning Bolt")
    reverberate = put(g, 0, HAND, "Reverberate")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, bolt, P0, player=1)
    g.apply(1, Pass())
    cast(g, reverberate, g.stack[-1], player=0)
    settle(g)
    answer(g, P1, kind="choose_targets")
    settle(g)
    assert life(g, 1) == 14 and life(g, 0) == 17


# ---------------------------------------------------------------- Fireball


def test_cr_608_2b_fireball_divides_x_among_the_targets_still_legal() -> None:
    """Fireball ruling (2009-10-01): the damage is divided as Fireball resolves, among
    the targets still legal then: X = 4 at Grizzly Bears and Giant Spider, the Bears
    bounced: all 4 to the Spider, which dies (not 2)."""
    g = setup_game()
    lands(g, 0, "Mountain", 6)
    lands(g, 1, "Island", 1)
    fireball = put(g, 0, HAND, "Fireball")
    bear = put(g, 1, BF, "Grizzly Bears")
    spider = put(g, 1, BF, "Giant Spider")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, fireball, bear, spider, x=4)
    g.apply(0, Pass())
    cast(g, unsummon, bear, player=1)
    settle(g)
    assert zone_of(g, bear) == HAND and zone_of(g, spider) == GY


def test_cr_608_2b_fireball_more_targets_than_x_deals_nothing() -> None:
    """Fireball ruling (2009-10-01): more legal targets than X as it resolves means each
    share rounds down to 0: X = 2 among three targets deals no damage."""
    g = setup_game()
    lands(g, 0, "Mountain", 5)
    fireball = put(g, 0, HAND, "Fireball")
    bear = put(g, 1, BF, "Grizzly Bears")
    elves = put(g, 1, BF, "Llanowar Elves")
    start_at(g, "precombat_main")
    cast(g, fireball, bear, elves, P1, x=2)
    settle(g)
    assert g.obj(bear.id).damage == 0 and g.obj(elves.id).damage == 0
    assert life(g, 1) == 20 and zone_of(g, fireball) == GY


# ---------------------------------------------------------------- Flameblast Dragon


def test_cr_608_2g_flameblast_dragon_gone_still_deals_x_damage() -> None:
    """Flameblast Dragon: destroyed in response to its attack trigger, you may still pay
    {X}{R}; "it" deals the damage using its last known information (608.2g, 112.7a)."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    dragon = put(g, 0, BF, "Flameblast Dragon")
    lands(g, 1, "Swamp", 2)
    blade = put(g, 1, HAND, "Doom Blade")
    start_at(g, "declare_attackers")
    attack(g, dragon)
    answer(g, P1, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, blade, dragon, player=1)
    settle(g)
    assert zone_of(g, dragon) == GY
    answer(g, 3)
    assert life(g, 1) == 17


def test_cr_608_2b_flameblast_dragon_illegal_target_nothing_is_paid() -> None:
    """Flameblast Dragon: its target is chosen as it triggers; if that target is gone as
    it resolves, the ability doesn't resolve (608.2b): no {X}{R} is asked or paid."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    dragon = put(g, 0, BF, "Flameblast Dragon")
    bear = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Island")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "declare_attackers")
    attack(g, dragon)
    answer(g, bear.id, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, unsummon, bear, player=1)
    settle(g)
    assert g.decision is not None and g.decision.kind == "priority"
    assert not any(o.tapped for o in on_bf(g, "Mountain", 0))


# ---------------------------------------------------------------- Flash Foliage


def _foliage(attacker: str) -> tuple[Game, GameObject, GameObject]:
    """Alice attacks Bob with ``attacker``; Bob holds Flash Foliage and three Forests."""
    g = setup_game()
    a = put(g, 0, BF, attacker)
    lands(g, 1, "Forest", 3)
    foliage = put(g, 1, HAND, "Flash Foliage")
    start_at(g, "declare_attackers")
    attack(g, a)
    return g, a, foliage


def test_cr_506_6_flash_foliage_only_after_blockers_are_declared() -> None:
    """Flash Foliage ruling (2006-07-01 Oracle update): it can be cast only during combat
    after blockers are declared (506.6) - not in the declare attackers step."""
    g, wurm, foliage = _foliage("Yavimaya Wurm")
    g.apply(0, Pass())
    with pytest.raises(IllegalAction, match="506.6"):
        cast(g, foliage, wurm, player=1)


def test_cr_702_19b_flash_foliage_unblocked_trampler_becomes_blocked() -> None:
    """Flash Foliage rulings (2006-05-01): the Saproling enters blocking the attacker,
    which becomes blocked (509.7); a trampler assigns lethal damage (1) to it and the rest
    to Bob (702.19b); Bob draws a card."""
    g, wurm, foliage = _foliage("Yavimaya Wurm")
    to_step_priority(g, "declare_blockers")
    g.apply(0, Pass())
    cast(g, foliage, wurm, player=1)
    settle(g)
    (saproling,) = on_bf(g, "Saproling", 1)
    assert len(g.players[1].hand) == 1
    to_decision(g, "assign_damage")
    with pytest.raises(IllegalAction):
        g.apply(0, AssignDamage(((wurm.id, ((P1, 6),)),)))
    g.apply(0, AssignDamage(((wurm.id, ((saproling.id, 1), (P1, 5))),)))
    settle(g)
    assert life(g, 1) == 15 and zone_of(g, saproling) is None


def test_cr_509_7b_flash_foliage_blocks_a_flyer_ignoring_block_restrictions() -> None:
    """Flash Foliage ruling (2006-05-01): the Saproling blocks the attacker even if the
    block couldn't be declared - Serra Angel has flying (509.7b): the Angel deals its
    damage to the Saproling, none to Bob."""
    g, angel, foliage = _foliage("Serra Angel")
    to_step_priority(g, "declare_blockers")
    g.apply(0, Pass())
    cast(g, foliage, angel, player=1)
    settle(g)
    (saproling,) = on_bf(g, "Saproling", 1)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 and zone_of(g, saproling) is None


def test_cr_509_7_flash_foliage_after_combat_damage_blocks_but_deals_nothing() -> None:
    """Flash Foliage ruling (2006-05-01): cast after combat damage (end of combat step),
    the Saproling enters blocking the attacker but neither deals nor is dealt combat
    damage."""
    g, angel, foliage = _foliage("Serra Angel")
    advance(g, lambda x: x.step is not None and x.step.name == "end_of_combat"
            and x.decision is not None and x.decision.kind == "priority")
    assert life(g, 1) == 16
    g.apply(0, Pass())
    cast(g, foliage, angel, player=1)
    settle(g)
    (saproling,) = on_bf(g, "Saproling", 1)
    assert g.combat is not None and saproling.id in g.combat.blocked_by.get(angel.id, [])
    advance(g, at_step("postcombat_main"))
    assert zone_of(g, saproling) == BF and saproling.damage == 0 and life(g, 1) == 16


def test_cr_506_2_flash_foliage_cant_target_a_creature_attacking_your_planeswalker() -> None:
    """Flash Foliage: "target creature attacking you" - a creature attacking Bob's
    planeswalker isn't attacking Bob (506.2, 508.1b): it can't be the target."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    jace = put(g, 1, BF, "Jace Beleren")
    lands(g, 1, "Forest", 3)
    foliage = put(g, 1, HAND, "Flash Foliage")
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((bear.id, jace.id),)))
    to_step_priority(g, "declare_blockers")
    g.apply(0, Pass())
    with pytest.raises(IllegalAction, match="601.2c"):
        cast(g, foliage, bear, player=1)


def test_cr_509_7_flash_foliage_joins_an_existing_block_and_is_ordered() -> None:
    """Flash Foliage ruling (2006-05-01): the target creature can be blocked by other
    creatures too; the active player places the Saproling in the attacker's damage
    assignment order (509.7, the seed's 2011 damage assignment order)."""
    g, bear, foliage = _foliage("Grizzly Bears")
    wall = put(g, 1, BF, "Runeclaw Bear")
    to_decision(g, "declare_blockers")
    block(g, (wall, bear))
    g.apply(0, Pass())
    cast(g, foliage, bear, player=1)
    settle(g)
    assert g.decision is not None and g.decision.kind == "order_blockers"
    assert g.decision.player == 0
    (saproling,) = on_bf(g, "Saproling", 1)
    assert set(g.decision.options) == {wall.id, saproling.id}  # type: ignore[attr-defined]


# ---------------------------------------------------------------- Fling


def test_cr_608_2g_fling_uses_the_sacrificed_creatures_pumped_power() -> None:
    """Fling: the damage is the sacrificed creature's power as it last existed on the
    battlefield (608.2g), Giant Growth included: 5, not 2."""
    g = setup_game()
    lands(g, 0, "Mountain", 2)
    put(g, 0, BF, "Forest")
    bear = put(g, 0, BF, "Grizzly Bears")
    growth = put(g, 0, HAND, "Giant Growth")
    fling = put(g, 0, HAND, "Fling")
    start_at(g, "precombat_main")
    cast(g, growth, bear)
    settle(g)
    cast(g, fling, P1)
    if g.decision is not None and g.decision.kind == "choose":  # the sacrifice (601.2h)
        answer(g, bear.id)
    settle(g)
    assert zone_of(g, bear) == GY and life(g, 1) == 15

"""Rulings of the cards from Frost Titan to Kjeldoran Royal Guard.

Each test plays one ruling of a card of this range: the Gatherer / Scryfall notes of the
card (mostly from the Magic 2011 and Magic 2012 release notes, 2010-2011), or, where no
official note covers a question any judge would ask, the card's Oracle text read under
the 2017 Comprehensive Rules (each docstring says which).  XMage's tests (magefree/mage)
were consulted for the Gideon Jura and Frost Titan scenarios.  Rulings that use later
wording are read under the rules the engine plays: "any target" is "target creature or
player" (a planeswalker is reached only by redirection, CR 306.7), and combat damage is
assigned in the damage assignment order of 509.2-509.3 / 510.1c-d (2011 rules).

Cards of this range with nothing testable beyond tests/cards/ (Garruk, Primal Hunter,
Giant Growth, Gideon's Lawkeeper, Glorious Anthem, Goblin Fireslinger, Goblin War Paint,
Goldenglow Moth, Greatsword, Griffin Rider, Haunting Echoes, Healing Salve, Holy Day,
Holy Strength, Hornet Sting, Hunters' Feast, Incinerate, Infantry Veteran, Inferno Titan,
Inspired Charge, Island, Jace Beleren, Jace's Archivist, Jace's Ingenuity, Jade Mage, Kei
Takahashi, Kite Shield, Gargoyle Sentinel) have no test here.
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
    kind_is,
    lands,
    life,
    on_bf,
    options,
    pt,
    resolve,
    settle,
    to_step,
    zone_of,
)

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    AssignDamage,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions

import testcards  # noqa: F401

P0, P1 = PlayerRef(0), PlayerRef(1)
BF, HAND, GY, LIB, EXILE = (Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY,
                            Zone.EXILE)


# ---------------------------------------------------------------- helpers


def counters(g: Game, o: GameObject, kind: str = "+1/+1") -> int:
    return current(g, o).counters.get(kind, 0)


# ================================================================ Frost Titan


def test_cr_603_2_frost_titan_taxes_an_opponents_aura_spell() -> None:
    """Frost Titan ruling (2010-08-15): its first ability applies to every spell an
    opponent controls that targets it, Aura spells included.  Bob casts Pacifism on it
    with no mana to spare: the Aura spell is countered (603.2, 702.5a: an Aura spell
    targets)."""
    g = setup_game()
    titan = put(g, 0, BF, "Frost Titan")
    lands(g, 1, "Plains", 2)
    pac = put(g, 1, HAND, "Pacifism")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, pac, titan)
    resolve(g)
    assert zone_of(g, pac) == GY and current(g, titan).zone == BF
    assert not on_bf(g, "Pacifism")


def test_cr_603_2_frost_titan_taxes_an_opponents_triggered_ability() -> None:
    """Frost Titan ruling: triggered abilities are taxed too.  Bob's Goblin Arsonist dies
    and its trigger targets the Titan; Bob has no mana, so the trigger is countered and
    the Titan is dealt no damage."""
    g = setup_game()
    titan = put(g, 0, BF, "Frost Titan")
    arsonist = put(g, 1, BF, "Goblin Arsonist")
    lands(g, 0, "Swamp", 2)
    blade = put(g, 0, HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, blade, arsonist)
    advance(g, kind_is("choose_targets"))
    answer(g, titan.id)
    resolve(g)  # countered before its "you may" is asked
    assert current(g, titan).damage == 0


def test_cr_603_2_frost_titan_ignores_its_controllers_own_spells() -> None:
    """Frost Titan: only spells and abilities of an *opponent* are taxed.  Alice's Giant
    Growth on her own Titan, with no mana left, resolves."""
    g = setup_game()
    titan = put(g, 0, BF, "Frost Titan")
    lands(g, 0, "Forest", 1)
    growth = put(g, 0, HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, growth, titan)
    resolve(g)
    assert pt(g, titan) == (9, 9)


def test_cr_502_2_frost_titan_may_freeze_an_already_tapped_permanent() -> None:
    """Frost Titan ruling: the enters/attacks trigger may target a permanent that's
    already tapped; it stays tapped through its controller's next untap step."""
    g = setup_game()
    lands(g, 0, "Island", 6)
    titan = put(g, 0, HAND, "Frost Titan")
    mountain = put(g, 1, BF, "Mountain", tapped=True)
    start_at(g, "precombat_main")
    cast(g, titan)
    resolve(g, mountain.id)
    to_step(g, "upkeep", 2)
    assert current(g, mountain).tapped
    to_step(g, "upkeep", 4)
    assert not current(g, mountain).tapped


def test_cr_603_2_frost_titan_tax_counters_a_divided_trigger_entirely() -> None:
    """Frost Titan: an opponent's ability that targets the Titan among other things is
    countered as a whole if the tax isn't paid - Bob's Inferno Titan enters and divides 3
    damage between Frost Titan and Alice; Bob has no mana left, so Alice isn't dealt her
    share either."""
    g = setup_game()
    frost = put(g, 0, BF, "Frost Titan")
    lands(g, 1, "Mountain", 6)
    inferno = put(g, 1, HAND, "Inferno Titan")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, inferno)
    advance(g, kind_is("choose_targets"))
    answer(g, frost.id, P0)
    answer(g, "2/1")
    resolve(g)
    assert current(g, frost).damage == 0 and life(g, 0) == 20


def test_cr_114_6d_frost_titan_triggers_when_a_spell_is_redirected_to_it() -> None:
    """Frost Titan "becomes the target": a spell whose target is changed to the Titan
    becomes its target too.  Bob's Lightning Bolt aimed at Alice is redirected by Alice
    (Redirect, 114.6d) to her own Frost Titan; the Bolt is Bob's, so the Titan's ability
    triggers, and Bob, with no mana left, has it countered."""
    g = setup_game()
    titan = put(g, 0, BF, "Frost Titan")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    lands(g, 0, "Island", 2)
    red = put(g, 0, HAND, "Redirect")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, bolt, P0)
    g.apply(1, Pass())
    cast(g, red, g.stack[0])
    resolve(g, titan.id)
    assert life(g, 0) == 20 and current(g, titan).damage == 0
    assert zone_of(g, bolt) == GY


# ================================================================ Furyborn Hellkite


def test_cr_702_53a_furyborn_hellkite_life_loss_isnt_damage() -> None:
    """Bloodthirst (M12 notes): it checks whether an opponent was *dealt damage* this turn;
    an opponent who only lost life (Howling Banshee) doesn't count (losing life, 118.3,
    isn't being dealt damage, 119.3a), and the Hellkite enters as a 6/6."""
    g = setup_game()
    lands(g, 0, "Swamp", 4)
    lands(g, 0, "Mountain", 7)
    banshee = put(g, 0, HAND, "Howling Banshee")
    kite = put(g, 0, HAND, "Furyborn Hellkite")
    start_at(g, "precombat_main")
    cast(g, banshee)
    resolve(g)
    assert life(g, 1) == 17
    cast(g, kite)
    resolve(g)
    assert counters(g, kite) == 0 and pt(g, kite) == (6, 6)


def test_cr_702_53a_furyborn_hellkite_only_damage_dealt_this_turn_counts() -> None:
    """Bloodthirst looks at this turn only: Bob was shocked during his own turn; in Alice's
    next turn the Hellkite enters without counters."""
    g = setup_game()
    lands(g, 0, "Mountain", 8)
    shock = put(g, 0, HAND, "Shock")
    kite = put(g, 0, HAND, "Furyborn Hellkite")
    start_at(g, "upkeep", turn=2, active=1)
    g.apply(1, Pass())
    cast(g, shock, P1)
    resolve(g)
    assert life(g, 1) == 18
    to_step(g, "precombat_main", 3)
    cast(g, kite)
    resolve(g)
    assert counters(g, kite) == 0


# ================================================================ Gorehorn Minotaurs


def test_cr_306_7_gorehorn_minotaurs_damage_to_a_planeswalker_isnt_damage_to_a_player(
) -> None:
    """Bloodthirst: damage dealt to a planeswalker an opponent controls isn't damage dealt
    to that opponent.  Alice's Shock is redirected to Bob's Jace Beleren (306.7); then the
    Minotaurs enter as a plain 3/3."""
    g = setup_game()
    jace = put(g, 1, BF, "Jace Beleren")
    lands(g, 0, "Mountain", 5)
    shock = put(g, 0, HAND, "Shock")
    mino = put(g, 0, HAND, "Gorehorn Minotaurs")
    start_at(g, "precombat_main")
    cast(g, shock, P1)
    advance(g, kind_is("redirect"))
    answer(g, jace.id)
    resolve(g)
    assert life(g, 1) == 20 and current(g, jace).counters["loyalty"] == 1
    cast(g, mino)
    resolve(g)
    assert counters(g, mino) == 0 and pt(g, mino) == (3, 3)


def test_cr_615_gorehorn_minotaurs_prevented_damage_isnt_dealt() -> None:
    """Bloodthirst: prevented damage is never dealt (615.1).  Bob prevents Alice's Shock
    with Healing Salve; the Minotaurs enter without counters.  (After an unprevented Shock
    they get two: the same position, the other way.)"""
    for prevent in (True, False):
        g = setup_game()
        lands(g, 0, "Mountain", 5)
        lands(g, 1, "Plains", 1)
        shock = put(g, 0, HAND, "Shock")
        salve = put(g, 1, HAND, "Healing Salve")
        mino = put(g, 0, HAND, "Gorehorn Minotaurs")
        start_at(g, "precombat_main")
        cast(g, shock, P1)
        if prevent:
            g.apply(0, Pass())
            cast(g, salve, P1, modes=(1,))
        resolve(g)
        assert life(g, 1) == (20 if prevent else 18)
        cast(g, mino)
        resolve(g)
        assert counters(g, mino) == (0 if prevent else 2)


# ================================================================ Gaea's Revenge


def test_cr_114_1_gaeas_revenge_its_controllers_nongreen_aura_and_equip_cant_target_it(
) -> None:
    """Gaea's Revenge: the restriction isn't only against opponents - its own controller's
    white Aura spell (Holy Strength) and the equip ability of a colorless Equipment
    (Greatsword) can't target it; a green spell (Titanic Growth) can (the ruling: only green
    spells and abilities from green sources may target it)."""
    g = setup_game()
    gaea = put(g, 0, BF, "Gaea's Revenge")
    lands(g, 0, "Plains", 3)
    lands(g, 0, "Forest", 2)
    holy = put(g, 0, HAND, "Holy Strength")
    sword = put(g, 0, BF, "Greatsword")
    growth = put(g, 0, HAND, "Titanic Growth")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="Gaea's Revenge"):
        cast(g, holy, gaea)
    with pytest.raises(IllegalAction, match="Gaea's Revenge"):
        activate(g, sword, gaea)
    cast(g, growth, gaea)
    resolve(g)
    assert pt(g, gaea) == (12, 9)


# ================================================================ Garruk Wildspeaker


def test_cr_114_1_garruk_wildspeaker_untaps_any_two_lands() -> None:
    """Garruk Wildspeaker's +1 ("untap two target lands") may target any lands: an
    opponent's tapped land as well as one of yours."""
    g = setup_game()
    garruk = put(g, 0, BF, "Garruk Wildspeaker")
    mine = put(g, 0, BF, "Forest", tapped=True)
    theirs = put(g, 1, BF, "Mountain", tapped=True)
    start_at(g, "precombat_main")
    activate(g, garruk, mine, theirs)
    resolve(g)
    assert not current(g, mine).tapped and not current(g, theirs).tapped


def test_cr_611_2c_garruk_wildspeaker_overrun_locks_in_the_creatures() -> None:
    """Garruk Wildspeaker's −4 affects only the creatures Alice controls as it resolves
    (611.2c): a creature cast afterwards that turn is not +3/+3 and has no trample."""
    g = setup_game()
    garruk = put(g, 0, BF, "Garruk Wildspeaker", loyalty=4)
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 0, "Forest", 2)
    late = put(g, 0, HAND, "Runeclaw Bear")
    start_at(g, "precombat_main")
    activate(g, garruk, ability=2)
    resolve(g)
    cast(g, late)
    resolve(g)
    assert pt(g, bear) == (5, 5) and "trample" in g.chars(current(g, bear)).keywords
    late_bf = on_bf(g, "Runeclaw Bear")[0]
    assert pt(g, late_bf) == (2, 2) and "trample" not in g.chars(late_bf).keywords


def test_cr_114_3_garruk_wildspeaker_needs_two_different_lands() -> None:
    """Garruk Wildspeaker's +1: "two target lands" is one instance of "target", so the same
    land can't be chosen twice (114.3); with a single land on the battlefield the ability
    can't be activated at all (601.2c: the number of targets is fixed at two)."""
    g = setup_game()
    garruk = put(g, 0, BF, "Garruk Wildspeaker")
    forest = put(g, 0, BF, "Forest", tapped=True)
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="114.3"):
        activate(g, garruk, forest, forest)
    with pytest.raises(IllegalAction, match="601.2c"):
        activate(g, garruk, forest)
    assert current(g, garruk).counters["loyalty"] == 3


# ================================================================ Garruk's Horde


def test_cr_601_2a_garruks_horde_the_next_top_card_may_be_cast_too() -> None:
    """Garruk's Horde (M12 FAQ): once the top card has been cast, the new top card is
    revealed; if it's a creature card, it may be cast the same way."""
    g = setup_game()
    put(g, 0, BF, "Garruk's Horde")
    lands(g, 0, "Forest", 3)
    bears = put(g, 0, LIB, "Grizzly Bears")
    elves = put(g, 0, LIB, "Llanowar Elves")
    start_at(g, "precombat_main")
    assert g.players[0].library[-1] == elves.id  # top
    cast(g, elves)
    resolve(g)
    cast(g, bears)
    resolve(g)
    assert on_bf(g, "Llanowar Elves", 0) and on_bf(g, "Grizzly Bears", 0)


def test_cr_305_1_garruks_horde_doesnt_let_you_play_a_land_from_the_top() -> None:
    """Garruk's Horde lets its controller *cast creature spells* from the top of the
    library; a land card there can't be played (305.1), and the opponent's top creature
    card can't be cast."""
    g = setup_game()
    put(g, 0, BF, "Garruk's Horde")
    lands(g, 0, "Forest", 2)
    forest = put(g, 0, LIB, "Forest")
    theirs = put(g, 1, LIB, "Grizzly Bears")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="305.1"):
        g.apply(0, PlayLand(forest.id))
    with pytest.raises(IllegalAction, match="hidden from Alice"):  # unnamed (400.2)
        cast(g, theirs)


# ================================================================ Garruk's Packleader


def test_cr_603_6d_garruks_packleader_sees_the_anthem_as_the_creature_enters() -> None:
    """Garruk's Packleader checks the power of the creature as it is on the battlefield,
    with continuous effects applied (603.6d): a 2/2 Grizzly Bears entering under Glorious
    Anthem is a 3/3 and lets Alice draw a card."""
    g = setup_game()
    put(g, 0, BF, "Garruk's Packleader")
    put(g, 0, BF, "Glorious Anthem")
    lands(g, 0, "Forest", 2)
    bear = put(g, 0, HAND, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, bear)
    resolve(g, "yes")
    assert len(g.players[0].hand) == 1


def test_cr_702_53a_garruks_packleader_sees_bloodthirst_counters() -> None:
    """A creature that enters with +1/+1 counters enters with its power already raised
    (614.1c): Lurking Crocodile (2/2, bloodthirst 1) after Bob was shocked is a 3/3 as it
    enters, and the Packleader triggers."""
    g = setup_game()
    put(g, 0, BF, "Garruk's Packleader")
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Forest", 3)
    shock = put(g, 0, HAND, "Shock")
    croc = put(g, 0, HAND, "Lurking Crocodile")
    start_at(g, "precombat_main")
    cast(g, shock, P1)
    resolve(g)
    cast(g, croc)
    resolve(g, "yes")
    assert pt(g, croc) == (3, 3) and len(g.players[0].hand) == 1


def test_cr_603_4_garruks_packleader_has_no_intervening_if() -> None:
    """"Whenever another creature with power 3 or greater enters" has no intervening "if"
    clause (603.4): Bob shrinks the entering Canyon Minotaur with Wring Flesh while the
    trigger waits; Alice still draws."""
    g = setup_game()
    put(g, 0, BF, "Garruk's Packleader")
    lands(g, 0, "Mountain", 4)
    mino = put(g, 0, HAND, "Canyon Minotaur")
    lands(g, 1, "Swamp", 1)
    wring = put(g, 1, HAND, "Wring Flesh")
    start_at(g, "precombat_main")
    cast(g, mino)
    g.apply(0, Pass())
    g.apply(1, Pass())  # the Minotaur resolves; the trigger goes on the stack
    assert g.stack
    g.apply(0, Pass())
    cast(g, wring, on_bf(g, "Canyon Minotaur")[0])
    resolve(g, "yes")
    assert pt(g, mino)[0] == 0 and len(g.players[0].hand) == 1


# ================================================================ Gideon Jura


def test_cr_611_2c_gideon_jura_plus_two_applies_to_creatures_gained_later() -> None:
    """Gideon Jura ruling: the +2 doesn't lock in the creatures it applies to (it changes
    the rules rather than characteristics, so 611.2c's locking doesn't apply) - a creature
    that comes under the opponent's control after it resolved (here Goblin Chieftain, cast
    by Bob in his turn, with haste) must attack Gideon too (508.1d)."""
    g = setup_game()
    gideon = put(g, 0, BF, "Gideon Jura")
    lands(g, 1, "Mountain", 3)
    chief = put(g, 1, HAND, "Goblin Chieftain")
    start_at(g, "precombat_main")
    activate(g, gideon, P1)
    resolve(g)
    to_step(g, "precombat_main", 2)
    cast(g, chief)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    new = on_bf(g, "Goblin Chieftain", 1)[0]
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(1, DeclareAttackers(()))
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(1, DeclareAttackers(((new.id, P0),)))
    g.apply(1, DeclareAttackers(((new.id, gideon.id),)))


def test_cr_508_1d_gideon_jura_gone_creatures_needn_t_attack_at_all() -> None:
    """Gideon Jura ruling: if a creature can't attack Gideon (he's no longer on the
    battlefield), its controller may have it attack Alice, or not attack at all.  Bob's
    Lightning Bolt at Alice, redirected to Gideon (306.7), kills him first."""
    g = setup_game()
    gideon = put(g, 0, BF, "Gideon Jura", loyalty=1)
    put(g, 1, BF, "Grizzly Bears")
    lands(g, 1, "Mountain", 1)
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    activate(g, gideon, P1)
    resolve(g)
    assert current(g, gideon).counters["loyalty"] == 3
    to_step(g, "precombat_main", 2)
    cast(g, bolt, P0)
    advance(g, kind_is("redirect"))
    answer(g, gideon.id)
    resolve(g)
    assert zone_of(g, gideon) == GY
    advance(g, kind_is("declare_attackers"))
    g.apply(1, DeclareAttackers(()))
    assert g.combat is not None and not g.combat.attackers


def test_cr_806_gideon_jura_only_the_targeted_opponents_next_turn() -> None:
    """Gideon Jura's +2 names one opponent: in a three-player game aimed at Carol, Bob's
    creatures are free on Bob's turn; Carol's must attack Gideon on hers."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(
        variant="free_for_all", extra={"attack": "multiple"}))  # (802: no defender choice)
    gideon = put(g, 0, BF, "Gideon Jura")
    put(g, 1, BF, "Grizzly Bears")
    carols = put(g, 2, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    activate(g, gideon, PlayerRef(2))
    resolve(g)
    advance(g, lambda x: kind_is("declare_attackers")(x) and x.active_player == 1)
    g.apply(1, DeclareAttackers(()))  # Bob: no requirement
    advance(g, lambda x: kind_is("declare_attackers")(x) and x.active_player == 2)
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(2, DeclareAttackers(()))
    g.apply(2, DeclareAttackers(((carols.id, gideon.id),)))


def test_cr_613_3_gideon_jura_creature_gets_anthem_bonus() -> None:
    """Gideon Jura's 0 sets his power and toughness to 6/6 (layer 7b); an anthem that was
    there first still applies on top of it (layer 7c, 613.3): with Glorious Anthem he's a
    7/7."""
    g = setup_game()
    put(g, 0, BF, "Glorious Anthem")
    gideon = put(g, 0, BF, "Gideon Jura")
    start_at(g, "precombat_main")
    activate(g, gideon, ability=2)
    resolve(g)
    assert pt(g, gideon) == (7, 7)


# ================================================================ Gideon's Avenger


def test_cr_702_20b_gideons_avenger_vigilance_attacker_doesnt_become_tapped() -> None:
    """Gideon's Avenger triggers when an opponent's creature *becomes tapped*; a creature
    with vigilance attacking doesn't tap (702.20b), so it gets no counter."""
    g = setup_game()
    avenger = put(g, 1, BF, "Gideon's Avenger")
    angel = put(g, 0, BF, "Serra Angel")
    start_at(g, "declare_attackers")
    attack(g, angel)
    settle(g)
    assert not current(g, angel).tapped and counters(g, avenger) == 0


# ================================================================ Glacial Fortress


def test_cr_205_3i_glacial_fortress_sees_land_types_not_names() -> None:
    """Glacial Fortress ruling: it checks for lands *with the land type* Plains or Island,
    not only basic ones: with Stormtide Leviathan out ("all lands are Islands in addition
    to their other types") Alice's Mountain is an Island, so the Fortress enters
    untapped.  The Fortress itself, an Island too once it's on the battlefield, doesn't
    count: it isn't controlled yet when the check is made (614.12), so with no other land
    it enters tapped."""
    for mountain in (True, False):
        g = setup_game()
        put(g, 1, BF, "Stormtide Leviathan")
        if mountain:
            put(g, 0, BF, "Mountain")
        fort = put(g, 0, HAND, "Glacial Fortress")
        start_at(g, "precombat_main")
        g.apply(0, PlayLand(fort.id))
        assert current(g, fort).tapped is not mountain
        assert "Island" in g.chars(current(g, fort)).subtypes


def test_cr_614_1c_glacial_fortress_opponents_islands_dont_count() -> None:
    """Glacial Fortress: "unless *you* control a Plains or an Island" - Bob's Islands don't
    count; it enters tapped."""
    g = setup_game()
    lands(g, 1, "Island", 2)
    put(g, 0, BF, "Mountain")
    fort = put(g, 0, HAND, "Glacial Fortress")
    start_at(g, "precombat_main")
    g.apply(0, PlayLand(fort.id))
    assert current(g, fort).tapped


# ================================================================ Goblin Arsonist


def test_cr_306_7_goblin_arsonist_targets_no_planeswalker_but_may_redirect() -> None:
    """Goblin Arsonist's dies trigger ("any target" since 2018; "target creature or player"
    in 2017): Bob's Jace Beleren isn't among its targets, but its 1 damage to Bob may be
    redirected to Jace (306.7) - by Alice, the trigger's controller, though the Arsonist
    is in her graveyard by then."""
    g = setup_game()
    arsonist = put(g, 0, BF, "Goblin Arsonist")
    jace = put(g, 1, BF, "Jace Beleren")
    lands(g, 1, "Swamp", 2)
    blade = put(g, 1, HAND, "Doom Blade")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, blade, arsonist)
    advance(g, kind_is("choose_targets"))
    assert jace.id not in options(g) and P1 in options(g)
    answer(g, P1)
    advance(g, lambda x: x.decision.kind != "priority")
    answer(g, "yes")
    advance(g, kind_is("redirect"))
    assert g.decision.player == 0
    answer(g, jace.id)
    resolve(g)
    assert life(g, 1) == 20 and current(g, jace).counters["loyalty"] == 2


# ================================================================ Goblin Balloon Brigade


def test_cr_509_1h_goblin_balloon_brigade_flying_after_blocks_doesnt_unblock() -> None:
    """Goblin Balloon Brigade: flying matters only as blockers are declared (509.1b); to
    keep it from being blocked by a creature without flying or reach it must gain flying
    before that - once it's blocked, gaining flying doesn't change that (509.1h)."""
    g = setup_game()
    gbb = put(g, 0, BF, "Goblin Balloon Brigade")
    lands(g, 0, "Mountain", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, gbb)
    advance(g, kind_is("declare_blockers"))
    block(g, (bear, gbb))
    activate(g, gbb)
    resolve(g)
    assert "flying" in g.chars(current(g, gbb)).keywords
    to_step(g, "end_of_combat")
    assert life(g, 1) == 20 and zone_of(g, gbb) == GY


# ================================================================ Goblin Bangchuckers


def test_cr_608_2b_goblin_bangchuckers_illegal_target_no_flip_no_self_damage() -> None:
    """Goblin Bangchuckers: the target is chosen as the ability is activated; if it's gone
    when the ability resolves, the ability doesn't resolve (608.2b) - no coin is flipped
    and the Bangchuckers deal no damage to themselves either way."""
    for seed in range(4):  # whatever the flip would have been
        g = setup_game(seed=seed)
        bang = put(g, 0, BF, "Goblin Bangchuckers")
        bear = put(g, 1, BF, "Grizzly Bears")
        lands(g, 1, "Island", 1)
        unsummon = put(g, 1, HAND, "Unsummon")
        start_at(g, "precombat_main")
        activate(g, bang, bear)
        g.apply(0, Pass())
        cast(g, unsummon, bear)
        resolve(g)
        assert zone_of(g, bear) == HAND
        assert current(g, bang).damage == 0 and current(g, bang).zone == BF
        assert not any(e.rule == "705.1" for e in g.log)


# ================================================================ Goblin Brigand


def test_cr_508_1d_goblin_brigand_isnt_forced_to_pay_an_attack_cost() -> None:
    """Goblin Brigand "attacks each combat if able": if a cost must be paid for it to
    attack (a Propaganda effect), its controller isn't required to pay it, so it needn't
    attack (508.1d)."""
    g = setup_game()
    put(g, 0, BF, "Goblin Brigand")
    lands(g, 0, "Mountain", 2)
    put(g, 1, BF, "Test Propaganda")
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(()))
    assert g.combat is not None and not g.combat.attackers


# ================================================================ Goblin Chieftain


def test_cr_613_goblin_chieftains_pump_each_other() -> None:
    """Goblin Chieftain: "Other Goblin creatures you control" - two Chieftains each give the
    other +1/+1, so both are 3/3 (a Goblin Piker gets +2/+2)."""
    g = setup_game()
    c1 = put(g, 0, BF, "Goblin Chieftain")
    c2 = put(g, 0, BF, "Goblin Chieftain")
    piker = put(g, 0, BF, "Goblin Piker")
    start_at(g, "precombat_main")
    assert pt(g, c1) == (3, 3) and pt(g, c2) == (3, 3) and pt(g, piker) == (4, 3)


# ================================================================ Goblin Grenade


def test_cr_601_2h_goblin_grenade_countered_goblin_stays_sacrificed() -> None:
    """Goblin Grenade: the Goblin is sacrificed as a cost while casting (601.2h); if the
    Grenade is countered (Cancel), the Goblin stays in the graveyard and no damage is
    dealt."""
    g = setup_game()
    put(g, 0, BF, "Mountain")
    piker = put(g, 0, BF, "Goblin Piker")
    grenade = put(g, 0, HAND, "Goblin Grenade")
    lands(g, 1, "Island", 3)
    cancel = put(g, 1, HAND, "Cancel")
    start_at(g, "precombat_main")
    cast(g, grenade, P1)
    answer(g, piker.id)
    assert zone_of(g, piker) == GY
    g.apply(0, Pass())
    cast(g, cancel, g.stack[-1])
    resolve(g)
    assert zone_of(g, piker) == GY and zone_of(g, grenade) == GY and life(g, 1) == 20


def test_cr_603_2_goblin_grenade_sacrificing_goblin_arsonist_triggers_it() -> None:
    """Sacrificing a Goblin Arsonist to the Grenade makes it die: its trigger goes on the
    stack above the Grenade and resolves first (603.3)."""
    g = setup_game()
    put(g, 0, BF, "Mountain")
    arsonist = put(g, 0, BF, "Goblin Arsonist")
    grenade = put(g, 0, HAND, "Goblin Grenade")
    start_at(g, "precombat_main")
    cast(g, grenade, P1)
    answer(g, arsonist.id)
    advance(g, kind_is("choose_targets"))
    answer(g, P1)
    g.apply(0, Pass())
    g.apply(1, Pass())
    answer(g, "yes")
    assert life(g, 1) == 19 and len(g.stack) == 1
    resolve(g)
    assert life(g, 1) == 14


# ================================================================ Goblin Tunneler


def test_cr_611_2c_goblin_tunneler_pumped_later_stays_unblockable() -> None:
    """Goblin Tunneler ruling: once the ability has resolved, raising the creature's power
    above 2 (Giant Growth) doesn't make it blockable."""
    g = setup_game()
    tun = put(g, 0, BF, "Goblin Tunneler")
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 0, "Forest", 1)
    growth = put(g, 0, HAND, "Giant Growth")
    wall = put(g, 1, BF, "Wall of Wood")
    start_at(g, "beginning_of_combat")
    activate(g, tun, bear)
    resolve(g)
    cast(g, growth, bear)
    resolve(g)
    assert pt(g, bear) == (5, 5)
    advance(g, kind_is("declare_attackers"))
    attack(g, bear)
    advance(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1b"):
        block(g, (wall, bear))
    block(g)
    to_step(g, "end_of_combat")
    assert life(g, 1) == 15


def test_cr_608_2b_goblin_tunneler_target_grown_too_big_is_illegal() -> None:
    """Goblin Tunneler: the target must still have power 2 or less as the ability resolves;
    pumped above it in response (Giant Growth), it's an illegal target and the ability
    does nothing (608.2b)."""
    g = setup_game()
    tun = put(g, 0, BF, "Goblin Tunneler")
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 0, "Forest", 1)
    growth = put(g, 0, HAND, "Giant Growth")
    wall = put(g, 1, BF, "Wall of Wood")
    start_at(g, "beginning_of_combat")
    activate(g, tun, bear)
    cast(g, growth, bear)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    attack(g, bear)
    advance(g, kind_is("declare_blockers"))
    block(g, (wall, bear))  # legal: the bear isn't unblockable


# ================================================================ Grand Abolisher


def test_cr_109_2_grand_abolisher_allows_a_creature_cards_ability_in_a_graveyard() -> None:
    """Grand Abolisher (M12 FAQ): "artifacts, creatures, or enchantments" are permanents
    (109.2); during Alice's turn Bob may still activate the ability of Reassembling
    Skeleton, a creature *card* in his graveyard, paying with his lands' mana."""
    g = setup_game()
    put(g, 0, BF, "Grand Abolisher")
    lands(g, 1, "Swamp", 2)
    skel = put(g, 1, GY, "Reassembling Skeleton")
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    activate(g, skel)
    resolve(g)
    assert on_bf(g, "Reassembling Skeleton", 1)


# ================================================================ Grave Titan


def test_cr_508_1k_grave_titan_attack_tokens_arent_attacking() -> None:
    """Grave Titan: the Zombies created by its attack trigger enter untapped and not
    attacking - only creatures declared as attackers (508.1k) or put onto the battlefield
    attacking (508.4) are attacking creatures."""
    g = setup_game()
    titan = put(g, 0, BF, "Grave Titan")
    start_at(g, "declare_attackers")
    attack(g, titan)
    resolve(g)
    zombies = on_bf(g, "Zombie", 0)
    assert len(zombies) == 2
    assert g.combat is not None and all(z.id not in g.combat.attackers for z in zombies)
    assert not any(z.tapped for z in zombies)
    to_step(g, "end_of_combat")
    assert life(g, 1) == 14


def test_cr_702_2c_grave_titan_deathtouch_one_damage_is_lethal_in_the_order() -> None:
    """Grave Titan has deathtouch: blocked by three creatures in damage assignment order
    (509.2, the 2011 rules), 1 damage to each of the first two counts as lethal (702.2c),
    so it may assign 1, 1 and 4, and all three blockers die."""
    g = setup_game()
    titan = put(g, 0, BF, "Grave Titan")
    blockers = [put(g, 1, BF, n) for n in ("Giant Spider", "Wall of Wood", "Runeclaw Bear")]
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((titan.id, P1),)))
    settle(g)  # the two Zombies
    advance(g, kind_is("declare_blockers"))
    block(g, *[(b, titan) for b in blockers])
    assert g.decision.kind == "order_blockers" and g.decision.player == 0
    g.apply(0, Choose(tuple(b.id for b in blockers)))
    advance(g, kind_is("assign_damage"))
    g.apply(0, AssignDamage(((titan.id, tuple(
        (b.id, n) for b, n in zip(blockers, (1, 1, 4), strict=True))),)))
    to_step(g, "end_of_combat")
    assert all(zone_of(g, b) == GY for b in blockers)


# ================================================================ Gravedigger


def test_cr_603_3d_gravedigger_with_no_creature_card_does_nothing() -> None:
    """Gravedigger: with no creature card in Alice's graveyard (only an instant), its
    trigger has no legal target and is removed from the stack (603.3d); nothing returns."""
    g = setup_game()
    lands(g, 0, "Swamp", 4)
    digger = put(g, 0, HAND, "Gravedigger")
    shock = put(g, 0, GY, "Shock")
    put(g, 1, GY, "Grizzly Bears")  # an opponent's creature card isn't a legal target
    start_at(g, "precombat_main")
    cast(g, digger)
    resolve(g)
    assert on_bf(g, "Gravedigger", 0) and zone_of(g, shock) == GY
    assert len(g.players[0].hand) == 0 and not g.stack


# ================================================================ Grim Lavamancer


def test_cr_602_2b_grim_lavamancer_exiled_cards_stay_exiled_when_countered() -> None:
    """Grim Lavamancer: exiling two cards is part of the cost (602.2b, 601.2h); when the
    ability is countered - here by Frost Titan's tax that Bob can't pay - the cards stay
    exiled and the Lavamancer stays tapped."""
    g = setup_game()
    titan = put(g, 0, BF, "Frost Titan")
    lava = put(g, 1, BF, "Grim Lavamancer")
    put(g, 1, BF, "Mountain")
    gy = [put(g, 1, GY, n) for n in ("Shock", "Grizzly Bears")]
    start_at(g, "precombat_main", turn=2, active=1)
    activate(g, lava, titan)
    while g.decision.kind != "priority":  # the two cards to exile
        answer(g, *options(g)[:2])
    resolve(g)
    assert all(zone_of(g, c) == EXILE for c in gy)
    assert current(g, titan).damage == 0 and current(g, lava).tapped


# ================================================================ Guardian of the Gateless


def test_cr_608_2g_guardian_of_the_gateless_counts_blocked_creatures_on_resolution(
) -> None:
    """Guardian of the Gateless: the +1/+1 for each creature it's blocking is counted as
    the trigger resolves (608.2g); an attacker removed from combat before that (Unsummon)
    doesn't count."""
    g = setup_game()
    atks = [put(g, 0, BF, n) for n in ("Grizzly Bears", "Runeclaw Bear", "Goblin Piker")]
    lands(g, 1, "Island", 1)
    unsummon = put(g, 1, HAND, "Unsummon")
    guard = put(g, 1, BF, "Guardian of the Gateless")
    start_at(g, "declare_attackers")
    attack(g, *atks)
    advance(g, kind_is("declare_blockers"))
    g.apply(1, DeclareBlockers(((guard.id, tuple(a.id for a in atks)),)))
    if g.decision.kind == "order_attackers":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])
    assert g.stack  # the trigger
    g.apply(0, Pass())
    cast(g, unsummon, atks[0])
    resolve(g)
    assert zone_of(g, atks[0]) == HAND
    assert pt(g, guard) == (5, 5)


def test_cr_510_1c_guardian_of_the_gateless_assigns_damage_in_its_order() -> None:
    """Guardian of the Gateless blocking two attackers orders them as blockers are declared
    (509.3, the 2011 rules the engine plays); in combat damage it must assign lethal damage
    to the first before any to the second (510.1c-d).  Blocking two it is a 5/5."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    rune = put(g, 0, BF, "Runeclaw Bear")
    guard = put(g, 1, BF, "Guardian of the Gateless")
    start_at(g, "declare_attackers")
    attack(g, bear, rune)
    advance(g, kind_is("declare_blockers"))
    g.apply(1, DeclareBlockers(((guard.id, (bear.id, rune.id)),)))
    assert g.decision.kind == "order_attackers" and g.decision.player == 1
    g.apply(1, Choose((rune.id, bear.id)))
    advance(g, kind_is("assign_damage"))
    assert g.decision.player == 1 and pt(g, guard) == (5, 5)
    with pytest.raises(IllegalAction, match="510.1d"):
        g.apply(1, AssignDamage(((guard.id, ((rune.id, 1), (bear.id, 4))),)))
    g.apply(1, AssignDamage(((guard.id, ((rune.id, 2), (bear.id, 3))),)))
    to_step(g, "end_of_combat")
    assert zone_of(g, bear) == GY and zone_of(g, rune) == GY


# ================================================================ Guardians' Pledge


def test_cr_611_2c_guardians_pledge_creature_turned_red_keeps_the_bonus() -> None:
    """Guardians' Pledge: the white creatures are determined as it resolves (611.2c); a
    pumped creature that stops being white afterwards (Incite makes it red) keeps +2/+2
    until end of turn."""
    g = setup_game()
    lands(g, 0, "Plains", 3)
    lion = put(g, 0, BF, "Silvercoat Lion")
    pledge = put(g, 0, HAND, "Guardians' Pledge")
    lands(g, 1, "Mountain", 1)
    incite = put(g, 1, HAND, "Incite")
    start_at(g, "precombat_main")
    cast(g, pledge)
    resolve(g)
    g.apply(0, Pass())
    cast(g, incite, lion)
    resolve(g)
    assert g.chars(current(g, lion)).colors == {"R"}
    assert pt(g, lion) == (4, 4)


# ================================================================ Harbor Serpent


def test_cr_205_3i_harbor_serpent_counts_lands_that_are_islands_by_type() -> None:
    """Harbor Serpent counts the Islands on the battlefield, by land type: with Stormtide
    Leviathan out (all lands are Islands), five Mountains make five Islands and the
    Serpent (which has islandwalk, so the Leviathan lets it attack) can attack."""
    g = setup_game()
    serpent = put(g, 0, BF, "Harbor Serpent")
    put(g, 1, BF, "Stormtide Leviathan")
    lands(g, 0, "Mountain", 3)
    lands(g, 1, "Mountain", 2)
    start_at(g, "declare_attackers")
    attack(g, serpent)
    assert g.combat is not None and serpent.id in g.combat.attackers


# ================================================================ Hideous Visage


def test_cr_611_2c_hideous_visage_later_creatures_dont_gain_intimidate() -> None:
    """Hideous Visage grants intimidate to the creatures Alice controls as it resolves
    (611.2c); a creature cast afterwards that turn doesn't have it."""
    g = setup_game()
    lands(g, 0, "Swamp", 5)
    bear = put(g, 0, BF, "Grizzly Bears")
    vis = put(g, 0, HAND, "Hideous Visage")
    late = put(g, 0, HAND, "Child of Night")
    start_at(g, "precombat_main")
    cast(g, vis)
    resolve(g)
    cast(g, late)
    resolve(g)
    assert "intimidate" in g.chars(current(g, bear)).keywords
    assert "intimidate" not in g.chars(on_bf(g, "Child of Night")[0]).keywords


# ================================================================ Hoarding Dragon


def test_cr_607_2a_hoarding_dragon_gone_before_its_etb_resolves_card_stays_exiled() -> None:
    """Hoarding Dragon ruling: if the Dragon leaves the battlefield before its enters
    trigger resolves, its dies trigger resolves first with nothing exiled; the artifact
    card then exiled stays in exile for good."""
    g = setup_game()
    lands(g, 0, "Mountain", 5)
    dragon = put(g, 0, HAND, "Hoarding Dragon")
    bell = put(g, 0, LIB, "Temple Bell", position="bottom")
    lands(g, 1, "Swamp", 2)
    blade = put(g, 1, HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, dragon)
    g.apply(0, Pass())
    g.apply(1, Pass())  # the Dragon resolves; its enters trigger waits on the stack
    g.apply(0, Pass())
    cast(g, blade, on_bf(g, "Hoarding Dragon")[0])
    resolve(g, "yes", "yes", bell.id)
    assert zone_of(g, dragon) == GY and zone_of(g, bell) == EXILE
    to_step(g, "upkeep", 3)
    assert zone_of(g, bell) == EXILE


def test_cr_700_4_hoarding_dragon_bounced_doesnt_return_the_card() -> None:
    """Hoarding Dragon: only its dying returns the card; returned to its owner's hand
    (Unsummon), it doesn't die (700.4) and the artifact card stays exiled."""
    g = setup_game()
    lands(g, 0, "Mountain", 5)
    dragon = put(g, 0, HAND, "Hoarding Dragon")
    bell = put(g, 0, LIB, "Temple Bell", position="bottom")
    lands(g, 1, "Island", 1)
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, dragon)
    resolve(g, "yes", bell.id)
    assert zone_of(g, bell) == EXILE
    g.apply(0, Pass())
    cast(g, unsummon, on_bf(g, "Hoarding Dragon")[0])
    resolve(g)
    assert zone_of(g, dragon) == HAND and zone_of(g, bell) == EXILE


def test_cr_607_2a_hoarding_dragon_clone_returns_only_its_own_card() -> None:
    """Hoarding Dragon's two abilities are linked (607.2a): a Clone copying it exiles its
    own artifact card, and when the Clone dies only that card returns; the original
    Dragon's card stays exiled until the original dies."""
    g = setup_game()
    lands(g, 0, "Mountain", 5)
    lands(g, 0, "Island", 5)
    dragon = put(g, 0, HAND, "Hoarding Dragon")
    clone = put(g, 0, HAND, "Clone")
    bell = put(g, 0, LIB, "Temple Bell", position="bottom")
    satchel = put(g, 0, LIB, "Druidic Satchel", position="bottom")
    lands(g, 1, "Swamp", 4)
    blades = [put(g, 1, HAND, "Doom Blade") for _ in range(2)]
    start_at(g, "precombat_main")
    cast(g, dragon)
    resolve(g, "yes", bell.id)
    cast(g, clone)
    resolve(g, on_bf(g, "Hoarding Dragon")[0].id, "yes", satchel.id)
    assert zone_of(g, bell) == EXILE and zone_of(g, satchel) == EXILE
    copy = next(o for o in on_bf(g, "Hoarding Dragon", 0) if o.uid == clone.uid)
    g.apply(0, Pass())
    cast(g, blades[0], copy)
    resolve(g, "yes")
    assert zone_of(g, satchel) == HAND and zone_of(g, bell) == EXILE
    g.apply(0, Pass())
    cast(g, blades[1], on_bf(g, "Hoarding Dragon")[0])
    resolve(g, "yes")
    assert zone_of(g, bell) == HAND


# ================================================================ Honor of the Pure


def test_cr_105_2_honor_of_the_pure_pumps_a_multicolored_white_creature() -> None:
    """Honor of the Pure: a creature that's white and another color is white - Kitchen
    Finks (green and white, 202.2) gets +1/+1."""
    g = setup_game()
    put(g, 0, BF, "Honor of the Pure")
    finks = put(g, 0, BF, "Kitchen Finks")
    start_at(g, "precombat_main")
    assert pt(g, finks) == (4, 3)


def test_cr_611_3a_honor_of_the_pure_stops_pumping_a_creature_turned_red() -> None:
    """Honor of the Pure is a static ability: it affects whatever is a white creature Alice
    controls at any moment (611.3a) - Silvercoat Lion turned red by Incite loses the bonus
    (unlike Guardians' Pledge's resolved effect)."""
    g = setup_game()
    put(g, 0, BF, "Honor of the Pure")
    lion = put(g, 0, BF, "Silvercoat Lion")
    lands(g, 1, "Mountain", 1)
    incite = put(g, 1, HAND, "Incite")
    start_at(g, "precombat_main")
    assert pt(g, lion) == (3, 3)
    g.apply(0, Pass())
    cast(g, incite, lion)
    resolve(g)
    assert pt(g, lion) == (2, 2)


# ================================================================ Howling Banshee


def test_cr_104_4a_howling_banshee_both_players_at_3_life_draw_the_game() -> None:
    """Howling Banshee: each player loses 3 life at the same time; with both players at 3
    life, both lose simultaneously and the game is a draw (104.4a, 704.5a)."""
    g = setup_game()
    g.players[0].life = g.players[1].life = 3
    lands(g, 0, "Swamp", 4)
    banshee = put(g, 0, HAND, "Howling Banshee")
    start_at(g, "precombat_main")
    cast(g, banshee)
    resolve(g)
    assert g.players[0].lost and g.players[1].lost
    assert g.decision is None


# ================================================================ Hunter's Insight


def test_cr_702_4_hunters_insight_double_strike_draws_twice() -> None:
    """Hunter's Insight: "whenever that creature deals combat damage ... this turn" - a
    creature with double strike dealing damage in both combat damage steps (Boros
    Swiftblade, 1 each time) makes Alice draw twice."""
    g = setup_game()
    blade = put(g, 0, BF, "Boros Swiftblade")
    lands(g, 0, "Forest", 3)
    hi = put(g, 0, HAND, "Hunter's Insight")
    start_at(g, "precombat_main")
    cast(g, hi, blade)
    resolve(g)
    to_step(g, "declare_attackers")
    attack(g, blade)
    to_step(g, "end_of_combat")
    assert life(g, 1) == 18 and len(g.players[0].hand) == 2


def test_cr_510_2_hunters_insight_damage_to_a_planeswalker_draws() -> None:
    """Hunter's Insight: combat damage to a planeswalker counts as well ("a player or
    planeswalker"): Siege Mastodon attacking Jace Beleren makes Alice draw three."""
    g = setup_game()
    mastodon = put(g, 0, BF, "Siege Mastodon")
    jace = put(g, 1, BF, "Jace Beleren", loyalty=5)
    lands(g, 0, "Forest", 3)
    hi = put(g, 0, HAND, "Hunter's Insight")
    start_at(g, "precombat_main")
    cast(g, hi, mastodon)
    resolve(g)
    to_step(g, "declare_attackers")
    attack(g, mastodon, target=jace.id)
    to_step(g, "end_of_combat")
    assert current(g, jace).counters["loyalty"] == 2 and len(g.players[0].hand) == 3


# ================================================================ Ice Cage


def test_cr_603_2_ice_cage_destroyed_by_its_own_controllers_targeting() -> None:
    """Ice Cage ruling: it's destroyed when the creature becomes the target of *any* spell
    or ability, including one controlled by Ice Cage's controller: Alice targets Bob's
    caged creature with Gideon's Lawkeeper's ability and loses the Cage."""
    g = setup_game()
    bear = put(g, 1, BF, "Grizzly Bears")
    cage = put(g, 0, BF, "Ice Cage")
    cage.attached_to = bear.id
    keeper = put(g, 0, BF, "Gideon's Lawkeeper")
    put(g, 0, BF, "Plains")
    start_at(g, "precombat_main")
    activate(g, keeper, bear)
    resolve(g)
    assert zone_of(g, cage) == GY and current(g, bear).tapped


def test_cr_605_3_ice_cage_stops_mana_abilities_too() -> None:
    """Ice Cage: the enchanted creature's activated abilities can't be activated - mana
    abilities included (605): Bob's caged Llanowar Elves can't tap for {G}."""
    g = setup_game()
    elves = put(g, 1, BF, "Llanowar Elves")
    cage = put(g, 0, BF, "Ice Cage")
    cage.attached_to = elves.id
    start_at(g, "precombat_main", turn=2, active=1)
    with pytest.raises(IllegalAction, match="Ice Cage"):
        g.apply(1, Activate(elves.id, 0))
    assert str(g.players[1].mana_pool) == "" and not current(g, elves).tapped


# ================================================================ Incite


def test_cr_508_1d_incite_summoning_sick_creature_needn_t_attack() -> None:
    """Incite ruling: a creature that hasn't been under its controller's control since the
    turn began (302.6) can't attack, so "attacks this turn if able" asks nothing of it."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears", sick=True)
    lands(g, 1, "Mountain", 1)
    incite = put(g, 1, HAND, "Incite")
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    cast(g, incite, bear)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    g.apply(0, DeclareAttackers(()))
    assert g.combat is not None and not g.combat.attackers


def test_cr_508_1d_incite_attack_cost_isnt_required() -> None:
    """Incite ruling: if there's a cost to attack (a Propaganda effect), the creature's
    controller isn't forced to pay it, so it needn't attack."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 0, "Forest", 2)
    put(g, 1, BF, "Test Propaganda")
    lands(g, 1, "Mountain", 1)
    incite = put(g, 1, HAND, "Incite")
    start_at(g, "upkeep")
    g.apply(0, Pass())
    cast(g, incite, bear)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    g.apply(0, DeclareAttackers(()))
    assert g.combat is not None and not g.combat.attackers


# ================================================================ Iron Golem


def test_cr_509_1c_iron_golem_blocks_each_combat_if_able() -> None:
    """Iron Golem "attacks or blocks each combat if able": in the opponent's combat it must
    block if it can (509.1c) - declaring no blockers is refused."""
    g = setup_game()
    golem = put(g, 0, BF, "Iron Golem")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, bear, target=P0)
    advance(g, kind_is("declare_blockers"))
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(0, DeclareBlockers(()))
    block(g, (golem, bear))


def test_cr_508_1d_iron_golem_attacks_each_combat_if_able() -> None:
    """Iron Golem in its controller's combat must attack if able (508.1d); with vigilance
    it stays untapped."""
    g = setup_game()
    golem = put(g, 0, BF, "Iron Golem")
    start_at(g, "declare_attackers")
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(0, DeclareAttackers(()))
    attack(g, golem)
    assert not current(g, golem).tapped


def test_cr_509_1c_iron_golem_block_cost_isnt_required() -> None:
    """Iron Golem: a blocking requirement never forces its controller to pay a cost to
    block (509.1c); with a block tax out it needn't block."""
    g = setup_game()
    put(g, 0, BF, "Iron Golem")
    lands(g, 0, "Plains", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    put(g, 1, BF, "Test Block Tax")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, bear, target=P0)
    advance(g, kind_is("declare_blockers"))
    g.apply(0, DeclareBlockers(()))
    to_step(g, "end_of_combat")
    assert life(g, 0) == 18


# ================================================================ Jace, Memory Adept


def test_cr_704_5b_jace_memory_adept_twenty_cards_from_a_short_library_loses() -> None:
    """Jace, Memory Adept's −7: a target player with fewer than twenty cards draws what
    there is, then loses the game the next time state-based actions are checked for
    having attempted to draw from an empty library (104.3c, 704.5b)."""
    g = setup_game(library_size=10)
    jace = put(g, 0, BF, "Jace, Memory Adept", loyalty=7)
    start_at(g, "precombat_main")
    activate(g, jace, P1, ability=2)
    resolve(g)
    assert len(g.players[1].hand) == 10 and g.players[1].lost
    assert not g.players[0].lost


# ================================================================ Jace's Erasure


def test_cr_603_2c_jaces_erasure_triggers_for_each_card_drawn() -> None:
    """Jace's Erasure: drawing several cards makes it trigger once for each card (120.2:
    cards are drawn one at a time; 603.2c) - Divination mills Bob two cards."""
    g = setup_game()
    put(g, 0, BF, "Jace's Erasure")
    lands(g, 0, "Island", 3)
    div = put(g, 0, HAND, "Divination")
    start_at(g, "precombat_main")
    cast(g, div)
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.decision.kind == "order_triggers" and len(options(g)) == 2
    answer(g, *options(g))
    resolve(g, P1, P1, "yes", "yes")
    assert len(g.players[1].graveyard) == 2 and len(g.players[0].hand) == 2


# ================================================================ Jinxed Idol


def test_cr_602_2_jinxed_idol_its_new_controller_gives_it_back() -> None:
    """Jinxed Idol: only the Idol's current controller may activate its ability (602.2) -
    Bob, who got it from Alice, sacrifices a creature of his to give it back; Alice, no
    longer its controller, can't activate it meanwhile."""
    g = setup_game()
    idol = put(g, 0, BF, "Jinxed Idol")
    bear = put(g, 0, BF, "Grizzly Bears")
    elf = put(g, 1, BF, "Llanowar Elves")
    put(g, 0, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    activate(g, idol, P1)
    answer(g, bear.id)
    resolve(g)
    assert g.controller(current(g, idol)) == 1
    with pytest.raises(IllegalAction, match="602.2"):
        g.apply(0, Activate(idol.id, 0, (P1,)))
    g.apply(0, Pass())
    activate(g, idol, P0)
    answer(g, elf.id)
    resolve(g)
    assert g.controller(current(g, idol)) == 0 and zone_of(g, elf) == GY


def test_cr_603_3a_jinxed_idol_given_away_in_response_still_damages_you() -> None:
    """Jinxed Idol: the upkeep trigger is controlled by the player who controlled the Idol
    when it triggered (603.3a), and "you" is that player: Alice gives the Idol to Bob in
    response, and still takes the 2 damage."""
    g = setup_game()
    idol = put(g, 0, BF, "Jinxed Idol")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "upkeep")
    assert g.stack  # the trigger
    activate(g, idol, P1)
    answer(g, bear.id)
    resolve(g)
    assert g.controller(current(g, idol)) == 1
    assert life(g, 0) == 18 and life(g, 1) == 20


# ================================================================ Juggernaut


def test_cr_508_1d_juggernaut_may_attack_a_planeswalker() -> None:
    """Juggernaut "attacks each combat if able": the requirement is only that it attacks -
    attacking the defending player's planeswalker (Jace Beleren) satisfies it (508.1b,
    508.1d)."""
    g = setup_game()
    jug = put(g, 0, BF, "Juggernaut")
    jace = put(g, 1, BF, "Jace Beleren")
    start_at(g, "declare_attackers")
    attack(g, jug, target=jace.id)
    to_step(g, "end_of_combat")
    assert zone_of(g, jace) == GY and life(g, 1) == 20


# ================================================================ Kitchen Finks


def test_cr_704_5r_kitchen_finks_plus_counter_cancels_and_it_persists_again() -> None:
    """Kitchen Finks (persist ruling): a returned Finks that gets a +1/+1 counter loses both
    counters (704.5r), so it has no -1/-1 counter and persists again when it dies."""
    g = setup_game()
    finks = put(g, 0, BF, "Kitchen Finks")
    ajani = put(g, 0, BF, "Ajani Goldmane")
    lands(g, 1, "Mountain", 2)
    bolts = [put(g, 1, HAND, "Lightning Bolt") for _ in range(2)]
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    cast(g, bolts[0], finks)
    resolve(g)
    back = on_bf(g, "Kitchen Finks", 0)[0]
    assert back.counters.get("-1/-1") == 1
    activate(g, ajani, ability=1)
    resolve(g)
    back = on_bf(g, "Kitchen Finks", 0)[0]
    assert not back.counters.get("-1/-1") and not back.counters.get("+1/+1")
    g.apply(0, Pass())
    cast(g, bolts[1], back)
    resolve(g)
    again = on_bf(g, "Kitchen Finks", 0)
    assert again and again[0].counters.get("-1/-1") == 1 and life(g, 0) == 24


def test_cr_702_78a_kitchen_finks_with_a_minus_counter_doesnt_persist() -> None:
    """Kitchen Finks that returned with a -1/-1 counter stays in the graveyard when it dies
    again (persist's "if it had no -1/-1 counters on it")."""
    g = setup_game()
    finks = put(g, 0, BF, "Kitchen Finks")
    lands(g, 1, "Mountain", 2)
    bolts = [put(g, 1, HAND, "Lightning Bolt") for _ in range(2)]
    start_at(g, "precombat_main")
    g.apply(0, Pass())
    cast(g, bolts[0], finks)
    resolve(g)
    back = on_bf(g, "Kitchen Finks", 0)[0]
    assert back.counters.get("-1/-1") == 1
    g.apply(0, Pass())
    cast(g, bolts[1], back)
    resolve(g)
    assert not on_bf(g, "Kitchen Finks") and zone_of(g, finks) == GY


def test_cr_702_78a_kitchen_finks_persists_back_to_its_owner() -> None:
    """Persist returns the card "under its owner's control": Alice's Kitchen Finks, stolen
    by Bob (Mind Control), dies and comes back under Alice's control, and its enters
    trigger makes Alice, its new controller, gain 2 life."""
    g = setup_game()
    finks = put(g, 0, BF, "Kitchen Finks")
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    lands(g, 1, "Island", 5)
    mind = put(g, 1, HAND, "Mind Control")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, mind, finks)
    resolve(g)
    assert g.controller(current(g, finks)) == 1
    g.apply(1, Pass())
    cast(g, bolt, finks)
    resolve(g)
    back = on_bf(g, "Kitchen Finks")
    assert len(back) == 1 and g.controller(back[0]) == 0
    assert back[0].counters.get("-1/-1") == 1
    assert life(g, 0) == 22 and life(g, 1) == 20


# ================================================================ Kjeldoran Royal Guard


def test_cr_702_19c_kjeldoran_royal_guard_blocked_tramplers_damage_isnt_redirected(
) -> None:
    """Kjeldoran Royal Guard takes only the damage of *unblocked* creatures: a blocked
    trampler's excess damage to Alice is still dealt to her (702.19c), while an unblocked
    creature's damage is dealt to the Guard."""
    g = setup_game()
    guard = put(g, 0, BF, "Kjeldoran Royal Guard")
    wall = put(g, 0, BF, "Wall of Wood")
    rhino = put(g, 1, BF, "Stampeding Rhino")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat", turn=2, active=1)
    g.apply(1, Pass())
    activate(g, guard)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    attack(g, rhino, bear, target=P0)
    advance(g, kind_is("declare_blockers"))
    block(g, (wall, rhino))
    advance(g, kind_is("assign_damage"))
    g.apply(1, AssignDamage(((rhino.id, ((wall.id, 3), (P0, 1))),)))
    to_step(g, "end_of_combat", 2)
    assert life(g, 0) == 19 and current(g, guard).damage == 2


def test_cr_506_4_kjeldoran_royal_guard_doesnt_take_damage_dealt_to_a_planeswalker(
) -> None:
    """Kjeldoran Royal Guard replaces combat damage dealt to *you*: an unblocked creature
    attacking Alice's planeswalker still damages the planeswalker."""
    g = setup_game()
    guard = put(g, 0, BF, "Kjeldoran Royal Guard")
    jace = put(g, 0, BF, "Jace Beleren", loyalty=5)
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat", turn=2, active=1)
    g.apply(1, Pass())
    activate(g, guard)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    attack(g, bear, target=jace.id)
    to_step(g, "end_of_combat", 2)
    assert current(g, jace).counters["loyalty"] == 3 and current(g, guard).damage == 0


def test_cr_119_3d_kjeldoran_royal_guard_redirected_damage_keeps_its_source() -> None:
    """Damage redirected to Kjeldoran Royal Guard is still dealt by the attacking creature
    (614.9 changes only the recipient): an unblocked deathtouch Acidic Slime destroys the
    2/5 Guard with 2 damage (704.5h), and an unblocked infect Blighted Agent gives it a
    -1/-1 counter instead of giving Alice poison (119.3d)."""
    g = setup_game()
    guard = put(g, 0, BF, "Kjeldoran Royal Guard")
    slime = put(g, 1, BF, "Acidic Slime")
    agent = put(g, 1, BF, "Blighted Agent")
    start_at(g, "beginning_of_combat", turn=2, active=1)
    g.apply(1, Pass())
    activate(g, guard)
    resolve(g)
    advance(g, kind_is("declare_attackers"))
    attack(g, slime, agent, target=P0)
    to_step(g, "end_of_combat", 2)
    assert life(g, 0) == 20 and g.players[0].poison == 0
    assert zone_of(g, guard) == GY
    assert any(e.rule == "704.5h" for e in g.log)
    assert any("Blighted Agent deals 1 damage to Kjeldoran Royal Guard (1 -1/-1" in str(e)
               for e in g.log)

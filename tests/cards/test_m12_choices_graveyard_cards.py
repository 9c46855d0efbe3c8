"""Magic 2012 cards using the choice costs, graveyard abilities, variable mana, attack requirements, rule
effects and as-enters choices of the engine: each card's defining behaviour in a real game
position, following its current Oracle text."""

from __future__ import annotations

import pytest
from cardplay import (
    BF,
    GY,
    HAND,
    LIB,
    P0,
    P1,
    activate_ability,
    advance,
    answer,
    card_named,
    cast,
    declare,
    events,
    lands,
    names,
    new_game,
    on_bf,
    options,
    pt,
    settle,
    to_attackers,
    to_step,
)

from manastack import log as ev
from manastack.engine.setup import put, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    DeclareAttackers,
    DeclareBlockers,
)
from manastack.rules.combat import can_attack

import testcards  # noqa: F401
from conftest import at_step

# ================================================================ Grim Lavamancer


def test_grim_lavamancer_exiles_two_cards_from_graveyard_to_deal_two() -> None:
    """Grim Lavamancer: {R}, {T}, exile two cards from your graveyard (a cost, CR 601.2h):
    2 damage to any target."""
    g = new_game()
    put(g, 0, BF, "Mountain")
    lava = put(g, 0, BF, "Grim Lavamancer")
    a = put(g, 0, GY, "Shock")
    b = put(g, 0, GY, "Grizzly Bears")
    c = put(g, 0, GY, "Plains")
    start_at(g, "precombat_main")
    activate_ability(g, lava, 0, P1)
    assert set(options(g)) == {a.id, b.id, c.id}
    answer(g, a.id, b.id)
    assert names(g, g.players[0].graveyard) == ["Plains"]
    assert sorted(names(g, g.exile)) == ["Grizzly Bears", "Shock"]
    settle(g)
    assert g.players[1].life == 18


def test_grim_lavamancer_needs_two_cards_in_graveyard() -> None:
    """One card in the graveyard can't pay "exile two cards" (CR 602.2b)."""
    g = new_game()
    put(g, 0, BF, "Mountain")
    lava = put(g, 0, BF, "Grim Lavamancer")
    put(g, 0, GY, "Shock")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="602.2b"):
        activate_ability(g, lava, 0, P1)


# ================================================================ Arachnus Spinner


def test_arachnus_spinner_taps_itself_and_attaches_web_from_graveyard() -> None:
    """Arachnus Spinner: "Tap an untapped Spider you control" isn't {T}, so the Spinner can
    pay it the turn it arrives (CR 302.6).  A Web found in the graveyard (a public zone must
    yield it, 701.17b) is put onto the battlefield attached to the target (701.3a): the
    creature can't attack.  The library wasn't searched: no shuffle."""
    g = new_game()
    spinner = put(g, 0, BF, "Arachnus Spinner", sick=True)
    web = put(g, 0, GY, "Arachnus Web")
    bear = put(g, 1, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    activate_ability(g, spinner, 0, bear.id)
    answer(g, spinner.id)
    assert g.obj(spinner.id).tapped
    settle(g)
    answer(g, GY)
    d = g.decision
    assert d.kind == "search" and d.min_count == 1  # type: ignore[attr-defined]
    answer(g, web.id)
    webs = on_bf(g, "Arachnus Web", 0)
    assert len(webs) == 1 and webs[0].attached_to == bear.id
    assert not events(g, ev.SHUFFLE)
    to_step(g, "declare_attackers", 2)
    assert "can't attack" in (can_attack(g, g.obj(bear.id)) or "")
    assert g.combat is not None and not g.combat.attackers


def test_arachnus_spinner_searches_library_and_shuffles() -> None:
    """Searching the library (another Spider pays the cost) finds the Web there; "If you
    search your library this way, shuffle" (701.18a)."""
    g = new_game()
    spinner = put(g, 0, BF, "Arachnus Spinner")
    spider = put(g, 0, BF, "Giant Spider")
    web = put(g, 0, LIB, "Arachnus Web", position="bottom")
    bears = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    activate_ability(g, spinner, 0, bears.id)
    assert set(options(g)) == {spinner.id, spider.id}
    answer(g, spider.id)
    assert not g.obj(spinner.id).tapped and g.obj(spider.id).tapped
    settle(g)
    answer(g, LIB)
    assert options(g) == (web.id,)
    answer(g, web.id)
    assert on_bf(g, "Arachnus Web", 0)[0].attached_to == bears.id
    assert len(events(g, ev.SHUFFLE)) == 1


def test_arachnus_spinner_needs_an_untapped_spider() -> None:
    """With every Spider tapped the cost can't be paid (CR 602.2b)."""
    g = new_game()
    spinner = put(g, 0, BF, "Arachnus Spinner", tapped=True)
    bears = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="602.2b"):
        activate_ability(g, spinner, 0, bears.id)


# ================================================================ Gideon Jura


def test_gideon_jura_plus_two_creatures_attack_him_next_turn() -> None:
    """Gideon Jura +2 (CR 606.4: 6 loyalty becomes 8): during the target opponent's next
    turn, each creature they control attacks Gideon if able (508.1d) - attacking the player
    instead disobeys it; on their following turn the effect is over."""
    g = new_game()
    gideon = put(g, 0, BF, "Gideon Jura")
    bears = put(g, 1, BF, "Grizzly Bears")
    runeclaw = put(g, 1, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    activate_ability(g, gideon, 0, P1)
    assert g.obj(gideon.id).counters["loyalty"] == 8
    settle(g)
    to_attackers(g, 2)
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(1, DeclareAttackers(()))
    with pytest.raises(IllegalAction, match="508.1d"):
        declare(g, (bears, gideon.id), (runeclaw, P0))
    declare(g, (bears, gideon.id), (runeclaw, gideon.id))
    advance(g, at_step("end", 2))
    assert g.obj(gideon.id).counters["loyalty"] == 4
    assert g.rule_effects
    advance(g, at_step("upkeep", 3))
    assert not g.rule_effects  # its duration ended with that turn (611.2b)
    to_attackers(g, 4)
    g.apply(1, DeclareAttackers(()))  # the requirement was for that one turn only


def test_gideon_jura_minus_two_destroys_target_tapped_creature() -> None:
    """Gideon Jura −2: destroy target tapped creature (an untapped one isn't a legal
    target, CR 601.2c)."""
    g = new_game()
    gideon = put(g, 0, BF, "Gideon Jura")
    tapped_ = put(g, 1, BF, "Grizzly Bears", tapped=True)
    untapped = put(g, 1, BF, "Runeclaw Bear")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction, match="601.2c"):
        activate_ability(g, gideon, 1, untapped.id)
    activate_ability(g, gideon, 1, tapped_.id)
    settle(g)
    assert g.obj(gideon.id).counters["loyalty"] == 4
    assert names(g, g.players[1].graveyard) == ["Grizzly Bears"]


def test_gideon_jura_zero_becomes_a_6_6_creature_and_prevents_damage() -> None:
    """Gideon Jura 0: until end of turn a 6/6 Human Soldier creature that's still a
    planeswalker (205.1b, layers 4 and 7b); all damage dealt to him this turn is prevented
    (615.1), so blocking him costs him no loyalty; at cleanup he stops being a creature
    (514.2)."""
    g = new_game()
    gideon = put(g, 0, BF, "Gideon Jura")
    wurm = put(g, 1, BF, "Spined Wurm")
    start_at(g, "precombat_main")
    activate_ability(g, gideon, 2)
    settle(g)
    c = g.chars(g.obj(gideon.id))
    assert c.types >= {"Creature", "Planeswalker"} and \
        c.subtypes >= {"Human", "Soldier", "Gideon"} and (c.power, c.toughness) == (6, 6)
    to_attackers(g, 1)
    declare(g, (gideon, P1))
    advance(g, lambda x: x.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((wurm.id, (gideon.id,)),)))
    advance(g, at_step("end_of_combat", 1))
    assert not on_bf(g, "Spined Wurm")
    assert g.obj(gideon.id).counters["loyalty"] == 6 and g.obj(gideon.id).damage == 0
    advance(g, at_step("upkeep", 2))
    assert not g.chars(g.obj(gideon.id)).is_creature


def test_gideon_jura_zero_creature_with_summoning_sickness_cant_attack() -> None:
    """Cast this turn, Gideon as a creature hasn't been controlled continuously since the
    turn began: he can't attack (CR 302.6)."""
    g = new_game()
    lands(g, 0, "Plains", 5)
    card = put(g, 0, HAND, "Gideon Jura")
    start_at(g, "precombat_main")
    cast(g, card)
    settle(g)
    gideon = on_bf(g, "Gideon Jura")[0]
    activate_ability(g, gideon, 2)
    settle(g)
    assert g.chars(g.obj(gideon.id)).is_creature
    assert "since the turn began" in (can_attack(g, g.obj(gideon.id)) or "")
    to_step(g, "declare_attackers", 1)
    assert g.combat is not None and not g.combat.attackers


def test_gideon_jura_creature_damage_that_cant_be_prevented_removes_loyalty() -> None:
    """With Leyline of Punishment damage can't be prevented: 3 damage to Gideon as a
    creature removes three loyalty counters (119.3c) and is marked on him (119.3e)."""
    g = new_game()
    gideon = put(g, 0, BF, "Gideon Jura")
    put(g, 0, BF, "Leyline of Punishment")
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    activate_ability(g, gideon, 2)
    settle(g)
    cast(g, bolt, gideon.id)
    settle(g)
    assert g.obj(gideon.id).damage == 3
    assert g.obj(gideon.id).counters["loyalty"] == 3


# ================================================================ Adaptive Automaton


def test_adaptive_automaton_chosen_type_and_lord() -> None:
    """Adaptive Automaton: the creature type is chosen as it enters (CR 614.12, among the
    creature types of 205.3m and the newer ones of current type lines); it is that type too (layer 4) and other creatures you control
    of that type get +1/+1 (layer 7c) - not the opponent's, not itself; Elvish Archdruid
    counts it as an Elf."""
    g = new_game()
    lands(g, 0, "Plains", 3)
    automaton = put(g, 0, HAND, "Adaptive Automaton")
    druid = put(g, 0, BF, "Elvish Archdruid")
    elves = put(g, 0, BF, "Llanowar Elves")
    bears = put(g, 0, BF, "Grizzly Bears")
    theirs = put(g, 1, BF, "Llanowar Elves")
    start_at(g, "precombat_main")
    cast(g, automaton)
    settle(g)
    opts = options(g)
    assert "Elf" in opts and "Sliver" in opts and "Phyrexian" in opts and "Plains" not in opts
    with pytest.raises(IllegalAction):
        answer(g, "Elf", "Bear")
    answer(g, "Elf")
    auto = on_bf(g, "Adaptive Automaton")[0]
    assert g.chars(auto).subtypes == frozenset({"Construct", "Elf"})
    assert pt(g, auto) == (3, 3)  # the Archdruid's +1/+1, not its own
    assert pt(g, elves) == (3, 3) and pt(g, druid) == (3, 3)
    assert pt(g, bears) == (2, 2) and pt(g, theirs) == (1, 1)
    activate_ability(g, druid, 0)
    assert g.players[0].mana_pool.units() == ["G", "G", "G"]


def test_adaptive_automaton_put_onto_battlefield_chooses_a_type() -> None:
    """Put onto the battlefield by Rise from the Grave, the Automaton still chooses a
    creature type as it enters (CR 614.12, 614.1c)."""
    g = new_game()
    lands(g, 0, "Swamp", 5)
    put(g, 0, GY, "Adaptive Automaton")
    rise = put(g, 0, HAND, "Rise from the Grave")
    start_at(g, "precombat_main")
    auto_card = card_named(g, g.players[0].graveyard, "Adaptive Automaton")
    cast(g, rise, auto_card.id)
    settle(g)
    assert g.decision.kind == "choose" and "Elf" in options(g)


def test_adaptive_automaton_copied_by_clone_chooses_a_type() -> None:
    """A Clone entering as a copy of Adaptive Automaton has its "As this creature enters,
    choose a creature type" and makes that choice (CR 706.2, 614.12)."""
    g = new_game()
    lands(g, 0, "Island", 4)
    put(g, 0, BF, "Adaptive Automaton")
    clone = put(g, 0, HAND, "Clone")
    start_at(g, "precombat_main")
    auto = on_bf(g, "Adaptive Automaton")[0]
    cast(g, clone)
    settle(g)
    answer(g, auto.id)
    assert g.decision.kind == "choose" and "Elf" in options(g)
    answer(g, "Elf")
    copy = [o for o in on_bf(g, "Adaptive Automaton") if o.id != auto.id][0]
    assert copy.memory["chosen"] == ("Elf",)


# ================================================================ Sutured Ghoul


def test_sutured_ghoul_exiles_creature_cards_as_it_enters() -> None:
    """Sutured Ghoul: as it enters (CR 614.12) exile any number of creature cards from your
    graveyard (only creature cards are choices); its characteristic-defining ability
    (604.3) makes it the total power and toughness of the exiled cards."""
    g = new_game()
    lands(g, 0, "Swamp", 7)
    ghoul = put(g, 0, HAND, "Sutured Ghoul")
    wurm = put(g, 0, GY, "Spined Wurm")
    bears = put(g, 0, GY, "Grizzly Bears")
    put(g, 0, GY, "Lightning Bolt")
    put(g, 1, GY, "Serra Angel")  # not your graveyard
    start_at(g, "precombat_main")
    assert pt(g, ghoul) == (0, 0)
    cast(g, ghoul)
    settle(g)
    assert set(options(g)) == {wurm.id, bears.id}
    answer(g, wurm.id, bears.id, kind="choose")
    gh = on_bf(g, "Sutured Ghoul")[0]
    assert pt(g, gh) == (7, 6) and "trample" in g.chars(gh).keywords
    assert sorted(names(g, g.exile)) == ["Grizzly Bears", "Spined Wurm"]
    assert names(g, g.players[0].graveyard) == ["Lightning Bolt"]


def test_sutured_ghoul_exiling_nothing_is_a_0_0() -> None:
    """Choosing no card (any number includes zero): a 0/0 put into the graveyard by the
    state-based action (CR 704.5f)."""
    g = new_game()
    lands(g, 0, "Swamp", 7)
    ghoul = put(g, 0, HAND, "Sutured Ghoul")
    put(g, 0, GY, "Grizzly Bears")
    start_at(g, "precombat_main")
    cast(g, ghoul)
    settle(g)
    answer(g)
    settle(g)
    assert not on_bf(g, "Sutured Ghoul")
    assert sorted(names(g, g.players[0].graveyard)) == ["Grizzly Bears", "Sutured Ghoul"]


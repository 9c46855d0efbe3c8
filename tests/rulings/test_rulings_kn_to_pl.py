"""Rulings of the cards from Knight Exemplar to Platinum Angel.

Each test plays one ruling of a card in a real game position.  Where a test says
"ruling" with a date, it is the card's official Gatherer / Scryfall "Notes and Rules
Information" entry (most Magic 2011 ones of 2010-08-15); the others play the card's Oracle
text against the Comprehensive Rules, for interactions a judge would check, some after
the scenarios of XMage's card tests.  The rules are the 2017 Comprehensive Rules
(MagicCompRules-20170825) with the engine's seed documents: Lightning Bolt, Lava Axe and
Mogg Fanatic keep their 2017 wordings ("target creature or player", "target player"), so
a planeswalker is reached only by redirecting damage from its controller (306.7), not as
a target ("any target" is of 2018).  Rulings already played by tests/cards/ are not
repeated here.
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
    graveyard,
    hand,
    kind_is,
    kws,
    lands,
    life,
    names,
    on_bf,
    options,
    pass_priority,
    pt,
    settle,
    to_blockers,
)

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Activate,
    Cast,
    Choose,
    DeclareBlockers,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef, Zone

from conftest import at_step

BF, HAND, GY, LIB, EXILE = (Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY,
                            Zone.EXILE)
P0, P1 = PlayerRef(0), PlayerRef(1)


# ---------------------------------------------------------------- helpers


def exiled(g: Game) -> list[str]:
    return names(g, g.exile)


def alive(g: Game, o: GameObject) -> bool:
    return o.id in g.objects and g.obj(o.id).zone == BF


def stack_names(g: Game) -> list[str]:
    return [g.name_of(i) for i in g.stack]


def settle_all(g: Game) -> None:
    """Let the stack resolve, keeping the listed order of simultaneous triggers."""
    advance(g, lambda x: not x.stack and x.decision is not None and
            x.decision.kind == "priority", order=True)


def _image_copying(target: GameObject, g: Game) -> None:
    img = put(g, 0, HAND, "Phantasmal Image")
    cast(g, img)
    settle(g)
    assert g.decision.kind == "choose"
    answer(g, target.id)


# ================================================================ Knight Exemplar


def test_cr_702_12b_knight_exemplar_destroyed_with_other_knight_only_exemplar_goes() -> None:
    """Knight Exemplar ruling (2010-08-15): if one effect would destroy the Exemplar and
    another Knight you control at the same time, only the Exemplar is destroyed - the
    other Knight is indestructible as Day of Judgment destroys (702.12b)."""
    g = setup_game()
    lands(g, 0, "Plains", 4)
    ex = put(g, 0, BF, "Knight Exemplar")
    knight = put(g, 0, BF, "White Knight")
    doj = put(g, 0, HAND, "Day of Judgment")
    start_at(g, "precombat_main")
    cast(g, doj)
    settle(g)
    assert not alive(g, ex) and alive(g, knight)
    assert pt(g, knight) == (2, 2)


def test_cr_704_5g_knight_exemplar_leaving_later_lets_marked_damage_kill() -> None:
    """Knight Exemplar ruling (2013-07-01): another Knight dealt lethal damage isn't
    destroyed, but the damage stays marked; if the Exemplar leaves later that turn the
    Knight is destroyed (704.5g)."""
    g = setup_game()
    lands(g, 0, "Mountain", 2)
    ex = put(g, 0, BF, "Knight Exemplar")
    knight = put(g, 0, BF, "White Knight")
    bolts = [put(g, 0, HAND, "Lightning Bolt") for _ in range(2)]
    start_at(g, "precombat_main")
    cast(g, bolts[0], knight)
    settle(g)
    assert alive(g, knight) and g.obj(knight.id).damage == 3
    cast(g, bolts[1], ex)
    settle(g)
    assert not alive(g, ex) and not alive(g, knight)


def test_cr_702_12b_knight_exemplar_two_exemplars_protect_each_other() -> None:
    """Knight Exemplar ruling (2013-07-01): with two Exemplars, each gives the other +1/+1
    and indestructible - Day of Judgment destroys neither."""
    g = setup_game()
    lands(g, 0, "Plains", 4)
    exs = [put(g, 0, BF, "Knight Exemplar") for _ in range(2)]
    doj = put(g, 0, HAND, "Day of Judgment")
    start_at(g, "precombat_main")
    assert all(pt(g, e) == (3, 3) and "indestructible" in kws(g, e) for e in exs)
    cast(g, doj)
    settle(g)
    assert all(alive(g, e) for e in exs)


def test_cr_613_1f_knight_exemplar_losing_its_abilities_lets_damage_kill() -> None:
    """Knight Exemplar ruling (2013-07-01): if it loses its abilities (Turn to Frog), the
    other Knight with lethal damage marked on it loses indestructible and is destroyed."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Island", 2)
    ex = put(g, 0, BF, "Knight Exemplar")
    knight = put(g, 0, BF, "White Knight")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    frog = put(g, 0, HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, bolt, knight)
    settle(g)
    assert alive(g, knight)
    cast(g, frog, ex)
    settle(g)
    assert alive(g, ex) and not alive(g, knight)


# ================================================================ Kraken's Eye


def test_cr_601_2i_krakens_eye_trigger_resolves_before_the_blue_spell() -> None:
    """Kraken's Eye ruling (2009-10-01): the trigger goes on the stack on top of the blue
    spell that caused it, so the life is gained before that spell resolves - here the
    opponent's spell (any player's blue spell triggers it)."""
    g = setup_game()
    put(g, 0, BF, "Kraken's Eye")
    lands(g, 1, "Island", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main", active=1)
    cast(g, unsummon, bear)
    assert stack_names(g)[0] == "Unsummon" and len(g.stack) == 2
    advance(g, kind_is("may"))
    assert g.decision.player == 0
    answer(g, "yes")
    assert life(g, 0) == 21 and stack_names(g) == ["Unsummon"]
    assert alive(g, bear)


def test_cr_706_10_krakens_eye_a_copy_of_a_blue_spell_isnt_cast() -> None:
    """Kraken's Eye triggers on a blue spell being *cast*: Reverberate's copy of a blue
    spell is put on the stack, not cast (706.10), so only the original Unsummon
    triggers it."""
    g = setup_game()
    put(g, 0, BF, "Kraken's Eye")
    lands(g, 0, "Island", 1)
    lands(g, 1, "Mountain", 2)
    a = put(g, 0, BF, "Grizzly Bears")
    b = put(g, 1, BF, "Runeclaw Bear")
    unsummon = put(g, 0, HAND, "Unsummon")
    rev = put(g, 1, HAND, "Reverberate")
    start_at(g, "precombat_main")
    cast(g, unsummon, a)
    advance(g, kind_is("may"))
    answer(g, "yes")
    assert life(g, 0) == 21 and stack_names(g) == ["Unsummon"]
    pass_priority(g)
    cast(g, rev, g.stack[0])
    for _ in range(30):
        d = g.decision
        if d.kind == "may":
            answer(g, "yes")
        elif d.kind != "priority":
            answer(g, *((b.id,) if b.id in options(g) else options(g)[:1]))
        elif g.stack:
            pass_priority(g)
        else:
            break
    assert life(g, 0) == 21
    assert "Unsummon" in graveyard(g, 0) and "Reverberate" in graveyard(g, 1)
    assert "Runeclaw Bear" in hand(g, 1) and "Grizzly Bears" in hand(g, 0)  # both resolved


# ================================================================ Lava Axe


def test_cr_306_7_lava_axe_targets_a_player_and_reaches_a_planeswalker_by_redirection(
) -> None:
    """Lava Axe ("5 damage to target player or planeswalker" since 2018) is played with its
    2017 wording, "target player": a planeswalker isn't a legal target, but the caster may
    redirect the damage from its controller to it (306.7)."""
    g = setup_game()
    lands(g, 0, "Mountain", 5)
    ajani = put(g, 1, BF, "Ajani Goldmane", loyalty=6)
    bear = put(g, 1, BF, "Grizzly Bears")
    axe = put(g, 0, HAND, "Lava Axe")
    start_at(g, "precombat_main")
    for bad in (ajani, bear):
        with pytest.raises(IllegalAction):
            cast(g, axe, bad)
    cast(g, axe, P1)
    advance(g, kind_is("redirect"))
    answer(g, ajani.id)
    settle(g)
    assert life(g, 1) == 20 and g.obj(ajani.id).counters["loyalty"] == 1


# ================================================================ Levitation


def test_cr_613_2_levitation_stolen_creature_loses_flying() -> None:
    """Levitation: "creatures you control" is read continuously - a creature taken by the
    opponent (Act of Treason) no longer has flying, and has it again once it's back."""
    g = setup_game()
    put(g, 0, BF, "Levitation")
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 1, "Mountain", 3)
    treason = put(g, 1, HAND, "Act of Treason")
    start_at(g, "precombat_main", turn=2, active=1)
    assert "flying" in kws(g, bear)
    cast(g, treason, bear)
    settle(g)
    assert g.controller(g.obj(bear.id)) == 1 and "flying" not in kws(g, bear)
    advance(g, at_step("upkeep", 3))
    assert "flying" in kws(g, bear)


# ================================================================ Leylines (opening hand)


def test_cr_103_5_leylines_starting_player_acts_first() -> None:
    """Leyline ruling (2010-08-15 / 2016-06-08): after mulligans the starting player takes
    their opening-hand actions first, then each other player in turn order (103.5) - with
    Bob starting, Bob puts his Leyline of the Void onto the battlefield before Alice is
    asked about her Leyline of Sanctity."""
    from manastack import Mulligan, new_game
    from manastack.game.state import GameOptions
    g = new_game(["Alice", "Bob"], [["Leyline of Sanctity"] * 7 + ["Plains"] * 33,
                                    ["Leyline of the Void"] * 7 + ["Swamp"] * 33],
                 seed=0, options=GameOptions(first_player=1))
    while g.decision.kind == "mulligan":
        g.apply(g.decision.player, Mulligan(False))
    assert g.decision.kind == "opening_hand" and g.decision.player == 1
    assert not g.permanents()
    answer(g, options(g)[0])
    assert [o.name for o in g.permanents()] == ["Leyline of the Void"]
    assert g.decision.kind == "opening_hand" and g.decision.player == 0
    n = len(options(g))
    answer(g, *options(g))
    assert [o.name for o in g.permanents(0)] == ["Leyline of Sanctity"] * n
    assert g.game_started and g.turn_number == 1 and g.active_player == 1


# ================================================================ Leyline of Anticipation


def test_cr_702_8a_leyline_of_anticipation_sorcery_in_response_on_opponents_turn() -> None:
    """Leyline of Anticipation: "you may cast spells as though they had flash" - a sorcery
    (Mind Rot) cast in the opponent's upkeep, in response to the opponent's spell."""
    g = setup_game()
    put(g, 0, BF, "Leyline of Anticipation")
    lands(g, 0, "Swamp", 3)
    lands(g, 1, "Island", 1)
    rot = put(g, 0, HAND, "Mind Rot")
    bear = put(g, 1, BF, "Grizzly Bears")
    unsummon = put(g, 1, HAND, "Unsummon")
    for n in ("Shock", "Doom Blade"):
        put(g, 1, HAND, n)
    start_at(g, "upkeep", turn=2, active=1)
    cast(g, unsummon, bear)
    pass_priority(g)
    cast(g, rot, P1)
    assert stack_names(g) == ["Unsummon", "Mind Rot"]
    settle(g)
    answer(g, *options(g), kind="discard")
    settle(g)
    assert sorted(graveyard(g, 1)) == ["Doom Blade", "Shock", "Unsummon"]


def test_cr_305_1_leyline_of_anticipation_doesnt_let_you_play_lands_any_time() -> None:
    """Leyline of Anticipation lets you *cast spells* as though they had flash; playing a
    land isn't casting a spell (305.1), so a land still waits for your main phase with an
    empty stack."""
    g = setup_game()
    put(g, 0, BF, "Leyline of Anticipation")
    lands(g, 0, "Forest", 2)
    forest = put(g, 0, HAND, "Forest")
    bear = put(g, 0, HAND, "Grizzly Bears")
    start_at(g, "upkeep", turn=1)
    with pytest.raises(IllegalAction):
        g.apply(0, PlayLand(forest.id))
    cast(g, bear)
    settle(g)
    assert on_bf(g, "Grizzly Bears", 0) and forest.id in g.players[0].hand


# ================================================================ Leyline of Punishment


def test_cr_615_12_leyline_of_punishment_protection_doesnt_prevent_damage() -> None:
    """Leyline of Punishment ruling (2010-08-15): static abilities that prevent damage,
    protection included, don't do so - White Knight (protection from black) blocking
    Rotting Legion is dealt its 4 damage and dies."""
    g = setup_game()
    put(g, 1, BF, "Leyline of Punishment")
    legion = put(g, 0, BF, "Rotting Legion")
    white = put(g, 1, BF, "White Knight")
    start_at(g, "declare_attackers")
    attack(g, legion)
    to_blockers(g)
    block(g, (white, legion))
    advance(g, at_step("end_of_combat"))
    assert graveyard(g, 1) == ["White Knight"] and g.obj(legion.id).damage == 2


def test_cr_701_13_leyline_of_punishment_regeneration_still_works() -> None:
    """Leyline of Punishment ruling (2010-08-15): a creature dealt lethal damage can still
    regenerate (regeneration replaces destruction, it doesn't prevent damage), and the
    damage marked on it is removed."""
    g = setup_game()
    put(g, 1, BF, "Leyline of Punishment")
    lands(g, 0, "Forest", 1)
    lands(g, 1, "Mountain", 1)
    troll = put(g, 0, BF, "Cudgel Troll")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=2, active=1)
    pass_priority(g)
    activate(g, troll)
    settle(g)
    cast(g, bolt, troll)
    settle(g)
    assert alive(g, troll) and g.obj(troll.id).tapped and g.obj(troll.id).damage == 0


def test_cr_614_9_leyline_of_punishment_doesnt_stop_redirection() -> None:
    """Leyline of Punishment ruling (2010-08-15): effects that replace or redirect damage
    without the word "prevent" are unaffected - Pariah still sends the Shock to the
    enchanted creature."""
    g = setup_game()
    put(g, 1, BF, "Leyline of Punishment")
    wall = put(g, 0, BF, "Wall of Wood")
    pariah = put(g, 0, BF, "Pariah")
    pariah.attached_to = wall.id
    lands(g, 1, "Mountain", 1)
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, shock, P0)
    settle(g)
    assert life(g, 0) == 20 and g.obj(wall.id).damage == 2


def test_cr_118_5_leyline_of_punishment_life_total_cant_be_set_higher() -> None:
    """Leyline of Punishment ruling (2010-08-15): an effect setting a life total to a
    number higher than the current one does nothing for that part (setting it higher would
    be gaining life, 118.5); a lower number works - Sorin Markov's -3 on Bob at 5 and at
    15 life."""
    for before, after in ((5, 5), (15, 10)):
        g = setup_game()
        put(g, 1, BF, "Leyline of Punishment")
        sorin = put(g, 0, BF, "Sorin Markov")
        g.players[1].life = before
        start_at(g, "precombat_main")
        activate(g, sorin, P1, ability=1)
        settle(g)
        assert life(g, 1) == after, (before, life(g, 1))


def test_cr_615_12_leyline_of_punishment_protean_hydra_still_loses_counters() -> None:
    """Leyline of Punishment ruling (2010-08-15): a prevention effect that can't prevent
    still has its additional effects - Protean Hydra's shield fails, the 3 damage is dealt,
    and 3 +1/+1 counters are still removed (Protean Hydra ruling, 2009-10-01): the 4/4
    becomes a 1/1 with 3 damage and dies."""
    g = setup_game()
    put(g, 1, BF, "Leyline of Punishment")
    hydra = put(g, 0, BF, "Protean Hydra", counters={"+1/+1": 4})
    lands(g, 1, "Mountain", 1)
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=2, active=1)
    assert pt(g, hydra) == (4, 4)
    cast(g, bolt, hydra)
    settle_all(g)
    assert not alive(g, hydra) and graveyard(g, 0) == ["Protean Hydra"]


def test_cr_615_12_leyline_of_punishment_vengeful_archon_prevents_nothing() -> None:
    """Leyline of Punishment: Vengeful Archon's shield prevents no damage, so its
    additional effect, which depends on the damage prevented ("that much damage"), deals
    none - Alice takes the Shock and Bob takes nothing."""
    g = setup_game()
    put(g, 1, BF, "Leyline of Punishment")
    archon = put(g, 0, BF, "Vengeful Archon")
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Mountain", 1)
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "upkeep", turn=2, active=1)
    pass_priority(g)
    g.apply(0, Activate(archon.id, 0, (P1,), 3))
    settle(g)
    cast(g, shock, P0)
    settle_all(g)
    assert life(g, 0) == 18 and life(g, 1) == 20


def test_cr_614_1_leyline_of_punishment_doesnt_stop_worship() -> None:
    """Leyline of Punishment ruling (2010-08-15): effects that replace damage results
    without the word "prevent" still work - with Worship and a creature, Alice at 3 life
    is left at 1 by Lava Axe."""
    g = setup_game()
    put(g, 1, BF, "Leyline of Punishment")
    put(g, 0, BF, "Worship")
    put(g, 0, BF, "Grizzly Bears")
    g.players[0].life = 3
    lands(g, 1, "Mountain", 5)
    axe = put(g, 1, HAND, "Lava Axe")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, axe, P0)
    settle_all(g)
    assert life(g, 0) == 1 and not g.over


# ================================================================ Leyline of Sanctity


def test_cr_702_11c_leyline_of_sanctity_untargeted_effects_still_apply() -> None:
    """Leyline of Sanctity: player hexproof only stops opponents' spells and abilities
    that *target* you (702.11c) - Mind Rot and Merfolk Mesmerist can't, but Liliana's
    Specter ("each opponent discards a card") still makes you discard."""
    g = setup_game()
    put(g, 0, BF, "Leyline of Sanctity")
    card = put(g, 0, HAND, "Shock")
    lands(g, 1, "Swamp", 6)
    put(g, 1, BF, "Island")
    mes = put(g, 1, BF, "Merfolk Mesmerist")
    rot = put(g, 1, HAND, "Mind Rot")
    spec = put(g, 1, HAND, "Liliana's Specter")
    start_at(g, "precombat_main", turn=2, active=1)
    with pytest.raises(IllegalAction):
        cast(g, rot, P0)
    with pytest.raises(IllegalAction):
        activate(g, mes, P0)
    cast(g, spec)
    settle(g)
    answer(g, card.id, kind="discard")
    assert graveyard(g, 0) == ["Shock"] and card.id not in g.players[0].hand


# ================================================================ Leyline of Vitality


def test_cr_603_2_leyline_of_vitality_triggers_for_each_creature_entering_together() -> None:
    """Leyline of Vitality: "whenever a creature you control enters" triggers once for
    each creature entering, tokens included - the two Ooze tokens of Mitotic Slime gain 2
    life; the opponent's creatures gain nothing."""
    g = setup_game()
    put(g, 0, BF, "Leyline of Vitality")
    slime = put(g, 0, BF, "Mitotic Slime")
    lands(g, 1, "Swamp", 2)
    blade = put(g, 1, HAND, "Doom Blade")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, blade, slime)
    for _ in range(20):
        d = g.decision
        if d.kind == "may":
            answer(g, "yes")
        elif d.kind == "order_triggers":
            answer(g, *d.options)
        elif g.stack:
            pass_priority(g)
        else:
            break
    oozes = on_bf(g, "Ooze", 0)
    assert len(oozes) == 2 and all(pt(g, o) == (2, 3) for o in oozes)
    assert life(g, 0) == 22


# ================================================================ Leyline of the Void


def test_cr_614_6_leyline_of_the_void_opponents_creature_never_dies() -> None:
    """Leyline of the Void ruling (2010-08-15): an opponent's card never reaches the
    graveyard, so abilities that trigger on it going there don't trigger - the opponent's
    Mitotic Slime is exiled and makes no Oozes."""
    g = setup_game()
    put(g, 0, BF, "Leyline of the Void")
    lands(g, 0, "Swamp", 2)
    slime = put(g, 1, BF, "Mitotic Slime")
    blade = put(g, 0, HAND, "Doom Blade")
    start_at(g, "precombat_main")
    cast(g, blade, slime)
    settle(g)
    assert exiled(g) == ["Mitotic Slime"] and not on_bf(g, "Ooze")


def test_cr_704_5d_leyline_of_the_void_tokens_still_die() -> None:
    """Leyline of the Void ruling (2010-08-15): a token isn't a card, so it goes to the
    opponent's graveyard as usual (triggering what triggers on it dying) before it ceases
    to exist - a 2/2 Ooze token of Mitotic Slime still makes two 1/1 Oozes."""
    g = setup_game()
    lands(g, 0, "Swamp", 4)
    slime = put(g, 1, BF, "Mitotic Slime")
    blades = [put(g, 0, HAND, "Doom Blade") for _ in range(2)]
    start_at(g, "precombat_main")
    cast(g, blades[0], slime)
    settle(g)
    oozes = on_bf(g, "Ooze", 1)
    assert len(oozes) == 2 and all(o.is_token for o in oozes)
    put(g, 0, BF, "Leyline of the Void")
    cast(g, blades[1], oozes[0])
    settle(g)
    small = [o for o in on_bf(g, "Ooze", 1) if o.id != oozes[1].id]
    assert len(small) == 2 and all(pt(g, o) == (1, 1) for o in small)


def test_cr_701_8_leyline_of_the_void_discard_still_triggers_lilianas_caress() -> None:
    """Leyline of the Void ruling (2010-08-15): a card an opponent discards is exiled
    instead of reaching the graveyard, but it is still discarded - Liliana's Caress
    triggers."""
    g = setup_game()
    put(g, 0, BF, "Leyline of the Void")
    put(g, 0, BF, "Liliana's Caress")
    lands(g, 0, "Swamp", 3)
    put(g, 1, HAND, "Shock")
    put(g, 1, HAND, "Unsummon")
    rot = put(g, 0, HAND, "Mind Rot")
    start_at(g, "precombat_main")
    cast(g, rot, P1)
    settle(g)
    answer(g, *options(g), kind="discard")
    settle_all(g)
    assert sorted(exiled(g)) == ["Shock", "Unsummon"] and not graveyard(g, 1)
    assert life(g, 1) == 16


def test_cr_616_1_leyline_of_the_void_and_obstinate_baloth_owner_chooses() -> None:
    """Leyline of the Void and Obstinate Baloth both replace the Baloth's trip to the
    graveyard when an opponent makes its owner discard it: the affected card's owner
    chooses which applies (616.1) - Bob chooses the Baloth's and it enters the
    battlefield."""
    g = setup_game()
    put(g, 0, BF, "Leyline of the Void")
    lands(g, 0, "Swamp", 3)
    put(g, 1, HAND, "Obstinate Baloth")
    put(g, 1, HAND, "Shock")
    rot = put(g, 0, HAND, "Mind Rot")
    start_at(g, "precombat_main")
    cast(g, rot, P1)
    settle(g)
    answer(g, *options(g), kind="discard")
    d = g.decision
    assert d.kind == "choose_replacement" and d.player == 1
    labels = d.labels  # type: ignore[attr-defined]
    mine = next(i for i, t in enumerate(labels) if "Leyline" not in t)
    answer(g, mine)
    settle_all(g)
    assert on_bf(g, "Obstinate Baloth", 1) and life(g, 1) == 24
    assert exiled(g) == ["Shock"]


# ================================================================ Lifelink


def test_cr_702_15b_lifelink_aura_gains_for_the_creatures_controller() -> None:
    """Lifelink (Aura): the enchanted creature has lifelink, and lifelink gains life for
    the *source's* controller (702.15b) - Alice's Lifelink on Bob's attacker gains Bob
    life, not Alice."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    bear = put(g, 1, BF, "Grizzly Bears")
    aura = put(g, 0, HAND, "Lifelink")
    start_at(g, "precombat_main")
    cast(g, aura, bear)
    settle(g)
    advance(g, kind_is("declare_attackers"))  # Bob's turn 2
    attack(g, bear, target=P0)
    advance(g, at_step("end_of_combat", 2))
    assert life(g, 0) == 18 and life(g, 1) == 22


def test_cr_702_15f_lifelink_aura_on_a_lifelinker_is_redundant() -> None:
    """Lifelink on a creature that already has lifelink (Child of Night): multiple
    instances are redundant (702.15f) - 2 damage gains 2 life, not 4."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    child = put(g, 0, BF, "Child of Night")
    aura = put(g, 0, HAND, "Lifelink")
    start_at(g, "precombat_main")
    cast(g, aura, child)
    settle(g)
    advance(g, kind_is("declare_attackers"))
    attack(g, child)
    advance(g, at_step("end_of_combat", 1))
    assert life(g, 1) == 18 and life(g, 0) == 22


def test_cr_510_2_lifelink_life_gained_as_damage_is_dealt() -> None:
    """Lifelink: the life is gained at the same time as the damage is dealt (702.15b,
    510.2) - Alice at 2 life blocks one attacker with her lifelinker while the other deals
    her 2: she ends at 2 and doesn't lose."""
    g = setup_game()
    g.players[0].life = 2
    child = put(g, 0, BF, "Child of Night")
    bear = put(g, 1, BF, "Grizzly Bears")
    piker = put(g, 1, BF, "Goblin Piker")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, bear, piker, target=P0)
    to_blockers(g)
    block(g, (child, piker))
    advance(g, at_step("end_of_combat", 2))
    assert life(g, 0) == 2 and not g.players[0].lost and not alive(g, piker)


# ================================================================ Lightning Bolt


def test_cr_115_1_lightning_bolt_2017_wording_cant_target_a_planeswalker() -> None:
    """Lightning Bolt ("any target" since 2018) keeps its 2017 wording, "target creature
    or player": a planeswalker isn't a legal target (it is reached only by redirecting the
    damage from its controller, 306.7)."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    jace = put(g, 1, BF, "Jace Beleren")
    bear = put(g, 1, BF, "Grizzly Bears")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction):
        cast(g, bolt, jace)
    cast(g, bolt, bear)
    settle(g)
    assert not alive(g, bear) and g.obj(jace.id).counters["loyalty"] == 3


# ================================================================ Liliana's Caress


def test_cr_514_1_lilianas_caress_triggers_on_cleanup_discard() -> None:
    """Liliana's Caress: any discard by an opponent triggers it, also the discard to hand
    size in the cleanup step (514.1); Alice's own discards don't."""
    g = setup_game()
    put(g, 0, BF, "Liliana's Caress")
    looter = put(g, 0, BF, "Merfolk Looter")
    for _ in range(9):
        put(g, 1, HAND, "Plains")
    start_at(g, "precombat_main")
    activate(g, looter)
    settle(g)
    answer(g, options(g)[0], kind="discard")
    settle(g)
    assert life(g, 1) == 20 and len(graveyard(g, 0)) == 1
    advance(g, kind_is("discard"), order=True)  # Bob's cleanup, turn 2: 9 + 1 drawn = 10 cards
    assert g.decision.player == 1
    answer(g, *options(g)[:3])
    advance(g, lambda x: x.turn_number == 3, order=True)
    assert life(g, 1) == 20 - 2 * 3


def test_cr_603_2c_lilianas_caress_once_for_each_card_discarded() -> None:
    """Liliana's Caress: one discard event of several cards (Monomania: "discards the
    rest") is one occurrence per card - it triggers for each card (603.2c)."""
    g = setup_game()
    put(g, 0, BF, "Liliana's Caress")
    lands(g, 0, "Swamp", 5)
    mono = put(g, 0, HAND, "Monomania")
    keep = put(g, 1, HAND, "Shock")
    for n in ("Unsummon", "Doom Blade", "Giant Growth"):
        put(g, 1, HAND, n)
    start_at(g, "precombat_main")
    cast(g, mono, P1)
    settle(g)
    answer(g, keep.id)
    settle_all(g)
    assert hand(g, 1) == ["Shock"] and len(graveyard(g, 1)) == 3
    assert life(g, 1) == 14


# ================================================================ Lord of the Unreal


def test_cr_702_11b_lord_of_the_unreal_your_own_spell_still_sacrifices_the_illusion(
) -> None:
    """Lord of the Unreal: hexproof stops only opponents (702.11b); when you target your
    own Phantasmal Bear, its "becomes the target" ability still triggers and it is
    sacrificed (the Giant Growth then has no legal target)."""
    g = setup_game()
    put(g, 0, BF, "Lord of the Unreal")
    bear = put(g, 0, BF, "Phantasmal Bear")
    lands(g, 0, "Forest", 1)
    growth = put(g, 0, HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, growth, bear)
    settle(g)
    assert not alive(g, bear) and graveyard(g, 0) == ["Phantasmal Bear", "Giant Growth"]


# ================================================================ Lure


def test_cr_509_1c_lure_creature_unable_to_block_it_isnt_forced() -> None:
    """Lure (509.1c): only creatures *able* to block the enchanted creature must - a Lured
    flier can't be blocked by Grizzly Bears, so the Bears may block nothing, while Giant
    Spider (reach) must block it."""
    g = setup_game()
    angel = put(g, 0, BF, "Serra Angel")
    lure = put(g, 0, BF, "Lure")
    lure.attached_to = angel.id
    g.changed()
    bears = put(g, 1, BF, "Grizzly Bears")
    spider = put(g, 1, BF, "Giant Spider")
    start_at(g, "declare_attackers")
    attack(g, angel)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(1, DeclareBlockers(()))
    block(g, (spider, angel))
    assert g.combat.blocked and bears.id not in g.combat.blockers


def test_cr_509_1c_lure_palace_guard_must_block_it_and_may_block_others() -> None:
    """Lure with Palace Guard ("can block any number of creatures"): the Guard must block
    the Lured creature, and may block other attackers too (509.1c: the most requirements
    obeyed without breaking a restriction)."""
    g = setup_game()
    mastodon = put(g, 0, BF, "Siege Mastodon")
    bear = put(g, 0, BF, "Grizzly Bears")
    lure = put(g, 0, BF, "Lure")
    lure.attached_to = mastodon.id
    g.changed()
    guard = put(g, 1, BF, "Palace Guard")
    start_at(g, "declare_attackers")
    attack(g, mastodon, bear)
    to_blockers(g)
    with pytest.raises(IllegalAction, match="509.1c"):
        g.decision.validate(g, DeclareBlockers(((guard.id, (bear.id,)),)))
    g.decision.validate(g, DeclareBlockers(((guard.id, (mastodon.id,)),)))
    block(g, (guard, mastodon), (guard, bear))
    assert set(g.combat.blockers[guard.id]) == {mastodon.id, bear.id}


# ================================================================ Lurking Crocodile


def test_cr_702_53a_lurking_crocodile_bloodthirst_counts_damage_from_any_source() -> None:
    """Bloodthirst (702.53a) asks only whether an opponent was dealt damage, not by what
    - Bob tapping a land under Alice's Manabarbs in Alice's turn is enough, and
    the Crocodile enters with a +1/+1 counter."""
    g = setup_game()
    put(g, 0, BF, "Manabarbs")
    lands(g, 0, "Forest", 4)
    lands(g, 1, "Mountain", 1)
    croc = put(g, 0, HAND, "Lurking Crocodile")
    growth = put(g, 0, HAND, "Giant Growth")
    mine = put(g, 0, BF, "Runeclaw Bear")
    bear = put(g, 1, BF, "Grizzly Bears")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, growth, mine)
    pass_priority(g)
    cast(g, shock, bear)  # Bob taps his Mountain: Manabarbs deals him 1
    settle(g)
    assert life(g, 1) == 19
    cast(g, croc)
    settle_all(g)
    c = on_bf(g, "Lurking Crocodile", 0)[0]
    assert g.obj(c.id).counters.get("+1/+1") == 1 and pt(g, c) == (3, 3)


def test_cr_702_53a_lurking_crocodile_prevented_damage_isnt_dealt() -> None:
    """Bloodthirst: the opponent must have been *dealt* damage - combat damage prevented
    by Fog wasn't dealt, so the Crocodile cast after combat gets no counter."""
    g = setup_game()
    lands(g, 0, "Forest", 3)
    lands(g, 1, "Forest", 1)
    bear = put(g, 0, BF, "Grizzly Bears")
    croc = put(g, 0, HAND, "Lurking Crocodile")
    fog = put(g, 1, HAND, "Fog")
    start_at(g, "declare_attackers")
    attack(g, bear)
    pass_priority(g)
    cast(g, fog)
    settle(g)
    advance(g, at_step("postcombat_main", 1))
    assert life(g, 1) == 20
    cast(g, croc)
    settle(g)
    c = on_bf(g, "Lurking Crocodile", 0)[0]
    assert not g.obj(c.id).counters.get("+1/+1") and pt(g, c) == (2, 2)


# ================================================================ Magma Phoenix


def test_cr_608_2g_magma_phoenix_returned_to_hand_in_response_still_deals_damage() -> None:
    """Magma Phoenix: its dies trigger deals the damage even if the card has left the
    graveyard (returned to hand with its own ability in response) - the source's last
    known information is used (608.2g)."""
    g = setup_game()
    lands(g, 0, "Mountain", 6)
    phoenix = put(g, 0, BF, "Magma Phoenix")
    spider = put(g, 1, BF, "Giant Spider")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    cast(g, bolt, phoenix)
    pass_priority(g)
    pass_priority(g)
    assert stack_names(g) == ["Magma Phoenix (triggered ability)"]
    card = next(g.obj(i) for i in g.players[0].graveyard if g.obj(i).name == "Magma Phoenix")
    activate(g, card)
    settle(g)
    assert "Magma Phoenix" in hand(g, 0)
    assert life(g, 0) == 17 and life(g, 1) == 17 and g.obj(spider.id).damage == 3


# ================================================================ Manabarbs


def test_cr_603_3_manabarbs_triggers_once_per_land_above_the_spell() -> None:
    """Manabarbs: lands tapped for mana while casting a spell trigger it once each; the
    triggers go on the stack the next time a player would receive priority - after the
    spell is cast, so above it, and they resolve first (603.3)."""
    g = setup_game()
    put(g, 0, BF, "Manabarbs")
    lands(g, 1, "Mountain", 2)
    bear = put(g, 0, BF, "Grizzly Bears")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main", turn=2, active=1)
    g.apply(1, Cast(shock.id, (bear.id,), pay=tuple(o.id for o in on_bf(g, "Mountain", 1))[:1]))
    assert stack_names(g) == ["Shock", "Manabarbs (triggered ability)"]
    pass_priority(g)
    pass_priority(g)
    assert life(g, 1) == 19 and stack_names(g) == ["Shock"] and alive(g, bear)


def test_cr_605_1a_manabarbs_ignores_lands_tapped_not_for_mana() -> None:
    """Manabarbs triggers when a land is tapped *for mana*: tapping Mystifying Maze for its
    exile ability doesn't trigger it, while the four lands tapped to pay {4} do."""
    g = setup_game()
    put(g, 1, BF, "Manabarbs")
    bear = put(g, 0, BF, "Grizzly Bears")
    maze = put(g, 1, BF, "Mystifying Maze")
    mountains = lands(g, 1, "Mountain", 4)
    start_at(g, "declare_attackers")
    attack(g, bear)
    pass_priority(g)
    g.apply(1, Activate(maze.id, 1, (bear.id,), pay=tuple(m.id for m in mountains)))
    settle_all(g)
    assert exiled(g) == ["Grizzly Bears"] and life(g, 1) == 16


# ================================================================ Manic Vandal


def test_cr_603_3d_manic_vandal_must_target_your_own_artifact_if_its_the_only_one() -> None:
    """Manic Vandal: "destroy target artifact" is mandatory - when the only artifact on the
    battlefield is its controller's own, that one must be the target and is destroyed."""
    g = setup_game()
    lands(g, 0, "Mountain", 3)
    eye = put(g, 0, BF, "Kraken's Eye")
    vandal = put(g, 0, HAND, "Manic Vandal")
    start_at(g, "precombat_main")
    cast(g, vandal)
    settle(g)
    assert g.decision.kind == "choose_targets" and options(g) == (eye.id,)
    with pytest.raises(IllegalAction):
        g.apply(0, Choose(()))
    answer(g, eye.id)
    settle(g)
    assert graveyard(g, 0) == ["Kraken's Eye"]


# ================================================================ Mass Polymorph


def test_cr_701_14_mass_polymorph_exiled_tokens_count() -> None:
    """Mass Polymorph (Oracle reading): tokens you control are exiled too and count
    toward the number of creature cards to reveal - two Ooze tokens bring two creature
    cards."""
    g = setup_game(filler="Island")
    lands(g, 0, "Island", 6)
    lands(g, 1, "Swamp", 2)
    put(g, 0, LIB, "Serra Angel")
    put(g, 0, LIB, "Canyon Minotaur")
    put(g, 0, LIB, "Grizzly Bears")
    put(g, 0, LIB, "Island")  # top: Alice's draw in turn 3
    slime = put(g, 0, BF, "Mitotic Slime")
    blade = put(g, 1, HAND, "Doom Blade")
    mp = put(g, 0, HAND, "Mass Polymorph")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, blade, slime)
    settle(g)
    assert len(on_bf(g, "Ooze", 0)) == 2
    advance(g, at_step("precombat_main", 3))
    cast(g, mp)
    settle_all(g)
    assert sorted(o.name for o in g.creatures(0)) == ["Canyon Minotaur", "Grizzly Bears"]
    assert not any(o.name == "Ooze" for o in g.objects.values()
                   if isinstance(o, GameObject) and o.zone == EXILE)


# ================================================================ Master Thief


def test_cr_611_2b_master_thief_gone_before_its_trigger_resolves_steals_nothing() -> None:
    """Master Thief: if the Thief leaves the battlefield before its enters
    ability resolves, you don't gain control of the artifact at all - the "for as long as
    you control" duration ended before the effect began, so it does nothing (611.2b)."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    lands(g, 1, "Island", 1)
    shield = put(g, 1, BF, "Kite Shield")
    thief = put(g, 0, HAND, "Master Thief")
    unsummon = put(g, 1, HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, thief)
    settle(g)
    answer(g, shield.id, kind="choose_targets")
    pass_priority(g)
    cast(g, unsummon, on_bf(g, "Master Thief", 0)[0])
    settle(g)
    assert "Master Thief" in hand(g, 0)
    assert g.controller(g.obj(shield.id)) == 1


def test_cr_611_2b_master_thief_control_doesnt_come_back_with_the_thief() -> None:
    """Master Thief (611.2b): once you stop controlling the Thief, the control effect
    is over for good - when Bob's Act of Treason ends and the Thief is Alice's again, the
    artifact stays with Bob."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    lands(g, 1, "Mountain", 3)
    shield = put(g, 1, BF, "Kite Shield")
    thief = put(g, 0, HAND, "Master Thief")
    treason = put(g, 1, HAND, "Act of Treason")
    start_at(g, "precombat_main")
    cast(g, thief)
    settle(g)
    answer(g, shield.id, kind="choose_targets")
    settle(g)
    assert g.controller(g.obj(shield.id)) == 0
    advance(g, at_step("precombat_main", 2))
    cast(g, treason, on_bf(g, "Master Thief")[0])
    settle(g)
    advance(g, at_step("upkeep", 3))
    assert g.controller(on_bf(g, "Master Thief")[0]) == 0
    assert g.controller(g.obj(shield.id)) == 1


def test_cr_301_5d_master_thief_stolen_equipment_stays_attached() -> None:
    """Master Thief: an Equipment taken while attached to a creature stays attached to it
    (301.5d: the Equipment's controller and the equipped creature's controller need not
    be the same; 301.5b: control matters only for equipping) - Bob's Grizzly Bears keep
    Kite Shield's +0/+3 until Alice moves it with its equip ability."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    lands(g, 0, "Plains", 3)
    bear = put(g, 1, BF, "Grizzly Bears")
    shield = put(g, 1, BF, "Kite Shield")
    shield.attached_to = bear.id
    mine = put(g, 0, BF, "Runeclaw Bear")
    g.changed()
    thief = put(g, 0, HAND, "Master Thief")
    start_at(g, "precombat_main")
    assert pt(g, bear) == (2, 5)
    cast(g, thief)
    settle(g)
    answer(g, shield.id, kind="choose_targets")
    settle(g)
    assert g.controller(g.obj(shield.id)) == 0
    assert g.obj(shield.id).attached_to == bear.id and pt(g, bear) == (2, 5)
    activate(g, g.obj(shield.id), mine)
    settle(g)
    assert pt(g, mine) == (2, 5) and pt(g, bear) == (2, 2)


# ================================================================ Merfolk Sovereign


def test_cr_509_1h_merfolk_sovereign_after_blocks_doesnt_unblock() -> None:
    """Merfolk Sovereign: "can't be blocked this turn" given after blockers are declared
    changes nothing - the Merfolk stays blocked (509.1h) and deals its damage to the
    blocker, not to the player."""
    g = setup_game()
    sov = put(g, 0, BF, "Merfolk Sovereign")
    spy = put(g, 0, BF, "Merfolk Spy")
    wall = put(g, 1, BF, "Wall of Wood")
    start_at(g, "declare_attackers")
    attack(g, spy)
    to_blockers(g)
    block(g, (wall, spy))
    activate(g, sov, spy)
    settle(g)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 and g.obj(wall.id).damage == 2


# ================================================================ Mesa Enchantress


def test_cr_601_2i_mesa_enchantress_draws_even_if_the_spell_is_countered() -> None:
    """Mesa Enchantress: the draw triggers on casting and resolves before the spell, so it
    happens even if the enchantment spell is then countered (Negate)."""
    g = setup_game()
    lands(g, 0, "Plains", 2)
    lands(g, 1, "Island", 2)
    put(g, 0, BF, "Mesa Enchantress")
    pac = put(g, 0, HAND, "Pacifism")
    bear = put(g, 1, BF, "Grizzly Bears")
    negate = put(g, 1, HAND, "Negate")
    start_at(g, "precombat_main")
    cast(g, pac, bear)
    spell = g.stack[0]
    pass_priority(g)
    cast(g, negate, spell)
    advance(g, kind_is("may"))
    answer(g, "yes")
    settle(g)
    assert graveyard(g, 0) == ["Pacifism"] and hand(g, 0) == ["Plains"]


# ================================================================ Mind Control


def test_cr_613_2_mind_control_leaving_returns_the_creature() -> None:
    """Mind Control: control lasts only while the Aura is attached; when it is destroyed
    the creature goes back to the player who controlled it before (613.2, layer 2)."""
    g = setup_game()
    lands(g, 0, "Island", 5)
    lands(g, 1, "Forest", 2)
    bear = put(g, 1, BF, "Grizzly Bears")
    mc = put(g, 0, HAND, "Mind Control")
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, mc, bear)
    settle(g)
    assert g.controller(g.obj(bear.id)) == 0
    pass_priority(g)
    cast(g, nat, on_bf(g, "Mind Control", 0)[0])
    settle(g)
    assert g.controller(g.obj(bear.id)) == 1


# ================================================================ Mind Unbound


def test_cr_608_2g_mind_unbound_gone_uses_its_last_lore_count() -> None:
    """Mind Unbound: if it leaves the battlefield before its upkeep trigger resolves, no
    counter is put on it, and "a card for each lore counter on it" uses its last known
    information (608.2g) - it had two counters, two cards are drawn."""
    g = setup_game()
    mu = put(g, 0, BF, "Mind Unbound", counters={"lore": 2})
    lands(g, 1, "Forest", 2)
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "upkeep", turn=1)
    assert stack_names(g) == ["Mind Unbound (triggered ability)"]
    pass_priority(g)
    cast(g, nat, mu)
    settle(g)
    assert graveyard(g, 0) == ["Mind Unbound"] and len(g.players[0].hand) == 2


# ================================================================ Mogg Fanatic


def test_cr_602_2_mogg_fanatic_sacrificed_in_response_still_deals_damage() -> None:
    """Mogg Fanatic: sacrificing it is a cost, so in response to a Shock it is already in
    the graveyard (the Shock then has no target) and its ability still deals 1 damage,
    using its last known information (608.2g)."""
    g = setup_game()
    lands(g, 1, "Mountain", 1)
    fan = put(g, 0, BF, "Mogg Fanatic")
    elves = put(g, 1, BF, "Llanowar Elves")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, shock, fan)
    pass_priority(g)
    activate(g, fan, elves)
    assert graveyard(g, 0) == ["Mogg Fanatic"]
    settle(g)
    assert not alive(g, elves) and sorted(graveyard(g, 1)) == ["Llanowar Elves", "Shock"]


def test_cr_306_7_mogg_fanatic_cant_target_a_planeswalker() -> None:
    """Mogg Fanatic with its 2017 wording, "target creature or player" (the 2018 "any
    target" isn't used): a planeswalker can't be targeted; the damage to its controller
    may be redirected to it (306.7)."""
    g = setup_game()
    fan = put(g, 0, BF, "Mogg Fanatic")
    jace = put(g, 1, BF, "Jace Beleren")
    start_at(g, "precombat_main")
    with pytest.raises(IllegalAction):
        activate(g, fan, jace)
    activate(g, fan, P1)
    advance(g, kind_is("redirect"))
    answer(g, jace.id)
    settle(g)
    assert life(g, 1) == 20 and g.obj(jace.id).counters["loyalty"] == 2


def test_cr_302_6_mogg_fanatic_can_be_sacrificed_the_turn_it_arrives() -> None:
    """Mogg Fanatic: its ability has no {T} in its cost, so it can be activated while the
    Fanatic is summoning sick (302.6)."""
    g = setup_game()
    lands(g, 0, "Mountain", 1)
    fan = put(g, 0, HAND, "Mogg Fanatic")
    start_at(g, "precombat_main")
    cast(g, fan)
    settle(g)
    activate(g, on_bf(g, "Mogg Fanatic", 0)[0], P1)
    settle(g)
    assert life(g, 1) == 19 and graveyard(g, 0) == ["Mogg Fanatic"]


# ================================================================ Mystifying Maze


def test_cr_110_5g_mystifying_maze_exiled_token_doesnt_return() -> None:
    """Mystifying Maze: a token exiled by it ceases to exist (110.5g) and doesn't
    come back at the end step."""
    g = setup_game()
    lands(g, 0, "Mountain", 4)
    slime = put(g, 0, BF, "Mitotic Slime")
    blade_owner = put(g, 1, HAND, "Doom Blade")
    lands(g, 1, "Swamp", 2)
    maze = put(g, 1, BF, "Mystifying Maze")
    lands(g, 1, "Plains", 4)
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, blade_owner, slime)
    settle(g)
    oozes = on_bf(g, "Ooze", 0)
    assert len(oozes) == 2
    advance(g, kind_is("declare_attackers"))  # Alice's turn 3
    attack(g, oozes[0])
    pass_priority(g)
    activate(g, maze, oozes[0], ability=1)
    settle(g)
    assert len(on_bf(g, "Ooze", 0)) == 1
    advance(g, lambda x: x.turn_number == 4)
    assert len(on_bf(g, "Ooze", 0)) == 1


def test_cr_610_3_mystifying_maze_returns_a_stolen_creature_to_its_owner() -> None:
    """Mystifying Maze: the creature returns "under its owner's control" - Alice attacks
    Bob with his own Grizzly Bears (Act of Treason); Bob's Maze exiles them and they come
    back tapped under Bob's control at the end step."""
    g = setup_game()
    lands(g, 0, "Mountain", 3)
    bear = put(g, 1, BF, "Grizzly Bears")
    maze = put(g, 1, BF, "Mystifying Maze")
    lands(g, 1, "Plains", 4)
    treason = put(g, 0, HAND, "Act of Treason")
    start_at(g, "precombat_main")
    cast(g, treason, bear)
    settle(g)
    advance(g, kind_is("declare_attackers"))
    attack(g, bear)
    pass_priority(g)
    activate(g, maze, bear, ability=1)
    settle(g)
    assert exiled(g) == ["Grizzly Bears"]
    advance(g, lambda x: x.step.name == "end" and not x.stack and bool(on_bf(x, "Grizzly "
                                                                              "Bears")))
    back = on_bf(g, "Grizzly Bears")[0]
    assert g.controller(back) == 1 and back.tapped


# ================================================================ Necropotence


def test_cr_514_1_necropotence_exiles_a_card_discarded_in_cleanup() -> None:
    """Necropotence: "whenever you discard a card" includes the discard to hand size in
    the cleanup step (514.1); that card is exiled from the graveyard."""
    g = setup_game()
    put(g, 0, BF, "Necropotence")
    for _ in range(8):
        put(g, 0, HAND, "Shock")
    start_at(g, "end")
    advance(g, kind_is("discard"))
    answer(g, g.players[0].hand[0])
    settle(g)
    assert exiled(g) == ["Shock"] and not graveyard(g, 0)


def test_cr_513_2_necropotence_activated_in_your_end_step_waits_a_turn() -> None:
    """Necropotence: "at the beginning of your next end step" - activated during your end
    step (after that step has begun), the card comes to hand at your *next* turn's end
    step, not in this one."""
    g = setup_game()
    necro = put(g, 0, BF, "Necropotence")
    start_at(g, "end")
    activate(g, necro)
    settle(g)
    assert len(g.exile) == 1 and not g.players[0].hand
    advance(g, at_step("upkeep", 3))
    assert not g.players[0].hand  # not at this end step (nor Bob's)
    advance(g, lambda x: x.turn_number == 3 and x.step.name == "end" and not x.stack
            and bool(x.players[0].hand))
    assert not g.exile and len(g.players[0].hand) == 1


def test_cr_603_7_necropotence_cards_arrive_even_if_it_left() -> None:
    """Necropotence: the card exiled face down comes to hand by a delayed triggered
    ability, independent of its source - it still arrives at the end step after
    Necropotence was destroyed."""
    g = setup_game()
    necro = put(g, 0, BF, "Necropotence")
    lands(g, 1, "Forest", 2)
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "upkeep", turn=1)
    activate(g, necro)
    activate(g, necro)
    pass_priority(g)
    cast(g, nat, necro)
    settle(g)
    assert graveyard(g, 0) == ["Necropotence"] and len(g.exile) == 2 and life(g, 0) == 18
    advance(g, lambda x: x.step.name == "end" and not x.stack and not x.exile, order=True)
    assert g.turn_number == 1 and len(g.players[0].hand) == 1 + 2  # the draw step's card


def test_cr_118_4_necropotence_cant_pay_life_you_dont_have() -> None:
    """Necropotence's "Pay 1 life" can be paid only with a life total of at least 1
    (118.4) - at 0 life, kept in the game by Platinum Angel, it can't be activated."""
    g = setup_game()
    necro = put(g, 0, BF, "Necropotence")
    put(g, 0, BF, "Platinum Angel")
    g.players[0].life = 1
    start_at(g, "precombat_main")
    activate(g, necro)
    settle(g)
    assert life(g, 0) == 0 and not g.over and len(g.exile) == 1
    with pytest.raises(IllegalAction):
        activate(g, necro)
    assert len(g.exile) == 1


# ================================================================ Necrotic Plague


def test_cr_603_10a_necrotic_plague_creature_killed_otherwise_still_moves_on() -> None:
    """Necrotic Plague ruling (2010-08-15): its last ability triggers whenever the
    enchanted creature dies, not only when sacrificed by the granted ability - Bob's
    enchanted creature is Shocked; Bob chooses one of Alice's creatures and the Plague
    returns on it under Alice's control."""
    g = setup_game()
    lands(g, 0, "Swamp", 4)
    lands(g, 1, "Mountain", 1)
    plague = put(g, 0, HAND, "Necrotic Plague")
    elves = put(g, 1, BF, "Llanowar Elves")
    mine = put(g, 0, BF, "Grizzly Bears")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, plague, elves)
    settle(g)
    pass_priority(g)
    cast(g, shock, elves)
    advance(g, kind_is("choose_targets"))
    assert g.decision.player == 1 and options(g) == (mine.id,)
    answer(g, mine.id)
    settle(g)
    p = on_bf(g, "Necrotic Plague")[0]
    assert p.attached_to == mine.id and g.controller(p) == 0


# ================================================================ Norin the Wary


def test_cr_506_4_norin_the_wary_attacking_itself_is_exiled_and_deals_no_damage() -> None:
    """Norin the Wary: "a creature attacks" includes Norin itself - it is exiled at once
    (so removed from combat, 506.4, and deals no damage) and comes back at the end
    step."""
    g = setup_game()
    norin = put(g, 0, BF, "Norin the Wary")
    start_at(g, "declare_attackers")
    attack(g, norin)
    settle(g)
    assert not on_bf(g, "Norin the Wary") and exiled(g) == ["Norin the Wary"]
    advance(g, at_step("end_of_combat", 1))
    assert life(g, 1) == 20
    advance(g, lambda x: x.step.name == "end" and not x.stack
            and bool(on_bf(x, "Norin the Wary")))


def test_cr_513_2_norin_the_wary_exiled_in_the_end_step_returns_next_turn() -> None:
    """Norin the Wary: exiled during a turn's end step, after that end step has begun, it
    returns at the beginning of the *next* end step - the following turn's (513.2)."""
    g = setup_game()
    put(g, 0, BF, "Norin the Wary")
    lands(g, 1, "Mountain", 1)
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "end")
    pass_priority(g)
    cast(g, shock, P0)
    settle(g)
    assert exiled(g) == ["Norin the Wary"]
    advance(g, at_step("upkeep", 2))
    assert not on_bf(g, "Norin the Wary")
    advance(g, lambda x: x.turn_number == 2 and x.step.name == "end" and not x.stack
            and bool(on_bf(x, "Norin the Wary")))


def test_cr_400_7_norin_the_wary_several_triggers_exile_it_once() -> None:
    """Norin the Wary: two attacking creatures trigger it twice; the first trigger exiles
    it, the second finds it gone and does nothing - it returns once at the end step, a
    single Norin."""
    g = setup_game()
    put(g, 0, BF, "Norin the Wary")
    a = put(g, 0, BF, "Grizzly Bears")
    b = put(g, 0, BF, "Runeclaw Bear")
    start_at(g, "declare_attackers")
    attack(g, a, b)
    settle_all(g)
    assert exiled(g) == ["Norin the Wary"]
    advance(g, lambda x: x.turn_number == 2, order=True)
    assert len(on_bf(g, "Norin the Wary")) == 1 and not g.exile


# ================================================================ Oblivion Ring


def test_cr_110_5g_oblivion_ring_exiled_token_never_returns() -> None:
    """Oblivion Ring: a token it exiles ceases to exist (110.5g) - when the Ring
    leaves, nothing comes back."""
    g = setup_game()
    lands(g, 0, "Swamp", 2)
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Forest", 2)
    slime = put(g, 1, BF, "Mitotic Slime")
    blade = put(g, 0, HAND, "Doom Blade")
    ring = put(g, 0, HAND, "Oblivion Ring")
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    cast(g, blade, slime)
    settle(g)
    ooze = on_bf(g, "Ooze", 1)[0]
    cast(g, ring)
    settle(g)
    answer(g, ooze.id, kind="choose_targets")
    settle(g)
    assert len(on_bf(g, "Ooze", 1)) == 1 and not g.exile
    pass_priority(g)
    cast(g, nat, on_bf(g, "Oblivion Ring", 0)[0])
    settle(g)
    assert len(on_bf(g, "Ooze", 1)) == 1


def test_cr_400_7_oblivion_ring_returned_card_is_a_new_object() -> None:
    """Oblivion Ring ruling (2012-07-01): Auras on the exiled permanent go to the
    graveyard and its counters cease to exist; the card returns as a new object, without
    them."""
    g = setup_game()
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Forest", 2)
    bear = put(g, 1, BF, "Grizzly Bears", counters={"+1/+1": 2})
    aura = put(g, 1, BF, "Lifelink")
    aura.attached_to = bear.id
    g.changed()
    ring = put(g, 0, HAND, "Oblivion Ring")
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    assert pt(g, bear) == (4, 4)
    cast(g, ring)
    settle(g)
    answer(g, bear.id, kind="choose_targets")
    settle(g)
    assert graveyard(g, 1) == ["Lifelink"]
    pass_priority(g)
    cast(g, nat, on_bf(g, "Oblivion Ring", 0)[0])
    settle(g)
    back = on_bf(g, "Grizzly Bears", 1)[0]
    assert back.id != bear.id and not back.counters.get("+1/+1") and pt(g, back) == (2, 2)
    assert "lifelink" not in kws(g, back)


# ================================================================ Obstinate Baloth


def test_cr_701_8_obstinate_baloth_put_onto_battlefield_is_still_discarded() -> None:
    """Obstinate Baloth (701.8): discarded by an opponent's spell it goes onto the
    battlefield instead, but it was still discarded - Liliana's Caress triggers, and the
    Baloth's enters trigger gains its owner 4 life."""
    g = setup_game()
    put(g, 0, BF, "Liliana's Caress")
    lands(g, 0, "Swamp", 3)
    put(g, 1, HAND, "Obstinate Baloth")
    put(g, 1, HAND, "Shock")
    rot = put(g, 0, HAND, "Mind Rot")
    start_at(g, "precombat_main")
    cast(g, rot, P1)
    settle(g)
    answer(g, *options(g), kind="discard")
    settle_all(g)
    assert on_bf(g, "Obstinate Baloth", 1) and graveyard(g, 1) == ["Shock"]
    assert life(g, 1) == 20 + 4 - 2 * 2


def test_cr_701_8_obstinate_baloth_discarded_by_an_opponents_ability() -> None:
    """Obstinate Baloth: "a spell or ability an opponent controls" - Bob's Liliana Vess +1
    makes Alice discard it; it enters the battlefield and Alice gains 4 life."""
    g = setup_game()
    baloth = put(g, 0, HAND, "Obstinate Baloth")
    lili = put(g, 1, BF, "Liliana Vess")
    start_at(g, "precombat_main", turn=2, active=1)
    activate(g, lili, P0)
    settle(g)
    answer(g, baloth.id, kind="discard")
    settle_all(g)
    assert on_bf(g, "Obstinate Baloth", 0) and life(g, 0) == 24 and not graveyard(g, 0)


# ================================================================ Overrun


def test_cr_611_2c_overrun_creature_arriving_later_gets_nothing() -> None:
    """Overrun affects only the creatures you control as it resolves (611.2c): a creature
    cast afterwards that turn isn't +3/+3 and has no trample."""
    g = setup_game()
    lands(g, 0, "Forest", 7)
    bear = put(g, 0, BF, "Grizzly Bears")
    ov = put(g, 0, HAND, "Overrun")
    late = put(g, 0, HAND, "Runeclaw Bear")
    start_at(g, "precombat_main")
    cast(g, ov)
    settle(g)
    cast(g, late)
    settle(g)
    rb = on_bf(g, "Runeclaw Bear", 0)[0]
    assert pt(g, bear) == (5, 5) and pt(g, rb) == (2, 2) and "trample" not in kws(g, rb)


# ================================================================ Overwhelming Stampede


def test_cr_608_2g_overwhelming_stampede_x_is_locked_as_it_resolves() -> None:
    """Overwhelming Stampede (608.2g, 611.2c): X, the greatest power, is counted as it
    resolves and doesn't change later - pumping the biggest creature afterwards doesn't
    pump the others."""
    g = setup_game()
    lands(g, 0, "Forest", 6)
    mino = put(g, 0, BF, "Canyon Minotaur")
    bear = put(g, 0, BF, "Grizzly Bears")
    st = put(g, 0, HAND, "Overwhelming Stampede")
    growth = put(g, 0, HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, st)
    settle(g)
    assert pt(g, bear) == (5, 5)
    cast(g, growth, mino)
    settle(g)
    assert pt(g, mino) == (9, 9) and pt(g, bear) == (5, 5)


# ================================================================ Pacifism


def test_cr_602_5_pacifism_creature_can_still_use_its_abilities() -> None:
    """Pacifism restricts attacking and blocking only: the creature can still activate its
    abilities - Llanowar Elves under Pacifism still taps for {G}."""
    g = setup_game()
    elves = put(g, 0, BF, "Llanowar Elves")
    pac = put(g, 1, BF, "Pacifism")
    pac.attached_to = elves.id
    g.changed()
    start_at(g, "precombat_main")
    activate(g, elves)
    assert str(g.players[0].mana_pool) == "G"


# ================================================================ Paradox Haze


def test_cr_500_9_paradox_haze_upkeep_triggers_trigger_again() -> None:
    """Paradox Haze: "at the beginning of upkeep" abilities trigger again in the
    additional upkeep step - Mind Unbound gets two lore counters in one turn and draws
    1 + 2 cards; the Haze itself triggers only in the first upkeep."""
    g = setup_game()
    mu = put(g, 0, BF, "Mind Unbound")
    haze = put(g, 0, BF, "Paradox Haze")
    haze.attached_to = P0
    g.changed()
    start_at(g, "upkeep", turn=1)
    advance(g, at_step("draw", 1), order=True)
    assert g.obj(mu.id).counters["lore"] == 2
    assert len(g.players[0].hand) == 1 + 2 + 1  # and the draw step's card
    upkeeps = [e for e in g.log if e.kind == "step_began" and e.data["step"] == "upkeep"]
    assert len(upkeeps) == 2


def test_cr_500_9_paradox_haze_on_an_opponent_gives_only_them_the_step() -> None:
    """Paradox Haze on the opponent ("enchanted player's first upkeep"): Bob gets the
    extra upkeep in his turn; Alice gets none in hers."""
    g = setup_game()
    haze = put(g, 0, BF, "Paradox Haze")
    haze.attached_to = P1
    g.changed()
    start_at(g, "untap", turn=1)
    advance(g, at_step("draw", 2), order=True)
    ups = [e.turn for e in g.log if e.kind == "step_began" and e.data["step"] == "upkeep"]
    assert ups == [1, 2, 2]


def test_cr_500_9_two_paradox_hazes_two_additional_upkeeps() -> None:
    """Two Paradox Hazes on the same player each trigger at the beginning of that player's
    first upkeep: two additional upkeep steps (three upkeeps that turn)."""
    g = setup_game()
    for _ in range(2):
        haze = put(g, 0, BF, "Paradox Haze")
        haze.attached_to = P0
    g.changed()
    start_at(g, "untap", turn=1)
    advance(g, at_step("draw", 1), order=True)
    ups = [e.turn for e in g.log if e.kind == "step_began" and e.data["step"] == "upkeep"]
    assert ups == [1, 1, 1]


# ================================================================ Pariah


def test_cr_614_9_pariah_on_an_opponents_creature() -> None:
    """Pariah on an opponent's creature: damage that would be dealt to the Aura's
    controller is dealt to that creature instead, whoever controls it."""
    g = setup_game()
    lands(g, 0, "Plains", 3)
    lands(g, 1, "Mountain", 1)
    spider = put(g, 1, BF, "Giant Spider")
    pariah = put(g, 0, HAND, "Pariah")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    cast(g, pariah, spider)
    settle(g)
    pass_priority(g)
    cast(g, shock, P0)
    settle(g)
    assert life(g, 0) == 20 and g.obj(spider.id).damage == 2


def test_cr_614_9_pariah_creature_gone_damage_is_dealt_to_you() -> None:
    """Pariah: if the enchanted creature has left (the Aura with it), damage is dealt to
    you as usual."""
    g = setup_game()
    wall = put(g, 0, BF, "Wall of Wood")
    pariah = put(g, 0, BF, "Pariah")
    pariah.attached_to = wall.id
    g.changed()
    lands(g, 1, "Mountain", 2)
    bolt = put(g, 1, HAND, "Lightning Bolt")
    shock = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, bolt, P0)
    settle(g)
    assert life(g, 0) == 20 and not alive(g, wall)
    cast(g, shock, P0)
    settle(g)
    assert life(g, 0) == 18


def test_cr_702_16e_pariah_redirected_damage_prevented_by_protection() -> None:
    """Pariah with 702.16e: the damage is redirected to the enchanted creature first; if that
    creature has protection from the source, it is then prevented - combat damage from a
    black attacker goes to White Knight (protection from black) and none is dealt."""
    g = setup_game()
    knight = put(g, 0, BF, "White Knight")
    pariah = put(g, 0, BF, "Pariah")
    pariah.attached_to = knight.id
    g.changed()
    shade = put(g, 1, BF, "Nightwing Shade")
    start_at(g, "declare_attackers", turn=2, active=1)
    attack(g, shade, target=P0)
    advance(g, at_step("end_of_combat", 2))
    assert life(g, 0) == 20 and g.obj(knight.id).damage == 0 and alive(g, knight)


# ================================================================ Personal Sanctuary


def test_cr_615_personal_sanctuary_doesnt_protect_your_creatures() -> None:
    """Personal Sanctuary prevents damage to *you* during your turn only - damage to your
    creatures is dealt as usual."""
    g = setup_game()
    put(g, 0, BF, "Personal Sanctuary")
    bear = put(g, 0, BF, "Grizzly Bears")
    lands(g, 1, "Mountain", 2)
    shock = put(g, 1, HAND, "Shock")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "upkeep", turn=1)
    pass_priority(g)
    cast(g, bolt, P0)
    cast(g, shock, bear)
    settle(g)
    assert life(g, 0) == 20 and not alive(g, bear)


# ================================================================ Phantasmal Bear


def test_cr_608_2b_phantasmal_bear_one_of_several_targets() -> None:
    """Phantasmal Bear: targeted together with a player by Fireball, it is sacrificed; the
    spell still resolves for its other target (608.2b) - and as Fireball divides its
    damage on resolution among the targets still legal then (Fireball ruling,
    2009-10-01), Bob takes all 4."""
    g = setup_game()
    lands(g, 0, "Mountain", 6)
    bear = put(g, 1, BF, "Phantasmal Bear")
    fire = put(g, 0, HAND, "Fireball")
    start_at(g, "precombat_main")
    cast(g, fire, bear, P1, x=4)
    settle(g)
    assert graveyard(g, 1) == ["Phantasmal Bear"] and life(g, 1) == 16


# ================================================================ Phantasmal Image



def test_cr_706_2_phantasmal_image_copies_printed_values_only() -> None:
    """Phantasmal Image ruling (the copy rulings, 2011): it copies exactly what is printed on the creature -
    not its counters, nor effects that changed its power and toughness (Giant Growth)."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    lands(g, 0, "Forest", 1)
    bear = put(g, 1, BF, "Grizzly Bears", counters={"+1/+1": 1})
    growth = put(g, 0, HAND, "Giant Growth")
    start_at(g, "precombat_main")
    cast(g, growth, bear)
    settle(g)
    assert pt(g, bear) == (6, 6)
    _image_copying(bear, g)
    settle(g)
    copy = on_bf(g, "Grizzly Bears", 0)[0]
    assert pt(g, copy) == (2, 2) and "Illusion" in g.chars(copy).subtypes


def test_cr_706_2_phantasmal_image_copy_has_the_enters_ability() -> None:
    """Phantasmal Image ruling (the copy rulings, 2011): the copied creature's enters-the-battlefield ability
    triggers for the Image - a copy of Liliana's Specter makes each opponent discard."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    spec = put(g, 1, BF, "Liliana's Specter")
    card = put(g, 1, HAND, "Shock")
    start_at(g, "precombat_main")
    _image_copying(spec, g)
    settle(g)
    answer(g, card.id, kind="discard")
    assert graveyard(g, 1) == ["Shock"]


def test_cr_614_1c_phantasmal_image_copy_of_pentavus_enters_with_counters() -> None:
    """Phantasmal Image ruling (the copy rulings, 2011): "enters with" abilities of the copied creature
    work for the Image - a copy of Pentavus enters with five +1/+1 counters."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    pen = put(g, 1, BF, "Pentavus", counters={"+1/+1": 2})
    start_at(g, "precombat_main")
    _image_copying(pen, g)
    settle(g)
    copy = on_bf(g, "Pentavus", 0)[0]
    assert copy.counters.get("+1/+1") == 5 and pt(g, copy) == (5, 5)


def test_cr_706_9a_phantasmal_image_copy_of_lord_of_the_unreal_pumps_itself() -> None:
    """Phantasmal Image copying Lord of the Unreal is an Illusion Lord: "Illusion creatures
    you control get +1/+1 and have hexproof" applies to itself (it has no "other"), and
    the Lord it copied pumps it too - a 4/4 with hexproof."""
    g = setup_game()
    lands(g, 0, "Island", 2)
    lord = put(g, 0, BF, "Lord of the Unreal")
    start_at(g, "precombat_main")
    _image_copying(lord, g)
    settle(g)
    copy = next(o for o in on_bf(g, "Lord of the Unreal", 0) if o.id != lord.id)
    assert pt(g, copy) == (4, 4) and "hexproof" in kws(g, copy)
    assert pt(g, lord) == (2, 2)


# ================================================================ Phantom Beast


def test_cr_603_2_phantom_beast_targeted_by_its_controllers_aura_spell() -> None:
    """Phantom Beast: it is sacrificed whenever it becomes the target of a spell,
    its controller's own Aura spell included; the Aura, with no legal target left, goes to
    the graveyard (608.3a / 608.2b)."""
    g = setup_game()
    lands(g, 0, "Plains", 1)
    beast = put(g, 0, BF, "Phantom Beast")
    aura = put(g, 0, HAND, "Lifelink")
    start_at(g, "precombat_main")
    cast(g, aura, beast)
    assert len(g.stack) == 2  # the sacrifice trigger is above the Aura spell
    settle(g)
    assert sorted(graveyard(g, 0)) == ["Lifelink", "Phantom Beast"] and not on_bf(g, "Lifelink")

# ================================================================ Phylactery Lich


def test_cr_603_8_phylactery_lich_any_phylactery_counter_keeps_it() -> None:
    """Phylactery Lich ruling (2010-08-15): any permanent you control with a phylactery
    counter will do, not only the one this Lich marked - with two Liches, destroying one
    marked artifact sacrifices neither."""
    g = setup_game()
    lands(g, 0, "Swamp", 6)
    a = put(g, 0, BF, "Ornithopter")
    b = put(g, 0, BF, "Kraken's Eye")
    liches = [put(g, 0, HAND, "Phylactery Lich") for _ in range(2)]
    lands(g, 1, "Forest", 2)
    nat = put(g, 1, HAND, "Naturalize")
    start_at(g, "precombat_main")
    for lich, art in zip(liches, (a, b), strict=True):
        cast(g, lich)
        settle(g)
        answer(g, art.id, kind="choose")
        settle(g)
    assert a.counters.get("phylactery") == 1 and b.counters.get("phylactery") == 1
    assert len(on_bf(g, "Phylactery Lich", 0)) == 2
    pass_priority(g)
    cast(g, nat, a)
    settle_all(g)
    assert graveyard(g, 0) == ["Ornithopter"] and len(on_bf(g, "Phylactery Lich", 0)) == 2


def test_cr_603_8_phylactery_lich_stolen_is_sacrificed_by_its_new_controller() -> None:
    """Phylactery Lich: "when you control no permanents with phylactery counters" reads its
    current controller - Bob takes it with Mind Control while the counter is on Alice's
    artifact, so Bob sacrifices it (it goes to Alice's graveyard)."""
    g = setup_game()
    lich = put(g, 0, BF, "Phylactery Lich")
    put(g, 0, BF, "Ornithopter", counters={"phylactery": 1})
    lands(g, 1, "Island", 5)
    mc = put(g, 1, HAND, "Mind Control")
    start_at(g, "precombat_main", turn=2, active=1)
    cast(g, mc, lich)
    settle_all(g)
    assert not alive(g, lich) and graveyard(g, 0) == ["Phylactery Lich"]
    assert graveyard(g, 1) == ["Mind Control"]


def test_cr_614_12_phylactery_lich_cant_mark_an_artifact_entering_with_it() -> None:
    """Phylactery Lich ruling (2010-08-15): if the Lich and an artifact enter the
    battlefield at the same time, the counter can't go on that artifact - it must be one
    already there.  Mass Polymorph puts Ornithopter and the Lich onto the battlefield
    together: only Kite Shield, already there, is offered."""
    g = setup_game(filler="Island")
    lands(g, 0, "Island", 6)
    shield = put(g, 0, BF, "Kite Shield")
    put(g, 0, LIB, "Ornithopter")
    put(g, 0, LIB, "Phylactery Lich")  # top
    for _ in range(2):
        put(g, 0, BF, "Grizzly Bears")
    mp = put(g, 0, HAND, "Mass Polymorph")
    start_at(g, "precombat_main")
    cast(g, mp)
    settle(g)
    assert g.decision.kind == "choose" and options(g) == (shield.id,)
    answer(g, shield.id)
    settle_all(g)
    assert sorted(o.name for o in g.creatures(0)) == ["Ornithopter", "Phylactery Lich"]
    assert shield.counters.get("phylactery") == 1


def test_cr_614_12_phylactery_lich_may_mark_an_artifact_with_shroud() -> None:
    """Phylactery Lich ruling (2010-08-15): the counter doesn't target, so an artifact
    with shroud (Ornithopter wearing Whispersilk Cloak) can be chosen."""
    g = setup_game()
    lands(g, 0, "Swamp", 3)
    thopter = put(g, 0, BF, "Ornithopter")
    cloak = put(g, 0, BF, "Whispersilk Cloak")
    cloak.attached_to = thopter.id
    g.changed()
    lich = put(g, 0, HAND, "Phylactery Lich")
    start_at(g, "precombat_main")
    assert "shroud" in kws(g, thopter)
    cast(g, lich)
    settle(g)
    assert thopter.id in options(g)
    answer(g, thopter.id)
    settle_all(g)
    assert thopter.counters.get("phylactery") == 1 and on_bf(g, "Phylactery Lich", 0)


def test_cr_603_8_phylactery_lich_counter_stolen_by_master_thief() -> None:
    """Phylactery Lich ruling (2010-08-15): it checks whether *you control* a permanent
    with a phylactery counter - when Bob's Master Thief takes the artifact carrying the
    counter, Alice controls none and sacrifices the Lich (indestructible doesn't help)."""
    g = setup_game()
    lich = put(g, 0, BF, "Phylactery Lich")
    thopter = put(g, 0, BF, "Ornithopter", counters={"phylactery": 1})
    lands(g, 1, "Island", 4)
    thief = put(g, 1, HAND, "Master Thief")
    start_at(g, "precombat_main", turn=2, active=1)
    assert alive(g, lich)
    cast(g, thief)
    settle(g)
    answer(g, thopter.id, kind="choose_targets")
    settle_all(g)
    assert g.controller(g.obj(thopter.id)) == 1
    assert not alive(g, lich) and graveyard(g, 0) == ["Phylactery Lich"]


# ================================================================ Platinum Angel


def test_cr_704_5b_platinum_angel_empty_library_draw_doesnt_lose_later() -> None:
    """Platinum Angel ruling (2009-10-01): no game effect makes you lose while you control
    it - drawing from an empty library included.  That loss is checked only at the next
    state-based action check (704.5b), so once the Angel is gone you don't lose for the
    old draw; you lose if you draw from the empty library again."""
    g = setup_game(filler=None)
    for _ in range(5):
        put(g, 1, LIB, "Plains")
    angel = put(g, 0, BF, "Platinum Angel")
    lands(g, 1, "Mountain", 4)
    outrage = put(g, 1, HAND, "Chandra's Outrage")
    start_at(g, "upkeep", turn=1)
    advance(g, at_step("precombat_main", 1))
    assert not g.over and not g.players[0].lost
    advance(g, at_step("precombat_main", 2))
    cast(g, outrage, angel)
    settle(g)
    assert not alive(g, angel) and life(g, 0) == 18
    assert not g.over
    advance(g, lambda x: x.over or x.turn_number == 3 and x.step.name != "upkeep", limit=50)
    assert g.over and g.winner == 1

"""The combat phase and declare attackers step rules the seeds cover that no other test
cited yet (CR 506-508, seed 000 section 3): the defending team, what can be put onto the
battlefield attacking or blocking, removal from combat, timing around combat, costs to
attack, attack triggers, "defending player", reselecting what a creature attacks."""

from __future__ import annotations

from typing import Any

import pytest
from cardplay import advance, cast, refused, settle, zone_of

from manastack import log as ev
from manastack.cards.dsl import ActivatedAbility, SpellAbility, cost, make_card
from manastack.cards.effects import GainLife
from manastack.cards.vocab import triggered
from manastack.engine import Game
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, Choose, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.combat import combat_timing, put_blocking
from manastack.rules.layers import (
    LayerEffect,
    add_effect,
    add_keywords,
    remove_keywords,
    set_controller,
)
from manastack.rules.turn import add_skip

import testcards  # noqa: F401  (registers the test-only cards)
from conftest import at_step, pass_until

BF, HAND = Zone.BATTLEFIELD, Zone.HAND
B, C = PlayerRef(1), PlayerRef(2)


def _declare(g: Game, *pairs: tuple[GameObject, Any], player: int = 0) -> None:
    g.apply(player, DeclareAttackers(tuple((a.id, t if isinstance(t, PlayerRef) else t.id)
                                           for a, t in pairs)))


def _to_attackers(g: Game) -> None:
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")


def _to_blockers_step(g: Game) -> None:
    """On to the first priority of the declare blockers step (no blocks)."""
    advance(g, lambda q: q.step.name == "declare_blockers" and q.decision.kind == "priority")


def _ffa(n: int = 3, **extra: object) -> Game:
    return setup_game(("A", "B", "C", "D", "E")[:n],
                      options=GameOptions(variant="free_for_all", extra=dict(extra)))


def _stack_sources(g: Game) -> list[str]:
    return [g.objects[i].source_name for i in g.stack]


# ---------------------------------------------------------------- 506.2b, 506.3


def test_cr_506_2b_two_headed_giant_nonactive_team_is_the_defending_team() -> None:
    """CR 506.2b (seed 000 section 3): in Two-Headed Giant the nonactive team is the
    defending team: both its players may be attacked, a teammate may not, and on the
    other team's turn the roles swap."""
    g = setup_game(("A", "B", "C", "D"), options=GameOptions(variant="two_headed_giant"))
    a = put(g, 0, BF, "Grizzly Bears")
    c = put(g, 2, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    assert g.combat.defending_players == [1, 3]
    with pytest.raises(IllegalAction, match="508.1b"):
        _declare(g, (a, C))  # Carol is Alice's teammate
    _declare(g, (a, B))
    _declare(g, (c, PlayerRef(3)), player=2)
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == g.players[3].life == 30 - 4
    pass_until(g, at_step("beginning_of_combat", 2))
    assert g.active_players() == [1, 3] and g.combat.defending_players == [0, 2]


def test_cr_506_3a_noncreature_put_onto_the_battlefield_blocking_isnt_blocking() -> None:
    """CR 506.3a: a noncreature permanent an effect would put onto the battlefield blocking
    enters the battlefield but is never a blocking permanent: the attacker stays unblocked
    and deals its damage to the player.  (Only the blocking half: no effect of the engine
    puts a permanent onto the battlefield attacking, see 508.4.)"""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    _to_blockers_step(g)
    relic = put(g, 1, BF, "Circle of Flame")  # an enchantment "put onto the battlefield"
    put_blocking(g, relic, bear.id)
    assert relic.zone == BF and relic.id not in g.combat.blockers
    assert bear.id not in g.combat.blocked
    assert any(e.rule == "506.3" and "isn't blocking" in e.text for e in g.log)
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 18


def _put_attacking() -> Any:
    """The engine's way to put a creature onto the battlefield attacking (508.4), like
    :func:`manastack.rules.combat.put_blocking` for blocking (509.7)."""
    from manastack.rules import combat
    fn = getattr(combat, "put_attacking", None)
    assert fn is not None, ("508.4: the engine has no way to put a creature onto the "
                            "battlefield attacking (no card of the pool does)")
    return fn


def test_cr_506_3a_noncreature_put_onto_the_battlefield_attacking_isnt_attacking() -> None:
    """CR 506.3a, the attacking half: a noncreature permanent an effect would put onto the
    battlefield attacking enters, but is never an attacking permanent."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    relic = put(g, 0, BF, "Circle of Flame")
    _put_attacking()(g, relic, B)
    assert relic.zone == BF and relic.id not in g.combat.attackers


def test_cr_506_3b_creature_put_attacking_for_a_nonattacking_player_isnt_attacking() -> None:
    """CR 506.3b: a creature put onto the battlefield attacking under the control of a
    player other than the attacking player enters, but is never an attacking creature."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    theirs = put(g, 1, BF, "Runeclaw Bear")
    _put_attacking()(g, theirs, PlayerRef(0))
    assert theirs.zone == BF and theirs.id not in g.combat.attackers


def test_cr_506_3c_creature_put_attacking_a_player_who_left_isnt_attacking() -> None:
    """CR 506.3c: a creature put onto the battlefield attacking a player who is no longer
    in the game (or a planeswalker no longer on the battlefield) enters, but is never an
    attacking creature."""
    from manastack.rules.sba import lose
    g = _ffa(3, attack="multiple")
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    _declare(g, (bear, B))
    lose(g, 2, "104.3a", "concedes")
    g.run()
    token = put(g, 0, BF, "Runeclaw Bear")
    _put_attacking()(g, token, C)
    assert token.zone == BF and token.id not in g.combat.attackers


# ---------------------------------------------------------------- 506.4


def test_cr_506_4a_a_later_cant_attack_or_cant_block_doesnt_remove_from_combat() -> None:
    """CR 506.4a: once declared, an attacker (blocker) isn't removed from combat by an
    effect that would have kept it from attacking (blocking): Stormtide Leviathan arriving
    after attackers are declared ("creatures without flying or islandwalk can't attack"),
    a "can't block" effect after blockers are declared."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    ogre = put(g, 0, BF, "Runeclaw Bear")
    wall = put(g, 1, BF, "Wall of Wood")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B), (ogre, B))
    put(g, 1, BF, "Stormtide Leviathan")
    g.changed()
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    assert set(g.combat.attackers) == {bear.id, ogre.id}
    g.apply(1, DeclareBlockers(((wall.id, (ogre.id,)),)))

    def cant_block(game, obj, c):  # type: ignore[no-untyped-def]
        c.flags = c.flags | {"can't block"}
    add_effect(g, LayerEffect("6", cant_block, frozenset({wall.id}), 1))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 18  # the bear still attacked
    assert wall.id in g.combat.blockers and g.obj(wall.id).damage == 2  # still blocked


def _animated_planeswalker(g: Game, owner: int) -> GameObject:
    """Ajani Goldmane, also a 0/5 creature (a type-changing effect)."""
    pw = put(g, owner, BF, "Ajani Goldmane")

    def animate(game, obj, c):  # type: ignore[no-untyped-def]
        c.types = c.types | {"Creature"}
        c.power, c.toughness = 0, 5
    add_effect(g, LayerEffect("4", animate, frozenset({pw.id}), owner))
    return pw


def _blocking_and_attacked(g: Game) -> tuple[GameObject, GameObject, GameObject]:
    """Alice's bear attacks the animated Ajani, her other bear attacks Bob and is blocked by
    Ajani: Ajani is both a blocking creature and a planeswalker being attacked."""
    x = put(g, 0, BF, "Grizzly Bears")
    y = put(g, 0, BF, "Runeclaw Bear")
    pw = _animated_planeswalker(g, 1)
    start_at(g, "declare_attackers")
    _declare(g, (x, pw), (y, B))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((pw.id, (y.id,)),)))
    assert g.combat.attackers[x.id] == pw.id and g.combat.blockers[pw.id] == [y.id]
    return x, y, pw


def _lose_type(g: Game, pw: GameObject, *types: str) -> None:
    def drop(game, obj, c):  # type: ignore[no-untyped-def]
        c.types = c.types - set(types)
    add_effect(g, LayerEffect("4", drop, frozenset({pw.id}), 1))


def test_cr_506_4d_blocking_planeswalker_that_stops_being_one_or_both() -> None:
    """CR 506.4d: a permanent that is both a blocking creature and a planeswalker being
    attacked and stops being a planeswalker but is still a creature goes on blocking (and
    is no longer attacked: its attacker deals no damage); one that stops being both is
    removed from combat."""
    g = setup_game()
    x, y, pw = _blocking_and_attacked(g)
    _lose_type(g, pw, "Planeswalker")
    pass_until(g, at_step("end_of_combat"))
    assert g.combat.blockers.get(pw.id) == [y.id]  # still blocking: y dealt it damage
    assert g.obj(pw.id).damage == 2 and g.obj(y.id).zone == BF
    assert g.combat.attackers[x.id] != pw.id and g.players[1].life == 20
    h = setup_game()
    x, y, pw = _blocking_and_attacked(h)
    _lose_type(h, pw, "Planeswalker", "Creature")
    pass_until(h, at_step("end_of_combat"))
    assert pw.id not in h.combat.blockers and h.combat.attackers[x.id] != pw.id
    assert y.id in h.combat.blocked and h.players[1].life == 20  # y stays blocked (509.1h)


def test_cr_506_4d_blocking_planeswalker_that_stops_being_a_creature_is_still_attacked(
        ) -> None:
    """CR 506.4d: a permanent both blocking and being attacked that stops being a creature
    but is still a planeswalker is no longer blocking, but is still being attacked: the
    creature attacking it deals its damage to it (loyalty 4 - 2)."""
    g = setup_game()
    x, y, pw = _blocking_and_attacked(g)
    _lose_type(g, pw, "Creature")
    pass_until(g, at_step("end_of_combat"))
    assert pw.id not in g.combat.blockers
    assert g.combat.attackers[x.id] == pw.id
    assert g.obj(pw.id).counters["loyalty"] == 2


# ---------------------------------------------------------------- 506.6 (timing)


def _timed_instant(name: str, when: str, rule: str) -> Any:
    return make_card(name, "{0}", types=("Instant",), spell=SpellAbility(
        effect=GainLife(1), timing=lambda game, player: combat_timing(game, when),
        timing_rule=rule), text=f"Cast this spell only {when.replace('_', ' ')} are declared.")


def _start_before_combat(g: Game) -> None:
    """At the first priority of the turn's (first) beginning of combat step, reached from
    the precombat main phase (see the xfail test below about ``start_at``)."""
    start_at(g, "precombat_main")
    advance(g, at_step("beginning_of_combat"))
    assert g.combat_phases_this_turn == 1


def test_cr_506_6d_a_position_set_at_beginning_of_combat_is_the_first_combat_phase() -> None:
    """CR 506.6d / 500.8: a position set up at the beginning of combat step (tests,
    scenarios' ``start: {step: beginning_of_combat}``) is in the turn's first combat phase:
    "before blockers are declared" still holds there."""
    g = setup_game()
    start_at(g, "beginning_of_combat")
    assert g.combat_phases_this_turn == 1
    assert combat_timing(g, "before_blockers")


BEFORE_ATTACKERS = _timed_instant("Test Before Attackers", "before_attackers", "506.6a")
AFTER_ATTACKERS = _timed_instant("Test After Attackers", "after_attackers", "506.6a")
BEFORE_BLOCKERS = _timed_instant("Test Before Blockers", "before_blockers", "506.6b")
AFTER_BLOCKERS = _timed_instant("Test After Blockers", "after_blockers", "506.6b")


def test_cr_506_6a_before_or_after_attackers_are_declared_even_with_no_attackers() -> None:
    """CR 506.6a: "only before (after) attackers are declared" refers to the turn-based
    action of declaring attackers: before (after) the declare attackers step begins,
    whether or not any attackers are declared (here none)."""
    g = setup_game()
    put(g, 0, BF, "Grizzly Bears")
    before, after = put(g, 0, HAND, BEFORE_ATTACKERS), put(g, 0, HAND, AFTER_ATTACKERS)
    _start_before_combat(g)
    refused(g, 0, Cast(after.id), "506.6a")
    cast(g, before)
    settle(g)
    advance(g, lambda q: q.decision.kind == "declare_attackers")
    g.apply(0, DeclareAttackers(()))
    assert g.step.name == "declare_attackers" and not g.combat.attackers
    other = put(g, 0, HAND, BEFORE_ATTACKERS)
    refused(g, 0, Cast(other.id), "506.6a")
    cast(g, after)
    settle(g)
    assert g.players[0].life == 22


def test_cr_506_6d_before_or_after_a_point_means_the_first_combat_phase() -> None:
    """CR 506.6d: a spell castable "only before (after) blockers are declared", with no
    "during combat" criterion, refers to the first combat phase of a turn with several
    (Relentless Assault): in the additional combat phase "before" is over and "after" holds,
    even before that combat's blockers are declared."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    for _ in range(4):
        put(g, 0, BF, "Mountain")
    assault = put(g, 0, HAND, "Relentless Assault")
    before, after = put(g, 0, HAND, BEFORE_BLOCKERS), put(g, 0, HAND, AFTER_BLOCKERS)
    _start_before_combat(g)
    refused(g, 0, Cast(after.id), "506.6b")
    _to_attackers(g)
    _declare(g, (bear, B))
    advance(g, at_step("postcombat_main"))
    cast(g, assault)
    settle(g)
    advance(g, at_step("beginning_of_combat"))
    assert g.combat_phases_this_turn == 2
    refused(g, 0, Cast(before.id), "506.6b")
    cast(g, after)
    settle(g)
    assert g.players[0].life == 21


def test_cr_506_6e_before_a_point_that_doesnt_exist() -> None:
    """CR 506.6e: "only before blockers are declared" when the declare blockers step is
    skipped (no attackers, 508.8) means before the declare attackers step ends; when the
    combat phase is skipped, before the precombat main phase ends."""
    g = setup_game()
    first, late = put(g, 0, HAND, BEFORE_BLOCKERS), put(g, 0, HAND, BEFORE_BLOCKERS)
    start_at(g, "declare_attackers")
    assert g.step.name == "declare_attackers" and not g.combat.attackers
    cast(g, first)
    settle(g)
    advance(g, at_step("end_of_combat"))
    refused(g, 0, Cast(late.id), "506.6b")
    h = setup_game()
    add_skip(h, "phase", "combat", 0)
    early, late = put(h, 0, HAND, BEFORE_BLOCKERS), put(h, 0, HAND, BEFORE_BLOCKERS)
    start_at(h, "precombat_main")
    cast(h, early)
    settle(h)
    advance(h, at_step("postcombat_main"))
    assert h.combat_phases_this_turn == 0
    refused(h, 0, Cast(late.id), "506.6b")
    assert h.players[0].life == 21 and g.players[0].life == 21


def _before_blockers(game: Any, obj: Any) -> bool:
    return combat_timing(game, "before_blockers")


TIMED_ABILITY = make_card(
    "Test Before Blockers Totem", "{1}", types=("Artifact",),
    abilities=[ActivatedAbility(cost(), GainLife(1), condition=_before_blockers,
                                condition_text="activate only before blockers are declared",
                                text="{0}: You gain 1 life. Activate only before blockers "
                                     "are declared.")])


def test_cr_506_6g_abilities_timed_around_combat_follow_the_spell_rules() -> None:
    """CR 506.6g: an ability "activate only before blockers are declared" follows 506.6 as
    a spell would: it can be activated in the declare attackers step, not once blockers
    are declared."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    totem = put(g, 0, BF, TIMED_ABILITY)
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    g.apply(0, Activate(totem.id, 0))
    settle(g)
    _to_blockers_step(g)
    refused(g, 0, Activate(totem.id, 0), "602.5")
    assert g.players[0].life == 21


# ---------------------------------------------------------------- 508.1i, 508.2


def test_cr_508_1i_mana_abilities_activated_to_pay_the_cost_to_attack() -> None:
    """CR 508.1i: when the total cost to attack (508.1h, Test Propaganda: {2} per creature
    attacking Bob) needs mana, the active player activates mana abilities during the
    declaration: mana in the pool first, then a Plains is tapped, before the creature
    becomes an attacking creature."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    plains = [put(g, 0, BF, "Plains") for _ in range(2)]
    put(g, 1, BF, "Test Propaganda")
    set_mana(g, 0, "W")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    assert sorted(p.tapped for p in plains) == [False, True]
    assert str(g.players[0].mana_pool) == "" and bear.id in g.combat.attackers
    locked = next(i for i, e in enumerate(g.log) if e.rule == "508.1h")
    tapped = next(i for i, e in enumerate(g.log) if e.kind == ev.MANA and e.rule == "605.3a")
    attacks = next(i for i, e in enumerate(g.log) if e.kind == ev.ATTACKS)
    assert locked < tapped < attacks


def test_cr_508_1i_an_attacker_tapped_by_attacking_cant_pay_for_the_attack() -> None:
    """CR 508.1i after 508.1f: the chosen creatures are tapped first, then mana abilities
    may be activated to pay the cost to attack; an attacking Llanowar Elves is already
    tapped and can't add the mana, so with one Forest the {2} can't be paid: the attack is
    illegal."""
    g = setup_game()
    elves = put(g, 0, BF, "Llanowar Elves")
    put(g, 0, BF, "Forest")
    put(g, 1, BF, "Test Propaganda")
    start_at(g, "declare_attackers")
    with pytest.raises(IllegalAction):
        _declare(g, (elves, B))


def test_cr_508_2_active_player_gets_priority_after_attackers_are_declared() -> None:
    """CR 508.2: second, the active player gets priority in the declare attackers step;
    then the other player (who may cast an instant there)."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "declare_attackers")
    assert g.decision.kind == "declare_attackers"
    _declare(g, (bear, B))
    assert g.step.name == "declare_attackers"
    assert g.decision.kind == "priority" and g.decision.player == 0
    g.apply(0, Pass())
    assert g.decision.player == 1
    cast(g, bolt, bear)
    settle(g)
    assert zone_of(g, bear) == Zone.GRAVEYARD and g.step.name == "declare_attackers"


def test_cr_508_2a_attack_triggers_look_at_the_creature_as_it_is_declared() -> None:
    """CR 508.2a: "whenever a creature without flying attacks you" (Circle of Flame)
    triggers only as attackers are declared: not for Serra Angel (flying) even once it
    loses flying; for Grizzly Bears even though it gains flying before the trigger
    resolves (1 damage to it)."""
    g = setup_game()
    angel = put(g, 0, BF, "Serra Angel")
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Circle of Flame")
    start_at(g, "declare_attackers")
    _declare(g, (angel, B), (bear, B))
    assert _stack_sources(g) == ["Circle of Flame"]
    assert g.objects[g.stack[0]].trigger_data["attacker"] == bear.id
    add_effect(g, LayerEffect("6", remove_keywords("flying"), frozenset({angel.id}), 0))
    add_effect(g, LayerEffect("6", add_keywords("flying"), frozenset({bear.id}), 0))
    settle(g)
    pass_until(g, at_step("end_of_combat"))
    assert g.obj(bear.id).damage == 1 and g.obj(angel.id).damage == 0
    assert sum(1 for e in g.log if e.kind == ev.TRIGGER) == 1


def _tapped_me(game: Any, e: Any, src: Any) -> bool:
    return e.data.get("object") == src.id


TAP_WATCHER = make_card(
    "Test Tap Watcher", "{1}", types=("Creature",), power=1, toughness=1,
    abilities=[triggered(ev.TAPPED, _tapped_me, GainLife(1),
                         "Whenever this creature becomes tapped, you gain 1 life.")])


def test_cr_508_2b_attack_triggers_go_on_the_stack_before_priority() -> None:
    """CR 508.2b: abilities that triggered on attackers being declared (Benalish Veteran's,
    Bob's Circle of Flame) or during the declaration (a creature that became tapped by
    attacking, 508.1f) are put on the stack before the active player gets priority, in
    APNAP order (Alice's first: Bob's on top)."""
    g = setup_game()
    vet = put(g, 0, BF, "Benalish Veteran")
    watcher = put(g, 0, BF, TAP_WATCHER)
    put(g, 1, BF, "Circle of Flame")
    start_at(g, "declare_attackers")
    _declare(g, (vet, B), (watcher, B))
    while g.decision.kind == "order_triggers":  # each player orders their two triggers
        g.apply(g.decision.player, Choose(tuple(g.decision.options)))  # type: ignore[attr-defined]
    assert g.decision.kind == "priority" and g.decision.player == 0
    names = _stack_sources(g)
    assert sorted(names[:2]) == ["Benalish Veteran", "Test Tap Watcher"]
    assert names[2:] == ["Circle of Flame", "Circle of Flame"]
    assert not any(e.kind == ev.PASS for e in g.log if e.turn == 1)


# ---------------------------------------------------------------- 508.3


def test_cr_508_3_one_declaration_triggers_abilities_with_different_conditions() -> None:
    """CR 508.3: abilities triggering on attackers being declared have different trigger
    conditions: "whenever this creature attacks" (Benalish Veteran: its own attack) and
    "whenever a creature without flying attacks you" (Circle of Flame: the Veteran, not
    Serra Angel) trigger from the same declaration, each by its own condition."""
    g = setup_game()
    vet = put(g, 0, BF, "Benalish Veteran")
    angel = put(g, 0, BF, "Serra Angel")
    put(g, 1, BF, "Circle of Flame")
    start_at(g, "declare_attackers")
    _declare(g, (vet, B), (angel, B))
    assert _stack_sources(g) == ["Benalish Veteran", "Circle of Flame"]
    assert [g.objects[i].trigger_data["attacker"] for i in g.stack] == [vet.id, vet.id]
    settle(g)
    assert g.obj(vet.id).damage == 1


def _attacked_me(game: Any, e: Any, src: Any) -> bool:
    """"Whenever you're attacked": once for a declaration, at the first creature declared
    attacking this permanent's controller."""
    me = PlayerRef(game.controller(src))
    if e.data.get("target") != me or game.combat is None:
        return False
    first = next(a for a, t in game.combat.attackers.items() if t == me)
    return bool(e.data.get("attacker") == first)


WATCHTOWER = make_card(
    "Test Watchtower", "{1}", types=("Enchantment",),
    abilities=[triggered(ev.ATTACKS, _attacked_me, GainLife(1),
                         "Whenever you're attacked, you gain 1 life.")])


def test_cr_508_3b_player_is_attacked_triggers_once_when_creatures_attack_them() -> None:
    """CR 508.3b: "whenever [a player] is attacked" triggers if one or more creatures are
    declared attacking that player: once for Bob attacked by two creatures, not for Carol,
    attacked by none.  (No card of the pool reads so; a test-only card on the engine's
    attack events.)"""
    g = _ffa(3, attack="multiple")
    b1, b2 = put(g, 0, BF, "Grizzly Bears"), put(g, 0, BF, "Runeclaw Bear")
    put(g, 1, BF, WATCHTOWER)
    put(g, 2, BF, WATCHTOWER)
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    _declare(g, (b1, B), (b2, B))
    assert [g.objects[i].controller for i in g.stack] == [1]
    settle(g)
    assert [p.life for p in g.players] == [20, 21, 20]


def _attacked_with(game: Any, e: Any, src: Any) -> bool:
    return bool(e.data.get("player") == game.controller(src))


WAR_DRUM = make_card(
    "Test War Drum", "{1}", types=("Artifact",),
    abilities=[triggered(ev.ATTACKS, _attacked_with, GainLife(1),
                         "Whenever you attack with a creature, you gain 1 life.")])


def test_cr_508_3c_player_attacks_with_a_creature_triggers_per_creature() -> None:
    """CR 508.3c: "whenever [a player] attacks with [a creature]" triggers whenever a
    creature that player controls is declared as an attacker: twice for Alice's two
    attackers, never for Bob's copy (his creatures don't attack)."""
    g = setup_game()
    b1, b2 = put(g, 0, BF, "Grizzly Bears"), put(g, 0, BF, "Runeclaw Bear")
    put(g, 0, BF, WAR_DRUM)
    put(g, 1, BF, WAR_DRUM)
    start_at(g, "declare_attackers")
    _declare(g, (b1, B), (b2, B))
    if g.decision.kind == "order_triggers":
        g.apply(0, Choose(tuple(g.decision.options)))  # type: ignore[attr-defined]
    assert [g.objects[i].controller for i in g.stack] == [0, 0]
    settle(g)
    assert [p.life for p in g.players] == [22, 20]


def _unblocked_gain() -> Any:
    from manastack.cards.vocab import when_attacks_unblocked
    return make_card("Test Unblocked Scout", "{1}", types=("Creature",), power=1,
                     toughness=1, abilities=[when_attacks_unblocked(
                         GainLife(1), "Whenever this creature attacks and isn't blocked, "
                                      "you gain 1 life.")])


def test_cr_508_3d_attacks_and_isnt_blocked_triggers_in_the_declare_blockers_step() -> None:
    """CR 508.3d: "whenever [a creature] attacks and isn't blocked" triggers during the
    declare blockers step, not the declare attackers step."""
    g = setup_game()
    scout = put(g, 0, BF, _unblocked_gain())
    start_at(g, "declare_attackers")
    _declare(g, (scout, B))
    assert g.step.name == "declare_attackers" and not g.stack
    _to_blockers_step(g)
    assert _stack_sources(g) == ["Test Unblocked Scout"]
    settle(g)
    assert g.players[0].life == 21


# ---------------------------------------------------------------- 508.4


def test_cr_508_4a_put_attacking_a_planeswalker_that_left_isnt_attacking() -> None:
    """CR 508.4a: an effect putting a creature onto the battlefield attacking a planeswalker
    that is no longer on the battlefield when it resolves puts the creature onto the
    battlefield, never an attacking creature."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    pw = put(g, 1, BF, "Ajani Goldmane")
    start_at(g, "declare_attackers")
    _declare(g, (bear, pw))
    gone = pw.id
    from manastack.rules.zones import move
    move(g, pw, Zone.GRAVEYARD, "701.7")
    token = put(g, 0, BF, "Runeclaw Bear")
    _put_attacking()(g, token, gone)
    assert token.zone == BF and token.id not in g.combat.attackers


def test_cr_508_4b_put_attacking_ignores_attack_restrictions_and_costs() -> None:
    """CR 508.4b: a creature put onto the battlefield attacking isn't affected by the
    requirements or restrictions of the declaration: a creature with defender, or one
    that can't attack Bob unless {2} is paid (Test Propaganda), is attacking anyway."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Test Propaganda")
    put(g, 0, BF, "Plains")
    put(g, 0, BF, "Plains")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    wall = put(g, 0, BF, "Wall of Wood")  # defender
    _put_attacking()(g, wall, B)
    assert g.combat.attackers.get(wall.id) == B


# ---------------------------------------------------------------- 508.5, 508.6


def test_cr_508_5_defending_player_is_the_one_the_creature_attacks() -> None:
    """CR 508.5: an attacking creature's ability referring to the defending player means
    the player it attacks: Cyclops Gladiator attacking Carol (attack multiple players) may
    target only Carol's creature; once removed from combat (it changed control), the
    defending player is still Carol, so the target stays legal and it fights."""
    g = _ffa(3, attack="multiple")
    glad = put(g, 0, BF, "Cyclops Gladiator")
    bobs = put(g, 1, BF, "Grizzly Bears")
    carols = put(g, 2, BF, "Runeclaw Bear")
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    _declare(g, (glad, C))
    assert g.decision.kind == "choose_targets"
    assert tuple(g.decision.options) == (carols.id,)  # type: ignore[attr-defined]
    g.apply(0, Choose((carols.id,)))
    add_effect(g, LayerEffect("2", set_controller(1), frozenset({glad.id}), 1))
    g.changed()
    for p in (0, 1, 2):  # the control change is seen as Alice passes (506.4)
        g.apply(p, Pass())
    assert glad.id not in g.combat.attackers and any(e.rule == "506.4" for e in g.log)
    assert g.decision.kind == "may" and g.decision.player == 0  # the target is still legal
    g.apply(0, Choose(("yes",)))
    assert zone_of(g, carols) == Zone.GRAVEYARD and zone_of(g, bobs) == BF  # it fought


def test_cr_508_5a_each_attacker_has_its_own_defending_player() -> None:
    """CR 508.5a: in a multiplayer game "defending player" is one player, found for each
    attacking creature: Bog Raiders (swampwalk: "can't be blocked as long as defending
    player controls a Swamp") attacking Bob, who controls a Swamp, can't be blocked by him;
    the one attacking Carol can be blocked by her though Bob controls a Swamp."""
    g = _ffa(3, attack="multiple")
    r1, r2 = put(g, 0, BF, "Bog Raiders"), put(g, 0, BF, "Bog Raiders")
    put(g, 1, BF, "Swamp")
    bobs = put(g, 1, BF, "Grizzly Bears")
    carols = put(g, 2, BF, "Runeclaw Bear")
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    _declare(g, (r1, B), (r2, C))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    assert g.decision.player == 1
    refused(g, 1, DeclareBlockers(((bobs.id, (r1.id,)),)), "509.1b")
    g.apply(1, DeclareBlockers(()))
    assert g.decision.kind == "declare_blockers" and g.decision.player == 2
    g.apply(2, DeclareBlockers(((carols.id, (r2.id,)),)))
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 18 and g.players[2].life == 20


def test_cr_508_6_a_player_who_attacked_has_attacked_for_the_rest_of_the_turn() -> None:
    """CR 508.6: a player "has attacked" once they declared a creature attacking: with
    Bob's Angelic Arbiter ("each opponent who attacked with a creature this turn can't
    cast spells") Alice can't cast Giant Growth after declaring her attacker, nor in her
    postcombat main phase when nothing attacks any more; declaring no attackers, she can."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 0, BF, "Forest")
    growth = put(g, 0, HAND, "Giant Growth")
    put(g, 1, BF, "Angelic Arbiter")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    with pytest.raises(IllegalAction, match="Angelic Arbiter"):
        g.apply(0, Cast(growth.id, (bear.id,)))
    advance(g, at_step("postcombat_main"))
    assert g.combat is None
    with pytest.raises(IllegalAction, match="Angelic Arbiter"):
        g.apply(0, Cast(growth.id, (bear.id,)))
    h = setup_game()
    bear = put(h, 0, BF, "Grizzly Bears")
    put(h, 0, BF, "Forest")
    growth = put(h, 0, HAND, "Giant Growth")
    put(h, 1, BF, "Angelic Arbiter")
    start_at(h, "declare_attackers")
    h.apply(0, DeclareAttackers(()))
    advance(h, at_step("postcombat_main"))
    cast(h, growth, bear)
    settle(h)
    assert h.chars(bear).power == 5


# ---------------------------------------------------------------- 508.7


def _reselect(g: Game, creature: GameObject, target: Any) -> None:
    """Reselect what ``creature`` attacks (Portal Mage, 508.7)."""
    from manastack.rules import combat
    fn = getattr(combat, "reselect_attack", None)
    assert fn is not None, ("508.7: the engine can't reselect what a creature attacks "
                            "(Portal Mage isn't in the pool)")
    fn(g, creature.id, target if isinstance(target, PlayerRef) else target.id)


def test_cr_508_7_reselect_which_player_or_planeswalker_a_creature_attacks() -> None:
    """CR 508.7: a creature attacking Bob is made to attack Bob's planeswalker instead:
    its combat damage goes to the planeswalker."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    pw = put(g, 1, BF, "Ajani Goldmane")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    _reselect(g, bear, pw)
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 20 and g.obj(pw.id).counters["loyalty"] == 2


def test_cr_508_7a_reselected_attacker_stays_in_combat_and_doesnt_attack_again() -> None:
    """CR 508.7a: the reselected creature isn't removed from combat and isn't considered to
    have attacked a second time (Benalish Veteran's attack trigger doesn't trigger again)."""
    g = setup_game()
    vet = put(g, 0, BF, "Benalish Veteran")
    pw = put(g, 1, BF, "Ajani Goldmane")
    start_at(g, "declare_attackers")
    _declare(g, (vet, B))
    settle(g)
    _reselect(g, vet, pw)
    assert g.combat.attackers[vet.id] == pw.id and not g.stack
    assert sum(1 for e in g.log if e.kind == ev.ATTACKS) == 1


def test_cr_508_7b_reselection_ignores_attack_restrictions() -> None:
    """CR 508.7b: while reselecting, the creature isn't affected by the declaration's
    requirements and restrictions: it may now attack Bob without paying Test Propaganda's
    {2}."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    pw = put(g, 1, BF, "Ajani Goldmane")
    put(g, 1, BF, "Test Propaganda")
    start_at(g, "declare_attackers")
    _declare(g, (bear, pw))
    _reselect(g, bear, B)
    assert g.combat.attackers[bear.id] == B


def test_cr_508_7c_reselected_target_must_be_an_opponent_or_their_planeswalker() -> None:
    """CR 508.7c: the reselected player or planeswalker must be an opponent of the
    creature's controller (or their planeswalker): not Alice herself, nor her own
    planeswalker."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    mine = put(g, 0, BF, "Ajani Goldmane")
    start_at(g, "declare_attackers")
    _declare(g, (bear, B))
    with pytest.raises(IllegalAction):
        _reselect(g, bear, PlayerRef(0))
    with pytest.raises(IllegalAction):
        _reselect(g, bear, mine)
    assert g.combat.attackers[bear.id] == B


def test_cr_508_7d_multiplayer_reselection_stays_with_the_defending_player() -> None:
    """CR 508.7d: in a multiplayer game without the attack multiple players option, the
    reselected player or planeswalker must be the chosen defending player (Carol) or one of
    her planeswalkers, not another opponent (Bob)."""
    g = _ffa(3)
    bear = put(g, 0, BF, "Grizzly Bears")
    pw = put(g, 2, BF, "Ajani Goldmane")
    start_at(g, "beginning_of_combat")
    g.apply(0, Choose((C,)))
    _to_attackers(g)
    _declare(g, (bear, C))
    with pytest.raises(IllegalAction):
        _reselect(g, bear, B)
    _reselect(g, bear, pw)
    assert g.combat.attackers[bear.id] == pw.id


def test_cr_508_7e_reselection_within_range_of_influence() -> None:
    """CR 508.7e: with the limited range of influence option, the reselected player must be
    within the range of influence of the creature's controller: Alice (range 1 of five
    players) may move her attacker from Bob to Eve, not to Carol."""
    g = _ffa(5, attack="multiple", range=1)
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    _declare(g, (bear, B))
    with pytest.raises(IllegalAction):
        _reselect(g, bear, C)
    _reselect(g, bear, PlayerRef(4))
    assert g.combat.attackers[bear.id] == PlayerRef(4)


def test_cr_508_7f_two_headed_giant_reselects_an_opposing_team() -> None:
    """CR 508.7f: in Two-Headed Giant the team (or planeswalker) attacked is reselected: it
    must be an opposing team's, not the attacker's own team."""
    g = setup_game(("A", "B", "C", "D"), options=GameOptions(variant="two_headed_giant"))
    bear = put(g, 0, BF, "Grizzly Bears")
    pw = put(g, 3, BF, "Ajani Goldmane")
    start_at(g, "beginning_of_combat")
    _to_attackers(g)
    _declare(g, (bear, B))
    with pytest.raises(IllegalAction):
        _reselect(g, bear, C)  # Carol is Alice's teammate
    _reselect(g, bear, pw)
    assert g.combat.attackers[bear.id] == pw.id

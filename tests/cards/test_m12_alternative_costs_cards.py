"""Magic 2012 cards using alternative costs, casting and playing cards while an ability resolves,
casting from the library, effects on spells carried over to the permanent, ending the
turn and controlling another player."""

from __future__ import annotations

from typing import Any

from cardplay import (
    BF,
    HAND,
    LIB,
    P0,
    P1,
    advance,
    answer,
    casts,
    lands,
    names,
    on_bf,
    refused,
    rules_cited,
    settle,
)

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import (
    Activate,
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef

import testcards  # noqa: F401


def pt(g: Game, o: GameObject) -> tuple[int | None, int | None]:
    c = g.chars(o)
    return c.power, c.toughness


# ================================================================ Djinn of Wishes


def _djinn(top: str, active: int = 0, lands_played: int = 0) -> tuple[Game, GameObject,
                                                                       GameObject]:
    g = setup_game()
    djinn = put(g, 0, BF, "Djinn of Wishes", counters={"wish": 3})
    lands(g, 0, "Island", 6)
    card = put(g, 0, LIB, top)
    put(g, 0, HAND, "Forest")
    start_at(g, "precombat_main" if active == 0 else "upkeep", active=active)
    g.players[0].lands_played = lands_played
    if active != 0:
        g.apply(active, Pass())
    g.apply(0, Activate(djinn.id, 0))
    settle(g)
    return g, djinn, card


# ================================================================ Bloodlord of Vaasgoth


def _bloodlord(spell: str, damaged: bool) -> Game:
    g = setup_game()
    put(g, 0, BF, "Bloodlord of Vaasgoth")
    lands(g, 0, "Swamp", 5)
    put(g, 0, HAND, spell)
    start_at(g)
    g.players[1].damaged_this_turn = damaged
    return g


def _advance_any(g: Game, pred: Any) -> None:
    """Pass priority; answer any other decision with its first legal action."""
    for _ in range(500):
        d = g.decision
        if d is None or pred(g):
            return
        g.apply(d.by, Pass() if d.kind == "priority" else d.legal_actions(g)[0])
    raise AssertionError("condition never reached")


def test_djinn_of_wishes_enters_with_three_wish_counters() -> None:
    """Djinn of Wishes enters with three wish counters (614.1c); each activation removes
    one as a cost (602.2b): a fourth activation is refused."""
    g = setup_game()
    lands(g, 0, "Island", 5)
    djinn = put(g, 0, HAND, "Djinn of Wishes")
    start_at(g)
    g.apply(0, Cast(djinn.id))
    settle(g)
    (d,) = on_bf(g, "Djinn of Wishes")
    assert d.counters["wish"] == 3
    d.counters["wish"] = 0
    g.changed()
    refused(g, 0, Activate(d.id, 0), "602.2b")


def test_djinn_of_wishes_land_counts_as_the_land_play() -> None:
    """A land played with Djinn of Wishes is the player's land play (305.2a): afterwards
    the land in hand can't be played (305.2b)."""
    g, djinn, plains = _djinn("Plains")
    assert g.decision is not None and g.decision.kind == "play_card"
    assert g.legal_actions() == [PlayLand(plains.id), Pass()]
    g.apply(0, PlayLand(plains.id))
    assert g.players[0].lands_played == 1 and plains.id not in g.players[0].library
    assert any(e.kind == ev.LAND_PLAYED for e in g.log)
    forest = next(i for i in g.players[0].hand if g.obj(i).name == "Forest")
    assert PlayLand(forest) not in g.legal_actions()
    refused(g, 0, PlayLand(forest), "305.2")


def test_djinn_of_wishes_land_without_a_land_play_is_exiled() -> None:
    """With no land play left (305.2b), or during another player's turn (305.3), the land
    can't be played: it is exiled."""
    g, djinn, plains = _djinn("Plains", lands_played=1)
    assert g.decision is not None and g.decision.kind == "priority"
    assert plains.id not in g.players[0].library
    assert names(g, g.exile) == ["Plains"]
    g, djinn, plains = _djinn("Plains", active=1)
    assert names(g, g.exile) == ["Plains"]


def test_djinn_of_wishes_nonland_is_cast_free_or_exiled() -> None:
    """A nonland card may be cast without paying its mana cost (even a sorcery-speed card,
    at instant speed: 601.3); if the player doesn't, it is exiled."""
    g, djinn, bears = _djinn("Grizzly Bears")
    assert g.legal_actions() == [Cast(bears.id, alt="free"), Pass()]
    g.apply(0, Cast(bears.id, alt="free"))
    settle(g)
    # only the activation cost {2}{U}{U} was paid
    assert on_bf(g, "Grizzly Bears") and sum(o.tapped for o in on_bf(g, "Island")) == 4
    g, djinn, bears = _djinn("Grizzly Bears")
    g.apply(0, Pass())
    assert names(g, g.exile) == ["Grizzly Bears"]


# ================================================================ Garruk's Horde


def test_garruks_horde_top_card_revealed_to_every_player() -> None:
    """Garruk's Horde: the top card of its controller's library is revealed (701.14a): every
    player's observation shows it (spectators too), and it changes as the top changes.
    Other libraries stay hidden (400.2)."""
    g = setup_game()
    put(g, 1, LIB, "Grizzly Bears")
    start_at(g)
    assert all("library_top" not in g.observe(v)["players"][0] for v in (0, 1, None))
    put(g, 0, BF, "Garruk's Horde")
    top = put(g, 0, LIB, "Llanowar Elves")
    for v in (0, 1, None):
        obs = g.observe(v)
        assert obs["players"][0]["library_top"] == {"id": top.id, "name": "Llanowar Elves"}
        assert "library_top" not in obs["players"][1]


def test_garruks_horde_casts_creature_from_library_top_with_normal_timing() -> None:
    """601.2a: a creature spell may be cast from the top of the library, paying its cost,
    only when it could be cast (302.1: main phase, empty stack); not a noncreature card."""
    g = setup_game()
    put(g, 0, BF, "Garruk's Horde")
    forest, = lands(g, 0, "Forest", 1)
    elves = put(g, 0, LIB, "Llanowar Elves")
    start_at(g, "upkeep")
    assert casts(g) == []
    refused(g, 0, Cast(elves.id), "302.1")
    g = setup_game()
    put(g, 0, BF, "Garruk's Horde")
    forest, = lands(g, 0, "Forest", 1)
    bears = put(g, 0, LIB, "Grizzly Bears")
    start_at(g)
    assert casts(g) == []  # {1}{G} with one land
    refused(g, 0, Cast(bears.id), "601.2h")
    g = setup_game()
    put(g, 0, BF, "Garruk's Horde")
    forests = lands(g, 0, "Forest", 2)
    bears = put(g, 0, LIB, "Grizzly Bears")
    start_at(g)
    assert casts(g) == [Cast(bears.id)]
    g.apply(0, Cast(bears.id))
    settle(g)
    assert on_bf(g, "Grizzly Bears") and all(g.obj(f.id).tapped for f in forests)
    assert any(e.kind == ev.ZONE_CHANGE and e.data.get("from_zone") == LIB
               and e.data.get("to_zone") == BF for e in g.log) is False  # via the stack
    g = setup_game()
    put(g, 0, BF, "Garruk's Horde")
    lands(g, 0, "Forest", 2)
    growth = put(g, 0, LIB, "Giant Growth")
    put(g, 0, BF, "Grizzly Bears")
    start_at(g)
    assert all(c.card != growth.id for c in casts(g))
    refused(g, 0, Cast(growth.id, (g.battlefield[-1],)), "601.2a")


def test_bloodlord_of_vaasgoth_vampire_spell_gains_bloodthirst() -> None:
    """Bloodlord of Vaasgoth: the Vampire creature spell gains bloodthirst 3 on the stack;
    the effect carries over to the permanent it becomes (400.7a), so it enters with three
    +1/+1 counters if an opponent was dealt damage this turn (702.53a)."""
    g = _bloodlord("Child of Night", damaged=True)
    g.apply(0, casts(g)[0])
    spell = g.obj(g.stack[0])
    settle(g)  # the trigger, then the spell
    assert any("bloodthirst 3" in e.text for e in g.log if e.rule == "611.2c")
    (child,) = on_bf(g, "Child of Night")
    assert child.counters == {"+1/+1": 3} and pt(g, child) == (5, 4)
    assert any(a.text.startswith("Bloodthirst 3") for a in g.chars(child).abilities)
    del spell
    g = _bloodlord("Child of Night", damaged=False)
    g.apply(0, casts(g)[0])
    settle(g)
    assert on_bf(g, "Child of Night")[0].counters == {}


def test_bloodlord_of_vaasgoth_bloodthirst_instances_apply_separately() -> None:
    """702.53c: a Vampire with printed bloodthirst 2 that gains bloodthirst 3 gets both:
    five +1/+1 counters.  The granted ability is seen on the spell on the stack."""
    g = _bloodlord("Vampire Outcasts", damaged=True)
    g.apply(0, casts(g)[0])
    g.apply(0, Pass())
    g.apply(1, Pass())  # Bloodlord's trigger resolves
    spell = g.obj(g.stack[-1])
    assert spell.name == "Vampire Outcasts"
    assert any(a.text.startswith("Bloodthirst 3") for a in g.chars(spell).abilities)
    settle(g)
    assert on_bf(g, "Vampire Outcasts")[0].counters == {"+1/+1": 5}


def test_bloodlord_of_vaasgoth_ignores_non_vampires() -> None:
    """Only Vampire creature spells: Duskhunter Bat (a Bat) doesn't trigger it and enters
    with just its own bloodthirst 1."""
    g = _bloodlord("Duskhunter Bat", damaged=True)
    g.apply(0, casts(g)[0])
    assert not any(e.kind == ev.TRIGGER for e in g.log)
    settle(g)
    assert on_bf(g, "Duskhunter Bat")[0].counters == {"+1/+1": 1}


# ================================================================ Sundial of the Infinite


def test_sundial_of_the_infinite_ends_the_turn_with_spells_on_the_stack() -> None:
    """Sundial of the Infinite (CR 715): every object on the stack is exiled, the resolving
    ability too (715.1b); the game skips to the cleanup step (715.1d): "until end of turn"
    effects end and damage wears off (514.2), the active player discards to seven (514.1),
    "at the beginning of the end step" abilities don't trigger (715.3); the next turn
    begins."""
    g = setup_game()
    sundial = put(g, 0, BF, "Sundial of the Infinite")
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Forest", 2)
    bear = put(g, 0, BF, "Grizzly Bears", damage=1)
    put(g, 0, BF, "Test Upkeep Gainer")
    growths = [put(g, 0, HAND, "Giant Growth") for _ in range(2)]
    bolt = put(g, 1, HAND, "Lightning Bolt")
    lands(g, 1, "Mountain", 1)
    for _ in range(8):
        put(g, 0, HAND, "Plains")
    start_at(g)
    g.apply(0, Cast(growths[0].id, (bear.id,)))
    settle(g)
    assert pt(g, bear) == (5, 5)
    g.apply(0, Cast(growths[1].id, (bear.id,)))
    g.apply(0, Pass())
    g.apply(1, Cast(bolt.id, (bear.id,)))
    g.apply(1, Pass())
    g.apply(0, Activate(sundial.id, 0))
    settle(g)
    d = g.decision
    assert d is not None and d.kind == "discard" and d.rule == "514.1"
    assert g.step is not None and g.step.name == "cleanup"
    assert sorted(names(g, g.exile)) == ["Giant Growth", "Lightning Bolt"]
    assert not g.stack and g.players[0].mana_pool.total() == 0
    assert {"715.1", "715.1b", "715.1d"} <= rules_cited(g)
    answer(g, *g.players[0].hand[-1:])
    assert pt(g, g.obj(bear.id)) == (2, 2) and g.obj(bear.id).damage == 0
    assert not any(e.kind == ev.STEP_BEGAN and e.data.get("step") == "end" for e in g.log)
    advance(g, lambda x: x.turn_number == 2)
    assert g.active_player == 1


def test_sundial_of_the_infinite_only_during_your_turn() -> None:
    """"Activate only during your turn" (602.5): refused on the opponent's turn."""
    g = setup_game()
    sundial = put(g, 0, BF, "Sundial of the Infinite")
    lands(g, 0, "Mountain", 1)
    start_at(g, "upkeep", active=1)
    g.apply(1, Pass())
    assert g.decision is not None and g.decision.player == 0
    assert Activate(sundial.id, 0) not in g.legal_actions()
    refused(g, 0, Activate(sundial.id, 0), "602.5")


def test_sundial_of_the_infinite_during_combat_removes_attackers() -> None:
    """715.1b: creatures are removed from combat; no combat damage is dealt; the combat
    phase ends (its "until end of combat" effects end) and the turn goes to cleanup."""
    g = setup_game()
    sundial = put(g, 0, BF, "Sundial of the Infinite")
    lands(g, 0, "Mountain", 1)
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((bear.id, P1),)))
    assert g.combat is not None and bear.id in g.combat.attackers
    g.apply(0, Activate(sundial.id, 0))
    settle(g)
    assert g.combat is None and g.players[1].life == 20
    assert not any(e.kind == ev.DAMAGE for e in g.log)
    assert any(e.kind == ev.PHASE_ENDED and e.data.get("phase") == "combat" for e in g.log)


def test_sundial_of_the_infinite_triggers_in_cleanup_get_priority() -> None:
    """715.2 / 514.3a: when something happens in the cleanup step (a creature whose
    "until end of turn" pump ends dies, Mitotic Slime's dies trigger), the triggered ability
    is put on the stack, players get priority, and another cleanup step follows."""
    g = setup_game()
    sundial = put(g, 0, BF, "Sundial of the Infinite")
    lands(g, 0, "Mountain", 1)
    lands(g, 0, "Forest", 1)
    slime = put(g, 0, BF, "Mitotic Slime", counters={"-1/-1": 3})
    growth = put(g, 0, HAND, "Giant Growth")
    start_at(g)
    g.apply(0, Cast(growth.id, (slime.id,)))
    settle(g)
    g.obj(slime.id).counters["-1/-1"] = 4  # a 4/4 with four -1/-1 counters: 3/3 until EOT
    g.changed()
    g.apply(0, Activate(sundial.id, 0))
    g.apply(0, Pass())
    g.apply(1, Pass())  # Sundial's ability resolves: the turn ends
    d = g.decision
    assert g.step is not None and g.step.name == "cleanup"
    assert d is not None and d.kind == "priority" and names(g, g.stack) == [
        "Mitotic Slime (triggered ability)"]
    settle(g)
    advance(g, lambda x: x.turn_number == 2)
    cleanups = [e for e in g.log if e.kind == ev.STEP_BEGAN and e.data.get("step") ==
                "cleanup"]
    assert len(cleanups) == 2 and len(on_bf(g, "Ooze", 0)) == 2


# ================================================================ Sorin Markov


def test_sorin_markov_plus_two_and_minus_three() -> None:
    """Sorin Markov +2: 2 damage to any target and you gain 2 life.  −3: target opponent's
    life total becomes 10 (118.5: they lose or gain the difference)."""
    g = setup_game()
    sorin = put(g, 0, BF, "Sorin Markov")
    start_at(g)
    g.apply(0, Activate(sorin.id, 0, (P1,)))
    settle(g)
    assert g.players[1].life == 18 and g.players[0].life == 22
    g.obj(sorin.id).loyalty_activated_turn = -1  # (a new turn, as far as 606.3 goes)
    g.apply(0, Activate(sorin.id, 1, (P1,)))
    settle(g)
    assert g.players[1].life == 10
    assert any(e.kind == ev.LIFE_LOSS and e.rule == "118.5" and e.data["amount"] == 8
               for e in g.log)
    g.players[1].life = 4
    g.obj(sorin.id).loyalty_activated_turn = -1
    g.apply(0, Activate(sorin.id, 1, (P1,)))
    settle(g)
    assert g.players[1].life == 10


def test_sorin_markov_controls_target_player_during_their_next_turn() -> None:
    """Sorin Markov −7 (CR 714): during the target player's next turn, every decision they
    would make is made by Sorin's controller (714.5): ``decision.player`` stays the
    controlled player (their resources, 714.5a) and ``decision.decider`` names the
    controller, the only one whose answers ``apply`` accepts.  The controller sees the
    controlled player's hand (714.4).  The control ends as the next turn begins."""
    g = setup_game()
    sorin = put(g, 0, BF, "Sorin Markov", loyalty=7)
    bear = put(g, 1, BF, "Grizzly Bears")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    lands(g, 1, "Mountain", 1)
    put(g, 0, BF, "Grizzly Bears")
    start_at(g)
    g.apply(0, Activate(sorin.id, 2, (P1,)))
    settle(g)
    assert "hand" not in g.observe(0)["players"][1]  # not yet: Bob's *next* turn
    assert g.decision is not None and g.decision.decider == 0
    advance(g, lambda x: x.turn_number == 2 and x.decision is not None)
    d = g.decision
    assert d is not None and d.player == 1 and d.decider == 1 - 1
    assert g.observe(0)["players"][1]["hand"] == [{"id": bolt.id, "name": "Lightning Bolt"}]
    assert g.observe(0)["players"][1]["controlled_by"] == 0
    assert "hand" not in g.observe(None)["players"][1]
    assert g.observe(1)["decision"]["decider"] == 0
    refused(g, 1, Pass(), "714.5")
    # Alice makes Bob bolt himself and attack her with his own bear
    g.apply(0, Cast(bolt.id, (P1,)))
    assert g.players[1].mana_pool.total() == 0 and g.obj(g.stack[-1]).controller == 1
    settle(g)
    assert g.players[1].life == 17
    advance(g, lambda x: x.decision is not None and x.decision.kind == "declare_attackers")
    assert g.decision.player == 1 and g.decision.decider == 0
    g.apply(0, DeclareAttackers(((bear.id, P0),)))
    advance(g, lambda x: x.decision is not None and x.decision.kind == "declare_blockers")
    assert g.decision.player == 0 and g.decision.decider == 0  # 714.8: her own decisions
    g.apply(0, DeclareBlockers(()))
    advance(g, lambda x: x.turn_number == 3 and x.decision is not None)
    assert g.players[0].life == 18
    assert g.decision.player == 0 and g.decision.decider == 0
    assert "hand" not in g.observe(0)["players"][1]


def test_sorin_markov_last_control_effect_wins() -> None:
    """714.1a: several control effects on the same player: the last one created works
    (three players: Alice, then Bob, target Carol; Bob controls her turn)."""
    g = setup_game(players=("Alice", "Bob", "Carol"))
    s0 = put(g, 0, BF, "Sorin Markov", loyalty=7)
    s1 = put(g, 1, BF, "Sorin Markov", loyalty=7)
    start_at(g)
    g.apply(0, Activate(s0.id, 2, (PlayerRef(2),)))
    settle(g)
    _advance_any(g, lambda x: x.turn_number == 2 and x.step is not None
                 and x.step.name == "precombat_main")
    assert g.decision.decider == 1
    g.apply(1, Activate(s1.id, 2, (PlayerRef(2),)))
    settle(g)
    _advance_any(g, lambda x: x.turn_number == 3)
    assert g.active_player == 2 and g.decision.player == 2 and g.decision.decider == 1


def test_sundial_of_the_infinite_during_cleanup_starts_a_new_cleanup_step() -> None:
    """715.1d: ending the turn during the cleanup step (a player got priority there for a
    trigger, 514.3a) exiles the trigger from the stack and a new cleanup step begins."""
    g = setup_game()
    first = put(g, 0, BF, "Sundial of the Infinite")
    second = put(g, 0, BF, "Sundial of the Infinite")
    lands(g, 0, "Mountain", 2)
    lands(g, 0, "Forest", 1)
    slime = put(g, 0, BF, "Mitotic Slime", counters={"-1/-1": 3})
    growth = put(g, 0, HAND, "Giant Growth")
    start_at(g)
    g.apply(0, Cast(growth.id, (slime.id,)))
    settle(g)
    g.obj(slime.id).counters["-1/-1"] = 4
    g.changed()
    g.apply(0, Activate(first.id, 0))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.step is not None and g.step.name == "cleanup"
    assert names(g, g.stack) == ["Mitotic Slime (triggered ability)"]
    g.apply(0, Activate(second.id, 0))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.turn_number == 2 or g.step.name in ("untap", "upkeep")
    cleanups = [e for e in g.log if e.kind == ev.STEP_BEGAN and e.data.get("step") ==
                "cleanup" and e.turn == 1]
    assert len(cleanups) == 2 and not on_bf(g, "Ooze")
    assert any(e.rule == "715.1b" and "Mitotic Slime" in e.text for e in g.log)


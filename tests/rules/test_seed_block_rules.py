"""The declare blockers step rules of seed 004 (2011 rule 509, whose numbering wins: block
triggers are 509.4a-g) and CR 506.3d that no other test cited yet: costs to block paid
with mana abilities, triggers on the number and the characteristics of blockers, "attacks
and isn't blocked", creatures put onto the battlefield blocking."""

from __future__ import annotations

from typing import Any

from cardplay import advance, cast, settle, zone_of

from manastack import log as ev
from manastack.cards.dsl import make_card
from manastack.cards.effects import GainLife
from manastack.cards.vocab import triggered, when_attacks_unblocked
from manastack.engine import Game
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.game.decisions import Activate, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.rules.combat import put_blocking
from manastack.rules.layers import LayerEffect, add_effect

import testcards  # noqa: F401  (registers the test-only cards)
from conftest import at_step, pass_until

BF, HAND = Zone.BATTLEFIELD, Zone.HAND
B = PlayerRef(1)


def _attack(g: Game, *attackers: GameObject) -> None:
    g.apply(0, DeclareAttackers(tuple((a.id, B) for a in attackers)))


def _block(g: Game, *pairs: tuple[GameObject, GameObject], mana: str = "") -> None:
    """Bob declares these blocks (with ``mana`` in his pool as he does)."""
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    if mana:
        set_mana(g, 1, mana)
    g.apply(1, DeclareBlockers(tuple((b.id, (a.id,)) for b, a in pairs)))
    while g.decision.kind == "order_triggers":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])


def _triggers_of(g: Game, source: str) -> int:
    """How many times an ability of ``source`` was put on the stack."""
    return sum(1 for e in g.log if e.kind == ev.TRIGGER and e.text.startswith(source))


def _answer_orders(g: Game) -> None:
    """Keep the offered damage assignment orders (509.2, 509.3, 509.6)."""
    while g.decision is not None and g.decision.kind in ("order_blockers", "order_attackers"):
        g.apply(g.decision.by, g.decision.legal_actions(g)[0])


# ---------------------------------------------------------------- 506.3d


def test_cr_506_3d_creature_put_blocking_a_creature_not_attacking_its_controller() -> None:
    """CR 506.3d: a creature an effect would put onto the battlefield blocking a creature
    that isn't attacking that creature's controller (here: the attacking player's own
    creature) enters the battlefield but is never a blocking creature."""
    g = setup_game()
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    _attack(g, bear)
    advance(g, lambda q: q.step.name == "declare_blockers" and q.decision.kind == "priority")
    mine = put(g, 0, BF, "Runeclaw Bear")
    put_blocking(g, mine, bear.id)
    assert mine.zone == BF and mine.id not in g.combat.blockers
    assert bear.id not in g.combat.blocked
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 18


def test_cr_506_3d_multiplayer_put_blocking_a_creature_attacking_another_player() -> None:
    """CR 506.3d: attacking multiple players, Alice's creature attacks Bob; a creature put
    onto the battlefield under Carol's control blocking it (Carol is a defending player,
    but isn't attacked by it) enters but is never blocking: Bob takes the damage."""
    g = setup_game(("A", "B", "C"), options=GameOptions(variant="free_for_all",
                                                          extra={"attack": "multiple"}))
    bear = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "beginning_of_combat")
    pass_until(g, lambda q: q.decision.kind == "declare_attackers")
    _attack(g, bear)
    advance(g, lambda q: q.step.name == "declare_blockers" and q.decision.kind == "priority")
    carols = put(g, 2, BF, "Runeclaw Bear")
    put_blocking(g, carols, bear.id)
    assert carols.id not in g.combat.blockers and bear.id not in g.combat.blocked
    pass_until(g, at_step("end_of_combat"))
    assert g.players[1].life == 18


# ---------------------------------------------------------------- 509.1e


def test_cr_509_1e_mana_abilities_activated_to_pay_the_cost_to_block() -> None:
    """Seed 509.1e: when the total cost to block (509.1d, Test Block Tax: {1} per blocking
    creature) needs mana, the defending player activates mana abilities during the
    declaration: the G already in the pool pays for one blocker, a Forest is tapped for the
    other, before the creatures become blocking creatures."""
    g = setup_game()
    b1, b2 = put(g, 0, BF, "Grizzly Bears"), put(g, 0, BF, "Grizzly Bears")
    w1, w2 = put(g, 1, BF, "Wall of Wood"), put(g, 1, BF, "Wall of Wood")
    forests = [put(g, 1, BF, "Forest") for _ in range(2)]
    put(g, 0, BF, "Test Block Tax")
    start_at(g, "declare_attackers")
    _attack(g, b1, b2)
    _block(g, (w1, b1), (w2, b2), mana="G")
    assert sorted(f.tapped for f in forests) == [False, True]
    assert str(g.players[1].mana_pool) == ""
    assert set(g.combat.blockers) == {w1.id, w2.id}
    locked = next(i for i, e in enumerate(g.log) if e.rule == "509.1d")
    tapped = next(i for i, e in enumerate(g.log) if e.kind == ev.MANA and e.rule == "605.3a"
                  and e.data.get("player") in (1, None))
    blocks = next(i for i, e in enumerate(g.log) if e.kind == ev.BLOCKS)
    assert locked < tapped < blocks


# ---------------------------------------------------------------- 509.4e-g


def _reached_two(game: Any, e: Any, src: Any) -> bool:
    """This attacker is now blocked by exactly its second creature: the blocker of this
    event is the second of its blockers (declared together or added by an effect)."""
    if e.data.get("attacker") != src.id or game.combat is None:
        return False
    blockers = game.combat.blocked_by.get(src.id, [])
    return len(blockers) >= 2 and blockers[1] == e.data.get("blocker")


PACK_HUNTER = make_card(
    "Test Pack Hunter", "{1}", types=("Creature",), power=4, toughness=4,
    abilities=[triggered(ev.BLOCKED_BY_CREATURE, _reached_two, GainLife(1),
                         "Whenever this creature becomes blocked by two or more creatures, "
                         "you gain 1 life.")])


def test_cr_509_4e_trigger_on_the_number_of_blockers_declared_or_added() -> None:
    """Seed 509.4e: an ability triggering when a creature becomes blocked by a number of
    creatures ("two or more") triggers if that many block it as blockers are declared (not
    for one blocker); an effect adding a blocker (Test Block Maker) can also make it
    trigger.  (No card of the pool reads so; a test-only card on the engine's block
    events.)"""
    g = setup_game()
    one, two = put(g, 0, BF, PACK_HUNTER), put(g, 0, BF, PACK_HUNTER)
    walls = [put(g, 1, BF, "Wall of Wood") for _ in range(4)]
    maker = put(g, 1, BF, "Test Block Maker")
    start_at(g, "declare_attackers")
    _attack(g, one, two)
    _block(g, (walls[0], one), (walls[1], two), (walls[2], two))
    _answer_orders(g)
    assert _triggers_of(g, "Test Pack Hunter") == 1  # two's, not one's
    settle(g)
    assert g.players[0].life == 21
    g.apply(0, Pass())
    g.apply(1, Activate(maker.id, 0, (walls[3].id, one.id)))  # walls[3] blocks one too
    settle(g)
    _answer_orders(g)
    settle(g)
    assert set(g.combat.blocked_by[one.id]) == {walls[0].id, walls[3].id}
    assert _triggers_of(g, "Test Pack Hunter") == 2
    assert g.players[0].life == 22


def _blocked_by_white(game: Any, e: Any, src: Any) -> bool:
    blocker = game.get(e.data.get("blocker"))
    return e.data.get("attacker") == src.id and blocker is not None and \
        "W" in game.chars(blocker).colors


def _white_blocks(game: Any, e: Any, src: Any) -> bool:
    blocker = game.get(e.data.get("blocker"))
    return blocker is not None and "W" in game.chars(blocker).colors


LIGHT_SEEKER = make_card(
    "Test Light Seeker", "{1}", types=("Creature",), power=1, toughness=1,
    abilities=[triggered(ev.BLOCKED_BY_CREATURE, _blocked_by_white, GainLife(1),
                         "Whenever this creature becomes blocked by a white creature, you "
                         "gain 1 life.")])
WHITE_BANNER = make_card(
    "Test White Banner", "{1}", types=("Enchantment",),
    abilities=[triggered(ev.BLOCKS, _white_blocks, GainLife(1),
                         "Whenever a white creature blocks, you gain 1 life.")])


def test_cr_509_4f_characteristics_of_blockers_as_they_block() -> None:
    """Seed 509.4f: "whenever this creature becomes blocked by a white creature" and
    "whenever a white creature blocks" trigger only if the blocker is white as it becomes a
    blocking creature: for Pride Guardian (white), not for Runeclaw Bear (green) turned
    white after blockers are declared (the seed's example)."""
    g = setup_game()
    s1, s2 = put(g, 0, BF, LIGHT_SEEKER), put(g, 0, BF, LIGHT_SEEKER)
    green = put(g, 1, BF, "Runeclaw Bear")
    white = put(g, 1, BF, "Pride Guardian")
    put(g, 1, BF, WHITE_BANNER)
    start_at(g, "declare_attackers")
    _attack(g, s1, s2)
    _block(g, (green, s1), (white, s2))
    assert _triggers_of(g, "Test Light Seeker") == 1
    assert [g.objects[i].trigger_data.get("attacker") for i in g.stack
            if g.objects[i].source_name == "Test Light Seeker"] == [s2.id]
    assert _triggers_of(g, "Test White Banner") == 1

    def paint_white(game, obj, c):  # type: ignore[no-untyped-def]
        c.colors = frozenset({"W"})
    add_effect(g, LayerEffect("5", paint_white, frozenset({green.id}), 1))
    assert "W" in g.chars(green).colors
    pass_until(g, at_step("end_of_combat"))
    assert _triggers_of(g, "Test Light Seeker") == 1
    assert _triggers_of(g, "Test White Banner") == 1
    assert g.players[0].life == 21


SCOUT = make_card(
    "Test Unblocked Scout", "{1}", types=("Creature",), power=1, toughness=1,
    abilities=[when_attacks_unblocked(GainLife(1), "Whenever this creature attacks and "
                                                   "isn't blocked, you gain 1 life.")])


def test_cr_509_4g_attacks_and_isnt_blocked_not_after_blockers_are_removed() -> None:
    """Seed 509.4g: "whenever [this creature] attacks and isn't blocked" triggers if no
    creature is declared as a blocker for it (the unblocked scout), not for the scout that
    was blocked and whose blocker was then removed from combat (Lightning Bolt): it stays
    blocked and its ability never triggers."""
    g = setup_game()
    free, stopped = put(g, 0, BF, SCOUT), put(g, 0, BF, SCOUT)
    wall = put(g, 1, BF, "Wall of Wood")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "declare_attackers")
    _attack(g, free, stopped)
    _block(g, (wall, stopped))
    assert [g.objects[i].trigger_data.get("attacker") for i in g.stack] == [free.id]
    g.apply(0, Pass())
    cast(g, bolt, wall)
    settle(g)
    assert zone_of(g, wall) == Zone.GRAVEYARD and stopped.id in g.combat.blocked
    pass_until(g, at_step("end_of_combat"))
    assert _triggers_of(g, "Test Unblocked Scout") == 1
    assert g.players[0].life == 21 and g.players[1].life == 19

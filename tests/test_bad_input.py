"""Bad input to the Game API (hunt12c): every malformed or illegal answer is refused with
:class:`IllegalAction` (never a TypeError, KeyError...) naming the problem and citing the
rule where one forbids it, and the game is left exactly as it was: same state, same log,
same observations, same random state, the same decision pending, and a legal answer still
works afterwards."""

from __future__ import annotations

from typing import Any

import pytest

from manastack.engine import Game, new_game
from manastack.engine.observation import state_fingerprint
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import DeckError, IllegalAction
from manastack.game.decisions import (
    Activate,
    AssignDamage,
    Cast,
    ChoiceDecision,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    OrderDamage,
    Pass,
    PlayLand,
    Special,
)
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions

import testcards  # noqa: F401
from conftest import pass_until


def snapshot(g: Game) -> tuple[Any, ...]:
    """What an illegal answer must leave as it was."""
    return (state_fingerprint(g), len(g.log), [str(e) for e in g.log[-5:]],
            [repr(g.observe(p.index)) for p in g.players], g.rng.getstate(), g.decision,
            len(g.history), [(p.life, str(p.mana_pool), p.lands_played) for p in g.players],
            sorted((k, repr(getattr(o, "zone", None)), getattr(o, "tapped", None),
                    repr(getattr(o, "counters", None)), getattr(o, "damage", None))
                   for k, o in g.objects.items()))


def refuse(g: Game, player: Any, action: Any, rule: str = "", words: str = "") -> str:
    """Apply ``action``: it must raise IllegalAction (citing ``rule``, mentioning
    ``words``) and change nothing."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        g.apply(player, action)
    assert snapshot(g) == before, f"{action!r} changed the game"
    msg = str(info.value)
    if rule:
        assert info.value.rule == rule and f"CR {rule}" in msg, msg
    if words:
        assert words in msg, msg
    return msg


def _main_phase() -> tuple[Game, Any, Any, Any]:
    g = setup_game()
    m = put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    bears = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    assert g.decision.kind == "priority" and g.decision.by == 0
    return g, m, bolt, bears


#: Actions malformed whatever the decision: not actions, or fields of the wrong type.
MALFORMED: list[Any] = [
    None, "pass", {"verb": "pass"}, 42, Pass, Choose(items=None),  # type: ignore[arg-type]
    Choose(items=([1],)), Mulligan(take="yes"),  # type: ignore[arg-type]
    Cast(card=None), Cast(card="1"), Cast(card=[1]), Cast(card=1, targets=None),  # type: ignore[arg-type]
    Cast(card=1, targets=5), Cast(card=1, x="3"), Cast(card=1, x=None),  # type: ignore[arg-type]
    Cast(card=1, modes=(None,)), Cast(card=1, pay=True), Cast(card=1, pay={"a": 1}),  # type: ignore[arg-type]
    Cast(card=1, pay=(None,)), Cast(card=1, alt=None), Cast(card=True),  # type: ignore[arg-type]
    Activate(source={"a": 1}), Activate(source=1, ability="0"), Activate(source=1, x=(1,)),  # type: ignore[arg-type]
    Activate(source=1, mana=3), PlayLand(card={"x": 1}),  # type: ignore[arg-type]
    DeclareAttackers(attacks=None), DeclareAttackers(attacks=((1,),)),  # type: ignore[arg-type]
    DeclareAttackers(attacks=((1, 2), 3)), DeclareAttackers(bands=(5,)),  # type: ignore[arg-type]
    DeclareBlockers(blocks=None), DeclareBlockers(blocks=((1, 2),)),  # type: ignore[arg-type]
    OrderDamage(orders=None), OrderDamage(orders=((1, 2),)),  # type: ignore[arg-type]
    AssignDamage(assignments=None), AssignDamage(assignments=((1, ((PlayerRef(0),),)),)),  # type: ignore[arg-type]
    AssignDamage(assignments=((1, ((PlayerRef(0), "2"),)),)),  # type: ignore[arg-type]
    Special(kind=None), Special(kind="planar_die", source="x"),  # type: ignore[arg-type]
    Cast(card=1, targets=(PlayerRef(7),)), Choose(items=(PlayerRef(-1),)),
    Cast(card=1, targets=(PlayerRef("0"),)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("action", MALFORMED, ids=[repr(a)[:40] for a in MALFORMED])
def test_malformed_actions_are_refused_unchanged(action: Any) -> None:
    """A value that isn't a well-formed action (wrong type, a field of the wrong type, a
    player that doesn't exist) is refused as malformed before the rules look at it; the
    game is unchanged and a legal answer still works."""
    g, m, bolt, bears = _main_phase()
    msg = refuse(g, 0, action)
    assert "malformed" in msg or "not an action" in msg or "no player" in msg, msg
    g.apply(0, Cast(bolt.id, (bears.id,)))
    assert g.stack


def test_wrong_player_unknown_player_and_stale_actions_change_nothing() -> None:
    """CR 116.1 (only the player with priority acts); a player who doesn't exist; an
    answer of another decision kind; an answer from an earlier decision (the land already
    played, 305.2b); after the game is over nothing is decided (104)."""
    g, m, bolt, bears = _main_phase()
    refuse(g, 1, Cast(bolt.id, (bears.id,)), "116.3", "can't act now")
    for who in (5, -1, "Nobody", None, 1.5, True, PlayerRef(9), PlayerRef(-1)):
        refuse(g, who, Pass(), words="no player")
    refuse(g, 0, Mulligan(False), "103.4")
    refuse(g, 0, DeclareAttackers(()), "116.1")
    refuse(g, 0, Choose((bears.id,)), "116.1")
    land = put(g, 0, Zone.HAND, "Mountain")
    g.apply(0, PlayLand(land.id))
    refuse(g, 0, PlayLand(land.id), "305.1", "isn't in your hand")
    refuse(g, 0, Cast(bolt.id, (bears.id, bears.id)), "601.2c")
    refuse(g, 0, Cast(bolt.id, ()), "601.2c", "1 target(s), 0 given")
    refuse(g, 0, Cast(bolt.id, (10 ** 9,)), "114.1", "no object")
    refuse(g, 0, Cast(bolt.id, (m.id,)), "601.2c", "isn't a legal choice")
    refuse(g, 0, Cast(bolt.id, (bears.id,), x=2), "601.2b", "has no X")
    refuse(g, 0, Cast(bolt.id, (bears.id,), modes=(0,)), "601.2b", "has no modes")
    refuse(g, 0, Cast(bolt.id, (bears.id,), pay=(bears.id,)), "601.2g")
    refuse(g, 0, Cast(bolt.id, (bears.id,), pay=(m.id, m.id)), "601.2h", "listed twice")
    refuse(g, 0, Activate(m.id, ability=3), "602.2")
    refuse(g, 0, Activate(bears.id), "602.2", "don't control")
    g.apply(0, Cast(bolt.id, (bears.id,), pay=(m.id,)))
    refuse(g, 0, Cast(bolt.id, (bears.id,)), "601.2a")  # stale: it is on the stack now
    pass_until(g, lambda q: q.players[0].life == 0 or q.decision is None or
               q.turn_number > 1 and q.decision.kind == "priority")
    g.players[0].life = 0
    from manastack.game.decisions import Concede
    g.apply(0, Concede())
    assert g.over and g.decision is None
    for a in (Pass(), Concede(), None):
        with pytest.raises(IllegalAction, match="the game is over"):
            g.apply(1, a)


def test_cr_605_1a_a_mana_choice_for_an_ability_that_isnt_a_mana_ability() -> None:
    """CR 605.1a: ``Activate.mana`` picks the mana a mana ability produces; given for an
    ability that isn't a mana ability (Prodigal Pyromancer's), it is refused, not ignored."""
    g = setup_game()
    pyro = put(g, 0, Zone.BATTLEFIELD, "Prodigal Pyromancer")
    pyro.control_since = 0
    start_at(g, "precombat_main", turn=1)
    refuse(g, 0, Activate(pyro.id, 0, (PlayerRef(1),), mana="R"), "605.1a",
           "isn't a mana ability")
    g.apply(0, Activate(pyro.id, 0, (PlayerRef(1),)))
    assert g.stack


def _blocked_by_two() -> tuple[Game, Any, Any, Any]:
    """A 3/3 attacker blocked by two 2/2s, its damage assignment order chosen (509.2)."""
    g = setup_game()
    atk = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    atk.counters["+1/+1"] = 1
    b1 = put(g, 1, Zone.BATTLEFIELD, "Runeclaw Bear")
    b2 = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(((atk.id, PlayerRef(1)),)))
    pass_until(g, lambda q: q.decision.kind == "declare_blockers")
    g.apply(1, DeclareBlockers(((b1.id, (atk.id,)), (b2.id, (atk.id,)))))
    assert g.decision.kind == "order_blockers"
    refuse(g, 0, Choose((b1.id, b1.id)), "509.2", "twice")
    refuse(g, 0, Choose((b1.id,)), "509.2", "got 1")
    g.apply(0, Choose((b1.id, b2.id)))
    pass_until(g, lambda q: q.decision.kind == "assign_damage")
    return g, atk, b1, b2


def test_cr_510_1c_a_recipient_named_twice_cant_hide_damage_past_the_order() -> None:
    """CR 510.1c: an attacker can't assign damage to a creature later in its damage
    assignment order before the earlier ones are assigned lethal damage.  Naming the
    second blocker twice, once with 2 and once with 0, must not let 1 damage to the first
    and 2 to the second through (the order check read only one of the two amounts)."""
    g, atk, b1, b2 = _blocked_by_two()
    refuse(g, 0, AssignDamage(((atk.id, ((b1.id, 1), (b2.id, 2), (b2.id, 0))),)), "510.1",
           "names a recipient twice")
    refuse(g, 0, AssignDamage(((atk.id, ((b1.id, 1), (b2.id, 2))),)), "510.1c")
    refuse(g, 0, AssignDamage(((atk.id, ((b1.id, 2), (b2.id, 2))),)), "510.1a")
    refuse(g, 0, AssignDamage(((atk.id, ((b1.id, 4), (b2.id, -1))),)), "107.1b")
    refuse(g, 0, AssignDamage(((atk.id, ((PlayerRef(1), 3),)),)), "510.1c")
    refuse(g, 0, AssignDamage(((b1.id, ((atk.id, 2),)),)), "510.1")
    g.apply(0, AssignDamage(((atk.id, ((b1.id, 2), (b2.id, 1))),)))
    assert b1.id not in g.battlefield and len(g.players[1].graveyard) == 1
    assert g.obj(b2.id).damage == 1


def test_cr_510_1_a_creature_whose_damage_is_assigned_twice() -> None:
    """CR 510.1: each creature's combat damage is assigned once; an answer listing the
    same attacker twice (the second silently replacing the first) is refused."""
    g, atk, b1, b2 = _blocked_by_two()
    refuse(g, 0, AssignDamage(((atk.id, ((b1.id, 1), (b2.id, 2))),
                               (atk.id, ((b1.id, 3),)))), "510.1", "assigned twice")
    g.apply(0, AssignDamage(((atk.id, ((b1.id, 3),)),)))
    assert b1.id not in g.battlefield and b2.id in g.battlefield


def test_choice_items_match_options_by_type() -> None:
    """A choice's items are its options themselves: ``True`` (equal to 1 in Python) is not
    the option 1, so (True, 1) is not two different options."""
    g, m, bolt, bears = _main_phase()
    got: list[Any] = []
    g.ask(ChoiceDecision(0, "choose", "Pick an order", (lambda _g, a: got.append(a), ()),
                         rule="603.3b", options=(0, 1), min_count=2, max_count=2,
                         ordered=True))
    refuse(g, 0, Choose((True, 0)), "603.3b", "not an option")
    refuse(g, 0, Choose((1, True)), "603.3b")
    refuse(g, 0, Choose((0, 1, 0)), "603.3b", "got 3")
    g.apply(0, Choose((1, 0)))
    assert got == [Choose((1, 0))]


def test_cr_901_9_the_planar_die_roll_names_no_object() -> None:
    """CR 901.9: rolling the planar die is a special action involving no object; an answer
    naming one is refused."""
    from manastack.variants import get_variant
    decks, extra = get_variant("planechase").default_setup(2, 3)
    g = new_game(["A", "B"], decks, 3, GameOptions(variant="planechase", extra=dict(extra)))
    while not (g.decision.kind == "priority" and Special("planar_die") in
               g.decision.legal_actions(g)):
        g.apply(g.decision.by, g.decision.legal_actions(g)[0])
    p = g.decision.by
    refuse(g, p, Special("planar_die", 1), "901.9", "no object")
    refuse(g, p, Special("roll"), "115.2")
    g.apply(p, Special("planar_die"))


@pytest.mark.parametrize(("names", "decks", "seed", "options", "error", "words"), [
    (["A", "B"], None, 1, None, DeckError, "one deck"),
    (["A", "B"], [["Forest"]], 1, None, DeckError, "one deck"),
    (["A", "B"], [["Forest"]] * 3, 1, None, DeckError, "one deck"),
    (["A", "B"], ["Forest", "Island"], 1, None, DeckError, "list of card names"),
    (["A", "B"], [[1], []], 1, None, DeckError, "not a card name"),
    (["A", "A"], [[], []], 1, None, IllegalAction, "name of their own"),
    (["", "B"], [[], []], 1, None, IllegalAction, "non-empty string"),
    ("AB", [[], []], 1, None, IllegalAction, "list of names"),
    (["A", "B"], [[], []], None, None, IllegalAction, "seed must be an integer"),
    (["A", "B"], [[], []], "1", None, IllegalAction, "seed must be an integer"),
    (["A", "B"], [[], []], 1, {"variant": "x"}, IllegalAction, "GameOptions"),
    (["A", "B"], [[], []], 1, GameOptions(mulligan="nope"), IllegalAction, "CR 103.4"),
    (["A", "B"], [[], []], 1, GameOptions(first_player=2), IllegalAction, "CR 103.2"),
    (["A", "B"], [[], []], 1, GameOptions(starting_life=-5), IllegalAction, "CR 103.3"),
    (["A", "B"], [[], []], 1, GameOptions(max_turns="x"), IllegalAction, "max_turns"),
    (["A", "B"], [[], []], 1, GameOptions(variant="nope"), IllegalAction, "unknown variant"),
])
def test_cr_103_new_game_refuses_bad_arguments(names: Any, decks: Any, seed: Any,
                                               options: Any, error: type, words: str) -> None:
    """CR 103.1-103.4: a game starts from a deck per player, a reproducible seed and sound
    options; bad arguments to ``new_game`` raise a ManastackError naming the problem."""
    with pytest.raises(error) as info:
        new_game(names, decks, seed, options)
    assert words in str(info.value)

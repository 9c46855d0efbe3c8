"""Helpers shared by the card tests (tests/cards/, tests/rulings/, tests/rules/): put lands
out, cast and activate, let the stack resolve, move on to a step or a decision, answer
choices, attack and block, and look at the cards the game has moved.

The set test files of tests/cards/ share the rest: short names for the players and zones,
a new game, the log's events and cited rules, a refused action, a copier cast.

A card changes objects (and ids) as it changes zones (CR 400.7); the helpers taking a
:class:`GameObject` ``o`` look at the object that card is *now* (same ``uid``)."""

from __future__ import annotations

from typing import Any

import pytest

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, Choose, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import GameObject, PlayerRef, Zone

from conftest import at_step

#: The two players, as targets.
P0, P1 = PlayerRef(0), PlayerRef(1)
#: The zones, short.
BF, HAND, LIB, GY, EXILE = (Zone.BATTLEFIELD, Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD,
                            Zone.EXILE)


def new_game(filler: str | None = "Plains", library_size: int = 40) -> Game:
    """An empty two-player game, each library ``library_size`` copies of ``filler``."""
    return setup_game(filler=filler, library_size=library_size)

# ---------------------------------------------------------------- the cards now


def ref(t: Any) -> Any:
    """The id of the object ``t``; anything else (an id, a :class:`PlayerRef`) as is."""
    return t.id if isinstance(t, GameObject) else t


def _now(g: Game, o: GameObject) -> GameObject | None:
    for x in g.objects.values():
        if isinstance(x, GameObject) and x.uid == o.uid:
            return x
    return None


def current(g: Game, o: GameObject) -> GameObject:
    """The object the card ``o`` is now, wherever it went; fails if it no longer exists
    (a token that left the battlefield, a spell copy that resolved)."""
    x = _now(g, o)
    if x is None:
        raise AssertionError(f"{o.name} no longer exists")
    return x


def zone_of(g: Game, o: GameObject) -> str | None:
    """The zone the card ``o`` is in now, or None if it no longer exists."""
    x = _now(g, o)
    return None if x is None else x.zone


def pt(g: Game, o: GameObject) -> tuple[int | None, int | None]:
    """The power and toughness of the card ``o`` now, after continuous effects (CR 613)."""
    c = g.chars(current(g, o))
    return c.power, c.toughness


def kws(g: Game, o: GameObject) -> frozenset[str]:
    """The keywords the card ``o`` has now."""
    return g.chars(current(g, o)).keywords


def on_bf(g: Game, name: str, controller: int | None = None) -> list[GameObject]:
    """The permanents named ``name`` (controlled by ``controller``, if given)."""
    return [o for o in g.permanents(controller) if o.name == name]


def names(g: Game, ids: list[int]) -> list[str]:
    """The names of the objects ``ids``, in order."""
    return [g.objects[i].name for i in ids]


def graveyard(g: Game, p: int) -> list[str]:
    """The names of the cards in player ``p``'s graveyard, bottom first."""
    return names(g, g.players[p].graveyard)


def hand(g: Game, p: int) -> list[str]:
    """The names of the cards in player ``p``'s hand."""
    return names(g, g.players[p].hand)


def life(g: Game, p: int) -> int:
    """Player ``p``'s life total."""
    return g.players[p].life


def card_named(g: Game, zone: list[int], name: str) -> GameObject:
    """The first object named ``name`` among the ids ``zone`` (a hand, a library, ...)."""
    return next(g.obj(i) for i in zone if g.obj(i).name == name)


def loyalty(g: Game, pw: GameObject) -> int:
    """The loyalty counters on the planeswalker ``pw``."""
    return g.obj(pw.id).counters["loyalty"]


def events(g: Game, kind: str) -> list[ev.Event]:
    """The events of ``kind`` in the game's log, in order."""
    return [e for e in g.log if e.kind == kind]


def rules_cited(g: Game) -> set[str]:
    """The rules the game's log cites."""
    return {e.rule for e in g.log}


def casts(g: Game) -> list[Cast]:
    """The casts among the legal actions of the player deciding now."""
    return [a for a in g.legal_actions() if isinstance(a, Cast)]


def refused(g: Game, player: int, action: Any, rule: str) -> None:
    """``action`` by ``player`` is illegal, cites ``rule`` and changes nothing."""
    before, n = g.state_hash(), len(g.log)
    with pytest.raises(IllegalAction) as ex:
        g.apply(player, action)
    assert rule in str(ex.value), ex.value
    assert g.state_hash() == before and len(g.log) == n


# ---------------------------------------------------------------- actions


def lands(g: Game, p: int, name: str, n: int, tapped: bool = False) -> list[GameObject]:
    """Put ``n`` copies of the land ``name`` onto player ``p``'s battlefield."""
    return [put(g, p, Zone.BATTLEFIELD, name, tapped=tapped) for _ in range(n)]


def _decider(g: Game, player: int | None) -> int:
    if player is not None:
        return player
    assert g.decision is not None, "the game is over"
    return g.decision.by


def cast(g: Game, card: GameObject, *targets: Any, x: int = 0, modes: tuple[int, ...] = (),
         player: int | None = None) -> None:
    """Cast ``card`` with ``targets`` (objects, ids or :class:`PlayerRef`), paying
    automatically; by ``player``, by default the player deciding now."""
    g.apply(_decider(g, player),
            Cast(card.id, tuple(ref(t) for t in targets), x, modes))


def activate(g: Game, src: GameObject, *targets: Any, ability: int = 0, x: int = 0,
             mana: str | None = None, player: int | None = None) -> None:
    """Activate the ``ability``-th (0-based) activated ability of ``src`` with ``targets``;
    by ``player``, by default the player deciding now."""
    g.apply(_decider(g, player),
            Activate(src.id, ability, tuple(ref(t) for t in targets), x, mana=mana))


def activate_ability(g: Game, src: GameObject, ability: int = 0, *targets: Any) -> None:
    """Activate the ``ability``-th (0-based) ability of ``src`` with the ids ``targets``, by
    the player deciding now (unlike :func:`activate`, the ability comes before the targets)."""
    g.apply(g.decision.player, Activate(src.id, ability, tuple(targets)))


def cast_copier(name: str, target_name: str, lands: str = "Island", n: int = 4):  # type: ignore[no-untyped-def]
    """Cast the copy creature ``name`` (``n`` ``lands``) with ``target_name`` on the other side;
    stop at the choice of what it copies (706.2).  Returns the game and ``target_name``'s card."""
    g = setup_game()
    for _ in range(n):
        put(g, 0, Zone.BATTLEFIELD, lands)
    original = put(g, 1, Zone.BATTLEFIELD, target_name)
    card = put(g, 0, Zone.HAND, name)
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(card.id))
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.decision.kind == "choose" and g.decision.rule == "706.2"
    return g, original


def pass_priority(g: Game) -> None:
    """The player with priority passes (once)."""
    d = g.decision
    assert d is not None and d.kind == "priority", d
    g.apply(d.by, Pass())


# ---------------------------------------------------------------- resolving, moving on


def settle(g: Game, limit: int = 100) -> None:
    """Both players pass until the stack is empty or a non-priority decision comes up."""
    for _ in range(limit):
        d = g.decision
        if d is None or d.kind != "priority" or not g.stack:
            return
        g.apply(d.by, Pass())
    raise AssertionError("the stack never emptied")


def resolve(g: Game, *answers: Any) -> None:
    """Pass priority until the stack is empty; ``answers`` answer the choices met, in
    order (each a tuple of items or a single item), and all must be used."""
    todo = list(answers)
    for _ in range(200):
        d = g.decision
        if d is None:
            return
        if d.kind == "priority":
            if not g.stack:
                assert not todo, f"unused answers {todo}"
                return
            g.apply(d.by, Pass())
            continue
        assert todo, f"unexpected decision {d}"
        a = todo.pop(0)
        g.apply(d.by, Choose(a if isinstance(a, tuple) else (a,)))
    raise AssertionError("the stack never emptied")


def advance(g: Game, pred: Any, limit: int = 500, order: bool = False) -> None:
    """Pass priority, declare no attackers and no blockers (and, with ``order``, keep the
    listed order of simultaneous triggers) until ``pred(g)`` holds; any other choice must
    be answered by the test itself."""
    for _ in range(limit):
        d = g.decision
        if pred(g) or d is None:
            return
        if order and d.kind == "order_triggers":
            g.apply(d.by, Choose(tuple(d.options)))  # type: ignore[attr-defined]
        elif d.kind == "priority":
            g.apply(d.by, Pass())
        elif d.kind == "declare_attackers":
            g.apply(d.by, DeclareAttackers(()))
        elif d.kind == "declare_blockers":
            g.apply(d.by, DeclareBlockers(()))
        else:
            raise AssertionError(f"unexpected decision while advancing: {d}")
    raise AssertionError("condition never reached")


def kind_is(kind: str) -> Any:
    """A condition for :func:`advance`: the pending decision is of ``kind``."""
    return lambda g: g.decision is not None and g.decision.kind == kind


def to_decision(g: Game, kind: str) -> None:
    """:func:`advance` until a decision of ``kind`` is pending."""
    advance(g, kind_is(kind))


def to_blockers(g: Game) -> None:
    """:func:`advance` until the defending player declares blockers."""
    to_decision(g, "declare_blockers")


def to_attackers(g: Game, turn: int) -> None:
    """:func:`advance` until attackers are to be declared in turn ``turn``."""
    advance(g, lambda x: x.decision is not None and x.decision.kind == "declare_attackers"
            and x.turn_number == turn)


def to_step(g: Game, name: str, turn: int | None = None, order: bool = False) -> None:
    """:func:`advance` until the step ``name`` (of turn ``turn``, if given) begins; with
    ``order``, simultaneous triggers met on the way keep their listed order."""
    advance(g, at_step(name, turn), order=order)


# ---------------------------------------------------------------- choices


def answer(g: Game, *items: Any, kind: str | None = None) -> None:
    """Answer the pending (non-priority) choice with ``items``."""
    d = g.decision
    assert d is not None and d.kind != "priority", f"expected a choice, got {d}"
    if kind is not None:
        assert d.kind == kind, d
    g.apply(d.by, Choose(tuple(items)))


def options(g: Game) -> tuple[Any, ...]:
    """The options of the pending (non-priority) choice."""
    d = g.decision
    assert d is not None and d.kind != "priority", f"expected a choice, got {d}"
    return tuple(d.options)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- combat


#: The second player, whom tests attack by default.
SECOND = PlayerRef(1)


def attack(g: Game, *attackers: GameObject, target: Any = SECOND) -> None:
    """Declare ``attackers`` (all attacking ``target``, by default the second player)."""
    assert g.decision is not None and g.decision.kind == "declare_attackers", g.decision
    g.apply(g.decision.by, DeclareAttackers(tuple((a.id, target) for a in attackers)))


def declare(g: Game, *pairs: tuple[GameObject, Any]) -> None:
    """The active player declares attackers as (attacker, what it attacks) pairs."""
    assert g.decision.kind == "declare_attackers", g.decision
    g.apply(g.active_player, DeclareAttackers(tuple((a.id, t) for a, t in pairs)))


def block(g: Game, *pairs: tuple[GameObject, GameObject]) -> None:
    """Declare blocks as (blocker, attacker) pairs; a blocker may appear more than once."""
    assert g.decision is not None and g.decision.kind == "declare_blockers", g.decision
    blocks: dict[int, list[int]] = {}
    for b, a in pairs:
        blocks.setdefault(b.id, []).append(a.id)
    g.apply(g.decision.by,
            DeclareBlockers(tuple((b, tuple(a)) for b, a in blocks.items())))

"""Helpers shared by the card tests: put lands out, answer choices, let the stack resolve."""

from __future__ import annotations

from typing import Any

from manastack.decisions import Choose, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import Game
from manastack.setup import put


def lands(g: Game, p: int, name: str, n: int, tapped: bool = False) -> list[GameObject]:
    """Put ``n`` copies of the land ``name`` onto player ``p``'s battlefield."""
    return [put(g, p, Zone.BATTLEFIELD, name, tapped=tapped) for _ in range(n)]


def settle(g: Game, limit: int = 100) -> None:
    """Both players pass until the stack is empty or a non-priority decision comes up."""
    for _ in range(limit):
        d = g.decision
        if d is None or d.kind != "priority" or not g.stack:
            return
        g.apply(d.by, Pass())
    raise AssertionError("the stack never emptied")


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


#: The second player, whom tests attack by default.
SECOND = PlayerRef(1)


def attack(g: Game, *attackers: GameObject, target: Any = SECOND) -> None:
    """Declare ``attackers`` (all attacking ``target``, by default the second player)."""
    assert g.decision is not None and g.decision.kind == "declare_attackers", g.decision
    g.apply(g.decision.by, DeclareAttackers(tuple((a.id, target) for a in attackers)))


def block(g: Game, *pairs: tuple[GameObject, GameObject]) -> None:
    """Declare blocks as (blocker, attacker) pairs; a blocker may appear more than once."""
    assert g.decision is not None and g.decision.kind == "declare_blockers", g.decision
    blocks: dict[int, list[int]] = {}
    for b, a in pairs:
        blocks.setdefault(b.id, []).append(a.id)
    g.apply(g.decision.by,
            DeclareBlockers(tuple((b, tuple(a)) for b, a in blocks.items())))

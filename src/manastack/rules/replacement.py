"""Replacement and prevention effects (CR 614-616).

Replacement effects watch for an event and replace it before it happens.
They come from resolved spells and abilities (``game.replacements``) and
from static abilities (``StaticAbility.replacements``).  Each applies at most
once to an event (614.5); when several apply, the affected object's
controller (or the affected player) chooses the order (616.1), self-
replacement effects first (614.15).  Prevention shields (615) are replacement
effects on damage, used by :mod:`manastack.rules.damage`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from manastack.cards.dsl import StaticAbility
from manastack.game.objects import GameObject
from manastack.rules.layers import Duration

if TYPE_CHECKING:
    from manastack.game.state import Game


@dataclass(eq=False)
class Replacement:
    """A replacement or prevention effect.

    ``event`` is the kind of event it watches (``zone_change``, ``damage``,
    ``life_gain``, ``draw``...).  ``applies(game, event)`` tests a proposed
    event (a dict); ``replace(game, event)`` returns the modified event (or
    None when the event no longer happens).  ``uses`` counts down shields
    ("the next 2 damage", 615.7) when not None.
    """

    event: str
    applies: Callable[[Game, dict[str, Any]], bool]
    replace: Callable[[Game, dict[str, Any]], dict[str, Any] | None]
    controller: int
    source: int | None = None
    text: str = ""
    duration: Duration = field(default_factory=Duration)
    self_replacement: bool = False
    is_prevention: bool = False
    timestamp: int = 0
    #: Identity of a static ability's effect across re-generation (614.5 "once").
    static_key: tuple[Any, ...] | None = None
    #: Key of this effect's mutable state in ``game.effect_state`` (shields, "next time").
    state_id: int | None = None

    def key(self) -> Any:
        return self.static_key if self.static_key is not None else id(self)


def active_replacements(game: Game, event: str) -> list[Replacement]:
    """Replacement effects of this kind from resolved effects and static abilities."""
    out = [r for r in game.replacements if r.event == event]
    for oid in game.battlefield + [o.id for o in game.command_sources()]:
        o = game.objects[oid]
        if not isinstance(o, GameObject) or o.phased_out:
            continue
        for ab in game.chars(o).abilities:
            if isinstance(ab, StaticAbility) and ab.replacements is not None and \
                    o.zone in ab.zones:
                for r in ab.replacements(game, o):
                    if r.event == event:
                        if r.source is None:
                            r.source = o.id
                        r.static_key = (o.id, r.text)
                        out.append(r)
    return out


def apply_replacements(game: Game, kind: str, event: dict[str, Any],
                       chooser: Callable[[list[Replacement]], Replacement] | None = None
                       ) -> dict[str, Any] | None:
    """Apply each applicable replacement once (614.5); self-replacements first (614.15).

    When several apply, the affected player chooses (616.1); ``chooser``
    receives the candidates.  Without a chooser the earliest timestamp
    applies first (the default documented for unscripted decisions).
    """
    used: set[Any] = set()
    cur: dict[str, Any] | None = event
    while cur is not None:
        event = cur
        cands = [r for r in active_replacements(game, kind)
                 if r.key() not in used and r.applies(game, event)]
        if not cands:
            break
        selfs = [r for r in cands if r.self_replacement]
        pool = selfs or cands
        r = pool[0] if chooser is None or len(pool) == 1 else chooser(pool)
        used.add(r.key())
        cur = r.replace(game, event)
        game.note("614.6" if not r.is_prevention else "615.1",
                  f"{r.text or 'A replacement effect'} applies"
                  f"{'' if cur is not None else ' (the event does not happen)'}",
                  before=str(event.get("summary", "")))
    return cur


def replace_zone_change(game: Game, obj: GameObject, to: str) -> str:
    """Zone-change replacements ("exile it instead", CR 614.6); returns the destination."""
    if not game.replacements and not _has_static_replacements(game):
        return to
    event = apply_replacements(game, "zone_change", {"object": obj.id, "from": obj.zone,
                                                     "to": to, "summary": obj.name})
    if event is None:
        return to
    return str(event["to"])


def _has_static_replacements(game: Game) -> bool:
    for oid in game.battlefield + [o.id for o in game.command_sources()]:
        o = game.objects[oid]
        if isinstance(o, GameObject) and not o.phased_out:
            for ab in game.chars(o).abilities:
                if isinstance(ab, StaticAbility) and ab.replacements is not None:
                    return True
    return False

"""The board as every player sees it (CR 400.2), for the log: each turn begins with it
and the game ends with it (``manastack.narrative`` prints it at the ``normal`` level).

Only public information: life and poison counters, the number of cards in each hand and
library (402.3, 401.2), the permanents with what anyone may see of them (tapped, damage,
counters, what they are attached to); a face-down permanent is shown without its name
(406.3, 707.2), a phased-out one not at all (702.25b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.game.objects import GameObject, IdKey, PlayerRef

if TYPE_CHECKING:
    from manastack.game.state import GameState


def board(game: GameState) -> tuple[dict[str, Any], ...]:
    """One read-only-by-convention dict per player, in seat order:
    ``player``, ``name``, ``life``, ``poison``, ``hand``, ``library`` (counts) and
    ``permanents`` (those they control: ``id``, ``name`` ("" when face down),
    ``tapped``, ``damage``, ``counters``, what it is attached to: ``attached_to`` (an
    object) or ``attached_player``, and ``attached_name`` ("" when face down))."""
    by_controller: dict[int, list[dict[str, Any]]] = {}
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        if not isinstance(o, GameObject) or o.phased_out:
            continue
        c = game.chars(o)
        q: dict[str, Any] = {"id": o.id, "name": "" if o.face_down else c.name}
        if o.tapped:
            q["tapped"] = True
        if o.damage:
            q["damage"] = o.damage
        if o.counters:
            counters = {k: v for k, v in sorted(o.counters.items()) if v}
            if counters:
                q["counters"] = counters
        if isinstance(o.attached_to, PlayerRef):  # an Aura enchanting a player (303.4)
            q["attached_player"] = o.attached_to.index
            q["attached_name"] = game.players[o.attached_to.index].name
        elif o.attached_to is not None:
            target = game.objects.get(o.attached_to)
            q["attached_to"] = o.attached_to
            q["attached_name"] = "" if isinstance(target, GameObject) and target.face_down \
                else game.name_of(o.attached_to)
        by_controller.setdefault(c.controller, []).append(q)
    return tuple({"player": p.index, "name": p.name, "life": p.life, "poison": p.poison,
                  "hand": len(p.hand), "library": len(p.library),
                  "permanents": by_controller.get(p.index, [])}
                 for p in game.players)

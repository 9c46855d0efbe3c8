"""What each player may see (CR 400.2, 401.2, 402.3): per-player observations.

Libraries and hands are hidden zones: a player sees their own hand, the
number of cards in other hands and in libraries, never their order or
content.  Everything in public zones is visible, except the face of a face-down
card (406.3; scheme and planar decks are counted, 901.4, 904.4), and cards
revealed from a hidden zone are seen by everyone while they stay revealed (103.5b,
701.14a).  The pending decision's prompt may name a hidden card: only the player
who decides (and whoever controls them, 714.4) sees it.  ``None`` is a spectator.
The per-player view of the log is :meth:`Game.log_for <manastack.game.state.Game.log_for>`.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from manastack.game.objects import GameObject, PlayerRef, StackAbility

if TYPE_CHECKING:
    from manastack.engine import Game


def _ref(r: Any) -> Any:
    return f"P{r.index}" if isinstance(r, PlayerRef) else r


def _permanent(game: Game, o: GameObject) -> dict[str, Any]:
    c = game.chars(o)
    d: dict[str, Any] = {
        "id": o.id, "name": c.name, "owner": o.owner, "controller": c.controller,
        "types": sorted(c.types), "subtypes": sorted(c.subtypes), "tapped": o.tapped,
        "token": o.is_token,
    }
    if c.power is not None:
        d["power"], d["toughness"] = c.power, c.toughness
    if c.keywords:
        d["keywords"] = sorted(c.keywords)
    if o.counters:
        d["counters"] = {k: v for k, v in sorted(o.counters.items()) if v}
    if o.damage:
        d["damage"] = o.damage
    if o.attached_to is not None:
        d["attached_to"] = _ref(o.attached_to)
    if o.phased_out:
        d["phased_out"] = True
    return d


def _card(game: Game, oid: int) -> dict[str, Any]:
    o = game.objects[oid]
    if isinstance(o, GameObject) and o.face_down:
        return {"id": oid, "name": "face-down card"}  # 406.3: can't be examined
    return {"id": oid, "name": o.name}


def observe(game: Game, viewer: int | None) -> dict[str, Any]:
    """The game as ``viewer`` sees it (a JSON-able dict)."""
    from manastack.rules.control import controlling_player, sees_for
    from manastack.rules.static import forbids

    players = []
    sees = sees_for(game, viewer)  # yourself, and the players you control (714.4)
    for p in game.players:
        pd: dict[str, Any] = {
            "index": p.index, "name": p.name, "life": p.life, "poison": p.poison,
            "mana_pool": str(p.mana_pool), "hand_size": len(p.hand),
            "library_size": len(p.library),
            "graveyard": [_card(game, i) for i in p.graveyard], "lost": p.lost,
        }
        if p.index in sees:
            pd["hand"] = [_card(game, i) for i in p.hand]
        if p.library and forbids(game, "top_revealed", p.index):
            # "play with the top card of your library revealed": seen by every player
            pd["library_top"] = _card(game, p.library[-1])
        if game.rule_effects:
            ctrl = controlling_player(game, p.index)
            if ctrl != p.index:
                pd["controlled_by"] = ctrl  # 714.1
        players.append(pd)
    stack = []
    for oid in game.stack:
        o = game.objects[oid]
        item: dict[str, Any] = {"id": oid, "name": o.name,
                                "controller": game.controller(o),
                                "targets": [_ref(t) for t in o.targets]}
        if isinstance(o, StackAbility):
            item["source"] = o.source
        stack.append(item)
    command = []
    face_down: dict[int, int] = {}
    for oid in game.command:
        o = game.objects[oid]
        if not isinstance(o, GameObject):
            continue
        if o.face_down:  # a scheme or planar deck (406.3)
            face_down[o.owner] = face_down.get(o.owner, 0) + 1
        else:
            command.append({**_card(game, oid), "owner": o.owner})
    revealed = [_card(game, i) for i in game.revealed if i in game.objects]  # 103.5b
    d = game.decision
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"player": d.player, "decider": d.by, "kind": d.kind}
        if viewer == d.by or d.player in sees:  # the prompt may name a hidden card
            decision["prompt"] = d.prompt
    out: dict[str, Any] = {
        "viewer": viewer, "turn": game.turn_number, "active_player": game.active_player,
        "step": game.step.name if game.step else None, "players": players,
        "battlefield": [_permanent(game, game.obj(i)) for i in game.battlefield],
        "stack": stack, "exile": [_card(game, i) for i in game.exile],
        "command": command, "face_down_in_command": {str(k): v for k, v in
                                                     sorted(face_down.items())},
        "revealed": revealed, "over": game.over, "winner": game.winner,
        "decision": decision,
    }
    if game.combat is not None:
        out["combat"] = {"attackers": {str(a): _ref(t) for a, t in game.combat.attackers.items()},
                         "blockers": {str(b): a for b, a in game.combat.blockers.items()}}
    return out


def state_fingerprint(game: Game) -> str:
    """A stable digest of the whole state, hidden zones included (determinism checks)."""
    parts = [repr(game.rng.getstate()), str(game.turn_number), str(game.active_player),
             game.step.name if game.step else "-"]
    for p in game.players:
        parts.append(f"{p.name}:{p.life}:{p.poison}:{p.mana_pool}:{p.library}:{p.hand}:"
                     f"{p.graveyard}")
    for oid in game.battlefield:
        o = game.obj(oid)
        parts.append(f"{oid}:{o.name}:{o.tapped}:{o.damage}:{sorted(o.counters.items())}:"
                     f"{o.attached_to}:{o.phased_out}")
    parts.append(str(game.stack))
    parts.append(str(len(game.log)))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()

"""Keyword actions that more than one rule performs (CR 701): destroy (701.7, with
indestructible 702.12b and regeneration 701.13) and sacrifice (701.15), one permanent or
several at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manastack import log as ev
from manastack.game.objects import GameObject, Zone

if TYPE_CHECKING:
    from manastack.game.state import GameState


def destroy_all(game: GameState, objs: list[GameObject], rule: str | list[str],
                why: str | list[str], allow_regen: bool = True) -> list[str]:
    """Destroy several permanents at once: whether each is indestructible or regenerates
    is decided before any of them leaves the battlefield (one event, CR 704.3, 701.7)."""
    from manastack.rules.zones import move

    whys = why if isinstance(why, list) else [why] * len(objs)
    rules = rule if isinstance(rule, list) else [rule] * len(objs)
    fates = [_destroy_fate(game, o, allow_regen) for o in objs]
    game.begin_simultaneous()
    try:
        for o, fate, w, r in zip(objs, fates, whys, rules, strict=True):
            if fate == "destroyed" and o.id in game.objects and o.zone == Zone.BATTLEFIELD:
                move(game, o, Zone.GRAVEYARD, r, verb=f"{o.name} is destroyed ({w})")
    finally:
        game.end_simultaneous()
    return fates


def sacrifice_all(game: GameState, chosen: Sequence[tuple[int, GameObject]],
                  rule: str = "701.15a") -> list[GameObject]:
    """Each (player, permanent) pair: that player sacrifices that permanent, all at the
    same time (one event, 603.6a, 603.10a; 101.4).  A player can sacrifice only a permanent
    they control (701.15a): one that left the battlefield or changed controllers is left
    alone.  Returns the sacrificed objects' new objects."""
    from manastack.rules.zones import move_all
    objs = [o for p, o in chosen if o.zone == Zone.BATTLEFIELD and not o.phased_out
            and o.id in game.objects and game.controller(o) == p]
    return move_all(game, objs, Zone.GRAVEYARD, rule, verb="{name} is sacrificed") \
        if objs else []


def destroy(game: GameState, o: GameObject, rule: str, why: str, allow_regen: bool = True) -> str:
    """Destroy ``o``: indestructible and regeneration may stop it (702.12b, 701.13).

    Returns ``destroyed``, ``regenerated`` or ``indestructible``."""
    return destroy_all(game, [o], rule, why, allow_regen)[0]


def _destroy_fate(game: GameState, o: GameObject, allow_regen: bool) -> str:
    """Indestructible stops destruction; a regeneration shield replaces it (701.13)."""
    c = game.chars(o)
    if "indestructible" in c.keywords:
        game.note("702.12b", f"{o.name} is indestructible and isn't destroyed")
        return "indestructible"
    if allow_regen and o.regeneration_shields > 0 and \
            o.memory.get("cant_regenerate_turn") != game.turn_number:
        o.regeneration_shields -= 1
        was_tapped = o.tapped
        o.tapped = True
        if not was_tapped:
            game.changed("tapped", game.controller(o))  # seen by what the event triggers
            game.emit(ev.TAPPED, "701.13a", f"{o.name} becomes tapped (regenerating)",
                      object=o.id)
        o.damage = 0
        o.deathtouch_damage = False
        if game.combat is not None:
            game.combat.remove(game, o.id, rule="701.13a")
        game.changed()
        game.emit(ev.INFO, "701.13a", f"{o.name} regenerates (tapped, damage removed, "
                                      "removed from combat)", object=o.id)
        return "regenerated"
    return "destroyed"

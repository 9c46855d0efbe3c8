"""Damage, life and its results (CR 119 of the seed / 120 of the 2017 CR).

All damage dealt at once is one event (119.4): each proposed item is
modified by prevention and replacement effects, then turned into results
(life loss, poison counters for infect, -1/-1 counters for wither/infect,
loyalty loss, marked damage, lifelink life gain), which are themselves
modified by replacement effects on those results; then it all happens.
Damage never destroys by itself (119.5): state-based actions do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manastack import log as ev
from manastack.game.objects import GameObject, PlayerRef, Ref

if TYPE_CHECKING:
    from manastack.game.state import Game


@dataclass
class DamageItem:
    """One source dealing damage to one recipient within a damage event."""

    source: int
    target: Ref
    amount: int
    combat: bool = False
    unpreventable: bool = False


def _source_chars(game: Game, source: int):  # type: ignore[no-untyped-def]
    o = game.objects.get(source)
    if isinstance(o, GameObject):
        return game.chars(o), game.controller(o), o.name
    if source in game.lki:
        obj, c = game.lki[source]
        return c, c.controller, obj.name
    return None, None, f"#{source}"


def deal_damage(game: Game, items: list[DamageItem], rule: str = "119.1") -> None:
    """Deal all ``items`` simultaneously as one damage event (119.4)."""
    from manastack.rules.replacement import apply_replacements
    from manastack.rules.targeting import protection_from

    final: list[DamageItem] = []
    for it in items:
        if it.amount <= 0:
            continue  # 119.8: a source dealing 0 damage deals no damage
        tgt = it.target
        if not isinstance(tgt, PlayerRef):
            o = game.objects.get(tgt)
            if not isinstance(o, GameObject) or o.zone != "battlefield" or o.phased_out:
                continue
            c = game.chars(o)
            if not (c.is_creature or c.is_planeswalker):
                continue  # 119.1: only creatures, planeswalkers and players
            if not it.unpreventable and protection_from(game, o, it.source):
                game.note("702.16e", f"Damage from {game.name_of(it.source)} to {o.name} is "
                                     "prevented (protection)")
                continue
        event = {"source": it.source, "target": tgt, "amount": it.amount,
                 "combat": it.combat, "unpreventable": it.unpreventable,
                 "summary": f"{it.amount} damage to {game.name_of(tgt)}"}
        out = apply_replacements(game, "damage", event)
        if out is None or out["amount"] <= 0:
            continue
        final.append(DamageItem(out["source"], out["target"], out["amount"], it.combat,
                                it.unpreventable))
    lifelink: dict[int, int] = {}
    for it in final:
        c, ctrl, sname = _source_chars(game, it.source)
        kws = c.keywords if c is not None else frozenset()
        tgt = it.target
        if isinstance(tgt, PlayerRef):
            p = game.players[tgt.index]
            if "infect" in kws:
                p.poison += it.amount
                game.changed()
                text = f"{sname} deals {it.amount} damage to {p.name} ({it.amount} poison " \
                       "counters, infect)"
                r = "702.89b"
            else:
                p.life -= it.amount
                p.life_lost_this_turn += it.amount
                game.changed()
                text = f"{sname} deals {it.amount} damage to {p.name} (life {p.life})"
                r = "510.2" if it.combat else "119.3a"
            p.damaged_this_turn = True
        else:
            o = game.objects[tgt]
            assert isinstance(o, GameObject)
            oc = game.chars(o)
            if oc.is_planeswalker and not oc.is_creature:
                o.counters["loyalty"] = o.counters.get("loyalty", 0) - it.amount
                text = f"{sname} deals {it.amount} damage to {o.name} (loyalty " \
                       f"{o.counters['loyalty']})"
                r = "119.3c"
            elif "infect" in kws or "wither" in kws:
                o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + it.amount
                text = f"{sname} deals {it.amount} damage to {o.name} ({it.amount} -1/-1 " \
                       f"counters, {'infect' if 'infect' in kws else 'wither'})"
                r = "119.3d"
            else:
                o.damage += it.amount
                text = f"{sname} deals {it.amount} damage to {o.name}"
                r = "510.2" if it.combat else "119.3e"
            if "deathtouch" in kws:
                o.deathtouch_damage = True
            game.changed()
        if "lifelink" in kws and ctrl is not None:
            lifelink[ctrl] = lifelink.get(ctrl, 0) + it.amount
        game.emit(ev.DAMAGE, r if not it.combat else "510.2", text, source=it.source,
                  target=tgt, amount=it.amount, combat=it.combat,
                  source_controller=ctrl)
    for player, amount in lifelink.items():
        gain_life(game, player, amount, "702.15b", why="lifelink")
    del rule


def gain_life(game: Game, player: int, amount: int, rule: str = "119.9",
              why: str = "") -> int:
    """A player gains life, as modified by replacement effects (e.g. Boon Reflection)."""
    from manastack.rules.replacement import apply_replacements

    if amount <= 0:
        return 0
    event = apply_replacements(game, "life_gain", {"player": player, "amount": amount,
                                                   "summary": f"gain {amount} life"})
    if event is None or event["amount"] <= 0:
        return 0
    amount = int(event["amount"])
    p = game.players[player]
    p.life += amount
    p.life_gained_this_turn += amount
    game.changed()
    game.emit(ev.LIFE_GAIN, rule, f"{p.name} gains {amount} life (life {p.life})"
              + (f" ({why})" if why else ""), player=player, amount=amount)
    return amount


def lose_life(game: Game, player: int, amount: int, rule: str = "119.3a",
              why: str = "") -> None:
    if amount <= 0:
        return
    p = game.players[player]
    p.life -= amount
    p.life_lost_this_turn += amount
    game.changed()
    game.emit(ev.LIFE_LOSS, rule, f"{p.name} loses {amount} life (life {p.life})"
              + (f" ({why})" if why else ""), player=player, amount=amount)


def lethal_damage(game: Game, creature: GameObject, source_deathtouch: bool = False) -> int:
    """CR 510.1c / 702.2c: damage needed to be lethal, counting damage already marked."""
    c = game.chars(creature)
    t = c.toughness or 0
    if source_deathtouch:
        return 1 if creature.damage < t or t <= 0 else 0
    return max(0, t - creature.damage)

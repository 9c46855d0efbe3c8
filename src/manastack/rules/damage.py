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
from typing import TYPE_CHECKING, Any

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
    """Deal all ``items`` simultaneously as one damage event (119.4a-c).

    First the opponent controlling a source may redirect noncombat damage aimed at a
    player to a planeswalker that player controls (306.7, a choice: the rest of the
    event continues once it is made)."""
    from manastack.rules.static import forbids
    if items and forbids(game, "damage_cant_be_prevented"):  # e.g. Leyline of Punishment
        items = [DamageItem(i.source, i.target, i.amount, i.combat, True) for i in items]
    _redirections(game, list(items), 0)


def _redirect_options(game: Game, it: DamageItem) -> list[int]:
    if it.combat or not isinstance(it.target, PlayerRef) or it.amount <= 0:
        return []
    _, ctrl, _ = _source_chars(game, it.source)
    if ctrl is None or ctrl == it.target.index:
        return []
    return [o.id for o in game.permanents(it.target.index) if game.chars(o).is_planeswalker]


def _redirections(game: Game, items: list[DamageItem], i: int) -> None:
    from manastack.decisions import ChoiceDecision

    while i < len(items):
        opts = _redirect_options(game, items[i])
        if opts:
            it = items[i]
            _, ctrl, sname = _source_chars(game, it.source)
            assert ctrl is not None and isinstance(it.target, PlayerRef)
            game.ask(ChoiceDecision(
                ctrl, "redirect", f"{sname} would deal {it.amount} damage to "
                f"{game.players[it.target.index].name}: redirect it to a planeswalker they "
                "control?", (_redirect_chosen, (items, i)), rule="306.7",
                options=(PlayerRef(it.target.index), *opts), purpose="redirect damage"))
            return
        i += 1
    _replacement_orders(game, items, 0, {})


def _proposal(game: Game, it: DamageItem, event_id: int) -> dict[str, Any]:
    return {"source": it.source, "target": it.target, "amount": it.amount,
            "combat": it.combat, "unpreventable": it.unpreventable, "event_id": event_id,
            "gains": [], "summary": f"{it.amount} damage from {game.name_of(it.source)} to "
                                    f"{game.name_of(it.target)}"}


def _affected_player(game: Game, it: DamageItem) -> int:
    if isinstance(it.target, PlayerRef):
        return it.target.index
    o = game.get(it.target)
    return game.controller(o) if o is not None else game.active_player


def _replacement_orders(game: Game, items: list[DamageItem], i: int,
                        orders: dict[int, list[Any]]) -> None:
    """616.1: if several replacement/prevention effects apply to the same damage, the
    affected player (or the controller of the affected permanent) chooses their order."""
    from manastack.decisions import ChoiceDecision
    from manastack.rules.replacement import active_replacements

    while i < len(items):
        it = items[i]
        if it.amount > 0:
            proposed = _proposal(game, it, game.damage_events + 1)
            cands = [r for r in active_replacements(game, "damage")
                     if not r.self_replacement and r.applies(game, proposed)]
            if len(cands) >= 2:
                who = _affected_player(game, it)
                game.ask(ChoiceDecision(
                    who, "order_replacements",
                    f"{proposed['summary']}: choose the order of the replacement and "
                    "prevention effects (first applies first): "
                    + "; ".join(f"{k}: {r.text}" for k, r in enumerate(cands)),
                    (_orders_chosen, (items, i, orders, [r.key() for r in cands])),
                    rule="616.1", options=tuple(range(len(cands))), min_count=len(cands),
                    max_count=len(cands), ordered=True, purpose="replacement order"))
                return
        i += 1
    _deal_damage_event(game, items, orders)


def _orders_chosen(game: Game, action: Any, items: list[DamageItem], i: int,
                   orders: dict[int, list[Any]], keys: list[Any]) -> None:
    orders = dict(orders)
    orders[i] = [keys[k] for k in action.items]
    _replacement_orders(game, items, i + 1, orders)


def _chooser(order: list[Any] | None) -> Any:
    if not order:
        return None

    def choose(pool: list[Any]) -> Any:
        ranked = sorted(pool, key=lambda r: order.index(r.key()) if r.key() in order
                        else len(order))
        return ranked[0]
    return choose


def _redirect_chosen(game: Game, action: Any, items: list[DamageItem], i: int) -> None:
    choice = action.items[0]
    if not isinstance(choice, PlayerRef):
        it = items[i]
        items[i] = DamageItem(it.source, choice, it.amount, it.combat, it.unpreventable)
        game.note("306.7", f"The damage is redirected to {game.name_of(choice)}")
    _redirections(game, items, i + 1)


def _deal_damage_event(game: Game, items: list[DamageItem],
                       orders: dict[int, list[Any]] | None = None) -> None:
    from manastack.rules.replacement import apply_replacements
    from manastack.rules.targeting import protection_from

    game.damage_events += 1
    event_id = game.damage_events
    # 119.4a: damage dealt, as modified by prevention and replacement effects.
    final: list[DamageItem] = []
    extra_gains: list[tuple[int, int, str]] = []
    orders = orders or {}
    for idx, it in enumerate(items):
        if it.amount <= 0:
            continue  # 119.8: a source dealing 0 damage deals no damage
        tgt = it.target
        if not isinstance(tgt, PlayerRef):
            o = game.objects.get(tgt)
            if not isinstance(o, GameObject) or o.zone != "battlefield" or o.phased_out:
                continue
            c = game.chars(o)
            if not (c.is_creature or c.is_planeswalker):
                continue  # 119.1a: only creatures, planeswalkers and players
            if not it.unpreventable and protection_from(game, o, it.source):
                game.note("702.16e", f"Damage from {game.name_of(it.source)} to {o.name} is "
                                     "prevented (protection)")
                continue
        proposed = _proposal(game, it, event_id)
        event = apply_replacements(game, "damage", proposed, _chooser(orders.get(idx)))
        if event is None:
            continue
        extra_gains.extend(event.get("gains", ()))
        if event["amount"] <= 0:
            continue
        final.append(DamageItem(event["source"], event["target"], event["amount"], it.combat,
                                it.unpreventable))
    # 119.4b: processed into results, as modified by replacement effects on results.
    results: list[dict[str, Any]] = []
    for it in final:
        c, ctrl, sname = _source_chars(game, it.source)
        kws = c.keywords if c is not None else frozenset()
        tgt = it.target
        base = {"source": it.source, "source_name": sname, "amount": it.amount,
                "combat": it.combat, "target": tgt, "source_controller": ctrl}
        if isinstance(tgt, PlayerRef):
            kind = "poison" if "infect" in kws else "life_loss"
            results.append(dict(base, kind=kind, player=tgt.index))
        else:
            o = game.objects[tgt]
            assert isinstance(o, GameObject)
            oc = game.chars(o)
            if oc.is_planeswalker and not oc.is_creature:
                results.append(dict(base, kind="loyalty", object=tgt))
            elif "infect" in kws or "wither" in kws:
                results.append(dict(base, kind="minus_counters", object=tgt,
                                    why="infect" if "infect" in kws else "wither"))
            else:
                results.append(dict(base, kind="marked", object=tgt,
                                    deathtouch="deathtouch" in kws))
        if "lifelink" in kws and ctrl is not None:
            results.append({"kind": "life_gain", "player": ctrl, "amount": it.amount,
                            "why": "lifelink", "rule": "702.15b", "source": it.source})
    for player, amount, why in extra_gains:
        results.append({"kind": "life_gain", "player": player, "amount": amount, "why": why,
                        "rule": "615.1"})
    for r in results:
        if r["kind"] == "life_gain":
            ev_ = apply_replacements(game, "life_gain", {"player": r["player"],
                                                         "amount": r["amount"],
                                                         "summary": f"gain {r['amount']} life"})
            r["amount"] = 0 if ev_ is None else int(ev_["amount"])
    whole = apply_replacements(game, "damage_results", {"results": results,
                                                        "summary": "damage results"})
    if whole is not None:
        results = whole["results"]
    # 119.4c: the event occurs.
    for r in results:
        _apply_result(game, r)


def _apply_result(game: Game, r: dict[str, Any]) -> None:
    kind = r["kind"]
    n = r["amount"]
    if kind == "life_gain":
        if n > 0:
            gain_life(game, r["player"], n, r.get("rule", "119.3f"), why=r.get("why", ""),
                      replaced=True)
        return
    sname = r["source_name"]
    if kind in ("life_loss", "poison"):
        p = game.players[r["player"]]
        p.damaged_this_turn = True
        if kind == "poison":
            p.poison += n
            text = f"{sname} deals {n} damage to {p.name} ({n} poison counters, infect)"
            rule = "119.3b"
        else:
            p.life -= n
            p.life_lost_this_turn += n
            text = f"{sname} deals {n} damage to {p.name} (life {p.life})"
            rule = "119.3a"
    else:
        o = game.objects.get(r["object"])
        if not isinstance(o, GameObject):
            return
        if kind == "loyalty":
            o.counters["loyalty"] = o.counters.get("loyalty", 0) - n
            text = f"{sname} deals {n} damage to {o.name} (loyalty {o.counters['loyalty']})"
            rule = "119.3c"
        elif kind == "minus_counters":
            o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + n
            text = f"{sname} deals {n} damage to {o.name} ({n} -1/-1 counters, {r['why']})"
            rule = "119.3d"
        else:
            o.damage += n
            if r.get("deathtouch"):
                o.deathtouch_damage = True
            text = f"{sname} deals {n} damage to {o.name}"
            rule = "119.3e"
    game.changed()
    game.emit(ev.DAMAGE, "510.2" if r["combat"] else rule, text, source=r["source"],
              target=r["target"], amount=n, combat=r["combat"],
              source_controller=r["source_controller"])


def gain_life(game: Game, player: int, amount: int, rule: str = "118.3",
              why: str = "", replaced: bool = False) -> int:
    """A player gains life, as modified by replacement effects (e.g. Boon Reflection)."""
    from manastack.rules.replacement import apply_replacements

    if amount <= 0:
        return 0
    from manastack.rules.static import forbids
    src = forbids(game, "cant_gain_life", player)
    if src:
        game.note("118.7", f"{game.players[player].name} can't gain life ({src})")
        return 0
    if not replaced:
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


def lose_life(game: Game, player: int, amount: int, rule: str = "118.3",
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

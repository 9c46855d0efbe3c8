"""Keyword abilities implemented once, for every card that has them (CR 702).

Most keywords are read directly by the rules (flying by blocking, lifelink
by damage...).  The ones that are triggered abilities or replacement effects
are built here: persist (702.78), bloodthirst (702.53).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.game.abilities import Ability, Custom, StaticAbility, TriggeredAbility
from manastack.game.objects import GameObject, Zone
from manastack.lines import Card, say
from manastack.rules import layers, zones

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState


def _persist_condition(game: GameState, e: Any, src: GameObject) -> bool:
    d = e.data
    if d.get("old") != src.id or d.get("from_zone") != Zone.BATTLEFIELD \
            or d.get("to_zone") != Zone.GRAVEYARD:
        return False
    lki_obj = game.lki.get(src.id, (src,))[0]
    return not lki_obj.counters.get("-1/-1", 0)


def _persist_return(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.entering import put_onto_battlefield
    oid = ctx.data.get("object")
    o = game.get(oid)
    if o is None or o.zone != Zone.GRAVEYARD:
        return
    put_onto_battlefield(game, o, o.owner, "702.78a",
                         verb=say("{card} returns to the battlefield (persist)",
                                  "{card} revient sur le champ de bataille (persistance)",
                                  card=Card(o.id, o.name)),
                         then=(_persist_counter, ()))


def _persist_counter(game: GameState, new_ids: tuple[int, ...]) -> None:
    """702.78a: it returns with a -1/-1 counter on it."""
    for oid in new_ids:
        new = game.obj(oid)
        if new.zone == Zone.BATTLEFIELD:
            new.counters["-1/-1"] = new.counters.get("-1/-1", 0) + 1
    game.changed()


def _persist() -> TriggeredAbility:
    return TriggeredAbility(
        event=ev.ZONE_CHANGE, condition=_persist_condition,
        effect=Custom(_persist_return, "return it with a -1/-1 counter"),
        text="Persist (When this creature dies, if it had no -1/-1 counters on it, return "
             "it to the battlefield under its owner's control with a -1/-1 counter on it.)")


PERSIST = _persist()


def keyword_abilities(keywords: frozenset[str]) -> tuple[Ability, ...]:
    out: list[Ability] = []
    if "persist" in keywords:
        out.append(PERSIST)
    return tuple(out)


def enters_with(game: GameState, obj: GameObject) -> None:
    """Replacement effects of the entering permanent itself (614.1c-d): "enters tapped",
    bloodthirst N (702.53a)."""
    card = zones.effective_card(obj)  # a copy enters with the copied card's abilities (706.2)
    for ab in card.abilities:
        if isinstance(ab, StaticAbility) and ab.rule == "enters_tapped" and not obj.tapped:
            obj.tapped = True
            game.note("614.1d", say("{card} enters the battlefield tapped",
                                    "{card} arrive sur le champ de bataille engagé",
                                    card=Card(obj.id, obj.name)))
        elif isinstance(ab, StaticAbility) and ab.rule == "as_enters" and ab.check:
            ab.check(game, obj)  # "enters with N counters", "as this enters" (614.1c-d)
    # Bloodthirst is read from the object's abilities: printed, or gained while it was a
    # spell (Bloodlord of Vaasgoth, kept by the permanent, 400.7a); each instance applies
    # separately (702.53c).
    c = layers.base_characteristics(obj)  # (not yet on the battlefield: no CDA needed here)
    layers.apply_locked_effects(game, obj, c)
    amounts = [int(kw.split()[1]) if len(kw.split()) > 1 else 1
               for kw in sorted(c.keywords) if kw.startswith("bloodthirst")]
    amounts += [ab.n for ab in c.abilities if isinstance(ab, Bloodthirst)]
    for n in amounts:
        ctrl = obj.controller
        if any(game.players[p].damaged_this_turn for p in game.opponents(ctrl)):
            obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
            game.changed()
            card = Card(obj.id, obj.name)
            game.note("702.53a", say("{card} enters with {n} +1/+1 counter(s) (bloodthirst)",
                                     "{card} arrive avec {n} marqueur +1/+1 (soif de sang)",
                                     card=card, n=n) if n <= 1 else
                      say("{card} enters with {n} +1/+1 counter(s) (bloodthirst)",
                          "{card} arrive avec {n} marqueurs +1/+1 (soif de sang)",
                          card=card, n=n))


@dataclass(frozen=True, eq=False)
class Bloodthirst(StaticAbility):
    """A bloodthirst ability granted by an effect ("it gains bloodthirst 3"); printed
    bloodthirst is a keyword.  Several instances each apply (702.53c)."""

    n: int = 1


def bloodthirst(n: int) -> Bloodthirst:
    """The granted ability "Bloodthirst N" (702.53a)."""
    return _BLOODTHIRST.setdefault(n, Bloodthirst(
        text=f"Bloodthirst {n} (If an opponent was dealt damage this turn, this creature "
             f"enters with {n} +1/+1 counters on it.)", n=n))


_BLOODTHIRST: dict[int, Bloodthirst] = {}

"""Behaviour of the rules showcase cards and the cards of the seeds' examples."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.cards.dsl import (
    SpellAbility,
    StaticAbility,
    attacking,
    creature,
    make_card,
    target_of,
    where,
)
from manastack.cards.effects import Custom, Draw, seq
from manastack.cards.registry import define
from manastack.game.objects import GameObject, PlayerRef
from manastack.rules.layers import Duration, LayerEffect, add_keywords
from manastack.rules.replacement import Replacement

if TYPE_CHECKING:
    from manastack.game.state import Game
    from manastack.rules.resolution import Ctx


# ---------------------------------------------------------------- Boon Reflection (CR 119.4)

def _boon(game: Game, src: GameObject) -> list[Replacement]:
    me = game.controller(src)
    return [Replacement(
        "life_gain", lambda g, e: e["player"] == me,
        lambda g, e: dict(e, amount=e["amount"] * 2), me, src.id,
        "Boon Reflection (you gain twice that much life instead)")]


define("Boon Reflection", StaticAbility(
    replacements=_boon, text="If you would gain life, you gain twice that much life instead."))


# ---------------------------------------------------------------- Worship (CR 119.4)

def _worship(game: Game, src: GameObject) -> list[Replacement]:
    me = game.controller(src)

    def applies(g: Game, e: dict[str, Any]) -> bool:
        if not g.creatures(me):
            return False
        life = g.players[me].life
        loss = sum(r["amount"] for r in e["results"]
                   if r["kind"] == "life_loss" and r["player"] == me)
        gain = sum(r["amount"] for r in e["results"]
                   if r["kind"] == "life_gain" and r["player"] == me)
        return loss > 0 and life - loss + gain < 1

    def replace(g: Game, e: dict[str, Any]) -> dict[str, Any]:
        life = g.players[me].life
        gain = sum(r["amount"] for r in e["results"]
                   if r["kind"] == "life_gain" and r["player"] == me)
        allowed = max(0, life + gain - 1)  # total loss that leaves the player at 1
        out = []
        for r in e["results"]:
            if r["kind"] == "life_loss" and r["player"] == me:
                r = dict(r, amount=min(r["amount"], allowed))
                allowed -= r["amount"]
            out.append(r)
        return dict(e, results=out)

    return [Replacement("damage_results", applies, replace, me, src.id,
                        "Worship (damage reduces your life total to 1 instead)")]


define("Worship", StaticAbility(
    replacements=_worship, text="If you control a creature, damage that would reduce your "
                                "life total to less than 1 reduces it to 1 instead."))


# ---------------------------------------------------------------- Awe Strike (CR 119.4)

def _awe_strike(game: Game, ctx: Ctx) -> None:
    targets = ctx.target_refs(0)
    if not targets:
        return
    creature_id = targets[0]
    me = ctx.controller
    state: dict[str, Any] = {"event": None}

    def applies(g: Game, e: dict[str, Any]) -> bool:
        return e["source"] == creature_id and not e.get("unpreventable") and (
            state["event"] is None or state["event"] == e["event_id"])

    def replace(g: Game, e: dict[str, Any]) -> dict[str, Any]:
        state["event"] = e["event_id"]
        n = e["amount"]
        g.note("615.1", f"{n} damage from {g.name_of(creature_id)} is prevented (Awe Strike)")
        return dict(e, amount=0, gains=list(e.get("gains", [])) + [(me, n, "Awe Strike")])

    r = Replacement("damage", applies, replace, me, ctx.source,
                    "Awe Strike's prevention effect", Duration("end_of_turn"),
                    is_prevention=True, timestamp=game.new_timestamp())
    game.replacements.append(r)


define("Awe Strike", spell=SpellAbility(
    effect=Custom(_awe_strike, "prevent the next damage target creature would deal"),
    targets=(target_of(creature, "target creature"),)))


# ---------------------------------------------------------------- Lifelink (Aura)

def _enchanted_has(*kws: str):  # type: ignore[no-untyped-def]
    def effects(game: Game, src: GameObject) -> list[LayerEffect]:
        host = src.attached_to
        if host is None or isinstance(host, PlayerRef):
            return []
        return [LayerEffect("6", add_keywords(*kws), frozenset({host}),
                            game.controller(src), src.id, src.timestamp)]
    return effects


define("Lifelink", StaticAbility(effects=_enchanted_has("lifelink"),
                                 text="Enchanted creature has lifelink."),
       spell=SpellAbility(targets=(target_of(creature, "target creature"),)))


# ---------------------------------------------------------------- Flash Foliage (CR 509.7)

SAPROLING = make_card("Saproling", types=("Creature",), subtypes=("Saproling",), power=1,
                      toughness=1, colors=("G",), is_token=True)


def _after_blockers(game: Game, player: int) -> bool:
    return game.combat is not None and game.combat.blockers_declared


def _attacking_you(game: Game, o: GameObject) -> bool:
    return False  # replaced by the selector below (needs the controller)


def _attacking_controller(g: Game, r: Any, c: int, s: int | None) -> bool:
    return g.combat is not None and r in g.combat.attackers and \
        g.combat.attackers[r] == PlayerRef(c)


def _foliage(game: Game, ctx: Ctx) -> None:
    from manastack.rules.combat import put_blocking
    from manastack.rules.zones import create_token
    targets = ctx.target_refs(0)
    tok = create_token(game, SAPROLING, ctx.controller)
    if targets:
        put_blocking(game, tok, targets[0])  # type: ignore[arg-type]


from manastack.cards.dsl import Selector  # noqa: E402

ATTACKING_YOU = Selector(_attacking_controller, "creature attacking you")

define("Flash Foliage", spell=SpellAbility(
    effect=seq(Custom(_foliage, "create a Saproling blocking target creature"), Draw(1)),
    targets=(target_of(creature & attacking & ATTACKING_YOU, "target creature attacking you"),),
    timing=_after_blockers, timing_rule="601.3",
))

del where, _attacking_you

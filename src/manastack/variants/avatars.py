"""Vanguard avatars (VAN; CR 902), current Oracle text.  Their abilities work from the
command zone (902.7); each avatar is controlled by its owner (902.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE_OR_PLAYER,
    ActivatedAbility,
    cost,
    creature,
    make_card,
    target_of,
    you_control,
)
from manastack.cards.effects import (
    EACH_OPPONENT,
    CreateTokens,
    Custom,
    DealDamage,
    Draw,
    GainLife,
    LoseLife,
    Pump,
    T,
    seq,
)
from manastack.cards.registry import define
from manastack.cards.vocab import anthem, at_beginning_of, cost_change, hook
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.variants.schemes import CMD, command_static, command_trigger

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState
    from manastack.log import Event

SLIVER = make_card("Sliver", types=("Creature",), subtypes=("Sliver",), power=1, toughness=1,
                   colors=(), is_token=True)
MINE = creature & you_control


def _activated(cost_: Any, effect: Any, text: str, targets: tuple[Any, ...] = ()) -> Any:
    return ActivatedAbility(cost_, effect, targets=targets, text=text, zones=CMD)


def _kw(keyword: str, text: str) -> Any:
    return command_static(anthem(MINE, 0, 0, text, keywords=(keyword,)))


define("Gerrard", at_beginning_of("draw", Draw(1), "At the beginning of your draw step, "
                                  "draw an additional card.", zones=CMD))
define("Maraxus", command_static(anthem(MINE, 1, 0, "Creatures you control get +1/+0.")))
define("Serra", command_static(anthem(MINE, 0, 2, "Creatures you control get +0/+2.")))
define("Selenia", _kw("vigilance", "Creatures you control have vigilance."))
define("Orim", _kw("reach", "Creatures you control have reach."))
define("Tahngarth", _kw("haste", "Creatures you control have haste."))
define("Lyna", _kw("shadow", "Creatures you control have shadow."))
define("Ertai", _kw("hexproof", "Creatures you control have hexproof."))
define("Urza", _activated(cost("{3}"), DealDamage(1, T(0)), "{3}: Urza deals 1 damage to target "
                          "creature or player.", (CREATURE_OR_PLAYER,)))
define("Sliver Queen, Brood Mother", _activated(
    cost("{3}"), CreateTokens(SLIVER), "{3}: Create a 1/1 colorless Sliver creature token."))
define("Sidar Kondo", _activated(cost("{3}"), Pump(3, 3, T(0)), "{3}: Target creature gets "
                                 "+3/+3 until end of turn.", (target_of(creature),)))
define("Takara", _activated(cost(sacrifice=MINE, sacrifice_count=1), DealDamage(1, T(0)),
                            "Sacrifice a creature: Takara deals 1 damage to target creature "
                            "or player.",
                            (CREATURE_OR_PLAYER,)))


def _my_creature_died(game: GameState, e: Event, src: GameObject) -> bool:
    lki = e.data.get("lki")
    return e.data.get("from_zone") == Zone.BATTLEFIELD and e.data.get("to_zone") == \
        Zone.GRAVEYARD and lki is not None and lki.is_creature and \
        lki.controller == game.controller(src)


define("Rofellos", command_trigger(ev.ZONE_CHANGE, _my_creature_died, Draw(1),
                                   "Whenever a creature you control dies, draw a card."))
define("Royal Assassin Avatar", at_beginning_of(
    "upkeep", seq(Draw(1), LoseLife(1)), "At the beginning of your upkeep, you draw a card "
    "and you lose 1 life.", zones=CMD))
define("Serra Angel Avatar", command_trigger(
    ev.CAST, lambda g, e, s: e.data.get("player") == g.controller(s), GainLife(2),
    "Whenever you cast a spell, you gain 2 life."))
define("Rumbling Slum Avatar", at_beginning_of(
    "upkeep", DealDamage(1, EACH_OPPONENT), "At the beginning of your upkeep, Rumbling Slum "
    "Avatar deals 1 damage to each opponent.", zones=CMD))
define("Titania", command_static(hook(
    "additional_land", lambda g, s, p: p == g.controller(s),
    "You may play an additional land on each of your turns.")))
define("Hanna", command_static(cost_change(
    -1, lambda g, s, sp: g.controller(sp) == g.controller(s),
    "Spells you cast cost {1} less to cast.")))


def _my_creature_dealt(game: GameState, e: Event, src: GameObject) -> bool:
    s = game.get(e.data.get("source"))
    if s is None and e.data.get("source") in game.lki:
        s = game.lki[e.data["source"]][0]
    if s is None or e.data.get("source_controller") != game.controller(src):
        return False
    c = game.chars(s) if s.id in game.objects else game.lki[s.id][1]
    t = e.data.get("target")
    return c.is_creature and (isinstance(t, PlayerRef) or game.get(t) is not None)


def _crovax(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life
    gain_life(game, ctx.controller, 1)


define("Crovax", command_trigger(ev.DAMAGE, _my_creature_dealt, Custom(_crovax),
                                 "Whenever a creature you control deals damage to a creature "
                                 "or player, you gain 1 life."))

"""The planeswalkers of Magic 2011 and Magic 2012, following Oracle text, with targets
worded as in 2017 ("target player": a planeswalker is reached by redirection, 306.7).

Loyalty abilities are ``[+N]/[−N]/[0]: effect`` (CR 606): the loyalty cost is paid
as the ability is activated (606.4), one loyalty ability per permanent per turn at
sorcery speed (606.3) -- the engine enforces both for any ability with a loyalty cost.

Implemented: Jace Beleren, Liliana Vess, Garruk Wildspeaker, Chandra Nalaar (M11); Jace,
Memory Adept and Garruk, Primal Hunter (M12).  Every planeswalker of the pool is
implemented: Chandra, the Firebrand is in :mod:`manastack.cards.sets.copies`, Gideon Jura
in :mod:`manastack.cards.sets.round3`, Sorin Markov (controlling another player, CR 714) in
:mod:`manastack.cards.sets.round4b`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.cards.dsl import (
    PLAYER,
    ActivatedAbility,
    cost,
    creature,
    land,
    make_card,
    player,
    target_of,
)
from manastack.cards.effects import (
    EACH_PLAYER,
    CreateTokens,
    Custom,
    DealDamage,
    Discard,
    Draw,
    Mill,
    T,
    Tap,
    X,
    any_card,
    layered_effect,
    search_library,
    seq,
)
from manastack.cards.registry import define
from manastack.cards.sets.m12 import _lands_you_control
from manastack.cards.tokens import BEAST
from manastack.cards.vocab import greatest_power, loyalty
from manastack.rules.layers import add_keywords, modify_pt

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState

ANY_NUMBER_OF_PLAYERS = target_of(player, "any number of target players", count=99,
                                  min_count=0)
TWO_LANDS = target_of(land, "two target lands", count=2)

WURM = make_card("Wurm", types=("Creature",), subtypes=("Wurm",), power=6, toughness=6,
                 colors=("G",), is_token=True)


# ================================================================ Magic 2011


# Jace Beleren {1}{U}{U}, loyalty 3
define("Jace Beleren",
       loyalty(+2, Draw(1, EACH_PLAYER), "+2: Each player draws a card."),
       loyalty(-1, Draw(1, T(0)), "\u22121: Target player draws a card.", (PLAYER,)),
       loyalty(-10, Mill(20, T(0)), "\u221210: Target player mills twenty cards.",
               (PLAYER,)))


# Liliana Vess {3}{B}{B}, loyalty 5
def _liliana_search(game: GameState, ctx: Ctx) -> None:
    """Search for a card (701.17d: "a card" has no stated quality, so one is found if the
    library isn't empty), then shuffle and put that card on top (701.18b)."""
    p = ctx.controller
    game.push(search_library, p, any_card, 1, 1, _liliana_found, (p,),
              "Search your library for a card (you'll shuffle, then put it on top)")


def _liliana_found(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.zones import shuffle
    lib = game.players[p].library
    found = [oid for oid in action.items if oid in lib]
    for oid in found:  # set aside while the rest is shuffled; it never leaves the library
        lib.remove(oid)
    shuffle(game, p, "701.18a")
    for oid in found:
        lib.append(oid)  # library[-1] is the top
        game.note("608.2c", f"{game.players[p].name} puts the card found on top of their "
                            "library")
    game.changed()


def _liliana_reanimate(game: GameState, ctx: Ctx) -> None:
    """All creature cards from all graveyards enter at the same time (one event): each
    one's "whenever another creature enters" abilities see the others (603.6a, 603.10)."""
    from manastack.rules.entering import put_all_onto_battlefield
    me = ctx.controller
    cards = [game.obj(oid) for p in game.apnap() for oid in game.players[p].graveyard
             if "Creature" in game.chars(game.obj(oid)).types]
    put_all_onto_battlefield(game, cards, me, "608.2c",
                             verb="{name} is put onto the battlefield under "
                                  f"{game.players[me].name}'s control")


define("Liliana Vess",
       loyalty(+1, Discard(1, T(0)), "+1: Target player discards a card.", (PLAYER,)),
       loyalty(-2, Custom(_liliana_search, "Search your library for a card, then shuffle "
                                           "and put that card on top."),
               "\u22122: Search your library for a card, then shuffle and put that card on "
               "top."),
       loyalty(-8, Custom(_liliana_reanimate, "Put all creature cards from all graveyards "
                                              "onto the battlefield under your control."),
               "\u22128: Put all creature cards from all graveyards onto the battlefield "
               "under your control."))


# Garruk Wildspeaker {2}{G}{G}, loyalty 3
def _overrun(game: GameState, ctx: Ctx) -> None:
    """One continuous effect in layers 6 and 7c on the creatures you control now
    (611.2c: a creature arriving later isn't affected)."""
    ids = frozenset(o.id for o in game.creatures(ctx.controller))
    layered_effect(game, ctx, ids, [("6", add_keywords("trample")), ("7c", modify_pt(3, 3))],
               f"{ctx.source_name}: +3/+3 and trample until end of turn")
    if ids:
        game.note("611.2c", ", ".join(game.name_of(i) for i in ids)
                  + f" get +3/+3 and gain trample until end of turn ({ctx.source_name})")


define("Garruk Wildspeaker",
       loyalty(+1, Tap(T(0), untap=True), "+1: Untap two target lands.", (TWO_LANDS,)),
       loyalty(-1, CreateTokens(BEAST), "\u22121: Create a 3/3 green Beast creature token."),
       loyalty(-4, Custom(_overrun, "Creatures you control get +3/+3 and gain trample until "
                                    "end of turn."),
               "\u22124: Creatures you control get +3/+3 and gain trample until end of "
               "turn."))


# ================================================================ Magic 2012


# Jace, Memory Adept {3}{U}{U}, loyalty 4
define("Jace, Memory Adept",
       loyalty(+1, seq(Draw(1), Mill(1, T(0))),
               "+1: Draw a card. Target player mills a card.", (PLAYER,)),
       loyalty(0, Mill(10, T(0)), "0: Target player mills ten cards.", (PLAYER,)),
       loyalty(-7, Draw(20, T(0)), "\u22127: Any number of target players each draw "
                                   "twenty cards.", (ANY_NUMBER_OF_PLAYERS,)))


# Garruk, Primal Hunter {2}{G}{G}{G}, loyalty 3
def _greatest_power_you_control(game: GameState, ctx: Ctx) -> int:
    """The greatest power among creatures you control as the ability resolves (0 if you
    control none; a negative greatest power draws nothing, 107.1b)."""
    return max(0, greatest_power(game, ctx))


define("Garruk, Primal Hunter",
       loyalty(+1, CreateTokens(BEAST), "+1: Create a 3/3 green Beast creature token."),
       loyalty(-3, Draw(_greatest_power_you_control),
               "\u22123: Draw cards equal to the greatest power among creatures you "
               "control."),
       loyalty(-6, CreateTokens(WURM, _lands_you_control),
               "\u22126: Create a 6/6 green Wurm creature token for each land you "
               "control."))


# Chandra Nalaar {3}{R}{R}, loyalty 6
def _chandra_ultimate(game: GameState, ctx: Ctx) -> None:
    """10 damage to the target and to each creature its controller controls, at once."""
    from manastack.game.objects import PlayerRef
    from manastack.rules.damage import DamageItem, deal_damage
    targets = ctx.target_refs(0)
    if not targets:
        return
    t = targets[0]
    who = t.index if isinstance(t, PlayerRef) else game.controller(game.obj(t))
    items = [DamageItem(ctx.source, t, 10)]
    items += [DamageItem(ctx.source, c.id, 10) for c in game.creatures(who)]
    deal_damage(game, items)



define("Chandra Nalaar",
       loyalty(+1, DealDamage(1, T(0)), "+1: Chandra Nalaar deals 1 damage to target player.",
               (PLAYER,)),
       ActivatedAbility(cost(loyalty=0, loyalty_x=True), DealDamage(X, T(0)),
                        (target_of(creature, "target creature"),),
                        text="\u2212X: Chandra Nalaar deals X damage to target creature."),
       loyalty(-8, Custom(_chandra_ultimate, "10 damage to the target and each creature its "
                                             "controller controls"),
               "\u22128: Chandra Nalaar deals 10 damage to target player and each "
               "creature that player controls.",
               (PLAYER,)))

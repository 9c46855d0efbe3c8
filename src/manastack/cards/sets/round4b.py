"""Magic 2011 / Magic 2012 cards using alternative costs, casting and playing cards while an
ability resolves, casting from the library, effects on spells that carry over to the
permanent, ending the turn and controlling another player (current Oracle text).

Implemented here: Demon of Death's Gate (117.9 alternative cost), Wild Evocation and Djinn
of Wishes (:mod:`manastack.rules.during_resolution`), Garruk's Horde (top card revealed,
casting from the library: ``casting.castable_from``), Bloodlord of Vaasgoth (400.7a,
bloodthirst read from the object's abilities), Sundial of the Infinite
(:mod:`manastack.rules.ending`, CR 715) and Sorin Markov (:mod:`manastack.rules.control`,
CR 714).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.cards.dsl import (
    CREATURE_OR_PLAYER,
    ActivatedAbility,
    AlternativeCost,
    Selector,
    SpellAbility,
    StaticAbility,
    creature,
    of_color,
    player,
    target_of,
)
from manastack.cards.dsl import cost as C
from manastack.cards.effects import Custom, DealDamage, GainLife, T, players_of, seq
from manastack.cards.registry import define
from manastack.cards.sets.m11 import R_REVEAL
from manastack.cards.sets.m12 import OPPONENT
from manastack.cards.vocab import at_beginning_of, hook, loyalty, when_cast
from manastack.game.objects import GameObject, Zone
from manastack.rules.keywords import bloodthirst
from manastack.rules.layers import Duration, LayerEffect, add_abilities, add_effect

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState


def _pname(game: GameState, p: int) -> str:
    return game.players[p].name


def _move(game: GameState, o: GameObject, to: str, rule: str, **kw: Any) -> GameObject:
    from manastack.rules.zones import move
    return move(game, o, to, rule, **kw)


# ====================================================================== black


# Demon of Death's Gate {6}{B}{B}{B}
_BLACK_CREATURES = creature & of_color("B")
BLACK_CREATURES = Selector(_BLACK_CREATURES.fn, "black creatures")

define("Demon of Death's Gate", spell=SpellAbility(alternative_costs=(AlternativeCost(
    "alternative", C(pay_life=6, sacrifice=BLACK_CREATURES, sacrifice_count=3),
    "You may pay 6 life and sacrifice three black creatures rather than pay this spell's "
    "mana cost."),)))


# Bloodlord of Vaasgoth {3}{B}{B}
def _vampire_creature_spell(game: GameState, spell: GameObject, me: int) -> bool:
    c = game.chars(spell)
    return spell.zone == Zone.STACK and "Creature" in c.types and "Vampire" in c.subtypes


_BLOODTHIRST_3 = bloodthirst(3)


def _gains_bloodthirst(game: GameState, ctx: Ctx) -> None:
    """"It gains bloodthirst 3": a layer-6 effect on the spell, with no duration; it keeps
    applying to the permanent the spell becomes (400.7a).  Nothing if the spell left the
    stack (a new object, 400.7)."""
    sid = ctx.data.get("object")
    spell = game.get(sid)
    if spell is None or spell.zone != Zone.STACK:
        game.note("400.7", "The spell is no longer on the stack: nothing gains bloodthirst")
        return
    add_effect(game, LayerEffect("6", add_abilities(_BLOODTHIRST_3), frozenset({spell.id}),
                                 ctx.controller, ctx.source, duration=Duration("permanent"),
                                 text=f"{ctx.source_name}: {spell.name} has bloodthirst 3"))
    game.note("611.2c", f"{spell.name} gains bloodthirst 3 ({ctx.source_name})")


define("Bloodlord of Vaasgoth", when_cast(
    _vampire_creature_spell, Custom(_gains_bloodthirst, "it gains bloodthirst 3"),
    "Whenever you cast a Vampire creature spell, it gains bloodthirst 3."))


# Sorin Markov {3}{B}{B}{B}, loyalty 4
def _life_becomes_ten(game: GameState, ctx: Ctx) -> None:
    """118.5: the player gains or loses the life needed to end up with 10."""
    from manastack.rules.damage import gain_life, lose_life
    for p in players_of(game, ctx.target_refs(0)):
        life = game.players[p].life
        if life > 10:
            lose_life(game, p, life - 10, "118.5", why=f"life total becomes 10, "
                                                     f"{ctx.source_name}")
        elif life < 10:
            gain_life(game, p, 10 - life, "118.5", why=f"life total becomes 10, "
                                                     f"{ctx.source_name}")


def _control_player(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.control import control_next_turn
    for p in players_of(game, ctx.target_refs(0)):
        control_next_turn(game, ctx.controller, p, ctx.source_name)


define("Sorin Markov",
       loyalty(+2, seq(DealDamage(2, T(0)), GainLife(2)),
               "+2: Sorin Markov deals 2 damage to target creature or player and you gain 2 "
               "life.", (CREATURE_OR_PLAYER,)),
       loyalty(-3, Custom(_life_becomes_ten, "Target opponent's life total becomes 10."),
               "\u22123: Target opponent's life total becomes 10.", (OPPONENT,)),
       loyalty(-7, Custom(_control_player, "You control target player during that "
                                           "player's next turn."),
               "\u22127: You control target player during that player's next turn.",
               (target_of(player, "target player"),)))


# ====================================================================== blue


# Djinn of Wishes {3}{U}{U}
def _three_wish_counters(game: GameState, obj: GameObject) -> None:
    obj.counters["wish"] = obj.counters.get("wish", 0) + 3
    game.note("614.1c", f"{obj.name} enters the battlefield with three wish counters")


def _djinn_wish(game: GameState, ctx: Ctx) -> None:
    """Reveal the top card (701.14a); its controller may play it without paying its mana
    cost (a land: as their land play, 305.2a); if they don't, it is exiled."""
    from manastack.rules.during_resolution import offer_play

    p = ctx.controller
    lib = game.players[p].library
    if not lib:
        game.note("101.3", f"{_pname(game, p)}'s library is empty: nothing is revealed")
        return
    o = game.obj(lib[-1])
    game.note(R_REVEAL, f"{_pname(game, p)} reveals {o.name} from the top of their library",
              object=o.id)
    offer_play(game, p, o.id, (_djinn_after, (o.id, p)), free=True, optional=True,
               lands=True, prompt=f"You may play {o.name} without paying its mana cost "
                                  "(if you don't, it is exiled)")


def _djinn_after(game: GameState, outcome: str, card: int, p: int) -> None:
    if outcome in ("cast", "played"):
        return
    o = game.get(card)
    if o is not None and o.zone == Zone.LIBRARY:
        _move(game, o, Zone.EXILE, "608.2c",
              verb=f"{o.name} is exiled from the top of {_pname(game, p)}'s library")


define("Djinn of Wishes",
       StaticAbility(rule="as_enters", check=_three_wish_counters,
                     text="This creature enters with three wish counters on it."),
       ActivatedAbility(
           C("{2}{U}{U}", remove_counters=(("wish", 1),)),
           Custom(_djinn_wish, "Reveal the top card of your library. You may play that card "
                               "without paying its mana cost. If you don't, exile it."),
           text="{2}{U}{U}, Remove a wish counter from this creature: Reveal the top card "
                "of your library. You may play that card without paying its mana cost. If "
                "you don't, exile it."))


# ====================================================================== red


# Wild Evocation {5}{R}
def _wild_evocation(game: GameState, ctx: Ctx) -> None:
    """"That player" is the player whose upkeep it is.  The card is chosen at random with
    the game's RNG and revealed (701.14a); a land is put onto the battlefield (not played,
    305.4); anything else is cast without paying its mana cost if able."""
    from manastack.rules.during_resolution import offer_play

    p = ctx.data.get("player")
    if not isinstance(p, int) or not game.players[p].in_game:
        return
    hand = game.players[p].hand
    if not hand:
        game.note("101.3", f"{_pname(game, p)} has no card in hand to reveal")
        return
    o = game.obj(game.rng.choice(hand))
    game.note(R_REVEAL, f"{_pname(game, p)} reveals {o.name} at random from their hand",
              object=o.id)
    if game.chars(o).is_land:
        _move(game, o, Zone.BATTLEFIELD, "305.4", controller=p,
              verb=f"{_pname(game, p)} puts {o.name} onto the battlefield (not a land play)")
        return
    offer_play(game, p, o.id, (_evocation_after, (o.id, p)), free=True, optional=False)


def _evocation_after(game: GameState, outcome: str, card: int, p: int) -> None:
    if outcome == "unable":
        o = game.get(card)
        if o is not None and o.zone == Zone.HAND:
            game.note("101.3", f"{o.name} can't be cast: it stays in "
                               f"{_pname(game, p)}'s hand")


define("Wild Evocation", at_beginning_of(
    "upkeep", Custom(_wild_evocation, "that player reveals a card at random from their hand "
                                      "and puts it onto the battlefield or casts it"),
    "At the beginning of each player's upkeep, that player reveals a card at random from "
    "their hand. If it's a land card, the player puts it onto the battlefield. Otherwise, "
    "the player casts it without paying its mana cost if able.", whose="each_player"))


# ====================================================================== green


# Garruk's Horde {5}{G}{G}
def _own_library(game: GameState, src: GameObject, p: int) -> bool:
    return game.controller(src) == p


def _creature_on_top(game: GameState, src: GameObject, p: int, card: GameObject) -> bool:
    """The top card of the library of the Horde's controller, if it's a creature card."""
    return game.controller(src) == p and "Creature" in game.chars(card).types


define("Garruk's Horde",
       hook("top_revealed", _own_library,
            "Play with the top card of your library revealed."),
       hook("cast_from_library_top", _creature_on_top,
            "You may cast creature spells from the top of your library."))


# ====================================================================== artifacts


# Sundial of the Infinite {2}
def _during_your_turn(game: GameState, src: GameObject) -> bool:
    return game.is_active(game.controller(src))  # (its team's turn: 805.4a)


def _end_the_turn(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.ending import end_the_turn
    end_the_turn(game, ctx.source_name)


define("Sundial of the Infinite", ActivatedAbility(
    C("{1}", tap=True), Custom(_end_the_turn, "End the turn."),
    condition=_during_your_turn, condition_text="activate only during your turn",
    text="{1}, {T}: End the turn. Activate only during your turn."))

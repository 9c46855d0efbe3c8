"""Planes of the original Planechase (HOP, 2009; CR 309, 901), current Oracle text
("Whenever chaos ensues" is the current wording of "Whenever you roll {CHAOS}").

Their abilities work from the command zone (901.7).  The planar controller controls the
face-up plane (901.6), so "you" is the active player.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE_OR_PLAYER,
    ActivatedAbility,
    ManaProduction,
    StaticAbility,
    cost,
    creature,
    make_card,
    of_color,
    permanent,
    player,
    target_of,
    you_control,
)
from manastack.cards.effects import (
    EACH,
    EACH_OPPONENT,
    SELF,
    CreateTokens,
    Custom,
    DealDamage,
    Discard,
    Draw,
    Effect,
    Mill,
    Pump,
    SacrificeOfChoice,
    T,
    Tap,
)
from manastack.cards.registry import define
from manastack.cards.tokens import ZOMBIE
from manastack.cards.vocab import (
    anthem,
    at_beginning_of,
    cost_change,
    hook,
    untap_attackers_and_add_combat,
)
from manastack.events import PLANAR_DIE, PLANESWALK_AWAY, PLANESWALKED, Discarded
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.lines import Card, Items, Raw, say
from manastack.rules.keyword_actions import add_counters
from manastack.rules.layers import LayerEffect, add_abilities
from manastack.rules.simultaneous import Ask, Chosen, each_player_chooses
from manastack.variants.schemes import (
    CMD,
    DRAGON,
    command_static,
    command_trigger,
    deal,
    set_life,
)

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState
    from manastack.log import Event
    from manastack.rules.replacement import ProposedDamage


GOAT = make_card("Goat", types=("Creature",), subtypes=("Goat",), power=0, toughness=1,
                 colors=("W",), is_token=True)


def chaos(effect: Effect, text: str, **kw: Any) -> Any:
    """"Whenever chaos ensues" (rolling the chaos symbol, 901.9b)."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        return e.data.get("result") == "chaos" and e.data.get("player") == g.controller(src)
    return command_trigger(PLANAR_DIE, cond, effect, text, **kw)


def on_planeswalk_to(effect: Effect, text: str, **kw: Any) -> Any:
    return command_trigger(PLANESWALKED, lambda g, e, s: e.data.get("object") == s.id,
                           effect, text, **kw)


def my_step(step: str, effect: Effect, text: str, **kw: Any) -> Any:
    return at_beginning_of(step, effect, text, zones=CMD, **kw)


def _ask_may(game: GameState, p: int, prompt: str, then: Any, args: tuple[Any, ...]) -> None:
    game.ask(ChoiceDecision(p, "may", prompt, (_may_answer, (then, args)), rule="608.2d",
                            options=("yes", "no"), purpose="may"))


def _may_answer(game: GameState, action: Any, then: Any, args: tuple[Any, ...]) -> None:
    if action.items and action.items[0] == "yes":
        then(game, *args)


# ------------------------------------------------------------ Academy at Tolaria West


def _seven(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import draw
    draw(game, ctx.controller, 7, "120.1")


def _discard_hand(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    p = ctx.controller
    for oid in list(game.players[p].hand):
        o = game.obj(oid)
        card = Card(o.id, o.name)
        new = move(game, o, Zone.GRAVEYARD, "701.8a",
                   verb=say("{who} discards {card}", "{who} défausse {card}",
                            who=game.who(p), card=card))
        game.emit_event(Discarded("701.8a", say("{card} was discarded", "{card} est défaussé",
                                                card=card), game.turn_number, player=p,
                                  object=new.id, cause=None))


define("Academy at Tolaria West",
       my_step("end", Custom(_seven), "At the beginning of your end step, if you have no "
               "cards in hand, draw seven cards.",
               intervening_if=lambda g, s: not g.players[g.controller(s)].hand),
       chaos(Custom(_discard_hand), "Whenever chaos ensues, discard your hand."))

# ------------------------------------------------------------ The Dark Barony


def _nonblack_to_graveyard(game: GameState, e: Event, src: GameObject) -> bool:
    if e.data.get("to_zone") != Zone.GRAVEYARD or e.data.get("token"):
        return False
    o = game.get(e.data.get("object"))
    return o is not None and "B" not in game.chars(o).colors


def _barony_loss(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import lose_life
    owner = ctx.data.get("owner")
    if owner is not None and game.players[owner].in_game:
        lose_life(game, owner, 1)


define("The Dark Barony",
       command_trigger(ev.ZONE_CHANGE, _nonblack_to_graveyard, Custom(_barony_loss),
                       "Whenever a nonblack card is put into a player's graveyard from "
                       "anywhere, that player loses 1 life."),
       chaos(Discard(1, EACH_OPPONENT), "Whenever chaos ensues, each opponent discards a "
             "card."))

# ------------------------------------------------------------ The Eon Fog

define("The Eon Fog",
       command_static(hook("skip_step", lambda g, s, step, p: step == "untap",
                           "Players skip their untap steps.")),
       chaos(Tap(EACH(permanent & you_control), untap=True), "Whenever chaos ensues, untap "
             "all permanents you control."))

# ------------------------------------------------------------ Feeding Grounds


def _colored(col: str) -> Any:
    def f(game: GameState, src: GameObject, spell: GameObject) -> bool:
        return col in game.chars(spell).colors
    return f


def _feeding(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.effects import AddCounters
    for r in ctx.target_refs(0):
        o = game.get(r)
        if o is not None:
            n = game.chars(o).mana_cost.mana_value
            if n:
                AddCounters("+1/+1", n, T(0)).resolve(game, ctx)


define("Feeding Grounds",
       command_static(cost_change(-1, _colored("R"), "Red spells cost {1} less to cast.")),
       command_static(cost_change(-1, _colored("G"), "Green spells cost {1} less to cast.")),
       chaos(Custom(_feeding), "Whenever chaos ensues, put X +1/+1 counters on target "
             "creature, where X is that creature's mana value.",
             targets=(target_of(creature),)))

# ------------------------------------------------------------ Fields of Summer / Minamo


def _any_cast(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("player") is not None


def _caster_may_gain(game: GameState, ctx: Ctx) -> None:
    p = ctx.data["player"]
    _ask_may(game, p, "Fields of Summer: gain 2 life?", _gain, (p, 2))


def _gain(game: GameState, p: int, n: int) -> None:
    from manastack.rules.damage import gain_life
    gain_life(game, p, n)


def _may_gain_ten(game: GameState, ctx: Ctx) -> None:
    _ask_may(game, ctx.controller, "Fields of Summer: gain 10 life?", _gain,
             (ctx.controller, 10))


define("Fields of Summer",
       command_trigger(ev.CAST, _any_cast, Custom(_caster_may_gain), "Whenever a player "
                       "casts a spell, that player may gain 2 life."),
       chaos(Custom(_may_gain_ten), "Whenever chaos ensues, you may gain 10 life."))


def _caster_may_draw(game: GameState, ctx: Ctx) -> None:
    p = ctx.data["player"]
    _ask_may(game, p, "Minamo: draw a card?", _draw_one, (p,))


def _draw_one(game: GameState, p: int) -> None:
    from manastack.rules.zones import draw
    draw(game, p, 1, "120.1")


def _minamo_chaos(game: GameState, ctx: Ctx) -> None:
    """Each player, in APNAP order, chooses a blue card in their graveyard or none; then
    the chosen cards return at once (101.4)."""
    each_player_chooses(game, game.apnap(), _minamo_choice, _minamo_returned)


def _minamo_choice(game: GameState, p: int, chosen: Chosen) -> Ask | None:
    blue = tuple(i for i in game.players[p].graveyard if "U" in game.chars(game.obj(i)).colors)
    if not blue:
        return None
    return Ask("Minamo: return a blue card from your graveyard to your hand?", blue,
               min_count=0, max_count=1, purpose="return", rule="608.2d",
               announce=say("chooses to return", "choisit de renvoyer"))


def _minamo_returned(game: GameState, chosen: Chosen) -> None:
    from manastack.rules.zones import move_all
    back = [o for _, items in chosen for i in items or ()
            if (o := game.get(i)) is not None and o.zone == Zone.GRAVEYARD]
    if back:
        move_all(game, back, Zone.HAND, "608.2c")


define("Minamo",
       command_trigger(ev.CAST, _any_cast, Custom(_caster_may_draw), "Whenever a player "
                       "casts a spell, that player may draw a card."),
       chaos(Custom(_minamo_chaos), "Whenever chaos ensues, each player may return a blue "
             "card from their graveyard to their hand."))

# ------------------------------------------------------------ The Fourth Sphere

define("The Fourth Sphere",
       my_step("upkeep", SacrificeOfChoice(creature & ~of_color("B")),
               "At the beginning of your upkeep, sacrifice a nonblack creature."),
       chaos(CreateTokens(ZOMBIE), "Whenever chaos ensues, create a 2/2 black Zombie "
             "creature token."))

# ------------------------------------------------------------ Goldmeadow


def _land_enters(game: GameState, e: Event, src: GameObject) -> bool:
    if e.data.get("to_zone") != Zone.BATTLEFIELD:
        return False
    o = game.get(e.data.get("object"))
    return o is not None and game.chars(o).is_land


def _goats(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import create_token
    o = game.get(ctx.data.get("object"))
    who = game.controller(o) if o is not None else ctx.data.get("controller")
    if who is not None and game.players[who].in_game:
        for _ in range(3):
            create_token(game, GOAT, who)


define("Goldmeadow",
       command_trigger(ev.ZONE_CHANGE, _land_enters, Custom(_goats), "Whenever a land "
                       "enters, that land's controller creates three 0/1 white Goat creature "
                       "tokens."),
       chaos(CreateTokens(GOAT), "Whenever chaos ensues, create a 0/1 white Goat creature "
             "token."))

# ------------------------------------------------------------ The Hippodrome


def _hippodrome(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.effects import Destroy
    for r in ctx.target_refs(0):
        o = game.get(r)
        if o is not None and (game.chars(o).power or 0) <= 0:
            Destroy(T(0)).resolve(game, ctx)


define("The Hippodrome",
       command_static(anthem(creature, -5, 0, "All creatures get -5/-0.")),
       chaos(Custom(_hippodrome), "Whenever chaos ensues, you may destroy target creature if "
             "its power is 0 or less.", targets=(target_of(creature),), optional=True))

# ------------------------------------------------------------ Krosa


def _wubrg(game: GameState, ctx: Ctx) -> None:
    _ask_may(game, ctx.controller, "Krosa: add {W}{U}{B}{R}{G}?", _add_wubrg,
             (ctx.controller,))


def _add_wubrg(game: GameState, p: int) -> None:
    from manastack.rules.casting import add_mana
    add_mana(game, p, "WUBRG")
    game.note("106.4", say("{who} adds {mana}", "{who} ajoute {mana}", who=game.who(p),
                           mana=Raw("{W}{U}{B}{R}{G}")))


define("Krosa",
       command_static(anthem(creature, 2, 2, "All creatures get +2/+2.")),
       chaos(Custom(_wubrg), "Whenever chaos ensues, you may add {W}{U}{B}{R}{G}."))

# ------------------------------------------------------------ Lethe Lake

define("Lethe Lake",
       my_step("upkeep", Mill(10), "At the beginning of your upkeep, mill ten cards."),
       chaos(Mill(10, T(0)), "Whenever chaos ensues, target player mills ten cards.",
             targets=(target_of(player),)))

# ------------------------------------------------------------ Llanowar / Shiv

_LLANOWAR_MANA = ActivatedAbility(cost(tap=True), mana=ManaProduction(("GG",)),
                                  text="{T}: Add {G}{G}.")
_SHIV_PUMP = ActivatedAbility(cost("{R}"), Pump(1, 0, SELF),
                              text="{R}: This creature gets +1/+0 until end of turn.")


def _grant_all(ability: Any, text: str) -> StaticAbility:
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        return [LayerEffect("6", add_abilities(ability), creature, game.controller(src),
                            src.id, src.timestamp)]
    return StaticAbility(effects=effects, text=text, zones=CMD)


define("Llanowar",
       _grant_all(_LLANOWAR_MANA, "All creatures have \"{T}: Add {G}{G}.\""),
       chaos(Tap(EACH(creature & you_control), untap=True), "Whenever chaos ensues, untap "
             "all creatures you control."))

define("Shiv",
       _grant_all(_SHIV_PUMP, "All creatures have \"{R}: This creature gets +1/+0 until end "
                              "of turn.\""),
       chaos(CreateTokens(DRAGON), "Whenever chaos ensues, create a 5/5 red Dragon creature "
             "token with flying."))

# ------------------------------------------------------------ Naar Isle


def _naar(game: GameState, ctx: Ctx) -> None:
    o = game.get(ctx.source)
    if o is None or o.face_down:
        return
    add_counters(game, o, "flame", 1, "121.1",
                 say("a flame counter on {card}", "un marqueur « flamme » sur {card}",
                     card=Card(o.id, o.name)))
    deal(game, o.id, [PlayerRef(ctx.controller)], o.counters["flame"])


define("Naar Isle",
       my_step("upkeep", Custom(_naar), "At the beginning of your upkeep, put a flame counter "
               "on Naar Isle, then Naar Isle deals damage to you equal to the number of flame "
               "counters on it."),
       chaos(DealDamage(3, T(0)), "Whenever chaos ensues, Naar Isle deals 3 damage to target "
             "player.", targets=(target_of(player),)))

# ------------------------------------------------------------ Panopticon

define("Panopticon",
       on_planeswalk_to(Draw(1), "When you planeswalk to Panopticon, draw a card."),
       my_step("draw", Draw(1), "At the beginning of your draw step, draw an additional "
                                "card."),
       chaos(Draw(1), "Whenever chaos ensues, draw a card."))

# ------------------------------------------------------------ Sanctum of Serra


def _sanctum_away(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.keyword_actions import destroy_all
    destroy_all(game, [o for o in game.permanents() if not game.chars(o).is_land],
                "701.7a", say("{card}", "{card}", card=Card(ctx.source, "Sanctum of Serra")))


def _sanctum_chaos(game: GameState, ctx: Ctx) -> None:
    _ask_may(game, ctx.controller, "Sanctum of Serra: have your life total become 20?",
             set_life, (ctx.controller, 20))


define("Sanctum of Serra",
       command_trigger(PLANESWALK_AWAY, lambda g, e, s: e.data.get("object") == s.id,
                       Custom(_sanctum_away), "When you planeswalk away from Sanctum of "
                       "Serra, destroy all nonland permanents."),
       chaos(Custom(_sanctum_chaos), "Whenever chaos ensues, you may have your life total "
             "become 20."))

# ------------------------------------------------------------ Sea of Sand


def _drew(land: bool) -> Any:
    def cond(game: GameState, e: Event, src: GameObject) -> bool:
        o = game.get(e.data.get("object"))
        return o is not None and game.chars(o).is_land == land
    return cond


def _sand(n: int) -> Any:
    def f(game: GameState, ctx: Ctx) -> None:
        from manastack.rules.damage import gain_life, lose_life
        p = ctx.data.get("player")
        if p is None or not game.players[p].in_game:
            return
        game.note("701.14a", say("{who} reveals the card they drew ({card})",
                                 "{who} révèle la carte piochée ({card})", who=game.who(p),
                                 card=game.named(ctx.data.get("object"))))
        (gain_life if n > 0 else lose_life)(game, p, abs(n))
    return f


define("Sea of Sand",
       StaticAbility(text="Players reveal each card they draw.", zones=CMD),
       command_trigger(ev.DRAW, _drew(True), Custom(_sand(3)), "Whenever a player draws a "
                       "land card, that player gains 3 life."),
       command_trigger(ev.DRAW, _drew(False), Custom(_sand(-3)), "Whenever a player draws a "
                       "nonland card, that player loses 3 life."),
       chaos(Custom(lambda g, c: _to_top(g, c)), "Whenever chaos ensues, put target permanent "
             "on top of its owner's library.", targets=(target_of(permanent),)))


def _to_top(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    for r in ctx.target_refs(0):
        o = game.get(r)
        if o is not None and o.zone == Zone.BATTLEFIELD:
            move(game, o, Zone.LIBRARY, "608.2c")


# ------------------------------------------------------------ Sokenzan


define("Sokenzan",
       command_static(anthem(creature, 1, 1, "All creatures get +1/+1 and have haste.",
                             keywords=("haste",))),
       chaos(untap_attackers_and_add_combat(),
             "Whenever chaos ensues, untap all creatures that attacked this turn. After this "
             "main phase, there is an additional combat phase followed by an additional main "
             "phase."))

# ------------------------------------------------------------ Stronghold Furnace


def _furnace(game: GameState, src: GameObject) -> list[Any]:
    from manastack.rules.replacement import Replacement

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        return dataclasses.replace(e, amount=e.amount * 2)

    return [Replacement("damage", lambda g, e: e.amount > 0, replace,
                        game.controller(src), src.id,
                        "Stronghold Furnace (damage is doubled)")]


define("Stronghold Furnace",
       StaticAbility(replacements=_furnace, zones=CMD,
                     text="If a source would deal damage to a permanent or player, it deals "
                          "double that damage to that permanent or player instead."),
       chaos(DealDamage(1, T(0)), "Whenever chaos ensues, Stronghold Furnace deals 1 damage "
             "to target creature or player.",
             targets=(CREATURE_OR_PLAYER,)))

# ------------------------------------------------------------ Tazeem


def _draw_per_land(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import draw
    n = sum(1 for o in game.permanents(ctx.controller) if game.chars(o).is_land)
    draw(game, ctx.controller, n, "120.1")


define("Tazeem",
       command_static(hook("cant_block", None, "Creatures can't block.")),
       chaos(Custom(_draw_per_land), "Whenever chaos ensues, draw a card for each land you "
             "control."))

# ------------------------------------------------------------ Turri Island


def _turri(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    p = ctx.controller
    top = list(reversed(game.players[p].library[-3:]))
    game.note("701.14a", say("{who} reveals {cards}", "{who} révèle {cards}",
                             who=game.who(p), cards=Items(game.named(i) for i in top))
              if top else say("{who} reveals nothing", "{who} ne révèle rien",
                              who=game.who(p)))
    for oid in top:
        o = game.obj(oid)
        move(game, o, Zone.HAND if game.chars(o).is_creature else Zone.GRAVEYARD, "608.2c")


define("Turri Island",
       command_static(cost_change(-2, lambda g, s, sp: g.chars(sp).is_creature,
                                  "Creature spells cost {2} less to cast.")),
       chaos(Custom(_turri), "Whenever chaos ensues, reveal the top three cards of your "
             "library. Put all creature cards revealed this way into your hand and the rest "
             "into your graveyard."))

# ------------------------------------------------------------ Undercity Reaches


def _combat_to_player(game: GameState, e: Event, src: GameObject) -> bool:
    return bool(e.data.get("combat")) and isinstance(e.data.get("target"), PlayerRef)


def _reaches_draw(game: GameState, ctx: Ctx) -> None:
    p = ctx.data.get("source_controller")
    if p is not None and game.players[p].in_game:
        _ask_may(game, p, "Undercity Reaches: draw a card?", _draw_one, (p,))


def _no_max_hand(game: GameState, ctx: Ctx) -> None:
    game.players[ctx.controller].max_hand_size = None
    game.note("402.2", say("{who} has no maximum hand size for the rest of the game",
                           "{who} n'a plus de taille maximale de main pour le reste de la "
                           "partie", who=game.who(ctx.controller)))


define("Undercity Reaches",
       command_trigger(ev.DAMAGE, _combat_to_player, Custom(_reaches_draw), "Whenever a "
                       "creature deals combat damage to a player, its controller may draw a "
                       "card."),
       chaos(Custom(_no_max_hand), "Whenever chaos ensues, you have no maximum hand size for "
             "the rest of the game."))


"""Schemes of the original Archenemy (ARC, 2010; CR 312, 904), current Oracle text.

Their abilities work from the command zone (904.8): each ability here has
``zones=("command",)``.  "When you set this scheme in motion" triggers on the
``set_in_motion`` event of :mod:`manastack.variants.archenemy`.  Helpers shared with the
planes and avatars live here too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.cards.dsl import (
    Selector,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    artifact,
    creature,
    enchantment,
    land,
    make_card,
    nonland_permanent,
    opponent,
    target_of,
    where,
    with_keyword,
    you_control,
)
from manastack.cards.effects import (
    YOU,
    CreateTokens,
    Custom,
    Destroy,
    Draw,
    Effect,
    ExtraTurn,
    T,
    discard_each,
    sacrifice_each,
    seq,
    unpayable_x,
)
from manastack.cards.registry import define
from manastack.cards.tokens import SAPROLING
from manastack.cards.vocab import anthem
from manastack.events import SET_IN_MOTION
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.lines import Card, Items, Raw, Word, say
from manastack.rules.layers import Duration
from manastack.variants.archenemy import scheme_state

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState
    from manastack.rules.replacement import ProposedDamage

CMD = ("command",)

DRAGON = make_card("Dragon", types=("Creature",), subtypes=("Dragon",), power=5, toughness=5,
                   colors=("R",), keywords=("flying",), is_token=True)
GOLEM = make_card("Golem", types=("Artifact", "Creature"), subtypes=("Golem",), power=4,
                  toughness=6, colors=(), is_token=True)
PLANT = make_card("Plant", types=("Creature",), subtypes=("Plant",), power=0, toughness=1,
                  colors=("G",), is_token=True)
ELEMENTAL = make_card("Elemental", types=("Creature",), subtypes=("Elemental",), power=3,
                      toughness=3, colors=("G",), is_token=True)


# ------------------------------------------------------------ helpers (schemes, planes, avatars)


def command_trigger(event: str, cond: Any, effect: Effect, text: str,
                    targets: Sequence[TargetSpec] = (), optional: bool = False,
                    intervening_if: Any = None) -> TriggeredAbility:
    """A triggered ability working from the command zone (901.7, 902.7, 904.8)."""
    return TriggeredAbility(event, effect, cond, tuple(targets), intervening_if, optional,
                            text, zones=CMD)


def in_motion(effect: Effect, text: str, targets: Sequence[TargetSpec] = ()
              ) -> TriggeredAbility:
    """"When you set this scheme in motion, ..." (701.23, 904.9)."""
    return command_trigger(SET_IN_MOTION, lambda g, e, s: e.data.get("object") == s.id,
                           effect, text, targets)


def command_static(static: StaticAbility) -> StaticAbility:
    """The same static ability, working from the command zone."""
    return StaticAbility(effects=static.effects, text=static.text, zones=CMD,
                         replacements=static.replacements, rule=static.rule,
                         check=static.check)


def up_to_one(selector: Any, text: str) -> TargetSpec:
    return target_of(selector, text, count=1, min_count=0)


def permanents_where(game: GameState, player: int, card_type: str) -> list[int]:
    """``player``'s permanents of ``card_type``."""
    return [o.id for o in game.permanents(player) if card_type in game.chars(o).types]


def ask_x(game: GameState, p: int, prompt: str, then: Any, args: tuple[Any, ...], rule: str
          ) -> None:
    """"You may pay {X}": choose X (0 = don't pay) among the amounts ``p`` can pay."""
    from manastack.rules.casting import available_mana
    top = available_mana(game, p)
    game.ask(ChoiceDecision(p, "choose_x", prompt, (_x_chosen, (p, then, args, rule)),
                            rule=rule, options=tuple(range(top + 1)), purpose="X",
                            explain=unpayable_x()))


def _x_chosen(game: GameState, action: Any, p: int, then: Any, args: tuple[Any, ...],
              rule: str) -> None:
    from manastack.game.mana import ManaCost
    from manastack.rules.casting import perform_payment, plan_payment
    x = int(action.items[0])
    if x > 0:
        cost = ManaCost.parse(f"{{{x}}}")
        payment = plan_payment(game, p, cost, None, paying=True)
        if payment is None:
            x = 0
        else:
            perform_payment(game, p, cost, payment, rule)
            game.note(rule, say("{who} pays {cost}", "{who} paie {cost}", who=game.who(p),
                                cost=Raw(f"{{{x}}}")))
    then(game, p, x, *args)


def deal(game: GameState, source: int, refs: Sequence[Any], n: int) -> None:
    from manastack.rules.damage import DamageItem, deal_damage
    if n > 0 and refs:
        deal_damage(game, [DamageItem(source, r, n) for r in refs])


def set_life(game: GameState, p: int, total: int, rule: str = "118.5") -> None:
    """118.5: "your life total becomes N": gain or lose the difference."""
    from manastack.rules.damage import gain_life, lose_life
    diff = total - game.players[p].life
    if diff > 0:
        gain_life(game, p, diff, rule)
    elif diff < 0:
        lose_life(game, p, -diff, rule)


def self_or_others(game: GameState, ctx: Ctx, then: Any) -> None:
    """"Target opponent chooses self or others" (ARC): ``then(game, ctx, chooser, choice)``."""
    opps = [r.index for r in ctx.target_refs(0) if isinstance(r, PlayerRef)]
    if not opps:
        return
    game.ask(ChoiceDecision(opps[0], "choose", f"{ctx.source_name}: choose self or others",
                            (_self_or_others, (ctx, then, opps[0])), rule="608.2d",
                            options=("self", "others"), purpose="self or others"))


#: The answers to "self or others", in the log.
_CHOICES: Final = {"self": Word("self", "soi-même"), "others": Word("others", "les autres")}


def _self_or_others(game: GameState, action: Any, ctx: Ctx, then: Any, chooser: int) -> None:
    choice = action.items[0]
    game.note("608.2d", say("{who} chooses {choice}", "{who} choisit {choice}",
                            who=game.who(chooser), choice=_CHOICES[choice]))
    then(game, ctx, chooser, choice)


def others_of(game: GameState, ctx: Ctx, chooser: int) -> list[int]:
    return [p for p in game.opponents(ctx.controller) if p != chooser]


TARGET_OPPONENT = target_of(opponent, "target opponent")

# ------------------------------------------------------------ one-shot schemes


def _all_in_good_time(game: GameState, ctx: Ctx) -> None:
    st = scheme_state(game, ctx.controller)
    if st is not None:
        st["no_motion_turn"] = game.turn_number + 1


define("All in Good Time", in_motion(
    seq(ExtraTurn(YOU), Custom(_all_in_good_time, "schemes can't be set in motion then")),
    "When you set this scheme in motion, take an extra turn after this one. Schemes can't be "
    "set in motion that turn."))

define("All Shall Smolder in My Wake", in_motion(
    seq(Destroy(T(0)), Destroy(T(1)), Destroy(T(2))),
    "When you set this scheme in motion, destroy up to one target artifact, up to one target "
    "enchantment, and up to one target nonbasic land.",
    targets=(up_to_one(artifact, "up to one target artifact"),
             up_to_one(enchantment, "up to one target enchantment"),
             up_to_one(land & where(lambda g, o: "Basic" not in g.chars(o).supertypes,
                                    "nonbasic"), "up to one target nonbasic land"))))


def _molten_realm(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.replacement import Replacement

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        return dataclasses.replace(e, amount=e.amount * 2)

    game.replacements.append(Replacement(
        "damage", lambda g, e: e.amount > 0, replace, ctx.controller, ctx.source,
        "Approach My Molten Realm (damage is doubled)",
        Duration("until_next_turn", player=ctx.controller)))
    game.note("614.1a", say("Until the archenemy's next turn, each source deals double damage",
                            "Jusqu'au prochain tour de l'archenemy, chaque source inflige "
                            "deux fois plus de blessures"))


define("Approach My Molten Realm", in_motion(
    Custom(_molten_realm), "When you set this scheme in motion, until your next turn, if a "
    "source would deal damage, it deals double that damage instead."))


def _behold(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.keyword_actions import destroy_all
    for r in ctx.target_refs(0):
        assert isinstance(r, PlayerRef)
        objs = [o for o in game.permanents(r.index) if not game.chars(o).is_land]
        destroy_all(game, objs, "701.7a",
                    say("{card}", "{card}",
                        card=Card(ctx.source, "Behold the Power of Destruction")))


define("Behold the Power of Destruction", in_motion(
    Custom(_behold), "When you set this scheme in motion, destroy all nonland permanents "
    "target opponent controls.", targets=(TARGET_OPPONENT,)))


def _embrace(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import draw, move, shuffle
    for p in game.apnap():
        pl = game.players[p]
        for oid in list(pl.hand) + list(pl.graveyard):
            move(game, game.obj(oid), Zone.LIBRARY, "701.18a", quiet=True)
        shuffle(game, p, "701.18a")
    draw(game, ctx.controller, 7, "120.1")
    for p in game.apnap():
        if p != ctx.controller:
            draw(game, p, 4, "120.1")


define("Embrace My Diabolical Vision", in_motion(
    Custom(_embrace), "When you set this scheme in motion, each player shuffles their hand "
    "and graveyard into their library. You draw seven cards, then each other player draws "
    "four cards."))


def _every_hope(game: GameState, ctx: Ctx) -> None:
    """Each opponent reveals their hand; you choose a nonland card from each; then those
    players discard those cards, all at once (one instruction, 608.2c)."""
    opps = tuple(game.opponents(ctx.controller))
    for p in opps:
        hand = game.players[p].hand
        game.note("701.14a", say("{who} reveals their hand: {cards}",
                                 "{who} révèle sa main : {cards}", who=game.who(p),
                                 cards=Items(game.named(i) for i in hand) if hand
                                 else say("no cards", "aucune carte")))
    _hope_choose(game, ctx.controller, opps, ())


def _hope_choose(game: GameState, me: int, opps: tuple[int, ...],
                 chosen: tuple[tuple[int, int], ...]) -> None:
    while len(chosen) < len(opps):
        p = opps[len(chosen)]
        cands = tuple(i for i in game.players[p].hand if not game.chars(game.obj(i)).is_land)
        if cands:
            game.ask(ChoiceDecision(me, "choose", f"Choose a nonland card from "
                                    f"{game.players[p].name}'s hand to be discarded",
                                    (_hope_chosen, (me, opps, chosen)), rule="701.8a",
                                    options=cands, purpose="discard"))
            return
        chosen += ((p, -1),)
    from manastack.rules.zones import discard
    for p, oid in chosen:
        if oid in game.players[p].hand:
            discard(game, p, game.obj(oid), "701.8a", cause=me)


def _hope_chosen(game: GameState, action: Any, me: int, opps: tuple[int, ...],
                 chosen: tuple[tuple[int, int], ...]) -> None:
    p = opps[len(chosen)]
    _hope_choose(game, me, opps, (*chosen, (p, int(action.items[0]))))


define("Every Hope Shall Vanish", in_motion(
    Custom(_every_hope), "When you set this scheme in motion, each opponent reveals their "
    "hand. Choose a nonland card from each of those hands. Those players discard those "
    "cards."))


def _fruition(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import create_token
    lands = len(permanents_where(game, ctx.controller, "Land"))
    token = ELEMENTAL if lands >= 10 else PLANT
    for _ in range(7):
        create_token(game, token, ctx.controller)


define("Evil Comes to Fruition", in_motion(
    Custom(_fruition), "When you set this scheme in motion, create seven 0/1 green Plant "
    "creature tokens. If you control ten or more lands, create seven 3/3 green Elemental "
    "creature tokens instead."))


def _flammable(game: GameState, ctx: Ctx) -> None:
    self_or_others(game, ctx, _flammable_done)


def _flammable_done(game: GameState, ctx: Ctx, chooser: int, choice: str) -> None:
    if choice == "self":
        deal(game, ctx.source, [PlayerRef(chooser)], 6)
    else:
        deal(game, ctx.source, [PlayerRef(p) for p in others_of(game, ctx, chooser)], 3)


define("The Fate of the Flammable", in_motion(
    Custom(_flammable), "When you set this scheme in motion, target opponent chooses self or "
    "others. If that player chooses self, this scheme deals 6 damage to them. If the player "
    "chooses others, this scheme deals 3 damage to each of your other opponents.",
    targets=(TARGET_OPPONENT,)))


def _choose_sacrifice(selector: Selector, n_self: int) -> Any:
    def then(game: GameState, ctx: Ctx, chooser: int, choice: str) -> None:
        if choice == "self":
            sacrifice_each(game, [chooser], selector, n_self, ctx.source)
        else:  # each of the other opponents chooses, then all sacrifice at once (101.4)
            sacrifice_each(game, others_of(game, ctx, chooser), selector, 1, ctx.source)
    return then


def _feed_machine(game: GameState, ctx: Ctx) -> None:
    self_or_others(game, ctx, _feed_done)


def _feed_done(game: GameState, ctx: Ctx, chooser: int, choice: str) -> None:
    _choose_sacrifice(creature, 2)(game, ctx, chooser, choice)


define("Feed the Machine", in_motion(
    Custom(_feed_machine), "When you set this scheme in motion, target opponent chooses self "
    "or others. If that player chooses self, they sacrifice two creatures. If the player "
    "chooses others, each of your other opponents sacrifices a creature.",
    targets=(TARGET_OPPONENT,)))


def _civilization(game: GameState, ctx: Ctx) -> None:
    self_or_others(game, ctx, _civilization_done)


def _civilization_done(game: GameState, ctx: Ctx, chooser: int, choice: str) -> None:
    _choose_sacrifice(land, 2)(game, ctx, chooser, choice)


define("May Civilization Collapse", in_motion(
    Custom(_civilization), "When you set this scheme in motion, target opponent chooses self "
    "or others. If that player chooses self, they sacrifice two lands. If the player chooses "
    "others, each of your other opponents sacrifices a land.", targets=(TARGET_OPPONENT,)))


def _surrender(game: GameState, ctx: Ctx) -> None:
    self_or_others(game, ctx, _surrender_done)


def _surrender_done(game: GameState, ctx: Ctx, chooser: int, choice: str) -> None:
    if choice == "self":
        discard_each(game, [chooser], 4, ctx.controller)
    else:
        discard_each(game, others_of(game, ctx, chooser), 2, ctx.controller)


define("Surrender Your Thoughts", in_motion(
    Custom(_surrender), "When you set this scheme in motion, target opponent chooses self or "
    "others. If that player chooses self, they discard four cards. If the player chooses "
    "others, each of your other opponents discards two cards.", targets=(TARGET_OPPONENT,)))


def _convulsions(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life, lose_life
    total = 0
    for p in game.opponents(ctx.controller):
        before = game.players[p].life
        lose_life(game, p, 3, "118.3")
        total += before - game.players[p].life
    gain_life(game, ctx.controller, total)


define("I Delight in Your Convulsions", in_motion(
    Custom(_convulsions), "When you set this scheme in motion, each opponent loses 3 life. "
    "You gain life equal to the life lost this way."))

define("The Iron Guardian Stirs", in_motion(
    CreateTokens(GOLEM), "When you set this scheme in motion, create a 4/6 colorless Golem "
    "artifact creature token."))


def _know_naught(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import DamageItem, deal_damage
    items = [DamageItem(ctx.source, PlayerRef(p), len(game.players[p].hand))
             for p in game.opponents(ctx.controller) if game.players[p].hand]
    if items:
        deal_damage(game, items)


define("Know Naught but Fire", in_motion(
    Custom(_know_naught), "When you set this scheme in motion, it deals damage to each "
    "opponent equal to the number of cards in that player's hand."))

define("Look Skyward and Despair", in_motion(
    CreateTokens(DRAGON), "When you set this scheme in motion, create a 5/5 red Dragon "
    "creature token with flying."))


def _mortal_flesh(game: GameState, ctx: Ctx) -> None:
    opps = game.opponents(ctx.controller)
    if not opps:
        return
    low = min(game.players[p].life for p in opps)
    for p in opps:
        set_life(game, p, low)


define("Mortal Flesh Is Weak", in_motion(
    Custom(_mortal_flesh), "When you set this scheme in motion, each opponent's life total "
    "becomes the lowest life total among your opponents."))


def _genius(game: GameState, ctx: Ctx) -> None:
    ask_x(game, ctx.controller, "My Genius Knows No Bounds: pay {X}? (0: don't pay)",
          _genius_paid, (), "117.3")


def _genius_paid(game: GameState, p: int, x: int) -> None:
    from manastack.rules.damage import gain_life
    from manastack.rules.zones import draw
    if x > 0:
        gain_life(game, p, x)
        draw(game, p, x, "120.1")


define("My Genius Knows No Bounds", in_motion(
    Custom(_genius), "When you set this scheme in motion, you may pay {X}. If you do, you "
    "gain X life and draw X cards."))


def _only_blood(game: GameState, ctx: Ctx) -> None:
    """Each opponent sacrifices a creature (chosen in APNAP order, sacrificed at once,
    101.4); then those who didn't (they had none) discard two cards, also at once."""
    opps = game.opponents(ctx.controller)
    none = [p for p in opps if not permanents_where(game, p, "Creature")]
    game.push(_only_blood_discard, none, ctx.controller)
    sacrifice_each(game, opps, creature, 1, ctx.source)


def _only_blood_discard(game: GameState, players: list[int], cause: int) -> None:
    discard_each(game, players, 2, cause)


define("Only Blood Ends Your Nightmares", in_motion(
    Custom(_only_blood), "When you set this scheme in motion, each opponent sacrifices a "
    "creature. Then each opponent who didn't sacrifice a creature discards two cards."))


def _realms(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.effects import SearchTo, is_basic_land
    SearchTo(is_basic_land, 2, Zone.BATTLEFIELD, tapped=True, reveal=False,
             text="Search your library for up to two basic land cards").resolve(game, ctx)


define("Realms Befitting My Majesty", in_motion(
    Custom(_realms), "When you set this scheme in motion, search your library for up to two "
    "basic land cards, put them onto the battlefield tapped, then shuffle."))

define("Roots of All Evil", in_motion(
    CreateTokens(SAPROLING, 5), "When you set this scheme in motion, create five 1/1 green "
    "Saproling creature tokens."))

define("Tooth, Claw, and Tail", in_motion(
    Destroy(T(0)), "When you set this scheme in motion, destroy up to three target nonland "
    "permanents.", targets=(target_of(nonland_permanent, "up to three target nonland "
                                      "permanents", count=3, min_count=0),)))


def _burns_brightest(game: GameState, ctx: Ctx) -> None:
    ask_x(game, ctx.controller, "Which of You Burns Brightest?: pay {X}? (0: don't pay)",
          _burns_paid, (ctx,), "117.3")


def _burns_paid(game: GameState, p: int, x: int, ctx: Ctx) -> None:
    if x <= 0:
        return
    for r in ctx.target_refs(0):
        assert isinstance(r, PlayerRef)
        refs: list[Any] = [r] + [o.id for o in game.creatures(r.index)]
        deal(game, ctx.source, refs, x)


define("Which of You Burns Brightest?", in_motion(
    Custom(_burns_brightest), "When you set this scheme in motion, you may pay {X}. If you "
    "do, this scheme deals X damage to target opponent and each creature they control.",
    targets=(TARGET_OPPONENT,)))


def _thrice_sealed(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    p = ctx.controller
    top = list(reversed(game.players[p].library[-3:]))
    game.note("701.14a", say("{who} reveals {cards}", "{who} révèle {cards}",
                             who=game.who(p), cards=Items(game.named(i) for i in top))
              if top else say("{who} reveals nothing", "{who} ne révèle rien",
                              who=game.who(p)))
    for oid in top:
        o = game.obj(oid)
        if game.chars(o).is_land:
            move(game, o, Zone.BATTLEFIELD, "608.2c", controller=p)
        else:
            move(game, o, Zone.HAND, "608.2c")


define("Your Fate Is Thrice Sealed", in_motion(
    Custom(_thrice_sealed), "When you set this scheme in motion, reveal the top three cards "
    "of your library. Put all land cards revealed this way onto the battlefield and the rest "
    "into your hand."))


def _puny_minds(game: GameState, ctx: Ctx) -> None:
    p = game.players[ctx.controller]
    st = scheme_state(game, ctx.controller)
    if st is not None and st["hand_size"] is None:
        st["hand_size"] = p.max_hand_size
    p.max_hand_size = None
    game.note("402.2", say("{who} has no maximum hand size until their next turn",
                           "{who} n'a plus de taille maximale de main jusqu'à son prochain "
                           "tour", who=game.who(ctx.controller)))


define("Your Puny Minds Cannot Fathom", in_motion(
    seq(Draw(4), Custom(_puny_minds)), "When you set this scheme in motion, draw four cards. "
    "You have no maximum hand size until your next turn."))


def _your_will(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.effects import Grant, Pump, threaten
    threaten(game, ctx)
    Pump(3, 3, T(0)).resolve(game, ctx)
    Grant(("trample",), T(0)).resolve(game, ctx)


define("Your Will Is Not Your Own", in_motion(
    Custom(_your_will), "When you set this scheme in motion, gain control of target creature "
    "an opponent controls until end of turn. Untap that creature. It gets +3/+3 and gains "
    "trample and haste until end of turn.",
    targets=(target_of(creature & ~you_control, "target creature an opponent controls"),)))


def _earthen_maw(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    for i in (0, 1):
        for r in ctx.target_refs(i):
            o = game.get(r)
            if o is not None and o.zone == Zone.BATTLEFIELD:
                move(game, o, Zone.EXILE, "406.2")
    for r in ctx.target_refs(2):
        assert isinstance(r, PlayerRef)
        for oid in list(game.players[r.index].graveyard):
            move(game, game.obj(oid), Zone.EXILE, "406.2")


define("Into the Earthen Maw", in_motion(
    Custom(_earthen_maw), "When you set this scheme in motion, exile up to one target "
    "creature with flying, up to one target creature without flying, and all cards from up "
    "to one target opponent's graveyard.",
    targets=(up_to_one(creature & with_keyword("flying"), "up to one target creature with "
                       "flying"),
             up_to_one(creature & ~with_keyword("flying"), "up to one target creature "
                       "without flying"),
             up_to_one(opponent, "up to one target opponent"))))


def _ancient_magics(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.effects import any_card, search_library
    me = ctx.controller
    game.push(search_library, me, any_card, 0, 2, _magics_found, (me,),
              "Search your library for two cards")
    for p in reversed([q for q in game.apnap() if q != me]):
        game.push(search_library, p, any_card, 0, 1, _magics_found, (p,),
                  "Search your library for a card")


def _magics_found(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.zones import move, shuffle
    for oid in action.items:
        move(game, game.obj(oid), Zone.HAND, "701.18a")
    shuffle(game, p, "701.18a")


define("I Call on the Ancient Magics", in_motion(
    Custom(_ancient_magics), "When you set this scheme in motion, each other player searches "
    "their library for a card, reveals it, and puts it into their hand. Then you search your "
    "library for two cards and put them into your hand. Each player shuffles."))

# ------------------------------------------------------------ ongoing schemes (904.11)


def _abandon_self(game: GameState, ctx: Ctx) -> None:
    from manastack.variants.archenemy import abandon
    abandon(game, ctx.source)


def _my_creature_died(game: GameState, e: Any, src: GameObject) -> bool:
    lki = e.data.get("lki")
    return e.data.get("from_zone") == Zone.BATTLEFIELD and e.data.get("to_zone") == \
        Zone.GRAVEYARD and lki is not None and lki.is_creature and \
        lki.controller == game.controller(src)


define("The Very Soil Shall Shake",
       command_static(anthem(creature & you_control, 2, 2, "Creatures you control get +2/+2 "
                             "and have trample.", keywords=("trample",))),
       command_trigger(ev.ZONE_CHANGE, _my_creature_died, Custom(_abandon_self),
                       "When a creature you control dies, abandon this scheme."))


def _nothing_can_stop(game: GameState, src: GameObject) -> list[Any]:
    from manastack.rules.replacement import Replacement
    me = game.controller(src)

    def applies(g: GameState, e: ProposedDamage) -> bool:
        t = e.target
        if not (isinstance(t, PlayerRef) and t.index == me and e.amount > 0):
            return False
        s = g.get(e.source)
        return s is not None and g.controller(s) != me

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        return dataclasses.replace(e, amount=e.amount - 1)

    return [Replacement("damage", applies, replace, me, src.id,
                        "Nothing Can Stop Me Now (prevent 1 of that damage)",
                        is_prevention=True)]


def _dealt_five(game: GameState, src: GameObject) -> bool:
    st = scheme_state(game, src.owner)
    return st is not None and st["damage_taken"] >= 5


define("Nothing Can Stop Me Now",
       StaticAbility(replacements=_nothing_can_stop, zones=CMD,
                     text="If a source an opponent controls would deal damage to you, "
                          "prevent 1 of that damage."),
       command_trigger(ev.STEP_BEGAN, lambda g, e, s: e.data.get("step") == "end",
                       Custom(_abandon_self), "At the beginning of each end step, if you've "
                       "been dealt 5 or more damage this turn, abandon this scheme.",
                       intervening_if=_dealt_five))


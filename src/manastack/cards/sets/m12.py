"""Behaviour of Magic 2012 cards (M12), following current Oracle text.

Every M12 card with behaviour that wasn't printed in M11 is defined here, by colour,
then by the engine features the later sections' cards use.  Cards whose Oracle text is
only keywords the rules implement need no entry.  Cards printed in both M11 and M12 live
in :mod:`manastack.cards.sets.m11`.  Nothing here is imported by another set: pieces
several sets share are in :mod:`manastack.cards.effects`, :mod:`manastack.cards.vocab`
and :mod:`manastack.cards.tokens`.

Conventions of this module:

* Choices made while a spell or ability resolves ask a
  :class:`~manastack.game.decisions.ChoiceDecision` and continue in a module-level
  resume function (never blocking).
* Closures kept in game state (durations, layer effects, delayed triggers)
  only capture ids and player indexes, never a ``Game``, so that
  :meth:`Game.copy` stays independent.
* Effects that change game rules rather than characteristics ("can't block",
  "doesn't untap") are not part of the layer system (CR 613 layers only
  characteristics); they are applied after every layer (``RULES_LAYER``) so
  they see final characteristics and "loses all abilities" can't remove them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE,
    CREATURE_OR_PLAYER,
    PLAYER,
    ActivatedAbility,
    Cost,
    ManaProduction,
    Selector,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    another,
    artifact,
    attacking,
    blocking,
    card_in,
    cost,
    creature,
    creature_or_player,
    enchantment,
    land,
    make_card,
    of_color,
    of_type,
    opponent,
    opponent_controls,
    owned_by_you,
    permanent,
    player,
    tapped,
    target_of,
    with_keyword,
    with_subtype,
    you_control,
)
from manastack.cards.dsl import cost as C
from manastack.cards.effects import (
    ATTACHED,
    EACH,
    EACH_PLAYER,
    SELF,
    TRIGGER,
    AddCounters,
    CreateTokens,
    Custom,
    DealDamage,
    Destroy,
    Discard,
    DoesntUntapNext,
    Draw,
    Effect,
    GainLife,
    Grant,
    LoseLife,
    Mill,
    MoveTo,
    Pump,
    Regenerate,
    Sacrifice,
    SacrificeOfChoice,
    Skip,
    T,
    Tap,
    X,
    doesnt_untap_next,
    is_basic_land,
    layered_effect,
    players_of,
    seq,
    unpayable_x,
)
from manastack.cards.registry import define
from manastack.cards.tokens import BEAST, SAPROLING, ZOMBIE
from manastack.cards.vocab import (
    activated,
    add_subtypes,
    anthem,
    at_beginning_of,
    attached_bonus,
    aura,
    equipment,
    grant_flags_effect,
    greatest_power,
    hook,
    loyalty,
    on_battlefield,
    self_pump_if,
    spell_ability,
    this_card_in_graveyard,
    when_another_enters,
    when_attacks,
    when_becomes_target,
    when_blocks,
    when_cast,
    when_dealt_damage,
    when_dies,
    when_enters,
    when_leaves,
)
from manastack.game.decisions import ChoiceDecision, Choose
from manastack.game.mana import ManaCost
from manastack.game.objects import Characteristics, GameObject, PlayerRef, Ref, Zone
from manastack.lines import NOTHING, Card, Items, Line, Place, Raw, Word, say
from manastack.rules.copies import copy_spell, spell_snapshot
from manastack.rules.keywords import bloodthirst
from manastack.rules.layers import (
    RULES_LAYER,
    Duration,
    LayerEffect,
    add_abilities,
    add_effect,
    add_keywords,
    modify_pt,
    remove_all_abilities,
    set_controller,
    set_pt,
)
from manastack.rules.prevention import prevented_line
from manastack.rules.replacement import ProposedDamage, Replacement
from manastack.rules.static import RuleEffect, add_rule_effect

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState

LayerFn = Callable[["GameState", GameObject, Characteristics], None]


CREATURE_YOU_CONTROL = target_of(creature & you_control, "target creature you control")
OPPONENT = target_of(opponent, "target opponent")

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: The colours in French, for the log.
_FRENCH_COLORS = {"white": "blanc", "blue": "bleu", "black": "noir", "red": "rouge",
                  "green": "vert"}

SOLDIER = make_card("Soldier", types=("Creature",), subtypes=("Soldier",), power=1,
                    toughness=1, colors=("W",), is_token=True)


# ---------------------------------------------------------------- small helpers


def _lki_object(game: GameState, oid: int) -> GameObject | None:
    """The object, or its last known information if it left the battlefield (608.2g)."""
    o = game.get(oid)
    if o is not None:
        return o
    entry = game.lki.get(oid)
    return entry[0] if entry is not None else None


def _lki_chars(game: GameState, oid: int) -> Characteristics | None:
    o = game.get(oid)
    if o is not None:
        return game.chars(o)
    entry = game.lki.get(oid)
    return entry[1] if entry is not None else None


def _on_battlefield(game: GameState, oid: Ref | None) -> GameObject | None:
    o = game.get(oid)
    return o if o is not None and o.zone == Zone.BATTLEFIELD else None


def _controls_named(game: GameState, player_: int, *names: str) -> bool:
    """"You control artifacts named A and B" (each name at least once)."""
    have = {game.chars(o).name for o in game.permanents(player_)
            if "Artifact" in game.chars(o).types}
    return all(n in have for n in names)


def _sacrifice(game: GameState, o: GameObject, player_: int) -> bool:
    """``player_`` sacrifices ``o`` if it's a permanent they control (CR 701.15a)."""
    from manastack.rules.zones import move
    if o.zone != Zone.BATTLEFIELD or game.controller(o) != player_:
        return False
    move(game, o, Zone.GRAVEYARD, "701.15a",
         verb=say("{card} is sacrificed", "{card} est sacrifié", card=Card(o.id, o.name)))
    return True


def _sacrifice_source(game: GameState, ctx: Ctx) -> None:
    o = _on_battlefield(game, ctx.source)
    if o is not None:
        _sacrifice(game, o, ctx.controller)


def _library_cards(game: GameState, p: int) -> list[GameObject]:
    return [game.obj(i) for i in game.players[p].library]


def _card_types(game: GameState, o: GameObject) -> frozenset[str]:
    return game.chars(o).types


def _source(ctx: Ctx) -> Card:
    """The source of the resolving spell or ability, as an argument of a line of the log."""
    return Card(ctx.source, ctx.source_name)


def _enters_with_plus(obj: GameObject, n: int, x: bool = False) -> Line:
    """The line "X enters the battlefield with N +1/+1 counters" (614.1c), with " (X)"
    when ``n`` is the spell's X."""
    card = Card(obj.id, obj.name)
    of_x = say(" (X)", " (X)") if x else NOTHING
    if n <= 1:
        return say("{card} enters the battlefield with {n} +1/+1 counters{x}",
                   "{card} arrive sur le champ de bataille avec {n} marqueur +1/+1{x}",
                   card=card, n=n, x=of_x)
    return say("{card} enters the battlefield with {n} +1/+1 counters{x}",
               "{card} arrive sur le champ de bataille avec {n} marqueurs +1/+1{x}",
               card=card, n=n, x=of_x)


def _returns_to_hand(game: GameState, o: GameObject) -> Line:
    """The line "X returns to Alice's hand"."""
    return say("{card} returns to {hand}", "{card} retourne dans {hand:le}",
               card=Card(o.id, o.name), hand=Place(Zone.HAND, game.who(o.owner)))


def _reveals(game: GameState, p: int, ids: Sequence[int]) -> Line:
    """The line "Alice reveals A, B" (701.14a), "Alice reveals nothing"."""
    if not ids:
        return say("{who} reveals nothing", "{who} ne révèle rien", who=game.who(p))
    return say("{who} reveals {cards}", "{who} révèle {cards}", who=game.who(p),
               cards=Items(Card(i, game.obj(i).name) for i in ids))


def _reveals_hand(game: GameState, p: int) -> Line:
    """The line "Alice reveals their hand: A, B" (701.14a), "...: no cards"."""
    hand = game.players[p].hand
    return say("{who} reveals their hand: {cards}", "{who} révèle sa main : {cards}",
               who=game.who(p), cards=Items(Card(i, game.obj(i).name) for i in hand)
               if hand else say("no cards", "aucune carte"))


def _emit_discard(game: GameState, o: GameObject, p: int, rule: str = "701.8a",
                  cause: int | None = None) -> GameObject:
    """``p`` discards ``o`` because of a spell or ability ``cause`` controls (701.8a)."""
    from manastack.rules.zones import discard
    return discard(game, p, o, rule, cause=cause)


def _set_subtypes(*subtypes: str) -> LayerFn:
    """Layer 4: "becomes a [creature type]" replaces its creature types (CR 205.1a)."""
    new = frozenset(subtypes)

    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.subtypes = new | (c.subtypes & NONCREATURE_SUBTYPES)
    return f


def _set_colors(*colors: str) -> LayerFn:
    new = frozenset(colors)

    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.colors = new
    return f


NONCREATURE_SUBTYPES = frozenset({
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus",
    "Mine", "Power-Plant", "Tower", "Urza's", "Equipment", "Fortification", "Contraption",
    "Vehicle", "Clue", "Food", "Treasure", "Aura", "Curse", "Shrine", "Saga", "Cartouche",
})


def _track_host(src: GameObject) -> Ref | None:
    """What an Aura or Equipment is attached to (or was, as it last existed, 608.2g)."""
    return src.attached_to if src.attached_to is not None else \
        src.memory.get("was_attached_to")


def _self_bonus(cond: Callable[[GameState, GameObject], bool], power: int, toughness: int,
                text: str, keywords: Sequence[str] = ()) -> StaticAbility:
    """"As long as [condition], this creature gets +N/+M and has [keywords]"."""
    return self_pump_if(cond, power, toughness, text, keywords)


def _anthem(selector: Selector, power: int, toughness: int, text: str,
            keywords: Sequence[str] = ()) -> StaticAbility:
    """"[Selector] you control get +N/+M and have [keywords]": "you" is the source's
    controller after layer 2 (:func:`manastack.cards.vocab.anthem` re-evaluates it at
    each layer)."""
    return anthem(selector & you_control, power, toughness, text, keywords)


def _while_controls(source_id: int, player_: int) -> Callable[[GameState], bool]:
    """"For as long as you control [source]" (CR 611.2b)."""
    def pred(game: GameState) -> bool:
        o = game.get(source_id)
        return o is not None and o.zone == Zone.BATTLEFIELD and not o.phased_out and \
            game.chars(o).controller == player_
    return pred


def _gain_control(game: GameState, ctx: Ctx, oid: int, duration: Duration | None = None) -> None:
    """Layer 2: ``ctx.controller`` gains control of ``oid`` (302.6: it is "new" to them)."""
    o = _on_battlefield(game, oid)
    if o is None:
        return
    add_effect(game, LayerEffect("2", set_controller(ctx.controller), frozenset({oid}),
                                 ctx.controller, ctx.source,
                                 duration=duration or Duration("permanent"),
                                 text=f"{ctx.source_name}: control of {o.name}"))
    game.note("613.1b", say("{who} gains control of {card}",
                            "{who} acquiert le contrôle {card:de}",
                            who=game.who(ctx.controller), card=Card(o.id, o.name)))


# ---------------------------------------------------------------- resolution-time choices


def _search_library(game: GameState, p: int, cands: Sequence[int], max_n: int, min_n: int,
                    then: Callable[..., None], args: tuple[Any, ...], what: Line) -> None:
    """Search ``p``'s library (CR 701.17) for ``what`` ("a card"): choose between
    ``min_n`` and ``max_n`` of ``cands``, then ``then(game, ids, *args)`` (which also
    shuffles)."""
    max_n = min(max_n, len(cands))
    min_n = min(min_n, max_n)
    game.note("701.17a", say("{who} searches their library for {what}",
                             "{who} cherche {what} dans sa bibliothèque", who=game.who(p),
                             what=what))
    if max_n == 0:
        then(game, (), *args)
        return
    game.ask(ChoiceDecision(p, "choose", f"Search your library for {what.render()}",
                            (_searched, (then, args)),
                            rule="701.17d" if min_n > 0 else "701.17b", options=tuple(cands),
                            min_count=min_n, max_count=max_n, purpose="search"))


def _searched(game: GameState, action: Any, then: Callable[..., None], args: tuple[Any, ...]
              ) -> None:
    then(game, tuple(action.items), *args)


def _shuffle(game: GameState, p: int) -> None:
    from manastack.rules.zones import shuffle
    shuffle(game, p, "701.18a")


def _basic_land_to_battlefield(game: GameState, ctx: Ctx) -> None:
    """Rampant Growth, Solemn Simulacrum: a basic land card onto the battlefield tapped."""
    p = ctx.controller
    cands = [o.id for o in _library_cards(game, p) if is_basic_land(game, o)]
    _search_library(game, p, cands, 1, 0, _put_lands_tapped, (p,),
                    say("a basic land card", "une carte de terrain de base"))


def _put_lands_tapped(game: GameState, ids: tuple[int, ...], p: int) -> None:
    from manastack.rules.zones import move
    for oid in ids:
        move(game, game.obj(oid), Zone.BATTLEFIELD, "701.17a", controller=p, tapped=True,
             verb=say("{card} is put onto the battlefield tapped",
                      "{card} est mis sur le champ de bataille engagé",
                      card=Card(oid, game.obj(oid).name)))
    _shuffle(game, p)


# ================================================================ WHITE


# Aegis Angel: "another target permanent gains indestructible for as long as you control
# this creature".
def _aegis(game: GameState, ctx: Ctx) -> None:
    pred = _while_controls(ctx.source, ctx.controller)
    if not pred(game):
        game.note("611.2b", say("{card} is no longer controlled by its controller: the "
                                "effect has no duration and does nothing",
                                "{card} n'est plus contrôlé par son contrôleur : l'effet n'a "
                                "pas de durée et ne fait rien", card=_source(ctx)))
        return
    for t in ctx.target_refs(0):
        if isinstance(t, int) and _on_battlefield(game, t) is not None:
            add_effect(game, LayerEffect("6", add_keywords("indestructible"),
                                         frozenset({t}), ctx.controller, ctx.source,
                                         duration=Duration("while", predicate=pred),
                                         text=f"{ctx.source_name}: indestructible"))


define("Aegis Angel", when_enters(
    Custom(_aegis, "another target permanent gains indestructible for as long as you "
                   "control this creature"),
    "When this creature enters, another target permanent gains indestructible for as "
    "long as you control this creature.",
    targets=[target_of(permanent & another, "another target permanent")]))

define("Alabaster Mage", activated(
    "{1}{W}", Grant(("lifelink",), T(0)),
    "{1}{W}: Target creature you control gains lifelink until end of turn.",
    targets=[CREATURE_YOU_CONTROL]))

define("Angel's Mercy", spell=spell_ability(GainLife(7)))


# Angelic Destiny
def _angelic_destiny_condition(game: GameState, e: ev.Event, src: GameObject) -> bool:
    d = e.data
    return d.get("from_zone") == Zone.BATTLEFIELD and d.get("to_zone") == Zone.GRAVEYARD \
        and d.get("old") is not None and d.get("old") == _track_host(src)


def _return_this_card_to_hand(game: GameState, ctx: Ctx) -> None:
    """"Return this card to its owner's hand": the card it became in the graveyard."""
    from manastack.rules.zones import move
    old = _lki_object(game, ctx.source)
    if old is None:
        return
    for oid in reversed(game.players[old.owner].graveyard):
        o = game.obj(oid)
        if o.uid == old.uid and o.came_from == Zone.BATTLEFIELD:
            move(game, o, Zone.HAND, "400.7", verb=_returns_to_hand(game, o))
            return


define("Angelic Destiny",
       attached_bonus((4, 4), ("flying", "first strike"), ("Angel",),
                      text="Enchanted creature gets +4/+4, has flying and first strike, "
                           "and is an Angel in addition to its other types."),
       TriggeredAbility(ev.ZONE_CHANGE, Custom(_return_this_card_to_hand),
                        condition=_angelic_destiny_condition,
                        text="When enchanted creature dies, return this card to its owner's "
                             "hand."),
       spell=SpellAbility(targets=(CREATURE,)))


# Arbalest Elite
def _arbalest_stays_tapped(game: GameState, ctx: Ctx) -> None:
    if _on_battlefield(game, ctx.source) is not None:
        doesnt_untap_next(game, ctx, [ctx.source], ctx.controller)


define("Arbalest Elite", activated(
    "{2}{W}", seq(DealDamage(3, T(0)), Custom(_arbalest_stays_tapped)),
    "{2}{W}, {T}: This creature deals 3 damage to target attacking or blocking creature. "
    "This creature doesn't untap during your next untap step.",
    targets=[target_of(creature & (attacking | blocking),
                       "target attacking or blocking creature")], tap=True))

define("Archon of Justice", when_dies(
    MoveTo(T(0), Zone.EXILE, "406.2"), "When this creature dies, exile target permanent.",
    targets=[target_of(permanent, "target permanent")]))

define("Benalish Veteran", when_attacks(
    Pump(1, 1, SELF), "Whenever this creature attacks, it gets +1/+1 until end of turn."))

define("Demystify", spell=spell_ability(Destroy(T(0)),
                                   target_of(enchantment, "target enchantment")))

define("Divine Favor", **aura(creature, pt=(1, 3), extra=(
    when_enters(GainLife(3), "When this Aura enters, you gain 3 life."),)))


# Gideon's Avenger
def _opp_creature_tapped(game: GameState, e: ev.Event, src: GameObject) -> bool:
    o = game.get(e.data.get("object"))
    return o is not None and o.zone == Zone.BATTLEFIELD and game.chars(o).is_creature and \
        game.is_opponent(game.controller(src), game.controller(o))  # 102.3


define("Gideon's Avenger", TriggeredAbility(
    ev.TAPPED, AddCounters("+1/+1", 1, SELF), condition=_opp_creature_tapped,
    text="Whenever a creature an opponent controls becomes tapped, put a +1/+1 counter on "
         "this creature."))

define("Gideon's Lawkeeper", activated(
    "{W}", Tap(T(0)), "{W}, {T}: Tap target creature.", targets=[CREATURE], tap=True))


def _controls_griffin(game: GameState, me: GameObject) -> bool:
    ctrl = game.chars(me).controller
    return any("Griffin" in game.chars(o).subtypes and game.chars(o).is_creature
               for o in game.permanents(ctrl))


define("Griffin Rider", _self_bonus(
    _controls_griffin, 3, 3, "As long as you control a Griffin creature, this creature gets "
    "+3/+3 and has flying.", keywords=("flying",)))

define("Guardians' Pledge", spell=spell_ability(
    Pump(2, 2, EACH(creature & you_control & of_color("W")))))


# Mesa Enchantress
def _enchantment_spell(game: GameState, sp: GameObject, me: int) -> bool:
    return "Enchantment" in game.chars(sp).types


define("Mesa Enchantress", when_cast(
    _enchantment_spell, Draw(1), "Whenever you cast an enchantment spell, you may draw a "
    "card.", optional=True))


# Oblivion Ring
def _oring_exile(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    for t in ctx.target_refs(0):
        o = _on_battlefield(game, t)
        if o is None:
            continue
        new = move(game, o, Zone.EXILE, "406.2",
                   verb=say("{card} is exiled by {source}", "{card} est exilé par {source}",
                            card=Card(o.id, o.name), source=_source(ctx)))
        ring = _on_battlefield(game, ctx.source)
        if ring is not None:
            ring.memory["exiled"] = new.id


def _oring_return(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.entering import put_onto_battlefield
    ring = _lki_object(game, ctx.source)
    oid = ring.memory.get("exiled") if ring is not None else None
    o = game.get(oid)
    if o is None or o.zone != Zone.EXILE:
        return
    put_onto_battlefield(game, o, o.owner, "610.3",
                         verb=say("{card} returns to the battlefield under {who}'s control",
                                  "{card} revient sur le champ de bataille sous le contrôle "
                                  "{who:de}", card=Card(o.id, o.name), who=game.who(o.owner)))


define("Oblivion Ring",
       when_enters(Custom(_oring_exile, "exile another target nonland permanent"),
                   "When this enchantment enters, exile another target nonland permanent.",
                   targets=[target_of(permanent & ~of_type("Land") & another,
                                      "another target nonland permanent")]),
       when_leaves(Custom(_oring_return, "return the exiled card"),
                   "When this enchantment leaves the battlefield, return the exiled card "
                   "to the battlefield under its owner's control."))


# Personal Sanctuary
def _sanctuary(game: GameState, src: GameObject) -> list[Replacement]:
    me = game.controller(src)
    sid = src.id

    def applies(g: GameState, e: ProposedDamage) -> bool:
        return g.is_active(me) and e.target == PlayerRef(me) and \
            not e.unpreventable and e.amount > 0

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        g.note("615.1", prevented_line(e.amount, g.who(me), Card(sid, "Personal Sanctuary")))
        return dataclasses.replace(e, amount=0, prevented=e.prevented + e.amount)

    return [Replacement("damage", applies, replace, me, src.id,
                        "Personal Sanctuary (prevent all damage dealt to you during your "
                        "turn)", is_prevention=True)]


define("Personal Sanctuary", StaticAbility(
    replacements=_sanctuary,
    text="During your turn, prevent all damage that would be dealt to you."))

define("Pride Guardian", when_blocks(GainLife(3), "Whenever this creature blocks, you gain 3 "
                                                  "life."))

define("Spirit Mantle", **aura(creature, pt=(1, 1), keywords=("protection from creatures",),
                               text="Enchanted creature gets +1/+1 and has protection from "
                                    "creatures."))


# Stave Off
def _stave_off(game: GameState, ctx: Ctx) -> None:
    targets = ctx.target_refs(0)
    if not targets:
        return
    game.ask(ChoiceDecision(ctx.controller, "choose", "Choose a color",
                            (_stave_off_color, (ctx,)), rule="105.4",
                            options=tuple(COLOR_WORDS), purpose="color"))


def _stave_off_color(game: GameState, action: Any, ctx: Ctx) -> None:
    color = action.items[0]
    game.note("105.4", say("{who} chooses {color}", "{who} choisit {color}",
                           who=game.who(ctx.controller),
                           color=Word(color, _FRENCH_COLORS[color])))
    Grant((f"protection from {color}",), T(0)).resolve(game, ctx)


define("Stave Off", spell=spell_ability(
    Custom(_stave_off, "target creature gains protection from the color of your choice "
                       "until end of turn"), CREATURE))

define("Stonehorn Dignitary", when_enters(
    Skip("phase", "combat", T(0)),
    "When this creature enters, target opponent skips their next combat phase.",
    targets=[OPPONENT]))


# Timely Reinforcements
def _timely(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life
    from manastack.rules.zones import create_token
    me = ctx.controller
    opps = game.opponents(me)
    if any(game.players[me].life < game.players[o].life for o in opps):
        gain_life(game, me, 6)
    mine = len(game.creatures(me))
    if any(mine < len(game.creatures(o)) for o in opps):
        for _ in range(3):
            create_token(game, SOLDIER, me)


define("Timely Reinforcements", spell=spell_ability(Custom(
    _timely, "If you have less life than an opponent, you gain 6 life. If you control "
             "fewer creatures than an opponent, create three 1/1 white Soldier tokens.")))

# ================================================================ BLUE

define("Azure Mage", activated("{3}{U}", Draw(1), "{3}{U}: Draw a card."))

define("Belltower Sphinx", when_dealt_damage(
    Mill(lambda g, ctx: int(ctx.data.get("amount", 0)), TRIGGER("source_controller")),
    "Whenever a source deals damage to this creature, that source's controller mills that "
    "many cards."))

define("Chasm Drake", when_attacks(
    Grant(("flying",), T(0)),
    "Whenever this creature attacks, target creature you control gains flying until end of "
    "turn.", targets=[CREATURE_YOU_CONTROL]))

define("Flight", **aura(creature, keywords=("flying",), text="Enchanted creature has "
                                                             "flying."))


define("Frost Breath", spell=spell_ability(
    seq(Tap(T(0)), DoesntUntapNext(T(0))),
    target_of(creature, "up to two target creatures", count=2, min_count=0)))


# Jace's Archivist
def _archivist(game: GameState, ctx: Ctx) -> None:
    most = 0
    for p in game.apnap():
        hand = list(game.players[p].hand)
        for oid in hand:
            _emit_discard(game, game.obj(oid), p, cause=ctx.controller)
        most = max(most, len(hand))
    from manastack.rules.zones import draw
    for p in game.apnap():
        draw(game, p, most, "120.1")


define("Jace's Archivist", activated(
    "{U}", Custom(_archivist, "each player discards their hand, then draws"),
    "{U}, {T}: Each player discards their hand, then draws cards equal to the greatest "
    "number of cards a player discarded this way.", tap=True))

define("Levitation", _anthem(creature, 0, 0, "Creatures you control have flying.",
                             keywords=("flying",)))

define("Lord of the Unreal", _anthem(
    creature & with_subtype("Illusion"), 1, 1,
    "Illusion creatures you control get +1/+1 and have hexproof.", keywords=("hexproof",)))


# Master Thief
def _master_thief(game: GameState, ctx: Ctx) -> None:
    pred = _while_controls(ctx.source, ctx.controller)
    if not pred(game):
        return
    for t in ctx.target_refs(0):
        if isinstance(t, int):
            _gain_control(game, ctx, t, Duration("while", predicate=pred))


define("Master Thief", when_enters(
    Custom(_master_thief, "gain control of target artifact for as long as you control this "
                          "creature"),
    "When this creature enters, gain control of target artifact for as long as you control "
    "this creature.", targets=[target_of(artifact, "target artifact")]))

define("Merfolk Looter", activated(
    None, seq(Draw(1), Discard(1)), "{T}: Draw a card, then discard a card.", tap=True))

define("Merfolk Mesmerist", activated(
    "{U}", Mill(2, T(0)), "{U}, {T}: Target player mills two cards.", targets=[PLAYER],
    tap=True))


def _lore_counters(game: GameState, ctx: Ctx) -> int:
    o = _lki_object(game, ctx.source)
    return o.counters.get("lore", 0) if o is not None else 0


define("Mind Unbound", at_beginning_of(
    "upkeep", seq(AddCounters("lore", 1, SELF), Draw(_lore_counters)),
    "At the beginning of your upkeep, put a lore counter on this enchantment, then draw a "
    "card for each lore counter on this enchantment."))

_PHANTASMAL = when_becomes_target(
    Custom(_sacrifice_source, "sacrifice it"),
    "When this creature becomes the target of a spell or ability, sacrifice it.")
define("Phantasmal Bear", _PHANTASMAL)
define("Phantasmal Dragon", _PHANTASMAL)


# Ponder
def _ponder(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    top = tuple(reversed(game.players[p].library[-3:]))  # top first
    if len(top) > 1:
        game.ask(ChoiceDecision(p, "choose", "Put the top cards back in any order (first "
                                "chosen = top of library)", (_ponder_ordered, (p, top)),
                                rule="401.4", options=top, min_count=len(top),
                                max_count=len(top), ordered=True, purpose="order library"))
        return
    _ponder_ask_shuffle(game, p)


def _ponder_ordered(game: GameState, action: Any, p: int, top: tuple[int, ...]) -> None:
    from manastack.rules.zones import arrange_library
    arrange_library(game, p, top=action.items)  # the same cards, the first chosen on top
    game.note("401.4", say("{who} puts {n} cards back on top of their library in the order "
                           "of their choice",
                           "{who} remet {n} cartes au-dessus de sa bibliothèque dans l'ordre "
                           "de son choix", who=game.who(p), n=len(top)))
    _ponder_ask_shuffle(game, p)


def _ponder_ask_shuffle(game: GameState, p: int) -> None:
    game.ask(ChoiceDecision(p, "may", "Shuffle your library?", (_ponder_shuffle, (p,)),
                            rule="701.18a", options=("yes", "no"), purpose="shuffle"))


def _ponder_shuffle(game: GameState, action: Any, p: int) -> None:
    if action.items[0] == "yes":
        _shuffle(game, p)


define("Ponder", spell=spell_ability(seq(
    Custom(_ponder, "Look at the top three cards of your library, then put them back in any "
                    "order. You may shuffle."), Draw(1))))

define("Skywinder Drake", flags=("can block only creatures with flying",))


# Sphinx of Uthuun
def _uthuun(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    cards = tuple(reversed(game.players[p].library[-5:]))
    if not cards:
        return
    game.note("701.14a", _reveals(game, p, cards))
    opps = game.opponents(p)
    if len(opps) > 1:
        game.ask(ChoiceDecision(p, "choose", "Choose an opponent to separate the piles",
                                (_uthuun_opp, (p, cards)), rule="101.4",
                                options=tuple(PlayerRef(o) for o in opps), purpose="opponent"))
        return
    _uthuun_piles(game, opps[0] if opps else p, p, cards)


def _uthuun_opp(game: GameState, action: Any, p: int, cards: tuple[int, ...]) -> None:
    _uthuun_piles(game, action.items[0].index, p, cards)


def _uthuun_piles(game: GameState, sep: int, p: int, cards: tuple[int, ...]) -> None:
    game.ask(ChoiceDecision(sep, "choose", "Separate the revealed cards into two piles: "
                            "choose the cards of the first pile", (_uthuun_pick, (p, cards)),
                            rule="700.3", options=cards, min_count=0, max_count=len(cards),
                            purpose="first pile"))


def _uthuun_pick(game: GameState, action: Any, p: int, cards: tuple[int, ...]) -> None:
    pile1 = tuple(action.items)
    pile2 = tuple(c for c in cards if c not in pile1)
    game.note("700.3", say("Piles: [{first}] and [{second}]", "Tas : [{first}] et [{second}]",
                           first=Items(Card(i, game.obj(i).name) for i in pile1),
                           second=Items(Card(i, game.obj(i).name) for i in pile2)))
    game.ask(ChoiceDecision(p, "choose", "Choose the pile to put into your hand (the other "
                            "goes to your graveyard)", (_uthuun_done, (p, pile1, pile2)),
                            rule="700.3", options=("first pile", "second pile"),
                            purpose="pile"))


def _uthuun_done(game: GameState, action: Any, p: int, pile1: tuple[int, ...],
                 pile2: tuple[int, ...]) -> None:
    from manastack.rules.zones import move
    hand, yard = (pile1, pile2) if action.items[0] == "first pile" else (pile2, pile1)
    for oid in hand:
        move(game, game.obj(oid), Zone.HAND, "700.3")
    for oid in yard:
        move(game, game.obj(oid), Zone.GRAVEYARD, "700.3")


define("Sphinx of Uthuun", when_enters(
    Custom(_uthuun, "reveal the top five cards; an opponent separates them into two piles"),
    "When this creature enters, reveal the top five cards of your library. An opponent "
    "separates those cards into two piles. Put one pile into your hand and the other into "
    "your graveyard."))


# Turn to Frog
def _turn_to_frog(game: GameState, ctx: Ctx) -> None:
    ids = frozenset(t for t in ctx.target_refs(0) if isinstance(t, int))
    layered_effect(game, ctx, ids, [("4", _set_subtypes("Frog")), ("5", _set_colors("U")),
                                ("6", remove_all_abilities), ("7b", set_pt(1, 1))],
               "Turn to Frog: a blue 1/1 Frog with no abilities")


define("Turn to Frog", spell=spell_ability(Custom(
    _turn_to_frog, "Until end of turn, target creature loses all abilities and becomes a "
                   "blue Frog with base power and toughness 1/1."), CREATURE))


def _visions_count(game: GameState, ctx: Ctx) -> int:
    return 3 if any(len(p.graveyard) >= 20 for p in game.players) else 1


define("Visions of Beyond", spell=spell_ability(Draw(_visions_count)))

# ================================================================ BLACK


define("Blood Seeker", when_another_enters(
    creature & opponent_controls, LoseLife(1, TRIGGER("controller")),
    "Whenever a creature an opponent controls enters, you may have that player lose 1 "
    "life.", optional=True))


define("Brink of Disaster", **aura(
    creature | land, extra=(TriggeredAbility(
        ev.TAPPED, Destroy(TRIGGER("object")),
        condition=lambda g, e, s: e.data.get("object") is not None and
        e.data.get("object") == s.attached_to,
        text="When enchanted permanent becomes tapped, destroy it."),)))

define("Call to the Grave",
       at_beginning_of("upkeep", SacrificeOfChoice(creature & ~with_subtype("Zombie"),
                                                   TRIGGER("player")),
                       "At the beginning of each player's upkeep, that player sacrifices a "
                       "non-Zombie creature of their choice.", whose="each_player"),
       at_beginning_of("end", Custom(_sacrifice_source, "sacrifice this enchantment"),
                       "At the beginning of the end step, if no creatures are on the "
                       "battlefield, sacrifice this enchantment.", whose="each",
                       intervening_if=lambda g, o: not g.creatures()))

define("Dark Favor", **aura(creature, pt=(3, 1), extra=(
    when_enters(LoseLife(1), "When this Aura enters, you lose 1 life."),)))

define("Devouring Swarm", activated(
    Cost(sacrifice=creature, sacrifice_count=1), Pump(1, 1, SELF),
    "Sacrifice a creature: This creature gets +1/+1 until end of turn."))


# Distress
def _distress(game: GameState, ctx: Ctx) -> None:
    for p in players_of(game, ctx.target_refs(0)):
        hand = game.players[p].hand
        game.note("701.14a", _reveals_hand(game, p))
        cands = tuple(i for i in hand if "Land" not in game.chars(game.obj(i)).types)
        if cands:
            game.ask(ChoiceDecision(ctx.controller, "choose", "Choose a nonland card to be "
                                    "discarded", (_distress_done, (p, ctx.controller)),
                                    rule="701.8a",
                                    options=cands, purpose="discard"))


def _distress_done(game: GameState, action: Any, p: int, cause: int | None = None) -> None:
    _emit_discard(game, game.obj(action.items[0]), p, cause=cause)


define("Distress", spell=spell_ability(Custom(
    _distress, "Target player reveals their hand. You choose a nonland card from it. That "
               "player discards that card."), PLAYER))

define("Drifting Shade", activated("{B}", Pump(1, 1, SELF),
                                   "{B}: This creature gets +1/+1 until end of turn."))

define("Hideous Visage", spell=spell_ability(Grant(("intimidate",), EACH(creature & you_control))))


# Monomania
def _monomania(game: GameState, ctx: Ctx) -> None:
    for p in players_of(game, ctx.target_refs(0)):
        hand = tuple(game.players[p].hand)
        if hand:
            game.ask(ChoiceDecision(p, "choose", "Choose a card to keep (discard the rest)",
                                    (_monomania_done, (p, ctx.controller)), rule="701.8a",
                                    options=hand,
                                    purpose="keep"))


def _monomania_done(game: GameState, action: Any, p: int, cause: int | None = None) -> None:
    for oid in list(game.players[p].hand):
        if oid != action.items[0]:
            _emit_discard(game, game.obj(oid), p, cause=cause)


define("Monomania", spell=spell_ability(Custom(
    _monomania, "Target player chooses a card in their hand and discards the rest."),
    PLAYER))

define("Onyx Mage", activated(
    "{1}{B}", Grant(("deathtouch",), T(0)),
    "{1}{B}: Target creature you control gains deathtouch until end of turn.",
    targets=[CREATURE_YOU_CONTROL]))


# Rune-Scarred Demon
def _tutor(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    cands = game.players[p].library
    _search_library(game, p, list(cands), 1, 1, _tutor_done, (p,),
                    say("a card", "une carte"))


def _tutor_done(game: GameState, ids: tuple[int, ...], p: int) -> None:
    from manastack.rules.zones import move
    for oid in ids:
        move(game, game.obj(oid), Zone.HAND, "701.17a",
             verb=say("{who} puts a card into their hand", "{who} met une carte dans sa main",
                      who=game.who(p)))
    _shuffle(game, p)


define("Rune-Scarred Demon", when_enters(
    Custom(_tutor, "search your library for a card, put it into your hand, then shuffle"),
    "When this creature enters, search your library for a card, put it into your hand, "
    "then shuffle."))


# Sengir Vampire
def _sengir_condition(game: GameState, e: ev.Event, src: GameObject) -> bool:
    d = e.data
    if d.get("from_zone") != Zone.BATTLEFIELD or d.get("to_zone") != Zone.GRAVEYARD:
        return False
    lki = d.get("lki")
    if lki is None or not lki.is_creature:
        return False
    dead = d.get("old")
    return any(x.kind == ev.DAMAGE and x.turn == game.turn_number
               and x.data.get("source") == src.id and x.data.get("target") == dead
               for x in game.log)


define("Sengir Vampire", TriggeredAbility(
    ev.ZONE_CHANGE, AddCounters("+1/+1", 1, SELF), condition=_sengir_condition,
    text="Whenever a creature dealt damage by this creature this turn dies, put a +1/+1 "
         "counter on this creature."))

define("Smallpox", spell=spell_ability(seq(
    LoseLife(1, EACH_PLAYER), Discard(1, EACH_PLAYER),
    SacrificeOfChoice(creature, EACH_PLAYER), SacrificeOfChoice(land, EACH_PLAYER))))

define("Sorin's Thirst", spell=spell_ability(seq(DealDamage(2, T(0)), GainLife(2)), CREATURE))
define("Sorin's Vengeance", spell=spell_ability(seq(DealDamage(10, T(0)), GainLife(10)),
                                           PLAYER))
define("Taste of Blood", spell=spell_ability(seq(DealDamage(1, T(0)), GainLife(1)), PLAYER))
define("Tormented Soul", flags=("can't block", "can't be blocked"))
define("Wring Flesh", spell=spell_ability(Pump(-3, -1, T(0)), CREATURE))
define("Zombie Infestation", activated(
    C(discard=2), CreateTokens(ZOMBIE),
    "Discard two cards: Create a 2/2 black Zombie creature token."))

# ================================================================ RED


# Circle of Flame
def _grounded_attacks_me(game: GameState, e: ev.Event, src: GameObject) -> bool:
    a = game.get(e.data.get("attacker"))
    if a is None or "flying" in game.chars(a).keywords:
        return False
    me = game.controller(src)
    t = e.data.get("target")
    if isinstance(t, PlayerRef):
        return t.index == me
    pw = game.get(t)
    return pw is not None and game.chars(pw).is_planeswalker and game.controller(pw) == me


define("Circle of Flame", TriggeredAbility(
    ev.ATTACKS, DealDamage(1, TRIGGER("attacker")), condition=_grounded_attacks_me,
    text="Whenever a creature without flying attacks you or a planeswalker you control, "
         "this enchantment deals 1 damage to that creature."))

define("Crimson Mage", activated(
    "{R}", Grant(("haste",), T(0)),
    "{R}: Target creature you control gains haste until end of turn.",
    targets=[CREATURE_YOU_CONTROL]))


# Crumbling Colossus
def _end_of_combat(game: GameState, e: ev.Event, src: Any) -> bool:
    return e.data.get("step") == "end_of_combat"


def _sacrifice_remembered(game: GameState, ctx: Ctx) -> None:
    o = _on_battlefield(game, ctx.data.get("victim"))
    if o is not None:
        _sacrifice(game, o, ctx.controller)


_SAC_AT_END_OF_COMBAT = TriggeredAbility(
    ev.STEP_BEGAN, Custom(_sacrifice_remembered, "sacrifice it"), condition=_end_of_combat,
    text="At end of combat, sacrifice it.")


def _colossus(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.triggers import add_delayed
    add_delayed(game, _SAC_AT_END_OF_COMBAT, ctx.source, ctx.source_name, ctx.controller,
                data={"victim": ctx.source})


define("Crumbling Colossus", when_attacks(
    Custom(_colossus, "sacrifice it at end of combat"),
    "When this creature attacks, sacrifice it at end of combat."))

define("Firebreathing", **aura(creature, extra=(ActivatedAbility(
    C("{R}"), Pump(1, 0, ATTACHED), text="{R}: Enchanted creature gets +1/+0 until end of "
                                          "turn."),)))


# Flameblast Dragon
def _flameblast(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.casting import plan_payment
    if not ctx.target_refs(0):
        return
    opts: list[Any] = ["no"]
    base = ManaCost.parse("{X}{R}")
    x = 0
    while plan_payment(game, ctx.controller, base.with_x(x), None) is not None:
        opts.append(x)
        x += 1
    game.ask(ChoiceDecision(ctx.controller, "choose", "Pay {X}{R}? Choose X, or no",
                            (_flameblast_paid, (ctx,)), rule="117.3", options=tuple(opts),
                            purpose="pay {X}{R}", explain=unpayable_x("{R}")))


def _flameblast_paid(game: GameState, action: Any, ctx: Ctx) -> None:
    from manastack.rules.casting import perform_payment, plan_payment
    x = action.items[0]
    if x == "no":
        return
    cost = ManaCost.parse("{X}{R}").with_x(int(x))
    payment = plan_payment(game, ctx.controller, cost, None, paying=True)
    if payment is None:
        return
    perform_payment(game, ctx.controller, cost, payment, "117.3")
    game.note("117.3", say("{who} pays {cost} (X={x})", "{who} paie {cost} (X={x})",
                           who=game.who(ctx.controller), cost=Raw(str(cost)), x=int(x)))
    DealDamage(int(x), T(0)).resolve(game, ctx)


define("Flameblast Dragon", when_attacks(
    Custom(_flameblast, "you may pay {X}{R}; if you do, X damage to target creature or player"),
    "Whenever this creature attacks, you may pay {X}{R}. If you do, it deals X damage to "
    "target creature or player.", targets=[CREATURE_OR_PLAYER]))

define("Goblin Arsonist", when_dies(
    DealDamage(1, T(0)), "When this creature dies, you may have it deal 1 damage to target "
    "creature or player.", targets=[CREATURE_OR_PLAYER], optional=True))


# Goblin Bangchuckers
def _bangchuckers(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import DamageItem, deal_damage
    won = game.rng.random() < 0.5
    who = game.who(ctx.controller)
    game.note("705.1", say("{who} flips a coin and wins the flip",
                           "{who} lance une pièce et gagne le tirage", who=who) if won else
              say("{who} flips a coin and loses the flip",
                  "{who} lance une pièce et perd le tirage", who=who))
    if won:
        DealDamage(2, T(0)).resolve(game, ctx)
    else:
        deal_damage(game, [DamageItem(ctx.source, ctx.source, 2)])


define("Goblin Bangchuckers", activated(
    None, Custom(_bangchuckers, "flip a coin: 2 damage to target creature or player or to itself"),
    "{T}: Flip a coin. If you win the flip, this creature deals 2 damage to target creature "
    "or player. If you lose the flip, this creature deals 2 damage to itself.",
    targets=[CREATURE_OR_PLAYER], tap=True))

define("Goblin Fireslinger", activated(
    None, DealDamage(1, T(0)), "{T}: This creature deals 1 damage to target player or "
    "planeswalker.", targets=[PLAYER], tap=True))

define("Goblin Grenade", spell=spell_ability(
    DealDamage(5, T(0)), CREATURE_OR_PLAYER,
    additional_cost=Cost(sacrifice=permanent & with_subtype("Goblin"), sacrifice_count=1)))

define("Goblin War Paint", **aura(creature, pt=(2, 2), keywords=("haste",),
                                  text="Enchanted creature gets +2/+2 and has haste."))


# Manabarbs
def _land_tapped_for_mana(game: GameState, e: ev.Event, src: GameObject) -> bool:
    o = game.get(e.data.get("source"))
    return o is not None and o.zone == Zone.BATTLEFIELD and game.chars(o).is_land and \
        o.tapped and e.data.get("player") is not None


define("Manabarbs", TriggeredAbility(
    ev.MANA, DealDamage(1, TRIGGER("player")), condition=_land_tapped_for_mana,
    text="Whenever a player taps a land for mana, this enchantment deals 1 damage to that "
         "player."))


# Scrambleverse
def _scrambleverse(game: GameState, ctx: Ctx) -> None:
    players = game.apnap()
    chosen = [(o, game.rng.choice(players)) for o in game.permanents()
              if not game.chars(o).is_land]
    ts = game.new_timestamp()
    for o, p in chosen:
        game.note("608.2c", say("{who} is chosen at random for {card}",
                                "{who} est choisi au hasard pour {card}", who=game.who(p),
                                card=Card(o.id, o.name)))
        add_effect(game, LayerEffect("2", set_controller(p), frozenset({o.id}), ctx.controller,
                                     ctx.source, ts, text="Scrambleverse"))
    Tap(EACH(permanent & ~of_type("Land")), untap=True).resolve(game, ctx)
    del chosen


define("Scrambleverse", spell=spell_ability(Custom(
    _scrambleverse, "For each nonland permanent, choose a player at random. Then each "
                    "player gains control of each permanent for which they were chosen. "
                    "Untap those permanents.")))

define("Slaughter Cry", spell=spell_ability(
    seq(Pump(3, 0, T(0)), Grant(("first strike",), T(0))), CREATURE))


# Tectonic Rift
def _tectonic_rift(game: GameState, ctx: Ctx) -> None:
    add_effect(game, LayerEffect(RULES_LAYER, grant_flags_effect("can't block"),
                                 creature & ~with_keyword("flying"), ctx.controller,
                                 ctx.source, duration=Duration("end_of_turn"),
                                 text="Tectonic Rift: creatures without flying can't block"))


define("Tectonic Rift", spell=spell_ability(
    seq(Destroy(T(0)), Custom(_tectonic_rift, "Creatures without flying can't block this "
                                              "turn.")),
    target_of(land, "target land")))


# Warstorm Surge
def _warstorm(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import DamageItem, deal_damage
    oid = ctx.data.get("object")
    if not isinstance(oid, int):
        return
    c = _lki_chars(game, oid)
    if c is None:
        return
    n = c.power or 0
    deal_damage(game, [DamageItem(oid, t, n) for t in ctx.target_refs(0)])


define("Warstorm Surge", when_another_enters(
    creature & you_control, Custom(_warstorm, "it deals damage equal to its power to target "
                                              "creature or player"),
    "Whenever a creature you control enters, it deals damage equal to its power to target "
    "creature or player.", targets=[CREATURE_OR_PLAYER]))

# ================================================================ GREEN


def _lands_you_control(game: GameState, ctx: Ctx) -> int:
    return sum(1 for o in game.permanents(ctx.controller) if game.chars(o).is_land)


define("Bountiful Harvest", spell=spell_ability(GainLife(_lands_you_control)))


# Doubling Chant
def _doubling_chant(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    names: dict[str, int] = {}
    for o in game.creatures(p):
        n = game.chars(o).name
        names[n] = names.get(n, 0) + 1
    cands = [o.id for o in _library_cards(game, p)
             if "Creature" in _card_types(game, o) and o.name in names]
    game.note("701.17a", say("{who} searches their library for creature cards with the same "
                             "names as their creatures",
                             "{who} cherche dans sa bibliothèque des cartes de créature "
                             "ayant le même nom que ses créatures", who=game.who(p)))
    if not cands:
        _shuffle(game, p)
        return
    game.ask(ChoiceDecision(p, "choose", "For each creature you control, you may find a "
                            "creature card with the same name", (_doubling_done, (p,)),
                            rule="701.17a", options=tuple(cands), min_count=0,
                            max_count=len(cands), purpose="search",
                            check=_doubling_check(dict(names))))


def _doubling_check(names: dict[str, int]) -> Callable[[GameState, tuple[Any, ...]], str | None]:
    def check(game: GameState, items: tuple[Any, ...]) -> str | None:
        count: dict[str, int] = {}
        for oid in items:
            n = game.obj(oid).name
            count[n] = count.get(n, 0) + 1
            if count[n] > names.get(n, 0):
                return f"you control only {names.get(n, 0)} creature(s) named {n}"
        return None
    return check


def _doubling_done(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.entering import put_all_onto_battlefield
    # the cards found enter at the same time, after their choices (614.12a)
    put_all_onto_battlefield(game, [game.obj(oid) for oid in action.items], p, "701.17a",
                             then=(_shuffle_after_entry, (p,)))


def _shuffle_after_entry(game: GameState, new_ids: tuple[int, ...], p: int) -> None:
    _shuffle(game, p)


define("Doubling Chant", spell=spell_ability(Custom(
    _doubling_chant, "For each creature you control, you may search your library for a "
                     "creature card with the same name as that creature. Put those cards "
                     "onto the battlefield, then shuffle.")))


def _forests(game: GameState, obj: GameObject) -> tuple[int | None, int | None]:
    """Dungrove Elder's characteristic-defining ability (CR 604.3)."""
    ctrl = game.chars(obj).controller if obj.zone == Zone.BATTLEFIELD else obj.controller
    n = sum(1 for o in game.permanents(ctrl) if "Forest" in game.chars(o).subtypes)
    return n, n


define("Dungrove Elder", cda=_forests)


# Hunter's Insight
def _hunters_insight(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.triggers import DelayedTrigger
    for t in ctx.target_refs(0):
        if not isinstance(t, int):
            continue
        ab = TriggeredAbility(
            ev.DAMAGE, Draw(lambda g, c: int(c.data.get("amount", 0))),
            condition=_combat_damage_to_player_or_pw(t),
            text="Whenever that creature deals combat damage to a player or planeswalker "
                 "this turn, draw that many cards.")
        game.delayed_triggers.append(DelayedTrigger(
            ab, ctx.source, ctx.source_name, ctx.controller, one_shot=False,
            duration=Duration("end_of_turn"), created_turn=game.turn_number,
            created_step=game.step.name if game.step else ""))


def _combat_damage_to_player_or_pw(oid: int) -> Callable[[GameState, ev.Event, Any], bool]:
    def cond(game: GameState, e: ev.Event, src: Any) -> bool:
        d = e.data
        if d.get("source") != oid or not d.get("combat"):
            return False
        t = d.get("target")
        if isinstance(t, PlayerRef):
            return True
        o = game.get(t)
        return o is not None and game.chars(o).is_planeswalker
    return cond


define("Hunter's Insight", spell=spell_ability(Custom(
    _hunters_insight, "Whenever that creature deals combat damage to a player or "
                      "planeswalker this turn, draw that many cards."),
    target_of(creature & you_control, "target creature you control")))

define("Jade Mage", activated("{2}{G}", CreateTokens(SAPROLING),
                              "{2}{G}: Create a 1/1 green Saproling creature token."))

define("Lure", **aura(creature, flags_=("all creatures able to block it do so",),
                      text="All creatures able to block enchanted creature do so."))

define("Overrun", spell=spell_ability(seq(
    Pump(3, 3, EACH(creature & you_control)),
    Grant(("trample",), EACH(creature & you_control)))))

define("Rampant Growth", spell=spell_ability(Custom(
    _basic_land_to_battlefield, "Search your library for a basic land card, put that card "
                                "onto the battlefield tapped, then shuffle.")))


# Skinshifter
def _skinshift(subtype: str, p: int, t: int, kw: str | None) -> Effect:
    def fn(game: GameState, ctx: Ctx) -> None:
        if _on_battlefield(game, ctx.source) is None:
            return
        parts: list[tuple[str, LayerFn]] = [("4", _set_subtypes(subtype))]
        if kw:
            parts.append(("6", add_keywords(kw)))
        parts.append(("7b", set_pt(p, t)))
        layered_effect(game, ctx, frozenset({ctx.source}), parts,
                   f"Skinshifter: a {subtype} with base power and toughness {p}/{t}")
    return Custom(fn, f"becomes a {subtype} {p}/{t}")


def _skinshifter_unused(game: GameState, o: GameObject) -> bool:
    return all(o.memory.get(f"activated_{i}") != game.turn_number for i in range(3))


_SKIN_MODES = (
    ("Rhino", 4, 4, "trample", "Until end of turn, this creature becomes a Rhino with base "
                               "power and toughness 4/4 and gains trample."),
    ("Bird", 2, 2, "flying", "Until end of turn, this creature becomes a Bird with base "
                             "power and toughness 2/2 and gains flying."),
    ("Plant", 0, 8, None, "Until end of turn, this creature becomes a Plant with base power "
                          "and toughness 0/8."),
)
# "{G}: Choose one. Activate only once each turn." - one activated ability per mode; the
# three share the once-each-turn restriction (CR 602.5b, 700.2).
define("Skinshifter", *(ActivatedAbility(
    C("{G}"), _skinshift(sub, p, t, kw), condition=_skinshifter_unused,
    condition_text="activate only once each turn", once_per_turn=True, mode=i + 1,
    text=f"{{G}} (mode {i + 1}): {txt} Activate only once each turn.")
    for i, (sub, p, t, kw, txt) in enumerate(_SKIN_MODES)))

define("Stingerfling Spider", when_enters(
    Destroy(T(0)), "When this creature enters, you may destroy target creature with "
    "flying.", targets=[target_of(creature & with_keyword("flying"),
                                  "target creature with flying")], optional=True))

define("Trollhide", **aura(creature, pt=(2, 2), abilities=(ActivatedAbility(
    C("{1}{G}"), Regenerate(SELF), text="{1}{G}: Regenerate this creature."),),
    text="Enchanted creature gets +2/+2 and has \"{1}{G}: Regenerate this creature.\""))

# ================================================================ ARTIFACTS


def _crown(game: GameState, ctx: Ctx) -> None:
    if _controls_named(game, ctx.controller, "Scepter of Empires", "Throne of Empires"):
        for t in ctx.target_refs(0):
            if isinstance(t, int):
                _gain_control(game, ctx, t)
    else:
        Tap(T(0)).resolve(game, ctx)


define("Crown of Empires", activated(
    "{3}", Custom(_crown, "tap target creature, or gain control of it"),
    "{3}, {T}: Tap target creature. Gain control of that creature instead if you control "
    "artifacts named Scepter of Empires and Throne of Empires.", targets=[CREATURE],
    tap=True))


def _scepter_amount(game: GameState, ctx: Ctx) -> int:
    return 3 if _controls_named(game, ctx.controller, "Crown of Empires",
                                "Throne of Empires") else 1


define("Scepter of Empires", activated(
    None, DealDamage(_scepter_amount, T(0)),
    "{T}: This artifact deals 1 damage to target player. It deals 3 damage "
    "instead if you control artifacts named Crown of Empires and Throne of Empires.",
    targets=[PLAYER], tap=True))


def _throne_amount(game: GameState, ctx: Ctx) -> int:
    return 5 if _controls_named(game, ctx.controller, "Crown of Empires",
                                "Scepter of Empires") else 1


define("Throne of Empires", activated(
    "{1}", CreateTokens(SOLDIER, _throne_amount),
    "{1}, {T}: Create a 1/1 white Soldier creature token. Create five of those tokens "
    "instead if you control artifacts named Crown of Empires and Scepter of Empires.",
    tap=True))


# Druidic Satchel
def _satchel(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life
    from manastack.rules.zones import create_token, move
    p = ctx.controller
    lib = game.players[p].library
    if not lib:
        return
    top = game.obj(lib[-1])
    types = game.chars(top).types
    game.note("701.14a", say("{who} reveals {card}", "{who} révèle {card}", who=game.who(p),
                             card=Card(top.id, top.name)))
    if "Creature" in types:
        create_token(game, SAPROLING, p)
    if "Land" in types:
        move(game, top, Zone.BATTLEFIELD, "608.2c", controller=p)
    if "Creature" not in types and "Land" not in types:
        gain_life(game, p, 2)


define("Druidic Satchel", activated(
    "{2}", Custom(_satchel, "reveal the top card of your library"),
    "{2}, {T}: Reveal the top card of your library. If it's a creature card, create a 1/1 "
    "green Saproling creature token. If it's a land card, put that card onto the "
    "battlefield under your control. If it's a noncreature, nonland card, you gain 2 life.",
    tap=True))

define("Greatsword", *equipment("{3}", pt=(3, 0), text="Equipped creature gets +3/+0."))
define("Kite Shield", *equipment("{3}", pt=(0, 3), text="Equipped creature gets +0/+3."))

define("Manalith", ActivatedAbility(C(tap=True), mana=ManaProduction(("W", "U", "B", "R", "G")),
                                    text="{T}: Add one mana of any color."))


# Quicksilver Amulet
def _amulet(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    cands = tuple(i for i in game.players[p].hand
                  if "Creature" in game.chars(game.obj(i)).types)
    if not cands:
        return
    game.ask(ChoiceDecision(p, "choose", "You may put a creature card from your hand onto "
                            "the battlefield", (_amulet_done, (p,)), rule="608.2",
                            options=cands, min_count=0, max_count=1, purpose="put onto "
                                                                              "battlefield"))


def _amulet_done(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.entering import put_onto_battlefield
    for oid in action.items:
        put_onto_battlefield(game, game.obj(oid), p, "608.2")


define("Quicksilver Amulet", activated(
    "{4}", Custom(_amulet, "you may put a creature card from your hand onto the "
                           "battlefield"),
    "{4}, {T}: You may put a creature card from your hand onto the battlefield.", tap=True))

define("Solemn Simulacrum",
       when_enters(Custom(_basic_land_to_battlefield, "search for a basic land"),
                   "When this creature enters, you may search your library for a basic land "
                   "card, put that card onto the battlefield tapped, then shuffle.",
                   optional=True),
       when_dies(Draw(1), "When this creature dies, you may draw a card.", optional=True))

define("Swiftfoot Boots", *equipment("{1}", keywords=("hexproof", "haste"),
                                     text="Equipped creature has hexproof and haste."))


def _is_enchanted(game: GameState, o: GameObject) -> bool:
    return any(a.attached_to == o.id and "Aura" in game.chars(a).subtypes
               for a in game.permanents())


define("Thran Golem", _self_bonus(
    _is_enchanted, 2, 2, "As long as this creature is enchanted, it gets +2/+2 and has "
    "flying, first strike, and trample.", keywords=("flying", "first strike", "trample")))


# Worldslayer
def _equipped_hits_player(game: GameState, e: ev.Event, src: GameObject) -> bool:
    d = e.data
    return d.get("combat") is True and isinstance(d.get("target"), PlayerRef) and \
        d.get("source") is not None and d.get("source") == src.attached_to


define("Worldslayer", TriggeredAbility(
    ev.DAMAGE, Destroy(EACH(permanent & another)), condition=_equipped_hits_player,
    text="Whenever equipped creature deals combat damage to a player, destroy all "
         "permanents other than this Equipment."), *equipment("{5}"))


# ================================================================ GRAVEYARDS, "AS ENTERS", RESTRICTIONS
# Cards that use targets in graveyards, abilities working from a graveyard, "enters with"
# replacement effects and "can't cast / can't activate / additional land" rule hooks.


def _card_in_your_graveyard(kind: str | None, text: str) -> TargetSpec:
    """"target [kind] card from your graveyard" (CR 114.1: the target is a card in a
    graveyard; "your" graveyard holds only cards you own, CR 404.1)."""
    sel = card_in(Zone.GRAVEYARD) & owned_by_you()
    if kind is not None:
        sel = sel & of_type(kind)
    return target_of(sel, text, zones=(Zone.GRAVEYARD,))


def _enters_with_plus_counters(n: int, text: str) -> StaticAbility:
    """"This creature enters with N +1/+1 counters on it" (a replacement effect, 614.1c)."""
    def check(game: GameState, obj: GameObject) -> None:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
        game.note("614.1c", _enters_with_plus(obj, n))
    return StaticAbility(rule="as_enters", check=check, text=text)


# ---------------------------------------------------------------- white

define("Auramancer", when_enters(
    MoveTo(T(0), Zone.HAND, "400.7"),
    "When this creature enters, you may return target enchantment card from your graveyard "
    "to your hand.",
    targets=[_card_in_your_graveyard("Enchantment", "target enchantment card from your "
                                                    "graveyard")],
    optional=True))


# Grand Abolisher: "During your turn, your opponents can't cast spells or activate abilities
# of artifacts, creatures, or enchantments." One static ability read by two rule hooks.
def _abolisher_applies(game: GameState, src: GameObject, player_: int) -> bool:
    me = game.controller(src)
    return game.is_active(me) and player_ in game.opponents(me)  # (805.4a)


def _abolisher_cant_cast(game: GameState, src: GameObject, player_: int, spell_obj: GameObject
                         ) -> bool:
    return _abolisher_applies(game, src, player_)


def _abolisher_cant_activate(game: GameState, src: GameObject, player_: int, obj: GameObject,
                             ability: Any) -> bool:
    # "artifacts, creatures, or enchantments" are permanents on the battlefield (109.2): an
    # opponent may still activate a creature card's ability in the graveyard (Reassembling
    # Skeleton) or an artifact card's in the hand (M12 ruling).
    return obj.zone == Zone.BATTLEFIELD and _abolisher_applies(game, src, player_) and \
        bool({"Artifact", "Creature", "Enchantment"} & game.chars(obj).types)


_ABOLISHER_TEXT = ("During your turn, your opponents can't cast spells or activate abilities "
                   "of artifacts, creatures, or enchantments.")
define("Grand Abolisher",
       hook("cant_cast", check=_abolisher_cant_cast, text=_ABOLISHER_TEXT),
       hook("cant_activate", check=_abolisher_cant_activate, text=_ABOLISHER_TEXT))

# ---------------------------------------------------------------- black

define("Cemetery Reaper",
       _anthem(creature & with_subtype("Zombie") & another, 1, 1,
               "Other Zombie creatures you control get +1/+1."),
       activated("{2}{B}", seq(MoveTo(T(0), Zone.EXILE, "406.2"), CreateTokens(ZOMBIE)),
                 "{2}{B}, {T}: Exile target creature card from a graveyard. Create a 2/2 "
                 "black Zombie creature token.",
                 targets=[target_of(card_in(Zone.GRAVEYARD) & of_type("Creature"),
                                    "target creature card from a graveyard",
                                    zones=(Zone.GRAVEYARD,))],
                 tap=True))


# Vengeful Pharaoh
def _pharaoh_condition(game: GameState, e: ev.Event, src: GameObject) -> bool:
    """Combat damage dealt to the card's owner (who controls its ability, CR 603.3a) or to a
    planeswalker they control.  All combat damage of a step is one event (510.2) with an
    occurrence for each recipient (603.2c): the ability triggers once for each recipient
    the card names, each with its own target (the card's ruling: damage dealt to you and
    to your planeswalker at the same time triggers it twice), however many creatures
    dealt it damage (the first result to each recipient, ``first_to_target``)."""
    d = e.data
    if not d.get("combat") or not d.get("first_to_target", True):
        return False
    me = src.owner
    t = d.get("target")
    if isinstance(t, PlayerRef):
        return t.index == me
    pw = game.get(t)
    return pw is not None and pw.zone == Zone.BATTLEFIELD and \
        game.chars(pw).is_planeswalker and game.controller(pw) == me


def _pharaoh_to_library(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    o = this_card_in_graveyard(game, ctx)
    if o is not None:
        move(game, o, Zone.LIBRARY, "400.7", position="top",
             verb=say("{card} is put on top of {library}",
                      "{card} est mis au-dessus {library:de}", card=Card(o.id, o.name),
                      library=Place(Zone.LIBRARY, game.who(o.owner))))


define("Vengeful Pharaoh", TriggeredAbility(
    ev.DAMAGE, seq(Destroy(T(0)), Custom(_pharaoh_to_library, "put this card on top of "
                                                              "your library")),
    condition=_pharaoh_condition,
    targets=(target_of(creature & attacking, "target attacking creature"),),
    intervening_if=lambda g, o: o.zone == Zone.GRAVEYARD,
    zones=(Zone.GRAVEYARD,),
    text="Whenever combat damage is dealt to you or a planeswalker you control, if this card "
         "is in your graveyard, destroy target attacking creature, then put this card on "
         "top of your library."))

# ---------------------------------------------------------------- red


# Chandra's Phoenix
def _phoenix_condition(game: GameState, e: ev.Event, src: GameObject) -> bool:
    """An opponent is dealt damage by a red instant or sorcery spell (on the stack as it
    resolves, 608.2) or a red planeswalker (last known information if it has left the
    battlefield, 608.2g) that the card's owner controls (603.3a)."""
    t = e.data.get("target")
    me = src.owner
    if not isinstance(t, PlayerRef) or t.index not in game.opponents(me):
        return False
    sid = e.data.get("source")
    o = game.get(sid)
    if o is not None:
        c, zone, ctrl = game.chars(o), o.zone, game.controller(o)
    elif isinstance(sid, int) and sid in game.lki:
        c = game.lki[sid][1]
        zone, ctrl = Zone.BATTLEFIELD, c.controller
    else:
        return False
    if "R" not in c.colors or ctrl != me:
        return False
    if zone == Zone.STACK:
        return bool({"Instant", "Sorcery"} & c.types)
    return zone == Zone.BATTLEFIELD and c.is_planeswalker


def _phoenix_return(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    o = this_card_in_graveyard(game, ctx)
    if o is not None:
        move(game, o, Zone.HAND, "400.7",
             verb=_returns_to_hand(game, o))


define("Chandra's Phoenix", TriggeredAbility(
    ev.DAMAGE, Custom(_phoenix_return, "return this card from your graveyard to your hand"),
    condition=_phoenix_condition, zones=(Zone.GRAVEYARD,),
    text="Whenever an opponent is dealt damage by a red instant or sorcery spell you control "
         "or by a red planeswalker you control, return this card from your graveyard to "
         "your hand."))


# Incinerate
def _incinerate_no_regen(game: GameState, ctx: Ctx) -> None:
    """"A creature dealt damage this way can't be regenerated this turn" (701.13c): only a
    creature that was actually dealt damage by this spell (not if it was prevented)."""
    for e in reversed(game.log):
        if e.kind == ev.RESOLVE and e.data.get("object") == ctx.object_id:
            break
        if e.kind == ev.DAMAGE and e.data.get("source") == ctx.source:
            o = _on_battlefield(game, e.data.get("target"))
            if o is not None and game.chars(o).is_creature:
                o.memory["cant_regenerate_turn"] = game.turn_number
                game.note("701.13c", say("{card} can't be regenerated this turn",
                                         "{card} ne peut pas être régénéré ce tour-ci",
                                         card=Card(o.id, o.name)))


define("Incinerate", spell=spell_ability(
    seq(DealDamage(3, T(0)), Custom(_incinerate_no_regen, "A creature dealt damage this "
                                                          "way can't be regenerated this "
                                                          "turn.")),
    CREATURE_OR_PLAYER))

# ---------------------------------------------------------------- green


# Arachnus Web
def _web_effects(game: GameState, src: GameObject) -> list[LayerEffect]:
    host = _track_host(src)
    if host is None or isinstance(host, PlayerRef):
        return []
    return [LayerEffect(RULES_LAYER, grant_flags_effect("can't attack or block"),
                        frozenset({host}), game.controller(src), src.id, src.timestamp)]


def _web_cant_activate(game: GameState, src: GameObject, player_: int, obj: GameObject,
                       ability: Any) -> bool:
    return obj.zone == Zone.BATTLEFIELD and obj.id == src.attached_to


def _web_host_power_4(game: GameState, src: GameObject) -> bool:
    host = _on_battlefield(game, src.attached_to)
    return host is not None and (game.chars(host).power or 0) >= 4


_WEB_TEXT = ("Enchanted creature can't attack or block, and its activated abilities can't be "
             "activated.")
define("Arachnus Web",
       StaticAbility(effects=_web_effects, text=_WEB_TEXT),
       hook("cant_activate", check=_web_cant_activate, text=_WEB_TEXT),
       at_beginning_of("end", Destroy(SELF),
                       "At the beginning of the end step, if enchanted creature's power is 4 "
                       "or greater, destroy this Aura.", whose="each",
                       intervening_if=_web_host_power_4),
       spell=SpellAbility(targets=(CREATURE,)))


# Primordial Hydra
# "Enters with X +1/+1 counters" (614.1c) uses the X chosen for the spell that became the
# permanent (the card's rulings; 107.3m of later rules).  The permanent is a new object
# (400.7) and the engine doesn't carry X over from the stack, so the spell records X in the
# log (event data ``x_of_uid``/``x``) as it resolves, just before it enters (608.3), and the
# replacement effect reads that record.  A Hydra put onto the battlefield without being
# cast this way gets X = 0 (107.3f: X is 0 for a card outside the stack).
def _record_x(game: GameState, ctx: Ctx) -> None:
    spell_obj = game.get(ctx.object_id)
    if spell_obj is not None and spell_obj.zone == Zone.STACK:
        game.note("107.3a", say("{card} resolves with X={x}", "{card} se résout avec X={x}",
                                card=Card(spell_obj.id, spell_obj.name), x=ctx.x),
                  x_of_uid=spell_obj.uid, x=ctx.x)


def _x_of_spell_that_became(game: GameState, obj: GameObject) -> int:
    if obj.came_from != Zone.STACK:
        return 0
    for e in reversed(game.log):
        if e.kind == ev.RESOLVE:
            return 0  # this resolution recorded no X
        if e.kind == ev.INFO and "x_of_uid" in e.data:
            return int(e.data["x"]) if e.data["x_of_uid"] == obj.uid else 0
    return 0


def _hydra_enters(game: GameState, obj: GameObject) -> None:
    n = _x_of_spell_that_became(game, obj)
    if n > 0:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
    game.note("614.1c", _enters_with_plus(obj, n, x=True))


def _double_plus_counters(game: GameState, ctx: Ctx) -> None:
    """"Double the number of +1/+1 counters": put that many more on it."""
    o = _on_battlefield(game, ctx.source)
    n = o.counters.get("+1/+1", 0) if o is not None else 0
    if n > 0:
        AddCounters("+1/+1", n, SELF).resolve(game, ctx)


define("Primordial Hydra",
       StaticAbility(rule="as_enters", check=_hydra_enters,
                     text="This creature enters with X +1/+1 counters on it."),
       at_beginning_of("upkeep", Custom(_double_plus_counters, "double the number of +1/+1 "
                                                               "counters on this creature"),
                       "At the beginning of your upkeep, double the number of +1/+1 "
                       "counters on this creature."),
       _self_bonus(lambda g, o: o.counters.get("+1/+1", 0) >= 10, 0, 0,
                   "This creature has trample as long as it has ten or more +1/+1 counters "
                   "on it.", keywords=("trample",)),
       spell=SpellAbility(effect=Custom(_record_x, "(the value of X is recorded for the "
                                                   "permanent)")))

define("Reclaim", spell=spell_ability(
    MoveTo(T(0), Zone.LIBRARY, "400.7", position="top"),
    _card_in_your_graveyard(None, "target card from your graveyard")))

define("Rites of Flourishing",
       at_beginning_of("draw", Draw(1, TRIGGER("player")),
                       "At the beginning of each player's draw step, that player draws an "
                       "additional card.", whose="each_player"),
       hook("additional_land", text="Each player may play an additional land on each of "
                                    "their turns."))

# ---------------------------------------------------------------- artifacts and lands

PENTAVITE = make_card("Pentavite", types=("Artifact", "Creature"), subtypes=("Pentavite",),
                      power=1, toughness=1, keywords=("flying",), colors=(), is_token=True)

define("Pentavus",
       _enters_with_plus_counters(5, "This creature enters with five +1/+1 counters on it."),
       activated(C("{1}", remove_counters=(("+1/+1", 1),)), CreateTokens(PENTAVITE),
                 "{1}, Remove a +1/+1 counter from this creature: Create a 1/1 colorless "
                 "Pentavite artifact creature token with flying."),
       activated(C("{1}", sacrifice=permanent & with_subtype("Pentavite"), sacrifice_count=1),
                 AddCounters("+1/+1", 1, SELF),
                 "{1}, Sacrifice a Pentavite: Put a +1/+1 counter on this creature."))

define("Rusted Sentinel", hook("enters_tapped", text="This creature enters tapped."))

define("Buried Ruin",
       ActivatedAbility(C(tap=True), mana=ManaProduction(("C",)), text="{T}: Add {C}."),
       activated(C("{2}", tap=True, sacrifice_self=True), MoveTo(T(0), Zone.HAND, "400.7"),
                 "{2}, {T}, Sacrifice this land: Return target artifact card from your "
                 "graveyard to your hand.",
                 targets=[_card_in_your_graveyard("Artifact", "target artifact card from "
                                                              "your graveyard")]))


# ======================================================================
# spells and creatures made of the basic effects


define("Shock", spell=spell_ability(DealDamage(2, T(0)), CREATURE_OR_PLAYER))
define("Titanic Growth", spell=spell_ability(Pump(4, 4, T(0)), CREATURE))


define("Divination", spell=spell_ability(Draw(2)))
define("Stormblood Berserker")  # bloodthirst 2 and menace are keywords
define("Blood Ogre")  # bloodthirst 1, first strike


# ======================================================================
# copies (CR 706)


def _targeted_self(game: GameState, e: ev.Event, src: GameObject) -> bool:
    return e.data.get("target") == src.id


SACRIFICE_WHEN_TARGETED = TriggeredAbility(
    ev.TARGETED, Sacrifice(SELF), condition=_targeted_self,
    text="When this creature becomes the target of a spell or ability, sacrifice it.")


def _image_exceptions() -> dict[str, Any]:
    """706.9a, 706.9c: "except it's an Illusion ... and it has [ability]"."""
    return {"subtypes": ("Illusion",), "abilities": (SACRIFICE_WHEN_TARGETED,)}


define("Phantasmal Image", StaticAbility(
    rule="enters_as_copy", check=_image_exceptions,
    text="You may have this creature enter as a copy of any creature on the battlefield, "
         "except it's an Illusion in addition to its other types and it has \"When this "
         "creature becomes the target of a spell or ability, sacrifice it.\""))



def _your_instant_or_sorcery(game: GameState, e: ev.Event, src: Any) -> bool:
    o = game.get(e.data.get("object"))
    if o is None or e.data.get("player") != getattr(src, "controller", None):
        return False
    types = game.chars(o).types
    return "Instant" in types or "Sorcery" in types


def _snapshot_cast_spell(game: GameState, e: ev.Event, src: Any) -> dict[str, Any]:
    """The spell as it is when it is cast: copied as it last existed on the stack if it has
    left by the time the trigger resolves (608.2g)."""
    return {"snapshot": spell_snapshot(game, e.data.get("object", -1))}


def _copy_cast_spell(game: GameState, ctx: Ctx) -> None:
    """Copy that spell: as it is now, or as it last existed on the stack (608.2g)."""
    snap = spell_snapshot(game, ctx.data.get("object", -1)) or ctx.data.get("snapshot")
    if snap is not None:
        copy_spell(game, snap, ctx.controller)


def _chandra_minus_two(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.layers import Duration
    from manastack.rules.triggers import add_delayed
    ab = TriggeredAbility(ev.CAST, Custom(_copy_cast_spell, "copy that spell"),
                          condition=_your_instant_or_sorcery, capture=_snapshot_cast_spell,
                          text="When you next cast an instant or sorcery spell this turn, "
                               "copy that spell. You may choose new targets for the copy.")
    add_delayed(game, ab, ctx.source, ctx.source_name, ctx.controller,
                duration=Duration("end_of_turn"))


define("Chandra, the Firebrand",
       ActivatedAbility(cost(loyalty=1), DealDamage(1, T(0)),
                        (CREATURE_OR_PLAYER,),
                        text="+1: Chandra deals 1 damage to target creature or player."),
       ActivatedAbility(cost(loyalty=-2), Custom(_chandra_minus_two, "copy your next instant "
                                                 "or sorcery spell this turn"),
                        text="\u22122: When you next cast an instant or sorcery spell this "
                             "turn, copy that spell. You may choose new targets for the "
                             "copy."),
       ActivatedAbility(cost(loyalty=-6), DealDamage(6, T(0)),
                        (target_of(creature_or_player, "up to six target creatures and/or "
                                   "players", count=6, min_count=0),),
                        text="\u22126: Chandra deals 6 damage to each of up to six target "
                             "creatures and/or players."))


# ======================================================================
# planeswalkers (CR 306, 606)


ANY_NUMBER_OF_PLAYERS = target_of(player, "any number of target players", count=99,
                                  min_count=0)

WURM = make_card("Wurm", types=("Creature",), subtypes=("Wurm",), power=6, toughness=6,
                 colors=("G",), is_token=True)




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


# ======================================================================
# choice costs, graveyard abilities, variable mana, attack requirements, rule effects and as-enters choices


#: The creature types of the 2017 Comprehensive Rules (205.3m).
CREATURE_TYPES: tuple[str, ...] = tuple("""
Advisor Aetherborn Ally Angel Antelope Ape Archer Archon Artificer Assassin Assembly-Worker
Atog Aurochs Avatar Badger Barbarian Basilisk Bat Bear Beast Beeble Berserker Bird Blinkmoth
Boar Bringer Brushwagg Camarid Camel Caribou Carrier Cat Centaur Cephalid Chimera Citizen
Cleric Cockatrice Construct Coward Crab Crocodile Cyclops Dauthi Demon Deserter Devil Djinn
Dragon Drake Dreadnought Drone Druid Dryad Dwarf Efreet Elder Eldrazi Elemental Elephant Elf
Elk Eye Faerie Ferret Fish Flagbearer Fox Frog Fungus Gargoyle Germ Giant Gnome Goat Goblin
God Golem Gorgon Graveborn Gremlin Griffin Hag Harpy Hellion Hippo Hippogriff Homarid
Homunculus Horror Horse Hound Human Hydra Hyena Illusion Imp Incarnation Insect Jackal
Jellyfish Juggernaut Kavu Kirin Kithkin Knight Kobold Kor Kraken Lamia Lammasu Leech Leviathan
Lhurgoyf Licid Lizard Manticore Masticore Mercenary Merfolk Metathran Minion Minotaur Mole
Monger Mongoose Monk Monkey Moonfolk Mutant Myr Mystic Naga Nautilus Nephilim Nightmare
Nightstalker Ninja Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Ouphe Ox Oyster Pegasus
Pentavite Pest Phelddagrif Phoenix Pilot Pincher Pirate Plant Praetor Prism Processor Rabbit
Rat Rebel Reflection Rhino Rigger Rogue Sable Salamander Samurai Sand Saproling Satyr
Scarecrow Scion Scorpion Scout Serf Serpent Servo Shade Shaman Shapeshifter Sheep Siren
Skeleton Slith Sliver Slug Snake Soldier Soltari Spawn Specter Spellshaper Sphinx Spider Spike
Spirit Splinter Sponge Squid Squirrel Starfish Surrakar Survivor Tetravite Thalakos Thopter
Thrull Treefolk Triskelavite Troll Turtle Unicorn Vampire Vedalken Viashino Volver Wall
Warrior Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera
""".split())


@cache
def creature_types() -> tuple[str, ...]:
    """The choices for "choose a creature type": the types of 205.3m and every creature type
    on a card of the pool (current Oracle type lines have a few newer ones, e.g. Phyrexian)."""
    from manastack.cards.database import all_card_data
    found = {t for c in all_card_data().values() if {"Creature", "Tribal"} & set(c.types)
             for t in c.subtypes}
    return tuple(sorted(set(CREATURE_TYPES) | found))


def _move(game: GameState, o: GameObject, to: str, rule: str, **kw: Any) -> GameObject:
    from manastack.rules.zones import move
    return move(game, o, to, rule, **kw)




# Gideon Jura {3}{W}{W}, loyalty 6
def _attack_gideon(gid: int, opp: int, turn_index: int) -> Callable[[GameState, GameObject], Any]:
    """The requirement of Gideon's +2: during ``opp``'s next turn (their ``turn_index``-th),
    each creature they control attacks Gideon Jura if able (508.1d); nothing once Gideon
    left the battlefield or stopped being a planeswalker (he can't be attacked then)."""
    def check(game: GameState, o: GameObject) -> Any:
        if game.controller(o) != opp or game.turns_taken.get(opp, 0) != turn_index:
            return None
        pw = on_battlefield(game, gid)
        if pw is None or not game.chars(pw).is_planeswalker:
            return None
        return gid
    return check


def _through_next_turn_of(opp: int, turns_before: int) -> Callable[[GameState], bool]:
    """True until ``opp``'s next turn (after their ``turns_before`` turns) is over."""
    def still(game: GameState) -> bool:
        taken = game.turns_taken.get(opp, 0)
        return taken <= turns_before or (taken == turns_before + 1 and
                                         game.is_active(opp))  # (805.4a: their team's)
    return still


def _gideon_plus_two(game: GameState, ctx: Ctx) -> None:
    for p in players_of(game, ctx.target_refs(0)):
        k = game.turns_taken.get(p, 0)
        add_rule_effect(game, RuleEffect(
            "must_attack", _attack_gideon(ctx.source, p, k + 1),
            Duration("while", predicate=_through_next_turn_of(p, k)),
            text=f"{ctx.source_name}: during {game.players[p].name}'s next turn, creatures "
                 f"they control attack {ctx.source_name} if able",
            controller=ctx.controller, active_player=p))
        game.note("508.1d", say("During {who}'s next turn, creatures they control attack "
                                "{card} if able",
                                "Pendant le prochain tour {who:de}, ses créatures attaquent "
                                "{card} si possible", who=game.who(p), card=_source(ctx)))


def _human_soldier_creature(game: GameState, obj: GameObject, c: Characteristics) -> None:
    """Layer 4: a Human Soldier creature that's still a planeswalker (205.1b: it keeps its
    other types and subtypes)."""
    c.types = c.types | {"Creature"}
    c.subtypes = c.subtypes | {"Human", "Soldier"}


def _gideon_zero(game: GameState, ctx: Ctx) -> None:
    gideon = on_battlefield(game, ctx.source)
    if gideon is None:
        return  # "he" is gone: nothing becomes a creature, nothing to protect (608.2g)
    gid = gideon.id
    layered_effect(game, ctx, frozenset({gid}),
               [("4", _human_soldier_creature), ("7b", set_pt(6, 6))],
               f"{ctx.source_name}: a 6/6 Human Soldier creature that's still a planeswalker")
    name = ctx.source_name

    def applies(g: GameState, e: ProposedDamage) -> bool:
        return e.target == gid and not e.unpreventable

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        g.note("615.1", prevented_line(e.amount, Card(gid, name), Card(gid, name)))
        return dataclasses.replace(e, amount=0, prevented=e.prevented + e.amount)

    game.replacements.append(Replacement(
        "damage", applies, replace, ctx.controller, ctx.source,
        f"{name}'s prevention effect (all damage dealt to him this turn)",
        Duration("end_of_turn"), is_prevention=True, timestamp=game.new_timestamp()))


define("Gideon Jura",
       loyalty(+2, Custom(_gideon_plus_two, "During target opponent's next turn, creatures "
                                            "that player controls attack Gideon Jura if "
                                            "able."),
               "+2: During target opponent's next turn, creatures that player controls "
               "attack Gideon Jura if able.", (OPPONENT,)),
       loyalty(-2, Destroy(T(0)),
               "\u22122: Destroy target tapped creature.",
               (target_of(creature & tapped, "target tapped creature"),)),
       loyalty(0, Custom(_gideon_zero, "Until end of turn, Gideon Jura becomes a 6/6 Human "
                                       "Soldier creature that's still a planeswalker. Prevent "
                                       "all damage that would be dealt to him this turn."),
               "0: Until end of turn, Gideon Jura becomes a 6/6 Human Soldier creature "
               "that's still a planeswalker. Prevent all damage that would be dealt to him "
               "this turn."))


# Sutured Ghoul {4}{B}{B}{B}
def _ghoul_choice(game: GameState, spell_obj: GameObject, p: int) -> dict[str, Any]:
    """The creature cards in the graveyard of the player under whose control it enters
    (614.12a), not itself: a Sutured Ghoul returned from that graveyard can't exile itself
    (the card's ruling; it isn't a card in the graveyard once it enters, 614.1c)."""
    cands = tuple(i for i in game.players[p].graveyard
                  if i != spell_obj.id and "Creature" in game.chars(game.obj(i)).types)
    return {"options": cands, "min": 0, "max": len(cands), "purpose": "exile",
            "prompt": "As Sutured Ghoul enters, exile any number of creature cards from your "
                      "graveyard"}


def _ghoul_exile(game: GameState, obj: GameObject) -> None:
    """As it enters (614.1c, 614.12): the chosen cards still in the graveyard are exiled;
    the exiled cards are remembered (linked abilities, 607.2a)."""
    exiled: list[int] = []
    for cid in obj.memory.get("chosen") or ():
        c = game.get(cid)
        if c is None or c.zone != Zone.GRAVEYARD or c.owner != obj.controller:
            continue
        new = _move(game, c, Zone.EXILE, "614.1c",
                    verb=say("{card} is exiled from {graveyard} ({source})",
                             "{card} est exilé {graveyard:de} ({source})",
                             card=Card(c.id, c.name),
                             graveyard=Place(Zone.GRAVEYARD, game.who(c.owner)),
                             source=Card(obj.id, obj.name)))
        exiled.append(new.id)
    obj.memory["sutured"] = tuple(exiled)


def _sutured_pt(game: GameState, obj: GameObject) -> tuple[int | None, int | None]:
    """604.3: the total power and toughness of the cards exiled with it (in every zone;
    none outside the battlefield: a new object has no exiled cards, 400.7)."""
    p = t = 0
    for cid in obj.memory.get("sutured", ()) if obj.memory else ():
        c = game.get(cid)
        if c is not None and c.zone == Zone.EXILE:
            ch = game.chars(c)
            p += ch.power or 0
            t += ch.toughness or 0
    return p, t


define("Sutured Ghoul",
       StaticAbility(rule="as_enters_choice", check=_ghoul_choice,
                     text="As this creature enters, exile any number of creature cards from "
                          "your graveyard."),
       StaticAbility(rule="as_enters", check=_ghoul_exile,
                     text="(the chosen cards are exiled as it enters)"),
       cda=_sutured_pt)




define("Grim Lavamancer", ActivatedAbility(
    C("{R}", tap=True, exile_graveyard=2), DealDamage(2, T(0)), targets=(CREATURE_OR_PLAYER,),
    text="{R}, {T}, Exile two cards from your graveyard: This creature deals 2 damage to target "
         "creature or player."))


# Arachnus Spinner {5}{G}
def _is_web(game: GameState, o: GameObject) -> bool:
    return o.name == "Arachnus Web"


def _spinner(game: GameState, ctx: Ctx) -> None:
    if not ctx.target_refs(0):
        return
    game.ask(ChoiceDecision(
        ctx.controller, "choose", "Search your graveyard and/or library for a card named "
        "Arachnus Web: choose the zones to search", (_spinner_zones, (ctx,)), rule="701.17a",
        options=(Zone.GRAVEYARD, Zone.LIBRARY), min_count=1, max_count=2,
        purpose="zones to search"))


#: The zones Arachnus Spinner searches, for the log ("their graveyard and library").
_SEARCHED_ZONES = {Zone.GRAVEYARD: Word("graveyard", "son cimetière"),
                   Zone.LIBRARY: Word("library", "sa bibliothèque")}


def _spinner_zones(game: GameState, action: Any, ctx: Ctx) -> None:
    p = ctx.controller
    zones = tuple(action.items)
    gy = [i for i in reversed(game.players[p].graveyard) if _is_web(game, game.obj(i))] \
        if Zone.GRAVEYARD in zones else []
    lib = [i for i in reversed(game.players[p].library) if _is_web(game, game.obj(i))] \
        if Zone.LIBRARY in zones else []
    game.note("701.17a", say("{who} searches their {zones} for a card named {card}",
                             "{who} cherche une carte nommée {card} dans {zones}",
                             who=game.who(p), card=Card(None, "Arachnus Web"),
                             zones=Items((_SEARCHED_ZONES[z] for z in zones),
                                         sep=(" and ", " et "))))
    cands = tuple(gy + lib)
    searched_library = Zone.LIBRARY in zones
    if not cands:
        _spinner_found(game, Choose(()), ctx, searched_library)
        return
    # 701.17b: only a search of a hidden zone may fail to find a card that is there
    need = 1 if gy else 0
    game.ask(ChoiceDecision(
        p, "search", "Choose a card named Arachnus Web", (_spinner_found,
                                                          (ctx, searched_library)),
        rule="701.17a", options=cands, min_count=need, max_count=1, purpose="search"))


def _spinner_found(game: GameState, action: Any, ctx: Ctx, searched_library: bool) -> None:
    from manastack.rules.targeting import protection_from
    host = None
    for t in ctx.target_refs(0):
        host = on_battlefield(game, t)
    for cid in action.items:
        web = game.obj(cid)
        sp = web.card.spell
        legal = host is not None and game.chars(host).is_creature and \
            not protection_from(game, host, web.id) and (
                sp is None or not sp.targets or
                sp.targets[0].selector.test(game, host.id, ctx.controller, web.id))
        if host is None or not legal:
            # 303.4i: an Aura put onto the battlefield enchanting what it can't enchant stays
            game.note("303.4i", say("{card} can't be attached to that creature: it stays in "
                                    "its zone",
                                    "{card} ne peut pas être attaché à cette créature : il "
                                    "reste dans sa zone", card=Card(web.id, web.name)))
            continue
        _move(game, web, Zone.BATTLEFIELD, "701.17a", controller=ctx.controller,
              attach_to=host.id,
              verb=say("{card} is put onto the battlefield attached to {host}",
                       "{card} est mis sur le champ de bataille attaché à {host}",
                       card=Card(web.id, web.name), host=Card(host.id, host.name)))
    if searched_library:
        from manastack.rules.zones import shuffle
        shuffle(game, ctx.controller, "701.18a")


define("Arachnus Spinner", ActivatedAbility(
    C(tap_others=permanent & with_subtype("Spider"), tap_count=1),
    Custom(_spinner, "Search your graveyard and/or library for a card named Arachnus Web and "
                     "put it onto the battlefield attached to target creature. If you search "
                     "your library this way, shuffle."),
    targets=(target_of(creature, "target creature"),),
    text="Tap an untapped Spider you control: Search your graveyard and/or library for a card "
         "named Arachnus Web and put it onto the battlefield attached to target creature. If "
         "you search your library this way, shuffle."))




# Adaptive Automaton {3}
def _automaton_choice(game: GameState, spell_obj: GameObject, controller: int) -> dict[str, Any]:
    # 205.3e: one existing creature type (205.3m), not a land or planeswalker type
    return {"options": creature_types(), "min": 1, "max": 1, "purpose": "creature type",
            "prompt": f"As {spell_obj.name} enters, choose a creature type", "rule": "205.3e"}


def _chosen_type(src: GameObject) -> str | None:
    chosen = src.memory.get("chosen") if src.memory else None
    return str(chosen[0]) if chosen else None


def _automaton_type(game: GameState, src: GameObject) -> list[LayerEffect]:
    t = _chosen_type(src)
    if t is None:
        return []
    return [LayerEffect("4", add_subtypes(t), frozenset({src.id}), game.controller(src),
                        src.id, src.timestamp, text=f"{src.name} is a {t}")]


def _automaton_lord(game: GameState, src: GameObject) -> list[LayerEffect]:
    t = _chosen_type(src)
    if t is None:
        return []
    return [LayerEffect("7c", modify_pt(1, 1),
                        creature & you_control & with_subtype(t) & another,
                        game.controller(src), src.id, src.timestamp,
                        text=f"Other {t} creatures you control get +1/+1")]


define("Adaptive Automaton",
       StaticAbility(rule="as_enters_choice", check=_automaton_choice,
                     text="As this creature enters, choose a creature type."),
       StaticAbility(effects=_automaton_type,
                     text="This creature is the chosen type in addition to its other types."),
       StaticAbility(effects=_automaton_lord,
                     text="Other creatures you control of the chosen type get +1/+1."))


# ======================================================================
# divided damage, target-dependent costs, restrictions by kind of spell, targets chosen by another player, state triggers, replacement effects from a hand


# Consume Spirit {X}{1}{B}
define("Consume Spirit", spell=SpellAbility(
    effect=seq(DealDamage(X, T(0)), GainLife(X)),
    targets=(CREATURE_OR_PLAYER,), x_mana="B",
    text="Spend only black mana on X. Consume Spirit deals X damage to target creature or "
         "player and you gain X life."))


# ======================================================================
# alternative costs, playing cards while an ability resolves, casting from the library, ending the turn, controlling another player


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
        game.note("400.7", say("The spell is no longer on the stack: nothing gains "
                               "bloodthirst",
                               "Le sort n'est plus sur la pile : rien n'acquiert la soif de "
                               "sang"))
        return
    add_effect(game, LayerEffect("6", add_abilities(_BLOODTHIRST_3), frozenset({spell.id}),
                                 ctx.controller, ctx.source, duration=Duration("permanent"),
                                 text=f"{ctx.source_name}: {spell.name} has bloodthirst 3"))
    game.note("611.2c", say("{card} gains bloodthirst 3 ({source})",
                            "{card} acquiert la soif de sang 3 ({source})",
                            card=Card(spell.id, spell.name), source=_source(ctx)))


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
            lose_life(game, p, life - 10, "118.5", why=_becomes_ten(ctx))
        elif life < 10:
            gain_life(game, p, 10 - life, "118.5", why=_becomes_ten(ctx))


def _becomes_ten(ctx: Ctx) -> Line:
    """Why Sorin Markov's target gains or loses life: "life total becomes 10, Sorin Markov"."""
    return say("life total becomes 10, {card}", "son total de points de vie devient 10, {card}",
               card=_source(ctx))


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




# Djinn of Wishes {3}{U}{U}
def _three_wish_counters(game: GameState, obj: GameObject) -> None:
    obj.counters["wish"] = obj.counters.get("wish", 0) + 3
    game.note("614.1c", say("{card} enters the battlefield with three wish counters",
                            "{card} arrive sur le champ de bataille avec trois marqueurs "
                            "« vœu »", card=Card(obj.id, obj.name)))


def _djinn_wish(game: GameState, ctx: Ctx) -> None:
    """Reveal the top card (701.14a); its controller may play it without paying its mana
    cost (a land: as their land play, 305.2a); if they don't, it is exiled."""
    from manastack.rules.during_resolution import offer_play

    p = ctx.controller
    lib = game.players[p].library
    if not lib:
        game.note("101.3", say("{who}'s library is empty: nothing is revealed",
                               "La bibliothèque {who:de} est vide : rien n'est révélé",
                               who=game.who(p)))
        return
    o = game.obj(lib[-1])
    game.note("701.14a", say("{who} reveals {card} from the top of their library",
                             "{who} révèle {card} du dessus de sa bibliothèque",
                             who=game.who(p), card=Card(o.id, o.name)), object=o.id)
    offer_play(game, p, o.id, (_djinn_after, (o.id, p)), free=True, optional=True,
               lands=True, prompt=f"You may play {o.name} without paying its mana cost "
                                  "(if you don't, it is exiled)")


def _djinn_after(game: GameState, outcome: str, card: int, p: int) -> None:
    if outcome in ("cast", "played"):
        return
    o = game.get(card)
    if o is not None and o.zone == Zone.LIBRARY:
        _move(game, o, Zone.EXILE, "608.2c",
              verb=say("{card} is exiled from the top of {library}",
                       "{card} est exilé du dessus {library:de}", card=Card(o.id, o.name),
                       library=Place(Zone.LIBRARY, game.who(p))))


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


# ======================================================================
# planeswalkers, can't be countered, Auras granting keywords


def _enchanted_has(*kws: str):  # type: ignore[no-untyped-def]
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        host = src.attached_to
        if host is None or isinstance(host, PlayerRef):
            return []
        return [LayerEffect("6", add_keywords(*kws), frozenset({host}),
                            game.controller(src), src.id, src.timestamp)]
    return effects


define("Lifelink", StaticAbility(effects=_enchanted_has("lifelink"),
                                 text="Enchanted creature has lifelink."),
       spell=SpellAbility(targets=(target_of(creature, "target creature"),)))

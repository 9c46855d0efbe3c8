"""Behaviour of Magic 2011 cards (M11), following current Oracle text.

Every M11 card with behaviour is defined here, by colour, then by the engine features
the later sections' cards use (copies, planeswalkers, choice costs and graveyard
abilities, divided damage and restrictions, alternative costs and playing cards while
resolving).  Cards whose Oracle text is only keywords the rules implement need no entry.
Cards printed in both M11 and M12 are defined here (not in ``m12.py``: the first printing
among the pool's sets wins).  Nothing here is imported by another set: pieces several
sets share are in :mod:`manastack.cards.effects`, :mod:`manastack.cards.vocab` and
:mod:`manastack.cards.tokens`.

Small effects the shared vocabulary doesn't have (scry, destroy all, ...) are written
at the top of this module.
Choices made while an effect resolves are asked with
:class:`~manastack.game.decisions.ChoiceDecision` and continue from the answer, as
:class:`~manastack.cards.effects.Discard` does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE,
    CREATURE_OR_PLAYER,
    PLAYER,
    ActivatedAbility,
    AlternativeCost,
    ManaProduction,
    Selector,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    another,
    artifact,
    attacking,
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
    spell,
    tapped,
    target_of,
    where,
    with_keyword,
    with_subtype,
    you_control,
)
from manastack.cards.dsl import cost as C
from manastack.cards.effects import (
    ATTACHED,
    EACH,
    EACH_OPPONENT,
    EACH_PLAYER,
    SELF,
    TRIGGER,
    YOU,
    AddCounters,
    CounterSpell,
    CounterUnlessPays,
    CreateTokens,
    Custom,
    DealDamage,
    DealDividedDamage,
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
    Refs,
    Regenerate,
    Sacrifice,
    SacrificeOfChoice,
    SearchTo,
    T,
    Tap,
    X,
    any_card,
    battlefield_ids,
    destroyed_by,
    doesnt_untap_next,
    is_basic_land,
    is_end_step,
    layered_effect,
    players_of,
    reveal,
    search_library,
    seq,
    source_card,
    threaten,
    until_end_of_turn,
)
from manastack.cards.registry import define
from manastack.cards.tokens import BEAST, ZOMBIE
from manastack.cards.vocab import (
    add_subtypes,
    anthem,
    at_beginning_of,
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
    when_deals_damage,
    when_dies,
    when_enters,
    when_gain_life,
)
from manastack.events import ManaChanged
from manastack.game.decisions import ChoiceDecision, Choose
from manastack.game.objects import GameObject, PlayerRef, Ref, Zone
from manastack.lines import NOTHING, Card, Items, Line, Place, Raw, Word, say
from manastack.rules.copies import copy_spell, spell_snapshot
from manastack.rules.keyword_actions import add_counters, remove_counters, tap
from manastack.rules.layers import (
    Duration,
    LayerEffect,
    add_effect,
    add_keywords,
    modify_pt,
    set_controller,
    set_pt,
)
from manastack.rules.prevention import prevented_line
from manastack.rules.replacement import ProposedDamage, ProposedZoneChange, Replacement
from manastack.rules.simultaneous import Ask, Chosen, each_player_chooses
from manastack.rules.static import RuleEffect, add_rule_effect

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.objects import Characteristics
    from manastack.game.state import GameState
    from manastack.log import Event

#: Keyword-action citations in the 2017 numbering the engine uses (701.7 destroy, 701.8
#: discard, 701.15 sacrifice, 701.16 scry, 701.19 tap).  "Mill" wasn't a keyword action
#: in 2017: milling is cited as the zone change it is (400.7).
R_DESTROY = "701.7a"
R_DISCARD = "701.8a"
R_REVEAL = "701.14a"
R_SACRIFICE = "701.15a"
R_SCRY = "701.16a"
R_SEARCH = "701.17a"
R_SHUFFLE = "701.18a"
R_TAP = "701.19a"
R_UNTAP = "701.19b"
R_MILL = "400.7"

SPELL = target_of(spell, "target spell")


# ====================================================================== helpers


def _on_battlefield(o: GameObject | None) -> bool:
    return o is not None and o.zone == Zone.BATTLEFIELD and not o.phased_out


def _pname(game: GameState, p: int) -> str:
    """A player's name, in the text of an effect (a line of the log names them with
    ``game.who``)."""
    return game.players[p].name


def _prevention_effect(source: Card) -> Line:
    """What the log calls a prevention effect a spell creates: "Fog's prevention effect"."""
    return say("{card}'s prevention effect", "l'effet de prévention {card:de}", card=source)


def _enters_with(obj: GameObject, n: int, x: bool = False) -> Line:
    """"X enters the battlefield with N +1/+1 counters[ (X)]" (614.1c)."""
    card, xs = Card(obj.id, obj.name), say(" (X)", " (X)") if x else NOTHING
    return say("{card} enters the battlefield with {n} +1/+1 counters{x}",
               "{card} arrive sur le champ de bataille avec {n} marqueur +1/+1{x}",
               card=card, n=n, x=xs) if n <= 1 else \
        say("{card} enters the battlefield with {n} +1/+1 counters{x}",
            "{card} arrive sur le champ de bataille avec {n} marqueurs +1/+1{x}",
            card=card, n=n, x=xs)


def _reveals_at_random(game: GameState, p: int, oid: int) -> Line:
    """"P reveals X at random from their hand" (701.14a)."""
    return say("{who} reveals {card} at random from their hand",
               "{who} révèle {card} au hasard dans sa main", who=game.who(p),
               card=game.named(oid))


def _no_card_to_reveal(game: GameState, p: int) -> Line:
    """"P has no card in hand to reveal"."""
    return say("{who} has no card in hand to reveal", "{who} n'a aucune carte en main à révéler",
               who=game.who(p))


def _count_lands(game: GameState, controller: int | None, subtype: str) -> int:
    """Lands with a land type, controlled by ``controller`` (None: all players)."""
    n = 0
    for o in game.permanents(controller):
        c = game.chars(o)
        if "Land" in c.types and subtype in c.subtypes:
            n += 1
    return n


def _move(game: GameState, o: GameObject, to: str, rule: str, **kw: Any) -> GameObject:
    from manastack.rules.zones import move
    return move(game, o, to, rule, **kw)


def _shuffle(game: GameState, p: int, rule: str = R_SHUFFLE) -> None:
    from manastack.rules.zones import shuffle
    shuffle(game, p, rule)


def _tap(game: GameState, o: GameObject, rule: str = R_TAP) -> None:
    if not o.tapped:
        tap(game, o, rule, wide=True)


def sacrifice(game: GameState, o: GameObject) -> None:
    """CR 701.15a: its controller moves it to its owner's graveyard."""
    if _on_battlefield(o):
        _move(game, o, Zone.GRAVEYARD, R_SACRIFICE,
              verb=say("{card} is sacrificed", "{card} est sacrifié", card=Card(o.id, o.name)))


def discard_card(game: GameState, p: int, oid: int, rule: str = R_DISCARD,
                 cause: int | None = None) -> None:
    """``p`` discards ``oid`` because of a spell or ability ``cause`` controls (701.8a)."""
    from manastack.rules.zones import discard
    discard(game, p, game.obj(oid), rule, cause=cause)


def _defending_controls(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    """"[A creature] defending player controls": for an attacking source, the player it
    attacks (802.2a, 805.10e); in Two-Headed Giant either defending player, chosen by the
    controller (810.7b)."""
    o = g.get(r)
    if o is None or g.combat is None:
        return False
    from manastack.rules.variant import variant_of
    return g.controller(o) in variant_of(g).defending_players_meant(g, s)


DEFENDING_CONTROLS = Selector(_defending_controls, "defending player controls")


def _opponent_controls(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    o = g.get(r)
    return o is not None and g.controller(o) in g.opponents(c)


OPPONENT_CONTROLS = Selector(_opponent_controls, "an opponent controls")


def _power_at_most(n: int) -> Selector:
    def f(g: GameState, o: GameObject) -> bool:
        p = g.chars(o).power
        return p is not None and p <= n
    return where(f, f"with power {n} or less")


# ---------------------------------------------------------------- small effects


@dataclass(frozen=True, eq=False)
class DestroyAll(Effect):
    """"Destroy all [selector]": one simultaneous event (CR 701.7a, 608.2c).

    Whether each permanent is indestructible or regenerates is decided before
    any of them leaves (e.g. Knight Exemplar and another Knight under Day of
    Judgment: the other Knight survives)."""

    selector: Selector

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.keyword_actions import destroy
        doomed = []
        for o in game.permanents():
            if not self.selector.test(game, o.id, ctx.controller, ctx.source):
                continue
            if "indestructible" in game.chars(o).keywords:
                game.note("702.12b", say("{card} is indestructible and isn't destroyed",
                                         "{card} est indestructible et n'est pas détruit",
                                         card=Card(o.id, o.name)))
            elif o.regeneration_shields > 0:
                destroy(game, o, R_DESTROY, destroyed_by(ctx))  # regenerates
            else:
                doomed.append(o)
        for o in doomed:
            if o.id in game.objects and o.zone == Zone.BATTLEFIELD:
                _move(game, o, Zone.GRAVEYARD, R_DESTROY,
                      verb=say("{card} is destroyed ({why})", "{card} est détruit ({why})",
                               card=Card(o.id, o.name), why=destroyed_by(ctx)))


@dataclass(frozen=True, eq=False)
class Scry(Effect):
    """Scry N (CR 701.16a): look at the top N cards, put any number on the bottom
    in any order and the rest on top in any order."""

    n: int

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        game.push(_scry_start, ctx.controller, self.n)


def _scry_start(game: GameState, p: int, n: int) -> None:
    lib = game.players[p].library
    top = tuple(reversed(lib[-n:])) if n > 0 else ()
    if not top:
        return
    game.ask(ChoiceDecision(
        p, "scry", f"Scry {len(top)}: choose the cards to put on the bottom of your library "
                   "(options are listed from the top)",
        (_scry_bottom, (p, top)), rule=R_SCRY, options=top, min_count=0,
        max_count=len(top), purpose="scry: cards to put on the bottom"))


def _scry_bottom(game: GameState, action: Any, p: int, top: tuple[int, ...]) -> None:
    bottom = tuple(action.items)
    keep = tuple(c for c in top if c not in bottom)
    game.note(R_SCRY, say("{who} scries {n}: {top} on top, {bottom} on the bottom",
                          "{who} fait regard {n} : {top} sur le dessus, {bottom} au-dessous",
                          who=game.who(p), n=len(top), top=len(keep), bottom=len(bottom)))
    game.push(_scry_order, p, bottom, "bottom")
    game.push(_scry_order, p, keep, "top")


def _scry_order(game: GameState, p: int, cards: tuple[int, ...], where_: str) -> None:
    if len(cards) <= 1:
        _scry_place(game, Choose(cards), p, where_)
        return
    first = "the top card" if where_ == "top" else "the card nearest the top"
    game.ask(ChoiceDecision(
        p, "scry_order", f"Order the cards you put on the {where_} of your library (the first "
                         f"chosen becomes {first})",
        (_scry_place, (p, where_)), rule=R_SCRY, options=cards, min_count=len(cards),
        max_count=len(cards), ordered=True, purpose=f"scry: order of the {where_} cards"))


def _scry_place(game: GameState, action: Any, p: int, where_: str) -> None:
    from manastack.rules.zones import arrange_library
    lib = game.players[p].library
    items = [c for c in action.items if c in lib]
    if where_ == "top":
        arrange_library(game, p, top=items)  # the first chosen ends on top
    else:
        arrange_library(game, p, bottom=items)


def _is_land_card(game: GameState, o: GameObject) -> bool:
    return "Land" in game.chars(o).types


# ---------------------------------------------------------------- continuous effects


@dataclass(frozen=True, eq=False)
class GrantFlags(Effect):
    """Rule flags such as "can't be blocked" until end of turn (layer 6)."""

    flags: tuple[str, ...]
    what: Refs

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        until_end_of_turn(game, ctx, "6", grant_flags_effect(*self.flags),
                   battlefield_ids(game, self.what.resolve(game, ctx)), ", ".join(self.flags))


def set_colors(*cols: str) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 5: the object becomes the given colour(s)."""
    cs = frozenset(cols)

    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.colors = cs
    return f


def _count_pt(count: Callable[[GameState, GameObject], int], dp: int, dt: int
              ) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 7c: +dp/+dt for each thing counted (counted when the layer applies)."""
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        n = count(game, obj)
        if c.power is not None and c.toughness is not None:
            c.power += dp * n
            c.toughness += dt * n
    return f


def _aura_per_land(subtype: str, dp: int, dt: int, text: str) -> StaticAbility:
    """"Enchanted creature gets +dp/+dt for each [land type] you control"."""
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        host = src.attached_to
        if host is None or isinstance(host, PlayerRef):
            return []
        sid = src.id

        def count(g: GameState, obj: GameObject) -> int:
            me = g.get(sid)
            return _count_lands(g, g.controller(me), subtype) if me is not None else 0
        return [LayerEffect("7c", _count_pt(count, dp, dt), frozenset({host}),
                            game.controller(src), src.id, src.timestamp, text=text)]
    return StaticAbility(effects=effects, text=text)


def _self_per(count: Callable[[GameState, GameObject], int], dp: int, dt: int,
              text: str) -> StaticAbility:
    """"This creature gets +dp/+dt for each [thing]"."""
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        return [LayerEffect("7c", _count_pt(count, dp, dt), frozenset({src.id}),
                            game.controller(src), src.id, src.timestamp, text=text)]
    return StaticAbility(effects=effects, text=text)


# ---------------------------------------------------------------- graveyards, entering


def _gy_card(selector: Selector, text: str, yours: bool = True) -> Any:
    """"target [kind] card from your graveyard" (or "from a graveyard", CR 114.2)."""
    sel = card_in(Zone.GRAVEYARD) & selector
    if yours:
        sel = sel & owned_by_you()
    return target_of(sel, text, zones=(Zone.GRAVEYARD,))


def _permanent_card(game: GameState, o: GameObject) -> bool:
    return game.chars(o).is_permanent_card


PERMANENT_CARD = where(_permanent_card, "permanent card")


def _begin_on_battlefield(game: GameState, card: GameObject) -> None:
    """103.5a (Leylines): begin the game with this card on the battlefield."""
    if card.zone == Zone.HAND:
        _move(game, card, Zone.BATTLEFIELD, "103.5a", controller=card.owner,
              verb=say("{who} begins the game with {card} on the battlefield",
                       "{who} commence la partie avec {card} sur le champ de bataille",
                       who=game.who(card.owner), card=Card(card.id, card.name)))


#: "This spell can't be countered" (CR 101.2: a "can't" effect; 701.5a).
CANT_BE_COUNTERED = StaticAbility(rule="cant_be_countered", zones=("stack",),
                                  text="This spell can't be countered.")

LEYLINE = StaticAbility(rule="opening_hand", check=_begin_on_battlefield, zones=("hand",),
                        text="If this card is in your opening hand, you may begin the game "
                             "with it on the battlefield.")


def _enters_with_counters(n: int) -> StaticAbility:
    def check(game: GameState, obj: GameObject) -> None:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
        game.note("614.1c", _enters_with(obj, n))
    return StaticAbility(rule="as_enters", check=check,
                         text=f"This creature enters with {n} +1/+1 counters on it.")


# ====================================================================== white


def _cast_a_spell_this_turn(game: GameState, p: int) -> bool:
    return game.cached(f"m11_cast_{p}", lambda: any(
        e.kind == ev.CAST and e.turn == game.turn_number and e.data.get("player") == p
        for e in game.log))


def _arbiter_cant_attack(game: GameState, src: GameObject, o: GameObject) -> bool:
    p = game.controller(o)
    return p in game.opponents(game.controller(src)) and _cast_a_spell_this_turn(game, p)


def _arbiter_cant_cast(game: GameState, src: GameObject, p: int, spell_card: GameObject) -> bool:
    """"Each opponent who attacked with a creature this turn": the controller of a creature
    as it was declared as an attacker (506.2; with shared team turns, each player of the
    active team attacks with their own creatures, 805.10a)."""
    return p in game.opponents(game.controller(src)) and \
        p in game.turn_flags.get("attacked_players", ())


define("Angelic Arbiter",
       hook("cant_attack", _arbiter_cant_attack, "Each opponent who cast a spell this turn "
                                                 "can't attack with creatures."),
       hook("cant_cast", _arbiter_cant_cast, "Each opponent who attacked with a creature "
                                             "this turn can't cast spells."))


def _you_have_hexproof(game: GameState, src: GameObject, p: int) -> bool:
    return p == game.controller(src)


define("Leyline of Sanctity", LEYLINE,
       hook("player_hexproof", _you_have_hexproof, "You have hexproof."))

define("Ajani's Mantra", at_beginning_of(
    "upkeep", GainLife(1), "At the beginning of your upkeep, you may gain 1 life.",
    optional=True))

define("Ajani's Pridemate", when_gain_life(
    AddCounters("+1/+1", 1, SELF),
    "Whenever you gain life, put a +1/+1 counter on this creature."))

define("Armored Ascension", **aura(
    keywords=("flying",), text="Enchanted creature has flying.",
    extra=(_aura_per_land("Plains", 1, 1, "Enchanted creature gets +1/+1 for each Plains "
                                          "you control."),)))

define("Blinding Mage", ActivatedAbility(
    C("{W}", tap=True), Tap(T(0)), targets=(CREATURE,), text="{W}, {T}: Tap target creature."))

define("Celestial Purge", spell=spell_ability(
    MoveTo(T(0), Zone.EXILE, "406.2"),
    target_of(permanent & (of_color("B") | of_color("R")), "target black or red permanent")))


def _condemn(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life
    for o in (game.get(r) for r in ctx.target_refs(0)):
        if not _on_battlefield(o):
            continue
        assert o is not None
        toughness = game.chars(o).toughness or 0
        ctrl = game.controller(o)
        _move(game, o, Zone.LIBRARY, "400.7", position="bottom",
              verb=say("{card} is put on the bottom of its owner's library",
                       "{card} est mis au-dessous de la bibliothèque de son propriétaire",
                       card=Card(o.id, o.name)))
        # 608.2g: its toughness as it last existed on the battlefield
        gain_life(game, ctrl, max(0, toughness))


define("Condemn", spell=spell_ability(
    Custom(_condemn, "Put target attacking creature on the bottom of its owner's library. "
                     "Its controller gains life equal to its toughness."),
    target_of(creature & attacking, "target attacking creature")))

define("Day of Judgment", spell=spell_ability(DestroyAll(creature)))

define("Excommunicate", spell=spell_ability(MoveTo(T(0), Zone.LIBRARY, "400.7"), CREATURE))

define("Goldenglow Moth", when_blocks(GainLife(4), "Whenever this creature blocks, you may "
                                                   "gain 4 life.", optional=True))

define("Holy Strength", **aura(pt=(1, 2), text="Enchanted creature gets +1/+2."))

define("Honor of the Pure", anthem(creature & you_control & of_color("W"), 1, 1,
                                   "White creatures you control get +1/+1."))

define("Infantry Veteran", ActivatedAbility(
    C(tap=True), Pump(1, 1, T(0)),
    targets=(target_of(creature & attacking, "target attacking creature"),),
    text="{T}: Target attacking creature gets +1/+1 until end of turn."))

define("Knight Exemplar", anthem(
    creature & you_control & with_subtype("Knight") & another, 1, 1,
    "Other Knight creatures you control get +1/+1 and have indestructible.",
    keywords=("indestructible",)))

define("Pacifism", **aura(flags_=("can't attack or block",),
                          text="Enchanted creature can't attack or block."))

define("Palace Guard", flags=("can block any number of creatures",))

BIRD = make_card("Bird", types=("Creature",), subtypes=("Bird",), power=3, toughness=3,
                 colors=("W",), keywords=("flying",), is_token=True)

define("Roc Egg", when_dies(CreateTokens(BIRD), "When this creature dies, create a 3/3 white "
                                                "Bird creature token with flying."))


def _safe_passage(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller
    source = source_card(ctx)

    def applies(g: GameState, e: ProposedDamage) -> bool:
        if e.unpreventable:
            return False
        t = e.target
        if isinstance(t, PlayerRef):
            return t.index == me
        o = g.get(t)
        return o is not None and g.chars(o).is_creature and g.controller(o) == me

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        g.note("615.1", prevented_line(e.amount, g.named(e.target), source))
        return dataclasses.replace(e, amount=0, prevented=e.prevented + e.amount)

    game.replacements.append(Replacement(
        "damage", applies, replace, me, ctx.source, _prevention_effect(source),
        Duration("end_of_turn"), is_prevention=True, timestamp=game.new_timestamp()))


define("Safe Passage", spell=spell_ability(Custom(
    _safe_passage, "Prevent all damage that would be dealt to you and creatures you control "
                   "this turn.")))


def _thirty_life(game: GameState, o: GameObject) -> bool:
    return game.players[game.controller(o)].life >= 30


define("Serra Ascendant", self_pump_if(
    _thirty_life, 5, 5, "As long as you have 30 or more life, this creature gets +5/+5 and "
                        "has flying.", keywords=("flying",)))

define("Solemn Offering", spell=spell_ability(
    seq(Destroy(T(0)), GainLife(4)),
    target_of(artifact | enchantment, "target artifact or enchantment")))


def _named(name: str) -> Callable[[GameState, GameObject], bool]:
    def f(game: GameState, o: GameObject) -> bool:
        return o.name == name
    return f


define("Squadron Hawk", when_enters(
    SearchTo(_named("Squadron Hawk"), 3, Zone.HAND,
             text="Search your library for up to three cards named Squadron Hawk"),
    "When this creature enters, you may search your library for up to three cards named "
    "Squadron Hawk, reveal them, put them into your hand, then shuffle.", optional=True))

def _mv_3_or_less(game: GameState, o: GameObject) -> bool:
    return game.chars(o).mana_cost.mana_value <= 3


_SUN_TARGET = _gy_card(PERMANENT_CARD & where(_mv_3_or_less, "with mana value 3 or less"),
                       "target permanent card with mana value 3 or less from your graveyard")
_SUN_RETURN = MoveTo(T(0), Zone.BATTLEFIELD, "608.2c")
_SUN_TEXT = ("Whenever this creature enters or attacks, you may return target permanent card "
             "with mana value 3 or less from your graveyard to the battlefield.")

define("Sun Titan", when_enters(_SUN_RETURN, _SUN_TEXT, targets=(_SUN_TARGET,), optional=True),
       when_attacks(_SUN_RETURN, _SUN_TEXT, targets=(_SUN_TARGET,), optional=True))

define("Tireless Missionaries", when_enters(GainLife(3), "When this creature enters, you gain "
                                                        "3 life."))


def _archon(game: GameState, ctx: Ctx) -> None:
    """{X}: a shield on you; damage it prevents is dealt to the target (CR 615.7, 615.5);
    damage from several sources at once: you choose which the shield prevents (615.7)."""
    from manastack.rules.prevention import prevention_shield
    n = ctx.x
    if n <= 0:
        return
    me = ctx.controller
    tgts = ctx.target_refs(0)
    hit = (_archon_hit, (ctx.source, tgts[0])) if tgts else None
    game.replacements.append(prevention_shield(
        game, PlayerRef(me), n, me, ctx.source, ctx.source_name, Duration("end_of_turn"),
        then=hit))
    game.note("615.7", say(
        "The next 1 damage that would be dealt to {who} this turn will be prevented ({card})",
        "La prochaine blessure qui devrait être infligée à {who} ce tour-ci sera prévenue "
        "({card})", who=game.who(me), card=source_card(ctx)) if n == 1 else say(
        "The next {n} damage that would be dealt to {who} this turn will be prevented ({card})",
        "Les {n} prochaines blessures qui devraient être infligées à {who} ce tour-ci seront "
        "prévenues ({card})", n=n, who=game.who(me), card=source_card(ctx)))


def _archon_hit(game: GameState, n: int, source: int, tgt: Ref) -> None:
    """"If damage is prevented this way, this creature deals that much damage to any
    target" (2017: "target player"), after the damage event it prevented (615.5)."""
    from manastack.rules.damage import DamageItem, deal_damage
    deal_damage(game, [DamageItem(source, tgt, n)])


define("Vengeful Archon", ActivatedAbility(
    C("{X}"), Custom(_archon, "prevent the next X damage; deal that much to the target"),
    targets=(PLAYER,),
    text="{X}: Prevent the next X damage that would be dealt to you this turn. If damage is "
         "prevented this way, this creature deals that much damage to target player."))

define("War Priest of Thune", when_enters(
    Destroy(T(0)), "When this creature enters, you may destroy target enchantment.",
    targets=(target_of(enchantment, "target enchantment"),), optional=True))


# ====================================================================== blue


define("Aether Adept", when_enters(
    MoveTo(T(0), Zone.HAND, "400.7"), "When this creature enters, return target creature to "
                                      "its owner's hand.", targets=(CREATURE,)))

define("Air Servant", ActivatedAbility(
    C("{2}{U}"), Tap(T(0)),
    targets=(target_of(creature & with_keyword("flying"), "target creature with flying"),),
    text="{2}{U}: Tap target creature with flying."))

define("Augury Owl", when_enters(Scry(3), "When this creature enters, scry 3."))

define("Call to Mind", spell=spell_ability(MoveTo(T(0), Zone.HAND, "400.7"), _gy_card(
    of_type("Instant") | of_type("Sorcery"),
    "target instant or sorcery card from your graveyard")))


def _caged(game: GameState, src: GameObject, p: int, o: GameObject, ab: Any) -> bool:
    return src.attached_to == o.id


def _host_targeted(game: GameState, e: Event, src: GameObject) -> bool:
    return src.attached_to is not None and e.data.get("target") == src.attached_to


define("Ice Cage", **aura(
    flags_=("can't attack or block",),
    text="Enchanted creature can't attack or block.",
    extra=(hook("cant_activate", _caged, "Its activated abilities can't be activated."),
           TriggeredAbility(ev.TARGETED, Destroy(SELF), condition=_host_targeted,
                            text="When enchanted creature becomes the target of a spell or "
                                 "ability, destroy this Aura."))))

define("Cloud Elemental", flags=("can block only creatures with flying",))


def _diminish(game: GameState, ctx: Ctx) -> None:
    until_end_of_turn(game, ctx, "7b", set_pt(1, 1), battlefield_ids(game, ctx.target_refs(0)),
               "base power and toughness 1/1")


def _card_names() -> tuple[str, ...]:
    """Every card name of the pool: naming any other card never matches a card in a game
    (a game's libraries hold pool cards only)."""
    from manastack.cards.database import all_card_data
    return tuple(sorted(all_card_data()))


def _sphinx(game: GameState, ctx: Ctx) -> None:
    each_player_chooses(game, game.apnap(), _sphinx_ask, _sphinx_reveal)


def _sphinx_ask(game: GameState, p: int, chosen: Chosen) -> Ask:
    """201.3: the name of a card (a name that isn't one is rejected citing 201.3)."""
    return Ask("Choose a card name", _card_names(), purpose="card name", rule="201.3",
               announce=say("chooses", "choisit"))


def _sphinx_reveal(game: GameState, chosen: Chosen) -> None:
    """101.4: with every name chosen (APNAP order), all reveal, then each puts their card
    into their hand or on the bottom of their library."""
    tops: list[tuple[int, str, GameObject]] = []
    for p, items in chosen:
        if not items:
            continue
        name = str(items[0])
        lib = game.players[p].library
        if lib:
            top = game.obj(lib[-1])
            game.note(R_REVEAL, say("{who} reveals {card}", "{who} révèle {card}",
                                    who=game.who(p), card=Card(top.id, top.name)),
                      object=top.id)
            tops.append((p, name, top))
    for p, name, top in tops:
        if top.name == name:
            _move(game, top, Zone.HAND, "608.2c",
                  verb=say("{who} puts {card} into their hand", "{who} met {card} dans sa main",
                           who=game.who(p), card=Card(top.id, top.name)))
        else:
            _move(game, top, Zone.LIBRARY, "608.2c", position="bottom",
                  verb=say("{who} puts {card} on the bottom of their library",
                           "{who} met {card} au-dessous de sa bibliothèque", who=game.who(p),
                           card=Card(top.id, top.name)))


define("Conundrum Sphinx", when_attacks(
    Custom(_sphinx, "each player names a card and reveals the top card of their library"),
    "Whenever this creature attacks, each player chooses a card name. Then each player "
    "reveals the top card of their library. If the card a player revealed has the name they "
    "chose, that player puts it into their hand. If it doesn't, that player puts it on the "
    "bottom of their library."))


define("Diminish", spell=spell_ability(Custom(
    _diminish, "Target creature has base power and toughness 1/1 until end of turn."),
    CREATURE))

define("Flashfreeze", spell=spell_ability(CounterSpell(T(0)), target_of(
    spell & (of_color("R") | of_color("G")), "target red or green spell")))

define("Foresee", spell=spell_ability(seq(Scry(4), Draw(2))))


def _targeted_by_opponent(game: GameState, e: Event, src: GameObject) -> bool:
    c = e.data.get("controller")
    return e.data.get("target") == src.id and isinstance(c, int) and \
        game.is_opponent(game.controller(src), c)  # 102.3


_TAP_FREEZE = seq(Tap(T(0)), DoesntUntapNext(T(0)))
_FROST_TEXT = ("Whenever this creature enters or attacks, tap target permanent. It doesn't "
               "untap during its controller's next untap step.")
_PERMANENT = target_of(permanent, "target permanent")

define("Frost Titan",
       TriggeredAbility(ev.TARGETED, CounterUnlessPays(2, TRIGGER("by")),
                        condition=_targeted_by_opponent,
                        text="Whenever this creature becomes the target of a spell or ability "
                             "an opponent controls, counter that spell or ability unless its "
                             "controller pays {2}."),
       when_enters(_TAP_FREEZE, _FROST_TEXT, targets=(_PERMANENT,)),
       when_attacks(_TAP_FREEZE, _FROST_TEXT, targets=(_PERMANENT,)))


def _serpent_cant_attack(game: GameState, src: GameObject, o: GameObject) -> bool:
    return o.id == src.id and _count_lands(game, None, "Island") < 5


define("Harbor Serpent", hook("cant_attack", _serpent_cant_attack,
                              "This creature can't attack unless there are five or more "
                              "Islands on the battlefield."))


def _you_draw(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("player") == game.controller(src)


define("Jace's Erasure", TriggeredAbility(
    ev.DRAW, Mill(1, T(0)), condition=_you_draw, targets=(PLAYER,), optional=True,
    text="Whenever you draw a card, you may have target player mill a card."))

define("Jace's Ingenuity", spell=spell_ability(Draw(3)))

define("Mana Leak", spell=spell_ability(CounterUnlessPays(3, T(0)), SPELL))


def _mass_polymorph(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller
    from manastack.rules.zones import move_all
    mine = list(game.creatures(me))
    move_all(game, mine, Zone.EXILE, "406.2")
    n = len(mine)
    lib = game.players[me].library
    revealed: list[int] = []
    found: list[int] = []
    for oid in reversed(list(lib)):  # from the top
        if len(found) >= n:
            break
        revealed.append(oid)
        if "Creature" in game.chars(game.obj(oid)).types:
            found.append(oid)
    reveal(game, me, tuple(revealed), R_REVEAL)
    from manastack.rules.entering import put_all_onto_battlefield
    # they enter at the same time (603.6a), after each one's choices (614.12a)
    put_all_onto_battlefield(game, [game.obj(oid) for oid in found], me, "608.2c",
                             then=(_shuffle_after_entry, (me,)))


def _shuffle_after_entry(game: GameState, new_ids: tuple[int, ...], p: int) -> None:
    _shuffle(game, p, R_SHUFFLE)


define("Mass Polymorph", spell=spell_ability(Custom(
    _mass_polymorph, "Exile all creatures you control, then reveal cards from the top of your "
                     "library until you reveal that many creature cards. Put all creature "
                     "cards revealed this way onto the battlefield, then shuffle the rest of "
                     "the revealed cards into your library.")))

define("Merfolk Sovereign",
       anthem(creature & you_control & with_subtype("Merfolk") & another, 1, 1,
              "Other Merfolk creatures you control get +1/+1."),
       ActivatedAbility(C(tap=True), GrantFlags(("can't be blocked",), T(0)),
                        targets=(target_of(creature & with_subtype("Merfolk"),
                                           "target Merfolk creature"),),
                        text="{T}: Target Merfolk creature can't be blocked this turn."))


def _reveal_random(game: GameState, ctx: Ctx) -> None:
    t = ctx.data.get("target")
    if not isinstance(t, PlayerRef):
        return
    hand = game.players[t.index].hand
    if not hand:
        game.note(R_REVEAL, _no_card_to_reveal(game, t.index))
        return
    oid = hand[game.rng.randrange(len(hand))]
    game.note(R_REVEAL, _reveals_at_random(game, t.index, oid), object=oid)


define("Merfolk Spy", when_deals_damage(
    Custom(_reveal_random, "that player reveals a card at random from their hand"),
    "Whenever this creature deals combat damage to a player, that player reveals a card at "
    "random from their hand.", to="player", combat_only=True))

define("Mind Control", **aura(control=True, text="You control enchanted creature."))

define("Negate", spell=spell_ability(CounterSpell(T(0)), target_of(
    spell & ~of_type("Creature"), "target noncreature spell")))

define("Phantom Beast", when_becomes_target(
    Sacrifice(SELF), "When this creature becomes the target of a spell or ability, "
                     "sacrifice it."))

define("Preordain", spell=spell_ability(seq(Scry(2), Draw(1))))

def _redirect(game: GameState, ctx: Ctx) -> None:
    for r in ctx.target_refs(0):
        sp = game.get(r)
        if sp is not None and sp.zone == Zone.STACK and sp.targets:
            game.push(_redirect_word, sp.id, 0, (), ctx.controller)


def _target_words(game: GameState, sp: GameObject) -> list[tuple[Any, tuple[Ref, ...]]]:
    """Each target word of the spell with its current targets."""
    from manastack.game.abilities import Ctx as _Ctx
    from manastack.rules.resolution import specs_of
    specs = specs_of(sp)
    c = _Ctx(sp.id, sp.name, game.controller(sp), sp.targets, specs,
             tuple(True for _ in sp.targets))
    return [(spec, tuple(sp.targets[a:b])) for spec, (a, b) in zip(specs, c.spec_slices(),
                                                                     strict=True)]


def _redirect_word(game: GameState, sid: int, i: int, chosen: tuple[Ref, ...], chooser: int) -> None:
    """CR 114.6d: keep or change each target; new ones must be legal for that spell."""
    from manastack.rules.targeting import announce_targets, change_targets, legal_targets
    sp = game.get(sid)
    if sp is None or sp.zone != Zone.STACK:
        return
    words = _target_words(game, sp)
    if i >= len(words):
        changed = tuple(t for t in chosen if t not in sp.targets)
        if chosen != sp.targets:
            change_targets(game, sp, chosen)
            game.note("114.6d", say("{card} now targets {targets}",
                                    "{card} cible maintenant {targets}",
                                    card=Card(sp.id, sp.name),
                                    targets=Items(game.named(t) for t in chosen)))
            announce_targets(game, sp.id, changed, game.controller(sp))
        return
    spec, current = words[i]
    if not current:
        _redirect_word(game, sid, i + 1, chosen, chooser)
        return
    opts = list(current) + [r for r in legal_targets(game, spec, game.controller(sp), sp.id)
                            if r not in current]
    game.ask(ChoiceDecision(
        chooser, "choose_targets", f"Targets for {spec.text} of {sp.name} (choose the current "
                                   "ones to leave them unchanged)",
        (_redirect_chosen, (sid, i, chosen, chooser)), rule="114.6d", options=tuple(opts),
        min_count=len(current), max_count=len(current), purpose=f"new targets of {sp.name}"))


def _redirect_chosen(game: GameState, action: Any, sid: int, i: int, chosen: tuple[Ref, ...],
                     chooser: int) -> None:
    _redirect_word(game, sid, i + 1, chosen + tuple(action.items), chooser)


define("Redirect", spell=spell_ability(Custom(
    _redirect, "You may choose new targets for target spell."), SPELL))

define("Scroll Thief", when_deals_damage(
    Draw(1), "Whenever this creature deals combat damage to a player, draw a card.",
    to="player", combat_only=True))


def _sleep(game: GameState, ctx: Ctx) -> None:
    for p in players_of(game, ctx.target_refs(0)):
        mine = game.creatures(p)
        for o in mine:
            _tap(game, o)
        doesnt_untap_next(game, ctx, [o.id for o in mine], p)


define("Sleep", spell=spell_ability(Custom(
    _sleep, "Tap all creatures target player controls. Those creatures don't untap during "
            "that player's next untap step."), PLAYER))

ISLAND_MANA = ActivatedAbility(C(tap=True), mana=ManaProduction(("U",)), text="{T}: Add {U}.")


def _leviathan_islands(game: GameState, src: GameObject) -> list[LayerEffect]:
    def apply(g: GameState, o: GameObject, c: Characteristics) -> None:
        if "Island" not in c.subtypes:
            c.subtypes = c.subtypes | {"Island"}
            c.abilities = c.abilities + (ISLAND_MANA,)  # 305.7: the Island mana ability
    return [LayerEffect("4", apply, land, game.controller(src), src.id, src.timestamp,
                        text="All lands are Islands in addition to their other types.")]


def _no_flying_or_islandwalk(game: GameState, src: GameObject, o: GameObject) -> bool:
    return not ({"flying", "islandwalk"} & game.chars(o).keywords)


define("Stormtide Leviathan",
       StaticAbility(effects=_leviathan_islands,
                     text="All lands are Islands in addition to their other types."),
       hook("cant_attack", _no_flying_or_islandwalk,
            "Creatures without flying or islandwalk can't attack."))


def _time_reversal(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import draw
    order = game.apnap()
    for p in order:
        pl = game.players[p]
        for oid in list(pl.hand) + list(pl.graveyard):
            _move(game, game.obj(oid), Zone.LIBRARY, R_SHUFFLE, quiet=True)
        _shuffle(game, p, R_SHUFFLE)
    for p in order:
        draw(game, p, 7, "120.1")
    me = game.get(ctx.object_id)
    if me is not None and me.zone == Zone.STACK:
        _move(game, me, Zone.EXILE, "406.2",
              verb=say("{card} is exiled", "{card} est exilé", card=Card(me.id, me.name)))


define("Time Reversal", spell=spell_ability(Custom(
    _time_reversal, "Each player shuffles their hand and graveyard into their library, then "
                    "draws seven cards. Exile Time Reversal.")))

define("Tome Scour", spell=spell_ability(Mill(5, T(0)), PLAYER))


def _half_library(game: GameState, p: int) -> int:
    return len(game.players[p].library) // 2


define("Traumatize", spell=spell_ability(Mill(0, T(0), per_player=_half_library), PLAYER))


def _blocks_a_creature(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("blocker") == src.id


define("Wall of Frost", TriggeredAbility(
    ev.BLOCKS_CREATURE, DoesntUntapNext(TRIGGER("attacker")), condition=_blocks_a_creature,
    text="Whenever this creature blocks a creature, that creature doesn't untap during its "
         "controller's next untap step."))

define("Water Servant",
       ActivatedAbility(C("{U}"), Pump(1, -1, SELF),
                        text="{U}: This creature gets +1/-1 until end of turn."),
       ActivatedAbility(C("{U}"), Pump(-1, 1, SELF),
                        text="{U}: This creature gets -1/+1 until end of turn."))


# ====================================================================== black


define("Assassinate", spell=spell_ability(Destroy(T(0)), target_of(creature & tapped,
                                                             "target tapped creature")))


def _blood_tithe(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life, lose_life
    lost = 0
    for p in game.opponents(ctx.controller):
        before = game.players[p].life
        lose_life(game, p, 3)
        lost += before - game.players[p].life
    gain_life(game, ctx.controller, lost)


define("Blood Tithe", spell=spell_ability(Custom(
    _blood_tithe, "Each opponent loses 3 life. You gain life equal to the life lost this "
                  "way.")))

define("Bloodthrone Vampire", ActivatedAbility(
    C(sacrifice=creature, sacrifice_count=1), Pump(2, 2, SELF),
    text="Sacrifice a creature: This creature gets +2/+2 until end of turn."))


def _damage_dealt_since(game: GameState, start: int, source: int) -> int:
    return sum(int(e.data.get("amount", 0)) for e in game.log[start:]
               if e.kind == ev.DAMAGE and e.data.get("source") == source)


def _corrupt(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import DamageItem, deal_damage
    n = _count_lands(game, ctx.controller, "Swamp")
    deal_damage(game, [DamageItem(ctx.source, r, n) for r in ctx.target_refs(0)],
                then=(_corrupt_gain, (ctx.controller, ctx.source, len(game.log))))


def _corrupt_gain(game: GameState, player: int, source: int, start: int) -> None:
    """"You gain life equal to the damage dealt this way": once the damage has been dealt
    (after any choice of prevention order or redirection, 616.1, 306.7)."""
    from manastack.rules.damage import gain_life
    gain_life(game, player, _damage_dealt_since(game, start, source))


define("Corrupt", spell=spell_ability(Custom(
    _corrupt, "Corrupt deals damage to target creature or player equal to the number of "
              "Swamps you control. You gain life equal to the damage dealt this way."),
    CREATURE_OR_PLAYER))


def _dark_tutelage(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import lose_life
    p = ctx.controller
    lib = game.players[p].library
    if not lib:
        return
    o = game.obj(lib[-1])
    mv = game.chars(o).mana_cost.mana_value
    card = Card(o.id, o.name)
    game.note(R_REVEAL, say("{who} reveals {card}", "{who} révèle {card}", who=game.who(p),
                            card=card), object=o.id)
    _move(game, o, Zone.HAND, "608.2c", verb=say("{who} puts {card} into their hand",
                                                 "{who} met {card} dans sa main",
                                                 who=game.who(p), card=card))
    lose_life(game, p, mv)


define("Dark Tutelage", at_beginning_of("upkeep", Custom(
    _dark_tutelage, "reveal the top card, put it into your hand, lose life equal to its mana "
                    "value"),
    "At the beginning of your upkeep, reveal the top card of your library and put that card "
    "into your hand. You lose life equal to its mana value."))

define("Deathmark", spell=spell_ability(Destroy(T(0)), target_of(
    creature & (of_color("G") | of_color("W")), "target green or white creature")))

define("Diabolic Tutor", spell=spell_ability(SearchTo(
    any_card, 1, Zone.HAND, min_count=1, reveal=False,
    text="Search your library for a card")))


def _duress(game: GameState, ctx: Ctx) -> None:
    for p in players_of(game, ctx.target_refs(0)):
        hand = tuple(game.players[p].hand)
        game.note(R_REVEAL, say("{who} reveals their hand: {cards}", "{who} révèle sa main : "
                                "{cards}", who=game.who(p),
                                cards=Items(game.named(i) for i in hand) if hand else
                                say("no cards", "aucune carte")))
        cands = tuple(i for i in hand
                      if not {"Creature", "Land"} & game.chars(game.obj(i)).types)
        if cands:
            game.ask(ChoiceDecision(ctx.controller, "choose",
                                    "Choose a noncreature, nonland card to be discarded",
                                    (_duress_done, (p, ctx.controller)), rule="608.2d",
                                    options=cands,
                                    purpose="discard"))
        return


def _duress_done(game: GameState, action: Any, p: int, cause: int | None = None) -> None:
    for oid in action.items:
        discard_card(game, p, oid, cause=cause)


define("Duress", spell=spell_ability(Custom(
    _duress, "Target opponent reveals their hand. You choose a noncreature, nonland card from "
             "it. That player discards that card."),
    target_of(opponent, "target opponent")))


def _haunting_echoes(game: GameState, ctx: Ctx) -> None:
    for p in players_of(game, ctx.target_refs(0)):
        names: set[str] = set()
        for oid in list(game.players[p].graveyard):
            o = game.obj(oid)
            c = game.chars(o)
            if "Basic" in c.supertypes and "Land" in c.types:
                continue
            _move(game, o, Zone.EXILE, "406.2")
            names.add(o.name)
        search_library(game, ctx.controller, _named_any(frozenset(names)), 0,
                       len(game.players[p].library), _echoes_found, (p,),
                       "Search for all cards with the same name as a card exiled this way",
                       owner=p)
        return


def _named_any(names: frozenset[str]) -> Callable[[GameState, GameObject], bool]:
    def f(game: GameState, o: GameObject) -> bool:
        return o.name in names
    return f


def _echoes_found(game: GameState, action: Any, p: int) -> None:
    for oid in action.items:
        _move(game, game.obj(oid), Zone.EXILE, "406.2")
    _shuffle(game, p, R_SHUFFLE)


define("Haunting Echoes", spell=spell_ability(Custom(
    _haunting_echoes, "Exile all cards from target player's graveyard other than basic land "
                      "cards. For each card exiled this way, search that player's library for "
                      "all cards with the same name as that card and exile them. Then that "
                      "player shuffles."), PLAYER))

define("Disentomb", spell=spell_ability(MoveTo(T(0), Zone.HAND, "400.7"), _gy_card(
    of_type("Creature"), "target creature card from your graveyard")))

define("Gravedigger", when_enters(
    MoveTo(T(0), Zone.HAND, "400.7"), "When this creature enters, you may return target "
                                      "creature card from your graveyard to your hand.",
    targets=(_gy_card(of_type("Creature"), "target creature card from your graveyard"),),
    optional=True))


def _opponents_card_to_graveyard(game: GameState, src: GameObject) -> list[Replacement]:
    me = game.controller(src)

    def applies(g: GameState, e: ProposedZoneChange) -> bool:
        o = g.get(e.object)
        return e.to == Zone.GRAVEYARD and o is not None and not o.is_token and \
            o.owner in g.opponents(me)

    def replace(g: GameState, e: ProposedZoneChange) -> ProposedZoneChange:
        return dataclasses.replace(e, to=Zone.EXILE)

    return [Replacement("zone_change", applies, replace, me, src.id,
                        say("{card} (exile it instead)", "{card} (il est exilé à la place)",
                            card=Card(src.id, "Leyline of the Void")))]


define("Leyline of the Void", LEYLINE, StaticAbility(
    replacements=_opponents_card_to_graveyard,
    text="If a card would be put into an opponent's graveyard from anywhere, exile it "
         "instead."))


def _rise(game: GameState, ctx: Ctx) -> None:
    for r in ctx.target_refs(0):
        o = game.get(r)
        if o is None or o.zone != Zone.GRAVEYARD:
            continue
        from manastack.rules.entering import put_onto_battlefield
        put_onto_battlefield(game, o, ctx.controller, "608.2c",
                             then=(_risen, (ctx.controller, ctx.source)))


def _risen(game: GameState, new_ids: tuple[int, ...], controller: int, source: int) -> None:
    """Rise from the Grave: the creature is a black Zombie in addition (layers 4, 5)."""
    for oid in new_ids:
        if game.obj(oid).zone != Zone.BATTLEFIELD:
            continue
        ids = frozenset({oid})
        ts = game.new_timestamp()
        add_effect(game, LayerEffect("4", add_subtypes("Zombie"), ids, controller, source, ts,
                                     text="Rise from the Grave: Zombie"))
        add_effect(game, LayerEffect("5", _add_color("B"), ids, controller, source, ts,
                                     text="Rise from the Grave: black"))


def _add_color(col: str) -> Callable[[GameState, GameObject, Characteristics], None]:
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.colors = c.colors | {col}
    return f


define("Rise from the Grave", spell=spell_ability(Custom(
    _rise, "Put target creature card from a graveyard onto the battlefield under your "
           "control. That creature is a black Zombie in addition to its other colors and "
           "types."), _gy_card(of_type("Creature"), "target creature card from a graveyard",
                               yours=False)))

define("Rotting Legion", hook("enters_tapped", text="This creature enters tapped."))

define("Howling Banshee", when_enters(LoseLife(3, EACH_PLAYER),
                                      "When this creature enters, each player loses 3 life."))


def _opponent_discards(game: GameState, e: Event, src: GameObject) -> bool:
    p = e.data.get("player")
    return p is not None and p in game.opponents(game.controller(src))


define("Liliana's Caress", TriggeredAbility(
    ev.DISCARD, LoseLife(2, TRIGGER("player")), condition=_opponent_discards,
    text="Whenever an opponent discards a card, that player loses 2 life."))

define("Liliana's Specter", when_enters(Discard(1, EACH_OPPONENT),
                                        "When this creature enters, each opponent discards a "
                                        "card."))

define("Nantuko Shade", ActivatedAbility(C("{B}"), Pump(1, 1, SELF),
                                         text="{B}: This creature gets +1/+1 until end of "
                                              "turn."))

define("Nightwing Shade", ActivatedAbility(C("{1}{B}"), Pump(1, 1, SELF),
                                           text="{1}{B}: This creature gets +1/+1 until end "
                                                "of turn."))

define("Quag Sickness", **aura(extra=(_aura_per_land(
    "Swamp", -1, -1, "Enchanted creature gets -1/-1 for each Swamp you control."),)))


def _other_rats(game: GameState, src: GameObject) -> int:
    from manastack.cards.effects import permanents_in_view  # 801.11
    return sum(1 for o in permanents_in_view(game, game.controller(src)) if o.id != src.id and
               game.chars(o).is_creature and game.chars(o).name == "Relentless Rats")


define("Relentless Rats", _self_per(_other_rats, 1, 1, "This creature gets +1/+1 for each "
                                                       "other creature on the battlefield "
                                                       "named Relentless Rats."))

define("Royal Assassin", ActivatedAbility(
    C(tap=True), Destroy(T(0)), targets=(target_of(creature & tapped, "target tapped creature"),),
    text="{T}: Destroy target tapped creature."))

define("Stabbing Pain", spell=spell_ability(seq(Pump(-1, -1, T(0)), Tap(T(0))), CREATURE))

define("Unholy Strength", **aura(pt=(2, 1), text="Enchanted creature gets +2/+1."))

define("Viscera Seer", ActivatedAbility(C(sacrifice=creature, sacrifice_count=1), Scry(1),
                                        text="Sacrifice a creature: Scry 1."))


# ====================================================================== red


define("Act of Treason", spell=spell_ability(Custom(
    threaten, "Gain control of target creature until end of turn. Untap that creature. "
                     "It gains haste until end of turn."), CREATURE))


def _is_attacking(game: GameState, o: GameObject) -> bool:
    return game.combat is not None and o.id in game.combat.attackers


define("Ancient Hellkite", ActivatedAbility(
    C("{R}"), DealDamage(1, T(0)),
    targets=(target_of(creature & DEFENDING_CONTROLS,
                       "target creature defending player controls"),),
    condition=_is_attacking, condition_text="activate only if this creature is attacking",
    text="{R}: This creature deals 1 damage to target creature defending player controls. "
         "Activate only if this creature is attacking."))

define("Arc Runner", at_beginning_of("end", Sacrifice(SELF), "At the beginning of the end step, "
                                                             "sacrifice this creature.",
                                     whose="each"))

define("Berserkers of Blood Ridge", flags=("attacks each combat if able",))


def _goblin_cant_attack(game: GameState, src: GameObject, o: GameObject) -> bool:
    return o.id == src.id and not any(game.players[p].damaged_this_turn
                                      for p in game.opponents(game.controller(src)))


define("Bloodcrazed Goblin", hook("cant_attack", _goblin_cant_attack,
                                  "This creature can't attack unless an opponent has been "
                                  "dealt damage this turn."))


def _outrage(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import DamageItem, deal_damage
    items = []
    for r in ctx.target_refs(0):
        o = game.get(r)
        if _on_battlefield(o):
            assert o is not None
            items += [DamageItem(ctx.source, o.id, 4),
                      DamageItem(ctx.source, PlayerRef(game.controller(o)), 2)]
    deal_damage(game, items)


define("Chandra's Outrage", spell=spell_ability(Custom(
    _outrage, "Chandra's Outrage deals 4 damage to target creature and 2 damage to that "
              "creature's controller."), CREATURE))


def _opponent_noncombat_damage(game: GameState, e: Event, src: GameObject) -> bool:
    """Once per damage event for each opponent dealt noncombat damage in it, however many
    sources dealt it (603.2c)."""
    t = e.data.get("target")
    return isinstance(t, PlayerRef) and t.index in game.opponents(game.controller(src)) \
        and not e.data.get("combat") and e.data.get("first_to_target", True)


define("Chandra's Spitfire", TriggeredAbility(
    ev.DAMAGE, Pump(3, 0, SELF), condition=_opponent_noncombat_damage,
    text="Whenever an opponent is dealt noncombat damage, this creature gets +3/+0 until end "
         "of turn."))


def _gladiator(game: GameState, ctx: Ctx) -> None:
    """"It" deals damage even if it left the battlefield, using its last known power
    (CR 608.2g); the other creature then deals damage to it (nothing if it's gone)."""
    from manastack.rules.damage import DamageItem, deal_damage
    me = game.get(ctx.source)
    if me is not None:
        power = game.chars(me).power or 0
    elif ctx.source in game.lki:
        power = game.lki[ctx.source][1].power or 0
    else:
        return
    for r in ctx.target_refs(0):
        other = game.get(r)
        if not _on_battlefield(other):
            continue
        assert other is not None
        deal_damage(game, [DamageItem(ctx.source, other.id, power)],
                    then=(_gladiator_back, (other.id, ctx.source)))


def _gladiator_back(game: GameState, other: int, gladiator: int) -> None:
    """"If you do, that creature deals damage equal to its power to this creature": after
    the Gladiator's damage has been dealt (608.2c), if that creature is still there."""
    from manastack.rules.damage import DamageItem, deal_damage
    o = game.get(other)
    if _on_battlefield(o):
        assert o is not None
        deal_damage(game, [DamageItem(other, gladiator, game.chars(o).power or 0)])


define("Cyclops Gladiator", when_attacks(
    Custom(_gladiator, "it deals damage equal to its power to target creature; that creature "
                       "deals damage equal to its power to it"),
    "Whenever this creature attacks, you may have it deal damage equal to its power to target "
    "creature defending player controls. If you do, that creature deals damage equal to its "
    "power to this creature.",
    targets=(target_of(creature & DEFENDING_CONTROLS,
                       "target creature defending player controls"),), optional=True))

define("Demolish", spell=spell_ability(Destroy(T(0)), target_of(artifact | land,
                                                          "target artifact or land")))


def _df_damage(game: GameState, ctx: Ctx) -> None:
    DealDamage(5, EACH(creature)).resolve(game, ctx)


define("Destructive Force", spell=spell_ability(seq(SacrificeOfChoice(land, EACH_PLAYER, 5),
                                              Custom(_df_damage))))


def _mountains(game: GameState, src: GameObject) -> int:
    return _count_lands(game, game.controller(src), "Mountain")


define("Earth Servant", _self_per(_mountains, 0, 1, "This creature gets +0/+1 for each "
                                                    "Mountain you control."))

define("Ember Hauler", ActivatedAbility(
    C("{1}", sacrifice_self=True), DealDamage(2, T(0)), targets=(CREATURE_OR_PLAYER,),
    text="{1}, Sacrifice this creature: It deals 2 damage to target creature or player."))

define("Fiery Hellhound", ActivatedAbility(C("{R}"), Pump(1, 0, SELF),
                                           text="{R}: This creature gets +1/+0 until end of "
                                                "turn."))


def _fire_servant(game: GameState, src: GameObject) -> list[Replacement]:
    me = game.controller(src)

    def applies(g: GameState, e: ProposedDamage) -> bool:
        o = g.get(e.source)
        if o is None or o.zone != Zone.STACK:
            return False
        c = g.chars(o)
        return "R" in c.colors and bool({"Instant", "Sorcery"} & c.types) and \
            g.controller(o) == me

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        return dataclasses.replace(e, amount=e.amount * 2)

    return [Replacement("damage", applies, replace, me, src.id,
                        say("{card} (red instant or sorcery damage is doubled)",
                            "{card} (les blessures d'un éphémère ou d'un rituel rouge sont "
                            "doublées)", card=Card(src.id, "Fire Servant")))]


define("Fire Servant", StaticAbility(
    replacements=_fire_servant, text="If a red instant or sorcery spell you control would deal "
                                     "damage, it deals double that damage instead."))


def _fling(game: GameState, ctx: Ctx) -> None:
    """The sacrificed creature's power as it last existed on the battlefield (608.2g):
    the engine records what was paid in ``ctx.data["sacrificed"]``."""
    from manastack.rules.damage import DamageItem, deal_damage
    paid = ctx.data.get("sacrificed") or []
    power = max(0, paid[0].power or 0) if paid else 0
    deal_damage(game, [DamageItem(ctx.source, r, power) for r in ctx.target_refs(0)])


define("Fling", spell=spell_ability(
    Custom(_fling, "Fling deals damage equal to the sacrificed creature's power to target "
                   "creature or player."), CREATURE_OR_PLAYER,
    additional_cost=C(sacrifice=creature, sacrifice_count=1)))

define("Goblin Balloon Brigade", ActivatedAbility(
    C("{R}"), Grant(("flying",), SELF), text="{R}: This creature gains flying until end of "
                                             "turn."))

define("Goblin Chieftain", anthem(
    creature & you_control & with_subtype("Goblin") & another, 1, 1,
    "Other Goblin creatures you control get +1/+1 and have haste.", keywords=("haste",)))

define("Goblin Tunneler", ActivatedAbility(
    C(tap=True), GrantFlags(("can't be blocked",), T(0)),
    targets=(target_of(creature & _power_at_most(2), "target creature with power 2 or less"),),
    text="{T}: Target creature with power 2 or less can't be blocked this turn."))


def _is_artifact_card(game: GameState, o: GameObject) -> bool:
    return "Artifact" in game.chars(o).types


def _hoard(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    game.push(search_library, p, _is_artifact_card, 0, 1, _hoard_found, (p, ctx.source),
              "Search your library for an artifact card to exile")


def _hoard_found(game: GameState, action: Any, p: int, dragon: int) -> None:
    for oid in action.items:
        new = _move(game, game.obj(oid), Zone.EXILE, "406.2")
        d = game.get(dragon)
        if _on_battlefield(d):  # 607.2a: linked to this object's second ability
            assert d is not None
            d.memory["hoarded"] = d.memory.get("hoarded", ()) + (new.id,)
    _shuffle(game, p, R_SHUFFLE)


def _hoard_return(game: GameState, ctx: Ctx) -> None:
    dragon = game.lki.get(ctx.source, (None,))[0]
    if dragon is None:
        return
    for oid in dragon.memory.get("hoarded", ()):
        o = game.get(oid)
        if o is not None and o.zone == Zone.EXILE:
            _move(game, o, Zone.HAND, "607.2a")


define("Hoarding Dragon",
       when_enters(Custom(_hoard, "search for an artifact card and exile it"),
                   "When this creature enters, you may search your library for an artifact "
                   "card, exile it, then shuffle.", optional=True),
       when_dies(Custom(_hoard_return, "put the exiled card into its owner's hand"),
                 "When this creature dies, you may put the exiled card into its owner's hand.",
                 optional=True))


def _incite(game: GameState, ctx: Ctx) -> None:
    ids = battlefield_ids(game, ctx.target_refs(0))
    until_end_of_turn(game, ctx, "5", set_colors("R"), ids, "red")
    until_end_of_turn(game, ctx, "6", grant_flags_effect("attacks each combat if able"), ids,
               "attacks this turn if able")


define("Incite", spell=spell_ability(Custom(
    _incite, "Target creature becomes red until end of turn and attacks this turn if able."),
    CREATURE))

define("Manic Vandal", when_enters(Destroy(T(0)), "When this creature enters, destroy target "
                                                  "artifact.",
                                   targets=(target_of(artifact, "target artifact"),)))


def _pyretic(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.casting import add_mana
    add_mana(game, ctx.controller, "RRR")
    game.emit_event(ManaChanged("106.4", say("{who} adds {mana}", "{who} ajoute {mana}",
                                             who=game.who(ctx.controller), mana=Raw("RRR")),
                                game.turn_number,
                                player=ctx.controller, source=ctx.source, mana="RRR"))


define("Pyretic Ritual", spell=spell_ability(Custom(_pyretic, "Add {R}{R}{R}.")))

define("Shiv's Embrace", **aura(
    pt=(2, 2), keywords=("flying",), text="Enchanted creature gets +2/+2 and has flying.",
    extra=(ActivatedAbility(C("{R}"), Pump(1, 0, ATTACHED),
                            text="{R}: Enchanted creature gets +1/+0 until end of turn."),)))

define("Thunder Strike", spell=spell_ability(seq(Pump(2, 0, T(0)), Grant(("first strike",), T(0))),
                                       CREATURE))

define("Volcanic Strength", **aura(pt=(2, 2), keywords=("mountainwalk",),
                                   text="Enchanted creature gets +2/+2 and has mountainwalk."))


# ====================================================================== green


define("Acidic Slime", when_enters(
    Destroy(T(0)), "When this creature enters, destroy target artifact, enchantment, or land.",
    targets=(target_of(artifact | enchantment | land, "target artifact, enchantment, or land"),
             )))


def _become_treefolk(game: GameState, obj: GameObject, c: Characteristics) -> None:
    c.types = c.types | {"Creature"}
    c.subtypes = c.subtypes | {"Treefolk"}


def _awaken(game: GameState, ctx: Ctx) -> None:
    if not _on_battlefield(game.get(ctx.source)):
        return  # the duration already ended: the effect does nothing (611.2b)
    ids = battlefield_ids(game, ctx.target_refs(0))
    if not ids:
        return
    ts = game.new_timestamp()
    for layer, fn in (("4", _become_treefolk), ("5", set_colors("G")), ("7b", set_pt(4, 5))):
        add_effect(game, LayerEffect(layer, fn, ids, ctx.controller, ctx.source, ts,
                                     Duration("while_source", source=ctx.source),
                                     text=f"{ctx.source_name}: 4/5 green Treefolk creature"))


define("Awakener Druid", when_enters(
    Custom(_awaken, "target Forest becomes a 4/5 green Treefolk creature"),
    "When this creature enters, target Forest becomes a 4/5 green Treefolk creature for as "
    "long as this creature remains on the battlefield. It's still a land.",
    targets=(target_of(land & with_subtype("Forest"), "target Forest"),)))

define("Back to Nature", spell=spell_ability(DestroyAll(enchantment)))

define("Birds of Paradise", ActivatedAbility(
    C(tap=True), mana=ManaProduction(("W", "U", "B", "R", "G")),
    text="{T}: Add one mana of any color."))

define("Cudgel Troll", ActivatedAbility(C("{G}"), Regenerate(SELF),
                                        text="{G}: Regenerate this creature."))


def _cultivate_found(game: GameState, action: Any, p: int) -> None:
    items = tuple(action.items)
    reveal(game, p, items)
    if len(items) == 2:
        game.ask(ChoiceDecision(p, "choose", "Choose the land to put onto the battlefield "
                                             "tapped (the other goes to your hand)",
                                (_cultivate_place, (p, items)), rule="608.2d", options=items,
                                purpose="onto the battlefield"))
        return
    _cultivate_place(game, Choose(items), p, items)


def _cultivate_place(game: GameState, action: Any, p: int, items: tuple[int, ...]) -> None:
    for oid in items:
        o = game.obj(oid)
        if oid in action.items:
            _move(game, o, Zone.BATTLEFIELD, R_SEARCH, controller=p, tapped=True)
        else:
            _move(game, o, Zone.HAND, R_SEARCH)
    _shuffle(game, p, R_SHUFFLE)


def _cultivate(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    search_library(game, p, is_basic_land, 0, 2, _cultivate_found, (p,),
                   "Search your library for up to two basic land cards")


define("Cultivate", spell=spell_ability(Custom(
    _cultivate, "Search your library for up to two basic land cards, reveal those cards, put "
                "one onto the battlefield tapped and the other into your hand, then "
                "shuffle.")))

define("Dryad's Favor", **aura(keywords=("forestwalk",),
                               text="Enchanted creature has forestwalk."))


def _fog(game: GameState, ctx: Ctx) -> None:
    source = source_card(ctx)

    def applies(g: GameState, e: ProposedDamage) -> bool:
        return e.combat and not e.unpreventable

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        g.note("615.1", prevented_line(e.amount, g.named(e.target), source, combat=True))
        return dataclasses.replace(e, amount=0, prevented=e.prevented + e.amount)

    game.replacements.append(Replacement(
        "damage", applies, replace, ctx.controller, ctx.source, _prevention_effect(source),
        Duration("end_of_turn"), is_prevention=True, timestamp=game.new_timestamp()))


define("Fog", spell=spell_ability(Custom(_fog, "Prevent all combat damage that would be dealt this "
                                         "turn.")))


def _power_3_or_more(game: GameState, o: GameObject) -> bool:
    return (game.chars(o).power or 0) >= 3


define("Garruk's Packleader", when_another_enters(
    creature & you_control & where(_power_3_or_more, "with power 3 or greater"), Draw(1),
    "Whenever another creature you control with power 3 or greater enters, you may draw a "
    "card.", optional=True))

define("Hornet Sting", spell=spell_ability(DealDamage(1, T(0)), CREATURE_OR_PLAYER))

define("Hunters' Feast", spell=spell_ability(GainLife(6, T(0)), target_of(
    player, "any number of target players", count=99, min_count=0)))

OOZE_1 = make_card("Ooze", types=("Creature",), subtypes=("Ooze",), power=1, toughness=1,
                   colors=("G",), is_token=True)
OOZE_2 = make_card("Ooze", types=("Creature",), subtypes=("Ooze",), power=2, toughness=2,
                   colors=("G",), is_token=True, abilities=(when_dies(
                       CreateTokens(OOZE_1, 2), "When this token dies, create two 1/1 green "
                                                "Ooze creature tokens."),))

define("Mitotic Slime", when_dies(CreateTokens(OOZE_2, 2),
                                  "When this creature dies, create two 2/2 green Ooze "
                                  "creature tokens. They have \"When this token dies, create "
                                  "two 1/1 green Ooze creature tokens.\""))


def _stampede(game: GameState, ctx: Ctx) -> None:
    x = greatest_power(game, ctx)
    mine = EACH(creature & you_control)
    Grant(("trample",), mine).resolve(game, ctx)
    Pump(x, x, mine).resolve(game, ctx)


define("Leyline of Vitality", LEYLINE,
       anthem(creature & you_control, 0, 1, "Creatures you control get +0/+1."),
       when_another_enters(creature & you_control, GainLife(1),
                           "Whenever a creature you control enters, you may gain 1 life.",
                           optional=True))

define("Nature's Spiral", spell=spell_ability(MoveTo(T(0), Zone.HAND, "400.7"), _gy_card(
    PERMANENT_CARD, "target permanent card from your graveyard")))

define("Overwhelming Stampede", spell=spell_ability(Custom(
    _stampede, "Until end of turn, creatures you control gain trample and get +X/+X, where X "
               "is the greatest power among creatures you control.")))

define("Plummet", spell=spell_ability(Destroy(T(0)), target_of(
    creature & with_keyword("flying"), "target creature with flying")))


def _host_attacks(game: GameState, e: Event, src: GameObject) -> bool:
    return src.attached_to is not None and e.data.get("attacker") == src.attached_to


def _host_blocks(game: GameState, e: Event, src: GameObject) -> bool:
    return src.attached_to is not None and e.data.get("blocker") == src.attached_to


_COCOON_SAC = "When enchanted creature attacks or blocks, sacrifice this Aura."

define("Primal Cocoon", **aura(extra=(
    at_beginning_of("upkeep", AddCounters("+1/+1", 1, ATTACHED),
                    "At the beginning of your upkeep, put a +1/+1 counter on enchanted "
                    "creature."),
    TriggeredAbility(ev.ATTACKS, Sacrifice(SELF), condition=_host_attacks, text=_COCOON_SAC),
    TriggeredAbility(ev.BLOCKS, Sacrifice(SELF), condition=_host_blocks, text=_COCOON_SAC))))

_PRIME_SEARCH = SearchTo(_is_land_card, 2, Zone.BATTLEFIELD, tapped=True, reveal=False,
                         text="Search your library for up to two land cards")
_PRIME_TEXT = ("Whenever this creature enters or attacks, you may search your library for up "
               "to two land cards, put them onto the battlefield tapped, then shuffle.")

define("Primeval Titan", when_enters(_PRIME_SEARCH, _PRIME_TEXT, optional=True),
       when_attacks(_PRIME_SEARCH, _PRIME_TEXT, optional=True))

define("Prized Unicorn", flags=("all creatures able to block it do so",))

define("Sylvan Ranger", when_enters(
    SearchTo(is_basic_land, 1, Zone.HAND, text="Search your library for a basic land card"),
    "When this creature enters, you may search your library for a basic land card, reveal it, "
    "put it into your hand, then shuffle.", optional=True))


# ====================================================================== artifacts


def _spell_of_color(col: str) -> Callable[[GameState, GameObject, int], bool]:
    def f(game: GameState, sp: GameObject, me: int) -> bool:
        return col in game.chars(sp).colors
    return f


for _name, _col, _word in (("Angel's Feather", "W", "white"), ("Demon's Horn", "B", "black"),
                           ("Dragon's Claw", "R", "red"), ("Kraken's Eye", "U", "blue"),
                           ("Wurm's Tooth", "G", "green")):
    define(_name, when_cast(_spell_of_color(_col), GainLife(1),
                            f"Whenever a player casts a {_word} spell, you may gain 1 life.",
                            who="any", optional=True))

define("Brittle Effigy", ActivatedAbility(
    C("{4}", tap=True, exile_self=True), MoveTo(T(0), Zone.EXILE, "406.2"), targets=(CREATURE,),
    text="{4}, {T}, Exile this artifact: Exile target creature."))

define("Crystal Ball", ActivatedAbility(C("{1}", tap=True), Scry(2), text="{1}, {T}: Scry 2."))


def _elixir(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.damage import gain_life
    me = ctx.controller
    gain_life(game, me, 5)
    owners = {me}
    src = game.get(ctx.source)
    if _on_battlefield(src):
        assert src is not None
        owners.add(src.owner)
        _move(game, src, Zone.LIBRARY, R_SHUFFLE)
    for oid in list(game.players[me].graveyard):
        _move(game, game.obj(oid), Zone.LIBRARY, R_SHUFFLE, quiet=True)
    for p in sorted(owners):
        _shuffle(game, p, R_SHUFFLE)


define("Elixir of Immortality", ActivatedAbility(
    C("{2}", tap=True), Custom(_elixir, "gain 5 life; shuffle this and your graveyard into "
                                        "library"),
    text="{2}, {T}: You gain 5 life. Shuffle this artifact and your graveyard into their "
         "owner's library."))


def _lose_defender_gain_flying(game: GameState, obj: GameObject, c: Characteristics) -> None:
    c.keywords = (c.keywords - {"defender"}) | {"flying"}


def _gargoyle(game: GameState, ctx: Ctx) -> None:
    until_end_of_turn(game, ctx, "6", _lose_defender_gain_flying, battlefield_ids(game, SELF.resolve(game, ctx)),
               "loses defender and gains flying")


define("Gargoyle Sentinel", ActivatedAbility(
    C("{3}"), Custom(_gargoyle, "loses defender and gains flying until end of turn"),
    text="{3}: Until end of turn, this creature loses defender and gains flying."))


def _idol_give(game: GameState, ctx: Ctx) -> None:
    src = game.get(ctx.source)
    if not _on_battlefield(src):
        return
    assert src is not None
    for p in players_of(game, ctx.target_refs(0)):
        add_effect(game, LayerEffect("2", set_controller(p), frozenset({src.id}),
                                     ctx.controller, ctx.source,
                                     text=f"{ctx.source_name}: control changes"))
        game.note("613.1b", say("{who} gains control of {card}",
                                "{who} acquiert le contrôle {card:de}", who=game.who(p),
                                card=Card(src.id, src.name)))


define("Jinxed Idol",
       at_beginning_of("upkeep", DealDamage(2, YOU), "At the beginning of your upkeep, this "
                                                     "artifact deals 2 damage to you."),
       ActivatedAbility(C(sacrifice=creature, sacrifice_count=1),
                        Custom(_idol_give, "target opponent gains control of this artifact"),
                        targets=(target_of(opponent, "target opponent"),),
                        text="Sacrifice a creature: Target opponent gains control of this "
                             "artifact."))

define("Juggernaut", flags=("attacks each combat if able", "can't be blocked by walls"))


def _angel_cant_lose(game: GameState, src: GameObject, p: int) -> bool:
    return p == game.controller(src)


define("Platinum Angel", hook("cant_lose", _angel_cant_lose,
                              "You can't lose the game and your opponents can't win the "
                              "game."))


def _strongbox(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import draw
    p = ctx.controller
    won = game.rng.randrange(2) == 0
    game.note("705.1", say("{who} flips a coin and wins the flip",
                           "{who} lance une pièce et gagne le pari", who=game.who(p)) if won
              else say("{who} flips a coin and loses the flip",
                       "{who} lance une pièce et perd le pari", who=game.who(p)))
    if won:
        src = game.get(ctx.source)
        if src is not None and game.controller(src) == p:  # 701.15a: only if p controls it
            sacrifice(game, src)
        draw(game, p, 3)


define("Sorcerer's Strongbox", ActivatedAbility(
    C("{2}", tap=True), Custom(_strongbox, "flip a coin; if you win, sacrifice it and draw "
                                           "three"),
    text="{2}, {T}: Flip a coin. If you win the flip, sacrifice this artifact and draw three "
         "cards."))

define("Steel Overseer", ActivatedAbility(
    C(tap=True), AddCounters("+1/+1", 1, EACH(creature & you_control & of_type("Artifact"))),
    text="{T}: Put a +1/+1 counter on each artifact creature you control."))

define("Sword of Vengeance", *equipment(
    "{3}", pt=(2, 0), keywords=("first strike", "vigilance", "trample", "haste"),
    text="Equipped creature gets +2/+0 and has first strike, vigilance, trample, and haste."))

define("Temple Bell", ActivatedAbility(C(tap=True), Draw(1, EACH_PLAYER),
                                       text="{T}: Each player draws a card."))

define("Triskelion", _enters_with_counters(3), ActivatedAbility(
    C(remove_counters=(("+1/+1", 1),)), DealDamage(1, T(0)), targets=(CREATURE_OR_PLAYER,),
    text="Remove a +1/+1 counter from this creature: It deals 1 damage to target creature "
         "or player."))

define("Voltaic Key", ActivatedAbility(
    C("{1}", tap=True), Tap(T(0), untap=True), targets=(target_of(artifact, "target artifact"),),
    text="{1}, {T}: Untap target artifact."))

define("Warlord's Axe", *equipment("{4}", pt=(3, 1), text="Equipped creature gets +3/+1."))

define("Whispersilk Cloak", *equipment(
    "{2}", keywords=("shroud",), flags_=("can't be blocked",),
    text="Equipped creature can't be blocked and has shroud."))


# ====================================================================== lands


def _maze_return(game: GameState, ctx: Ctx) -> None:
    o = game.get(ctx.data.get("exiled"))
    if o is not None and o.zone == Zone.EXILE:
        from manastack.rules.entering import put_onto_battlefield
        put_onto_battlefield(game, o, o.owner, "603.7", tapped=True)


_MAZE_RETURN = TriggeredAbility(
    ev.STEP_BEGAN, Custom(_maze_return, "return it to the battlefield tapped"),
    condition=is_end_step, text="At the beginning of the next end step, return it to the "
                                 "battlefield tapped under its owner's control.")


def _maze(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.triggers import add_delayed
    for r in ctx.target_refs(0):
        o = game.get(r)
        if not _on_battlefield(o):
            continue
        assert o is not None
        new = _move(game, o, Zone.EXILE, "406.2")
        add_delayed(game, _MAZE_RETURN, ctx.source, ctx.source_name, ctx.controller,
                    {"exiled": new.id})


define("Mystifying Maze",
       ActivatedAbility(C(tap=True), mana=ManaProduction(("C",)), text="{T}: Add {C}."),
       ActivatedAbility(
           C("{4}", tap=True), Custom(_maze, "exile it; return it at the next end step"),
           targets=(target_of(creature & attacking & OPPONENT_CONTROLS,
                              "target attacking creature an opponent controls"),),
           text="{4}, {T}: Exile target attacking creature an opponent controls. At the "
                "beginning of the next end step, return it to the battlefield tapped under its "
                "owner's control."))

#: The basic land types in French (205.3i).
_LAND_TYPES_FR: Final = {"Plains": "Plaine", "Island": "Île", "Swamp": "Marais",
                         "Mountain": "Montagne", "Forest": "Forêt"}


def _land_type(subtype: str) -> Word:
    """A basic land type, as a word of a line of the log."""
    return Word(subtype, _LAND_TYPES_FR[subtype])


def _check_land(name: str, a: str, b: str, ma: str, mb: str) -> None:
    def check(game: GameState, obj: GameObject) -> None:
        mine = [o for o in game.permanents(obj.controller) if o.id != obj.id]
        if not any({a, b} & game.chars(o).subtypes and game.chars(o).is_land for o in mine):
            obj.tapped = True
            game.note("614.1d", say("{card} enters the battlefield tapped (its controller "
                                    "controls no {a} or {b})",
                                    "{card} arrive sur le champ de bataille engagé (son "
                                    "contrôleur ne contrôle ni {a} ni {b})",
                                    card=Card(obj.id, obj.name), a=_land_type(a),
                                    b=_land_type(b)))
    define(name,
           StaticAbility(rule="as_enters", check=check,
                         text=f"This land enters tapped unless you control a {a} or a {b}."),
           ActivatedAbility(C(tap=True), mana=ManaProduction((ma, mb)),
                            text=f"{{T}}: Add {{{ma}}} or {{{mb}}}."))


_check_land("Dragonskull Summit", "Swamp", "Mountain", "B", "R")
_check_land("Drowned Catacomb", "Island", "Swamp", "U", "B")
_check_land("Glacial Fortress", "Plains", "Island", "W", "U")
_check_land("Rootbound Crag", "Mountain", "Forest", "R", "G")
_check_land("Sunpetal Grove", "Forest", "Plains", "G", "W")

define("Terramorphic Expanse", ActivatedAbility(
    C(tap=True, sacrifice_self=True),
    SearchTo(is_basic_land, 1, Zone.BATTLEFIELD, tapped=True, reveal=False,
             text="Search your library for a basic land card"),
    text="{T}, Sacrifice this land: Search your library for a basic land card, put it onto the "
         "battlefield tapped, then shuffle."))


del _name, _col, _word


# ======================================================================
# spells and creatures made of the basic effects


define("Lightning Bolt", spell=spell_ability(DealDamage(3, T(0)), CREATURE_OR_PLAYER))
define("Lava Axe", spell=spell_ability(DealDamage(5, T(0)), PLAYER))
define("Pyroclasm", spell=spell_ability(DealDamage(2, EACH(creature))))
define("Doom Blade", spell=spell_ability(Destroy(T(0)), target_of(
    creature & ~of_color("B"), "target nonblack creature")))
define("Naturalize", spell=spell_ability(Destroy(T(0)), target_of(
    artifact | enchantment, "target artifact or enchantment")))
define("Unsummon", spell=spell_ability(MoveTo(T(0), Zone.HAND, "400.7"), CREATURE))
define("Cancel", spell=spell_ability(CounterSpell(T(0)), target_of(spell, "target spell")))


define("Giant Growth", spell=spell_ability(Pump(3, 3, T(0)), CREATURE))
define("Mighty Leap", spell=spell_ability(seq(Pump(2, 2, T(0)), Grant(("flying",), T(0))),
                                    CREATURE))
define("Inspired Charge", spell=spell_ability(Pump(2, 1, EACH(creature & you_control))))
define("Sign in Blood", spell=spell_ability(seq(Draw(2, T(0)), LoseLife(2, T(0))), PLAYER))
define("Mind Rot", spell=spell_ability(Discard(2, T(0)), PLAYER))


define("Llanowar Elves", ActivatedAbility(C(tap=True), mana=ManaProduction(("G",)),
                                          text="{T}: Add {G}."))
define("Prodigal Pyromancer", ActivatedAbility(C(tap=True), DealDamage(1, T(0)),
                                               targets=(CREATURE_OR_PLAYER,),
                                               text="{T}: This creature deals 1 damage to "
                                                    "target creature or player."))
define("Brindle Boar", ActivatedAbility(C(sacrifice_self=True), GainLife(4),
                                        text="Sacrifice this creature: You gain 4 life."))

def _etb_self(game: GameState, e: ev.Event, src: GameObject) -> bool:
    return e.data.get("object") == src.id and e.data.get("to_zone") == Zone.BATTLEFIELD


def _attacks_self(game: GameState, e: ev.Event, src: GameObject) -> bool:
    return e.data.get("attacker") == src.id


define("Grave Titan",
       TriggeredAbility(ev.ZONE_CHANGE, CreateTokens(ZOMBIE, 2), condition=_etb_self,
                        text="Whenever this creature enters, create two 2/2 black Zombie "
                             "creature tokens."),
       TriggeredAbility(ev.ATTACKS, CreateTokens(ZOMBIE, 2), condition=_attacks_self,
                        text="Whenever this creature attacks, create two 2/2 black Zombie "
                             "creature tokens."))


# ======================================================================
# copies (CR 706)


define("Clone", StaticAbility(rule="enters_as_copy", text="You may have this creature enter "
                              "as a copy of any creature on the battlefield."))



def _reverberate(game: GameState, ctx: Ctx) -> None:
    for t in ctx.target_refs(0):
        snap = spell_snapshot(game, t)  # type: ignore[arg-type]
        if snap is not None:
            copy_spell(game, snap, ctx.controller)


INSTANT_OR_SORCERY = spell & (of_type("Instant") | of_type("Sorcery"))

define("Reverberate", spell=SpellAbility(
    effect=Custom(_reverberate, "copy target instant or sorcery spell"),
    targets=(target_of(INSTANT_OR_SORCERY, "target instant or sorcery spell"),)))


# ======================================================================
# planeswalkers (CR 306, 606)


TWO_LANDS = target_of(land, "two target lands", count=2)




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
    from manastack.rules.zones import arrange_library, shuffle
    lib = game.players[p].library
    found = [oid for oid in action.items if oid in lib]
    for oid in found:  # set aside while the rest is shuffled; it never leaves the library
        lib.remove(oid)
    shuffle(game, p, "701.18a")
    for oid in found:
        arrange_library(game, p, top=(oid,))
        game.note("608.2c", say("{who} puts the card found on top of their library",
                                "{who} met la carte trouvée sur le dessus de sa bibliothèque",
                                who=game.who(p)))


def _liliana_reanimate(game: GameState, ctx: Ctx) -> None:
    """All creature cards from all graveyards enter at the same time (one event): each
    one's "whenever another creature enters" abilities see the others (603.6a, 603.10)."""
    from manastack.rules.entering import put_all_onto_battlefield
    me = ctx.controller
    cards = [game.obj(oid) for p in game.apnap() for oid in game.players[p].graveyard
             if "Creature" in game.chars(game.obj(oid)).types]
    put_all_onto_battlefield(game, cards, me, "608.2c",
                             verb=say("{name} is put onto the battlefield under {who}'s "
                                      "control", "{name} est mis sur le champ de bataille "
                                      "sous le contrôle {who:de}", who=game.who(me)))


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
        cards, source = Items(game.named(i) for i in ids), source_card(ctx)
        game.note("611.2c", say("{cards} get +3/+3 and gain trample until end of turn "
                                "({source})", "{cards} gagne +3/+3 et le piétinement jusqu'à "
                                "la fin du tour ({source})", cards=cards, source=source)
                  if len(ids) == 1 else
                  say("{cards} get +3/+3 and gain trample until end of turn ({source})",
                      "{cards} gagnent +3/+3 et le piétinement jusqu'à la fin du tour "
                      "({source})", cards=cards, source=source))


define("Garruk Wildspeaker",
       loyalty(+1, Tap(T(0), untap=True), "+1: Untap two target lands.", (TWO_LANDS,)),
       loyalty(-1, CreateTokens(BEAST), "\u22121: Create a 3/3 green Beast creature token."),
       loyalty(-4, Custom(_overrun, "Creatures you control get +3/+3 and gain trample until "
                                    "end of turn."),
               "\u22124: Creatures you control get +3/+3 and gain trample until end of "
               "turn."))


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


# ======================================================================
# choice costs, graveyard abilities, variable mana, attack requirements, rule effects and as-enters choices


def _return_this_card(to: str, tapped_: bool, text: str) -> Custom:
    """"Return this card from your graveyard to [the battlefield tapped / your hand]": only
    if it is still the same card in the graveyard (a new object otherwise, CR 400.7)."""
    def run(game: GameState, ctx: Ctx) -> None:
        o = this_card_in_graveyard(game, ctx)
        if o is None:
            return
        if to == Zone.BATTLEFIELD:
            from manastack.rules.entering import put_onto_battlefield
            put_onto_battlefield(
                game, o, ctx.controller, "608.2c", tapped=tapped_,
                verb=say("{card} returns from {place} to the battlefield{tapped}",
                         "{card} revient {place:de} sur le champ de bataille{tapped}",
                         card=Card(o.id, o.name),
                         place=Place(Zone.GRAVEYARD, game.who(o.owner)),
                         tapped=say(" tapped", " engagé") if tapped_ else NOTHING))
        else:
            _move(game, o, to, "608.2c",
                  verb=say("{card} returns from {place} to their hand",
                           "{card} revient {place:de} dans la main de son propriétaire",
                           card=Card(o.id, o.name),
                           place=Place(Zone.GRAVEYARD, game.who(o.owner))))
    return Custom(run, text)


# Silence {W}
def _silence(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller

    def check(g: GameState, p: int, spell_obj: GameObject) -> bool:
        return p in g.opponents(me)

    add_rule_effect(game, RuleEffect(
        "cant_cast", check, Duration("end_of_turn"),
        text=f"{ctx.source_name}: {_pname(game, me)}'s opponents can't cast spells this turn",
        controller=me))
    game.note("101.2", say("{who}'s opponents can't cast spells this turn",
                           "Les adversaires {who:de} ne peuvent pas lancer de sorts ce tour-ci",
                           who=game.who(me)))


define("Silence", spell=SpellAbility(effect=Custom(
    _silence, "Your opponents can't cast spells this turn.")))




# Alluring Siren {1}{U}
def _attacks_player(creature_id: int, who: int) -> Callable[[GameState, GameObject], Any]:
    def check(game: GameState, o: GameObject) -> Any:
        return PlayerRef(who) if o.id == creature_id else None
    return check


def _siren(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller
    for t in ctx.target_refs(0):
        o = on_battlefield(game, t)
        if o is None:
            continue
        add_rule_effect(game, RuleEffect(
            "must_attack", _attacks_player(o.id, me), Duration("end_of_turn"),
            text=f"{ctx.source_name}: {o.name} attacks {_pname(game, me)} this turn if able",
            controller=me))
        game.note("508.1d", say("{card} attacks {who} this turn if able",
                                "{card} attaque {who} ce tour-ci si possible",
                                card=Card(o.id, o.name), who=game.who(me)))


define("Alluring Siren", ActivatedAbility(
    C(tap=True), Custom(_siren, "Target creature an opponent controls attacks you this turn "
                                "if able."),
    targets=(target_of(creature & OPPONENT_CONTROLS, "target creature an opponent controls"),),
    text="{T}: Target creature an opponent controls attacks you this turn if able."))




# Captivating Vampire {1}{B}{B}
_CAPTIVATED = "Captivating Vampire: gain control of it; it's a Vampire in addition to its " \
              "other types"


def _captivate(game: GameState, ctx: Ctx) -> None:
    """Gain control (layer 2) and a Vampire in addition to its other types (layer 4,
    205.1b), for the rest of the game: one effect with one timestamp (613.5).

    An earlier effect of this ability on the same permanent is superseded: its layer-2 part
    is overridden by the newer one (613.6, both locked to that object, 611.2c) and its
    layer-4 part adds the same subtype, so it's dropped instead of piling up."""
    for t in ctx.target_refs(0):
        o = on_battlefield(game, t)
        if o is None:
            continue
        ids = frozenset({o.id})
        game.effects[:] = [e for e in game.effects
                           if not (getattr(e, "text", "") == _CAPTIVATED and
                                   e.affected == ids and e.duration.kind == "permanent")]
        layered_effect(game, ctx, ids, [("2", set_controller(ctx.controller)),
                                    ("4", add_subtypes("Vampire"))],
                   _CAPTIVATED, Duration("permanent"))
        game.note("613.1b", say("{who} gains control of {card}; it is a {subtype} in addition "
                                "to its other types", "{who} acquiert le contrôle {card:de} ; "
                                "c'est un {subtype} en plus de ses autres types",
                                who=game.who(ctx.controller), card=Card(o.id, o.name),
                                subtype=Word("Vampire", "Vampire")))


VAMPIRES = permanent & with_subtype("Vampire")

define("Captivating Vampire",
       anthem(creature & you_control & with_subtype("Vampire") & another, 1, 1,
              "Other Vampire creatures you control get +1/+1."),
       ActivatedAbility(
           C(tap_others=VAMPIRES, tap_count=5),
           Custom(_captivate, "Gain control of target creature. It becomes a Vampire in "
                              "addition to its other types."),
           targets=(target_of(creature, "target creature"),),
           text="Tap five untapped Vampires you control: Gain control of target creature. "
                "It becomes a Vampire in addition to its other types."))

define("Reassembling Skeleton", ActivatedAbility(
    C("{1}{B}"), _return_this_card(Zone.BATTLEFIELD, True, "Return this card from your "
                                   "graveyard to the battlefield tapped."),
    zones=(Zone.GRAVEYARD,),
    text="{1}{B}: Return this card from your graveyard to the battlefield tapped."))

define("Magma Phoenix",
       when_dies(DealDamage(3, EACH(creature | player)),
                 "When this creature dies, it deals 3 damage to each creature and each "
                 "player."),
       ActivatedAbility(C("{3}{R}{R}"), _return_this_card(
           Zone.HAND, False, "Return this card from your graveyard to your hand."),
           zones=(Zone.GRAVEYARD,),
           text="{3}{R}{R}: Return this card from your graveyard to your hand."))

def _you_cast(game: GameState, src: GameObject, player: int, spell: GameObject) -> bool:
    return game.controller(src) == player


define("Leyline of Anticipation", LEYLINE,
       hook("cast_as_though_flash", _you_cast,
            "You may cast spells as though they had flash."))

define("Leyline of Punishment", LEYLINE,
       hook("cant_gain_life", text="Players can't gain life."),
       hook("damage_cant_be_prevented", text="Damage can't be prevented."))




def _is_creature_card(game: GameState, o: GameObject) -> bool:
    return "Creature" in game.chars(o).types


define("Fauna Shaman", ActivatedAbility(
    C("{G}", tap=True, discard=1, discard_filter=of_type("Creature")),
    SearchTo(_is_creature_card, 1, Zone.HAND, reveal=True,
             text="Search your library for a creature card"),
    text="{G}, {T}, Discard a creature card: Search your library for a creature card, reveal "
         "it, put it into your hand, then shuffle."))


def _elves_you_control(game: GameState, src: GameObject) -> int:
    me = game.controller(src)
    return sum(1 for o in game.permanents(me) if "Elf" in game.chars(o).subtypes)


define("Elvish Archdruid",
       anthem(creature & you_control & with_subtype("Elf") & another, 1, 1,
              "Other Elf creatures you control get +1/+1."),
       ActivatedAbility(C(tap=True), mana=ManaProduction(("G",), amount=_elves_you_control),
                        text="{T}: Add {G} for each Elf you control."))


# Protean Hydra {X}{G}
def _protean_enters(game: GameState, obj: GameObject) -> None:
    """614.1c: X is the X of the spell it was (0 if it wasn't cast, 107.3f)."""
    n = obj.x if obj.came_from == Zone.STACK else 0
    if n > 0:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
    game.note("614.1c", _enters_with(obj, n, x=True))


def _protean_shield(game: GameState, src: GameObject) -> list[Replacement]:
    """Damage to it is prevented (615.1) and that many +1/+1 counters are removed; each
    counter removed is its own event (the last ability triggers for each).  Damage that
    can't be prevented is dealt, but the effect still applies: the counters are removed
    (615.12)."""
    sid = src.id
    name = src.name
    card = Card(sid, name)

    def applies(g: GameState, e: ProposedDamage) -> bool:
        return e.target == sid and e.amount > 0

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        n = e.amount
        if e.unpreventable:
            g.note("615.12", say("{n} damage to {card} can't be prevented; {card} still loses "
                                 "that many +1/+1 counters",
                                 "{n} blessure infligée à {card} ne peut pas être prévenue ; "
                                 "{card} perd quand même autant de marqueurs +1/+1",
                                 n=n, card=card) if n <= 1 else
                   say("{n} damage to {card} can't be prevented; {card} still loses that many "
                       "+1/+1 counters", "{n} blessures infligées à {card} ne peuvent pas être "
                       "prévenues ; {card} perd quand même autant de marqueurs +1/+1",
                       n=n, card=card))
        else:
            g.note("615.1", prevented_line(n, card, card))
        o = g.get(sid)
        if o is not None:
            k = min(n, o.counters.get("+1/+1", 0))
            for _ in range(k):
                remove_counters(g, o, "+1/+1", 1, "121.1",
                                say("a +1/+1 counter is removed from {card}",
                                    "un marqueur +1/+1 est retiré {card:de}", card=card))
        if e.unpreventable:
            return e
        return dataclasses.replace(e, amount=0, prevented=e.prevented + n)

    return [Replacement("damage", applies, replace, game.controller(src), sid,
                        say("{card} (prevent that damage and remove that many +1/+1 "
                            "counters)", "{card} (prévenir ces blessures et retirer autant de "
                            "marqueurs +1/+1)", card=card),
                        is_prevention=True)]


def _own_plus_counter_removed(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("object") == src.id and e.data.get("counter") == "+1/+1"


def _two_counters_on_it(game: GameState, ctx: Ctx) -> None:
    """603.7c: the delayed ability still affects the Hydra it refers to, but does nothing
    if that object has left the battlefield (a Hydra that returned is a new object, 400.7)."""
    o = game.objects.get(ctx.source)
    if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
        game.note("603.7c", say("{card} is no longer on the battlefield: the delayed triggered "
                                "ability does nothing", "{card} n'est plus sur le champ de "
                                "bataille : la capacité déclenchée retardée ne fait rien",
                                card=source_card(ctx)))
        return
    AddCounters("+1/+1", 2, SELF).resolve(game, ctx)


_TWO_COUNTERS_AT_END_STEP = TriggeredAbility(
    ev.STEP_BEGAN, Custom(_two_counters_on_it, "put two +1/+1 counters on it"),
    condition=is_end_step,
    text="At the beginning of the next end step, put two +1/+1 counters on it.")


def _protean_delayed(game: GameState, ctx: Ctx) -> None:
    """603.7: a delayed triggered ability for the next end step, about this object (603.7c:
    it does nothing if the Hydra left the battlefield)."""
    from manastack.rules.triggers import add_delayed
    add_delayed(game, _TWO_COUNTERS_AT_END_STEP, ctx.source, ctx.source_name, ctx.controller)


define("Protean Hydra",
       StaticAbility(rule="as_enters", check=_protean_enters,
                     text="This creature enters with X +1/+1 counters on it."),
       StaticAbility(replacements=_protean_shield,
                     text="If damage would be dealt to this creature, prevent that damage and "
                          "remove that many +1/+1 counters from it."),
       TriggeredAbility(ev.COUNTERS_REMOVED, Custom(
           _protean_delayed, "put two +1/+1 counters on it at the beginning of the next end "
                             "step"), condition=_own_plus_counter_removed,
           text="Whenever a +1/+1 counter is removed from this creature, put two +1/+1 "
                "counters on it at the beginning of the next end step."))


# ======================================================================
# divided damage, target-dependent costs, restrictions by kind of spell, targets chosen by another player, state triggers, replacement effects from a hand


BF, GY = Zone.BATTLEFIELD, Zone.GRAVEYARD
#: "Any number of targets" (601.2c: the number is announced first; no upper bound).
ANY_NUMBER = 1000


def _colors_of_source(game: GameState, source: int | None) -> frozenset[str]:
    """Colours of a spell or of an ability's source (last known information if gone)."""
    from manastack.rules.targeting import source_characteristics
    c = source_characteristics(game, source)
    return frozenset() if c is None else frozenset(c.colors)


def _is_spell(game: GameState, oid: int | None) -> bool:
    o = game.objects.get(oid) if oid is not None else None
    return isinstance(o, GameObject) and o.zone == Zone.STACK




# Inferno Titan {4}{R}{R}
def _titan_enters(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("object") == src.id and e.data.get("to_zone") == BF


def _titan_attacks(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("attacker") == src.id


_TITAN_TEXT = ("Whenever this creature enters or attacks, it deals 3 damage divided as you "
               "choose among one, two, or three target creatures and/or players.")
_TITAN_TARGETS = (target_of(creature_or_player, "one, two, or three target creatures and/or "
                            "players", count=3, min_count=1),)

define("Inferno Titan",
       ActivatedAbility(C("{R}"), Pump(1, 0, SELF),
                        text="{R}: This creature gets +1/+0 until end of turn."),
       # one ability with two trigger events (603.2): it is written as two abilities
       TriggeredAbility(ev.ZONE_CHANGE, DealDividedDamage(), _titan_enters, _TITAN_TARGETS,
                        text=_TITAN_TEXT, divided=3),
       TriggeredAbility(ev.ATTACKS, DealDividedDamage(), _titan_attacks, _TITAN_TARGETS,
                        text=_TITAN_TEXT, divided=3))


# Fireball {X}{R}
def _fireball_share(game: GameState, ctx: Ctx) -> int:
    """X divided evenly, rounded down, among the targets still legal as Fireball resolves:
    no choice is involved, so the division is made on resolution (the card's rulings; a
    target that became illegal isn't dealt damage, 608.2b).  With no target, no damage."""
    legal = len(ctx.target_refs())
    return ctx.x // legal if legal else 0


define("Fireball", spell=SpellAbility(
    effect=DealDamage(_fireball_share, T(0)),
    targets=(target_of(creature_or_player, "any number of target creatures and/or players",
                       count=ANY_NUMBER, min_count=0),),
    extra_target_cost=1,
    text="This spell costs {1} more to cast for each target beyond the first. Fireball deals "
         "X damage divided evenly, rounded down, among any number of target creatures "
         "and/or players."))




# Autumn's Veil {G}
_BLUE_OR_BLACK = frozenset({"U", "B"})


def _autumns_veil(game: GameState, ctx: Ctx) -> None:
    """Two rule-changing effects until end of turn (613.10), applying to whatever spells
    and creatures the player controls at the time (not a locked set).  The card data's
    Oracle text reads "blue or black spells" for the targeting part, with no "your
    opponents control": followed as written."""
    me = ctx.controller

    def not_countered(g: GameState, spell_obj: GameObject, by: int) -> bool:
        return g.controller(spell_obj) == me and _is_spell(g, by) and \
            bool(_colors_of_source(g, by) & _BLUE_OR_BLACK)

    def not_targeted(g: GameState, o: GameObject, controller: int, source: int | None,
                     spell: bool) -> bool:
        return spell and g.chars(o).is_creature and g.controller(o) == me and \
            bool(_colors_of_source(g, source) & _BLUE_OR_BLACK)

    name = ctx.source_name
    add_rule_effect(game, RuleEffect(
        "cant_be_countered_by", not_countered, Duration("end_of_turn"),
        text=f"{name}: spells {_pname(game, me)} controls can't be countered by blue or "
             "black spells this turn", controller=me))
    add_rule_effect(game, RuleEffect(
        "cant_be_targeted", not_targeted, Duration("end_of_turn"),
        text=f"{name}: creatures {_pname(game, me)} controls can't be the targets of blue or "
             "black spells this turn", controller=me))
    game.note("101.2", say("This turn, spells {who} controls can't be countered by blue or "
                           "black spells, and creatures they control can't be the targets of "
                           "blue or black spells", "Ce tour-ci, les sorts {who:que} contrôle ne "
                           "peuvent pas être contrecarrés par des sorts bleus ou noirs, et les "
                           "créatures que ce joueur contrôle ne peuvent pas être la cible de "
                           "sorts bleus ou noirs", who=game.who(me)))


define("Autumn's Veil", spell=SpellAbility(effect=Custom(
    _autumns_veil, "Spells you control can't be countered by blue or black spells this turn, "
                   "and creatures you control can't be the targets of blue or black spells "
                   "this turn.")))


# Gaea's Revenge {5}{G}{G}
def _nongreen_cant_target(game: GameState, src: GameObject, o: GameObject, controller: int,
                          source: int | None, spell: bool) -> bool:
    """702.16b-like: the colour of the spell, or of the ability's source, is what counts."""
    return o.id == src.id and "G" not in _colors_of_source(game, source)


define("Gaea's Revenge", CANT_BE_COUNTERED,
       hook("cant_be_targeted", _nongreen_cant_target,
            "This creature can't be the target of nongreen spells or abilities from nongreen "
            "sources."))


# Obstinate Baloth {2}{G}{G}
def _baloth_replacement(game: GameState, src: GameObject) -> list[Replacement]:
    """Works from the hand (112.6b): a discard caused by a spell or ability an opponent
    controls puts it onto the battlefield instead (under its owner's control, 110.2)."""
    oid, owner = src.id, src.owner

    def applies(g: GameState, e: ProposedZoneChange) -> bool:
        cause = e.cause
        return e.object == oid and e.discard and e.to == GY \
            and cause is not None and cause in g.opponents(owner)

    def replace(g: GameState, e: ProposedZoneChange) -> ProposedZoneChange:
        return dataclasses.replace(e, to=BF)

    return [Replacement("zone_change", applies, replace, owner, oid,
                        say("{card} (put it onto the battlefield instead of into {place})",
                            "{card} (il est mis sur le champ de bataille au lieu {place:de})",
                            card=Card(oid, "Obstinate Baloth"),
                            place=Place(GY, game.who(owner))))]


define("Obstinate Baloth",
       when_enters(GainLife(4), "When this creature enters, you gain 4 life."),
       StaticAbility(replacements=_baloth_replacement, zones=(Zone.HAND,),
                     text="If a spell or ability an opponent controls causes you to discard "
                          "this card, put it onto the battlefield instead of putting it into "
                          "your graveyard."))




# Necrotic Plague {2}{B}{B}
def _enchanted_dies(game: GameState, e: Event, src: GameObject) -> bool:
    """The creature it enchants (or enchanted, looking back: 603.10a) dies (700.4)."""
    host = src.attached_to if src.attached_to is not None else src.memory.get(
        "was_attached_to")
    return host is not None and e.data.get("old") == host and \
        e.data.get("from_zone") == BF and e.data.get("to_zone") == GY


def _dead_creatures_controller(game: GameState, data: dict[str, Any]) -> int | None:
    """"Its controller chooses": the dead creature's controller (last known, 608.2g)."""
    lki = data.get("lki")
    return None if lki is None else int(lki.controller)


def _plague_return(game: GameState, ctx: Ctx) -> None:
    """Return the Plague card (what it became in its owner's graveyard, 400.7) to the
    battlefield under the ability controller's control, attached to the target; it stays
    there if it can't enchant that creature (303.4i)."""
    from manastack.rules.targeting import protection_from
    from manastack.rules.zones import move

    old = game.lki.get(ctx.source)
    card = game.get(old[0].memory.get("became")) if old is not None else None
    if card is None or card.zone != GY:
        game.note("608.2b", say("{card} isn't in its owner's graveyard: it stays where it is",
                                "{card} n'est pas dans le cimetière de son propriétaire : il "
                                "reste où il est", card=source_card(ctx)))
        return
    for t in ctx.target_refs(0):
        host = game.get(t)
        if host is None or host.zone != BF:
            continue
        sp = card.card.spell
        if not game.chars(host).is_creature or protection_from(game, host, card.id) or (
                sp is not None and sp.targets and
                not sp.targets[0].selector.test(game, host.id, ctx.controller, card.id)):
            game.note("303.4i", say("{card} can't enchant {host}: it stays in {place}",
                                    "{card} ne peut pas enchanter {host} : il reste dans "
                                    "{place:le}", card=Card(card.id, card.name),
                                    host=Card(host.id, host.name),
                                    place=Place(GY, game.who(card.owner))))
            return
        move(game, card, BF, "608.2c", controller=ctx.controller, attach_to=host.id,
             verb=say("{card} returns from {place} to the battlefield under {who}'s control, "
                      "attached to {host}", "{card} revient {place:de} sur le champ de "
                      "bataille sous le contrôle {who:de}, attaché à {host}",
                      card=Card(card.id, card.name), place=Place(GY, game.who(card.owner)),
                      who=game.who(ctx.controller), host=Card(host.id, host.name)))


_SACRIFICE_AT_UPKEEP = at_beginning_of(
    "upkeep", Sacrifice(SELF), "At the beginning of your upkeep, sacrifice this creature.")

define("Necrotic Plague", **aura(
    creature, abilities=(_SACRIFICE_AT_UPKEEP,),
    text="Enchanted creature has \"At the beginning of your upkeep, sacrifice this "
         "creature.\"",
    extra=(TriggeredAbility(
        ev.ZONE_CHANGE, Custom(_plague_return, "Return this card from its owner's graveyard "
                                               "to the battlefield attached to that creature."),
        _enchanted_dies,
        (target_of(creature & opponent_controls,
                   "target creature one of their opponents controls"),),
        target_chooser=_dead_creatures_controller,
        text="When enchanted creature dies, its controller chooses target creature one of "
             "their opponents controls. Return this card from its owner's graveyard to the "
             "battlefield attached to that creature."),)))


# Phylactery Lich {B}{B}{B}
def _lich_choice(game: GameState, spell_obj: GameObject, p: int) -> dict[str, Any]:
    """An artifact the player under whose control it enters controls (614.12a)."""
    cands = tuple(o.id for o in game.permanents(p) if "Artifact" in game.chars(o).types)
    return {"options": cands, "min": 1, "max": 1, "purpose": "phylactery counter",
            "prompt": f"As {spell_obj.name} enters, choose an artifact you control to put a "
                      "phylactery counter on"}


def _lich_counter(game: GameState, obj: GameObject) -> None:
    """614.1c, 614.12a: the counter goes on the artifact chosen before it entered, if that is
    still an artifact its controller controls."""
    for cid in obj.memory.get("chosen") or ():
        a = game.get(cid)
        if a is None or a.zone != BF or "Artifact" not in game.chars(a).types or \
                game.controller(a) != obj.controller:
            continue
        add_counters(game, a, "phylactery", 1, "614.1c",
                     say("a phylactery counter is put on {card} ({source})",
                         "un marqueur « phylactère » est placé sur {card} ({source})",
                         card=Card(a.id, a.name), source=Card(obj.id, obj.name)))


def _no_phylactery(game: GameState, e: Any, src: GameObject) -> bool:
    me = game.controller(src)
    return not any(o.counters.get("phylactery") for o in game.permanents(me))


define("Phylactery Lich",
       StaticAbility(rule="as_enters_choice", check=_lich_choice,
                     text="As this creature enters, put a phylactery counter on an artifact "
                          "you control."),
       StaticAbility(rule="as_enters", check=_lich_counter,
                     text="(the counter is put on the chosen artifact as it enters)"),
       TriggeredAbility(ev.STATE, Sacrifice(SELF), _no_phylactery,
                        text="When you control no permanents with phylactery counters on "
                             "them, sacrifice this creature."))


# ======================================================================
# alternative costs, playing cards while an ability resolves, casting from the library, ending the turn, controlling another player


# Demon of Death's Gate {6}{B}{B}{B}
_BLACK_CREATURES = creature & of_color("B")
BLACK_CREATURES = Selector(_BLACK_CREATURES.fn, "black creatures")

define("Demon of Death's Gate", spell=SpellAbility(alternative_costs=(AlternativeCost(
    "alternative", C(pay_life=6, sacrifice=BLACK_CREATURES, sacrifice_count=3),
    "You may pay 6 life and sacrifice three black creatures rather than pay this spell's "
    "mana cost."),)))




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
        game.note("101.3", _no_card_to_reveal(game, p))
        return
    o = game.obj(game.rng.choice(hand))
    game.note(R_REVEAL, _reveals_at_random(game, p, o.id), object=o.id)
    if game.chars(o).is_land:
        _move(game, o, Zone.BATTLEFIELD, "305.4", controller=p,
              verb=say("{who} puts {card} onto the battlefield (not a land play)",
                       "{who} met {card} sur le champ de bataille (ce n'est pas un terrain "
                       "joué)", who=game.who(p), card=Card(o.id, o.name)))
        return
    offer_play(game, p, o.id, (_evocation_after, (o.id, p)), free=True, optional=False)


def _evocation_after(game: GameState, outcome: str, card: int, p: int) -> None:
    if outcome == "unable":
        o = game.get(card)
        if o is not None and o.zone == Zone.HAND:
            game.note("101.3", say("{card} can't be cast: it stays in {place}",
                                   "{card} ne peut pas être lancé : il reste dans {place:le}",
                                   card=Card(o.id, o.name),
                                   place=Place(Zone.HAND, game.who(p))))


define("Wild Evocation", at_beginning_of(
    "upkeep", Custom(_wild_evocation, "that player reveals a card at random from their hand "
                                      "and puts it onto the battlefield or casts it"),
    "At the beginning of each player's upkeep, that player reveals a card at random from "
    "their hand. If it's a land card, the player puts it onto the battlefield. Otherwise, "
    "the player casts it without paying its mana cost if able.", whose="each_player"))


# ======================================================================
# planeswalkers, can't be countered, Auras granting keywords


def _avatar_pt(game: GameState, obj: GameObject) -> tuple[int | None, int | None]:
    """CDA: power and toughness each equal to its controller's life total (604.3)."""
    life = game.players[game.controller(obj) if obj.zone == "battlefield"
                        else obj.controller].life
    return life, life


AVATAR = make_card("Avatar", types=("Creature",), subtypes=("Avatar",), power="*",
                   toughness="*", colors=("W",), is_token=True, cda=_avatar_pt,
                   text="This creature's power and toughness are each equal to your life "
                        "total.")


define("Ajani Goldmane",
       loyalty(+1, GainLife(2, YOU), "+1: You gain 2 life."),
       loyalty(-1, seq(AddCounters("+1/+1", 1, EACH(creature & you_control)),
                        Grant(("vigilance",), EACH(creature & you_control))),
                "\u22121: Put a +1/+1 counter on each creature you control. Those creatures "
                "gain vigilance until end of turn."),
       loyalty(-6, CreateTokens(AVATAR), "\u22126: Create a white Avatar creature token. It "
                "has \"This creature's power and toughness are each equal to your life "
                "total.\""))


define("Combust", CANT_BE_COUNTERED, spell=SpellAbility(
    effect=DealDamage(5, T(0), unpreventable=True),
    targets=(target_of(creature & (of_color("W") | of_color("U")),
                       "target white or blue creature"),)))

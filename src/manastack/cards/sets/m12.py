"""Behaviour of Magic 2012 cards (M12), following current Oracle text.

Cards whose Oracle text is only keywords the rules implement need no entry.
Cards printed in both M11 and M12 live in :mod:`manastack.cards.sets.m11`.

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

from collections.abc import Callable, Sequence
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
    creature,
    enchantment,
    land,
    make_card,
    of_color,
    of_type,
    opponent,
    opponent_controls,
    owned_by_you,
    permanent,
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
    SacrificeOfChoice,
    Skip,
    T,
    Tap,
    doesnt_untap_next,
    is_basic_land,
    layered_effect,
    players_of,
    seq,
    unpayable_x,
)
from manastack.cards.registry import define
from manastack.cards.tokens import SAPROLING, ZOMBIE
from manastack.cards.vocab import (
    activated,
    anthem,
    at_beginning_of,
    attached_bonus,
    aura,
    equipment,
    grant_flags_effect,
    hook,
    self_pump_if,
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
from manastack.game.decisions import ChoiceDecision
from manastack.game.mana import ManaCost
from manastack.game.objects import Characteristics, GameObject, PlayerRef, Ref, Zone
from manastack.rules.layers import (
    RULES_LAYER,
    Duration,
    LayerEffect,
    add_effect,
    add_keywords,
    remove_all_abilities,
    set_controller,
    set_pt,
)
from manastack.rules.replacement import Replacement

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState

LayerFn = Callable[["GameState", GameObject, Characteristics], None]


CREATURE_YOU_CONTROL = target_of(creature & you_control, "target creature you control")
OPPONENT = target_of(opponent, "target opponent")

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

SOLDIER = make_card("Soldier", types=("Creature",), subtypes=("Soldier",), power=1,
                    toughness=1, colors=("W",), is_token=True)


def spell_of(effect: Effect | None, *targets: Any, **kw: Any) -> SpellAbility:
    """An instant or sorcery: ``effect`` with its target words."""
    return SpellAbility(effect=effect, targets=tuple(targets), **kw)


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
    move(game, o, Zone.GRAVEYARD, "701.15a", verb=f"{o.name} is sacrificed")
    return True


def _sacrifice_source(game: GameState, ctx: Ctx) -> None:
    o = _on_battlefield(game, ctx.source)
    if o is not None:
        _sacrifice(game, o, ctx.controller)


def _library_cards(game: GameState, p: int) -> list[GameObject]:
    return [game.obj(i) for i in game.players[p].library]


def _card_types(game: GameState, o: GameObject) -> frozenset[str]:
    return game.chars(o).types


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
    before = game.controller(o)
    add_effect(game, LayerEffect("2", set_controller(ctx.controller), frozenset({oid}),
                                 ctx.controller, ctx.source,
                                 duration=duration or Duration("permanent"),
                                 text=f"{ctx.source_name}: control of {o.name}"))
    if game.controller(o) != before:
        o.control_since = game.turn_number
    game.note("613.1b", f"{game.players[ctx.controller].name} gains control of {o.name}")


# ---------------------------------------------------------------- resolution-time choices


def _search_library(game: GameState, p: int, cands: Sequence[int], max_n: int, min_n: int,
                    then: Callable[..., None], args: tuple[Any, ...], what: str) -> None:
    """Search ``p``'s library (CR 701.17): choose between ``min_n`` and ``max_n`` of
    ``cands``, then ``then(game, ids, *args)`` (which also shuffles)."""
    max_n = min(max_n, len(cands))
    min_n = min(min_n, max_n)
    game.note("701.17a", f"{game.players[p].name} searches their library for {what}")
    if max_n == 0:
        then(game, (), *args)
        return
    game.ask(ChoiceDecision(p, "choose", f"Search your library for {what}",
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
    _search_library(game, p, cands, 1, 0, _put_lands_tapped, (p,), "a basic land card")


def _put_lands_tapped(game: GameState, ids: tuple[int, ...], p: int) -> None:
    from manastack.rules.zones import move
    for oid in ids:
        move(game, game.obj(oid), Zone.BATTLEFIELD, "701.17a", controller=p, tapped=True,
             verb=f"{game.obj(oid).name} is put onto the battlefield tapped")
    _shuffle(game, p)


# ================================================================ WHITE


# Aegis Angel: "another target permanent gains indestructible for as long as you control
# this creature".
def _aegis(game: GameState, ctx: Ctx) -> None:
    pred = _while_controls(ctx.source, ctx.controller)
    if not pred(game):
        game.note("611.2b", f"{ctx.source_name} is no longer controlled by its controller: "
                            "the effect has no duration and does nothing")
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

define("Angel's Mercy", spell=spell_of(GainLife(7)))


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
            move(game, o, Zone.HAND, "400.7", verb=f"{o.name} returns to "
                 f"{game.players[o.owner].name}'s hand")
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

define("Demystify", spell=spell_of(Destroy(T(0)),
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

define("Guardians' Pledge", spell=spell_of(
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
        new = move(game, o, Zone.EXILE, "406.2", verb=f"{o.name} is exiled by "
                   f"{ctx.source_name}")
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
                         verb=f"{o.name} returns to the battlefield under "
                              f"{game.players[o.owner].name}'s control")


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

    def applies(g: GameState, e: dict[str, Any]) -> bool:
        return g.is_active(me) and e["target"] == PlayerRef(me) and \
            not e.get("unpreventable") and e["amount"] > 0

    def replace(g: GameState, e: dict[str, Any]) -> dict[str, Any]:
        g.note("615.1", f"{e['amount']} damage to {g.players[me].name} is prevented "
                        "(Personal Sanctuary)")
        return dict(e, amount=0, prevented=e.get("prevented", 0) + e["amount"])

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
    game.note("105.4", f"{game.players[ctx.controller].name} chooses {color}")
    Grant((f"protection from {color}",), T(0)).resolve(game, ctx)


define("Stave Off", spell=spell_of(
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


define("Timely Reinforcements", spell=spell_of(Custom(
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


define("Frost Breath", spell=spell_of(
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
    lib = game.players[p].library
    del lib[len(lib) - len(top):]
    lib.extend(reversed(action.items))  # library[-1] is the top card
    game.changed()
    game.note("401.4", f"{game.players[p].name} puts {len(top)} cards back on top of their "
                       "library in the order of their choice")
    _ponder_ask_shuffle(game, p)


def _ponder_ask_shuffle(game: GameState, p: int) -> None:
    game.ask(ChoiceDecision(p, "may", "Shuffle your library?", (_ponder_shuffle, (p,)),
                            rule="701.18a", options=("yes", "no"), purpose="shuffle"))


def _ponder_shuffle(game: GameState, action: Any, p: int) -> None:
    if action.items[0] == "yes":
        _shuffle(game, p)


define("Ponder", spell=spell_of(seq(
    Custom(_ponder, "Look at the top three cards of your library, then put them back in any "
                    "order. You may shuffle."), Draw(1))))

define("Skywinder Drake", flags=("can block only creatures with flying",))


# Sphinx of Uthuun
def _uthuun(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    cards = tuple(reversed(game.players[p].library[-5:]))
    if not cards:
        return
    game.note("701.14a", f"{game.players[p].name} reveals "
                        + ", ".join(game.obj(i).name for i in cards))
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
    game.note("700.3", "Piles: [" + ", ".join(game.obj(i).name for i in pile1) + "] and ["
              + ", ".join(game.obj(i).name for i in pile2) + "]")
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


define("Turn to Frog", spell=spell_of(Custom(
    _turn_to_frog, "Until end of turn, target creature loses all abilities and becomes a "
                   "blue Frog with base power and toughness 1/1."), CREATURE))


def _visions_count(game: GameState, ctx: Ctx) -> int:
    return 3 if any(len(p.graveyard) >= 20 for p in game.players) else 1


define("Visions of Beyond", spell=spell_of(Draw(_visions_count)))

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
        game.note("701.14a", f"{game.players[p].name} reveals their hand: "
                            + (", ".join(game.obj(i).name for i in hand) or "no cards"))
        cands = tuple(i for i in hand if "Land" not in game.chars(game.obj(i)).types)
        if cands:
            game.ask(ChoiceDecision(ctx.controller, "choose", "Choose a nonland card to be "
                                    "discarded", (_distress_done, (p, ctx.controller)),
                                    rule="701.8a",
                                    options=cands, purpose="discard"))


def _distress_done(game: GameState, action: Any, p: int, cause: int | None = None) -> None:
    _emit_discard(game, game.obj(action.items[0]), p, cause=cause)


define("Distress", spell=spell_of(Custom(
    _distress, "Target player reveals their hand. You choose a nonland card from it. That "
               "player discards that card."), PLAYER))

define("Drifting Shade", activated("{B}", Pump(1, 1, SELF),
                                   "{B}: This creature gets +1/+1 until end of turn."))

define("Hideous Visage", spell=spell_of(Grant(("intimidate",), EACH(creature & you_control))))


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


define("Monomania", spell=spell_of(Custom(
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
    _search_library(game, p, list(cands), 1, 1, _tutor_done, (p,), "a card")


def _tutor_done(game: GameState, ids: tuple[int, ...], p: int) -> None:
    from manastack.rules.zones import move
    for oid in ids:
        move(game, game.obj(oid), Zone.HAND, "701.17a",
             verb=f"{game.players[p].name} puts a card into their hand")
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

define("Smallpox", spell=spell_of(seq(
    LoseLife(1, EACH_PLAYER), Discard(1, EACH_PLAYER),
    SacrificeOfChoice(creature, EACH_PLAYER), SacrificeOfChoice(land, EACH_PLAYER))))

define("Sorin's Thirst", spell=spell_of(seq(DealDamage(2, T(0)), GainLife(2)), CREATURE))
define("Sorin's Vengeance", spell=spell_of(seq(DealDamage(10, T(0)), GainLife(10)),
                                           PLAYER))
define("Taste of Blood", spell=spell_of(seq(DealDamage(1, T(0)), GainLife(1)), PLAYER))
define("Tormented Soul", flags=("can't block", "can't be blocked"))
define("Wring Flesh", spell=spell_of(Pump(-3, -1, T(0)), CREATURE))
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
    game.note("117.3", f"{game.players[ctx.controller].name} pays {cost} (X={x})")
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
    game.note("705.1", f"{game.players[ctx.controller].name} flips a coin and "
                       f"{'wins' if won else 'loses'} the flip")
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

define("Goblin Grenade", spell=spell_of(
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
    before = {o.id: game.controller(o) for o, _ in chosen}
    ts = game.new_timestamp()
    for o, p in chosen:
        game.note("608.2c", f"{game.players[p].name} is chosen at random for {o.name}")
        add_effect(game, LayerEffect("2", set_controller(p), frozenset({o.id}), ctx.controller,
                                     ctx.source, ts, text="Scrambleverse"))
    for o, _ in chosen:
        if game.controller(o) != before[o.id]:
            o.control_since = game.turn_number  # CR 302.6
    Tap(EACH(permanent & ~of_type("Land")), untap=True).resolve(game, ctx)
    del chosen


define("Scrambleverse", spell=spell_of(Custom(
    _scrambleverse, "For each nonland permanent, choose a player at random. Then each "
                    "player gains control of each permanent for which they were chosen. "
                    "Untap those permanents.")))

define("Slaughter Cry", spell=spell_of(
    seq(Pump(3, 0, T(0)), Grant(("first strike",), T(0))), CREATURE))


# Tectonic Rift
def _tectonic_rift(game: GameState, ctx: Ctx) -> None:
    add_effect(game, LayerEffect(RULES_LAYER, grant_flags_effect("can't block"),
                                 creature & ~with_keyword("flying"), ctx.controller,
                                 ctx.source, duration=Duration("end_of_turn"),
                                 text="Tectonic Rift: creatures without flying can't block"))


define("Tectonic Rift", spell=spell_of(
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


define("Bountiful Harvest", spell=spell_of(GainLife(_lands_you_control)))


# Doubling Chant
def _doubling_chant(game: GameState, ctx: Ctx) -> None:
    p = ctx.controller
    names: dict[str, int] = {}
    for o in game.creatures(p):
        n = game.chars(o).name
        names[n] = names.get(n, 0) + 1
    cands = [o.id for o in _library_cards(game, p)
             if "Creature" in _card_types(game, o) and o.name in names]
    game.note("701.17a", f"{game.players[p].name} searches their library for creature "
                         "cards with the same names as their creatures")
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


define("Doubling Chant", spell=spell_of(Custom(
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


define("Hunter's Insight", spell=spell_of(Custom(
    _hunters_insight, "Whenever that creature deals combat damage to a player or "
                      "planeswalker this turn, draw that many cards."),
    target_of(creature & you_control, "target creature you control")))

define("Jade Mage", activated("{2}{G}", CreateTokens(SAPROLING),
                              "{2}{G}: Create a 1/1 green Saproling creature token."))

define("Lure", **aura(creature, flags_=("all creatures able to block it do so",),
                      text="All creatures able to block enchanted creature do so."))

define("Overrun", spell=spell_of(seq(
    Pump(3, 3, EACH(creature & you_control)),
    Grant(("trample",), EACH(creature & you_control)))))

define("Rampant Growth", spell=spell_of(Custom(
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
    game.note("701.14a", f"{game.players[p].name} reveals {top.name}")
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
        game.note("614.1c", f"{obj.name} enters the battlefield with {n} +1/+1 counters")
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
             verb=f"{o.name} is put on top of {game.players[o.owner].name}'s library")


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
             verb=f"{o.name} returns to {game.players[o.owner].name}'s hand")


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
                game.note("701.13c", f"{o.name} can't be regenerated this turn")


define("Incinerate", spell=spell_of(
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
        game.note("107.3a", f"{spell_obj.name} resolves with X={ctx.x}",
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
    game.note("614.1c", f"{obj.name} enters the battlefield with {n} +1/+1 counters (X)")


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

define("Reclaim", spell=spell_of(
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

"""Magic 2011 / Magic 2012 cards using divided damage, target-dependent costs, targeting and
countering restrictions by kind of spell, targets chosen by another player, mana spending
restrictions, state triggers and replacement effects working from a hand (current Oracle
text of the card data).

Implemented here: Inferno Titan, Fireball, Autumn's Veil, Gaea's Revenge, Necrotic Plague,
Consume Spirit, Phylactery Lich, Obstinate Baloth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE_OR_PLAYER,
    ActivatedAbility,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    creature,
    creature_or_player,
    opponent_controls,
    target_of,
)
from manastack.cards.dsl import cost as C
from manastack.cards.effects import (
    SELF,
    Custom,
    DealDamage,
    DealDividedDamage,
    GainLife,
    Pump,
    Sacrifice,
    T,
    X,
    seq,
)
from manastack.cards.registry import define
from manastack.cards.sets.showcase import CANT_BE_COUNTERED
from manastack.cards.vocab import at_beginning_of, aura, hook, when_enters
from manastack.game.objects import GameObject, Zone
from manastack.rules.layers import Duration
from manastack.rules.replacement import Replacement
from manastack.rules.static import RuleEffect, add_rule_effect

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState
    from manastack.log import Event

BF, GY = Zone.BATTLEFIELD, Zone.GRAVEYARD
#: "Any number of targets" (601.2c: the number is announced first; no upper bound).
ANY_NUMBER = 1000


def _pname(game: GameState, p: int) -> str:
    return game.players[p].name


def _colors_of_source(game: GameState, source: int | None) -> frozenset[str]:
    """Colours of a spell or of an ability's source (last known information if gone)."""
    from manastack.rules.targeting import source_characteristics
    c = source_characteristics(game, source)
    return frozenset() if c is None else frozenset(c.colors)


def _is_spell(game: GameState, oid: int | None) -> bool:
    o = game.objects.get(oid) if oid is not None else None
    return isinstance(o, GameObject) and o.zone == Zone.STACK


# ====================================================================== red


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


# ====================================================================== green


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
    game.note("101.2", f"This turn, spells {_pname(game, me)} controls can't be countered by "
                       "blue or black spells, and creatures they control can't be the targets "
                       "of blue or black spells")


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

    def applies(g: GameState, e: dict[str, Any]) -> bool:
        cause = e.get("cause")
        return e.get("object") == oid and bool(e.get("discard")) and e.get("to") == GY \
            and cause is not None and cause in g.opponents(owner)

    def replace(g: GameState, e: dict[str, Any]) -> dict[str, Any]:
        return dict(e, to=BF)

    return [Replacement("zone_change", applies, replace, owner, oid,
                        "Obstinate Baloth (put it onto the battlefield instead of into "
                        f"{_pname(game, owner)}'s graveyard)")]


define("Obstinate Baloth",
       when_enters(GainLife(4), "When this creature enters, you gain 4 life."),
       StaticAbility(replacements=_baloth_replacement, zones=(Zone.HAND,),
                     text="If a spell or ability an opponent controls causes you to discard "
                          "this card, put it onto the battlefield instead of putting it into "
                          "your graveyard."))


# ====================================================================== black


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
        game.note("608.2b", f"{ctx.source_name} isn't in its owner's graveyard: it stays "
                            "where it is")
        return
    for t in ctx.target_refs(0):
        host = game.get(t)
        if host is None or host.zone != BF:
            continue
        sp = card.card.spell
        if not game.chars(host).is_creature or protection_from(game, host, card.id) or (
                sp is not None and sp.targets and
                not sp.targets[0].selector.test(game, host.id, ctx.controller, card.id)):
            game.note("303.4i", f"{card.name} can't enchant {host.name}: it stays in "
                                f"{_pname(game, card.owner)}'s graveyard")
            return
        move(game, card, BF, "608.2c", controller=ctx.controller, attach_to=host.id,
             verb=f"{card.name} returns from {_pname(game, card.owner)}'s graveyard to the "
                  f"battlefield under {_pname(game, ctx.controller)}'s control, attached to "
                  f"{host.name}")


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


# Consume Spirit {X}{1}{B}
define("Consume Spirit", spell=SpellAbility(
    effect=seq(DealDamage(X, T(0)), GainLife(X)),
    targets=(CREATURE_OR_PLAYER,), x_mana="B",
    text="Spend only black mana on X. Consume Spirit deals X damage to target creature or "
         "player and you gain X life."))


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
        a.counters["phylactery"] = a.counters.get("phylactery", 0) + 1
        game.changed()
        game.emit(ev.COUNTERS_ADDED, "614.1c", f"a phylactery counter is put on {a.name} "
                  f"({obj.name})", object=a.id, counter="phylactery", n=1)


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

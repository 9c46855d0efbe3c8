"""The card behaviour vocabulary: selectors, targets and costs, over the ability types.

A card is data (characteristics from the card database) plus behaviour built
from these pieces::

    card("Prodigal Pyromancer",
         activated(cost(tap=True), deal_damage(1, target(0)),
                   targets=[creature_or_player]))

The types themselves (card definitions, abilities, selectors, target specs, costs) are
nouns of the game (:mod:`manastack.game.abilities`), re-exported here for the card sets.
Effects (what happens on resolution) live in :mod:`manastack.cards.effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from manastack.game.abilities import (
    Ability,
    ActivatedAbility,
    AlternativeCost,
    CardDef,
    Cost,
    Immutable,
    ManaProduction,
    Selector,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    base_power,
    base_toughness,
    make_card,
    printed_pt,
)
from manastack.game.mana import ManaCost
from manastack.game.objects import GameObject, PlayerRef, Ref

if TYPE_CHECKING:
    from manastack.game.state import GameState

__all__ = [
    "Ability", "ActivatedAbility", "AlternativeCost", "CardDef", "Cost", "Immutable",
    "ManaProduction", "Selector", "SpellAbility", "StaticAbility", "TargetSpec",
    "TriggeredAbility", "base_power", "base_toughness", "make_card", "printed_pt",
]


#: ``Selector.reads`` of a test reading no narrow kind of state (characteristics, zones,
#: controllers and players only).
NOTHING: Final[frozenset[str]] = frozenset()
#: ``Selector.reads`` of a test reading what attacks or blocks.
_COMBAT: Final[frozenset[str]] = frozenset({"combat"})



def _obj(game: GameState, ref: Ref) -> GameObject | None:
    if isinstance(ref, PlayerRef):
        return None
    o = game.objects.get(ref)
    return o if isinstance(o, GameObject) else None


def of_type(t: str) -> Selector:
    """Permanents or cards of card type ``t`` (CR 205.2)."""
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and t in g.chars(o).types
    return Selector(f, t.lower(), NOTHING)


def with_subtype(t: str) -> Selector:
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and t in g.chars(o).subtypes
    return Selector(f, t, NOTHING)


def with_keyword(k: str) -> Selector:
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and k in g.chars(o).keywords
    return Selector(f, f"with {k}", NOTHING)


def of_color(col: str) -> Selector:
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and col in g.chars(o).colors
    return Selector(f, col, NOTHING)


def _on_battlefield(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and o.zone == "battlefield" and not o.phased_out


def _player(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    return isinstance(r, PlayerRef) and g.players[r.index].in_game


def _you_control(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and g.controller(o) == c


def _opp_control(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and g.controller(o) in g.opponents(c)  # 102.3: not a teammate


def _is_you(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    return isinstance(r, PlayerRef) and r.index == c


def _is_opponent(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    return isinstance(r, PlayerRef) and r.index in g.opponents(c)  # 102.3: not a teammate


def _other(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    return r != s


def _spell(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    o = g.objects.get(r) if not isinstance(r, PlayerRef) else None
    return isinstance(o, GameObject) and o.zone == "stack"


def _tapped(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and o.tapped


def _attacking(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    return not isinstance(r, PlayerRef) and g.combat is not None and r in g.combat.attackers


def _blocking(g: GameState, r: Ref, c: int, s: int | None) -> bool:
    return not isinstance(r, PlayerRef) and g.combat is not None and r in g.combat.blockers


permanent = Selector(_on_battlefield, "permanent", NOTHING)
player = Selector(_player, "player", NOTHING)
you_control = Selector(_you_control, "you control", NOTHING)
opponent_controls = Selector(_opp_control, "an opponent controls", NOTHING)
you = Selector(_is_you, "you", NOTHING)
opponent = Selector(_is_opponent, "opponent", NOTHING)
another = Selector(_other, "other", NOTHING)
spell = Selector(_spell, "spell", NOTHING)
tapped = Selector(_tapped, "tapped", frozenset({"tapped"}))
attacking = Selector(_attacking, "attacking", _COMBAT)
blocking = Selector(_blocking, "blocking", _COMBAT)
creature = permanent & of_type("Creature")
land = permanent & of_type("Land")
artifact = permanent & of_type("Artifact")
enchantment = permanent & of_type("Enchantment")
planeswalker = permanent & of_type("Planeswalker")
nonland_permanent = permanent & ~of_type("Land")
#: "target creature or player": the 2017 wording of burn spells (a planeswalker is reached
#: by redirecting damage dealt to its controller, 306.7; "any target" came in 2018)
creature_or_player = creature | player


def card_in(zone: str) -> Selector:
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and o.zone == zone
    return Selector(f, f"card in {zone}", NOTHING)


def owned_by_you() -> Selector:
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and o.owner == c
    return Selector(f, "you own", NOTHING)


def where(fn: Callable[[GameState, GameObject], bool], text: str) -> Selector:
    """A selector from a predicate on objects."""
    def f(g: GameState, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and fn(g, o)
    return Selector(f, text)


def target_of(selector: Selector, text: str | None = None, count: int = 1,
              min_count: int | None = None, zones: tuple[str, ...] = ()) -> TargetSpec:
    """``target_of(creature)``; for cards in graveyards pass ``zones=("graveyard",)`` and a
    selector such as ``card_in("graveyard") & of_type("Creature")``."""
    return TargetSpec(selector, text or f"target {selector.text}", count,
                      count if min_count is None else min_count, zones)


#: The common targets, shared by the card sets ("target creature or player" is the 2017
#: wording of burn, 306.7).
CREATURE_OR_PLAYER: Final = target_of(creature_or_player, "target creature or player")
CREATURE: Final = target_of(creature, "target creature")
PLAYER: Final = target_of(player, "target player")


def cost(mana: str | None = None, **kw: Any) -> Cost:
    """``cost("{1}{R}", tap=True)``."""
    return Cost(mana=ManaCost.parse(mana), **kw)



"""Cards that copy (CR 706): Clone, Phantasmal Image, Reverberate, Chandra, the Firebrand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE_OR_PLAYER,
    ActivatedAbility,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    cost,
    creature_or_player,
    of_type,
    spell,
    target_of,
)
from manastack.cards.effects import SELF, Custom, DealDamage, Sacrifice, T
from manastack.cards.registry import define
from manastack.rules.copies import copy_spell, spell_snapshot

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.objects import GameObject
    from manastack.game.state import GameState

# ---------------------------------------------------------------- Clone, Phantasmal Image

define("Clone", StaticAbility(rule="enters_as_copy", text="You may have this creature enter "
                              "as a copy of any creature on the battlefield."))


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

# ---------------------------------------------------------------- Reverberate


def _reverberate(game: GameState, ctx: Ctx) -> None:
    for t in ctx.target_refs(0):
        snap = spell_snapshot(game, t)  # type: ignore[arg-type]
        if snap is not None:
            copy_spell(game, snap, ctx.controller)


INSTANT_OR_SORCERY = spell & (of_type("Instant") | of_type("Sorcery"))

define("Reverberate", spell=SpellAbility(
    effect=Custom(_reverberate, "copy target instant or sorcery spell"),
    targets=(target_of(INSTANT_OR_SORCERY, "target instant or sorcery spell"),)))

# ---------------------------------------------------------------- Chandra, the Firebrand


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

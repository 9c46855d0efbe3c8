"""Small test-only cards for rules the pool doesn't exercise yet (registered by name)."""

from __future__ import annotations

import dataclasses

from manastack import log as ev
from manastack.cards.dsl import (
    ActivatedAbility,
    TriggeredAbility,
    cost,
    make_card,
)
from manastack.cards.effects import SELF, YOU, Custom, Draw, GainLife, Pump
from manastack.cards.registry import register_test_card
from manastack.rules.layers import Duration, LayerEffect, add_effect, modify_pt
from manastack.rules.triggers import add_delayed


def _upkeep_mine(game, e, src):  # type: ignore[no-untyped-def]
    return e.data.get("step") == "upkeep" and e.data.get("player") == game.controller(src)


def _end_step(game, e, src):  # type: ignore[no-untyped-def]
    return e.data.get("step") == "end"


def _untapped_mine(game, e, src):  # type: ignore[no-untyped-def]
    return src.id in e.data.get("objects", ())


UPKEEP_GAINER = register_test_card(make_card(
    "Test Upkeep Gainer", "{1}", types=("Artifact",),
    abilities=[TriggeredAbility(ev.STEP_BEGAN, GainLife(1), condition=_upkeep_mine,
                                text="At the beginning of your upkeep, you gain 1 life.")]))

UNTAP_WATCHER = register_test_card(make_card(
    "Test Untap Watcher", "{1}", types=("Artifact",),
    abilities=[TriggeredAbility(ev.UNTAPPED, GainLife(1), condition=_untapped_mine,
                                text="Whenever this becomes untapped, you gain 1 life.")]))


def _make_delayed(game, ctx):  # type: ignore[no-untyped-def]
    add_delayed(game, TriggeredAbility(ev.STEP_BEGAN, Draw(1), condition=_end_step,
                                       text="At the beginning of the next end step, draw a "
                                            "card."),
                ctx.source, ctx.source_name, ctx.controller)


DELAYED_DRAWER = register_test_card(make_card(
    "Test Delayed Drawer", "{1}", types=("Artifact",),
    abilities=[ActivatedAbility(cost(), Custom(_make_delayed),
                                text="{0}: At the beginning of the next end step, draw a "
                                     "card.")]))


def _combat_pump(game, ctx):  # type: ignore[no-untyped-def]
    add_effect(game, LayerEffect("7c", modify_pt(1, 1), frozenset({ctx.source}), ctx.controller,
                                 ctx.source, duration=Duration("end_of_combat"),
                                 text="+1/+1 until end of combat"))


COMBAT_PUMPER = register_test_card(make_card(
    "Test Combat Pumper", "{1}", types=("Creature",), power=1, toughness=1,
    abilities=[ActivatedAbility(cost(), Custom(_combat_pump),
                                text="{0}: +1/+1 until end of combat.")]))

SELF_PUMPER = register_test_card(make_card(
    "Test Self Pumper", "{1}", types=("Creature",), power=1, toughness=1,
    abilities=[ActivatedAbility(cost(), Pump(0, 1, SELF), text="{0}: +0/+1 until end of turn.")]))

EOT_GAINER = register_test_card(make_card(
    "Test End Step Gainer", "{1}", types=("Artifact",),
    abilities=[TriggeredAbility(ev.STEP_BEGAN, GainLife(1, YOU), condition=_end_step,
                                text="At the beginning of each end step, you gain 1 life.")]))

VANILLA = register_test_card(make_card("Test Bear", "{1}{G}", types=("Creature",), power=2,
                                       toughness=2))


def _propaganda(game, src, creature, target):  # type: ignore[no-untyped-def]
    from manastack.game.objects import PlayerRef
    return 2 if target == PlayerRef(game.controller(src)) else 0


def _block_tax(game, src, creature, attackers):  # type: ignore[no-untyped-def]
    return 1


from manastack.cards.dsl import StaticAbility  # noqa: E402

PROPAGANDA = register_test_card(make_card(
    "Test Propaganda", "{2}{U}", types=("Enchantment",),
    abilities=[StaticAbility(rule="attack_cost", check=_propaganda,
                             text="Creatures can't attack you unless their controller pays "
                                  "{2} for each creature they control that's attacking you.")]))

BLOCK_TAX = register_test_card(make_card(
    "Test Block Tax", "{2}{R}", types=("Enchantment",),
    abilities=[StaticAbility(rule="block_cost", check=_block_tax,
                             text="Creatures can't block unless their controller pays {1} "
                                  "for each blocking creature they control.")]))

MUST_ATTACKER = register_test_card(make_card(
    "Test Eager Bear", "{1}{G}", types=("Creature",), power=2, toughness=2,
    flags=("attacks each combat if able",)))


def _force_block(game, ctx):  # type: ignore[no-untyped-def]
    from manastack.rules.combat import make_block
    blockers = ctx.target_refs(0)
    attackers = ctx.target_refs(1)
    if blockers and attackers:
        make_block(game, game.obj(blockers[0]), attackers[0])


from manastack.cards.dsl import attacking, creature, target_of, you_control  # noqa: E402

BLOCK_MAKER = register_test_card(make_card(
    "Test Block Maker", "{1}", types=("Artifact",),
    abilities=[ActivatedAbility(cost(), Custom(_force_block),
                                targets=(target_of(creature & you_control, "target creature "
                                                   "you control"),
                                         target_of(creature & attacking,
                                                   "target attacking creature")),
                                text="{0}: Target creature you control blocks target "
                                     "attacking creature.")]))


def _to_library_bottom(game, src):  # type: ignore[no-untyped-def]
    from manastack.game.objects import Zone
    from manastack.rules.replacement import Replacement

    def applies(g, e):  # type: ignore[no-untyped-def]
        return e.to == Zone.GRAVEYARD

    def replace(g, e):  # type: ignore[no-untyped-def]
        return dataclasses.replace(e, to=Zone.LIBRARY)

    return [Replacement("zone_change", applies, replace, game.controller(src), src.id,
                        "Test Graveyard Diverter (library instead)")]


#: A second zone-change replacement, to set against Leyline of the Void (616.1).
GRAVEYARD_DIVERTER = register_test_card(make_card(
    "Test Graveyard Diverter", "{3}", types=("Artifact",),
    abilities=[StaticAbility(replacements=_to_library_bottom,
                             text="If a card would be put into a graveyard from anywhere, "
                                  "put it into its owner's library instead.")]))

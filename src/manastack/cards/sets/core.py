"""Behaviour of Magic 2011 / Magic 2012 and showcase cards (first batch).

Each definition follows the card's current Oracle text (see
``manastack cards show NAME``).  Keyword-only cards need no definition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE,
    CREATURE_OR_PLAYER,
    PLAYER,
    ActivatedAbility,
    ManaProduction,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    artifact,
    creature,
    enchantment,
    of_color,
    spell,
    target_of,
    you_control,
)
from manastack.cards.dsl import cost as C
from manastack.cards.effects import (
    EACH,
    YOU,
    CounterSpell,
    CreateTokens,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    ExtraTurn,
    GainLife,
    Grant,
    LoseLife,
    MoveTo,
    PreventNext,
    Pump,
    Skip,
    T,
    seq,
)
from manastack.cards.registry import define
from manastack.cards.tokens import ZOMBIE
from manastack.cards.vocab import untap_attackers_and_add_combat
from manastack.game.abilities import declare_layers
from manastack.game.objects import Zone
from manastack.rules.layers import LayerEffect, modify_pt

if TYPE_CHECKING:
    from manastack.game.objects import GameObject
    from manastack.game.state import GameState



def instant(effect: object, *targets: object, **kw: object) -> SpellAbility:
    return SpellAbility(effect=effect, targets=tuple(targets), **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- burn and removal

define("Lightning Bolt", spell=instant(DealDamage(3, T(0)), CREATURE_OR_PLAYER))
define("Shock", spell=instant(DealDamage(2, T(0)), CREATURE_OR_PLAYER))
define("Lava Axe", spell=instant(DealDamage(5, T(0)), PLAYER))
define("Pyroclasm", spell=instant(DealDamage(2, EACH(creature))))
define("Doom Blade", spell=instant(Destroy(T(0)), target_of(
    creature & ~of_color("B"), "target nonblack creature")))
define("Naturalize", spell=instant(Destroy(T(0)), target_of(
    artifact | enchantment, "target artifact or enchantment")))
define("Unsummon", spell=instant(MoveTo(T(0), Zone.HAND, "400.7"), CREATURE))
define("Cancel", spell=instant(CounterSpell(T(0)), target_of(spell, "target spell")))

# ---------------------------------------------------------------- pump

define("Giant Growth", spell=instant(Pump(3, 3, T(0)), CREATURE))
define("Titanic Growth", spell=instant(Pump(4, 4, T(0)), CREATURE))
define("Mighty Leap", spell=instant(seq(Pump(2, 2, T(0)), Grant(("flying",), T(0))),
                                    CREATURE))
define("Inspired Charge", spell=instant(Pump(2, 1, EACH(creature & you_control))))

# ---------------------------------------------------------------- cards and life

define("Divination", spell=instant(Draw(2)))
define("Sign in Blood", spell=instant(seq(Draw(2, T(0)), LoseLife(2, T(0))), PLAYER))
define("Mind Rot", spell=instant(Discard(2, T(0)), PLAYER))
define("Healing Salve", spell=SpellAbility(modes=(
    ("Target player gains 3 life.", GainLife(3, T(0)), (PLAYER,)),
    ("Prevent the next 3 damage that would be dealt to target creature or player this turn.",
     PreventNext(3, T(0)), (CREATURE_OR_PLAYER,)),
)))

# ---------------------------------------------------------------- turn structure

define("Time Walk", spell=instant(ExtraTurn(YOU)))
define("Time Warp", spell=instant(ExtraTurn(T(0)), PLAYER))
define("Fatigue", spell=instant(Skip("step", "draw", T(0)), PLAYER))


define("Relentless Assault", spell=instant(untap_attackers_and_add_combat()))

# ---------------------------------------------------------------- creatures with abilities

define("Llanowar Elves", ActivatedAbility(C(tap=True), mana=ManaProduction(("G",)),
                                          text="{T}: Add {G}."))
define("Prodigal Pyromancer", ActivatedAbility(C(tap=True), DealDamage(1, T(0)),
                                               targets=(CREATURE_OR_PLAYER,),
                                               text="{T}: This creature deals 1 damage to "
                                                    "target creature or player."))
define("Mogg Fanatic", ActivatedAbility(C(sacrifice_self=True), DealDamage(1, T(0)),
                                        targets=(CREATURE_OR_PLAYER,),
                                        text="Sacrifice this creature: It deals 1 damage to "
                                             "target creature or player."))
define("Brindle Boar", ActivatedAbility(C(sacrifice_self=True), GainLife(4),
                                        text="Sacrifice this creature: You gain 4 life."))
define("Kei Takahashi", ActivatedAbility(C(tap=True), PreventNext(2, T(0)), targets=(CREATURE,),
                                         text="{T}: Prevent the next 2 damage that would be "
                                              "dealt to target creature this turn."))
define("Razorgrass Screen", flags=("blocks each combat if able",))
define("Stormblood Berserker")  # bloodthirst 2 and menace are keywords
define("Blood Ogre")  # bloodthirst 1, first strike

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


# ---------------------------------------------------------------- static abilities

def _anthem(game: GameState, src: GameObject) -> list[LayerEffect]:
    return [LayerEffect("7c", modify_pt(1, 1), creature & you_control, game.controller(src),
                        src.id, src.timestamp, text="Glorious Anthem")]


declare_layers(_anthem, frozenset({"7c"}), adds_abilities=False)
define("Glorious Anthem", StaticAbility(effects=_anthem,
                                        text="Creatures you control get +1/+1."))

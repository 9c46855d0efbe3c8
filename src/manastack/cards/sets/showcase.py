"""Behaviour of the rules showcase cards (the showcase list: cards outside Magic 2011 and
Magic 2012 that exercise a rule) and the cards of the seeds' examples.  A showcase card
also printed in M11 or M12 lives in that set's module."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE,
    CREATURE_OR_PLAYER,
    PLAYER,
    ActivatedAbility,
    ManaProduction,
    Selector,
    SpellAbility,
    StaticAbility,
    attacking,
    blocking,
    cost,
    creature,
    opponent,
    target_of,
    with_subtype,
    you_control,
)
from manastack.cards.dsl import cost as C
from manastack.cards.dsl import player as player_sel
from manastack.cards.effects import (
    SELF,
    TRIGGER,
    YOU,
    AddCounters,
    CounterUnlessPays,
    Custom,
    DealDamage,
    Discard,
    Draw,
    ExileUntilNextEndStep,
    ExtraTurn,
    GainLife,
    Mill,
    PreventNext,
    Pump,
    Sacrifice,
    Skip,
    T,
    UnlessPay,
    seq,
)
from manastack.cards.registry import define
from manastack.cards.tokens import SAPROLING
from manastack.cards.vocab import (
    anthem,
    at_beginning_of,
    hook,
    spell_ability,
    triggered,
    untap_attackers_and_add_combat,
    when_blocks,
    when_deals_damage,
    when_enters,
    when_leaves,
    when_opponent_dealt_damage,
)
from manastack.game.abilities import declare_layers
from manastack.game.objects import GameObject, PlayerRef
from manastack.lines import Card, say
from manastack.rules.damage import DamageResults
from manastack.rules.layers import Duration, LayerEffect, modify_pt
from manastack.rules.replacement import ProposedDamage, Replacement

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState


# ---------------------------------------------------------------- Boon Reflection (CR 119.4)

def _boon(game: GameState, src: GameObject) -> list[Replacement]:
    me = game.controller(src)
    return [Replacement(
        "life_gain", lambda g, e: e.player == me,
        lambda g, e: dataclasses.replace(e, amount=e.amount * 2), me, src.id,
        say("{card} (you gain twice that much life instead)", "{card} (vous gagnez deux fois "
            "plus de points de vie à la place)", card=Card(src.id, "Boon Reflection")))]


define("Boon Reflection", StaticAbility(
    replacements=_boon, text="If you would gain life, you gain twice that much life instead."))


# ---------------------------------------------------------------- Worship (CR 119.4)

def _worship(game: GameState, src: GameObject) -> list[Replacement]:
    me = game.controller(src)

    def applies(g: GameState, e: DamageResults) -> bool:
        if not g.creatures(me):
            return False
        life = g.players[me].life
        loss = sum(r.amount for r in e.results if r.kind == "life_loss" and r.player == me)
        gain = sum(r.amount for r in e.results if r.kind == "life_gain" and r.player == me)
        return loss > 0 and life - loss + gain < 1

    def replace(g: GameState, e: DamageResults) -> DamageResults:
        life = g.players[me].life
        gain = sum(r.amount for r in e.results if r.kind == "life_gain" and r.player == me)
        allowed = max(0, life + gain - 1)  # total loss that leaves the player at 1
        out = []
        for r in e.results:
            if r.kind == "life_loss" and r.player == me:
                r = dataclasses.replace(r, amount=min(r.amount, allowed))
                allowed -= r.amount
            out.append(r)
        return dataclasses.replace(e, results=out)

    return [Replacement("damage_results", applies, replace, me, src.id,
                        say("{card} (damage reduces your life total to 1 instead)",
                            "{card} (les blessures réduisent votre total de points de vie à 1 "
                            "à la place)", card=Card(src.id, "Worship")))]


define("Worship", StaticAbility(
    replacements=_worship, text="If you control a creature, damage that would reduce your "
                                "life total to less than 1 reduces it to 1 instead."))


# ---------------------------------------------------------------- Awe Strike (CR 119.4)

def _awe_strike(game: GameState, ctx: Ctx) -> None:
    targets = ctx.target_refs(0)
    if not targets:
        return
    creature_id = targets[0]
    me = ctx.controller
    sid = game.new_id()
    game.effect_state[sid] = {"event": None}

    def applies(g: GameState, e: ProposedDamage) -> bool:
        st = g.effect_state[sid]
        return e.source == creature_id and not e.unpreventable and (
            st["event"] is None or st["event"] == e.event_id)

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage:
        g.effect_state[sid]["event"] = e.event_id
        n = e.amount
        source, card = g.named(creature_id), Card(ctx.source, "Awe Strike")
        g.note("615.1", say("{n} damage from {source} is prevented ({card})",
                            "{n} blessure infligée par {source} est prévenue ({card})",
                            n=n, source=source, card=card) if n <= 1 else
               say("{n} damage from {source} is prevented ({card})",
                   "{n} blessures infligées par {source} sont prévenues ({card})",
                   n=n, source=source, card=card))
        return dataclasses.replace(e, amount=0, gains=(*e.gains, (me, n, "Awe Strike")))

    r = Replacement("damage", applies, replace, me, ctx.source,
                    say("{card}'s prevention effect", "l'effet de prévention {card:de}",
                        card=Card(ctx.source, "Awe Strike")), Duration("end_of_turn"),
                    is_prevention=True, timestamp=game.new_timestamp(), state_id=sid,
                    prevents="source")
    game.replacements.append(r)


define("Awe Strike", spell=SpellAbility(
    effect=Custom(_awe_strike, "prevent the next damage target creature would deal"),
    targets=(target_of(creature, "target creature"),)))


# ---------------------------------------------------------------- Flash Foliage (CR 509.7)

def _after_blockers(game: GameState, player: int) -> bool:
    return game.combat is not None and game.combat.blockers_declared


def _after_blockers_why(game: GameState, player: int) -> tuple[str, str]:
    """506.6c/f: "cast only during combat after blockers are declared"."""
    cb = game.combat
    if cb is not None and game.step is not None and game.step.name in (
            "combat_damage", "combat_damage_2", "end_of_combat"):
        return ("it may be cast only during combat after blockers are declared, and this "
                "combat's declare blockers step was skipped (506.6f)", "506.6f")
    return ("it may be cast only during combat after blockers are declared (506.6c)",
            "506.6")


def _attacking_controller(g: GameState, r: Any, c: int, s: int | None) -> bool:
    return g.combat is not None and r in g.combat.attackers and \
        g.combat.attackers[r] == PlayerRef(c)


def _foliage(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.combat import put_blocking
    from manastack.rules.zones import create_token
    targets = ctx.target_refs(0)
    tok = create_token(game, SAPROLING, ctx.controller)
    if targets:
        put_blocking(game, tok, targets[0])  # type: ignore[arg-type]


ATTACKING_YOU = Selector(_attacking_controller, "creature attacking you")

define("Flash Foliage", spell=SpellAbility(
    effect=seq(Custom(_foliage, "create a Saproling blocking target creature"), Draw(1)),
    targets=(target_of(creature & attacking & ATTACKING_YOU, "target creature attacking you"),),
    timing=_after_blockers, timing_rule="506.6", timing_why=_after_blockers_why,
))



# ---------------------------------------------------------------- combat (508-510)

define("Goblin Brigand", flags=("attacks each combat if able",))
define("Bloodrock Cyclops", flags=("attacks each combat if able",))
define("Iron Golem", flags=("attacks each combat if able", "blocks each combat if able"))
define("Stalking Tiger", flags=("can't be blocked by more than one creature",))
define("Two-Headed Giant of Foriys", flags=("can block an additional creature",))
define("Blighted Agent", flags=("can't be blocked",))
define("Two-Headed Sliver", anthem(creature & with_subtype("Sliver"), 0, 0,
                                   "All Sliver creatures have menace.", keywords=("menace",)))


def _blocking_count(game: GameState, ctx: Ctx) -> int:
    cb = game.combat
    return len(cb.blockers.get(ctx.source, [])) if cb is not None else 0


define("Guardian of the Gateless",
       when_blocks(Pump(_blocking_count, _blocking_count, SELF),
                   "Whenever this creature blocks, it gets +1/+1 until end of turn for each "
                   "creature it's blocking."),
       flags=("can block any number of creatures",))
define("Righteousness", spell=SpellAbility(
    effect=Pump(7, 7, T(0)),
    targets=(target_of(creature & blocking, "target blocking creature"),)))

# ---------------------------------------------------------------- infect, wither, persist

define("Putrefax", at_beginning_of("end", Sacrifice(SELF), "At the beginning of the end "
                                   "step, sacrifice this creature.", whose="each"))
define("Kitchen Finks", when_enters(GainLife(2), "When this creature enters, you gain 2 "
                                                 "life."))


def _no_life_gain(game: GameState, ctx: Ctx) -> None:
    t = ctx.data.get("target")
    if not isinstance(t, PlayerRef):
        return
    who = t.index
    # a "can't" effect, not a replacement effect (614.16); in Two-Headed Giant it stops
    # the whole team gaining life (810.9g, see damage.team_forbids)
    from manastack.rules.static import RuleEffect, add_rule_effect
    add_rule_effect(game, RuleEffect(
        "cant_gain_life", lambda g, p: p == who, Duration("permanent"),
        text=f"Stigma Lasher: {game.players[who].name} can't gain life",
        controller=ctx.controller))
    game.note("614.16", say("{who} can't gain life for the rest of the game",
                            "{who} ne peut plus gagner de points de vie pour le reste de la "
                            "partie", who=game.who(who)))


define("Stigma Lasher", when_deals_damage(
    Custom(_no_life_gain), "Whenever this creature deals damage to a player, that player "
                           "can't gain life for the rest of the game.", to="player"))

# ---------------------------------------------------------------- phasing (502.1, 702.25)


def _phases(out: bool):  # type: ignore[no-untyped-def]
    def cond(g: GameState, e: ev.Event, src: GameObject) -> bool:
        return e.data.get("object") == src.id and e.data.get("phased_out") is out
    return cond


define("Teferi's Imp",
       triggered(ev.PHASED, _phases(True), Discard(1), "Whenever this creature phases out, "
             "discard a card.", zones=("battlefield",)),
       triggered(ev.PHASED, _phases(False), Draw(1), "Whenever this creature phases in, draw a "
             "card."))
define("Teferi's Isle", ActivatedAbility(cost(tap=True), mana=ManaProduction(("UU",)),
                                         text="{T}: Add {U}{U}."),
       hook("enters_tapped", text="Teferi's Isle enters tapped."))
define("Ertai's Familiar",
       triggered(ev.PHASED, _phases(True), Mill(3), "When this creature phases out or leaves the "
             "battlefield, mill three cards."),
       when_leaves(Mill(3), "When this creature phases out or leaves the battlefield, mill "
                            "three cards."),
       ActivatedAbility(cost("{U}"), Custom(lambda g, c: _no_phase_out(g, c)),
                        text="{U}: Until your next upkeep, this creature can't phase out."))


def _no_phase_out(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.vocab import grant_flags_effect
    from manastack.rules.layers import LayerEffect, add_effect
    add_effect(game, LayerEffect("6", grant_flags_effect("can't phase out"),
                                 frozenset({ctx.source}), ctx.controller, ctx.source,
                                 duration=Duration("until_next_upkeep", player=ctx.controller),
                                 text="can't phase out"))

# ---------------------------------------------------------------- turn structure (500-514)


def _stasis_skip(game: GameState, src: GameObject, step: str, player: int) -> bool:
    return step == "untap"


define("Stasis", hook("skip_step", _stasis_skip, "Players skip their untap steps."),
       at_beginning_of("upkeep", UnlessPay("{U}", Sacrifice(SELF), "sacrifice Stasis"),
                       "At the beginning of your upkeep, sacrifice this enchantment unless "
                       "you pay {U}."))

# ---------------------------------------------------------------- prevention (615)

define("Soldevi Heretic", ActivatedAbility(
    cost("{W}", tap=True),
    seq(PreventNext(2, T(0)), Custom(lambda g, c: _may_draw(g, c))),
    targets=(target_of(creature, "target creature"), target_of(opponent, "target opponent")),
    text="{W}, {T}: Prevent the next 2 damage that would be dealt to target creature this "
         "turn. Target opponent may draw a card."))


def _may_draw(game: GameState, ctx: Ctx) -> None:
    from manastack.game.decisions import ChoiceDecision
    opps = ctx.target_refs(1)
    if not opps or not isinstance(opps[0], PlayerRef):
        return
    who = opps[0].index
    game.ask(ChoiceDecision(who, "may", "You may draw a card (Soldevi Heretic)",
                            (_may_draw_answer, (who,)), rule="603.5", options=("yes", "no"),
                            purpose="draw a card"))


def _may_draw_answer(game: GameState, action: Any, who: int) -> None:
    from manastack.rules.zones import draw
    if action.items and action.items[0] == "yes":
        draw(game, who, 1)


def _holy_day(game: GameState, ctx: Ctx) -> None:
    r = Replacement("damage", lambda g, e: e.combat and not e.unpreventable,
                    lambda g, e: dataclasses.replace(e, amount=0), ctx.controller, ctx.source,
                    say("{card} (prevent all combat damage this turn)", "{card} (prévenir "
                        "toutes les blessures de combat ce tour-ci)",
                        card=Card(ctx.source, "Holy Day")),
                    Duration("end_of_turn"), is_prevention=True,
                    timestamp=game.new_timestamp())
    game.replacements.append(r)


define("Holy Day", spell=SpellAbility(effect=Custom(_holy_day, "prevent all combat damage")))

# ---------------------------------------------------------------- redirection (614.9)


def _pariah(game: GameState, src: GameObject) -> list[Replacement]:
    me = game.controller(src)
    host = src.attached_to
    if host is None or isinstance(host, PlayerRef) or game.get(host) is None:
        return []
    return [Replacement("damage", lambda g, e: e.target == PlayerRef(me),
                        lambda g, e: dataclasses.replace(e, target=host), me, src.id,
                        say("{card} (damage to you is dealt to the enchanted creature "
                            "instead)", "{card} (les blessures qui vous seraient infligées le "
                            "sont à la créature enchantée à la place)",
                            card=Card(src.id, "Pariah")))]


define("Pariah", StaticAbility(replacements=_pariah, text="All damage that would be dealt to "
                               "you is dealt to enchanted creature instead."),
       spell=SpellAbility(targets=(target_of(creature, "target creature"),)))


def _royal_guard(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller
    guard = ctx.source

    def applies(g: GameState, e: ProposedDamage) -> bool:
        cb = g.combat
        return e.combat and e.target == PlayerRef(me) and cb is not None and \
            e.source in cb.attackers and e.source not in cb.blocked and \
            g.get(guard) is not None

    r = Replacement("damage", applies, lambda g, e: dataclasses.replace(e, target=guard),
                    me, guard,
                    say("{card} (combat damage from unblocked creatures is dealt to it "
                        "instead)", "{card} (les blessures de combat des créatures non bloquées "
                        "lui sont infligées à la place)",
                        card=Card(guard, "Kjeldoran Royal Guard")),
                    Duration("end_of_turn"), timestamp=game.new_timestamp())
    game.replacements.append(r)


define("Kjeldoran Royal Guard", ActivatedAbility(
    cost(tap=True), Custom(_royal_guard), text="{T}: All combat damage that would be dealt "
    "to you by unblocked creatures this turn is dealt to this creature instead."))

# ---------------------------------------------------------------- triggers on anyone

define("Norin the Wary",
       triggered(ev.CAST, lambda g, e, s: True, ExileUntilNextEndStep(SELF),
             "When a player casts a spell or a creature attacks, exile Norin. Return it to "
             "the battlefield under its owner's control at the beginning of the next end "
             "step."),
       triggered(ev.ATTACKS, lambda g, e, s: True, ExileUntilNextEndStep(SELF),
             "When a player casts a spell or a creature attacks, exile Norin. Return it to "
             "the battlefield under its owner's control at the beginning of the next end "
             "step."))

# ---------------------------------------------------------------- starting the game (103)


def _serum_powder(game: GameState, card: GameObject) -> None:
    """103.4a: exile all the cards from your hand, then draw that many cards."""
    from manastack.rules.zones import draw, move
    p = card.owner
    hand = list(game.players[p].hand)
    for oid in hand:
        move(game, game.obj(oid), "exile", "103.4a", quiet=True)
    powder, n = Card(card.id, "Serum Powder"), len(hand)
    game.note("103.4a", say("{who} exiles their hand with {card} ({n} cards) and draws that "
                            "many", "{who} exile sa main avec {card} ({n} carte) et pioche "
                            "autant de cartes", who=game.who(p), card=powder, n=n) if n <= 1
              else say("{who} exiles their hand with {card} ({n} cards) and draws that many",
                       "{who} exile sa main avec {card} ({n} cartes) et pioche autant de "
                       "cartes", who=game.who(p), card=powder, n=n))
    draw(game, p, len(hand), "103.4a")


define("Serum Powder",
       ActivatedAbility(cost(tap=True), mana=ManaProduction(("C",)), text="{T}: Add {C}."),
       StaticAbility(rule="mulligan_action", check=_serum_powder, zones=("hand",),
                     text="Any time you could mulligan and this card is in your hand, you may "
                          "exile all the cards from your hand, then draw that many cards."))


def _opponent_casts(g: GameState, e: ev.Event, src: GameObject) -> bool:
    p = e.data.get("player")
    return isinstance(p, int) and g.is_opponent(g.controller(src), p)  # 102.3


COUNTER_UNLESS_ONE = CounterUnlessPays(1, TRIGGER("object"), explain=False)


def _chancellor_reveal(game: GameState, card: GameObject) -> None:
    """103.5b: revealed until the first turn begins; a delayed trigger per opponent."""
    from manastack.cards.dsl import TriggeredAbility
    from manastack.rules.triggers import DelayedTrigger
    game.revealed.append(card.id)
    game.note("103.5b", say("{who} reveals {card} from their opening hand",
                            "{who} révèle {card} de sa main de départ",
                            who=game.who(card.owner), card=Card(card.id, card.name)))
    for opp in game.opponents(card.owner):
        def first_spell(g: GameState, e: ev.Event, src: Any, who: int = opp) -> bool:
            return e.data.get("player") == who and g.players[who].spells_cast == 1
        ab = TriggeredAbility(ev.CAST, COUNTER_UNLESS_ONE, condition=first_spell,
                              text="When each opponent casts their first spell of the game, "
                                   "counter that spell unless that player pays {1}.")
        game.delayed_triggers.append(DelayedTrigger(ab, card.id, card.name, card.owner))


define("Chancellor of the Annex",
       StaticAbility(rule="opening_hand", check=_chancellor_reveal, zones=("hand",),
                     text="You may reveal this card from your opening hand. If you do, when "
                          "each opponent casts their first spell of the game, counter that "
                          "spell unless that player pays {1}."),
       triggered(ev.CAST, _opponent_casts, COUNTER_UNLESS_ONE, "Whenever an opponent casts a "
             "spell, counter it unless that player pays {1}."))

# ---------------------------------------------------------------- more turn structure


def _step_after_phase(name: str) -> Custom:
    def run(game: GameState, ctx: Ctx) -> None:
        from manastack.rules.turn import add_step_after_phase
        add_step_after_phase(game, name, ctx.object_id)
    return Custom(run, f"after this phase, an additional {name} step")


define("Untap, Upkeep, Draw", spell=SpellAbility(
    modes=(("After this phase, there is an additional untap step.",
            _step_after_phase("untap"), ()),
           ("After this phase, there is an additional upkeep step.",
            _step_after_phase("upkeep"), ()),
           ("After this phase, there is an additional draw step.",
            _step_after_phase("draw"), ())),
    entwine=cost("{3}")))


def _haze_condition(game: GameState, e: ev.Event, src: GameObject) -> bool:
    host = src.attached_to
    if not isinstance(host, PlayerRef) or e.data.get("step") != "upkeep" or \
            e.data.get("player") != host.index:
        return False
    n = game.turn_flags.get("_upkeeps_begun", 0)
    return n == 1  # the first upkeep of the turn


def _extra_upkeep(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.turn import add_step
    add_step(game, "upkeep", after="upkeep")


define("Paradox Haze",
       triggered(ev.STEP_BEGAN, _haze_condition, Custom(_extra_upkeep), "At the beginning of "
             "enchanted player's first upkeep each turn, that player gets an additional "
             "upkeep step after this step."),
       spell=SpellAbility(targets=(target_of(player_sel, "target player"),)))


def _opponent_damaged_this_turn(game: GameState, ctx: Ctx) -> bool:
    return any(game.players[p].damaged_this_turn for p in game.opponents(ctx.controller))


def _war_elemental_etb(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    if _opponent_damaged_this_turn(game, ctx):
        return
    o = game.get(ctx.source)
    if o is not None and o.zone == "battlefield" and game.controller(o) == ctx.controller:
        move(game, o, "graveyard", "701.15a",
             verb=say("{card} is sacrificed", "{card} est sacrifié", card=Card(o.id, o.name)))


def _damage_amount(game: GameState, ctx: Ctx) -> int:
    """"That many": all the damage that opponent was dealt in the event (603.2c)."""
    return int(ctx.data.get("target_total", ctx.data.get("amount", 0)))


define("War Elemental",
       when_enters(Custom(_war_elemental_etb), "When this creature enters, sacrifice it "
                   "unless an opponent was dealt damage this turn."),
       when_opponent_dealt_damage(AddCounters("+1/+1", _damage_amount, SELF),
                                  "Whenever an opponent is dealt damage, put that many "
                                  "+1/+1 counters on this creature."))


def _necro_skip(game: GameState, src: GameObject, step: str, player_: int) -> bool:
    return step == "draw" and player_ == game.controller(src)


def _you_discard(game: GameState, e: ev.Event, src: GameObject) -> bool:
    return e.data.get("player") == game.controller(src)


def _exile_discarded(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    o = game.get(ctx.data.get("object"))
    if o is not None and o.zone == "graveyard":
        move(game, o, "exile", "406.2", verb=say("{card} is exiled from the graveyard",
                                                 "{card} est exilé du cimetière",
                                                 card=Card(o.id, o.name)))


def _necro_draw(game: GameState, ctx: Ctx) -> None:
    from manastack.cards.dsl import TriggeredAbility
    from manastack.rules.triggers import add_delayed
    from manastack.rules.zones import move
    lib = game.players[ctx.controller].library
    if not lib:
        return
    card = move(game, game.obj(lib[-1]), "exile", "406.3",
                verb=say("{who} exiles the top card of their library face down",
                         "{who} exile face cachée la carte du dessus de sa bibliothèque",
                         who=game.who(ctx.controller)), face_down=True)  # 406.3
    me = ctx.controller

    def your_end_step(g: GameState, e: ev.Event, s: Any) -> bool:
        # 805.4a: the team's end step is each of its players' (is_active)
        return e.data.get("step") == "end" and (e.data.get("player") == me or g.is_active(me))

    add_delayed(game, TriggeredAbility(ev.STEP_BEGAN, Custom(_necro_return), your_end_step,
                                       text="Put that card into your hand."),
                ctx.source, ctx.source_name, me, {"exiled": card.id})


def _necro_return(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.zones import move
    o = game.get(ctx.data.get("exiled"))
    if o is not None and o.zone == "exile":
        move(game, o, "hand", "603.7", verb=say("{who} puts the face-down card into their hand",
                                                "{who} met la carte face cachée dans sa main",
                                                who=game.who(o.owner)))


define("Necropotence",
       hook("skip_step", _necro_skip, "Skip your draw step."),
       triggered(ev.DISCARD, _you_discard, Custom(_exile_discarded), "Whenever you discard a "
             "card, exile that card from your graveyard."),
       ActivatedAbility(cost(pay_life=1), Custom(_necro_draw),
                        text="Pay 1 life: Exile the top card of your library face down. Put "
                             "that card into your hand at the beginning of your next end "
                             "step."))


# ======================================================================
# spells and creatures made of the basic effects


define("Healing Salve", spell=SpellAbility(modes=(
    ("Target player gains 3 life.", GainLife(3, T(0)), (PLAYER,)),
    ("Prevent the next 3 damage that would be dealt to target creature or player this turn.",
     PreventNext(3, T(0)), (CREATURE_OR_PLAYER,)),
)))


define("Time Walk", spell=spell_ability(ExtraTurn(YOU)))
define("Time Warp", spell=spell_ability(ExtraTurn(T(0)), PLAYER))
define("Fatigue", spell=spell_ability(Skip("step", "draw", T(0)), PLAYER))


define("Relentless Assault", spell=spell_ability(untap_attackers_and_add_combat()))
define("Mogg Fanatic", ActivatedAbility(C(sacrifice_self=True), DealDamage(1, T(0)),
                                        targets=(CREATURE_OR_PLAYER,),
                                        text="Sacrifice this creature: It deals 1 damage to "
                                             "target creature or player."))
define("Kei Takahashi", ActivatedAbility(C(tap=True), PreventNext(2, T(0)), targets=(CREATURE,),
                                         text="{T}: Prevent the next 2 damage that would be "
                                              "dealt to target creature this turn."))
define("Razorgrass Screen", flags=("blocks each combat if able",))



def _anthem(game: GameState, src: GameObject) -> list[LayerEffect]:
    return [LayerEffect("7c", modify_pt(1, 1), creature & you_control, game.controller(src),
                        src.id, src.timestamp, text="Glorious Anthem")]


declare_layers(_anthem, frozenset({"7c"}), adds_abilities=False)
define("Glorious Anthem", StaticAbility(effects=_anthem,
                                        text="Creatures you control get +1/+1."))

"""Magic 2011 / Magic 2012 cards using the choice costs, graveyard abilities, variable mana,
attack requirements, rule effects and as-enters choices of the engine (current Oracle text).

Implemented here: Captivating Vampire, Fauna Shaman, Grim Lavamancer, Arachnus Spinner,
Reassembling Skeleton, Magma Phoenix, Elvish Archdruid, Alluring Siren, Gideon Jura,
Silence, Leyline of Punishment, Leyline of Anticipation, Adaptive Automaton, Sutured Ghoul, Protean Hydra.

Autumn's Veil, Gaea's Revenge, Phylactery Lich, Obstinate Baloth, Fireball, Inferno Titan,
Necrotic Plague and Consume Spirit are in :mod:`manastack.cards.sets.round4a`; Bloodlord of
Vaasgoth, Demon of Death's Gate, Wild Evocation, Djinn of Wishes, Garruk's Horde, Sundial of
the Infinite and Sorin Markov are in :mod:`manastack.cards.sets.round4b`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    CREATURE_OR_PLAYER,
    ActivatedAbility,
    ManaProduction,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    another,
    creature,
    of_type,
    permanent,
    player,
    tapped,
    target_of,
    with_subtype,
    you_control,
)
from manastack.cards.dsl import cost as C
from manastack.cards.effects import (
    EACH,
    SELF,
    AddCounters,
    Custom,
    DealDamage,
    Destroy,
    SearchTo,
    T,
    is_end_step,
    layered_effect,
    players_of,
)
from manastack.cards.registry import define
from manastack.cards.sets.m11 import LEYLINE, OPPONENT_CONTROLS, R_SEARCH, R_SHUFFLE
from manastack.cards.sets.m12 import OPPONENT
from manastack.cards.vocab import (
    add_subtypes,
    anthem,
    hook,
    loyalty,
    this_card_in_graveyard,
    when_dies,
)
from manastack.game.decisions import ChoiceDecision, Choose
from manastack.game.objects import Characteristics, GameObject, PlayerRef, Zone
from manastack.rules.layers import Duration, LayerEffect, modify_pt, set_controller, set_pt
from manastack.rules.replacement import Replacement
from manastack.rules.static import RuleEffect, add_rule_effect

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState
    from manastack.log import Event

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


def _on_battlefield(game: GameState, ref: Any) -> GameObject | None:
    o = game.get(ref)
    return o if o is not None and o.zone == Zone.BATTLEFIELD and not o.phased_out else None


def _pname(game: GameState, p: int) -> str:
    return game.players[p].name


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
                verb=f"{o.name} returns from {_pname(game, o.owner)}'s graveyard to the "
                     "battlefield" + (" tapped" if tapped_ else ""))
        else:
            _move(game, o, to, "608.2c", verb=f"{o.name} returns from "
                  f"{_pname(game, o.owner)}'s graveyard to their hand")
    return Custom(run, text)


# ====================================================================== white


# Gideon Jura {3}{W}{W}, loyalty 6
def _attack_gideon(gid: int, opp: int, turn_index: int) -> Callable[[GameState, GameObject], Any]:
    """The requirement of Gideon's +2: during ``opp``'s next turn (their ``turn_index``-th),
    each creature they control attacks Gideon Jura if able (508.1d); nothing once Gideon
    left the battlefield or stopped being a planeswalker (he can't be attacked then)."""
    def check(game: GameState, o: GameObject) -> Any:
        if game.controller(o) != opp or game.turns_taken.get(opp, 0) != turn_index:
            return None
        pw = _on_battlefield(game, gid)
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
            text=f"{ctx.source_name}: during {_pname(game, p)}'s next turn, creatures they "
                 f"control attack {ctx.source_name} if able",
            controller=ctx.controller, active_player=p))
        game.note("508.1d", f"During {_pname(game, p)}'s next turn, creatures they control "
                            f"attack {ctx.source_name} if able")


def _human_soldier_creature(game: GameState, obj: GameObject, c: Characteristics) -> None:
    """Layer 4: a Human Soldier creature that's still a planeswalker (205.1b: it keeps its
    other types and subtypes)."""
    c.types = c.types | {"Creature"}
    c.subtypes = c.subtypes | {"Human", "Soldier"}


def _gideon_zero(game: GameState, ctx: Ctx) -> None:
    gideon = _on_battlefield(game, ctx.source)
    if gideon is None:
        return  # "he" is gone: nothing becomes a creature, nothing to protect (608.2g)
    gid = gideon.id
    layered_effect(game, ctx, frozenset({gid}),
               [("4", _human_soldier_creature), ("7b", set_pt(6, 6))],
               f"{ctx.source_name}: a 6/6 Human Soldier creature that's still a planeswalker")
    name = ctx.source_name

    def applies(g: GameState, e: dict[str, Any]) -> bool:
        return e["target"] == gid and not e.get("unpreventable")

    def replace(g: GameState, e: dict[str, Any]) -> dict[str, Any]:
        g.note("615.1", f"{e['amount']} damage to {name} is prevented ({name})")
        return dict(e, amount=0, prevented=e.get("prevented", 0) + e["amount"])

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


# Silence {W}
def _silence(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller

    def check(g: GameState, p: int, spell_obj: GameObject) -> bool:
        return p in g.opponents(me)

    add_rule_effect(game, RuleEffect(
        "cant_cast", check, Duration("end_of_turn"),
        text=f"{ctx.source_name}: {_pname(game, me)}'s opponents can't cast spells this turn",
        controller=me))
    game.note("101.2", f"{_pname(game, me)}'s opponents can't cast spells this turn")


define("Silence", spell=SpellAbility(effect=Custom(
    _silence, "Your opponents can't cast spells this turn.")))


# ====================================================================== blue


# Alluring Siren {1}{U}
def _attacks_player(creature_id: int, who: int) -> Callable[[GameState, GameObject], Any]:
    def check(game: GameState, o: GameObject) -> Any:
        return PlayerRef(who) if o.id == creature_id else None
    return check


def _siren(game: GameState, ctx: Ctx) -> None:
    me = ctx.controller
    for t in ctx.target_refs(0):
        o = _on_battlefield(game, t)
        if o is None:
            continue
        add_rule_effect(game, RuleEffect(
            "must_attack", _attacks_player(o.id, me), Duration("end_of_turn"),
            text=f"{ctx.source_name}: {o.name} attacks {_pname(game, me)} this turn if able",
            controller=me))
        game.note("508.1d", f"{o.name} attacks {_pname(game, me)} this turn if able")


define("Alluring Siren", ActivatedAbility(
    C(tap=True), Custom(_siren, "Target creature an opponent controls attacks you this turn "
                                "if able."),
    targets=(target_of(creature & OPPONENT_CONTROLS, "target creature an opponent controls"),),
    text="{T}: Target creature an opponent controls attacks you this turn if able."))


# ====================================================================== black


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
        o = _on_battlefield(game, t)
        if o is None:
            continue
        ids = frozenset({o.id})
        game.effects[:] = [e for e in game.effects
                           if not (getattr(e, "text", "") == _CAPTIVATED and
                                   e.affected == ids and e.duration.kind == "permanent")]
        before = game.controller(o)
        layered_effect(game, ctx, ids, [("2", set_controller(ctx.controller)),
                                    ("4", add_subtypes("Vampire"))],
                   _CAPTIVATED, Duration("permanent"))
        if game.controller(o) != before:
            o.control_since = game.turn_number  # 302.6: it came under a new control now
        game.note("613.1b", f"{_pname(game, ctx.controller)} gains control of {o.name}; it "
                            "is a Vampire in addition to its other types")


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
                    verb=f"{c.name} is exiled from {_pname(game, c.owner)}'s graveyard "
                         f"({obj.name})")
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


# ====================================================================== red


define("Grim Lavamancer", ActivatedAbility(
    C("{R}", tap=True, exile_graveyard=2), DealDamage(2, T(0)), targets=(CREATURE_OR_PLAYER,),
    text="{R}, {T}, Exile two cards from your graveyard: This creature deals 2 damage to target "
         "creature or player."))

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


# ====================================================================== green


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


# Arachnus Spinner {5}{G}
def _is_web(game: GameState, o: GameObject) -> bool:
    return o.name == "Arachnus Web"


def _spinner(game: GameState, ctx: Ctx) -> None:
    if not ctx.target_refs(0):
        return
    game.ask(ChoiceDecision(
        ctx.controller, "choose", "Search your graveyard and/or library for a card named "
        "Arachnus Web: choose the zones to search", (_spinner_zones, (ctx,)), rule=R_SEARCH,
        options=(Zone.GRAVEYARD, Zone.LIBRARY), min_count=1, max_count=2,
        purpose="zones to search"))


def _spinner_zones(game: GameState, action: Any, ctx: Ctx) -> None:
    p = ctx.controller
    zones = tuple(action.items)
    gy = [i for i in reversed(game.players[p].graveyard) if _is_web(game, game.obj(i))] \
        if Zone.GRAVEYARD in zones else []
    lib = [i for i in reversed(game.players[p].library) if _is_web(game, game.obj(i))] \
        if Zone.LIBRARY in zones else []
    game.note(R_SEARCH, f"{_pname(game, p)} searches their "
              + " and ".join(z for z in zones) + " for a card named Arachnus Web")
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
        rule=R_SEARCH, options=cands, min_count=need, max_count=1, purpose="search"))


def _spinner_found(game: GameState, action: Any, ctx: Ctx, searched_library: bool) -> None:
    from manastack.rules.targeting import protection_from
    host = None
    for t in ctx.target_refs(0):
        host = _on_battlefield(game, t)
    for cid in action.items:
        web = game.obj(cid)
        sp = web.card.spell
        legal = host is not None and game.chars(host).is_creature and \
            not protection_from(game, host, web.id) and (
                sp is None or not sp.targets or
                sp.targets[0].selector.test(game, host.id, ctx.controller, web.id))
        if host is None or not legal:
            # 303.4i: an Aura put onto the battlefield enchanting what it can't enchant stays
            game.note("303.4i", f"{web.name} can't be attached to that creature: it stays "
                                f"in its zone")
            continue
        _move(game, web, Zone.BATTLEFIELD, R_SEARCH, controller=ctx.controller,
              attach_to=host.id, verb=f"{web.name} is put onto the battlefield attached to "
                                      f"{host.name}")
    if searched_library:
        from manastack.rules.zones import shuffle
        shuffle(game, ctx.controller, R_SHUFFLE)


define("Arachnus Spinner", ActivatedAbility(
    C(tap_others=permanent & with_subtype("Spider"), tap_count=1),
    Custom(_spinner, "Search your graveyard and/or library for a card named Arachnus Web and "
                     "put it onto the battlefield attached to target creature. If you search "
                     "your library this way, shuffle."),
    targets=(target_of(creature, "target creature"),),
    text="Tap an untapped Spider you control: Search your graveyard and/or library for a card "
         "named Arachnus Web and put it onto the battlefield attached to target creature. If "
         "you search your library this way, shuffle."))


# Protean Hydra {X}{G}
def _protean_enters(game: GameState, obj: GameObject) -> None:
    """614.1c: X is the X of the spell it was (0 if it wasn't cast, 107.3f)."""
    n = obj.x if obj.came_from == Zone.STACK else 0
    if n > 0:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n
    game.note("614.1c", f"{obj.name} enters the battlefield with {n} +1/+1 counters (X)")


def _protean_shield(game: GameState, src: GameObject) -> list[Replacement]:
    """Damage to it is prevented (615.1) and that many +1/+1 counters are removed; each
    counter removed is its own event (the last ability triggers for each).  Damage that
    can't be prevented is dealt, but the effect still applies: the counters are removed
    (615.12)."""
    sid = src.id
    name = src.name

    def applies(g: GameState, e: dict[str, Any]) -> bool:
        return e["target"] == sid and e["amount"] > 0

    def replace(g: GameState, e: dict[str, Any]) -> dict[str, Any]:
        n = e["amount"]
        if e.get("unpreventable"):
            g.note("615.12", f"{n} damage to {name} can't be prevented; {name} still loses "
                             f"that many +1/+1 counters")
        else:
            g.note("615.1", f"{n} damage to {name} is prevented ({name})")
        o = g.get(sid)
        if o is not None:
            k = min(n, o.counters.get("+1/+1", 0))
            for _ in range(k):
                o.counters["+1/+1"] -= 1
                g.changed()
                g.emit(ev.COUNTERS_REMOVED, "121.1", f"a +1/+1 counter is removed from "
                       f"{name}", object=sid, counter="+1/+1", n=1)
        if e.get("unpreventable"):
            return e
        return dict(e, amount=0, prevented=e.get("prevented", 0) + n)

    return [Replacement("damage", applies, replace, game.controller(src), sid,
                        f"{name} (prevent that damage and remove that many +1/+1 counters)",
                        is_prevention=True)]


def _own_plus_counter_removed(game: GameState, e: Event, src: GameObject) -> bool:
    return e.data.get("object") == src.id and e.data.get("counter") == "+1/+1"


def _two_counters_on_it(game: GameState, ctx: Ctx) -> None:
    """603.7c: the delayed ability still affects the Hydra it refers to, but does nothing
    if that object has left the battlefield (a Hydra that returned is a new object, 400.7)."""
    o = game.objects.get(ctx.source)
    if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
        game.note("603.7c", f"{ctx.source_name} is no longer on the battlefield: the delayed "
                            "triggered ability does nothing")
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


# ====================================================================== artifacts


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

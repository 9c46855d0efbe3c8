"""High-level card vocabulary: triggers, statics, Auras, Equipment, common costs.

These build the :mod:`manastack.cards.dsl` objects cards are made of::

    define("Grave Titan", when_enters(CreateTokens(ZOMBIE, 2)),
           when_attacks(CreateTokens(ZOMBIE, 2)))
    define("Glorious Anthem", anthem(creature & you_control, 1, 1))
    define("Trollhide", *aura(creature, grant=("regenerate",), pt=(2, 2)))

Trigger events and what their data hold are documented in
:mod:`manastack.log` and on each helper.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import (
    Ability,
    ActivatedAbility,
    Cost,
    Selector,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    cost,
    creature,
    target_of,
    you_control,
)
from manastack.cards.effects import Attach, Effect, T
from manastack.events import (
    AttackerBlocked,
    AttackerDeclared,
    AttackerUnblocked,
    BecameTarget,
    BlockerDeclared,
    DamageDealt,
    LifeGained,
    PhaseBegan,
    SpellCast,
    StepBegan,
    Tapped,
    ZoneChange,
)
from manastack.game.abilities import declare_layers
from manastack.game.objects import GameObject, PlayerRef, Zone, tag_flags
from manastack.rules.layers import (
    LayerEffect,
    add_abilities,
    add_keywords,
    modify_pt,
    reads_only_its_object,
    set_controller,
)

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState
    from manastack.log import Event

Cond = Callable[["GameState", "Event", GameObject], bool]


def triggered(event: str, cond: Cond, effect: Effect | None, text: str,
              targets: Sequence[TargetSpec] = (), optional: bool = False,
              intervening_if: Callable[[GameState, GameObject], bool] | None = None,
              zones: tuple[str, ...] = ("battlefield",)) -> TriggeredAbility:
    """A triggered ability (603.1): "when ``event`` happens and ``cond``, ``effect``"."""
    return TriggeredAbility(event, effect, cond, tuple(targets), intervening_if, optional,
                            text, zones=zones)


# ------------------------------------------------------------ zone-change triggers


def when_enters(effect: Effect, text: str = "When this enters, ...", **kw: Any
                ) -> TriggeredAbility:
    """"When [this] enters the battlefield" (CR 603.6a)."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        return isinstance(e, ZoneChange) and e.object == src.id and \
            e.to_zone == Zone.BATTLEFIELD
    return triggered(ev.ZONE_CHANGE, cond, effect, text, **kw)


def when_another_enters(selector: Selector, effect: Effect, text: str, **kw: Any
                        ) -> TriggeredAbility:
    """"Whenever another [selector] enters the battlefield"."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        if not isinstance(e, ZoneChange) or e.to_zone != Zone.BATTLEFIELD:
            return False
        oid = e.object
        return oid != src.id and oid in g.objects and \
            selector.test(g, oid, g.controller(src), src.id)
    return triggered(ev.ZONE_CHANGE, cond, effect, text, **kw)


def when_dies(effect: Effect, text: str = "When this dies, ...", **kw: Any
              ) -> TriggeredAbility:
    """"When [this] dies" = is put into a graveyard from the battlefield (CR 700.4, 603.10a).

    The event data's ``object`` is the card in the graveyard."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        return isinstance(e, ZoneChange) and e.old == src.id and \
            e.from_zone == Zone.BATTLEFIELD and e.to_zone == Zone.GRAVEYARD
    return triggered(ev.ZONE_CHANGE, cond, effect, text, **kw)


def when_another_dies(selector: Callable[[GameState, Any, GameObject], bool], effect: Effect,
                      text: str, **kw: Any) -> TriggeredAbility:
    """"Whenever another creature dies": ``selector(game, lki_chars, src)`` on the dead one."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        if not isinstance(e, ZoneChange) or e.from_zone != Zone.BATTLEFIELD or \
                e.to_zone != Zone.GRAVEYARD or e.old == src.id:
            return False
        lki = e.lki
        return lki is not None and selector(g, lki, src)
    return triggered(ev.ZONE_CHANGE, cond, effect, text, **kw)


def when_leaves(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    """"When [this] leaves the battlefield" (CR 603.6c)."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        return isinstance(e, ZoneChange) and e.old == src.id and \
            e.from_zone == Zone.BATTLEFIELD
    return triggered(ev.ZONE_CHANGE, cond, effect, text, **kw)


# ------------------------------------------------------------ combat triggers


def when_attacks(effect: Effect, text: str = "Whenever this attacks, ...", **kw: Any
                 ) -> TriggeredAbility:
    """"Whenever [this] attacks" (CR 508.1, 508.3a). Data: ``attacker``, ``target``."""
    return triggered(ev.ATTACKS, lambda g, e, s: isinstance(e, AttackerDeclared)
                     and e.attacker == s.id, effect, text, **kw)


def when_blocks(effect: Effect, text: str = "Whenever this blocks, ...", **kw: Any
                ) -> TriggeredAbility:
    """"Whenever [this] blocks" (once per combat, 509.4a). Data: ``blocker``, ``attackers``."""
    return triggered(ev.BLOCKS, lambda g, e, s: isinstance(e, BlockerDeclared)
                     and e.blocker == s.id, effect, text, **kw)


def when_becomes_blocked(effect: Effect, text: str = "Whenever this becomes blocked, ...",
                         **kw: Any) -> TriggeredAbility:
    """"Whenever [this] becomes blocked" (509.4c). Data: ``attacker``, ``blockers``."""
    return triggered(ev.BECOMES_BLOCKED, lambda g, e, s: isinstance(e, AttackerBlocked)
                     and e.attacker == s.id, effect, text, **kw)


def when_attacks_unblocked(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    """"Whenever [this] attacks and isn't blocked" (509.4g)."""
    return triggered(ev.UNBLOCKED, lambda g, e, s: isinstance(e, AttackerUnblocked)
                     and e.attacker == s.id, effect, text, **kw)


# ------------------------------------------------------------ damage triggers


def when_deals_damage(effect: Effect, text: str, to: str = "any", combat_only: bool = False,
                      **kw: Any) -> TriggeredAbility:
    """"Whenever [this] deals (combat) damage [to a player / to a creature]".

    Data: ``source``, ``target``, ``amount``, ``combat``.  ``to``: any, player,
    opponent, creature."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        if not isinstance(e, DamageDealt) or e.source != src.id or \
                (combat_only and not e.combat):
            return False
        t = e.target
        if to == "player":
            return isinstance(t, PlayerRef)
        if to == "opponent":  # 102.3: a teammate isn't an opponent
            return isinstance(t, PlayerRef) and g.is_opponent(g.controller(src), t.index)
        if to == "creature":
            return not isinstance(t, PlayerRef)
        return True
    return triggered(ev.DAMAGE, cond, effect, text, **kw)


def when_dealt_damage(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    """"Whenever [this] is dealt damage"."""
    return triggered(ev.DAMAGE, lambda g, e, s: isinstance(e, DamageDealt)
                     and e.target == s.id, effect, text, **kw)


def when_opponent_dealt_damage(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    """"Whenever an opponent is dealt damage" (War Elemental): once per damage event for
    each opponent dealt damage, however many sources dealt it (603.2c, 510.2); the
    event's data ``target_total`` is how much that opponent was dealt in it."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        if not isinstance(e, DamageDealt):
            return False
        t = e.target
        return isinstance(t, PlayerRef) and g.is_opponent(g.controller(src), t.index) \
            and e.first_to_target  # 102.3
    return triggered(ev.DAMAGE, cond, effect, text, **kw)


# ------------------------------------------------------------ turn triggers


def at_beginning_of(step: str, effect: Effect, text: str, whose: str = "your",
                    **kw: Any) -> TriggeredAbility:
    """"At the beginning of [your/each/each opponent's] [step]" (CR 603.2, 503.1, 513.1).

    ``whose``: your, each, opponent; ``each_player`` for "each player's [step], that
    player ...", which triggers once per player of the active team (805.4a).  Step names
    as in :mod:`manastack.rules.turn`."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        if not isinstance(e, (StepBegan, PhaseBegan)) or e.step != step:
            return False
        ap = e.player
        me = g.controller(src)
        if whose in ("each", "each_player"):
            return True
        # 805.4a: with shared team turns the active team's turn is each member's turn
        mine = ap == me or g.is_active(me)
        if whose == "your":
            return mine
        return whose == "opponent" and not mine and isinstance(ap, int) and \
            g.players[ap].team != g.players[me].team
    kind = ev.PHASE_BEGAN if step in ("precombat_main", "postcombat_main") else ev.STEP_BEGAN
    ab = triggered(kind, cond, effect, text, **kw)
    if whose == "each_player":
        ab = dataclasses.replace(ab, each_active_player=True)
    return ab


# ------------------------------------------------------------ other triggers


def when_cast(selector: Callable[[GameState, GameObject, int], bool], effect: Effect, text: str,
              who: str = "you", **kw: Any) -> TriggeredAbility:
    """"Whenever you cast a [kind] spell" (CR 601.2i): ``selector(game, spell, src_ctrl)``."""
    def cond(g: GameState, e: Event, src: GameObject) -> bool:
        if not isinstance(e, SpellCast):
            return False
        me = g.controller(src)
        caster = e.player
        if who == "you" and caster != me or who == "opponent" and not (
                isinstance(caster, int) and g.is_opponent(me, caster)):  # 102.3
            return False
        sp = g.get(e.object)
        return sp is not None and selector(g, sp, me)
    return triggered(ev.CAST, cond, effect, text, **kw)


def when_becomes_tapped(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    return triggered(ev.TAPPED, lambda g, e, s: isinstance(e, Tapped) and e.object == s.id,
                     effect, text, **kw)


def when_becomes_target(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    """"Whenever [this] becomes the target of a spell or ability" (CR 114)."""
    return triggered(ev.TARGETED, lambda g, e, s: isinstance(e, BecameTarget)
                     and e.target == s.id, effect, text, **kw)


def when_gain_life(effect: Effect, text: str, **kw: Any) -> TriggeredAbility:
    return triggered(ev.LIFE_GAIN, lambda g, e, s: isinstance(e, LifeGained)
                     and e.player == g.controller(s), effect, text, **kw)


# ------------------------------------------------------------ static abilities


def anthem(selector: Selector, power: int, toughness: int, text: str = "",
           keywords: Sequence[str] = ()) -> StaticAbility:
    """"[Selector] get +N/+M [and have keywords]" (layers 6 and 7c)."""
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        me = game.controller(src)
        out = []
        if keywords:
            out.append(LayerEffect("6", add_keywords(*keywords), selector, me, src.id,
                                   src.timestamp))
        if power or toughness:
            out.append(LayerEffect("7c", modify_pt(power, toughness), selector, me, src.id,
                                   src.timestamp))
        return out
    declare_layers(effects, frozenset((["6"] if keywords else [])
                                      + (["7c"] if power or toughness else [])),
                   adds_abilities=False)
    return StaticAbility(effects=effects, text=text or f"{selector.text} get "
                         f"{power:+d}/{toughness:+d}")


def self_pump_if(cond: Callable[[GameState, GameObject], bool], power: int, toughness: int,
                 text: str, keywords: Sequence[str] = ()) -> StaticAbility:
    """"As long as [condition], this creature gets +N/+M [and has keywords]"."""
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        if not cond(game, src):
            return []
        me = game.controller(src)
        out = []
        if keywords:
            out.append(LayerEffect("6", add_keywords(*keywords), frozenset({src.id}), me,
                                   src.id, src.timestamp))
        if power or toughness:
            out.append(LayerEffect("7c", modify_pt(power, toughness), frozenset({src.id}), me,
                                   src.id, src.timestamp))
        return out
    return StaticAbility(effects=effects, text=text)


def flags(*names: str) -> tuple[str, ...]:
    """Rule flags for ``define(..., flags=...)``: "can't block", "attacks each combat if
    able", "can't be blocked", "blocks each combat if able", "can block an additional
    creature", "can block any number of creatures", "can't be blocked except by two or more
    creatures", "can't be blocked by more than one creature", "all creatures able to block
    it do so", "can block only creatures with flying", "can't be blocked by walls"."""
    return names


def hook(rule: str, check: Callable[..., Any] | None = None, text: str = "") -> StaticAbility:
    """A static rule hook (see :mod:`manastack.rules.static`): ``skip_step``,
    ``doesnt_untap``, ``cant_attack``, ``cant_block``, ``must_attack``, ``cant_lose``,
    ``cost_change`` (check returns the generic mana delta for a spell)."""
    return StaticAbility(rule=rule, check=check, text=text or rule)


def cost_change(delta: int, spells: Callable[[GameState, GameObject, GameObject], bool],
                text: str) -> StaticAbility:
    """"[Spells] cost {N} more/less to cast" (CR 601.2f): ``spells(game, src, spell)``."""
    def check(game: GameState, src: GameObject, spell_obj: GameObject) -> int:
        return delta if spells(game, src, spell_obj) else 0
    return StaticAbility(rule="cost_change", check=check, text=text)


# ------------------------------------------------------------ Auras and Equipment


def _attached_bonus(pt: tuple[int, int], keywords: Sequence[str], abilities: Sequence[Ability],
                    flags_: Sequence[str], control: bool = False,
                    subtypes: Sequence[str] = ()
                    ) -> Callable[[GameState, GameObject], list[LayerEffect]]:
    """Effects on the permanent a source is attached to (layers 2, 4, 6 and 7c)."""
    def effects(game: GameState, src: GameObject) -> list[LayerEffect]:
        host = src.attached_to
        if host is None or isinstance(host, PlayerRef):
            return []
        me = game.controller(src)
        ids = frozenset({host})
        out = []
        if control:
            out.append(LayerEffect("2", set_controller(me), ids, me, src.id, src.timestamp))
        if subtypes:
            out.append(LayerEffect("4", add_subtypes(*subtypes), ids, me, src.id,
                                   src.timestamp))
        if keywords:
            out.append(LayerEffect("6", add_keywords(*keywords), ids, me, src.id,
                                   src.timestamp))
        if abilities:
            out.append(LayerEffect("6", add_abilities(*abilities), ids, me, src.id,
                                   src.timestamp))
        if flags_:
            out.append(LayerEffect("6", _add_flags(*flags_, origin=f"o{src.id}"), ids, me, src.id,
                                   src.timestamp))
        if pt != (0, 0):
            out.append(LayerEffect("7c", modify_pt(*pt), ids, me, src.id, src.timestamp))
        return out
    declare_layers(effects, frozenset(
        (["2"] if control else []) + (["4"] if subtypes else [])
        + (["6"] if keywords or abilities or flags_ else []) + (["7c"] if pt != (0, 0) else [])),
        adds_abilities=bool(abilities))
    return effects


def attached_bonus(pt: tuple[int, int] = (0, 0), keywords: Sequence[str] = (),
                   subtypes: Sequence[str] = (), abilities: Sequence[Ability] = (),
                   flags_: Sequence[str] = (), text: str = "") -> StaticAbility:
    """"Enchanted/equipped creature gets +N/+M, has [keywords] and is a [type] in addition
    to its other types" as a static ability."""
    return StaticAbility(effects=_attached_bonus(pt, keywords, abilities, flags_,
                                                 subtypes=subtypes), text=text)


def add_subtypes(*subs: str) -> Callable[..., None]:
    """Layer 4: "[is a / becomes a] [subtype] in addition to its other types" (CR 205.1b,
    613.1d)."""
    extra = frozenset(subs)

    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Any) -> None:
        c.subtypes = c.subtypes | extra
    return f


def aura(enchant: Selector = creature, *, pt: tuple[int, int] = (0, 0),
         keywords: Sequence[str] = (), abilities: Sequence[Ability] = (),
         control: bool = False, flags_: Sequence[str] = (), text: str = "",
         extra: Sequence[Ability] = ()) -> dict[str, Any]:
    """An Aura (CR 303.4): ``define(name, **aura(...))``.  The Aura spell targets what it
    can enchant; the enchanted permanent gets the listed bonuses (layers 2, 6, 7c)."""
    effects = _attached_bonus(pt, keywords, abilities, flags_, control)
    spell = SpellAbility(targets=(target_of(enchant, f"target {enchant.text}"),))
    return {"abilities": (StaticAbility(effects=effects, text=text), *extra), "spell": spell}


def equipment(equip_cost: str, *, pt: tuple[int, int] = (0, 0), keywords: Sequence[str] = (),
              abilities: Sequence[Ability] = (), flags_: Sequence[str] = (),
              text: str = "") -> tuple[Ability, ...]:
    """Equipment (CR 301.5): a static ability for the equipped creature and
    "Equip [cost]: attach to target creature you control; sorcery speed" (702.6)."""
    effects = _attached_bonus(pt, keywords, abilities, flags_)
    equip = ActivatedAbility(cost(equip_cost), Attach(T(0)),
                             targets=(target_of(creature & you_control,
                                                "target creature you control"),),
                             sorcery_speed=True, text=f"Equip {equip_cost}")
    return (StaticAbility(effects=effects, text=text), equip)


_flag_grants = itertools.count(1)


def _add_flags(*names: str, origin: str = "") -> Callable[..., None]:
    """Layer-6 apply function adding rule flags; counted flags (requirements) are also
    added as this grant's own instance (``origin``, or a fresh one), so that two grants
    are two requirements (508.1d, 509.1c)."""
    fs = tag_flags(frozenset(names), origin or f"g{next(_flag_grants)}")

    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Any) -> None:
        c.flags = c.flags | fs
    return f


def grant_flags_effect(*names: str) -> Callable[..., None]:
    """Layer-6 apply function adding rule flags (for resolving effects)."""
    return _add_flags(*names)


def activated(cost_: Cost | str | None, effect: Effect, text: str,
              targets: Sequence[TargetSpec] = (), **kw: Any) -> ActivatedAbility:
    """``activated("{1}{R}", DealDamage(1, T(0)), "...", targets=[ANY], tap=True)``."""
    c = cost_ if isinstance(cost_, Cost) else cost(cost_, **{k: kw.pop(k) for k in list(kw)
                                                           if k in Cost.__dataclass_fields__})
    return ActivatedAbility(c, effect, tuple(targets), text=text, **kw)


# ---------------------------------------------------------------- planeswalkers (606)


def loyalty(n: int, effect: Effect, text: str, targets: tuple[TargetSpec, ...] = ()
            ) -> ActivatedAbility:
    """A loyalty ability ``[+N]``, ``[−N]`` or ``[0]`` (CR 606.4: the loyalty cost is paid
    as it is activated; 606.3: one loyalty ability per permanent per turn, at sorcery
    speed, which the engine enforces for any ability with a loyalty cost)."""
    return ActivatedAbility(cost(loyalty=n), effect, targets, text=text)


# ---------------------------------------------------------------- amounts and objects


def greatest_power(game: GameState, ctx: Ctx) -> int:
    """"The greatest power among creatures you control" as the effect resolves (0 if you
    control none; a negative greatest power is returned as it is, CR 107.1b)."""
    return max([game.chars(o).power or 0 for o in game.creatures(ctx.controller)], default=0)


def this_card_in_graveyard(game: GameState, ctx: Ctx) -> GameObject | None:
    """The source of an ability that works from a graveyard, if it is still that card
    (a card that left the graveyard is a new object, CR 400.7; 113.6k)."""
    o = game.get(ctx.source)
    return o if o is not None and o.zone == Zone.GRAVEYARD else None


# ---------------------------------------------------------------- combat (506-511)


def _attacked_this_turn(game: GameState, o: GameObject) -> bool:
    return o.id in game.turn_flags.get("attacked", set())


def untap_attackers_and_add_combat() -> Effect:
    """"Untap all creatures that attacked this turn. After this main phase, there is an
    additional combat phase followed by an additional main phase" (Relentless Assault,
    Sokenzan's chaos ability): untap (701.19b), then additional phases (500.8)."""
    from manastack.cards.dsl import where
    from manastack.cards.effects import EACH, AdditionalPhases, Tap, seq
    return seq(Tap(EACH(creature & where(_attacked_this_turn, "that attacked this turn")),
                   untap=True), AdditionalPhases(("combat", "main")))


# ---------------------------------------------------------------- spells and objects


def spell_ability(effect: Effect | None, *targets: TargetSpec, **kw: Any) -> SpellAbility:
    """The spell ability of an instant or sorcery: ``effect`` with its target words
    (CR 113.3a, 115.1a)."""
    return SpellAbility(effect=effect, targets=tuple(targets), **kw)


def on_battlefield(game: GameState, ref: Any) -> GameObject | None:
    """The permanent ``ref`` refers to, if it is still on the battlefield and phased in
    (a permanent that left is a new object, CR 400.7; phased out, it is treated as though
    it doesn't exist, 702.25b); else None."""
    o = game.get(ref)
    return o if o is not None and o.zone == Zone.BATTLEFIELD and not o.phased_out else None

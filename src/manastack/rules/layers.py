"""Continuous effects and the layer system (CR 611-613).

Characteristics are computed, never stored: the printed values of each
object, then every applicable continuous effect, layer by layer (613.1:
1 copy, 2 control, 3 text, 4 type, 5 colour, 6 abilities, 7a-7e power and
toughness), in timestamp order within a layer (613.6).  Effects from
resolved spells and abilities affect a set of objects locked in when they
began (611.2c); effects of static abilities affect whatever they apply to at
each moment (611.3a).  An effect that began to apply in one layer keeps
applying in later layers even if its ability was removed meanwhile (613.5);
an ability removed before any of its effects applied (a lord's layer-7c bonus
after a layer-6 "loses all abilities") generates none.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

from manastack.copying import deepcopy_fields
from manastack.game.abilities import (
    Selector,
    StaticAbility,
    declared_layers,
    printed_pt,
)
from manastack.game.objects import (
    NARROW_CHANGES,
    Characteristics,
    GameObject,
    IdKey,
    Zone,
    card_test,
    tag_flags,
    union,
)
from manastack.rules.effects_end import end_lapsed_effects

if TYPE_CHECKING:
    from manastack.game.state import GameState

LAYERS: Final = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e")
#: Effects that change game rules rather than characteristics ("can't block", "doesn't
#: untap") are outside the layer system (613): they are applied with the last layer, so
#: they see final characteristics and "loses all abilities" can't remove them.
RULES_LAYER: Final = "7e"
#: No narrow kind read (one set for all).
_NO_READS: Final[frozenset[str]] = frozenset()

ApplyFn = Callable[["GameState", GameObject, Characteristics], None]

#: Code of apply functions that read nothing but the characteristics they are given (and
#: their own constants): see :func:`reads_only_its_object`.
_LOCAL_APPLY: Final[set[Any]] = set()

def _code_key(fn: Any) -> Any:
    """What all the functions made by one ``def`` share: its code object (every closure
    made by a nested ``def`` has the same).  Compiled with mypyc, a function has no code
    object: a module-level function is a builtin function (the key is itself) and each
    nested ``def`` is a class of its own whose instances are its closures (the key is
    that class).  Anything else (a ``functools.partial``, a bound method...) has no key
    (None): it is never declared local."""
    code = getattr(fn, "__code__", None)
    if code is not None:
        return code
    if isinstance(fn, types.BuiltinFunctionType):
        return fn
    cls = type(fn)
    if cls.__module__.startswith("manastack.") and hasattr(cls, "__mypyc_env__"):
        return cls
    return None


def reads_only_its_object(fn: ApplyFn) -> ApplyFn:
    """Mark an apply function whose result depends only on the characteristics it is
    given (no game state, no other object): "+1/+1", "gains flying", "becomes a 0/1"...

    The dependency check (613.7a) then knows that such an effect with a locked set of
    objects can only be changed by an effect changing one of those objects."""
    key = _code_key(fn)
    if key is None:
        raise TypeError(f"{fn!r} is not a function")
    _LOCAL_APPLY.add(key)
    return fn


@dataclass(eq=False)
class Duration:
    """How long an effect lasts (CR 611.2a-b, 514.2, 500.5).

    ``kind``: ``permanent`` (rest of the game), ``end_of_turn`` ("until end of
    turn"/"this turn"), ``end_of_combat``, ``end_of_step``/``end_of_phase``
    (of ``name``), ``until_step``/``until_phase`` (``name`` begins),
    ``while_source`` ("for as long as" its source stays on the battlefield),
    ``until_next_turn`` (of ``player``), ``until_next_upkeep`` (of ``player``),
    ``through_step`` ("during [``player``]'s next [``name``] step": until the end of the
    first such step that actually happens, a skipped one not counting, 614.10a; with
    ``player`` None, "during its controller's next [``name``] step": the first such step
    of whoever controls the permanent ``of_object`` then, so a permanent whose control
    changed waits for its new controller's step),
    ``while`` (a predicate).
    """

    kind: str = "permanent"
    name: str = ""
    player: int | None = None
    predicate: Callable[[GameState], bool] | None = None
    #: Source object id and the time it was on the battlefield (for while_source).
    source: int | None = None
    #: The permanent whose controller's step ends a ``through_step`` without a player.
    of_object: int | None = None

    def text(self) -> str:
        return {
            "permanent": "", "end_of_turn": "until end of turn",
            "end_of_combat": "until end of combat",
        }.get(self.kind, f"{self.kind.replace('_', ' ')} {self.name}".strip())


def duration_over(game: GameState, d: Duration) -> bool:
    """Has a "for as long as" duration ended (611.2b)?  ``while_source``: its source has
    left the battlefield (or is another object now, 400.7); ``while``: its predicate no
    longer holds.  Other kinds end at points of the turn (:mod:`~.effects_end`)."""
    if d.kind == "while_source":
        o = game.objects.get(d.source) if d.source is not None else None
        return o is None or getattr(o, "zone", None) != Zone.BATTLEFIELD
    if d.kind == "while" and d.predicate is not None:
        return not d.predicate(game)
    return False


#: The kinds of duration :func:`duration_over` tells the end of.
LASTING_KINDS: Final = frozenset({"while_source", "while"})


UNTIL_END_OF_TURN: Final = Duration("end_of_turn")
PERMANENTLY: Final = Duration("permanent")


@dataclass(eq=False)
class LayerEffect:
    """One continuous effect in one layer.

    ``apply(game, obj, chars)`` modifies ``chars`` in place.  ``affected`` is a
    locked set of object ids (611.2c) or a :class:`Selector` tested each time
    (611.3a) seen from ``controller`` and ``source``.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> LayerEffect:
        return deepcopy_fields(self, memo)

    layer: str
    apply: Callable[[GameState, GameObject, Characteristics], None]
    affected: frozenset[int] | Selector
    controller: int
    source: int | None = None
    timestamp: int = 0
    duration: Duration = field(default_factory=Duration)
    text: str = ""
    #: Identity of the effect for 613.5 (same effect in several layers).
    group: int = 0

    def applies_to(self, game: GameState, obj: GameObject) -> bool:
        if isinstance(self.affected, frozenset):
            return obj.id in self.affected
        return self.affected.test(game, obj.id, self.controller, self.source)


#: Card definition -> its printed characteristics (controller 0) with its printed rule
#: flags, counted ones tagged (see ``tag_flags``); definitions are immutable, hashed by
#: identity.
_PRINTED: dict[Any, Characteristics] = {}


def base_characteristics(obj: GameObject) -> Characteristics:
    """The printed characteristics of an object, or its token definition (CR 109.3), or,
    for a copy, the copiable values of what it copies with the copy's exceptions (layer 1,
    706.2, 706.9)."""
    card = _card_of(obj)
    printed = _PRINTED.get(card)
    if printed is None:
        p, t = printed_pt(card)
        # a printed requirement is one instance of it (508.1d, 509.1c)
        printed = _PRINTED[card] = Characteristics(
            card.name, card.mana_cost, card.colors, card.supertypes, card.types,
            card.subtypes, p, t, card.loyalty, card.keywords, card.abilities, 0,
            tag_flags(card.flags, "printed"))
    c = printed.controlled_by(obj.controller)
    extra = obj.memory.get("copy_extra") if obj.memory else None
    if extra:
        c.subtypes = c.subtypes | frozenset(extra.get("subtypes", ()))
        c.types = c.types | frozenset(extra.get("types", ()))
        c.abilities = c.abilities + tuple(extra.get("abilities", ()))
    return c


def _counters_pt(obj: GameObject, c: Characteristics) -> None:
    """Layer 7d: +1/+1 and -1/-1 counters (CR 613.3d)."""
    if not obj.counters or c.power is None or c.toughness is None:
        return
    plus = obj.counters.get("+1/+1", 0)
    minus = obj.counters.get("-1/-1", 0)
    if plus or minus:
        c.power += plus - minus
        c.toughness += plus - minus


def effect_reads(e: LayerEffect) -> frozenset[str]:
    """The narrow kinds of state change (NARROW_CHANGES) applying ``e`` may depend on: its
    selector's, unless its apply function is undeclared (then all of them)."""
    if _code_key(e.apply) not in _LOCAL_APPLY:
        return NARROW_CHANGES
    return e.affected.reads if isinstance(e.affected, Selector) else frozenset()


def single_reads(game: GameState, obj: GameObject) -> frozenset[str]:
    """The narrow kinds of state change :func:`compute_single` may depend on for ``obj``."""
    if _card_of(obj).cda is not None:
        return NARROW_CHANGES
    reads: frozenset[str] = frozenset()
    for e in game.effects:
        if isinstance(e, LayerEffect) and isinstance(e.affected, frozenset) \
                and obj.id in e.affected:
            reads = union(reads, effect_reads(e))
    return reads


def compute_single(game: GameState, obj: GameObject) -> Characteristics:
    """Characteristics of an object outside the battlefield (CDAs apply everywhere, 604.3),
    with the effects of resolved spells and abilities locked on it (a spell on the stack
    that "gains bloodthirst 3", kept by the permanent it becomes, 400.7a)."""
    c = base_characteristics(obj)
    if obj.card.cda is not None:
        p, t = obj.card.cda(game, obj)
        if p is not None:
            c.power = p
        if t is not None:
            c.toughness = t
    apply_locked_effects(game, obj, c)
    return c


def apply_locked_effects(game: GameState, obj: GameObject, c: Characteristics) -> None:
    """Apply to ``c`` the effects of resolved spells and abilities whose locked set
    (611.2c) names ``obj``, layer by layer, in timestamp order (613.6)."""
    if game.effects:
        mine = [e for e in game.effects if isinstance(e, LayerEffect)
                and isinstance(e.affected, frozenset) and obj.id in e.affected]
        for e in sorted(mine, key=lambda e: (LAYERS.index(e.layer), e.timestamp)):
            e.apply(game, obj, c)


def carry_over_effects(game: GameState, spell_id: int, permanent_id: int) -> None:
    """400.7a: effects of spells and abilities that changed a permanent spell on the stack
    keep applying to the permanent it becomes (their locked set gains the new object)."""
    for e in game.effects:
        if isinstance(e, LayerEffect) and isinstance(e.affected, frozenset) \
                and spell_id in e.affected:
            e.affected = e.affected | {permanent_id}
            game.changed()


def static_effects(game: GameState, obj: GameObject, abilities: tuple[Any, ...]) -> list[LayerEffect]:
    out: list[LayerEffect] = []
    for ab in abilities:
        if isinstance(ab, StaticAbility) and ab.effects is not None \
                and obj.zone in ab.zones:
            for e in ab.effects(game, obj):
                if not e.timestamp:
                    e.timestamp = obj.timestamp
                if e.source is None:
                    e.source = obj.id
                out.append(e)
    return out


def compute_battlefield(game: GameState) -> dict[int, Characteristics]:
    """Characteristics of every object on the battlefield, all layers applied.

    Sets ``game.derived.view_reads``: the narrow kinds of state change (NARROW_CHANGES) the
    result may depend on (those read by CDAs, selectors and undeclared functions involved)."""
    view: dict[int, Characteristics] = {}
    objects = game.objects
    # only cards and tokens are on the battlefield (abilities live on the stack)
    ids: list[IdKey] = game.battlefield
    objs = cast("list[GameObject]", [objects[oid] for oid in ids])
    if not game.effects and not game.derived.ability_index(game)[2]:
        # No continuous effect can apply: printed values, CDAs and counters only.
        game.derived.view = view
        game.derived.view_version = game.version
        with_cda = []
        for o in objs:
            c = _own_chars(o)
            if c is None:
                c = base_characteristics(o)
                with_cda.append(o)
            view[o.key] = c
        game.derived.view_reads = NARROW_CHANGES if with_cda else _NO_READS
        game.derived.view_plain = not with_cda
        for o in with_cda:  # CDAs may read the other objects (604.3)
            _apply_cda(game, o, view[o.key])
            _counters_pt(o, view[o.key])
        _finish_view(game, objs, view)
        return view
    game.derived.view_plain = False
    with_cda = [o for o in objs if _card_of(o).cda is not None]
    game.derived.view_reads = NARROW_CHANGES if with_cda else _NO_READS
    for o in objs:
        view[o.key] = base_characteristics(o)
    # Selectors read game.chars() during the computation: they see the
    # characteristics as computed so far (the earlier layers).
    game.derived.view = view
    game.derived.view_version = game.version
    resolved = [e for e in game.effects if isinstance(e, LayerEffect)]
    # face-up schemes, planes and vanguards (901.7, 902.7, 904.8)
    command = [(o, ab) for o in game.command_sources() for ab in o.card.abilities
               if isinstance(ab, StaticAbility) and ab.effects is not None
               and "command" in ab.zones]
    has_static = bool(command) or any(_has_static_effects(view[o.key].abilities) for o in objs)
    if not resolved and not has_static:
        for o in objs:  # a CDA may read the objects before it (with their counters)
            c = view[o.key]
            if with_cda and _card_of(o).cda is not None:
                _apply_cda(game, o, c)
            _counters_pt(o, c)
        _finish_view(game, objs, view)
        return view
    # Static abilities are asked for their effects again at each layer, so that "you",
    # "creatures you control" and conditions see the earlier layers (control in layer 2,
    # types in layer 4).  An ability that began to apply keeps applying in later layers
    # even if an earlier layer removed it (613.5).
    started: dict[tuple[int, int], tuple[GameObject, StaticAbility]] = {}
    begun: set[tuple[int, int]] = set()  # those whose effects have applied in a layer
    scanned: dict[int, tuple[Any, ...]] = {}  # abilities already looked at, per object
    reads = game.derived.view_reads
    rescan = True  # abilities may have been added or removed since the last scan
    for layer in LAYERS:
        effects: list[LayerEffect] = [e for e in resolved if e.layer == layer]
        for o in objs if rescan else ():
            if o.phased_out:
                continue
            abilities = view[o.key].abilities
            if scanned.get(o.key) is abilities:
                continue  # no ability added or removed since the last layer
            if o.key in scanned:
                # an ability removed before any of its effects applied generates none
                # (613.5 keeps only an effect that has started to apply)
                for gone in [k for k, (so, ab) in started.items() if so is o and
                             k not in begun and ab not in abilities]:
                    del started[gone]
            scanned[o.key] = abilities
            if not _has_static_effects(abilities):
                continue
            for ab in abilities:
                if isinstance(ab, StaticAbility) and ab.effects is not None:
                    started.setdefault((o.key, id(ab)), (o, ab))
        for o, ab in command:
            started.setdefault((o.key, id(ab)), (o, ab))
        origin: dict[int, tuple[GameObject, StaticAbility]] = {}
        for o, ab in started.values():
            only = declared_layers(ab.effects)  # type: ignore[arg-type]
            if only is None:
                reads = NARROW_CHANGES  # an undeclared effects function may read anything
            elif layer not in only:
                continue
            for e in static_effects(game, o, (ab,)):
                if e.layer == layer:
                    effects.append(e)
                    origin[id(e)] = (o, ab)
        if layer == "7a":
            for o in with_cda:
                _apply_cda(game, o, view[o.key])
        for e in effects:
            reads = union(reads, effect_reads(e))
        effects.sort(key=lambda e: e.timestamp)
        if len(effects) > 1:
            effects = _dependency_order(game, effects, objs, view, origin)
        for e in effects:
            src = origin.get(id(e))
            if src is not None:
                begun.add((src[0].id, id(src[1])))
        # only applying an effect changes abilities (CDAs and counters change P/T only)
        rescan = bool(effects)
        for e in effects:
            affected, apply = e.affected, e.apply
            if isinstance(affected, frozenset):
                for o in objs:
                    if o.key in affected:
                        apply(game, o, view[o.key])
            else:
                # Selector.test, without the method call
                test, ctrl, source = affected.fn, e.controller, e.source
                for o in objs:
                    if test(game, o.id, ctrl, source):
                        apply(game, o, view[o.key])
        if layer == "7c":
            for o in objs:
                _counters_pt(o, view[o.key])
    game.derived.view_reads = reads
    _finish_view(game, objs, view)
    return view


#: Abilities tuple -> whether one of them is a static ability with effects
#: (:func:`~manastack.game.objects.card_test`: abilities are immutable and compared by
#: identity).
_STATIC_EFFECTS: Final[dict[Any, bool]] = {}


def _has_static_effects(abilities: tuple[Any, ...]) -> bool:
    """Is one of ``abilities`` a static ability making continuous effects (memoised per
    tuple: abilities are immutable)?"""
    return card_test(_STATIC_EFFECTS, abilities, _makes_effects)


def _makes_effects(abilities: tuple[Any, ...]) -> bool:
    return any(isinstance(a, StaticAbility) and a.effects is not None for a in abilities)


def _clone(c: Characteristics) -> Characteristics:
    return Characteristics(c.name, c.mana_cost, c.colors, c.supertypes, c.types, c.subtypes,
                           c.power, c.toughness, c.loyalty, c.keywords, c.abilities,
                           c.controller, c.flags)


_FIELDS: Final = ("name", "colors", "types", "subtypes", "supertypes", "power",
                  "toughness", "keywords", "abilities", "controller", "flags")


def _applied(game: GameState, e: LayerEffect, objs: list[GameObject],
             view: dict[int, Characteristics]
             ) -> dict[int, tuple[Characteristics, Characteristics]]:
    """What ``e`` applies to, with each object's characteristics before and after it."""
    hit, after = _apply_on(game, e, objs, view)
    return {oid: (view[oid], after[oid]) for oid in hit}


def _does_the_same(w1: tuple[Characteristics, Characteristics],
                   w2: tuple[Characteristics, Characteristics]) -> bool:
    """Does an effect do the same thing to an object in two worlds (613.7a "what it does")?
    Numbers: the same change; sets: the same items added and removed; other values
    (controller, name): the same value wherever the effect changes them."""
    (b1, a1), (b2, a2) = w1, w2
    for f in _FIELDS:
        x1, y1, x2, y2 = getattr(b1, f), getattr(a1, f), getattr(b2, f), getattr(a2, f)
        if f in ("power", "toughness") and None not in (x1, y1, x2, y2):
            if y1 - x1 != y2 - x2 and y1 != y2:  # neither the same change nor the same value
                return False
        elif isinstance(y1, (frozenset, tuple)):
            k = (lambda v: set(map(id, v))) if f == "abilities" else set
            if not _same_set_operation(k(x1), k(y1), k(x2), k(y2)):
                return False
        elif (y1 != x1 or y2 != x2) and y1 != y2:
            return False
    return True


def _same_set_operation(x1: set[Any], y1: set[Any], x2: set[Any], y2: set[Any]) -> bool:
    """Can one "add A, remove R" turn x1 into y1 and x2 into y2?  "Loses flying" does the
    same to a creature with or without flying (613.8 example); "gains flying" too."""
    added = (y1 - x1) | (y2 - x2)
    removed = (x1 - y1) | (x2 - y2)
    return y1 == (x1 - removed) | added and y2 == (x2 - removed) | added


def _apply_on(game: GameState, e: LayerEffect, objs: list[GameObject],
              view: dict[int, Characteristics]
              ) -> tuple[list[int], dict[int, Characteristics]]:
    """Apply ``e`` to what it applies to in ``view`` (all chosen before any is changed), on copies:
    the ids it applies to, and the view after it (``view`` itself when it applies to
    nothing, as it then changes nothing)."""
    saved = game.derived.view
    game.derived.view = view
    try:
        if isinstance(e.affected, frozenset):  # locked objects (611.2c): no test to run
            locked = e.affected
            hit = [o for o in objs if o.id in locked]
        else:
            hit = [o for o in objs if e.applies_to(game, o)]
    finally:
        game.derived.view = saved
    if not hit:
        return [], view
    after = dict(view)
    for o in hit:
        after[o.id] = _clone(view[o.id])
    game.derived.view = after
    try:
        for o in hit:
            e.apply(game, o, after[o.id])
    finally:
        game.derived.view = saved
    return [o.id for o in hit], after


class _Round:
    """One evaluation of 613.7a on a fixed trial view, remembering what each effect does
    there so that every pair costs one extra trial application."""

    def __init__(self, game: GameState, objs: list[GameObject], view: dict[int, Characteristics],
                 origin: dict[int, tuple[GameObject, StaticAbility]]) -> None:
        self.game, self.objs, self.view, self.origin = game, objs, view, origin
        self._after: dict[int, tuple[list[int], dict[int, Characteristics]]] = {}
        self._applied: dict[int, dict[int, tuple[Characteristics, Characteristics]]] = {}

    def after(self, d: LayerEffect) -> dict[int, Characteristics] | None:
        """The view after ``d``; None when ``d`` applies to nothing."""
        if id(d) not in self._after:
            self._after[id(d)] = _apply_on(self.game, d, self.objs, self.view)
        hit, after = self._after[id(d)]
        return after if hit else None

    def applied(self, e: LayerEffect) -> dict[int, tuple[Characteristics, Characteristics]]:
        if id(e) not in self._applied:
            self._applied[id(e)] = _applied(self.game, e, self.objs, self.view)
        return self._applied[id(e)]

    def depends(self, e: LayerEffect, d: LayerEffect) -> bool:
        """613.7a: would applying ``d`` change the existence of ``e``, what it applies to,
        or what it does to any of the things it applies to?"""
        after = self.after(d)
        if after is None:
            return False  # d applies to nothing: it changes nothing
        src = self.origin.get(id(e))
        if src is not None:
            o, ab = src
            if o.id in after and ab not in after[o.id].abilities:
                return True  # applying d removes the ability generating e
        if isinstance(e.affected, frozenset) and \
                _code_key(e.apply) in _LOCAL_APPLY:
            # e applies to the same locked objects in both worlds and does to each what
            # its characteristics dictate: only d changing one of them can change that
            hit_d = self._after[id(d)][0]
            if e.affected.isdisjoint(hit_d):
                return False
        w1 = self.applied(e)
        w2 = _applied(self.game, e, self.objs, after)
        if set(w1) != set(w2):
            return True
        return not all(_does_the_same(w1[k], w2[k]) for k in w1)


def _dependency_order(game: GameState, effects: list[LayerEffect], objs: list[GameObject],
                      view: dict[int, Characteristics],
                      origin: dict[int, tuple[GameObject, StaticAbility]]
                      ) -> list[LayerEffect]:
    """613.7b-c: a dependent effect waits until the effects it depends on have applied;
    loops fall back to timestamp order.  Effects are applied on a trial view as the
    order is built, so later dependencies are re-evaluated (613.7c)."""
    remaining = list(effects)  # timestamp order
    ordered: list[LayerEffect] = []
    trial = view  # never mutated: each application works on copies
    while remaining:
        pick = None
        if len(remaining) == 1:
            pick = remaining[0]
        else:
            rnd = _Round(game, objs, trial, origin)
            for e in remaining:
                if not any(rnd.depends(e, d) for d in remaining if d is not e):
                    pick = e
                    break
        if pick is None:
            pick = remaining[0]  # a dependency loop: timestamp order (613.7b)
        remaining.remove(pick)
        src = origin.get(id(pick))
        if src is not None and src[0].id in trial and src[1] not in trial[src[0].id].abilities:
            continue  # its ability was removed by an effect applied before it
        ordered.append(pick)
        trial = _apply_on(game, pick, objs, trial)[1]
    return ordered


def _own_chars(o: GameObject) -> Characteristics | None:
    """With no continuous effect: the characteristics of a permanent without a CDA, its
    printed values and counters (None if it has a CDA).  The result is kept on the object
    while its counters and controller don't change (its card and what it copies never
    do, 706.2: copy_of is set as it enters, so a kept result means no CDA)."""
    counters = tuple(o.counters.items()) if o.counters else None
    cached = o.chars_cache
    if cached is not None and cached[1] == o.controller and (
            cached[0] is None if counters is None else cached[0] == counters):
        return cached[2]
    if _card_of(o).cda is not None:
        return None
    c = base_characteristics(o)
    _counters_pt(o, c)
    o.chars_cache = (counters, o.controller, c)
    return c


def view_after_moves(game: GameState, moves: list[tuple[int, GameObject]]
                     ) -> dict[int, Characteristics] | None:
    """A plain view (``game.derived.view_plain``: no continuous effect, static ability or CDA:
    each permanent's characteristics are its own) brought up to date after ``moves``
    (old id, new object), the only wide changes since it was computed: the objects that
    left are dropped, those that entered the battlefield added.  None when it can't be
    (an effect or a static ability now exists, or an object with a CDA entered)."""
    if game.effects or game.derived.ability_index(game)[2]:
        return None
    view = dict(game.derived.view)
    objects = game.objects
    for old, _ in moves:
        view.pop(old, None)
    for _, new in moves:
        if new.zone == Zone.BATTLEFIELD and objects.get(new.id) is new:
            c = _own_chars(new)
            if c is None:
                return None
            view[new.key] = c
    ids: list[IdKey] = game.battlefield
    _finish_view(game, cast("list[GameObject]", [objects[oid] for oid in ids]), view)
    return view


def _finish_view(game: GameState, objs: list[GameObject], view: dict[int, Characteristics]
                 ) -> None:
    """The view is computed: each object keeps its characteristics there, for
    :meth:`Game.chars` (``view_of``, ``view_chars``).  (Changes of control are noted by
    the rules after events, not here: ``rules/control_changes.py``.)"""
    for o in objs:
        c = view[o.key]
        o.view_of = view
        o.view_chars = c


def _card_of(o: GameObject) -> Any:
    """The card definition providing the object's copiable values (706.2)."""
    return (o.memory.get("copy_of") or o.card) if o.memory else o.card


def _apply_cda(game: GameState, o: GameObject, c: Characteristics) -> None:
    card = _card_of(o)
    if card.cda is None:
        return
    p, t = card.cda(game, o)
    if p is not None:
        c.power = p
    if t is not None:
        c.toughness = t


# ------------------------------------------------------------ common effects


def modify_pt(power: int, toughness: int) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 7c: +N/+M."""
    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        if c.power is not None and c.toughness is not None:
            c.power += power
            c.toughness += toughness
    return f


def set_pt(power: int, toughness: int) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 7b: base P/T becomes N/M."""
    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.power = power
        c.toughness = toughness
    return f


@reads_only_its_object
def switch_pt(game: GameState, obj: GameObject, c: Characteristics) -> None:
    """Layer 7e: power and toughness are switched (CR 613.3e)."""
    c.power, c.toughness = c.toughness, c.power


def add_keywords(*kws: str) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 6: gains keywords."""
    ks = frozenset(k.lower() for k in kws)

    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.keywords = c.keywords | ks
    return f


def remove_keywords(*kws: str) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 6: loses keywords ("loses flying")."""
    ks = frozenset(k.lower() for k in kws)

    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.keywords = c.keywords - ks
    return f


def add_abilities(*abilities: Any) -> Callable[[GameState, GameObject, Characteristics], None]:
    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.abilities = c.abilities + tuple(abilities)
    return f


@reads_only_its_object
def remove_all_abilities(game: GameState, obj: GameObject, c: Characteristics) -> None:
    c.keywords = frozenset()
    c.abilities = ()
    c.flags = frozenset()


def set_controller(player: int) -> Callable[[GameState, GameObject, Characteristics], None]:
    """Layer 2: control changes (CR 613.1b)."""
    @reads_only_its_object
    def f(game: GameState, obj: GameObject, c: Characteristics) -> None:
        c.controller = player
    f.gives_control_to = player  # type: ignore[attr-defined]  # 800.4a
    return f


def add_effect(game: GameState, effect: LayerEffect) -> LayerEffect:
    """Start a continuous effect from a resolving spell or ability (CR 611.2).  One lasting
    "for as long as" something that is already over does nothing: it doesn't start and
    immediately stop (611.2b)."""
    if not effect.timestamp:
        effect.timestamp = game.new_timestamp()
    if effect.duration.kind in LASTING_KINDS and duration_over(game, effect.duration):
        return effect
    game.effects.append(effect)
    game.changed()
    if effect.duration.kind in LASTING_KINDS:
        game.lasting = True
    end_lapsed_effects(game)  # a change of control may end "for as long as you control"
    return effect

"""Derived values: everything the engine remembers that could be computed again.

One owner, one input.  A :class:`Derived` store is attached to each game state
(``game.derived``); it keeps the view of the battlefield (the characteristics the layer
system computed, 613), the memos of queries (until the next change, across narrow
changes, for a key's inputs), the values the rules keep across changes (legal actions,
the last clean state-based-action check), and the indexes of what printed abilities
could react to.  Its only input is the state's change journal (``GameState.changed``,
written by the rules' mutation primitives): a value is used again only while the journal
says nothing it read has changed since.  The state itself holds no cache, so a copy of
the state gets a fresh, empty store (``GameState.copy``).

The store computes nothing of the rules itself: it asks the state's hooks (the layer
system, the triggered abilities watching), which the engine's ``Game`` answers.  It sits
in ``game/``, below the rules, because the state carries it and the rules read it.

**Check mode** (``check``; the environment variable ``MANASTACK_CHECK_MEMOS=1``): every
value about to be used again is computed afresh and compared; a difference raises
:class:`~manastack.errors.StaleMemo`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from manastack.errors import StaleMemo
from manastack.game.abilities import (
    StaticAbility,
    TriggeredAbility,
    declared_layers,
    may_add_abilities,
)
from manastack.game.objects import (
    Characteristics,
    GameObject,
    IdKey,
    card_test,
    union,
)
from manastack.sameness import same_value

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: What a memo holds (the memo methods return the type they were given).
_T = TypeVar("_T")
#: The empty set of narrow kinds read (one set for all).
NO_READS: Final[frozenset[str]] = frozenset()
#: Marks a key missing from a memo (memoised values may be None).
_MISSING: Final[Any] = object()

#: :func:`_abilities_index`: (trigger event kinds, rule hook, grants, adds, replaces,
#: controls).
_AbilitiesIndex = tuple[frozenset[str], bool, bool, bool, bool, bool]
#: Card definition -> :func:`_abilities_index` of its abilities (definitions are
#: immutable: :func:`~manastack.game.objects.card_test`).
_CARD_INDEX: Final[dict[Any, _AbilitiesIndex]] = {}


def _card_index(card: Any) -> _AbilitiesIndex:
    """:func:`_abilities_index` of a card definition's abilities, made once per card."""
    return card_test(_CARD_INDEX, card, _printed_index)


def _printed_index(card: Any) -> _AbilitiesIndex:
    return _abilities_index(tuple(card.abilities))


def _abilities_index(abilities: tuple[Any, ...]) -> _AbilitiesIndex:
    """What printed ``abilities`` could react to (:meth:`Derived.ability_index`): the event
    kinds their triggered abilities watch, whether a static ability has a rule hook,
    whether one has a continuous effect (which may grant abilities), whether such an
    effect may add abilities (:func:`~manastack.game.abilities.may_add_abilities`),
    whether one is a replacement effect (614), and whether one may change control (its
    effects declared in layer 2, or undeclared: 613.1b)."""
    kinds: set[str] = set()
    hooks = grants = adds = replaces = controls = False
    for ab in abilities:
        if isinstance(ab, TriggeredAbility):
            kinds.add(ab.event)
        elif isinstance(ab, StaticAbility):
            if ab.rule:
                hooks = True
            if ab.effects is not None:
                grants = True  # a static effect may grant abilities
                adds = adds or may_add_abilities(ab.effects)
                layers = declared_layers(ab.effects)
                controls = controls or layers is None or "2" in layers
            if ab.replacements is not None:
                replaces = True
    return frozenset(kinds), hooks, grants, adds, replaces, controls


class Derived:
    """The derived values of one game state (see the module's docstring).

    Its fields are read by the rules that fill them (the layer system fills the view,
    the state-based-action check its clean stamp, casting its mana shift); nothing else
    writes them.  It holds no reference to its game (the methods that read the state are
    given it), so a game no longer used is freed at once, without the cyclic collector."""

    def __init__(self, check: bool) -> None:
        #: Check mode: every value about to be used again is compared with a fresh one.
        self.check = check
        #: In check mode, the hits of :meth:`cache_get`, :meth:`wide_get` and
        #: :meth:`memo_get` withheld (a miss is answered), by (store, key): the value put
        #: next under that key must equal them.
        self.withheld: dict[Any, Any] = {}
        #: (options, the variant they name) once looked up (rules.variant.variant_of):
        #: options are replaced, never changed in place, while a game goes on.
        self.variant: tuple[Any, Any] | None = None
        #: The view of the battlefield: the characteristics of each permanent (613), and
        #: the journal's version it is valid for.
        self.view: dict[int, Characteristics] = {}
        self.view_version = -1
        #: The journal's wide version when the view was computed, and the narrow kinds it
        #: read.
        self.view_wide = -1
        self.view_reads: frozenset[str] = NO_READS
        #: Was the view computed with no continuous effect, static ability or CDA (each
        #: permanent's characteristics its printed values and counters, its own alone)?
        self.view_plain = False
        #: The objects moved since the view was computed (old id, new object:
        #: :meth:`moved`) while no other wide change happened, and the wide version they
        #: account for (behind the journal's after another one): a plain view is brought
        #: up to date from them rather than computed again (:meth:`refresh_view`).
        self.moves: list[tuple[int, GameObject]] = []
        self.moves_wide = -1
        #: True while the layer system computes the view (queries are not memoised then).
        self.in_layers = False
        #: Characteristics of objects outside the battlefield, stack and command zone
        #: whose only source of change is their printed values (no CDA).
        self.outside: dict[int, Characteristics] = {}
        #: Queries memoised until the next change (:meth:`cached`).
        self.cache: dict[str, Any] = {}
        #: Queries memoised across narrow changes (:meth:`cached_wide`), and the narrow
        #: kinds of change they read (they are dropped by a wide change or a narrow change
        #: of one of these kinds: :meth:`on_change`).
        self.wide_cache: dict[Any, Any] = {}
        self.wide_reads: frozenset[str] = NO_READS
        #: Values kept by :meth:`remember`: key -> (version, wide version, kinds read, value).
        self.kept: dict[Any, tuple[int, int, frozenset[str], Any]] = {}
        #: Values kept by :meth:`memo_put`: key -> (inputs, value).
        self.on_inputs: dict[Any, tuple[Any, Any]] = {}
        #: (player, version before, version after, source) of the last activation of a
        #: mana ability that only moved one source's mana into its controller's pool
        #: (rules/casting.py derives the legal actions after it from those before it).
        self.mana_shift: tuple[int, int, int, int] | None = None
        #: (version, wide version, narrow kinds read, players' totals) of the last SBA
        #: check that found nothing to do (rules/sba.py).
        self.sba_clean: tuple[int, int, frozenset[str], Any] = (-1, -1, NO_READS, [])
        #: The event kinds triggered abilities watch (None: any may be), and the wide
        #: version it was found at (:meth:`watched_kinds`).
        self.watched: frozenset[str] | None = None
        self.watched_wide = -1
        #: What the permanents' printed abilities could react to (:meth:`ability_index`),
        #: the wide version it was last checked at and what it was computed from.
        self.index: tuple[frozenset[str], bool, bool] = (NO_READS, False, False)
        self.index_version = -1
        self.index_sig: Any = None
        self.adds_abilities = False
        self.prints_replacement = False
        #: May an effect change the control of a permanent (613.1b: a layer-2 effect, or
        #: a static ability that may make one)?
        self.controls = False

    def __copy__(self) -> Derived:
        return Derived(self.check)

    def __deepcopy__(self, memo: dict[int, Any]) -> Derived:
        """A copy of a state gets an empty store of its own (nothing derived is copied):
        also when the state copied is held by another (a re-run point, 616.1)."""
        return Derived(self.check)

    # ------------------------------------------------------------ the journal's news

    def on_change(self, touches: str | None) -> None:
        """The journal recorded a change (``GameState.changed``): drop the memos that may
        depend on it now; the view and kept values are checked when next used."""
        if self.cache:  # (often empty: clearing an empty dict still costs)
            self.cache.clear()
        if touches is not None and touches not in self.wide_reads:
            return
        if self.wide_cache:
            self.wide_cache.clear()
        self.wide_reads = NO_READS

    def moved(self, old: int, new: GameObject, complete: bool, wide_version: int) -> None:
        """An object moved (``old`` became ``new``), the wide change ``wide_version`` just
        recorded; ``complete``: the moves kept accounted for every wide change before it."""
        if complete and len(self.moves) < 16:
            self.moves.append((old, new))
            self.moves_wide = wide_version

    # ------------------------------------------------------------ check mode

    def check_kept(self, what: Any, kept: Any, fresh: Any) -> None:
        """Check mode: raise :class:`StaleMemo` unless the value kept for ``what`` equals
        the one just computed."""
        if kept != fresh and not same_value(kept, fresh):
            raise StaleMemo(f"check mode: {what!r} was kept as {kept!r}, but a fresh "
                            f"computation gives {fresh!r}")

    def _withhold(self, store: str, key: Any, hit: Any) -> Any:
        """Check mode: answer a miss for ``hit``, kept to be compared with the value the
        caller computes and puts next (:meth:`_put_checked`)."""
        if hit is not None:
            self.withheld[(store, key)] = hit
        return None

    def _put_checked(self, store: str, key: Any, value: Any) -> None:
        """Check mode: the value put under ``key`` equals the hit withheld for it."""
        hit = self.withheld.pop((store, key), None)
        if hit is not None:
            self.check_kept(key, hit, value)

    # ------------------------------------------------------------ the memo API

    def cached(self, key: str, fn: Callable[[], _T]) -> _T:
        """``fn()`` memoised until the next state change (hot paths: hooks, triggers)."""
        v = self.cache.get(key, _MISSING)
        if v is _MISSING:
            v = self.cache[key] = fn()
        elif self.check and fn is not dict:  # (a memo of memos is checked by its user)
            self.check_kept(key, v, fn())
        return v

    def cache_get(self, key: str) -> Any:
        """The value :meth:`cache_put` memoised under ``key`` since the last state change,
        or None (:meth:`cached` without a function to call: hot paths, compiled)."""
        hit = self.cache.get(key)
        return self._withhold("cache", key, hit) if self.check else hit

    def cache_put(self, key: str, value: _T) -> _T:
        """Memoise ``value`` (not None) under ``key`` until the next state change; returns
        it."""
        if self.check:
            self._put_checked("cache", key, value)
        self.cache[key] = value
        return value

    def cached_wide(self, key: str, fn: Callable[[], _T]) -> _T:
        """``fn()`` memoised like :meth:`cached`, but kept across narrow changes the
        characteristics don't read (tapping for mana, a draw...): for queries reading only
        the public zones, phasing and characteristics, never what the narrow kinds are
        about themselves (tapped status, mana pools, whether it is combat, the contents of
        libraries and hands)."""
        v = self.wide_cache.get(key, _MISSING)
        if v is _MISSING:
            v = self.wide_put(key, fn())
        elif self.check:
            self.check_kept(key, v, fn())
        return v

    def wide_get(self, key: Any) -> Any:
        """The value :meth:`wide_put` memoised under ``key``, if still valid, or None
        (:meth:`cached_wide` without a function to call: hot paths, compiled)."""
        hit = self.wide_cache.get(key)
        return self._withhold("wide", key, hit) if self.check else hit

    def wide_put(self, key: Any, value: _T) -> _T:
        """Memoise ``value``, just computed, like :meth:`cached_wide`; returns it."""
        if self.check:
            self._put_checked("wide", key, value)
        if not self.in_layers:  # the view is partial while the layers are computed
            self.wide_cache[key] = value
            self.wide_reads = union(self.wide_reads, self.view_reads)  # read by chars()
        return value

    def remember(self, game: GameState, key: Any, reads: frozenset[str], value: Any) -> None:
        """Keep ``value``, computed from the current state, until a wide change or a narrow
        change of a kind in ``reads`` or read by the characteristics (:meth:`recall`)."""
        self.kept[key] = (game.version, game.wide_version, union(reads, self.view_reads),
                          value)

    def forget_kept(self) -> None:
        """Drop every value kept by :meth:`remember` (one of them can't be trusted: a listed
        action changed behind the engine's back)."""
        self.kept.clear()

    def recall(self, game: GameState, key: Any) -> Any:
        """The value kept under ``key`` by :meth:`remember` if still valid, else None.

        Found valid at a later version, it is kept as of this one (nothing it read changed
        in between, so it is as if computed now): the next recall at this version needs no
        comparison."""
        hit = self.kept.get(key)
        if hit is None:
            return None
        version = game.version
        if hit[0] == version:
            return hit[3]
        if game.unchanged_since(hit[0], hit[1], hit[2]):
            self.kept[key] = (version, hit[1], hit[2], hit[3])
            return hit[3]
        return None

    def memo_get(self, key: Any, inputs: Any) -> Any:
        """The value :meth:`memo_put` memoised under ``key`` for ``inputs`` (equal ones),
        or None.  Kept across every kind of change: ``inputs`` must capture everything the
        value depends on (e.g. the ids in a zone, for a value reading only what those
        objects never change: their cards, their zone)."""
        hit = self.on_inputs.get(key)
        if hit is not None and hit[0] == inputs:
            return self._withhold("inputs", key, hit[1]) if self.check else hit[1]
        return None

    def memo_put(self, key: Any, inputs: Any, value: _T) -> _T:
        """Memoise ``value`` (not None), computed from ``inputs``, under ``key``; returns
        it."""
        if self.check:
            self._put_checked("inputs", key, value)
        self.on_inputs[key] = (inputs, value)
        return value

    # ------------------------------------------------------------ what abilities watch

    def watched_kinds(self, game: GameState) -> frozenset[str] | None:
        """The kinds of event triggered abilities watch, or None if any kind may be
        (:func:`manastack.rules.triggers.watched_kinds`).

        What it reads (the battlefield, the list of effects, the command zone and the
        graveyards) changes only with a wide change, so it is kept for a wide version."""
        if self.watched_wide != game.wide_version:
            self.watched = game._find_watched_kinds()
            self.watched_wide = game.wide_version
        elif self.check:
            self.check_kept("watched kinds", self.watched, game._find_watched_kinds())
        return self.watched

    def ability_index(self, game: GameState) -> tuple[frozenset[str], bool, bool]:
        """What the permanents' printed abilities could react to, without computing
        characteristics: (trigger event kinds, any rule hook, abilities may be granted).

        Recomputed when the battlefield, the list of effects or the command zone's
        sources change (only with a wide state change, so the check is skipped while the
        wide version is the same)."""
        if self.index_version == game.wide_version:
            return self.index
        self.index_version = game.wide_version
        command = tuple(o.id for o in game.command_sources()) if game.command else ()
        sig = (tuple(game.battlefield), tuple(game.effects), command)
        if self.index_sig != sig:
            kinds: set[str] = set()
            hooks = grants = adds = replaces = controls = False
            for oid in game.battlefield + list(command):
                o = game.objects[oid]
                assert isinstance(o, GameObject)
                card = o.memory.get("copy_of") or o.card if o.memory else o.card
                extra = (o.memory.get("copy_extra") or {}).get("abilities", ()) \
                    if o.memory else ()
                k, h, g, a, r, c = _abilities_index(tuple(card.abilities) + tuple(extra)) \
                    if extra else _card_index(card)
                if k:
                    kinds |= k
                hooks, grants, adds, replaces, controls = hooks or h, grants or g, \
                    adds or a, replaces or r, controls or c
            layers = {getattr(e, "layer", "") for e in game.effects}
            if "1" in layers or "6" in layers:
                grants = adds = True
            self.index = (frozenset(kinds), hooks, grants)
            self.adds_abilities = adds
            self.prints_replacement = replaces
            self.controls = controls or adds or "2" in layers
            self.index_sig = sig
        return self.index

    def abilities_may_be_added(self, game: GameState) -> bool:
        """Could a continuous effect give a permanent an ability it doesn't print (so a
        triggered ability or rule hook not in :meth:`ability_index` may exist)?  Unlike the
        third item of the index, static effects declared not to add abilities
        (:func:`manastack.rules.layers.declare_layers`: anthems, most Auras) don't count."""
        if self.index_version != game.wide_version:
            self.ability_index(game)
        return self.adds_abilities

    def replacements_may_exist(self, game: GameState) -> bool:
        """Could a permanent or a command-zone object have a static replacement ability:
        a printed one (its copiable values', for a copy: 706.2; :meth:`ability_index`), or
        one an effect may add?"""
        if self.index_version != game.wide_version:
            self.ability_index(game)
        return self.prints_replacement or self.adds_abilities

    def control_may_change(self, game: GameState) -> bool:
        """May an effect change the control of a permanent now (613.1b): a layer-2 effect
        exists, or a static ability that may make one (printed, or added by an effect)?"""
        if self.index_version != game.wide_version:
            self.ability_index(game)
        return self.controls

    def hooks_may_exist(self, game: GameState) -> bool:
        """Could a permanent or a command-zone object have a static ability with a rule
        hook: a printed one (:meth:`ability_index`), or one an effect may add?"""
        if self.index_version != game.wide_version:
            self.ability_index(game)
        return self.index[1] or self.adds_abilities

    # ------------------------------------------------------------ characteristics

    def refresh_view(self, game: GameState) -> None:
        """Make the view of the battlefield current: kept if only narrow changes it didn't
        read happened since it was computed (tapping for mana...), brought up to date if
        it is plain and only objects moved since (a land played, a creature dying...),
        else recomputed by the layer system."""
        if game.unchanged_since(self.view_version, self.view_wide, self.view_reads):
            self.view_version = game.version
            if self.check:
                self._check_view(game, self.view)
            return
        view = game._view_after_moves(self.moves) if self.view_plain and \
            self.moves_wide == game.wide_version and not self.view_reads else None
        if view is not None and self.check:
            self._check_view(game, view)
        if view is None:
            self.in_layers = True
            try:
                view = game._compute_battlefield()
            finally:
                self.in_layers = False
        self.view = view
        self.view_version = game.version
        self.view_wide = self.moves_wide = game.wide_version
        if self.moves:
            self.moves = []

    def _check_view(self, game: GameState, kept: dict[int, Characteristics]) -> None:
        """Check mode: the view about to be used equals the layer system's answer now."""
        self.in_layers = True
        try:
            fresh = game._compute_battlefield()
        finally:
            self.in_layers = False
        kept_here = {k: c for k, c in kept.items() if k in fresh}
        self.check_kept("the characteristics of the battlefield", kept_here, fresh)

    def chars_elsewhere(self, game: GameState, obj: GameObject) -> Characteristics:
        """Characteristics of an object the current view doesn't hold (not on the
        battlefield, or not yet computed): kept in ``outside`` when nothing but its
        printed values and locked effects can change them, else added to the view."""
        c = self.outside.get(obj.key)
        if c is not None:
            if self.check:
                self.check_kept(f"the characteristics of {obj.name}", c,
                                game._compute_single(obj))
            return c
        c = game._compute_single(obj)
        if obj.card.cda is None and obj.zone not in ("battlefield", "stack", "command"):
            # elsewhere only CDAs change characteristics here (a spell may be changed by
            # effects of resolved abilities, 400.7a; command-zone objects by effects)
            self.outside[obj.id] = c
        else:
            self.view[obj.id] = c
            self.view_reads = union(self.view_reads, game._single_reads(obj))
        return c

    def permanents_by_controller(self, game: GameState) -> dict[int, list[GameObject]]:
        """Phased-in permanents grouped by controller, in battlefield order (one pass)."""
        out: dict[int, list[GameObject]] = {}
        if self.view_version != game.version:
            self.refresh_view(game)
        objects, view = game.objects, self.view  # chars(), looked up directly
        ids: list[IdKey] = game.battlefield
        for oid in ids:
            o = objects[oid]
            assert isinstance(o, GameObject)
            if not o.phased_out:
                c = view.get(oid) or game.chars(o)
                out.setdefault(c.controller, []).append(o)  # controller() there
        return out

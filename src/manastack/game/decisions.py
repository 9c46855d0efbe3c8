"""Decisions (what the engine asks) and actions (how players answer): the only way in.

``game.decision`` is a :class:`Decision`; ``game.apply(player, action)``
answers it.  Actions are small frozen values with a canonical text form and a
JSON form used by replay files.  Object ids appear as integers, players as
``P0``, ``P1``...
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Final, cast

from mypy_extensions import mypyc_attr

from manastack.copying import deepcopy_fields, dup, share_type
from manastack.errors import IllegalAction
from manastack.game.objects import PlayerRef, Ref
from manastack.picking import pick
from manastack.reprs import brief

if TYPE_CHECKING:
    from manastack.game.state import GameState


# ---------------------------------------------------------------- actions


def ref_to_json(r: Any) -> Any:
    if isinstance(r, PlayerRef):
        return f"P{r.index}"
    if isinstance(r, (tuple, list)):
        return [ref_to_json(x) for x in r]
    return r


def ref_from_json(v: Any) -> Any:
    """``"P1"`` is player 1 (a seat of at most three ASCII digits); other values stay as
    they are (their shape is checked when the action is answered)."""
    if isinstance(v, str) and 1 < len(v) <= 4 and v[0] == "P" and v[1:].isascii() and \
            v[1:].isdigit():
        return PlayerRef(int(v[1:]))
    if isinstance(v, list):
        return tuple(ref_from_json(x) for x in v)
    return v


@mypyc_attr(native_class=False)
class Action:
    """Base class of answers.  Subclasses are frozen dataclasses of immutable values
    (shared, never copied, by ``copy.deepcopy``); each has a verb (:data:`VERBS`), the
    first word of its text form and the ``"verb"`` of its JSON form.

    Compiled with mypyc, actions stay Python classes: whatever a caller builds (a
    malformed ``Cast(card="1")``) reaches :func:`shape_problem`, as in pure Python,
    instead of failing in the constructor; and their verb isn't a class variable of
    each dataclass (a compiled dataclass would make it a field)."""

    @property
    def verb(self) -> str:
        return VERBS[type(self)]

    def _values(self) -> list[tuple[str, Any]]:
        """(field, value) of each field, in order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self)]  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verb": self.verb}
        for k, v in self._values():
            out[k] = ref_to_json(v)
        return out

    def __str__(self) -> str:
        args = " ".join(f"{k}={_fmt(v)}" for k, v in self._values()
                        if v not in ((), None, 0, False))
        return f"{self.verb} {args}".strip()

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def text(self, game: GameState, player: Any = None) -> str:
        """The action's canonical text in the notation (``cast Lightning Bolt -> Bob``,
        docs/notation.md) as ``player`` (by default the one who must decide) sees
        ``game`` now: :func:`manastack.engine.notation.action_text`, which the engine's
        ``Game.action_text`` calls (this layer names no card)."""
        return game.action_text(self, player)


def _fmt(v: Any) -> str:
    if isinstance(v, tuple):
        return ",".join(_fmt(x) for x in v)
    return str(v)


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Pass(Action):
    """Pass priority (CR 116.3d)."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class PlayLand(Action):
    """Play a land (special action, CR 305.1, 115.2a)."""

    card: int


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Cast(Action):
    """Cast a spell (CR 601).  ``pay``: None = automatic, ``("pool",)`` = pool only,
    or the ids of permanents whose mana abilities pay the cost.  ``alt`` names the
    alternative cost paid instead of the mana cost (117.9, 601.2b): ``""`` none, the name
    of one of the card's alternative costs, or ``"free"`` ("without paying its mana
    cost", only when an effect allows it)."""

    card: int
    targets: tuple[Ref, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    pay: tuple[Any, ...] | None = None
    alt: str = ""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if not self.alt:
            del out["alt"]  # replay files stay as they were for ordinary casts
        return out


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Activate(Action):
    """Activate the ``ability``-th (0-based) activated ability of ``source`` (CR 602).

    ``mana`` picks the mana produced by a mana ability with a choice.
    """

    source: int
    ability: int = 0
    targets: tuple[Ref, ...] = ()
    x: int = 0
    pay: tuple[Any, ...] | None = None
    mana: str | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class DeclareAttackers(Action):
    """Attackers and what each attacks: ((creature, player or planeswalker), ...) (CR 508.1).

    ``bands`` groups attackers into bands (702.21c): each band holds creatures with banding
    and at most one creature without it."""

    attacks: tuple[tuple[int, Ref], ...] = ()
    bands: tuple[tuple[int, ...], ...] = ()


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class DeclareBlockers(Action):
    """Blockers and the attackers each blocks: ((blocker, (attacker, ...)), ...) (CR 509.1)."""

    blocks: tuple[tuple[int, tuple[int, ...]], ...] = ()


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class OrderDamage(Action):
    """Damage assignment orders: ((creature, (ordered creatures...)), ...) (CR 509.2, 509.3)."""

    orders: tuple[tuple[int, tuple[int, ...]], ...] = ()


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class AssignDamage(Action):
    """Combat damage assignment: ((creature, ((recipient, amount), ...)), ...) (CR 510.1)."""

    assignments: tuple[tuple[int, tuple[tuple[Ref, int], ...]], ...] = ()


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Choose(Action):
    """Answer a choice: chosen items (objects, players, numbers, words), in order."""

    items: tuple[Any, ...] = ()


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Mulligan(Action):
    """Take (True) or decline (False) a mulligan (CR 103.4)."""

    take: bool = False


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Special(Action):
    """A special action a variant allows (CR 115.2), e.g. rolling the planar die (901.9):
    ``kind`` names it; ``source`` is the object involved, if any."""

    kind: str
    source: int = 0


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Concede(Action):
    """Concede the game (CR 104.3a).  Always available to every player still in the game,
    whoever must decide now: ``game.apply(player, Concede())`` (it is never among a
    decision's ``legal_actions``, so agents choosing among those never concede)."""


#: The verb of each kind of action.
VERBS: Final[dict[type[Action], str]] = {
    Pass: "pass",
    PlayLand: "play",
    Cast: "cast",
    Activate: "activate",
    DeclareAttackers: "attack",
    DeclareBlockers: "block",
    OrderDamage: "order",
    AssignDamage: "assign",
    Choose: "choose",
    Mulligan: "mulligan",
    Special: "special",
    Concede: "concede",
}

ACTION_TYPES: Final[dict[str, type[Action]]] = {v: c for c, v in VERBS.items()}


#: Numbers in an answer (object ids, X, amounts) lie strictly between -BOUND and BOUND:
#: anything larger is no id and no amount a game can have (and would cost time to print).
BOUND: Final = 2 ** 53


def _id(v: Any) -> bool:
    """An object id or a number (an int within BOUND; not a bool, which Python counts as
    one)."""
    return type(v) is int and -BOUND < v < BOUND


def _ref(v: Any) -> bool:
    """An object id or a player (a :class:`PlayerRef` holding an int).  Also where an
    object is expected: the rules refuse a player there, citing the rule (509.1a: only
    creatures block)."""
    return _id(v) or type(v) is PlayerRef and _id(cast(Any, v).index)  # (untyped read)


def _tuple_of(v: Any, item: Callable[[Any], bool]) -> bool:
    return type(v) is tuple and all(item(x) for x in v)


def _pair(first: Callable[[Any], bool], second: Callable[[Any], bool]
          ) -> Callable[[Any], bool]:
    return lambda v: type(v) is tuple and len(v) == 2 and first(v[0]) and second(v[1])


def _option(v: Any, depth: int = 0) -> bool:
    """A chosen option: an id or number, a player, a word (``"yes"``, a card name, a mode
    written ``2/1``...), True/False or None, or a short tuple of those; of a size no option
    of a game has beyond."""
    if type(v) is int:
        return _id(v)
    if type(v) is str:
        return len(v) <= 200
    if type(v) is PlayerRef:
        return _id(cast(Any, v).index)
    if v is None or type(v) is bool:
        return True
    if type(v) is tuple:
        return depth < 3 and len(v) <= 64 and all(_option(x, depth + 1) for x in v)
    return False


def _word(v: Any) -> bool:
    return type(v) is str and len(v) <= 200


def _pay(v: Any) -> bool:
    return v is None or v == ("pool",) or _tuple_of(v, _ref)


#: The shape of each action's fields: (field, test, what it must be).
_SHAPES: Final[dict[type, tuple[tuple[str, Callable[[Any], bool], str], ...]]] = {}


def _shapes() -> dict[type, tuple[tuple[str, Callable[[Any], bool], str], ...]]:
    if not _SHAPES:
        ids = "a tuple of object ids"
        refs = "a tuple of object ids and players"
        _SHAPES.update({
            Pass: (), Concede: (),
            PlayLand: (("card", _ref, "an object id"),),
            Cast: (("card", _ref, "an object id"), ("targets", lambda v: _tuple_of(v, _ref), refs),
                   ("x", _id, "an integer"), ("modes", lambda v: _tuple_of(v, _id),
                                               "a tuple of mode numbers"),
                   ("pay", _pay, "None, ('pool',) or " + ids), ("alt", _word,
                                                                  "a string")),
            Activate: (("source", _ref, "an object id"), ("ability", _id, "an integer"),
                       ("targets", lambda v: _tuple_of(v, _ref), refs),
                       ("x", _id, "an integer"), ("pay", _pay, "None, ('pool',) or " + ids),
                       ("mana", lambda v: v is None or _word(v), "None or a string")),
            DeclareAttackers: (
                ("attacks", lambda v: _tuple_of(v, _pair(_ref, _ref)),
                 "a tuple of (creature id, player or planeswalker id) pairs"),
                ("bands", lambda v: _tuple_of(v, lambda b: _tuple_of(b, _ref)),
                 "a tuple of tuples of object ids")),
            DeclareBlockers: (("blocks", lambda v: _tuple_of(v, _pair(
                _ref, lambda a: _tuple_of(a, _ref))),
                "a tuple of (creature id, (attacker id, ...)) pairs"),),
            OrderDamage: (("orders", lambda v: _tuple_of(v, _pair(
                _ref, lambda a: _tuple_of(a, _ref))),
                "a tuple of (creature id, (creature id, ...)) pairs"),),
            AssignDamage: (("assignments", lambda v: _tuple_of(v, _pair(
                _ref, lambda a: _tuple_of(a, _pair(_ref, _id)))),
                "a tuple of (creature id, ((recipient, amount), ...)) pairs"),),
            Choose: (("items", lambda v: type(v) is tuple and len(v) <= 10_000 and all(
                map(_option, v)), "a tuple of options (ids, players, words or numbers)"),),
            Mulligan: (("take", lambda v: type(v) is bool, "True or False"),),
            Special: (("kind", _word, "a string"),
                      ("source", _ref, "an object id")),
        })
    return _SHAPES


def _player_refs(v: Any) -> Any:
    if type(v) is PlayerRef:
        yield v
    elif type(v) is tuple:
        for x in v:
            yield from _player_refs(x)


def shape_problem(action: Any, players: int = 0) -> str | None:
    """Why ``action`` isn't a well-formed action (not an :class:`Action`, or a field of the
    wrong type: ``Cast(card="3")``, ``Choose(items=None)``), or None.  Checked before the
    rules look at it, so that malformed answers are refused as such (IllegalAction), never
    with a TypeError from deep inside the engine.  With ``players`` (their number), a
    player reference must name one of them."""
    if isinstance(action, type) or not isinstance(action, Action):
        what = action.__name__ if isinstance(action, type) else type(action).__name__
        return (f"{brief(action)} is not an action (answer with an instance of one of: "
                f"{', '.join(c.__name__ for c in ACTION_TYPES.values())}; got {what})")
    shape = _shapes().get(type(action))
    if shape is None:
        return f"{type(action).__name__} is not one of the engine's actions"
    for name, test, what in shape:
        v = getattr(action, name, None)
        if not test(v):
            return f"malformed {action.verb}: {name} must be {what}, not {brief(v)}"
    if players:
        for name, _test, _what in shape:
            for r in _player_refs(getattr(action, name)):
                if not 0 <= r.index < players:
                    return f"malformed {action.verb}: there is no player {r} ({name})"
    return None


def action_from_json(d: dict[str, Any]) -> Action:
    """Inverse of :meth:`Action.to_json`."""
    d = dict(d)
    verb = d.pop("verb")
    cls = ACTION_TYPES[verb]
    kwargs: dict[str, Any] = {}
    for k, v in d.items():
        v = ref_from_json(v)
        if k == "pay" and v is not None:
            v = tuple(v)
        kwargs[k] = v
    if cls is DeclareAttackers:
        kwargs["attacks"] = tuple((a, t) for a, t in kwargs.get("attacks", ()))
        kwargs["bands"] = tuple(tuple(b) for b in kwargs.get("bands", ()))
    elif cls is DeclareBlockers:
        kwargs["blocks"] = tuple((b, tuple(a)) for b, a in kwargs.get("blocks", ()))
    elif cls is OrderDamage:
        kwargs["orders"] = tuple((c, tuple(o)) for c, o in kwargs.get("orders", ()))
    elif cls is AssignDamage:
        kwargs["assignments"] = tuple(
            (c, tuple((r, n) for r, n in a)) for c, a in kwargs.get("assignments", ()))
    return cls(**kwargs)


# ---------------------------------------------------------------- decisions

Resume = tuple[Callable[..., None], tuple[Any, ...]]


@dataclass(eq=False)
class Decision:
    """Something a player must decide now.

    ``kind`` names it (``priority``, ``choose``, ``declare_attackers``...);
    ``rule`` is the CR paragraph under which it is asked.  ``resume`` is the
    engine's continuation, called with the validated action.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> Decision:
        return deepcopy_fields(self, memo)

    player: int
    kind: str
    prompt: str
    resume: Resume
    rule: str = ""
    #: The player who makes the decision: ``player`` unless another player controls
    #: ``player`` (CR 714.5); set by :meth:`Game.ask`.  Answer with ``game.apply(decider,
    #: ...)``.
    decider: int = -1

    @property
    def by(self) -> int:
        """The deciding player (``decider``, or ``player`` before :meth:`Game.ask`)."""
        return self.player if self.decider < 0 else self.decider

    def legal_actions(self, game: GameState) -> list[Action]:
        raise NotImplementedError

    def validate(self, game: GameState, action: Action) -> None:
        """Raise :class:`IllegalAction` if ``action`` doesn't answer this decision legally."""
        if action not in self.legal_actions(game):
            raise IllegalAction(f"{action} is not a legal answer to: {self.prompt}", self.rule)

    def sample(self, game: GameState, rng: random.Random) -> Action:
        """A uniformly random legal action (agents use this)."""
        return pick(rng, self.legal_actions(game))

    def __str__(self) -> str:
        by = f" (decided by P{self.by})" if self.by != self.player else ""
        return f"{self.kind} for P{self.player}{by}: {self.prompt}"


#: The values of each listed action as the engine first handed it out, by id (the action
#: itself kept with them, so that the id names it): see :func:`_sealed`.
_SEALS: Final[dict[int, tuple[Any, dict[str, Any]]]] = {}


def _sealed(action: Any, seal: bool = True) -> bool:
    """Does the listed ``action`` still hold the values it had when the engine first
    handed it out?  The first time (with ``seal``) they are recorded (a listed action is
    handed out by :meth:`PriorityDecision.sample` or ``legal_actions`` before anyone else
    holds it).  The record is a copy of its attributes, compared whole (no loop over its
    fields: this runs at every decision)."""
    values = vars(action)
    known = _SEALS.get(id(action))
    if known is not None and known[0] is action:
        return bool(known[1] == values)
    if seal:
        if len(_SEALS) >= 8_192:  # (actions are made anew all the time: forget old ones)
            _SEALS.clear()
            _LIST_SEALS.clear()  # (a sealed list vouches for its actions' seals)
        _SEALS[id(action)] = (action, values.copy())
    return seal


#: The lists of legal actions of more than :data:`_SEALED_ONE_BY_ONE` actions whose every
#: action held, when last looked at, the values it was first handed out with, by id: (the
#: list, copies of its actions' values: those of :data:`_SEALS`).  While they hold the
#: same values, they are all still sealed, compared in one go
#: (:meth:`PriorityDecision.listed_actions`).  (An action put in the list in place of
#: another is not sealed by this: it is checked when answered, :meth:`lists`.)
_LIST_SEALS: Final[dict[int, tuple[list[Any], list[dict[str, Any]]]]] = {}
#: Lists this long or shorter are checked action by action (as quick there).
_SEALED_ONE_BY_ONE: Final = 3


def _list_sealed(acts: list[Any]) -> bool:
    """Does every action of the list ``acts``, sealed together before
    (:func:`_seal_list`), still hold the values it was handed out with?  (Their values
    compared as :func:`_sealed` does, by a builtin loop: this runs at every decision.)"""
    known = _LIST_SEALS.get(id(acts))
    return known is not None and known[0] is acts and list(map(vars, acts)) == known[1]


def _seal_list(acts: list[Any]) -> None:
    """Record that every action of ``acts`` holds the values of its seal (just checked;
    not if a seal was forgotten meanwhile)."""
    values: list[dict[str, Any]] = []
    for a in acts:
        known = _SEALS.get(id(a))
        if known is None or known[0] is not a:
            return
        values.append(known[1])
    if len(_LIST_SEALS) >= 1_024:
        _LIST_SEALS.clear()
    _LIST_SEALS[id(acts)] = (acts, values)


@dataclass(eq=False)
class PriorityDecision(Decision):
    """A player holds priority (CR 116): pass, play a land, cast, activate."""

    _cache: list[Action] | None = field(default=None, repr=False)
    #: The state version ``_cache`` was listed at.
    _cache_version: int = field(default=-1, repr=False)

    def __init__(self, player: int, kind: str, prompt: str, resume: Resume, rule: str = "",
                 decider: int = -1, _cache: list[Action] | None = None,
                 _cache_version: int = -1) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted;
        # Decision keeps its generated one: mypyc miscompiles the constructors of the
        # subclasses that don't write theirs out under a base that does)
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.resume = resume
        self.rule = rule
        self.decider = decider
        self._cache = _cache
        self._cache_version = _cache_version

    def legal_actions(self, game: GameState) -> list[Action]:
        return list(self.listed_actions(game))

    def listed_actions(self, game: GameState) -> list[Action]:
        """:meth:`legal_actions` without the copy: the list kept for this decision, which
        may be kept for the next ones too, so the same object while nothing it read
        changes (don't modify it; the game loops' forced-decision test memoises on it)."""
        acts = self._listed(game)
        long = len(acts) > _SEALED_ONE_BY_ONE
        if long and _list_sealed(acts):  # (the common case: seen before, untouched)
            return acts
        seals = _SEALS
        for a in acts:  # (_sealed written out: this runs for every action at every decision)
            known = seals.get(id(a))
            if known is None or known[0] is not a:
                _sealed(a)  # first handed out: its values are recorded
            elif known[1] != vars(a):
                break
        else:
            if long:
                _seal_list(acts)
            return acts
        acts = self._relist(game)
        for a in acts:
            _sealed(a)
        return acts

    def _listed(self, game: GameState) -> list[Action]:
        """The legal actions, listed once per decision (the list itself: don't modify it)."""
        cache = self._cache
        if cache is None:
            cache = self._cache = game.priority_actions(self.player)
            self._cache_version = game.version
        return cache

    def _relist(self, game: GameState) -> list[Action]:
        """List the legal actions anew, forgetting every kept list: one of their actions was
        changed behind the engine's back."""
        game.forget_kept()
        game.forget_made_actions()
        self._cache = None
        return self._listed(game)

    def sample(self, game: GameState, rng: random.Random) -> Action:
        a = pick(rng, self._listed(game))  # as Decision.sample, without copying the list
        known = _SEALS.get(id(a))
        if known is None or known[0] is not a:
            _sealed(a)  # first handed out: its values are recorded
        # (one changed since is refused when answered: lists(), then listed anew)
        return a

    def lists(self, game: GameState, action: Any) -> bool:
        """Is ``action`` itself (not an equal value) one of the legal actions listed for
        this decision and handed out, still holding the values it was handed out with,
        with nothing changed in the game since?  Then it is legal, and well formed.  A
        listed action changed behind the engine's back is validated like any other
        answer, and the lists it was kept in are forgotten."""
        cache = self._cache
        if cache is not None and self._cache_version == game.version:
            for listed in cache:
                if listed is action:
                    if _sealed(action, seal=False):
                        return True
                    self._relist(game)
                    return False
        return False

    def validate(self, game: GameState, action: Action) -> None:
        cache = self._cache
        if cache is not None and self._cache_version == game.version:
            # listed, so legal (and nothing changed since it was listed); an agent usually
            # answers with the listed object itself: look for it before comparing values
            if self.lists(game, action) or (self._cache is not None and
                                            action in self._cache):
                return
        game.check_priority_action(self.player, action)

    def __deepcopy__(self, memo: dict[int, Any]) -> PriorityDecision:
        new = PriorityDecision(self.player, self.kind, self.prompt, self.resume, self.rule,
                               self.decider)
        memo[id(self)] = new
        new.resume = dup(self.resume, memo)
        return new


#: A choice decision lists at most this many answers and one more (the first ones).
MAX_CHOICES: Final = 5000


@dataclass(eq=False)
class ChoiceDecision(Decision):
    """Choose between ``min_count`` and ``max_count`` of ``options`` (ordered if ``ordered``).

    Used for discarding, sacrificing, targets of triggered abilities, the
    order of simultaneous triggers, yes/no, numbers, modes and players.
    """

    options: tuple[Any, ...] = ()
    min_count: int = 1
    max_count: int = 1
    ordered: bool = False
    #: Free text naming what the choice is for (scenario ``for:``).
    purpose: str = ""
    #: Optional validator for combinations (e.g. distinct controllers).
    check: Callable[[GameState, tuple[Any, ...]], str | None] | None = None
    #: Readable names of the options when they are numbers (tools match names to them).
    labels: tuple[str, ...] = ()
    #: With ``labels``: the object each option comes from (a replacement effect's source,
    #: a damage source), so that tools may name an option by that object (an alias).
    sources: tuple[Any, ...] = ()
    #: Optional: why an item that isn't among ``options`` can't be chosen (a target's
    #: hexproof or protection, 702.11b/702.16b), added to the rejection message.
    explain: Callable[[GameState, Any], str | None] | None = None

    def legal_actions(self, game: GameState) -> list[Action]:
        """The choices, sizes from ``min_count`` up, the first :data:`MAX_CHOICES` and
        one more at most: the orders of twelve triggers are 479 million, and each is
        made only when it is listed (explicit loops: a nested generator compiled ahead
        of time may build every combination before the first is looked at)."""
        out: list[Action] = []
        pick: Any = itertools.permutations if self.ordered else itertools.combinations
        for k in range(self.min_count, min(self.max_count, len(self.options)) + 1):
            for c in pick(self.options, k):
                if len(out) > MAX_CHOICES:
                    return out
                if self.check is None or self.check(game, tuple(c)) is None:
                    out.append(Choose(tuple(c)))
        return out

    def validate(self, game: GameState, action: Action) -> None:
        if not isinstance(action, Choose):
            raise IllegalAction(f"expected a choice for: {self.prompt}", self.rule)
        items = action.items
        if not self.min_count <= len(items) <= self.max_count:
            raise IllegalAction(
                f"choose between {self.min_count} and {self.max_count} for: {self.prompt}"
                f" (got {len(items)})", self.rule)
        if len(set(map(repr, items))) != len(items):
            raise IllegalAction(f"the same option was chosen twice for: {self.prompt}", self.rule)
        options = self.options
        for it in items:
            # (the option itself, not an equal value of another type: True == 1 in Python,
            # but "yes" is no object id)
            if it not in options or not any(o == it and type(o) is type(it) for o in options):
                # (object ids start at 1: options holding 0 are numbers, not objects)
                numbers = any(type(o) is int and o == 0 for o in self.options)
                what = game.name_of(it) if isinstance(it, int) and not numbers \
                    and it in game.objects else repr(it)
                why = self.explain(game, it) if self.explain is not None else None
                raise IllegalAction(f"{what} is not an option for: {self.prompt}"
                                    + (f": {why}" if why else ""), self.rule)
        if self.ordered and self.min_count == self.max_count == len(self.options):
            pass
        if self.check is not None:
            msg = self.check(game, items)
            if msg:
                raise IllegalAction(msg, self.rule)

    def sample(self, game: GameState, rng: random.Random) -> Action:
        n = len(self.options)
        for _ in range(50):
            k = rng.randint(self.min_count, min(self.max_count, n))
            items = rng.sample(list(self.options), k)
            if not self.ordered:
                items.sort(key=lambda x: self.options.index(x))
            c = tuple(items)
            if self.check is None or self.check(game, c) is None:
                return Choose(c)
        return pick(rng, self.legal_actions(game))


@dataclass(eq=False)
class MulliganDecision(Decision):
    """Keep or mulligan (CR 103.4)."""

    can_mulligan: bool = True
    extra: tuple[Action, ...] = ()

    def legal_actions(self, game: GameState) -> list[Action]:
        acts: list[Action] = [Mulligan(False)]
        if self.can_mulligan:
            acts.append(Mulligan(True))
        acts.extend(self.extra)
        return acts


@dataclass(eq=False)
class CombatDecision(Decision):
    """Declare attackers/blockers, damage assignment orders, combat damage assignment.

    ``checker(game, action)`` validates (raising :class:`IllegalAction`);
    ``enumerate_fn`` lists legal actions; ``sampler`` draws a random legal one.
    """

    candidates: tuple[Any, ...] = ()
    checker: Callable[[GameState, Action], None] | None = None
    enumerate_fn: Callable[[GameState], list[Action]] | None = None
    sampler: Callable[[GameState, random.Random], Action] | None = None
    default: Callable[[GameState], Action] | None = None

    def __init__(self, player: int, kind: str, prompt: str, resume: Resume, rule: str = "",
                 decider: int = -1, candidates: tuple[Any, ...] = (),
                 checker: Callable[[GameState, Action], None] | None = None,
                 enumerate_fn: Callable[[GameState], list[Action]] | None = None,
                 sampler: Callable[[GameState, random.Random], Action] | None = None,
                 default: Callable[[GameState], Action] | None = None) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted;
        # Decision keeps its generated one: mypyc miscompiles the constructors of the
        # subclasses that don't write theirs out under a base that does)
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.resume = resume
        self.rule = rule
        self.decider = decider
        self.candidates = candidates
        self.checker = checker
        self.enumerate_fn = enumerate_fn
        self.sampler = sampler
        self.default = default

    def legal_actions(self, game: GameState) -> list[Action]:
        assert self.enumerate_fn is not None
        return self.enumerate_fn(game)

    def validate(self, game: GameState, action: Action) -> None:
        assert self.checker is not None
        self.checker(game, action)

    def sample(self, game: GameState, rng: random.Random) -> Action:
        if self.sampler is not None:
            return self.sampler(game, rng)
        return pick(rng, self.legal_actions(game))


def yes_no(options: Sequence[bool] = (True, False)) -> tuple[Any, ...]:
    return tuple("yes" if o else "no" for o in options)


share_type(Action)

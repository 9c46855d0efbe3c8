"""Game objects (CR 109): cards, tokens, spells, permanents and abilities on the stack.

A :class:`GameObject` is a card or token in some zone.  When it changes zones
it becomes a new object with a new id (CR 400.7); the engine builds a fresh
``GameObject`` for that.  Permanent status (tapped, phased out, ...) lives on
the object while it is on the battlefield (CR 110.6).  Characteristics are
never stored here: they are computed by the layer system
(:mod:`manastack.rules.layers`) from the card definition and the continuous
effects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from mypy_extensions import mypyc_attr

from manastack.copying import deepcopy_fields, dup, share_type
from manastack.game.mana import ManaCost

if TYPE_CHECKING:
    # Fields typed with these classes are written ``CardDef | CardDef`` (to mypy, the same
    # as ``CardDef``): compiled with mypyc, a dataclass field annotated with a single class
    # puts that class object in ``__annotations__`` when the class is created, and this
    # module is initialised before manastack.cards.dsl, which imports it (the object
    # does not exist yet: the import crashes); a union is recorded as a plain ``type``.
    from manastack.game.abilities import Ability, CardDef


class Zone:
    """Zone names (CR 400.1)."""

    LIBRARY: Final = "library"
    HAND: Final = "hand"
    BATTLEFIELD: Final = "battlefield"
    GRAVEYARD: Final = "graveyard"
    STACK: Final = "stack"
    EXILE: Final = "exile"
    COMMAND: Final = "command"
    ALL: Final = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
    #: Zones owned by each player; the others are shared (CR 400.2).
    PLAYER_ZONES: Final = ("library", "hand", "graveyard")


@mypyc_attr(native_class=False)  # (compiled: a PlayerRef("0") must reach shape_problem)
@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A reference to a player, used where a target or choice may be a player."""

    def __deepcopy__(self, memo: dict[int, Any]) -> PlayerRef:
        """Immutable: shared by copies of a game."""
        return self

    index: int

    # (written out: compiled, a dataclass's generated methods would run interpreted)
    def __hash__(self) -> int:
        return hash((self.index,))

    def __eq__(self, other: object) -> bool:
        if type(other) is not PlayerRef:
            return NotImplemented
        return bool(self.index == other.index)

    def __str__(self) -> str:
        return f"P{self.index}"


#: PlayerRef(i) by seat, made once (:func:`player_ref`).
_PLAYER_REFS: Final[list[PlayerRef]] = []


def player_ref(index: int) -> PlayerRef:
    """``PlayerRef(index)`` for a seat (index >= 0), made once: references are values, the
    same for every game."""
    while len(_PLAYER_REFS) <= index:
        _PLAYER_REFS.append(PlayerRef(len(_PLAYER_REFS)))
    return _PLAYER_REFS[index]


Ref = int | PlayerRef  # an object id or a player

#: An object id held as the Python int it is.  Compiled, an ``int`` is stored unboxed and
#: boxed again (a new Python int, above 256) each time it is looked up in a dict; hot
#: loops over the zones' id lists and :attr:`GameObject.key` use this type to avoid that.
IdKey = Any

#: Narrow kinds of state change (``game.changed(touches)``): "tapped" (the tapped status of
#: permanents), "mana" (mana pools), "combat" (a combat phase begins or ends, its
#: defending players are chosen, creatures are declared as attackers or blockers or are
#: removed from combat, 506.4), "damage" (damage marked on permanents, life totals and
#: poison counters: what dealing damage, 119.3, and gaining or losing life, 118, change,
#: but no counter on a permanent), "hidden" (a card moves between a library and a hand,
#: e.g. a draw: the contents of those hidden zones) and "turn" (a turn begins: the turn
#: number, the active player, what is counted per turn and ``turn_flags``, so also
#: whether a permanent has been controlled continuously since the turn began, 302.6).
#: Code that may read them is declared (selectors' ``reads``); code that declares nothing
#: is assumed to read them all.
NARROW_CHANGES: Final[frozenset[str]] = frozenset({"tapped", "mana", "combat", "damage",
                                                   "hidden", "turn"})
#: ``Game.changed(only=NOBODY)``: a wide change no player's plain legal actions depend on
#: (counters put on or removed from a permanent by damage, 119.3c-d).
NOBODY: Final = -1
#: The narrow kinds also recorded per player (:func:`player_kind`): "tapped:0", a permanent
#: player 0 controls became tapped or untapped; "mana:0", their mana pool changed;
#: "hidden:0", a card moved between their library and their hand; "turn:0", their turn
#: began.  A change of the kind touches the whole kind too; one not told whose it is
#: touches every player's.
PLAYER_KINDS: Final[frozenset[str]] = frozenset({"tapped", "mana", "hidden", "turn"})
#: Kind -> its per-player names, by seat (made once).
_PLAYER_KIND_NAMES: Final[dict[str, list[str]]] = {k: [] for k in PLAYER_KINDS}


#: Narrow kind (or per-player kind, :func:`player_kind`) -> its index in ``Game.touched``
#: (made once each, in the order first met: only equality matters).
_KIND_INDEX: Final[dict[str, int]] = {}
#: A set of narrow kinds -> the indices of its kinds (made once per distinct set).
_READ_INDICES: Final[dict[frozenset[str], tuple[int, ...]]] = {}


def kind_index(kind: str) -> int:
    """The index of a narrow kind of change (or per-player kind) in ``Game.touched``."""
    i = _KIND_INDEX.get(kind)
    if i is None:
        i = _KIND_INDEX[kind] = len(_KIND_INDEX)
    return i


def kind_count() -> int:
    """How many kinds have an index (:func:`kind_index`) so far."""
    return len(_KIND_INDEX)


#: Kind -> (its index, the indices of its per-player kinds by seat: empty for a kind not in
#: PLAYER_KINDS), made once for the most seats seen so far.
_TOUCH_PLANS: Final[dict[str, tuple[int, list[int]]]] = {}


def touch_plan(kind: str, seats: int) -> tuple[int, list[int]]:
    """Where a narrow change of ``kind`` is recorded in ``Game.touched``: the index of
    ``kind`` and, for a kind of :data:`PLAYER_KINDS`, the index of its per-player kind
    (:func:`player_kind`) for each of at least ``seats`` seats."""
    plan = _TOUCH_PLANS.get(kind)
    if plan is None or (plan[1] and len(plan[1]) < seats):
        per = [kind_index(player_kind(kind, p)) for p in range(seats)] \
            if kind in PLAYER_KINDS else []
        plan = _TOUCH_PLANS[kind] = (kind_index(kind), per)
    return plan


def read_indices(reads: frozenset[str]) -> tuple[int, ...]:
    """The indices of the kinds in ``reads`` (:func:`kind_index`): the narrow check then
    looks at a list, not a dict of strings."""
    t = _READ_INDICES.get(reads)
    if t is None:
        t = _READ_INDICES[reads] = tuple(sorted(kind_index(k) for k in reads))
    return t


def player_kind(kind: str, player: int) -> str:
    """``kind`` (one of :data:`PLAYER_KINDS`) as it touches ``player`` only: a reader
    that depends only on that player's part of the kind reads this name instead."""
    names = _PLAYER_KIND_NAMES[kind]
    return names[player] if player < len(names) else seat_name(names, f"{kind}:", player)


#: What :func:`card_test` memoises for a card.
_V = TypeVar("_V")


def card_test(table: dict[Any, _V], card: Any, test: Callable[[Any], _V]) -> _V:
    """``test(card)`` (a test or any value of a card definition), memoised in ``table``
    with the definition itself as the key: definitions are immutable, hashed and compared
    by identity (a :class:`~manastack.cards.dsl.CardDef` defines no equality), so the
    lookup neither makes an int of ``id(card)`` nor compares keys by value.  Abilities,
    and tuples of them, are keys of the same kind."""
    hit = table.get(card, _NO_VALUE)
    if hit is _NO_VALUE:
        if len(table) > 8192:
            table.clear()
        hit = table[card] = test(card)
    return hit  # type: ignore[no-any-return]


#: Marks a card ``card_test`` has no value for yet (a value may be None or False).
_NO_VALUE: Final[Any] = object()


def seat_name(names: list[str], prefix: str, seat: int) -> str:
    """``prefix`` followed by the seat number ``seat``, made once (``names`` holds them by
    seat): memo keys and kinds of change per player, found without building a string."""
    while len(names) <= seat:
        names.append(f"{prefix}{len(names)}")
    return names[seat]


def union(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """``a | b``, without making a new set when one holds the other (the usual case: sets
    of narrow kinds of change are small and mostly the same few)."""
    if not b or b <= a:
        return a
    if a <= b:
        return b
    return a | b


def disjoint(a: frozenset[str], b: frozenset[str]) -> bool:
    """``not (a & b)``, without making a set."""
    for k in b:
        if k in a:
            return False
    return True


#: Rule flags that are requirements (508.1d, 509.1c) or let a creature block more
#: (509.1a): each instance counts, so whatever gives one (the printed card, an Aura, a
#: resolved spell) also adds a copy tagged with its origin, ``"flag#origin"``.
COUNTED_FLAGS: Final[frozenset[str]] = frozenset({
    "attacks each combat if able", "blocks each combat if able",
    "all creatures able to block it do so", "can block an additional creature"})


def tag_flags(flags: frozenset[str], origin: str) -> frozenset[str]:
    """``flags`` plus, for each counted flag, its instance from ``origin``."""
    return flags | {f"{f}#{origin}" for f in flags if f in COUNTED_FLAGS}


def flag_count(flags: frozenset[str], flag: str) -> int:
    """How many instances of a counted flag an object has (two Lures on a Prized Unicorn:
    three requirements on each creature able to block it, 509.1c)."""
    if flag not in flags:
        return 0
    prefix = flag + "#"
    return max(1, sum(1 for f in flags if f.startswith(prefix)))


@dataclass(slots=True)
class Characteristics:
    """The copiable and other characteristics of an object after the layers (CR 109.3, 613)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Characteristics:
        return deepcopy_fields(self, memo)

    name: str
    mana_cost: ManaCost
    colors: frozenset[str]
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    power: int | None
    toughness: int | None
    loyalty: int | None
    keywords: frozenset[str]
    abilities: tuple[Ability, ...]
    controller: int
    #: Hooks some rules ask for: e.g. ``"can't block"`` from static abilities.
    flags: frozenset[str] = frozenset()

    def __init__(self, name: str, mana_cost: ManaCost, colors: frozenset[str],
                 supertypes: frozenset[str], types: frozenset[str],
                 subtypes: frozenset[str], power: int | None, toughness: int | None,
                 loyalty: int | None, keywords: frozenset[str],
                 abilities: tuple[Ability, ...], controller: int,
                 flags: frozenset[str] = frozenset()) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.name = name
        self.mana_cost = mana_cost
        self.colors = colors
        self.supertypes = supertypes
        self.types = types
        self.subtypes = subtypes
        self.power = power
        self.toughness = toughness
        self.loyalty = loyalty
        self.keywords = keywords
        self.abilities = abilities
        self.controller = controller
        self.flags = flags

    def controlled_by(self, controller: int) -> Characteristics:
        """A copy of these characteristics with ``controller`` as the controller."""
        return Characteristics(self.name, self.mana_cost, self.colors, self.supertypes,
                               self.types, self.subtypes, self.power, self.toughness,
                               self.loyalty, self.keywords, self.abilities, controller,
                               self.flags)

    def log_json(self) -> dict[str, Any]:
        """The JSON form of the log (last known information, 608.2g): the same whatever
        the process (sets sorted, abilities by their text)."""
        return {"name": self.name, "mana_cost": self.mana_cost.text,
                "colors": sorted(self.colors), "supertypes": sorted(self.supertypes),
                "types": sorted(self.types), "subtypes": sorted(self.subtypes),
                "power": self.power, "toughness": self.toughness, "loyalty": self.loyalty,
                "keywords": sorted(self.keywords),
                "abilities": [getattr(a, "text", "") for a in self.abilities],
                "controller": self.controller, "flags": sorted(self.flags)}

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_planeswalker(self) -> bool:
        return "Planeswalker" in self.types

    @property
    def is_permanent_card(self) -> bool:
        """CR 110.4: artifact, creature, enchantment, land, planeswalker."""
        return bool(self.types & {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def type_line(self) -> str:
        left = " ".join([*sorted(self.supertypes), *sorted(self.types, key=_type_order)])
        if self.subtypes:
            return f"{left} \u2014 {' '.join(sorted(self.subtypes))}"
        return left


_TYPE_ORDER: Final = {t: i for i, t in enumerate(
    ["Tribal", "Enchantment", "Artifact", "Land", "Creature", "Planeswalker", "Instant", "Sorcery"])}


def _type_order(t: str) -> int:
    return _TYPE_ORDER.get(t, 99)


#: What :attr:`GameObject.chars_cache` holds: (its counters as a tuple of items or None,
#: its controller, the characteristics computed from them).
CharsCache = tuple["tuple[tuple[str, int], ...] | None", int, Characteristics]


@dataclass(slots=True)
class GameObject:
    """A card or token in a zone, or a spell on the stack (CR 109.1, 110, 111).

    ``owner`` and ``controller`` are player indexes.  ``controller`` here is
    the base controller (who put it onto the battlefield or cast it, CR
    110.2); control-changing effects are applied in layer 2 and read through
    :meth:`Game.controller`.
    """

    id: int
    card: CardDef | CardDef  # (a CardDef: see the imports)
    owner: int
    controller: int
    zone: str
    is_token: bool = False
    timestamp: int = 0
    # Permanent status (CR 110.6)
    tapped: bool = False
    flipped: bool = False
    face_down: bool = False
    phased_out: bool = False
    #: Turn number in which the current controller's control began (CR 302.6).
    control_since: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    #: Sources that dealt deathtouch damage this turn are tracked as a flag (CR 704.5h).
    deathtouch_damage: bool = False
    attached_to: Ref | None = None
    #: Phased out "indirectly" with the permanent it's attached to (CR 702.25f).
    phased_indirectly: bool = False
    #: Controller when it phased out (CR 502.1).
    phased_out_controller: int | None = None
    #: Spell on the stack: chosen targets, X, modes, etc.
    targets: tuple[Ref, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    #: Free-form per-object memory for card behaviour ("as enters" choices...).
    memory: dict[str, Any] = field(default_factory=dict)
    #: Set when this object is a copy of a spell (CR 706.10).
    is_copy: bool = False
    #: Loyalty abilities activated this turn (CR 606.3): turn number of last activation.
    loyalty_activated_turn: int = -1
    #: Regeneration shields (CR 701.13): number available this turn.
    regeneration_shields: int = 0
    #: Zone it came from for the last zone change (for "from your hand" etc.).
    came_from: str | None = None
    #: The physical card (or token) across zone changes; tools use it, rules never do.
    uid: int = 0
    #: Controller seen by the last characteristics computation (control changes, 302.6).
    seen_controller: int | None = None
    #: Characteristics computed when no continuous effect applies, with what they depend on:
    #: (its counters as a tuple of items or None, its controller, the characteristics).
    chars_cache: CharsCache | None = None
    #: ``id`` as a Python int (see :data:`IdKey`), set by the constructor.
    key: IdKey = field(init=False, repr=False, compare=False)
    #: The view of the battlefield (``game.derived.view``) that holds ``view_chars``, this
    #: object's characteristics in it, once computed: :meth:`Game.chars` reads them
    #: without a lookup while that very view is the current one.
    view_of: dict[int, Characteristics] | None = field(default=None, init=False, repr=False,
                                                      compare=False)
    view_chars: Characteristics | None = field(default=None, init=False, repr=False,
                                               compare=False)

    def __init__(self, id: int, card: CardDef, owner: int, controller: int, zone: str,
                 is_token: bool = False, timestamp: int = 0, tapped: bool = False,
                 flipped: bool = False, face_down: bool = False, phased_out: bool = False,
                 control_since: int = 0,
                 counters: dict[str, int] | None = None, damage: int = 0,
                 deathtouch_damage: bool = False, attached_to: Ref | None = None,
                 phased_indirectly: bool = False, phased_out_controller: int | None = None,
                 targets: tuple[Ref, ...] = (), x: int = 0, modes: tuple[int, ...] = (),
                 memory: dict[str, Any] | None = None, is_copy: bool = False,
                 loyalty_activated_turn: int = -1, regeneration_shields: int = 0,
                 came_from: str | None = None, uid: int = 0,
                 seen_controller: int | None = None, chars_cache: CharsCache | None = None
                 ) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.id = id
        self.key = id
        self.view_of = None
        self.view_chars = None
        self.card = card
        self.owner = owner
        self.controller = controller
        self.zone = zone
        self.is_token = is_token
        self.timestamp = timestamp
        self.tapped = tapped
        self.flipped = flipped
        self.face_down = face_down
        self.phased_out = phased_out
        self.control_since = control_since
        self.counters = {} if counters is None else counters
        self.damage = damage
        self.deathtouch_damage = deathtouch_damage
        self.attached_to = attached_to
        self.phased_indirectly = phased_indirectly
        self.phased_out_controller = phased_out_controller
        self.targets = targets
        self.x = x
        self.modes = modes
        self.memory = {} if memory is None else memory
        self.is_copy = is_copy
        self.loyalty_activated_turn = loyalty_activated_turn
        self.regeneration_shields = regeneration_shields
        self.came_from = came_from
        self.uid = uid
        self.seen_controller = seen_controller
        self.chars_cache = chars_cache

    @property
    def name(self) -> str:
        """The name, or the name of what it copies (706.2)."""
        if self.memory:
            copied = self.memory.get("copy_of")
            if copied is not None:
                return copied.name  # type: ignore[no-any-return]
        return self.card.name

    def __deepcopy__(self, memo: dict[int, Any]) -> GameObject:
        """The copy of :meth:`Game.copy <manastack.game.state.GameState.copy>`: its own
        counters (a dict of numbers) and memory (copied deeply); every other field is an
        immutable value (a number, a string, a card definition, a tuple of references),
        shared; the characteristics kept (``chars_cache``, derived) are not copied."""
        new = GameObject(self.id, self.card, self.owner, self.controller, self.zone,
                         self.is_token, self.timestamp, self.tapped, self.flipped,
                         self.face_down, self.phased_out, self.control_since,
                         dict(self.counters) if self.counters else None, self.damage,
                         self.deathtouch_damage, self.attached_to, self.phased_indirectly,
                         self.phased_out_controller, self.targets, self.x, self.modes,
                         None, self.is_copy, self.loyalty_activated_turn,
                         self.regeneration_shields, self.came_from, self.uid,
                         self.seen_controller, None)
        memo[id(self)] = new
        if self.memory:
            new.memory = dup(self.memory, memo)
        return new

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id} {self.zone}>"




@dataclass(slots=True)
class StackAbility:
    """An activated or triggered ability on the stack (CR 112.1b, 603.3).

    It is an object on the stack controlled by ``controller`` whose source is
    ``source`` (an object id, which may no longer exist: CR 112.7a, the ability
    uses last known information).
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> StackAbility:
        return deepcopy_fields(self, memo)

    id: int
    ability: Ability | Ability  # (an Ability: see the imports)
    source: int
    source_name: str
    controller: int
    zone: str = Zone.STACK
    targets: tuple[Ref, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    #: Event data the trigger carries (who attacked, what was dealt damage...).
    trigger_data: dict[str, Any] = field(default_factory=dict)
    timestamp: int = 0
    is_copy: bool = False
    #: Mana ability resolving immediately (never on the stack).
    is_mana: bool = False

    def __init__(self, id: int, ability: Ability, source: int, source_name: str,
                 controller: int, zone: str = Zone.STACK, targets: tuple[Ref, ...] = (),
                 x: int = 0, modes: tuple[int, ...] = (),
                 trigger_data: dict[str, Any] | None = None, timestamp: int = 0,
                 is_copy: bool = False, is_mana: bool = False) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.id = id
        self.ability = ability
        self.source = source
        self.source_name = source_name
        self.controller = controller
        self.zone = zone
        self.targets = targets
        self.x = x
        self.modes = modes
        self.trigger_data = {} if trigger_data is None else trigger_data
        self.timestamp = timestamp
        self.is_copy = is_copy
        self.is_mana = is_mana

    @property
    def name(self) -> str:
        kind = "triggered" if self.ability.kind == "triggered" else "activated"
        return f"{self.source_name} ({kind} ability)"

    def __repr__(self) -> str:
        return f"<ability of {self.source_name}#{self.id}>"


share_type(PlayerRef)

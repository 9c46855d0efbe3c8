"""What a card declares: its definition, abilities, selectors, target specs and costs.

These are the nouns the rules read (CR 112-114, 117, 601-606): a card is data
(characteristics from the card database) plus abilities built from these types by the
vocabulary of :mod:`manastack.cards.dsl`.  Definitions are immutable and shared between
games and copies of a game: ``copy.deepcopy`` returns them as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from manastack.copying import deepcopy_fields, share_type
from manastack.game.mana import ManaCost
from manastack.game.objects import NARROW_CHANGES, GameObject, Ref

if TYPE_CHECKING:
    from manastack.game.state import GameState


class Immutable:
    """Mixin: shared definitions are never copied with a game."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Immutable:
        return self

    def __copy__(self) -> Immutable:
        return self


# ---------------------------------------------------------------- selectors

class Selector(Immutable):
    """A test on an object or player, composable with ``&``, ``|`` and ``~``.

    ``test(game, ref, controller, source)`` is true when ``ref`` qualifies,
    seen from ``controller`` (the player controlling the ability) and
    ``source`` (the object with the ability, or None).  ``reads`` names the narrow kinds
    of state change (:data:`~manastack.game.objects.NARROW_CHANGES`: "tapped", "combat"...)
    the test may depend on; by default all of them (the vocabulary's selectors say less).
    """

    __slots__ = ("fn", "text", "reads")

    def __init__(self, fn: Callable[[GameState, Ref, int, int | None], bool], text: str,
                 reads: frozenset[str] = NARROW_CHANGES) -> None:
        self.fn = fn
        self.text = text
        self.reads = reads

    def test(self, game: GameState, ref: Ref, controller: int, source: int | None = None) -> bool:
        return self.fn(game, ref, controller, source)

    def __and__(self, other: Selector) -> Selector:
        a, b = self.fn, other.fn
        return Selector(lambda g, r, c, s: a(g, r, c, s) and b(g, r, c, s),
                        f"{self.text} {other.text}", self.reads | other.reads)

    def __or__(self, other: Selector) -> Selector:
        a, b = self.fn, other.fn
        return Selector(lambda g, r, c, s: a(g, r, c, s) or b(g, r, c, s),
                        f"{self.text} or {other.text}", self.reads | other.reads)

    def __invert__(self) -> Selector:
        a = self.fn
        return Selector(lambda g, r, c, s: not a(g, r, c, s), f"non-{self.text}", self.reads)

    def __repr__(self) -> str:
        return f"Selector({self.text!r})"


# ---------------------------------------------------------------- targets


@dataclass(frozen=True, eq=False)
class TargetSpec(Immutable):
    """One "target" word of a spell or ability (CR 114): what it may target.

    ``count``/``min_count`` express "up to N targets" and "N targets".
    """

    selector: Selector
    text: str = "target"
    count: int = 1
    min_count: int = 1
    #: Zones searched besides players, permanents and the stack (e.g. ``("graveyard",)``).
    zones: tuple[str, ...] = ()


# ---------------------------------------------------------------- costs


@dataclass(frozen=True, eq=False)
class Cost(Immutable):
    """A cost (CR 117, 601.2g): mana plus non-mana parts."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: Selector | None = None
    sacrifice_count: int = 0
    discard: int = 0
    discard_self: bool = False
    pay_life: int = 0
    remove_counters: tuple[tuple[str, int], ...] = ()
    exile_self: bool = False
    loyalty: int | None = None  # loyalty ability: +N / -N (CR 606)
    #: "−X" loyalty cost: X chosen on activation, removed as the cost (606.4, 107.3).
    loyalty_x: bool = False
    #: "Discard a [creature] card": which cards may be discarded for ``discard``.
    discard_filter: Selector | None = None
    #: "Tap N untapped [Vampires] you control" (not {T}: summoning sickness doesn't matter).
    tap_others: Selector | None = None
    tap_count: int = 0
    #: "Exile N cards from your graveyard" (optionally only some: ``exile_filter``).
    exile_graveyard: int = 0
    exile_filter: Selector | None = None

    @property
    def text(self) -> str:
        parts: list[str] = []
        if self.loyalty_x:
            parts.append("\u2212X")
        elif self.loyalty is not None:
            parts.append(f"{self.loyalty:+d}" if self.loyalty else "0")
        if not self.mana.is_empty():
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        if self.sacrifice is not None:
            parts.append(f"Sacrifice {self.sacrifice_count} {self.sacrifice.text}")
        if self.discard:
            parts.append(f"Discard {self.discard}")
        if self.pay_life:
            parts.append(f"Pay {self.pay_life} life")
        for kind, n in self.remove_counters:
            parts.append(f"Remove {n} {kind} counter(s)")
        if self.exile_self:
            parts.append("Exile this")
        return ", ".join(parts) or "{0}"


@dataclass(frozen=True, eq=False)
class AlternativeCost(Immutable):
    """"You may [cost] rather than pay this spell's mana cost" (CR 117.9): chosen as the
    spell is cast (601.2b) by ``name`` (``Cast.alt``); at most one per spell (117.9a);
    additional costs and cost increases still apply (117.9d)."""

    name: str
    cost: Cost
    text: str = ""


# ---------------------------------------------------------------- abilities


class Ability(Immutable):
    """Base of every ability (CR 112).  ``kind`` is spell, activated, triggered or static."""

    kind: str = "static"
    text: str = ""


@dataclass(frozen=True, eq=False)
class SpellAbility(Ability):
    """What an instant or sorcery does, or an Aura's enchant target (CR 112.3a)."""

    effect: Effect | None = None
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[tuple[str, Effect, tuple[TargetSpec, ...]], ...] = ()
    mode_count: int = 1
    has_x: bool = False
    text: str = ""
    kind: str = "spell"
    #: Extra restriction on casting (e.g. "cast only during combat after blockers").
    timing: Callable[[GameState, int], bool] | None = None
    timing_rule: str = ""
    #: The rule and reason a failed ``timing`` cites when it depends on the moment
    #: (Flash Foliage: 506.6f once the declare blockers step was skipped).
    timing_why: Callable[[GameState, int], tuple[str, str]] | None = None
    additional_cost: Cost | None = None
    #: Entwine (702.41): choosing all modes costs this much more.
    entwine: Cost | None = None
    #: "This spell costs {N} more to cast for each target beyond the first" (601.2f: the
    #: total cost is determined after the targets are chosen).
    extra_target_cost: int = 0
    #: "Spend only [B] mana on X" (106.6, 107.3): the mana type that must pay for X.
    x_mana: str | None = None
    #: Alternative costs printed on the card (117.9), e.g. Demon of Death's Gate's.
    alternative_costs: tuple[AlternativeCost, ...] = ()


@dataclass(frozen=True, eq=False)
class ManaProduction(Immutable):
    """What a mana ability adds: one choice among ``options`` (each a string of units)."""

    options: tuple[str, ...]
    #: "Add {G} for each Elf you control": how many of the chosen mana (default one set).
    amount: Callable[[GameState, GameObject], int] | None = None

    def produce(self, game: GameState, source: GameObject, choice: str) -> str:
        return choice * self.amount(game, source) if self.amount is not None else choice


@dataclass(frozen=True, eq=False)
class ActivatedAbility(Ability):
    """``[Cost]: [Effect.]`` (CR 602).  Mana abilities (CR 605) set ``mana``."""

    cost: Cost
    effect: Effect | None = None
    targets: tuple[TargetSpec, ...] = ()
    mana: ManaProduction | None = None
    sorcery_speed: bool = False
    text: str = ""
    kind: str = "activated"
    has_x: bool = False
    #: Extra restriction: a predicate on (game, source object).
    condition: Callable[[GameState, GameObject], bool] | None = None
    condition_text: str = ""
    once_per_turn: bool = False
    #: Zones it can be activated from (112.6): e.g. ``("graveyard",)``.
    zones: tuple[str, ...] = ("battlefield",)
    #: A modal activated ability ("{G}: Choose one - ...", 700.2) is defined as one
    #: ability per mode: ``mode`` is this one's 1-based mode, 0 for a non-modal ability.
    #: Adjacent abilities with mode 1, 2, ... are one printed ability.
    mode: int = 0

    @property
    def is_mana_ability(self) -> bool:
        return self.mana is not None

    @property
    def is_loyalty(self) -> bool:
        return self.cost.loyalty is not None


@dataclass(frozen=True, eq=False)
class TriggeredAbility(Ability):
    """``When/Whenever/At [event], [effect]`` (CR 603).

    ``event`` names an event kind (see :mod:`manastack.log`);
    ``condition(game, event, source)`` says whether this event triggers it
    (e.g. "a creature you control"); ``intervening_if`` is checked both on
    triggering and on resolution (CR 603.4).  With ``event == "state"`` it is a state
    trigger (603.8): ``condition(game, None, source)`` is the game state it waits for.
    """

    event: str
    effect: Effect | None = None
    condition: Callable[[GameState, Any, GameObject], bool] | None = None
    targets: tuple[TargetSpec, ...] = ()
    intervening_if: Callable[[GameState, GameObject], bool] | None = None
    optional: bool = False
    text: str = ""
    kind: str = "triggered"
    #: Zones in which this ability works (default: battlefield).  "dies"-style
    #: leaves-the-battlefield abilities look back in time (CR 603.10).
    zones: tuple[str, ...] = ("battlefield",)
    #: "[N] damage divided as you choose among [its targets]": the total divided as the
    #: ability is put on the stack (601.2d, 603.3d); each target gets at least 1.
    divided: int = 0
    #: Who chooses the targets, from the trigger's event data (default: its controller,
    #: 603.3d); target words ("one of their opponents controls") are read from that
    #: player's side, as in "its controller chooses target creature ..." (Necrotic Plague).
    target_chooser: Callable[[GameState, dict[str, Any]], int | None] | None = None
    #: "At the beginning of each player's [step]": with shared team turns the team's step
    #: is each of its players' (805.4a), so it triggers once for each active player, the
    #: event's ``player`` ("that player") being that one.
    each_active_player: bool = False
    #: What the ability remembers of the moment it triggered, beyond its event's data:
    #: ``capture(game, event, source)`` returns more data (Chandra, the Firebrand: the
    #: spell as it is now, to copy it as it last existed, 608.2g).  Events are immutable.
    capture: Callable[[GameState, Any, Any], dict[str, Any]] | None = None


@dataclass(frozen=True, eq=False)
class StaticAbility(Ability):
    """A static ability (CR 604): continuous effects it generates while it functions.

    ``effects(game, source)`` returns the continuous effects
    (:class:`manastack.rules.layers.LayerEffect`) it generates now.
    ``rules`` holds rule hooks read directly by the engine, e.g.
    ``("cant_attack",)``.
    """

    effects: Callable[[GameState, GameObject], list[Any]] | None = None
    text: str = ""
    kind: str = "static"
    zones: tuple[str, ...] = ("battlefield",)
    #: Replacement/prevention effects (see :mod:`manastack.rules.replacement`).
    replacements: Callable[[GameState, GameObject], list[Any]] | None = None
    #: A rule hook read by the engine (see :mod:`manastack.rules.static`), e.g.
    #: ``"skip_step"``, ``"cant_attack"``, ``"doesnt_untap"``; ``check`` refines it.
    #: ``"as_enters_choice"`` ("As this enters, choose ...", 614.12a): ``check(game, obj,
    #: controller)`` gives the choice (options, min, max, prompt, purpose) for ``obj``
    #: about to enter under ``controller``'s control, the player who makes it.
    rule: str = ""
    check: Callable[..., Any] | None = None


# ---------------------------------------------------------------- card definition


@dataclass(frozen=True, eq=False)
class CardDef(Immutable):
    """A card: printed characteristics plus behaviour.  Shared, never mutated."""

    name: str
    mana_cost: ManaCost
    colors: frozenset[str]
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    power: str | None
    toughness: str | None
    loyalty: int | None
    keywords: frozenset[str]
    abilities: tuple[Ability, ...] = ()
    spell: SpellAbility | None = None
    text: str = ""
    #: Characteristic-defining ability for */* (CR 604.3): (game, obj) -> (p, t).
    cda: Callable[[GameState, GameObject], tuple[int | None, int | None]] | None = None
    #: Behaviour implemented (False for vanilla? no: vanilla cards are implemented).
    implemented: bool = True
    is_token: bool = False
    #: Rule flags read by the engine ("attacks each combat if able", ...).
    flags: frozenset[str] = frozenset()

    @property
    def is_permanent_card(self) -> bool:
        return bool(self.types & {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})

    @property
    def type_line(self) -> str:
        left = " ".join([*self.supertypes, *self.types])
        return f"{left} \u2014 {' '.join(self.subtypes)}" if self.subtypes else left


def _int_or_none(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return None


#: Names of the card definitions built by hand (tokens such as Saproling): a scenario
#: may name them although they aren't cards of the pool.
MADE_NAMES: Final[set[str]] = set()


def make_card(name: str, mana_cost: str | None = None, types: Sequence[str] = (),
              subtypes: Sequence[str] = (), supertypes: Sequence[str] = (),
              power: str | int | None = None, toughness: str | int | None = None,
              loyalty: int | None = None, keywords: Sequence[str] = (),
              colors: Sequence[str] | None = None, abilities: Sequence[Ability] = (),
              spell: SpellAbility | None = None, text: str = "",
              cda: Callable[[GameState, GameObject], tuple[int | None, int | None]] | None = None,
              is_token: bool = False, flags: Sequence[str] = ()) -> CardDef:
    """Build a card definition by hand (tokens, test cards)."""
    MADE_NAMES.add(name)
    mc = ManaCost.parse(mana_cost)
    cols = frozenset(colors) if colors is not None else mc.colors
    return CardDef(
        name=name, mana_cost=mc, colors=cols, supertypes=frozenset(supertypes),
        types=frozenset(types), subtypes=frozenset(subtypes),
        power=None if power is None else str(power),
        toughness=None if toughness is None else str(toughness),
        loyalty=loyalty, keywords=frozenset(k.lower() for k in keywords),
        abilities=tuple(abilities), spell=spell, text=text, cda=cda, is_token=is_token,
        flags=frozenset(flags))


def base_power(card: CardDef) -> int | None:
    return _int_or_none(card.power) if card.power is not None else None


def base_toughness(card: CardDef) -> int | None:
    return _int_or_none(card.toughness) if card.toughness is not None else None


def printed_pt(card: CardDef) -> tuple[int | None, int | None]:
    """Printed P/T with ``*`` parts counted as 0 (CR 208.2)."""
    def conv(v: str | None) -> int | None:
        if v is None:
            return None
        total = 0
        for part in v.replace("*", "0").replace("-", "+-").split("+"):
            part = part.strip()
            if part and part not in ("-",):
                try:
                    total += int(part)
                except ValueError:
                    return 0
        return total
    return conv(card.power), conv(card.toughness)


# ---------------------------------------------------------------- static abilities' effects

#: Effects functions of static abilities -> the only layers their effects can be in.
_EFFECT_LAYERS: Final[dict[Callable[..., Any], frozenset[str]]] = {}
#: Effects functions of static abilities declared never to add abilities.
_ADDS_NO_ABILITIES: Final[set[Callable[..., Any]]] = set()


def declare_layers(effects: Callable[..., Any], layers: frozenset[str],
                   adds_abilities: bool = True) -> None:
    """Declare that the effects function of a static ability only ever makes effects in
    ``layers`` (and, with ``adds_abilities`` False, never gives an object an ability): it is
    then not asked for its effects in the other layers, and triggered abilities and rule
    hooks are looked for on the printed abilities only.  The function must read nothing
    but its source's controller (it is asked at fewer moments)."""
    _EFFECT_LAYERS[effects] = layers
    if not adds_abilities:
        _ADDS_NO_ABILITIES.add(effects)


def may_add_abilities(effects: Callable[..., Any]) -> bool:
    """May the effects of this static ability's effects function add abilities?"""
    return effects not in _ADDS_NO_ABILITIES


def declared_layers(effects: Callable[..., Any]) -> frozenset[str] | None:
    """The layers :func:`declare_layers` said ``effects`` makes effects in, or None."""
    return _EFFECT_LAYERS.get(effects)


# ---------------------------------------------------------------- effects


class Effect(Immutable):
    """Base class: ``resolve(game, ctx)`` does it."""

    text: str = ""

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        raise NotImplementedError

    def reports_changes(self) -> bool:
        """Does :meth:`resolve` tell the game of every change it makes itself
        (``Game.changed``), with no replacement effect involved?  Else the resolution
        makes a wide change after it (``resolution._run_one``)."""
        return False


@dataclass(frozen=True, eq=False)
class Custom(Effect):
    """A plain function for the rare card the vocabulary can't say."""

    fn: Callable[[GameState, Ctx], None]
    text: str = ""

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        self.fn(game, ctx)



@dataclass
class Ctx:
    """What an effect needs while it resolves: source, controller, targets, X, modes."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Ctx:
        return deepcopy_fields(self, memo)

    source: int
    source_name: str
    controller: int
    targets: tuple[Ref, ...] = ()
    specs: tuple[TargetSpec, ...] = ()
    legal: tuple[bool, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    #: The resolving spell or ability's id (for "this spell").
    object_id: int = 0

    def __init__(self, source: int, source_name: str, controller: int,
                 targets: tuple[Ref, ...] = (), specs: tuple[TargetSpec, ...] = (),
                 legal: tuple[bool, ...] = (), x: int = 0, modes: tuple[int, ...] = (),
                 data: dict[str, Any] | None = None, object_id: int = 0) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.source = source
        self.source_name = source_name
        self.controller = controller
        self.targets = targets
        self.specs = specs
        self.legal = legal
        self.x = x
        self.modes = modes
        self.data = {} if data is None else data
        self.object_id = object_id

    def spec_slices(self) -> list[tuple[int, int]]:
        out = []
        i = 0
        remaining = len(self.targets)
        for n, spec in enumerate(self.specs):
            # Greedy split: each spec takes up to its count, leaving enough for the rest.
            rest_min = sum(s.min_count for s in self.specs[n + 1:])
            take = min(spec.count, max(0, remaining - rest_min))
            out.append((i, i + take))
            i += take
            remaining -= take
        return out

    def target_refs(self, spec_index: int = 0) -> list[Ref]:
        """Still-legal targets chosen for the ``spec_index``-th target word."""
        if spec_index >= len(self.specs):
            return []
        a, b = self.spec_slices()[spec_index]
        return [self.targets[k] for k in range(a, b)
                if k < len(self.legal) and self.legal[k]]


share_type(Immutable)

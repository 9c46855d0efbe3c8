"""The card behaviour vocabulary: card definitions, abilities, selectors, targets, costs.

A card is data (characteristics from the card database) plus behaviour built
from these pieces::

    card("Prodigal Pyromancer",
         activated(cost(tap=True), deal_damage(1, target(0)),
                   targets=[creature_or_player]))

Definitions are immutable and shared between games and copies of a game:
``copy.deepcopy`` returns them as they are.  Effects (what happens on
resolution) live in :mod:`manastack.cards.effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from manastack.game.mana import ManaCost
from manastack.game.objects import NARROW_CHANGES, GameObject, PlayerRef, Ref

if TYPE_CHECKING:
    from manastack.cards.effects import Effect
    from manastack.game.state import Game


class Immutable:
    """Mixin: shared definitions are never copied with a game."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Immutable:
        return self

    def __copy__(self) -> Immutable:
        return self


# ---------------------------------------------------------------- selectors

#: ``Selector.reads`` of a test reading no narrow kind of state (characteristics, zones,
#: controllers and players only).
NOTHING: Final[frozenset[str]] = frozenset()
#: ``Selector.reads`` of a test reading what attacks or blocks.
_COMBAT: Final[frozenset[str]] = frozenset({"combat"})


class Selector(Immutable):
    """A test on an object or player, composable with ``&``, ``|`` and ``~``.

    ``test(game, ref, controller, source)`` is true when ``ref`` qualifies,
    seen from ``controller`` (the player controlling the ability) and
    ``source`` (the object with the ability, or None).  ``reads`` names the narrow kinds
    of state change (:data:`~manastack.game.objects.NARROW_CHANGES`: "tapped", "combat"...)
    the test may depend on; by default all of them (the vocabulary's selectors say less).
    """

    __slots__ = ("fn", "text", "reads")

    def __init__(self, fn: Callable[[Game, Ref, int, int | None], bool], text: str,
                 reads: frozenset[str] = NARROW_CHANGES) -> None:
        self.fn = fn
        self.text = text
        self.reads = reads

    def test(self, game: Game, ref: Ref, controller: int, source: int | None = None) -> bool:
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


def _obj(game: Game, ref: Ref) -> GameObject | None:
    if isinstance(ref, PlayerRef):
        return None
    o = game.objects.get(ref)
    return o if isinstance(o, GameObject) else None


def of_type(t: str) -> Selector:
    """Permanents or cards of card type ``t`` (CR 205.2)."""
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and t in g.chars(o).types
    return Selector(f, t.lower(), NOTHING)


def with_subtype(t: str) -> Selector:
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and t in g.chars(o).subtypes
    return Selector(f, t, NOTHING)


def with_keyword(k: str) -> Selector:
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and k in g.chars(o).keywords
    return Selector(f, f"with {k}", NOTHING)


def of_color(col: str) -> Selector:
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and col in g.chars(o).colors
    return Selector(f, col, NOTHING)


def _on_battlefield(g: Game, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and o.zone == "battlefield" and not o.phased_out


def _player(g: Game, r: Ref, c: int, s: int | None) -> bool:
    return isinstance(r, PlayerRef) and g.players[r.index].in_game


def _you_control(g: Game, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and g.controller(o) == c


def _opp_control(g: Game, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and g.controller(o) in g.opponents(c)  # 102.3: not a teammate


def _is_you(g: Game, r: Ref, c: int, s: int | None) -> bool:
    return isinstance(r, PlayerRef) and r.index == c


def _is_opponent(g: Game, r: Ref, c: int, s: int | None) -> bool:
    return isinstance(r, PlayerRef) and r.index in g.opponents(c)  # 102.3: not a teammate


def _other(g: Game, r: Ref, c: int, s: int | None) -> bool:
    return r != s


def _spell(g: Game, r: Ref, c: int, s: int | None) -> bool:
    o = g.objects.get(r) if not isinstance(r, PlayerRef) else None
    return isinstance(o, GameObject) and o.zone == "stack"


def _tapped(g: Game, r: Ref, c: int, s: int | None) -> bool:
    o = _obj(g, r)
    return o is not None and o.tapped


def _attacking(g: Game, r: Ref, c: int, s: int | None) -> bool:
    return not isinstance(r, PlayerRef) and g.combat is not None and r in g.combat.attackers


def _blocking(g: Game, r: Ref, c: int, s: int | None) -> bool:
    return not isinstance(r, PlayerRef) and g.combat is not None and r in g.combat.blockers


permanent = Selector(_on_battlefield, "permanent", NOTHING)
player = Selector(_player, "player", NOTHING)
you_control = Selector(_you_control, "you control", NOTHING)
opponent_controls = Selector(_opp_control, "an opponent controls", NOTHING)
you = Selector(_is_you, "you", NOTHING)
opponent = Selector(_is_opponent, "opponent", NOTHING)
another = Selector(_other, "other", NOTHING)
spell = Selector(_spell, "spell", NOTHING)
tapped = Selector(_tapped, "tapped", frozenset({"tapped"}))
attacking = Selector(_attacking, "attacking", _COMBAT)
blocking = Selector(_blocking, "blocking", _COMBAT)
creature = permanent & of_type("Creature")
land = permanent & of_type("Land")
artifact = permanent & of_type("Artifact")
enchantment = permanent & of_type("Enchantment")
planeswalker = permanent & of_type("Planeswalker")
nonland_permanent = permanent & ~of_type("Land")
#: "target creature or player": the 2017 wording of burn spells (a planeswalker is reached
#: by redirecting damage dealt to its controller, 306.7; "any target" came in 2018)
creature_or_player = creature | player


def card_in(zone: str) -> Selector:
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and o.zone == zone
    return Selector(f, f"card in {zone}", NOTHING)


def owned_by_you() -> Selector:
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and o.owner == c
    return Selector(f, "you own", NOTHING)


def where(fn: Callable[[Game, GameObject], bool], text: str) -> Selector:
    """A selector from a predicate on objects."""
    def f(g: Game, r: Ref, c: int, s: int | None) -> bool:
        o = _obj(g, r)
        return o is not None and fn(g, o)
    return Selector(f, text)


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


def target_of(selector: Selector, text: str | None = None, count: int = 1,
              min_count: int | None = None, zones: tuple[str, ...] = ()) -> TargetSpec:
    """``target_of(creature)``; for cards in graveyards pass ``zones=("graveyard",)`` and a
    selector such as ``card_in("graveyard") & of_type("Creature")``."""
    return TargetSpec(selector, text or f"target {selector.text}", count,
                      count if min_count is None else min_count, zones)


#: The common targets, shared by the card sets ("target creature or player" is the 2017
#: wording of burn, 306.7).
CREATURE_OR_PLAYER: Final = target_of(creature_or_player, "target creature or player")
CREATURE: Final = target_of(creature, "target creature")
PLAYER: Final = target_of(player, "target player")


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


def cost(mana: str | None = None, **kw: Any) -> Cost:
    """``cost("{1}{R}", tap=True)``."""
    return Cost(mana=ManaCost.parse(mana), **kw)


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
    timing: Callable[[Game, int], bool] | None = None
    timing_rule: str = ""
    #: The rule and reason a failed ``timing`` cites when it depends on the moment
    #: (Flash Foliage: 506.6f once the declare blockers step was skipped).
    timing_why: Callable[[Game, int], tuple[str, str]] | None = None
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
    amount: Callable[[Game, GameObject], int] | None = None

    def produce(self, game: Game, source: GameObject, choice: str) -> str:
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
    condition: Callable[[Game, GameObject], bool] | None = None
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
    condition: Callable[[Game, Any, GameObject], bool] | None = None
    targets: tuple[TargetSpec, ...] = ()
    intervening_if: Callable[[Game, GameObject], bool] | None = None
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
    target_chooser: Callable[[Game, dict[str, Any]], int | None] | None = None
    #: "At the beginning of each player's [step]": with shared team turns the team's step
    #: is each of its players' (805.4a), so it triggers once for each active player, the
    #: event's ``player`` ("that player") being that one.
    each_active_player: bool = False
    #: What the ability remembers of the moment it triggered, beyond its event's data:
    #: ``capture(game, event, source)`` returns more data (Chandra, the Firebrand: the
    #: spell as it is now, to copy it as it last existed, 608.2g).  Events are immutable.
    capture: Callable[[Game, Any, Any], dict[str, Any]] | None = None


@dataclass(frozen=True, eq=False)
class StaticAbility(Ability):
    """A static ability (CR 604): continuous effects it generates while it functions.

    ``effects(game, source)`` returns the continuous effects
    (:class:`manastack.rules.layers.LayerEffect`) it generates now.
    ``rules`` holds rule hooks read directly by the engine, e.g.
    ``("cant_attack",)``.
    """

    effects: Callable[[Game, GameObject], list[Any]] | None = None
    text: str = ""
    kind: str = "static"
    zones: tuple[str, ...] = ("battlefield",)
    #: Replacement/prevention effects (see :mod:`manastack.rules.replacement`).
    replacements: Callable[[Game, GameObject], list[Any]] | None = None
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
    cda: Callable[[Game, GameObject], tuple[int | None, int | None]] | None = None
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
              cda: Callable[[Game, GameObject], tuple[int | None, int | None]] | None = None,
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

"""Scenario files (``/work/shared/SCENARIOS.md``): parsing and validation.

This module turns a YAML scenario file into frozen, typed dataclasses so that
the engine driver never sees raw YAML.  Everything malformed raises
:class:`manastack.errors.ScenarioError` whose message names the file, the
scenario and the entry, e.g.::

    foo.yaml: scenario 'X': script entry 3: unknown key 'cats' (line 12)
    foo.yaml: scenario 'X': state.A.battlefield[2]: 'tapped' must be true/false (line 9)

Positions in messages (``script entry 3``, ``battlefield[2]``) count from 1,
as written in the file (before counts such as ``"3 Forest"`` are expanded).
The decisions taken where SCENARIOS.md is silent are listed in
``docs/scenarios.md``.

Card names are *not* checked here: :func:`all_card_names` lists the cards a
scenario puts into the game and :func:`referenced_names` the names its script
and expectations refer to, so that the driver can check them against the card
pool in one place (and raise :meth:`Scenario.name_error`).

Values are plain Python objects; the dataclasses are frozen but the dicts they
hold are ordinary dicts: treat them as read-only.

Files are bounded (:mod:`manastack.limits`): size, YAML nodes (an alias counting as the
nodes it repeats, so that an alias bomb is refused before it is expanded), aliases,
nesting, integers, string lengths and the cards a file puts into its games.  A file
over a limit raises :class:`~manastack.errors.ScenarioLimitError` (a ScenarioError) with
one line naming the file, the line and the limit.
"""

from __future__ import annotations

import difflib
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, NoReturn

import yaml
from mypy_extensions import mypyc_attr

from manastack.errors import ScenarioError, ScenarioLimitError
from manastack.limits import (
    MAX_SCENARIO_CARDS,
    MAX_SCENARIO_FILE_BYTES,
    MAX_SCENARIO_INT,
    MAX_SCENARIO_TEXT,
    MAX_YAML_ALIASES,
    MAX_YAML_DEPTH,
    MAX_YAML_NODES,
    read_text_limited,
    shown_path,
)
from manastack.reprs import brief

__all__ = [
    "ALL_ZONES", "CHOOSE_BOOLEANS", "FILLER_SIZE", "MAX_COUNT", "MULLIGANS", "OBJECT_ZONES",
    "STEPS", "VARIANTS", "VERBS",
    "CardSpec", "Expectations", "PlayerExpect", "PlayerState", "Scenario", "ScriptEntry",
    "Start", "Stop",
    "all_card_names", "find_scenario_files", "load_scenarios", "parse_card_count",
    "parse_scenarios", "referenced_names",
]

# --------------------------------------------------------------------------- constants

#: Step names in turn order (``combat_damage_2`` is the second combat damage
#: step when a creature has first or double strike).
STEPS: tuple[str, ...] = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "combat_damage_2", "end_of_combat",
    "postcombat_main", "end", "cleanup",
)
GAME_START = "game_start"
_STEP_ORDER = {name: i for i, name in enumerate(STEPS)}

VARIANTS: tuple[str, ...] = (
    "two_player", "free_for_all", "two_headed_giant", "commander", "archenemy",
    "planechase", "vanguard", "supervillain_rumble",
)
MULLIGANS: tuple[str, ...] = ("paris", "vancouver", "london", "commander")
DEFAULT_MULLIGAN = "paris"
DEFAULT_FILLER = "Plains"
#: Size of a library made of ``options.filler`` when ``library`` is absent.
FILLER_SIZE = 40
#: Largest count accepted in ``"N Card Name"``.
MAX_COUNT = 1000

#: The verbs of script entries; each entry has exactly one.
VERBS: tuple[str, ...] = (
    "cast", "activate", "play", "pass", "special", "attack", "block", "order", "assign",
    "mulligan", "bottom", "scry_bottom", "choose", "concede",
)
PRIORITY_VERBS = frozenset({"cast", "activate", "play", "pass", "special"})
#: Zones a player's cards can be listed in (``state``) and checked in (``expect``).
ALL_ZONES: tuple[str, ...] = ("battlefield", "hand", "library", "graveyard", "exile", "command")
#: Values of ``expect.objects.X.zone``.
OBJECT_ZONES: tuple[str, ...] = ALL_ZONES + ("stack",)
#: Zones a ``cast``/``play``/``activate`` may take a card ``from``.
FROM_ZONES: tuple[str, ...] = ("hand", "graveyard", "exile", "command", "library")
#: Strings in ``choose`` that mean a yes/no answer (case-insensitive).
CHOOSE_BOOLEANS = {"yes": True, "no": False, "true": True, "false": False}

_TOP_KEYS = ("name", "cite", "seed", "options", "players", "start", "state", "decks",
             "script", "stop", "expect", "puzzle")
_OPTION_KEYS = ("variant", "mulligan", "filler", "extra")
_START_KEYS = ("turn", "active", "step", "first")
_STOP_KEYS = ("turn", "step", "game_over")
_STATE_KEYS = ("life", "poison", "mana_pool") + ALL_ZONES
_CARD_KEYS = ("card", "as", "tapped", "sick", "damage", "counters", "controller",
              "attached_to", "phased_out", "face_down", "transformed", "loyalty")
#: Attribute keys allowed on a card entry, by zone.
_CARD_KEYS_BY_ZONE: dict[str, tuple[str, ...]] = {
    "battlefield": _CARD_KEYS,
    "exile": ("card", "as", "face_down", "counters"),
    "hand": ("card", "as"),
    "library": ("card", "as"),
    "graveyard": ("card", "as"),
    "command": ("card", "as"),
}
_MODIFIERS: dict[str, frozenset[str]] = {
    "targets": frozenset({"cast", "activate"}),
    "x": frozenset({"cast", "activate"}),
    "modes": frozenset({"cast", "activate"}),
    "from": frozenset({"cast", "activate", "play"}),
    "alt_cost": frozenset({"cast"}),
    "pay": frozenset({"cast", "activate"}),
    "ability": frozenset({"activate"}),
    "respond_to": frozenset({"cast", "activate", "play", "pass"}),
    "for": frozenset({"choose"}),
    "bands": frozenset({"attack"}),
}
_ENTRY_KEYS = ("turn", "step", "player", "illegal", "rule") + VERBS + tuple(_MODIFIERS)
_EXPECT_PLAYER_KEYS = (("life", "poison", "lost", "mana_pool") + ALL_ZONES
                       + tuple(f"{z}_has" for z in ALL_ZONES)
                       + tuple(f"{z}_size" for z in ALL_ZONES))
_OBJECT_KEYS = ("zone", "controller", "tapped", "damage", "power", "toughness", "counters",
                "attacking", "blocking", "loyalty", "phased_out")
_GAME_KEYS = ("over", "winner", "turn", "step", "active", "stack")
_RESERVED_EXPECT = ("objects", "game", "log_cites")

_RULE_RE = re.compile(r"^\d{3}(\.\d+[a-z]*)?$")
_COUNT_RE = re.compile(r"^(\d+)[xX]?\s+(\S.*)$")
_COUNT_LIKE_RE = re.compile(r"^(?:[+-]?\d\S*|[xX]\d*)(?:\s|$)")
_MANA_RE = re.compile(r"^(?:\{[WUBRGC]\}|[WUBRGC])*$")


# --------------------------------------------------------------------------- dataclasses

@dataclass(frozen=True)
class CardSpec:
    """One card of ``state`` (``"3 Forest"`` gives three CardSpecs).

    Outside the battlefield only ``name`` and ``alias`` (and in exile
    ``face_down`` and ``counters``) can be set; the rest keep their defaults.
    ``controller`` is ``None`` for "its owner" (the player whose state lists it);
    ``attached_to`` is an alias, a card name or a player name.
    """

    name: str
    alias: str | None = None
    tapped: bool = False
    sick: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    controller: str | None = None
    attached_to: str | None = None
    phased_out: bool = False
    face_down: bool = False
    transformed: bool = False
    loyalty: int | None = None

    @property
    def ref(self) -> str:
        """How the rest of the file refers to it: the alias, else the card name."""
        return self.alias or self.name


@dataclass(frozen=True)
class PlayerState:
    """A player's part of ``state``; every field optional.

    ``life``/``poison`` ``None`` mean the variant's defaults.  ``library`` is
    ``None`` when absent: the driver then uses ``FILLER_SIZE`` copies of
    ``options["filler"]``; ``()`` is an explicitly empty library.  Libraries
    list the top card first.  ``mana_pool`` is normalised to WUBRGC order
    (``"RG"``), ``None`` when absent.
    """

    life: int | None = None
    poison: int | None = None
    battlefield: tuple[CardSpec, ...] = ()
    hand: tuple[CardSpec, ...] = ()
    library: tuple[CardSpec, ...] | None = None
    graveyard: tuple[CardSpec, ...] = ()
    exile: tuple[CardSpec, ...] = ()
    command: tuple[CardSpec, ...] = ()
    mana_pool: str | None = None
    #: The variant's own keys (``Variant.scenario_state_keys``: ``commander_casts``...);
    #: ``per_player`` values map player names to numbers.
    variant: dict[str, Any] = field(default_factory=dict)

    def zone(self, name: str) -> tuple[CardSpec, ...] | None:
        """The cards listed in zone ``name`` (one of ``ALL_ZONES``)."""
        return getattr(self, name)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class ScriptEntry:
    """One decision of the script.

    ``index`` is the 1-based position in ``script``.  ``verb`` is one of
    ``VERBS`` and ``value`` its normalised value:

    ========== =========================================================
    cast        ``str`` (card name or alias); also ``activate``, ``play``
    pass        ``True``
    attack      ``dict[str, str | None]`` attacker -> player/planeswalker
                (``None``: not said, from the list form)
    block       ``dict[str, tuple[str, ...]]`` blocker -> attackers
    order       ``dict[str, tuple[str, ...]]`` creature -> damage order
    assign      ``dict[str, dict[str, int]]`` creature -> recipient -> amount
    mulligan    ``bool``; also ``scry_bottom``
    bottom      ``tuple[str, ...]``
    choose      ``bool`` (yes/no), ``int``, ``str`` or a ``tuple`` of those
    ========== =========================================================

    ``from_zone`` is ``None`` when not given (the hand for ``cast``).  ``pay``
    is ``None`` (automatic), ``"pool"`` or a tuple of permanents to tap.
    ``raw`` is the entry as written (plain dicts and lists).
    """

    index: int
    player: str
    verb: str
    value: Any
    turn: int | None = None
    step: str | None = None
    targets: tuple[str, ...] = ()
    x: int | None = None
    modes: tuple[int, ...] = ()
    from_zone: str | None = None
    alt_cost: str | None = None
    pay: tuple[str, ...] | str | None = None
    ability: int | None = None
    respond_to: str | None = None
    illegal: bool = False
    rule: str | None = None
    for_: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Start:
    """Where the game begins.

    For ``step == "game_start"``: ``turn`` is 1, ``active`` is ``None`` and
    ``first`` the starting player as given (``None``: the first seat, unless the
    variant's rules name the starting player, as Archenemy does, 103.2b).  Otherwise
    ``active`` is resolved (default the first seat) and ``first`` is ``None``.
    """

    turn: int
    active: str | None
    step: str
    first: str | None = None


@dataclass(frozen=True)
class Stop:
    """``game_over=True`` (turn and step ``None``), or a turn and step to stop at."""

    turn: int | None = None
    step: str | None = None
    game_over: bool = False


@dataclass(frozen=True)
class PlayerExpect:
    """What must hold for one player.

    ``zones`` maps a zone to the exact multiset of names (counts expanded);
    ``has`` maps a zone to names that must be there at least (``hand_has``...);
    ``sizes`` maps a zone to its number of cards (``hand_size``...).
    """

    life: int | None = None
    poison: int | None = None
    lost: bool | None = None
    mana_pool: str | None = None
    zones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    has: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    #: The variant's own keys (``Variant.scenario_expect_keys``): ``commander_damage``,
    #: ``planar_deck`` (a tuple of names, top first)...
    variant: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Expectations:
    """``expect``.  Only what is named here is checked.

    ``objects`` maps an alias or card name to the checked keys (``zone``,
    ``controller``, ``tapped``, ``damage``, ``power``, ``toughness``,
    ``counters`` (a ``dict[str, int]``), ``attacking``, ``blocking``,
    ``loyalty``, ``phased_out``).  ``game`` holds the checked keys among
    ``over``, ``winner`` (a player, or ``None`` for "nobody won"), ``turn``,
    ``step``, ``active`` and ``stack`` (a tuple of names, top first).
    """

    players: dict[str, PlayerExpect] = field(default_factory=dict)
    objects: dict[str, dict[str, Any]] = field(default_factory=dict)
    game: dict[str, Any] = field(default_factory=dict)
    log_cites: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.players or self.objects or self.game or self.log_cites)


@dataclass(frozen=True)
class Scenario:
    """One scenario of a file.

    ``options`` always holds ``variant``, ``mulligan`` and ``filler`` (defaults
    filled in).  ``state`` has an entry for every player, except in a
    ``game_start`` scenario where it is empty and ``decks`` has one for every
    player: a tuple of card names (library order, counts expanded) or a deck
    file path as written (see :meth:`resolve_path`).  ``index`` is the 1-based
    position of the scenario in its file; ``label`` is the message prefix
    (``"foo.yaml: scenario 'X'"``).
    """

    name: str
    cite: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    players: tuple[str, ...]
    start: Start
    state: dict[str, PlayerState]
    decks: dict[str, tuple[str, ...] | str]
    script: tuple[ScriptEntry, ...]
    stop: Stop | None
    expect: Expectations
    path: str
    index: int
    label: str = field(default="", compare=False)
    #: card name -> (where, line) of its first mention in state/decks.
    name_locations: dict[str, tuple[str, int | None]] = field(
        default_factory=dict, compare=False, repr=False)
    #: The ``puzzle:`` section (a :class:`manastack.scenario.puzzles.Puzzle`), or None.
    puzzle: Any = field(default=None, compare=False, repr=False)

    @property
    def aliases(self) -> set[str]:
        """Every alias given with ``as:``."""
        return {c.alias for ps in self.state.values() for z in ALL_ZONES
                for c in (ps.zone(z) or ()) if c.alias}

    @property
    def starts_at_game_start(self) -> bool:
        return self.start.step == GAME_START

    def resolve_path(self, path: str) -> Path:
        """A path written in the file (a deck file), relative to the file's folder."""
        p = Path(path).expanduser()
        return p if p.is_absolute() else Path(self.path).parent / p

    def error(self, where: str, message: str, line: int | None = None) -> ScenarioError:
        """A ScenarioError in the usual format, for problems found by the driver."""
        text = f"{self.label}: {where}: {message}" if where else f"{self.label}: {message}"
        return ScenarioError(text + (f" (line {line})" if line else ""))

    def name_error(self, name: str, message: str) -> ScenarioError:
        """A ScenarioError about card ``name``, located at its first mention if known."""
        where, line = self.name_locations.get(name, ("", None))
        return self.error(where, message, line)


# --------------------------------------------------------------------------- YAML loading

class _Map(dict):  # type: ignore[type-arg]
    """A YAML mapping that remembers its line and the lines of its values."""

    line: int | None = None
    lines: dict[Any, int]


@mypyc_attr(native_class=False)
class _Seq(list):  # type: ignore[type-arg]
    """A YAML sequence that remembers its line and its items' lines."""

    line: int | None = None
    item_lines: list[int]


#: PyYAML's loader over libyaml when it has it (its wheels do): the scanning, parsing and
#: composing run in C, a hundred times as fast as in Python.
_BaseLoader: Any = getattr(yaml, "CSafeLoader", None) if yaml.__with_libyaml__ \
    else yaml.SafeLoader


class _Loader(_BaseLoader):  # type: ignore[misc]
    """SafeLoader that rejects duplicate keys, records line numbers and refuses integers
    beyond ``MAX_SCENARIO_INT`` (the other limits: :class:`_Limits`)."""

    def __init__(self, stream: str, path: str = "<string>") -> None:
        super().__init__(stream)
        self.path = path

    def refuse(self, mark: Any, message: str) -> NoReturn:
        line = f" line {mark.line + 1}" if mark is not None else ""
        raise ScenarioLimitError(f"{self.path}{line}: {message}")


class _Limits:
    """The limits of a file's composed YAML (its node graph, before anything is built
    from it): at most ``MAX_YAML_NODES`` nodes in all its documents, an alias counting as
    every node it repeats (computed, never expanded: a "billion laughs" bomb is refused
    from its graph of a few dozen nodes), at most ``MAX_YAML_ALIASES`` aliases, nesting
    at most ``MAX_YAML_DEPTH`` deep (aliases expanded), no alias inside the node it
    repeats.  Over a limit: :class:`ScenarioLimitError` naming the file and a line."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.nodes = 0
        self.aliases = 0

    def refuse(self, node: Any, message: str) -> NoReturn:
        mark = getattr(node, "start_mark", None)
        line = f" line {mark.line + 1}" if mark is not None else ""
        raise ScenarioLimitError(f"{self.path}{line}: {message} (the limit for a scenario "
                                 "file)")

    def count(self, nodes: int, node: Any) -> None:
        self.nodes += nodes
        if self.nodes > MAX_YAML_NODES:
            self.refuse(node, f"more than {MAX_YAML_NODES:,} YAML nodes, aliases expanded")

    def check(self, root: Any) -> None:
        """Check one document's node graph, in document order, stopping at the first
        node over a limit; each node is walked once (an alias adds the size of the node
        it repeats, known by then: an anchor comes before its aliases)."""
        sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (nodes, depth), expanded
        open_nodes: set[int] = set()  # the nodes whose children are being walked
        # (node, its parent, the nesting above it, whether its children are done)
        stack: list[tuple[Any, Any, int, bool]] = [(root, None, 0, False)]
        while stack:
            node, parent, above, done = stack.pop()
            key = id(node)
            if done:
                open_nodes.discard(key)
                kids = [sizes[id(k)] for k in _children(node)]
                sizes[key] = (1 + sum(n for n, _ in kids),
                              1 + max((d for _, d in kids), default=0))
                continue
            if key in open_nodes:  # (PyYAML couldn't build it either)
                mark = getattr(parent, "start_mark", None)
                where = f" (line {mark.line + 1})" if mark is not None else ""
                raise ScenarioError(f"{self.path}: invalid YAML: an alias inside the node "
                                    f"it repeats (a recursive alias){where}")
            known = sizes.get(key)
            if known is not None:  # a node met again: an alias (or a merge key)
                self.aliases += 1
                if self.aliases > MAX_YAML_ALIASES:
                    self.refuse(parent, f"more than {MAX_YAML_ALIASES} aliases")
                self.count(known[0], parent)
                if above + known[1] > MAX_YAML_DEPTH:
                    self.refuse(parent, self.too_deep)
                continue
            self.count(1, node)
            if not isinstance(node, yaml.CollectionNode):
                sizes[key] = (1, 0)
                continue
            if above + 1 > MAX_YAML_DEPTH:
                self.refuse(node, self.too_deep)
            open_nodes.add(key)
            stack.append((node, parent, above, True))
            stack.extend((k, node, above + 1, False) for k in reversed(_children(node)))

    too_deep: Final = f"YAML nested deeper than {MAX_YAML_DEPTH} levels, aliases expanded"


def _children(node: Any) -> list[Any]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _flow_depth(text: str) -> int:
    """An upper bound of the nesting of flow collections (``[``, ``{``; quotes not
    skipped): the pure-Python scanner is quadratic in it, so it is checked first."""
    depth = deepest = 0
    for found in re.finditer(r"[\[\]{}]", text):
        depth = depth + 1 if found.group() in "[{" else max(0, depth - 1)
        deepest = max(deepest, depth)
    return deepest


def _load_documents(text: str, path: str) -> list[Any]:
    """The YAML documents of ``text``, each checked by :class:`_Limits` before it is
    constructed (aliases are never expanded before)."""
    if not yaml.__with_libyaml__ and _flow_depth(text) > MAX_YAML_DEPTH:
        raise ScenarioLimitError(f"{path}: YAML nested deeper than {MAX_YAML_DEPTH} levels "
                                 "(the limit for a scenario file)")
    limits = _Limits(path)
    loader = _Loader(text, path)
    documents: list[Any] = []
    try:
        while loader.check_node():
            node = loader.get_node()
            limits.check(node)
            try:
                documents.append(loader.construct_document(node))
            except (IndexError, KeyError, TypeError, AttributeError, OverflowError) as exc:
                # (PyYAML's constructors fail so on a value their tag can't hold: !!int "")
                line = node.start_mark.line + 1
                raise ScenarioError(f"{path}: invalid YAML: a value its tag can't hold "
                                    f"({type(exc).__name__}) (in the document of line "
                                    f"{line})") from None
    except RecursionError:  # (pure Python: a composer deeper than the interpreter's stack)
        raise ScenarioLimitError(f"{path}: YAML nested deeper than {MAX_YAML_DEPTH} levels "
                                 "(the limit for a scenario file)") from None
    finally:
        loader.dispose()
    return documents


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int:
    """A YAML integer of at most ``MAX_SCENARIO_INT`` either way (a long one is refused
    before ``int()`` reads it)."""
    text = str(node.value)
    if len(text) > 40:
        loader.refuse(node.start_mark, f"the integer {text[:20]}... is out of range (the "
                                       f"limit is {MAX_SCENARIO_INT:,})")
    value: int = loader.construct_yaml_int(node)
    if abs(value) > MAX_SCENARIO_INT:
        loader.refuse(node.start_mark, f"the integer {brief(value)} is out of range (the "
                                       f"limit is {MAX_SCENARIO_INT:,})")
    return value


def _construct_map(loader: _Loader, node: yaml.MappingNode) -> _Map:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            continue
        key = loader.construct_object(key_node, deep=True)
        try:
            duplicate = key in seen
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark) from None
        if duplicate:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {brief(key)}", key_node.start_mark)
        seen.add(key)
    loader.flatten_mapping(node)
    result = _Map()
    result.line = node.start_mark.line + 1
    result.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = value_node.start_mark.line + 1
    return result


def _construct_seq(loader: _Loader, node: yaml.SequenceNode) -> _Seq:
    result = _Seq(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)
_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def _plain(value: Any) -> Any:
    """``value`` with the line-tracking containers replaced by dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# --------------------------------------------------------------------------- error context

class _At:
    """Where we are in a file, for error messages."""

    def __init__(self, label: str, path: str = "", line: int | None = None) -> None:
        self.label = label
        self.path = path
        self.line = line

    def fail(self, message: str, line: int | None = None,
             error: type[ScenarioError] = ScenarioError) -> NoReturn:
        line = line or self.line
        text = f"{self.label}: {self.path}: {message}" if self.path else f"{self.label}: {message}"
        raise error(text + (f" (line {line})" if line else ""))

    def limit(self, message: str, line: int | None = None) -> NoReturn:
        """Refuse an input over a limit of :mod:`manastack.limits`."""
        self.fail(message, line, ScenarioLimitError)

    def key(self, mapping: Any, key: str, label: str | None = None) -> _At:
        """The place of ``mapping[key]`` (path extended by ``label`` or the key)."""
        part = key if label is None else label
        path = f"{self.path}.{part}" if self.path else part
        return _At(self.label, path, _line_of(mapping, key) or self.line)

    def item(self, seq: Any, i: int) -> _At:
        """The place of ``seq[i]`` (shown 1-based)."""
        return _At(self.label, f"{self.path}[{i + 1}]", _item_line(seq, i) or self.line)

    def named(self, path: str, line: int | None) -> _At:
        return _At(self.label, path, line or self.line)

    def line_of(self, mapping: Any, key: Any) -> int | None:
        return _line_of(mapping, key) or self.line


def _line_of(mapping: Any, key: Any) -> int | None:
    lines = getattr(mapping, "lines", None)
    if lines and key in lines:
        return lines[key]  # type: ignore[no-any-return]
    return getattr(mapping, "line", None)


def _item_line(seq: Any, i: int) -> int | None:
    lines = getattr(seq, "item_lines", None)
    if lines and i < len(lines):
        return lines[i]  # type: ignore[no-any-return]
    return getattr(seq, "line", None)


def _show(value: Any) -> str:
    """A YAML value in a message, cut short (never the whole of a hostile value)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return brief(value)


def _check_keys(at: _At, mapping: Mapping[Any, Any], allowed: Iterable[str], what: str = "key") -> None:
    allowed = tuple(allowed)
    for key in mapping:
        if not isinstance(key, str):
            at.fail(f"{what} {_show(key)} must be a string (quote it)", _line_of(mapping, key))
        if key not in allowed:
            close = difflib.get_close_matches(key[:MAX_SCENARIO_TEXT], allowed, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            shown = key if len(key) <= 60 else f"{key[:60]}..."
            at.fail(f"unknown {what} '{shown}'{hint}", _line_of(mapping, key))


# --------------------------------------------------------------------------- value checks

def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _mapping(at: _At, value: Any, what: str) -> Mapping[Any, Any]:
    if not isinstance(value, dict):
        at.fail(f"{what} must be a mapping, not {_show(value)}")
    return value


def _get_bool(at: _At, m: Mapping[Any, Any], key: str, default: bool | None = False) -> Any:
    value = m.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        at.fail(f"'{key}' must be true/false, not {_show(value)}", _line_of(m, key))
    return value


def _get_int(at: _At, m: Mapping[Any, Any], key: str, minimum: int | None = None) -> int | None:
    value = m.get(key)
    if value is None:
        return None
    if not _is_int(value):
        at.fail(f"'{key}' must be a whole number, not {_show(value)}", _line_of(m, key))
    if minimum is not None and value < minimum:
        at.fail(f"'{key}' must be at least {minimum}, not {value}", _line_of(m, key))
    return value  # type: ignore[no-any-return]


def _text(at: _At, value: Any, what: str, line: int | None = None) -> str:
    """A non-empty string (whitespace collapsed)."""
    if not isinstance(value, str):
        hint = " (quote it)" if isinstance(value, (bool, int, float)) else ""
        at.fail(f"{what} must be a string, not {_show(value)}{hint}", line)
    if len(value) > MAX_SCENARIO_TEXT:
        at.limit(f"{what}: a string of {len(value):,} characters (the limit is "
                 f"{MAX_SCENARIO_TEXT:,})", line)
    text = " ".join(value.split())
    if not text:
        at.fail(f"{what} must not be empty", line)
    return text


def _get_text(at: _At, m: Mapping[Any, Any], key: str) -> str | None:
    value = m.get(key)
    if value is None:
        return None
    return _text(at, value, f"'{key}'", _line_of(m, key))


def _player(at: _At, players: tuple[str, ...], value: Any, what: str,
            line: int | None = None) -> str:
    name = _text(at, value, what, line)
    if name not in players:
        at.fail(f"{what}: unknown player '{name}' (players: {', '.join(players)})", line)
    return name


def _get_player(at: _At, players: tuple[str, ...], m: Mapping[Any, Any], key: str) -> str | None:
    if m.get(key) is None:
        return None
    return _player(at, players, m[key], f"'{key}'", _line_of(m, key))


def _step(at: _At, value: Any, what: str, line: int | None, allow_start: bool = False) -> str:
    if not isinstance(value, str) or value not in STEPS and value != GAME_START:
        close = difflib.get_close_matches(str(value), STEPS + (GAME_START,), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        at.fail(f"{what}: unknown step {_show(value)}{hint}; steps are {', '.join(STEPS)}", line)
    if value == GAME_START and not allow_start:
        at.fail(f"{what}: 'game_start' is only for start.step and for script entries "
                "before turn 1", line)
    return value


def _rule(at: _At, value: Any, what: str, line: int | None) -> str:
    """A CR rule number such as ``"510.1c"`` (ints like 615 are accepted)."""
    if _is_int(value):
        value = str(value)
    if isinstance(value, float):
        at.fail(f"{what}: write rule numbers as strings, e.g. \"{value}\" "
                f"(YAML reads {value} as a number)", line)
    text = _text(at, value, what, line)
    if not _RULE_RE.match(text):
        at.fail(f"{what}: {text!r} is not a rule number like \"510.1c\"", line)
    return text


def _rules(at: _At, value: Any, what: str, line: int | None) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        return (_rule(at, value, what, line),)
    return tuple(_rule(at, v, f"{what}[{i + 1}]", _item_line(value, i))
                 for i, v in enumerate(value))


def _mana(at: _At, m: Mapping[Any, Any], key: str) -> str | None:
    """A mana pool as letters in WUBRGC order (``"{R}{G}"``, ``"gr"`` -> ``"GR"``)."""
    value = m.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        at.fail(f"'{key}' must be a string of mana symbols such as \"RG\", not {_show(value)}",
                _line_of(m, key))
    if len(value) > MAX_SCENARIO_TEXT:
        at.limit(f"'{key}': a string of {len(value):,} characters (the limit is "
                 f"{MAX_SCENARIO_TEXT:,})", _line_of(m, key))
    text = value.replace(" ", "").upper()
    if not _MANA_RE.match(text):
        at.fail(f"'{key}': {value!r} is not mana (use W, U, B, R, G, C or {{R}} forms)",
                _line_of(m, key))
    letters = text.replace("{", "").replace("}", "")
    return "".join(sorted(letters, key="WUBRGC".index))


def parse_card_count(text: str) -> tuple[int, str]:
    """Split ``"3 Forest"`` (or ``"3x Forest"``) into ``(3, "Forest")``; ``"Forest"`` is 1.

    Raises ValueError (with a message) for a malformed count such as
    ``"x Forest"``, ``"0 Forest"`` or ``"3"``.  A name can't begin with a
    number followed by a space.
    """
    s = " ".join(text.split())
    if not s:
        raise ValueError("empty card name")
    m = _COUNT_RE.match(s)
    if m:
        count, name = int(m.group(1)), m.group(2)
        if _COUNT_LIKE_RE.match(name):
            raise ValueError(f"bad count in {text!r}: write \"N Card Name\"")
        if count < 1:
            raise ValueError(f"bad count in {text!r}: the count must be at least 1")
        if count > MAX_COUNT:
            raise ValueError(f"bad count in {text!r}: at most {MAX_COUNT} copies")
        return count, name
    if _COUNT_LIKE_RE.match(s):
        raise ValueError(f"bad count in {text!r}: write \"N Card Name\" with N at least 1")
    return 1, s


# --------------------------------------------------------------------------- parsing

class _Budget:
    """What a file may still put into its games: ``cards`` (``MAX_SCENARIO_CARDS``,
    all its scenarios together, ``"3 Forest"`` counting 3)."""

    def __init__(self) -> None:
        self.cards = MAX_SCENARIO_CARDS

    def take(self, at: _At, cards: int, line: int | None = None) -> None:
        self.cards -= cards
        if self.cards < 0:
            at.limit(f"more than {MAX_SCENARIO_CARDS:,} cards in the file's games (the "
                     "limit for a scenario file)", line)


class _Parser:
    """Parses one scenario mapping."""

    def __init__(self, data: Mapping[Any, Any], path: str, index: int, label: str,
                 budget: _Budget | None = None) -> None:
        self.budget = budget or _Budget()
        self.data = data
        self.path = path
        self.index = index
        self.top = _At(label, "", getattr(data, "line", None))
        self.players: tuple[str, ...] = ()
        self.aliases: dict[str, str] = {}  # alias -> where
        self.locations: dict[str, tuple[str, int | None]] = {}
        self.game_start = False
        #: The variant's extra ``state`` and ``expect`` keys, with their kinds.
        self.variant_keys: tuple[dict[str, str], dict[str, str]] = ({}, {})
        self.opts: dict[str, Any] = {}

    # -- helpers ----------------------------------------------------------

    def note(self, name: str, at: _At) -> None:
        self.locations.setdefault(name, (at.path, at.line))

    def names(self, at: _At, value: Any, what: str, counts: bool) -> tuple[str, ...]:
        """A list of names; with ``counts``, ``"N Name"`` entries are expanded."""
        if not isinstance(value, list):
            at.fail(f"{what} must be a list of names, not {_show(value)}")
        out: list[str] = []
        for i, item in enumerate(value):
            item_at = at.item(value, i)
            name = _text(item_at, item, "a name")
            if counts:
                try:
                    n, name = parse_card_count(name)
                except ValueError as exc:
                    item_at.fail(str(exc))
                self.budget.take(item_at, n)
                out.extend([name] * n)
            else:
                out.append(name)
        return tuple(out)

    def loose_names(self, at: _At, m: Mapping[Any, Any], key: str) -> tuple[str, ...]:
        """A list of names, or a single name (``targets: Grizzly Bears``)."""
        value = m.get(key)
        if value is None:
            return ()
        if isinstance(value, list):
            return tuple(_text(at, v, f"'{key}'[{i + 1}]", _item_line(value, i))
                         for i, v in enumerate(value))
        return (_text(at, value, f"'{key}'", _line_of(m, key)),)

    # -- scenario -----------------------------------------------------------

    def parse(self) -> Scenario:
        d, top = self.data, self.top
        _check_keys(top, d, _TOP_KEYS, "top-level key")
        name = _text(top, d.get("name"), "'name'", _line_of(d, "name")) \
            if "name" in d else top.fail("missing 'name'")
        cite = self.cite()
        seed = _get_int(top, d, "seed")
        self.players = self.parse_players()
        options = self.opts = self.options()
        start = self.start()
        self.game_start = start.step == GAME_START
        state, decks = self.state_and_decks()
        script = self.script()
        stop = self.stop(start)
        expect = self.expect()
        puzzle = None
        if d.get("puzzle") is not None:
            from manastack.scenario.puzzles import parse_puzzle  # (it uses this parser)
            puzzle = parse_puzzle(self, top.key(d, "puzzle"), d["puzzle"], script)
        return Scenario(
            name=name, cite=cite, seed=seed or 0, options=options, players=self.players,
            start=start, state=state, decks=decks, script=script, stop=stop, expect=expect,
            path=self.path, index=self.index, label=top.label, name_locations=self.locations,
            puzzle=puzzle)

    def cite(self) -> tuple[str, ...]:
        value = self.data.get("cite")
        if value is None:
            return ()
        items = value if isinstance(value, list) else [value]
        out = []
        for i, v in enumerate(items):
            line = _item_line(value, i) if isinstance(value, list) else _line_of(self.data, "cite")
            if _is_int(v):
                v = str(v)
            if isinstance(v, float):
                self.top.fail(f"'cite': write rule numbers as strings, e.g. \"{v}\"", line)
            out.append(_text(self.top, v, "'cite' entry", line))
        return tuple(out)

    def parse_players(self) -> tuple[str, ...]:
        d, top = self.data, self.top
        if d.get("players") is None:
            top.fail("missing 'players' (the seats in turn order, e.g. [A, B])")
        value = d["players"]
        at = top.key(d, "players")
        if not isinstance(value, list):
            at.fail(f"must be a list of player names, not {_show(value)}")
        if len(value) < 2:
            at.fail("a game needs at least two players")
        players: list[str] = []
        for i, p in enumerate(value):
            item = at.item(value, i)
            name = _text(item, p, "a player name")
            if name in players:
                item.fail(f"player '{name}' named twice")
            if name in _RESERVED_EXPECT:
                item.fail(f"'{name}' can't be a player name (it is a key of 'expect')")
            players.append(name)
        return tuple(players)

    def options(self) -> dict[str, Any]:
        d = self.data
        value = d.get("options")
        at = self.top.key(d, "options")
        opts = _mapping(at, {} if value is None else value, "'options'")
        _check_keys(at, opts, _OPTION_KEYS, "option")
        n = len(self.players)
        variant = opts.get("variant")
        if variant is None:
            variant = "two_player" if n == 2 else "free_for_all"
        elif variant not in VARIANTS:
            at.fail(f"unknown variant {_show(variant)} (one of {', '.join(VARIANTS)})",
                    _line_of(opts, "variant"))
        if variant == "two_player" and n != 2:
            at.fail(f"variant two_player needs exactly 2 players, not {n}",
                    _line_of(opts, "variant"))
        extra = self._extra(at, opts, variant, n)
        mulligan = opts.get("mulligan")
        if mulligan is None:
            from manastack.variants import get_variant, variant_names
            mulligan = get_variant(variant).default_mulligan \
                if variant in variant_names() else DEFAULT_MULLIGAN
        elif mulligan not in MULLIGANS:
            at.fail(f"unknown mulligan rule {_show(mulligan)} (one of {', '.join(MULLIGANS)})",
                    _line_of(opts, "mulligan"))
        filler = DEFAULT_FILLER
        if opts.get("filler") is not None:
            filler = _text(at, opts["filler"], "'filler'", _line_of(opts, "filler"))
            self.note(filler, at.named("options.filler", _line_of(opts, "filler")))
        return {"variant": variant, "mulligan": mulligan, "filler": filler, "extra": extra}

    def _extra(self, at: _At, opts: Mapping[Any, Any], variant: str, n: int) -> dict[str, Any]:
        """``options.extra``: the variant's options (``GameOptions.extra``).  ``teams``
        may name players; the registered variant checks the player count and the
        options (its own messages)."""
        line = _line_of(opts, "extra")
        raw = opts.get("extra")
        extra: dict[str, Any] = {}
        if raw is not None:
            m = _mapping(at.named("options.extra", line), raw, "'options.extra'")
            for k, v in m.items():
                if not isinstance(k, str):
                    at.fail(f"option {_show(k)} must be a string (quote it)", line)
                extra[k] = v
        for k, v in extra.items():  # card lists (schemes, planar decks) take counts
            if isinstance(v, dict):
                extra[k] = {pk: self.extra_cards(at, pv, k, line) for pk, pv in v.items()}
            else:
                extra[k] = self.extra_cards(at, v, k, line)
        if "teams" in extra:
            teams = extra["teams"]
            if not isinstance(teams, list) or not all(isinstance(t, list) for t in teams):
                at.fail("options.extra.teams must be a list of teams (lists of players)",
                        _line_of(raw, "teams"))
            extra["teams"] = [[self.players.index(p) if isinstance(p, str)
                               and p in self.players else p for p in t] for t in teams]
            for t in extra["teams"]:
                for p in t:
                    if not _is_int(p) or not 0 <= p < n:
                        at.fail(f"options.extra.teams: {_show(p)} isn't a player",
                                _line_of(raw, "teams"))
        from manastack.variants import get_variant, variant_names

        if variant in variant_names():
            v = get_variant(variant)
            self.variant_keys = (v.scenario_state_keys, v.scenario_expect_keys)
            def is_player(k: Any) -> bool:
                return not isinstance(k, str) or k in self.players or \
                    k.removeprefix("P").isdigit()
            for key in v.player_options:
                value = extra.get(key)
                if isinstance(value, Mapping):
                    for k in value:
                        if not is_player(k):
                            at.fail(f"options.extra.{key}: {_show(k)} isn't a player",
                                    _line_of(value, k))
            for key in v.player_valued_options:
                if key in extra and not is_player(extra[key]):
                    at.fail(f"options.extra.{key}: {_show(extra[key])} isn't a player",
                            _line_of(raw, key))
            problem = v.check_player_count(n) or v.check_extra(n, extra)
            if problem:
                at.fail(problem, _line_of(opts, "extra" if raw is not None else "variant"))
            for key in v.player_options:  # {A: ...} -> {0: ...}
                if isinstance(extra.get(key), Mapping):
                    extra[key] = {self.players.index(k) if k in self.players else k: x
                                  for k, x in extra[key].items()}
            for key in v.player_valued_options:
                if extra.get(key) in self.players:
                    extra[key] = self.players.index(extra[key])
        elif variant == "two_headed_giant" and n != 4:
            at.fail(f"variant two_headed_giant needs exactly 4 players, not {n}",
                    _line_of(opts, "variant"))
        return extra

    def extra_cards(self, at: _At, value: Any, key: str, line: int | None) -> Any:
        """A list of strings in ``options.extra`` with ``"N Name"`` counts expanded."""
        if not isinstance(value, list) or not value or \
                not all(isinstance(x, str) for x in value):
            return value
        out: list[str] = []
        for x in value:
            try:
                n, name = parse_card_count(_text(at, x, f"options.extra.{key}", line))
            except ValueError as exc:
                at.fail(f"options.extra.{key}: {exc}", line)
            self.budget.take(at, n, line)
            out.extend([name] * n)
        return out

    def start(self) -> Start:
        d = self.data
        if d.get("start") is None:
            self.top.fail("missing 'start' (at least start.step)")
        at = self.top.key(d, "start")
        s = _mapping(at, d["start"], "'start'")
        _check_keys(at, s, _START_KEYS)
        if s.get("step") is None:
            at.fail("missing 'step'")
        step = _step(at, s["step"], "'step'", _line_of(s, "step"), allow_start=True)
        turn = _get_int(at, s, "turn", minimum=1)
        active = _get_player(at, self.players, s, "active")
        first = _get_player(at, self.players, s, "first")
        if step == GAME_START:
            if active is not None:
                at.fail("'active' does not apply to game_start (use 'first')",
                        _line_of(s, "active"))
            if turn not in (None, 1):
                at.fail("with game_start the game begins at turn 1", _line_of(s, "turn"))
            return Start(turn=1, active=None, step=step, first=first)
        if first is not None:
            at.fail("'first' is only for step game_start (use 'active')", _line_of(s, "first"))
        return Start(turn=turn or 1, active=active or self.players[0], step=step, first=None)

    # -- state and decks ------------------------------------------------------

    def state_and_decks(self) -> tuple[dict[str, PlayerState], dict[str, tuple[str, ...] | str]]:
        d, top = self.data, self.top
        if self.game_start:
            if d.get("state") is not None:
                top.fail("'state' is not allowed with start.step game_start (use 'decks')",
                         _line_of(d, "state"))
            if d.get("decks") is None:
                top.fail("start.step game_start needs 'decks'")
            return {}, self.decks()
        if d.get("decks") is not None:
            top.fail("'decks' is only for start.step game_start (use 'state')",
                     _line_of(d, "decks"))
        value = d.get("state")
        at = top.key(d, "state")
        raw = _mapping(at, {} if value is None else value, "'state'")
        _check_keys(at, raw, self.players, "player")
        # aliases first, so that attached_to can be checked against all of them
        for player in self.players:
            if raw.get(player) is not None:
                self.collect_aliases(at.key(raw, player), raw[player])
        state = {p: self.player_state(at.key(raw, p), raw.get(p)) for p in self.players}
        return state, {}

    def collect_aliases(self, at: _At, value: Any) -> None:
        if not isinstance(value, dict):
            return
        for zone in ALL_ZONES:
            cards = value.get(zone)
            if not isinstance(cards, list):
                continue
            for i, entry in enumerate(cards):
                if isinstance(entry, dict) and entry.get("as") is not None:
                    entry_at = at.key(value, zone).item(cards, i)
                    alias = _text(entry_at, entry["as"], "'as'", _line_of(entry, "as"))
                    if alias in self.aliases:
                        entry_at.fail(f"alias '{alias}' already given at {self.aliases[alias]}",
                                      _line_of(entry, "as"))
                    if alias in self.players:
                        entry_at.fail(f"alias '{alias}' is a player's name",
                                      _line_of(entry, "as"))
                    self.aliases[alias] = entry_at.path

    def player_state(self, at: _At, value: Any) -> PlayerState:
        if value is None:
            return PlayerState()
        m = _mapping(at, value, "a player's state")
        own = self.variant_keys[0]
        self.variant_key_check(at, m, _STATE_KEYS, own, "state")
        zones: dict[str, tuple[CardSpec, ...] | None] = {}
        for zone in ALL_ZONES:
            if zone in m and m[zone] is None:
                at.fail(f"'{zone}' has no value (write [] for an empty {zone})",
                        _line_of(m, zone))
            if m.get(zone) is None:
                zones[zone] = None if zone == "library" else ()
            else:
                zones[zone] = self.cards(at.key(m, zone), m[zone], zone)
        return PlayerState(
            life=_get_int(at, m, "life"),
            poison=_get_int(at, m, "poison", minimum=0),
            battlefield=zones["battlefield"] or (),
            hand=zones["hand"] or (),
            library=zones["library"],
            graveyard=zones["graveyard"] or (),
            exile=zones["exile"] or (),
            command=zones["command"] or (),
            mana_pool=_mana(at, m, "mana_pool"),
            variant={k: self.variant_value(at, m, k, own[k]) for k in m if k in own},
        )

    def cards(self, at: _At, value: Any, zone: str) -> tuple[CardSpec, ...]:
        if not isinstance(value, list):
            at.fail(f"must be a list of cards, not {_show(value)}")
        out: list[CardSpec] = []
        for i, entry in enumerate(value):
            out.extend(self.card(at.item(value, i), entry, zone))
        return tuple(out)

    def card(self, at: _At, entry: Any, zone: str) -> list[CardSpec]:
        if isinstance(entry, str):
            try:
                n, name = parse_card_count(entry)
            except ValueError as exc:
                at.fail(str(exc))
            self.note(name, at)
            self.budget.take(at, n)
            return [CardSpec(name=name) for _ in range(n)]
        if not isinstance(entry, dict):
            at.fail(f"a card must be a name or a mapping with 'card:', not {_show(entry)}")
        allowed = _CARD_KEYS_BY_ZONE[zone]
        for key in entry:
            if isinstance(key, str) and key in _CARD_KEYS and key not in allowed:
                at.fail(f"'{key}' is only allowed on the battlefield"
                        + (" (and 'face_down', 'counters' in exile)" if zone != "exile" else ""),
                        _line_of(entry, key))
        _check_keys(at, entry, allowed)
        if entry.get("card") is None:
            at.fail("missing 'card' (the card's name)")
        try:
            n, name = parse_card_count(_text(at, entry["card"], "'card'",
                                             _line_of(entry, "card")))
        except ValueError as exc:
            at.fail(str(exc), _line_of(entry, "card"))
        self.note(name, at)
        self.budget.take(at, n, _line_of(entry, "card"))
        alias = _get_text(at, entry, "as")
        if alias is not None and n > 1:
            at.fail(f"'as' names one object, but 'card' gives {n} copies", _line_of(entry, "as"))
        counters: dict[str, int] = {}
        if entry.get("counters") is not None:
            counters = self.counters(at, entry, "counters")
        attached_to = _get_text(at, entry, "attached_to")
        if attached_to is not None and alias is not None and attached_to == alias:
            at.fail("a permanent can't be attached to itself", _line_of(entry, "attached_to"))
        spec = CardSpec(
            name=name,
            alias=alias,
            tapped=_get_bool(at, entry, "tapped"),
            sick=_get_bool(at, entry, "sick"),
            damage=_get_int(at, entry, "damage", minimum=0) or 0,
            counters=counters,
            controller=_get_player(at, self.players, entry, "controller"),
            attached_to=attached_to,
            phased_out=_get_bool(at, entry, "phased_out"),
            face_down=_get_bool(at, entry, "face_down"),
            transformed=_get_bool(at, entry, "transformed"),
            loyalty=_get_int(at, entry, "loyalty", minimum=0),
        )
        if n == 1:
            return [spec]
        return [replace(spec, counters=dict(counters)) for _ in range(n)]

    def counters(self, at: _At, m: Mapping[Any, Any], key: str) -> dict[str, int]:
        line = _line_of(m, key)
        value = m[key]
        if not isinstance(value, dict):
            at.fail(f"'{key}' must be a mapping of counter kind to number, "
                    f"e.g. {{\"+1/+1\": 2}}, not {_show(value)}", line)
        out: dict[str, int] = {}
        for kind, n in value.items():
            kline = _line_of(value, kind)
            kind_text = _text(at, kind, f"a kind of '{key}'", kline)
            if not _is_int(n) or n < 0:
                at.fail(f"'{key}': the number of {kind_text!r} counters must be a whole "
                        f"number at least 0, not {_show(n)}", kline)
            out[kind_text] = n
        return out

    def decks(self) -> dict[str, tuple[str, ...] | str]:
        d = self.data
        at = self.top.key(d, "decks")
        raw = _mapping(at, d["decks"], "'decks'")
        _check_keys(at, raw, self.players, "player")
        out: dict[str, tuple[str, ...] | str] = {}
        for player in self.players:
            if raw.get(player) is None:
                at.fail(f"no deck for player '{player}'")
            deck = raw[player]
            deck_at = at.key(raw, player)
            if isinstance(deck, str):
                out[player] = _text(deck_at, deck, "a deck file path")
                continue
            if not isinstance(deck, list):
                deck_at.fail(f"must be a list of cards or a deck file path, not {_show(deck)}")
            names: list[str] = []
            for i, item in enumerate(deck):
                item_at = deck_at.item(deck, i)
                try:
                    n, name = parse_card_count(_text(item_at, item, "a card name"))
                except ValueError as exc:
                    item_at.fail(str(exc))
                self.note(name, item_at)
                self.budget.take(item_at, n)
                names.extend([name] * n)
            out[player] = tuple(names)
        return out

    # -- script -------------------------------------------------------------

    def script(self) -> tuple[ScriptEntry, ...]:
        d = self.data
        value = d.get("script")
        if value is None:
            return ()
        if not isinstance(value, list):
            self.top.key(d, "script").fail(f"must be a list of entries, not {_show(value)}")
        return tuple(self.entry(self.top.named(f"script entry {i + 1}", _item_line(value, i)),
                                i + 1, e) for i, e in enumerate(value))

    def entry(self, at: _At, index: int, e: Any) -> ScriptEntry:
        if not isinstance(e, dict):
            at.fail(f"an entry must be a mapping, not {_show(e)}")
        _check_keys(at, e, _ENTRY_KEYS)
        verbs = [v for v in VERBS if v in e]
        if not verbs:
            at.fail(f"no action: give one of {', '.join(VERBS)}")
        if len(verbs) > 1:
            at.fail(f"one entry takes exactly one action, not {len(verbs)} "
                    f"({', '.join(repr(v) for v in verbs)})", _line_of(e, verbs[1]))
        verb = verbs[0]
        for key, verbs_ok in _MODIFIERS.items():
            if e.get(key) is not None and verb not in verbs_ok:
                at.fail(f"'{key}' does not apply to '{verb}' "
                        f"(only to {', '.join(sorted(verbs_ok))})", _line_of(e, key))
        if e.get("player") is None:
            at.fail("missing 'player' (who makes the decision)")
        player = _player(at, self.players, e["player"], "'player'", _line_of(e, "player"))
        turn = _get_int(at, e, "turn", minimum=1)
        step = None
        if e.get("step") is not None:
            step = _step(at, e["step"], "'step'", _line_of(e, "step"), allow_start=True)
            if step == GAME_START:
                if not self.game_start:
                    at.fail("step game_start is only for scenarios that start at game_start",
                            _line_of(e, "step"))
                if turn is not None:
                    at.fail("an entry with step game_start has no 'turn' (it is before turn 1)",
                            _line_of(e, "turn"))
        if verb in ("mulligan", "bottom", "scry_bottom"):
            if not self.game_start:
                at.fail(f"'{verb}' only happens when the scenario starts at game_start",
                        _line_of(e, verb))
            needed = {"bottom": "london", "scry_bottom": "vancouver"}.get(verb)
            if needed and self.opts["mulligan"] != needed:
                at.fail(f"'{verb}' belongs to the {needed} mulligan, but options.mulligan is "
                        f"{self.opts['mulligan']}", _line_of(e, verb))
        illegal = _get_bool(at, e, "illegal")
        rule = None
        if e.get("rule") is not None:
            rule = _rule(at, e["rule"], "'rule'", _line_of(e, "rule"))
            if not illegal:
                at.fail("'rule' needs 'illegal: true' (it is the rule the rejection cites)",
                        _line_of(e, "rule"))
        pay: tuple[str, ...] | str | None = None
        if e.get("pay") is not None:
            raw_pay = e["pay"]
            if raw_pay == "pool":
                pay = "pool"
            elif isinstance(raw_pay, list):
                pay = tuple(_text(at, v, f"'pay'[{i + 1}]", _item_line(raw_pay, i))
                            for i, v in enumerate(raw_pay))
            else:
                at.fail(f"'pay' must be a list of permanents to tap or 'pool', "
                        f"not {_show(raw_pay)}", _line_of(e, "pay"))
        from_zone = None
        if e.get("from") is not None:
            from_zone = e["from"]
            if from_zone not in FROM_ZONES:
                at.fail(f"'from' must be one of {', '.join(FROM_ZONES)}, not {_show(from_zone)}",
                        _line_of(e, "from"))
        modes: tuple[int, ...] = ()
        if e.get("modes") is not None:
            raw_modes = e["modes"] if isinstance(e["modes"], list) else [e["modes"]]
            for v in raw_modes:
                if not _is_int(v) or v < 1:
                    at.fail(f"'modes' must be mode numbers counted from 1, not {_show(v)}",
                            _line_of(e, "modes"))
            modes = tuple(raw_modes)
        return ScriptEntry(
            index=index, player=player, verb=verb,
            value=self.verb_value(at, verb, e[verb], _line_of(e, verb), illegal),
            turn=turn, step=step,
            targets=self.loose_names(at, e, "targets"),
            # a negative X is a choice the rules forbid (107.1b): an illegal entry may
            # script it, for the engine to refuse
            x=_get_int(at, e, "x", minimum=None if illegal else 0),
            modes=modes, from_zone=from_zone, alt_cost=_get_text(at, e, "alt_cost"),
            pay=pay, ability=_get_int(at, e, "ability", minimum=1),
            respond_to=_get_text(at, e, "respond_to"),
            illegal=illegal, rule=rule, for_=_get_text(at, e, "for"),
            raw=_plain(e), line=at.line,
        )

    def verb_value(self, at: _At, verb: str, v: Any, line: int | None,
                   illegal: bool = False) -> Any:
        """The value of an entry's verb.  With ``illegal`` (the engine must refuse the
        entry), game choices the rules forbid are kept for the engine to refuse: a
        damage assignment order naming a creature twice (509.2), negative damage
        (107.1b)."""
        w = f"'{verb}'"
        if verb in ("cast", "activate", "play"):
            if v is None:
                at.fail(f"{w} needs the name of a card (or an alias)", line)
            return _text(at, v, w, line)
        if verb == "special":
            if v is None:
                at.fail("'special' needs the kind of special action (planar_die)", line)
            return _text(at, v, w, line)
        if verb in ("pass", "concede"):
            if v is not True:
                at.fail(f"write '{verb}: true', not '{verb}: {_show(v)}'", line)
            return True
        if verb in ("mulligan", "scry_bottom"):
            if not isinstance(v, bool):
                at.fail(f"{w} must be true/false, not {_show(v)}", line)
            return v
        if verb == "bottom":
            if not isinstance(v, list):
                at.fail(f"{w} must be a list of cards, not {_show(v)}", line)
            return tuple(_text(at, x, f"{w}[{i + 1}]", _item_line(v, i))
                         for i, x in enumerate(v))
        if verb == "attack":
            return self.attack(at, v, line)
        if verb == "block":
            return self.block(at, v, line, illegal)
        if verb == "order":
            return self.order(at, v, line, illegal)
        if verb == "assign":
            return self.assign(at, v, line, illegal)
        return self.choose(at, v, line)

    def attack(self, at: _At, v: Any, line: int | None) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        if isinstance(v, list):
            for i, item in enumerate(v):
                name = _text(at, item, f"'attack'[{i + 1}]", _item_line(v, i))
                if name in out:
                    at.fail(f"'attack': '{name}' named twice", _item_line(v, i))
                out[name] = None
            return out
        if isinstance(v, dict):
            for key, target in v.items():
                kline = _line_of(v, key)
                name = _text(at, key, "'attack': an attacker", kline)
                out[name] = _text(at, target, f"'attack': what '{name}' attacks", kline)
            return out
        at.fail("'attack' must be a list of attackers or a mapping attacker -> "
                f"player or planeswalker ('attack: []' for none), not {_show(v)}", line)

    def block(self, at: _At, v: Any, line: int | None,
              illegal: bool = False) -> dict[str, tuple[str, ...]]:
        if not isinstance(v, dict):
            at.fail("'block' must be a mapping blocker -> attacker(s) ('block: {}' for none), "
                    f"not {_show(v)}", line)
        out: dict[str, tuple[str, ...]] = {}
        for key, attackers in v.items():
            kline = _line_of(v, key)
            name = _text(at, key, "'block': a blocker", kline)
            what = f"'block': what '{name}' blocks"
            if isinstance(attackers, list):
                if not attackers:
                    at.fail(f"{what}: an empty list (leave '{name}' out to not block)", kline)
                names = tuple(_text(at, a, what, kline) for a in attackers)
                if len(set(names)) != len(names) and not illegal:
                    at.fail(f"{what}: an attacker named twice", kline)
                out[name] = names
            else:
                out[name] = (_text(at, attackers, what, kline),)
        return out

    def order(self, at: _At, v: Any, line: int | None,
              illegal: bool = False) -> dict[str, tuple[str, ...]]:
        if not isinstance(v, dict) or not v:
            at.fail("'order' must be a mapping creature -> [names in damage assignment order], "
                    f"not {_show(v)}", line)
        out: dict[str, tuple[str, ...]] = {}
        for key, names in v.items():
            kline = _line_of(v, key)
            name = _text(at, key, "'order': a creature", kline)
            what = f"'order': the order for '{name}'"
            if not isinstance(names, list) or not names:
                at.fail(f"{what} must be a non-empty list, not {_show(names)}", kline)
            items = tuple(_text(at, n, what, kline) for n in names)
            if len(set(items)) != len(items) and not illegal:
                at.fail(f"{what}: a creature named twice", kline)
            out[name] = items
        return out

    def assign(self, at: _At, v: Any, line: int | None,
               illegal: bool = False) -> dict[str, dict[str, int]]:
        if not isinstance(v, dict) or not v:
            at.fail("'assign' must be a mapping creature -> {recipient: amount}, "
                    f"not {_show(v)}", line)
        out: dict[str, dict[str, int]] = {}
        for key, amounts in v.items():
            kline = _line_of(v, key)
            name = _text(at, key, "'assign': a creature", kline)
            if not isinstance(amounts, dict):
                at.fail(f"'assign': '{name}' must map recipients to amounts, "
                        f"not {_show(amounts)}", kline)
            inner: dict[str, int] = {}
            for recipient, amount in amounts.items():
                rline = _line_of(amounts, recipient)
                rname = _text(at, recipient, f"'assign': a recipient of '{name}'", rline)
                if not _is_int(amount) or (amount < 0 and not illegal):
                    at.fail(f"'assign': the damage '{name}' assigns to '{rname}' must be a "
                            f"whole number at least 0, not {_show(amount)}", rline)
                inner[rname] = amount
            out[name] = inner
        return out

    def choose(self, at: _At, v: Any, line: int | None) -> Any:
        def one(x: Any, where: str, xline: int | None) -> str | int | bool:
            if isinstance(x, bool) or _is_int(x):
                return x  # type: ignore[no-any-return]
            if isinstance(x, str):
                text = _text(at, x, where, xline)
                return CHOOSE_BOOLEANS.get(text.lower(), text)
            at.fail(f"{where} must be a name, a number or yes/no, not {_show(x)}", xline)

        if isinstance(v, list):
            return tuple(one(x, f"'choose'[{i + 1}]", _item_line(v, i)) for i, x in enumerate(v))
        if v is None:
            at.fail("'choose' needs an answer (names, a number, yes/no...)", line)
        return one(v, "'choose'", line)

    # -- stop and expect -----------------------------------------------------

    def stop(self, start: Start) -> Stop | None:
        d = self.data
        value = d.get("stop")
        if value is None:
            return None
        at = self.top.key(d, "stop")
        s = _mapping(at, value, "'stop'")
        _check_keys(at, s, _STOP_KEYS)
        game_over = _get_bool(at, s, "game_over")
        turn = _get_int(at, s, "turn", minimum=1)
        step = None if s.get("step") is None else _step(at, s["step"], "'step'",
                                                         _line_of(s, "step"))
        if game_over:
            if turn is not None or step is not None:
                at.fail("'game_over: true' can't be combined with 'turn' or 'step'")
            return Stop(game_over=True)
        if turn is None:
            at.fail("'stop' needs 'turn' (and 'step', default untap) or 'game_over: true'")
        step = step or "untap"
        if not self.game_start and start.active is not None:
            if (turn, _STEP_ORDER[step]) <= (start.turn, _STEP_ORDER[start.step]):
                at.fail(f"the stop (turn {turn}, {step}) is not after the start "
                        f"(turn {start.turn}, {start.step})")
        return Stop(turn=turn, step=step, game_over=False)

    def expect(self) -> Expectations:
        d = self.data
        value = d.get("expect")
        if value is None:
            return Expectations()
        at = self.top.key(d, "expect")
        m = _mapping(at, value, "'expect'")
        _check_keys(at, m, self.players + _RESERVED_EXPECT, "player or key")
        players = {p: self.player_expect(at.key(m, p), m[p])
                   for p in self.players if m.get(p) is not None}
        objects = self.objects(at.key(m, "objects"), m.get("objects"))
        game = self.game(at.key(m, "game"), m.get("game"))
        cites = _rules(at, m.get("log_cites"), "'log_cites'", _line_of(m, "log_cites"))
        return Expectations(players=players, objects=objects, game=game, log_cites=cites)

    def player_expect(self, at: _At, value: Any) -> PlayerExpect:
        m = _mapping(at, value, "a player's expectations")
        own = self.variant_keys[1]
        self.variant_key_check(at, m, _EXPECT_PLAYER_KEYS, own, "expect")
        zones: dict[str, tuple[str, ...]] = {}
        has: dict[str, tuple[str, ...]] = {}
        sizes: dict[str, int] = {}
        for key in m:
            if m[key] is None:
                at.fail(f"'{key}' has no value (write [] for an empty zone)"
                        if key in ALL_ZONES or key.endswith("_has") else f"'{key}' has no value",
                        _line_of(m, key))
        for zone in ALL_ZONES:
            if m.get(zone) is not None:
                zones[zone] = self.names(at.key(m, zone), m[zone], f"'{zone}'", counts=True)
            if m.get(f"{zone}_has") is not None:
                key = f"{zone}_has"
                has[zone] = self.names(at.key(m, key), m[key], f"'{key}'", counts=True)
            size = _get_int(at, m, f"{zone}_size", minimum=0)
            if size is not None:
                sizes[zone] = size
        return PlayerExpect(
            life=_get_int(at, m, "life"),
            poison=_get_int(at, m, "poison", minimum=0),
            lost=_get_bool(at, m, "lost", default=None),
            mana_pool=_mana(at, m, "mana_pool"),
            zones=zones, has=has, sizes=sizes,
            variant={k: self.variant_value(at, m, k, own[k]) for k in m if k in own},
        )

    def variant_key_check(self, at: _At, m: Mapping[Any, Any], keys: tuple[str, ...],
                          own: dict[str, str], where: str) -> None:
        """Check a player's keys: the common ones and the variant's own; a key of another
        variant gets a message naming it."""
        from manastack.variants import get_variant, variant_names

        for key in m:
            if key in keys or key in own:
                continue
            for name in variant_names():
                v = get_variant(name)
                if key in (v.scenario_state_keys if where == "state"
                           else v.scenario_expect_keys):
                    at.fail(f"'{key}' is only for options.variant {name}", _line_of(m, key))
        _check_keys(at, m, keys + tuple(own))

    def variant_value(self, at: _At, m: Mapping[Any, Any], key: str, kind: str) -> Any:
        """A value of one of the variant's own keys (``count``, ``per_player``,
        ``cards``)."""
        line = _line_of(m, key)
        v = m[key]
        if v is None:
            at.fail(f"'{key}' has no value", line)
        if kind == "count":
            if not _is_int(v) or v < 0:
                at.fail(f"'{key}' must be a whole number at least 0, not {_show(v)}", line)
            return v
        if kind == "per_player":
            if not isinstance(v, dict):
                at.fail(f"'{key}' must map players to numbers, e.g. {{{self.players[0]}: 3}}, "
                        f"not {_show(v)}", line)
            out: dict[str, int] = {}
            for p, n in v.items():
                pline = _line_of(v, p)
                name = _player(at, self.players, p, f"a player of '{key}'", pline)
                if not _is_int(n) or n < 0:
                    at.fail(f"'{key}': the number for {name} must be a whole number at "
                            f"least 0, not {_show(n)}", pline)
                out[name] = n
            return out
        return self.names(at.key(m, key), v, f"'{key}'", counts=True)

    def objects(self, at: _At, value: Any) -> dict[str, dict[str, Any]]:
        if value is None:
            return {}
        m = _mapping(at, value, "'objects'")
        out: dict[str, dict[str, Any]] = {}
        for key, checks in m.items():
            kline = _line_of(m, key)
            name = _text(at, key, "an object's name or alias", kline)
            if name in self.players:
                at.fail(f"'{name}' is a player; check players under 'expect.{name}'", kline)
            obj_at = at.named(f"{at.path}.{name}", kline)
            if checks is None:
                checks = {}
            c = _mapping(obj_at, checks, "the checks of an object")
            _check_keys(obj_at, c, _OBJECT_KEYS)
            result: dict[str, Any] = {}
            for k in c:
                if c[k] is None:
                    obj_at.fail(f"'{k}' has no value", _line_of(c, k))
            if "zone" in c:
                if c["zone"] not in OBJECT_ZONES:
                    obj_at.fail(f"'zone' must be one of {', '.join(OBJECT_ZONES)}, "
                                f"not {_show(c['zone'])}", _line_of(c, "zone"))
                result["zone"] = c["zone"]
            if "controller" in c:
                result["controller"] = _player(obj_at, self.players, c["controller"],
                                               "'controller'", _line_of(c, "controller"))
            for k in ("tapped", "attacking", "blocking", "phased_out"):
                if k in c:
                    result[k] = _get_bool(obj_at, c, k)
            for k, minimum in (("damage", 0), ("power", None), ("toughness", None),
                               ("loyalty", 0)):
                if k in c:
                    result[k] = _get_int(obj_at, c, k, minimum=minimum)
            if "counters" in c:
                result["counters"] = self.counters(obj_at, c, "counters")
            out[name] = {k: result[k] for k in c}  # keep the file's order
        return out

    def game(self, at: _At, value: Any) -> dict[str, Any]:
        if value is None:
            return {}
        m = _mapping(at, value, "'game'")
        _check_keys(at, m, _GAME_KEYS)
        out: dict[str, Any] = {}
        for k in m:
            line = _line_of(m, k)
            v = m[k]
            if k == "over":
                out[k] = _get_bool(at, m, k, default=None)
                if out[k] is None:
                    at.fail("'over' must be true/false", line)
            elif k == "winner":
                out[k] = None if v is None else _player(at, self.players, v, "'winner'", line)
            elif k == "active":
                out[k] = _player(at, self.players, v, "'active'", line)
            elif k == "turn":
                out[k] = _get_int(at, m, k, minimum=1)
                if out[k] is None:
                    at.fail("'turn' has no value", line)
            elif k == "step":
                out[k] = _step(at, v, "'step'", line)
            else:  # stack, top first
                if v is None:
                    at.fail("'stack' has no value (write [] for an empty stack)", line)
                out[k] = self.names(at.key(m, k), v, "'stack'", counts=False)
        return out


# --------------------------------------------------------------------------- public API

def _label(path: str, index: int, name: Any, several: bool) -> str:
    if isinstance(name, str) and len(name) > 80:
        name = f"{name[:80]}..."
    shown = f" '{' '.join(name.split())}'" if isinstance(name, str) and name.strip() else ""
    if several or not shown:
        return f"{path}: scenario {index}{shown}"
    return f"{path}: scenario{shown}"


def parse_scenarios(text: str, path: str = "<string>") -> list[Scenario]:
    """Parse the text of a scenario file (``path`` is used in messages and for
    relative deck paths).  A file may hold several YAML documents; each is one
    scenario or a mapping with only ``scenarios:`` (a list of scenarios).  A text over a
    limit of :mod:`manastack.limits` raises :class:`ScenarioLimitError`."""
    if len(text) > MAX_SCENARIO_FILE_BYTES:
        raise ScenarioLimitError(f"{path}: more than {MAX_SCENARIO_FILE_BYTES:,} characters "
                                 "(the limit for a scenario file)")
    try:
        documents = _load_documents(text, path)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context = getattr(exc, "context", None)
        detail = f"{context}: {problem}" if context and problem else problem
        if "nesting depth" in str(problem):  # (libyaml's own limit, 1000 levels)
            raise ScenarioLimitError(f"{path}{f' line {mark.line + 1}' if mark else ''}: "
                                     f"YAML nested deeper than {MAX_YAML_DEPTH} levels (the "
                                     "limit for a scenario file)") from None
        raise ScenarioError(f"{path}: invalid YAML: {detail}{where}") from None
    except ScenarioError:  # (a limit, a recursive alias)
        raise
    except ValueError as exc:  # e.g. bad characters
        raise ScenarioError(f"{path}: invalid YAML: {brief(str(exc))[1:-1]}") from None
    raw: list[tuple[Any, int | None]] = []
    for doc in documents:
        if doc is None:
            continue
        if not isinstance(doc, dict):
            raise ScenarioError(f"{path}: a scenario file must hold a mapping (name:, "
                                f"players:, ...) or 'scenarios:', not {_show(doc)}")
        if "scenarios" in doc:
            extra = [k for k in doc if k != "scenarios"]
            if extra:
                raise ScenarioError(
                    f"{path}: 'scenarios' can't be mixed with scenario keys ({_show(extra[0])})"
                    + (f" (line {_line_of(doc, extra[0])})" if _line_of(doc, extra[0]) else ""))
            items = doc["scenarios"]
            if not isinstance(items, list) or not items:
                raise ScenarioError(f"{path}: 'scenarios' must be a non-empty list of scenarios"
                                    + (f" (line {_line_of(doc, 'scenarios')})"
                                       if _line_of(doc, "scenarios") else ""))
            raw.extend((item, _item_line(items, i)) for i, item in enumerate(items))
        else:
            raw.append((doc, getattr(doc, "line", None)))
    if not raw:
        raise ScenarioError(f"{path}: the file holds no scenario")
    several = len(raw) > 1
    out: list[Scenario] = []
    names: dict[str, int] = {}
    budget = _Budget()
    for i, (data, line) in enumerate(raw, start=1):
        name = data.get("name") if isinstance(data, dict) else None
        label = _label(path, i, name, several)
        if not isinstance(data, dict):
            raise ScenarioError(f"{label}: a scenario must be a mapping, not {_show(data)}"
                                + (f" (line {line})" if line else ""))
        scenario = _Parser(data, path, i, label, budget).parse()
        if scenario.name in names:
            raise ScenarioError(f"{label}: the name is already used by scenario "
                                f"{names[scenario.name]}" + (f" (line {line})" if line else ""))
        names[scenario.name] = i
        out.append(scenario)
    return out


def load_scenarios(path: str | Path) -> list[Scenario]:
    """The scenarios of one file (one, or several under ``scenarios:``).  A file that
    isn't a regular file or has more than ``MAX_SCENARIO_FILE_BYTES`` bytes is refused
    unread (:class:`ScenarioLimitError`)."""
    shown = shown_path(path)
    text = read_text_limited(path, limit=MAX_SCENARIO_FILE_BYTES, what="scenario file",
                             error=ScenarioError, too_large=ScenarioLimitError)
    return parse_scenarios(text, shown)


def find_scenario_files(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    """Scenario files under ``paths``: files as given, folders searched recursively
    for ``*.yaml`` and ``*.yml`` (hidden files and folders skipped), each folder's
    files sorted.  Arguments keep their order; a file is listed once."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    out: list[Path] = []
    seen: set[Path] = set()
    for p in paths:
        path = Path(p)
        try:
            mode = path.stat().st_mode
        except (OSError, ValueError) as exc:  # (ENAMETOOLONG, a NUL character...)
            reason = getattr(exc, "strerror", None) or "no such file or folder"
            if isinstance(exc, FileNotFoundError):
                reason = "no such file or folder"
            raise ScenarioError(f"{shown_path(path)}: {reason}") from None
        if stat.S_ISDIR(mode):
            found = sorted(
                f for f in path.rglob("*")
                if f.suffix.lower() in (".yaml", ".yml") and f.is_file()
                and not any(part.startswith(".") for part in f.relative_to(path).parts))
        else:
            found = [path]  # (load_scenarios refuses what isn't a regular file)
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def all_card_names(scenario: Scenario) -> set[str]:
    """Every card name the scenario puts into the game: the cards of ``state``
    (all zones), the card lists of ``decks`` (not deck files) and
    ``options.filler``.  Aliases are not included.  Each must exist in the pool
    (see :meth:`Scenario.name_error` to report one that doesn't)."""
    names = {scenario.options["filler"]}
    for ps in scenario.state.values():
        for zone in ALL_ZONES:
            names.update(c.name for c in ps.zone(zone) or ())
    for deck in scenario.decks.values():
        if not isinstance(deck, str):
            names.update(deck)
    return names


def referenced_names(scenario: Scenario) -> set[str]:
    """Names the script and ``expect`` refer to that are neither aliases nor
    players: card names, but possibly also tokens (``Saproling``) that no list
    of cards creates.  ``choose`` answers and ``alt_cost`` are not included."""
    names: set[str] = set()
    for e in scenario.script:
        v = e.value
        if e.verb in ("cast", "activate", "play"):
            names.add(v)
        elif e.verb == "attack":
            names.update(v)
            names.update(t for t in v.values() if t)
        elif e.verb in ("block", "order"):
            names.update(v)
            for items in v.values():
                names.update(items)
        elif e.verb == "assign":
            for creature, amounts in v.items():
                names.add(creature)
                names.update(amounts)
        elif e.verb == "bottom":
            names.update(v)
        names.update(e.targets)
        if isinstance(e.pay, tuple):
            names.update(e.pay)
        if e.respond_to:
            names.add(e.respond_to)
    for ps in scenario.state.values():
        for zone in ALL_ZONES:
            names.update(c.attached_to for c in ps.zone(zone) or () if c.attached_to)
    ex = scenario.expect
    for pe in ex.players.values():
        for items in list(pe.zones.values()) + list(pe.has.values()):
            names.update(items)
    names.update(ex.objects)
    names.update(ex.game.get("stack", ()))
    return names - scenario.aliases - set(scenario.players)

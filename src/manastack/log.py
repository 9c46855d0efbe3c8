"""Rule-citing game events and their rendering (text or JSON lines).

Every change to a game is an :class:`Event` that names the Comprehensive
Rules paragraph causing it, e.g. ``[504.1] Alice draws a card``.  Triggered
abilities watch events (CR 603.2), and the log is the list of events.

An event holds data, never pre-rendered text: its line (:class:`~manastack.lines.Line`,
an English and a French template with typed arguments) is rendered when it is read, in
the reader's language (:func:`render`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final

from manastack.copying import share_type
from manastack.lines import Line


class Event:
    """One game event: its kind, the rule it applies, its line of the log, and the typed
    fields of its class.

    ``Event`` is the base of the typed events of :mod:`manastack.events`, one class per
    kind (:class:`~manastack.events.ZoneChange`, :class:`~manastack.events.DamageDealt`,
    ...): each holds its own fields (object ids, players, amounts, zones...), declared
    with their types.  ``data`` is a read-only mapping of those fields by name, made when
    it is read (readers that know the class read the attributes).

    An event is an immutable value: its attributes can't be set and its ``data`` is a
    read-only mapping, so the log that :meth:`Game.copy` shares with the copy and the
    events :meth:`Game.log_for` hands out can't be changed by whoever holds them.  (The
    attributes are ``Final``: compiled with mypyc they are read-only; in pure Python,
    :func:`manastack.sealing.seal_events` makes them so.)
    """

    __slots__ = ("kind", "rule", "line", "turn", "seen_by", "public")

    def __init__(self, kind: str, rule: str, line: Line, turn: int = 0,
                 seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        # (a subclass sets its own fields first, then calls this last: in pure Python,
        # this seals the event)
        self.kind: Final = kind
        self.rule: Final = rule
        #: What the event says.
        self.line: Final = line
        self.turn: Final = turn
        #: Who may see the whole event: None, every player and spectator; else the indexes
        #: of the players who may (a card that moves between hidden zones, seen by the
        #: player whose hand it enters or leaves: 400.2, 401.2, 402.3; a card exiled face
        #: down, by nobody: 406.3).  The others see :meth:`view`'s redacted event.
        self.seen_by: Final = seen_by
        #: The line those others see (the card unnamed), or None: the same line.
        self.public: Final = public

    def fields(self) -> dict[str, Any]:
        """The event's typed fields by name (a new dict): what ``data`` shows."""
        return {}

    @property
    def data(self) -> Mapping[str, Any]:
        """The typed fields as a read-only mapping (``object``, ``player``,
        ``amount``, ``from_zone``...)."""
        return MappingProxyType(self.fields())

    @property
    def text(self) -> str:
        """The line in English, as its omniscient reader sees it."""
        return self.line.render("en")

    @property
    def public_text(self) -> str:
        """The public line in English ("" if the event is public)."""
        return self.public.render("en") if self.public is not None else ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Event:
        """Immutable: shared by copies of a game."""
        return self

    def __copy__(self) -> Event:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its kind, rule, line, turn, visibility and fields
        (:func:`manastack.events.restore_event` makes it again)."""
        from manastack.events import restore_event
        return (restore_event, (self.kind, self.rule, self.line, self.turn, self.seen_by,
                                self.public, self.fields()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.kind, self.rule, self.line, self.turn))

    def _key(self) -> tuple[Any, ...]:
        # (the fields as JSON: an object's last known information is equal by its value)
        return (self.kind, self.rule, self.line, _jsonable(self.fields()), self.turn,
                self.seen_by, self.public)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(kind={self.kind!r}, rule={self.rule!r}, "
                f"text={self.text!r}, data={self.fields()!r}, turn={self.turn!r})")

    def __str__(self) -> str:
        return self.render("en")

    def view(self, viewer: int | None) -> Event:
        """The event as ``viewer`` (a player index; None, a spectator) may see it: itself,
        or the same kind of event with the public text and without the fields naming the
        card (:data:`PRIVATE_KEYS`)."""
        if self.seen_by is None or (viewer is not None and viewer in self.seen_by):
            return self
        return self.redacted()

    def redacted(self) -> Event:
        """The event as the players who may not see it whole see it: the public line,
        without the fields naming the card (:data:`PRIVATE_KEYS`), public."""
        from manastack.events import restore_event
        data = {k: v for k, v in self.fields().items() if k not in PRIVATE_KEYS}
        return restore_event(self.kind, self.rule, self.public or self.line, self.turn,
                             None, None, data)

    def render(self, lang: str = "en") -> str:
        """``[rule] text`` in ``lang`` ("en" or "fr"); a turn-based action cites its
        letter of 703.4 too (``[504.1, 703.4c] Alice draws a card``)."""
        text = self.line.render(lang)
        return f"[{citation(self.rule)}] {text}" if self.rule else text

    def to_json(self, lang: str = "en") -> str:
        """The event as one JSON object (``docs/events.schema.json``): its kind, rule,
        turn, text in ``lang``, line (template and typed arguments) and data (its typed
        fields)."""
        return json.dumps({"turn": self.turn, "rule": self.rule, "kind": self.kind,
                           "text": self.line.render(lang), "line": self.line.to_json(),
                           "data": _jsonable(self.fields())},
                          sort_keys=True, ensure_ascii=False)


#: The turn-based actions (703.4, seed 003) by the rule of the step they belong to: the
#: phasing and the untap of the untap step (502.1, 502.2), the draw of the draw step
#: (504.1), choosing the defending player (507.1), declaring attackers and blockers with
#: what they involve (508.1, 509.1), the damage assignment orders (509.2, 509.3: the
#: seed's numbers), assigning and dealing combat damage (510.1, 510.2), the cleanup's
#: discard and its damage wearing off (514.1, 514.2), and mana emptying (500.4).
TURN_BASED_ACTIONS: Final = {
    "502.1": "703.4a", "502.2": "703.4b", "504.1": "703.4c", "507.1": "703.4e",
    "508.1": "703.4f", "509.1": "703.4g", "509.2": "703.4h", "509.3": "703.4i",
    "510.1": "703.4j", "510.2": "703.4k", "514.1": "703.4m", "514.2": "703.4n",
    "500.4": "703.4p",
}


def citation(rule: str) -> str:
    """What a line cites: its rule, and the letter of 703.4 when it is a turn-based
    action (``504.1`` -> ``504.1, 703.4c``; ``508.1f`` -> ``508.1f, 703.4f``)."""
    letter = TURN_BASED_ACTIONS.get(rule.rstrip("abcdefghijklmnopqrstuvwxyz"))
    return f"{rule}, {letter}" if letter is not None else rule


if type(vars(Event).get("kind")).__name__ == "member_descriptor":
    # pure Python: slots (a compiled class's attributes are read-only already)
    from manastack.sealing import seal_events
    seal_events(Event)


def _jsonable(v: Any) -> Any:
    """A JSON value that is the same in every process: sets are sorted (their order
    depends on the string hash seed) and objects give their ``log_json`` form (a repr
    could hold sets or memory addresses)."""
    if isinstance(v, (dict, MappingProxyType)):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted((_jsonable(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    if hasattr(v, "log_json"):
        return _jsonable(v.log_json())
    return str(v)


#: ``data`` keys that name or identify a card; left out of the view of a private event.
PRIVATE_KEYS = frozenset({"name", "lki", "old"})


def view_log(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The log as ``viewer`` (a player index; None, a spectator) may see it (400.2): the
    full log is the omniscient record (replays); this is a player's or the public view,
    in which no event names a card in a hidden zone that the viewer may not see."""
    return [e.view(viewer) for e in events]


def render_text(events: Iterable[Event], lang: str = "en") -> str:
    """The events, one ``[rule] text`` line each, in ``lang``."""
    return "\n".join(e.render(lang) for e in events)


def render_jsonl(events: Iterable[Event], lang: str = "en") -> str:
    """The events as JSON lines (:meth:`Event.to_json`)."""
    return "\n".join(e.to_json(lang) for e in events)


# Event kinds watched by triggered abilities and the engine.
TURN_BEGAN: Final = "turn_began"
STEP_BEGAN: Final = "step_began"
STEP_ENDED: Final = "step_ended"
PHASE_BEGAN: Final = "phase_began"
PHASE_ENDED: Final = "phase_ended"
ZONE_CHANGE: Final = "zone_change"
#: Not an event: the trigger "event" of state triggers (CR 603.8), checked on every event.
STATE: Final = "state"
DRAW: Final = "draw"
DISCARD: Final = "discard"
CAST: Final = "cast"
ACTIVATE: Final = "activate"
TRIGGER: Final = "trigger"
RESOLVE: Final = "resolve"
COUNTERED: Final = "countered"
TAPPED: Final = "tapped"
UNTAPPED: Final = "untapped"
LIFE_GAIN: Final = "life_gain"
LIFE_LOSS: Final = "life_loss"
DAMAGE: Final = "damage"
COUNTERS_ADDED: Final = "counters_added"
COUNTERS_REMOVED: Final = "counters_removed"
ATTACKS: Final = "attacks"
BLOCKS: Final = "blocks"
BECOMES_BLOCKED: Final = "becomes_blocked"
BLOCKED_BY_CREATURE: Final = "blocked_by_creature"
BLOCKS_CREATURE: Final = "blocks_creature"
UNBLOCKED: Final = "attacks_unblocked"
PHASED: Final = "phased"
MANA: Final = "mana"
PASS: Final = "pass"
LOSE: Final = "lose"
WIN: Final = "win"
GAME_OVER: Final = "game_over"
#: The engine stopped the game unfinished (its turn limit): no rule ended it.
GAME_STOPPED: Final = "game_stopped"
SHUFFLE: Final = "shuffle"
MULLIGAN: Final = "mulligan"
EFFECT_ENDED: Final = "effect_ended"
LAND_PLAYED: Final = "land_played"
TARGETED: Final = "becomes_target"
INFO: Final = "info"


share_type(Event)

"""The events of cards moving between zones (400): zone changes, draws, discards,
shuffles, mulligans and land plays.

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from typing import Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event


class ZoneChange(Event):
    """An object moves from one zone to another, is created (a token, 111.1) or leaves
    the game with its owner (800.4a); 400.7: the new object is a new object with no
    memory of the old one."""

    __slots__ = ("object", "old", "from_zone", "to_zone", "owner", "name", "token",
                 "controller", "lki", "left_game", "hidden")

    def __init__(self, rule: str, line: Line, turn: int, object: int | None, old: int | None,
                 from_zone: str | None, to_zone: str | None, owner: int, name: str,
                 token: bool, controller: int, lki: Any, left_game: bool | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None,
                 hidden: bool = False) -> None:
        #: The new object (None: it left the game).
        self.object: Final = object
        #: The object it was (None: a token created).
        self.old: Final = old
        #: The zone it left (None: created).
        self.from_zone: Final = from_zone
        #: The zone it entered (None: it left the game).
        self.to_zone: Final = to_zone
        #: Its owner.
        self.owner: Final = owner
        #: Its name.
        self.name: Final = name
        #: It is a token.
        self.token: Final = token
        #: Its controller.
        self.controller: Final = controller
        #: The old object's last known information (608.2h, 603.10a), characteristics or
        #: None.
        self.lki: Final = lki
        #: It left the game with its owner (800.4a).
        self.left_game: Final = left_game
        #: Seen by a player who may not see the card (:meth:`redacted`): ``name``,
        #: ``old`` and ``lki`` are left out of its data (PRIVATE_KEYS).
        self.hidden: Final = hidden
        Event.__init__(self, ev.ZONE_CHANGE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"object": self.object, "old": self.old, "from_zone":
                             self.from_zone, "to_zone": self.to_zone, "owner": self.owner,
                             "name": self.name, "token": self.token, "controller":
                             self.controller, "lki": self.lki}
        if self.left_game is not None:
            d["left_game"] = self.left_game
        if self.hidden:
            for k in ev.PRIVATE_KEYS:
                d.pop(k, None)
        return d

    def redacted(self) -> Event:
        """Without the card's name, old id and last known information."""
        return ZoneChange(self.rule, self.public or self.line, self.turn, self.object,
                          None, self.from_zone, self.to_zone, self.owner, "",
                          self.token, self.controller, None, self.left_game,
                          hidden=True)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ZoneChange, (self.rule, self.line, self.turn, self.object, self.old,
                             self.from_zone, self.to_zone, self.owner, self.name,
                             self.token, self.controller, self.lki, self.left_game,
                             self.seen_by, self.public, self.hidden))


class Drew(Event):
    """A player draws a card (120.1)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who draws.
        self.player: Final = player
        #: The card drawn (in their hand).
        self.object: Final = object
        Event.__init__(self, ev.DRAW, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


class Discarded(Event):
    """A card is discarded (701.8a)."""

    __slots__ = ("player", "object", "cause")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 cause: int | None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: Who discards.
        self.player: Final = player
        #: The card (in the graveyard).
        self.object: Final = object
        #: The controller of the spell or ability making them discard (None: a rule,
        #: 514.1).
        self.cause: Final = cause
        Event.__init__(self, ev.DISCARD, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object, "cause": self.cause}


class Shuffled(Event):
    """A player shuffles their library (701.18)."""

    __slots__ = ("player",)

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who shuffles.
        self.player: Final = player
        Event.__init__(self, ev.SHUFFLE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}


class MulliganTaken(Event):
    """A player mulligans (103.4)."""

    __slots__ = ("player", "cites")

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 cites: tuple[str, ...] | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: Who mulligans.
        self.player: Final = player
        #: The other rules it applies (103.4b).
        self.cites: Final = cites
        Event.__init__(self, ev.MULLIGAN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"player": self.player}
        if self.cites is not None:
            d["cites"] = self.cites
        return d


class LandPlayed(Event):
    """A player plays a land (305.1)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who plays it.
        self.player: Final = player
        #: The land.
        self.object: Final = object
        Event.__init__(self, ev.LAND_PLAYED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}

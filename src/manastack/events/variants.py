"""The events only the variants' games make, and their kinds: Planechase's planar die
(901.9) and planeswalking (701.22), Archenemy's schemes (701.23, 701.24).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from typing import Any, Final

from manastack.lines import Line
from manastack.log import Event

#: Planechase: a player rolls the planar die (901.9).
PLANAR_DIE: Final = "planar_die"
#: Planechase: a player planeswalks to a plane (701.22b).
PLANESWALKED: Final = "planeswalked"
#: Planechase: a player planeswalks away from a plane (701.22d).
PLANESWALK_AWAY: Final = "planeswalk_away"
#: Archenemy: a scheme is set in motion (701.23b).
SET_IN_MOTION: Final = "set_in_motion"
#: Archenemy: an ongoing scheme is abandoned (701.24b).
ABANDONED: Final = "abandoned"


class PlanarDieRolled(Event):
    """A player rolls the planar die (Planechase, 901.9)."""

    __slots__ = ("player", "result")

    def __init__(self, rule: str, line: Line, turn: int, player: int, result: str,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who rolls it.
        self.player: Final = player
        #: "planeswalk", "chaos" or "blank".
        self.result: Final = result
        Event.__init__(self, PLANAR_DIE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "result": self.result}


class Planeswalked(Event):
    """A player planeswalks to a plane (Planechase, 701.22b)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who planeswalks.
        self.player: Final = player
        #: The plane.
        self.object: Final = object
        Event.__init__(self, PLANESWALKED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


class PlaneswalkedAway(Event):
    """A player planeswalks away from a plane (Planechase, 701.22d)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who planeswalks.
        self.player: Final = player
        #: The plane.
        self.object: Final = object
        Event.__init__(self, PLANESWALK_AWAY, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


class SchemeSetInMotion(Event):
    """A scheme is set in motion (Archenemy, 701.23b)."""

    __slots__ = ("object", "player")

    def __init__(self, rule: str, line: Line, turn: int, object: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The scheme.
        self.object: Final = object
        #: The archenemy.
        self.player: Final = player
        Event.__init__(self, SET_IN_MOTION, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "player": self.player}


class SchemeAbandoned(Event):
    """An ongoing scheme is abandoned (Archenemy, 701.24b)."""

    __slots__ = ("object", "player")

    def __init__(self, rule: str, line: Line, turn: int, object: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The scheme.
        self.object: Final = object
        #: Its owner.
        self.player: Final = player
        Event.__init__(self, ABANDONED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "player": self.player}



#: Kinds only a variant's games produce (Planechase, Archenemy).
VARIANT_KINDS: Final = frozenset({ABANDONED, PLANAR_DIE, PLANESWALKED,
                                 PLANESWALK_AWAY, SET_IN_MOTION})

"""The events of permanents' status and counters: tapped and untapped (701.19), phased
(702.25), counters put on and removed (122).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event


class Tapped(Event):
    """A permanent becomes tapped (701.19a)."""

    __slots__ = ("object",)

    def __init__(self, rule: str, line: Line, turn: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The permanent.
        self.object: Final = object
        Event.__init__(self, ev.TAPPED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object}


class Untapped(Event):
    """Permanents become untapped: one (701.19b), or the active player's in their untap
    step (502.2)."""

    __slots__ = ("object", "objects", "player")

    def __init__(self, rule: str, line: Line, turn: int, object: int | None = None,
                 objects: Sequence[int] | None = None, player: int | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The permanent untapped alone.
        self.object: Final = object
        #: The permanents untapped in the untap step.
        self.objects: Final = objects
        #: The active player, in the untap step.
        self.player: Final = player
        Event.__init__(self, ev.UNTAPPED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.object is not None:
            d["object"] = self.object
        if self.objects is not None:
            d["objects"] = self.objects
        if self.player is not None:
            d["player"] = self.player
        return d


class Phased(Event):
    """A permanent phases in or out (502.1, 702.25)."""

    __slots__ = ("object", "phased_out")

    def __init__(self, rule: str, line: Line, turn: int, object: int, phased_out: bool,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The permanent.
        self.object: Final = object
        #: It phased out (else in).
        self.phased_out: Final = phased_out
        Event.__init__(self, ev.PHASED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "phased_out": self.phased_out}


class CountersAdded(Event):
    """Counters are put on a permanent (122)."""

    __slots__ = ("object", "counter", "n")

    def __init__(self, rule: str, line: Line, turn: int, object: int, counter: str, n: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The permanent.
        self.object: Final = object
        #: The kind of counter ("+1/+1").
        self.counter: Final = counter
        #: How many.
        self.n: Final = n
        Event.__init__(self, ev.COUNTERS_ADDED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "counter": self.counter, "n": self.n}


class CountersRemoved(Event):
    """Counters are removed from a permanent (122, 704.5r)."""

    __slots__ = ("object", "counter", "n")

    def __init__(self, rule: str, line: Line, turn: int, object: int, counter: str, n: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The permanent.
        self.object: Final = object
        #: The kind of counter.
        self.counter: Final = counter
        #: How many.
        self.n: Final = n
        Event.__init__(self, ev.COUNTERS_REMOVED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "counter": self.counter, "n": self.n}

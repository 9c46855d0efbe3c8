"""Pure Python only: make the attributes of :class:`manastack.log.Event` read-only.

Compiled with mypyc, an event's ``Final`` attributes are read-only already; in pure
Python they are plain slots.  :func:`seal_events` gives ``Event`` a constructor that sets
the attributes, then turns the event into a sealed subclass whose attributes can't be
set or deleted any more: one class change, cheaper than setting each slot through its
descriptor.  (This module is left uncompiled, ``setup.py``: mypyc can't compile a class
made inside a function.)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def seal_events(event: Any, no_data: Mapping[str, Any]) -> None:
    """Seal ``event`` (the Event class); ``no_data`` is the data of an event without
    any."""

    class SealedEvent(event):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def __setattr__(self, name: str, value: Any) -> None:
            raise AttributeError(f"an event is immutable: {name!r} can't be set")

        def __delattr__(self, name: str) -> None:
            raise AttributeError(f"an event is immutable: {name!r} can't be deleted")

    SealedEvent.__name__ = SealedEvent.__qualname__ = "Event"

    def __init__(self: Any, kind: str, rule: str, line: Any,
                 data: Mapping[str, Any] | None = None, turn: int = 0,
                 seen_by: frozenset[int] | None = None, public: Any = None) -> None:
        # (the same values as Event.__init__ sets)
        self.kind = kind
        self.rule = rule
        self.line = line
        self.data = MappingProxyType(data) if type(data) is dict else \
            no_data if data is None else data
        self.turn = turn
        self.seen_by = seen_by
        self.public = public
        self.__class__ = SealedEvent

    event.__init__ = __init__

"""The log's notes: :class:`Info`, which no trigger watches, with free-form data.

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event

#: The data of a note without any.
_NO_DATA: Final[Mapping[str, Any]] = MappingProxyType({})


class Info(Event):
    """A note of the log (an ``info`` event: no trigger watches it), with free-form data
    (``details``: what the note is about, when a tool needs it)."""

    __slots__ = ("details",)

    def __init__(self, rule: str, line: Line, turn: int,
                 details: Mapping[str, Any] | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The note's data, read-only.
        self.details: Final[Mapping[str, Any]] = _NO_DATA if not details else \
            MappingProxyType(details) if type(details) is dict else details
        Event.__init__(self, ev.INFO, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return dict(self.details)

"""The events of continuous effects: an effect ends (611.2b, 514.2).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from typing import Any

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event


class EffectEnded(Event):
    """A continuous effect ends (611.2b, 514.2)."""

    __slots__ = ()

    def __init__(self, rule: str, line: Line, turn: int, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        Event.__init__(self, ev.EFFECT_ENDED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {}

"""The events of mana pools: mana added (106.4, 605.3) and emptied (500.4).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from typing import Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event


class ManaChanged(Event):
    """Mana is added to a pool (106.4, 605.3) or empties from it (500.4)."""

    __slots__ = ("player", "source", "mana", "lost")

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 source: int | None = None, mana: str | None = None,
                 lost: dict[str, int] | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The pool's player.
        self.player: Final = player
        #: What produced the mana (added).
        self.source: Final = source
        #: The mana added ("RRG").
        self.mana: Final = mana
        #: The mana emptied, by colour (500.4).
        self.lost: Final = lost
        Event.__init__(self, ev.MANA, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"player": self.player}
        if self.source is not None:
            d["source"] = self.source
        if self.mana is not None:
            d["mana"] = self.mana
        if self.lost is not None:
            d["lost"] = self.lost
        return d

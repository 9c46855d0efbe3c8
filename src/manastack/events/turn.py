"""The events of the turn's structure: turns, phases and steps beginning and ending
(500-514), and priority passing (116.3d).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event


class TurnBegan(Event):
    """A turn begins (500.1; a team's shared turn, 805.4a)."""

    __slots__ = ("player", "extra", "board", "team")

    def __init__(self, rule: str, line: Line, turn: int, player: int, extra: bool,
                 board: tuple[Any, ...], team: Sequence[int] | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The active player.
        self.player: Final = player
        #: An extra turn (500.7).
        self.extra: Final = extra
        #: The board at the turn's start (a summary per player).
        self.board: Final = board
        #: The active team's players (805.4a), if shared.
        self.team: Final = team
        Event.__init__(self, ev.TURN_BEGAN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"player": self.player, "extra": self.extra, "board":
                             self.board}
        if self.team is not None:
            d["team"] = self.team
        return d


class StepBegan(Event):
    """A step begins (500.1, 501.1)."""

    __slots__ = ("step", "phase", "player")

    def __init__(self, rule: str, line: Line, turn: int, step: str, phase: str, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The step's name.
        self.step: Final = step
        #: Its phase.
        self.phase: Final = phase
        #: The active player.
        self.player: Final = player
        Event.__init__(self, ev.STEP_BEGAN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"step": self.step, "phase": self.phase, "player": self.player}


class StepEnded(Event):
    """A step ends (500.2)."""

    __slots__ = ("step", "phase")

    def __init__(self, rule: str, line: Line, turn: int, step: str, phase: str,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The step's name.
        self.step: Final = step
        #: Its phase.
        self.phase: Final = phase
        Event.__init__(self, ev.STEP_ENDED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"step": self.step, "phase": self.phase}


class PhaseBegan(Event):
    """A phase begins (500.1)."""

    __slots__ = ("phase", "step", "player")

    def __init__(self, rule: str, line: Line, turn: int, phase: str, step: str, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The phase's name.
        self.phase: Final = phase
        #: Its first step (the phase's name for a main phase).
        self.step: Final = step
        #: The active player.
        self.player: Final = player
        Event.__init__(self, ev.PHASE_BEGAN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"phase": self.phase, "step": self.step, "player": self.player}


class PhaseEnded(Event):
    """A phase ends (500.2)."""

    __slots__ = ("phase",)

    def __init__(self, rule: str, line: Line, turn: int, phase: str,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The phase's name.
        self.phase: Final = phase
        Event.__init__(self, ev.PHASE_ENDED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"phase": self.phase}


class PriorityPassed(Event):
    """A player passes priority (116.3d)."""

    __slots__ = ("player",)

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who passes.
        self.player: Final = player
        Event.__init__(self, ev.PASS, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}

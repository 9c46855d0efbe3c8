"""The events of the game's end: players lose (104.3) and win (104.2), the game ends
(104.2a, 104.4a) or the engine stops it unfinished.

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event


class PlayerLost(Event):
    """A player loses the game (104.3)."""

    __slots__ = ("player",)

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who loses.
        self.player: Final = player
        Event.__init__(self, ev.LOSE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}


class PlayerWon(Event):
    """A player wins the game (104.2)."""

    __slots__ = ("player",)

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who wins.
        self.player: Final = player
        Event.__init__(self, ev.WIN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}


class GameOver(Event):
    """The game ends: won (104.2a) or drawn (104.4a)."""

    __slots__ = ("winner", "board", "winners")

    def __init__(self, rule: str, line: Line, turn: int, winner: int | None,
                 board: tuple[Any, ...], winners: Sequence[int] | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The winner (None: a draw, or a team won).
        self.winner: Final = winner
        #: The final board.
        self.board: Final = board
        #: The players who won.
        self.winners: Final = winners
        Event.__init__(self, ev.GAME_OVER, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"winner": self.winner, "board": self.board}
        if self.winners is not None:
            d["winners"] = self.winners
        return d


class GameStopped(Event):
    """The engine stopped the game unfinished (its turn limit): no rule ended it."""

    __slots__ = ("winner", "board")

    def __init__(self, rule: str, line: Line, turn: int, winner: int | None,
                 board: tuple[Any, ...], seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: Always None.
        self.winner: Final = winner
        #: The board.
        self.board: Final = board
        Event.__init__(self, ev.GAME_STOPPED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"winner": self.winner, "board": self.board}

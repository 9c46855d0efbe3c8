"""The events of combat (506-511): attackers and blockers declared, creatures blocked
and unblocked.

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event

if TYPE_CHECKING:
    from manastack.game.objects import PlayerRef


class AttackerDeclared(Event):
    """A creature is declared as an attacker (508.1)."""

    __slots__ = ("attacker", "target", "player")

    def __init__(self, rule: str, line: Line, turn: int, attacker: int,
                 target: int | PlayerRef, player: int, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The creature.
        self.attacker: Final = attacker
        #: The player or planeswalker it attacks.
        self.target: Final = target
        #: Its controller.
        self.player: Final = player
        Event.__init__(self, ev.ATTACKS, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "target": self.target, "player": self.player}


class BlockerDeclared(Event):
    """A creature blocks (509.1; put onto the battlefield blocking, 509.4a)."""

    __slots__ = ("blocker", "attackers", "by_effect")

    def __init__(self, rule: str, line: Line, turn: int, blocker: int,
                 attackers: Sequence[int], by_effect: bool | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The creature.
        self.blocker: Final = blocker
        #: What it blocks.
        self.attackers: Final = attackers
        #: An effect made it a blocker (509.4a).
        self.by_effect: Final = by_effect
        Event.__init__(self, ev.BLOCKS, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"blocker": self.blocker, "attackers": self.attackers}
        if self.by_effect is not None:
            d["by_effect"] = self.by_effect
        return d


class AttackerBlocked(Event):
    """An attacking creature becomes blocked (509.1h, 509.4c)."""

    __slots__ = ("attacker", "blockers", "by_effect")

    def __init__(self, rule: str, line: Line, turn: int, attacker: int,
                 blockers: Sequence[int], by_effect: bool | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The creature.
        self.attacker: Final = attacker
        #: Its blockers.
        self.blockers: Final = blockers
        #: An effect made it blocked (509.4c).
        self.by_effect: Final = by_effect
        Event.__init__(self, ev.BECOMES_BLOCKED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"attacker": self.attacker, "blockers": self.blockers}
        if self.by_effect is not None:
            d["by_effect"] = self.by_effect
        return d


class BlockedByCreature(Event):
    """An attacking creature becomes blocked by a creature (509.4d; by banding,
    702.21h)."""

    __slots__ = ("attacker", "blocker", "put_onto")

    def __init__(self, rule: str, line: Line, turn: int, attacker: int, blocker: int,
                 put_onto: bool | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The attacker.
        self.attacker: Final = attacker
        #: The blocker.
        self.blocker: Final = blocker
        #: The blocker was put onto the battlefield blocking.
        self.put_onto: Final = put_onto
        Event.__init__(self, ev.BLOCKED_BY_CREATURE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"attacker": self.attacker, "blocker": self.blocker}
        if self.put_onto is not None:
            d["put_onto"] = self.put_onto
        return d


class BlocksCreature(Event):
    """A creature blocks a creature (509.4b; by banding, 702.21h)."""

    __slots__ = ("blocker", "attacker", "by_effect")

    def __init__(self, rule: str, line: Line, turn: int, blocker: int, attacker: int,
                 by_effect: bool | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The blocker.
        self.blocker: Final = blocker
        #: The attacker.
        self.attacker: Final = attacker
        #: An effect made it a blocker (509.4a).
        self.by_effect: Final = by_effect
        Event.__init__(self, ev.BLOCKS_CREATURE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"blocker": self.blocker, "attacker": self.attacker}
        if self.by_effect is not None:
            d["by_effect"] = self.by_effect
        return d


class AttackerUnblocked(Event):
    """An attacking creature is unblocked (509.1h)."""

    __slots__ = ("attacker",)

    def __init__(self, rule: str, line: Line, turn: int, attacker: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The creature.
        self.attacker: Final = attacker
        Event.__init__(self, ev.UNBLOCKED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"attacker": self.attacker}

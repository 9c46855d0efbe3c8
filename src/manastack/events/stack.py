"""The events of spells and abilities: cast (601), activated (602), triggered (603),
resolved (608), countered (701.5) and the targets they choose (114).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event

if TYPE_CHECKING:
    from manastack.game.objects import PlayerRef


class SpellCast(Event):
    """A spell is cast (601.2i)."""

    __slots__ = ("player", "object", "name")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int, name: str,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Its caster.
        self.player: Final = player
        #: The spell.
        self.object: Final = object
        #: Its name.
        self.name: Final = name
        Event.__init__(self, ev.CAST, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object, "name": self.name}


class AbilityActivated(Event):
    """An activated ability is activated (602.2b)."""

    __slots__ = ("player", "object", "source")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int, source: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who activates it.
        self.player: Final = player
        #: The ability on the stack.
        self.object: Final = object
        #: Its source.
        self.source: Final = source
        Event.__init__(self, ev.ACTIVATE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object, "source": self.source}


class AbilityTriggered(Event):
    """A triggered ability is put on the stack (603.3)."""

    __slots__ = ("object", "source", "controller")

    def __init__(self, rule: str, line: Line, turn: int, object: int, source: int,
                 controller: int, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The ability on the stack.
        self.object: Final = object
        #: Its source.
        self.source: Final = source
        #: Its controller.
        self.controller: Final = controller
        Event.__init__(self, ev.TRIGGER, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "source": self.source, "controller":
                self.controller}


class Resolved(Event):
    """A spell or ability resolves (608.2)."""

    __slots__ = ("object", "controller")

    def __init__(self, rule: str, line: Line, turn: int, object: int, controller: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The spell or ability.
        self.object: Final = object
        #: Its controller.
        self.controller: Final = controller
        Event.__init__(self, ev.RESOLVE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "controller": self.controller}


class Countered(Event):
    """A spell or ability is countered (701.5a)."""

    __slots__ = ("object", "controller")

    def __init__(self, rule: str, line: Line, turn: int, object: int,
                 controller: int | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The spell or ability.
        self.object: Final = object
        #: The spell's controller (None: an ability).
        self.controller: Final = controller
        Event.__init__(self, ev.COUNTERED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"object": self.object}
        if self.controller is not None:
            d["controller"] = self.controller
        return d


class BecameTarget(Event):
    """A permanent or player becomes the target of a spell or ability (114.1)."""

    __slots__ = ("target", "by", "controller")

    def __init__(self, rule: str, line: Line, turn: int, target: int | PlayerRef, by: int,
                 controller: int, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: The target.
        self.target: Final = target
        #: The spell or ability.
        self.by: Final = by
        #: Its controller.
        self.controller: Final = controller
        Event.__init__(self, ev.TARGETED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"target": self.target, "by": self.by, "controller": self.controller}

"""The events of life and damage: life gained and lost (118), damage dealt (119).

See :mod:`manastack.events` for what a typed event is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event

if TYPE_CHECKING:
    from manastack.game.objects import PlayerRef


class LifeGained(Event):
    """A player gains life (118.3, 119.3f)."""

    __slots__ = ("player", "amount", "cites")

    def __init__(self, rule: str, line: Line, turn: int, player: int, amount: int,
                 cites: tuple[str, ...] | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: Who gains it.
        self.player: Final = player
        #: How much.
        self.amount: Final = amount
        #: The other rules it applies.
        self.cites: Final = cites
        Event.__init__(self, ev.LIFE_GAIN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"player": self.player, "amount": self.amount}
        if self.cites is not None:
            d["cites"] = self.cites
        return d


class LifeLost(Event):
    """A player loses life (118.3), not from damage."""

    __slots__ = ("player", "amount")

    def __init__(self, rule: str, line: Line, turn: int, player: int, amount: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who loses it.
        self.player: Final = player
        #: How much.
        self.amount: Final = amount
        Event.__init__(self, ev.LIFE_LOSS, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "amount": self.amount}


class DamageDealt(Event):
    """A source deals damage (119; combat damage 510.2)."""

    __slots__ = ("source", "target", "amount", "combat", "source_controller",
                 "first_to_target", "target_total", "cites", "life_lost", "poison")

    def __init__(self, rule: str, line: Line, turn: int, source: int, target: int | PlayerRef,
                 amount: int, combat: bool, source_controller: int | None,
                 first_to_target: bool, target_total: int, cites: tuple[str, ...],
                 life_lost: int | None = None, poison: int | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The source.
        self.source: Final = source
        #: The permanent (id) or player dealt damage.
        self.target: Final = target
        #: How much.
        self.amount: Final = amount
        #: Combat damage (119.2a).
        self.combat: Final = combat
        #: The source's controller (None: unknown).
        self.source_controller: Final = source_controller
        #: The first damage dealt to that recipient by this event (a divided or several-
        #: source event).
        self.first_to_target: Final = first_to_target
        #: The damage the recipient is dealt by the whole event.
        self.target_total: Final = target_total
        #: The rules it applies (its result, 119.3a-e; how it is dealt, 119.2a-b).
        self.cites: Final = cites
        #: The life its player lost (119.3a).
        self.life_lost: Final = life_lost
        #: The poison counters its player got (infect, 119.3b).
        self.poison: Final = poison
        Event.__init__(self, ev.DAMAGE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"source": self.source, "target": self.target, "amount":
                             self.amount, "combat": self.combat, "source_controller":
                             self.source_controller, "first_to_target":
                             self.first_to_target, "target_total": self.target_total,
                             "cites": self.cites}
        if self.life_lost is not None:
            d["life_lost"] = self.life_lost
        if self.poison is not None:
            d["poison"] = self.poison
        return d

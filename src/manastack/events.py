"""The typed events: one immutable class per kind of event (:mod:`manastack.log`).

Each class holds what its event is about, as typed fields named after what they hold:
objects (ids, ``int``), players (seat indexes, ``int``), amounts, zones, counter kinds...
(:class:`ZoneChange`'s ``object``, ``from_zone`` and ``to_zone``; :class:`DamageDealt`'s
``source``, ``target`` and ``amount``).  Its kind string (``"zone_change"``) is the one
triggered abilities watch (603.2) and the JSON names; ``data`` is a read-only mapping of
the fields, made when read (:meth:`Event.fields <manastack.log.Event.fields>`); a field
marked optional is left out of it while None.

A typed event is made as ``ZoneChange(rule, line, turn, object=..., ...)`` and recorded
with :meth:`GameState.emit_event <manastack.game.state.GameState.emit_event>`;
:meth:`GameState.emit <manastack.game.state.GameState.emit>` makes the class of a kind
from keyword fields.  :class:`Info` holds the log's other notes, which no trigger
watches, with free-form data.  ``docs/events.md`` lists the classes and their fields;
``docs/events.schema.json`` describes their JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.lines import Line
from manastack.log import Event

if TYPE_CHECKING:
    from manastack.game.objects import PlayerRef

# Kinds of the variants' events (their classes are here with the others).
#: Planechase: a player rolls the planar die (901.9).
PLANAR_DIE: Final = "planar_die"
#: Planechase: a player planeswalks to a plane (701.22b).
PLANESWALKED: Final = "planeswalked"
#: Planechase: a player planeswalks away from a plane (701.22d).
PLANESWALK_AWAY: Final = "planeswalk_away"
#: Archenemy: a scheme is set in motion (701.23b).
SET_IN_MOTION: Final = "set_in_motion"
#: Archenemy: an ongoing scheme is abandoned (701.24b).
ABANDONED: Final = "abandoned"

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


class ZoneChange(Event):
    """An object moves from one zone to another, is created (a token, 111.1) or leaves
    the game with its owner (800.4a); 400.7: the new object is a new object with no
    memory of the old one."""

    __slots__ = ("object", "old", "from_zone", "to_zone", "owner", "name", "token",
                 "controller", "lki", "left_game", "hidden")

    def __init__(self, rule: str, line: Line, turn: int, object: int | None, old: int | None,
                 from_zone: str | None, to_zone: str | None, owner: int, name: str,
                 token: bool, controller: int, lki: Any, left_game: bool | None = None,
                 seen_by: frozenset[int] | None = None, public: Line | None = None,
                 hidden: bool = False) -> None:
        #: The new object (None: it left the game).
        self.object: Final = object
        #: The object it was (None: a token created).
        self.old: Final = old
        #: The zone it left (None: created).
        self.from_zone: Final = from_zone
        #: The zone it entered (None: it left the game).
        self.to_zone: Final = to_zone
        #: Its owner.
        self.owner: Final = owner
        #: Its name.
        self.name: Final = name
        #: It is a token.
        self.token: Final = token
        #: Its controller.
        self.controller: Final = controller
        #: The old object's last known information (608.2h, 603.10a), characteristics or
        #: None.
        self.lki: Final = lki
        #: It left the game with its owner (800.4a).
        self.left_game: Final = left_game
        #: Seen by a player who may not see the card (:meth:`redacted`): ``name``,
        #: ``old`` and ``lki`` are left out of its data (PRIVATE_KEYS).
        self.hidden: Final = hidden
        Event.__init__(self, ev.ZONE_CHANGE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"object": self.object, "old": self.old, "from_zone":
                             self.from_zone, "to_zone": self.to_zone, "owner": self.owner,
                             "name": self.name, "token": self.token, "controller":
                             self.controller, "lki": self.lki}
        if self.left_game is not None:
            d["left_game"] = self.left_game
        if self.hidden:
            for k in ev.PRIVATE_KEYS:
                d.pop(k, None)
        return d

    def redacted(self) -> Event:
        """Without the card's name, old id and last known information."""
        return ZoneChange(self.rule, self.public or self.line, self.turn, self.object,
                          None, self.from_zone, self.to_zone, self.owner, "",
                          self.token, self.controller, None, self.left_game,
                          hidden=True)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ZoneChange, (self.rule, self.line, self.turn, self.object, self.old,
                             self.from_zone, self.to_zone, self.owner, self.name,
                             self.token, self.controller, self.lki, self.left_game,
                             self.seen_by, self.public, self.hidden))


class Drew(Event):
    """A player draws a card (120.1)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who draws.
        self.player: Final = player
        #: The card drawn (in their hand).
        self.object: Final = object
        Event.__init__(self, ev.DRAW, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


class Discarded(Event):
    """A card is discarded (701.8a)."""

    __slots__ = ("player", "object", "cause")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 cause: int | None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: Who discards.
        self.player: Final = player
        #: The card (in the graveyard).
        self.object: Final = object
        #: The controller of the spell or ability making them discard (None: a rule,
        #: 514.1).
        self.cause: Final = cause
        Event.__init__(self, ev.DISCARD, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object, "cause": self.cause}


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


class Shuffled(Event):
    """A player shuffles their library (701.18)."""

    __slots__ = ("player",)

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who shuffles.
        self.player: Final = player
        Event.__init__(self, ev.SHUFFLE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}


class MulliganTaken(Event):
    """A player mulligans (103.4)."""

    __slots__ = ("player", "cites")

    def __init__(self, rule: str, line: Line, turn: int, player: int,
                 cites: tuple[str, ...] | None = None, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        #: Who mulligans.
        self.player: Final = player
        #: The other rules it applies (103.4b).
        self.cites: Final = cites
        Event.__init__(self, ev.MULLIGAN, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"player": self.player}
        if self.cites is not None:
            d["cites"] = self.cites
        return d


class EffectEnded(Event):
    """A continuous effect ends (611.2b, 514.2)."""

    __slots__ = ()

    def __init__(self, rule: str, line: Line, turn: int, seen_by: frozenset[int] | None = None,
                 public: Line | None = None) -> None:
        Event.__init__(self, ev.EFFECT_ENDED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {}


class LandPlayed(Event):
    """A player plays a land (305.1)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who plays it.
        self.player: Final = player
        #: The land.
        self.object: Final = object
        Event.__init__(self, ev.LAND_PLAYED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


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


class PlanarDieRolled(Event):
    """A player rolls the planar die (Planechase, 901.9)."""

    __slots__ = ("player", "result")

    def __init__(self, rule: str, line: Line, turn: int, player: int, result: str,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who rolls it.
        self.player: Final = player
        #: "planeswalk", "chaos" or "blank".
        self.result: Final = result
        Event.__init__(self, PLANAR_DIE, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "result": self.result}


class Planeswalked(Event):
    """A player planeswalks to a plane (Planechase, 701.22b)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who planeswalks.
        self.player: Final = player
        #: The plane.
        self.object: Final = object
        Event.__init__(self, PLANESWALKED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


class PlaneswalkedAway(Event):
    """A player planeswalks away from a plane (Planechase, 701.22d)."""

    __slots__ = ("player", "object")

    def __init__(self, rule: str, line: Line, turn: int, player: int, object: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: Who planeswalks.
        self.player: Final = player
        #: The plane.
        self.object: Final = object
        Event.__init__(self, PLANESWALK_AWAY, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "object": self.object}


class SchemeSetInMotion(Event):
    """A scheme is set in motion (Archenemy, 701.23b)."""

    __slots__ = ("object", "player")

    def __init__(self, rule: str, line: Line, turn: int, object: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The scheme.
        self.object: Final = object
        #: The archenemy.
        self.player: Final = player
        Event.__init__(self, SET_IN_MOTION, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "player": self.player}


class SchemeAbandoned(Event):
    """An ongoing scheme is abandoned (Archenemy, 701.24b)."""

    __slots__ = ("object", "player")

    def __init__(self, rule: str, line: Line, turn: int, object: int, player: int,
                 seen_by: frozenset[int] | None = None, public: Line | None = None) -> None:
        #: The scheme.
        self.object: Final = object
        #: Its owner.
        self.player: Final = player
        Event.__init__(self, ABANDONED, rule, line, turn, seen_by, public)

    def fields(self) -> dict[str, Any]:
        return {"object": self.object, "player": self.player}


#: The class of each kind of event.
EVENT_CLASSES: Final[dict[str, type[Event]]] = {
    ev.TURN_BEGAN: TurnBegan,
    ev.STEP_BEGAN: StepBegan,
    ev.STEP_ENDED: StepEnded,
    ev.PHASE_BEGAN: PhaseBegan,
    ev.PHASE_ENDED: PhaseEnded,
    ev.ZONE_CHANGE: ZoneChange,
    ev.DRAW: Drew,
    ev.DISCARD: Discarded,
    ev.CAST: SpellCast,
    ev.ACTIVATE: AbilityActivated,
    ev.TRIGGER: AbilityTriggered,
    ev.RESOLVE: Resolved,
    ev.COUNTERED: Countered,
    ev.TAPPED: Tapped,
    ev.UNTAPPED: Untapped,
    ev.LIFE_GAIN: LifeGained,
    ev.LIFE_LOSS: LifeLost,
    ev.DAMAGE: DamageDealt,
    ev.COUNTERS_ADDED: CountersAdded,
    ev.COUNTERS_REMOVED: CountersRemoved,
    ev.ATTACKS: AttackerDeclared,
    ev.BLOCKS: BlockerDeclared,
    ev.BECOMES_BLOCKED: AttackerBlocked,
    ev.BLOCKED_BY_CREATURE: BlockedByCreature,
    ev.BLOCKS_CREATURE: BlocksCreature,
    ev.UNBLOCKED: AttackerUnblocked,
    ev.PHASED: Phased,
    ev.MANA: ManaChanged,
    ev.PASS: PriorityPassed,
    ev.LOSE: PlayerLost,
    ev.WIN: PlayerWon,
    ev.GAME_OVER: GameOver,
    ev.GAME_STOPPED: GameStopped,
    ev.SHUFFLE: Shuffled,
    ev.MULLIGAN: MulliganTaken,
    ev.EFFECT_ENDED: EffectEnded,
    ev.LAND_PLAYED: LandPlayed,
    ev.TARGETED: BecameTarget,
    PLANAR_DIE: PlanarDieRolled,
    PLANESWALKED: Planeswalked,
    PLANESWALK_AWAY: PlaneswalkedAway,
    SET_IN_MOTION: SchemeSetInMotion,
    ABANDONED: SchemeAbandoned,
    ev.INFO: Info,
}


#: Each class's fields: the names of those always in its data, and of the optional
#: ones (left out of its data while None).
EVENT_FIELDS: Final[dict[type[Event], tuple[tuple[str, ...], tuple[str, ...]]]] = {
    TurnBegan: (("player", "extra", "board"), ("team",)),
    StepBegan: (("step", "phase", "player"), ()),
    StepEnded: (("step", "phase"), ()),
    PhaseBegan: (("phase", "step", "player"), ()),
    PhaseEnded: (("phase",), ()),
    ZoneChange: (("object", "old", "from_zone", "to_zone", "owner", "name", "token",
        "controller", "lki"), ("left_game",)),
    Drew: (("player", "object"), ()),
    Discarded: (("player", "object", "cause"), ()),
    SpellCast: (("player", "object", "name"), ()),
    AbilityActivated: (("player", "object", "source"), ()),
    AbilityTriggered: (("object", "source", "controller"), ()),
    Resolved: (("object", "controller"), ()),
    Countered: (("object",), ("controller",)),
    Tapped: (("object",), ()),
    Untapped: ((), ("object", "objects", "player")),
    LifeGained: (("player", "amount"), ("cites",)),
    LifeLost: (("player", "amount"), ()),
    DamageDealt: (("source", "target", "amount", "combat", "source_controller",
        "first_to_target", "target_total", "cites"), ("life_lost", "poison")),
    CountersAdded: (("object", "counter", "n"), ()),
    CountersRemoved: (("object", "counter", "n"), ()),
    AttackerDeclared: (("attacker", "target", "player"), ()),
    BlockerDeclared: (("blocker", "attackers"), ("by_effect",)),
    AttackerBlocked: (("attacker", "blockers"), ("by_effect",)),
    BlockedByCreature: (("attacker", "blocker"), ("put_onto",)),
    BlocksCreature: (("blocker", "attacker"), ("by_effect",)),
    AttackerUnblocked: (("attacker",), ()),
    Phased: (("object", "phased_out"), ()),
    ManaChanged: (("player",), ("source", "mana", "lost")),
    PriorityPassed: (("player",), ()),
    PlayerLost: (("player",), ()),
    PlayerWon: (("player",), ()),
    GameOver: (("winner", "board"), ("winners",)),
    GameStopped: (("winner", "board"), ()),
    Shuffled: (("player",), ()),
    MulliganTaken: (("player",), ("cites",)),
    EffectEnded: ((), ()),
    LandPlayed: (("player", "object"), ()),
    BecameTarget: (("target", "by", "controller"), ()),
    PlanarDieRolled: (("player", "result"), ()),
    Planeswalked: (("player", "object"), ()),
    PlaneswalkedAway: (("player", "object"), ()),
    SchemeSetInMotion: (("object", "player"), ()),
    SchemeAbandoned: (("object", "player"), ()),
}


#: Kinds only a variant's games produce (Planechase, Archenemy).
VARIANT_KINDS: Final = frozenset({ABANDONED, PLANAR_DIE, PLANESWALKED,
                                 PLANESWALK_AWAY, SET_IN_MOTION})


def restore_event(kind: str, rule: str, line: Line, turn: int,
                  seen_by: frozenset[int] | None, public: Line | None,
                  data: Mapping[str, Any]) -> Event:
    """The event of ``kind`` with these fields (``data``): what pickling an event, its
    redacted view and :meth:`GameState.emit` make."""
    cls = EVENT_CLASSES.get(kind)
    if cls is None:
        raise ValueError(f"unknown kind of event {kind!r}")
    if cls is Info:
        return Info(rule, line, turn, data, seen_by, public)
    make: Callable[..., Event] = cls
    return make(rule, line, turn, seen_by=seen_by, public=public, **data)


if type(vars(ZoneChange).get("object")).__name__ == "member_descriptor":
    # pure Python: slots (a compiled class's attributes are read-only already)
    from manastack.sealing import seal_typed_events
    seal_typed_events((k, c) for k, c in EVENT_CLASSES.items() if c is not Info)

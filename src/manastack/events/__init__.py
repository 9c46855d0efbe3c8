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

The classes live in modules by area, and every name is imported from here
(``from manastack.events import ZoneChange``): ``turn`` (turns, phases, steps,
priority), ``zones`` (zone changes, draws, discards, shuffles, mulligans, land plays),
``stack`` (spells and abilities, their targets), ``permanents`` (tapped, untapped,
phased, counters), ``combat``, ``life`` (life and damage), ``mana``, ``effects``,
``game_end``, ``variants`` (Planechase and Archenemy, with their kinds), ``notes``
(:class:`Info`); ``registry`` maps each kind to its class and its fields
(:data:`EVENT_CLASSES`, :data:`EVENT_FIELDS`, :func:`restore_event`).
"""

from __future__ import annotations

from manastack.events.combat import (
    AttackerBlocked,
    AttackerDeclared,
    AttackerUnblocked,
    BlockedByCreature,
    BlockerDeclared,
    BlocksCreature,
)
from manastack.events.effects import EffectEnded
from manastack.events.game_end import GameOver, GameStopped, PlayerLost, PlayerWon
from manastack.events.life import DamageDealt, LifeGained, LifeLost
from manastack.events.mana import ManaChanged
from manastack.events.notes import Info
from manastack.events.permanents import (
    CountersAdded,
    CountersRemoved,
    Phased,
    Tapped,
    Untapped,
)
from manastack.events.registry import EVENT_CLASSES, EVENT_FIELDS, restore_event
from manastack.events.stack import (
    AbilityActivated,
    AbilityTriggered,
    BecameTarget,
    Countered,
    Resolved,
    SpellCast,
)
from manastack.events.turn import (
    PhaseBegan,
    PhaseEnded,
    PriorityPassed,
    StepBegan,
    StepEnded,
    TurnBegan,
)
from manastack.events.variants import (
    ABANDONED,
    PLANAR_DIE,
    PLANESWALK_AWAY,
    PLANESWALKED,
    SET_IN_MOTION,
    VARIANT_KINDS,
    PlanarDieRolled,
    Planeswalked,
    PlaneswalkedAway,
    SchemeAbandoned,
    SchemeSetInMotion,
)
from manastack.events.zones import (
    Discarded,
    Drew,
    LandPlayed,
    MulliganTaken,
    Shuffled,
    ZoneChange,
)

__all__ = [
    "ABANDONED",
    "EVENT_CLASSES",
    "EVENT_FIELDS",
    "PLANAR_DIE",
    "PLANESWALKED",
    "PLANESWALK_AWAY",
    "SET_IN_MOTION",
    "VARIANT_KINDS",
    "AbilityActivated",
    "AbilityTriggered",
    "AttackerBlocked",
    "AttackerDeclared",
    "AttackerUnblocked",
    "BecameTarget",
    "BlockedByCreature",
    "BlockerDeclared",
    "BlocksCreature",
    "Countered",
    "CountersAdded",
    "CountersRemoved",
    "DamageDealt",
    "Discarded",
    "Drew",
    "EffectEnded",
    "GameOver",
    "GameStopped",
    "Info",
    "LandPlayed",
    "LifeGained",
    "LifeLost",
    "ManaChanged",
    "MulliganTaken",
    "PhaseBegan",
    "PhaseEnded",
    "Phased",
    "PlanarDieRolled",
    "Planeswalked",
    "PlaneswalkedAway",
    "PlayerLost",
    "PlayerWon",
    "PriorityPassed",
    "Resolved",
    "SchemeAbandoned",
    "SchemeSetInMotion",
    "Shuffled",
    "SpellCast",
    "StepBegan",
    "StepEnded",
    "Tapped",
    "TurnBegan",
    "Untapped",
    "ZoneChange",
    "restore_event",
]

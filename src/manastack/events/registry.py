"""The registry of the typed events: the class of each kind (:data:`EVENT_CLASSES`),
each class's fields (:data:`EVENT_FIELDS`), and :func:`restore_event`, which makes an
event of a kind from its fields (pickling, redacted views, :meth:`GameState.emit
<manastack.game.state.GameState.emit>`).  Importing it seals the classes in pure
Python (their fields can't be set after construction)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from manastack import log as ev
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
from manastack.lines import Line
from manastack.log import Event

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

"""The steps and phases of a turn as data (CR 500-514, seed 000 sections 1-2): their
names, how they are shown, and :class:`StepInfo`, one step of a turn's plan; the rules
that run them are :mod:`manastack.rules.turn`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

#: Steps in which no player receives priority (normally: CR 502.3, 514.3).
NO_PRIORITY: Final = ("untap", "cleanup")
STEP_NAMES: Final = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat",
                     "declare_attackers", "declare_blockers", "combat_damage",
                     "combat_damage_2", "end_of_combat", "postcombat_main", "end", "cleanup")
DISPLAY: Final = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "precombat_main": "precombat main phase", "postcombat_main": "postcombat main phase",
    "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "combat_damage": "combat damage step", "combat_damage_2": "second combat damage step",
    "end_of_combat": "end of combat step", "end": "end step", "cleanup": "cleanup step",
}


@dataclass(slots=True)
class StepInfo:
    """One step (or main phase) of a turn.

    ``name`` is ``main`` until the phase begins; it then becomes
    ``precombat_main`` or ``postcombat_main`` (seed section 2).  ``phase_id``
    tells instances of phases apart (a turn may have several combat phases).
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> StepInfo:
        new = StepInfo(self.name, self.phase, self.phase_id, self.extra, self.had_priority,
                       self.first_strike)
        memo[id(self)] = new
        return new

    name: str
    phase: str
    phase_id: int
    extra: bool = False
    #: Priority was given during this step (cleanup repeats, 514.3a).
    had_priority: bool = False
    #: First-strike combat damage step (510.4).
    first_strike: bool = False

    def __init__(self, name: str, phase: str, phase_id: int, extra: bool = False,
                 had_priority: bool = False, first_strike: bool = False) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.name = name
        self.phase = phase
        self.phase_id = phase_id
        self.extra = extra
        self.had_priority = had_priority
        self.first_strike = first_strike

    @property
    def has_priority(self) -> bool:
        """Untap and (normally) cleanup give no priority (CR 502.3, 514.3)."""
        return self.name not in NO_PRIORITY

    @property
    def display(self) -> str:
        return DISPLAY.get(self.name, self.name)

"""The fields of the environment's observations: the arrays' sizes, the columns' names,
the decision kinds, card types and keywords as indexes and bits, and the bound values are
clipped to (the layout ``observations.py`` fills and ``docs/env.md`` documents).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from manastack.game.objects import PlayerRef

#: The largest number of seats.
P_MAX: Final = 4
HAND_MAX: Final = 20
BATTLEFIELD_MAX: Final = 40
GRAVEYARD_MAX: Final = 60
STACK_MAX: Final = 16
EXILE_MAX: Final = 40
COMMAND_MAX: Final = 8
BOUND: Final = 1 << 24

#: The engine's decision kinds (``decision.kind``; index + 2; 0 none, 1 another).
DECISION_KINDS: Final = (
    "assign_damage", "choose", "choose_defender", "choose_targets", "choose_x",
    "commander_mulligan", "declare_attackers", "declare_blockers", "discard", "divide",
    "london_bottom", "may", "mulligan", "opening_hand", "order_blockers", "order_triggers",
    "planar_die", "play_card", "poison", "priority", "redirect", "scry", "scry_order",
    "search", "triggered")
_KINDS: Final = {k: i + 2 for i, k in enumerate(DECISION_KINDS)}

#: Card types, as bits of column ``types`` (bit i = TYPES[i]).
TYPES: Final = ("artifact", "creature", "enchantment", "land", "planeswalker", "instant",
                "sorcery", "tribal", "plane", "scheme", "vanguard", "phenomenon")
#: Keywords, as bits of column ``keywords``.
KEYWORDS: Final = ("flying", "first strike", "double strike", "deathtouch", "lifelink",
                   "trample", "vigilance", "haste", "reach", "defender", "hexproof",
                   "shroud", "indestructible", "intimidate", "fear", "landwalk",
                   "protection", "flash", "menace", "banding", "infect", "wither")

GAME_FIELDS: Final = ("turn", "step", "active", "decision_kind", "rule_section",
                      "rule_paragraph", "rule_letter", "decision_player", "depth", "page",
                      "options", "players", "combat", "head_kind", "head_object",
                      "head_name")
PLAYER_FIELDS: Final = ("present", "life", "poison", "hand", "library", "graveyard", "lost",
                        "active", "teammate", "deciding", "W", "U", "B", "R", "G", "C")
PERMANENT_FIELDS: Final = ("id", "name", "owner", "tapped", "power", "toughness", "damage",
                           "counters", "token", "types", "keywords", "attacking",
                           "blocking", "attached_to", "phased_out")
CARD_FIELDS: Final = ("id", "name")
STACK_FIELDS: Final = ("id", "name", "controller", "ability", "source", "targets",
                       "first_target")
COMMAND_FIELDS: Final = ("id", "name", "owner")


def _clamp(x: int) -> int:
    """``x`` within ``±BOUND``."""
    return -BOUND if x < -BOUND else BOUND if x > BOUND else x


@cache
def _bits(values: tuple[str, ...], names: tuple[str, ...]) -> int:
    """The bit mask of ``values`` among ``names`` (kept: a board repeats its types)."""
    out = 0
    for v in values:
        v = str(v).lower()
        for i, n in enumerate(names):
            if v == n or (n == "landwalk" and v.endswith("walk")) or \
                    (n == "protection" and v.startswith("protection")):
                out |= 1 << i
    return out


def _target(r: Any, viewer: int, n: int) -> int:
    """An object id, or a player as -(relative seat + 1)."""
    if isinstance(r, PlayerRef):
        return -((r.index - viewer) % n + 1)
    return r if type(r) is int else 0

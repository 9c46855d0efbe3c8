"""The environment's observations: fixed-shape numpy arrays made from
``game.observe(seat)`` alone (what the seat may see, CR 400.2), and their Gymnasium space.

Every field is documented in ``docs/env.md``.  Seats are relative: row 0 is the
observing seat, then the others in turn order (a player reference is that relative seat
+ 1, 0 for none).  Cards are given by id (the engine's object id, public: ids are handed
out in the order of public events) and by name index (:func:`card_names`: 0 none, 1 a
name outside the card pool such as a token's, 2 a face-down card, 3... the pool's names
sorted).  Lists longer than their array keep their first rows (graveyards: the last
cards put there).  Values are clipped to ``±BOUND``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from gymnasium import spaces

from manastack.env.actions import FEATURES, N_MAX
from manastack.game.turn import STEP_NAMES

if TYPE_CHECKING:
    from manastack.env.core import EnvCore

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


@cache
def card_names() -> dict[str, int]:
    """Name -> index: the card pool's and the variants' cards, sorted, from 3."""
    from manastack.cards.database import all_card_data, variant_card_data

    names = sorted(set(all_card_data()) | set(variant_card_data()))
    return {n: i + 3 for i, n in enumerate(names)}


def _box(*shape: int) -> spaces.Box:
    return spaces.Box(-BOUND, BOUND, shape, np.int32)


def observation_space() -> spaces.Dict:
    """The space of one seat's observation (the same for every seat and variant)."""
    return spaces.Dict({
        "action_mask": spaces.Box(0, 1, (N_MAX,), np.int8),
        "action_features": _box(N_MAX, len(FEATURES)),
        "game": _box(len(GAME_FIELDS)),
        "players": _box(P_MAX, len(PLAYER_FIELDS)),
        "hand": _box(HAND_MAX, len(CARD_FIELDS)),
        "battlefield": _box(P_MAX, BATTLEFIELD_MAX, len(PERMANENT_FIELDS)),
        "graveyards": _box(P_MAX, GRAVEYARD_MAX, len(CARD_FIELDS)),
        "stack": _box(STACK_MAX, len(STACK_FIELDS)),
        "exile": _box(EXILE_MAX, len(CARD_FIELDS)),
        "command": _box(COMMAND_MAX, len(COMMAND_FIELDS)),
    })


_RULE: Final = re.compile(r"(\d+)(?:\.(\d+)([a-z]?))?")


def rule_numbers(rule: str) -> tuple[int, int, int]:
    """``"510.1c"`` -> (510, 1, 3): section, paragraph, letter (a = 1; 0 for none)."""
    m = _RULE.match(rule or "")
    if m is None:
        return 0, 0, 0
    letter = m.group(3)
    return int(m.group(1)), int(m.group(2) or 0), (ord(letter) - 96 if letter else 0)


def _clamp(x: int) -> int:
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


def _mana(pool: str) -> list[int]:
    return [pool.count("{" + c + "}") for c in "WUBRGC"]


def _fill(array: np.ndarray, rows: list[Any]) -> None:
    """Put ``rows`` at the start of ``array`` (the rest stays 0)."""
    if rows:
        array[:len(rows)] = rows


def encode(core: EnvCore, viewer: int) -> dict[str, np.ndarray]:
    """The observation of seat ``viewer`` (see the module's docstring and docs/env.md)."""
    game = core.game
    view = game.observe(viewer)
    names = card_names()
    n = len(game.players)

    def rel(p: Any) -> int:
        return (int(p) - viewer) % n + 1 if isinstance(p, int) else 0

    def ref(r: Any) -> int:  # an object id, or a player "P<n>" as -(relative seat + 1)
        if isinstance(r, str) and r.startswith("P") and r[1:].isdigit():
            return -rel(int(r[1:]))
        return int(r) if isinstance(r, int) else 0

    def name(c: dict[str, Any]) -> int:
        nm = c.get("name", "")
        return 2 if nm == "face-down card" else names.get(nm, 1)

    mask = np.zeros(N_MAX, np.int8)
    feats = np.zeros((N_MAX, len(FEATURES)), np.int32)
    decision = game.decision
    deciding = decision is not None and decision.by == viewer and not game.over
    opts = core.option_rows(viewer) if deciding else []
    if opts:
        mask[:len(opts)] = 1
        feats[:len(opts)] = opts
    g = np.zeros(len(GAME_FIELDS), np.int32)
    g[0] = _clamp(view["turn"])
    g[1] = STEP_NAMES.index(view["step"]) + 1 if view["step"] in STEP_NAMES else 0
    g[2] = rel(view["active_player"])
    g[11] = n
    g[12] = 1 if "combat" in view else 0
    if view["decision"] is not None:
        dv = view["decision"]
        g[3] = _KINDS.get(dv["kind"], 1)
        assert decision is not None
        g[4], g[5], g[6] = rule_numbers(decision.rule)
        g[7] = rel(dv["player"])
    if deciding:
        tree = core.tree
        if tree is not None:
            g[8] = len(tree.chosen)
            g[9] = tree.page
            head = tree.head
            if head is not None:
                row = core.features(head, viewer)
                g[13], g[14], g[15] = row[0], row[1], row[2]
        g[10] = len(opts)
    # (rows gathered as lists, each array filled at once: cheaper than row by row)
    player_rows: list[list[Any]] = [[] for _ in range(P_MAX)]
    grave_rows: list[list[Any]] = [[] for _ in range(P_MAX)]
    me = game.players[viewer]
    decider = view["decision"]["decider"] if view["decision"] is not None else None
    for pd in view["players"]:
        r = rel(pd["index"]) - 1
        player_rows[r] = [1, _clamp(pd["life"]), _clamp(pd["poison"]), pd["hand_size"],
                          pd["library_size"], len(pd["graveyard"]), int(pd["lost"]),
                          int(pd["index"] == view["active_player"]),
                          int(game.players[pd["index"]].team == me.team),
                          int(decider == pd["index"]),
                          *[_clamp(m) for m in _mana(pd["mana_pool"])]]
        grave_rows[r] = [(c["id"], name(c)) for c in reversed(pd["graveyard"][-GRAVEYARD_MAX:])]
    players = np.zeros((P_MAX, len(PLAYER_FIELDS)), np.int32)
    graveyards = np.zeros((P_MAX, GRAVEYARD_MAX, 2), np.int32)
    for r in range(n):
        players[r] = player_rows[r]
        _fill(graveyards[r], grave_rows[r])
    hand = np.zeros((HAND_MAX, 2), np.int32)
    _fill(hand, [(c["id"], name(c)) for c in view["players"][viewer].get("hand", [])[:HAND_MAX]])
    sides: list[list[Any]] = [[] for _ in range(P_MAX)]
    combat = view.get("combat", {"attackers": {}, "blockers": {}})
    attackers, blockers = combat["attackers"], combat["blockers"]
    for c in view["battlefield"]:
        side = sides[rel(c["controller"]) - 1]
        if len(side) >= BATTLEFIELD_MAX:
            continue
        key = str(c["id"])
        attacking = attackers.get(key)
        blocking = blockers.get(key)
        counters = c.get("counters")
        side.append((
            c["id"], name(c), rel(c["owner"]), int(c["tapped"]), _clamp(c.get("power") or 0),
            _clamp(c.get("toughness") or 0), _clamp(c.get("damage", 0)),
            _clamp(sum(counters.values())) if counters else 0, int(c["token"]),
            _bits(tuple(c["types"]), TYPES), _bits(tuple(c.get("keywords", ())), KEYWORDS),
            0 if attacking is None else ref(attacking),
            0 if blocking is None else ref(blocking),
            ref(c["attached_to"]) if "attached_to" in c else 0, int(c.get("phased_out", 0))))
    battlefield = np.zeros((P_MAX, BATTLEFIELD_MAX, len(PERMANENT_FIELDS)), np.int32)
    for r in range(n):
        _fill(battlefield[r], sides[r])
    stack = np.zeros((STACK_MAX, len(STACK_FIELDS)), np.int32)
    _fill(stack, [(s["id"], name(s), rel(s["controller"]), int("source" in s),
                   s.get("source", 0), len(s["targets"]),
                   ref(s["targets"][0]) if s["targets"] else 0)
                  for s in view["stack"][-STACK_MAX:][::-1]])  # the top first
    exile = np.zeros((EXILE_MAX, 2), np.int32)
    _fill(exile, [(c["id"], name(c)) for c in view["exile"][:EXILE_MAX]])
    command = np.zeros((COMMAND_MAX, len(COMMAND_FIELDS)), np.int32)
    _fill(command, [(c["id"], name(c), rel(c["owner"])) for c in view["command"][:COMMAND_MAX]])
    out: dict[str, np.ndarray] = {
        "action_mask": mask, "action_features": feats, "game": g, "players": players,
        "hand": hand, "battlefield": battlefield, "graveyards": graveyards, "stack": stack,
        "exile": exile, "command": command}
    return out

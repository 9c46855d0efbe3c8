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
from array import array
from functools import cache
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from gymnasium import spaces

from manastack.env.actions import FEATURES, N_MAX
from manastack.game.objects import GameObject, PlayerRef, StackAbility
from manastack.game.state import GameState
from manastack.game.turn import STEP_NAMES
from manastack.rules.control import sees_for

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


@cache
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


@cache
def _plain_names() -> dict[str, int]:
    """:func:`card_names` with ``observe``'s "face-down card" as 2: the name index of a
    name as ``observe`` shows it is ``_plain_names().get(name, 1)``."""
    return {**card_names(), "face-down card": 2}


def _name(o: Any, plain: dict[str, int]) -> int:
    """The name index of a card in a zone as every player sees it (2: face down, exiled
    face down, 406.3, or a face-down permanent, 707.2); ``plain``: :func:`_plain_names`."""
    if isinstance(o, GameObject) and o.face_down:
        return 2
    return plain.get(o.name, 1)


def _target(r: Any, viewer: int, n: int) -> int:
    """An object id, or a player as -(relative seat + 1)."""
    if isinstance(r, PlayerRef):
        return -((r.index - viewer) % n + 1)
    return r if type(r) is int else 0


_TYPE_BITS: dict[frozenset[str], int] = {}
_KEYWORD_BITS: dict[frozenset[str], int] = {}


def _bits_of(values: frozenset[str], names: tuple[str, ...],
             memo: dict[frozenset[str], int]) -> int:
    out = memo.get(values)
    if out is None:
        out = memo[values] = _bits(tuple(sorted(values)), names)
    return out


def encode(core: EnvCore, viewer: int) -> dict[str, np.ndarray]:
    """The observation of seat ``viewer`` (see the module's docstring and docs/env.md).

    The arrays are filled straight from the game, reading only what
    ``game.observe(viewer)`` shows (CR 400.2: the seat's own hand and the players it
    controls, 714.4; public zones with face-down cards unnamed, 406.3 and 707.2); a test checks
    them against arrays made from ``observe``.  Each call returns new arrays (views of one
    new buffer): an observation kept stays as it was."""
    game = core.game
    plain = _plain_names()
    players_ = game.players
    n = len(players_)
    objects = game.objects
    # (filled as a C array of int32: every value is clamped to ±BOUND where it may pass
    # it, or is an object id, at most ``ids_issued``; more than BOUND ids: clipped at the end)
    out = array("i", _ZEROS)
    decision = game.decision
    deciding = decision is not None and decision.by == viewer and not game.over
    opts = core.option_rows(viewer) if deciding else []
    if opts:
        feats = array("i", core.option_table(viewer))
        out[_FEATS:_FEATS + len(feats)] = feats
    active = game.active_player
    step = game.step
    combat = game.combat
    g = [0] * len(GAME_FIELDS)
    g[0] = min(game.turn_number, BOUND)
    g[1] = _STEP_INDEX.get(step.name, 0) if step else 0
    g[2] = (active - viewer) % n + 1 if type(active) is int else 0
    g[11] = n
    g[12] = 0 if combat is None else 1
    decider = None
    if decision is not None:
        decider = decision.by
        g[3] = _KINDS.get(decision.kind, 1)
        g[4], g[5], g[6] = rule_numbers(decision.rule)
        g[7] = (decision.player - viewer) % n + 1
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
    team = players_[viewer].team
    # the players' rows, in relative seat order: one flat list, one fill
    prows: list[int] = []
    kept_rows = core.graveyard_rows
    for r in range(n):
        p = players_[(viewer + r) % n]
        pool = p.mana_pool
        life = p.life
        prows += (1, life, p.poison, len(p.hand), len(p.library), len(p.graveyard),
                  int(p.lost), int(p.index == active), int(p.team == team),
                  int(decider == p.index))
        if life > BOUND or life < -BOUND or p.poison > BOUND:  # (as may mana, below)
            prows[-9] = _clamp(life)
            prows[-8] = _clamp(p.poison)
        if pool.size:  # (the units it holds, 106.4)
            prows += map(pool.amounts.get, "WUBRGC", _NO_MANA)
            if pool.size > BOUND:
                prows[-6:] = map(_clamp, prows[-6:])
        else:
            prows += _NO_MANA
        if p.graveyard:
            # (a graveyard is a face-up pile, 404.2, its cards new objects, 400.7: the same
            # ids, the same names; kept until the graveyard changes)
            key = tuple(p.graveyard[-GRAVEYARD_MAX:])
            kept = kept_rows.get(p.index)
            if kept is None or kept[0] != key:
                flat = array("i", [x for i in reversed(key)
                                   for x in (i, _name(objects[i], plain))])
                kept = kept_rows[p.index] = (key, flat)
            at = _GRAVES + r * GRAVEYARD_MAX * 2
            out[at:at + len(kept[1])] = kept[1]
    gp = g + prows
    out[_GAME:_GAME + len(gp)] = array("i", gp)  # (players follow game)
    if viewer in sees_for(game, viewer):
        hand = players_[viewer].hand[:HAND_MAX]
        if hand:
            # (cards in a hand keep their names: kept until the hand changes)
            key = tuple(hand)
            kept = core.hand_rows.get(viewer)
            if kept is None or kept[0] != key:
                kept = core.hand_rows[viewer] = (
                    key, array("i", [x for i in hand for x in (i, _name(objects[i], plain))]))
            out[_HAND:_HAND + len(kept[1])] = kept[1]
    if game.battlefield:
        _battlefield(core, game, viewer, n, plain, out)
    if game.stack:
        rows: list[int] = []
        for oid in game.stack[-STACK_MAX:][::-1]:  # the top first
            so = objects[oid]
            ability = isinstance(so, StackAbility)
            targets = so.targets
            rows += (oid, plain.get(so.name, 1), (game.controller(so) - viewer) % n + 1,
                     int(ability), so.source if isinstance(so, StackAbility) else 0,
                     len(targets), _target(targets[0], viewer, n) if targets else 0)
        out[_STACK:_STACK + len(rows)] = array("i", rows)
    if game.exile:
        ex = game.exile[:EXILE_MAX]
        out[_EXILE:_EXILE + 2 * len(ex)] = array("i", [
            x for i in ex for x in (i, _name(objects[i], plain))])
    if game.command:
        rows = []
        for oid in game.command:
            co = objects[oid]
            if not isinstance(co, GameObject) or co.face_down:
                continue  # (a face-down scheme or plane card: its deck, 901.4, 904.4)
            if len(rows) < 3 * COMMAND_MAX:
                rows += (oid, plain.get(co.name, 1), (co.owner - viewer) % n + 1)
        if rows:
            out[_COMMAND:_COMMAND + len(rows)] = array("i", rows)
    if game.ids_issued > BOUND:  # (ids past the bound, after that many objects)
        values = np.frombuffer(out, np.int32)
        values.clip(-BOUND, BOUND, out=values)
    # (the arrays: the fields of one record over the new buffer)
    record = np.frombuffer(out, _RECORD).reshape(())
    obs: dict[str, np.ndarray] = {name: record[name] for name in _NAMES}
    obs["action_mask"] = _MASKS[len(opts)].copy()
    return obs


_NO_MANA: Final = (0,) * 6


class _KeptBoard:
    """One seat's battlefield rows as last encoded, with what they were read from: the
    game, its change journal's versions and the derived view of the battlefield."""

    __slots__ = ("game", "version", "wide", "view", "sides", "objs", "tapped")

    def __init__(self, game: GameState, view: Any, sides: list[array[int]],
                 objs: list[list[GameObject]], tapped: list[list[bool]]) -> None:
        self.game = game
        self.version: int = game.version
        self.wide: int = game.wide_version
        self.view = view
        self.sides = sides
        #: Per side, the permanents of its rows (the same objects until a wide change) and
        #: whether each was tapped as its row says.
        self.objs = objs
        self.tapped = tapped


#: The narrow changes (``GameState.changed``) besides tapping that rows read.
_DAMAGE_COMBAT: Final = frozenset({"damage", "combat"})
_W: Final = len(PERMANENT_FIELDS)


def _battlefield(core: EnvCore, game: GameState, viewer: int, n: int, plain: dict[str, int],
                 out: array[int]) -> None:
    """Fill the battlefield rows of ``out``: per relative seat, the permanents its
    player controls (after continuous effects, 613), in the battlefield's order.

    The rows are kept per seat between observations: when only narrow changes happened
    since (``GameState.changed``: the same wide version, the same view of the
    battlefield, so the same permanents, order and characteristics), only the columns
    those changes may touch are read again (tapped; damage and combat after a change of
    their kind).  In check mode the kept rows are compared with fresh ones."""
    derived = game.derived
    if derived.view_version != game.version:
        derived.refresh_view(game)
    kept = core.battlefield_rows.get(viewer)
    if kept is not None and kept.game is game and kept.wide == game.wide_version and \
            kept.view is derived.view:
        if kept.version != game.version:
            _refresh_rows(kept, game, viewer, n)
        if derived.check:
            fresh = _board_rows(game, viewer, n, plain)
            if fresh[0] != kept.sides:  # (arrays of the same values compare equal)
                derived.check_kept("the battlefield's observation rows", kept.sides,
                                   fresh[0])
    else:
        sides, objs, tapped = _board_rows(game, viewer, n, plain)
        kept = core.battlefield_rows[viewer] = _KeptBoard(game, derived.view, sides, objs,
                                                          tapped)
    base = _BATTLEFIELD
    full = BATTLEFIELD_MAX * _W
    for side in kept.sides:
        if side:
            out[base:base + len(side)] = side
        base += full


def _refresh_rows(kept: _KeptBoard, game: GameState, viewer: int, n: int) -> None:
    """Read again the columns narrow changes may have touched since ``kept`` was made."""
    if game.narrow_unchanged_since(kept.version, _DAMAGE_COMBAT):
        # (tapping alone: the rows of the permanents that became tapped or untapped)
        for side, objs, tapped in zip(kept.sides, kept.objs, kept.tapped, strict=True):
            for i in range(len(objs)):
                t = objs[i].tapped
                if t != tapped[i]:
                    tapped[i] = t
                    side[i * _W + 3] = 1 if t else 0
        kept.version = game.version
        return
    combat = game.combat
    attackers = combat.attackers if combat is not None else _EMPTY
    blockers = combat.blockers if combat is not None else _EMPTY
    for side, objs, tapped in zip(kept.sides, kept.objs, kept.tapped, strict=True):
        at = 0
        for i in range(len(objs)):
            o = objs[i]
            oid = o.id
            t = tapped[i] = o.tapped
            side[at + 3] = 1 if t else 0
            damage = o.damage
            side[at + 6] = damage if damage <= BOUND else BOUND
            attacking = attackers.get(oid) if attackers else None
            blocking = blockers.get(oid) if blockers else None
            side[at + 11] = 0 if attacking is None else _target(attacking, viewer, n)
            side[at + 12] = 0 if blocking is None else _target(blocking, viewer, n)
            at += _W
    kept.version = game.version


def _board_rows(game: GameState, viewer: int, n: int, plain: dict[str, int]
                ) -> tuple[list[array[int]], list[list[GameObject]], list[list[bool]]]:
    """The battlefield rows per relative seat (flat arrays, values clamped to ``±BOUND``),
    their permanents and whether each is tapped."""
    sides: list[list[int]] = [[] for _ in range(n)]
    objs: list[list[GameObject]] = [[] for _ in range(n)]
    tapped: list[list[bool]] = [[] for _ in range(n)]
    full = BATTLEFIELD_MAX * _W
    combat = game.combat
    attackers = combat.attackers if combat is not None else _EMPTY
    blockers = combat.blockers if combat is not None else _EMPTY
    chars = game.chars
    objects = game.objects
    type_bits = _TYPE_BITS
    keyword_bits = _KEYWORD_BITS
    for oid in game.battlefield:
        o = objects[oid]
        assert isinstance(o, GameObject)
        c = chars(o)
        seat = (c.controller - viewer) % n
        side = sides[seat]
        if len(side) >= full:
            continue
        objs[seat].append(o)
        tapped[seat].append(o.tapped)
        attacking = attackers.get(oid) if attackers else None
        blocking = blockers.get(oid) if blockers else None
        counters = o.counters
        power = c.power
        if power is None:
            power = toughness = 0
        else:
            toughness = c.toughness or 0
        n_counters = sum(counters.values()) if counters else 0
        damage = o.damage
        if power > BOUND or power < -BOUND or toughness > BOUND or toughness < -BOUND or \
                damage > BOUND or n_counters > BOUND or n_counters < -BOUND:
            power, toughness = _clamp(power), _clamp(toughness)
            damage, n_counters = _clamp(damage), _clamp(n_counters)
        types = type_bits.get(c.types)
        if types is None:
            types = _bits_of(c.types, TYPES, type_bits)
        kw = 0
        if c.keywords:
            known = keyword_bits.get(c.keywords)
            kw = _bits_of(c.keywords, KEYWORDS, keyword_bits) if known is None else known
        attached = o.attached_to
        side += (
            oid, plain.get(c.name, 1),
            (o.owner - viewer) % n + 1, int(o.tapped), power, toughness, damage,
            n_counters, int(o.is_token),
            types, kw,
            0 if attacking is None else _target(attacking, viewer, n),
            0 if blocking is None else _target(blocking, viewer, n),
            0 if attached is None else _target(attached, viewer, n),
            int(bool(o.phased_out)))
    return [array("i", side) for side in sides], objs, tapped


_EMPTY: Final[dict[Any, Any]] = {}


# The int32 arrays of an observation as views of one buffer: (name, start, end, shape).
_SHAPES: Final = (("action_features", (N_MAX, len(FEATURES))), ("game", (len(GAME_FIELDS),)),
                  ("players", (P_MAX, len(PLAYER_FIELDS))), ("hand", (HAND_MAX, 2)),
                  ("battlefield", (P_MAX, BATTLEFIELD_MAX, len(PERMANENT_FIELDS))),
                  ("graveyards", (P_MAX, GRAVEYARD_MAX, 2)),
                  ("stack", (STACK_MAX, len(STACK_FIELDS))), ("exile", (EXILE_MAX, 2)),
                  ("command", (COMMAND_MAX, len(COMMAND_FIELDS))))


def _layout() -> tuple[tuple[str, int, int, tuple[int, ...]], ...]:
    out = []
    start = 0
    for name, shape in _SHAPES:
        size = int(np.prod(shape))
        out.append((name, start, start + size, shape))
        start += size
    return tuple(out)


_LAYOUT: Final = _layout()
_SIZE: Final = _LAYOUT[-1][2]
_ZEROS: Final = array("i", bytes(4 * _SIZE))
#: An observation's arrays as the fields of one record (``_LAYOUT``'s order and shapes).
_RECORD: Final = np.dtype([(name, np.int32, shape) for name, shape in _SHAPES])
_NAMES: Final = tuple(name for name, _ in _SHAPES)
assert _RECORD.itemsize == 4 * _SIZE
#: The action mask of k options, for each k (copied for each observation).
_MASKS: Final = tuple(np.array([1] * k + [0] * (N_MAX - k), np.int8) for k in range(N_MAX + 1))
_AT: Final = {name: start for name, start, _, _ in _LAYOUT}
_FEATS: Final = _AT["action_features"]
_GAME: Final = _AT["game"]
_PLAYERS: Final = _AT["players"]
_HAND: Final = _AT["hand"]
_BATTLEFIELD: Final = _AT["battlefield"]
_GRAVES: Final = _AT["graveyards"]
_STACK: Final = _AT["stack"]
_EXILE: Final = _AT["exile"]
_COMMAND: Final = _AT["command"]
assert _PLAYERS == _GAME + len(GAME_FIELDS)  # (encode fills both with one list)
_STEP_INDEX: Final = {name: i + 1 for i, name in enumerate(STEP_NAMES)}

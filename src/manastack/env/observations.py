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
from manastack.env.board_rows import fill_battlefield
from manastack.env.fields import (
    _KINDS,
    BATTLEFIELD_MAX,
    BOUND,
    CARD_FIELDS,
    COMMAND_FIELDS,
    COMMAND_MAX,
    DECISION_KINDS,
    EXILE_MAX,
    GAME_FIELDS,
    GRAVEYARD_MAX,
    HAND_MAX,
    KEYWORDS,
    P_MAX,
    PERMANENT_FIELDS,
    PLAYER_FIELDS,
    STACK_FIELDS,
    STACK_MAX,
    TYPES,
    _clamp,
    _target,
)
from manastack.game.objects import GameObject, StackAbility
from manastack.game.turn import STEP_NAMES

if TYPE_CHECKING:
    from manastack.env.core import EnvCore

#: The observation's functions, and its fields (``fields.py``) under the names the
#: documentation gives them.
__all__ = ["BATTLEFIELD_MAX", "BOUND", "CARD_FIELDS", "COMMAND_FIELDS", "COMMAND_MAX",
           "DECISION_KINDS", "EXILE_MAX", "GAME_FIELDS", "GRAVEYARD_MAX", "HAND_MAX",
           "KEYWORDS", "P_MAX", "PERMANENT_FIELDS", "PLAYER_FIELDS", "STACK_FIELDS",
           "STACK_MAX", "TYPES", "card_names", "encode", "observation_space", "rule_numbers"]

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
    wide = game.wide_version
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
            # ids, the same names; kept until the graveyard changes, which only a wide
            # change does: a card moving in or out)
            kept = kept_rows.get(p.index)
            if kept is None or kept[2] != wide:
                key = tuple(p.graveyard[-GRAVEYARD_MAX:])
                flat = kept[1] if kept is not None and kept[0] == key else array(
                    "i", [x for i in reversed(key) for x in (i, _name(objects[i], plain))])
                kept = kept_rows[p.index] = (key, flat, wide)
            elif game.derived.check:  # (check mode: kept ids against the graveyard's)
                game.derived.check_kept("a graveyard's observation rows", kept[0],
                                        tuple(p.graveyard[-GRAVEYARD_MAX:]))
            at = _GRAVES + r * GRAVEYARD_MAX * 2
            out[at:at + len(kept[1])] = kept[1]
    gp = g + prows
    out[_GAME:_GAME + len(gp)] = array("i", gp)  # (players follow game)
    hand = players_[viewer].hand[:HAND_MAX]  # (a player looks at their own hand, 402.3)
    if hand:
        # (cards in a hand keep their names: kept until the hand changes)
        key = tuple(hand)
        kept_hand = core.hand_rows.get(viewer)
        if kept_hand is None or kept_hand[0] != key:
            kept_hand = core.hand_rows[viewer] = (
                key, array("i", [x for i in hand for x in (i, _name(objects[i], plain))]))
        out[_HAND:_HAND + len(kept_hand[1])] = kept_hand[1]
    if game.battlefield:
        fill_battlefield(core, game, viewer, n, plain, out, _BATTLEFIELD)
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

"""The battlefield's rows of an observation, kept per seat between observations and
read again only where the game changed (the change journal of ``GameState.changed``).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final

from manastack.env.fields import (
    BATTLEFIELD_MAX,
    BOUND,
    KEYWORDS,
    PERMANENT_FIELDS,
    TYPES,
    _bits,
    _clamp,
    _target,
)
from manastack.game.objects import GameObject
from manastack.game.state import GameState

if TYPE_CHECKING:
    from manastack.env.core import EnvCore

_TYPE_BITS: dict[frozenset[str], int] = {}
_KEYWORD_BITS: dict[frozenset[str], int] = {}


def _bits_of(values: frozenset[str], names: tuple[str, ...],
             memo: dict[frozenset[str], int]) -> int:
    out = memo.get(values)
    if out is None:
        out = memo[values] = _bits(tuple(sorted(values)), names)
    return out


class KeptBoard:
    """One seat's battlefield rows as last encoded, with what they were read from: the
    game, its change journal's versions and the derived view of the battlefield."""

    __slots__ = ("game", "version", "wide", "view", "sides", "objs", "tapped", "rows")

    def __init__(self, game: GameState, view: Any, sides: list[array[int]],
                 objs: list[list[GameObject]], tapped: list[list[bool]],
                 rows: dict[int, _Row]) -> None:
        self.game = game
        self.version: int = game.version
        self.wide: int = game.wide_version
        self.view = view
        self.sides = sides
        #: Per side, the permanents of its rows (the same objects until a wide change) and
        #: whether each was tapped as its row says.
        self.objs = objs
        self.tapped = tapped
        #: Each permanent's row as last made, with what it was made from (:data:`_Row`):
        #: made again after a wide change only for the permanents it changed.
        self.rows = rows


#: A permanent's row and what of it only a wide change alters: (the object, its
#: characteristics (an object kept while nothing they read changes), attached to, phased
#: out, counters, the row).  The row's other columns (tapped, damage, attacking,
#: blocking) are read again each time.
_Row = tuple[GameObject, Any, Any, Any, int, list[int]]


#: The narrow changes (``GameState.changed``) besides tapping that rows read.
_DAMAGE_COMBAT: Final = frozenset({"damage", "combat"})
_W: Final = len(PERMANENT_FIELDS)


def fill_battlefield(core: EnvCore, game: GameState, viewer: int, n: int,
                     plain: dict[str, int], out: array[int], base: int) -> None:
    """Fill the battlefield rows of ``out`` from index ``base``: per relative seat, the
    permanents its player controls (after continuous effects, 613), in the battlefield's
    order, ``BATTLEFIELD_MAX`` rows a seat.

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
            fresh = _board_rows(game, viewer, n, plain, {})
            if fresh[0] != kept.sides:  # (arrays of the same values compare equal)
                derived.check_kept("the battlefield's observation rows", kept.sides,
                                   fresh[0])
    else:
        before = kept.rows if kept is not None and kept.game is game else {}
        sides, objs, tapped, rows = _board_rows(game, viewer, n, plain, before)
        kept = core.battlefield_rows[viewer] = KeptBoard(game, derived.view, sides, objs,
                                                          tapped, rows)
    full = BATTLEFIELD_MAX * _W
    for side in kept.sides:
        if side:
            out[base:base + len(side)] = side
        base += full


def _refresh_rows(kept: KeptBoard, game: GameState, viewer: int, n: int) -> None:
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


def _board_rows(game: GameState, viewer: int, n: int, plain: dict[str, int],
                before: dict[int, _Row]
                ) -> tuple[list[array[int]], list[list[GameObject]], list[list[bool]],
                           dict[int, _Row]]:
    """The battlefield rows per relative seat (flat arrays, values clamped to ``±BOUND``),
    their permanents, whether each is tapped, and the rows by permanent (:data:`_Row`);
    a row of ``before`` made from the same object, characteristics, attachment, phasing
    and counters is used again, its other columns read anew."""
    sides: list[list[int]] = [[] for _ in range(n)]
    objs: list[list[GameObject]] = [[] for _ in range(n)]
    tapped: list[list[bool]] = [[] for _ in range(n)]
    rows: dict[int, _Row] = {}
    full = BATTLEFIELD_MAX * _W
    combat = game.combat
    attackers = combat.attackers if combat is not None else _EMPTY
    blockers = combat.blockers if combat is not None else _EMPTY
    chars = game.chars
    objects = game.objects
    for oid in game.battlefield:
        o = objects[oid]
        assert isinstance(o, GameObject)
        c = chars(o)
        seat = (c.controller - viewer) % n
        side = sides[seat]
        if len(side) >= full:
            continue
        objs[seat].append(o)
        t = o.tapped
        tapped[seat].append(t)
        counters = o.counters
        n_counters = sum(counters.values()) if counters else 0
        attached = o.attached_to
        phased = o.phased_out
        hit = before.get(oid)
        if hit is not None and hit[0] is o and hit[1] is c and hit[2] == attached and \
                hit[3] == phased and hit[4] == n_counters:
            row = hit[5]
            rows[oid] = hit
        else:
            row = _static_row(o, c, n_counters, viewer, n, plain)
            rows[oid] = (o, c, attached, phased, n_counters, row)
        damage = o.damage
        attacking = attackers.get(oid) if attackers else None
        blocking = blockers.get(oid) if blockers else None
        row[3] = 1 if t else 0
        row[6] = damage if damage <= BOUND else BOUND
        row[11] = 0 if attacking is None else _target(attacking, viewer, n)
        row[12] = 0 if blocking is None else _target(blocking, viewer, n)
        side += row
    return [array("i", side) for side in sides], objs, tapped, rows


def _static_row(o: GameObject, c: Any, n_counters: int, viewer: int, n: int,
                plain: dict[str, int]) -> list[int]:
    """A permanent's row with its characteristics ``c``, counters and attachment (the
    columns narrow changes touch left 0: :func:`_board_rows` fills them)."""
    power = c.power
    if power is None:
        power = toughness = 0
    else:
        toughness = c.toughness or 0
    if power > BOUND or power < -BOUND or toughness > BOUND or toughness < -BOUND or \
            n_counters > BOUND or n_counters < -BOUND:
        power, toughness, n_counters = _clamp(power), _clamp(toughness), _clamp(n_counters)
    types = _TYPE_BITS.get(c.types)
    if types is None:
        types = _bits_of(c.types, TYPES, _TYPE_BITS)
    kw = 0
    if c.keywords:
        known = _KEYWORD_BITS.get(c.keywords)
        kw = _bits_of(c.keywords, KEYWORDS, _KEYWORD_BITS) if known is None else known
    attached = o.attached_to
    return [o.id, plain.get(c.name, 1), (o.owner - viewer) % n + 1, 0, power, toughness, 0,
            n_counters, int(o.is_token), types, kw, 0, 0,
            0 if attached is None else _target(attached, viewer, n), int(bool(o.phased_out))]


_EMPTY: Final[dict[Any, Any]] = {}

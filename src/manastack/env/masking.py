"""Action masks and a flat observation for learners that want them (no torch needed).

sb3-contrib's ``MaskablePPO`` asks its environment for ``action_masks()`` (a bool
array over the ``Discrete(N_MAX)`` actions) and its MLP policies want one flat ``Box``.
:class:`MaskedFlatEnv` wraps a Gymnasium environment of :mod:`manastack.env` (its
observation the ``Dict`` of ``docs/env.md``) and gives both::

    env = MaskedFlatEnv(DuelEnv(opponent="random", decks=["red_green", "white_black"]))
    obs, _ = env.reset(seed=0)          # float32 vector of FLAT_SIZE
    mask = env.action_masks()           # bool (N_MAX,): the options offered

:func:`flat_features` is the whole flattening, made only from the seat's observation
(so it is as honest as it, CR 400.2): every value scaled to about [-1, 1]; ids and name
indices (which an MLP can't use as numbers) replaced by what the board says of them
(per option: its kind one-hot, its players, its number and count, and for the object it
names the relative seat controlling it on the battlefield and its power, toughness and
types when it is a permanent; per seat: life, poison, counts, mana; per battlefield: its
creatures' and lands' totals).  Columns: :data:`FLAT_COLUMNS` blocks, ``docs/env.md``.
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces

from manastack.env.actions import N_MAX, STEP_KINDS
from manastack.env.fields import (
    DECISION_KINDS,
    P_MAX,
    PERMANENT_FIELDS,
    PLAYER_FIELDS,
    TYPES,
)
from manastack.game.turn import STEP_NAMES

_N_KINDS: Final = len(STEP_KINDS) + 1  # (0: no option)
#: Per option: kind one-hot, player, other player, number, count, the object's
#: controller one-hot (none, me, another), power, toughness, creature, land.
OPTION_WIDTH: Final = _N_KINDS + 4 + 3 + 4
_N_STEPS: Final = len(STEP_NAMES) + 1
_N_DECISIONS: Final = len(DECISION_KINDS) + 2
#: Per seat: the PLAYER_FIELDS, then creatures, untapped creatures, total power, total
#: toughness, lands, untapped lands, other permanents on its battlefield.
SEAT_WIDTH: Final = len(PLAYER_FIELDS) + 7
GAME_WIDTH: Final = 4 + _N_STEPS + _N_DECISIONS + 2 + _N_KINDS + 2
#: The blocks of the flat vector, in order, with their sizes.
FLAT_COLUMNS: Final = (("options", N_MAX * OPTION_WIDTH), ("game", GAME_WIDTH),
                       ("seats", P_MAX * SEAT_WIDTH))
FLAT_SIZE: Final = sum(n for _, n in FLAT_COLUMNS)

_P = {f: i for i, f in enumerate(PERMANENT_FIELDS)}
_CREATURE: Final = 1 << TYPES.index("creature")
_LAND: Final = 1 << TYPES.index("land")
# scales of the player fields: present, life, poison, hand, library, graveyard, lost,
# active, teammate, deciding, W U B R G C
_SEAT_SCALE: Final = np.array([1, 20, 10, 7, 60, 20, 1, 1, 1, 1, 5, 5, 5, 5, 5, 5],
                              np.float32)


def _squash(x: np.ndarray | float, scale: float) -> Any:
    """A count or number to about [-1, 1] (linear near 0, logarithmic beyond)."""
    return np.sign(x) * np.log1p(np.abs(x)) / np.log1p(scale)


def flat_features(obs: dict[str, np.ndarray]) -> np.ndarray:
    """The flat float32 vector (:data:`FLAT_SIZE`) of one observation (module
    docstring)."""
    out = np.zeros(FLAT_SIZE, np.float32)
    # -- options
    feats = obs["action_features"]
    opts = out[:N_MAX * OPTION_WIDTH].reshape(N_MAX, OPTION_WIDTH)
    kinds = feats[:, 0]
    opts[np.arange(N_MAX), np.clip(kinds, 0, _N_KINDS - 1)] = 1.0
    c = _N_KINDS
    opts[:, c] = feats[:, 3] / P_MAX
    opts[:, c + 1] = feats[:, 6] / P_MAX
    opts[:, c + 2] = _squash(feats[:, 7].astype(np.float32), 20)
    opts[:, c + 3] = feats[:, 8] / 4
    bf = obs["battlefield"]  # (P_MAX, rows, fields)
    ids = bf[:, :, _P["id"]]
    where: dict[int, tuple[int, int]] = {}
    for seat, row in zip(*np.nonzero(ids), strict=True):
        where[int(ids[seat, row])] = (int(seat), int(row))
    c += 4
    for i in range(int(obs["game"][10])):
        oid = int(feats[i, 1])
        found = where.get(oid) if oid else None
        if found is None:
            opts[i, c] = 1.0
            continue
        seat, row = found
        perm = bf[seat, row]
        opts[i, c + 1 + (seat > 0)] = 1.0
        opts[i, c + 3] = perm[_P["power"]] / 5
        opts[i, c + 4] = perm[_P["toughness"]] / 5
        opts[i, c + 5] = 1.0 if perm[_P["types"]] & _CREATURE else 0.0
        opts[i, c + 6] = 1.0 if perm[_P["types"]] & _LAND else 0.0
    # -- game
    g = obs["game"]
    o = N_MAX * OPTION_WIDTH
    out[o] = _squash(float(g[0]), 20)
    out[o + 1] = g[2] / P_MAX
    out[o + 2] = g[7] / P_MAX
    out[o + 3] = g[12]
    o += 4
    out[o + min(int(g[1]), _N_STEPS - 1)] = 1.0
    o += _N_STEPS
    out[o + min(int(g[3]), _N_DECISIONS - 1)] = 1.0
    o += _N_DECISIONS
    out[o] = g[8] / 4
    out[o + 1] = g[10] / N_MAX
    o += 2
    out[o + min(int(g[13]), _N_KINDS - 1)] = 1.0
    o += _N_KINDS
    out[o] = g[11] / P_MAX
    out[o + 1] = len(np.flatnonzero(obs["stack"][:, 0])) / 4
    o += 2
    # -- seats
    seats = out[o:].reshape(P_MAX, SEAT_WIDTH)
    n = len(PLAYER_FIELDS)
    seats[:, :n] = obs["players"] / _SEAT_SCALE
    types = bf[:, :, _P["types"]]
    tapped = bf[:, :, _P["tapped"]]
    creature = (types & _CREATURE) != 0
    land = (types & _LAND) != 0
    present = ids != 0
    seats[:, n] = creature.sum(1) / 5
    seats[:, n + 1] = (creature & (tapped == 0)).sum(1) / 5
    seats[:, n + 2] = (bf[:, :, _P["power"]] * creature).sum(1) / 10
    seats[:, n + 3] = (bf[:, :, _P["toughness"]] * creature).sum(1) / 10
    seats[:, n + 4] = land.sum(1) / 7
    seats[:, n + 5] = (land & (tapped == 0)).sum(1) / 7
    seats[:, n + 6] = (present & ~creature & ~land).sum(1) / 5
    return out


class MaskedFlatEnv(gymnasium.Wrapper):  # type: ignore[type-arg]
    """A manastack Gymnasium environment with :func:`flat_features` observations (or the
    ``Dict`` kept, ``flat=False``) and :meth:`action_masks` (module docstring)."""

    def __init__(self, env: gymnasium.Env, flat: bool = True) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.flat = flat
        if flat:
            self.observation_space = spaces.Box(-np.inf, np.inf, (FLAT_SIZE,), np.float32)
        self._mask = np.zeros(N_MAX, bool)

    def _seen(self, obs: dict[str, np.ndarray]) -> Any:
        self._mask = obs["action_mask"].astype(bool)
        return flat_features(obs) if self.flat else obs

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(seed=seed, options=options)
        return self._seen(obs), info

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self._seen(obs), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The options offered now (bool, :data:`N_MAX`); all False once the episode
        has ended (no decision pending)."""
        return self._mask.copy()

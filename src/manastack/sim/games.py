"""The games of a simulation: what each one is, played from its index alone.

A run is a :class:`SimSpec` (two decks, the agents, the run seed, the options) and a
number of games.  Game ``i`` is pair ``k = i // 2``, deck A in seat ``i % 2``: both games
of a pair have the same game seed (:func:`game_seed`), so they deal from the same random
numbers with the decks' seats swapped, and deck A plays first in one of them when the
starting player is decided by the seed (103.2).  Each game depends only on the spec and
its index, never on which worker plays it or in which batch: :func:`play_batch` (a list
of indexes in, their records out) is the unit of work every backend hands out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from manastack.agents import make_agent
from manastack.engine import Game
from manastack.events import PlayerLost, PlayerWon
from manastack.game.state import GameOptions
from manastack.play import passing_forced, play_game
from manastack.sim.collector import collector_paused

#: The names of the players of seat 0 and seat 1 (the same in every game).
SEAT_NAMES = ("Alice", "Bob")

#: Why a game ended, by the rule that made a player lose (704.5a-c, 104.3a...).
REASONS = {
    "704.5a": "life",           # 0 or less life
    "704.5b": "empty library",  # drew from an empty library
    "704.5c": "poison",         # ten or more poison counters
    "104.3a": "concession",
}


@dataclass(frozen=True)
class SimSpec:
    """What every game of a run shares: deck A's and deck B's cards (main decks), the
    agents of deck A and deck B by name, the run seed and the game options."""

    deck_a: tuple[str, ...]
    deck_b: tuple[str, ...]
    agents: tuple[str, str] = ("random", "random")
    seed: int = 0
    max_turns: int = 200
    mulligan: str = "paris"
    budget_ms: float | None = None


@dataclass(frozen=True)
class GameRecord:
    """One game's result, in deck terms: ``seats`` is the deck in seat 0 and in seat 1
    (``"A"``/``"B"``), ``first`` the deck of the player who played first (103.2),
    ``winner`` ``"A"``, ``"B"`` or ``"draw"`` (a draw by the rules, 104.4a, or a game
    stopped at the turn limit or the decision cap), ``turns`` the turn the game ended in,
    ``reason`` why (:data:`REASONS`, ``"draw"``, ``"max turns"``, ``"decision cap"``,
    or ``"rule N"``), ``rule`` the rule that ended it (``""`` when the engine stopped it),
    and the mulligans each deck's player took (103.4)."""

    index: int
    pair: int
    seed: int
    seats: tuple[str, str]
    first: str
    winner: str
    turns: int
    reason: str
    rule: str
    mulligans_a: int
    mulligans_b: int


def derive(run_seed: int, *path: int) -> int:
    """A 63-bit seed derived from ``run_seed`` and ``path`` (a pair's number; a seat):
    the first 8 bytes of SHA-256 of ``"manastack-sim:<run_seed>:<path...>"``, big-endian,
    shifted right by one bit.  Hashing keeps the games of neighbouring run seeds apart
    (run seed 1's pair 0 is not run seed 0's pair 1)."""
    text = ":".join(["manastack-sim", str(run_seed), *map(str, path)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: that of its pair, ``derive(run_seed, index // 2)``."""
    return derive(run_seed, index // 2)


def play_one(spec: SimSpec, index: int) -> GameRecord:
    """Play game ``index`` of ``spec`` (see the module's docstring) and describe it.  The
    agent of seat ``s`` is seeded ``derive(run_seed, pair, s)``.  The engine passes the
    priorities forced for the agents (:func:`~manastack.play.passing_forced`: the same
    game, a shorter decision log)."""
    pair, a_seat = divmod(index, 2)
    seed = game_seed(spec.seed, index)
    decks = [spec.deck_a, spec.deck_b] if a_seat == 0 else [spec.deck_b, spec.deck_a]
    names = [spec.agents[0], spec.agents[1]] if a_seat == 0 else \
        [spec.agents[1], spec.agents[0]]
    agents = [make_agent(name, derive(spec.seed, pair, s), spec.budget_ms)
              for s, name in enumerate(names)]
    opts = passing_forced(agents, GameOptions(mulligan=spec.mulligan,
                                              max_turns=spec.max_turns))
    game = play_game(decks, agents, seed=seed, names=SEAT_NAMES, options=opts)
    seats = ("A", "B") if a_seat == 0 else ("B", "A")
    winner = seats[game.winner] if game.over and game.winner is not None else "draw"
    reason, rule = _ending(game)
    mulligans = [p.mulligans for p in game.players]
    return GameRecord(index=index, pair=pair, seed=seed, seats=seats,
                      first=seats[game.starting_player], winner=winner,
                      turns=game.turn_number, reason=reason, rule=rule,
                      mulligans_a=mulligans[a_seat], mulligans_b=mulligans[1 - a_seat])


def _ending(game: Game) -> tuple[str, str]:
    """(reason, rule): why ``game`` ended (:class:`GameRecord`)."""
    if not game.over:
        return "decision cap", ""
    if game.stopped:
        return "max turns", ""
    if game.winner is None:
        return "draw", "104.4a"
    for event in reversed(game.log):
        if isinstance(event, PlayerLost | PlayerWon):  # (the loser's, or the win's, 104.2)
            return REASONS.get(event.rule, f"rule {event.rule}"), event.rule
    return "win", ""


def play_batch(spec: SimSpec, indexes: Iterable[int]) -> list[GameRecord]:
    """The records of games ``indexes`` of ``spec``, in that order: the work one task of
    any backend does (a process of the local pool, or a remote worker).  The games are
    played with the cyclic garbage collector paused (:mod:`~manastack.sim.collector`:
    games of the built-in agents make no reference cycles)."""
    with collector_paused():
        return [play_one(spec, i) for i in indexes]


def batches(indexes: Sequence[int], size: int) -> list[list[int]]:
    """``indexes`` cut into lists of ``size`` (the last may be shorter)."""
    return [list(indexes[i:i + size]) for i in range(0, len(indexes), size)]

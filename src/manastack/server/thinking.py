"""The agents that think (heuristic, search), run outside the server's event loop.

An agent is CPU-bound Python: in a thread it would hold the interpreter's lock against
the event loop and every other table, so a search of a second would delay everyone's
frames.  The thinking agents run in worker processes instead (``docs/server.md``).

A game can't be sent to a process whole (it holds closures), so each worker keeps a
replica of the games it thinks for: it is sent the game's set-up and answers, builds the
game once, then applies only the answers it hasn't seen (built again when the answers it
has are no longer the game's: an undo); a game always goes to the same
worker (chosen by its id).  The worker keeps each seat's agent too (seeded as the table
would, :func:`~manastack.server.table.agent_seed`).  Its answer comes back as JSON.

Each answer is awaited at most the agent's time budget plus :data:`GRACE_S`; a worker
that fails or takes longer is replaced by a random legal answer, so that no table waits
for ever.  With ``processes=0`` (tests), the workers are threads of this process.  A worker exits
when the server process is gone (even killed with SIGKILL).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
import zlib
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Final

from manastack.agents import make_agent
from manastack.engine import Game
from manastack.game.decisions import action_from_json

#: Seconds granted beyond an agent's budget before its answer is given up on.
GRACE_S: Final = 20.0
#: Games one worker keeps a replica of (the least recently used are dropped).
REPLICAS: Final = 64

_replicas: OrderedDict[str, tuple[Game, dict[int, Any], list[tuple[int, Any]]]] = \
    OrderedDict()


def think(game_id: str, setup: dict[str, Any], history: list[tuple[int, dict[str, Any]]],
          seat: int, agent: str, seed: int, budget_ms: float | None) -> dict[str, Any]:
    """(In a worker.)  The answer (JSON) of ``seat``'s agent to the pending decision of
    the game of ``setup`` after the answers ``history``."""
    from manastack.server.table import build_game

    got = _replicas.pop(game_id, None)
    if got is None or history[:len(got[2])] != got[2]:
        # (a new game, or an undone one: its agents kept, no other player decided since)
        got = (build_game(setup), got[1] if got is not None else {}, [])
    game, agents, seen = got
    for player, action in history[len(game.history):]:
        game.apply(player, action_from_json(action))
    seen[len(seen):] = history[len(seen):]
    _replicas[game_id] = got
    while len(_replicas) > REPLICAS:
        _replicas.popitem(last=False)
    if seat not in agents:
        agents[seat] = make_agent(agent, seed, budget_ms)
    return agents[seat].act(game).to_json()


def _watch_parent(parent: int) -> None:
    """(In a worker.)  Exit as soon as the server process is gone (killed with SIGKILL,
    it can't stop its workers: they would think for nobody, for ever)."""
    import os
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


class Thinkers:
    """The workers: ``processes`` worker processes (each with a one-process pool), or
    ``processes=0``: threads.  Started when first needed."""

    def __init__(self, processes: int = 2) -> None:
        self.processes = processes
        self._pools: list[Executor] = []

    def _pool(self, game_id: str) -> Executor:
        if not self._pools:
            if self.processes <= 0:
                self._pools = [ThreadPoolExecutor(2, thread_name_prefix="thinker")]
            else:
                ctx = multiprocessing.get_context("spawn")  # (no fork of a threaded server)
                self._pools = [ProcessPoolExecutor(1, mp_context=ctx,
                                                   initializer=_watch_parent,
                                                   initargs=(os.getpid(),))
                               for _ in range(self.processes)]
        return self._pools[zlib.crc32(game_id.encode()) % len(self._pools)]

    async def answer(self, game_id: str, setup: dict[str, Any],
                     history: list[tuple[int, dict[str, Any]]], seat: int, agent: str,
                     seed: int, budget_ms: float | None) -> dict[str, Any] | None:
        """The agent's answer (JSON), or None if its worker failed or was too slow."""
        loop = asyncio.get_running_loop()
        limit = (budget_ms or 1000) / 1000 + GRACE_S
        pool = self._pool(game_id)
        try:
            return await asyncio.wait_for(loop.run_in_executor(
                pool, think, game_id, setup, history, seat, agent, seed, budget_ms), limit)
        except Exception:  # (a broken worker, a timeout: a random answer instead)
            if isinstance(pool, ProcessPoolExecutor) and getattr(pool, "_broken", False):
                self._pools = []
            return None

    def close(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools = []

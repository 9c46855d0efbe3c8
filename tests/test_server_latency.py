"""AI never stalls the table (issue 39): a game between two search agents thinking in a
worker process (1.5 s a decision) runs beside a game of a scripted person against the random agent; the
person's frames keep coming fast (bounded loosely: a loaded machine runs the tests)."""

from __future__ import annotations

import asyncio
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from serverkit import ServerProcess, free_port  # noqa: E402

from manastack.server.scripted import SeatRun, play_seat  # noqa: E402
from manastack.server.store import GameStore  # noqa: E402


def test_a_thinking_agent_never_delays_another_games_frames(tmp_path):
    server = ServerProcess(str(tmp_path / "games.sqlite"), free_port(), workers=1)
    server.start()
    try:
        slow = server.create({"seed": 1, "seats": [
            {"kind": "agent", "agent": "search", "budget_ms": 1500},
            {"kind": "agent", "agent": "search", "budget_ms": 1500}]})
        store = GameStore(server.db)
        end = time.monotonic() + 60
        while not any(r.by == "agent" for r in store.records(slow["game"])):
            assert time.monotonic() < end, "the search agents did not think"
            time.sleep(0.1)  # (the worker process starts and thinks)
        human = server.create({"seed": 2, "max_turns": 8, "seats": [
            {"kind": "human"}, {"kind": "agent", "agent": "random"}]})
        run = SeatRun()
        asyncio.run(play_seat(f"ws://127.0.0.1:{server.port}",
                              human["seats"][0]["token"], 7, time.monotonic() + 60, run))
        stats = server.get("/stats")
    finally:
        server.kill()
    assert run.last is not None and run.last["over"]
    assert store.setup(slow["game"])[1] == "playing"  # (still thinking)
    times = sorted(run.round_trips)
    assert len(times) >= 10
    p95 = times[int(0.95 * len(times))]
    # (a search answer takes 1.5 s: frames waiting for them would take as long)
    assert p95 < 0.75, f"p95 {p95 * 1000:.0f} ms; server side {stats}"

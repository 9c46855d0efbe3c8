"""Hidden information over the wire (CR 400.2, 401.2, 402.3, 406.3; issue 39): whole
games played through a real server by scripted seats and watched by a spectator; every
frame each seat (and the spectator) was sent is checked against the game as that viewer
sees it when the frame went out: no name of a card it may not see (an opponent's hand,
a library, a face-down card) appears anywhere in the frame, unless that name is one the
viewer sees on another card (its observation) or was shown in its view of the log."""

from __future__ import annotations

import asyncio
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from serverkit import ServerProcess, check_frames, free_port, reference_game  # noqa: E402

from manastack.server.scripted import SeatRun, play_seat  # noqa: E402
from manastack.server.store import GameStore  # noqa: E402


def _play(tmp_path, spec: dict, n: int) -> tuple[dict, dict, dict]:
    server = ServerProcess(str(tmp_path / "games.sqlite"), free_port())
    server.start()
    try:
        made = server.create(spec)
        url = f"ws://127.0.0.1:{server.port}"
        runs = {s["seat"]: SeatRun(kept=[]) for s in made["seats"]}
        watcher = SeatRun(kept=[])

        async def main() -> None:
            deadline = time.monotonic() + 120
            spectate = asyncio.ensure_future(
                play_seat(url, made["spectator"]["token"], 0, deadline, watcher))
            await asyncio.gather(*(play_seat(url, s["token"], 50 + s["seat"], deadline,
                                             runs[s["seat"]]) for s in made["seats"]))
            await asyncio.wait_for(spectate, 30)

        asyncio.run(main())
    finally:
        server.kill()
    setup = GameStore(server.db).setup(made["game"])[0]
    return setup, runs, {None: watcher}


def _check(setup: dict, frames: dict[int | None, list[str]],
           seeds: dict[int, int]) -> tuple[int, int]:
    """Check each frame against the game the scripted seats played (see
    :func:`serverkit.check_frames`)."""
    return check_frames(setup, list(reference_game(setup, seeds).game.history), frames)


@pytest.mark.parametrize("spec", [
    {"seed": 5, "max_turns": 6, "seats": [{"kind": "human"}, {"kind": "human"}]},
    {"seed": 6, "max_turns": 5, "variant": "free_for_all",
     "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]},
    pytest.param({"seed": 7, "seats": [{"kind": "human"}, {"kind": "human"}]},
                 marks=pytest.mark.soak),
    pytest.param({"seed": 8, "variant": "free_for_all",
                  "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]},
                 marks=pytest.mark.soak),
], ids=["two_player", "free_for_all", "two_player_whole", "free_for_all_whole"])
def test_cr_400_2_no_frame_names_a_card_its_viewer_may_not_see(tmp_path, spec):
    """CR 400.2: every frame to every seat and to a spectator, checked (games cut at a
    few turns in the quick run; played to their end by the soaks)."""
    setup, runs, watcher = _play(tmp_path, spec, len(spec["seats"]))
    frames = {s: r.kept for s, r in runs.items()}
    frames[None] = watcher[None].kept
    assert all(r.last and r.last["over"] for r in runs.values())
    checked, looked = _check(setup, frames, {s: 50 + s for s in runs})
    assert checked > 20 and looked > 100

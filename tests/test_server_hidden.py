"""Hidden information over the wire (CR 400.2, 401.2, 402.3, 406.3; issue 39): whole
games played through a real server by scripted seats and watched by a spectator; every
frame each seat (and the spectator) was sent is checked against the game as that viewer
sees it when the frame went out: no name of a card it may not see (an opponent's hand,
a library, a face-down card) appears anywhere in the frame, unless that name is one the
viewer sees on another card (its observation) or was shown in its view of the log."""

from __future__ import annotations

import asyncio
import json
import re
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from serverkit import ServerProcess, free_port, reference_game  # noqa: E402

from manastack.game.objects import GameObject  # noqa: E402
from manastack.rules.hidden import visible_to  # noqa: E402
from manastack.server.scripted import SeatRun, play_seat  # noqa: E402
from manastack.server.store import GameStore  # noqa: E402
from manastack.server.table import build_game  # noqa: E402


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
    """Replay the game answer by answer and check each frame at its answer count: the
    frames checked, and the (frame, hidden name) pairs looked for."""
    ref = reference_game(setup, seeds)
    game = build_game(setup)
    pending = {v: sorted(((json.loads(f).get("answers"), f) for f in fs
                          if '"answers"' in f), key=lambda x: x[0])
               for v, fs in frames.items()}
    names = sorted({o.name for o in game.objects.values() if isinstance(o, GameObject)})
    shown: dict[int | None, str] = {v: "" for v in frames}
    checked = looked = 0
    history = list(ref.game.history)
    for k in range(len(history) + 1):
        for viewer, todo in pending.items():
            shown[viewer] += "\n".join(e.render("en") for e in
                                       game.log_for(viewer)[len(shown[viewer].splitlines()):])
            while todo and todo[0][0] == k:
                _, text = todo.pop(0)
                seen = json.dumps(game.observe(viewer)) + shown[viewer]
                d = game.decision
                if d is not None and d.by == viewer:
                    seen += json.dumps([game.objects[o].name for o in getattr(d, "options", ())
                                        if type(o) is int and o in game.objects])
                hidden = {o.name for oid, o in game.objects.items()
                          if isinstance(o, GameObject) and not visible_to(game, viewer, oid)}
                visible = {o.name for oid, o in game.objects.items()
                           if isinstance(o, GameObject) and visible_to(game, viewer, oid)}
                for name in hidden - visible:
                    if name in names and re.search(rf"\b{re.escape(name)}\b", seen):
                        continue
                    looked += 1
                    assert not re.search(rf"\b{re.escape(name)}\b", text), \
                        f"{name!r} hidden from {viewer} appears in a frame at answer {k}"
                checked += 1
        if k < len(history):
            game.apply(*history[k])
    assert all(not todo for todo in pending.values()), "frames at no answer count"
    return checked, looked


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

"""Helpers of the game server's tests: a real server process on a loopback port, games
made through the HTTP API, the reference game of scripted seats played without a
server."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import manastack
from manastack.errors import ManastackError
from manastack.game.objects import GameObject
from manastack.rules.hidden import visible_to
from manastack.server.protocol import decision_json
from manastack.server.scripted import scripted_answer
from manastack.server.table import HUMAN, OVER, Table, build_game

SRC = str(Path(manastack.__file__).parent.parent)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``manastack serve`` in a subprocess on ``port``, its records in ``db`` (``extra``:
    more options of ``serve``)."""

    def __init__(self, db: str, port: int, workers: int = 0,
                 extra: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.workers, self.extra = db, port, workers, extra
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> None:
        env = {**os.environ, "PYTHONPATH": SRC}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "manastack", "serve", "--port", str(self.port), "--db",
             self.db, "--workers", str(self.workers), *self.extra], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.proc.stderr.read()!r}")
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as r:
            return json.loads(r.read())

    def create(self, spec: dict[str, Any]) -> Any:
        req = urllib.request.Request(f"{self.url}/api/games", data=json.dumps(spec).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())


def reference_game(setup: dict[str, Any], seeds: dict[int, int]) -> Table:
    """The game of ``setup`` played without a server, each person's seat answered by the
    scripted policy with its seed (``seeds``): what an uninterrupted server plays."""
    table = Table("reference", setup)
    while True:
        state = table.advance()
        if state == OVER:
            return table
        assert state == HUMAN, state
        decision = table.game.decision
        assert decision is not None
        seat = decision.by
        try:
            table.answer(seat, scripted_answer(decision_json(table.game, seat), seeds[seat]))
        except ManastackError:  # (the scripted client concedes then)
            table.answer(seat, {"type": "answer", "text": "concede"})


def check_frames(setup: dict[str, Any], history: list[Any],
                 frames: dict[int | None, list[str]]) -> tuple[int, int]:
    """Replay the game of ``setup`` answer by answer (``history``: its answers) and check
    each frame each viewer (a seat; None, a spectator) was sent at its answer count: no
    name of a card hidden from the viewer then (CR 400.2) unless the viewer sees that name
    on another card or was shown it in its view of the log.  The frames checked, and the
    (frame, hidden name) pairs looked for."""
    game = build_game(setup)
    pending = {v: sorted(((json.loads(f).get("answers"), f) for f in fs
                          if '"answers"' in f), key=lambda x: x[0])
               for v, fs in frames.items()}
    names = sorted({o.name for o in game.objects.values() if isinstance(o, GameObject)})
    shown: dict[int | None, str] = {v: "" for v in frames}
    checked = looked = 0
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

"""Helpers of the game server's tests: a real server process on a loopback port, games
made through the HTTP API, the reference game of scripted seats played without a
server."""

from __future__ import annotations

import json
import os
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
from manastack.server.protocol import decision_json
from manastack.server.scripted import scripted_answer
from manastack.server.table import HUMAN, OVER, Table

SRC = str(Path(manastack.__file__).parent.parent)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``manastack serve`` in a subprocess on ``port``, its records in ``db``."""

    def __init__(self, db: str, port: int, workers: int = 0) -> None:
        self.db, self.port, self.workers = db, port, workers
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> None:
        env = {**os.environ, "PYTHONPATH": SRC}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "manastack", "serve", "--port", str(self.port), "--db",
             self.db, "--workers", str(self.workers)], env=env,
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

"""Benchmark: the game server under load on loopback (issue 39).

Starts ``manastack serve`` in a subprocess (a temporary SQLite file), creates ``--games``
games at once, each a scripted person (``manastack.server.scripted``: seeded random legal
answers) against the random agent (``--humans 2``: two scripted people), drives them all
concurrently from this process, and stops after ``--seconds`` or when every game is over.
Prints the games (finished), the frames received, the answers sent, the error frames,
the client's round trips (answer sent -> next frame received), and the server's own
figures (``/stats``: a message received -> its frames sent): p50/p95/max.  The goal:
server p95 <= 50 ms with 200 games.  Usage:

    python benchmarks/server.py [--games 200] [--seconds 60] [--max-turns 6] [--humans 1]
        [--think-ms 0] [--ramp-s 0]

With ``--think-ms 0`` every client answers the moment it is asked: the server runs
flat out, and the latency is mostly the queue of 200 games' work waiting for the
interpreter (about the games divided by the answers per second it can give); a person's
thinking time (``--think-ms 1000``) is the load of real players.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import manastack
from manastack.server.scripted import SeatRun, play_seat

#: Where the server subprocess imports manastack from: where this process does (the
#: sources, or a compiled install: ``MANASTACK_COMPILE=1 pip install .``, run from
#: outside ``src``).
IMPORTED_FROM = str(Path(manastack.__file__).resolve().parent.parent)


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


def _post(url: str, spec: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(spec).encode())
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def _pct(times: list[float], q: float) -> str:
    if not times:
        return "-"
    times = sorted(times)
    return f"{times[min(len(times) - 1, int(q * len(times)))] * 1000:.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--max-turns", type=int, default=6)
    ap.add_argument("--humans", type=int, choices=(1, 2), default=1)
    ap.add_argument("--ramp-s", type=float, default=0,
                    help="the clients connect over this many seconds (0: all at once)")
    ap.add_argument("--think-ms", type=float, default=0,
                    help="each scripted answer waits 0 to twice this long first (a person "
                         "thinking); 0: answers at once (the server saturated)")
    args = ap.parse_args()
    if not 1 <= args.games <= 2000 or not 0 < args.seconds <= 3600:
        print("server.py: --games 1 to 2000, --seconds up to 3600", file=sys.stderr)
        return 2
    port = _port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [sys.executable, "-m", "manastack", "serve", "--port", str(port), "--db",
             f"{tmp}/games.sqlite", "--workers", "0"],
            env={**os.environ, "PYTHONPATH": IMPORTED_FROM}, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    _get(f"{base}/health")
                    break
                except OSError:
                    time.sleep(0.05)
            seats = [{"kind": "human"}] * args.humans + \
                [{"kind": "agent", "agent": "random"}] * (2 - args.humans)
            made = [_post(f"{base}/api/games", {"seed": k, "max_turns": args.max_turns,
                                                "seats": seats})
                    for k in range(args.games)]
            runs: list[SeatRun] = []

            async def later(delay: float, coro: Any) -> None:
                await asyncio.sleep(delay)
                await coro

            async def drive() -> None:
                deadline = time.monotonic() + args.seconds
                tasks = []
                for k, g in enumerate(made):
                    for s in g["seats"]:
                        if "token" in s:
                            run = SeatRun()
                            runs.append(run)
                            tasks.append(later(k * args.ramp_s / args.games, play_seat(
                                f"ws://127.0.0.1:{port}", s["token"], k * 10 + s["seat"],
                                deadline, run, args.think_ms / 1000)))
                await asyncio.gather(*tasks)

            cpu = _get(f"{base}/stats")["cpu_s"]
            start = time.perf_counter()
            asyncio.run(drive())
            took = time.perf_counter() - start
            stats = _get(f"{base}/stats")
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    over = sum(1 for r in runs if r.last is not None and r.last["over"])
    trips = [t for r in runs for t in r.round_trips]
    print(f"engine: {'compiled (mypyc)' if manastack.COMPILED else 'pure Python'}")
    print(f"games: {args.games} ({over} of {len(runs)} seats saw their game end) in "
          f"{took:.1f} s")
    print(f"frames received: {sum(r.frames for r in runs)}; answers sent: "
          f"{sum(r.answers for r in runs)}; error frames: {sum(len(r.errors) for r in runs)}")
    print(f"client round trip (answer sent -> next frame) ms: p50 {_pct(trips, 0.5)}, "
          f"p95 {_pct(trips, 0.95)}, max {_pct(trips, 1.0)}")
    print(f"server (message received -> its frames sent) ms: p50 {stats['p50_ms']}, "
          f"p95 {stats['p95_ms']}, max {stats['max_ms']} over {stats['answers']} messages; "
          f"{stats['frames']} frames sent")
    print(f"server processor time while playing: {stats['cpu_s'] - cpu:.1f} s in "
          f"{took:.1f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          "processors")
    return 0


if __name__ == "__main__":
    sys.exit(main())

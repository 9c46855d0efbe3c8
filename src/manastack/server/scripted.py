"""A scripted client of the protocol: it plays a seat with seeded random legal answers
(the crash test, the hidden-information test and ``benchmarks/server.py`` drive games
with it).

:func:`scripted_answer` is its policy, a function of the decision frame alone (the seed
and the decision's number pick the answer), so that a game played by scripted clients
is the same game however often the server restarts under it.  :func:`play_seat` plays
one seat over a WebSocket (the ``websockets`` package), reconnecting when the
connection drops, until the game is over.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any


def scripted_answer(decision: dict[str, Any], seed: int) -> dict[str, Any]:
    """The scripted answer to a decision frame: a listed action drawn with a generator
    seeded by ``seed`` and the decision's number; an unlisted combat declaration is
    answered with none; another unlisted decision with the first options it needs."""
    number = decision["number"]
    rng = random.Random(f"{seed}:{number}")
    actions = decision.get("actions") or []
    if actions:
        return {"type": "answer", "index": rng.randrange(len(actions)), "decision": number}
    kind = decision["kind"]
    if kind == "declare_attackers":
        text = "attack"
    elif kind == "declare_blockers":
        text = "block"
    else:
        choice = decision.get("choice") or {"options": [], "min": 0}
        labels = [o["label"] for o in choice["options"][:max(choice["min"], 0)]]
        text = "choose " + ", ".join(labels) if labels else "choose"
    return {"type": "answer", "text": text, "decision": number}


@dataclass
class SeatRun:
    """What a scripted seat saw: frames, answers, error frames, connections made, the
    times from an answer sent to the next frame received (seconds), the last frame."""

    frames: int = 0
    answers: int = 0
    errors: list[str] = field(default_factory=list)
    connections: int = 0
    round_trips: list[float] = field(default_factory=list)
    last: dict[str, Any] | None = None
    #: Every frame's text, when asked for (``keep``).
    kept: list[str] | None = None


async def play_seat(url: str, token: str, seed: int, deadline: float,
                    run: SeatRun | None = None, think_s: float = 0.0) -> SeatRun:
    """Play the seat of ``token`` on the server at ``url`` (``ws://host:port``) until
    its game is over or ``time.monotonic()`` passes ``deadline``; reconnects (every 50
    ms) while the server is away.  With ``think_s``, each answer waits a random time of
    0 to twice ``think_s`` seconds first (a person thinks)."""
    import websockets

    run = run if run is not None else SeatRun()
    while time.monotonic() < deadline:
        try:
            async with websockets.connect(f"{url}/ws/{token}", max_size=None,
                                          open_timeout=5) as ws:
                run.connections += 1
                answered: set[int] = set()
                sent_at: float | None = None
                while time.monotonic() < deadline:
                    left = max(0.1, deadline - time.monotonic())
                    raw = await asyncio.wait_for(ws.recv(), left)
                    if run.kept is not None:
                        run.kept.append(str(raw))
                    f = json.loads(raw)
                    run.frames += 1
                    if sent_at is not None:
                        run.round_trips.append(time.perf_counter() - sent_at)
                        sent_at = None
                    if f["type"] == "error":
                        run.errors.append(f["error"])
                        if "not the pending one" in f["error"]:
                            continue
                        # (a refused unlisted answer: concede rather than loop)
                        await ws.send(json.dumps({"type": "answer", "text": "concede"}))
                        continue
                    if f["type"] not in ("welcome", "update"):
                        continue
                    run.last = f
                    if f["over"]:
                        return run
                    d = f.get("decision")
                    if d is not None and d["number"] not in answered:
                        answered.add(d["number"])
                        if think_s > 0:
                            await asyncio.sleep(random.Random(d["number"] * 7 + seed)
                                                .uniform(0, 2 * think_s))
                        await ws.send(json.dumps(scripted_answer(d, seed)))
                        sent_at = time.perf_counter()
                        run.answers += 1
        except (OSError, EOFError) as e:  # (TimeoutError is an OSError)
            if isinstance(e, TimeoutError) and time.monotonic() >= deadline:
                break
        except Exception as e:  # (websockets' closed-connection errors)
            if type(e).__module__.split(".")[0] != "websockets":
                raise
        await asyncio.sleep(0.05)
    return run

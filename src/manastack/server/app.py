"""The ASGI application of ``manastack serve`` (Starlette; ``docs/protocol.md``).

Routes:

* ``POST /api/games`` - create a game (a JSON request, at most :data:`MAX_REQUEST_BYTES`):
  the answer gives each human seat's token and links, and the spectators';
* ``GET /ws/{token}`` - the WebSocket of a seat (or of the spectators);
* ``GET /games`` - the finished games; ``GET /games/{id}`` - one, replayed step by step
  as a seat sees it (``?token=`` its token) or as the public does;
* ``GET /`` - the page (``server/static/index.html``; its script and style sheet under
  ``/static/``), ``GET /api/options`` (what the page's lobby form offers: variants,
  default decks, agents, and the scenarios of ``--scenarios DIR``), ``GET /health``,
  ``GET /stats`` (frames sent, latencies from a message received to its frames sent).

Every refusal is one line: ``{"error": "..."}`` with HTTP 400 (404 for what doesn't
exist), an ``error`` frame on a WebSocket.  Nothing lists the tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from manastack.errors import ManastackError
from manastack.limits import load_json
from manastack.reprs import brief
from manastack.server.lobby import MAX_VIEWERS, Lobby
from manastack.server.protocol import LANGS, MAX_MESSAGE_BYTES, error_frame, read_message
from manastack.server.store import GameStore
from manastack.server.table import Viewer, replay_view

#: The largest request body (a game's creation with its pasted deck lists).
MAX_REQUEST_BYTES: Final = 2 * 1024 * 1024
#: Frames waiting to be sent to one connection before it is dropped (a client that
#: doesn't read).
MAX_QUEUED_FRAMES: Final = 1_000


class _Link:
    """One WebSocket's queue of frames and its writer task."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.ws.send_text(text)
            except Exception:  # (the connection is gone)
                return


async def _send(link: Any, text: str) -> None:
    if isinstance(link, _Link):
        if link.queue.qsize() >= MAX_QUEUED_FRAMES:
            with contextlib.suppress(Exception):
                await link.ws.close(1008)
            return
        link.queue.put_nowait(text)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": " ".join(str(message).split())}, status_code=status)


#: The page's files (``server/static/``) and their media types.
STATIC_FILES: Final = {"index.html": "text/html; charset=utf-8",
                       "app.js": "text/javascript; charset=utf-8",
                       "style.css": "text/css; charset=utf-8"}


def create_app(db: str = "games.sqlite", processes: int = 2,
               scenarios: str | None = None) -> Starlette:
    """The application, its records in the SQLite file ``db``; ``processes`` worker
    processes for the thinking agents (0: threads); ``scenarios``, a folder of scenario
    files a game may start from (``{"scenario": FILE}``, every seat a person's; none
    without it).  Unfinished games are resumed when it starts."""
    store = GameStore(db)
    lobby = Lobby(store, _send, processes, scenarios)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await asyncio.to_thread(lobby.resume_all)
        await lobby.kick_all()
        yield
        lobby.close()

    async def create(request: Request) -> Response:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_REQUEST_BYTES:
                return _error(f"request over {MAX_REQUEST_BYTES:,} bytes (the limit)", 413)
        try:
            spec = load_json(body.decode("utf-8"), where="request")
        except (ValueError, UnicodeDecodeError) as e:
            return _error(f"request not JSON ({brief(str(e))})")
        try:
            made = await asyncio.to_thread(lobby.create, spec)
        except ManastackError as e:
            return _error(str(e).splitlines()[0] if str(e) else "bad request")
        runner = lobby.runners[made["game"]]
        asyncio.get_running_loop().create_task(runner.kick())
        return JSONResponse(made)

    async def games(request: Request) -> Response:
        return JSONResponse({"games": await asyncio.to_thread(store.finished)})

    async def game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        got = store.setup(game_id) if len(game_id) <= 64 else None
        if got is None or got[1] != "over":
            return _error(f"no finished game {brief(game_id)}", 404)
        setup = got[0]
        viewer: int | None = None
        token = request.query_params.get("token")
        if token is not None:
            seat = store.token(token) if len(token) <= 64 else None
            if seat is None or seat[0] != game_id:
                return _error("unknown token for this game", 404)
            viewer = seat[1]
        lang = request.query_params.get("lang", "en")
        if lang not in LANGS:
            return _error(f"lang: one of {', '.join(LANGS)}")
        at_text = request.query_params.get("at")
        at: int | None = None
        if at_text is not None:
            if not at_text.isdigit() or len(at_text) > 7:
                return _error("at: the number of an answer")
            at = int(at_text)
        records = await asyncio.to_thread(store.records, game_id)
        view = await asyncio.to_thread(replay_view, setup, records, viewer, lang, at)
        return JSONResponse({"game": game_id, "result": got[2], **view})

    async def page(request: Request) -> Response:
        html = resources.files("manastack.server").joinpath("static/index.html").read_text()
        return HTMLResponse(html)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        kind = STATIC_FILES.get(name)
        if kind is None:
            return _error(f"no file {brief(name)}", 404)
        text = resources.files("manastack.server").joinpath(f"static/{name}").read_text()
        return Response(text, media_type=kind)

    async def options(request: Request) -> Response:
        return JSONResponse(lobby.offer())

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "games": len(lobby.runners)})

    async def stats(request: Request) -> Response:
        """Frames sent and the latencies from a message received to its frames sent."""
        times = sorted(lobby.latencies)

        def pct(q: float) -> float | None:
            return round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 2) \
                if times else None

        return JSONResponse({"games": len(lobby.runners), "frames": lobby.frames,
                             "cpu_s": round(time.process_time(), 2),
                             "answers": len(times), "p50_ms": pct(0.5), "p95_ms": pct(0.95),
                             "max_ms": pct(1.0)})

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        token = ws.path_params["token"]
        got = lobby.seat_of(token)
        if got is None:
            await ws.send_text(error_frame("unknown token (or a finished game: see "
                                           "/games)"))
            await ws.close(4404)
            return
        runner, seat = got
        if len(runner.table.viewers) >= MAX_VIEWERS:
            await ws.send_text(error_frame(f"{MAX_VIEWERS} connections watch this game "
                                           "(the limit)"))
            await ws.close(1013)
            return
        lang = ws.query_params.get("lang", "en")
        link = _Link(ws)
        viewer = Viewer(seat, lang if lang in LANGS else "en", link=link)
        link.task = asyncio.get_running_loop().create_task(link.writer())
        try:
            async with runner.lock:
                text = await lobby.run(runner.table.welcome, viewer)
                runner.table.viewers.append(viewer)
            await _send(link, text)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                started = time.perf_counter()
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                if len(raw) > MAX_MESSAGE_BYTES:
                    await _send(link, error_frame(
                        f"message over {MAX_MESSAGE_BYTES:,} bytes (the limit)"))
                    continue
                try:
                    msg = read_message(raw)
                except ManastackError as e:
                    await _send(link, error_frame(str(e)))
                    continue
                await runner.message(viewer, msg, started)
        except WebSocketDisconnect:
            pass
        finally:
            async with runner.lock:
                if viewer in runner.table.viewers:
                    runner.table.viewers.remove(viewer)
            lobby.retire(runner)
            link.queue.put_nowait(None)

    app = Starlette(routes=[
        Route("/", page), Route("/static/{name}", static), Route("/api/options", options),
        Route("/health", health), Route("/stats", stats),
        Route("/api/games", create, methods=["POST"]),
        Route("/games", games), Route("/games/{game_id}", game),
        WebSocketRoute("/ws/{token}", socket),
    ], lifespan=lifespan)
    app.state.lobby = lobby
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "games.sqlite",
          processes: int = 2, scenarios: str | None = None) -> None:
    """Run the server (uvicorn) until interrupted."""
    import sys

    import uvicorn

    # (the tables' threads hand the interpreter back to the event loop every millisecond,
    # not every 5: frames go out sooner while a table works)
    sys.setswitchinterval(0.001)
    uvicorn.run(create_app(db, processes, scenarios), host=host, port=port, log_level="warning",
                ws_max_size=MAX_MESSAGE_BYTES + 1024)


__all__ = ["create_app", "serve"]

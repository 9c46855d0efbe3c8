"""A seat of a game on a server, for the terminal's screens (``manastack play --connect
URL``): the :class:`~manastack.terminal.seat.Seats` of one seat, over the server's
protocol (docs/protocol.md, version 1) with the ``websockets`` package (``pip install
'manastack[web]'``).

The URL is the seat's link the lobby gave: its WebSocket (``ws://HOST:PORT/ws/TOKEN``)
or its page (``http://HOST:PORT/?token=TOKEN``).  Everything shown comes from the
frames: the observation (the board, the hand, the stack), the seat's view of the log
(its events' texts, in ``en`` or ``fr`` as asked), the pending decision with its answers
numbered (the protocol numbers them from 0; shown from 1 as at a local table).  Answers
go as text in the notation or by number; ``undo``, F6 and the stops as their messages.  The calls
block until the server answers: the app makes them in a worker thread.

A server that can't be reached, a link it refuses (an unknown token, a finished game's),
a spectator's link, a connection lost: one line (:class:`ConnectError`).
"""

from __future__ import annotations

import json
import re
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit, urlunsplit

from manastack.errors import ManastackError
from manastack.narrative import kept_at_normal
from manastack.reprs import brief
from manastack.table import TableError, UndoRefused
from manastack.terminal.seat import ConnectError, SeatChoice, SeatQuestion, Seats
from manastack.terminal.view import (
    board_lines,
    hand_lines_of,
    obs_names,
    stack_lines_of,
    status_of,
)

#: The largest frame taken from a server (a long game's whole log in a welcome).
MAX_FRAME_BYTES: Final = 64 * 1024 * 1024
#: Seconds to wait for the connection and the first frame.
OPEN_TIMEOUT_S: Final = 10.0
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")


def seat_url(url: str, lang: str = "en") -> str:
    """The WebSocket address of a seat's link (its ``ws`` link or its page link), with
    the language asked; :class:`ConnectError` for anything else."""
    bad = ConnectError(f"--connect: {brief(url)} is not a seat's link (ws://HOST:PORT/ws/"
                       "TOKEN, or the page http://HOST:PORT/?token=TOKEN)")
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        raise bad from None
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.netloc:
        raise bad
    if parts.path.startswith("/ws/"):
        token = parts.path[4:]
    else:
        token = (parse_qs(parts.query).get("token") or [""])[0]
    if not _TOKEN.fullmatch(token):
        raise bad
    return urlunsplit((scheme, parts.netloc, f"/ws/{token}", f"lang={lang}", ""))


class RemoteSeat(Seats):
    """One seat of a game on a server (the module's docstring)."""

    waits = True

    def __init__(self, url: str, lang: str = "en", stops: str | None = None) -> None:
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        self.lang = lang
        self.url = seat_url(url, lang)
        where = urlsplit(self.url).netloc
        try:
            # (entered as ``with`` would: the connection lives as long as this seat)
            self.ws = connect(self.url, open_timeout=OPEN_TIMEOUT_S,
                              max_size=MAX_FRAME_BYTES, close_timeout=2).__enter__()
        except (OSError, TimeoutError, InvalidURI, InvalidHandshake) as e:
            why = getattr(e, "strerror", None) or str(e) or type(e).__name__
            raise ConnectError(f"--connect: can't reach the server at {where} ({why})"
                               ) from None
        self.state: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.players: list[str] = []
        first = self._receive(OPEN_TIMEOUT_S)
        if first["type"] == "error":
            self.close()
            raise ConnectError(f"--connect: the server refused the link: {first['error']}")
        if self.state.get("seat") is None:
            self.close()
            raise ConnectError("--connect: that is the spectators' link: a seat's link "
                               "plays (the lobby gives one per person)")
        self.home = int(self.state["seat"])
        if stops is not None:
            self.set_stops(stops)

    def set_stops(self, spec: str) -> None:
        """The seat's stops on the server: a ``--stops`` text (docs/stops.md)."""
        from manastack.stops import parse_stops

        parsed = parse_stops(spec)
        wanted = {"own": sorted(parsed.own), "others": sorted(parsed.others),
                  "when_attacked": parsed.when_attacked,
                  "end_step_with_instant": parsed.end_step_with_instant,
                  "stack": parsed.stack,
                  "ask_with_nothing_to_do": parsed.ask_with_nothing_to_do,
                  "f6_stops_for_spells": parsed.f6_stops_for_spells}
        self._send({"type": "stops", **wanted})
        while True:  # (the frames of the game moving meanwhile, until the one with them)
            f = self._reply()
            got = f.get("stops") or {}
            if {k: got.get(k) for k in wanted} == wanted:
                return

    # ------------------------------------------------------------ frames

    def _receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next frame (a welcome or an update taken in); ConnectError when the
        connection is gone."""
        from websockets.exceptions import ConnectionClosed

        try:
            text = self.ws.recv(timeout)
        except TimeoutError:
            raise ConnectError("--connect: the server didn't answer") from None
        except ConnectionClosed as e:
            reason = e.rcvd.reason if e.rcvd is not None and e.rcvd.reason else \
                "the connection was closed"
            raise ConnectError(f"--connect: the server closed the game's connection "
                               f"({reason})") from None
        try:
            f = json.loads(text)
        except ValueError:
            raise ConnectError("--connect: the server sent something that isn't JSON") \
                from None
        if not isinstance(f, dict) or not isinstance(f.get("type"), str):
            raise ConnectError("--connect: the server sent a frame of no type")
        if f["type"] == "welcome":
            self.events = list(f.get("events") or [])
            self.players = list(f.get("players") or [])
            self.state = f
        elif f["type"] == "update":
            self.events.extend(f.get("events") or [])
            self.state = {**self.state, **f}
        return f

    def _send(self, msg: dict[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            self.ws.send(json.dumps(msg))
        except ConnectionClosed:
            raise ConnectError("--connect: the server closed the game's connection") \
                from None

    def _reply(self, refused: type[ManastackError] = TableError) -> dict[str, Any]:
        """The server's answer to a message: its frame, or ``refused`` (its error line)."""
        while True:
            f = self._receive()
            if f["type"] == "error":
                raise refused(str(f.get("error", "refused")))
            if f["type"] in ("welcome", "update"):
                return f

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:  # (already gone)
            pass

    # ------------------------------------------------------------ the seat

    def _question(self) -> SeatQuestion | None:
        d = self.state.get("decision")
        if d is None:
            return None
        obs = self.state.get("observation") or {}
        listed = bool(d.get("listed")) and bool(d.get("actions"))
        q = SeatQuestion(int(d["player"]), str(d["kind"]), str(d.get("prompt", "")),
                         str(d.get("rule") or ""),
                         [SeatChoice(int(a["index"]) + 1, str(a["text"]))
                          for a in d.get("actions") or []], listed)
        if q.kind in ("declare_attackers", "declare_blockers"):
            names = obs_names(obs)
            q.candidates = [(c["id"], str(c["label"])) for c in d.get("candidates") or []]
            q.defenders = [(p["name"], p["name"]) for p in obs.get("players", [])
                           if p["index"] != q.seat and not p["lost"]]
            combat = obs.get("combat") or {}
            q.attackers = [(int(k), names.get(int(k), k))
                           for k in (combat.get("attackers") or {})]
        return q

    def next_question(self) -> SeatQuestion | None:
        while True:
            if self.state.get("over"):
                self.question = None
                return None
            q = self._question()
            if q is not None:
                self.question = q
                return q
            self._receive()

    def _number(self) -> int:
        d = self.state.get("decision")
        if d is None:
            raise TableError("no question to answer" if not self.state.get("over")
                             else "the game is over")
        return int(d["number"])

    def answer(self, text: str) -> None:
        number = self._number()
        raw = text.strip()
        if raw.isdigit():
            choices = self.question.choices if self.question is not None else []
            if len(raw) > 6 or not 1 <= int(raw) <= len(choices):
                raise TableError(f"no answer numbered {raw[:8]} (1 to {len(choices)})"
                                 if choices else "no numbered answers: type one in the "
                                 "notation (docs/notation.md)")
            self._send({"type": "answer", "index": int(raw) - 1, "decision": number})
        else:
            self._send({"type": "answer", "text": raw, "decision": number})
        self._reply()
        self.question = None

    def undo(self) -> SeatQuestion:
        self._number()
        self._send({"type": "undo"})
        self._reply(UndoRefused)
        q = self.next_question()
        if q is None:
            raise UndoRefused("can't undo: the game is over")
        return q

    def pass_turn(self) -> None:
        self._number()
        self._send({"type": "pass_turn"})
        self._reply()
        self.question = None

    def name(self, seat: int) -> str:
        return self.players[seat] if 0 <= seat < len(self.players) else f"P{seat}"

    def waiting_for(self) -> str:
        w = self.state.get("waiting") or {}
        if "decider" in w and isinstance(w["decider"], int):
            return self.name(w["decider"])
        return "?"

    def log_lines(self, seat: int) -> list[str]:
        return [str(e.get("text", "")) for e in self.events
                if kept_at_normal(str(e.get("kind", "")))]

    def _obs(self) -> dict[str, Any]:
        return self.state.get("observation") or {"players": [], "battlefield": [],
                                                 "stack": [], "active_player": 0}

    def board_lines(self, seat: int) -> list[str]:
        obs = self._obs()
        return board_lines(obs, obs_names(obs), seat, self.lang)

    def side_lines(self, seat: int) -> list[str]:
        obs = self._obs()
        names = obs_names(obs)
        return stack_lines_of(obs, names, self.lang) + hand_lines_of(obs, names, seat,
                                                                     self.lang)

    def status_line(self, q: SeatQuestion | None) -> str:
        obs = self._obs()
        players = obs.get("players") or []
        active = obs.get("active_player", 0)
        return status_of(int(obs.get("turn", 0)),
                         players[active]["name"] if active < len(players) else "",
                         str(obs.get("step") or ""), self.lang, q,
                         self.name(q.seat) if q is not None else "")

    def result(self) -> str:
        return str(self.state.get("result") or "")

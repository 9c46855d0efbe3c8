"""The game records: one SQLite file in WAL mode, each game an append-only log.

A game is its set-up (``games.setup``: seed, player names, options, deck lists, the
seats: a person or an agent with its name, seed and thinking time) then its records in
order (``records``): every answer (its player, who gave it: ``human``, ``auto`` for the
auto-pass, ``agent``; the action in the notation as its player saw it and in JSON), and
the seats' settings as they change (``f6``, ``stops``), and the undos (``undo``), so that
replaying the records on the set-up gives the same game with the same auto-pass state.  Records are only ever
inserted; :meth:`GameStore.append` commits before it returns, and the table sends no
frame showing an answer before it is committed: after a crash (``kill -9``) every game
resumes at a decision its players were sent or one before it.

WAL with ``synchronous=NORMAL``: a committed transaction survives the process being
killed (it is in the operating system's hands); a power cut may lose the last ones
(``synchronous=FULL`` would sync every commit).  Seat tokens are stored to be checked,
and never listed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Any, Final

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, created REAL NOT NULL, setup TEXT NOT NULL,
    status TEXT NOT NULL, result TEXT, finished REAL);
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER);
CREATE TABLE IF NOT EXISTS records (
    game TEXT NOT NULL, n INTEGER NOT NULL, kind TEXT NOT NULL, player INTEGER,
    by TEXT, text TEXT, data TEXT NOT NULL, PRIMARY KEY (game, n));
"""

#: The ``kind`` of a record: an answer to the pending decision, F6 (``data``: the turn),
#: a seat's stops (``data``: the settings), an undo (``data``: ``{"records": N}``, the
#: game goes back to its first N records in effect: :func:`live_records`).
ANSWER: Final = "answer"
F6: Final = "f6"
STOPS: Final = "stops"
UNDO: Final = "undo"


@dataclass(frozen=True)
class Record:
    """One entry of a game's log (see the module's docstring)."""

    kind: str
    player: int
    by: str
    text: str
    data: Any


def live_records(records: list[Record] | tuple[Record, ...]) -> list[Record]:
    """The records in effect: each undo takes back the records after its first
    ``records`` in effect (the log stays append-only; replaying the records in effect
    on the set-up gives the game the undo went back to)."""
    live: list[Record] = []
    for r in records:
        if r.kind == UNDO:
            del live[int(r.data["records"]):]
        else:
            live.append(r)
    return live


class GameStore:
    """The records of every game in one SQLite file (``path``; ``:memory:`` for tests).

    Thread-safe: one connection, one lock (the tables append from worker threads)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, game_id: str, setup: dict[str, Any],
               tokens: dict[str, int | None]) -> None:
        """A new game: its set-up and its tokens (a seat, or None for the spectators)."""
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO games VALUES (?, ?, ?, 'playing', NULL, NULL)",
                             (game_id, time.time(), json.dumps(setup)))
            self._db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                                 [(t, game_id, s) for t, s in tokens.items()])
            self._db.execute("COMMIT")

    def append(self, game_id: str, first: int, records: list[Record],
               result: str | None = None) -> None:
        """Append ``records`` as numbers ``first``, ``first + 1``... of the game's log
        (and, with ``result``, mark it finished) in one committed transaction."""
        if not records and result is None:
            return
        rows = [(game_id, first + k, r.kind, r.player, r.by, r.text,
                 json.dumps(r.data, separators=(",", ":"))) for k, r in enumerate(records)]
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            if result is not None:
                self._db.execute("UPDATE games SET status = 'over', result = ?, "
                                 "finished = ? WHERE id = ?", (result, time.time(), game_id))
            self._db.execute("COMMIT")

    def token(self, token: str) -> tuple[str, int | None] | None:
        """The game and seat (None: a spectator) of ``token``, or None."""
        with self._lock:
            row = self._db.execute("SELECT game, seat FROM tokens WHERE token = ?",
                                   (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    def setup(self, game_id: str) -> tuple[dict[str, Any], str, str | None] | None:
        """A game's set-up, status (``playing``, ``over``) and result line."""
        with self._lock:
            row = self._db.execute("SELECT setup, status, result FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
        return None if row is None else (json.loads(row[0]), row[1], row[2])

    def records(self, game_id: str) -> list[Record]:
        with self._lock:
            rows = self._db.execute("SELECT kind, player, by, text, data FROM records "
                                    "WHERE game = ? ORDER BY n", (game_id,)).fetchall()
        return [Record(k, p, b, t, json.loads(d)) for k, p, b, t, d in rows]

    def unfinished(self) -> list[str]:
        """The games still being played, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE status = 'playing' "
                                    "ORDER BY created, id").fetchall()
        return [r[0] for r in rows]

    def finished(self, limit: int = 200) -> list[dict[str, Any]]:
        """The last ``limit`` finished games: id, players, result, when."""
        with self._lock:
            rows = self._db.execute("SELECT id, setup, result, finished FROM games WHERE "
                                    "status = 'over' ORDER BY finished DESC LIMIT ?",
                                    (limit,)).fetchall()
        return [{"id": i, "players": json.loads(s)["players"], "result": r, "finished": f}
                for i, s, r, f in rows]

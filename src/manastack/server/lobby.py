"""The lobby: creating games, seat tokens, the running tables, resuming after a restart.

:func:`make_setup` checks a request to create a game (``docs/protocol.md``, "Creating a
game") and gives its set-up: the variant and players, the decks (a default deck by name,
or a deck list pasted in any format of :mod:`manastack.decks`), the seats (a person or an
agent: ``random``, ``heuristic``, ``search`` with its thinking time), the seed (drawn by
the server unless given), the options.  A bad request is refused with one line
(:class:`~manastack.errors.ManastackError`; a deck list's first problem, naming its line).

:class:`Lobby` holds the running tables.  Each human seat gets a token
(``secrets.token_urlsafe``: 128 random bits), the spectators one more; a token gives that
seat's view and nothing else.  :class:`Runner` runs a table: its synchronous work
(answers, the auto-pass, the inline agents, the records' commit, the frames) in a worker
thread, one piece at a time per table; a thinking agent in
:mod:`~manastack.server.thinking`'s workers, without blocking the table's viewers.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

from manastack.agents import AGENTS
from manastack.data import default_deck, default_deck_names
from manastack.decks import parse_deck, validate_deck
from manastack.errors import DeckError, ManastackError
from manastack.game.decisions import action_from_json
from manastack.limits import MAX_PLAYER_NAME_LENGTH, MAX_SEED, MAX_TURNS
from manastack.reprs import brief
from manastack.server.protocol import ProtocolError, error_frame
from manastack.server.store import GameStore
from manastack.server.table import THINK, Table, Viewer, agent_seed
from manastack.variants import get_variant, variant_names

PLAYER_NAMES: Final = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi")
#: The largest number of seats of a game made by the server.
MAX_SERVER_PLAYERS: Final = 8
#: The longest thinking time per decision a search agent may be given (ms).
MAX_BUDGET_MS: Final = 30_000
#: Games in progress at once (a request for one more is refused).
MAX_RUNNING_GAMES: Final = 2_000
#: Connections watching one game at once (its seats' and its spectators').
MAX_VIEWERS: Final = 64
#: The threads running the tables' work.
TABLE_THREADS: Final = 2
T = TypeVar("T")
#: The request keys of a new game.
SETUP_KEYS: Final = frozenset({"variant", "players", "decks", "seats", "seed", "mulligan",
                               "max_turns", "options", "names"})

#: Sends one frame to a connection (its queue): given the link of a :class:`Viewer`.
Send = Callable[[Any, str], Awaitable[None]]


def _field(spec: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    v = spec.get(key, default)
    if v is not None and (type(v) is not kind):
        raise ManastackError(f"{key}: {kind.__name__} expected, not {brief(v)}")
    return v


def _deck(entry: Any, k: int) -> list[str]:
    """A deck: a default deck's name, or a pasted deck list (any format)."""
    from manastack.cards.registry import is_implemented

    if not isinstance(entry, str):
        raise ManastackError(f"deck {k + 1}: a default deck's name or a deck list, not "
                             f"{brief(entry)}")
    if "\n" not in entry and entry.strip() in default_deck_names():
        return default_deck(entry.strip())
    if "\n" not in entry and not any(c.isdigit() for c in entry):
        raise DeckError(f"deck {k + 1}: no default deck named {brief(entry)} (one of "
                        f"{', '.join(default_deck_names())}), and not a deck list")
    try:
        deck = parse_deck(entry, source=f"deck {k + 1}")
        validate_deck(deck, format="any", implemented=is_implemented)
    except DeckError as e:
        lines = str(e).splitlines() or ["bad deck list"]
        more = f" (and {len(lines) - 1} more problems)" if len(lines) > 1 else ""
        raise DeckError(lines[0] + more) from None
    return deck.cards()


def make_setup(spec: Any) -> dict[str, Any]:
    """A game's set-up from a creation request (see the module's docstring)."""
    if not isinstance(spec, dict):
        raise ManastackError(f"a game is a JSON object, not {brief(spec)}")
    unknown = sorted(set(spec) - SETUP_KEYS)
    if unknown:
        raise ManastackError(f"unknown key {brief(unknown[0])} (known: "
                             f"{', '.join(sorted(SETUP_KEYS))})")
    seats_in = spec.get("seats", [{"kind": "human"}, {"kind": "agent", "agent": "heuristic"}])
    if not isinstance(seats_in, list) or not seats_in:
        raise ManastackError("seats: a list of seats ({\"kind\": \"human\"} or {\"kind\": "
                             "\"agent\", \"agent\": NAME})")
    n = _field(spec, "players", int, len(seats_in))
    if n != len(seats_in):
        raise ManastackError(f"players: {n}, but {len(seats_in)} seats")
    if not 1 <= n <= MAX_SERVER_PLAYERS:
        raise ManastackError(f"players: 1 to {MAX_SERVER_PLAYERS}, not {n}")
    name = _field(spec, "variant", str, None)
    if name is None:
        name = "two_player" if n == 2 else "free_for_all"
    if name not in variant_names():
        raise ManastackError(f"unknown variant {brief(name)} (one of "
                             f"{', '.join(variant_names())})")
    variant = get_variant(name)
    problem = variant.check_player_count(n)
    if problem:
        raise ManastackError(problem)
    seed = _field(spec, "seed", int, None)
    if seed is None:
        seed = secrets.randbelow(1 << 62)
    if not 0 <= seed <= MAX_SEED:
        raise ManastackError(f"seed: 0 to {MAX_SEED}, not {seed}")
    seats: list[dict[str, Any]] = []
    for i, s in enumerate(seats_in):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "agent"):
            raise ManastackError(f"seat {i}: {{\"kind\": \"human\"}} or {{\"kind\": "
                                 f"\"agent\", \"agent\": NAME}}, not {brief(s)}")
        if s["kind"] == "human":
            if set(s) - {"kind"}:
                raise ManastackError(f"seat {i}: a person's seat has no other key")
            seats.append({"kind": "human"})
            continue
        if set(s) - {"kind", "agent", "budget_ms"}:
            raise ManastackError(f"seat {i}: an agent's keys are agent and budget_ms")
        agent = s.get("agent", "random")
        if agent not in AGENTS:
            raise ManastackError(f"seat {i}: unknown agent {brief(agent)} (one of "
                                 f"{', '.join(sorted(AGENTS))})")
        budget = s.get("budget_ms")
        if budget is not None and (type(budget) not in (int, float)
                                   or not 0 < budget <= MAX_BUDGET_MS):
            raise ManastackError(f"seat {i}: budget_ms: more than 0, at most "
                                 f"{MAX_BUDGET_MS}, not {brief(budget)}")
        seats.append({"kind": "agent", "agent": agent, "budget_ms": budget})
    names = spec.get("names", list(PLAYER_NAMES[:n]))
    if not isinstance(names, list) or len(names) != n or not all(
            isinstance(x, str) and 0 < len(x.strip()) <= MAX_PLAYER_NAME_LENGTH
            for x in names) or len(set(names)) != n:
        raise ManastackError(f"names: {n} different names of at most "
                             f"{MAX_PLAYER_NAME_LENGTH} characters")
    decks, extra = variant.default_setup(n, seed)
    given = spec.get("decks")
    if given is not None:
        if not isinstance(given, list) or not given or len(given) > n:
            raise ManastackError(f"decks: a list of 1 to {n} decks")
        read = [_deck(d, k) for k, d in enumerate(given)]
        decks = [read[i % len(read)] for i in range(n)]
    options = _field(spec, "options", dict, None) or {}
    extra.update(options)
    problem = variant.check_extra(n, extra)
    if problem:
        raise ManastackError(problem)
    variant.check_decks(decks, extra)
    mulligan = _field(spec, "mulligan", str, "paris")
    if mulligan not in ("paris", "vancouver", "london", "commander"):
        raise ManastackError(f"mulligan: paris, vancouver, london or commander, not "
                             f"{brief(mulligan)}")
    max_turns = _field(spec, "max_turns", int, 200)
    if not 1 <= max_turns <= MAX_TURNS:
        raise ManastackError(f"max_turns: 1 to {MAX_TURNS}, not {max_turns}")
    return {"seed": seed, "players": names, "decks": decks, "seats": seats,
            "options": {"variant": name, "mulligan": mulligan, "max_turns": max_turns,
                        "extra": extra}}


class Runner:
    """Runs one :class:`~manastack.server.table.Table` (see the module's docstring):
    ``lock`` orders its pieces of work; ``kick`` advances it until a person must decide
    or the game ends, asking the thinking agents on the way."""

    def __init__(self, lobby: Lobby, table: Table) -> None:
        self.lobby = lobby
        self.table = table
        self.lock = asyncio.Lock()
        self.running = False
        self.wanted = False
        self.started: list[float] = []

    async def _send(self, frames: list[tuple[Viewer, str]]) -> None:
        for viewer, text in frames:
            await self.lobby.send(viewer.link, text)

    def _advance(self) -> tuple[str, list[tuple[Viewer, str]]]:
        state = self.table.advance()
        self.table.flush()
        return state, self.table.updates()

    async def kick(self, started: float | None = None) -> None:
        """Advance the table: answer, commit, send (once more if asked again while it
        was being advanced)."""
        if started is not None:
            self.started.append(started)
        self.wanted = True
        if self.running:
            return
        self.running = True
        table = self.table
        try:
            while self.wanted:
                self.wanted = False
                async with self.lock:
                    state, frames = await self.lobby.run(self._advance)
                await self._send(frames)
                now = time.perf_counter()
                self.lobby.frames += len(frames)
                self.lobby.latencies.extend(now - t for t in self.started)
                self.started.clear()
                if state != THINK:
                    if table.finished:
                        self.lobby.retire(self)
                    continue
                self.wanted = True
                seat = table.thinking_seat()
                if seat is None:
                    continue  # (a slice of answers given: go on)
                spec = table.thinkers[seat]
                history = [(p, a.to_json()) for p, a in table.game.history]
                got = await self.lobby.thinkers.answer(
                    table.id, table.setup, history, seat, spec["agent"],
                    agent_seed(table.setup["seed"], seat), spec.get("budget_ms"))
                async with self.lock:
                    await self.lobby.run(self._apply_agent, seat, got)
        finally:
            self.running = False

    def _apply_agent(self, seat: int, got: dict[str, Any] | None) -> None:
        table = self.table
        if table.thinking_seat() != seat:
            return
        import random

        d = table.game.decision
        assert d is not None
        action = action_from_json(got) if got is not None else \
            d.sample(table.game, random.Random(len(table.game.history)))
        try:
            table.apply_agent(seat, action)
        except ManastackError:
            table.apply_agent(seat, d.sample(table.game, random.Random(0)))

    async def message(self, viewer: Viewer, msg: dict[str, Any], started: float) -> None:
        """A checked client message from ``viewer``; an error frame for a refused one."""
        kind = msg["type"]
        table = self.table
        if kind == "ping":
            await self.lobby.send(viewer.link, _frame_pong())
            return
        if kind in ("lang", "resend"):
            if kind == "lang":
                viewer.lang = msg["lang"]
            async with self.lock:
                text = await self.lobby.run(table.welcome, viewer)
            await self.lobby.send(viewer.link, text)
            return
        if viewer.seat is None:
            await self.lobby.send(viewer.link, error_frame(
                f"{kind}: a spectator sends no {kind}"))
            return
        seat = viewer.seat

        def work() -> None:
            if kind == "answer":
                table.answer(seat, msg)
            elif kind == "pass_turn":
                table.pass_turn(seat)
            elif kind == "undo":
                table.undo(seat)
            else:
                table.set_stops(seat, msg)

        async with self.lock:
            try:
                await self.lobby.run(work)
            except ManastackError as e:
                await self.lobby.send(viewer.link, error_frame(str(e)))
                return
        await self.kick(started)


def _frame_pong() -> str:
    from manastack.server.protocol import frame
    return frame("pong")


class Lobby:
    """The running tables and their tokens (in ``store``); ``send(link, text)`` sends a
    frame to a connection."""

    def __init__(self, store: GameStore, send: Send, processes: int = 2,
                 scenarios: str | None = None) -> None:
        from manastack.server.thinking import Thinkers

        self.store = store
        #: The folder of the scenario files games may start from (``scenarios.py``).
        self.scenarios = scenarios
        self.send = send
        self.thinkers = Thinkers(processes)
        self.runners: dict[str, Runner] = {}
        #: The threads that run the tables' work (few: they share the interpreter's
        #: lock with the event loop, and more threads only lengthen its waits).
        self.pool = ThreadPoolExecutor(TABLE_THREADS, thread_name_prefix="table")
        #: Frames sent, and the last times from a message received to its frames sent
        #: (seconds).
        self.frames = 0
        self.latencies: deque[float] = deque(maxlen=100_000)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a table thread."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def create(self, spec: Any) -> dict[str, Any]:
        """A new game from a creation request: its id, each human seat's token, the
        spectators' token.  Refused with one line (ManastackError)."""
        if len(self.runners) >= MAX_RUNNING_GAMES:
            raise ManastackError(f"{MAX_RUNNING_GAMES:,} games are in progress (the limit): "
                                 "try again later")
        from manastack.server.scenarios import EVERYWHERE, scenario_setup

        from_scenario = isinstance(spec, dict) and "scenario" in spec
        setup = scenario_setup(self.scenarios, spec) if from_scenario else make_setup(spec)
        game_id = secrets.token_hex(8)
        tokens: dict[str, int | None] = {}
        seats = []
        for i, s in enumerate(setup["seats"]):
            entry: dict[str, Any] = {"seat": i, "name": setup["players"][i],
                                     "kind": s["kind"] if s["kind"] == "human"
                                     else s["agent"]}
            if s["kind"] == "human":
                token = secrets.token_urlsafe(16)
                tokens[token] = i
                entry.update(_links(token))
            seats.append(entry)
        spectator = secrets.token_urlsafe(16)
        tokens[spectator] = None
        try:
            table = Table(game_id, setup, self.store)
        except ManastackError:
            raise
        except (TypeError, ValueError) as e:
            raise ManastackError(f"can't make that game ({brief(e)})") from None
        self.store.create(game_id, setup, tokens)
        if from_scenario:  # (recorded: a resumed game keeps them)
            for seat in table.pilots:
                table.set_stops(seat, {"type": "stops", **EVERYWHERE})
        self.runners[game_id] = Runner(self, table)
        return {"game": game_id, "seed": setup["seed"], "seats": seats,
                "spectator": _links(spectator)}

    def offer(self) -> dict[str, Any]:
        """What a game may be made of (the page's lobby form): the variants, the default
        decks, the agents, the scenario files."""
        from manastack.server.scenarios import scenario_files

        return {"variants": variant_names(), "decks": default_deck_names(),
                "agents": sorted(AGENTS), "scenarios": scenario_files(self.scenarios)}

    def resume_all(self) -> int:
        """Rebuild every unfinished game of the store at its last committed answer."""
        for game_id in self.store.unfinished():
            self.resume(game_id)
        return len(self.runners)

    def resume(self, game_id: str) -> Runner | None:
        got = self.store.setup(game_id)
        if got is None:
            return None
        table = Table(game_id, got[0], self.store)
        table.restore(self.store.records(game_id))
        runner = self.runners[game_id] = Runner(self, table)
        return runner

    def seat_of(self, token: str) -> tuple[Runner, int | None] | None:
        """The running table and the seat (None: a spectator) of a token, or None (an
        unknown token, or a finished game's)."""
        if not isinstance(token, str) or len(token) > 64:
            return None
        got = self.store.token(token)
        if got is None:
            return None
        runner = self.runners.get(got[0])
        return None if runner is None else (runner, got[1])

    def retire(self, runner: Runner) -> None:
        """Forget a finished game's table once nobody watches it (its record stays:
        ``/games/ID``)."""
        if runner.table.finished and not runner.table.viewers:
            self.runners.pop(runner.table.id, None)

    async def kick_all(self) -> None:
        for runner in list(self.runners.values()):
            asyncio.get_running_loop().create_task(runner.kick())

    def close(self) -> None:
        self.thinkers.close()
        self.pool.shutdown(wait=False)


def _links(token: str) -> dict[str, str]:
    return {"token": token, "ws": f"/ws/{token}", "page": f"/?token={token}"}


__all__ = ["Lobby", "ProtocolError", "Runner", "make_setup"]

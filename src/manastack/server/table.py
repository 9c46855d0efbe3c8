"""One running game of the server: its seats (people with their auto-pass, agents), its
record, and what each viewer is sent (``docs/protocol.md``).

A :class:`Table` is synchronous and knows nothing of sockets or threads: the lobby runs
its methods one at a time per table (in a worker thread), and sends the frames they
return.  The cycle: :meth:`Table.advance` answers what no person must answer (the
auto-pass of :mod:`manastack.stops` for the people's seats, the agents that answer at
once), until a person must decide, an agent must think (:data:`THINK`: the lobby asks
:mod:`~manastack.server.thinking` and hands the answer to :meth:`Table.apply_agent`) or
the game is over; :meth:`Table.flush` commits the new records; then
:meth:`Table.updates` gives each viewer its frame.  A person's answer goes through
:meth:`Table.answer`.  Nothing is sent that isn't committed (``store.py``).

The game is its set-up and its records: :meth:`Table.restore` replays them (the
auto-pass answers through the auto-pass again, so that the seats' notes are the same).

:meth:`Table.undo` takes back a person's last answer with the rules and refusals of the
terminal's table (:class:`manastack.table.UndoMarks`: inside their own priority window;
refused once another player decided, CR 116, a card they couldn't see was shown, 400.2,
or anything random happened, 701.18): an ``undo`` record is appended and the game is
rebuilt from the records still in effect (``store.live_records``), as a restart does.
Every viewer is then sent a ``welcome`` (its whole view again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from manastack.agents import make_agent
from manastack.engine import Game, new_game
from manastack.engine.notation import SPECTATOR_VIEW, Notation, action_text, parse_action
from manastack.errors import IllegalAction, ManastackError
from manastack.game.decisions import Action, Pass, action_from_json
from manastack.game.state import GameOptions
from manastack.log import Event, view_log
from manastack.play import result_line
from manastack.server.protocol import (
    MAX_LISTED_ACTIONS,
    ProtocolError,
    decision_json,
    events_json,
    frame,
    listable,
    waiting_json,
)
from manastack.server.store import ANSWER, F6, STOPS, UNDO, GameStore, Record, live_records
from manastack.stops import OVER as TABLE_OVER
from manastack.stops import PERSON, AutoPass, Stops, merge_notes, run_to_person
from manastack.table import UndoMarks

if TYPE_CHECKING:
    from manastack.play import Agent

#: What :meth:`Table.advance` stopped at.
HUMAN: Final = "human"
THINK: Final = "think"
OVER: Final = "over"

#: The agents answered in the table's own thread (fast: a random choice); the others
#: think in worker processes (:mod:`~manastack.server.thinking`).
INLINE_AGENTS: Final = frozenset({"random"})

#: At most this many answers are given by one call of :meth:`Table.advance` (a game
#: between agents alone is played in slices, so that its table lets others run).
ADVANCE_SLICE: Final = 2_000


def agent_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s agent in a game of seed ``seed`` (never the game's
    generator: a game is its seed, decks, options and answers)."""
    return (seed * 2 + 1 + seat) % (1 << 62)


@dataclass(eq=False)
class Viewer:
    """One connection's view of a table: its seat (None, a spectator), its language and
    how much of the log (and of its seat's auto-pass notes) it was sent."""

    seat: int | None
    lang: str = "en"
    log_at: int = 0
    note_at: int = 0
    #: Anything the connection needs (the lobby's send queue).
    link: Any = field(default=None, repr=False)


def build_game(setup: dict[str, Any]) -> Game:
    """The game of a set-up (``lobby.py`` checked it), at its first decision (a game from
    a scenario's position: ``scenarios.py``)."""
    if "scenario" in setup:
        from manastack.server.scenarios import scenario_game
        return scenario_game(setup)  # type: ignore[no-any-return]
    return new_game(setup["players"], setup["decks"], setup["seed"],
                    GameOptions(**setup["options"]))


class Table:
    """One game being played (see the module's docstring).  ``setup["seats"][i]`` is
    ``{"kind": "human"}`` or ``{"kind": "agent", "agent": NAME, "budget_ms": MS}``."""

    def __init__(self, game_id: str, setup: dict[str, Any],
                 store: GameStore | None = None) -> None:
        self.id = game_id
        self.setup = setup
        self.store = store
        self.game = build_game(setup)
        self.names: list[str] = list(setup["players"])
        seats = setup["seats"]
        self.pilots: dict[int, AutoPass] = self._new_pilots()
        self.agents: dict[int, Agent] = {}
        self.thinkers: dict[int, dict[str, Any]] = {}
        for i, s in enumerate(seats):
            if s["kind"] != "agent":
                continue
            if s["agent"] in INLINE_AGENTS:
                self.agents[i] = make_agent(s["agent"], agent_seed(setup["seed"], i),
                                            s.get("budget_ms"))
            else:
                self.thinkers[i] = s
        #: Records given since the last :meth:`flush`, and how many are committed.
        self.pending: list[Record] = []
        self.committed = 0
        self.finished = False
        self.viewers: list[Viewer] = []
        #: The records in effect (the undone ones left out), the undo marks, and whether
        #: an undo rewound the game since the last frames (the viewers get a welcome).
        self.live: list[Record] = []
        self.undo_marks = UndoMarks()
        self.rewound = False
        self._asked()

    def _new_pilots(self) -> dict[int, AutoPass]:
        return {i: AutoPass(i) for i, s in enumerate(self.setup["seats"])
                if s["kind"] == "human"}

    def _asked(self) -> None:
        """Keep an undo mark when a person is to be asked the pending decision (their
        auto-pass doesn't answer it)."""
        game = self.game
        d = game.decision
        if d is None:
            return
        pilot = self.pilots.get(d.by)
        if pilot is not None and pilot.answer_for(game) is None:
            self.undo_marks.asked(game, d.by, len(self.live))

    # ------------------------------------------------------------ playing

    def _record(self, kind: str, player: int, by: str, text: str, data: Any) -> None:
        r = Record(kind, player, by, text, data)
        self.pending.append(r)
        self.live.append(r)

    def _apply(self, player: int, action: Action, by: str) -> None:
        """Apply ``action`` (refused with IllegalAction, the game unchanged) and record it
        with its text as ``player`` saw the game."""
        text = "pass" if type(action) is Pass else action_text(self.game, action, player)
        self.game.apply(player, action)
        self._record(ANSWER, player, by, text, action.to_json())

    def advance(self) -> str:
        """Answer what needs no person and no thinking (the shared
        :func:`manastack.stops.run_to_person`, each answer recorded); :data:`HUMAN`,
        :data:`THINK` or :data:`OVER` says why it stopped (:data:`THINK` too after
        :data:`ADVANCE_SLICE` answers: the caller goes on later)."""
        got = run_to_person(self.game, self.pilots, self.agents, self._given, ADVANCE_SLICE)
        if got == PERSON:
            d = self.game.decision
            assert d is not None
            self.undo_marks.asked(self.game, d.by, len(self.live))
            return HUMAN
        return OVER if got == TABLE_OVER else THINK

    def _given(self, player: int, action: Action, by: str) -> None:
        """Record an answer given by the auto-pass or an inline agent (before it is
        applied: its text as its player sees the game)."""
        text = "pass" if type(action) is Pass else action_text(self.game, action, player)
        self._record(ANSWER, player, by, text, action.to_json())

    def thinking_seat(self) -> int | None:
        """The seat whose agent must think now (a worker's job), or None."""
        d = self.game.decision
        return d.by if d is not None and d.by in self.thinkers else None

    def apply_agent(self, seat: int, action: Action) -> None:
        """The answer of ``seat``'s thinking agent."""
        self._apply(seat, action, "agent")

    def answer(self, seat: int, msg: dict[str, Any]) -> None:
        """A person's ``answer`` message (``protocol.read_message`` checked its form):
        the text in the notation or the index of a listed action; refused with one line
        (:class:`~manastack.errors.ManastackError`), the game unchanged, when it isn't
        theirs to answer or isn't a legal answer."""
        game = self.game
        d = game.decision
        if d is None:
            raise ProtocolError("the game is over")
        if seat not in self.pilots or d.by != seat:
            raise ProtocolError(f"not your decision (waiting for {self.names[d.by]}: "
                                f"{d.kind})")
        number = msg.get("decision")
        if number is not None and number != len(game.history):
            raise ProtocolError(f"decision {number} is not the pending one "
                                f"({len(game.history)})")
        if "index" in msg:
            k = msg["index"]
            actions = d.legal_actions(game) if listable(d) else []
            if len(actions) > MAX_LISTED_ACTIONS:
                actions = []
            if not actions:
                raise ProtocolError("this decision's actions are not listed: answer with "
                                    "text in the notation")
            if not 0 <= k < len(actions):
                raise ProtocolError(f"no action number {k} (0 to {len(actions) - 1})")
            action = actions[k]
        else:
            action = parse_action(game, msg["text"], seat)
        try:
            self._apply(seat, action, "human")
        except IllegalAction as e:
            raise ProtocolError(f"illegal answer: {e}") from None

    def pass_turn(self, seat: int) -> None:
        """F6 for ``seat``: pass every priority until this turn ends (``stops.py``)."""
        pilot = self.pilots.get(seat)
        if pilot is None:
            raise ProtocolError("only a player's seat may pass until end of turn")
        pilot.pass_until_end_of_turn(self.game)
        self._record(F6, seat, "human", "F6", self.game.turn_number)

    def set_stops(self, seat: int, msg: dict[str, Any]) -> None:
        """New stops for ``seat`` (the fields given; the others keep their values)."""
        pilot = self.pilots.get(seat)
        if pilot is None:
            raise ProtocolError("only a player's seat has stops")
        old = _stops_json(pilot.stops)
        new = {**old, **{k: v for k, v in msg.items() if k != "type"}}
        pilot.stops = _stops_from(new)
        self._record(STOPS, seat, "human", "stops", new)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last answer (the module's docstring); refused with one
        line, the game unchanged."""
        d = self.game.decision
        if d is None:
            raise ProtocolError("can't undo: the game is over")
        if seat not in self.pilots or d.by != seat:
            raise ProtocolError(f"can't undo: not your decision (waiting for "
                                f"{self.names[d.by]}: {d.kind})")
        self._asked()
        why = self.undo_marks.refusal(self.game, seat)
        if why:
            raise ProtocolError(why)
        keep = self.undo_marks.back().records
        self.pending.append(Record(UNDO, seat, "human", "undo", {"records": keep}))
        self._rebuild(self.live[:keep])
        self.rewound = True

    def _rebuild(self, live: list[Record]) -> None:
        """The game of the records ``live`` on a fresh game (a restart, an undo)."""
        self.game = build_game(self.setup)
        self.pilots = self._new_pilots()
        self.undo_marks = UndoMarks()
        self.live = []
        self._asked()
        for k, r in enumerate(live):
            try:
                self._replay(r)
            except (ManastackError, KeyError, TypeError, ValueError) as e:
                raise ManastackError(f"game {self.id}: record {k} can't be replayed "
                                     f"({e})") from None
            self.live.append(r)
            self._asked()

    def _replay(self, r: Record) -> None:
        game = self.game
        if r.kind == F6:
            self.pilots[r.player].until_end_of_turn = int(r.data)
        elif r.kind == STOPS:
            self.pilots[r.player].stops = _stops_from(r.data)
        elif r.by == "auto" and r.player in self.pilots:
            before = len(game.history)
            if not self.pilots[r.player].answer(game) or \
                    game.history[before][1].to_json() != r.data:
                raise ManastackError("the auto-pass answers otherwise")
        else:
            game.apply(r.player, action_from_json(r.data))

    def flush(self) -> None:
        """Commit the new records (and the result once the game is over)."""
        result = None
        if self.game.decision is None and not self.finished:
            self.finished = True
            result = result_line(self.game)
        if self.store is not None:
            self.store.append(self.id, self.committed, self.pending, result)
        self.committed += len(self.pending)
        self.pending = []

    # ------------------------------------------------------------ restoring

    def restore(self, records: Sequence[Record]) -> None:
        """Replay a game's records (its log in the store) on its fresh game: the
        records in effect (``store.live_records``: an undo leaves out what it took
        back)."""
        self._rebuild(live_records(list(records)))
        self.committed = len(records)
        self.finished = self.game.decision is None

    # ------------------------------------------------------------ frames

    def _view(self, viewer: Viewer) -> list[Event]:
        """The viewer's new events since its last frame (its seat's notes merged as
        :meth:`AutoPass.log_for <manastack.stops.AutoPass.log_for>` does), and moves its
        marks."""
        game, seat = self.game, viewer.seat
        start = viewer.log_at
        events = game.log[start:]
        pilot = self.pilots.get(seat) if seat is not None else None
        viewer.log_at = start + len(events)
        if pilot is None:
            return view_log(events, seat)
        out, viewer.note_at = merge_notes([e.view(seat) for e in events], pilot.notes,
                                          start, viewer.note_at)
        return out

    def _state(self, viewer: Viewer) -> dict[str, Any]:
        game, seat = self.game, viewer.seat
        d = game.decision
        mine = d is not None and seat is not None and d.by == seat and seat in self.pilots
        out: dict[str, Any] = {
            "answers": len(game.history), "observation": game.observe(seat),
            "decision": decision_json(game, seat) if mine and seat is not None else None,
            "waiting": waiting_json(game), "over": d is None,
            "result": result_line(game, viewer.lang) if d is None else None,
        }
        if seat is not None and seat in self.pilots:
            pilot = self.pilots[seat]
            out["f6"] = pilot.until_end_of_turn is not None and \
                pilot.until_end_of_turn == game.turn_number
            out["stops"] = _stops_json(pilot.stops)
        return out

    def welcome(self, viewer: Viewer) -> str:
        """Everything for ``viewer``: its whole view of the log and its state."""
        viewer.log_at = viewer.note_at = 0
        events = self._view(viewer)
        return frame("welcome", game=self.id, seat=viewer.seat, lang=viewer.lang,
                     players=self.names,
                     seats=[s["kind"] if s["kind"] == "human" else s["agent"]
                            for s in self.setup["seats"]],
                     events=events_json(events, viewer.lang), **self._state(viewer))

    def update(self, viewer: Viewer) -> str:
        """What changed for ``viewer`` since its last frame."""
        events = self._view(viewer)
        return frame("update", game=self.id, seat=viewer.seat,
                     events=events_json(events, viewer.lang), **self._state(viewer))

    def updates(self) -> list[tuple[Viewer, str]]:
        """Each viewer's frame: an update, or a welcome after an undo rewound the game."""
        if self.rewound:
            self.rewound = False
            return [(v, self.welcome(v)) for v in self.viewers]
        return [(v, self.update(v)) for v in self.viewers]


def _stops_json(stops: Stops) -> dict[str, Any]:
    return {"own": sorted(stops.own), "others": sorted(stops.others),
            "when_attacked": stops.when_attacked,
            "end_step_with_instant": stops.end_step_with_instant, "stack": stops.stack,
            "ask_with_nothing_to_do": stops.ask_with_nothing_to_do,
            "f6_stops_for_spells": stops.f6_stops_for_spells}


def _stops_from(data: dict[str, Any]) -> Stops:
    return Stops(own=frozenset(data["own"]), others=frozenset(data["others"]),
                 when_attacked=bool(data["when_attacked"]),
                 end_step_with_instant=bool(data["end_step_with_instant"]),
                 stack=bool(data["stack"]),
                 ask_with_nothing_to_do=bool(data["ask_with_nothing_to_do"]),
                 f6_stops_for_spells=bool(data["f6_stops_for_spells"]))


def replay_view(setup: dict[str, Any], records: Sequence[Record], viewer: int | None,
                lang: str = "en", at: int | None = None) -> dict[str, Any]:
    """A recorded game as ``viewer`` (a seat; None, the public) sees it, step by step:
    each answer (its player, its text in the notation as the viewer could name it then,
    the events it caused in the viewer's view of the log), and the viewer's observation
    after answer ``at`` (by default at the end).  Undone answers are left out."""
    game = build_game(setup)
    steps: list[dict[str, Any]] = []
    shown = 0
    observation: dict[str, Any] | None = game.observe(viewer) if at == 0 else None
    who: Any = SPECTATOR_VIEW if viewer is None else viewer
    first = events_json(view_log(game.log, viewer), lang)
    shown = len(game.log)
    for r in live_records(list(records)):
        if r.kind != ANSWER:
            continue
        action = action_from_json(r.data)
        text = Notation(game, who).text(action)
        game.apply(r.player, action)
        events = view_log(game.log[shown:], viewer)
        shown = len(game.log)
        steps.append({"n": len(steps) + 1, "player": r.player, "by": r.by, "text": text,
                      "events": events_json(events, lang)})
        if at is not None and len(steps) == at:
            observation = game.observe(viewer)
    if observation is None:
        observation = game.observe(viewer)
    return {"players": setup["players"], "viewer": viewer, "setup_events": first,
            "steps": steps, "observation": observation, "at": at if at is not None
            else len(steps), "result": result_line(game, lang)}


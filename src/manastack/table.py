"""A table: a game with people and agents around it, for the front ends where a person
plays (the terminal game, ``manastack.terminal``; a server).  It knows no screen.

* The seats are people (by name) or agents (:func:`manastack.agents.make_agent` by name,
  seeded as ``manastack play`` seeds them).  :meth:`Table.advance` runs the game through
  :func:`manastack.stops.run_to_person` (each person's :class:`~manastack.stops.AutoPass`
  answers what needs no person) until a person must decide: the pending
  :class:`Question` (the decision, its legal answers numbered from 1 with their texts in
  the action notation, docs/notation.md).
* :meth:`Table.answer` reads a number or a text of the notation (prefixes allowed, as
  :func:`~manastack.engine.notation.parse_action` reads them); a bad one is a one-line
  :class:`TableError` and the game is unchanged.
* :meth:`Table.undo` takes back the person's last answer inside their own priority
  window: never past another player's decision (116: once another player has had the
  priority the game moved on), past an event that showed them a card they couldn't see
  before (400.2: a draw, a look at a library), or past a shuffle or anything random
  (701.18); a refusal says why in one line.
* :meth:`Table.save` writes a table file: the replay (format 2, :func:`manastack.play.
  replay_data`) and the table's settings (people, agents, thinking time, language,
  stops); :func:`load_table` reads one back at the same pending decision, the agents made
  again (each brought to the state it had by answering its decisions again).
* :meth:`Table.log_lines` is a seat's log at the ``normal`` level of detail, with rule
  citations and the notes of the answers given for them (:meth:`AutoPass.log_for`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

from manastack.engine import Game, new_game
from manastack.engine.notation import Notation
from manastack.errors import IllegalAction, ManastackError
from manastack.game.decisions import Action, ChoiceDecision, CombatDecision, Decision
from manastack.game.objects import GameObject, Zone
from manastack.game.state import GameOptions
from manastack.limits import load_json, read_text_limited, shown_path
from manastack.lines import Line, Raw
from manastack.narrative import narrate
from manastack.play import Agent, replay, replay_data, result_line
from manastack.reprs import brief
from manastack.rules.hidden import visible_to
from manastack.stops import (
    ELSEWHERE,
    PERSON,
    AutoPass,
    Stops,
    parse_stops,
    run_to_person,
    stops_spec,
)

#: The version of the table file (:meth:`Table.save`).
TABLE_FORMAT: Final = 1
#: The most answers listed and numbered for one decision (a choice of 3 cards among 20
#: has more): the others are typed in the notation.
MAX_LISTED: Final = 120
#: A combat declaration with more candidates is not listed whole (its answers grow as a
#: power of the number of creatures): the front end builds it creature by creature.
MAX_LISTED_CANDIDATES: Final = 5
#: The table file's size limit.
MAX_TABLE_FILE_BYTES: Final = 8 * 1024 * 1024
#: The agents a table may seat.
TABLE_AGENTS: Final = ("random", "heuristic", "search")


class TableError(ManastackError):
    """A bad answer or command at the table (one line; the game is unchanged)."""


class UndoRefused(TableError):
    """Undo is refused: the line says why (and cites the rule)."""


@dataclass(frozen=True)
class Choice:
    """One listed answer: its number (from 1), its text in the notation, the action."""

    number: int
    text: str
    action: Action


@dataclass
class Question:
    """The decision a person must answer: ``seat`` (who answers, ``decision.by``),
    ``choices`` (the listed answers), ``complete`` (False when more answers exist than
    were listed: a combat declaration of many creatures, a large choice; they are typed
    in the notation or built by the front end)."""

    seat: int
    decision: Decision
    choices: list[Choice]
    complete: bool

    @property
    def kind(self) -> str:
        return self.decision.kind


@dataclass(frozen=True)
class UndoMark:
    """Where a seat was asked (what undo needs to know of it, for any table: this one,
    the server's): the answers and log lines given until then, the game's generator
    state, the seat asked, whether the question showed the seat a hidden card, and
    ``records``, for a table that keeps a log of records (the server's), how many were
    in effect."""

    answers: int
    log: int
    rng: Any
    seat: int
    showed_hidden: bool
    records: int = 0


def undo_mark(game: Game, seat: int, records: int = 0) -> UndoMark:
    """The :class:`UndoMark` of ``game`` as ``seat`` is asked its pending decision."""
    d = game.decision
    return UndoMark(len(game.history), len(game.log), game.rng.getstate(), seat,
                    d is not None and shows_hidden(game, d, seat), records)


def table_line(lang: str, en: str, fr: str, **args: str) -> str:
    """A line of a table in ``lang``."""
    return Line(en, fr, {k: Raw(v) for k, v in args.items()}).render(lang)


def seen_hidden(lang: str) -> str:
    return table_line(lang, "you have seen a card you couldn't see before (CR 400.2: hidden "
               "information)",
               "vous avez vu une carte que vous ne pouviez pas voir avant (CR "
               "400.2 : information cachée)")


def why_not_back(game: Game, then: UndoMark, seat: int, lang: str = "en") -> str:
    """Why ``seat`` may not take the game back from now to the mark ``then`` ("" if
    they may): another player decided since (116), the seat saw a card it couldn't see
    (400.2), a library was shuffled or anything chosen at random (701.18)."""
    others = [p for p, _action in game.history[then.answers:] if p != seat]
    if then.seat != seat or others:
        who = game.players[then.seat if then.seat != seat else others[0]].name
        return table_line(lang, "{who} has decided since (CR 116: the game moved on once "
                   "another player had priority)",
                   "{who} a décidé depuis (CR 116 : la partie a continué dès "
                   "qu'un autre joueur a eu la priorité)", who=who)
    if then.showed_hidden or any(e.seen_by is not None and seat in e.seen_by
                                 for e in game.log[then.log:]):
        return seen_hidden(lang)
    if game.rng.getstate() != then.rng:
        return table_line(lang, "a library was shuffled or something was chosen at random "
                   "since (CR 701.18)",
                   "une bibliothèque a été mélangée ou quelque chose a été choisi "
                   "au hasard depuis (CR 701.18)")
    return ""


@dataclass
class UndoMarks:
    """The marks undo may go back to (since the last barrier), for any table: call
    :meth:`asked` each time a person is asked a decision, :meth:`refusal` to know
    whether they may take back their last answer, :meth:`back` once they did."""

    lang: str = "en"
    marks: list[UndoMark] = field(default_factory=list)
    #: Why undo can't go back past the oldest mark kept.
    barrier: str = ""

    def asked(self, game: Game, seat: int, records: int = 0) -> bool:
        """``seat`` is asked the pending decision: keep its mark (False if it is kept
        already: the same decision asked again)."""
        if self.marks and self.marks[-1].answers == len(game.history) \
                and self.marks[-1].seat == seat:
            return False
        why = why_not_back(game, self.marks[-1], seat, self.lang) if self.marks else ""
        if why:
            self.marks.clear()
            self.barrier = why
        elif not self.marks and not self.barrier:
            self.barrier = table_line(self.lang, "there is nothing to undo yet",
                               "il n'y a encore rien à annuler")
        self.marks.append(undo_mark(game, seat, records))
        return True

    def refusal(self, game: Game, seat: int) -> str:
        """Why ``seat`` (asked now) may not take back its last answer, a whole line
        ("can't undo: ..."), or "" if it may (the mark to go back to: ``marks[-2]``)."""
        why = self.barrier if len(self.marks) < 2 else \
            why_not_back(game, self.marks[-2], seat, self.lang) or (
                seen_hidden(self.lang) if self.marks[-1].showed_hidden else "")
        return table_line(self.lang, "can't undo: {why}", "impossible d'annuler : {why}",
                   why=why) if why else ""

    def back(self) -> UndoMark:
        """Undo was done: the mark gone back to (kept: the question asked again)."""
        self.marks.pop()
        return self.marks[-1]


@dataclass
class _Checkpoint:
    """A copy of the game and of the seats' auto-pass states as a seat was asked (the
    local table goes back to a copy; the marks say whether it may)."""

    game: Game
    pilots: dict[int, AutoPass]


def _seed_of_agent(seed: int, seat: int) -> int:
    """An agent's seed, as ``manastack play`` seeds them."""
    return seed * 2 + 1 + seat


@dataclass
class Table:
    """A game, its people (``humans``: seat -> their :class:`AutoPass`) and its agents
    (``agent_names``: seat -> agent name).  Make one with :func:`new_table` or
    :func:`load_table`."""

    game: Game
    humans: dict[int, AutoPass]
    agent_names: dict[int, str]
    budget_ms: int | None = None
    lang: str = "en"
    stops_text: str = ""
    agents: dict[int, Agent] = field(default_factory=dict)
    question: Question | None = None
    _checkpoints: list[_Checkpoint] = field(default_factory=list)
    _undo: UndoMarks = field(default_factory=UndoMarks)

    def __post_init__(self) -> None:
        from manastack.agents import make_agent

        for seat, name in self.agent_names.items():
            if seat not in self.agents:
                self.agents[seat] = make_agent(name, _seed_of_agent(self.game.seed, seat),
                                               self.budget_ms)

    # ------------------------------------------------------------ playing

    def name(self, seat: int) -> str:
        return self.game.players[seat].name

    @property
    def over(self) -> bool:
        return self.game.decision is None

    def advance(self) -> Question | None:
        """Run the game until a person must decide: their :class:`Question` (also
        :attr:`question`); None when the game is over."""
        if self.question is not None and self.game.decision is self.question.decision:
            return self.question
        got = run_to_person(self.game, self.humans, self.agents)
        d = self.game.decision
        if got != PERSON or d is None:
            if got == ELSEWHERE and d is not None:
                raise TableError(f"nobody answers for {self.name(d.by)}")
            self.question = None
            return None
        seat = d.by
        q = self._question(seat, d)
        self.question = q
        self._checkpoint(seat, q)
        return q

    def _question(self, seat: int, d: Decision) -> Question:
        notation = Notation(self.game, seat)
        if isinstance(d, CombatDecision) and len(d.candidates) > MAX_LISTED_CANDIDATES:
            return Question(seat, d, [], False)
        actions = d.legal_actions(self.game)
        complete = len(actions) <= MAX_LISTED and not (
            isinstance(d, ChoiceDecision) and len(actions) > 5000)
        choices = [Choice(k + 1, notation.text(a), a)
                   for k, a in enumerate(actions[:MAX_LISTED])]
        return Question(seat, d, choices, complete)

    def answer(self, text: str | int) -> Action:
        """Answer the pending question with a listed answer's number or a text of the
        notation; the action given.  Raises :class:`TableError` (one line) for a number
        out of range, a text that names no legal answer or an illegal one; the game is
        unchanged then."""
        q = self.advance()
        if q is None:
            raise TableError("the game is over")
        if isinstance(text, int) or text.strip().isdigit():
            raw = str(text).strip()
            if len(raw) > 6 or not 1 <= int(raw) <= len(q.choices):
                raise TableError(f"no answer numbered {raw[:8]} (1 to {len(q.choices)})"
                                 if q.choices else "no numbered answers: type one in the "
                                 "notation (docs/notation.md)")
            action = q.choices[int(raw) - 1].action
        else:
            from manastack.engine.notation import parse_action
            try:
                action = parse_action(self.game, text, q.seat)
            except ManastackError as e:
                raise TableError(str(e)) from None
        self.play(action)
        return action

    def play(self, action: Action) -> None:
        """Answer the pending question with ``action`` (a front end that built it, a
        combat declaration chosen creature by creature); :class:`TableError` if it is
        illegal (the game unchanged)."""
        q = self.advance()
        if q is None:
            raise TableError("the game is over")
        try:
            self.game.apply(q.seat, action)
        except IllegalAction as e:
            rule = f" (CR {e.rule})" if e.rule and f"CR {e.rule}" not in str(e) else ""
            raise TableError(f"{e}{rule}") from None
        self.question = None

    def pass_until_end_of_turn(self) -> None:
        """F6 for the person asked: their priorities are passed until the turn ends, the
        pending one too when it is priority."""
        q = self.advance()
        if q is None:
            return
        self.humans[q.seat].pass_until_end_of_turn(self.game)
        if q.kind == "priority":
            from manastack.game.decisions import Pass
            self.play(Pass())

    # ------------------------------------------------------------ undo

    def _checkpoint(self, seat: int, q: Question) -> None:
        self._undo.lang = self.lang
        if self._undo.asked(self.game, seat):
            if len(self._undo.marks) == 1:
                self._checkpoints.clear()
            self._checkpoints.append(_Checkpoint(
                _copy(self.game), {s: _copy_pilot(p) for s, p in self.humans.items()}))

    def _say(self, en: str, fr: str, **args: str) -> str:
        """A line of the table in its language."""
        return table_line(self.lang, en, fr, **args)

    def undo(self) -> None:
        """Take back the asked person's last answer (and whatever was answered for them
        after it), back to their question before; :class:`UndoRefused` (why, one line)
        when the rules of undo forbid it (the module's docstring)."""
        q = self.advance()
        if q is None:
            raise UndoRefused(self._say("can't undo: the game is over",
                                        "impossible d'annuler : la partie est finie"))
        seat = q.seat
        self._undo.lang = self.lang
        why = self._undo.refusal(self.game, seat)
        if why:
            raise UndoRefused(why)
        self._undo.back()
        self._checkpoints.pop()
        back = self._checkpoints[-1]
        self.game = _copy(back.game)
        self.humans = {s: _copy_pilot(p) for s, p in back.pilots.items()}
        d = self.game.decision
        assert d is not None
        self.humans[seat].last_asked = d
        self.question = self._question(seat, d)

    # ------------------------------------------------------------ the log

    def events_for(self, seat: int) -> list[Any]:
        """``seat``'s log with the notes of the answers given for them."""
        return self.humans[seat].log_for(self.game)

    def log_lines(self, seat: int) -> list[str]:
        """``seat``'s log at the ``normal`` level of detail, in the table's language."""
        return narrate(self.events_for(seat), "normal", self.lang)

    def result(self) -> str:
        return result_line(self.game, self.lang)

    # ------------------------------------------------------------ save

    def to_json(self) -> dict[str, Any]:
        """The table file's value: ``table`` (its settings) and ``replay`` (format 2)."""
        return {"table_format": TABLE_FORMAT,
                "table": {"humans": [self.name(s) for s in sorted(self.humans)],
                          "agents": {self.name(s): a for s, a in sorted(self.agent_names.items())},
                          "budget_ms": self.budget_ms, "lang": self.lang,
                          "stops": self.stops_text},
                "replay": replay_data(self.game)}

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table file (one line on error: :class:`TableError`)."""
        try:
            Path(path).write_text(json.dumps(self.to_json(), indent=1), encoding="utf-8")
        except OSError as e:
            raise TableError(f"{shown_path(str(path))}: can't write the table file "
                             f"({e.strerror})") from None


def _copy(game: Game) -> Game:
    """An independent copy of ``game`` (:meth:`Game.copy`)."""
    return cast(Game, game.copy())


def _copy_pilot(p: AutoPass) -> AutoPass:
    # (made field by field: AutoPass may be a compiled class)
    return AutoPass(p.seat, p.stops, p.until_end_of_turn, list(p.notes), p.asked, p.passed,
                    p.forced)


def shows_hidden(game: Game, d: Decision, seat: int) -> bool:
    """Does the decision ``d`` name to ``seat`` a card in a hidden zone it couldn't see
    otherwise (a search of a library, a look at another hand)?"""
    if not isinstance(d, ChoiceDecision):
        return False
    numbers = any(type(o) is int and o == 0 for o in d.options)
    if numbers:
        return False
    for o in d.options:
        if type(o) is int:
            obj = game.objects.get(o)
            if isinstance(obj, GameObject) and obj.zone in (Zone.LIBRARY, Zone.HAND) \
                    and not visible_to(game, seat, o):
                return True
    return False


def new_table(game: Game, humans: Sequence[str], agent: str = "heuristic",
              budget_ms: int | None = None, lang: str = "en", stops: str = "") -> Table:
    """A table for ``game``: the players named in ``humans`` are people (with the stops
    ``stops``, :func:`manastack.stops.parse_stops`), every other seat is ``agent``."""
    names = [p.name for p in game.players]
    seats = []
    for h in humans:
        if h not in names:
            raise TableError(f"--human {brief(h)}: no such player (one of: "
                             f"{', '.join(names)})")
        if names.index(h) in seats:
            raise TableError(f"--human {brief(h)}: given twice")
        seats.append(names.index(h))
    if agent not in TABLE_AGENTS:
        raise TableError(f"unknown agent {brief(agent)} (one of {', '.join(TABLE_AGENTS)})")
    if lang not in ("en", "fr"):
        raise TableError(f"unknown language {brief(lang)} (en or fr)")
    parsed: Stops = parse_stops(stops)
    return Table(game, {s: AutoPass(s, parsed) for s in seats},
                 {s: agent for s in range(len(names)) if s not in seats}, budget_ms, lang,
                 stops_spec(parsed) if stops else "")


def load_table(path: str | os.PathLike[str]) -> Table:
    """The table a file of :meth:`Table.save` holds, at its pending decision.  Raises
    :class:`TableError` (one line naming the file) for a file that isn't one, is over a
    limit, or whose decisions the game refuses (a tampered file)."""
    shown = shown_path(str(path))
    try:
        text = read_text_limited(str(path), limit=MAX_TABLE_FILE_BYTES, what="table file")
        data = load_json(text, where=shown)
    except ManastackError as e:
        raise TableError(str(e) if shown in str(e) else f"{shown}: {e}") from None
    except ValueError as e:
        raise TableError(f"{shown}: not a table file (invalid JSON: {brief(e)})") from None
    try:
        return table_from_json(data)
    except ManastackError as e:
        raise TableError(f"{shown}: {e}") from None


def table_from_json(data: Any) -> Table:
    """The table of :meth:`Table.to_json`'s value (see :func:`load_table`)."""
    if not isinstance(data, dict) or data.get("table_format") != TABLE_FORMAT \
            or not isinstance(data.get("table"), dict) or "replay" not in data:
        raise TableError(f"not a table file (expected table_format {TABLE_FORMAT}, table "
                         "and replay)")
    settings = data["table"]
    humans = settings.get("humans")
    agents = settings.get("agents")
    budget = settings.get("budget_ms")
    lang = settings.get("lang", "en")
    stops = settings.get("stops", "")
    if not (isinstance(humans, list) and humans and all(isinstance(h, str) for h in humans)
            and isinstance(agents, dict) and all(isinstance(a, str) for a in agents.values())
            and (budget is None or type(budget) is int and 1 <= budget <= 3_600_000)
            and isinstance(stops, str) and isinstance(lang, str)):
        raise TableError("not a table file: bad settings (humans, agents, budget_ms, lang, "
                         "stops)")
    full = replay(data["replay"])  # (its refusals name the decision)
    game = new_game([p.name for p in full.players], full.deck_lists, full.seed,
                    GameOptions(**full.options.to_json()))
    table = new_table(game, humans, "random", budget, lang, stops)
    names = [p.name for p in game.players]
    if sorted(agents) != sorted(n for s, n in enumerate(names) if s not in table.humans):
        raise TableError("not a table file: its agents don't sit at the seats its people "
                         "leave")
    from manastack.agents import make_agent
    for who, agent in agents.items():
        if agent not in TABLE_AGENTS:
            raise TableError(f"unknown agent {brief(agent)}")
        s = names.index(who)
        table.agent_names[s] = agent
        table.agents[s] = make_agent(agent, _seed_of_agent(game.seed, s), budget)
    _play_again(table, full.history)
    return table


def _play_again(table: Table, history: Sequence[tuple[int, Action]]) -> None:
    """Play ``history`` again at ``table``: the people's auto-pass notes are written again
    where their stops answer the same, and each agent that doesn't search answers its
    decisions again (so that it is in the state it was; the recorded answer is kept)."""
    game = table.game
    for player, action in history:
        d = game.decision
        if d is None:
            raise TableError("not a table file: decisions after the end of the game")
        pilot = table.humans.get(d.by)
        if pilot is not None:
            got = pilot.answer_for(game)
            if got is not None and got[0].to_json() == action.to_json():
                pilot.answer(game)
                continue
        else:
            agent_name = table.agent_names.get(d.by)
            if agent_name in ("random", "heuristic"):
                table.agents[d.by].act(game)
        try:
            game.apply(player, action)
        except IllegalAction as e:
            raise TableError(f"a refused decision ({e})") from None

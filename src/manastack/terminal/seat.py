"""What the terminal's screens talk to: a seat at a game, local or on a server.

The screens (the Textual app, ``app.py``; the line prompt, ``plain.py``) know only
:class:`Seats`: the pending :class:`SeatQuestion` (answers numbered from 1, in the
notation), answering by number or by text of the notation, undo, F6, the log lines and
the board of a seat as text.  Two kinds implement it:

* :class:`LocalSeats`: a :class:`manastack.table.Table` in this process (people at one
  keyboard, the agents answering here; saving to a file);
* :class:`manastack.terminal.remote.RemoteSeat`: one seat of a game on a server, over
  the protocol (``manastack play --connect URL``, docs/protocol.md).

Everything shown comes from the seat's observation (CR 400.2: hidden cards are counted,
never named) and its view of the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from manastack.errors import ManastackError
from manastack.table import Table


class ConnectError(ManastackError):
    """A seat on a server: the server can't be reached, refuses the link, or the
    connection was lost (the game can't go on here)."""


@dataclass(frozen=True)
class SeatChoice:
    """One listed answer: its number (from 1) and its text in the notation."""

    number: int
    text: str


@dataclass
class SeatQuestion:
    """The decision a person must answer: who (``seat``), its ``kind``, ``prompt`` and
    ``rule``; the listed answers (``complete``: False when more exist, typed in the
    notation or built creature by creature); for a combat declaration, the
    ``candidates`` (the creatures that may attack or block), the ``defenders`` (whom an
    attacker may attack) and the ``attackers`` (what a blocker may block), each a
    (reference, label) pair, the label as the notation reads it."""

    seat: int
    kind: str
    prompt: str
    rule: str
    choices: list[SeatChoice]
    complete: bool
    candidates: list[tuple[Any, str]] = field(default_factory=list)
    defenders: list[tuple[Any, str]] = field(default_factory=list)
    attackers: list[tuple[Any, str]] = field(default_factory=list)


class Seats:
    """The seats a front end plays (see the module's docstring).  ``people`` is how
    many people share this keyboard; ``lang`` the language of everything shown;
    ``waits`` whether :meth:`next_question` may take long (agents thinking, a server):
    the app then calls it in a worker thread."""

    lang: str = "en"
    people: int = 1
    waits: bool = False
    #: Whether :meth:`save` can write the game to a file.
    can_save: bool = False
    #: The seat whose view is shown once the game is over.
    home: int = 0
    #: The question asked last (:meth:`next_question`, :meth:`undo`).
    question: SeatQuestion | None = None

    def next_question(self) -> SeatQuestion | None:
        """The next question for a person here (waiting for it); None once the game is
        over."""
        raise NotImplementedError

    def answer(self, text: str) -> None:
        """Answer the pending question: a listed answer's number or a text of the
        notation; :class:`~manastack.errors.ManastackError` (one line) if refused, the
        game unchanged."""
        raise NotImplementedError

    def undo(self) -> SeatQuestion:
        """Take back the asked person's last answer: the question asked again; refused
        with one line citing the rule (:class:`manastack.table.UndoRefused`)."""
        raise NotImplementedError

    def pass_turn(self) -> None:
        """F6: pass every priority until the end of the turn (the pending one too)."""
        raise NotImplementedError

    def declare(self, pairs: list[tuple[Any, Any]]) -> None:
        """Answer a combat declaration built creature by creature: (attacker, defender)
        or (blocker, attacker) references of the question's lists."""
        q = self.question
        if q is None:
            raise ManastackError("no question to answer")
        labels = dict(q.candidates + q.defenders + q.attackers)
        chosen = [(labels.get(a, str(a)), labels.get(b, str(b))) for a, b in pairs]
        self.answer(attack_text(chosen) if q.kind == "declare_attackers"
                    else block_text(chosen))

    def save(self, path: str) -> None:
        raise ManastackError("this game is kept by its server: nothing to save here")

    def name(self, seat: int) -> str:
        raise NotImplementedError

    def waiting_for(self) -> str:
        """Who the game waits for (names), while :meth:`next_question` waits."""
        raise NotImplementedError

    def log_lines(self, seat: int) -> list[str]:
        """``seat``'s log at the ``normal`` level of detail (rules cited)."""
        raise NotImplementedError

    def board_lines(self, seat: int) -> list[str]:
        """Every player's life, counts and permanents as ``seat`` sees them."""
        raise NotImplementedError

    def side_lines(self, seat: int) -> list[str]:
        """The stack and ``seat``'s hand."""
        raise NotImplementedError

    def status_line(self, q: SeatQuestion | None) -> str:
        """Turn, step, active player, and who decides what."""
        raise NotImplementedError

    def result(self) -> str:
        """The result line (the game is over)."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the game (a connection closed)."""


class LocalSeats(Seats):
    """The people of a :class:`~manastack.table.Table` in this process."""

    can_save = True

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lang = table.lang
        self.people = len(table.humans)
        self.waits = bool(table.agent_names)
        self.home = min(table.humans) if table.humans else 0

    def _seat_question(self) -> SeatQuestion | None:
        from manastack.engine.notation import Notation
        from manastack.game.objects import GameObject, PlayerRef

        q = self.table.question
        if q is None:
            return None
        game, seat, d = self.table.game, q.seat, q.decision
        notation = Notation(game, seat)
        out = SeatQuestion(seat, d.kind, d.prompt, d.rule or "",
                           [SeatChoice(c.number, c.text) for c in q.choices], q.complete)
        if d.kind in ("declare_attackers", "declare_blockers"):
            out.candidates = [(c, notation.name(c)) for c in getattr(d, "candidates", ())]
            refs: list[Any] = [PlayerRef(p.index) for p in game.players
                               if not p.lost and game.is_opponent(seat, p.index)]
            for oid in game.battlefield:  # (the planeswalkers it may attack, 508.1b)
                o = game.objects[oid]
                if isinstance(o, GameObject) and "planeswalker" in game.chars(o).types \
                        and game.is_opponent(seat, game.controller(o)):
                    refs.append(oid)
            out.defenders = [(r, notation.name(r)) for r in refs]
            combat = game.combat
            out.attackers = [(a, notation.name(a)) for a in
                             (combat.attackers if combat is not None else ())]
        return out

    def next_question(self) -> SeatQuestion | None:
        self.table.advance()
        self.question = self._seat_question()
        return self.question

    def answer(self, text: str) -> None:
        self.table.answer(text)

    def declare(self, pairs: list[tuple[Any, Any]]) -> None:
        from manastack.game.decisions import Action, DeclareAttackers, DeclareBlockers

        q = self.question
        action: Action = DeclareAttackers(tuple(pairs)) if q is not None and \
            q.kind == "declare_attackers" else DeclareBlockers(tuple((b, (a,)) for b, a in pairs))
        self.table.play(action)

    def undo(self) -> SeatQuestion:
        self.table.undo()
        q = self._seat_question()
        assert q is not None
        self.question = q
        return q

    def pass_turn(self) -> None:
        self.table.pass_until_end_of_turn()

    def save(self, path: str) -> None:
        self.table.save(path)

    def name(self, seat: int) -> str:
        return self.table.name(seat)

    def waiting_for(self) -> str:
        t = self.table
        return " / ".join(t.name(s) for s in sorted(t.agent_names))

    def log_lines(self, seat: int) -> list[str]:
        return self.table.log_lines(seat)

    def board_lines(self, seat: int) -> list[str]:
        from manastack.terminal.view import player_lines
        return player_lines(self.table.game, seat, self.lang)

    def side_lines(self, seat: int) -> list[str]:
        from manastack.terminal.view import hand_lines, stack_lines
        game = self.table.game
        return stack_lines(game, seat, self.lang) + hand_lines(game, seat, self.lang)

    def status_line(self, q: SeatQuestion | None) -> str:
        from manastack.terminal.view import status_line
        return status_line(self.table, q)

    def result(self) -> str:
        return self.table.result()


def attack_text(chosen: list[tuple[str, str]]) -> str:
    """The notation of a declaration of attackers: (attacker, defender) labels."""
    return "attack " + ", ".join(f"{a} -> {d}" for a, d in chosen) if chosen else "attack"


def block_text(chosen: list[tuple[str, str]]) -> str:
    """The notation of a declaration of blockers: (blocker, attacker) labels."""
    return "block " + ", ".join(f"{b} -> {a}" for b, a in chosen) if chosen else "block"

"""The full-screen terminal game (Textual): the board, your hand, the stack, your log (the
``normal`` level of detail, citing the rules), who must decide what, and the answers.

The answers are listed and numbered; type a number and Enter, or move with the arrows
and press Enter, or type to filter the list (and Enter when one is left), or type an
answer in the notation (docs/notation.md).  Answers that differ only by their targets,
X or modes are grouped: choosing the group lists its targets.  Attackers are declared by
choosing creatures (each toggled; the player or planeswalker it attacks chosen when there
are several), blockers by choosing a blocker then the attacker it blocks.

Keys: Ctrl+Z undo, F6 pass until end of turn, Ctrl+S save, Ctrl+Q quit (asks to save),
Escape back to the whole list.  Two people at one keyboard: a screen asks to pass the
keyboard between their decisions, so that neither sees the other's hand.

The app plays :class:`~manastack.terminal.seat.Seats`: a table here, or a seat of a game
on a server (``manastack play --connect URL``: nothing to save, the game waits there).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from manastack.errors import ManastackError
from manastack.table import Table
from manastack.terminal.seat import LocalSeats, SeatQuestion, Seats
from manastack.terminal.view import tr

#: Where an answer's text stops naming what it casts, plays or activates.
_DETAILS = re.compile(r" (?:X=|mode |alt=|-> |pay |mana=)")


@dataclass
class Entry:
    """A line of the answers list: its label and what choosing it does (``kind``: an
    ``action``, a ``group`` of answers, a creature to ``toggle``, a ``defender`` or an
    ``attacker`` for the creature being declared, ``done``, ``back``, ``all``)."""

    label: str
    kind: str
    value: Any = None


def _head(text: str) -> str:
    m = _DETAILS.search(text)
    return text[:m.start()] if m else text


class PassScreen(Screen[None]):
    """"Pass the keyboard to Bob": hides the board between two people's decisions."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Ready")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="pass", markup=False)

    def action_ready(self) -> None:
        self.dismiss(None)


class AskFileScreen(ModalScreen[str | None]):
    """A file name to save to (Enter; empty: none), or Escape (None: cancelled)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Static(self.question, markup=False)
            yield Input(id="file")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class TableApp(App[None]):
    """The terminal game at ``seats`` (a table, or a seat on a server; the module's
    docstring)."""

    CSS = """
    #main { height: 1fr; }
    #left { width: 45%; }
    #right { width: 55%; }
    #board-scroll { height: 2fr; border: round $primary; }
    #side-scroll { height: 1fr; border: round $primary; }
    #log { height: 1fr; border: round $secondary; }
    #choices { height: 1fr; border: round $accent; }
    #status { height: 2; background: $boost; }
    #message { height: 1; color: $warning; }
    #pass { width: 100%; height: 100%; content-align: center middle; }
    #ask { width: 70; height: auto; border: thick $accent; background: $surface; }
    AskFileScreen { align: center middle; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("f6", "f6", "Pass turn", priority=True),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+q", "quit_game", "Quit", priority=True),
        Binding("escape", "back_to_list", "Back"),
        Binding("down", "move(1)", "Down", show=False, priority=True),
        Binding("up", "move(-1)", "Up", show=False, priority=True),
    ]

    def __init__(self, seats: Seats | Table) -> None:
        super().__init__()
        self.seats = LocalSeats(seats) if isinstance(seats, Table) else seats
        self.seat: int | None = None
        self.question: SeatQuestion | None = None
        self.view_mode = "list"
        self.open_group = ""
        self.attacks: dict[int, Any] = {}
        self.blocks: dict[int, int] = {}
        self.pending: int | None = None
        self.answer_entries: list[Entry] = []
        self.printed = 0
        self.final_line = ""
        self.waiting_pass = False
        #: The agents are answering in a worker thread (the screen stays live; no answer
        #: is taken until the next question shows).
        self.thinking = False
        #: Ctrl+Q while the agents answer: asked once the question shows.
        self.quit_asked = False
        #: Why the game stopped early (a server's connection lost): the exit is 2.
        self.failure = ""

    @property
    def table(self) -> Table:
        """The local table played (not for a seat on a server)."""
        assert isinstance(self.seats, LocalSeats)
        return self.seats.table

    def tx(self, en: str, fr: str, **args: Any) -> str:
        return tr(self.seats.lang, en, fr, **args)

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="board-scroll"):
                    yield Static(id="board", markup=False)
                with VerticalScroll(id="side-scroll"):
                    yield Static(id="side", markup=False)
            with Vertical(id="right"):
                yield RichLog(id="log", wrap=True, markup=False, highlight=False)
                yield OptionList(id="choices")
        yield Static(id="status", markup=False)
        yield Static(id="message", markup=False)
        yield Input(id="input", placeholder=self.tx(
            "number, filter or answer (e.g. cast light -> bob); Enter",
            "numéro, filtre ou réponse (par ex. cast light -> bob) ; Entrée"))
        yield Footer()

    def on_mount(self) -> None:
        self.title = "manastack"
        self.query_one("#choices", OptionList).can_focus = False
        self.query_one("#log", RichLog).can_focus = False
        self.query_one("#input", Input).focus()
        self.next_question()

    # ------------------------------------------------------------ the flow

    def next_question(self) -> None:
        """Run the game to the next question and show it (after a pass screen when the
        keyboard changes hands).  While the agents answer (the search thinks for its
        budget), the game runs in a worker thread and the screen stays live."""
        if self.seats.waits:
            self.question = None
            self.thinking = True
            self.query_one("#status", Static).update(self.tx(
                "Waiting for {who}...", "En attente de {who}...",
                who=self.seats.waiting_for()))
            self.run_worker(self._advance_in_thread, thread=True, exclusive=True,
                            group="agents")
            return
        self.arrive(self.seats.next_question())

    def _advance_in_thread(self) -> None:
        try:
            q = self.seats.next_question()
        except ManastackError as e:  # (a server gone)
            self.call_from_thread(self.fail, str(e))
            return
        self.call_from_thread(self.arrive, q)

    def fail(self, line: str) -> None:
        """The game can't go on here (its server is gone): leave with that line."""
        self.thinking = False
        self.failure = line
        self.exit(return_code=2)

    def arrive(self, q: SeatQuestion | None) -> None:
        """Show the question ``q`` the game has come to (None: the game is over)."""
        self.thinking = False
        self.question = q
        if self.quit_asked:
            self.quit_asked = False
            self.call_later(self.action_quit_game)
        self.view_mode, self.open_group, self.pending = "list", "", None
        self.attacks, self.blocks = {}, {}
        if q is None:
            self.show_over()
            return
        if q.kind in ("declare_attackers", "declare_blockers"):
            self.view_mode = "attack" if q.kind == "declare_attackers" else "block"
        if self.seat is not None and q.seat != self.seat and self.seats.people > 1:
            self.seat = q.seat
            self.waiting_pass = True
            self.push_screen(PassScreen(self.tx(
                "Pass the keyboard to {who}.\n\n{who}: press Enter when ready.",
                "Passez le clavier à {who}.\n\n{who} : appuyez sur Entrée quand vous êtes "
                "prêt.", who=self.seats.name(q.seat))), self.after_pass)
            return
        self.seat = q.seat
        self.show_question()

    def after_pass(self, _result: None = None) -> None:
        self.waiting_pass = False
        self.printed = 0
        self.query_one("#log", RichLog).clear()
        self.show_question()

    def show_over(self) -> None:
        seats = self.seats
        seat = self.seat if self.seat is not None else seats.home
        self.write_log(seat)
        self.final_line = seats.result()
        self.query_one("#board", Static).update("\n".join(seats.board_lines(seat)))
        self.query_one("#status", Static).update(self.final_line + "\n" + self.tx(
            "Ctrl+Q to leave", "Ctrl+Q pour partir"))
        self.answer_entries = []
        self.query_one("#choices", OptionList).clear_options()

    def write_log(self, seat: int) -> None:
        lines = self.seats.log_lines(seat)
        log = self.query_one("#log", RichLog)
        if self.printed > len(lines):
            log.clear()
            self.printed = 0
        for line in lines[self.printed:]:
            log.write(line)
        self.printed = len(lines)

    def show_question(self) -> None:
        """Show the board, the hand, the stack, the log and the answers to ``seat``."""
        q = self.question
        if q is None:
            return
        seats, seat = self.seats, q.seat
        self.query_one("#board", Static).update("\n".join(seats.board_lines(seat)))
        self.query_one("#side", Static).update("\n".join(seats.side_lines(seat)))
        self.write_log(seat)
        self.query_one("#status", Static).update(seats.status_line(q))
        self.show_entries()

    def show_entries(self) -> None:
        self.answer_entries = self.make_entries()
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        # (as plain text: "[x]" and card names are no markup)
        options.add_options([Option(Text(f"{k + 1:>2}. {e.label}")) for k, e in
                             enumerate(self.answer_entries)])
        if self.answer_entries:
            options.highlighted = 0

    def say_line(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    # ------------------------------------------------------------ the answers list

    def label_of(self, ref: Any) -> str:
        q = self.question
        labels = dict(q.candidates + q.defenders + q.attackers) if q is not None else {}
        return labels.get(ref, str(ref))

    def filter_text(self) -> str:
        return " ".join(self.query_one("#input", Input).value.lower().split())

    def make_entries(self) -> list[Entry]:
        q = self.question
        if q is None:
            return []
        if self.view_mode in ("attack", "block", "defender", "attacker"):
            return self.combat_entries(q)
        flt = self.filter_text()
        if flt.isdigit():
            flt = ""
        out: list[Entry] = []
        if self.view_mode == "group":
            out.append(Entry(self.tx("(back to every answer)", "(retour à toutes les "
                                    "réponses)"), "back"))
            for c in q.choices:
                if _head(c.text) == self.open_group and flt in c.text.lower():
                    out.append(Entry(c.text, "action", c.number))
            return out
        counts: dict[str, int] = {}
        for c in q.choices:
            counts[_head(c.text)] = counts.get(_head(c.text), 0) + 1
        done: set[str] = set()
        for c in q.choices:
            head = _head(c.text)
            if flt and flt not in c.text.lower():
                continue
            if counts[head] > 1 and not flt:
                if head not in done:
                    done.add(head)
                    out.append(Entry(self.tx("{h} ... ({n} choices)", "{h} ... ({n} choix)",
                                            h=head, n=counts[head]), "group", head))
                continue
            out.append(Entry(c.text, "action", c.number))
        return out

    def defenders(self) -> list[Any]:
        """The players and planeswalkers the asked seat may attack (508.1b)."""
        q = self.question
        return [ref for ref, _label in q.defenders] if q is not None else []

    def combat_entries(self, q: SeatQuestion) -> list[Entry]:
        out: list[Entry] = []
        if self.view_mode == "defender":
            out.append(Entry(self.tx("(back)", "(retour)"), "back"))
            for ref in self.defenders():
                out.append(Entry(self.tx("{c} attacks {d}", "{c} attaque {d}",
                                        c=self.label_of(self.pending), d=self.label_of(ref)),
                                 "defender", ref))
            return out
        if self.view_mode == "attacker":
            out.append(Entry(self.tx("(back)", "(retour)"), "back"))
            for a, _label in q.attackers:
                out.append(Entry(self.tx("{b} blocks {a}", "{b} bloque {a}",
                                        b=self.label_of(self.pending), a=self.label_of(a)),
                                 "attacker", a))
            return out
        attack = self.view_mode == "attack"
        chosen: dict[int, Any] = self.attacks if attack else self.blocks
        summary = ", ".join(f"{self.label_of(c)} -> {self.label_of(t)}" for c, t in chosen.items())
        out.append(Entry(self.tx("Declare: {what}", "Déclarer : {what}", what=summary or
                                self.tx("nothing", "rien")), "done"))
        for c, _label in q.candidates:
            mark = "[x]" if c in chosen else "[ ]"
            where = f" -> {self.label_of(chosen[c])}" if c in chosen else ""
            out.append(Entry(f"{mark} {self.label_of(c)}{where}", "toggle", c))
        if q.choices:
            out.append(Entry(self.tx("(list every declaration)", "(lister toutes les "
                                    "déclarations)"), "all"))
        return out

    def choose(self, k: int) -> None:
        """Choose the entry at index ``k``."""
        if not 0 <= k < len(self.answer_entries):
            self.say_line(self.tx("no answer numbered {n} (1 to {m})",
                                "aucune réponse numéro {n} (1 à {m})", n=k + 1,
                                m=len(self.answer_entries)))
            return
        e = self.answer_entries[k]
        inp = self.query_one("#input", Input)
        inp.value = ""
        self.say_line("")
        if e.kind == "action":
            self.answer_with(lambda: self.seats.answer(str(e.value)))
        elif e.kind == "group":
            self.view_mode, self.open_group = "group", e.value
            self.show_entries()
        elif e.kind == "back":
            q = self.question
            self.view_mode = "list" if q is None or q.kind not in (
                "declare_attackers", "declare_blockers") or self.view_mode == "group" else \
                ("attack" if q.kind == "declare_attackers" else "block")
            self.show_entries()
        elif e.kind == "all":
            self.view_mode = "list"
            self.show_entries()
        elif e.kind == "toggle":
            self.toggle_creature(e.value)
        elif e.kind == "defender":
            assert self.pending is not None
            self.attacks[self.pending] = e.value
            self.view_mode = "attack"
            self.show_entries()
        elif e.kind == "attacker":
            assert self.pending is not None
            self.blocks[self.pending] = e.value
            self.view_mode = "block"
            self.show_entries()
        elif e.kind == "done":
            pairs = list((self.attacks if self.view_mode == "attack" else self.blocks).items())
            self.answer_with(lambda: self.seats.declare(pairs))

    def toggle_creature(self, creature: int) -> None:
        chosen: dict[int, Any] = self.attacks if self.view_mode == "attack" else self.blocks
        if creature in chosen:
            del chosen[creature]
            self.show_entries()
            return
        if self.view_mode == "attack":
            defenders = self.defenders()
            if len(defenders) == 1:
                self.attacks[creature] = defenders[0]
                self.show_entries()
                return
        else:
            q = self.question
            attackers = [a for a, _label in q.attackers] if q is not None else []
            if len(attackers) == 1:
                self.blocks[creature] = attackers[0]
                self.show_entries()
                return
        self.pending = creature
        self.view_mode = "defender" if self.view_mode == "attack" else "attacker"
        self.show_entries()

    def answer_with(self, do: Any) -> bool:
        """Run ``do`` (an answer to the table), then show the next question; False (the
        error shown) if the table refused it."""
        try:
            do()
        except ManastackError as e:
            self.say_line(str(e))
            return False
        self.say_line("")
        self.next_question()
        return True

    # ------------------------------------------------------------ input and keys

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "input" and self.question is not None:
            self.show_entries()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "input":
            return
        text = event.value.strip()
        if self.question is None:
            return
        word, _, rest = text.partition(" ")
        low = word.lower()
        if low in ("undo", "f6", "quit", "save") and (not rest or low == "save"):
            event.input.value = ""
            if low == "undo":
                self.action_undo()
            elif low == "f6":
                self.action_f6()
            elif low == "quit":
                self.action_quit_game()
            elif rest.strip():
                self.save_to(rest.strip())
            else:
                self.action_save()
            return
        options = self.query_one("#choices", OptionList)
        if not text:
            self.choose(options.highlighted if options.highlighted is not None else -1)
        elif text.isdigit() and len(text) <= 4:
            self.choose(int(text) - 1)
        elif len(self.answer_entries) == 1 and self.answer_entries[0].kind == "action":
            self.choose(0)
        else:
            if self.answer_with(lambda: self.seats.answer(text)):
                event.input.value = ""

    def action_move(self, step: int) -> None:
        options = self.query_one("#choices", OptionList)
        if not self.answer_entries:
            return
        k = options.highlighted if options.highlighted is not None else 0
        options.highlighted = max(0, min(len(self.answer_entries) - 1, k + step))

    def action_back_to_list(self) -> None:
        if self.view_mode in ("group", "defender", "attacker"):
            self.choose(0)  # (their first entry is "back")
        self.query_one("#input", Input).value = ""

    def action_undo(self) -> None:
        if self.question is None:
            return
        try:
            self.question = self.seats.undo()
        except ManastackError as e:
            self.say_line(str(e))
            return
        self.say_line(self.tx("undone", "annulé"))
        self.view_mode = "list"
        q = self.question
        if q is not None and q.kind in ("declare_attackers", "declare_blockers"):
            self.view_mode = "attack" if q.kind == "declare_attackers" else "block"
        self.show_question()

    def action_f6(self) -> None:
        if self.question is None:
            return
        self.answer_with(self.seats.pass_turn)

    def action_save(self) -> None:
        if self.thinking:
            return  # (the game is changing: saved once the question shows)
        if not self.seats.can_save:
            self.say_line(self.tx("this game is kept by its server: nothing to save here",
                                  "cette partie est gardée par son serveur : rien à "
                                  "sauvegarder ici"))
            return
        self.push_screen(AskFileScreen(self.tx("Save to which file? (Enter; Escape: cancel)",
                                              "Sauvegarder dans quel fichier ? (Entrée ; "
                                              "Échap : annuler)")),
                         self.saved_as)

    def saved_as(self, name: str | None) -> None:
        if name:
            self.save_to(name)

    def save_to(self, name: str) -> bool:
        try:
            self.seats.save(name)
        except ManastackError as e:
            self.say_line(str(e))
            return False
        self.say_line(self.tx("saved to {f}", "sauvegardé dans {f}", f=name))
        return True

    def action_quit_game(self) -> None:
        if self.thinking:  # (asked once the agents have answered and the question shows)
            self.quit_asked = True
            self.say_line(self.tx("Leaving once {who} has answered...",
                                  "Départ dès que {who} aura répondu...",
                                  who=self.seats.waiting_for()))
            return
        if self.question is None:
            self.exit()
            return
        if not self.seats.can_save:
            self.final_line = self.tx("Left the game (it waits on its server: connect "
                                      "again with the same link).",
                                      "Partie quittée (elle attend sur son serveur : "
                                      "reconnectez-vous avec le même lien).")
            self.exit()
            return

        def done(name: str | None) -> None:
            if name is None:
                return  # (cancelled: back to the game)
            if name and not self.save_to(name):
                return
            self.final_line = self.tx("Game left unfinished.", "Partie laissée inachevée.") \
                + (" " + self.tx("Saved to {f}.", "Sauvegardée dans {f}.", f=name)
                   if name else "")
            self.exit()

        self.push_screen(AskFileScreen(self.tx(
            "Save the game first? Type a file name and Enter, or Enter alone to quit "
            "without saving (Escape: back to the game).",
            "Sauvegarder la partie d'abord ? Tapez un nom de fichier et Entrée, ou Entrée "
            "seule pour quitter sans sauvegarder (Échap : retour à la partie).")), done)

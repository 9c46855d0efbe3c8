"""The plain line prompt (``manastack play --human NAME --plain``; also when stdin or stdout
isn't a terminal, or the full-screen app can't run): the board as the person asked sees
it, the new lines of their log, the numbered answers; one line read per answer.

Commands: a number or a text of the notation (prefixes allowed: ``cast light -> bob``),
``undo``, ``f6`` (pass until end of turn), ``save FILE``, ``board``, ``help``, ``quit``
(asks whether to save first).  The end of the input quits without saving.
"""

from __future__ import annotations

from typing import TextIO

from manastack.errors import ManastackError
from manastack.table import Table
from manastack.terminal.seat import ConnectError, LocalSeats, Seats
from manastack.terminal.view import screen_lines, tr

HELP_EN = """Answer with a number from the list, or type the answer in the notation
(any unambiguous prefix, e.g. 'cast light -> bob', 'attack griz -> bob').
Commands: undo (take back your last answer), f6 (pass until end of turn),
save FILE, board (show the board again), help, quit."""
HELP_FR = """Répondez par un numéro de la liste, ou tapez la réponse dans la notation
(tout préfixe sans ambiguïté, par ex. 'cast light -> bob', 'attack griz -> bob').
Commandes : undo (reprendre votre dernière réponse), f6 (passer jusqu'à la fin du tour),
save FICHIER, board (revoir le plateau), help, quit."""


class PlainPrompt:
    """The prompt loop at ``seats`` (a table, or a seat on a server), reading ``inp``
    and writing ``out``."""

    def __init__(self, seats: Seats | Table, inp: TextIO, out: TextIO) -> None:
        self.seats = LocalSeats(seats) if isinstance(seats, Table) else seats
        self.inp = inp
        self.out = out
        self.printed: dict[int, int] = {}
        self.last_seat: int | None = None

    @property
    def table(self) -> Table:
        """The local table played (not for a seat on a server)."""
        assert isinstance(self.seats, LocalSeats)
        return self.seats.table

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def t(self, en: str, fr: str, **args: object) -> str:
        return tr(self.seats.lang, en, fr, **args)

    def read(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return line.strip()

    def new_log(self, seat: int) -> None:
        lines = self.seats.log_lines(seat)
        start = min(self.printed.get(seat, 0), len(lines))
        for line in lines[start:]:
            self.say(line)
        self.printed[seat] = len(lines)

    def run(self) -> int:
        """Play until the game ends or the person quits; the exit code (0)."""
        table = self.seats
        show_board = True
        while True:
            q = table.next_question()
            if q is None:
                self.new_log(table.home)
                self.say(table.result())
                return 0
            if self.last_seat is not None and q.seat != self.last_seat \
                    and table.people > 1:
                self.say(self.t("--- pass the keyboard to {who} (press Enter) ---",
                                "--- passez le clavier à {who} (appuyez sur Entrée) ---",
                                who=table.name(q.seat)))
                if self.read("") is None:
                    return self.quit_at_eof()
                show_board = True
            self.last_seat = q.seat
            self.new_log(q.seat)
            if show_board:
                for shown in screen_lines(table, q):
                    self.say(shown)
            show_board = True
            line = self.read(f"{table.name(q.seat)}> ")
            if line is None:
                return self.quit_at_eof()
            word, _, rest = line.partition(" ")
            cmd = word.lower()
            try:
                if not line:
                    show_board = False
                    continue
                if cmd == "help" and not rest:
                    self.say(HELP_FR if table.lang == "fr" else HELP_EN)
                    show_board = False
                elif cmd == "board" and not rest:
                    continue
                elif cmd == "undo" and not rest:
                    table.undo()
                    self.say(self.t("(undone)", "(annulé)"))
                elif cmd == "f6" and not rest:
                    table.pass_turn()
                elif cmd == "save":
                    if not rest.strip():
                        raise ManastackError(self.t("save needs a file name: save FILE",
                                                    "save a besoin d'un nom de fichier : "
                                                    "save FICHIER"))
                    table.save(rest.strip())
                    self.say(self.t("saved to {f}", "sauvegardé dans {f}", f=rest.strip()))
                    show_board = False
                elif cmd == "quit" and not rest:
                    return self.quit()
                else:
                    table.answer(line)
            except ConnectError:
                raise
            except ManastackError as e:
                self.say(f"error: {e}" if table.lang == "en" else f"erreur : {e}")
                show_board = False

    def quit(self) -> int:
        if not self.seats.can_save:
            self.say(self.t("Left the game (it waits on its server: connect again with the "
                            "same link).", "Partie quittée (elle attend sur son serveur : "
                            "reconnectez-vous avec le même lien)."))
            return 0
        answer = self.read(self.t("Save the game first? Type a file name, or press Enter "
                                  "to quit without saving: ",
                                  "Sauvegarder la partie d'abord ? Tapez un nom de fichier, "
                                  "ou Entrée pour quitter sans sauvegarder : "))
        if answer:
            try:
                self.seats.save(answer)
                self.say(self.t("saved to {f}", "sauvegardé dans {f}", f=answer))
            except ManastackError as e:
                self.say(f"error: {e}")
                return self.quit()
        self.say(self.t("Game left unfinished.", "Partie laissée inachevée."))
        return 0

    def quit_at_eof(self) -> int:
        self.say(self.t("(end of input: game left unfinished, not saved)",
                        "(fin de l'entrée : partie laissée inachevée, non sauvegardée)"))
        return 0


def run_plain(seats: Seats | Table, inp: TextIO, out: TextIO) -> int:
    """Play at ``seats`` with the plain prompt (the module's docstring)."""
    return PlainPrompt(seats, inp, out).run()

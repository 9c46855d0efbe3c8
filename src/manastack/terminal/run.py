"""Choosing the front end: the full-screen app when stdin and stdout are terminals and
Textual can run, else the plain line prompt (docs/terminal.md)."""

from __future__ import annotations

import sys

from manastack.table import Table
from manastack.terminal.plain import run_plain
from manastack.terminal.seat import ConnectError, LocalSeats, Seats


def play_at_table(table: Table, plain: bool = False) -> int:
    """Play at ``table`` until the game ends or the person quits; the exit code."""
    return play_seats(LocalSeats(table), plain)


def play_seats(seats: Seats, plain: bool = False) -> int:
    """Play ``seats`` (a table here, a seat on a server) until the game ends or the
    person quits; the exit code.  :class:`ConnectError` (one line) when a server's game
    can't go on."""
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from manastack.terminal.app import TableApp
        except ImportError as e:  # (Textual missing: the plain prompt does the same)
            print(f"manastack: the full-screen app needs textual (pip install textual: "
                  f"{e}); using the plain prompt", file=sys.stderr)
        else:
            app = TableApp(seats)
            try:
                app.run()
                crashed = bool(app.return_code) and not app.final_line and not app.failure
            except Exception as e:  # (a terminal Textual can't drive)
                print(f"manastack: the full-screen app can't run here ({type(e).__name__}); "
                      "using the plain prompt", file=sys.stderr)
                crashed = True
            if app.failure:
                raise ConnectError(app.failure)
            if not crashed:
                if app.final_line:
                    print(app.final_line)
                return 0
            seats = app.seats  # (the same game goes on, at the plain prompt)
    return run_plain(seats, sys.stdin, sys.stdout)

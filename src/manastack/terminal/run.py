"""Choosing the front end: the full-screen app when stdin and stdout are terminals and
Textual can run, else the plain line prompt (docs/terminal.md)."""

from __future__ import annotations

import sys

from manastack.table import Table
from manastack.terminal.plain import run_plain


def play_at_table(table: Table, plain: bool = False) -> int:
    """Play at ``table`` until the game ends or the person quits; the exit code."""
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from manastack.terminal.app import TableApp
        except ImportError as e:  # (Textual missing: the plain prompt does the same)
            print(f"manastack: the full-screen app needs textual (pip install textual: "
                  f"{e}); using the plain prompt", file=sys.stderr)
        else:
            app = TableApp(table)
            try:
                app.run()
                crashed = bool(app.return_code) and not app.final_line
            except Exception as e:  # (a terminal Textual can't drive)
                print(f"manastack: the full-screen app can't run here ({type(e).__name__}); "
                      "using the plain prompt", file=sys.stderr)
                crashed = True
            if not crashed:
                if app.final_line:
                    print(app.final_line)
                return 0
            table = app.table  # (the same game goes on, at the plain prompt)
    return run_plain(table, sys.stdin, sys.stdout)

"""The plain line prompt (``manastack play --human NAME --plain``), driven by its input as
a person types: a whole game against the heuristic agent in a subprocess, bad lines
(one-line errors, the game unchanged), commands, and nothing of the opponent's hand in
what it prints (400.2)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from terminal_keys import hidden_names, leaks

from manastack.engine import new_game
from manastack.play import default_deck
from manastack.table import new_table
from manastack.terminal.plain import PlainPrompt

SRC = Path(__file__).resolve().parents[2] / "src"


def _run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "manastack", *args], input=stdin,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})


def test_plain_whole_game_by_stdin():
    """Answering 1 to every question (keep, pass, the first card to discard) plays a
    whole game against the heuristic agent to its result line."""
    done = _run(["play", "--human", "Alice", "--vs", "heuristic", "--seed", "4", "--plain"],
                "1\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("Game over: ")
    assert "Alice> " in done.stdout


def test_plain_bad_input_and_eof_cli():
    """A bad option is one line, exit code 2; the end of the input quits without a
    traceback; a resumed file that isn't one is one line, exit code 2."""
    done = _run(["play", "--human", "Alice", "--stops", "own=lunch"], "")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    done = _run(["play", "--vs", "heuristic"], "")
    assert done.returncode == 2 and "--human" in done.stderr
    done = _run(["play", "--human", "Alice", "--plain"], "")
    assert done.returncode == 0 and "end of input" in done.stdout
    assert "Traceback" not in done.stderr
    done = _run(["play", "--resume", "/nonexistent/x.json"], "")
    assert done.returncode == 2 and done.stderr.count("\n") == 1


class _Person(io.StringIO):
    """The input: its lines, each read after checking what was printed since the last
    read names no card of the opponent's hand that Alice can't see."""

    def __init__(self, lines: list[str], out: io.StringIO, prompt: PlainPrompt | None = None
                 ) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.out = out
        self.seen = 0
        self.prompt = prompt
        self.states: list[str] = []

    def readline(self, *args: object) -> str:  # type: ignore[override]
        text = self.out.getvalue()[self.seen:]
        self.seen = len(self.out.getvalue())
        if self.prompt is not None:
            game = self.prompt.table.game
            found = leaks(text, hidden_names(game, 0))
            assert not found, f"the prompt names {found}"
            self.states.append(game.state_hash())
        return super().readline()


def test_plain_bad_lines_change_nothing_and_hidden_cards_stay_hidden():
    """Bad lines (an unknown verb, a number out of range, a card not in hand, undo with
    nothing to undo) each print one error line and leave the game unchanged; help and
    board change nothing; the rest of the game, answered 1, never names a card of Bob's
    hand (400.2)."""
    game = new_game(["Alice", "Bob"], [default_deck("green_blue"), default_deck("black_red")],
                    8)
    out = io.StringIO()
    prompt = PlainPrompt(new_table(game, ["Alice"], "heuristic"), io.StringIO(), out)
    bad = ["frobnicate", "99", "cast Zzyzx", "undo", "help", "board", "save"]
    person = _Person(bad + ["1"] * 3000, out, prompt)
    prompt.inp = person
    assert prompt.run() == 0
    text = out.getvalue()
    assert len(set(person.states[:len(bad) + 1])) == 1
    errors = [line for line in text.splitlines() if "error: " in line]
    assert len(errors) == 5, errors
    assert "unknown verb 'frobnicate'" in errors[0] and "no answer numbered 99" in errors[1]
    assert "can't undo" in errors[3]
    assert text.splitlines()[-1].startswith("Game over")


def test_plain_save_then_resume_at_the_same_question(tmp_path):
    """``save FILE`` at the prompt, then ``manastack play --resume FILE``: the same
    question is asked (its status line and answers), the agent made again."""
    path = tmp_path / "game.json"
    first = _run(["play", "--human", "Alice", "--seed", "7", "--plain"],
                 "1\n" * 6 + f"save {path}\nquit\n\n")
    assert first.returncode == 0 and path.exists(), first.stderr
    again = _run(["play", "--resume", str(path), "--plain"], "quit\n\n")
    assert again.returncode == 0, again.stderr

    def last_question(text: str) -> list[str]:
        lines = [p for p in text.split("Alice> ") if "decides:" in p][-1].splitlines()
        start = max(i for i, line in enumerate(lines) if "decides:" in line)
        return lines[start:]

    assert last_question(first.stdout) == last_question(again.stdout)


def _plain(lines: list[str], seed: int = 4, lang: str = "en", stops: str = "") -> str:
    """What the prompt prints for Alice against the heuristic agent, given ``lines``."""
    game = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                    seed)
    out = io.StringIO()
    table = new_table(game, ["Alice"], "heuristic", lang=lang, stops=stops)
    PlainPrompt(table, io.StringIO("".join(line + "\n" for line in lines)), out).run()
    return out.getvalue()


def test_plain_stops_and_french():
    """``--stops own=upkeep;nothing=on`` asks at the person's upkeep, not in their main
    phases (docs/stops.md); ``--lang fr`` speaks French, errors included."""
    text = _plain(["1"] * 40, stops="own=upkeep;nothing=on")
    asked = [line for line in text.splitlines() if "Alice decides:" in line]
    assert any("upkeep step" in line for line in asked)
    assert not any("Alice's turn, precombat main" in line for line in asked)
    text = _plain(["frobnicate"], lang="fr")
    assert "Main de Alice" in text and "erreur : unknown verb" in text

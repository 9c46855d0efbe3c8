"""Bad input to the command line and to deck/replay files (hunt12c): a clear message on
stderr naming the problem, a non-zero exit code, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manastack.cli import main


def _error(capsys, argv: list[str]) -> str:  # type: ignore[no-untyped-def]
    """Run ``argv``: it must fail (exit code 2, a message on stderr, no traceback)."""
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own errors
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code == 2, (argv, code, err)
    assert err.strip() and "Traceback" not in err
    return err


def test_unwritable_save_file_is_a_clear_error(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``play --save`` to a folder or into a folder that doesn't exist."""
    assert "it is a folder" in _error(capsys, ["play", "--quiet", "--save", str(tmp_path)])
    err = _error(capsys, ["play", "--quiet", "--save", str(tmp_path / "no" / "x.json")])
    assert "can't write the replay file" in err


@pytest.mark.parametrize(("argv", "words"), [
    (["cards", "list", "--set", "ZZZ"], "unknown set code 'ZZZ'"),
    (["cards", "list", "--implemented", "--missing"], "not allowed with"),
    (["match", "red_green", "red_green", "--games", "0"], "--games must be 1 or more"),
    (["play", "--seed", "x"], "invalid int value"),
    (["play", "--max-turns", "0"], "max_turns must be a positive integer"),
    (["play", "--variant", "nope"], "unknown variant"),
    (["play", "--players", "9"], "needs 3-6 players"),
    (["play", "--option", "range=x", "--players", "4"], "options.extra.range"),
    (["cards", "show", "Frost"], "did you mean 'Forest'"),
    # issue 34: checked before the game is played, even when nothing would be printed
    (["play", "--as", "BAD", "--quiet"], "--as BAD: no such player"),
    (["play", "--as", "9" * 5000, "--quiet"], "no such player"),
    (["play", "--seed", "9" * 5000], "invalid int value"),
    (["play", "--max-turns", "1000001"], "out of range (the limit is 100,000)"),
    (["play", "--players", "4", "--option", "teams=" + "[" * 50 + "]" * 50],
     "JSON nested deeper than 32 levels (the limit)"),
])
def test_bad_options_are_clear_errors(capsys, argv: list[str], words: str) -> None:  # type: ignore[no-untyped-def]
    assert words in _error(capsys, argv)


def test_cr_100_2a_deck_with_unknown_card_gets_a_suggestion(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """An unknown card in a deck file (the CLI asks the card database): the line, the name
    and a suggestion; not also "60 copies" of it (100.2a is about cards, not typos)."""
    f = tmp_path / "d.txt"
    f.write_text("60 Frost\n")
    assert main(["deck", "check", str(f)]) == 1
    out = capsys.readouterr().out
    assert out.strip() == f"{f} line 1: unknown card 'Frost' (did you mean 'Forest'?)"
    err = _error(capsys, ["play", "--quiet", "--deck", str(f), "--deck", "red_green"])
    assert "unknown card 'Frost' (did you mean 'Forest'?)" in err


@pytest.mark.parametrize(("data", "words"), [
    ({"seed": 1, "players": ["A", "B"], "decks": [[], []], "decisions": 5},
     "decisions must be a list"),
    ({"seed": 1, "players": ["A", "B"], "decks": [[], []], "decisions": [],
      "options": {"first_player": 7}}, "CR 103.2"),
    ({"seed": "x", "players": ["A", "B"], "decks": [[], []], "decisions": []},
     "seed must be an integer"),
    ({"seed": 1, "players": ["A", "B"], "decks": [["Forest"]], "decisions": []},
     "one deck"),
    ({"seed": 1, "players": ["A", "B"], "decks": [["Forest"] * 20] * 2,
      "decisions": [{"player": 0, "action": {"verb": "cast", "card": "x"}}]},
     "malformed cast"),
])
def test_malformed_replay_files_are_clear_errors(capsys, tmp_path: Path, data: dict,  # type: ignore[no-untyped-def, type-arg]
                                                 words: str) -> None:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(data))
    assert words in _error(capsys, ["replay", str(f)])

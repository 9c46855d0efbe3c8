"""`manastack play --variant NAME --players N` (issue 8): any registered variant with
default decks and random agents; bad input exits 2 with a message, no traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from manastack.cli import main

#: The result line: a win or a rules draw, or a game ``--max-turns`` stopped (not a draw).
LAST = re.compile(r"^Game over: (.+ wins|.+ and .+ win|draw) \(turn \d+\)$|"
                  r"^Game stopped unfinished: the turn limit \(\d+\) was reached \(turn \d+\)$")


@pytest.mark.parametrize("args", [
    ["--variant", "free_for_all", "--players", "3"],
    ["--players", "5", "--option", "attack=multiple", "--option", "range=2"],
    ["--variant", "two_headed_giant"],
    ["--variant", "two_headed_giant", "--option", "teams=[[0,1],[2,3]]"],
    ["--variant", "two_player"],
])
def test_play_variant(capsys, tmp_path: Path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    assert main(["play", "--seed", "2", "--max-turns", "40", "--save", str(save),
                 "--detail", "full"] + args) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert LAST.match(lines[-1]), lines[-1]
    # every line cites its rule, but the engine's stop at the turn limit: no rule makes it
    assert all(re.match(r"^\[\d{3}(\.\d+[a-z]?)?(, 703\.4[a-p])?\] ", ln) or
               ln.startswith("The game is stopped unfinished: the turn limit")
               for ln in lines[:-1])
    assert main(["replay", str(save)]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1] == lines[-1]
    data = json.loads(save.read_text())
    assert data["options"]["variant"] in ("free_for_all", "two_headed_giant", "two_player")


def test_two_headed_giant_result_names_the_team(capsys) -> None:  # type: ignore[no-untyped-def]
    """810.8a: the team wins together: ``Game over: Bob and Dave win (turn N)``."""
    assert main(["play", "--seed", "1", "--variant", "two_headed_giant", "--quiet"]) == 0
    out = capsys.readouterr().out.strip()
    assert re.match(r"^Game over: (Alice and Carol|Bob and Dave) win \(turn \d+\)$|"
                    r"^Game over: draw|^Game stopped unfinished", out), out


@pytest.mark.parametrize(("args", "message"), [
    (["--variant", "nope"], "unknown variant 'nope'"),
    (["--variant", "free_for_all", "--players", "2"], "needs 3-6 players"),
    (["--variant", "free_for_all", "--players", "7"], "needs 3-6 players"),
    (["--variant", "two_headed_giant", "--players", "3"], "two teams"),
    (["--variant", "two_player", "--players", "3"], "needs 2 players"),
    (["--players", "4", "--option", "attack=sideways"], "attack"),
    (["--players", "4", "--option", "oops"], "KEY=VALUE"),
])
def test_play_variant_errors(capsys, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    assert main(["play"] + args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err

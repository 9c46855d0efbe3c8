"""``manastack play --agents`` and ``manastack match --agents``: one agent per seat (or one
for every seat), in every variant; a saved game replays the same; a bad name or count is
one line on stderr with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manastack.cli import main


def test_play_with_an_agent_per_seat_replays_the_same(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A game between the heuristic and random agents ends with a result line (CR 104);
    its replay file gives the same result."""
    save = tmp_path / "g.json"
    assert main(["play", "--seed", "3", "--agents", "heuristic,random", "--quiet",
                 "--save", str(save)]) == 0
    result = capsys.readouterr().out.strip()
    assert result.startswith("Game over:")
    assert json.loads(save.read_text())["decisions"]
    assert main(["replay", str(save)]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1] == result


def test_without_agents_every_seat_is_random(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--seed", "3", "--quiet"]) == 0
    default = capsys.readouterr().out
    assert main(["play", "--seed", "3", "--quiet", "--agents", "random"]) == 0
    assert capsys.readouterr().out == default


@pytest.mark.parametrize("variant,agents", [
    ("two_headed_giant", "heuristic,random,heuristic,random"),
    ("free_for_all", "heuristic"),
])
def test_play_agents_in_multiplayer_variants(capsys, variant: str, agents: str) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--seed", "2", "--variant", variant, "--agents", agents,
                 "--max-turns", "12", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("Game ")


@pytest.mark.parametrize("args,message", [
    (["--agents", "oracle"], "--agents: unknown agent 'oracle' (known: heuristic, random, search)"),
    (["--agents", "heuristic,random,random"], "--agents: 3 agents for 2 players"),
])
def test_bad_agents_are_one_line_and_exit_2(capsys, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--quiet", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_match_takes_agents(capsys) -> None:  # type: ignore[no-untyped-def]
    """The heuristic agent wins a best-of-three against the random one (CR 103.2)."""
    assert main(["match", "red_green", "white_blue", "--agents", "heuristic,random"]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1].startswith("Match over: Alice wins")

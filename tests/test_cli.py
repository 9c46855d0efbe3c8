"""The command line: the main job (`manastack play`), replay, cards, deck, scenario."""

from __future__ import annotations

import json
import re
from pathlib import Path

from manastack.cli import main

LAST = re.compile(r"^Game over: (.+ wins|draw) \(turn \d+\)$")


def test_play_prints_rule_citing_log_and_result_line(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`manastack play`: every log line cites a rule; the last line is the result."""
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--save", str(save)]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert LAST.match(lines[-1]), lines[-1]
    assert all(re.match(r"^\[\d{3}(\.\d+[a-z]?)?\] ", ln) for ln in lines[:-1])
    assert any(ln.startswith("[504.1]") for ln in lines)
    assert json.loads(save.read_text())["decisions"]
    assert main(["replay", str(save)]) == 0
    replayed = capsys.readouterr().out.strip().split("\n")
    assert replayed[:-1] == lines[:-1] and replayed[-1] == lines[-1]


def test_play_json_log(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out.strip().split("\n")
    first = json.loads(out[0])
    assert {"rule", "text", "kind", "turn"} <= set(first)


def test_cards_list_and_show(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["cards", "list", "--set", "M12"]) == 0
    names = capsys.readouterr().out.split("\n")
    assert "Grave Titan" in names
    assert main(["cards", "show", "Lightning Bolt"]) == 0
    out = capsys.readouterr().out
    assert "Implemented: yes" in out and "deals 3 damage" in out


def test_unknown_card_is_a_clear_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["cards", "show", "Lightning Bolts"]) == 2
    assert "Lightning Bolt" in capsys.readouterr().err


def test_scenario_run_exit_code_and_closing_line(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    good = Path(__file__).parent / "scenarios" / "seeds" / "01_lightning_bolt_sba.yaml"
    assert main(["scenario", "run", str(good)]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1] == "1 passed, 0 failed"
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers: [A, B]\nstart: {step: upkeep}\nstate: {A: {hand: [Nope Card]}}\n")
    assert main(["scenario", "run", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml" in out and "Nope Card" in out and out.strip().endswith("0 passed, 1 failed")

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
    assert main(["play", "--seed", "3", "--save", str(save), "--detail", "full"]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert LAST.match(lines[-1]), lines[-1]
    assert all(re.match(r"^\[\d{3}(\.\d+[a-z]?)?(, 703\.4[a-p])?\] ", ln) for ln in lines[:-1])
    assert any(ln.startswith("[504.1, 703.4c]") for ln in lines)
    assert json.loads(save.read_text())["decisions"]
    assert main(["replay", str(save), "--detail", "full"]) == 0
    replayed = capsys.readouterr().out.strip().split("\n")
    assert replayed[:-1] == lines[:-1] and replayed[-1] == lines[-1]


def test_play_prints_the_normal_log_by_default(capsys) -> None:  # type: ignore[no-untyped-def]
    """`manastack play` prints the ``normal`` level by default: a header (the players and
    their decks), then rule-citing lines and each turn's board (indented); ``--lang fr``
    prints it in French with the same rule citations."""
    assert main(["play", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert lines[0] == "Alice: a deck of 60 cards" and lines[1] == "Bob: a deck of 60 cards"
    assert all(re.match(r"^\[\d{3}(\.\d+[a-z]?)?(, 703\.4[a-p])?\] |^  ", ln) for ln in lines[2:-1])
    assert not any("passes priority" in ln for ln in lines)
    assert main(["play", "--seed", "3", "--lang", "fr"]) == 0
    french = capsys.readouterr().out.strip().split("\n")
    assert french[0] == "Alice : un deck de 60 cartes" and len(french) == len(lines)
    cites = [re.match(r"^\[[^]]*\]", ln) for ln in lines[2:-1]]
    assert [c and c.group() for c in cites] == \
        [c and c.group() for c in (re.match(r"^\[[^]]*\]", ln) for ln in french[2:-1])]


def test_play_json_log(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out.strip().split("\n")
    first = json.loads(out[0])
    assert {"rule", "text", "kind", "turn"} <= set(first)


def test_cr_400_2_play_and_replay_as_a_viewer_hide_hidden_cards(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """CR 400.2, 401.2: `--as VIEWER` prints the log as that player (or a spectator) may
    see it: Squadron Hawks searched for move unnamed for Bob and spectators, named for
    Alice, whose hand they enter; an unknown viewer is a clear error."""
    decks = ["--deck", "white_blue", "--deck", "white_blue"]
    save = tmp_path / "game.json"
    full_detail = ["--detail", "full"]
    assert main(["play", "--seed", "6", *decks, "--save", str(save), *full_detail]) == 0
    full = capsys.readouterr().out.split("\n")
    hawks = "[701.17a] Squadron Hawk moves from library to Alice's hand"
    unnamed = "[701.17a] A card moves from Alice's library to Alice's hand"
    assert hawks in full and unnamed not in full
    for viewer in ("spectator", "Bob", "1"):
        assert main(["replay", str(save), "--as", viewer, *full_detail]) == 0
        seen = capsys.readouterr().out.split("\n")
        assert len(seen) == len(full) and hawks not in seen and unnamed in seen
    assert main(["play", "--seed", "6", *decks, "--as", "Alice", *full_detail]) == 0
    alice = capsys.readouterr().out.split("\n")
    # Alice sees all but the cards Bob draws (402.3): those lines say "draws a card"
    assert len(alice) == len(full)
    for mine, omniscient in zip(alice, full, strict=True):
        assert mine == omniscient or (re.match(r"\[[0-9., 703a-p]+\] Bob draws ", omniscient)
                                      and mine.endswith("Bob draws a card")), omniscient
    for detail in ("normal", "summary"):  # the other levels too: nothing hidden is named
        assert main(["replay", str(save), "--as", "Bob", "--detail", detail]) == 0
        shown = capsys.readouterr().out
        assert hawks not in shown and "Alice draws Squadron Hawk" not in shown
    assert main(["replay", str(save), "--as", "Zed"]) == 2
    err = capsys.readouterr().err
    assert "--as Zed" in err and "Alice, Bob" in err and "spectator" in err


def test_cards_list_and_show(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["cards", "list", "--set", "M12"]) == 0
    names = capsys.readouterr().out.split("\n")
    assert "Grave Titan" in names
    assert main(["cards", "show", "Lightning Bolt"]) == 0
    out = capsys.readouterr().out
    assert "Implemented: yes" in out and "deals 3 damage" in out


def test_cr_306_7_cards_show_says_targets_follow_the_2017_wording(capsys) -> None:  # type: ignore[no-untyped-def]
    """`cards show` of a card whose Oracle text says "any target" gives the 2017 wording
    the engine plays and says how a planeswalker is reached (redirection, CR 306.7); a card
    without such targets says nothing of it."""
    assert main(["cards", "show", "Lightning Bolt"]) == 0
    out = capsys.readouterr().out
    assert "2017 wording: Lightning Bolt deals 3 damage to target creature or player." in out
    assert "306.7" in out
    assert main(["cards", "show", "Grizzly Bears"]) == 0
    assert "306.7" not in capsys.readouterr().out


def test_unknown_card_is_a_clear_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["cards", "show", "Lightning Bolts"]) == 2
    assert "Lightning Bolt" in capsys.readouterr().err


def test_unknown_default_deck_is_a_clear_error(capsys) -> None:  # type: ignore[no-untyped-def]
    """`--deck NAME` that is neither a file nor a default deck names both and lists the
    default decks."""
    assert main(["play", "--deck", "no_such_deck", "--deck", "red_green"]) == 2
    err = capsys.readouterr().err
    assert "'no_such_deck'" in err and "red_green" in err and "white_black" in err


def test_replay_of_a_bad_file_is_a_clear_error(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`manastack replay` names the file and the problem (missing, not JSON, not a replay,
    a malformed or illegal decision with its index and rule) instead of a traceback."""
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "3", "--quiet", "--save", str(save)]) == 0
    data = json.loads(save.read_text())
    capsys.readouterr()
    cases: list[tuple[str, str]] = [("missing.json", "can't read the replay file")]
    (tmp_path / "broken.json").write_text('{"seed": 1')
    cases.append(("broken.json", "invalid JSON"))
    (tmp_path / "partial.json").write_text('{"seed": 1}')
    cases.append(("partial.json", "missing players, decks, decisions"))
    malformed = dict(data, decisions=list(data["decisions"]))
    malformed["decisions"][5] = ["pass"]
    (tmp_path / "malformed.json").write_text(json.dumps(malformed))
    cases.append(("malformed.json", "decision 5: malformed entry"))
    wrong = dict(data, decisions=list(data["decisions"]))
    wrong["decisions"][40] = dict(wrong["decisions"][40],
                                  player=1 - wrong["decisions"][40]["player"])
    (tmp_path / "wrong.json").write_text(json.dumps(wrong))
    cases.append(("wrong.json", "decision 40: "))
    for name, expected in cases:
        assert main(["replay", str(tmp_path / name)]) == 2, name
        err = capsys.readouterr().err
        assert name in err and expected in err, err
    assert "(CR 116.3)" in err


def test_scenario_run_exit_code_and_closing_line(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    good = Path(__file__).parent / "scenarios" / "seeds" / "01_lightning_bolt_sba.yaml"
    assert main(["scenario", "run", str(good)]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1] == "1 passed, 0 failed"
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers: [A, B]\nstart: {step: upkeep}\nstate: {A: {hand: [Nope Card]}}\n")
    assert main(["scenario", "run", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml" in out and "Nope Card" in out and out.strip().endswith("0 passed, 1 failed")


def test_scenario_run_json_prints_only_json_objects_on_stdout(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """SCENARIOS.md: "`--json` prints one JSON object per scenario instead" (of the
    PASS/FAIL lines): every line of stdout is a JSON object; the closing `N passed, N
    failed` line goes to stderr, and the exit code still says whether all passed."""
    good = Path(__file__).parent / "scenarios" / "seeds" / "01_lightning_bolt_sba.yaml"
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers: [A, B]\nstart: {step: upkeep}\nexpect: {A: {life: 3}}\n")
    assert main(["scenario", "run", "--json", str(good), str(bad)]) == 1
    cap = capsys.readouterr()
    rows = [json.loads(line) for line in cap.out.strip().split("\n")]
    assert [r["passed"] for r in rows] == [True, False] and rows[1]["name"] == "x"
    assert "life 20, expected 3" in rows[1]["message"]
    assert cap.err.strip() == "1 passed, 1 failed"


def test_cr_103_2_match_loser_chooses_who_plays_first() -> None:
    """CR 103.2: in a match, the loser of the previous game chooses who plays first;
    after a draw the player who chose last time chooses again."""
    from manastack.match import play_match
    from manastack.play import default_deck

    decks = [default_deck("red_green"), default_deck("white_black")]
    for seed in range(3):
        res = play_match(decks, games=3, seed=seed)
        for i in range(1, len(res.games)):
            prev = res.games[i - 1]
            if prev.winner is None:
                assert res.choosers[i] == res.choosers[i - 1]
            else:
                assert res.choosers[i] == 1 - prev.winner
        assert sum(res.wins) + res.draws == len(res.games)


def test_match_command(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["match", "red_green", "white_black", "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out.strip().split("\n")
    assert out[0].startswith("Game 1:") and out[-1].startswith("Match over:")


def test_cr_119_5_a_scenario_without_expect_prints_what_happened(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The judge's answer: a scenario without ``expect`` prints its log (the rules cited,
    here 119.5 by way of 704.5g), the decisions and the final position instead of a bare
    PASS; ``--verbose`` prints them for every scenario, in French with ``--lang fr``."""
    sc = tmp_path / "bolt.yaml"
    sc.write_text("name: Bolt the Bears\n"
                  "players: [A, B]\n"
                  "start: {active: A, step: precombat_main}\n"
                  "state:\n"
                  "  A: {battlefield: [Mountain], hand: [Lightning Bolt]}\n"
                  "  B: {battlefield: [Grizzly Bears]}\n"
                  "script:\n"
                  "  - {turn: 1, step: precombat_main, player: A, cast: Lightning Bolt, "
                  "targets: [Grizzly Bears]}\n"
                  "stop: {turn: 1, step: beginning_of_combat}\n")
    assert main(["scenario", "run", str(sc)]) == 0
    out = capsys.readouterr().out
    assert "PASS Bolt the Bears" in out and "[704.5g] Grizzly Bears is destroyed" in out
    assert "Decisions:" in out and "Final position:" in out
    assert "B's graveyard: Grizzly Bears" in out and "A's graveyard: Lightning Bolt" in out
    assert main(["scenario", "run", str(sc), "--verbose", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Position finale :" in out and "le cimetière de B : Grizzly Bears" in out

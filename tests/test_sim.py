"""``manastack sim``: seat-swapped pairs (103.2), derived seeds, the Wilson interval,
records that don't depend on the number of workers, the gauntlet, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from manastack.cli import main
from manastack.play import default_deck
from manastack.sim import SimSpec, game_seed, play_batch, run, wilson
from manastack.sim.games import derive
from manastack.sim.runner import batch_size
from manastack.sim.summary import Summary

SRC = Path(__file__).resolve().parents[1] / "src"


def test_wilson_interval_known_values() -> None:
    """The 95% Wilson score interval against values computed by hand: 50/100 is
    40.38%-59.62%, 0/10 is 0%-27.75% (the "rule of three"'s neighbour), 10/10 is
    72.25%-100%, 267/400 is 62.0%-71.2%; no games: 0-1."""
    assert [round(x, 4) for x in wilson(50, 100)] == [0.4038, 0.5962]
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in wilson(10, 10)] == [0.7225, 1.0]
    assert [round(x, 3) for x in wilson(267, 400)] == [0.620, 0.712]
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_game_seeds_are_derived_from_the_run_seed_and_the_pair() -> None:
    """Game ``i``'s seed is ``derive(run_seed, i // 2)``: SHA-256 of
    ``manastack-sim:<seed>:<pair>``, its first 8 bytes big-endian, shifted right by one
    (docs/simulation.md); both games of a pair share it, neighbouring run seeds don't."""
    import hashlib

    digest = hashlib.sha256(b"manastack-sim:7:3").digest()[:8]
    assert derive(7, 3) == int.from_bytes(digest, "big") >> 1 == game_seed(7, 6)
    assert game_seed(7, 6) == game_seed(7, 7) != game_seed(7, 8)
    assert game_seed(0, 2) != game_seed(1, 0)
    assert 0 <= derive(2**63 - 1, 10**9) < 2**63


def test_cr_103_2_a_pair_swaps_the_seats_and_who_plays_first() -> None:
    """Pair k: the same game seed, deck A in seat 0 then in seat 1; the starting player
    (103.2) is read from the game: here the seed decides it by seat, so deck A plays
    first in one game of each pair and second in the other."""
    spec = SimSpec(tuple(default_deck("red_green")), tuple(default_deck("white_blue")),
                   seed=3, max_turns=12)
    records = play_batch(spec, range(4))
    for k in (0, 1):
        g0, g1 = records[2 * k], records[2 * k + 1]
        assert g0.pair == g1.pair == k and g0.seed == g1.seed
        assert g0.seats == ("A", "B") and g1.seats == ("B", "A")
        assert {g0.first, g1.first} == {"A", "B"}
    s = Summary.of(records)
    assert s.a_first == s.a_second == 2 and s.games == 4
    assert all(r.winner == "draw" and r.reason == "max turns" for r in records
               if r.turns > 12)


def test_records_are_the_same_on_one_and_two_workers(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The same command writes byte-identical JSON and CSV records with ``--workers 1``
    and ``--workers 2`` (and batches of any size)."""
    files = []
    for workers in ("1", "2"):
        j, c = tmp_path / f"w{workers}.json", tmp_path / f"w{workers}.csv"
        assert main(["sim", "red_green", "black_red", "-n", "8", "--seed", "5",
                     "--max-turns", "20", "--workers", workers, "--json", str(j),
                     "--csv", str(c)]) == 0
        files.append((j.read_bytes(), c.read_bytes()))
    assert files[0] == files[1]
    out = capsys.readouterr().out
    assert "A wins" in out and "95% CI" in out and "games/s" in out
    data = json.loads(files[0][0])
    assert data["format"] == "manastack-sim/1" and len(data["records"]) == 8
    assert [r["index"] for r in data["records"]] == list(range(8))
    assert set(data["records"][0]) == {"b", "index", "pair", "seed", "seats", "first",
                                       "winner", "turns", "reason", "rule", "mulligans"}
    lines = files[0][1].decode().splitlines()
    assert lines[0].startswith("b,index,pair,seed,seat0,seat1,first,winner") and len(lines) == 9
    spec = SimSpec(tuple(default_deck("red_green")), tuple(default_deck("black_red")),
                   seed=5, max_turns=20)
    assert run(spec, 8, size=2).records == run(spec, 8, size=8).records


def test_sim_rounds_an_odd_number_of_games_up(capsys) -> None:  # type: ignore[no-untyped-def]
    """Games come in pairs: ``-n 3`` plays 4, and says so in one line."""
    assert main(["sim", "red_green", "red_green", "-n", "3", "--max-turns", "6",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "-n 3 is odd: playing 4 games (seat-swapped pairs)" in out
    assert "draws 4" in out and "A on the play:" in out and "A on the draw:" in out


def test_sim_gauntlet_prints_a_table(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``--gauntlet``: deck A against each deck (names, or a file listing them), one
    row each: A's wins, win rate, interval, draws, games; then the total."""
    listing = tmp_path / "gauntlet.txt"
    listing.write_text("# opponents\nwhite_black\n\ngreen_blue\n")
    assert main(["sim", "red_green", "--gauntlet", str(listing), "-n", "2",
                 "--max-turns", "8", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("red_green against 2 decks:")
    assert lines[at + 1].split() == ["opponent", "A", "wins", "win", "rate", "95%",
                                     "interval", "draws", "games"]
    assert [ln.split()[0] for ln in lines[at + 2:at + 5]] == ["white_black", "green_blue",
                                                              "total"]
    assert lines[at + 4].split()[-1] == "4"


@pytest.mark.parametrize("argv, message", [
    (["sim", "red_green"], "sim needs DECK_B, or --gauntlet"),
    (["sim", "red_green", "nonesuch"], "nonesuch"),
    (["sim", "red_green", "white_black", "--agents", "oracle"], "unknown agent"),
    (["sim", "red_green", "white_black", "-n", "0"], "-n must be 1 or more"),
    (["sim", "red_green", "white_black", "--workers", "0"], "--workers must be 1"),
])
def test_sim_bad_input_is_one_line_and_exit_2(argv: list[str], message: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Bad input: one line on stderr naming the problem, exit code 2, before any game."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_sim_refuses_a_record_file_in_a_missing_folder(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["sim", "red_green", "white_black", "--json",
                 str(tmp_path / "no" / "x.json")]) == 2
    assert "no folder" in capsys.readouterr().err


def test_batches_are_even_and_bounded() -> None:
    """About four tasks per worker, whole pairs, at most 200 games a task."""
    assert batch_size(1000, 2) == 126 and batch_size(8, 2) == 2
    assert batch_size(10**6, 2) == 200


def test_ctrl_c_stops_with_the_results_so_far_and_exit_130(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) in a run on two workers: one line, the results of the games played,
    the record file with them, exit code 130."""
    csv_file = tmp_path / "r.csv"
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "from manastack.cli import main\n"
            f"sys.exit(main(['sim', 'red_green', 'white_black', '-n', '400', '--workers', "
            f"'2', '--csv', {str(csv_file)!r}]))")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    first = proc.stdout.readline()  # (the run has begun)
    assert first.startswith("sim: 400 games")
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Interrupted: " in out and "A wins" in out and "Traceback" not in err
    played = int(out.split("Interrupted: ")[1].split()[0])
    assert len(csv_file.read_text().splitlines()) == played + 1

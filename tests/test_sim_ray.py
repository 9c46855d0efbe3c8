"""``manastack sim --backend ray``: the same records as the ``process`` backend, on a
local Ray started by the test (``ray.init(num_cpus=2)``); batches of at least 200 games
when the run allows; Ctrl-C (soak: it starts a Ray of its own)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from manastack.cli import main
from manastack.play import default_deck
from manastack.sim import SimSpec, run
from manastack.sim.ray_backend import MIN_RAY_BATCH, ray_batch_size

SRC = Path(__file__).resolve().parents[1] / "src"
QUIET = {"RAY_USAGE_STATS_ENABLED": "0"}


def _ray_or_skip():  # type: ignore[no-untyped-def]
    os.environ.update(QUIET)
    try:
        import ray
    except ImportError:
        pytest.skip("Ray isn't installed (pip install 'manastack[ray]')")
    return ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray with 2 CPUs for this module's tests, shut down after them; skipped
    with the reason when Ray isn't installed or can't start on this platform."""
    ray = _ray_or_skip()
    if not ray.is_initialized():
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                     logging_level="ERROR")
        except Exception as e:  # (no shared memory, no sockets, an unsupported platform)
            pytest.skip(f"Ray can't start here: {type(e).__name__}: {e}")
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_batches_hold_at_least_200_games_when_the_run_allows() -> None:
    """Big runs: at least 200 games a task, about four tasks a CPU beyond that; small
    runs: one task per CPU; always whole pairs."""
    assert ray_batch_size(10_000, 2) == 1250 and ray_batch_size(1000, 2) == 200
    assert ray_batch_size(400, 2) == MIN_RAY_BATCH
    assert ray_batch_size(100, 2) == 50 and ray_batch_size(8, 2) == 4
    assert ray_batch_size(6, 4) == 2 and ray_batch_size(7, 1) == 8


def test_ray_records_are_byte_identical_to_the_process_backend(
        local_ray: None, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The same command writes byte-identical JSON and CSV records on ``--backend ray``
    and on ``--workers 1`` and ``--workers 2`` of the process backend; a gauntlet on Ray
    (one connection for its match-ups) too."""
    files = []
    for extra in (["--workers", "1"], ["--workers", "2"], ["--backend", "ray", "--workers", "2"]):
        j, c = tmp_path / "r.json", tmp_path / "r.csv"
        assert main(["sim", "red_green", "--gauntlet", "black_red", "white_blue", "-n", "6",
                     "--seed", "3", "--max-turns", "16", "--agents", "random", *extra,
                     "--json", str(j), "--csv", str(c)]) == 0
        files.append((j.read_bytes(), c.read_bytes()))
    assert files[0] == files[1] == files[2]
    out = capsys.readouterr().out
    assert "a local Ray with 2 CPUs" in out and "black_red" in out
    spec = SimSpec(tuple(default_deck("red_green")), tuple(default_deck("black_red")),
                   seed=5, max_turns=12)
    seen: list[int] = []
    got = run(spec, 8, workers=2, backend="ray", size=2,
              on_batch=lambda records: seen.append(len(records)))
    assert seen == [2, 2, 2, 2] and not got.interrupted
    assert got.records == run(spec, 8, workers=1).records


def test_ray_address_without_the_ray_backend_is_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    """``--ray-address`` goes with ``--backend ray``: one line, exit code 2."""
    assert main(["sim", "red_green", "white_black", "--ray-address", "auto"]) == 2
    err = capsys.readouterr().err
    assert "--ray-address goes with --backend ray" in err and err.count("\n") == 1


@pytest.mark.soak
def test_ray_ctrl_c_stops_with_the_results_so_far_and_exit_130(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) in a run on a local Ray: pending tasks cancelled, Ray shut down,
    the results of the batches received, the record file with them, exit code 130."""
    _ray_or_skip()
    csv_file = tmp_path / "r.csv"
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "from manastack.cli import main\n"
            "sys.exit(main(['sim', 'red_green', 'white_black', '-n', '2000', '--agents', "
            f"'random', '--backend', 'ray', '--workers', '2', '--csv', {str(csv_file)!r}]))")
    env = {**os.environ, **QUIET, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("sim: 2000 games")
    time.sleep(25)  # (Ray's start, then a few batches of 200)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    played = int(out.split("Interrupted: ")[1].split()[0]) if "Interrupted: " in out else 0
    assert played % 2 == 0 and played < 2000
    if played:
        assert len(csv_file.read_text().splitlines()) == played + 1

"""The page's side of the server (issue 39, docs/server.md): its files (served, small, no
build step, shipped in the wheel), what the lobby form offers, and games started from a
scenario's position (``serve --scenarios DIR``): every seat a person's, stops everywhere,
resumed after a restart at the same decision, and bad requests refused in one line."""

from __future__ import annotations

import json
import tomllib
import warnings
from fnmatch import fnmatch
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import manastack  # noqa: E402
from manastack.server.app import STATIC_FILES, create_app  # noqa: E402
from manastack.stops import PRIORITY_STEPS  # noqa: E402

STATIC = Path(manastack.__file__).parent / "server" / "static"
PYPROJECT = Path(manastack.__file__).parents[2] / "pyproject.toml"
SCENARIO = """\
name: a bolt at the bears
players: [A, B]
start: {active: A, step: precombat_main}
state:
  A: {battlefield: [Mountain], hand: [Lightning Bolt]}
  B: {battlefield: [Grizzly Bears]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Lightning Bolt, targets: [Grizzly Bears]}
"""


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "scenarios"
    d.mkdir()
    (d / "bolt.yaml").write_text(SCENARIO)
    (tmp_path / "outside.yaml").write_text(SCENARIO)
    return d


def test_the_pages_files_are_served_small_and_shipped_in_the_wheel(tmp_path):
    """Every file of ``server/static`` is served with its type, well under 200 KB in all,
    and matched by the package data of pyproject.toml (a wheel install serves them)."""
    files = sorted(p.name for p in STATIC.iterdir())
    assert sorted(STATIC_FILES) == files
    assert sum((STATIC / f).stat().st_size for f in files) < 100_000
    data = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-data"]
    assert all(any(fnmatch(f"static/{f}", pat) for pat in data["manastack.server"])
               for f in files)
    with TestClient(create_app(str(tmp_path / "g.sqlite"), processes=0)) as c:
        for f in files:
            r = c.get(f"/static/{f}")
            assert r.status_code == 200 and r.headers["content-type"] == STATIC_FILES[f]
        assert c.get("/static/../app.py").status_code == 404
        assert c.get("/static/nothing.js").json() == {"error": "no file 'nothing.js'"}
        offer = c.get("/api/options").json()
        assert "two_player" in offer["variants"] and "red_green" in offer["decks"]
        assert "heuristic" in offer["agents"] and offer["scenarios"] == []


def test_a_game_from_a_scenarios_position_resumes_at_the_same_decision(tmp_path, folder):
    """``{"scenario": "bolt.yaml"}``: the scenario's players at two people's seats, the
    position set up (its start step, its hands and battlefields), stops everywhere
    (recorded); after a restart the same pending decision is sent again."""
    db = str(tmp_path / "g.sqlite")
    with TestClient(create_app(db, processes=0, scenarios=str(folder))) as c:
        assert c.get("/api/options").json()["scenarios"] == ["bolt.yaml"]
        made = c.post("/api/games", json={"scenario": "bolt.yaml"}).json()
        assert [(s["name"], s["kind"]) for s in made["seats"]] == [("A", "human"),
                                                                    ("B", "human")]
        with c.websocket_connect(made["seats"][0]["ws"]) as ws:
            f = json.loads(ws.receive_text())
        assert f["observation"]["step"] == "precombat_main"
        assert [c["name"] for c in f["observation"]["players"][0]["hand"]] == \
            ["Lightning Bolt"]
        assert f["stops"]["own"] == sorted(PRIORITY_STEPS) and \
            f["stops"]["ask_with_nothing_to_do"]
        assert "cast Lightning Bolt -> Grizzly Bears" in \
            [a["text"] for a in f["decision"]["actions"]]
    with TestClient(create_app(db, processes=0, scenarios=str(folder))) as c:
        with c.websocket_connect(made["seats"][0]["ws"]) as ws:
            again = json.loads(ws.receive_text())
    assert again["decision"] == f["decision"] and again["observation"] == f["observation"]


@pytest.mark.parametrize("spec, words", [
    ({"scenario": "none.yaml"}, "no scenario file 'none.yaml'"),
    ({"scenario": "../outside.yaml"}, "no scenario file '../outside.yaml'"),
    ({"scenario": "bolt.yaml", "index": 3}, "index: 0 to 0, not 3"),
    ({"scenario": "bolt.yaml", "seed": 3}, "takes scenario and index, not 'seed'"),
    ({"scenario": 7}, "no scenario file 7"),
])
def test_bad_scenario_games_are_refused_in_one_line(tmp_path, folder, spec, words):
    with TestClient(create_app(str(tmp_path / "g.sqlite"), processes=0,
                               scenarios=str(folder))) as c:
        r = c.post("/api/games", json=spec)
        assert r.status_code == 400 and words in r.json()["error"], r.json()


def test_a_server_without_a_scenario_folder_starts_no_game_from_one(tmp_path):
    with TestClient(create_app(str(tmp_path / "g.sqlite"), processes=0)) as c:
        r = c.post("/api/games", json={"scenario": "bolt.yaml"})
        assert r.status_code == 400 and "serve --scenarios DIR" in r.json()["error"]


def test_serve_refuses_a_scenario_folder_that_isnt_one_in_one_line(tmp_path, capsys):
    from manastack.cli import main

    assert main(["serve", "--db", str(tmp_path / "g.sqlite"), "--scenarios",
                 str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "is not a folder" in err[0]

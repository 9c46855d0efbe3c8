"""The game server's protocol and lobby (docs/protocol.md, issue 39): creating games,
seat tokens, answers in the notation or by number, the language switched live, the
spectators' public view (CR 400.2), resuming from the records after a restart, finished
games replayed per view, and bad input everywhere refused in one line, the game
unchanged."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from manastack.server.app import create_app  # noqa: E402
from manastack.server.protocol import MAX_MESSAGE_BYTES  # noqa: E402

HUMANS = {"seed": 3, "max_turns": 3, "seats": [{"kind": "human"}, {"kind": "human"}]}


def _pass_or_first(decision: dict) -> dict:
    """An answer: pass if it may, else the first listed action (never concede)."""
    texts = [a["text"] for a in decision["actions"]]
    index = texts.index("pass") if "pass" in texts else \
        next(i for i, t in enumerate(texts) if t != "concede")
    return {"type": "answer", "index": index, "decision": decision["number"]}


def _until(ws, kind: str) -> dict:
    """The next frame of ``kind`` (updates in between skipped)."""
    for _ in range(50):
        f = json.loads(ws.receive_text())
        if f["type"] == kind:
            return f
    raise AssertionError(f"no {kind} frame")


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "g.sqlite"), processes=0)) as c:
        yield c


def test_create_gives_one_token_per_human_seat_and_a_spectator_link(client):
    made = client.post("/api/games", json={"seats": [{"kind": "human"},
                                                     {"kind": "agent", "agent": "random"}]})
    assert made.status_code == 200
    body = made.json()
    assert "token" in body["seats"][0] and "token" not in body["seats"][1]
    assert body["spectator"]["token"] != body["seats"][0]["token"]
    assert len(body["seats"][0]["token"]) >= 20
    assert "token" not in json.dumps(client.get("/games").json())


@pytest.mark.parametrize("spec, words", [
    ({"decks": ["4 Grizly Bears\n20 Forest"]}, ["deck 1 line 1", "Grizly Bears"]),
    ({"decks": ["no_such_deck"]}, ["no default deck"]),
    ({"seats": [{"kind": "agent", "agent": "oracle"}, {"kind": "human"}]}, ["oracle"]),
    ({"variant": "nonsense"}, ["unknown variant"]),
    ({"colour": 1}, ["unknown key"]),
    ({"seed": -1}, ["seed"]),
    ([], ["JSON object"]),
])
def test_bad_game_requests_are_refused_in_one_line(client, spec, words):
    r = client.post("/api/games", json=spec)
    assert r.status_code == 400
    error = r.json()["error"]
    assert "\n" not in error and all(w in error for w in words), error


def test_malformed_and_huge_requests_are_refused(client):
    assert client.post("/api/games", content=b"{not json").status_code == 400
    r = client.post("/api/games", content=b"[" * (3 * 1024 * 1024))
    assert r.status_code == 413


def test_a_pasted_deck_list_in_arena_format_is_read(client):
    deck = "Deck\n20 Forest (M11) 230\n4 Grizzly Bears (M11) 176\n"
    assert client.post("/api/games", json={"decks": [deck]}).status_code == 200


def test_unknown_token_gets_an_error_frame(client):
    with client.websocket_connect("/ws/not-a-token") as ws:
        f = json.loads(ws.receive_text())
    assert f["type"] == "error" and "unknown token" in f["error"]


def test_bad_messages_get_one_line_errors_and_change_nothing(client):
    made = client.post("/api/games", json=HUMANS).json()
    t0, t1 = (s["token"] for s in made["seats"])
    with client.websocket_connect(f"/ws/{t0}") as ws0, \
            client.websocket_connect(f"/ws/{t1}") as ws1:
        w = _until(ws0, "welcome")
        decider = w["waiting"]["decider"]
        ws, other = (ws0, ws1) if decider == 0 else (ws1, ws0)
        for bad, words in [
            ("{oops", "not JSON"), ('{"type": "dance"}', "unknown message type"),
            ("[1, 2]", "JSON object"), ('{"type": "answer"}', "either text"),
            ('{"type": "answer", "text": "cast Nothing Here"}', ""),
            ('{"type": "answer", "index": 99}', "no action number"),
            ('{"type": "lang", "lang": "de"}', "lang"),
            ('{"type": "stops", "own": ["lunch"]}', "lunch"),
            ("x" * (MAX_MESSAGE_BYTES + 10), "limit"),
        ]:
            ws.send_text(bad)
            f = _until(ws, "error")
            assert "\n" not in f["error"] and words in f["error"], (bad, f)
        other.send_text('{"type": "answer", "index": 0}')
        assert "not your decision" in _until(other, "error")["error"]
        ws.send_text('{"type": "resend"}')
        after = _until(ws, "welcome")
        assert after["answers"] == w["answers"] and after["decision"] is not None


def test_answers_by_text_and_number_the_language_live_and_the_public_view(client):
    made = client.post("/api/games", json=HUMANS).json()
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    with client.websocket_connect(f"/ws/{tokens[0]}") as ws0, \
            client.websocket_connect(f"/ws/{tokens[1]}") as ws1, \
            client.websocket_connect(f"/ws/{made['spectator']['token']}") as spec:
        ws = {0: ws0, 1: ws1}
        w = _until(ws0, "welcome")
        seat = w["waiting"]["decider"]
        f = _until(ws[seat], "welcome") if seat == 1 else w
        assert f["decision"]["kind"] == "mulligan"
        texts = [a["text"] for a in f["decision"]["actions"]]
        assert "keep" in texts
        ws[seat].send_text(json.dumps({"type": "answer", "text": "KEEP",
                                       "decision": f["decision"]["number"]}))
        f = _until(ws[seat], "update")
        assert f["answers"] == w["answers"] + 1
        s = _until(spec, "welcome")
        assert s["decision"] is None and s["seat"] is None
        assert all("hand" not in p for p in s["observation"]["players"])
        en = s["events"]
        spec.send_text('{"type": "lang", "lang": "fr"}')
        fr = _until(spec, "welcome")
        assert len(fr["events"]) >= len(en) >= 1
        assert [e["kind"] for e in fr["events"][:len(en)]] == [e["kind"] for e in en]
        assert [e["text"] for e in fr["events"][:len(en)]] != [e["text"] for e in en]
        assert fr["lang"] == "fr"


def test_a_restarted_server_resends_the_pending_decision_and_games_are_browsable(tmp_path):
    db = str(tmp_path / "g.sqlite")
    spec = {"seed": 11, "max_turns": 30, "seats": [{"kind": "human"},
                                                  {"kind": "agent", "agent": "random"}]}
    with TestClient(create_app(db, processes=0)) as c:
        made = c.post("/api/games", json=spec).json()
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{token}") as ws:
            f = _until(ws, "welcome")
            for _ in range(3):
                while f["decision"] is None:
                    assert not f["over"]
                    f = _until(ws, "update")
                ws.send_text(json.dumps(_pass_or_first(f["decision"])))
                f = _until(ws, "update")
            while f["decision"] is None:
                assert not f["over"]
                f = _until(ws, "update")
            pending = f["decision"]
    with TestClient(create_app(db, processes=0)) as c:
        with c.websocket_connect(f"/ws/{token}") as ws:
            f = _until(ws, "welcome")
            assert f["decision"] == pending
            while not f["over"]:
                if f["decision"] is not None:
                    ws.send_text(json.dumps(_pass_or_first(f["decision"])))
                f = _until(ws, "update")
        listed = c.get("/games").json()["games"]
        assert [g["id"] for g in listed] == [made["game"]]
        mine = c.get(f"/games/{made['game']}", params={"token": token}).json()
        public = c.get(f"/games/{made['game']}").json()
        assert mine["viewer"] == 0 and public["viewer"] is None
        assert len(mine["steps"]) == len(public["steps"]) > 3
        assert "hand" in mine["observation"]["players"][0]
        assert "hand" not in public["observation"]["players"][0]
        assert c.get(f"/games/{made['game']}", params={"token": "nope"}).status_code == 404
        assert c.get("/games/nonexistent").status_code == 404
        at = c.get(f"/games/{made['game']}", params={"at": "2"}).json()
        assert at["at"] == 2


def test_the_page_is_served(client):
    r = client.get("/")
    assert r.status_code == 200 and '<script src="/static/app.js">' in r.text


def test_serve_refuses_bad_settings_in_one_line(tmp_path, capsys):
    """``manastack serve``: records it can't open, a port in use: one line, exit 2."""
    import socket

    from manastack.cli import main

    assert main(["serve", "--db", str(tmp_path / "no" / "such" / "g.sqlite")]) == 2
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "g.sqlite")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "game records" in err[0] and "can't listen" in err[1]


def test_games_in_progress_are_bounded(client, monkeypatch):
    from manastack.server import lobby

    monkeypatch.setattr(lobby, "MAX_RUNNING_GAMES", 1)
    assert client.post("/api/games", json=HUMANS).status_code == 200
    r = client.post("/api/games", json=HUMANS)
    assert r.status_code == 400 and "in progress" in r.json()["error"]

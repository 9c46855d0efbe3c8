"""Undo over the protocol (docs/protocol.md, ``{"type": "undo"}``): the rules and
refusals of the terminal's table (CR 116, 400.2, 701.18), an ``undo`` record in the
append-only log, and a restart after an undo reaching the same game."""

from __future__ import annotations

import json
import warnings

import pytest

from manastack.errors import ManastackError
from manastack.server.store import UNDO, GameStore, live_records
from manastack.server.table import HUMAN, Table

SETUP_SPEC = {"seed": 3, "max_turns": 6, "seats": [{"kind": "human"},
                                                   {"kind": "agent", "agent": "random"}]}


def _table(store: GameStore | None = None) -> Table:
    from manastack.server.lobby import make_setup

    store = store or GameStore(":memory:")
    setup = make_setup(SETUP_SPEC)
    store.create("g1", setup, {"tok": 0})
    return Table("g1", setup, store)


def _answer(t: Table, text: str) -> None:
    t.answer(0, {"type": "answer", "text": text})
    assert t.advance() == HUMAN
    t.flush()


def _to_land_play(t: Table) -> str:
    """Keep, then pass until Alice may play a land: that answer's text."""
    from manastack.server.protocol import decision_json

    assert t.advance() == HUMAN
    t.flush()
    for _ in range(200):
        d = decision_json(t.game, 0)
        texts = [a["text"] for a in d["actions"]]
        lands = [x for x in texts if x.startswith("play ")]
        if lands:
            return lands[0]
        _answer(t, "keep" if d["kind"] == "mulligan" else "pass")
    raise AssertionError("no land to play")


def test_cr_116_undo_over_the_protocol_takes_back_a_land_play_and_survives_a_restart():
    """A land played (305.1), nobody else decided since: undo gives the game before it
    (its state hash); the log gets an ``undo`` record, and a table rebuilt from the
    records (a restart) is the same game at the same decision."""
    store = GameStore(":memory:")
    t = _table(store)
    land = _to_land_play(t)
    before = t.game.state_hash()
    _answer(t, land)
    assert t.game.state_hash() != before
    t.undo(0)
    assert t.advance() == HUMAN
    t.flush()
    assert t.game.state_hash() == before
    records = store.records("g1")
    assert records[-1].kind == UNDO
    assert len(live_records(records)) < len(records)
    again = Table("g1", store.setup("g1")[0], store)
    again.restore(records)
    assert again.game.state_hash() == before
    assert again.advance() == HUMAN
    # and the game goes on from there: the same land played again, then undone again
    _answer(again, land)
    again.undo(0)
    again.advance()
    assert again.game.state_hash() == before


def test_cr_116_undo_over_the_protocol_refused_once_another_player_decided():
    """Passing gives the opponent priority (116.3d): refused in one line citing 116."""
    t = _table()
    _to_land_play(t)
    _answer(t, "pass")
    if t.game.history[-1][0] == 0:
        pytest.skip("no other decision after the pass in this game")
    now = t.game.state_hash()
    with pytest.raises(ManastackError, match=r"can't undo: Bob has decided since \(CR 116"):
        t.undo(0)
    assert t.game.state_hash() == now and not t.pending


def test_undo_with_nothing_to_take_back_and_not_ones_decision_are_refused():
    t = _table()
    assert t.advance() == HUMAN
    with pytest.raises(ManastackError, match="nothing to undo"):
        t.undo(0)
    with pytest.raises(ManastackError, match="not your decision"):
        t.undo(1)


def test_undo_message_rewinds_every_viewer_with_a_welcome(tmp_path):
    """``{"type": "undo"}``: the seat and the spectators get a ``welcome`` at the answer
    count before; a refused undo is one error frame."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from manastack.server.app import create_app

    def until(ws, kind):
        for _ in range(80):
            f = json.loads(ws.receive_text())
            if f["type"] == kind:
                return f
        raise AssertionError(kind)

    with TestClient(create_app(str(tmp_path / "g.sqlite"), processes=0)) as c:
        made = c.post("/api/games", json=SETUP_SPEC).json()
        with c.websocket_connect(f"/ws/{made['seats'][0]['token']}") as ws:
            f = until(ws, "welcome")
            ws.send_text('{"type": "undo"}')
            assert "nothing to undo" in until(ws, "error")["error"]
            for _ in range(60):
                while f["decision"] is None:
                    f = until(ws, "update")
                texts = [a["text"] for a in f["decision"]["actions"]]
                lands = [x for x in texts if x.startswith("play ")]
                if lands:
                    break
                ws.send_text(json.dumps({"type": "answer", "text": "keep" if "keep" in
                                         texts else "pass"}))
                f = until(ws, "update")
            at = f["answers"]
            ws.send_text(json.dumps({"type": "answer", "text": lands[0]}))
            assert until(ws, "update")["answers"] == at + 1
            ws.send_text('{"type": "undo"}')
            w = until(ws, "welcome")
            assert w["answers"] == at and w["decision"]["number"] == at
            assert lands[0] in [a["text"] for a in w["decision"]["actions"]]


def test_a_worker_replica_is_built_again_when_its_answers_were_undone():
    """A thinking worker keeps a replica of the game (``thinking.think``): after an
    undo, the answers it holds are no longer the game's, even with as many answers."""
    import random

    from manastack.server.lobby import make_setup
    from manastack.server.table import build_game
    from manastack.server.thinking import _replicas, think

    setup = make_setup(SETUP_SPEC)
    game = build_game(setup)
    rng = random.Random(1)
    history = []
    while len(history) < 6:
        d = game.decision
        action = d.sample(game, rng)
        history.append((d.by, action.to_json()))
        game.apply(d.by, action)
    think("undo-test", setup, history, game.decision.by, "random", 1, None)
    other = build_game(setup)
    from manastack.game.decisions import action_from_json

    for p, a in history[:3]:
        other.apply(p, action_from_json(a))
    rng = random.Random(7)
    changed = list(history[:3])
    while len(changed) < 6 and other.decision is not None:
        d = other.decision
        action = d.sample(other, rng)
        changed.append((d.by, action.to_json()))
        other.apply(d.by, action)
    assert changed != history and len(changed) == len(history)
    think("undo-test", setup, changed, other.decision.by, "random", 1, None)
    assert _replicas["undo-test"][0].state_hash() == other.state_hash()

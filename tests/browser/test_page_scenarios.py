"""The twelve public seed scenarios (``../shared/scenarios``) replayed in the browser by
clicks (issue 39, "How it is checked"): each game starts from the scenario's position
(``manastack serve --scenarios DIR``), one page per player; each scripted decision of the
engine's own run (``manastack scenario run``) is given by clicking what the page shows
(the card, its targets, the attackers and what they attack, the blockers and what they
block, the options), the other priorities passed by the Pass button; the game reaches
the same position as the engine's run: the same observation for every seat; and no
frame a page received named a card hidden from its seat (CR 400.2: the libraries, the
other hand)."""

from __future__ import annotations

import json
import urllib.request
from collections import Counter

import pytest
from serverkit import check_frames

from manastack.scenario.model import load_scenarios
from manastack.scenario.runner import run_scenario
from manastack.server.store import GameStore
from manastack.server.table import Table

from .pagekit import POLL_MS, SHARED_SCENARIOS, Seat, give

pytestmark = pytest.mark.browser

FILES = sorted(p.name for p in SHARED_SCENARIOS.glob("*.yaml")) if \
    SHARED_SCENARIOS.is_dir() else []


def _reference(name: str) -> tuple[list[tuple[int, dict]], list[str], list[dict]]:
    """The engine's run of the scenario: its answers (player, JSON), their notation, and
    each seat's observation where the run stopped (the game taken on to its next
    decision, as the server's game goes on)."""
    sc = load_scenarios(SHARED_SCENARIOS / name)[0]
    result = run_scenario(sc, texts=True)
    assert result.passed, result.message
    game = result.game
    answers = [(p, a.to_json()) for p, a in game.history]
    texts = list(result.texts or [])
    assert len(texts) == len(answers)
    game.breakpoint = None
    game.run_rerunnable()
    return answers, texts, [json.loads(json.dumps(game.observe(p)))
                            for p in range(len(game.players))]


def _create(url: str, name: str) -> dict:
    req = urllib.request.Request(f"{url}/api/games", data=json.dumps(
        {"scenario": name}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def test_cr_seed_scenarios_replayed_by_clicks_reach_the_engines_end_position(server,
                                                                             context):
    """All twelve in one browser: every scripted answer given by clicks on the board and
    the prompt's buttons (the numbered list never needed for a pass, a land, a spell, an
    attack, a block or a choice), no answer refused, each seat's last observation the
    engine's at the stop point."""
    assert len(FILES) == 12, FILES
    seats = [Seat(context.new_page()), Seat(context.new_page())]
    how: Counter[str] = Counter()
    for name in FILES:
        answers, texts, expected = _reference(name)
        made = _create(server.url, name)
        assert len(made["seats"]) == 2
        for seat, entry in zip(seats, made["seats"], strict=True):
            seat.page.goto(server.url + entry["page"])
            seat.page.wait_for_function("() => window.manastack.state", polling=POLL_MS)
        while True:
            states = [s.state() for s in seats]
            n = max(s["answers"] for s in states if s)
            if n >= len(answers):
                break
            deciding = [s for s, st in zip(seats, states, strict=True)
                        if st and st["decision"] and st["decision"]["number"] == n]
            if not deciding:  # (the frames of the last answer on their way)
                seats[0].page.wait_for_timeout(20)
                continue
            player, action = answers[n]
            seat = deciding[0]
            assert seat.state()["seat"] == player, (name, n)
            how[(action["verb"], give(seat, action, texts[n]))] += 1
        for p, seat in enumerate(seats):
            seat.page.wait_for_function(
                "n => window.manastack.state && window.manastack.state.answers >= n",
                arg=len(answers), polling=POLL_MS)
            got = seat.state()
            assert got["answers"] == len(answers), (name, got["answers"], len(answers))
            assert got["observation"] == expected[p], (name, p)
        assert not any(s.errors for s in seats), [s.errors for s in seats]
        store = GameStore(server.db)  # (and no frame named a card hidden from its seat)
        setup = store.setup(made["game"])[0]
        table = Table(made["game"], setup)
        table.restore(store.records(made["game"]))
        check_frames(setup, list(table.game.history),
                     {p: seat.frames() for p, seat in enumerate(seats)})
    listed = {verb for (verb, way), k in how.items() if way == "list"}
    assert not listed & {"pass", "play", "cast", "attack", "block", "choose"}, how
    assert how[("cast", "click")] and how[("attack", "click")] and \
        how[("block", "click")], how

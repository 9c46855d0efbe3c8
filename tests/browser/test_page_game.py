"""A whole game in the browser against the heuristic agent, played by clicks alone
(issue 39, "How it is checked"), watched by a spectator's page; then every frame either
page received is checked for hidden cards (CR 400.2: nothing of the opponent's hand or
of a library, unless shown to that viewer)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from serverkit import check_frames

from manastack.server.store import GameStore
from manastack.server.table import Table

from .pagekit import POLL_MS, Seat, play_one

pytestmark = pytest.mark.browser


def test_cr_400_2_a_whole_game_by_clicks_against_the_heuristic_agent(server, context):
    """The lobby form makes the game (seed 2, the heuristic at the other seat), its
    links are shown and one's own seat opens; the click policy of ``pagekit`` plays it to
    its end (keep, lands, spells and their targets, attacks, blocks, passes) with no
    answer refused; the spectators' page follows it without a hand; no frame names a card
    its viewer may not see (CR 400.2)."""
    page = context.new_page()
    seat = Seat(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    page.fill("#seed", "2")
    page.click("#create-go")
    page.wait_for_selector(".seat-link")
    spectator_url = page.locator("#links a").last.get_attribute("href")
    assert "token=" in page.url
    watcher = Seat(context.new_page())
    watcher.page.goto(server.url + spectator_url)
    rng = random.Random(2)
    kinds: Counter[str] = Counter()
    after = -1
    for _ in range(3_000):
        state = seat.wait_turn(after)
        if state["over"]:
            break
        after = state["decision"]["number"]
        kinds[play_one(seat, rng)] += 1
    else:
        raise AssertionError("the game did not end")
    assert state["result"] and "The game is over" in page.inner_text("#prompt")
    assert kinds["priority"] > 10 and kinds["declare_attackers"] >= 1, kinds
    watcher.page.wait_for_function("() => window.manastack.state && "
                                   "window.manastack.state.over", polling=POLL_MS)
    assert watcher.page.locator("#hand-box").is_hidden()
    assert not seat.errors and not watcher.errors, seat.errors + watcher.errors
    game_id = state["game"]
    store = GameStore(server.db)
    setup = store.setup(game_id)[0]
    table = Table(game_id, setup)
    table.restore(store.records(game_id))
    checked, looked = check_frames(setup, list(table.game.history),
                                   {0: seat.frames(), None: watcher.frames()})
    assert checked > 50 and looked > 100

"""The full-screen terminal game played by keys alone (Textual's pilot), as a person
plays it: answers by number, by the arrows, by typed notation; undo, save, quit; whole
games against the heuristic agent (soak); nothing of another hand on the screen (400.2).
"""

from __future__ import annotations

import asyncio
import json

import pytest
from terminal_keys import SIZE, hidden_names, keys_of, leaks, play_by_keys, screen_text, settle

from manastack.engine import new_game
from manastack.play import default_deck
from manastack.table import load_table, new_table
from manastack.terminal.app import TableApp


def _table(seed: int = 3, decks: tuple[str, str] = ("red_green", "white_black"),
           humans: tuple[str, ...] = ("Alice",)):
    game = new_game(["Alice", "Bob"], [default_deck(decks[0]), default_deck(decks[1])], seed)
    return new_table(game, list(humans), "heuristic")


@pytest.mark.long
def test_keys_answer_undo_save_and_quit(tmp_path, monkeypatch):
    """Keys alone: keep (a number), play a land (typed notation, a prefix), undo it
    (Ctrl+Z: no other player decided, CR 116), save (Ctrl+S, a file name), and quit
    (Ctrl+Q asks to save; Enter alone quits without saving)."""
    table = _table()
    app = TableApp(table)
    monkeypatch.chdir(tmp_path)
    saved = tmp_path / "g.json"

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert app.question is not None and app.question.kind == "mulligan"
            assert "1. keep" in screen_text(app)
            await pilot.press("1", "enter")
            await settle(pilot, app)
            q = app.question
            assert q is not None and q.kind == "priority"
            hand = len(table.game.players[0].hand)
            land = next(c.text for c in q.choices if c.text.startswith("play "))
            await pilot.press(*keys_of(land[:9].lower()), "enter")  # ("play fore")
            await settle(pilot, app)
            if app.question is not None and len(table.game.players[0].hand) == hand:
                await pilot.press(*keys_of(land[9:]), "enter")  # (ambiguous: the rest)
                await settle(pilot, app)
            assert len(table.game.players[0].hand) == hand - 1
            await pilot.press("ctrl+z")
            await settle(pilot, app)
            assert len(app.table.game.players[0].hand) == hand
            assert "undone" in screen_text(app)
            await pilot.press("ctrl+s")
            await settle(pilot, app)
            await pilot.press(*keys_of(saved.name), "enter")
            await settle(pilot, app)
            assert "saved to" in screen_text(app)
            await pilot.press("ctrl+q")
            await settle(pilot, app)
            assert "Save the game first?" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot, app)
        assert app.final_line == "Game left unfinished."

    asyncio.run(run())
    resumed = load_table(saved)
    assert resumed.game.state_hash() == app.table.game.state_hash()
    assert json.loads(saved.read_text())["table"]["humans"] == ["Alice"]


def test_two_people_pass_the_keyboard():
    """Two people at one keyboard: between their decisions a screen hides the board, so
    neither sees the other's hand (400.2); after Enter the next person's view shows."""
    table = _table(humans=("Alice", "Bob"))
    app = TableApp(table)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            first = app.question.seat
            for _ in range(6):
                if app.waiting_pass:
                    break
                await pilot.press("enter")
                await settle(pilot, app)
            assert app.waiting_pass
            text = screen_text(app)
            assert "Pass the keyboard to" in text
            assert not leaks(text, {table.game.objects[i].name for p in table.game.players
                                    for i in p.hand})
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.question.seat != first
            assert not leaks(screen_text(app), hidden_names(table.game, app.question.seat))

    asyncio.run(run())


@pytest.mark.soak
@pytest.mark.parametrize("setup", [
    ("two_player", 2, ("red_green", "white_black"), 11),
    ("two_player", 2, ("white_blue", "black_red"), 12),
    ("free_for_all", 3, None, 13),
])
def test_whole_games_by_keys(setup):
    """Three whole games by keys alone against the heuristic agent (two two-player games
    with different default decks, a three-player free-for-all, 806), the screen scanned
    at every question for the names of the other hands (400.2)."""
    from manastack.game.state import GameOptions
    from manastack.variants import get_variant

    variant, n, decks, seed = setup
    names = ["Alice", "Bob", "Carol"][:n]
    if decks is None:
        deck_lists, extra = get_variant(variant).default_setup(n, seed)
        options = GameOptions(variant=variant, extra=extra)
    else:
        deck_lists, options = [default_deck(d) for d in decks], None
    game = new_game(names, deck_lists, seed, options)
    app = TableApp(new_table(game, ["Alice"], "heuristic"))

    async def run() -> int:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            return await play_by_keys(pilot, app, seed)

    asked = asyncio.run(run())
    assert app.table.game.decision is None and asked > 5
    assert app.final_line.startswith("Game over")


def test_the_screen_stays_live_while_an_agent_thinks() -> None:
    """The agents answer in a worker thread: while Bob's agent thinks (here a heuristic
    taking 0.3 s a decision, as the search takes its budget) the screen says whom it waits
    for and takes no answer; Ctrl+Q then waits for the question, and asks to save."""
    import time

    from manastack.agents import HeuristicAgent

    class Slow(HeuristicAgent):
        def act(self, game):  # type: ignore[no-untyped-def]
            time.sleep(0.3)
            return super().act(game)

    table = _table(seed=2)
    table.agents[1] = Slow(5)
    app = TableApp(table)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(100):  # (Bob's mulligan decision comes after Alice's)
                await pilot.pause()
                if app.thinking:
                    break
                if app.question is not None:
                    await pilot.press("1", "enter")
            assert app.thinking and app.question is None  # (no answer taken meanwhile)
            assert "Waiting for Bob" in screen_text(app)
            await pilot.press("1", "enter")  # (ignored)
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert app.quit_asked or "Save the game first?" in screen_text(app)
            await settle(pilot, app)
            assert "Save the game first?" in screen_text(app)

    asyncio.run(run())

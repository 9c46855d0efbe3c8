"""The table (manastack.table): questions, answers by number and by notation, undo and
its refusals (CR 116, 400.2, 701.18), save and resume, --stops."""

from __future__ import annotations

import random

import pytest

from manastack.engine import new_game
from manastack.errors import ManastackError
from manastack.play import default_deck
from manastack.stops import Stops, parse_stops, stops_spec
from manastack.table import Table, TableError, UndoRefused, load_table, new_table


def _table(seed: int = 3, humans: tuple[str, ...] = ("Alice",)) -> Table:
    game = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                    seed)
    return new_table(game, list(humans), "heuristic")


def _to_land_play(t: Table) -> None:
    """Keep, then pass until a land can be played."""
    for _ in range(200):
        q = t.advance()
        assert q is not None
        if q.kind == "mulligan":
            t.answer("keep")
        elif any(c.text.startswith("play ") for c in q.choices):
            return
        else:
            t.answer("1")
    raise AssertionError("no land to play")


def test_cr_116_undo_a_land_play_before_anyone_else_decides():
    """A land played (305.1) and nothing else decided since: undo puts it back in hand,
    the same game as before (its state hash) at the same question."""
    t = _table()
    _to_land_play(t)
    before = t.game.state_hash()
    land = next(c.text for c in t.advance().choices if c.text.startswith("play "))
    t.answer(land)
    assert t.game.state_hash() != before
    t.undo()
    assert t.game.state_hash() == before
    assert [c.text for c in t.advance().choices].count(land) == 1


def test_cr_116_undo_refused_once_another_player_decided():
    """Passing in one's main phase gives the opponent priority (116.3d): undo is
    refused, one line citing 116, and the game is unchanged."""
    t = _table()
    _to_land_play(t)
    t.answer("pass")
    t.advance()
    if not t.game.history or t.game.history[-1][0] == 0:
        pytest.skip("no other decision after the pass in this game")
    now = t.game.state_hash()
    with pytest.raises(UndoRefused, match=r"Bob has decided since \(CR 116"):
        t.undo()
    assert t.game.state_hash() == now


def test_cr_400_2_undo_refused_after_seeing_new_cards():
    """A mulligan (103.4) shows the person a new hand: undo can't take it back (400.2,
    hidden information), even though nobody else decided."""
    t = _table()
    q = t.advance()
    assert q.kind == "mulligan"
    t.answer("mulligan")
    q = t.advance()
    if q.kind != "mulligan" or t.game.history[-1][0] != 0:
        pytest.skip("the opponent decided in between in this game")
    with pytest.raises(UndoRefused, match=r"CR 400\.2"):
        t.undo()


def test_cr_701_18_undo_refused_after_something_random():
    """Anything random since the last question (a shuffle, 701.18; here the game's
    generator drawing, as a shuffle does) can't be undone: undoing would let the person
    try again."""
    t = _table()
    _to_land_play(t)
    land = next(c.text for c in t.advance().choices if c.text.startswith("play "))
    t.answer(land)
    t.game.rng.random()  # (what a shuffle does to the game's generator)
    t.question = None
    with pytest.raises(UndoRefused, match=r"CR 701\.18"):
        t.undo()


def test_bad_answers_are_one_line_and_change_nothing():
    """A number out of range, an unknown verb, a name of no card: one line each, the game
    unchanged."""
    t = _table()
    t.advance()
    before = t.game.state_hash()
    for bad in ("99", "0", "frobnicate", "cast Zzyzx", "play"):
        with pytest.raises(TableError) as e:
            t.answer(bad)
        assert "\n" not in str(e.value)
        assert t.game.state_hash() == before


def _policy(t: Table) -> None:
    """A scripted person: a random listed answer, seeded by the decision's number."""
    q = t.advance()
    rng = random.Random(len(t.game.history))
    t.answer(str(rng.randint(1, len(q.choices))) if q.choices else "attack")


def test_save_and_resume_reach_the_same_game(tmp_path):
    """A game saved after 12 questions and resumed (the agent made again) reaches the
    same final state (its hash) as the same game played without stopping."""
    whole = _table(seed=5)
    while whole.advance() is not None:
        _policy(whole)
    cut = _table(seed=5)
    for _ in range(12):
        _policy(cut)
    cut.advance()
    path = tmp_path / "t.json"
    cut.save(path)
    again = load_table(path)
    assert again.advance().decision.kind == cut.advance().decision.kind
    assert again.game.state_hash() == cut.game.state_hash()
    while again.advance() is not None:
        _policy(again)
    assert again.game.state_hash() == whole.game.state_hash()
    assert again.result() == whole.result()


def test_a_tampered_table_file_is_one_line(tmp_path):
    """A table file whose decisions were changed, or that isn't one, is refused in one
    line naming the file."""
    t = _table()
    for _ in range(5):
        _policy(t)
    path = tmp_path / "t.json"
    t.save(path)
    text = path.read_text()
    path.write_text(text.replace('"keep"', '"mulligan"', 1).replace('"take": false',
                                                                     '"take": true', 1))
    with pytest.raises(ManastackError, match=str(path)):
        load_table(path)
    path.write_text("[1, 2")
    with pytest.raises(ManastackError, match="not a table file"):
        load_table(path)


def test_stops_spec_round_trip_and_errors():
    """--stops: own/others steps and on/off flags (docs/stops.md), written back the same;
    errors in one line."""
    s = parse_stops("own=upkeep,precombat_main; others=end; stack=off")
    assert s == Stops(frozenset({"upkeep", "precombat_main"}), frozenset({"end"}),
                      stack=False)
    assert parse_stops(stops_spec(s)) == s
    assert parse_stops("") == Stops()
    for bad in ("own", "own=lunch", "color=blue", "stack=maybe", "own=end;own=end"):
        with pytest.raises(ManastackError) as e:
            parse_stops(bad)
        assert "\n" not in str(e.value)

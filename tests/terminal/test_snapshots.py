"""Snapshots of the terminal game's screen (120x40), one for each kind of decision a
person meets: priority, targets, X, modes, attackers, blockers, the damage assignment
order (509.2), damage assignment (510.1), a mulligan (103.4), a choice (discarding at
cleanup, 514.1), scry (701.18 of the seed guide's list: look and order).

The expected screens are text files in ``snapshots/``; after a deliberate change of the
screen, write them again with ``MANASTACK_UPDATE_SNAPSHOTS=1 python -m pytest
tests/terminal/test_snapshots.py`` and read the diff (docs/contributing.md)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from terminal_keys import SIZE, screen_text, settle

from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.play import default_deck
from manastack.table import Table, new_table
from manastack.terminal.app import TableApp

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("MANASTACK_UPDATE_SNAPSHOTS") == "1"


def _game(alice: dict[str, list[str]], bob: dict[str, list[str]], step: str,
          active: int = 0) -> Game:
    g = setup_game(library_size=20)
    for seat, zones in ((0, alice), (1, bob)):
        for zone, cards in zones.items():
            for card in cards:
                put(g, seat, zone, card)
    return start_at(g, step, turn=2, active=active)


def _answer(t: Table, *texts: str) -> None:
    for text in texts:
        t.advance()
        t.answer(text)


def priority() -> tuple[Table, list[str]]:
    g = _game({"battlefield": ["Mountain", "Mountain"],
               "hand": ["Lightning Bolt", "Mountain", "Grizzly Bears"]},
              {"battlefield": ["Grizzly Bears"], "hand": ["Shock"]}, "precombat_main")
    return new_table(g, ["Alice"]), []


def targets() -> tuple[Table, list[str]]:
    t, _ = priority()
    return t, ["2", "enter"]  # (the group "cast Lightning Bolt ...")


def x_value() -> tuple[Table, list[str]]:
    g = _game({"battlefield": ["Mountain"] * 3, "hand": ["Fireball"]},
              {"battlefield": ["Grizzly Bears"]}, "precombat_main")
    return new_table(g, ["Alice"]), ["2", "enter", "x", "=", "2"]


def modes() -> tuple[Table, list[str]]:
    g = _game({"battlefield": ["Plains"], "hand": ["Healing Salve"]},
              {"battlefield": ["Grizzly Bears"]}, "precombat_main")
    return new_table(g, ["Alice"]), ["2", "enter"]


def attackers() -> tuple[Table, list[str]]:
    g = _game({"battlefield": ["Grizzly Bears", "Serra Angel", "Plains"]},
              {"battlefield": ["Wall of Wood"]}, "beginning_of_combat")
    return new_table(g, ["Alice"]), ["2", "enter"]  # (Grizzly Bears toggled)


def _bob_attacks() -> Table:
    g = _game({"battlefield": ["Wall of Wood", "Giant Spider"]},
              {"battlefield": ["Grizzly Bears", "Serra Angel"]}, "beginning_of_combat",
              active=1)
    t = new_table(g, ["Alice", "Bob"])
    _answer(t, "attack Grizzly Bears -> Alice, Serra Angel -> Alice")
    return t


def blockers() -> tuple[Table, list[str]]:
    return _bob_attacks(), []


def blocker_attacker() -> tuple[Table, list[str]]:
    return _bob_attacks(), ["3", "enter"]  # (Giant Spider: which attacker?)


def _gorger_blocked() -> Table:
    g = _game({"battlefield": ["Vastwood Gorger"]},
              {"battlefield": ["Grizzly Bears", "Runeclaw Bear"]}, "beginning_of_combat")
    t = new_table(g, ["Alice", "Bob"])
    _answer(t, "attack Vastwood Gorger -> Bob",
            "block Grizzly Bears -> Vastwood Gorger, Runeclaw Bear -> Vastwood Gorger")
    return t


def order() -> tuple[Table, list[str]]:
    return _gorger_blocked(), []


def damage() -> tuple[Table, list[str]]:
    t = _gorger_blocked()
    _answer(t, "1")
    while t.advance().kind != "assign_damage":
        _answer(t, "pass")
    return t, []


def mulligan() -> tuple[Table, list[str]]:
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_blue")], 1)
    return new_table(g, ["Alice"]), []


def choose() -> tuple[Table, list[str]]:
    g = _game({"hand": ["Plains"] * 5 + ["Grizzly Bears"] * 4}, {}, "end")
    return new_table(g, ["Alice"]), []


def scry() -> tuple[Table, list[str]]:
    g = _game({"battlefield": ["Island"], "hand": ["Preordain"], "library": ["Island"]},
              {}, "precombat_main")
    t = new_table(g, ["Alice"])
    _answer(t, "cast Preordain")
    return t, []


POSITIONS: dict[str, tuple[Callable[[], tuple[Table, list[str]]], str]] = {
    "priority": (priority, "priority"), "targets": (targets, "priority"),
    "x": (x_value, "priority"), "modes": (modes, "priority"),
    "attackers": (attackers, "declare_attackers"),
    "blockers": (blockers, "declare_blockers"),
    "blocker_attacker": (blocker_attacker, "declare_blockers"),
    "order": (order, "order_blockers"), "damage": (damage, "assign_damage"),
    "mulligan": (mulligan, "mulligan"), "choose": (choose, "discard"),
    "scry": (scry, "scry"),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_screen_snapshot(name):
    """The screen of a decision of each kind, as the person sees it (120x40), compared
    with its snapshot."""
    make, kind = POSITIONS[name]
    table, keys = make()
    app = TableApp(table)

    async def run() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert app.question is not None
            assert app.question.kind == kind or app.question.decision.kind == kind or \
                kind in getattr(app.question.decision, "purpose", ""), app.question.kind
            if keys:
                await pilot.press(*keys)
                await settle(pilot, app)
            return screen_text(app)

    text = asyncio.run(run())
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"the screen differs from {path}"


def test_screen_renders_in_80x24():
    """The smallest screen the game supports, 80x24: the board, the hand, who decides
    and the answers are all on it."""
    table, _ = priority()
    app = TableApp(table)

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            return screen_text(app)

    text = asyncio.run(run())
    for part in ("Alice (you)", "Lightning Bolt", "1. pass", "Alice decides"):
        assert part in text, part
    path = SNAPSHOTS / "priority_80x24.txt"
    if UPDATE or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"the screen differs from {path}"


def test_screen_in_french():
    """``--lang fr``: the screen's words, the steps and the log in French (the terms of
    the French judge study guide); the notation stays the same."""
    table, _ = mulligan()
    table.lang = "fr"
    app = TableApp(table)

    async def run() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            return screen_text(app)

    text = asyncio.run(run())
    for part in ("Alice (vous)", "points de vie", "Main de Alice", "Pile : vide",
                 "1. keep", "décide"):
        assert part in text, part
    path = SNAPSHOTS / "mulligan_fr.txt"
    if UPDATE or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"the screen differs from {path}"

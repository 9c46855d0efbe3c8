"""Helpers of the terminal tests: the screen as text, the names a seat must not see, and
a person's answers typed as keys into the full-screen app."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console

from manastack.agents import HeuristicAgent
from manastack.engine import Game
from manastack.game.decisions import Action, DeclareAttackers, DeclareBlockers
from manastack.rules.hidden import visible_to
from manastack.terminal.app import TableApp

#: The screen size of the tests (the app renders in 80x24 and larger).
SIZE = (120, 40)


def screen_text(app: TableApp) -> str:
    """The screen as plain text, as a terminal shows it (no colours)."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True,
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    text = console.export_text()
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def hidden_names(game: Game, seat: int) -> set[str]:
    """The names of the cards in the other players' hands that ``seat`` may not see and
    that are named nowhere public (no object of that name visible to them, in any zone;
    not named by the public log: a card seen on the battlefield, then put back into a
    library and drawn, is known)."""
    seen = {o.name for oid, o in game.objects.items() if visible_to(game, seat, oid)}
    public = "\n".join(e.render() for e in game.log_for(None))
    return {n for n in (game.objects[i].name for p in game.players if p.index != seat
                        for i in p.hand) if n not in seen and not leaks(public, {n})}


def leaks(text: str, names: set[str]) -> list[str]:
    """The ``names`` that ``text`` holds as words."""
    return [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)]


async def settle(pilot: Any, app: TableApp) -> None:
    """Wait until the app shows its next question: the agents answer in a worker thread
    (``app.thinking``), then the screen is redrawn."""
    import asyncio

    await pilot.pause()
    for _ in range(6000):  # (at most a minute: an agent's answers)
        if not app.thinking:
            break
        await asyncio.sleep(0.01)
        await pilot.pause()
    await pilot.pause()


def keys_of(text: str) -> list[str]:
    """The keys that type ``text``."""
    names = {" ": "space", "-": "minus", ">": "greater_than_sign", ",": "comma",
             "=": "equals_sign", "+": "plus", "#": "number_sign", ":": "colon",
             ";": "semicolon", "'": "apostrophe"}
    return [names.get(c, c) for c in text]


def same(a: Action, b: Any) -> bool:
    return a.to_json() == b.to_json()


async def type_answer(pilot: Any, app: TableApp, action: Action) -> None:
    """Type ``action`` into the app by keys: its number in the list (opening its group
    first), the creatures of a combat declaration one by one, or its text."""
    from manastack.engine.notation import action_text

    async def number(k: int) -> None:
        await pilot.press(*str(k + 1), "enter")
        await settle(pilot, app)

    if app.view_mode in ("attack", "block") and isinstance(
            action, DeclareAttackers | DeclareBlockers):
        pairs = list(action.attacks) if isinstance(action, DeclareAttackers) else [
            (b, a[0]) for b, a in action.blocks if len(a) == 1]
        if isinstance(action, DeclareAttackers) and action.bands or \
                isinstance(action, DeclareBlockers) and len(pairs) != len(action.blocks):
            pairs = []  # (typed as text below)
        else:
            for creature, target in pairs:
                k = next(i for i, e in enumerate(app.answer_entries)
                         if e.kind == "toggle" and e.value == creature)
                await number(k)
                if app.view_mode in ("defender", "attacker"):
                    k = next(i for i, e in enumerate(app.answer_entries)
                             if e.kind in ("defender", "attacker") and e.value == target)
                    await number(k)
            await number(0)  # "Declare: ..."
            return
    text = action_text(app.table.game, action, app.question.seat if app.question else None)
    for k, e in enumerate(app.answer_entries):
        if e.kind == "action" and e.label == text:
            await number(k)
            return
    from manastack.terminal.app import _head
    for k, e in enumerate(app.answer_entries):
        if e.kind == "group" and e.value == _head(text):
            await number(k)
            for j, e2 in enumerate(app.answer_entries):
                if e2.kind == "action" and e2.label == text:
                    await number(j)
                    return
    await pilot.press(*keys_of(text), "enter")
    await settle(pilot, app)


async def play_by_keys(pilot: Any, app: TableApp, seed: int = 1, max_questions: int = 2000,
                       check_hidden: bool = True) -> int:
    """Play the game to its end by keys: at each question, the heuristic agent's answer
    typed (:func:`type_answer`); with ``check_hidden``, the screen is scanned for the
    names of the other hands.  The number of questions answered."""
    agents: dict[int, HeuristicAgent] = {}
    n = 0
    while app.question is not None and n < max_questions:
        if app.waiting_pass:
            await pilot.press("enter")
            await settle(pilot, app)
            continue
        q = app.question
        game = app.table.game
        if check_hidden:
            found = leaks(screen_text(app), hidden_names(game, q.seat))
            assert not found, f"the screen of {game.players[q.seat].name} names {found}"
        agent = agents.setdefault(q.seat, HeuristicAgent(seed + q.seat))
        before = len(game.history)
        await type_answer(pilot, app, agent.act(game))
        assert app.table.game is game and (len(game.history) > before or game.decision is None), \
            f"the keys didn't answer {q.kind}: {app.query_one('#message').render()}"
        n += 1
    return n

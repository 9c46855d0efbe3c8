"""Only the rules' mutation primitives write the change journal.

``GameState.changed`` and ``GameState.moved`` record state changes; the memos and check
mode (``MANASTACK_CHECK_MEMOS``) trust that journal.  So it is written in one place: the
primitives of ``rules/`` (tap, counters, life, zone changes...) make a change and journal
it.  Cards and variants call those primitives and never write the journal themselves,
so a card can't forget a journal entry or write a different one for the same change.
"""

from __future__ import annotations

import ast
from pathlib import Path

import manastack

SOURCE = Path(manastack.__file__).parent
JOURNAL = frozenset({"changed", "moved"})


def _journal_calls(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [f"{path.relative_to(SOURCE.parent)}:{node.lineno}: .{node.func.attr}(...)"
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in JOURNAL]


def test_cards_and_variants_never_write_the_journal() -> None:
    files = sorted((SOURCE / "cards").rglob("*.py")) + sorted((SOURCE / "variants").rglob("*.py"))
    assert len(files) > 10
    found = [c for f in files for c in _journal_calls(f)]
    assert found == [], "call a primitive of manastack.rules instead:\n" + "\n".join(found)


def test_the_walk_finds_a_journal_call() -> None:
    f = SOURCE / "rules" / "zones.py"
    assert any(".changed(" in c for c in _journal_calls(f))

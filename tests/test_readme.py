"""The README's examples run (python-chess style doctested README)."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_doctests() -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.failed == 0 and result.attempted > 0


def test_docs_events_doctests() -> None:
    """``docs/events.md``'s examples run: a line rendered in English and French."""
    page = Path(__file__).resolve().parents[1] / "docs" / "events.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.failed == 0 and result.attempted > 0


def test_docs_notation_doctests() -> None:
    """``docs/notation.md``'s examples run: texts written and read back, an ambiguous
    name refused, a hidden card unnamed."""
    page = Path(__file__).resolve().parents[1] / "docs" / "notation.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.failed == 0 and result.attempted > 0

"""The README's examples run (python-chess style doctested README)."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_doctests() -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.failed == 0 and result.attempted > 0

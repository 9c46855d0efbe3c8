"""The scenario corpus (tests/scenarios): every file must pass (SCENARIOS.md contract)."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack.scenario.model import find_scenario_files, load_scenarios
from manastack.scenario.runner import run_scenario

CORPUS = Path(__file__).parent / "scenarios"
SCENARIOS = [sc for f in find_scenario_files([CORPUS]) for sc in load_scenarios(f)]


@pytest.mark.parametrize("sc", SCENARIOS, ids=[f"{Path(s.path).stem}:{s.index}" for s in SCENARIOS])
def test_scenario(sc) -> None:  # type: ignore[no-untyped-def]
    """Runs one scenario of the corpus; the message says what differed."""
    res = run_scenario(sc)
    assert res.passed, res.message

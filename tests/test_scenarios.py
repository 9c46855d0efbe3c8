"""The scenario corpus (tests/scenarios): every file must pass (SCENARIOS.md contract)."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack.scenario.model import find_scenario_files, load_scenarios
from manastack.scenario.runner import run_scenario

CORPUS = Path(__file__).parent / "scenarios"
#: Each file of the corpus and its scenarios, loaded once (at collection); also read by
#: tests/test_hostile_inputs.py (the project's files are within the limits).
LOADED = {f: load_scenarios(f) for f in find_scenario_files([CORPUS])}
SCENARIOS = [sc for scenarios in LOADED.values() for sc in scenarios]


@pytest.mark.parametrize("sc", SCENARIOS, ids=[f"{Path(s.path).stem}:{s.index}" for s in SCENARIOS])
def test_scenario(sc) -> None:  # type: ignore[no-untyped-def]
    """Runs one scenario of the corpus; the message says what differed."""
    res = run_scenario(sc)
    assert res.passed, res.message

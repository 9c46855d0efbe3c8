"""How the runner turns script entries into actions (SCENARIOS.md, docs/scenarios.md)."""

from __future__ import annotations

from manastack.scenario.model import parse_scenarios
from manastack.scenario.runner import run_scenario


def test_cr_700_2_activate_modes_pick_the_mode_of_a_modal_activated_ability() -> None:
    """CR 700.2: `modes` on an `activate` entry picks the mode of a modal activated
    ability (Skinshifter's "{G}: Choose one", ability 1 as printed): mode 3 makes it a
    0/8 Plant.  `modes` on an ability without modes is an error, not ignored."""
    text = """
name: X
players: [A, B]
start: {step: precombat_main}
state: {A: {battlefield: [Forest, %s]}}
script:
  - {turn: 1, step: precombat_main, player: A, activate: %s, modes: [3]}
expect: {objects: {%s: {power: 0, toughness: 8}}}
"""
    sc, = parse_scenarios(text % ("Skinshifter", "Skinshifter", "Skinshifter"))
    assert run_scenario(sc).passed
    sc, = parse_scenarios(text % ("Llanowar Elves", "Llanowar Elves", "Llanowar Elves"))
    res = run_scenario(sc)
    assert not res.passed and "has no modes" in res.message


def test_cr_703_4_log_cites_a_turn_based_action_by_its_703_4_letter() -> None:
    """CR 703.4 (seed 003): each turn-based action refers to the rule of its step
    ("703.4c ... See rule 504.1"); a log line citing that rule cites the letter too."""
    from manastack.scenario.runner import _log_cites

    assert _log_cites("504.1", "703.4c")
    assert _log_cites("500.4", "703.4p")
    assert _log_cites("510.1", "703.4j") and _log_cites("514.2", "703.4n")
    assert _log_cites("502.1", "703.4")
    assert not _log_cites("504.1", "703.4p")
    assert not _log_cites("603.3", "703.4")
    assert _log_cites("510.1c", "510.1") and not _log_cites("510.1", "510.1c")

"""Scenario files of the casual variants: setup errors name the file, the scenario, the
entry and what is wrong (docs/scenarios.md)."""

from __future__ import annotations

import pytest

from manastack.errors import ScenarioError
from manastack.scenario.model import parse_scenarios
from manastack.scenario.runner import run_scenario

BASE = """
name: X
players: [A, B, C]
options: {variant: %s, extra: %s}
start: {turn: 2, active: A, step: precombat_main}
%s
"""


def parse(variant: str, extra: str, rest: str = "") -> list:  # type: ignore[type-arg]
    return parse_scenarios(BASE % (variant, extra, rest), "v.yaml")


@pytest.mark.parametrize(("variant", "extra", "rest", "message"), [
    ("commander", "{commanders: {A: Grizzly Bears}}", "",
     "options.extra.commanders: A: Grizzly Bears isn't legendary"),
    ("commander", "{commanders: {Zed: Kei Takahashi}}", "", "'Zed' isn't a player"),
    ("commander", "{commander: {A: Kei Takahashi}}", "",
     "options.extra.commander: not an option of commander"),
    ("commander", "{commander_replacement: {A: maybe}}", "", "isn't one of ask, command"),
    ("archenemy", "{schemes: [Krosa]}", "", "Krosa isn't a scheme card"),
    ("archenemy", "{archenemy: Zed}", "", "'Zed' isn't a player"),
    ("supervillain_rumble", "{schemes: {A: [Krosa]}}", "", "Krosa isn't a scheme card"),
    ("supervillain_rumble", "{range: 1}", "",
     "options.extra.range: not an option of supervillain_rumble"),
    ("planechase", "{planar_decks: {A: [Gerrard]}}", "", "Gerrard isn't a plane card"),
    ("planechase", "{planar_die: [six]}", "", "planar_die must list die faces"),
    ("vanguard", "{avatars: [Krosa]}", "", "Krosa isn't a vanguard card"),
    ("planechase", "{}", "state: {A: {commander_casts: 1}}",
     "'commander_casts' is only for options.variant commander"),
    ("commander", "{}", "state: {B: {commander_damage: {Zed: 3}}}", "unknown player 'Zed'"),
    ("commander", "{}", "state: {B: {commander_damage: 3}}", "must map players to numbers"),
    ("commander", "{}", "expect: {A: {planar_deck: []}}",
     "'planar_deck' is only for options.variant planechase"),
])
def test_bad_variant_setup_is_a_scenario_error(variant: str, extra: str, rest: str,
                                               message: str) -> None:
    with pytest.raises(ScenarioError, match="v.yaml: scenario 'X'") as e:
        parse(variant, extra, rest)
    assert message in str(e.value)


def test_variant_setup_errors_in_the_game() -> None:
    """Problems found when the game is set up are scenario errors too."""
    sc, = parse("planechase", "{planar_decks: {A: [Krosa]}}",
                "state: {B: {command: [Goldmeadow, Minamo]}}")
    res = run_scenario(sc)
    assert not res.passed and "scenario error" in res.message and \
        "only one plane can be face up" in res.message
    sc, = parse("archenemy", "{archenemy: A}", "state: {B: {command: [Feed the Machine]}}")
    assert "only the archenemy has schemes" in run_scenario(sc).message
    sc, = parse_scenarios("""
name: X
players: [A, B]
options: {variant: archenemy, extra: {archenemy: B}}
start: {step: game_start, first: A}
decks: {A: [40 Forest], B: [40 Forest]}
""", "v.yaml")
    assert "start.first: A can't take the first turn" in run_scenario(sc).message
    sc, = parse_scenarios("""
name: X
players: [A, B]
options: {variant: commander, extra: {commanders: {A: Kei Takahashi}}}
start: {step: game_start}
decks: {A: [40 Forest], B: [40 Forest]}
""", "v.yaml")
    res = run_scenario(sc)
    assert "scenario error" in res.message and "doesn't contain their commander" in res.message


def test_commander_default_mulligan_and_first_seat() -> None:
    sc, = parse_scenarios("""
name: X
players: [A, B]
options: {variant: commander}
start: {step: game_start}
decks: {A: [40 Forest], B: [40 Forest]}
""", "v.yaml")
    assert sc.options["mulligan"] == "commander" and sc.start.first is None

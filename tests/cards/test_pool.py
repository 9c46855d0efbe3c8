"""The card pool: which cards have behaviour, keywords against the database, refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from manastack.cards.database import all_card_data, cards_in_set
from manastack.cards.registry import get_card, implemented_names, is_implemented, lookup
from manastack.errors import CardError
from manastack.scenario.model import all_card_names, find_scenario_files, load_scenarios

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
    """Every card used by the scenario corpus (seeds included) is implemented."""
    corpus = Path(__file__).parents[1] / "scenarios"
    for f in find_scenario_files([corpus]):
        for sc in load_scenarios(f):
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


"""Tests of deck lists (manastack.decks): the three file formats and the CR 100 checks.

Samples live in tests/data/decks/; names are checked against the real card database.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from manastack.decks import (
    BASIC_LAND_NAMES,
    DeckEntry,
    DeckList,
    check_deck,
    load_deck,
    parse_deck,
    validate_deck,
)
from manastack.errors import DeckError, ManastackError

DECKS = Path(__file__).parent / "data" / "decks"
LEGAL_SAMPLES = [
    "burn.txt",
    "burn_sb_prefix.txt",
    "elves.dek",
    "goblins_arena.txt",
    "goblins_arena_no_headers.txt",
]


def sample(name: str) -> DeckList:
    return load_deck(DECKS / name)


def source(name: str) -> str:
    return str(DECKS / name)


def deck_of(
    main: dict[str, int], side: dict[str, int] | None = None, src: str = "t.txt"
) -> DeckList:
    """A deck with one line per card: main deck first, then the sideboard."""
    lines = [f"{n} {card}" for card, n in main.items()]
    if side:
        lines += ["Sideboard"] + [f"{n} {card}" for card, n in side.items()]
    return parse_deck("\n".join(lines), source=src, fmt="text")


RED_60 = {"Lightning Bolt": 4, "Shock": 4, "Incinerate": 4, "Lava Axe": 4, "Mountain": 44}


# --------------------------------------------------------------------------- plain text


def test_plain_text_sample_parses_counts_names_and_line_numbers() -> None:
    deck = sample("burn.txt")
    assert deck.main[0] == DeckEntry(4, "Lightning Bolt", 5)
    assert deck.main[1] == DeckEntry(4, "Shock", 6)  # "4x Shock"
    assert DeckEntry(1, "Manic Vandal", 15) in deck.main  # no count means 1
    assert deck.main[-1] == DeckEntry(20, "Mountain", 18)
    assert deck.sideboard[0] == DeckEntry(3, "Pyroclasm", 21)
    assert deck.count() == 60
    assert len(deck.sideboard_cards()) == 15
    assert deck.source == source("burn.txt")
    assert deck.name == "burn"  # file stem when the file names no deck


def test_plain_text_comments_blank_lines_and_deck_header_are_ignored() -> None:
    deck = parse_deck("# comment\n\n// another\nDeck\n  \n2 Shock\n\n1 Fireball\n", fmt="text")
    assert [(e.count, e.name, e.line) for e in deck.main] == [(2, "Shock", 6), (1, "Fireball", 8)]
    assert deck.sideboard == ()


def test_plain_text_blank_line_between_two_blocks_starts_the_sideboard() -> None:
    """An MTGO ``.txt`` export: the main deck, a blank line, the sideboard, no header.
    With three blocks or more (a main deck grouped by blank lines), or with a header,
    blank lines are ignored."""
    deck = parse_deck("4 Shock\n\n2 Fireball\n")
    assert deck.cards() == ["Shock"] * 4 and deck.sideboard_cards() == ["Fireball"] * 2
    assert deck.blank_sideboard == 2
    deck = parse_deck("4 Shock\n\n2 Fireball\n\n1 Fog\n")
    assert deck.count() == 7 and deck.sideboard == ()
    deck = parse_deck("Deck\n4 Shock\n\n2 Fireball\n")
    assert deck.count() == 6 and deck.sideboard == ()


@pytest.mark.parametrize(
    "header", ["Sideboard", "sideboard", "SIDEBOARD:", "Sideboard :", "Side board"]
)
def test_plain_text_sideboard_header_is_case_insensitive_with_optional_colon(header: str) -> None:
    deck = parse_deck(f"4 Shock\n{header}\n2 Fireball\n")
    assert deck.cards() == ["Shock"] * 4
    assert deck.sideboard_cards() == ["Fireball", "Fireball"]


def test_plain_text_sb_prefix_lines_go_to_the_sideboard_wherever_they_are() -> None:
    deck = sample("burn_sb_prefix.txt")
    assert deck.count() == 60
    assert deck.sideboard[0] == DeckEntry(3, "Pyroclasm", 14)
    assert [e.name for e in deck.sideboard] == [
        "Pyroclasm",
        "Combust",
        "Circle of Flame",
        "Demolish",
        "Manic Vandal",
        "Reverberate",
    ]
    assert parse_deck("sb:2x Shock").sideboard == (DeckEntry(2, "Shock", 1),)


def test_sb_prefix_and_header_styles_give_the_same_cards() -> None:
    header, prefix = sample("burn.txt"), sample("burn_sb_prefix.txt")
    assert sorted(header.cards()) == sorted(prefix.cards())
    assert sorted(header.sideboard_cards()) == sorted(prefix.sideboard_cards())


def test_count_forms_4_and_4x_and_4_x_and_bare_name() -> None:
    deck = parse_deck("4 Shock\n4x Fireball\n3 X Lava Axe\n2X Incinerate\nLightning Bolt")
    assert [(e.count, e.name) for e in deck.main] == [
        (4, "Shock"),
        (4, "Fireball"),
        (3, "Lava Axe"),
        (2, "Incinerate"),
        (1, "Lightning Bolt"),
    ]


def test_split_card_names_with_double_slash_are_not_comments() -> None:
    deck = parse_deck("1 Fire // Ice\n// a comment")
    assert deck.cards() == ["Fire // Ice"]


def test_cards_and_sideboard_cards_expand_counts_in_file_order() -> None:
    deck = parse_deck("2 Shock\n1 Fireball\n1 Shock\nSideboard\n2 Fog\n1 Naturalize")
    assert deck.cards() == ["Shock", "Shock", "Fireball", "Shock"]
    assert deck.sideboard_cards() == ["Fog", "Fog", "Naturalize"]
    assert deck.count() == 4


# --------------------------------------------------------------------------- bad counts


def test_bad_counts_are_syntax_errors_naming_every_line() -> None:
    with pytest.raises(DeckError) as caught:
        sample("bad_count.txt")
    problems = str(caught.value).splitlines()
    src = source("bad_count.txt")
    assert problems == [
        f"{src} line 3: bad count '0' (the count must be a whole number from 1 to 250)",
        f"{src} line 4: bad count '-2' (the count must be a whole number from 1 to 250)",
        f"{src} line 5: bad count '4a' (the count must be a whole number from 1 to 250)",
        f"{src} line 6: bad count '999' (the count must be a whole number from 1 to 250)",
    ]


@pytest.mark.parametrize(
    "line, token",
    [
        ("0 Shock", "0"),
        ("0x Shock", "0"),
        ("-1 Shock", "-1"),
        ("+2 Shock", "+2"),
        ("2.5 Shock", "2.5"),
        ("4a Shock", "4a"),
        ("251 Mountain", "251"),
    ],
)
def test_bad_count_is_rejected_with_its_line_number(line: str, token: str) -> None:
    with pytest.raises(DeckError, match=rf"^d\.txt line 2: bad count '{re.escape(token)}'"):
        parse_deck(f"4 Lightning Bolt\n{line}", source="d.txt")


def test_count_250_is_the_largest_accepted() -> None:
    assert parse_deck("250 Mountain").count() == 250


def test_count_without_card_name_is_a_syntax_error() -> None:
    with pytest.raises(DeckError, match=r"^d\.txt line 1: no card name after '4x'"):
        parse_deck("4x", source="d.txt")
    with pytest.raises(DeckError, match=r"^d\.txt line 2: no card name"):
        parse_deck("1 Shock\nSB:", source="d.txt")


def test_deck_error_is_a_value_error_and_a_manastack_error() -> None:
    with pytest.raises(ValueError):
        parse_deck("0 Shock")
    assert issubclass(DeckError, ManastackError)


# --------------------------------------------------------------------------- MTGO .dek


def test_mtgo_dek_sample_parses_main_and_sideboard_with_line_numbers() -> None:
    deck = sample("elves.dek")
    assert deck.main[0] == DeckEntry(4, "Llanowar Elves", 5)
    assert deck.main[2] == DeckEntry(4, "Grizzly Bears", 7)
    assert deck.sideboard[0] == DeckEntry(3, "Fog", 17)
    assert deck.count() == 60
    assert len(deck.sideboard_cards()) == 11
    assert deck.name == "elves"


def test_mtgo_dek_is_detected_from_content_not_only_extension() -> None:
    text = (DECKS / "elves.dek").read_text(encoding="utf-8")
    assert parse_deck(text).cards() == sample("elves.dek").cards()
    assert parse_deck("\ufeff  " + text).count() == 60  # BOM and leading space
    assert parse_deck("\n\n" + text).main[0].line == 7  # leading blank lines keep line numbers
    with pytest.raises(DeckError, match=r"^<string> line 7: malformed XML"):
        parse_deck("\n\n" + (DECKS / "truncated.dek").read_text(encoding="utf-8"))


def test_mtgo_dek_tag_over_several_lines_reports_the_line_it_starts_on() -> None:
    text = (
        "<Deck>\n"
        '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Shock" />\n'
        '  <Cards CatID="2"\n'
        '         Quantity="2"\n'
        '         Sideboard="TRUE" Name="Fog" />\n'
        "</Deck>\n"
    )
    deck = parse_deck(text)
    assert deck.main == (DeckEntry(4, "Shock", 2),)
    assert deck.sideboard == (DeckEntry(2, "Fog", 3),)


def test_mtgo_dek_one_line_file_parses() -> None:
    text = '<Deck><Cards Quantity="4" Name="Shock"/><Cards Quantity="1" Sideboard="true" Name="Fog"/></Deck>'
    deck = parse_deck(text)
    assert deck.cards() == ["Shock"] * 4 and deck.sideboard_cards() == ["Fog"]


def test_truncated_dek_raises_deck_error_with_line_number() -> None:
    with pytest.raises(DeckError) as caught:
        sample("truncated.dek")
    assert str(caught.value).startswith(f"{source('truncated.dek')} line 5: malformed XML (")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("<Deck><Cards Quantity='4' Name='Shock'>", r"^d\.dek line 1: malformed XML \("),
        (
            "<Deck>\n<Cards Quantity='4' Name='Shock'/>\n</Dekc>",
            r"^d\.dek line 3: malformed XML \(mismatched tag",
        ),
        (
            "<Cube><Cards Quantity='4' Name='Shock'/></Cube>",
            r"root element is <Cube>, expected <Deck>",
        ),
        (
            "<Deck>\n<Cards Quantity='four' Name='Shock'/></Deck>",
            r"^d\.dek line 2: bad count 'four' for 'Shock'",
        ),
        ("<Deck>\n<Cards Quantity='0' Name='Shock'/></Deck>", r"^d\.dek line 2: bad count '0'"),
        ("<Deck>\n<Cards Name='Shock'/></Deck>", r"^d\.dek line 2: bad count ''"),
        (
            "<Deck>\n\n<Cards Quantity='4'/></Deck>",
            r"^d\.dek line 3: <Cards> element without a Name",
        ),
        ("<Deck><Cards Quantity='4' Name='Shock' Sideboard='maybe'/></Deck>", r"Sideboard must be"),
        ("<!DOCTYPE d [<!ENTITY a 'b'>]><Deck/>", r"entity declarations are not allowed"),
    ],
)
def test_malformed_dek_raises_clear_deck_error(text: str, expected: str) -> None:
    with pytest.raises(DeckError, match=expected):
        parse_deck(text, source="d.dek")


# --------------------------------------------------------------------------- MTG Arena


def test_arena_export_keeps_set_code_and_collector_number() -> None:
    deck = sample("goblins_arena.txt")
    assert deck.main[0] == DeckEntry(4, "Goblin Chieftain", 5, "M12", "138")
    assert deck.main[-1] == DeckEntry(20, "Mountain", 15, "M12", "242")
    assert deck.sideboard[0] == DeckEntry(2, "Manabarbs", 18, "M12", "150")
    assert deck.count() == 60 and len(deck.sideboard_cards()) == 11


def test_arena_about_section_names_the_deck() -> None:
    assert sample("goblins_arena.txt").name == "Goblins"


def test_arena_export_without_headers_blank_line_starts_sideboard() -> None:
    deck = sample("goblins_arena_no_headers.txt")
    assert deck.count() == 60
    assert deck.sideboard_cards() == ["Manabarbs"] * 2 + ["Circle of Flame"] * 3


def test_arena_commander_and_companion_sections() -> None:
    text = (
        "Commander\n1 Chandra Nalaar (M11) 127\n\n"
        "Companion\n1 Fireball (M11) 138\n\n"
        "Deck\n4 Shock (M12) 154\n\n"
        "Sideboard\n1 Fireball (M11) 138\n"
    )
    deck = parse_deck(text, source="a.txt")
    assert deck.commander == (DeckEntry(1, "Chandra Nalaar", 2, "M11", "127"),)
    assert deck.companion == (DeckEntry(1, "Fireball", 5, "M11", "138"),)
    assert deck.cards() == ["Shock"] * 4
    assert deck.sideboard_cards() == ["Fireball"]  # the companion is not counted twice


def test_arena_printing_without_collector_number_and_lowercase_set() -> None:
    deck = parse_deck("4 Shock (m12)\n2 Fireball (M11) 138", fmt="arena")
    assert deck.main[0] == DeckEntry(4, "Shock", 1, "M12", None)
    assert deck.main[1].number == "138"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("4 Shock\n2 Fireball", ["Shock"] * 4 + ["Fireball"] * 2),  # text: blank lines ignored
        ("4 Shock (M12) 154\n\n2 Fireball (M11) 138", ["Shock"] * 4),  # arena: blank = sideboard
        ("Companion\n1 Fireball\nDeck\n4 Shock", ["Shock"] * 4),  # arena header
    ],
)
def test_format_is_detected_from_content(text: str, expected: list[str]) -> None:
    assert parse_deck(text).cards() == expected


def test_explicit_fmt_overrides_detection() -> None:
    text = "4 Shock (M12) 154\n\n2 Fireball (M11) 138\n\n1 Fog (M11) 173"
    assert parse_deck(text, fmt="text").count() == 7  # three blocks: a grouped main deck
    assert parse_deck(text, fmt="arena").count() == 4  # the first blank line
    assert parse_deck("4 Shock\n\n2 Fireball", fmt="arena").sideboard_cards() == ["Fireball"] * 2
    with pytest.raises(DeckError, match="malformed XML"):
        parse_deck("4 Shock", fmt="dek")
    with pytest.raises(ValueError, match="unknown deck file format 'csv'"):
        parse_deck("4 Shock", fmt="csv")


def test_the_three_formats_give_the_same_deck() -> None:
    text = "4 Shock\n2 Fireball\nSideboard\n3 Fog\n"
    arena = "Deck\n4 Shock (M12) 154\n2 Fireball (M11) 138\n\nSideboard\n3 Fog (M11) 173\n"
    dek = (
        '<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Shock" />\n'
        '<Cards Quantity="2" Sideboard="false" Name="Fireball" />\n'
        '<Cards Quantity="3" Sideboard="true" Name="Fog" />\n</Deck>\n'
    )
    decks = [parse_deck(t) for t in (text, arena, dek)]
    assert {tuple(d.cards()) for d in decks} == {("Shock",) * 4 + ("Fireball",) * 2}
    assert {tuple(d.sideboard_cards()) for d in decks} == {("Fog",) * 3}


# --------------------------------------------------------------------------- load_deck


def test_load_deck_accepts_str_path_and_utf8_bom(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_bytes(b"\xef\xbb\xbf4 Shock\n")
    deck = load_deck(str(path))
    assert deck.cards() == ["Shock"] * 4 and deck.source == str(path) and deck.name == "mine"


def test_load_deck_missing_file_raises_deck_error(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="can't read the deck file"):
        load_deck(tmp_path / "nope.txt")


def test_load_deck_non_utf8_file_raises_deck_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("4 Shock\n1 Jötun Grunt\n".encode("latin-1"))
    with pytest.raises(DeckError, match=r"line 2: not UTF-8"):
        load_deck(path)


# --------------------------------------------------------------------------- card names


@pytest.mark.parametrize("name", LEGAL_SAMPLES)
def test_sample_decks_are_legal_constructed_decks(name: str) -> None:
    deck = sample(name)
    assert check_deck(deck) == []
    validate_deck(deck)  # no error


def test_unknown_card_is_reported_with_line_number_and_suggestion() -> None:
    problems = check_deck(sample("unknown_card.txt"))
    assert problems == [
        f"{source('unknown_card.txt')} line 7: unknown card 'Lightning Bolts' "
        "(did you mean 'Lightning Bolt'?)"
    ]


def test_card_names_are_checked_case_insensitively_against_the_database() -> None:
    deck = deck_of({"lightning bolt": 2, "LIGHTNING BOLT": 2, "grizzly bears": 4, "Mountain": 52})
    assert check_deck(deck) == []


def test_copies_are_counted_by_canonical_name() -> None:
    deck = deck_of({"lightning bolt": 3, "Lightning Bolt": 2, "Mountain": 55})
    (problem,) = check_deck(deck)
    assert problem.startswith("t.txt lines 1, 2: 5 copies of 'Lightning Bolt'")


def test_known_callback_replaces_the_database() -> None:
    pool = {"bolt": "Bolt"}
    deck = parse_deck("4 bolt\n4 Lightning Bolt", source="k.txt")
    assert check_deck(deck, format="any", known=lambda n: pool.get(n.casefold())) == [
        "k.txt line 2: unknown card 'Lightning Bolt'"
    ]


def test_unknown_cards_are_reported_in_every_section() -> None:
    text = "Commander\n1 Chandra Nalar\nDeck\n4 Shok\nSideboard\n1 Fogg\n"
    problems = check_deck(parse_deck(text, source="s.txt"), format="any")
    assert [p.split(":")[0] for p in problems] == ["s.txt line 2", "s.txt line 4", "s.txt line 6"]
    assert all("unknown card" in p for p in problems)


def test_implemented_callback_reports_cards_without_behaviour() -> None:
    deck = parse_deck("4 Lightning Bolt\n4 grizzly bears\n4 Llanowar Elves", source="i.txt")
    done = {"Lightning Bolt", "Llanowar Elves"}
    assert check_deck(deck, format="any", implemented=lambda n: n in done) == [
        "i.txt line 2: card 'Grizzly Bears' has no implemented behaviour yet"
    ]


def test_implemented_is_not_asked_about_unknown_cards() -> None:
    asked: list[str] = []

    def implemented(name: str) -> bool:
        asked.append(name)
        return True

    check_deck(parse_deck("1 Grizzly Bears\n1 Grizly Bearz"), format="any", implemented=implemented)
    assert asked == ["Grizzly Bears"]


# --------------------------------------------------------------------------- CR 100 rules


def test_cr_100_2a_constructed_needs_60_cards() -> None:
    deck = deck_of({**RED_60, "Mountain": 43})
    assert check_deck(deck) == [
        "t.txt lines 1-5: main deck has 59 cards; a constructed deck needs at least 60 (CR 100.2a)"
    ]
    assert check_deck(deck_of(RED_60)) == []


def test_cr_100_2a_sideboard_does_not_count_toward_60() -> None:
    deck = deck_of({**RED_60, "Mountain": 40}, {"Fog": 4})
    assert any("main deck has 56 cards" in p for p in check_deck(deck))


def test_cr_100_2b_limited_needs_40_cards() -> None:
    deck = deck_of({"Grizzly Bears": 22, "Forest": 17})
    assert check_deck(deck, format="limited") == [
        "t.txt lines 1, 2: main deck has 39 cards; a limited deck needs at least 40 (CR 100.2b)"
    ]
    assert check_deck(deck_of({"Grizzly Bears": 23, "Forest": 17}), format="limited") == []


def test_cr_100_2b_limited_has_no_copy_or_sideboard_limit() -> None:
    deck = deck_of({"Grizzly Bears": 23, "Forest": 17}, {"Llanowar Elves": 30})
    assert check_deck(deck, format="limited") == []


def test_cr_100_2a_at_most_four_copies_in_main_and_sideboard_combined() -> None:
    assert check_deck(sample("too_many_copies.txt")) == [
        f"{source('too_many_copies.txt')} lines 3, 15: 5 copies of 'Lightning Bolt' in the main "
        "deck and sideboard; at most 4 of a card other than basic lands (CR 100.2a, 100.4a)"
    ]


def test_cr_100_2a_five_copies_on_one_line_is_too_many() -> None:
    (problem,) = check_deck(deck_of({**RED_60, "Shock": 5, "Mountain": 43}))
    assert problem.startswith("t.txt line 2: 5 copies of 'Shock'")
    assert problem.endswith("(CR 100.2a, 100.4a)")


@pytest.mark.parametrize("basic", sorted(BASIC_LAND_NAMES))
def test_cr_100_2a_basic_lands_are_exempt_from_the_four_copy_limit(basic: str) -> None:
    deck = deck_of({"Lightning Bolt": 4, basic: 56})
    copy_problems = [p for p in check_deck(deck, known=lambda n: n) if "copies" in p]
    assert copy_problems == []


def test_cr_100_2a_basic_lands_of_the_database_are_exempt() -> None:
    deck = deck_of({"Plains": 20, "Island": 20, "Swamp": 10, "Forest": 10})
    assert check_deck(deck) == []


def test_a_card_allowing_any_number_of_copies_is_exempt() -> None:
    # Relentless Rats: "A deck can have any number of cards named Relentless Rats."
    deck = deck_of({"Relentless Rats": 36, "Swamp": 24})
    assert check_deck(deck) == []


def test_cr_100_4a_constructed_sideboard_at_most_15() -> None:
    side = {"Fog": 4, "Naturalize": 4, "Pyroclasm": 4, "Combust": 4}
    problems = check_deck(deck_of(RED_60, side))
    assert problems == [
        "t.txt lines 7-10: sideboard has 16 cards; "
        "a constructed sideboard may have at most 15 (CR 100.4a)"
    ]
    assert check_deck(deck_of(RED_60, {**side, "Combust": 3})) == []


def test_format_any_skips_size_and_copy_checks_but_not_names() -> None:
    deck = deck_of({"Lightning Bolt": 9, "Shokc": 1}, {"Fog": 20})
    assert check_deck(deck, format="any") == [
        "t.txt line 2: unknown card 'Shokc' (did you mean 'Shock'?)"
    ]


def test_unknown_format_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown deck format 'modern'"):
        check_deck(deck_of(RED_60), format="modern")


def test_every_problem_names_the_source_and_a_line() -> None:
    deck = deck_of({"Lightning Bolt": 6, "Shokc": 1}, {"Fog": 16})
    problems = check_deck(deck, implemented=lambda n: n != "Fog")
    assert len(problems) == 6
    assert all(re.match(r"^t\.txt lines? \d", p) for p in problems)
    assert all("(CR 100." in p for p in problems if "unknown" not in p and "behaviour" not in p)


def test_validate_deck_raises_one_deck_error_listing_all_problems() -> None:
    deck = deck_of({"Lightning Bolt": 6, "Shokc": 1})
    with pytest.raises(DeckError) as caught:
        validate_deck(deck)
    assert str(caught.value).splitlines() == check_deck(deck)
    assert len(check_deck(deck)) == 3


def test_validate_deck_passes_options_through() -> None:
    deck = deck_of({"Grizzly Bears": 4})
    validate_deck(deck, format="any")
    with pytest.raises(DeckError, match="no implemented behaviour"):
        validate_deck(deck, format="any", implemented=lambda n: False)
    with pytest.raises(DeckError, match="unknown card 'Grizzly Bears'"):
        validate_deck(deck, format="any", known=lambda n: None)


def test_shipped_deck_lists_read_alike_by_both_readers() -> None:
    """The shipped lists (``manastack.data``, read without the deck parser so that the
    rules' variant base can deal them) give the same cards as :func:`parse_deck`."""
    from importlib import resources

    from manastack.data import default_deck, default_deck_names
    from manastack.decks import parse_deck

    for name in default_deck_names():
        text = resources.files("manastack.data").joinpath(f"decks/{name}.txt").read_text()
        assert default_deck(name) == parse_deck(text, source=f"{name}.txt").cards()

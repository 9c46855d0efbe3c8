"""Deck lists as people paste them (issue 40): an MTGO ``.txt`` export (the sideboard
after a blank line), a website list with card-type headers, an Arena export with set
codes and collector numbers; ``deck check`` takes a default deck's name; every error
names the file and the line.  The constructed rules: 60 cards or more in the main deck
(CR 100.2a), at most 15 in the sideboard (100.4a)."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack.cli import main
from manastack.decks import load_deck

MAIN_60 = """4 Raging Goblin
4 Goblin Piker
4 Llanowar Elves
4 Grizzly Bears
4 Canyon Minotaur
4 Giant Spider
2 Stampeding Rhino
4 Lightning Bolt
4 Shock
2 Giant Growth
12 Mountain
12 Forest
"""
SIDE_15 = """3 Pyroclasm
4 Naturalize
4 Plummet
2 Fog
2 Act of Treason
"""

MTGO_TXT = MAIN_60 + "\n" + SIDE_15  # (MTGO's "Export: text": no header at all)

WEBSITE = """Creatures (24)
4 Raging Goblin
4 Goblin Piker
4 Llanowar Elves
4 Grizzly Bears
4 Canyon Minotaur
4 Giant Spider

Sorceries (2)
2 Stampeding Rhino

Instants (10)
4 Lightning Bolt
4 Shock
2 Giant Growth

Lands (24)
12 Mountain
12 Forest

Sideboard (15)
3 Pyroclasm
4 Naturalize
4 Plummet
2 Fog
2 Act of Treason
"""

ARENA = """Deck
4 Raging Goblin (POR) 143
4 Goblin Piker (M11) 140
4 Llanowar Elves (M11) 184
4 Grizzly Bears (M11) 176
4 Canyon Minotaur (M12) 126
4 Giant Spider (M11) 179
2 Stampeding Rhino (M11) 199
4 Lightning Bolt (M11) 149
4 Shock (M12) 154 *F*
2 Giant Growth (M11) 178
12 Mountain (M11) 243
12 Forest (M11) 246

Sideboard
3 Pyroclasm (M11) 154
4 Naturalize (M11) 186
4 Plummet (M11) 190
2 Fog (M11) 173
2 Act of Treason (M12) 121
"""


def _check(tmp_path: Path, text: str, capsys, name: str = "pasted.txt") -> tuple[int, str]:  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_text(text)
    code = main(["deck", "check", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("text", [MTGO_TXT, WEBSITE, ARENA], ids=["mtgo", "website", "arena"])
def test_cr_100_2a_100_4a_a_pasted_60_and_15_list_is_legal(text: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The same deck pasted three ways: 60 main-deck cards and 15 in the sideboard, read
    alike and legal (never a 75-card main deck)."""
    code, out = _check(tmp_path, text, capsys)
    assert code == 0 and "legal constructed deck (60 cards, 15 in sideboard)" in out
    deck = load_deck(tmp_path / "pasted.txt")
    reference = load_deck(_write(tmp_path, "ref.txt", MAIN_60 + "Sideboard\n" + SIDE_15))
    assert sorted(deck.cards()) == sorted(reference.cards())
    assert sorted(deck.sideboard_cards()) == sorted(reference.sideboard_cards())


def test_cr_100_2a_a_67_card_main_deck_is_legal(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A main deck of 67 cards in one block (no blank line, no sideboard) is a main deck
    of 67 cards: at least 60 is legal (100.2a)."""
    code, out = _check(tmp_path, MAIN_60 + "3 Pyroclasm\n4 Naturalize\n", capsys)
    assert code == 0 and "(67 cards, 0 in sideboard)" in out


def test_cr_100_4a_an_mtgo_export_with_a_long_sideboard_is_not_merged(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """MTGO's export of a 60-card deck with a 22-card "sideboard": the blank line splits
    them, so the check reports the sideboard's size (100.4a) instead of calling an
    82-card main deck legal."""
    code, out = _check(tmp_path, MTGO_TXT + "4 Fireball\n3 Shock\n", capsys)
    assert code == 1
    assert "pasted.txt lines 14-20: sideboard has 22 cards; a constructed sideboard may " \
        "have at most 15 (CR 100.4a)" in out


def test_cr_100_2a_a_short_main_deck_names_the_blank_line_read_as_the_sideboard(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Two blocks without headers read as main deck and sideboard; when the main deck is
    then too small, the message says which blank line started the sideboard."""
    code, out = _check(tmp_path, "12 Mountain\n12 Forest\n\n" + MAIN_60[:-len("12 Mountain\n12 Forest\n")],
                       capsys)
    assert code == 1
    assert "pasted.txt lines 1, 2: main deck has 24 cards; a constructed deck needs at " \
        "least 60 (CR 100.2a) (the cards after the blank line 3 are read as the sideboard" in out


@pytest.mark.parametrize("header", ["Creatures (16)", "Creature (16)", "Lands (24)",
                                    "Lands: 24", "Instants", "Sorceries:", "// Creatures",
                                    "Main Deck (60)", "Planeswalkers [2]"])
def test_website_card_type_headers_start_the_main_deck(header: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A card-type header is read as a header of the main deck, never as a card."""
    text = WEBSITE.replace("Creatures (24)", header)
    code, out = _check(tmp_path, text, capsys)
    assert code == 0, out


@pytest.mark.parametrize("header", ["Sideboard", "Sideboard (15)", "SIDEBOARD:",
                                    "// Sideboard", "Sideboard [15]"])
def test_sideboard_headers_as_websites_write_them(header: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out = _check(tmp_path, WEBSITE.replace("Sideboard (15)", header), capsys)
    assert code == 0 and "15 in sideboard" in out, out


def test_arena_export_keeps_printings_and_foil_marks(tmp_path: Path) -> None:
    """Arena's ``4 Shock (M12) 154`` (and a ``*F*`` foil mark): the name is the card's,
    the set code and collector number are kept as information."""
    deck = load_deck(_write(tmp_path, "arena.txt", ARENA))
    shock = next(e for e in deck.main if e.name == "Shock")
    assert (shock.set_code, shock.number, shock.line) == ("M12", "154", 10)
    assert deck.count() == 60 and len(deck.sideboard_cards()) == 15


def test_deck_check_takes_a_default_deck_name(capsys) -> None:  # type: ignore[no-untyped-def]
    """``deck check red_green`` checks the shipped list, as ``play --deck red_green``
    plays it; an unknown name lists the default decks (exit 2)."""
    assert main(["deck", "check", "red_green"]) == 0
    assert capsys.readouterr().out.strip() == \
        "red_green: legal constructed deck (60 cards, 0 in sideboard)"
    assert main(["deck", "check", "red_gren"]) == 2
    assert "default decks: black_red, green_blue, red_green" in capsys.readouterr().err


@pytest.mark.parametrize("line, expected", [
    ("4 Lightnig Bolt", "pasted.txt line 8: unknown card 'Lightnig Bolt' (did you mean "
                        "'Lightning Bolt'?)"),
    ("0 Lightning Bolt", "pasted.txt line 8: bad count '0'"),
    ("4x", "pasted.txt line 8: no card name after '4x'"),
])
def test_every_error_names_the_file_and_the_line(line: str, expected: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A typo in a pasted list: the message names the file and the line."""
    text = MTGO_TXT.replace("4 Lightning Bolt", line)
    code, out = _check(tmp_path, text, capsys)
    assert code in (1, 2) and expected in out, out


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path

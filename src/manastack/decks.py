"""Deck lists: plain text, MTGO ``.dek`` XML and MTG Arena exports.

Parsing (:func:`parse_deck`, :func:`load_deck`) checks syntax only: counts,
section headers, XML well-formedness.  :func:`check_deck` then checks names
against the card database and the deck-construction rules of CR 100::

    >>> deck = parse_deck("4 Lightning Bolt\\nSideboard\\n2 Shock", source="burn.txt")
    >>> deck.cards()[:2], deck.sideboard_cards()
    (['Lightning Bolt', 'Lightning Bolt'], ['Shock', 'Shock'])
    >>> check_deck(deck)[0]
    'burn.txt line 1: main deck has 4 cards; a constructed deck needs at least 60 (CR 100.2a)'

Every problem names the source and the line it comes from.  Inputs are bounded
(:mod:`manastack.limits`: file size, lines, line length, cards, name length): an input
over a limit is refused with one line (:class:`~manastack.errors.DeckLimitError`, a
DeckError) before it is parsed further, and a deck error lists at most
:data:`~manastack.limits.MAX_PROBLEMS` problems.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from manastack.errors import DeckError, DeckLimitError
from manastack.limits import (
    MAX_CARD_NAME_LENGTH,
    MAX_DECK_CARDS,
    MAX_DECK_FILE_BYTES,
    MAX_DECK_LINE_LENGTH,
    MAX_DECK_LINES,
    MAX_PROBLEMS,
    MAX_SUGGESTIONS,
    read_text_limited,
    shown_path,
)
from manastack.reprs import brief

__all__ = [
    "BASIC_LAND_NAMES",
    "DECK_FORMATS",
    "FILE_FORMATS",
    "MAX_COUNT",
    "DeckEntry",
    "DeckList",
    "check_deck",
    "load_deck",
    "parse_deck",
    "validate_deck",
]

#: Largest count accepted on one line; anything bigger is a typo.
MAX_COUNT = 250

#: Values of ``fmt``: plain text, MTG Arena export, MTGO XML (``"mtgo"`` is an alias).
FILE_FORMATS = ("text", "arena", "dek", "mtgo")

#: Values of ``format`` for :func:`check_deck`.
DECK_FORMATS = ("constructed", "limited", "any")

#: Basic land names: exempt from the four-copy limit (CR 100.2a, 205.4c).
BASIC_LAND_NAMES = frozenset(
    {
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Wastes",
        "Snow-Covered Plains",
        "Snow-Covered Island",
        "Snow-Covered Swamp",
        "Snow-Covered Mountain",
        "Snow-Covered Forest",
    }
)

_CONSTRUCTED_MIN = 60
_LIMITED_MIN = 40
_MAX_COPIES = 4
_SIDEBOARD_MAX = 15

_SECTIONS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "sideboard": "sideboard",
    "side board": "sideboard",
    "commander": "commander",
    "companion": "companion",
    "about": "about",
}
#: Website lists group the main deck under card-type headers: ``Creatures (16)``,
#: ``Lands (24)``, ``Instants``...  Each starts (or continues) the main deck.
_TYPE_HEADERS = frozenset({
    "creature", "creatures", "land", "lands", "instant", "instants", "sorcery",
    "sorceries", "enchantment", "enchantments", "artifact", "artifacts", "planeswalker",
    "planeswalkers", "battle", "battles", "spell", "spells", "other spells",
    "noncreature spells", "non-creature spells", "other",
})
# A header's words, then an optional count: "Creatures (16)", "Sideboard [15]:",
# "Lands: 24", "Main Deck (60)".
_HEADER = re.compile(r"^([A-Za-z][A-Za-z -]*?)\s*+(?::\s*+\d{1,4}|\(\d{1,4}\)|"
                     r"\[\d{1,4}\])?\s*+:?$")
# (The patterns run in linear time: possessive quantifiers, no two adjacent ones that
# can both match the same spaces.)
# "4 Lightning Bolt", "4x Lightning Bolt", "4 x Lightning Bolt".
_COUNTED = re.compile(r"^(\d++)(?:\s*+[xX](?=\s))?\s++(\S.*)$")
# A first token that looks like a count but isn't one: "0", "-1", "4a", "2.5".
_COUNTISH = re.compile(r"^([+-]?\d\S*+)(?:\s++(.*))?$")
# Arena suffix: " (M11) 149" or " (M11)", and a foil or etched mark (" *F*", " *E*").
_PRINTING = re.compile(r"^(.*?)(?<!\s)\s++\(([A-Za-z0-9_]{2,6})\)(?:\s++([^\s*]\S*+))?"
                       r"(?:\s++\*[A-Za-z]\*)?$")
_SB_PREFIX = re.compile(r"^SB:\s*(.*)$", re.IGNORECASE)
_COUNT_RULE = f"the count must be a whole number from 1 to {MAX_COUNT}"
_ANY_NUMBER = "A deck can have any number of cards named"


@dataclass(frozen=True)
class DeckEntry:
    """One line of a deck list: ``count`` copies of ``name``.

    ``line`` is the 1-based line in the source; ``set_code`` and ``number``
    are the Arena printing (information only, never checked).
    """

    count: int
    name: str
    line: int
    set_code: str | None = None
    number: str | None = None


@dataclass(frozen=True)
class DeckList:
    """A parsed deck list.  Names are as written; :func:`check_deck` checks them.

    ``companion`` holds an Arena ``Companion`` section (Arena also lists the
    companion in the sideboard, so it is not counted again).
    """

    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    commander: tuple[DeckEntry, ...] = ()
    name: str = ""
    source: str = ""
    companion: tuple[DeckEntry, ...] = ()
    #: The line of the blank line that was read as the start of the sideboard (a list
    #: without section headers, as MTGO and Arena export them), else 0.
    blank_sideboard: int = 0

    def cards(self) -> list[str]:
        """Main-deck card names, each repeated by its count, in file order."""
        return _expand(self.main)

    def sideboard_cards(self) -> list[str]:
        """Sideboard card names, each repeated by its count, in file order."""
        return _expand(self.sideboard)

    def count(self) -> int:
        """Number of cards in the main deck."""
        return sum(entry.count for entry in self.main)


def _expand(entries: Iterable[DeckEntry]) -> list[str]:
    return [entry.name for entry in entries for _ in range(entry.count)]


# --------------------------------------------------------------------------- parsing


def parse_deck(text: str, *, source: str = "<string>", fmt: str | None = None) -> DeckList:
    """Parse a deck list (syntax only); ``fmt`` is one of :data:`FILE_FORMATS`.

    Without ``fmt`` the format is detected: XML if the text starts with ``<``,
    Arena if a line has a ``(SET)`` printing or a ``Commander``/``Companion``/
    ``About`` header, plain text otherwise.  Raises :class:`DeckError` listing
    every syntax problem, and :class:`DeckLimitError` (one line) for a text over a
    limit of :mod:`manastack.limits`, checked first.
    """
    if fmt is not None and fmt not in FILE_FORMATS:
        raise ValueError(f"unknown deck file format {brief(fmt)}; expected one of "
                         f"{FILE_FORMATS}")
    text = text.lstrip("\ufeff")
    if len(text) > MAX_DECK_FILE_BYTES:
        raise DeckLimitError(f"{source}: more than {MAX_DECK_FILE_BYTES:,} characters (the "
                             "limit for a deck file)")
    lines = text.splitlines()
    if len(lines) > MAX_DECK_LINES:
        raise DeckLimitError(f"{source}: more than {MAX_DECK_LINES:,} lines (the limit for a "
                             "deck file)")
    if fmt is None and text.lstrip().startswith("<"):
        fmt = "dek"
    if fmt in ("dek", "mtgo"):
        return _parse_dek(text, source)
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_DECK_LINE_LENGTH:
            raise DeckLimitError(f"{source} line {number}: more than "
                                 f"{MAX_DECK_LINE_LENGTH:,} characters (the limit for a "
                                 "line of a deck file)")
    if fmt is None:
        fmt = _detect(lines)
    return _parse_lines(lines, source, arena=fmt == "arena")


def load_deck(path: str | Path, *, fmt: str | None = None) -> DeckList:
    """Read and parse a deck file; a ``.dek`` file is MTGO XML, others are detected.

    The deck's name is the file's stem unless the file names it (Arena ``About``).
    A file that isn't a regular file or has more than
    :data:`~manastack.limits.MAX_DECK_FILE_BYTES` bytes is refused unread
    (:class:`DeckLimitError`).
    """
    source = shown_path(path)
    text = read_text_limited(path, limit=MAX_DECK_FILE_BYTES, what="deck file",
                             error=DeckError, too_large=DeckLimitError,
                             encoding="utf-8-sig")
    path = Path(path)
    if fmt is None and path.suffix.lower() == ".dek":
        fmt = "dek"
    deck = parse_deck(text, source=source, fmt=fmt)
    if not deck.name:
        deck = DeckList(deck.main, deck.sideboard, deck.commander, path.stem, deck.source,
                        deck.companion, deck.blank_sideboard)
    return deck


def _detect(lines: list[str]) -> str:
    """``"arena"`` or ``"text"`` (XML is detected before)."""
    for raw in lines:
        line = raw.strip()
        if _header(line) in ("commander", "companion", "about"):
            return "arena"
        counted = _COUNTED.match(line)
        if counted and _PRINTING.match(counted.group(2)):
            return "arena"
    return "text"


def _header(line: str) -> str | None:
    """The section a header line starts (``"main"``, ``"sideboard"``...), else None: a
    section's name (``Sideboard``, ``Deck``...) or a card type's (``Creatures``: the main
    deck), with an optional colon and count (``Sideboard (15)``, ``Lands: 24``)."""
    if not line[:1].isalpha() or len(line) > 40:  # (a header is short: the match is cheap)
        return None
    found = _HEADER.match(line)
    if found is None:
        return None
    key = " ".join(found.group(1).split()).casefold()
    return _SECTIONS.get(key) or ("main" if key in _TYPE_HEADERS else None)


def _comment_header(line: str) -> str | None:
    """The section of a comment naming one (``// Sideboard``, ``# Creatures (16)``)."""
    return _header(line.lstrip("#/").strip())


def _blank_split(lines: list[str]) -> int:
    """For a list without section headers or ``SB:`` lines: the line number of the blank
    line that starts the sideboard (an MTGO ``.txt`` or Arena export: the main deck, a
    blank line, the sideboard), else 0.  Plain text splits only when its cards make
    exactly two blocks (more blocks are a main deck grouped by blank lines); an Arena
    export splits at its first blank line after a card."""
    blocks: list[int] = []  # the blank line before each block of cards after the first
    seen_card = False
    blank = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            blank = blank or number
            continue
        if line.startswith(("#", "//")):
            continue
        if seen_card and blank:
            blocks.append(blank)
        seen_card = True
        blank = 0
    return blocks[0] if blocks else 0


def _parse_lines(lines: list[str], source: str, *, arena: bool) -> DeckList:
    sections: dict[str, list[DeckEntry]] = {
        "main": [],
        "sideboard": [],
        "commander": [],
        "companion": [],
    }
    problems: list[str] = []
    name = ""
    # Without any header: a blank line after the main deck starts the sideboard.
    headed = any(_header(line.strip()) or _SB_PREFIX.match(line.strip()) or
                 (line.strip().startswith(("#", "//")) and _comment_header(line.strip()))
                 for line in lines)
    split_at = 0
    if not headed:
        split_at = _blank_split(lines)
        if not arena and split_at and _blank_blocks(lines) != 2:
            split_at = 0
    section = "main"
    cards = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            if number == split_at:
                section = "sideboard"
            continue
        if line.startswith(("#", "//")):
            header = _comment_header(line)
            if header is not None and header != "about":
                section = header
            continue
        header = _header(line)
        if header is not None:
            section = header
            continue
        if section == "about":
            key, _, value = line.partition(" ")
            if key.casefold() == "name":
                name = value.strip()
            continue
        target = section
        prefixed = _SB_PREFIX.match(line)
        if prefixed:
            target, line = "sideboard", prefixed.group(1).strip()
        entry = _parse_entry(line, number, source, problems)
        if entry is not None:
            cards += entry.count
            if cards > MAX_DECK_CARDS:
                raise _too_many_cards(f"{source} line {number}")
            sections[target].append(entry)
    if problems:
        raise DeckError("\n".join(capped(problems)))
    return DeckList(
        main=tuple(sections["main"]),
        sideboard=tuple(sections["sideboard"]),
        commander=tuple(sections["commander"]),
        name=name,
        source=source,
        companion=tuple(sections["companion"]),
        blank_sideboard=split_at,
    )


def _blank_blocks(lines: list[str]) -> int:
    """The number of blocks of card lines separated by blank lines."""
    count = 0
    previous_blank = True
    for raw in lines:
        line = raw.strip()
        if not line:
            previous_blank = True
        elif not line.startswith(("#", "//")):
            count += previous_blank
            previous_blank = False
    return count


def _parse_entry(line: str, number: int, source: str, problems: list[str]) -> DeckEntry | None:
    """One card line (``4 Name``, ``4x Name``, ``Name``, ``4 Name (SET) 12``)."""
    where = f"{source} line {number}"
    counted = _COUNTED.match(line)
    countish = _COUNTISH.match(line)
    if counted:
        count_text, rest = counted.groups()
    elif countish and countish.group(2):
        problems.append(f"{where}: bad count {brief(countish.group(1))} ({_COUNT_RULE})")
        return None
    elif countish:
        problems.append(f"{where}: no card name after {brief(line)}")
        return None
    else:
        count_text, rest = "1", line
    # (a count of thousands of digits is refused before int() would be asked to read it)
    count = int(count_text) if len(count_text) <= 6 else MAX_COUNT + 1
    if not 1 <= count <= MAX_COUNT:
        problems.append(f"{where}: bad count {brief(count_text)} ({_COUNT_RULE})")
        return None
    set_code = collector = None
    printing = _PRINTING.match(rest)
    if printing:
        rest, set_code, collector = printing.groups()
        set_code = set_code.upper()
    name = " ".join(rest.split())
    if not name:
        problems.append(f"{where}: no card name")
        return None
    _check_name_length(name, where)
    return DeckEntry(count, name, number, set_code, collector)


def _check_name_length(name: str, where: str) -> None:
    if len(name) > MAX_CARD_NAME_LENGTH:
        raise DeckLimitError(f"{where}: a card name of {len(name):,} characters (the limit "
                             f"is {MAX_CARD_NAME_LENGTH})")


def _too_many_cards(where: str) -> DeckLimitError:
    return DeckLimitError(f"{where}: more than {MAX_DECK_CARDS:,} cards (the limit for a "
                          "deck)")


def capped(problems: list[str]) -> list[str]:
    """The first :data:`~manastack.limits.MAX_PROBLEMS` problems, then how many more."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = len(problems) - MAX_PROBLEMS
    return [*problems[:MAX_PROBLEMS], f"... and {more:,} more problem{'s' * (more != 1)}"]


class _DekTags:
    """ElementTree parser target keeping the root tag and every ``<Cards>`` element's
    attributes with the line its tag starts on (expat's position at a start tag)."""

    def __init__(self, source: str, offset: int) -> None:
        self.parser: Any = None  # the DefusedXMLParser feeding this target
        self.source = source
        self.offset = offset
        self.root: str | None = None
        self.cards: list[tuple[int, dict[str, str]]] = []

    def line(self) -> int:
        return int(self.parser.parser.CurrentLineNumber) + self.offset

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        name = tag.rpartition("}")[2]
        if self.root is None:
            self.root = name
        elif name == "Cards":
            if len(self.cards) >= MAX_DECK_CARDS:  # (each entry is at least one card)
                raise _too_many_cards(f"{self.source} line {self.line()}")
            self.cards.append((self.line(), dict(attrib)))

    def end(self, tag: str) -> None:
        pass

    def data(self, data: str) -> None:
        pass

    def close(self) -> None:
        pass


def _parse_dek(text: str, source: str) -> DeckList:
    """MTGO XML: ``<Deck>`` with ``<Cards Quantity=.. Sideboard=.. Name=.. />``.

    The text is parsed once by defusedxml's parser: document types and entity
    declarations are refused (no entity expansion, no external reference)."""
    stripped = text.lstrip()  # nothing may precede an XML declaration
    offset = text[: len(text) - len(stripped)].count("\n")
    tags = _DekTags(source, offset)
    parser = DefusedXMLParser(target=tags, forbid_dtd=True)
    tags.parser = parser
    try:
        parser.feed(stripped)
        parser.close()
    except ET.ParseError as error:
        row, column = error.position
        reason = str(error).split(": line ")[0]
        raise DeckError(
            f"{source} line {row + offset}: malformed XML ({reason}, column {column + 1})"
        ) from None
    except DefusedXmlException:
        raise DeckError(f"{source} line {tags.line()}: XML document types and entity "
                        "declarations are not allowed in a .dek file") from None
    if tags.root != "Deck":
        raise DeckError(f"{source} line 1: root element is <{(tags.root or '')[:60]}>, "
                        "expected <Deck>")
    main: list[DeckEntry] = []
    sideboard: list[DeckEntry] = []
    problems: list[str] = []
    cards = 0
    for number, attributes in tags.cards:
        where = f"{source} line {number}"
        name = " ".join(attributes.get("Name", "").split())
        quantity = attributes.get("Quantity", "").strip()
        side = attributes.get("Sideboard", "false").strip().casefold()
        if not name:
            problems.append(f"{where}: <Cards> element without a Name")
            continue
        _check_name_length(name, where)
        # (ASCII digits only: "²".isdigit() is true, but int() can't read it)
        count = int(quantity) if quantity.isascii() and quantity.isdigit() and \
            len(quantity) <= 6 else 0
        if not 1 <= count <= MAX_COUNT:
            problems.append(f"{where}: bad count {brief(quantity)} for {name!r} "
                            f"({_COUNT_RULE})")
            continue
        if side not in ("true", "false"):
            problems.append(f"{where}: Sideboard must be 'true' or 'false', not {brief(side)}")
            continue
        cards += count
        if cards > MAX_DECK_CARDS:
            raise _too_many_cards(where)
        (sideboard if side == "true" else main).append(DeckEntry(count, name, number))
    if problems:
        raise DeckError("\n".join(capped(problems)))
    return DeckList(main=tuple(main), sideboard=tuple(sideboard), source=source)


# --------------------------------------------------------------------------- checking


def check_deck(
    deck: DeckList,
    *,
    format: str = "constructed",
    known: Callable[[str], str | None] | None = None,
    implemented: Callable[[str], bool] | None = None,
) -> list[str]:
    """Problems with ``deck`` (empty if it is legal), each naming source and line.

    ``format`` is ``"constructed"`` (CR 100.2a, 100.4a), ``"limited"``
    (CR 100.2b) or ``"any"`` (names only; no size or copy limits).
    ``known(name)`` gives a card's canonical name or None; by default the card
    database is asked.  ``implemented(name)`` (canonical name) says whether the
    card's behaviour exists; cards for which it is False are reported.

    Each name is looked up once; the first
    :data:`~manastack.limits.MAX_SUGGESTIONS` distinct unknown names get the database's
    best suggestion, and at most :data:`~manastack.limits.MAX_PROBLEMS` problems are
    listed, then how many more there are.
    """
    return capped(_problems(deck, format, known, implemented))


def _problems(deck: DeckList, format: str, known: Callable[[str], str | None] | None,
              implemented: Callable[[str], bool] | None) -> list[str]:
    if format not in DECK_FORMATS:
        raise ValueError(f"unknown deck format {brief(format)}; expected one of "
                         f"{DECK_FORMATS}")
    source = deck.source or "<string>"
    lookup = known if known is not None else _database_lookup
    problems: list[str] = []
    canonical: dict[str, str | None] = {}
    unknown: dict[str, str] = {}  # name -> "unknown card 'X' (did you mean 'Y'?)"
    everything = (*deck.commander, *deck.companion, *deck.main, *deck.sideboard)
    for entry in sorted(everything, key=lambda e: e.line):
        if entry.name not in canonical:
            canonical[entry.name] = lookup(entry.name)
        found = canonical[entry.name]
        if found is None:
            if entry.name not in unknown:
                suggest = known is None and len(unknown) < MAX_SUGGESTIONS
                unknown[entry.name] = _unknown(entry.name, suggest)
            problems.append(f"{_at(source, [entry])}: {unknown[entry.name]}")
        elif implemented is not None and not implemented(found):
            problems.append(
                f"{_at(source, [entry])}: card {found!r} has no implemented behaviour yet"
            )
    if format == "any":
        return problems

    size = deck.count()
    minimum, rule = (
        (_CONSTRUCTED_MIN, "100.2a") if format == "constructed" else (_LIMITED_MIN, "100.2b")
    )
    if size < minimum:
        hint = "" if not deck.blank_sideboard else (
            f" (the cards after the blank line {deck.blank_sideboard} are read as the "
            "sideboard, as MTGO and Arena export it; to keep them in the main deck, remove "
            "that blank line or put a 'Deck' header first)")
        problems.append(
            f"{_at(source, deck.main)}: main deck has {size} card{'s' * (size != 1)}; "
            f"a {format} deck needs at least {minimum} (CR {rule}){hint}"
        )
    if format != "constructed":
        return problems  # limited: any number of copies, any sideboard (CR 100.2b, 100.4b)

    side = sum(entry.count for entry in deck.sideboard)
    if side > _SIDEBOARD_MAX:
        problems.append(
            f"{_at(source, deck.sideboard)}: sideboard has {side} cards; "
            f"a constructed sideboard may have at most {_SIDEBOARD_MAX} (CR 100.4a)"
        )
    by_name: dict[str, list[DeckEntry]] = {}
    for entry in (*deck.main, *deck.sideboard):
        if canonical[entry.name] is None:
            continue  # an unknown card: reported as such, not counted as copies too
        key = canonical[entry.name] or entry.name.casefold()
        by_name.setdefault(key, []).append(entry)
    for card, entries in by_name.items():
        copies = sum(entry.count for entry in entries)
        if copies > _MAX_COPIES and not _unlimited(card, known is None):
            problems.append(
                f"{_at(source, entries)}: {copies} copies of {card!r} in the main deck and "
                f"sideboard; at most {_MAX_COPIES} of a card other than basic lands "
                "(CR 100.2a, 100.4a)"
            )
    return problems


def validate_deck(
    deck: DeckList,
    *,
    format: str = "constructed",
    known: Callable[[str], str | None] | None = None,
    implemented: Callable[[str], bool] | None = None,
) -> None:
    """Raise :class:`DeckError` listing every problem :func:`check_deck` finds."""
    problems = check_deck(deck, format=format, known=known, implemented=implemented)
    if problems:
        raise DeckError("\n".join(problems))


def _database_lookup(name: str) -> str | None:
    from manastack.cards.database import find_card_data

    found = find_card_data(name)
    return found.name if found is not None else None


def _unknown(name: str, suggest: bool) -> str:
    """``unknown card 'X'``, with the database's best suggestion when ``suggest``."""
    message = f"unknown card {brief(name)}"
    if not suggest:
        return message
    from manastack.cards.database import UnknownCard, card_data

    try:
        card_data(name)
    except UnknownCard as error:
        if error.suggestions:
            message += f" (did you mean {error.suggestions[0]!r}?)"
    return message


def _unlimited(name: str, use_database: bool) -> bool:
    """Basic lands, and cards saying "A deck can have any number of cards named ~"."""
    if name in BASIC_LAND_NAMES:
        return True
    if not use_database:
        return False
    from manastack.cards.database import card_data

    try:
        card = card_data(name)
    except KeyError:
        return False
    basic = "Basic" in card.supertypes and "Land" in card.types
    return basic or _ANY_NUMBER in card.oracle_text


def _at(source: str, entries: Iterable[DeckEntry]) -> str:
    """``"deck.txt line 3"``, ``"deck.txt lines 3, 9"`` or ``"deck.txt lines 2-23"``."""
    numbers = sorted({entry.line for entry in entries})
    if not numbers:
        return source
    if len(numbers) == 1:
        return f"{source} line {numbers[0]}"
    if len(numbers) == 2:
        return f"{source} lines {numbers[0]}, {numbers[1]}"
    return f"{source} lines {numbers[0]}-{numbers[-1]}"


_BASIC_FOR_COLOR = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain",
                    "G": "Forest"}


def random_pool_deck(seed: int, colors: str | None = None, size: int = 60,
                     lands: int = 24) -> list[str]:
    """A legal constructed deck drawn at random from the implemented pool (for soak tests,
    benchmarks and AI training): two colours (or ``colors``), 12 different spells of those
    colours or colourless, up to four copies each, the rest basic lands split evenly.

    >>> from collections import Counter
    >>> deck = random_pool_deck(7)
    >>> text = "\\n".join(f"{n} {name}" for name, n in Counter(deck).items())
    >>> len(deck), validate_deck(parse_deck(text)) is None
    (60, True)
    """
    import random

    from manastack.cards.database import all_card_data
    from manastack.cards.registry import is_implemented

    rng = random.Random(seed)
    chosen = colors or "".join(sorted(rng.sample("WUBRG", 2), key="WUBRG".index))
    spells = sorted(name for name, data in all_card_data().items()
                    if "Land" not in data.types and set(data.colors) <= set(chosen)
                    and is_implemented(name))
    picks = rng.sample(spells, min(12, len(spells)))
    deck: list[str] = []
    while len(deck) < size - lands and picks:
        for name in picks:
            if len(deck) < size - lands and deck.count(name) < 4:
                deck.append(name)
        if all(deck.count(name) >= 4 for name in picks):
            break
    basics = [_BASIC_FOR_COLOR[c] for c in chosen]
    while len(deck) < size:
        deck.append(basics[len(deck) % len(basics)])
    return deck

"""Deck lists: plain text, MTGO ``.dek`` XML and MTG Arena exports.

Parsing (:func:`parse_deck`, :func:`load_deck`) checks syntax only: counts,
section headers, XML well-formedness.  :func:`check_deck` then checks names
against the card database and the deck-construction rules of CR 100::

    >>> deck = parse_deck("4 Lightning Bolt\\nSideboard\\n2 Shock", source="burn.txt")
    >>> deck.cards()[:2], deck.sideboard_cards()
    (['Lightning Bolt', 'Lightning Bolt'], ['Shock', 'Shock'])
    >>> check_deck(deck)[0]
    'burn.txt line 1: main deck has 4 cards; a constructed deck needs at least 60 (CR 100.2a)'

Every problem names the source and the line it comes from.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from manastack.errors import DeckError

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
# "4 Lightning Bolt", "4x Lightning Bolt", "4 x Lightning Bolt".
_COUNTED = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")
# A first token that looks like a count but isn't one: "0", "-1", "4a", "2.5".
_COUNTISH = re.compile(r"^([+-]?\d\S*)(?:\s+(.*))?$")
# Arena suffix: " (M11) 149" or " (M11)".
_PRINTING = re.compile(r"^(.*?)\s+\(([A-Za-z0-9_]{2,6})\)(?:\s+(\S+))?$")
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
    every syntax problem.
    """
    text = text.lstrip("\ufeff")
    if fmt is None:
        fmt = _detect(text)
    if fmt not in FILE_FORMATS:
        raise ValueError(f"unknown deck file format {fmt!r}; expected one of {FILE_FORMATS}")
    if fmt in ("dek", "mtgo"):
        return _parse_dek(text, source)
    return _parse_lines(text, source, arena=fmt == "arena")


def load_deck(path: str | Path, *, fmt: str | None = None) -> DeckList:
    """Read and parse a deck file; a ``.dek`` file is MTGO XML, others are detected.

    The deck's name is the file's stem unless the file names it (Arena ``About``).
    """
    path = Path(path)
    source = str(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise DeckError(f"{source}: cannot read deck file ({error.strerror})") from error
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise DeckError(f"{source} line {line}: not UTF-8 text") from error
    if fmt is None and path.suffix.lower() == ".dek":
        fmt = "dek"
    deck = parse_deck(text, source=source, fmt=fmt)
    if not deck.name:
        deck = DeckList(
            deck.main, deck.sideboard, deck.commander, path.stem, deck.source, deck.companion
        )
    return deck


def _detect(text: str) -> str:
    if text.lstrip().startswith("<"):
        return "dek"
    for raw in text.splitlines():
        line = raw.strip()
        if _header(line) in ("commander", "companion", "about"):
            return "arena"
        counted = _COUNTED.match(line)
        if counted and _PRINTING.match(counted.group(2)):
            return "arena"
    return "text"


def _header(line: str) -> str | None:
    """The section a header line starts (``"main"``, ``"sideboard"``...), else None."""
    key = " ".join(line.rstrip(":").split()).casefold()
    return _SECTIONS.get(key)


def _parse_lines(text: str, source: str, *, arena: bool) -> DeckList:
    lines = text.splitlines()
    sections: dict[str, list[DeckEntry]] = {
        "main": [],
        "sideboard": [],
        "commander": [],
        "companion": [],
    }
    problems: list[str] = []
    name = ""
    # Arena without any header: a blank line after the main deck starts the sideboard.
    split_on_blank = arena and not any(_header(line.strip()) for line in lines)
    section = "main"
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            if split_on_blank and section == "main" and sections["main"]:
                section = "sideboard"
            continue
        if line.startswith(("#", "//")):
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
            sections[target].append(entry)
    if problems:
        raise DeckError("\n".join(problems))
    return DeckList(
        main=tuple(sections["main"]),
        sideboard=tuple(sections["sideboard"]),
        commander=tuple(sections["commander"]),
        name=name,
        source=source,
        companion=tuple(sections["companion"]),
    )


def _parse_entry(line: str, number: int, source: str, problems: list[str]) -> DeckEntry | None:
    """One card line (``4 Name``, ``4x Name``, ``Name``, ``4 Name (SET) 12``)."""
    where = f"{source} line {number}"
    counted = _COUNTED.match(line)
    countish = _COUNTISH.match(line)
    if counted:
        count_text, rest = counted.groups()
    elif countish and countish.group(2):
        problems.append(f"{where}: bad count {countish.group(1)!r} ({_COUNT_RULE})")
        return None
    elif countish:
        problems.append(f"{where}: no card name after {line!r}")
        return None
    else:
        count_text, rest = "1", line
    count = int(count_text)
    if not 1 <= count <= MAX_COUNT:
        problems.append(f"{where}: bad count {count_text!r} ({_COUNT_RULE})")
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
    return DeckEntry(count, name, number, set_code, collector)


def _parse_dek(text: str, source: str) -> DeckList:
    """MTGO XML: ``<Deck>`` with ``<Cards Quantity=.. Sideboard=.. Name=.. />``."""
    if "<!ENTITY" in text:
        raise DeckError(f"{source}: XML entity declarations are not allowed in a .dek file")
    stripped = text.lstrip()  # nothing may precede an XML declaration
    offset = text[: len(text) - len(stripped)].count("\n")
    lines = [""] * offset + stripped.splitlines(keepends=True)
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
    found: list[tuple[int, ET.Element]] = []
    root_tag: str | None = None
    try:
        for number, line in enumerate(lines, start=1):
            parser.feed(line)
            flush = getattr(parser, "flush", None)  # Python >= 3.11.9 with expat >= 2.6
            if flush is not None:
                flush()
            for event in parser.read_events():
                element = event[-1]
                if not isinstance(element, ET.Element):
                    continue
                tag = element.tag.rpartition("}")[2]
                if root_tag is None:
                    root_tag = tag
                elif tag == "Cards":
                    found.append((_tag_start(lines, number), element))
        parser.close()
    except ET.ParseError as error:
        row, column = error.position
        row += offset
        reason = str(error).split(": line ")[0]
        raise DeckError(
            f"{source} line {row}: malformed XML ({reason}, column {column + 1})"
        ) from error
    if root_tag != "Deck":
        raise DeckError(f"{source} line 1: root element is <{root_tag}>, expected <Deck>")
    main: list[DeckEntry] = []
    sideboard: list[DeckEntry] = []
    problems: list[str] = []
    for number, element in found:
        where = f"{source} line {number}"
        name = " ".join(element.get("Name", "").split())
        quantity = element.get("Quantity", "").strip()
        side = element.get("Sideboard", "false").strip().casefold()
        if not name:
            problems.append(f"{where}: <Cards> element without a Name")
            continue
        if not quantity.isdigit() or not 1 <= int(quantity) <= MAX_COUNT:
            problems.append(f"{where}: bad count {quantity!r} for {name!r} ({_COUNT_RULE})")
            continue
        if side not in ("true", "false"):
            problems.append(f"{where}: Sideboard must be 'true' or 'false', not {side!r}")
            continue
        entry = DeckEntry(int(quantity), name, number)
        (sideboard if side == "true" else main).append(entry)
    if problems:
        raise DeckError("\n".join(problems))
    return DeckList(main=tuple(main), sideboard=tuple(sideboard), source=source)


def _tag_start(lines: list[str], number: int) -> int:
    """The line where the tag that ended on line ``number`` starts."""
    while number > 1 and "<" not in lines[number - 1]:
        number -= 1
    return number


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
    """
    if format not in DECK_FORMATS:
        raise ValueError(f"unknown deck format {format!r}; expected one of {DECK_FORMATS}")
    source = deck.source or "<string>"
    lookup = known if known is not None else _database_lookup
    problems: list[str] = []
    canonical: dict[str, str | None] = {}
    everything = (*deck.commander, *deck.companion, *deck.main, *deck.sideboard)
    for entry in sorted(everything, key=lambda e: e.line):
        if entry.name not in canonical:
            canonical[entry.name] = lookup(entry.name)
        found = canonical[entry.name]
        if found is None:
            problems.append(f"{_at(source, [entry])}: {_unknown(entry.name, known)}")
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
        problems.append(
            f"{_at(source, deck.main)}: main deck has {size} card{'s' * (size != 1)}; "
            f"a {format} deck needs at least {minimum} (CR {rule})"
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
    from manastack.cards.database import card_data

    try:
        canonical: str = card_data(name).name
    except KeyError:
        return None
    return canonical


def _unknown(name: str, known: Callable[[str], str | None] | None) -> str:
    """``unknown card 'X'``, with the database's best suggestion when it is used."""
    message = f"unknown card {name!r}"
    if known is not None:
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

"""The card database: characteristics of every card in manastack's pool.

The pool is Magic 2011 (M11), Magic 2012 (M12) and the rules showcase cards.
The data is package data (``manastack/cards/data/cards.json.gz``), built by
``scripts/build_cards.py`` from MTGJSON data (see ``docs/cards.md``), and is
read lazily, once, with the standard library only::

    >>> card_data("Grizzly Bears").type_line
    'Creature — Bear'
    >>> [c.name for c in cards_in_set("M11")][:2]
    ['Ajani Goldmane', "Ajani's Mantra"]
"""

from __future__ import annotations

import difflib
import gzip
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from manastack.errors import UnknownCard

__all__ = [
    "CardData",
    "Printing",
    "SetInfo",
    "UnknownCard",
    "all_card_data",
    "card_data",
    "cards_in_set",
    "find_card_data",
    "mana_value",
    "set_codes",
    "set_info",
    "set_list",
    "showcase_notes",
    "variant_card_data",
    "variant_cards",
]

_DATA_PACKAGE = "manastack.cards.data"
_DATA_FILE = "cards.json.gz"
_SHOWCASE = "showcase"
_MANA_SYMBOL = re.compile(r"\{([^}]*)\}")


@dataclass(frozen=True, slots=True)
class Printing:
    """One printing of a card: set code, collector number and rarity.

    ``number`` is ``""`` for sets printed without collector numbers; rarity is
    ``common``, ``uncommon``, ``rare``, ``mythic``, ``basic land`` or ``special``.
    """

    set_code: str
    number: str
    rarity: str


@dataclass(frozen=True, slots=True)
class CardData:
    """The printed characteristics of a card (current Oracle wording)."""

    name: str
    mana_cost: str | None
    colors: tuple[str, ...]
    color_identity: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    keywords: tuple[str, ...]
    oracle_text: str
    oracle_text_2017: str | None
    layout: str
    printings: tuple[Printing, ...]
    #: Vanguard avatars only (CR 902.4, 902.5): the hand and life modifiers.
    hand_modifier: int | None = None
    life_modifier: int | None = None

    @property
    def type_line(self) -> str:
        """The type line, e.g. ``"Legendary Creature — Human Wizard"``."""
        line = " ".join(self.supertypes + self.types)
        if self.subtypes:
            line += " — " + " ".join(self.subtypes)
        return line

    @property
    def mana_value(self) -> int:
        """Converted mana cost: hybrid counts its largest part, X counts 0."""
        return mana_value(self.mana_cost)


@dataclass(frozen=True, slots=True)
class SetInfo:
    """A set of the pool: code, name, release date and collector-number count."""

    code: str
    name: str
    release_date: str
    count: int


def mana_value(mana_cost: str | None) -> int:
    """Mana value of a cost string such as ``"{2}{W/U}{X}"`` (here 3).

    Numbers count their value, X/Y/Z count 0, a hybrid symbol counts its
    largest part (``{2/W}`` is 2), any other symbol (W, C, W/P, S) counts 1.
    """
    total = 0
    for symbol in _MANA_SYMBOL.findall(mana_cost or ""):
        total += max(_symbol_value(part) for part in symbol.upper().split("/"))
    return total


def _symbol_value(part: str) -> int:
    if part.isdigit():
        return int(part)
    if part in ("X", "Y", "Z"):
        return 0
    return 1


@cache
def _raw() -> dict[str, Any]:
    """The decoded data file (read once)."""
    blob = resources.files(_DATA_PACKAGE).joinpath(_DATA_FILE).read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(blob))
    return data


def _card_from_json(raw: Mapping[str, Any]) -> CardData:
    return CardData(
        name=raw["name"],
        mana_cost=raw["mana_cost"],
        colors=tuple(raw["colors"]),
        color_identity=tuple(raw["color_identity"]),
        supertypes=tuple(raw["supertypes"]),
        types=tuple(raw["types"]),
        subtypes=tuple(raw["subtypes"]),
        power=raw["power"],
        toughness=raw["toughness"],
        loyalty=raw["loyalty"],
        keywords=tuple(raw["keywords"]),
        oracle_text=raw["oracle_text"],
        oracle_text_2017=raw["oracle_text_2017"],
        layout=raw["layout"],
        printings=tuple(Printing(p["set"], p["number"], p["rarity"]) for p in raw["printings"]),
        hand_modifier=raw.get("hand_modifier"),
        life_modifier=raw.get("life_modifier"),
    )


@cache
def all_card_data() -> Mapping[str, CardData]:
    """Every card of the pool, by name (read-only, sorted by name)."""
    cards = {raw["name"]: _card_from_json(raw) for raw in _raw()["cards"]}
    return MappingProxyType(cards)


@cache
def variant_card_data() -> Mapping[str, CardData]:
    """The non-traditional cards of the casual variants (CR 108.2a), by name: the schemes
    of Archenemy (ARC), the planes of Planechase (HOP) and the Vanguard avatars (VAN).
    They are not part of the pool (:func:`all_card_data`); :func:`card_data` finds them."""
    cards = {raw["name"]: _card_from_json(raw) for raw in _raw().get("variant_cards", ())}
    return MappingProxyType(cards)


def variant_cards(code: str) -> list[CardData]:
    """The schemes (``ARC``), planes (``HOP``) or avatars (``VAN``), in collector order."""
    sets = _raw().get("variant_sets", {})
    code = _canonical_code(code, tuple(sets))
    cards = variant_card_data()
    return [cards[name] for name in sets[code]["names"]]


@cache
def _all_named() -> Mapping[str, CardData]:
    return MappingProxyType({**variant_card_data(), **all_card_data()})


@cache
def _folded_names() -> Mapping[str, str]:
    return {name.casefold(): name for name in _all_named()}


def find_card_data(name: str) -> CardData | None:
    """The card named ``name`` as :func:`card_data` finds it, or None: no suggestions are
    looked for (a fuzzy search of the pool costs milliseconds a name)."""
    cards = _all_named()
    found = cards.get(name)
    if found is not None:
        return found
    exact = _folded_names().get(name.casefold())
    return cards[exact] if exact is not None else None


def card_data(name: str) -> CardData:
    """The card named ``name``: exact match first, then case-insensitive (pool cards and
    the variants' schemes, planes and avatars).

    Raises :class:`UnknownCard` (a ``KeyError``) naming close matches.
    """
    found = find_card_data(name)
    if found is not None:
        return found
    folded = _folded_names()
    close = difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)
    raise UnknownCard(name, tuple(folded[c] for c in close))


def set_codes() -> tuple[str, ...]:
    """The codes accepted by :func:`cards_in_set`: ``("M11", "M12", "showcase")``."""
    sets = _raw()["sets"]
    return (*sorted(sets, key=lambda code: (sets[code]["release_date"], code)), _SHOWCASE)


def _canonical_code(code: str, allowed: tuple[str, ...]) -> str:
    for valid in allowed:
        if valid.casefold() == code.casefold():
            return valid
    raise ValueError(f"unknown set code {code!r}; valid codes: {', '.join(allowed)}")


def cards_in_set(code: str) -> list[CardData]:
    """The cards of a set (case-insensitive code), each name once.

    M11/M12 come in collector-number order, ``showcase`` in file order.
    Raises ``ValueError`` for an unknown code.
    """
    code = _canonical_code(code, set_codes())
    cards = all_card_data()
    if code == _SHOWCASE:
        return [cards[name] for name, _ in _raw()["showcase"]]
    names = dict.fromkeys(name for _, name, _ in _raw()["sets"][code]["cards"])
    return [cards[name] for name in names]


def set_list(code: str) -> list[tuple[str, str, str]]:
    """The ``(number, name, rarity)`` list of M11 or M12, by collector number."""
    code = _canonical_code(code, tuple(_raw()["sets"]))
    return [(number, name, rarity) for number, name, rarity in _raw()["sets"][code]["cards"]]


def set_info(code: str) -> SetInfo:
    """Name, release date and collector-number count of M11 or M12."""
    code = _canonical_code(code, tuple(_raw()["sets"]))
    info = _raw()["sets"][code]
    return SetInfo(info["code"], info["name"], info["release_date"], info["count"])


def showcase_notes() -> dict[str, str]:
    """Showcase card name -> what it exercises, in file order."""
    return {name: comment for name, comment in _raw()["showcase"]}

"""Package data: the default deck lists (``decks/*.txt``).

A shipped list holds one ``COUNT NAME`` line per card and ``#`` comments (the plain
format of :func:`manastack.decks.parse_deck`, which reads any deck a user gives and
checks the card names; ``tests/test_decks.py`` checks both read these files alike).
"""

from __future__ import annotations

from importlib import resources

from manastack.errors import DeckError
from manastack.reprs import brief

#: The decks ``manastack play`` deals by default, seat by seat.
DEFAULT_DECKS = ("red_green", "white_black")


def default_deck_names() -> list[str]:
    """The names of the shipped deck lists."""
    return sorted(p.name[:-4] for p in resources.files("manastack.data").joinpath("decks")
                  .iterdir() if p.name.endswith(".txt"))


def default_deck_text(name: str) -> str:
    """A shipped deck list's text (``red_green``...); DeckError for another name."""
    if name not in default_deck_names():
        raise DeckError(f"no deck file {brief(name)}, and no default deck of that name (default "
                        f"decks: {', '.join(default_deck_names())})")
    return resources.files("manastack.data").joinpath(f"decks/{name}.txt").read_text()


def default_deck(name: str) -> list[str]:
    """A shipped deck list (``red_green``, ``white_black``...) as card names."""
    text = default_deck_text(name)
    cards: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            count, _, card = line.partition(" ")
            cards += [card.strip()] * int(count)
    return cards

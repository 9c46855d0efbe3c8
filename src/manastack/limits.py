"""Limits on every input manastack reads, and the bounded readers that enforce them.

Deck files (:mod:`manastack.decks`), scenario files (:mod:`manastack.scenario.model`),
replay files (:mod:`manastack.replays`) and command-line values (:mod:`manastack.cli`)
come from users, and a game server will take them from strangers.  Each loader checks
these limits before it begins the work an input asks for, and refuses an input over one
with :class:`~manastack.errors.InputLimitError` (a ``DeckError`` or ``ScenarioError``
too, for decks and scenarios): one line naming the file, the line where there is one,
and the limit.  Messages never echo a whole hostile value
(:func:`manastack.reprs.brief`, :func:`shown_path`).

The numbers are far above what real inputs need (the project's largest scenario file
has 69 KB and 7,910 YAML nodes; a deck a few hundred cards; a random game's replay about
1,000 decisions) and low enough that no input keeps a loader busy for more than about a
second.  ``docs/decks.md``, ``docs/scenarios.md`` and the README (Commands) list them.

>>> load_json('{"a": [1, 2]}', where="r.json")
{'a': [1, 2]}
>>> load_json("[" * 40 + "]" * 40, where="r.json")
Traceback (most recent call last):
...
manastack.errors.InputLimitError: r.json: JSON nested deeper than 32 levels (the limit)
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from typing import Any, Final

from manastack.errors import InputLimitError, ManastackError

KIB: Final = 1024
MIB: Final = 1024 * KIB

# --------------------------------------------------------------------------- deck files
#: Size of a deck file (plain text, Arena export or MTGO ``.dek``).
MAX_DECK_FILE_BYTES: Final = 1 * MIB
#: Lines of a deck file (blank lines and comments included).
MAX_DECK_LINES: Final = 10_000
#: Characters on one line of a plain-text or Arena deck file.
MAX_DECK_LINE_LENGTH: Final = 1_000
#: Cards in one deck, every section, each line counted with its count (also the largest
#: deck :func:`manastack.engine.new_game` and a replay file accept).
MAX_DECK_CARDS: Final = 1_000
#: Characters of a card name (the longest real card name has 141).
MAX_CARD_NAME_LENGTH: Final = 200
#: Problems one deck error or ``check_deck`` lists; the rest are counted
#: ("... and 12 more problems").
MAX_PROBLEMS: Final = 20
#: Distinct unknown card names of a deck that get a "did you mean" suggestion (each
#: costs a fuzzy search of the card pool).
MAX_SUGGESTIONS: Final = 10

# --------------------------------------------------------------------------- scenario files
#: Size of a scenario file (pure-Python YAML parses about 200 KB a second).
MAX_SCENARIO_FILE_BYTES: Final = 256 * KIB
#: YAML nodes (mappings, sequences, scalars) of a file, an alias counting as every node it
#: repeats: a "billion laughs" alias bomb is refused before it is expanded.
MAX_YAML_NODES: Final = 20_000
#: Aliases (``*name``) in a file.
MAX_YAML_ALIASES: Final = 100
#: Nesting of YAML collections (aliases expanded).
MAX_YAML_DEPTH: Final = 32
#: Largest integer (in absolute value) written in a scenario file.
MAX_SCENARIO_INT: Final = 10**9
#: Characters of a string (a name, an alias, a rule...) in a scenario file.
MAX_SCENARIO_TEXT: Final = 1_000
#: Cards a scenario file puts into its games ("3 Forest" counting 3), all scenarios.
MAX_SCENARIO_CARDS: Final = 10_000

# --------------------------------------------------------------------------- replay files
#: Size of a replay file (a game of :data:`MAX_DECISIONS` decisions takes ~20 MB).
MAX_REPLAY_FILE_BYTES: Final = 32 * MIB
#: JSON values of a replay file, counted before it is parsed (an upper bound: every
#: ``[``, ``{``, ``,`` and ``:``).
MAX_JSON_ITEMS: Final = 3_000_000
#: Nesting of JSON arrays and objects (replay files and ``--option`` values).
MAX_JSON_DEPTH: Final = 32
#: Digits of a JSON integer (a seed has at most 19).
MAX_NUMBER_DIGITS: Final = 20
#: Decisions of a replay file: ``play_game``'s cap, so that every game ``manastack play``
#: saves can be replayed.
MAX_DECISIONS: Final = 200_000

# --------------------------------------------------------------------------- games
#: Players of a game read from a file or the command line.
MAX_PLAYERS: Final = 16
#: Characters of a player's name.
MAX_PLAYER_NAME_LENGTH: Final = 100
#: Largest seed (in absolute value): a 64-bit integer.
MAX_SEED: Final = 2**63 - 1
#: Largest ``max_turns`` (``--max-turns``).
MAX_TURNS: Final = 100_000
#: Largest starting hand (103.4): no deck holds more cards than this.
MAX_STARTING_HAND: Final = MAX_DECK_CARDS
#: Largest starting life total (103.3), in absolute value.
MAX_LIFE: Final = 10**9

# --------------------------------------------------------------------------- command line
#: Characters of one ``--option KEY=VALUE``.
MAX_OPTION_LENGTH: Final = 2_000
#: ``--option`` and ``--deck`` arguments of one command.
MAX_OPTIONS: Final = 32
#: The longest text of an action the notation reads (docs/notation.md).
MAX_NOTATION_LENGTH: Final = 4_000
#: ``manastack match --games``.
MAX_MATCH_GAMES: Final = 1_000
#: ``manastack sim -n`` (games per match-up) and ``--workers``.
MAX_SIM_GAMES: Final = 10_000_000
MAX_SIM_WORKERS: Final = 1_024


def shown_path(path: Any) -> str:
    """``path`` as a message shows it: cut in the middle when it is longer than 120
    characters (a path longer than the OS allows is still named, briefly)."""
    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else str(path)
    if not isinstance(text, str):
        text = os.fsdecode(text)
    return text if len(text) <= 120 else f"{text[:80]}...{text[-30:]}"


def read_limited(path: str | os.PathLike[str], *, limit: int, what: str,
                 error: type[ManastackError] = InputLimitError) -> bytes:
    """The bytes of the regular file ``path``, refused with ``error`` (one line naming
    the file and the limit) when it holds more than ``limit`` bytes or isn't a regular
    file (a folder, ``/dev/zero``, a pipe: never read).  At most ``limit + 1`` bytes are
    read.  ``what`` names the kind of file (``"deck file"``).

    Raises OSError when the file can't be read (no such file, no permission, a name
    longer than the OS allows: ENAMETOOLONG); a path holding a NUL character is an
    OSError (EINVAL) too."""
    shown = shown_path(path)
    try:
        info = os.stat(path)
    except ValueError:  # "embedded null byte"
        raise OSError(errno.EINVAL, "the path holds a NUL character") from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{shown}: not a regular file ({_kind(info.st_mode)}); a {what} must "
                    "be a regular file")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())  # (the same file as the one checked above?)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{shown}: not a regular file ({_kind(info.st_mode)}); a {what} "
                        "must be a regular file")
        if info.st_size > limit:
            raise error(_too_large(shown, what, limit))
        data = f.read(limit + 1)
    if len(data) > limit:
        raise error(_too_large(shown, what, limit))
    return data


def read_text_limited(path: str | os.PathLike[str], *, limit: int, what: str,
                      error: type[ManastackError] = ManastackError,
                      too_large: type[ManastackError] = InputLimitError,
                      encoding: str = "utf-8") -> str:
    """The text of the regular file ``path`` (:func:`read_limited`, refusing with
    ``too_large``), decoded from ``encoding``.  A file that can't be read or isn't text is
    refused with ``error``, in one line naming it (and the line where the decoding
    failed): "deck.txt: can't read the deck file (No such file or directory)",
    "deck.txt line 2: not UTF-8 text"."""
    shown = shown_path(path)
    try:
        raw = read_limited(path, limit=limit, what=what, error=too_large)
    except OSError as e:
        raise error(f"{shown}: can't read the {what} ({e.strerror or e})") from None
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise error(f"{shown} line {line}: not UTF-8 text") from None


def _too_large(shown: str, what: str, limit: int) -> str:
    return f"{shown}: more than {limit:,} bytes (the limit for a {what})"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def line_of(text: str, position: int) -> int:
    """The 1-based line of ``text`` holding the character at ``position``."""
    return text.count("\n", 0, max(0, position)) + 1


class _LongNumber(Exception):
    """A JSON integer with more than :data:`MAX_NUMBER_DIGITS` digits (raised from
    ``json.loads``'s ``parse_int`` hook, before ``int()`` sees it)."""


def _parse_int(digits: str) -> int:
    if len(digits) > MAX_NUMBER_DIGITS + (digits[:1] == "-"):
        raise _LongNumber(digits)
    return int(digits)


_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")


def load_json(text: str, *, where: str, error: type[ManastackError] = InputLimitError,
              items: int = MAX_JSON_ITEMS) -> Any:
    """Parse JSON ``text`` (``where`` names it in messages) within the limits: at most
    ``items`` values (counted before parsing), nesting at most :data:`MAX_JSON_DEPTH`
    deep, integers of at most :data:`MAX_NUMBER_DIGITS` digits.  A limit is refused with
    ``error``; invalid JSON raises ``json.JSONDecodeError`` (a ValueError)."""
    count = sum(text.count(c) for c in "[{,:")
    if count > items:
        raise error(f"{where}: more than {items:,} JSON values (the limit)")
    try:
        value = json.loads(text, parse_int=_parse_int)
    except _LongNumber:
        found = _LONG_NUMBER.search(text)
        line = f" line {line_of(text, found.start())}" if found else ""
        raise error(f"{where}{line}: a number with more than {MAX_NUMBER_DIGITS} digits "
                    "(the limit)") from None
    except RecursionError:
        raise error(_too_deep(where)) from None
    if json_depth(value) > MAX_JSON_DEPTH:
        raise error(_too_deep(where))
    return value


def _too_deep(where: str) -> str:
    return f"{where}: JSON nested deeper than {MAX_JSON_DEPTH} levels (the limit)"


def json_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """The nesting depth of lists and dicts in ``value`` (a scalar: 0), counted up to
    ``limit + 1`` (deeper values are not walked further)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > limit:
            return deepest
        stack.extend((child, depth) for child in children)
    return deepest

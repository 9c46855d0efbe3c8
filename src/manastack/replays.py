"""Replay files: a versioned JSON format, read within limits and checked before a game
is rebuilt from it (:func:`manastack.play.replay`).

Format 2, written by :func:`manastack.play.replay_data` (``manastack play --save``)::

    {"format": 2, "seed": 3, "players": ["Alice", "Bob"],
     "options": {"variant": "two_player", "mulligan": "paris", ...},
     "decks": [["Forest", ...], ["Island", ...]],
     "decisions": [{"player": 0, "text": "cast Lightning Bolt -> Bob",
                    "action": {"verb": "cast", "card": 85, "targets": ["P1"], ...}}, ...]}

Each decision is the player who answered and their answer, in the action notation
(``text``, docs/notation.md: as that player saw the game then) and in JSON (``action``).
A format-2 decision may hold either or both: a text is read with
:func:`~manastack.engine.notation.parse_action` (a hand-written file may hold only texts);
when both are there they must be the same action.  Format 1 is format 2 without
``text``: its files are read as they always were.  A file without ``format`` was saved
before the field existed: its layout is exactly format 1's, so it is read as format 1.
Any other ``format`` (a later version, a string, ``true``) is refused with a message
saying which formats this version reads; so is a key format 2 doesn't have.

A file is refused unread when it isn't a regular file or has more than
:data:`~manastack.limits.MAX_REPLAY_FILE_BYTES` bytes, and unparsed when it holds more
than :data:`~manastack.limits.MAX_JSON_ITEMS` JSON values; JSON nested deeper than
:data:`~manastack.limits.MAX_JSON_DEPTH` or holding an integer of more than
:data:`~manastack.limits.MAX_NUMBER_DIGITS` digits is refused, and so is a file of more
than :data:`~manastack.limits.MAX_DECISIONS` decisions or
:data:`~manastack.limits.MAX_PLAYERS` players.  Seeds, option values and decks are
bounded by :func:`manastack.engine.new_game`, which also runs the variant's deck
checks (a Commander game needs its commanders, 903.3).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from manastack.errors import InputLimitError, ManastackError
from manastack.limits import (
    MAX_DECISIONS,
    MAX_PLAYER_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_REPLAY_FILE_BYTES,
    line_of,
    load_json,
    read_text_limited,
    shown_path,
)
from manastack.reprs import brief

#: The format :func:`manastack.play.replay_data` writes.
REPLAY_FORMAT: Final = 2
#: The formats :func:`check_replay` accepts (a file without ``format`` is format 1).
READABLE_FORMATS: Final = (1, 2)
#: The keys of a replay file (format 1 and 2); ``options`` and ``format`` may be left out.
REPLAY_KEYS: Final = ("format", "seed", "players", "options", "decks", "decisions")
_REQUIRED: Final = ("seed", "players", "decks", "decisions")
#: The keys of ``options`` (the fields of :class:`~manastack.game.state.GameOptions`).
OPTION_KEYS: Final = ("variant", "mulligan", "starting_life", "starting_hand",
                      "first_player", "max_turns", "extra", "pass_when_forced", "fold_mana")


def read_replay_file(path: str | Path) -> Any:
    """The JSON value of the replay file ``path``, read within the limits.

    Raises :class:`~manastack.errors.ManastackError` naming the file when it can't be
    read, isn't UTF-8 JSON, or is over a limit (:class:`InputLimitError`); the value
    isn't checked (:func:`check_replay` does that)."""
    shown = shown_path(path)
    text = read_text_limited(path, limit=MAX_REPLAY_FILE_BYTES, what="replay file")
    try:
        return load_json(text, where=shown)
    except InputLimitError:
        raise
    except json.JSONDecodeError as e:
        raise ManastackError(f"{shown} line {line_of(text, e.pos)}: not a replay file "
                             f"(invalid JSON: {e})") from None


def check_replay(data: Any) -> None:
    """Raise :class:`~manastack.errors.ManastackError` (``not a replay: ...``) unless
    ``data`` is a replay of a format this version reads, with at most
    :data:`~manastack.limits.MAX_DECISIONS` decisions and
    :data:`~manastack.limits.MAX_PLAYERS` players, each named by a string of at most
    :data:`~manastack.limits.MAX_PLAYER_NAME_LENGTH` characters; an ``options`` object
    holds only :data:`OPTION_KEYS`.  (The values are checked as the game is made.)"""
    if not isinstance(data, dict):
        raise ManastackError("not a replay: expected an object with seed, players, decks, "
                             "options and decisions")
    version = data.get("format", REPLAY_FORMAT)
    if type(version) is not int or version not in READABLE_FORMATS:
        raise ManastackError(f"replay format {brief(version)} isn't supported: this version "
                             f"of manastack reads formats "
                             f"{' and '.join(map(str, READABLE_FORMATS))}")
    unknown = [k for k in data if k not in REPLAY_KEYS]
    if unknown:
        raise ManastackError(f"not a replay: unknown key {brief(unknown[0])} (format "
                             f"{version} has {', '.join(REPLAY_KEYS)})")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise ManastackError(f"not a replay: missing {', '.join(missing)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ManastackError(f"not a replay: options must be an object, not {brief(options)}")
    unknown = [k for k in options if k not in OPTION_KEYS]
    if unknown:
        raise ManastackError(f"not a replay: unknown option {brief(unknown[0])} (options are "
                             f"{', '.join(OPTION_KEYS)})")
    players = data["players"]
    if isinstance(players, list):
        if len(players) > MAX_PLAYERS:
            raise InputLimitError(f"more than {MAX_PLAYERS} players (the limit)")
        for name in players:
            if isinstance(name, str) and len(name) > MAX_PLAYER_NAME_LENGTH:
                raise InputLimitError(f"a player's name of {len(name):,} characters (the "
                                      f"limit is {MAX_PLAYER_NAME_LENGTH})")
    decisions = data["decisions"]
    if not isinstance(decisions, list):
        raise ManastackError(f"not a replay: decisions must be a list, not {brief(decisions)}")
    if len(decisions) > MAX_DECISIONS:
        raise InputLimitError(f"more than {MAX_DECISIONS:,} decisions (the limit for a "
                              "replay file)")


def decision_texts(game: Any, viewer: Any = None) -> list[str]:
    """The text of each answer of ``game`` (``game.history``) in the action notation, as
    its player saw the game when answering (docs/notation.md), or as ``viewer`` saw it
    (a seat, or :data:`~manastack.engine.notation.SPECTATOR_VIEW`).  The game is played again
    from its seed, decks and options to find each position (the texts name objects as
    they were then): call this only for a game :func:`manastack.engine.new_game` made."""
    from manastack.engine import new_game
    from manastack.engine.notation import action_text
    from manastack.game.state import GameOptions

    again = new_game([p.name for p in game.players], game.deck_lists, game.seed,
                     GameOptions(**game.options.to_json()))
    texts = []
    for player, action in game.history:
        texts.append(action_text(again, action, player if viewer is None else viewer))
        again.apply(player, action)
    return texts

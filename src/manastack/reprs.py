"""Bounded text of untrusted values, for messages (a refusal never echoes a whole hostile
value: a 54 MB name, a 5,000-digit number, a deeply nested tuple)."""

from __future__ import annotations

import reprlib
from typing import Any, Final

_REPR: Final = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40
_REPR.maxlevel = 3
_REPR.maxtuple = _REPR.maxlist = _REPR.maxdict = _REPR.maxset = 6


#: The most characters :func:`brief` gives.
LIMIT: Final = 160


def brief(value: Any) -> str:
    """``repr(value)``, cut to about 60 characters per part, a few levels of nesting and
    :data:`LIMIT` characters in all (a huge int is described by its size)."""
    if type(value) is int and value.bit_length() > 128:
        return f"<an integer of {value.bit_length()} bits>"
    try:
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 -- a hostile __repr__ must not escape a message
        return f"<{type(value).__name__}>"
    return text if len(text) <= LIMIT else f"{text[:LIMIT - 3]}..."

"""Errors raised by the engine.  Each names the problem; rule errors cite the CR."""

from __future__ import annotations


class ManastackError(Exception):
    """Base class of the package's errors."""


class IllegalAction(ManastackError, ValueError):
    """An answer to a decision that the rules don't allow (the game is unchanged).

    ``rule`` is the CR paragraph that forbids it, e.g. ``"508.1a"``.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} (CR {rule})" if rule else message)


class CardError(ManastackError, KeyError):
    """An unknown card, or a card whose behaviour isn't implemented."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "card error"


class UnknownCard(CardError):
    """No card of that name in the pool (a ``KeyError`` too); the message suggests close
    matches.  (Raised by manastack.cards.database; defined here, in a module mypyc leaves
    pure Python, since it subclasses builtin exceptions.)"""

    def __init__(self, name: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(name)
        self.name = name
        self.suggestions = suggestions

    def __str__(self) -> str:
        message = f"unknown card {self.name!r}"
        if self.suggestions:
            message += "; did you mean " + ", ".join(repr(s) for s in self.suggestions) + "?"
        return message


class DeckError(ManastackError, ValueError):
    """A malformed or illegal deck list (the message names the line)."""


class ScenarioError(ManastackError, ValueError):
    """A malformed scenario file (the message names the file and the entry)."""


class InputLimitError(ManastackError, ValueError):
    """An input over one of the limits of :mod:`manastack.limits` (a file too large, too
    many lines, too deep a nesting, too big a number...), refused before any work: the
    message is one line naming the file (and the line, where there is one) and the
    limit.  The command line exits with code 2."""


class DeckLimitError(InputLimitError, DeckError):
    """A deck file or deck list over a limit (a :class:`DeckError` too)."""


class ScenarioLimitError(InputLimitError, ScenarioError):
    """A scenario file over a limit (a :class:`ScenarioError` too); ``manastack scenario
    run`` refuses the whole run (exit code 2) rather than failing one file."""


class StaleMemo(ManastackError, AssertionError):
    """Check mode (``MANASTACK_CHECK_MEMOS=1``): a kept value differs from a fresh
    computation of it (an engine bug: a cache missed a change)."""

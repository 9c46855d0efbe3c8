"""What an environment's games are built from: decks, a variant, a seat count, and the
error for arguments they can't be built with (a module of its own: the error subclasses a
builtin exception, which the compiled build can't compile).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from manastack.env.fields import P_MAX
from manastack.errors import ManastackError
from manastack.game.state import GameOptions

#: The default number of env steps (sub-decisions answered by agents) before an episode
#: is truncated.
N_MAX_STEPS: Final = 5_000
PLAYER_NAMES: Final = ("Alice", "Bob", "Carol", "Dave")


class EnvConfigError(ManastackError, ValueError):
    """Arguments an environment can't be built with (a deck, a variant, a seat count)."""


def game_setup(decks: Sequence[Any] | None, variant: str | None, players: int | None,
               seed: int, options: dict[str, Any] | None = None
               ) -> tuple[list[list[str]], GameOptions]:
    """Decks (card names) and options for a new game, as ``manastack play`` makes them: the
    variant's default set-up, decks given by name (a shipped list) or as card names."""
    from manastack.data import default_deck
    from manastack.variants import get_variant, variant_names

    name = variant or ("two_player" if players in (None, 2) else "free_for_all")
    if name not in variant_names():
        raise EnvConfigError(f"unknown variant {name!r} (one of {', '.join(variant_names())})")
    v = get_variant(name)
    n = players if players is not None else max(v.min_players, min(P_MAX, v.max_players))
    if not 2 <= n <= P_MAX:
        raise EnvConfigError(f"{n} players: the environment seats 2 to {P_MAX}")
    problem = v.check_player_count(n)
    if problem:
        raise EnvConfigError(problem)
    default, extra = v.default_setup(n, seed)
    if decks:
        given = [default_deck(d) if isinstance(d, str) else list(d) for d in decks]
        default = [given[i % len(given)] for i in range(n)]
    extra.update(options or {})
    problem = v.check_extra(n, extra)
    if problem:
        raise EnvConfigError(problem)
    return default, GameOptions(variant=name, extra=extra, pass_when_forced=True)

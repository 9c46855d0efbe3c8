"""Memoised queries are exact: a game played with every state change treated as wide (so
no memo survives a change, ``Game.changed``) gives the same log, byte for byte, as the
same game played with the narrow kinds of change (tapping, mana, combat, hidden zones)
that let memos be kept.  Guards the invalidation of every cache keyed on the narrow
kinds (legal actions, the layer view, mana sources, payment plans...)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import test_soak_pool
import test_soak_variants
import test_soak_variants_cmd

from manastack.game.state import Game


@contextmanager
def all_changes_wide() -> Iterator[None]:
    """While active, ``game.changed(touches)`` ignores ``touches``: every change is wide."""
    original = Game.changed

    def wide(self: Game, touches: str | None = None) -> None:
        original(self, None)

    Game.changed = wide  # type: ignore[method-assign]
    try:
        yield
    finally:
        Game.changed = original  # type: ignore[method-assign]


def _same_both_ways(play: Callable[..., str], *args: Any) -> None:
    """``play(*args)`` gives the same log with and without narrow changes."""
    kept = play(*args)
    with all_changes_wide():
        fresh = play(*args)
    if kept != fresh:
        lines = zip(kept.splitlines(), fresh.splitlines(), strict=False)
        first = next(((i, a, b) for i, (a, b) in enumerate(lines) if a != b), None)
        pytest.fail(f"{play.__module__} {args}: the logs differ at {first}")


@pytest.mark.parametrize("seed", range(6))
def test_cr_117_3_memos_kept_across_narrow_changes_are_exact_pool(seed: int) -> None:
    """117.3, 613, 704.3: random games with decks from the whole pool play the same with
    and without memos kept across narrow changes."""
    _same_both_ways(test_soak_pool._play, 11 * seed + 5)


def test_cr_117_3_memos_kept_across_narrow_changes_are_exact_variants() -> None:
    """The same in multiplayer games and the casual variants (team turns, commanders,
    schemes, planes, vanguards)."""
    for case, (variant, n, extra, _) in enumerate(test_soak_variants.CASES[:4]):
        _same_both_ways(test_soak_variants._play, variant, n, extra(case), case)
    for name in test_soak_variants_cmd.VARIANTS:
        _same_both_ways(test_soak_variants_cmd._play, name, 5)

"""``objects.card_test`` memoises a value of a card definition per definition: by identity
(two equal-looking definitions are two entries), whatever the value (None and False are
kept like any other), computed once."""

from __future__ import annotations

import dataclasses
from typing import Any

from manastack.cards.registry import lookup
from manastack.game.objects import card_test


def test_card_test_computes_once_per_definition() -> None:
    """A definition's value is computed on the first call only, also when it is falsy."""
    calls: list[str] = []

    def falsy(card: Any) -> None:
        calls.append(card.name)
        return None

    table: dict[Any, Any] = {}
    forest = lookup("Forest")
    assert card_test(table, forest, falsy) is None
    assert card_test(table, forest, falsy) is None
    assert calls == ["Forest"]


def test_card_test_keys_by_identity() -> None:
    """A copy of a definition with the same fields is another definition (a card made by
    hand may share a printed card's values but not its behaviour): it gets its own
    value."""
    forest = lookup("Forest")
    twin = dataclasses.replace(forest)
    assert twin is not forest
    table: dict[Any, Any] = {}
    assert card_test(table, forest, lambda c: "first") == "first"
    assert card_test(table, twin, lambda c: "second") == "second"
    assert card_test(table, forest, lambda c: "third") == "first"
    assert len(table) == 2

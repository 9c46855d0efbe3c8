"""The mana pool (CR 106.4) and its emptying (CR 500.4): the pool's unit count
(:attr:`ManaPool.size`) follows its amounts through every way mana enters or leaves it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from manastack import log as ev
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.game.decisions import Activate, Pass
from manastack.game.mana import MANA_TYPES, ManaPool
from manastack.game.objects import Zone

import testcards  # noqa: F401  (registers test cards)
from conftest import at_step, pass_until


def test_cr_106_4_pool_size_is_the_number_of_units() -> None:
    """CR 106.4: a pool made from amounts, parsed, added to, spent from and emptied holds
    as many units as its amounts say."""
    pool = ManaPool({"W": 0, "U": 1, "B": 0, "R": 2, "G": 0, "C": 0})
    assert pool.size == pool.total() == 3 and pool.has_mana()
    pool.add("G", 2)
    pool.spend(["R", "G"])
    assert pool.size == 3 == sum(pool.amounts.values())
    assert pool.empty() == {"U": 1, "R": 1, "G": 1}
    assert pool.size == 0 and not pool.has_mana()
    assert ManaPool.parse("{R}{R}G").size == 3 and ManaPool().size == 0


@given(st.lists(st.tuples(st.sampled_from(("add", "spend", "empty")),
                          st.sampled_from(MANA_TYPES), st.integers(1, 3)), max_size=30))
def test_cr_106_4_pool_size_follows_any_sequence_of_changes(
        ops: list[tuple[str, str, int]]) -> None:
    """CR 106.4: after any sequence of additions, payments and emptyings the unit count is
    the sum of the amounts (a payment of mana the pool lacks fails and changes nothing of
    the count's agreement)."""
    pool = ManaPool()
    for op, m, n in ops:
        if op == "add":
            pool.add(m, n)
        elif op == "empty":
            pool.empty()
        elif pool.amounts[m] >= n:
            pool.spend([m] * n)
        assert pool.size == sum(pool.amounts.values())
        assert pool.has_mana() == any(pool.amounts.values())


def test_cr_500_4_mana_from_an_ability_empties_when_the_step_ends() -> None:
    """CR 500.4, 605.3b: mana a mana ability adds stays until the step ends, then empties
    (the pool had nothing before the activation)."""
    g = setup_game()
    forest = put(g, 0, Zone.BATTLEFIELD, "Forest")
    start_at(g, "upkeep", turn=2)
    assert g.players[0].mana_pool.size == 0
    g.apply(0, Activate(forest.id, 0))
    assert str(g.players[0].mana_pool) == "G" and g.players[0].mana_pool.has_mana()
    g.apply(0, Pass())
    assert g.step is not None and g.step.name == "upkeep"  # Bob still has priority
    assert str(g.players[0].mana_pool) == "G"
    pass_until(g, at_step("draw"))
    assert g.players[0].mana_pool.size == 0
    empties = [e for e in g.log if e.kind == ev.MANA and e.rule == "500.4"]
    assert [e.data["lost"] for e in empties] == [{"G": 1}]


def test_cr_500_4_an_empty_pool_logs_no_emptying() -> None:
    """CR 500.4: mana spent in full leaves nothing to empty: no "pool empties" event."""
    g = setup_game()
    set_mana(g, 0, "G")
    start_at(g, "upkeep", turn=2)
    g.players[0].mana_pool.spend(["G"])
    pass_until(g, at_step("draw"))
    assert not any(e.kind == ev.MANA and e.rule == "500.4" for e in g.log)

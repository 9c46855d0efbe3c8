"""The quick payability test (:func:`quick_payable`) against the payment search.

CR 601.2g-h: a cost can be paid when the mana in the pool and the mana the player's
sources can add cover every symbol and the generic part.  Listing the legal casts asks
only whether a cost can be paid; :func:`quick_payable` answers the common cases with a
matching instead of searching, and must answer exactly as :func:`find_payment` does.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.game.mana import (
    MANA_TYPES,
    ManaCost,
    ManaSource,
    find_payment,
    quick_payable,
    takes_whole_pool,
)

#: Symbols of every kind :meth:`ManaCost.parse` knows, simple and not.
_SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{B/G}", "{R/W}", "{U/R}",
            "{2/W}", "{G/P}", "{S}"]
#: Source options: one mana of a type, a choice of types, or several mana at once.
_OPTIONS = ["W", "U", "B", "R", "G", "C", "WW", "GG", "UB"]


def _units(pool: dict[str, int]) -> list[str]:
    return [k for k in MANA_TYPES for _ in range(pool[k])]


@st.composite
def _case(draw: st.DrawFn, simple_only: bool) -> tuple[ManaCost, dict[str, int],
                                                       list[ManaSource]]:
    kinds = _SYMBOLS[:10] if simple_only else _SYMBOLS
    symbols = draw(st.lists(st.sampled_from(kinds), max_size=5))
    generic = draw(st.integers(0, 5))
    cost = ManaCost.parse((f"{{{generic}}}" if generic else "") + "".join(symbols))
    pool = {k: draw(st.integers(0, 2)) if draw(st.booleans()) else 0 for k in MANA_TYPES}
    opts = _OPTIONS[:6] if simple_only else _OPTIONS
    sources = [ManaSource(i, 0, tuple(draw(st.lists(st.sampled_from(opts), min_size=1,
                                                    max_size=3, unique=True))))
               for i in range(draw(st.integers(0, 8)))]
    return cost, pool, sources


@settings(max_examples=400, deadline=None)
@given(_case(simple_only=True))
def test_cr_601_2g_quick_payability_agrees_with_the_search(
        case: tuple[ManaCost, dict[str, int], list[ManaSource]]) -> None:
    """CR 601.2g-h: for one-mana sources and one-mana symbols, the matching decides
    payability exactly as the search does (and always decides)."""
    cost, pool, sources = case
    quick = quick_payable(cost, pool, sources)
    assert quick is not None
    assert quick == (find_payment(cost, _units(pool), sources) is not None)


@settings(max_examples=400, deadline=None)
@given(_case(simple_only=False))
def test_cr_601_2g_quick_payability_leaves_the_rest_to_the_search(
        case: tuple[ManaCost, dict[str, int], list[ManaSource]]) -> None:
    """CR 107.4e-f, 601.2g: with a symbol that a generic amount or life may pay, snow, or
    a source adding several mana, the quick test either agrees or leaves the answer to
    the search (None)."""
    cost, pool, sources = case
    quick = quick_payable(cost, pool, sources)
    if quick is not None:
        assert quick == (find_payment(cost, _units(pool), sources) is not None)


def test_cr_601_2g_quick_payability_of_a_hybrid_needing_the_right_unit() -> None:
    """CR 107.4e, 601.2g: {W/U}{W} from a Plains and an Island is payable (the Island pays
    the hybrid); from two Islands it isn't, nor is {1}{W}{W} from one Plains and the
    pool's one W short of a third unit."""
    plains, island = ManaSource(1, 0, ("W",)), ManaSource(2, 0, ("U",))
    empty = dict.fromkeys(MANA_TYPES, 0)
    assert quick_payable(ManaCost.parse("{W/U}{W}"), empty, [plains, island]) is True
    assert quick_payable(ManaCost.parse("{W/U}{W}"), empty,
                         [island, ManaSource(3, 0, ("U",))]) is False
    assert quick_payable(ManaCost.parse("{1}{W}{W}"), {**empty, "W": 1}, [plains]) is False
    assert quick_payable(ManaCost.parse("{1}{W}{W}"), {**empty, "W": 1},
                         [plains, island]) is True
    assert quick_payable(ManaCost.parse("{2/W}"), empty, [plains]) is None


@settings(max_examples=400, deadline=None)
@given(_case(simple_only=False))
def test_cr_601_2h_a_pool_paying_with_every_unit_is_spent_whole(
        case: tuple[ManaCost, dict[str, int], list[ManaSource]]) -> None:
    """CR 601.2h, 107.4: after the mana abilities of a payment, a pool that pays the cost
    with every unit it holds (:func:`takes_whole_pool`) is what the search pays from it;
    for one-unit symbols the test decides every pool of exactly the cost's size."""
    cost, pool, _ = case
    units = _units(pool)
    found = find_payment(cost, units, ())
    if takes_whole_pool(cost, pool, len(units)):
        assert found is not None and sorted(found.from_pool) == sorted(units)
    simple = all(len(s.options) == 1 and s.options[0][0] in MANA_TYPES for s in cost.symbols)
    if simple and len(units) == cost.generic + len(cost.symbols):
        assert takes_whole_pool(cost, pool, len(units)) == (found is not None)


def test_cr_601_2h_whole_pool_only_for_the_exact_size() -> None:
    """CR 601.2h: an extra unit (a land adding two mana for a one-mana cost), a missing
    colour or a symbol another payment could take leaves the choice to the search."""
    g = ManaCost.parse("{1}{G}")
    assert takes_whole_pool(g, {"G": 1, "R": 1}, 2)
    assert not takes_whole_pool(g, {"G": 1, "R": 2}, 3)  # one unit would be left
    assert not takes_whole_pool(g, {"R": 2}, 2)  # no green
    assert not takes_whole_pool(ManaCost.parse("{G/W}"), {"G": 1}, 1)  # hybrid: searched
    assert not takes_whole_pool(ManaCost.parse("{2/W}"), {"W": 1}, 1)

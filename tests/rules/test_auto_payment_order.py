"""Automatic payment's choice among equal sources (601.2g-h; docs/scenarios.md,
"Unscripted decisions"): sources with another {T} ability last, and sources adding two
mana only where that mana isn't wasted."""
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.game.mana import ManaCost, ManaSource, _generic_rank, find_payment


def _tapped(cost: str, sources: list[ManaSource], keep: dict[str, float] | None = None
            ) -> list[int]:
    pay = find_payment(ManaCost.parse(cost), [], sources, keep={} if keep is None else keep)
    assert pay is not None
    return sorted(a[0] for a in pay.activations)


def test_spare_source_tapped_last_for_generic() -> None:
    maze = ManaSource(1, 0, ("C",), spare=True)
    plains = [ManaSource(i, 0, ("W",)) for i in (2, 3, 4)]
    assert _tapped("{1}{W}", [maze, *plains]) == [2, 3]
    assert _tapped("{3}{W}", [maze, *plains]) == [1, 2, 3, 4]


def test_two_mana_source_not_wasted() -> None:
    isle = ManaSource(1, 0, ("UU",))
    island = ManaSource(2, 0, ("U",))
    assert _tapped("{U}", [isle, island]) == [2]
    assert _tapped("{1}{U}", [island, isle]) == [1]
    assert _tapped("{2}{U}", [isle, island]) == [1, 2]


def test_listing_only_asks_whether_a_payment_exists() -> None:
    # without keep (listing legal actions) the cheap single search is kept
    isle = ManaSource(1, 0, ("UU",))
    island = ManaSource(2, 0, ("U",))
    assert find_payment(ManaCost.parse("{U}"), [], [isle, island]) is not None


def test_two_mana_creature_alone_rather_than_creature_and_land() -> None:
    # under Llanowar (plane) the Elves add {G} or {G}{G}: a {1}{G} cost taps them alone
    elves = ManaSource(3, 0, ("G", "GG"), creature=True)
    forest = ManaSource(1, 0, ("G",))
    assert _tapped("{1}{G}", [forest, elves]) == [3]


def test_lands_rather_than_a_two_mana_creature() -> None:
    bears = ManaSource(3, 0, ("GG",), creature=True)
    forest, mountain = ManaSource(1, 0, ("G",)), ManaSource(2, 0, ("R",))
    assert _tapped("{1}{G}", [forest, mountain, bears]) == [1, 2]


_OPTS = ["W", "U", "B", "R", "G", "C", "CC", "WU", "GG", "", "UB"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_OPTS), min_size=1, max_size=3),
       st.booleans(), st.sampled_from([-1, 0, 1]), st.booleans(),
       st.one_of(st.none(), st.dictionaries(st.sampled_from("WUBRG"),
                                            st.floats(-3, 3, allow_nan=False), max_size=5)))
def test_cr_601_2g_generic_order_ranks_units_as_specified(
        options: list[str], pool_unit: bool, multi: int, prefer_pool: bool,
        keep: dict[str, float] | None) -> None:
    """CR 601.2g-h (automatic payment's order for the generic part): pool units first
    unless told otherwise, sources with another {T} ability later, colourless mana first,
    then the least wanted colours, then by the amount a source adds; the rank of a unit is
    exactly this key."""
    sources = [ManaSource(7, 0, tuple(options), spare=True)]
    unit = (0, 0, tuple(options[:1])) if pool_unit else (1, 0, tuple(options))
    later = (False, 0) if pool_unit else (True, -multi * max(len(o) for o in options))
    wanted = 0.0 if keep is None or pool_unit else \
        max((keep.get(m, 0.0) for o in unit[2] for m in o), default=0.0)
    expected = (unit[0] if prefer_pool else -unit[0], later[0],
                not all(set(o) <= {"C"} for o in unit[2]), wanted, later[1], len(unit[2]))
    assert _generic_rank(unit, sources, multi, keep, prefer_pool) == expected

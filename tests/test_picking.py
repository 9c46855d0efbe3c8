"""The agents' uniform pick is ``random.Random.choice``, and the library shuffle is
``random.Random.shuffle``, bit for bit (determinism)."""

from __future__ import annotations

import random

import pytest

from manastack.picking import pick, shuffle


@pytest.mark.parametrize("seed", range(5))
def test_pick_matches_random_choice_and_leaves_the_same_state(seed: int) -> None:
    """Same elements and same generator state after, for sizes 1 to 70 (powers of two
    and their neighbours included): replays of games made before it stay the same."""
    a, b = random.Random(seed), random.Random(seed)
    for n in [*range(1, 20), 31, 32, 33, 63, 64, 65, 70]:
        seq = list(range(n))
        for _ in range(20):
            assert pick(a, seq) == b.choice(seq)
    assert a.getstate() == b.getstate()


def test_pick_from_nothing_is_an_error_like_choice() -> None:
    with pytest.raises(IndexError):
        pick(random.Random(0), [])


def test_pick_uses_a_subclass_own_choice() -> None:
    class Fixed(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def, override]
            return seq[-1]

    assert pick(Fixed(0), [1, 2, 3]) == 3


@pytest.mark.parametrize("seed", range(5))
def test_cr_701_18_shuffle_matches_random_shuffle_and_leaves_the_same_state(seed: int
                                                                            ) -> None:
    """CR 701.18 (shuffling a library): the same order and the same generator state after
    as ``Random.shuffle``, for lists of 0 to 70 items: games (and replays made before)
    stay the same."""
    a, b = random.Random(seed), random.Random(seed)
    for n in [*range(0, 20), 31, 32, 33, 40, 60, 64, 65, 70]:
        x, y = list(range(n)), list(range(n))
        shuffle(a, x)
        b.shuffle(y)
        assert x == y
    assert a.getstate() == b.getstate()


def test_shuffle_uses_a_subclass_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[no-untyped-def, override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(0), items)
    assert items == [3, 2, 1]

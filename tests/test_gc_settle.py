"""The card pool's first load moves the long-lived heap out of the cyclic garbage
collector's reach (``manastack.cards.registry._settle``), and a game makes no reference
cycles: it is freed by reference counting, so the collector never has to find it."""

from __future__ import annotations

import os
import subprocess
import sys

_SCRIPT = """
import gc, sys
from manastack.cards.registry import lookup
before = gc.get_freeze_count()
lookup("Forest")
after = gc.get_freeze_count()
from manastack.agents import RandomAgent
from manastack.play import default_deck, play_to_end
from manastack.engine import new_game
gc.collect()
decks = [default_deck("red_green"), default_deck("white_black")]
for seed in range(3):
    play_to_end(new_game(["Alice", "Bob"], decks, seed), [RandomAgent(1), RandomAgent(2)],
                10**6)
found = gc.collect()
cycle = []
cycle.append(cycle)
del cycle
print(before, after > 0, found, gc.collect())
"""


def _run(freeze: str | None) -> list[str]:
    env = dict(os.environ)
    env.pop("MANASTACK_GC_FREEZE", None)
    if freeze is not None:
        env["MANASTACK_GC_FREEZE"] = freeze
    out = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True,
                         text=True, check=True).stdout
    return out.split()


def test_first_load_freezes_the_long_lived_heap() -> None:
    """Nothing is frozen before the pool loads, the load freezes, three whole games leave
    no cyclic garbage, and garbage made later is still collected."""
    before, frozen, found, later = _run(None)
    assert (before, frozen, found) == ("0", "True", "0")
    assert int(later) >= 1


def test_freeze_can_be_turned_off() -> None:
    """MANASTACK_GC_FREEZE=0 leaves the collector's generations as they are."""
    before, frozen, found, _ = _run("0")
    assert (before, frozen, found) == ("0", "False", "0")

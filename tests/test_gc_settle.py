"""The card pool's first load moves the long-lived heap out of the cyclic garbage
collector's reach (``manastack.cards.registry._settle``), and a game makes no reference
cycles: it is freed by reference counting, so the collector never has to find it (which
lets ``manastack sim`` play its batches with the collector paused,
``manastack.sim.collector``)."""

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


_BATCH_SCRIPT = """
import gc
from manastack.data import default_deck
from manastack.sim import SimSpec, play_batch
decks = (tuple(default_deck("red_green")), tuple(default_deck("white_black")))
found = {}
for agents, games in (("random", 4), ("heuristic", 2), ("search", 1)):
    spec = SimSpec(*decks, agents=(agents, agents), seed=7, budget_ms=5)
    gc.collect()
    gc.disable()
    play_batch(spec, range(games))
    found[agents] = gc.collect()
    gc.enable()
gc.collect()
with_cycle = SimSpec(*decks, agents=("random", "random"), seed=7)
import weakref
import manastack.sim.games as games
class Node:
    pass
made, alive = [], []
def play_one(spec, index, real=games.play_one):
    alive.extend(ref() is not None for ref in made)
    node = Node()
    node.self = node
    made.append(weakref.ref(node))
    del node
    return real(spec, index)
games.play_one = play_one
play_batch(with_cycle, range(2))
on = gc.isenabled()
gc.collect()
first = made[0]() is None
import manastack.sim.runner as runner
runner.play_one = play_one  # (one worker: the games are played in this process)
made.clear()
alive.append("one worker")
runner.run(with_cycle, 2, workers=1, size=2)
on = on and gc.isenabled()
gc.collect()
print(found["random"], found["heuristic"], found["search"],
      alive == [True, "one worker", True], on, first and made[0]() is None)
"""


def test_sim_batches_make_no_cyclic_garbage() -> None:
    """Whole games of every built-in agent, played as ``manastack sim`` plays them
    (``play_batch``) with the collector off, leave no cyclic garbage; ``play_batch``, and
    a run on one worker (in this process), play their games with the collector paused (a
    cycle made in the first game is still there after it) and turn it back on after (the
    cycle is then found)."""
    out = subprocess.run([sys.executable, "-c", _BATCH_SCRIPT], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["0", "0", "0", "True", "True", "True"]


def test_paused_blocks_nest_and_restore() -> None:
    """The collector is off inside every block, back on only after the outermost one, and
    left off after blocks begun while it was off; threads share one count of blocks."""
    import gc
    import threading

    from manastack.sim.collector import collector_paused

    was = gc.isenabled()
    try:
        gc.enable()
        inside: list[bool] = []
        with collector_paused():
            with collector_paused():
                inside.append(gc.isenabled())
            inside.append(gc.isenabled())
            started, release = threading.Event(), threading.Event()

            def other() -> None:
                with collector_paused():
                    started.set()
                    release.wait(10)

            thread = threading.Thread(target=other)
            thread.start()
            started.wait(10)
        inside.append(gc.isenabled())  # the other thread's block is still open
        release.set()
        thread.join(10)
        assert inside == [False, False, False] and gc.isenabled()
        gc.disable()
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()

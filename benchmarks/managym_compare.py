"""Benchmark: random-game throughput of manastack and managym side by side (issue 40).

managym (github.com/jacklionheart/managym) is a reduced-rules Magic engine for
reinforcement learning, with a Python module (``import managym``) that is not on PyPI:
build it from its own sources (see docs/simulation.md, "managym side by side") and put
the built package on ``PYTHONPATH``.  This script only imports it.

Both engines play the same kind of game, one after the other in this process, on one
core: two players choosing uniformly at random among the legal actions until the game
ends; decisions with one legal answer are skipped by both (managym's
``skip_trivial=True``; manastack's engine passes forced priorities, its game loop answers
the other forced decisions), and manastack's random agent leaves {T} mana abilities to
the payment (601.2g-h); both with Python's cyclic garbage collector paused, as
``manastack sim`` plays its batches.  The decks are the vanilla cards both engines have,
40 cards a deck, a mirror each:

- ``elves``: 20 Llanowar Elves + 20 Forest in both engines (the same cards);
- ``two-drops``: a vanilla 2/2 for three in managym (20 Grey Ogre + 20 Mountain), for
  two in manastack (20 Grizzly Bears + 20 Forest; manastack has no Grey Ogre).

It prints games/s, the decisions an agent took per game and the mean turns of each,
and manastack's games/s over managym's.  ``--env``: the reinforcement-learning
environments instead (issue 41): managym's ``Env`` (each step returns its observation
object, the legal actions read from it) and manastack's PettingZoo environment
(``aec_env`` on the same decks, each step's observation made with its action mask and
feature table, ``env.last()``), both stepping random legal actions; it prints env
steps/s of each (CPU time) and manastack's over managym's.  Usage:

    PYTHONPATH=/path/to/built/managym python benchmarks/managym_compare.py [--games 2000]
        [--seed 0] [--decks elves,two-drops] [--env]

Wall-clock time: run it on a quiet machine, or read the ratio (both engines are timed
in the same run).  manastack is whatever this interpreter imports: the pure sources, or
the compiled package (``MANASTACK_COMPILE=1 pip install .``, run from outside ``src``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

# One core: numpy's BLAS threads (no BLAS call is made here) would otherwise wait on the
# other cores, their spinning counted in this process's CPU time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from manastack.agents import RandomAgent
from manastack.engine import new_game
from manastack.game import state
from manastack.play import passing_forced, play_to_end
from manastack.sim.collector import collector_paused

#: Deck pairings: name -> (managym's deck, manastack's deck), each a mirror.
DECKS: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "elves": ({"Llanowar Elves": 20, "Forest": 20}, {"Llanowar Elves": 20, "Forest": 20}),
    "two-drops": ({"Grey Ogre": 20, "Mountain": 20}, {"Grizzly Bears": 20, "Forest": 20}),
}


class Counting:
    """The random agent, counting the decisions it is woken for (a wrapper: compiled,
    the agent's class can't be subclassed here)."""

    woken = 0

    def __init__(self, seed: int) -> None:
        self.agent = RandomAgent(seed)
        self.fold_mana = self.agent.fold_mana

    def act(self, game: Any) -> Any:
        Counting.woken += 1
        return self.agent.act(game)


def manastack_games(deck: dict[str, int], games: int, seed: int) -> tuple[float, float, float]:
    """(games/s, decisions per game, mean turns) of ``games`` random manastack games,
    played as ``manastack sim`` plays a batch: the priorities forced for the agents passed
    by the engine (``passing_forced``), the cyclic garbage collector paused
    (``manastack.sim.collector``; a game makes no reference cycles)."""
    cards = [name for name, n in deck.items() for _ in range(n)]
    Counting.woken = 0
    turns = 0
    start = time.perf_counter()
    with collector_paused():
        for i in range(games):
            agents = [Counting(2 * (seed + i)), Counting(2 * (seed + i) + 1)]
            game = new_game(["Alice", "Bob"], [cards, cards], seed + i, passing_forced(agents))
            play_to_end(game, agents)
            turns += game.turn_number
    wall = time.perf_counter() - start
    return games / wall, Counting.woken / games, turns / games


def _managym_random(managym: Any, deck: dict[str, int], games: int, seed: int,
                    clock: Any) -> tuple[int, int, int, float]:
    """Play ``games`` random managym games (each step returns managym's observation, its
    C++ object built at every step; the agent reads the legal actions from it): (steps,
    turns of the games finished, games stopped by an error, time on ``clock``).  A game
    in which managym raises (it lists actions it can't carry out: "Not enough producible
    mana to pay for mana cost") is stopped there; its steps and time count."""
    rng = random.Random(seed)
    configs = [managym.PlayerConfig("Alice", dict(deck)), managym.PlayerConfig("Bob", dict(deck))]
    env = managym.Env(seed=seed, skip_trivial=True)
    steps = turns = errors = 0
    start = clock()
    for _ in range(games):
        obs, _info = env.reset(configs)
        done = False
        try:
            while not done:
                n = len(obs.action_space.actions)
                obs, _r, terminated, truncated, _info = env.step(rng.randrange(n) if n else 0)
                done = terminated or truncated
                steps += 1
        except RuntimeError:
            errors += 1
            continue
        turns += _turn_number(obs)
    return steps, turns, errors, clock() - start


def managym_games(managym: Any, deck: dict[str, int], games: int, seed: int
                  ) -> tuple[float, float, float, int]:
    """(games/s, decisions per game, mean turns, games stopped by an error) of ``games``
    random managym games, in wall-clock time (a game stopped by an error counts in the
    time, not in the games finished), with the cyclic garbage collector paused as for
    manastack's games."""
    with collector_paused():
        steps, turns, errors, wall = _managym_random(managym, deck, games, seed,
                                                     time.perf_counter)
    done_games = max(1, games - errors)
    return done_games / wall, steps / games, turns / done_games, errors


def managym_env_steps(managym: Any, deck: dict[str, int], games: int, seed: int
                      ) -> tuple[float, float, float, int]:
    """(env steps/s and episodes/s in CPU time, steps per game, games stopped by an error)
    of managym's environment stepping random legal actions for ``games`` episodes."""
    steps, _turns, errors, cpu = _managym_random(managym, deck, games, seed,
                                                 time.process_time)
    return steps / cpu, games / cpu, steps / games, errors


def manastack_env_steps(deck: dict[str, int], games: int, seed: int
                        ) -> tuple[float, float, float, int]:
    """(env steps/s and episodes/s in CPU time, steps per game, episodes truncated) of
    ``manastack.env.aec_env`` on ``deck`` (both seats), random masked actions, the
    observation made at every step (as ``benchmarks/env.py`` plays)."""
    from harness import random_env_episode

    from manastack.env import aec_env

    cards = [name for name, n in deck.items() for _ in range(n)]
    env = aec_env(decks=[cards, cards])
    steps = truncated = 0
    start = time.process_time()
    for i in range(games):
        steps += random_env_episode(env, seed + i)
        truncated += any(env.truncations.values())
    cpu = time.process_time() - start
    return steps / cpu, games / cpu, steps / games, truncated


def compare_envs(managym: Any, names: list[str], games: int, seed: int) -> None:
    """Print the env steps/s of both environments on each deck pairing (``--env``)."""
    manastack_env_steps(DECKS[names[0]][1], 2, seed)  # (warm up: imports, card pool)
    managym_env_steps(managym, DECKS[names[0]][0], 5, seed)
    for name in names:
        theirs, ours = DECKS[name]
        rate_g, eps_g, steps_g, errors = managym_env_steps(managym, theirs, games, seed)
        rate_m, eps_m, steps_m, cut = manastack_env_steps(ours, games, seed)
        print(f"  {name:<10} managym   {rate_g:8,.0f} env steps/s, {eps_g:6.1f} episodes/s, "
              f"{steps_g:6.1f} steps an episode"
              + (f"; {errors} stopped by an error of managym's" if errors else ""))
        print(f"  {name:<10} manastack {rate_m:8,.0f} env steps/s, {eps_m:6.1f} episodes/s, "
              f"{steps_m:6.1f} steps an episode" + (f" ({cut} truncated)" if cut else "")
              + f"; {rate_m / rate_g:.3f}x managym's env steps/s")


def _turn_number(obs: Any) -> int:
    turn = getattr(obs, "turn", None)
    return int(getattr(turn, "turn_number", 0) or 0) if turn is not None else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", default="elves,two-drops")
    ap.add_argument("--env", action="store_true",
                    help="the RL environments' env steps/s (observation included)")
    args = ap.parse_args(argv)
    names = args.decks.split(",")
    bad = [n for n in names if n not in DECKS]
    if bad or args.games < 1:
        print(f"managym_compare.py: --decks from {', '.join(DECKS)}; --games 1 or more",
              file=sys.stderr)
        return 2
    try:
        import managym
    except ImportError:
        print("managym_compare.py: managym isn't importable: build it from its sources "
              "and put it on PYTHONPATH (docs/simulation.md)", file=sys.stderr)
        return 2
    built = "compiled" if state.__file__.endswith((".so", ".pyd")) else "pure Python"
    if args.env:
        print(f"random env steps, {args.games} episodes per environment and deck pairing, "
              f"seed {args.seed}; manastack {built}, CPU time")
        compare_envs(managym, names, args.games, args.seed)
        return 0
    print(f"random games, {args.games} per engine and deck pairing, seed {args.seed}; "
          f"manastack {built}")
    manastack_games(DECKS[names[0]][1], 5, args.seed)  # (warm up: imports, card pool)
    managym_games(managym, DECKS[names[0]][0], 5, args.seed)
    for name in names:
        theirs, ours = DECKS[name]
        rate_g, dec_g, turns_g, errors = managym_games(managym, theirs, args.games, args.seed)
        rate_m, dec_m, turns_m = manastack_games(ours, args.games, args.seed)
        print(f"  {name:<10} managym   {rate_g:9.1f} games/s, {dec_g:6.1f} decisions a "
              f"game, {turns_g:5.1f} turns" +
              (f"; {errors} games stopped by an error of managym's" if errors else ""))
        print(f"  {name:<10} manastack {rate_m:9.1f} games/s, {dec_m:6.1f} decisions a "
              f"game, {turns_m:5.1f} turns; {rate_m / rate_g:.2f}x managym's games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

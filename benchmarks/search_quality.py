"""Benchmark: how good are the search's decisions, setting by setting (issue 37)?

An arena needs hundreds of games to see a few points of win rate; this looks at the
decisions themselves.  It plays ``--collector`` against the heuristic over the arena's
seat-swapped pairs and stops at every ``--every``-th decision the search would think
about (two answers or more searched).  At each such position:

- the **truth** of an answer is its win rate when the game is played on to its end by
  the heuristic for every seat, over ``--worlds`` worlds dealt from what the deciding
  player can't see (CR 400.2: :func:`manastack.engine.determinize`), the same worlds and
  rollout seeds for every answer (common random numbers);
- each ``--config`` (a search agent's settings, as in ``benchmarks/agents.py``; a fixed
  number of iterations, so that the figures don't depend on the machine's load) answers
  the position, and its **gain** is the truth of its answer less the truth of the
  heuristic's answer.

Prints, per setting, the mean gain per decision with its standard error, how many
answers differed from the heuristic's, the gain by decision kind, and the paired
difference with the first setting (same positions, same truths: far more sensitive than
two arenas).  Usage:

    python benchmarks/search_quality.py --pairs 8 [--seed 0] [--every 3] [--worlds 100]
        [--workers 2] [--config search:iterations=8,budget_ms=none ...]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from typing import Any

from agents import PAIRS, build_agent

from manastack.agents.heuristic import HeuristicAgent
from manastack.agents.search import SearchAgent, candidates
from manastack.engine import Game, determinize, new_game
from manastack.errors import IllegalAction
from manastack.game.state import GameOptions
from manastack.play import default_deck

DEFAULT_CONFIGS = [
    "search:iterations=8,budget_ms=none,widen=false",
    "search:iterations=8,budget_ms=none",
    "search:iterations=30,budget_ms=none",
    "search:iterations=15,budget_ms=none,horizon_turns=8",
    "search:iterations=15,budget_ms=none,deepen=true",
]
#: A rollout to the end of the game: more turns than any game of the arena lasts.
GAME_END_TURNS = 200

#: One position's results: its decision kind and, by setting, (gain, answer changed?).
Record = tuple[str, list[tuple[float, bool]]]


class Truth:
    """The win rate of each answer at ``game`` for ``me`` over the same ``worlds``
    worlds, computed for an answer the first time it is asked about."""

    def __init__(self, game: Game, me: int, worlds: int, seed: int) -> None:
        self.game, self.me, self.worlds, self.seed = game, me, worlds, seed
        self.known: dict[Any, float] = {}
        self.judge = SearchAgent(seed, budget_ms=None, iterations=1)

    def __call__(self, answer: Any) -> float:
        if answer not in self.known:
            total = 0.0
            for w in range(self.worlds):
                rng = random.Random(self.seed * 100_003 + w)
                world = determinize(self.game, self.me, rng)
                seeds = [rng.randrange(2**31) for _ in world.players]
                try:
                    world.apply(self.me, answer)
                except IllegalAction:  # not legal in this world: a loss, as the search has it
                    continue
                rollout = [HeuristicAgent(s) for s in seeds]
                total += self.judge._play_on(world, rollout, self.me, self.game.turn_number,
                                             math.inf, GAME_END_TURNS)
            self.known[answer] = total / self.worlds
        return self.known[answer]


def judge_pair(job: tuple[int, str, list[str], int, int]) -> list[Record]:
    """Pair ``k``'s two games: the positions met and every setting's gain at each."""
    k, collector, configs, every, worlds = job
    deck_x, deck_y = PAIRS[k % len(PAIRS)]
    records: list[Record] = []
    met = 0
    for seat in (0, 1):
        agents = [build_agent(collector if i == seat else "heuristic", 2 * k + 1 + i, None)
                  for i in (0, 1)]
        game = new_game(["Alice", "Bob"], [default_deck(deck_x), default_deck(deck_y)], k,
                        GameOptions(max_turns=100))
        while game.decision is not None:
            d = game.decision
            if d.by == seat:
                rng = random.Random(k * 1_000 + met)
                answers = candidates(game, d, HeuristicAgent(rng.randrange(2**31)), rng)
                if len(answers) > 1:
                    met += 1
                    if met % every == 0:
                        truth = Truth(game, seat, worlds, k * 1_000 + met)
                        base = truth(answers[0])
                        row = []
                        for c in configs:
                            a = build_agent(c, k * 1_000 + met, None).act(game.copy())
                            row.append((truth(a) - base, a != answers[0]))
                        records.append((d.kind, row))
            game.apply(d.by, agents[d.by].act(game))
    return records


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    return mean, math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--collector", default="search:iterations=6,budget_ms=none")
    ap.add_argument("--config", action="append", default=None)
    args = ap.parse_args(argv)
    configs = args.config or DEFAULT_CONFIGS
    for spec in (args.collector, *configs):
        try:
            agent = build_agent(spec, 0, None)
        except ValueError as e:
            print(f"search_quality.py: {e}", file=sys.stderr)
            return 2
        if not isinstance(agent, SearchAgent) or agent.budget_ms is not None:
            print(f"search_quality.py: {spec!r}: a search agent with a number of iterations "
                  "and budget_ms=none (the same figures on any machine)", file=sys.stderr)
            return 2
    if min(args.pairs, args.every, args.worlds, args.workers) < 1:
        print("search_quality.py: --pairs, --every, --worlds and --workers must be 1 or more",
              file=sys.stderr)
        return 2
    jobs = [(args.seed + k, args.collector, configs, args.every, args.worlds)
            for k in range(args.pairs)]
    start = time.perf_counter()
    records: list[Record] = []
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for r in pool.imap(judge_pair, jobs):
            records += r
    n = len(records)
    print(f"search quality: {n} positions from {args.pairs} pairs (seed {args.seed}, every "
          f"{args.every}th searched decision of {args.collector}), truth over {args.worlds} "
          f"worlds played to the end, {time.perf_counter() - start:.0f} s")
    if not n:
        return 0
    first = [row[0][0] for _, row in records]
    for i, spec in enumerate(configs):
        gains = [row[i][0] for _, row in records]
        mean, se = _mean_se(gains)
        changed = sum(row[i][1] for _, row in records)
        by_kind: dict[str, float] = defaultdict(float)
        for kind, row in records:
            by_kind[kind] += row[i][0]
        d_mean, d_se = _mean_se([g - f for g, f in zip(gains, first, strict=True)])
        kinds = ", ".join(f"{k} {v:+.2f}" for k, v in sorted(by_kind.items()) if v)
        print(f"  {spec}\n    gain per decision {mean:+.4f} (se {se:.4f}), total {sum(gains):+.2f}; "
              f"{changed}/{n} answers not the heuristic's; vs the first setting "
              f"{d_mean:+.4f} (se {d_se:.4f})\n    by kind: {kinds or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: an arena between two agents (issue 37).

Paired, seat-swapped games: pair k is two games with the same seed and the same decks
(the five default decks, their pairs in turn, mirrors included), agent A in seat 0 then
agent B in seat 0.  Prints A's win rate with a 95% Wilson interval, the results by seat,
the mean, 95th-percentile and longest time per decision of each agent (a search agent
thinks ``--budget-ms`` per decision), the illegal proposals
(each proposed action is answered; one the rules refuse is counted and replaced by a
random legal one), and games/s (all workers, and per worker).  Usage:

    python benchmarks/agents.py --a heuristic --b random --pairs 100 [--seed 0]
        [--workers 2] [--max-turns 100] [--budget-ms 300]

An agent may carry settings of its own after a colon, to compare versions of it:
``--a search:method=paired`` or ``--a search:iterations=40,budget_ms=none`` (a fixed
number of iterations: the same games on any machine, however loaded).

A game still going at ``--max-turns`` counts as a draw (neither agent wins).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field

from manastack.agents import AGENTS, make_agent
from manastack.agents.registry import Agent
from manastack.engine import new_game
from manastack.errors import IllegalAction
from manastack.game.state import GameOptions
from manastack.limits import MAX_DECISIONS
from manastack.play import default_deck, default_deck_names
from manastack.sim.stats import wilson

#: The deck pairs, in turn: every pair of default decks, mirrors included.
PAIRS = list(itertools.combinations_with_replacement(default_deck_names(), 2))


@dataclass
class Tally:
    """What an arena's games add up to."""

    games: int = 0
    #: wins of A, of B, and draws (unfinished games included)
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    #: A's wins when A sits in seat 0, in seat 1
    a_seat: list[int] = field(default_factory=lambda: [0, 0])
    #: wins of the player in seat 0 and in seat 1
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    illegal: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    turns: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins_a += other.wins_a
        self.wins_b += other.wins_b
        self.draws += other.draws
        self.turns += other.turns
        for i in (0, 1):
            self.a_seat[i] += other.a_seat[i]
            self.seat_wins[i] += other.seat_wins[i]
        for k in ("a", "b"):
            self.times[k].extend(other.times[k])
            self.illegal[k] += other.illegal[k]


def split_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"search:method=paired,iterations=40"`` -> ``("search", {...})``: values read as
    numbers where they are, ``none`` as None, ``true``/``false`` as booleans."""
    name, _, rest = spec.partition(":")
    settings: dict[str, object] = {}
    for part in filter(None, rest.split(",")):
        key, eq, raw = part.partition("=")
        if not eq:
            raise ValueError(f"agent setting {part!r} is not key=value")
        value: object = raw
        if raw.lower() == "none":
            value = None
        elif raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        else:
            for kind in (int, float):
                try:
                    value = kind(raw)
                    break
                except ValueError:
                    pass
        settings[key.strip()] = value
    return name, settings


def build_agent(spec: str, seed: int, budget_ms: float | None) -> Agent:
    """The agent of ``spec`` (a name and its settings, :func:`split_spec`)."""
    name, settings = split_spec(spec)
    agent = make_agent(name, seed, budget_ms)
    for key, value in settings.items():
        if not hasattr(agent, key):
            raise ValueError(f"agent {name!r} has no setting {key!r}")
        setattr(agent, key, value)
    return agent


def play_pair(job: tuple[str, str, int, int, float | None]) -> Tally:
    """Pair ``k``: two games, same seed and decks, A in seat 0 then in seat 1."""
    a, b, k, max_turns, budget_ms = job
    deck_x, deck_y = PAIRS[k % len(PAIRS)]
    decks = [default_deck(deck_x), default_deck(deck_y)]
    t = Tally()
    for a_seat in (0, 1):
        roles = ["a", "b"] if a_seat == 0 else ["b", "a"]
        names = [a if r == "a" else b for r in roles]
        agents = [build_agent(n, 2 * k + 1 + i, budget_ms) for i, n in enumerate(names)]
        fallback = random.Random(k)
        game = new_game(["Alice", "Bob"], decks, k, GameOptions(max_turns=max_turns))
        n = 0
        while game.decision is not None and n < MAX_DECISIONS:
            d = game.decision
            by = d.by
            start = time.perf_counter()
            action = agents[by].act(game)
            t.times[roles[by]].append(time.perf_counter() - start)
            try:
                game.apply(by, action)
            except IllegalAction:
                t.illegal[roles[by]] += 1
                game.apply(by, d.sample(game, fallback))
            n += 1
        t.games += 1
        t.turns += game.turn_number
        w = game.winner if game.over else None
        if w is None:
            t.draws += 1
        else:
            t.seat_wins[w] += 1
            if roles[w] == "a":
                t.wins_a += 1
                t.a_seat[a_seat] += 1
            else:
                t.wins_b += 1
    return t


def _ms(xs: list[float]) -> tuple[float, float, float]:
    """Mean, 95th percentile and longest of ``xs``, in ms."""
    if not xs:
        return 0.0, 0.0, 0.0
    s = sorted(xs)
    return (1000 * sum(s) / len(s), 1000 * s[min(len(s) - 1, int(0.95 * len(s)))],
            1000 * s[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="heuristic")
    ap.add_argument("--b", default="random")
    ap.add_argument("--pairs", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="thinking time per decision of a search agent (default 1000)")
    args = ap.parse_args(argv)
    for spec in (args.a, args.b):
        try:
            name, _settings = split_spec(spec)
            if name not in AGENTS:
                raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
            build_agent(spec, 0, args.budget_ms)
        except ValueError as e:
            print(f"agents.py: {e}", file=sys.stderr)
            return 2
    if args.pairs < 1 or args.workers < 1:
        print("agents.py: --pairs and --workers must be 1 or more", file=sys.stderr)
        return 2
    jobs = [(args.a, args.b, args.seed + k, args.max_turns, args.budget_ms)
            for k in range(args.pairs)]
    total = Tally()
    start = time.perf_counter()
    if args.workers == 1:
        for j in jobs:
            total.add(play_pair(j))
    else:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for t in pool.imap_unordered(play_pair, jobs):
                total.add(t)
    wall = time.perf_counter() - start
    lo, hi = wilson(total.wins_a, total.games)
    budget = "" if args.budget_ms is None else f", budget {args.budget_ms:g} ms"
    print(f"arena: {args.a} (A) vs {args.b} (B), {args.pairs} pairs = {total.games} games, "
          f"seed {args.seed}, max {args.max_turns} turns, {args.workers} worker(s){budget}")
    print(f"  A wins {total.wins_a}/{total.games} = {total.wins_a / total.games:.1%} "
          f"(95% Wilson interval {lo:.1%} - {hi:.1%}); B wins {total.wins_b}; "
          f"draws/unfinished {total.draws}")
    pairs = total.games // 2
    print(f"  by seat: A wins {total.a_seat[0]}/{pairs} in seat 0, {total.a_seat[1]}/{pairs} "
          f"in seat 1; seat 0 wins {total.seat_wins[0]}, seat 1 wins {total.seat_wins[1]}")
    for k, name in (("a", args.a), ("b", args.b)):
        mean, p95, longest = _ms(total.times[k])
        print(f"  {k.upper()} ({name}): {len(total.times[k]):,} decisions, mean "
              f"{mean:.3f} ms, p95 {p95:.3f} ms, longest {longest:.1f} ms per decision, "
              f"{total.illegal[k]} illegal proposals")
    rate = total.games / wall
    print(f"  {rate:.1f} games/s ({rate / args.workers:.1f} per worker), mean "
          f"{total.turns / total.games:.1f} turns per game, {wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

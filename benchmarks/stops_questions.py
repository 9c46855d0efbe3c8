"""Benchmark: how often auto-pass with stops asks a person (``manastack.stops``, issue 38).

A "person" (the heuristic agent, answering only when asked) plays seat 0 with the default
stops against the heuristic agent, over the pairs of default decks in turn, mirrors
included (pair k with seed k); with ``--variant`` (free_for_all, two_headed_giant...) a
game of that variant's default setup with ``--players`` seats, the others heuristic.
Prints, over all games, the person's decisions, how many they were asked (and of those,
priorities), how many priorities were passed for them and how many forced decisions were
answered for them; per game, the mean; and where the priorities were asked (the stack
not empty, or the step of their own turn or of another player's).  Usage:

    python benchmarks/stops_questions.py [--games 20] [--seed 0] [--max-turns 100]
        [--variant NAME --players N]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter

from manastack.agents import HeuristicAgent
from manastack.engine import Game, new_game
from manastack.errors import ManastackError
from manastack.game.state import GameOptions
from manastack.play import default_deck, default_deck_names
from manastack.stops import AutoPass, advance
from manastack.variants import get_variant

#: The deck pairs, in turn: every pair of default decks, mirrors included.
PAIRS = list(itertools.combinations_with_replacement(default_deck_names(), 2))
NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


def one_game(k: int, seed: int, max_turns: int, variant: str | None, players: int,
             why: Counter[str]) -> tuple[Game, AutoPass, int]:
    """Game ``k``: the game, the person's auto-pass and the priorities they were asked
    (counted in ``why`` by where they were asked: the stack, or a step of their turn or
    of another's)."""
    if variant is None:
        a, b = PAIRS[k % len(PAIRS)]
        game = new_game(NAMES[:2], [default_deck(a), default_deck(b)], seed + k,
                        GameOptions(max_turns=max_turns))
        n = 2
    else:
        decks, extra = get_variant(variant).default_setup(players, seed + k)
        game = new_game(NAMES[:players], decks, seed + k,
                        GameOptions(variant=variant, max_turns=max_turns, extra=extra))
        n = players
    person = HeuristicAgent(2 * (seed + k) + 1)
    agents = [None] + [HeuristicAgent(2 * (seed + k) + 2 + i) for i in range(n - 1)]
    pilot = AutoPass(0)
    priorities = 0
    while (d := advance(game, pilot, agents)) is not None:
        if d.kind == "priority":
            priorities += 1
            step = game.step.name if game.step is not None else "?"
            why["stack" if game.stack else
                f"{'own' if game.is_active(0) else 'others'} {step}"] += 1
        game.apply(0, person.act(game))
    return game, pilot, priorities


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    if not 0 < args.games <= 10_000 or not 2 <= args.players <= len(NAMES):
        print("error: --games must be 1-10000 and --players 2-6", file=sys.stderr)
        return 2
    decisions = asked = asked_priorities = passed = forced = 0
    why: Counter[str] = Counter()
    try:
        for k in range(args.games):
            game, pilot, priorities = one_game(k, args.seed, args.max_turns, args.variant,
                                               args.players, why)
            decisions += sum(1 for p, _a in game.history if p == 0)
            asked += pilot.asked
            asked_priorities += priorities
            passed += pilot.passed
            forced += pilot.forced
    except ManastackError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    g = args.games
    print(f"{g} games ({args.variant or 'two_player'}): the person decided {decisions} "
          f"times ({decisions / g:.1f} a game)")
    print(f"  asked {asked} ({asked / g:.1f} a game, {100 * asked / decisions:.1f}%); "
          f"priorities: asked {asked_priorities} of {asked_priorities + passed}")
    print(f"  passed for them {passed} ({passed / g:.1f} a game), forced answers given "
          f"{forced}")
    print("  priorities asked: " + ", ".join(f"{w} {n}" for w, n in why.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hash the full log of a fixed corpus of seeded random games, one line per game.

A change that must not alter any game (a refactoring, a speed-up) is checked by saving
the hashes before it and comparing after it::

    python scripts/game_hashes.py --save /tmp/before.txt
    python scripts/game_hashes.py --check /tmp/before.txt

The corpus: games between every pair of default decks, games between random decks of the
whole card pool (those of the pool soak test), and games of every variant with its
default setup.  A line is ``<kind> <seed> <sha256 of the JSON lines of the full log>``;
``--check`` prints the games whose hash changed (or ``SAME N``) and exits 1 if any did.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.engine import Game, new_game
from manastack.game.state import GameOptions
from manastack.log import render_jsonl
from manastack.play import default_deck, default_deck_names, play_to_end
from manastack.variants import get_variant

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
MAX_DECISIONS = 30_000

#: (variant, players) played with the variant's default setup
VARIANTS = (("free_for_all", 4), ("two_headed_giant", 4), ("commander", 2),
            ("archenemy", 3), ("planechase", 2), ("vanguard", 2),
            ("supervillain_rumble", 3))


def _default_game(seed: int) -> Game:
    names = default_deck_names()
    pairs = [(a, b) for a in names for b in names if a != b]
    a, b = pairs[seed % len(pairs)]
    g = new_game(NAMES[:2], [default_deck(a), default_deck(b)], seed)
    return play_to_end(g, [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)],
                       MAX_DECISIONS)


def _pool_game(seed: int) -> Game:
    g = new_game(NAMES[:2], [random_pool_deck(2 * seed), random_pool_deck(2 * seed + 1)],
                 seed)
    return play_to_end(g, [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)],
                       MAX_DECISIONS)


def _variant_game(seed: int) -> Game:
    variant, n = VARIANTS[seed % len(VARIANTS)]
    decks, extra = get_variant(variant).default_setup(n, seed)
    opts = GameOptions(variant=variant, max_turns=20, extra=extra,
                       starting_life=8 if seed % 2 else None)
    g = new_game(NAMES[:n], decks, seed, opts)
    return play_to_end(g, [RandomAgent(7 * seed + i + 1) for i in range(n)], MAX_DECISIONS)


KINDS: dict[str, Callable[[int], Game]] = {
    "default": _default_game, "pool": _pool_game, "variant": _variant_game}


def _hash(job: tuple[str, int]) -> str:
    kind, seed = job
    game = KINDS[kind](seed)
    digest = hashlib.sha256(render_jsonl(game.log).encode()).hexdigest()
    return f"{kind} {seed} {digest}"


def _jobs(default: int, pool: int, variant: int) -> Iterator[tuple[str, int]]:
    yield from (("default", s) for s in range(default))
    yield from (("pool", s) for s in range(pool))
    yield from (("variant", s) for s in range(variant))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--default", type=int, default=200, help="default-deck games")
    ap.add_argument("--pool", type=int, default=70, help="pool games")
    ap.add_argument("--variant", type=int, default=42, help="variant games")
    ap.add_argument("--save", metavar="FILE")
    ap.add_argument("--check", metavar="FILE")
    args = ap.parse_args()
    with ProcessPoolExecutor() as pool:
        lines = list(pool.map(_hash, _jobs(args.default, args.pool, args.variant),
                              chunksize=4))
    if args.save:
        with open(args.save, "w") as f:
            f.write("\n".join(lines) + "\n")
    if args.check:
        with open(args.check) as f:
            old = dict(line.rsplit(" ", 1) for line in f.read().splitlines() if line)
        changed = [line.rsplit(" ", 1)[0] for line in lines
                   if old.get(line.rsplit(" ", 1)[0]) != line.rsplit(" ", 1)[1]]
        if changed:
            print(f"CHANGED {len(changed)} of {len(lines)}: {', '.join(changed)}")
            return 1
        print(f"SAME {len(lines)}")
    elif not args.save:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

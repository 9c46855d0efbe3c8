"""Benchmark: env steps/s of the PettingZoo environment with random masked actions.

A step is one answered sub-decision (``env.step``), with the observation (``env.last()``:
the arrays, the action mask and the feature table) made for every step, forced
sub-decisions taken by the environment inside the step.  Plays two-player games between
the default decks; prints the engine (pure Python or compiled), steps/s and the answers
the engine logged per env step (the environment's games pass priority for a player who
can only pass without a decision: ``GameOptions.pass_when_forced``), in CPU time.
``--check``: every game's exception is caught, counted and its seed printed (exit 1 if
any), for the issue's 10,000-game check.  Usage:

    python benchmarks/env.py --games 20 [--seed 0] [--variant NAME] [--players N]
    python benchmarks/env.py --games 10000 --check
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback

# One core: numpy's BLAS threads (no BLAS call is made here) would otherwise wait on the
# other cores, their spinning counted in this process's CPU time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from harness import random_env_episode as play  # noqa: E402

import manastack  # noqa: E402
from manastack.env import aec_env  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--check", action="store_true",
                    help="count the games that raise (their seeds printed) instead of stopping")
    args = ap.parse_args()
    if args.games <= 0:
        print("env.py: --games must be > 0", file=sys.stderr)
        sys.exit(2)
    try:
        env = aec_env(variant=args.variant, players=args.players)
    except ValueError as e:
        print(f"env.py: {e}", file=sys.stderr)
        sys.exit(2)
    play(env, args.seed + args.games)  # the start-up (imports, card database), untimed
    steps = decisions = 0
    failed: list[int] = []
    t0 = time.process_time()
    w0 = time.monotonic()
    for g in range(args.games):
        if not args.check:
            steps += play(env, args.seed + g)
        else:
            try:
                steps += play(env, args.seed + g)
            except Exception:  # (counted: the check reports every failing seed)
                failed.append(args.seed + g)
                print(f"seed {args.seed + g}: {traceback.format_exc(limit=3)}",
                      file=sys.stderr)
                env = aec_env(variant=args.variant, players=args.players)
                continue
        decisions += len(env.core.game.history)
        if args.check and (g + 1) % 500 == 0:
            print(f"  {g + 1} games, {len(failed)} exceptions, "
                  f"{time.monotonic() - w0:.0f} s", flush=True)
    cpu = time.process_time() - t0
    print(f"engine:            {'compiled (mypyc)' if manastack.COMPILED else 'pure Python'}; "
          "env: pure Python")
    print(f"games:             {args.games} ({args.variant or 'two_player'})")
    print(f"env steps:         {steps} ({steps / args.games:.0f} a game)")
    print(f"answers logged:    {decisions} ({decisions / max(steps, 1):.2f} per env step)")
    print(f"env steps/s:       {steps / cpu:,.0f} (CPU time, observation and mask included)")
    print(f"per env step:      {cpu / max(steps, 1) * 1e6:.0f} µs")
    if args.check:
        print(f"exceptions:        {len(failed)} in {args.games} games"
              + (f" (seeds {', '.join(map(str, failed[:20]))})" if failed else "")
              + f"; {time.monotonic() - w0:.0f} s wall, {cpu:.0f} s CPU")
        if failed:
            sys.exit(1)


if __name__ == "__main__":
    main()

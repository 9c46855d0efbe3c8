"""Check a mypyc-compiled manastack against the pure sources of this tree.

Plays the same seeded random games (benchmarks/random_games.py: the default decks, the
agents of ``manastack play``) with both, compares the hashes of their logs and prints the
speed of each; lists the orders of twelve triggers with both (the first 5,001 of 479
million, within 2 GB); and, where numpy and PettingZoo are installed (``[rl]``), steps
random episodes of the environment (two seats, and four in Two-Headed Giant) with both
and compares every observation.  Exit status 1 if a log, a listing or an observation
differs or if the "compiled" package isn't.

    MANASTACK_COMPILE=1 pip install .            # in a virtual environment
    python scripts/check_compiled.py --games 60  # with that environment's python

By default the compiled package is the one the running interpreter imports (run from
outside ``src``); ``--compiled-path DIR`` puts DIR first on its path instead (a copy of
the tree built with ``MANASTACK_COMPILE=1 python setup.py build_ext --inplace``: DIR
is its ``src``).  The pure package is always this tree's ``src``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: Run in a child process: play the games, print JSON (module file, hashes, timings).
WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from random_games import random_game
from manastack.game import state
from manastack.log import render_text
games = int(sys.argv[2])
random_game(999, 10**6)  # warm up (imports, card pool)
hashes, decisions = [], 0
t = time.process_time()
for seed in range(games):
    g = random_game(seed, 10**6)
    decisions += len(g.history)
    hashes.append(hashlib.sha1(render_text(g.log).encode()).hexdigest()[:12])
cpu = time.process_time() - t
# The limits hold compiled too: the orders of twelve triggers (479 million) are listed
# up to the first 5,001, within 2 GB of address space.
import resource
from manastack.game.decisions import ChoiceDecision
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
order = ChoiceDecision(0, "order_triggers", "order", (print, ()), "603.3b",
                       options=tuple(range(1, 13)), min_count=12, max_count=12, ordered=True)
try:
    listed = len(order.legal_actions(g))
except MemoryError:
    listed = -1
env_hash = env_file = None
try:
    import numpy
    from manastack.env import aec_env, observations
except ImportError:  # (no [rl] extra)
    pass
else:
    import random
    env_file, digest = observations.__file__, hashlib.sha1()
    for variant, players in ((None, 2), ("two_headed_giant", 4)):
        env = aec_env(variant=variant, players=players)
        for seed in range(int(sys.argv[3])):
            env.reset(seed=seed)
            rng = random.Random(seed)
            for _agent in env.agent_iter():
                obs, _r, term, trunc, _info = env.last()
                for key in sorted(obs):
                    digest.update(obs[key].tobytes())
                if term or trunc:
                    env.step(None)
                    continue
                legal = numpy.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
    env_hash = digest.hexdigest()
print(json.dumps({"file": state.__file__, "hashes": hashes, "cpu": cpu,
                  "decisions": decisions, "listed": listed, "env": env_hash,
                  "env_file": env_file}))
"""


def run(python: str, path: str | None, games: int, env_games: int, pure: bool
        ) -> dict[str, Any]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, *filter(None, [env.get("PYTHONPATH")])])
    elif "PYTHONPATH" in env:
        del env["PYTHONPATH"]  # the installed package
    out = subprocess.run([python, "-c", WORKER, str(ROOT / "benchmarks"), str(games),
                          str(env_games)],
                         env=env, cwd=ROOT, capture_output=True,
                         text=True, check=False)
    if out.returncode:
        sys.exit(f"{'pure' if pure else 'compiled'} run failed:\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--env-games", type=int, default=3,
                    help="environment episodes per seat count (with the [rl] extra)")
    ap.add_argument("--compiled-python", default=sys.executable,
                    help="interpreter importing the compiled package (default: this one)")
    ap.add_argument("--compiled-path", default=None,
                    help="directory holding the compiled package (put first on its path)")
    args = ap.parse_args()
    if any((ROOT / "src" / "manastack").rglob("*.so")):
        sys.exit(f"{ROOT / 'src'} holds compiled modules: it isn't the pure package")
    pure = run(sys.executable, str(ROOT / "src"), args.games, args.env_games, pure=True)
    comp = run(args.compiled_python, args.compiled_path, args.games, args.env_games,
               pure=False)
    ok = True
    for name, r in (("pure", pure), ("compiled", comp)):
        cpu, n = float(r["cpu"]), int(r["decisions"])
        print(f"{name:9} {args.games / cpu:6.1f} games/s  {cpu / n * 1e6:5.1f} us/decision  "
              f"({r['file']})")
    if not str(comp["file"]).endswith(".so"):
        print("the compiled run imported a pure module: it is not compiled")
        ok = False
    diff = [i for i, (a, b) in enumerate(zip(pure["hashes"], comp["hashes"], strict=True))
            if a != b]
    if diff:
        print(f"logs differ for seeds {diff}")
        ok = False
    else:
        print(f"{args.games} games: identical logs")
    if pure["listed"] != comp["listed"]:
        print(f"the orders of twelve triggers: {pure['listed']} listed pure, "
              f"{comp['listed']} compiled (-1: out of memory)")
        ok = False
    if comp["env"] is None:
        print("environment not checked: numpy or PettingZoo missing in the compiled run "
              "(install manastack[rl])")
    elif not str(comp["env_file"]).endswith(".so"):
        print("the compiled run imported pure observations: they are not compiled")
        ok = False
    elif pure["env"] != comp["env"]:
        print("environment observations differ between the builds")
        ok = False
    else:
        print(f"{2 * args.env_games} environment episodes: identical observations")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

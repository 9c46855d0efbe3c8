"""Time the card database's cold load: a fresh interpreter imports
``manastack.cards.database`` and reads every card (``all_card_data``).

    python benchmarks/card_database.py [--runs N]

Prints the best and the median wall time of N fresh processes (the figure a command-line
user pays once per run).  A target of ours: well under half a second.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

_CODE = ("import time; t = time.perf_counter(); "
         "import manastack.cards.database as d; n = len(d.all_card_data()); "
         "print(time.perf_counter() - t, n)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parent.parent / "src")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [src, env.get("PYTHONPATH")]))
    times, cards = [], 0
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, "-c", _CODE], check=True, capture_output=True,
                             text=True, env=env).stdout.split()
        times.append(float(out[0]))
        cards = int(out[1])
    print(f"card database:    {cards} cards")
    print(f"cold load:        best {min(times) * 1e3:.0f} ms, median "
          f"{statistics.median(times) * 1e3:.0f} ms ({args.runs} fresh processes)")


if __name__ == "__main__":
    main()

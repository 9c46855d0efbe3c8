"""Per-game records written to files: ``--json FILE`` and ``--csv FILE``.

Both hold the same fields per game (:class:`~manastack.sim.games.GameRecord`, plus
``b``, the opponent deck's name, so that a gauntlet's games sit in one file), sorted by
opponent then index, and nothing that depends on how the games were computed (no times,
no worker): the same command gives byte-identical files on any number of workers.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from manastack.sim.games import GameRecord, SimSpec

#: The format of the JSON file (its ``"format"`` key).
SIM_FORMAT = "manastack-sim/1"

#: The columns of the CSV file, in order.
CSV_FIELDS = ("b", "index", "pair", "seed", "seat0", "seat1", "first", "winner", "turns",
              "reason", "rule", "mulligans_a", "mulligans_b")


def record_json(r: GameRecord, b: str) -> dict[str, Any]:
    return {"b": b, "index": r.index, "pair": r.pair, "seed": r.seed, "seats": list(r.seats),
            "first": r.first, "winner": r.winner, "turns": r.turns, "reason": r.reason,
            "rule": r.rule, "mulligans": {"A": r.mulligans_a, "B": r.mulligans_b}}


def json_text(name_a: str, spec: SimSpec, runs: Sequence[tuple[str, Sequence[GameRecord]]],
              games: int) -> str:
    """The JSON file: the run's settings, then every game of every match-up, one a line."""
    head = {"format": SIM_FORMAT, "a": name_a, "b": [name for name, _ in runs],
            "agents": list(spec.agents), "seed": spec.seed, "games": games,
            "max_turns": spec.max_turns, "mulligan": spec.mulligan}
    lines = [json.dumps(record_json(r, name)) for name, records in runs for r in records]
    body = ",\n  ".join(lines)
    return f"{json.dumps(head)[:-1]},\n \"records\": [\n  {body}\n ]}}\n" if lines \
        else f"{json.dumps(head)[:-1]}, \"records\": []}}\n"


def csv_text(runs: Sequence[tuple[str, Sequence[GameRecord]]]) -> str:
    """The CSV file: a header line, then a line per game."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for name, records in runs:
        for r in records:
            w.writerow([name, r.index, r.pair, r.seed, r.seats[0], r.seats[1], r.first,
                        r.winner, r.turns, r.reason, r.rule, r.mulligans_a, r.mulligans_b])
    return out.getvalue()

"""What a run's records add up to, and the lines that say it.

Deck A's win rate is its wins over all games played (a draw is not a win), with the 95%
Wilson interval (:func:`~manastack.sim.stats.wilson`); on the play and on the draw split
the games by the deck of the player who played first (103.2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from manastack.sim.games import GameRecord
from manastack.sim.stats import wilson


@dataclass
class Summary:
    """Totals of a list of :class:`GameRecord`."""

    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    #: Games in which deck A played first, and A's wins in them; the same on the draw.
    a_first: int = 0
    a_first_wins: int = 0
    a_second: int = 0
    a_second_wins: int = 0
    turns: int = 0
    mulligans_a: int = 0
    mulligans_b: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, records: Sequence[GameRecord]) -> Summary:
        s = cls()
        for r in records:
            s.games += 1
            s.wins_a += r.winner == "A"
            s.wins_b += r.winner == "B"
            s.draws += r.winner == "draw"
            if r.first == "A":
                s.a_first += 1
                s.a_first_wins += r.winner == "A"
            else:
                s.a_second += 1
                s.a_second_wins += r.winner == "A"
            s.turns += r.turns
            s.mulligans_a += r.mulligans_a
            s.mulligans_b += r.mulligans_b
            s.reasons[r.reason] += 1
        return s

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of deck A's win rate."""
        return wilson(self.wins_a, self.games)


def rate(wins: int, games: int) -> str:
    """``"56.0% (95% CI 49.1% - 62.7%, 112/200)"``; ``"-"`` with no games."""
    if games == 0:
        return "- (no games)"
    lo, hi = wilson(wins, games)
    return f"{wins / games:.1%} (95% CI {lo:.1%} - {hi:.1%}, {wins}/{games})"


def summary_lines(s: Summary, name_a: str, name_b: str, seconds: float) -> list[str]:
    """The report of a match-up: win rate, draws, on the play and on the draw, game
    length, mulligans, ends of games, speed."""
    n = max(1, s.games)
    ends = ", ".join(f"{reason} {count}" for reason, count in sorted(
        s.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    speed = s.games / seconds if seconds > 0 else 0.0
    return [
        f"{name_a} (A) vs {name_b} (B): {s.games} games",
        f"  A wins {rate(s.wins_a, s.games)}",
        f"  B wins {s.wins_b}, draws {s.draws} (a draw by the rules or a game stopped "
        "at the turn limit)",
        f"  A on the play: {rate(s.a_first_wins, s.a_first)}",
        f"  A on the draw: {rate(s.a_second_wins, s.a_second)}",
        f"  mean length {s.turns / n:.1f} turns; mulligans: A {s.mulligans_a} "
        f"({s.mulligans_a / n:.2f} a game), B {s.mulligans_b} ({s.mulligans_b / n:.2f} "
        "a game)",
        f"  games ended by: {ends or '-'}",
        f"  {speed:.1f} games/s ({s.games} games in {seconds:.1f} s)",
    ]


def gauntlet_lines(name_a: str, rows: Sequence[tuple[str, Summary]]) -> list[str]:
    """A table: for each opponent, A's win rate, its 95% interval, draws, games; then
    the total."""
    width = max([len("opponent"), len("total"), *(len(name) for name, _ in rows)])
    out = [f"{name_a} against {len(rows)} deck{'s' * (len(rows) != 1)}:",
           f"  {'opponent':<{width}}  {'A wins':>6}  {'win rate':>8}  {'95% interval':<15}  "
           f"{'draws':>5}  {'games':>5}"]
    total = Summary()
    for name, s in rows:
        out.append(_row(name, s, width))
        for key in ("games", "wins_a", "draws"):
            setattr(total, key, getattr(total, key) + getattr(s, key))
    if len(rows) > 1:
        out.append(_row("total", total, width))
    return out


def _row(name: str, s: Summary, width: int) -> str:
    if s.games == 0:
        return f"  {name:<{width}}  {'-':>6}  {'-':>8}  {'-':<15}  {'-':>5}  {0:>5}"
    lo, hi = s.interval()
    return (f"  {name:<{width}}  {s.wins_a:>6}  {s.wins_a / s.games:>8.1%}  "
            f"{f'{lo:.1%} - {hi:.1%}':<15}  {s.draws:>5}  {s.games:>5}")

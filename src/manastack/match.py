"""Matches (CR 100.6, 103.2): several games between the same decks.

In the first game a coin flip (the match RNG) decides who chooses the starting
player; afterwards the loser of the previous game chooses, and after a draw the
player who chose last time chooses again (103.2).  Sideboards are set aside
(103.1a).  Choosers here play first, the usual choice; pass ``choose_first`` to
change the policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from manastack.agents import make_agent
from manastack.engine import Game
from manastack.game.state import GameOptions
from manastack.play import play_game, result_line


@dataclass
class MatchResult:
    games: list[Game] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    choosers: list[int] = field(default_factory=list)
    starters: list[int] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        if self.wins[0] == self.wins[1]:
            return None
        return 0 if self.wins[0] > self.wins[1] else 1


def play_match(decks: Sequence[Sequence[str]], games: int = 3, seed: int = 0,
               names: Sequence[str] = ("Alice", "Bob"),
               choose_first: Callable[[int, random.Random], int] | None = None,
               options: GameOptions | None = None,
               agents: Sequence[str] = ("random", "random"),
               budget_ms: float | None = None) -> MatchResult:
    """Play a best-of-``games`` match; stops once a player can't lose.  ``agents`` names
    the agent of each player (:func:`manastack.agents.make_agent`), random by default;
    ``budget_ms``, the thinking time per decision of an agent that searches."""
    rng = random.Random(seed)
    res = MatchResult()
    chooser = rng.randrange(2)  # 103.2: any mutually agreeable method (a coin flip)
    need = games // 2 + 1
    for i in range(games):
        if max(res.wins) >= need:
            break
        first = choose_first(chooser, rng) if choose_first else chooser
        res.choosers.append(chooser)
        res.starters.append(first)
        opts = replace(options or GameOptions(), first_player=first)
        s = seed * 1000 + i
        g = play_game(decks, [make_agent(agents[0], 2 * s + 1, budget_ms),
                              make_agent(agents[1], 2 * s + 2, budget_ms)], seed=s,
                      names=names, options=opts)
        res.games.append(g)
        if g.winner is None:
            res.draws += 1  # 103.2: the same player chooses again
        else:
            res.wins[g.winner] += 1
            chooser = 1 - g.winner  # the loser chooses
    return res


def describe(res: MatchResult, names: Sequence[str]) -> list[str]:
    lines = []
    for i, g in enumerate(res.games):
        lines.append(f"Game {i + 1}: {names[res.choosers[i]]} chose {names[res.starters[i]]} "
                     f"to play first (CR 103.2). {result_line(g)}")
    w = res.winner
    score = f"{res.wins[0]}-{res.wins[1]}" + (f"-{res.draws}" if res.draws else "")
    lines.append(f"Match over: {names[w]} wins {score}" if w is not None
                 else f"Match over: draw {score}")
    return lines

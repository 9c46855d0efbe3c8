"""Two-Headed Giant (CR 810) with the shared team turns option (805).

Two teams of two players (810.1; 810.11: equally sized teams of more).  The teams
come from ``GameOptions.extra["teams"]`` (lists of player indices, seat order; the
first player listed is the team's primary player, 805.2), by default players 0 and 2
against 1 and 3 (so turn order alternates between the teams).

What changes, and where:

* each team shares a life total starting at 30 and a poison count that loses at 15
  (810.4, 810.8c-d, 810.10; +15 life and +5 poison per player beyond the second,
  810.11): both players' totals are kept equal; damage, life loss and life gain happen
  to each player and the result is applied to the team total (810.9, hook
  :meth:`totals_changed`);
* the teams take turns, have priority and attack and block as teams (805.4-805.10,
  810.7; :mod:`manastack.variants.shared_turns`): the nonactive team is the defending
  team (seed 3.1); each player orders and assigns the damage of their own creatures
  (810.7e-f);
* the starting team skips the draw step of its first turn (103.7b, 810.6); the first
  mulligan is free (103.4b, 800.5); the starting team declares mulligans first (103.4c);
* players win and lose as a team (810.8a): when one loses, so does the teammate; an
  effect that stops one player from losing stops the team from losing.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from manastack.rules.multiplayer import OPTION_KEYS
from manastack.rules.variant import register
from manastack.variants.shared_turns import SharedTeamTurns

if TYPE_CHECKING:
    from manastack.game.state import GameState


def default_teams(n: int) -> list[list[int]]:
    """Players 0, 2, ... against 1, 3, ... (turn order alternates between the teams)."""
    return [list(range(0, n, 2)), list(range(1, n, 2))]


def teams_of(game: GameState) -> list[list[int]]:
    teams: list[list[int]] = game.options.extra.get("teams") or default_teams(
        len(game.players))
    return teams


class TwoHeadedGiant(SharedTeamTurns):
    """Two-Headed Giant (810): shared team turns, shared life and poison."""

    name = "two_headed_giant"
    rule = "810"
    min_players = 4
    max_players = 8
    starting_life = 30
    #: 810.8d: poison counters a team of two needs to lose.
    poison = 15
    option_keys = {**OPTION_KEYS, "teams": "810.1"}

    def check_player_count(self, n: int) -> str | None:
        if n < 4 or n > 8 or n % 2:
            return f"variant two_headed_giant needs two teams of equal size (4, 6 or 8 " \
                   f"players), not {n}"
        return None

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        problem = super().check_extra(n_players, extra)
        teams = extra.get("teams")
        if problem or teams is None:
            return problem
        if not (isinstance(teams, list) and len(teams) == 2
                and all(isinstance(t, list) and all(isinstance(p, int) and
                                                    not isinstance(p, bool) for p in t)
                        for t in teams)):
            return "options.extra.teams must be two lists of player indices (810.1)"
        flat = sorted(p for t in teams for p in t)
        if flat != list(range(n_players)) or len(teams[0]) != len(teams[1]) \
                or len(teams[0]) < 2:
            return (f"options.extra.teams must split the {n_players} players into two teams "
                    "of equal size (810.1, 810.11)")
        return None

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        decks, _ = super().default_setup(n_players, seed)
        return decks, {"teams": default_teams(n_players)}

    def configure(self, game: GameState) -> None:
        """810.1: the teams (players of a team share ``Player.team``)."""
        teams = teams_of(game)
        if "teams" not in game.options.extra:
            game.options = dataclasses.replace(
                game.options, extra={**game.options.extra, "teams": teams})
        for i, t in enumerate(teams):
            for p in t:
                game.players[p].team = i

    # -- starting the game

    def teams(self, game: GameState) -> list[list[int]]:
        return teams_of(game)

    def starting_life_of(self, game: GameState, player: int) -> int:
        """810.4 / 810.11: 30 for the team, plus 15 per player beyond the second."""
        if game.options.starting_life is not None:
            return game.options.starting_life
        return self.starting_life + 15 * (len(self.team_of(game, player)) - 2)

    def skips_first_draw(self, game: GameState) -> bool:
        """103.7b / 810.6: the team who plays first skips its first draw step."""
        return True

    # -- life, poison, winning and losing (810.8-810.10)

    def totals_changed(self, game: GameState, player: int) -> None:
        """810.9 / 810.10: the team shares the player's new life and poison totals."""
        me = game.players[player]
        for p in self.team_of(game, player):
            if p != player:
                game.players[p].life = me.life
                game.players[p].poison = me.poison

    def shares_totals_with(self, game: GameState, player: int) -> list[int]:
        return [p for p in self.team_of(game, player) if game.players[p].in_game]

    def poison_limit(self, game: GameState, player: int) -> int:
        """810.8d / 810.11: fifteen, plus five per player beyond the second."""
        return self.poison + 5 * (len(self.team_of(game, player)) - 2)

    def loses_with(self, game: GameState, player: int) -> list[int]:
        return self.team_of(game, player)


register(TwoHeadedGiant())

"""The shared team turns option (CR 805), used by Two-Headed Giant (810) and Archenemy
(904.2).

A variant using it says what the teams are (:meth:`SharedTeamTurns.teams`: lists of
player indices in seat order, the first listed being the team's primary player, 805.2);
everything else follows from that:

* the teams take turns (805.4): every player of the active team is an active player
  (untap, draw 805.4b, a land each 805.4c, sorcery timing, cleanup); turn order goes from
  team to team; ``game.active_player`` is the team's primary player (or whoever started
  the game);
* teams have priority (805.5): priority passes through the active team's players, then
  the other teams'; all players passing in succession is all teams passing;
* APNAP becomes active team then nonactive teams (805.6, 805.7);
* combat (805.10): the active team attacks the nonactive team as a group; each attacking
  player declares attackers for their own creatures, in team order, each creature
  attacking one defending player or planeswalker (805.10b), the whole attack legal as a
  whole; then each defending player declares blockers for their own creatures, which may
  block a creature attacking any player of the team (805.10d), the combined block legal
  as a whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack.lines import Items, say
from manastack.rules.variant import MultiplayerVariant

if TYPE_CHECKING:
    from manastack.game.state import GameState


class SharedTeamTurns(MultiplayerVariant):
    """805: teams take turns and have priority; team combat (805.10)."""

    def teams(self, game: GameState) -> list[list[int]]:
        """The teams, each a list of player indices (its primary player first)."""
        raise NotImplementedError

    def team_of(self, game: GameState, player: int) -> list[int]:
        for t in self.teams(game):
            if player in t:
                return list(t)
        return [player]

    # -- turns and priority (805.4-805.7)

    def active_players(self, game: GameState) -> list[int]:
        team = self.team_of(game, game.active_player)
        ap = game.active_player
        return [ap] + [p for p in team if p != ap and game.players[p].in_game]

    def _team_cycle(self, game: GameState, first_team_player: int) -> list[int]:
        """Players grouped by team, teams in turn order from ``first_team_player``'s team
        (805.6); within the active team the active player first."""
        n = len(game.players)
        order: list[int] = []
        for k in range(n):
            q = (first_team_player + k) % n
            if q in order:
                continue
            team = self.team_of(game, q)
            lead = [q] if q == first_team_player else []
            order += lead + [p for p in team if p not in lead]
        return [p for p in order if game.players[p].in_game]

    def apnap_order(self, game: GameState) -> list[int]:
        return self._team_cycle(game, game.active_player)

    def next_priority_player(self, game: GameState, player: int) -> int:
        """805.5: the active team, then the other teams; a team passes when all its
        players have passed."""
        cycle = self._team_cycle(game, game.active_player)
        if player not in cycle:
            return game.next_player(player)
        return cycle[(cycle.index(player) + 1) % len(cycle)]

    def next_turn_player(self, game: GameState, player: int) -> int:
        """805.4: the next team in turn order takes the next turn (its primary player,
        or the first of its players still in the game, is the active player)."""
        mine = self.team_of(game, player)
        n = len(game.players)
        for k in range(1, n + 1):
            q = (player + k) % n
            if q not in mine and game.players[q].in_game:
                team = self.team_of(game, q)
                return next(p for p in team if game.players[p].in_game)
        return player

    def extra_turn_player(self, game: GameState, player: int) -> int:
        """805.8: the player's team takes the extra turn; its primary player (or the first
        of its players still in the game) is the active player, as in a normal turn."""
        return next((p for p in self.team_of(game, player) if game.players[p].in_game),
                    player)

    def departed_turn_players(self, game: GameState, last: int, player: int) -> list[int]:
        """800.4k with shared team turns (805.4a): a departed player's turn is their team's."""
        return [p for p in self.team_of(game, player) if not game.players[p].in_game]

    # -- combat (805.10)

    def choose_defending_player(self, game: GameState) -> None:
        """805.10a / seed 3.1: the nonactive team is the defending team."""
        if game.combat is None:
            return
        opps = [p for p in self._team_cycle(game, game.active_player)
                if p in game.opponents(game.active_player)]
        game.combat.defending_players = opps
        if opps:
            rule = "810.7a" if self.name == "two_headed_giant" else "805.10a"
            team = Items((game.who(p) for p in opps), sep=(" and ", " et "))
            game.note(rule, say("{team} is the defending team", "{team} est l'équipe "
                                "défenseuse", team=team) if len(opps) == 1 else
                      say("{team} are the defending team", "{team} forment l'équipe "
                          "défenseuse", team=team))

    def attack_declarers(self, game: GameState) -> list[int]:
        return self.active_players(game)

    def block_declarers(self, game: GameState) -> list[int]:
        cb = game.combat
        return list(cb.defending_players) if cb is not None else []

    def combined_block(self, game: GameState) -> bool:
        return True

    def defending_players_meant(self, game: GameState, source: int | None) -> list[int]:
        """805.10e / 810.7b: a one-shot effect's "defending player" is one defending
        player its controller chooses (a target may be any defending player's object);
        other references mean each of them, a positive comparison answering yes if either
        would (810.7d: forestwalk if either defending player controls a Forest)."""
        cb = game.combat
        return list(cb.defending_players) if cb is not None else []

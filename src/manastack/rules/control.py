"""Controlling another player (CR 714): Sorin Markov's "You control target player during
that player's next turn."

* 714.1: the effect applies to the next turn the affected player actually takes (a skipped
  turn doesn't count, 714.1b), for that entire turn; it ends as the next turn begins.
  Several such effects on the same player overwrite each other: the last created works
  (714.1a).
* 714.3: only the control of the player changes: objects keep their controllers, and the
  controlled player is still the active player.
* 714.5: the controlling player makes every choice and decision the controlled player
  would make (:meth:`Game.ask` sets ``decision.decider``; ``game.apply`` accepts the
  answer only from the decider), using the controlled player's resources (714.5a: the
  decision's ``player`` stays the controlled player, whose cards, mana and permanents
  the actions use).  714.8: they keep making their own decisions too.
* 714.4: what the controlled player may see, the controller sees too (observations).
* 714.6: the controlled player may still concede (a ``Concede`` action, 104.3a).
* 714.9: a player controlling themselves decides as usual.

The effect is a rule effect (``game.rule_effects``, kind ``control_player``) whose
``check`` is a :class:`ControlOfPlayer`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manastack.lines import say
from manastack.rules.layers import Duration
from manastack.rules.static import RuleEffect, add_rule_effect

if TYPE_CHECKING:
    from manastack.game.state import GameState

KIND = "control_player"


@dataclass(frozen=True)
class ControlOfPlayer:
    """``controller`` controls ``player`` during that player's ``turn_index``-th turn."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ControlOfPlayer:
        """Immutable: shared by copies of a game."""
        return self

    controller: int
    player: int
    turn_index: int

    def __call__(self, game: GameState) -> bool:
        """Does the effect apply now (during that very turn)?"""
        return game.is_active(self.player) and \
            game.turns_taken.get(self.player, 0) == self.turn_index and \
            game.players[self.controller].in_game


@dataclass(frozen=True)
class _NotOverYet:
    """Duration: until the affected turn is over (it ends as the next turn begins)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _NotOverYet:
        """Read only: shared by copies of a game."""
        return self

    player: int
    turn_index: int

    def __call__(self, game: GameState) -> bool:
        taken = game.turns_taken.get(self.player, 0)
        return taken < self.turn_index or (taken == self.turn_index and
                                           game.is_active(self.player))


def control_next_turn(game: GameState, controller: int, player: int, source_name: str) -> None:
    """``controller`` controls ``player`` during that player's next turn (714.1)."""
    index = game.turns_taken.get(player, 0) + 1
    spec = ControlOfPlayer(controller, player, index)
    add_rule_effect(game, RuleEffect(
        KIND, spec, Duration("while", predicate=_NotOverYet(player, index)),
        text=f"{source_name}: {game.players[controller].name} controls "
             f"{game.players[player].name} during {game.players[player].name}'s next turn",
        controller=controller))
    game.note("714.1", say("{controller} will control {player} during their next turn",
                           "{controller} contrôlera {player} pendant son prochain tour",
                           controller=game.who(controller), player=game.who(player)))


def controlling_player(game: GameState, player: int) -> int:
    """The player who makes ``player``'s decisions now (714.5): ``player`` unless an
    effect gives control of them to another player (the last created wins, 714.1a)."""
    best = None
    for e in game.rule_effects:
        if e.kind == KIND and isinstance(e.check, ControlOfPlayer) and \
                e.check.player == player and e.check(game):
            best = e  # rule_effects is in creation order
    return player if best is None else best.check.controller


def sees_for(game: GameState, viewer: int | None) -> set[int]:
    """The players whose hidden information ``viewer`` sees: themselves and the players
    they control (714.4)."""
    if viewer is None:
        return set()
    out = {viewer}
    if game.rule_effects:
        for p in game.players:
            if p.index != viewer and controlling_player(game, p.index) == viewer:
                out.add(p.index)
    return out

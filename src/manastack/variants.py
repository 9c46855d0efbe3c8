"""Variant hooks (CR 800-811, 900-904).  Two-player is the default variant.

Each hook is a function the core rules call; variants override them.  The
multiplayer variants extend these (defending player choice, teams...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manastack.game.state import Game


def planechase_start(game: Game) -> None:
    """CR 103.6: the starting player turns the top card of their planar deck face up.
    (The Planechase variant provides planar decks; without one there is nothing to do.)"""
    deck = game.options.extra.get("planar_decks", {}).get(game.starting_player)
    if deck:
        game.note("103.6", f"{game.players[game.starting_player].name} turns the top card "
                           "of their planar deck face up")


def choose_defending_player(game: Game) -> None:
    """CR 507.1 / 703.4e: in a two-player game the opponent defends; in a multiplayer game
    where the opponents don't all defend, the active player chooses one of them."""
    from manastack.decisions import ChoiceDecision
    from manastack.game.objects import PlayerRef

    if game.combat is None:
        return
    opps = game.opponents(game.active_player)
    if len(opps) <= 1:
        game.combat.defending_players = opps[:1]
        return
    game.ask(ChoiceDecision(game.active_player, "choose_defender",
                            "Choose the defending player (CR 507.1)",
                            (_defender_chosen, ()), rule="507.1",
                            options=tuple(PlayerRef(p) for p in opps),
                            purpose="defending player"))


def _defender_chosen(game: Game, action: object) -> None:
    assert game.combat is not None
    choice = action.items[0]  # type: ignore[attr-defined]
    game.combat.defending_players = [choice.index]
    game.note("507.1", f"{game.players[game.active_player].name} chooses "
                       f"{game.players[choice.index].name} as the defending player")

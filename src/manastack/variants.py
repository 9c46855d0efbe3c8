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
    """CR 507.1 / 703.4e: in a two-player game the opponent defends."""
    if game.combat is None:
        return
    opps = game.opponents(game.active_player)
    game.combat.defending_players = opps[:1]

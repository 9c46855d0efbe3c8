"""The value of a position for a player, from what that player may see (CR 400.2).

:func:`evaluate` adds up, for the player and their teammates against their opponents:
life (worth more as it runs low: a player at 0 life loses, 704.5a), poison counters
(704.5c: ten lose), the creatures and other permanents on the battlefield, lands in
play, and the number of cards in hand (a count both players see; their contents only
for the player's own hand).  A game won is worth +1000, lost -1000.  It never reads a
library, an opponent's hand or a face-down card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack.agents.combat_math import creature_value

if TYPE_CHECKING:
    from manastack.game.state import GameState

WIN = 1000.0


def life_value(life: int) -> float:
    """Life is worth more the closer it is to 0 (704.5a)."""
    if life <= 0:
        return -WIN / 2
    return min(life, 10) * 1.0 + max(min(life, 20) - 10, 0) * 0.5 + max(life - 20, 0) * 0.2


def side_value(game: GameState, player: int) -> float:
    """What one player has: life, poison, permanents, cards in hand (counted)."""
    p = game.players[player]
    if p.lost:
        return -WIN
    v = life_value(p.life) - 2.0 * p.poison + 1.2 * len(p.hand)
    for o in game.permanents(player):
        c = game.chars(o)
        if c.is_creature:
            v += creature_value(game, o)
        elif c.is_land:
            v += 1.0
        else:
            v += 1.0 + 0.7 * c.mana_cost.mana_value
    return v


def evaluate(game: GameState, player: int) -> float:
    """The position's value for ``player``: their side (and teammates') less the
    strongest opponent's (free-for-all: the opponents one by one, the best counting)."""
    if game.over:
        if game.winner is not None and not game.players[player].lost and \
                game.players[player].won:
            return WIN
        return -WIN if game.players[player].lost else 0.0
    mine = side_value(game, player)
    opps = game.opponents(player)
    if not opps:
        return mine
    return mine - max(side_value(game, q) for q in opps)

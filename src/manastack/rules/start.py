"""Starting the game (CR 103): decks, starting player, opening hands, mulligans.

The mulligan of the seeds (2011, "Paris") is the default: the starting
player declares first, then each other player in turn order; all who
mulligan do it at once, shuffling their hand back and drawing one fewer;
repeated until nobody mulligans; a player at zero cards keeps (103.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.decisions import Mulligan, MulliganDecision
from manastack.game.objects import Zone

if TYPE_CHECKING:
    from manastack.cards.dsl import CardDef
    from manastack.game.state import Game, GameOptions


def new_game(player_names: Sequence[str], decks: Sequence[Sequence[str]], seed: int = 0,
             options: GameOptions | None = None) -> Game:
    """A game at rule 103 with the given decks (card names); run to the first decision."""
    from manastack.cards.registry import get_card
    from manastack.game.state import Game

    game = Game(player_names, seed, options)
    cards: list[list[CardDef]] = [[get_card(n) for n in deck] for deck in decks]
    for i, deck in enumerate(cards):
        for c in deck:
            game.create_object(c, i, Zone.LIBRARY)
    game.deck_lists = [list(d) for d in decks]
    game.push(begin, )
    game.run()
    return game


def begin(game: Game) -> None:
    """103.1-103.3 then mulligans (103.4) and the first turn (103.7)."""
    from manastack.rules.zones import draw, shuffle

    game.note("103.1", "The game begins: each player shuffles their deck")
    for p in game.players:
        shuffle(game, p.index, "103.1")
    if game.options.first_player is not None:
        first = game.options.first_player
        game.note("103.2", f"{game.players[first].name} takes the first turn (chosen)")
    else:
        first = game.rng.randrange(len(game.players))
        game.note("103.2", f"A coin flip decides: {game.players[first].name} takes the first "
                           "turn")
    game.starting_player = first
    game.next_normal_player = first
    game.first_turn_skips_draw = len(game.players) == 2  # 103.7a / 103.7c
    for pl in game.players:
        pl.life = game.options.starting_life
        game.note("103.3", f"{pl.name}'s life total is {pl.life}")
    for idx in game.apnap_from(first):
        draw(game, idx, game.options.starting_hand, "103.3")
    game.push(_mulligan_round, game.apnap_from(first), [], {})


def _mulligan_round(game: Game, undecided: list[int], taking: list[int],
                    sizes: dict[int, int]) -> None:
    """103.4: each player who hasn't kept declares, in turn order from the starting player."""
    remaining = [p for p in undecided if not game.players[p].lost]
    if not remaining:
        if taking:
            _take_mulligans(game, taking, sizes)
        else:
            game.push(_start_first_turn)
        return
    p, rest = remaining[0], remaining[1:]
    hand = len(game.players[p].hand)
    if hand == 0:
        game.note("103.4", f"{game.players[p].name} has no cards and must keep")
        game.players[p].kept = True
        game.push(_mulligan_round, rest, taking, sizes)
        return
    game.ask(MulliganDecision(p, "mulligan", f"Keep your {hand}-card hand or mulligan?",
                              (_declared, (rest, taking, sizes)), rule="103.4"))


def _declared(game: Game, action: Any, rest: list[int], taking: list[int],
              sizes: dict[int, int]) -> None:
    p = game.decision_player_last
    assert isinstance(action, Mulligan)
    name = game.players[p].name
    if action.take:
        game.note("103.4", f"{name} will take a mulligan")
        taking = taking + [p]
    else:
        game.note("103.4", f"{name} keeps {len(game.players[p].hand)} cards")
        game.players[p].kept = True
    game.push(_mulligan_round, rest, taking, sizes)


def _take_mulligans(game: Game, taking: list[int], sizes: dict[int, int]) -> None:
    """All mulligans at once: shuffle the hand back, draw one fewer (103.4, 103.4b)."""
    from manastack.rules.zones import draw, move, shuffle

    for p in taking:
        pl = game.players[p]
        n = len(pl.hand)
        for oid in list(pl.hand):
            move(game, game.obj(oid), Zone.LIBRARY, "103.4", quiet=True)
        shuffle(game, p, "103.4")
        free = len(game.players) > 2 and pl.mulligans == 0  # 103.4b
        pl.mulligans += 1
        new_size = n if free else max(0, n - 1)
        game.emit(ev.MULLIGAN, "103.4", f"{pl.name} mulligans to {new_size} cards", player=p)
        draw(game, p, new_size, "103.4")
    order = [p for p in game.apnap_from(game.starting_player) if not game.players[p].kept]
    game.push(_mulligan_round, order, [], sizes)


def _start_first_turn(game: Game) -> None:
    from manastack.rules.turn import begin_next_turn

    game.game_started = True
    game.note("103.7", f"{game.players[game.starting_player].name} takes the first turn")
    begin_next_turn(game)

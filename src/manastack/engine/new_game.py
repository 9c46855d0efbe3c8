"""A new game (CR 103): the checks on its arguments, the decks put in the libraries, and
the run to the first decision (:func:`manastack.rules.start.begin`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from manastack.cards.dsl import CardDef
from manastack.cards.registry import get_card
from manastack.engine.game import Game
from manastack.errors import DeckError, DeckLimitError, InputLimitError
from manastack.game.objects import Zone
from manastack.game.state import GameOptions
from manastack.reprs import brief
from manastack.rules.start import begin
from manastack.rules.variant import variant_of


def new_game(player_names: Sequence[str], decks: Sequence[Sequence[str]], seed: Any = 0,
             options: Any = None) -> Game:
    """A game at rule 103 with the given decks (card names); run to the first decision.
    ``seed`` is an int and ``options`` a :class:`GameOptions` or None (anything else is
    refused with IllegalAction).

    The checks ``manastack play`` makes come first, so that a replay file or a caller
    gets them too: the limits of :mod:`manastack.limits` (players, names, seed, starting
    hand and life, turn limit: :class:`~manastack.errors.InputLimitError`; deck sizes and
    card names: :class:`~manastack.errors.DeckLimitError`), then the variant's deck checks
    (``Variant.check_decks``: a Commander game needs its commanders, 903.3; DeckError)."""
    _check_limits(player_names, decks, seed, options)
    game = Game(player_names, seed, options)
    if isinstance(decks, str) or not isinstance(decks, (list, tuple)) or \
            len(decks) != len(game.players):
        raise DeckError(f"one deck (a list of card names) per player is needed: "
                        f"{len(game.players)} players, decks {brief(decks)}")
    for i, deck in enumerate(decks):
        if isinstance(deck, str) or not isinstance(deck, (list, tuple)):
            raise DeckError(f"{game.players[i].name}'s deck must be a list of card names, "
                            f"not {brief(deck)}")
        bad = next((n for n in deck if not isinstance(n, str)), None)
        if bad is not None:
            raise DeckError(f"{game.players[i].name}'s deck holds {brief(bad)}, not a card "
                            "name")
    variant_of(game).check_decks(decks, game.options.extra)
    cards: list[list[CardDef]] = [[get_card(n) for n in deck] for deck in decks]
    for i, deck in enumerate(cards):
        for c in deck:
            game.create_object(c, i, Zone.LIBRARY)
    game.deck_lists = [list(d) for d in decks]
    game.push(begin, )
    game.run()
    return game


def _check_limits(player_names: Any, decks: Any, seed: Any, options: Any) -> None:
    """The limits of :mod:`manastack.limits` on :func:`new_game`'s arguments (their types
    are checked by ``Game``): raises InputLimitError or DeckLimitError."""
    from manastack.limits import (
        MAX_CARD_NAME_LENGTH,
        MAX_DECK_CARDS,
        MAX_LIFE,
        MAX_PLAYER_NAME_LENGTH,
        MAX_PLAYERS,
        MAX_SEED,
        MAX_STARTING_HAND,
        MAX_TURNS,
    )

    if isinstance(player_names, (list, tuple)):
        if len(player_names) > MAX_PLAYERS:
            raise InputLimitError(f"{len(player_names):,} players; at most {MAX_PLAYERS} (the "
                                  "limit)")
        for name in player_names:
            if isinstance(name, str) and len(name) > MAX_PLAYER_NAME_LENGTH:
                raise InputLimitError(f"a player's name of {len(name):,} characters (the "
                                      f"limit is {MAX_PLAYER_NAME_LENGTH})")
    if type(seed) is int and abs(seed) > MAX_SEED:
        raise InputLimitError(f"the seed {brief(seed)} is out of range (the limit is "
                              f"{MAX_SEED:,} either way)")
    o: Any = options  # (read untyped: a compiled read would check the field's type)
    if isinstance(o, GameOptions):
        for field, value, limit, rule in (
                ("starting_hand", o.starting_hand, MAX_STARTING_HAND, "103.4"),
                ("starting_life", o.starting_life, MAX_LIFE, "103.3"),
                ("max_turns", o.max_turns, MAX_TURNS, "")):
            if type(value) is int and abs(value) > limit:
                cite = f", {rule}" if rule else ""
                raise InputLimitError(f"options.{field}: {brief(value)} is out of range "
                                      f"(the limit is {limit:,}{cite})")
    if isinstance(decks, (list, tuple)):
        for i, deck in enumerate(decks):
            if not isinstance(deck, (list, tuple)):
                continue
            if len(deck) > MAX_DECK_CARDS:
                raise DeckLimitError(f"deck {i + 1} has {len(deck):,} cards; at most "
                                     f"{MAX_DECK_CARDS:,} (the limit for a deck)")
            for name in deck:
                if isinstance(name, str) and len(name) > MAX_CARD_NAME_LENGTH:
                    raise DeckLimitError(f"deck {i + 1} holds a card name of "
                                         f"{len(name):,} characters (the limit is "
                                         f"{MAX_CARD_NAME_LENGTH})")

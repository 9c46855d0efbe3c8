"""Cards of the command zone shared by the casual variants (CR 408, 108.2a).

Schemes, planes and vanguards are non-traditional cards: they never leave the command
zone (901.4, 902.3, 904.4).  A scheme deck or planar deck is the list of its owner's
face-down cards of that type in ``game.command``, bottom first (the last one is on top);
face-up cards follow them.  Turning a card face up or face down makes a new object
(901.7a), placed at the end of ``game.command`` (face up) or at its start (the bottom of
its deck).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from manastack.errors import DeckError
from manastack.game.objects import GameObject
from manastack.lines import Word, say
from manastack.reprs import brief
from manastack.rules.zones import create_in_command, shuffle_in_command, turn_over_in_command

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: Card types of the non-traditional cards kept in the command zone (108.2a).
NONTRADITIONAL = frozenset({"Scheme", "Plane", "Phenomenon", "Vanguard"})


def is_nontraditional(obj: GameObject) -> bool:
    return bool(obj.card.types & NONTRADITIONAL)


def player_of(game: GameState, key: Any) -> int:
    """A player given as an index, ``"0"``, ``"P0"`` or a name (``options.extra`` keys)."""
    if isinstance(key, int):
        return game.player_index(key)
    text = str(key)
    if text.isdigit():
        return game.player_index(int(text))
    if text[:1] == "P" and text[1:].isdigit():
        return game.player_index(int(text[1:]))
    return game.player_index(text)


def per_player(game: GameState, value: Any) -> dict[int, Any]:
    """``{player: x}`` from a mapping keyed as :func:`player_of` accepts, or a list."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {player_of(game, k): v for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return dict(enumerate(value))
    raise DeckError(f"expected a mapping of players, not {brief(value)}")


def put_in_command(game: GameState, player: int, name: str, *, face_down: bool = False,
                   kind: str | None = None) -> GameObject:
    """Create ``name`` in the command zone, owned by ``player`` (setup)."""
    from manastack.cards.registry import get_card

    card = get_card(name)
    if kind is not None and kind not in card.types:
        raise DeckError(f"{card.name} is not a {kind} card ({card.type_line})")
    return create_in_command(game, card, player, face_down=face_down)


def deck(game: GameState, player: int, card_type: str) -> list[int]:
    """``player``'s face-down ``card_type`` cards (scheme or planar deck), bottom first."""
    out = []
    for oid in game.command:
        o = game.objects[oid]
        if isinstance(o, GameObject) and o.face_down and o.owner == player and \
                card_type in o.card.types:
            out.append(oid)
    return out


def face_up(game: GameState, card_type: str) -> list[GameObject]:
    """Face-up ``card_type`` cards in the command zone, oldest first."""
    out = []
    for oid in game.command:
        o = game.objects[oid]
        if isinstance(o, GameObject) and not o.face_down and card_type in o.card.types:
            out.append(o)
    return out


def turn_face_up(game: GameState, oid: int, controller: int | None = None) -> GameObject:
    """Move a card off its deck and turn it face up: a new object (901.7a)."""
    return _reflip(game, oid, face_down=False, controller=controller)


def to_bottom(game: GameState, oid: int) -> GameObject:
    """Turn a card face down and put it on the bottom of its owner's deck (701.22b,
    701.24b, 704.5w)."""
    return _reflip(game, oid, face_down=True)


def _reflip(game: GameState, oid: int, face_down: bool, controller: int | None = None
            ) -> GameObject:
    return turn_over_in_command(game, oid, face_down, controller)


def shuffle_deck(game: GameState, player: int, card_type: str) -> None:
    """Shuffle ``player``'s scheme or planar deck (901.4, 904.4) with the game's RNG."""
    shuffle_in_command(game, deck(game, player, card_type))


def shuffle_in_decks(game: GameState, decks: Any, card_type: str, rule: str, what: Word,
                     cards: Word) -> None:
    """Each player's deck of ``card_type`` cards (``decks``: as :func:`per_player` takes
    them), face down in the command zone and shuffled (901.4, 904.4), logged citing
    ``rule`` as their ``what`` deck ("scheme deck") of so many ``cards`` ("schemes")."""
    for p, names in sorted(per_player(game, decks).items()):
        for name in names:
            put_in_command(game, p, name, face_down=True, kind=card_type)
        shuffle_deck(game, p, card_type)
        game.note(rule, say("{who} shuffles their {deck} ({n} {cards})",
                            "{who} mélange son {deck} ({n} {cards})", who=game.who(p),
                            deck=what, n=len(names), cards=cards))


# ------------------------------------------------------------ checking options.extra

def player_key_problem(key: Any, n_players: int) -> str | None:
    """Why ``key`` (an index, ``"0"``, ``"P0"`` or a name) can't name a player, or None
    (names are resolved in the game)."""
    if isinstance(key, bool):
        return f"{brief(key)} isn't a player"
    if isinstance(key, int):
        return None if 0 <= key < n_players else f"{key} isn't a player index"
    text = str(key)
    if text[:1] == "P" and text[1:].isdigit():
        text = text[1:]
    if text.isdigit() and int(text) >= n_players:
        return f"{brief(key)} isn't a player index"
    return None


def check_per_player(extra: Mapping[str, Any], key: str, n_players: int,
                     check_one: Any) -> str | None:
    """Check ``extra[key]``: a list by player index or a mapping keyed by player, each
    value checked by ``check_one(value) -> message | None``."""
    value = extra.get(key)
    if value is None:
        return None
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (list, tuple)):
        if len(value) > n_players:
            return f"options.extra.{key}: {len(value)} entries for {n_players} players"
        items = list(enumerate(value))
    else:
        return (f"options.extra.{key} must map players to values (or list them by seat), "
                f"not {brief(value)}")
    for k, v in items:
        problem = player_key_problem(k, n_players) or check_one(v)
        if problem:
            return f"options.extra.{key}: {k}: {problem}"
    return None


def each_players(extra: Mapping[str, Any], key: str, n_players: int, need: str
                 ) -> list[Any]:
    """The per-player values of ``extra[key]`` (a mapping keyed by player, or a list by
    seat); :class:`DeckError` saying ``need`` when some player has none."""
    value = extra.get(key)
    items = list(value.values()) if isinstance(value, Mapping) else list(value or ())
    if len(items) < n_players:
        raise DeckError(f"{need}: set extra[{brief(key)}]")
    return items


def card_problem(name: Any, card_type: str | None = None,
                 supertype: str | None = None) -> str | None:
    """Why ``name`` isn't a card of the pool (of that type), or None."""
    from manastack.cards.database import UnknownCard, card_data

    if not isinstance(name, str):
        return f"{brief(name)} isn't a card name"
    try:
        c = card_data(name)
    except UnknownCard as e:
        return str(e)
    if card_type is not None and card_type not in c.types:
        return f"{c.name} isn't a {card_type.lower()} card ({c.type_line})"
    if supertype is not None and supertype not in c.supertypes:
        return f"{c.name} isn't {supertype.lower()} ({c.type_line})"
    return None


def card_list_problem(value: Any, card_type: str) -> str | None:
    """Why ``value`` isn't a list of ``card_type`` cards, or None."""
    if not isinstance(value, (list, tuple)):
        return f"expected a list of {card_type.lower()} cards, not {brief(value)}"
    for n in value:
        problem = card_problem(n, card_type)
        if problem:
            return problem
    return None


def attack_multiple_by_default(game: GameState) -> None:
    """901.2, 903.2, 904.2: the default multiplayer setup uses the attack multiple players
    option (802); ``extra["attack"]`` may still choose another."""
    if "attack" not in game.options.extra:
        import dataclasses
        game.options = dataclasses.replace(
            game.options, extra={**game.options.extra, "attack": "multiple"})

"""Vanguard (CR 902; seed 103.3b).

Options (``GameOptions.extra``): ``avatars``, each player's vanguard card (a list by
player index, or a mapping keyed by index or name).

* 902.4 / 103.3b: starting life 20 plus the avatar's life modifier;
* 902.5 / 103.3b: starting hand 7 plus its hand modifier (a mulligan draws one fewer than
  the hand before, 902.5a: the core mulligan rule); 902.5b: maximum hand size 7 plus the
  hand modifier;
* 902.3, 902.7: the avatar is face up in the command zone and its abilities work there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from manastack.errors import DeckError
from manastack.lines import Card, Raw, say
from manastack.rules.multiplayer import OPTION_KEYS
from manastack.rules.variant import MultiplayerVariant, register
from manastack.variants.command_zone import (
    card_problem,
    check_per_player,
    each_players,
    face_up,
    per_player,
    put_in_command,
)

if TYPE_CHECKING:
    from manastack.game.state import GameState


class VanguardVariant(MultiplayerVariant):
    """902: each player is led by a vanguard avatar."""

    name = "vanguard"
    rule = "902"
    option_keys = {**OPTION_KEYS, "avatars": "902.3"}
    min_players = 2
    max_players = 8

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        import random

        from manastack.cards.database import variant_cards
        from manastack.cards.registry import is_implemented
        decks, extra = super().default_setup(n_players, seed)
        names = [c.name for c in variant_cards("VAN") if is_implemented(c.name)]
        return decks, {**extra, "avatars": random.Random(seed).sample(names, n_players)}

    player_options = ("avatars",)

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        return super().check_extra(n_players, extra) or check_per_player(
            extra, "avatars", n_players, lambda v: card_problem(v, "Vanguard"))

    def setup_position(self, game: GameState) -> None:
        """902.3 in a position: each player's avatar (``extra["avatars"]``, which gives the
        hand and life modifiers) face up in the command zone, unless the position lists
        it there."""
        super().setup_position(game)  # ranges of influence (801.2c)
        avatars = game.variant_state["vanguard"]["avatars"]
        for o in face_up(game, "Vanguard"):
            if avatars.get(o.owner) != o.card.name:
                raise DeckError(f"{o.name} is in {game.players[o.owner].name}'s command "
                                "zone, but options.extra.avatars gives them "
                                f"{avatars.get(o.owner) or 'no avatar'} (902.3)")
        listed = {o.owner for o in face_up(game, "Vanguard")}
        for p, name in sorted(avatars.items()):
            if p not in listed:
                put_in_command(game, p, name, kind="Vanguard")

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        from manastack.cards.database import UnknownCard, card_data
        for n in each_players(extra, "avatars", len(decks),
                              "each player needs a vanguard card (902.3)"):
            try:
                c = card_data(n)
            except UnknownCard as e:
                raise DeckError(f"avatars: {e}") from None
            if "Vanguard" not in c.types:
                raise DeckError(f"avatars: {c.name} isn't a vanguard card ({c.type_line})")

    def starting_life_of(self, game: GameState, player: int) -> int:
        if game.options.starting_life is not None:
            return game.options.starting_life
        return 20 + modifiers(game, player)[1]  # 902.4

    def starting_hand_size(self, game: GameState, player: int) -> int:
        return max(0, game.options.starting_hand + modifiers(game, player)[0])  # 902.5

    def configure(self, game: GameState) -> None:
        avatars = {p: str(n) for p, n in per_player(game, game.options.extra.get(
            "avatars")).items()}
        game.variant_state["vanguard"] = {"avatars": avatars}
        for p in game.players:
            if p.index in avatars:
                p.max_hand_size = max(0, 7 + modifiers(game, p.index)[0])  # 902.5b

    def setup_zones(self, game: GameState) -> None:
        """902.3: each vanguard card face up in the command zone."""
        for p, name in sorted(game.variant_state["vanguard"]["avatars"].items()):
            o = put_in_command(game, p, name, kind="Vanguard")
            hand, life = modifiers(game, p)
            game.note("902.3", say("{who} plays {card} (hand {hand}, life {life})",
                                   "{who} joue {card} (main {hand}, points de vie {life})",
                                   who=game.who(p), card=Card(o.id, o.name),
                                   hand=Raw(f"{hand:+d}"), life=Raw(f"{life:+d}")))


def modifiers(game: GameState, player: int) -> tuple[int, int]:
    """(hand modifier, life modifier) of ``player``'s avatar (0, 0 without one)."""
    from manastack.cards.database import card_data
    name = per_player(game, game.options.extra.get("avatars")).get(player)
    if name is None:
        return 0, 0
    c = card_data(str(name))
    return c.hand_modifier or 0, c.life_modifier or 0


register(VanguardVariant())


# The variant's own cards (registered as they are defined).
import manastack.variants.avatars  # noqa: E402,F401  # isort: skip

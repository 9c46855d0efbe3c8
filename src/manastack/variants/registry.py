"""The variant registry: names to :class:`~manastack.variants.base.Variant` singletons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from manastack.errors import IllegalAction
from manastack.reprs import brief
from manastack.variants.base import MultiplayerVariant, Variant

if TYPE_CHECKING:
    from manastack.game.state import Game

_VARIANTS: Final[dict[str, Variant]] = {}


def register(variant: Variant) -> Variant:
    """Add ``variant`` under its :attr:`~Variant.name` (a later registration replaces)."""
    _VARIANTS[variant.name] = variant
    return variant


def get_variant(name: str) -> Variant:
    """The variant called ``name``; unknown names raise :class:`IllegalAction`."""
    try:
        return _VARIANTS[name]
    except KeyError:
        raise IllegalAction(f"unknown variant {brief(name)} (one of {', '.join(variant_names())})",
                            "100.2") from None


def variant_names() -> list[str]:
    """The registered variant names, in registration order."""
    return list(_VARIANTS)


def variant_of(game: Game) -> Variant:
    """The variant the game is played under (``game.options.variant``), kept on the game
    for its options object (options are replaced, not changed, during a game)."""
    options = game.options
    hit = game._variant
    if hit is not None and hit[0] is options:
        return hit[1]  # type: ignore[no-any-return]
    variant = _VARIANTS[options.variant or "two_player"]
    game._variant = (options, variant)
    return variant


register(Variant())
register(MultiplayerVariant())


def _register_builtin() -> None:
    from manastack.variants.two_headed_giant import TwoHeadedGiant
    register(TwoHeadedGiant())


_register_builtin()

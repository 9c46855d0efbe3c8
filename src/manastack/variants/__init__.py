"""Variants (CR 800-811, 900-904) as rule objects that override documented hooks.

The core rules never test a variant's name: they call the hooks of
:func:`variant_of` ``(game)``, a stateless :class:`Variant` singleton looked up
by ``game.options.variant`` (so copies and replays need nothing extra).
Two-player Magic is :class:`Variant` itself; free-for-all and the other
variants subclass it and register with :func:`register`.

>>> from manastack.variants import get_variant, variant_names
>>> get_variant("two_player").starting_life
20
>>> "two_player" in variant_names()
True
"""

from __future__ import annotations

from manastack.rules.variant import Variant, get_variant, register, variant_names, variant_of

__all__ = ["Variant", "get_variant", "register", "variant_names", "variant_of"]

# The variants register themselves (CR 810, 901-904).
from manastack.variants import two_headed_giant  # noqa: E402,F401  # isort: skip
from manastack.variants import archenemy, commander, planechase, vanguard  # noqa: E402,F401  # isort: skip

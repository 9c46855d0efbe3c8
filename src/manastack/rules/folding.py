"""Mana abilities folded into payment: what a player leaving {T} mana abilities to the
automatic payment may still do at priority.

Activating a mana ability that automatic payment activates anyway ({T} alone, nothing
that needs a choice or a sacrifice: :func:`~manastack.rules.casting.paid_automatically`)
only floats mana (605.3a, 106.4) that the payment makes when a spell or ability is cast
or activated (601.2g-h, 602.2b).  A player who folds such activations into payment loses
no play by never choosing them at priority; mana abilities with another cost stay
actions of their own.  The random and heuristic agents fold them
(``manastack.engine.forced``), and so may the engine for chosen players when it passes
their forced priorities itself (the option ``fold_mana``, :mod:`~manastack.rules.priority`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack.game.abilities import ActivatedAbility
from manastack.game.decisions import Action, Activate
from manastack.game.objects import card_test
from manastack.rules.casting import paid_automatically

if TYPE_CHECKING:
    from manastack.game.state import GameState


def folded_into_payment(game: GameState, a: Action) -> bool:
    """Is ``a`` the activation of a mana ability that automatic payment activates when a
    spell or ability is paid ({T} alone: 601.2g-h, 602.2b)?  Activating it at priority
    only floats mana (605.3a, 106.4) that the payment would make when needed."""
    if type(a) is not Activate:
        return False
    o = game.objects.get(a.source)
    if o is None:
        return False
    folded = card_test(_FOLDED_BY_ABILITIES, game.chars(o).abilities,  # type: ignore[arg-type]
                       _folded_activations)
    return 0 <= a.ability < len(folded) and folded[a.ability]


#: A tuple of abilities -> :func:`_folded_activations` of it (:func:`card_test`: abilities
#: are immutable, compared by identity).
_FOLDED_BY_ABILITIES: Final[dict[Any, tuple[bool, ...]]] = {}


def _folded_activations(abilities: tuple[Any, ...]) -> tuple[bool, ...]:
    """For each activated ability among ``abilities``, in order
    (:func:`~manastack.rules.casting.activated_abilities`): is it a mana ability that
    automatic payment activates?"""
    return tuple(ab.mana is not None and paid_automatically(ab)
                 for ab in abilities if isinstance(ab, ActivatedAbility))


def unfolded(game: GameState, acts: list[Action]) -> list[Action]:
    """The priority actions of ``acts`` (a kept list of legal actions: don't modify
    either list) other than the activations :func:`folded_into_payment`.

    Memoised per kept list (the same list object is handed out while nothing it read
    changes) across the narrow changes the characteristics don't read (``wide_get``):
    whether an activation is folded reads only its source's characteristics."""
    key = (_FOLDED, id(acts))  # (the memo holds the list: no other gets its id)
    hit: tuple[list[Action], list[Action]] | None = game.derived.wide_get(key)
    if hit is None:
        hit = game.derived.wide_put(key, (acts, [a for a in acts
                                                 if not folded_into_payment(game, a)]))
    return hit[1]


#: The first part of the keys of :func:`unfolded`'s memo.
_FOLDED: Final = "folded answers"

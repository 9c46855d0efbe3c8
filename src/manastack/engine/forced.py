"""Forced decisions: a pending decision with exactly one legal answer.

Answering one needs no player (an agent or a person would give that answer anyway), so
the game loops of the front ends give it without waking anyone: :func:`only_answer`.
Passing priority (116.3d) is forced when nothing else is legal; a choice is forced when
one combination is allowed; a combat declaration (508.1, 509.1) when it has no candidate.
Paying mana is never forced by itself: activating mana abilities is optional (117.3c).

For an agent that leaves mana abilities to the payment (``fold_mana``: the random agent
by default, the heuristic), activating a mana ability that automatic payment activates
anyway ({T} alone: :mod:`~manastack.rules.folding`) is not an answer of its own: a
priority where passing is the only other action is forced for it.  No play is lost: the
payment taps what pays a spell or ability when it is cast or activated (601.2g-h,
602.2b), and mana abilities with another cost stay answers (605.3a).

Counting the answers costs little: a choice is counted without listing its combinations,
and a combat declaration with more than a few candidates is taken to offer a choice (its
declarations grow as powers of the number of creatures).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from manastack.game.decisions import (
    Action,
    ChoiceDecision,
    CombatDecision,
    Decision,
    PriorityDecision,
)
from manastack.rules.combat import enumerate_attacks, enumerate_blocks
from manastack.rules.folding import unfolded

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: Combat declarations with more candidates than this are not listed to see whether they
#: are forced: they are taken to offer a choice.
LISTED_CANDIDATES: Final = 4


def priority_answers(d: PriorityDecision, game: GameState, fold_mana: bool) -> list[Action]:
    """The legal actions of a priority decision; with ``fold_mana``, without the
    activations :func:`~manastack.rules.folding.folded_into_payment` (a new list: the
    caller may keep it)."""
    return list(_answers(d, game, fold_mana))


def _answers(d: PriorityDecision, game: GameState, fold_mana: bool) -> list[Action]:
    """:func:`priority_answers`, not copied (don't modify it; with ``fold_mana``,
    memoised per kept list: :func:`~manastack.rules.folding.unfolded`)."""
    acts = d.listed_actions(game)
    return unfolded(game, acts) if fold_mana else acts


def at_most_one_answer(d: Decision, game: GameState, fold_mana: bool = False
                       ) -> list[Action] | None:
    """The legal answers of ``d`` when there are fewer than two; None when there are more
    (counted without listing them when that could cost; ``fold_mana``: module
    docstring)."""
    if isinstance(d, PriorityDecision):
        acts = _answers(d, game, fold_mana)
        return list(acts) if len(acts) <= 1 else None
    if isinstance(d, CombatDecision):
        if len(d.candidates) > LISTED_CANDIDATES:
            return None  # (declaring nothing is one answer, a candidate another)
        fn = d.enumerate_fn  # (508.1, 509.1: two legal declarations are enough)
        if fn is enumerate_attacks or fn is enumerate_blocks:
            actions = enumerate_attacks(game, 2) if fn is enumerate_attacks else \
                enumerate_blocks(game, 2)
            return actions if len(actions) <= 1 else None
    if isinstance(d, ChoiceDecision) and d.check is None:
        n = len(d.options)
        top = min(d.max_count, n)
        count = sum(math.perm(n, k) if d.ordered else math.comb(n, k)
                    for k in range(d.min_count, top + 1))
        if count > 1:
            return None
    actions = d.legal_actions(game)
    return actions if len(actions) <= 1 else None


def only_answer(game: GameState, fold_mana: bool = False) -> Action | None:
    """The only legal answer to ``game``'s pending decision, or None (no decision, or a
    choice to make); ``fold_mana``: for an agent leaving mana abilities to the payment
    (module docstring)."""
    d = game.decision
    if d is None:
        return None
    got = at_most_one_answer(d, game, fold_mana)
    return got[0] if got is not None and len(got) == 1 else None

"""Which mana sources pay a spell, for the agents: the player chooses the mana abilities
activated while a cost is paid (CR 601.2g-h), and the automatic payment spares only the
colours of the cards in hand.  A player with a permanent whose ability wants a colour
(Crimson Mage's "{R}: target creature you control gains haste") keeps a source of that
colour untapped when another pays the spell: cast the Grizzly Bears with the Forests,
then give it haste with the Mountain's {R}.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from manastack.errors import IllegalAction
from manastack.game.abilities import ActivatedAbility
from manastack.game.decisions import Action, Cast, Decision

if TYPE_CHECKING:
    from manastack.game.state import GameState


def colours_for_abilities(game: GameState, me: int) -> set[str]:
    """The colours of mana (WUBRG) the costs of the non-mana activated abilities of the
    permanents ``me`` controls ask for (602.2b; a hybrid symbol either of its colours)."""
    from manastack.rules.casting import activated_abilities

    want: set[str] = set()
    for o in game.permanents(me):
        for ab in activated_abilities(game, o):
            if isinstance(ab, ActivatedAbility) and ab.mana is None:
                want |= ab.cost.mana.colors
    return want


def sparing(game: GameState, d: Decision, me: int, a: Action) -> Action:
    """``a``, or when it is a cast paid automatically, the same cast paid by sources
    that leave a source of each colour our abilities want untapped (all of them when
    possible, else the first), if the rules accept it (601.2g-h)."""
    if not isinstance(a, Cast) or a.pay is not None or a.alt or a.x or \
            game.players[me].mana_pool.units():
        return a
    want = colours_for_abilities(game, me)
    if not want:
        return a
    from manastack.rules.casting import mana_sources, plan_payment

    keep = [s.source for s in mana_sources(game, me)
            if any(m in opt for opt in s.options for m in want)]
    cost = game.chars(game.obj(a.card)).mana_cost
    for excluded in (keep, keep[:1]):
        if not excluded:
            continue
        plan = plan_payment(game, me, cost, None, exclude=excluded)
        if plan is None or plan.from_pool:
            continue
        paid = replace(a, pay=tuple(x[0] for x in plan.activations))
        try:
            d.validate(game, paid)
        except IllegalAction:
            continue
        return paid
    return a

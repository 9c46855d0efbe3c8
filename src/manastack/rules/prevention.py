"""Prevention effects (CR 615): shields that prevent the next N damage."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from manastack.game.objects import Ref
from manastack.lines import Card, Line, say
from manastack.rules.layers import Duration
from manastack.rules.replacement import ProposedDamage, Replacement

if TYPE_CHECKING:
    from manastack.game.state import GameState



def prevented_line(n: int, target: Any, source: Any, combat: bool = False) -> Line:
    """The line "N [combat] damage to X is prevented (source)" (615.1), its French in the
    singular or the plural."""
    if combat:
        return say("{n} combat damage to {target} is prevented ({source})",
                   "{n} blessure de combat infligée à {target} est prévenue ({source})",
                   n=n, target=target, source=source) if n <= 1 else \
            say("{n} combat damage to {target} is prevented ({source})",
                "{n} blessures de combat infligées à {target} sont prévenues ({source})",
                n=n, target=target, source=source)
    return say("{n} damage to {target} is prevented ({source})",
               "{n} blessure infligée à {target} est prévenue ({source})",
               n=n, target=target, source=source) if n <= 1 else \
        say("{n} damage to {target} is prevented ({source})",
            "{n} blessures infligées à {target} sont prévenues ({source})",
            n=n, target=target, source=source)

def prevention_shield(game: GameState, protected: Ref, n: int, controller: int,
                      source: int | None, source_name: str, duration: Duration,
                      then: tuple[Callable[..., None], tuple[Any, ...]] | None = None
                      ) -> Replacement:
    """"Prevent the next ``n`` damage that would be dealt to ``protected``" (615.7).

    The shield's remaining amount lives in ``game.effect_state`` (so copies of the game
    have their own); when damage from several sources would be dealt to ``protected`` at
    once and the shield can't prevent it all, the affected player chooses which it
    prevents (615.7, :mod:`~manastack.rules.damage`).  ``then`` (``(fn, args)``) is "if
    damage is prevented this way, ...": ``fn(game, prevented, *args)`` runs once the
    damage event is over (Vengeful Archon)."""
    sid = game.new_id()
    game.effect_state[sid] = {"left": n}
    shield_source = Card(source, source_name)

    def applies(g: GameState, e: ProposedDamage) -> bool:
        st = g.effect_state.get(sid)
        return st is not None and st["left"] > 0 and e.target == protected and \
            not e.unpreventable

    def replace(g: GameState, e: ProposedDamage) -> ProposedDamage | None:
        st = g.effect_state[sid]
        prevented = min(st["left"], e.amount)
        st["left"] -= prevented
        e = dataclasses.replace(e, amount=e.amount - prevented,
                                prevented=e.prevented + prevented)
        g.note("615.7", prevented_line(prevented, g.named(protected), shield_source))
        if then is not None and prevented > 0:
            g.push(then[0], prevented, *then[1])
        if st["left"] <= 0:
            g.replacements[:] = [x for x in g.replacements if x.state_id != sid]
            del g.effect_state[sid]
        return e

    return Replacement("damage", applies, replace, controller, source,
                       say("{card}'s prevention shield", "le bouclier de prévention {card:de}",
                           card=shield_source), duration, is_prevention=True,
                       timestamp=game.new_timestamp(), state_id=sid, prevents="recipient")

"""A player concedes (CR 104.3a): they leave the game at once, whatever is pending."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.engine.rerun import resume_marker
from manastack.errors import IllegalAction
from manastack.game.decisions import Concede
from manastack.game.objects import PlayerRef
from manastack.lines import Raw, say
from manastack.rules.midrun import choice_possible
from manastack.rules.sba import lose

if TYPE_CHECKING:
    from manastack.engine.game import Game


def concede(game: Game, player: int) -> None:
    """CR 104.3a: ``player`` concedes (at any time, whoever must decide now): they leave
    the game immediately and lose it; in Two-Headed Giant their team leaves and loses
    (810.8b).  In a two-player game the opponent wins (104.2a); in multiplayer the game
    goes on without them (800.4a).  Called by ``Game.apply`` for a ``Concede`` action.

    A decision the leaving player had to make is answered in their place with the least
    answer (no choice, no attackers or blockers, keep): they no longer take part and
    their objects are gone.  A choice asked in the middle of an event (rules.midrun)
    is withdrawn with the answer it interrupted: the game is as before that answer, and
    that decision is asked again (if its player is still in the game)."""
    pl = game.players[player]
    if not pl.in_game:
        raise IllegalAction(f"{pl.name} has already left the game", "800.4a")
    d = game.decision
    if d is not None and d.resume[0] is resume_marker and game.rerun_root is not None:
        history = list(game.history)
        game.restore(game.rerun_root[0])  # the interrupted answer is withdrawn
        game.history = history
    game.rerun_root = None
    game.history.append((player, Concede()))
    lose(game, player, "104.3a", say("{who} concedes", "{who} abandonne", who=game.who(player)),
         team_rule="810.8b")
    if game.over:
        return
    d = game.decision
    if d is not None:
        if not game.players[d.player].in_game:
            action = departed_answer(game, d)
            if action is None:
                game.decision = None
            else:
                game.note("800.4a", say(
                    "{who} has left the game: their decision ({kind}) is answered {action}",
                    "{who} a quitté la partie : sa décision ({kind}) reçoit la réponse {action}",
                    who=game.who(d.player), kind=Raw(d.kind), action=Raw(f"{action}")))
                if choice_possible(game):
                    game.rerun_root = (game.copy(), d.player, action, ())
                game.answer(d.player, action, record=False)
                return
        else:
            if getattr(d, "_cache", None) is not None:
                d._cache = None  # type: ignore[attr-defined]  # their options may change
            if not game.players[d.by].in_game:
                game.ask(d)  # control of the player ended with the controller (800.4a)
    game.run()


def departed_answer(game: Game, d: Any) -> Any:
    """The least answer to ``d`` for a player who left (see :func:`concede`)."""
    from manastack.errors import IllegalAction
    from manastack.game.decisions import (
        ChoiceDecision,
        Choose,
        DeclareAttackers,
        DeclareBlockers,
        Mulligan,
    )

    cands: list[Any] = []
    if isinstance(d, ChoiceDecision):
        live = [o for o in d.options if not (
            isinstance(o, PlayerRef) and not game.players[o.index].in_game
            or isinstance(o, int) and not isinstance(o, bool) and o in game.departed)]
        if d.min_count == 0:
            cands.append(Choose(()))
        elif len(live) >= d.min_count:
            cands.append(Choose(tuple(live[:d.min_count])))
    cands += [Mulligan(False), DeclareAttackers(), DeclareBlockers()]
    for a in cands:
        try:
            d.validate(game, a)
            return a
        except (IllegalAction, AssertionError):
            continue
    acts = d.legal_actions(game)
    return acts[0] if acts else None

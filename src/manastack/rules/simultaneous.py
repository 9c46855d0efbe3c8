"""Choices that several players make for actions taken at the same time (CR 101.4).

"If multiple players would make choices and/or take actions at the same time, the active
player makes any choices required, then the next player in turn order ..., then the
actions happen simultaneously" (101.4).  "Each player discards a card", "each player
sacrifices a creature", "each opponent sacrifices a creature", "each player chooses a
card name" are all this: every player chooses, in APNAP order, knowing the earlier
choices (101.4b) except cards chosen face down from a hidden zone (101.4a); only then is
anything done, all of it at once.

:func:`each_player_chooses` runs that: ``ask(game, player, chosen, *args)`` says what a
player chooses (an :class:`Ask` to put to them, a choice made without asking - a tuple of
the items, or ``None`` for nothing to choose), and once every player has chosen,
``act(game, chosen, *args)`` carries out all of the choices at once.  Both are
module-level functions, and ``args`` and the choices are plain data (they live in the
pending decision's continuation, which :meth:`Game.copy` copies).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manastack.game.decisions import ChoiceDecision
from manastack.lines import Card, Items, Line, Raw, Word, say

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: What each player chose, in APNAP order: (player, chosen items or None).
Chosen = tuple[tuple[int, "tuple[Any, ...] | None"], ...]


@dataclass(frozen=True)
class Ask:
    """A choice to put to one player: choose between ``min_count`` and ``max_count`` of
    ``options`` (a :class:`~manastack.game.decisions.ChoiceDecision` of ``kind``, citing
    ``rule``)."""

    prompt: str
    options: tuple[Any, ...]
    min_count: int = 1
    max_count: int = 1
    purpose: str = ""
    rule: str = "101.4"
    kind: str = "choose"
    #: How the choice is told to the other players once made (a line: "chooses to
    #: sacrifice" / "choisit de sacrifier"): those after know it (101.4b).  None for a
    #: choice kept face down (101.4a).
    announce: Line | None = None


#: ask(game, player, chosen so far, *args): an Ask, the items chosen without asking, or None
AskFn = Callable[..., "Ask | tuple[Any, ...] | None"]
#: act(game, chosen, *args): carry out every player's choice at once
ActFn = Callable[..., None]


def each_player_chooses(game: GameState, players: Sequence[int], ask: AskFn, act: ActFn,
                        args: tuple[Any, ...] = ()) -> None:
    """Schedule 101.4 for ``players``: each, in APNAP order, chooses (``ask``); then
    ``act`` does every chosen thing at once.  Players who have left the game are left
    out (800.4a)."""
    order = tuple(p for p in game.apnap() if p in players)
    game.push(_next_choice, order, ask, act, args, ())


def _next_choice(game: GameState, players: tuple[int, ...], ask: AskFn, act: ActFn,
                 args: tuple[Any, ...], chosen: Chosen) -> None:
    while len(chosen) < len(players):
        p = players[len(chosen)]
        spec = ask(game, p, chosen, *args) if game.players[p].in_game else None
        if isinstance(spec, Ask):
            game.ask(ChoiceDecision(
                p, spec.kind, spec.prompt,
                (_answered, (players, ask, act, args, chosen, _portable(spec.announce))),
                rule=spec.rule, options=spec.options, min_count=spec.min_count,
                max_count=spec.max_count, purpose=spec.purpose))
            return
        chosen += ((p, spec),)
    act(game, chosen, *args)


def _portable(announce: Line | str | None) -> tuple[str, str, dict[str, Any]] | None:
    """The line ``announce`` as plain data, for the pending decision's continuation (which
    :meth:`Game.copy` copies deeply: a line without arguments can't be)."""
    if not announce:
        return None
    if isinstance(announce, str):  # (a caller still giving English text)
        return announce, "", {}
    return announce.en, announce.fr, dict(announce.args)


def _answered(game: GameState, action: Any, players: tuple[int, ...], ask: AskFn, act: ActFn,
              args: tuple[Any, ...], chosen: Chosen,
              announce: tuple[str, str, dict[str, Any]] | None) -> None:
    p = players[len(chosen)]
    if announce:
        what = Items(_chosen(game, i) for i in action.items) if action.items else \
            Word("nothing", "rien")
        game.note("101.4b", say("{who} {announce} {what}", "{who} {announce} {what}",
                                who=game.who(p), announce=Line(*announce), what=what))
    _next_choice(game, players, ask, act, args, (*chosen, (p, tuple(action.items))))


def _chosen(game: GameState, item: Any) -> Any:
    """A chosen item as an argument of a line: an object, or a card name (201.3)."""
    if isinstance(item, int):
        return game.named(item)
    return Card(None, item) if isinstance(item, str) else Raw(str(item))

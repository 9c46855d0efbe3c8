"""Running an answer again when a choice comes up in the middle of an event.

When the rules meet such a choice (:func:`manastack.rules.midrun.choose_during_run`,
e.g. the order of replacement effects on a zone change, 616.1, or a commander's owner
putting it into the command zone instead, 903.9), the run stops with
:class:`~manastack.rules.midrun.ChoiceNeeded`.  The game goes back to the state before
the answer that started the run (kept by ``Game.apply``), asks the decision, and once it
is answered runs the interrupted answer again with the choices made so far supplied in
order.  The engine is deterministic, so the re-run reaches the same choices; replays and
copies see the same decisions in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.game.decisions import ChoiceDecision
from manastack.rules.midrun import ChoiceNeeded

if TYPE_CHECKING:
    from manastack.engine.game import Game
    from manastack.game.state import GameState

#: How many answers share one re-run point at most (``Game._rerun_point``): a copy of
#: the state is taken once every so many answers rather than before each one.
RERUN_EVERY = 24



def ask_interrupted(game: Game, need: ChoiceNeeded) -> None:
    """Put the game back as it was before the interrupted answer and ask the choice;
    :func:`interrupted_choice_made` re-runs the answer with it.

    The re-run point may be from a few answers earlier (``Game._rerun_point``): those
    answers are run again from it, with the choices made in them, and the state reached
    is kept as the re-run point of the interrupted answer."""
    root = game.rerun_root
    assert root is not None
    snapshot = root[0]
    tail = game.history[len(snapshot.history):]
    earlier = game._rerun_log if snapshot is game._rerun_base else []
    game.restore(snapshot)
    if earlier:
        for p, action, made in earlier:
            _run_again(game, p, action, made, root)
        snapshot = game.copy()
        root = (snapshot, *root[1:])
    game.history.extend(tail)
    game.rerun_root = root
    game.ask(ChoiceDecision(
        need.player, need.kind, need.prompt, (resume_marker, ()), rule=need.rule,
        options=tuple(range(len(need.labels))), labels=need.labels, purpose=need.purpose,
        sources=need.sources))


def _run_again(game: Game, p: int, action: Any, made: tuple[int, ...],
               root: tuple[GameState, int, Any, tuple[int, ...]]) -> None:
    """Run an answer again as it ran the first time (same state, same choices made in
    the middle of its events), without recording it."""
    d = game.decision
    assert d is not None and d.by == p, "engine bug: a re-run answer meets another decision"
    game.midrun_answers, game.midrun_answers_used = made, 0
    game.rerun_root = root  # as when it first ran: a choice could be asked
    game.decision = None
    fn, args = d.resume
    try:
        fn(game, action, *args)
        game.run()
    except ChoiceNeeded as need:  # the engine is deterministic: it can't
        raise AssertionError("engine bug: an answer run again asked a new choice") from need
    game.midrun_answers, game.midrun_answers_used = (), 0


def resume_marker(game: Game, action: Any) -> None:
    """The continuation of a choice asked by :func:`ask_interrupted`; ``Game.apply`` calls
    :func:`interrupted_choice_made` instead."""
    raise AssertionError("mid-run choices are applied by interrupted_choice_made")


def interrupted_choice_made(game: Game, action: Any) -> None:
    """Re-run the interrupted answer from the state before it, with the choices made so
    far plus this one."""
    root = game.rerun_root
    assert root is not None
    snapshot, p, first, made = root
    made = (*made, int(action.items[0]))
    tail = game.history[len(snapshot.history):]
    game.restore(snapshot)
    game.rerun_root = (snapshot, p, first, made)
    game.midrun_answers, game.midrun_answers_used = made, 0
    game.history.extend(tail)
    if first is None:  # the run before any answer (Game.run_rerunnable)
        try:
            game.run()
        except ChoiceNeeded as need:
            ask_interrupted(game, need)
        else:
            game.rerun_root = None
    else:
        game.answer(p, first, record=False)
    game.midrun_answers, game.midrun_answers_used = (), 0

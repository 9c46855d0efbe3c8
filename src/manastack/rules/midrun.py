"""Decisions in the middle of an event: choices the rules ask while something happens.

Most choices are asked between tasks, as decisions the state machine waits
for.  A few come up in the middle of an event that the code performs in one
go, e.g. the order of replacement effects on a zone change (616.1) or a
commander's owner putting it into the command zone instead (903.9).  For
those the game keeps the state from before the answer that started the run
(:meth:`Game.apply`, when :func:`choice_possible`); when such a choice comes
up, :func:`choose_during_run` stops the run, the game goes back to that state
and asks the decision; once it is answered, the interrupted answer runs again
with the choices made so far supplied in order.  The engine is deterministic,
so the re-run reaches the same choices; replays and copies see the same
decisions in the same order.

Outside any answer (a test setting a game up) nothing can be asked: the
default option is taken; :meth:`Game.run_rerunnable` gives the run before the
first decision a re-run point too (the scenario runner starts positions with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.rules.replacement import replacement_choice_possible
from manastack.variants import variant_of

if TYPE_CHECKING:
    from manastack.game.state import Game


class ChoiceNeeded(Exception):
    """Stops a run at a choice made in the middle of an event (see the module)."""

    def __init__(self, player: int, kind: str, prompt: str, labels: tuple[str, ...],
                 rule: str, purpose: str, sources: tuple[Any, ...] = ()) -> None:
        super().__init__(prompt)
        self.player, self.kind, self.prompt = player, kind, prompt
        self.labels, self.rule, self.purpose = labels, rule, purpose
        self.sources = sources


#: How many answers share one re-run point at most (``Game._rerun_point``): a copy of
#: the state is taken once every so many answers rather than before each one.
RERUN_EVERY = 24


def choice_possible(game: Game) -> bool:
    """Whether a choice in the middle of an event could come up (replacement effects
    outside the damage pipeline, or the variant's own such choices)."""
    return replacement_choice_possible(game) or variant_of(game).midrun_choices_possible(game)


def choose_during_run(game: Game, player: int, kind: str, prompt: str,
                      labels: tuple[str, ...], rule: str, purpose: str,
                      default: int = 0, sources: tuple[Any, ...] = ()) -> int:
    """The index of the option of ``labels`` that ``player`` chooses now: an answer
    supplied to this re-run, else a new decision (the run stops here), else (no re-run
    point: outside any answer) ``default``."""
    if game.midrun_answers_used < len(game.midrun_answers):
        i = game.midrun_answers[game.midrun_answers_used]
        game.midrun_answers_used += 1
        return i if 0 <= i < len(labels) else default
    if game.rerun_root is None or len(labels) < 2:
        return default
    raise ChoiceNeeded(player, kind, prompt, labels, rule, purpose, sources)


def ask_interrupted(game: Game, need: ChoiceNeeded) -> None:
    """Put the game back as it was before the interrupted answer and ask the choice;
    :func:`interrupted_choice_made` re-runs the answer with it.

    The re-run point may be from a few answers earlier (``Game._rerun_point``): those
    answers are run again from it, with the choices made in them, and the state reached
    is kept as the re-run point of the interrupted answer."""
    from manastack.decisions import ChoiceDecision

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
               root: tuple[Game, int, Any, tuple[int, ...]]) -> None:
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

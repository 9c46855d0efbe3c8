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

This module is what the rules see (:func:`choose_during_run`); going back and running
the answer again is the engine's (:mod:`manastack.engine.rerun`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.rules.replacement import replacement_choice_possible
from manastack.rules.variant import variant_of

if TYPE_CHECKING:
    from manastack.game.state import GameState


class ChoiceNeeded(Exception):
    """Stops a run at a choice made in the middle of an event (see the module)."""

    def __init__(self, player: int, kind: str, prompt: str, labels: tuple[str, ...],
                 rule: str, purpose: str, sources: tuple[Any, ...] = ()) -> None:
        super().__init__(prompt)
        self.player, self.kind, self.prompt = player, kind, prompt
        self.labels, self.rule, self.purpose = labels, rule, purpose
        self.sources = sources


def choice_possible(game: GameState) -> bool:
    """Whether a choice in the middle of an event could come up (replacement effects
    outside the damage pipeline, or the variant's own such choices)."""
    # (replacement_choice_possible's tests made without a call when there is no
    # replacement effect and no permanent may have a replacement ability: most answers)
    if game.replacements or game.derived.replacements_may_exist(game):
        if replacement_choice_possible(game):
            return True
    return variant_of(game).midrun_choices_possible(game)


def choose_during_run(game: GameState, player: int, kind: str, prompt: str,
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

"""Ending the turn (CR 715): Sundial of the Infinite.

When an effect ends the turn, the rest of the resolution doesn't happen the usual way
(715.1); instead, in order:

* 715.1a: triggered abilities that triggered but weren't put on the stack yet cease to
  exist;
* 715.1b: every object on the stack is exiled, the resolving one included (an ability
  just ceases to exist; a copy of a spell ceases to exist as a state-based action, 704.5e);
  all creatures and planeswalkers are removed from combat;
* 715.1c: state-based actions are checked; no player gets priority and no triggered
  ability is put on the stack;
* 715.1d: the current step and phase end and the game skips straight to the cleanup step
  (a new cleanup step if the turn was ended during cleanup).

Abilities triggering during the process wait for the cleanup step: then they are put on
the stack, the active player gets priority and another cleanup step follows (715.2, 514.3a).
"At the beginning of the end step" abilities don't trigger: the end step is skipped (715.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack import log as ev
from manastack.game.objects import GameObject, StackAbility, Zone
from manastack.lines import NOTHING, Card, Items, Term, say

if TYPE_CHECKING:
    from manastack.game.state import GameState


def end_the_turn(game: GameState, source_name: str = "") -> None:
    """Follow 715.1a-d now (``source_name``: the card whose effect ends the turn).  Drops
    the rest of the current step's agenda (the resolution that ends the turn, the priority
    that would follow it)."""
    from manastack.rules.zones import move

    game.clear_agenda()
    game.emit(ev.INFO, "715.1", say("The turn ends{by}", "Le tour se termine{by}", by=say(
        " ({card})", " ({card})", card=Card(None, source_name)) if source_name else NOTHING))
    if game.pending_triggers:
        names = Items(Card(t.source, t.source_name) for t in game.pending_triggers)
        game.pending_triggers = []
        game.note("715.1a", say("Triggered abilities waiting to be put on the stack cease to "
                                "exist: {names}", "Les capacités déclenchées en attente d'être "
                                "mises sur la pile cessent d'exister : {names}", names=names))
    for oid in reversed(list(game.stack)):
        o = game.objects.get(oid)
        if isinstance(o, StackAbility):
            game.stack.remove(oid)
            del game.objects[oid]
            game.changed()
            game.note("715.1b", say("{card} is exiled from the stack and ceases to exist",
                                    "{card} est exilé de la pile et cesse d'exister",
                                    card=game.named(o)))
        elif isinstance(o, GameObject):
            move(game, o, Zone.EXILE, "715.1b",
                 verb=say("{card} is exiled from the stack (the turn ends)",
                          "{card} est exilé de la pile (le tour se termine)",
                          card=Card(o.id, o.name)))
    cb = game.combat
    if cb is not None and (cb.attackers or cb.blockers):
        for oid in list(cb.attackers) + list(cb.blockers):
            cb.remove(game, oid, quiet=True)
        game.note("715.1b", say("All creatures and planeswalkers are removed from combat",
                                "Toutes les créatures et tous les planeswalkers sont retirés "
                                "du combat"))
    game.push(_skip_to_cleanup)
    game.push(_check_sbas)


def _check_sbas(game: GameState) -> None:
    """715.1c: state-based actions until none apply (704.3), without priority.  A choice
    they need (the legend rule) is made before the process goes on."""
    from manastack.rules import sba

    for _ in range(100):
        if game.over or not sba.perform(game) or game.decision is not None:
            break
    if game.decision is not None:
        game.push(_check_sbas)  # finish the check once the choice is made


def _skip_to_cleanup(game: GameState) -> None:
    """715.1d: the current step (and phase) ends; the next step is the cleanup step."""
    from manastack.game.turn import StepInfo
    from manastack.rules.turn import _new_phase_id, end_step, step_term

    step = game.step
    assert step is not None
    if step.name == "cleanup":
        step.had_priority = False  # the new cleanup step comes from 715.1d, not 514.3a
        phase_id = step.phase_id
    else:
        phase_id = step.phase_id if step.phase == "ending" else _new_phase_id(game)
    skipped = [step_term(s.name) if s.name != "main" else Term("postcombat_main")
               for s in game.turn_plan if s.name != "cleanup"]
    game.turn_plan = [StepInfo("cleanup", "ending", phase_id, extra=step.name == "cleanup")]
    game.note("715.1d", say(
        "The {step} ends; the game skips straight to the cleanup step{skipping}",
        "Fin {step:de} : la partie passe directement à l'étape de nettoyage{skipping}",
        step=step_term(step.name), skipping=say(
            " (skipping the {steps})", " (sans passer par : {steps})", steps=Items(skipped))
        if skipped else NOTHING))
    game.push(end_step)

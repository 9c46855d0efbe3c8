"""When continuous effects end (CR 500.5, 511.2, 514.2, 611.2b).

Durations are data on each effect (:class:`manastack.rules.layers.Duration`);
the turn structure calls these functions as steps and phases begin and end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from manastack.events import EffectEnded
from manastack.lines import Card, Line, Raw, Term, say

if TYPE_CHECKING:
    from manastack.game.state import GameState
    from manastack.game.turn import StepInfo


def _duration(e: Any) -> Any:
    return getattr(e, "duration", None)


def _no_effects(game: GameState) -> bool:
    """Is there no effect that could end (no continuous, replacement, delayed or rule
    effect)?"""
    return not (game.effects or game.replacements or game.delayed_triggers
                or game.rule_effects)


def end_effects(game: GameState, pred: Callable[[Any], bool], rule: str, why: Line) -> int:
    """End every continuous, replacement and delayed effect whose duration matches: they
    are all gone before the events saying so are logged (what those events trigger sees
    the game without them).  ``why`` ends the line "X ends (...)"."""
    if _no_effects(game):
        return 0
    ended: list[Any] = []
    for attr in ("effects", "replacements", "delayed_triggers", "rule_effects"):
        lst = getattr(game, attr)
        keep = []
        for e in lst:
            d = _duration(e)
            if d is not None and pred(d):
                ended.append(e)
            else:
                keep.append(e)
        if len(keep) != len(lst):
            lst[:] = keep
    if not ended:
        return 0
    game.changed()
    # one line for one effect applying in several layers (same text, source, timestamp)
    logged: set[tuple[Any, Any, Any]] = set()
    for e in ended:
        text = getattr(e, "text", "")
        key = (text, getattr(e, "source", id(e)), getattr(e, "timestamp", id(e)))
        if key not in logged:
            logged.add(key)
            game.emit_event(EffectEnded(rule, say("{effect} ends ({why})",
                                                  "{effect} prend fin ({why})",
                                                  effect=_effect_text(text), why=why),
                                                  game.turn_number))
    exile_if_controller_left(game)
    return len(ended)


def _effect_text(text: object) -> Line | Raw:
    """An effect's text as an argument of a line: a line as it is; the text its card's
    effect wrote (``"Giant Growth: +3/+3"``, card data), as it is; none, "an effect"."""
    if isinstance(text, Line):
        return text
    return Raw(text) if text and isinstance(text, str) else _AN_EFFECT


_AN_EFFECT: Final = say("an effect", "un effet")


def exile_if_controller_left(game: GameState) -> None:
    """CR 800.4c: when an effect giving a player control of a permanent ends and no other
    effect gives it to a player in the game, a permanent that entered the battlefield under
    the control of a player who has left the game goes back to that player's control:
    it is exiled instead, as soon as the effect ends (not a state-based action)."""
    if all(p.in_game for p in game.players):
        return
    from manastack.game.objects import GameObject, Zone
    from manastack.rules.zones import move
    gone = [o for oid in game.battlefield
            if isinstance(o := game.objects[oid], GameObject)
            and not game.players[game.controller(o)].in_game]
    for o in gone:
        if game.combat is not None:
            game.combat.remove(game, o.id, quiet=True, rule="800.4c")
        move(game, o, Zone.EXILE, "800.4c", verb=say(
            "{card} is exiled (the effect giving control of it ended, and it entered the "
            "battlefield under {who}'s control, who has left the game)",
            "{card} est exilé (l'effet qui en donnait le contrôle a pris fin, et il est "
            "arrivé sur le champ de bataille sous le contrôle {who:de}, qui a quitté la "
            "partie)", card=Card(o.id, o.name), who=game.who(o.controller)))


def end_effects_at_begin(game: GameState, step: StepInfo) -> None:
    """Effects lasting "until [this step/phase]" end as it begins (seed 000, 500.5)."""
    if _no_effects(game):
        return
    active = game.active_players()  # the active team's steps are each of its players' (805.4a)
    end_effects(game, lambda d: d.kind == "until_step" and d.name == step.name
                and (d.player is None or d.player in active), "500.5",
                say("{step} began", "début {step:de}", step=_step(step.name)))
    end_effects(game, lambda d: d.kind == "until_phase" and d.name == step.phase
                and (d.player is None or d.player in active), "500.5",
                say("{phase} began", "début {phase:de}", phase=_phase(step.phase)))
    if step.name == "upkeep":
        end_effects(game, lambda d: d.kind == "until_next_upkeep" and d.player in active,
                    "611.2b", say("that player's next upkeep began",
                                  "début de la prochaine étape d'entretien de ce joueur"))


def end_effects_at_end(game: GameState, step: StepInfo, phase_ends: bool) -> None:
    """Effects lasting "until end of [this step/phase]" end (500.5); combat ones at 511.2."""
    if _no_effects(game):
        return
    end_of_step = say("end of {step}", "fin {step:de}", step=_step(step.name))
    end_effects(game, lambda d: d.kind == "end_of_step" and d.name == step.name,
                "500.5", end_of_step)
    # "during [a player]'s next [step]": a step that happened (a skipped one never
    # begins, so it doesn't end either: 614.10a); "during its controller's next [step]":
    # a step of the player who controls that permanent now
    active = game.active_players()
    end_effects(game, lambda d: d.kind == "through_step" and d.name == step.name
                and _step_owner(game, d) in active, "500.5", end_of_step)
    if phase_ends:
        end_effects(game, lambda d: d.kind == "end_of_phase" and d.name == step.phase,
                    "500.5", say("end of the {phase}", "fin {phase:de}",
                                 phase=_phase(step.phase)))
        if step.phase == "combat":
            end_effects(game, lambda d: d.kind == "end_of_combat", "511.2",
                        say("end of combat", "fin du combat"))


def _step(name: str) -> Term | Raw:
    """The step (or main phase) ``name`` as an argument of a line (its rule term)."""
    from manastack.rules.turn import step_term  # (turn imports this module)
    return step_term(name)


def _phase(name: str) -> Term | Raw:
    """The phase ``name`` ("combat": "combat phase") as an argument of a line."""
    return Term(name) if name in _PHASES else Raw(f"{name} phase")


#: The phases (500.1).
_PHASES: Final = frozenset({"beginning", "main", "combat", "ending"})


def _step_owner(game: GameState, d: Any) -> int | None:
    """The player whose step ends a ``through_step`` duration: its player, or the current
    controller of its permanent (None if that has left the battlefield)."""
    if d.player is not None or d.of_object is None:
        return d.player
    from manastack.game.objects import GameObject, Zone
    o = game.objects.get(d.of_object)
    if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
        return None
    return game.controller(o)


def end_effects_at_turn_start(game: GameState) -> None:
    """"Until [a player]'s next turn" effects end as that turn begins (611.2b), even if its
    untap step is skipped."""
    if _no_effects(game):
        return
    active = game.active_players()
    end_effects(game, lambda d: d.kind == "until_next_turn" and d.player in active,
                "611.2b", say("that player's next turn began",
                              "début du prochain tour de ce joueur"))


def end_effects_of_departed_turn(game: GameState, player: int) -> None:
    """800.4k: effects lasting until the next turn of a player who has left the game, or
    until a point in that turn, last until that turn would have begun (it doesn't, 800.4j)."""
    if _no_effects(game):
        return
    end_effects(game, lambda d: d.player == player and d.kind in _TURN_POINT_KINDS, "800.4k",
                say("{who}'s turn would have begun; they have left the game",
                    "le tour {who:de} aurait commencé ; ce joueur a quitté la partie",
                    who=game.who(player)))


#: Durations that end at (or at a point of) a given player's next turn.
_TURN_POINT_KINDS = frozenset({"until_next_turn", "until_next_upkeep", "through_step",
                               "until_step", "until_phase"})


def end_turn_effects(game: GameState) -> None:
    """CR 514.2: "until end of turn" and "this turn" effects end (with damage removal)."""
    end_effects(game, lambda d: d.kind == "end_of_turn", "514.2", _CLEANUP)


_CLEANUP: Final = say("{step}", "{step}", step=Term("cleanup"))


def end_source_effects(game: GameState) -> None:
    """"For as long as" effects end when their source leaves or the condition fails
    (611.2b); effects on objects that no longer exist are forgotten (a state-based action
    check's backstop: :func:`end_lapsed_effects` ends them as it happens)."""
    end_lapsed_effects(game, look=True)
    drop_effects_on_vanished_objects(game)


def end_lapsed_effects(game: GameState, look: bool = False) -> None:
    """611.2b: an effect lasting "for as long as" something ends the moment that stops
    being true, not at the next check of state-based actions.  Called after every event
    (:meth:`Game.emit_event`) and every new effect while such an effect may exist
    (``Game.lasting``, set as one is added: :func:`~manastack.rules.layers.add_effect`,
    :func:`~manastack.rules.static.add_rule_effect`; cleared here when none is left):
    the source leaving the battlefield, control changing, a turn beginning are all
    events.  ``look``: look for such effects whatever ``Game.lasting`` says."""
    if not game.lasting and not look:
        return
    from manastack.rules.layers import LASTING_KINDS, duration_over
    lasting = any(_duration(e) is not None and _duration(e).kind in LASTING_KINDS
                  for attr in ("effects", "replacements", "delayed_triggers", "rule_effects")
                  for e in getattr(game, attr))
    game.lasting = lasting
    if lasting:
        end_effects(game, lambda d: d.kind in LASTING_KINDS and duration_over(game, d),
                    "611.2b", _DURATION_OVER)


_DURATION_OVER: Final = say("its duration is over", "sa durée est écoulée")


def while_predicates(game: GameState) -> bool:
    """Does an effect last "for as long as" a predicate holds (a ``while`` duration)?"""
    return any(_duration(e) is not None and _duration(e).kind == "while"
               for attr in ("effects", "replacements", "delayed_triggers", "rule_effects")
               for e in getattr(game, attr))


def drop_effects_on_vanished_objects(game: GameState) -> None:
    """Forget layer effects whose locked set of affected objects (611.2c) no longer exists.

    An object that changes zones becomes a new object (400.7), so such an effect can never
    apply again; dropping it changes no characteristic and keeps layer work small."""
    objects = game.objects
    keep = [e for e in game.effects
            if not isinstance(e.affected, frozenset) or not e.affected
            or any(i in objects for i in e.affected)]
    if len(keep) != len(game.effects):
        game.effects[:] = keep

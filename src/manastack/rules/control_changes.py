"""Changes of control of permanents, noted as they happen (CR 302.6, 613.1b).

A creature's {T} and {Q} abilities can't be activated, and it can't attack, unless its
controller has controlled it continuously since their most recent turn began (302.6).
Control changes through layer-2 effects (613.1b), which start and stop applying with the
events of the game (a spell resolving, an Aura leaving, a duration ending: 611.2), so the
game notes each permanent's controller after each event while such an effect may exist
(:meth:`GameState.settle_control`), and once more after the last of them is gone: a
permanent whose controller differs from the one last noted came under its controller's
control now (``GameObject.control_since``).  The turn number is what 302.6 reads, so a
change is noted before the next turn begins at the latest.

Without any layer-2 effect a permanent's controller is its base controller, which
changes only with a new object (a zone change, 400.7) or a primitive that sets its own
``control_since`` (the planar controller, 901.6): nothing to note then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack.game.objects import GameObject, IdKey

if TYPE_CHECKING:
    from manastack.game.state import GameState


def note_controllers(game: GameState) -> None:
    """Note each permanent's controller now (302.6): one that differs from the controller
    noted last (or, when the last note found no effect that may change control, from its
    base controller) came under its controller's control this turn.  One wide change if
    any did (legal actions read summoning sickness)."""
    turn = game.turn_number
    noted = game.control_noted
    changed = False
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        ctrl = game.chars(o).controller
        seen = o.seen_controller if noted and o.seen_controller is not None else o.controller
        if ctrl != seen and o.control_since != turn:
            o.control_since = turn
            changed = True
        o.seen_controller = ctrl
    game.control_noted = game.derived.control_may_change(game)
    if changed:
        game.changed()


def adopt_controllers(game: GameState) -> None:
    """Take each permanent's present controller as the one noted (a position set up by a
    tool: how its permanents came under their controllers' control is given, 302.6)."""
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        o.seen_controller = game.chars(o).controller
    game.control_noted = True

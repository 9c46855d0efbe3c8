"""What a player may see of an object, and how to speak of one they may not (CR 400.2).

Libraries and hands are hidden zones (400.2): a player sees their own hand (and, while
they control another player, that player's: 714.4), never a library's cards, nor the
face of a face-down card (406.3).  Cards revealed (103.5b, 701.14a), the top card of a
library played revealed, and the options a decision shows its decider are seen too.

Every message an answer can get names only what its reader may see: an answer naming an
object its player can't see is refused in words that say where the object is as far as
that player knows it ("a card in Bob's hand", "an unknown object"), never which card it
is.  :func:`unseen_reference` finds such a reference before any rule looks at the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.game.objects import GameObject, Zone

if TYPE_CHECKING:
    from manastack.game.state import GameState


def sees_hand_of(game: GameState, viewer: int | None, owner: int) -> bool:
    """Does ``viewer`` (None: a spectator) see ``owner``'s hand (their own, or that of a
    player they control, 714.4)?"""
    if viewer is None:
        return False
    from manastack.rules.control import sees_for
    return owner in sees_for(game, viewer)


def visible_to(game: GameState, viewer: int | None, oid: int) -> bool:
    """May ``viewer`` see which card the object ``oid`` is?  An id that names no object
    (any more) hides nothing: it is "visible" (the refusal says there is no such object)."""
    o = game.objects.get(oid)
    if o is None:
        return True
    if not isinstance(o, GameObject):
        return True  # an ability on the stack
    if o.face_down:
        return False  # 406.3 (and scheme or planar decks, 901.4, 904.4)
    if o.zone == Zone.HAND:
        return sees_hand_of(game, viewer, o.owner) or oid in game.revealed
    if o.zone == Zone.LIBRARY:
        lib = game.players[o.owner].library
        if lib and lib[-1] == oid:
            from manastack.rules.static import forbids
            return bool(forbids(game, "top_revealed", o.owner))
        return False
    return True


def describe_unseen(game: GameState, oid: int) -> str:
    """How a player who can't see the object ``oid`` may hear of it: where it is, as far
    as that is public (a hand's cards are counted, 402.3), never its name."""
    o = game.objects.get(oid)
    if isinstance(o, GameObject) and o.zone == Zone.HAND:
        return f"a card in {game.players[o.owner].name}'s hand"
    return "an unknown object"


def _object_refs(game: GameState, action: Any) -> Any:
    """The object ids an answer names (targets, sources, attackers, recipients, chosen
    objects), not its numbers (X, amounts of damage, ability indexes).  A special action's
    object is left to its variant's rules, whose refusals name no object (115.2)."""
    verb = getattr(action, "verb", "")
    if verb in ("play", "cast"):
        yield action.card
    if verb == "activate":
        yield action.source
    if verb in ("cast", "activate"):
        yield from action.targets
        yield from action.pay or ()
    elif verb == "attack":
        for attacker, defender in action.attacks:
            yield attacker
            yield defender
        for band in action.bands:
            yield from band
    elif verb in ("block", "order"):
        for creature, others in (action.blocks if verb == "block" else action.orders):
            yield creature
            yield from others
    elif verb == "assign":
        for creature, parts in action.assignments:
            yield creature
            yield from (recipient for recipient, _amount in parts)
    elif verb == "choose":
        d = game.decision
        options = getattr(d, "options", ()) if d is not None else ()
        # (object ids start at 1: a choice whose options hold 0 is among numbers)
        if not any(type(o) is int and o == 0 for o in options):
            yield from action.items


def unseen_reference(game: GameState, player: int, action: Any) -> int | None:
    """The first object id ``action`` (an answer of ``player``, already well formed) names
    that ``player`` may not see, or None.  The options of the pending decision are seen by
    its decider (a library searched, a hand revealed to them)."""
    d = game.decision
    shown = getattr(d, "options", ()) if d is not None and d.by == player else ()
    for v in _object_refs(game, action):
        if type(v) is int and not visible_to(game, player, v) and v not in shown:
            return v
    return None

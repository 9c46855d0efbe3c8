"""Zone changes (CR 400): moving objects, drawing, shuffling, tokens.

An object that moves from one zone to another becomes a new object with no
memory of its previous existence (CR 400.7); :func:`move` returns the new
object.  Last known information (CR 608.2g) about objects that left the
battlefield is kept in ``game.lki`` for abilities that look back in time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from manastack.events import Discarded, Drew, Shuffled, ZoneChange
from manastack.game.objects import NOBODY, Characteristics, GameObject, Ref, Zone, card_test
from manastack.lines import NOTHING, Card, Line, Place, line_names, say
from manastack.picking import shuffle as pick_shuffle
from manastack.rules import layers, replacement

if TYPE_CHECKING:
    from manastack.game.state import GameState

ZONE_TEXT: Final = {"library": "library", "hand": "hand", "battlefield": "the battlefield",
                    "graveyard": "graveyard", "stack": "the stack", "exile": "exile",
                    "command": "the command zone"}


_HIDDEN: Final = (Zone.LIBRARY, Zone.HAND)
#: Whether a card has no static ability, by card definition
#: (:func:`~manastack.game.objects.card_test`).
_NO_STATIC: Final[dict[Any, bool]] = {}
#: Whether no plain list of legal actions looks at a card outside a hand or library,
#: likewise.
_NO_LIST: Final[dict[Any, bool]] = {}


def _concerns_owner_only(card: Any) -> bool:
    """Has ``card`` no static ability: can it, moving among its owner's zones, change
    nothing but its owner's objects (no continuous effect, rule hook or cost change of
    its own to start or stop, 611.3)?"""
    return card_test(_NO_STATIC, card, _without_static)


def _concerns_no_list(card: Any) -> bool:
    """Has ``card`` no static ability, no activated ability (a mana ability, or one working
    from a graveyard) and is it no land: moving among its owner's zones other than their
    hand and library, can it change nobody's plain list of legal actions
    (:func:`~manastack.rules.casting._plain_now`: those list the hand, land plays and the
    activated abilities of permanents and graveyard cards)?"""
    return card_test(_NO_LIST, card, _without_activated)


def _without_activated(card: Any) -> bool:
    from manastack.game.abilities import ActivatedAbility
    return _without_static(card) and "Land" not in card.types and not any(
        isinstance(ab, ActivatedAbility) for ab in card.abilities)


def _without_static(card: Any) -> bool:
    from manastack.game.abilities import StaticAbility
    return card.cda is None and not any(isinstance(ab, StaticAbility)
                                        for ab in card.abilities)


def _remove_id(ids: list[int], oid: int) -> None:
    """Remove ``oid`` from a zone's list: often its last item (the top of a library or of
    the stack, the card last put into a graveyard), found there without a scan."""
    if ids and ids[-1] == oid:
        ids.pop()
    else:
        ids.remove(oid)


def move(game: GameState, obj: GameObject, to: str, rule: str, *, position: str = "top",
         controller: int | None = None, tapped: bool = False, quiet: bool = False,
         verb: Line | None = None, attach_to: Ref | None = None,
         copy_of: Any = None, chosen: tuple[Any, ...] | None = None,
         cause: tuple[bool, int, int | None] | None = None, face_down: bool = False
         ) -> GameObject:
    """Move ``obj`` to zone ``to``; returns the new object (CR 400.7).

    ``position`` is ``top`` or ``bottom`` for libraries.  Permanents enter
    untapped unless ``tapped`` (CR 110.2 for the controller).  ``cause`` adds what
    replacement effects may ask about the event (a discard and who caused it).
    A permanent that leaves the battlefield remembers what it became (``"became"``, in its
    last known information) for abilities that find "this card" in its new zone.
    ``face_down``: the card is exiled face down (406.3).  The event of a card whose face
    no player saw (a hidden zone or face down, before and after) is private
    (:func:`private_to`).
    """

    to = replacement.replace_zone_change(game, obj, to, cause)  # 614, 616.1 (and 903.9)
    frm = obj.zone
    lki: Characteristics | None = None
    if frm == Zone.BATTLEFIELD:
        lki = game.chars(obj)
        game.lki[obj.id] = (obj, lki)
        game.lki_batch.append(obj.id)
        _leave_battlefield(game, obj)
    _remove_id(game.zone_list(frm, obj.owner), obj.id)
    del game.objects[obj.id]
    # Tokens and copies of spells can't move into another zone and stay (704.5d/e);
    # they do move, and the SBA makes them cease to exist.
    new = GameObject(id=game.new_id(), card=obj.card, owner=obj.owner,
                     controller=obj.owner if controller is None else controller,
                     zone=to, is_token=obj.is_token, timestamp=game.new_timestamp(),
                     control_since=game.turn_number, is_copy=obj.is_copy,
                     came_from=frm, uid=obj.uid)
    new.face_down = face_down
    if to == Zone.BATTLEFIELD:
        new.tapped = tapped
        if copy_of is not None:  # enters as a copy (706.2, 706.9): layer 1 values
            new.memory["copy_of"], new.memory["copy_extra"] = copy_of
        if attach_to is not None:  # an Aura enters attached (303.4f)
            new.attached_to = attach_to
        if chosen is not None:  # "as [this] enters, choose ..." (614.12)
            new.memory["chosen"] = chosen
        if frm == Zone.STACK:  # X of the spell is X for its enters abilities (107.3m of later CRs)
            new.x = obj.x
        loyalty = effective_card(new).loyalty
        if loyalty is not None:
            new.counters["loyalty"] = loyalty
    game.objects[new.id] = new
    if lki is not None:
        obj.memory["became"] = new.id
    if new.is_token and to != Zone.BATTLEFIELD:
        game.tokens_elsewhere.append(new.id)  # 704.5d will make it cease to exist
    if to == Zone.BATTLEFIELD:
        if frm == Zone.STACK:
            layers.carry_over_effects(game, obj.id, new.id)  # 400.7a
        from manastack.rules.keywords import enters_with
        enters_with(game, new)
    lst = game.zone_list(to, new.owner)
    if to == Zone.LIBRARY and position == "bottom":
        lst.insert(0, new.id)
    else:
        lst.append(new.id)
    # a card going between a library and a hand (a draw) is a narrow change: only what
    # reads those hidden zones depends on it
    # (a card goes to its owner's zones, 400.3: both hidden zones are the owner's)
    if frm in _HIDDEN and to in _HIDDEN and not new.is_token and not new.is_copy:
        game.changed("hidden", new.owner)
    else:
        # a plain object (_concerns_owner_only) moving among its owner's zones and
        # permanents concerns only their plain lists of legal actions, and none if no
        # list looks at it there (_concerns_no_list: a vanilla creature dying)
        before = obj.controller if lki is None else lki.controller
        only: int | None = None
        if before == new.controller == obj.owner and copy_of is None and \
                attach_to is None and not face_down and _concerns_owner_only(obj.card):
            only = NOBODY if frm not in _HIDDEN and to not in _HIDDEN and \
                _concerns_no_list(obj.card) else obj.owner
        game.moved(obj.id, new, only)
    if not quiet:
        text = verb if verb is not None else _moves_line(game, obj, frm, to)
        seen_by, public = private_to(game, obj, new, text)
        game.emit_event(ZoneChange(
            rule, text, game.turn_number, object=new.id, old=obj.id, from_zone=frm, to_zone=to,
            owner=obj.owner, name=obj.name, token=obj.is_token,
            controller=game.controller(new) if to == Zone.BATTLEFIELD else new.controller,
            lki=lki, seen_by=seen_by, public=public))
    return new


def _moves_line(game: GameState, obj: GameObject, frm: str, to: str) -> Line:
    """"X moves from hand to the battlefield" (a zone of its own owner's: "to Alice's
    graveyard")."""
    owner = None if to in ("battlefield", "stack", "exile", "command") else \
        game.who(obj.owner)
    return say("{card} moves from {frm} to {to}", "{card} passe {frm:de} {to:à}",
               card=Card(obj.id, obj.name), frm=Place(frm), to=Place(to, owner))


def hand_seen_by(game: GameState, owner: int) -> frozenset[int]:
    """The players who see ``owner``'s hand: themselves, and whoever controls them
    (402.3, 714.4)."""
    from manastack.rules.control import sees_for

    if not game.rule_effects:  # nobody controls another player: the owner alone
        return frozenset((owner,))
    return frozenset(p.index for p in game.players if owner in sees_for(game, p.index))


def private_to(game: GameState, old: GameObject, new: GameObject, text: Line
               ) -> tuple[frozenset[int] | None, Line | None]:
    """Who may see which card moved from ``old``'s zone to ``new``'s, and the line the
    others see: (None, None) when its face was or becomes visible to all (400.2).  A card
    between a library and a hand is seen by the player whose hand it is (402.3; and by
    whoever controls that player, 714.4); in a library or face down (401.2, 406.3), by
    no one."""

    if (old.zone not in _HIDDEN and not old.face_down) or \
            (new.zone not in _HIDDEN and not new.face_down):
        return None, None
    if Zone.HAND in (old.zone, new.zone):
        seen = hand_seen_by(game, old.owner)
    else:
        seen = frozenset()
    if old.name not in line_names(text):  # the line names no card
        return seen, text
    who = game.who(old.owner)

    def where(o: GameObject) -> Place:
        return Place(o.zone, who if o.zone in _HIDDEN else None)

    return seen, say("A card moves from {frm} to {to}{down}", "Une carte passe {frm:de} "
                     "{to:à}{down}", frm=where(old), to=where(new),
                     down=say(" face down", " face cachée") if new.face_down else NOTHING)


def move_all(game: GameState, objs: list[GameObject], to: str, rule: str, *,
             controller: int | None = None, verb: Line | None = None,
             entering: Sequence[tuple[Any, tuple[Any, ...] | None]] | None = None,
             attach: Sequence[Ref | None] | None = None) -> list[GameObject]:
    """Move several objects at once: every object moves, then the zone-change events are
    reported, so triggered abilities see the whole event (603.6a, 603.10a).

    ``verb`` (optional) is a line whose ``{name}`` is each object.  ``entering`` gives, for each
    object put onto the battlefield, what was chosen as it enters: (copy of, choice)
    (see :mod:`manastack.rules.entering`); ``attach``, what each Aura enters attached to
    (303.4f)."""
    moved: list[tuple[GameObject, GameObject, Characteristics | None]] = []
    game.begin_simultaneous()
    try:
        _move_each(game, objs, to, rule, controller, entering, attach, moved)
        _report_moves(game, moved, rule, verb)
    finally:
        game.end_simultaneous()
    return [new for _, new, _ in moved]


def _move_each(game: GameState, objs: list[GameObject], to: str, rule: str,
               controller: int | None,
               entering: Sequence[tuple[Any, tuple[Any, ...] | None]] | None,
               attach: Sequence[Ref | None] | None,
               moved: list[tuple[GameObject, GameObject, Characteristics | None]]) -> None:
    for i, o in enumerate(objs):
        frm = o.zone
        lki = game.chars(o) if frm == Zone.BATTLEFIELD else None
        copy_of, chosen = entering[i] if entering is not None else (None, None)
        new = move(game, o, to, rule, controller=controller, quiet=True, copy_of=copy_of,
                   chosen=chosen, attach_to=attach[i] if attach is not None else None)
        moved.append((o, new, lki))


def _report_moves(game: GameState, moved: list[tuple[GameObject, GameObject, Characteristics | None]],
                  rule: str, verb: Line | None) -> None:
    for old, new, lki in moved:
        text = Line(verb.en, verb.fr, {**verb.args, "name": Card(old.id, old.name)}) \
            if verb is not None else _moves_line(game, old, old.zone, new.zone)
        seen_by, public = private_to(game, old, new, text)
        game.emit_event(ZoneChange(
            rule, text, game.turn_number, object=new.id, old=old.id, from_zone=old.zone,
            to_zone=new.zone, owner=old.owner, name=old.name, token=old.is_token,
            controller=game.controller(new) if new.zone == Zone.BATTLEFIELD
            else new.controller, lki=lki, seen_by=seen_by, public=public))


def discard(game: GameState, player: int, obj: GameObject, rule: str = "701.8a", *,
            cause: int | None, verb: Line | None = None) -> GameObject:
    """``player`` discards ``obj`` from their hand (CR 701.8a).  ``cause`` is the controller
    of the spell or ability that makes them discard (the player themself for a cost; None
    for a game rule such as cleanup, 514.1): replacement effects of the card itself work
    from the hand and may send it elsewhere (Obstinate Baloth, 112.6b); it is still
    discarded (701.8c).  Returns the new object."""
    card = Card(obj.id, obj.name)
    new = move(game, obj, Zone.GRAVEYARD, rule,
               verb=verb or say("{who} discards {card}", "{who} défausse {card}",
                                who=game.who(player), card=card),
               cause=(True, player, cause))
    game.emit_event(Discarded(rule, say("{card} was discarded", "{card} est défaussé",
                                        card=card), game.turn_number, player=player,
                              object=new.id, cause=cause))
    return new


def effective_card(obj: GameObject) -> Any:
    """The card whose copiable values the object has: itself, or what it copies (706.2)."""
    return obj.memory.get("copy_of") or obj.card


def _leave_battlefield(game: GameState, obj: GameObject) -> None:
    """Remove from combat (506.4) and detach (CR 701.3); attached objects stay."""
    if game.combat is not None:
        game.combat.remove(game, obj.id, quiet=True)
    if obj.attached_to is not None:  # last known information keeps it (608.2g)
        obj.memory["was_attached_to"] = obj.attached_to
    obj.attached_to = None
    for oid in game.battlefield:
        o = game.objects[oid]
        if isinstance(o, GameObject) and o.attached_to == obj.id:
            o.memory["was_attached_to"] = obj.id
            o.attached_to = None
            game.changed()


def draw(game: GameState, player: int, n: int = 1, rule: str = "120.1") -> int:
    """Draw ``n`` cards one at a time (CR 120.2); an empty library sets 704.5b."""
    p = game.players[player]
    drawn = 0
    for _ in range(n):
        if not p.library:
            p.drew_from_empty = True
            # a state change (the SBA check read at this version is stale: 704.5b); a
            # narrow one, as only the SBA check reads it (through the players' totals)
            game.changed("hidden", player)
            game.note("704.5b", say("{who} attempts to draw from an empty library",
                                    "{who} tente de piocher dans une bibliothèque vide",
                                    who=game.who(player)))
            continue
        top = game.obj(p.library[-1])
        new = move(game, top, Zone.HAND, rule, quiet=True)
        drawn += 1
        # the card is named to those who see the hand it enters (402.3), not to the others
        who = game.who(player)
        game.emit_event(Drew(
            rule, say("{who} draws {card}", "{who} pioche {card}", who=who,
                      card=Card(new.id, new.name)),
            game.turn_number, player=player, object=new.id,
            seen_by=hand_seen_by(game, player),
            public=say("{who} draws a card", "{who} pioche une carte", who=who)))
    return drawn


def shuffle(game: GameState, player: int, rule: str = "103.1") -> None:
    """Randomise a library with the game's RNG (CR 701.18)."""
    pick_shuffle(game.rng, game.players[player].library)
    game.changed()
    game.emit_event(Shuffled(rule, say("{who} shuffles their library",
                                       "{who} mélange sa bibliothèque", who=game.who(player)),
                             game.turn_number, player=player))


def arrange_library(game: GameState, player: int, top: Sequence[int] = (),
                    bottom: Sequence[int] = ()) -> None:
    """Put the cards ``top`` on top of ``player``'s library and ``bottom`` on its bottom,
    each in the order chosen, the first one highest (CR 401.4; ``library[-1]`` is the top):
    those already in it are taken out first. A wide change; the caller reports it."""
    lib = game.players[player].library
    for c in (*top, *bottom):
        if c in lib:
            lib.remove(c)
    lib.extend(reversed(top))
    lib[0:0] = list(reversed(bottom))
    game.changed()


def create_in_command(game: GameState, card: Any, owner: int, *, face_down: bool = False,
                      controller: int | None = None, position: str = "top") -> GameObject:
    """A new object for ``card`` in the command zone (CR 408), face down if ``face_down``
    (at ``position`` of ``game.command``): a wide change."""
    obj = game.create_object(card, owner, Zone.COMMAND, controller=controller,
                             position=position)
    if face_down:
        obj.face_down = True
        game.changed()
    return obj


def turn_over_in_command(game: GameState, oid: int, face_down: bool,
                         controller: int | None = None) -> GameObject:
    """Turn the command-zone card ``oid`` face up (onto the end of ``game.command``) or face
    down (to its start): it becomes a new object (CR 901.7a, 701.24b), with the same
    ``uid``, controlled by ``controller`` (by default its owner). A wide change."""
    old = game.obj(oid)
    game.command.remove(oid)
    del game.objects[oid]
    new = game.create_object(old.card, old.owner, Zone.COMMAND,
                             controller=old.owner if controller is None else controller,
                             position="bottom" if face_down else "top")
    new.face_down = face_down
    new.uid = old.uid
    game.changed()
    return new


def shuffle_in_command(game: GameState, ids: list[int]) -> None:
    """Shuffle the command-zone cards ``ids`` (a scheme or planar deck, 901.4, 904.4) among
    their places in ``game.command`` with the game's RNG (CR 701.18): a wide change."""
    if len(ids) < 2:
        return
    slots = [i for i, oid in enumerate(game.command) if oid in set(ids)]
    pick_shuffle(game.rng, ids)
    for slot, oid in zip(slots, ids, strict=True):
        game.command[slot] = oid
    game.changed()


def set_command_controller(game: GameState, obj: GameObject, player: int) -> None:
    """``player`` controls the command-zone card ``obj`` (the planar controller, CR 901.6):
    a wide change if that's new."""
    if obj.controller != player:
        obj.controller = player
        game.changed()


def exile_from_command(game: GameState, ids: Sequence[int]) -> None:
    """The command-zone cards ``ids`` of a player who left the game leave it with them
    (CR 800.4a): face down in exile, with no event. One wide change."""
    for oid in ids:
        o = game.obj(oid)
        game.command.remove(oid)
        o.zone = Zone.EXILE
        o.face_down = True
        game.exile.append(oid)
    game.changed()


def create_token(game: GameState, card: object, controller: int, rule: str = "110.5",
                 tapped: bool = False) -> GameObject:
    """Create a token (CR 110.5): it enters the battlefield under ``controller``'s control."""
    from manastack.game.abilities import CardDef

    assert isinstance(card, CardDef)
    tok = game.create_object(card, controller, Zone.BATTLEFIELD, is_token=True)
    tok.tapped = tapped
    tok.control_since = game.turn_number
    if card.loyalty is not None:
        tok.counters["loyalty"] = card.loyalty
    game.emit_event(ZoneChange(
        rule, say("{who} creates a {card} token", "{who} crée un jeton {card}",
                  who=game.who(controller), card=Card(tok.id, card.name)),
        game.turn_number, object=tok.id, old=None, from_zone=None, to_zone=Zone.BATTLEFIELD,
        owner=controller, name=card.name, token=True, controller=controller, lki=None))
    return tok

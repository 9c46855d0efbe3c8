"""A determinisation: a copy of a game in which what one player can't see is dealt again.

Search agents that may see only their player's information (400.2) sample the hidden
part of the game: :func:`determinize` returns a copy (:meth:`Game.copy`) in which every
card ``player`` can't see is replaced by one drawn at random from the cards they haven't
seen, keeping everything they have seen.

- **Hidden** from ``player`` (400.2, 401.2, 402.3, 406.3): every library's cards and
  order (their own too), except a top card played revealed (the ``top_revealed`` hook);
  the cards in the hands they don't see (:func:`~manastack.rules.hidden.sees_hand_of`:
  another player's, unless they control them, 714.4), except the cards revealed
  (103.5b) and those that came into the hand from a public zone (the zone change was
  public: ``GameObject.came_from``); face-down cards (exiled face down, scheme and planar
  decks, 406.3).
- **The pool**: as in ISMCTS work, deck lists are taken to be open (the game's
  ``deck_lists``): the hidden cards of each owner are dealt again among that owner's
  hidden places, the cards of the command zone (scheme and planar decks) among
  themselves, the others (library, hand, face-down exile) among themselves.
- **What is kept**: every object's id and place, and what a place tells publicly (the
  object's id, when and from which zone it arrived: ids and timestamps are handed out
  in the order of public events); counts per zone; every public object; ``player``'s
  observation (``observe(player)`` is the same before and after).  The card dealt to a
  place moves with its physical identity (``uid``).
- **What is re-dealt**: the card of each hidden place (a random permutation of the sorted
  pool over the places sorted by id) and the order of each library (its hidden places
  shuffled from their sorted order): so the result depends only on what ``player`` may
  see and on ``rng``, never on the hidden cards or the order they were in.  The copy's
  generator and seed are drawn from ``rng`` too (the game's own would tell the result
  of the next shuffle), and its log is ``player``'s view of the log (``log_for``).

Not tracked by the engine, hence re-dealt: a card revealed to ``player`` by an effect and
kept in a hand, a card whose place in a library ``player`` knows (put on top by them, a
scry).  The pending decision and the agenda are copied as they are: determinise at a
decision of ``player`` (what a search agent does), as another player's decision may
name their hidden cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.game.objects import GameObject, Zone
from manastack.rules.hidden import sees_hand_of
from manastack.rules.static import forbids

if TYPE_CHECKING:
    from manastack.engine.game import Game

#: Zones a card may have come from into a hand publicly (it was seen as it moved).
_PUBLIC_ZONES: Final = frozenset({Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.STACK, Zone.EXILE,
                                  Zone.COMMAND})


def determinize(game: Game, player: Any, rng: random.Random) -> Game:
    """A copy of ``game`` in which everything ``player`` (a seat or a name) can't see is
    dealt again at random with ``rng`` from the cards they haven't seen (see the module's
    docstring); ``game`` is unchanged.  Refuses a player who isn't one (IllegalAction)."""
    viewer = game.player_index(player)
    g: Game = game.copy()  # type: ignore[assignment]
    objects = g.objects
    # each owner's hidden places: (owner, command zone?) -> object ids
    places: dict[tuple[int, bool], list[int]] = {}
    for p in g.players:
        owner = p.index
        library = p.library
        top_seen = bool(library) and forbids(g, "top_revealed", owner) is not None
        hidden = library[:-1] if top_seen else library
        if hidden:
            order = sorted(hidden)  # the library's order is hidden: shuffled from sorted
            rng.shuffle(order)
            library[:len(order)] = order
            places.setdefault((owner, False), []).extend(order)
        if not sees_hand_of(g, viewer, owner):
            for oid in p.hand:
                o = objects[oid]
                if isinstance(o, GameObject) and oid not in g.revealed and \
                        o.came_from not in _PUBLIC_ZONES:
                    places.setdefault((owner, False), []).append(oid)
    for zone in (g.exile, g.command, g.battlefield):
        for oid in zone:
            o = objects[oid]
            if isinstance(o, GameObject) and o.face_down:
                places.setdefault((o.owner, o.zone == Zone.COMMAND), []).append(oid)
    for key in sorted(places):
        slots = sorted(places[key])
        held = [objects[oid] for oid in slots]
        pool = sorted(((o.card.name, o.uid, o.card) for o in held if isinstance(o, GameObject)),
                      key=_by_name_and_uid)
        rng.shuffle(pool)
        for o, (_name, uid, card) in zip(held, pool, strict=True):
            assert isinstance(o, GameObject)
            o.card = card
            o.uid = uid
    seed = rng.getrandbits(64)
    g.seed = seed
    g.rng = random.Random(seed)
    g.log = ev.view_log(g.log, viewer)
    g.changed()  # (the cards of objects changed: nothing derived before is kept)
    return g


def _by_name_and_uid(entry: tuple[str, int, Any]) -> tuple[str, int]:
    """The canonical order of a pool: by card name, then physical card."""
    return (entry[0], entry[1])

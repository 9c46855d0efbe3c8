"""Keyword actions that more than one rule performs (CR 701): destroy (701.7, with
indestructible 702.12b and regeneration 701.13) and sacrifice (701.15), one permanent or
several at once; tap and untap (701.19), attach (701.3), regeneration shields (701.13)
and counters (121).

These are mutation primitives: each makes its change and writes the change journal
(``game.changed``), so cards and variants never write it themselves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from manastack import log as ev
from manastack.events import CountersAdded, CountersRemoved, Tapped, Untapped
from manastack.game.objects import GameObject, Zone
from manastack.lines import Card, Line, Word, keep, say

if TYPE_CHECKING:
    from manastack.game.state import GameState


def destroy_all(game: GameState, objs: list[GameObject], rule: str | list[str],
                why: Line | list[Line], allow_regen: bool = True) -> list[str]:
    """Destroy several permanents at once: whether each is indestructible or regenerates
    is decided before any of them leaves the battlefield (one event, CR 704.3, 701.7).
    ``why`` (one for all, or one each) is the line's reason: "X is destroyed (<why>)"."""
    from manastack.rules.zones import move

    whys = why if isinstance(why, list) else [why] * len(objs)
    rules = rule if isinstance(rule, list) else [rule] * len(objs)
    fates = [_destroy_fate(game, o, allow_regen) for o in objs]
    game.begin_simultaneous()
    try:
        for o, fate, w, r in zip(objs, fates, whys, rules, strict=True):
            if fate == "destroyed" and o.id in game.objects and o.zone == Zone.BATTLEFIELD:
                move(game, o, Zone.GRAVEYARD, r, verb=say(
                    "{card} is destroyed ({why})", "{card} est détruit ({why})",
                    card=Card(o.id, o.name), why=_as_line(w)))
    finally:
        game.end_simultaneous()
    return fates


def sacrifice_all(game: GameState, chosen: Sequence[tuple[int, GameObject]],
                  rule: str = "701.15a") -> list[GameObject]:
    """Each (player, permanent) pair: that player sacrifices that permanent, all at the
    same time (one event, 603.6a, 603.10a; 101.4).  A player can sacrifice only a permanent
    they control (701.15a): one that left the battlefield or changed controllers is left
    alone.  Returns the sacrificed objects' new objects."""
    from manastack.rules.zones import move_all
    objs = [o for p, o in chosen if o.zone == Zone.BATTLEFIELD and not o.phased_out
            and o.id in game.objects and game.controller(o) == p]
    return move_all(game, objs, Zone.GRAVEYARD, rule,
                    verb=say("{name} is sacrificed", "{name} est sacrifié")) if objs else []


def destroy(game: GameState, o: GameObject, rule: str, why: Line,
            allow_regen: bool = True) -> str:
    """Destroy ``o``: indestructible and regeneration may stop it (702.12b, 701.13).

    Returns ``destroyed``, ``regenerated`` or ``indestructible``."""
    return destroy_all(game, [o], rule, why, allow_regen)[0]


def _destroy_fate(game: GameState, o: GameObject, allow_regen: bool) -> str:
    """Indestructible stops destruction; a regeneration shield replaces it (701.13)."""
    c = game.chars(o)
    if "indestructible" in c.keywords:
        game.note("702.12b", say("{card} is indestructible and isn't destroyed",
                                 "{card} est indestructible et n'est pas détruit",
                                 card=Card(o.id, o.name)))
        return "indestructible"
    if allow_regen and o.regeneration_shields > 0 and \
            o.memory.get("cant_regenerate_turn") != game.turn_number:
        o.regeneration_shields -= 1
        if not o.tapped:  # journalled before the event: seen by what it triggers
            tap(game, o, "701.13a", say("regenerating", "régénération"))
        o.damage = 0
        o.deathtouch_damage = False
        if game.combat is not None:
            game.combat.remove(game, o.id, rule="701.13a")
        game.changed()
        game.emit(ev.INFO, "701.13a", say("{card} regenerates (tapped, damage removed, "
                                          "removed from combat)", "{card} se régénère "
                                          "(engagé, blessures retirées, retiré du combat)",
                                          card=Card(o.id, o.name)), object=o.id)
        return "regenerated"
    return "destroyed"


def tap(game: GameState, o: GameObject, rule: str, why: Line | None = None, *,
        wide: bool = False) -> None:
    """Tap the untapped permanent ``o`` (CR 701.19a): journal the narrow "tapped" change of
    its controller (a wide change if ``wide``), then emit ``tapped`` with the line
    "<name> becomes tapped" (and " (<why>)" if ``why``). The caller checks it's untapped."""
    o.tapped = True
    if wide:
        game.changed()
    else:
        game.changed("tapped", game.controller(o))
    if why:
        line = say("{card} becomes tapped ({why})", "{card} devient engagé ({why})",
                   card=Card(o.id, o.name), why=_as_line(why))
    else:
        line = _TAPPED_LINES.get((o.id, o.name)) or keep(
            _TAPPED_LINES, (o.id, o.name),
            say("{card} becomes tapped", "{card} devient engagé", card=Card(o.id, o.name)))
    game.emit_event(Tapped(rule, line, game.turn_number, object=o.id))


def untap(game: GameState, o: GameObject, rule: str = "701.19b", *,
          wide: bool = False) -> None:
    """Untap the tapped permanent ``o`` (CR 701.19b): journal as :func:`tap` does, then emit
    ``untapped`` "<name> becomes untapped". The caller checks it's tapped."""
    o.tapped = False
    if wide:
        game.changed()
    else:
        game.changed("tapped", game.controller(o))
    line = _UNTAPPED_LINES.get((o.id, o.name)) or keep(
        _UNTAPPED_LINES, (o.id, o.name),
        say("{card} becomes untapped", "{card} devient dégagé", card=Card(o.id, o.name)))
    game.emit_event(Untapped(rule, line, game.turn_number, object=o.id))


#: (Object id, name) -> "<name> becomes tapped" / "untapped" (:func:`~manastack.lines.keep`).
_TAPPED_LINES: Final[dict[tuple[int, str], Line]] = {}
_UNTAPPED_LINES: Final[dict[tuple[int, str], Line]] = {}


#: Kinds of counters in French, as "marqueur <kind>" reads (122.1 of later CRs: "+1/+1",
#: "de loyauté", « poison »...); a kind not listed reads as in English.
COUNTER_KINDS: Final[dict[str, str]] = {
    "+1/+1": "+1/+1", "-1/-1": "-1/-1", "loyalty": "de loyauté", "poison": "« poison »",
    "charge": "« charge »", "lore": "« histoire »", "wish": "« souhait »",
    "flame": "« flamme »", "phylactery": "« phylactère »", "time": "« temps »",
    "fade": "« disparition »", "age": "« âge »", "level": "« niveau »",
    "quest": "« quête »", "divinity": "« divinité »",
}


def counter_kind(kind: str) -> Word:
    """A kind of counter as an argument of a line: "+1/+1", "loyalty" / "de loyauté"."""
    return Word(kind, COUNTER_KINDS.get(kind, kind))


def add_counters(game: GameState, o: GameObject, kind: str, n: int, rule: str = "121.1",
                 text: Line | None = None) -> None:
    """Put ``n`` ``kind`` counters on ``o`` (CR 121.1, 121.6): a wide change, then the
    ``counters_added`` event, by default "<n> <kind> counter(s) on <name>"."""
    o.counters[kind] = o.counters.get(kind, 0) + n
    game.changed()
    if text is None:
        card = Card(o.id, o.name)
        text = say("{n} {kind} counter(s) on {card}", "{n} marqueur {kind} sur {card}", n=n,
                   kind=counter_kind(kind), card=card) if n <= 1 else \
            say("{n} {kind} counter(s) on {card}", "{n} marqueurs {kind} sur {card}", n=n,
                kind=counter_kind(kind), card=card)
    game.emit_event(CountersAdded(rule, _as_line(text), game.turn_number, object=o.id,
                                  counter=kind, n=n))


def remove_counters(game: GameState, o: GameObject, kind: str, n: int, rule: str,
                    text: Line) -> None:
    """Remove ``n`` ``kind`` counters from ``o`` (CR 121.1; the caller checks it has
    them): a wide change, then the ``counters_removed`` event with the line ``text``."""
    o.counters[kind] = o.counters.get(kind, 0) - n
    game.changed()
    game.emit_event(CountersRemoved(rule, _as_line(text), game.turn_number, object=o.id,
                                    counter=kind, n=n))


def attach(game: GameState, src: GameObject, to: GameObject) -> None:
    """Attach ``src`` to ``to`` (CR 701.3a) with a new timestamp (701.3c, 613.6d): a wide
    change, then the note "<src> becomes attached to <to>". The caller checks 701.3b."""
    src.attached_to = to.id
    src.timestamp = game.new_timestamp()
    game.changed()
    game.note("701.3a", say("{card} becomes attached to {to}", "{card} devient attaché à {to}",
                            card=Card(src.id, src.name), to=Card(to.id, to.name)))


def add_regeneration_shield(game: GameState, o: GameObject) -> None:
    """Give ``o`` a regeneration shield (CR 701.13a; :func:`destroy` uses it): a wide
    change, then the note "<name> gets a regeneration shield"."""
    o.regeneration_shields += 1
    game.changed()
    game.note("701.13a", say("{card} gets a regeneration shield",
                             "{card} obtient un bouclier de régénération",
                             card=Card(o.id, o.name)))


def _as_line(text: Line | str | None) -> Line:
    """(While some callers still give English text: a plain string as a line, shown in
    English in every language.)"""
    return text if isinstance(text, Line) else Line(str(text or ""), "")

"""The log as people read it: three levels of detail, in English or French.

* ``full`` - every event, one ``[rule] text`` line each: the engine's whole trace.
* ``normal`` (the default of the commands) - a header (the players and their decks,
  who plays first), each turn's board at its start (life totals, hands, libraries,
  permanents), and the events that matter: priority passes, step and phase lines
  without anything in them and the "ends" lines are left out, and the mana abilities
  activated while a spell or ability was paid for are folded into its line.
* ``summary`` - one block per turn: what was played and cast, the combat, what died,
  the life totals at the end of the turn, and the result.

Every kept line still cites its rule.  The events are given as their reader may see
them (``game.log_for(viewer)``, 400.2); nothing here reveals more than they hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from manastack import log as ev
from manastack.lines import Card, Items, Line, Raw, Who, Word, say

#: The levels of detail, least first.
DETAILS: Final = ("summary", "normal", "full")

#: Left out of ``normal``: bookkeeping with nothing to read, and lines another line says
#: already (a land played: its zone change; a discard: its zone change; becoming a
#: target: the spell's or ability's line names its targets).
_NOISE: Final = frozenset({ev.PASS, ev.STEP_ENDED, ev.PHASE_ENDED,
                           ev.LAND_PLAYED, ev.DISCARD, ev.TARGETED})
#: Kept in ``summary`` (with the turn lines, the life totals and the result).
_SUMMARY_KINDS: Final = frozenset({ev.LAND_PLAYED, ev.CAST, ev.ATTACKS, ev.BLOCKS,
                                   ev.DAMAGE, ev.LOSE, ev.WIN, ev.GAME_OVER,
                                   ev.GAME_STOPPED, ev.MULLIGAN, ev.COUNTERED})


def kept_at_normal(kind: str) -> bool:
    """Is an event of ``kind`` a line of ``normal`` (a reader holding only the events'
    kinds and texts, a client of the server, keeps the lines this keeps)?"""
    return kind not in _NOISE


def narrate(events: Sequence[ev.Event], detail: str = "normal", lang: str = "en"
            ) -> list[str]:
    """The lines of the log at ``detail`` ("full", "normal" or "summary") in ``lang``
    ("en" or "fr")."""
    if detail == "full":
        return [e.render(lang) for e in events]
    if detail == "normal":
        return _normal(events, lang)
    if detail == "summary":
        return _summary(events, lang)
    raise ValueError(f"unknown level of detail {detail!r} (one of {', '.join(DETAILS)})")


def header(data: Mapping[str, Any], lang: str) -> list[str]:
    """The header: each player and their deck's size, from the data of the event the game
    begins with (``players``: name, deck size)."""
    players = data.get("players") or []
    out = []
    for p in players:
        out.append(say("{who}: a deck of {n} cards", "{who} : un deck de {n} cartes",
                       who=Who(p["player"], p["name"]), n=p["deck"]).render(lang))
    return out


def board(data: Mapping[str, Any], lang: str) -> list[str]:
    """The board at a turn's start, one line per player (``board`` of the turn's event:
    life, poison, hand and library sizes, permanents as their reader may see them)."""
    out = []
    for p in data.get("board") or ():
        parts = [say("{n} life", "{n} points de vie", n=p["life"])]
        if p.get("poison"):
            parts.append(say("{n} poison", "{n} poison", n=p["poison"]))
        parts.append(say("{n} in hand", "{n} en main", n=p["hand"]))
        parts.append(say("{n} in library", "{n} dans la bibliothèque", n=p["library"]))
        perms = Items([_permanent(q) for q in p["permanents"]]) if p["permanents"] \
            else say("no permanent", "aucun permanent")
        out.append("  " + say("{who}: {facts}; {perms}", "{who} : {facts} ; {perms}",
                              who=Who(p["player"], p["name"]), facts=Items(parts),
                              perms=perms).render(lang))
    return out


def _permanent(q: Mapping[str, Any]) -> Line:
    """One permanent of the board: its name (or "a face-down permanent"), then what is
    on it: tapped, damage, counters, what it is attached to."""
    name: Any = Card(q["id"], q["name"]) if q.get("name") else \
        Word("a face-down permanent", "un permanent face cachée")
    notes: list[Any] = []
    if q.get("tapped"):
        notes.append(Word("tapped", "engagé"))
    if q.get("damage"):
        notes.append(say("{n} damage", "{n} blessures", n=q["damage"]))
    for kind, n in sorted((q.get("counters") or {}).items()):
        notes.append(say("{kind} x{n}", "{kind} x{n}", kind=Raw(kind), n=n))
    if q.get("attached_player") is not None:
        notes.append(say("on {who}", "sur {who}",
                         who=Who(q["attached_player"], q["attached_name"])))
    elif q.get("attached_to") is not None:
        target: Any = Card(q["attached_to"], q["attached_name"]) if q.get("attached_name") \
            else Word("a face-down permanent", "un permanent face cachée")
        notes.append(say("on {card}", "sur {card}", card=target))
    if not notes:
        return say("{name}", "{name}", name=name)
    return say("{name} ({notes})", "{name} ({notes})", name=name, notes=Items(notes))


def _is_mana_payment(e: ev.Event) -> bool:
    """A mana ability activated while paying (605.3a: the engine taps for the payment),
    or the source becoming tapped for it."""
    return e.kind in (ev.MANA, ev.TAPPED) and e.rule == "605.3a"


def _fold_draws(events: Sequence[ev.Event]) -> list[ev.Event | list[ev.Event]]:
    """The events, each run of draws by one player for one rule (an opening hand, "draw
    three cards") as one list."""
    out: list[ev.Event | list[ev.Event]] = []
    for e in events:
        last = out[-1] if out else None
        if e.kind == ev.DRAW and isinstance(last, list) and last[0].rule == e.rule and \
                last[0].data.get("player") == e.data.get("player"):
            last.append(e)
        elif e.kind == ev.DRAW:
            out.append([e])
        else:
            out.append(e)
    return out


def _draws_line(draws: list[ev.Event], lang: str) -> str:
    """One line for a run of draws: the cards named if the reader saw them all."""
    first = draws[0]
    if len(draws) == 1:
        return first.render(lang)
    who = first.line.args.get("who")
    cards = [e.line.args.get("card") for e in draws]
    if all(isinstance(c, Card) for c in cards):
        line = say("{who} draws {cards}", "{who} pioche {cards}", who=who,
                   cards=Items(cards, last=(" and ", " et ")))
    else:
        line = say("{who} draws {n} cards", "{who} pioche {n} cartes", who=who,
                   n=len(draws))
    return f"[{first.rule}] {line.render(lang)}"


def _normal(events: Sequence[ev.Event], lang: str) -> list[str]:
    out: list[str] = []
    pending_step: list[str] = []  # a step's begin line, printed with its first content
    paid: list[Any] = []  # mana abilities of the payment under way (605.3a)
    for item in _fold_draws(events):
        if isinstance(item, list):
            out.extend(pending_step)
            pending_step = []
            out.append(_draws_line(item, lang))
            continue
        e = item
        kind = e.kind
        if kind in _NOISE:
            continue
        if not out and e.data.get("players"):
            out.extend(header(e.data, lang))
        if kind == ev.STEP_BEGAN or (kind == ev.PHASE_BEGAN and e.rule == "505"):
            pending_step = [e.render(lang)]
            continue
        if kind == ev.PHASE_BEGAN:
            continue
        if kind == ev.TURN_BEGAN:
            pending_step = []  # (the last step of the turn before was empty)
        if _is_mana_payment(e):
            if kind == ev.MANA and "source" in e.data:
                paid.append(_source(e))
            continue
        out.extend(pending_step)
        pending_step = []
        if kind in (ev.CAST, ev.ACTIVATE) and paid:
            line = say("{line} (mana: {sources})", "{line} (mana : {sources})",
                       line=e.line, sources=Items(paid))
            paid = []
            out.append(f"[{e.rule}] {line.render(lang)}" if e.rule else line.render(lang))
            continue
        if paid:  # mana made without a spell after it (kept: it is in the pool)
            out.append(say("mana from {sources}", "mana de {sources}",
                           sources=Items(paid)).render(lang))
            paid = []
        out.append(e.render(lang))
        if kind == ev.TURN_BEGAN:
            out.extend(board(e.data, lang))
    return out


def _source(e: ev.Event) -> Line:
    """"Mountain (R)": the source of a mana ability's mana, named as its line names it."""
    card = next((a for a in e.line.args.values() if isinstance(a, Card)), None)
    mana = e.data.get("mana")
    name: Any = card if card is not None else Raw(str(e.data.get("source")))
    return say("{card} ({mana})", "{card} ({mana})", card=name,
               mana=Raw(str(mana) if mana else "?"))


def _summary(events: Sequence[ev.Event], lang: str) -> list[str]:
    out: list[str] = []
    turns = 0
    for e in events:
        if not out and e.data.get("players"):
            out.extend(header(e.data, lang))
        board_data = e.data.get("board")
        if e.kind == ev.TURN_BEGAN:
            if board_data and turns:  # the totals as the turn before ended
                out.append("  " + _life_line(board_data, lang))
            turns += 1
            out.append(e.render(lang))
        elif e.kind in (ev.GAME_OVER, ev.GAME_STOPPED):
            out.append(e.render(lang))
            if board_data:
                out.append("  " + _life_line(board_data, lang))
        elif e.kind in _SUMMARY_KINDS or (e.kind == ev.ZONE_CHANGE and
                                          e.data.get("from_zone") == "battlefield"):
            out.append("  " + e.render(lang))
    return out


def _life_line(board_data: Sequence[Mapping[str, Any]], lang: str) -> str:
    """"Life: Alice 17, Bob 20" (the totals at a turn's start: the end of the last)."""
    totals = Items([say("{who} {n}", "{who} {n}", who=Who(p["player"], p["name"]),
                        n=p["life"]) for p in board_data])
    return say("Life: {totals}", "Points de vie : {totals}", totals=totals).render(lang)

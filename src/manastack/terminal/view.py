"""What a seat sees at the table, as lines of text (the board, the hand, the stack, the
pending question), in English or French.  Everything comes from
:func:`~manastack.engine.observation.observe` for that seat (400.2: hidden cards are
counted, never named) and from the notation as that seat reads it: the ``*_of`` forms
take the observation and the labels alone (a seat on a server sees nothing else).
"""

from __future__ import annotations

from typing import Any

from manastack.engine import Game
from manastack.engine.notation import Notation
from manastack.lines import Line, Raw, Term, say
from manastack.table import Table
from manastack.terminal.seat import SeatQuestion, Seats


def tr(lang: str, en: str, fr: str, **args: Any) -> str:
    """``en`` or ``fr``, formatted with ``args`` (the words of the screen)."""
    typed = {k: Raw(v) if isinstance(v, str) else v for k, v in args.items()}
    # (a Line made here: the words of the screen are no event's line, whose templates
    # tests/test_log_french.py reads at their ``say`` calls)
    return Line(en, fr, typed).render(lang)


def _permanent(q: dict[str, Any], names: dict[Any, str], lang: str) -> str:
    text = names.get(q["id"], q["name"])
    if "power" in q:
        text += f" {q['power']}/{q['toughness']}"
    notes = []
    if q.get("tapped"):
        notes.append(tr(lang, "tapped", "engagé"))
    if q.get("damage"):
        notes.append(tr(lang, "{n} damage", "{n} blessures", n=q["damage"]))
    for kind, n in (q.get("counters") or {}).items():
        notes.append(f"{kind} x{n}")
    if q.get("attached_to") is not None:
        to = q["attached_to"]
        notes.append(tr(lang, "on {what}", "sur {what}", what=names.get(to, str(to))
                        if not isinstance(to, str) else names.get(to, to)))
    if q.get("phased_out"):
        notes.append(tr(lang, "phased out", "hors phase"))
    return text + (f" ({', '.join(notes)})" if notes else "")


def _names(game: Game, seat: int) -> dict[Any, str]:
    """Labels of objects and players as ``seat`` names them (numbered where shared);
    players also by their ``P<n>`` reference of the observation."""
    labels = Notation(game, seat).labels
    out: dict[Any, str] = dict(labels)
    for p in game.players:
        out[f"P{p.index}"] = p.name
    return out


def player_lines(game: Game, seat: int, lang: str = "en") -> list[str]:
    """One block per player (in seat order): life, poison, hand, library and graveyard
    counts, then their permanents."""
    return board_lines(game.observe(seat), _names(game, seat), seat, lang)


def obs_names(obs: dict[str, Any]) -> dict[Any, str]:
    """Labels from an observation alone (a client of the server): the objects' names,
    the players by their ``P<n>`` reference."""
    out: dict[Any, str] = {}
    for p in obs["players"]:
        out[f"P{p['index']}"] = p["name"]
        for c in p.get("hand") or ():
            out[c["id"]] = c["name"]
    for zone in ("battlefield", "stack"):
        for q in obs.get(zone) or ():
            out.setdefault(q["id"], q["name"])
    return out


def board_lines(obs: dict[str, Any], names: dict[Any, str], seat: int | None,
                lang: str = "en") -> list[str]:
    """:func:`player_lines` from an observation and the labels of its objects."""
    out: list[str] = []
    for p in obs["players"]:
        idx = p["index"]
        facts = [tr(lang, "{n} life", "{n} points de vie", n=p["life"])]
        if p["poison"]:
            facts.append(tr(lang, "{n} poison", "{n} poison", n=p["poison"]))
        facts.append(tr(lang, "hand {n}", "main {n}", n=p["hand_size"]))
        facts.append(tr(lang, "library {n}", "bibliothèque {n}", n=p["library_size"]))
        facts.append(tr(lang, "graveyard {n}", "cimetière {n}", n=len(p["graveyard"])))
        mark = "*" if obs["active_player"] == idx else " "
        you = tr(lang, " (you)", " (vous)") if idx == seat else ""
        lost = tr(lang, " - lost", " - a perdu") if p["lost"] else ""
        out.append(f"{mark}{p['name']}{you}: {', '.join(facts)}{lost}")
        perms = [q for q in obs["battlefield"] if q["controller"] == idx]
        combat = obs.get("combat") or {}
        attacking = combat.get("attackers", {})
        blocking = combat.get("blockers", {})
        if perms:
            for q in perms:
                line = "    " + _permanent(q, names, lang)
                key = str(q["id"])
                if key in attacking:
                    line += " - " + tr(lang, "attacking {who}", "attaque {who}",
                                       who=names.get(attacking[key], "?"))
                elif key in blocking:
                    blocked = blocking[key]
                    blocked = blocked if isinstance(blocked, list | tuple) else [blocked]
                    line += " - " + tr(lang, "blocking {what}", "bloque {what}", what=", ".join(
                        names.get(a, "?") for a in blocked))
                out.append(line)
        else:
            out.append("    " + tr(lang, "(no permanent)", "(aucun permanent)"))
    return out


def hand_lines(game: Game, seat: int, lang: str = "en") -> list[str]:
    return hand_lines_of(game.observe(seat), _names(game, seat), seat, lang)


def hand_lines_of(obs: dict[str, Any], names: dict[Any, str], seat: int,
                  lang: str = "en") -> list[str]:
    """``seat``'s hand from its observation."""
    p = obs["players"][seat]
    hand = p.get("hand") or []
    head = tr(lang, "{who}'s hand ({n}):", "Main de {who} ({n}) :", who=p["name"],
              n=len(hand))
    return [head] + (["    " + names.get(c["id"], c["name"]) for c in hand] or
                     ["    " + tr(lang, "(empty)", "(vide)")])


def stack_lines(game: Game, seat: int, lang: str = "en") -> list[str]:
    return stack_lines_of(game.observe(seat), _names(game, seat), lang)


def stack_lines_of(obs: dict[str, Any], names: dict[Any, str], lang: str = "en"
                   ) -> list[str]:
    """The stack (top first) from an observation."""
    if not obs["stack"]:
        return [tr(lang, "Stack: empty", "Pile : vide")]
    out = [tr(lang, "Stack (top first):", "Pile (le dessus d'abord) :")]
    for item in reversed(obs["stack"]):
        who = obs["players"][item["controller"]]["name"]
        targets = [names.get(t, str(t)) for t in item["targets"]]
        label = names.get(item["id"], item["name"])
        out.append(f"    {label} ({who})" + (" -> " + ", ".join(targets) if targets else ""))
    return out


def status_line(table: Table, q: SeatQuestion | None) -> str:
    """Turn, step, active player, and who must decide what."""
    game = table.game
    return status_of(game.turn_number, game.players[game.active_player].name,
                     game.step.name if game.step is not None else "", table.lang,
                     q, table.name(q.seat) if q is not None else "")


def status_of(turn: int, active: str, step: str, lang: str, q: SeatQuestion | None,
              who: str) -> str:
    """:func:`status_line` from its parts (``who``: the name of the seat asked)."""
    where = tr(lang, "Turn {n}, {who}'s turn", "Tour {n}, tour de {who}", n=turn,
               who=active)
    if step:
        where += f", {say('{s}', '{s}', s=Term(step)).render(lang)}"
    if q is None:
        return where
    return where + " - " + tr(lang, "{who} decides: {what} (CR {rule})",
                              "{who} décide : {what} (CR {rule})", who=who,
                              what=q.prompt, rule=q.rule or "-")


def question_lines(lang: str, q: SeatQuestion) -> list[str]:
    """The numbered answers of the question (and how to type others)."""
    out = [f"{c.number:>3}. {c.text}" for c in q.choices]
    if not q.complete:
        out.append(tr(lang, "  (more answers: type one in the notation, e.g. "
                      "'attack Grizzly Bears -> Bob')",
                      "  (d'autres réponses : tapez-en une dans la notation, par ex. "
                      "'attack Grizzly Bears -> Bob')"))
    return out


def screen_lines(seats: Seats, q: SeatQuestion) -> list[str]:
    """Everything the seat asked sees, for the plain prompt."""
    seat = q.seat
    return (seats.board_lines(seat) + seats.side_lines(seat) + [seats.status_line(q)]
            + question_lines(seats.lang, q))

"""What a seat sees at the table, as lines of text (the board, the hand, the stack, the
pending question), in English or French.  Everything comes from
:func:`~manastack.engine.observation.observe` for that seat (400.2: hidden cards are
counted, never named) and from the notation as that seat reads it.
"""

from __future__ import annotations

from typing import Any

from manastack.engine import Game
from manastack.engine.notation import Notation
from manastack.lines import Line, Raw, Term, say
from manastack.table import Question, Table


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
    """One block per player (``seat`` first... in seat order): life, poison, hand,
    library and graveyard counts, then their permanents."""
    obs = game.observe(seat)
    names = _names(game, seat)
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
    names = _names(game, seat)
    hand = game.players[seat].hand
    head = tr(lang, "{who}'s hand ({n}):", "Main de {who} ({n}) :",
              who=game.players[seat].name, n=len(hand))
    return [head] + (["    " + names.get(i, "?") for i in hand] or
                     ["    " + tr(lang, "(empty)", "(vide)")])


def stack_lines(game: Game, seat: int, lang: str = "en") -> list[str]:
    obs = game.observe(seat)
    names = _names(game, seat)
    if not obs["stack"]:
        return [tr(lang, "Stack: empty", "Pile : vide")]
    out = [tr(lang, "Stack (top first):", "Pile (le dessus d'abord) :")]
    for item in reversed(obs["stack"]):
        who = game.players[item["controller"]].name
        targets = [names.get(t, str(t)) for t in item["targets"]]
        label = names.get(item["id"], item["name"])
        out.append(f"    {label} ({who})" + (" -> " + ", ".join(targets) if targets else ""))
    return out


def status_line(table: Table, q: Question | None) -> str:
    """Turn, step, active player, and who must decide what."""
    game, lang = table.game, table.lang
    step = game.step.name if game.step is not None else ""
    where = tr(lang, "Turn {n}, {who}'s turn", "Tour {n}, tour de {who}", n=game.turn_number,
               who=game.players[game.active_player].name)
    if step:
        where += f", {say('{s}', '{s}', s=Term(step)).render(lang)}"
    if q is None:
        return where
    d = q.decision
    return where + " - " + tr(lang, "{who} decides: {what} (CR {rule})",
                              "{who} décide : {what} (CR {rule})", who=table.name(q.seat),
                              what=d.prompt, rule=d.rule or "-")


def question_lines(table: Table, q: Question) -> list[str]:
    """The numbered answers of the question (and how to type others)."""
    lang = table.lang
    out = [f"{c.number:>3}. {c.text}" for c in q.choices]
    if not q.complete:
        out.append(tr(lang, "  (more answers: type one in the notation, e.g. "
                      "'attack Grizzly Bears -> Bob')",
                      "  (d'autres réponses : tapez-en une dans la notation, par ex. "
                      "'attack Grizzly Bears -> Bob')"))
    return out


def screen_lines(table: Table, q: Question) -> list[str]:
    """Everything the seat asked sees, for the plain prompt."""
    seat, game, lang = q.seat, table.game, table.lang
    return (player_lines(game, seat, lang) + stack_lines(game, seat, lang)
            + hand_lines(game, seat, lang) + [status_line(table, q)]
            + question_lines(table, q))

"""The messages of the game server's protocol, version :data:`PROTOCOL_VERSION`
(``docs/protocol.md``).

Every message is one JSON object, a WebSocket text frame.  The server sends a seat (or a
spectator) ``welcome`` (everything: its whole view of the log, its observation, its
pending decision), then an ``update`` whenever the game moves (the new events of its
view, its observation, its decision or who is awaited), and ``error`` (one line: the
problem; the game unchanged).  A client sends ``answer`` (in the notation, or the number
of a listed action), ``lang`` (``en``/``fr``: everything is sent again in that
language), ``pass_turn`` (F6), ``stops``, ``resend`` and ``ping``.

What a viewer is sent is what it may see (CR 400.2): its observation
(:func:`~manastack.engine.observation.observe`), its view of the log
(:func:`~manastack.log.view_log`, the notes of its auto-pass merged in), and only the
decider is sent a decision's prompt, options and legal actions (in the notation as it
sees the game, :class:`~manastack.engine.notation.Notation`).  Nothing else of the game
goes out.

:func:`read_message` checks a client's message (size, JSON, type, fields) and raises
:class:`ProtocolError`, one line, for anything else.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from manastack.engine.notation import Notation
from manastack.errors import ManastackError
from manastack.game.decisions import ChoiceDecision, CombatDecision, Decision
from manastack.limits import MAX_NOTATION_LENGTH, load_json
from manastack.log import Event
from manastack.reprs import brief
from manastack.stops import PRIORITY_STEPS

if TYPE_CHECKING:
    from manastack.engine import Game

#: The protocol's version, in every message the server sends (``"v"``).
PROTOCOL_VERSION: Final = 1
#: The largest message a client may send (bytes of its text); longer ones are refused
#: unread (the server's WebSocket limit is set a little above it).
MAX_MESSAGE_BYTES: Final = 16 * 1024
#: At most this many legal actions are listed with a decision; a decision with more
#: (or a combat declaration with more than :data:`MAX_LISTED_CANDIDATES` creatures) is
#: sent unlisted (``"listed": false``): the client writes its answer in the notation.
MAX_LISTED_ACTIONS: Final = 600
MAX_LISTED_CANDIDATES: Final = 6
#: The languages of the rendered texts.
LANGS: Final = ("en", "fr")

#: The client's message types and the fields each may hold (besides ``type``).
CLIENT_MESSAGES: Final[dict[str, frozenset[str]]] = {
    "answer": frozenset({"text", "index", "decision"}),
    "lang": frozenset({"lang"}),
    "pass_turn": frozenset(),
    "stops": frozenset({"own", "others", "when_attacked", "end_step_with_instant",
                        "stack", "ask_with_nothing_to_do", "f6_stops_for_spells"}),
    "resend": frozenset(),
    "ping": frozenset(),
    "undo": frozenset(),
}


class ProtocolError(ManastackError):
    """A client message the protocol refuses (one line naming the problem)."""


def read_message(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a JSON object of at most :data:`MAX_MESSAGE_BYTES`,
    a known ``type`` and only its fields, of the right types.  Raises
    :class:`ProtocolError`."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE_BYTES:
            raise ProtocolError(f"message over {MAX_MESSAGE_BYTES:,} bytes (the limit)")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("message not UTF-8 text") from None
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > \
            MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message over {MAX_MESSAGE_BYTES:,} bytes (the limit)")
    try:
        msg = load_json(text, where="message", error=ProtocolError, items=2_000)
    except ProtocolError:
        raise
    except ValueError as e:
        raise ProtocolError(f"message not JSON ({brief(str(e))})") from None
    if not isinstance(msg, dict):
        raise ProtocolError(f"message must be a JSON object, not {brief(msg)}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise ProtocolError(f"unknown message type {brief(kind)} (one of "
                            f"{', '.join(CLIENT_MESSAGES)})")
    extra = sorted(set(msg) - CLIENT_MESSAGES[kind] - {"type"})
    if extra:
        raise ProtocolError(f"{kind}: unknown field {brief(extra[0])}")
    if kind == "answer":
        has_text, has_index = "text" in msg, "index" in msg
        if has_text == has_index:
            raise ProtocolError("answer: give either text (the notation) or index")
        if has_text and not isinstance(msg["text"], str):
            raise ProtocolError(f"answer: text must be a string, not {brief(msg['text'])}")
        if has_text and len(msg["text"]) > MAX_NOTATION_LENGTH:
            raise ProtocolError(f"answer: text over {MAX_NOTATION_LENGTH:,} characters "
                                "(the limit)")
        if has_index and type(msg["index"]) is not int:
            raise ProtocolError(f"answer: index must be an integer, not "
                                f"{brief(msg['index'])}")
        if "decision" in msg and type(msg["decision"]) is not int:
            raise ProtocolError(f"answer: decision must be an integer, not "
                                f"{brief(msg['decision'])}")
    elif kind == "lang":
        if msg.get("lang") not in LANGS:
            raise ProtocolError(f"lang: one of {', '.join(LANGS)}, not "
                                f"{brief(msg.get('lang'))}")
    elif kind == "stops":
        for key in ("own", "others"):
            if key in msg:
                v = msg[key]
                if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
                    raise ProtocolError(f"stops: {key} must be a list of step names")
                bad = [s for s in v if s not in PRIORITY_STEPS]
                if bad:
                    raise ProtocolError(f"stops: {key}: no step with priority named "
                                        f"{brief(bad[0])}")
        for key in CLIENT_MESSAGES["stops"] - {"own", "others"}:
            if key in msg and type(msg[key]) is not bool:
                raise ProtocolError(f"stops: {key} must be true or false")
    return msg


def frame(kind: str, **fields: Any) -> str:
    """A server message: ``{"v": 1, "type": kind, ...fields}`` as JSON text."""
    return json.dumps({"v": PROTOCOL_VERSION, "type": kind, **fields},
                      ensure_ascii=False, separators=(",", ":"))


def error_frame(message: str) -> str:
    """An ``error`` message: one line naming the problem."""
    line = " ".join(str(message).split())
    return frame("error", error=line if len(line) <= 500 else line[:497] + "...")


def _plain(v: Any) -> Any:
    """An event's field as JSON (as :meth:`Event.to_json <manastack.log.Event.to_json>`
    writes it: sets sorted, objects by their ``log_json``)."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (dict, MappingProxyType)):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted((_plain(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True))
    if hasattr(v, "log_json"):
        return _plain(v.log_json())
    return str(v)


def event_json(event: Event, lang: str) -> dict[str, Any]:
    """An event of a viewer's log: its kind, rule, turn, ``text`` (``[rule] line`` in
    ``lang``) and ``data`` (its typed fields, as in ``docs/events.schema.json``)."""
    return {"kind": event.kind, "rule": event.rule, "turn": event.turn,
            "text": event.render(lang), "data": _plain(event.fields())}


def events_json(events: Iterable[Event], lang: str) -> list[dict[str, Any]]:
    return [event_json(e, lang) for e in events]


def listable(d: Decision) -> bool:
    """May the legal actions of ``d`` be listed cheaply (their number bounded)?"""
    if isinstance(d, CombatDecision) and d.kind in ("declare_attackers", "declare_blockers"):
        return len(d.candidates) <= MAX_LISTED_CANDIDATES
    return True


def decision_json(game: Game, seat: int) -> dict[str, Any]:
    """The pending decision as its decider ``seat`` is sent it: its number (the count of
    answers so far: an answer may name it to be refused if the game moved on), kind,
    rule, prompt, the legal actions numbered from 0 with their text in the notation and
    JSON (at most :data:`MAX_LISTED_ACTIONS`, else ``listed`` is false), and what the
    client needs to build an answer: a choice's options (labelled), counts and order; a
    combat declaration's candidates (and a declaration of blockers, the attackers)."""
    d = game.decision
    assert d is not None and d.by == seat
    notation = Notation(game, seat)
    out: dict[str, Any] = {"number": len(game.history), "player": d.player, "kind": d.kind,
                           "rule": d.rule, "prompt": d.prompt}
    listed = listable(d)
    actions = d.legal_actions(game) if listed else []
    if len(actions) > MAX_LISTED_ACTIONS:
        listed, actions = False, []
    out["listed"] = listed
    out["actions"] = [{"index": i, "text": notation.text(a), "action": a.to_json()}
                      for i, a in enumerate(actions)]
    if isinstance(d, ChoiceDecision):
        labels = d.labels if len(d.labels) == len(d.options) else ()
        opts = []
        for i, o in enumerate(d.options):
            label = labels[i] if labels else notation.name(o) if type(o) is int and \
                o in game.objects else str(o)
            opts.append({"value": o if isinstance(o, (int, str, bool)) else str(o),
                         "label": label})
        out["choice"] = {"options": opts, "min": d.min_count, "max": d.max_count,
                         "ordered": d.ordered, "purpose": d.purpose}
    elif isinstance(d, CombatDecision):
        out["candidates"] = [{"id": c, "label": notation.name(c)} if type(c) is int
                             else {"id": str(c), "label": str(c)} for c in d.candidates]
        if d.kind == "declare_blockers" and game.combat is not None:
            # (what a blocker may block, named as the notation names them: a page writes
            # an unlisted declaration with these labels)
            out["attackers"] = [{"id": a, "label": notation.name(a)}
                                for a in game.combat.attackers]
    return out


def waiting_json(game: Game) -> dict[str, Any] | None:
    """Who the game waits for (shown to everyone): the deciding player, the player the
    decision is for, its kind; None when the game is over."""
    d = game.decision
    if d is None:
        return None
    return {"decider": d.by, "player": d.player, "kind": d.kind,
            "name": game.players[d.by].name}


def seat_names(names: Sequence[str]) -> list[dict[str, Any]]:
    return [{"seat": i, "name": n} for i, n in enumerate(names)]

"""The action notation: one canonical text for every action, read back (docs/notation.md).

``action_text(game, action)`` writes an answer with card names and seats, as its player
sees the game (``cast Lightning Bolt -> Bob``, ``attack Grizzly Bears -> Bob``, ``pass``);
``parse_action(game, text)`` reads one back for the pending decision: case-insensitive,
whitespace-tolerant, any unambiguous prefix of a name.  ``parse_action(game,
action_text(game, a)) == a`` for every action of the pending decision.

Names.  A player is named by their name.  An object is named by its name when its
reader may see it (CR 400.2: :func:`~manastack.rules.hidden.visible_to`, and the options
the pending decision shows its decider), else by what they know of it: ``face-down
creature`` (406.3), ``card in Bob's hand``, ``card in Bob's library``, ``unknown
object``.  When several objects share such a name, each is numbered by object id (the
order in which they became objects, 400.7): ``Grizzly Bears #1``, ``Grizzly Bears #2``.
The numbers are over every object its reader may name, in every zone, so a name with
its number names one object whatever the verb.

Errors are :class:`NotationError` (one line; a :class:`~manastack.errors.ManastackError`)
listing at most :data:`~manastack.limits.MAX_SUGGESTIONS` candidates ("and N more"),
named as above (never a card the reader may not see).  A text longer than
:data:`~manastack.limits.MAX_NOTATION_LENGTH` is refused unread
(:class:`~manastack.errors.InputLimitError`).

Only the front ends call this: the engine never computes a text while a game runs.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import Any, Final

from manastack.errors import InputLimitError, ManastackError
from manastack.game.decisions import (
    Action,
    Activate,
    AssignDamage,
    Cast,
    ChoiceDecision,
    Choose,
    Concede,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    OrderDamage,
    Pass,
    PlayLand,
    Special,
)
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameState
from manastack.limits import MAX_NOTATION_LENGTH, MAX_SUGGESTIONS
from manastack.rules.casting import activated_abilities
from manastack.rules.hidden import visible_to

__all__ = ["NotationError", "Notation", "SPECTATOR_VIEW", "action_text", "parse_action"]

#: How many ", "-separated pieces one name may span (names holding commas: "Jace,
#: Memory Adept", choice labels).
_MAX_PIECES: Final = 12
_VERBS: Final = ("pass", "play", "cast", "activate", "attack", "block", "order", "assign",
                 "choose", "keep", "mulligan", "special", "concede")


#: The choices that are damage assignment orders (509.2, 509.3): written ``order A, B``.
_ORDER_KINDS: Final = ("order_blockers", "order_attackers")


#: The viewer who is no player (a spectator, 400.2): pass it as ``player`` to write what a
#: spectator may name (``None`` means the player who must decide).
SPECTATOR_VIEW: Final = "spectator"


class NotationError(ManastackError, ValueError):
    """A text that isn't an action of the notation, or names no object or several."""


def _norm(text: str) -> str:
    """Case folded, whitespace collapsed, one space around ``->`` and ``+``, one after
    ``,``, ``;`` and ``:`` (the same for a text and the names it is matched against)."""
    text = " ".join(text.split()).lower()
    if not _SEPARATOR.search(text):
        return text  # (most names: nothing to space)
    text = _ARROW.sub(" -> ", text)
    text = _PLUS.sub(" + ", text)
    text = _PUNCTUATION.sub(r"\1 ", text)
    return text.strip()


_NUMBERED: Final = re.compile(r"^(.+) #([0-9]{1,6})$")
_SEPARATOR: Final = re.compile(r"->|[+,;:]")
_ARROW: Final = re.compile(r" ?-> ?")
_PLUS: Final = re.compile(r" ?\+ ?")
_PUNCTUATION: Final = re.compile(r" ?([,;:]) ?")


def _begins(keys: list[str], chunk: str) -> bool:
    """Does ``chunk`` begin one of the sorted ``keys``?"""
    k = bisect_left(keys, chunk)
    return bool(chunk) and k < len(keys) and keys[k].startswith(chunk)


def _listing(labels: Sequence[str]) -> str:
    shown = ", ".join(labels[:MAX_SUGGESTIONS])
    more = len(labels) - MAX_SUGGESTIONS
    return shown + (f" and {more} more" if more > 0 else "")


def _quote(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _hidden_name(game: GameState, o: Any) -> str:
    """What a player who may not see the object ``o`` knows of it (400.2, 406.3)."""
    if isinstance(o, GameObject):
        if o.face_down:
            return {Zone.BATTLEFIELD: "face-down creature",
                    Zone.STACK: "face-down spell"}.get(o.zone, "face-down card")
        if o.zone in (Zone.HAND, Zone.LIBRARY):
            return f"card in {game.players[o.owner].name}'s {o.zone}"
    return "unknown object"


class Notation:
    """The notation of actions as ``viewer`` sees ``game`` now (a seat or a name; by
    default the player who must decide; :data:`SPECTATOR_VIEW` for a spectator): names
    for every object they may name, numbered where shared.  Make a new one after the
    game changes."""

    def __init__(self, game: GameState, viewer: Any = None) -> None:
        self.game = game
        d = game.decision
        if viewer is None:
            viewer = d.by if d is not None else None
        elif isinstance(viewer, str) and viewer == SPECTATOR_VIEW:
            viewer = None
        elif not isinstance(viewer, int):
            viewer = game.player_index(viewer)  # (a name: refused if no player has it)
        self.viewer: int | None = viewer
        self._labels: dict[Any, str] | None = None
        self._by_label: dict[str, list[Any]] | None = None
        self._sorted_labels: list[str] | None = None

    @property
    def labels(self) -> dict[Any, str]:
        """Each object id and player (a :class:`PlayerRef`) -> its label (its name, and
        its number when shared), made when first needed (passing needs none)."""
        if self._labels is not None:
            return self._labels
        game, viewer, d = self.game, self.viewer, self.game.decision
        shown = set()
        if d is not None and d.by == viewer:
            shown = {o for o in getattr(d, "options", ()) if type(o) is int}
        names: dict[Any, str] = {}
        for oid in sorted(game.objects):
            o = game.objects[oid]
            seen = visible_to(game, viewer, oid) or oid in shown
            names[oid] = o.name if seen else _hidden_name(game, o)
        for p in game.players:
            names[PlayerRef(p.index)] = p.name
        counts: dict[str, int] = {}
        for name in names.values():
            counts[name] = counts.get(name, 0) + 1
        seen_n: dict[str, int] = {}
        labels: dict[Any, str] = {}
        for ref, name in names.items():
            if counts[name] > 1:
                seen_n[name] = seen_n.get(name, 0) + 1
                name = f"{name} #{seen_n[name]}"
            labels[ref] = name
        self._labels = labels
        return labels

    # ------------------------------------------------------------ writing

    def name(self, ref: Any) -> str:
        """The label of an object id or a player."""
        label = self.labels.get(ref)
        return label if label is not None else "unknown object"

    def _names(self, refs: Iterable[Any], sep: str = ", ") -> str:
        return sep.join(self.name(r) for r in refs)

    def _pay(self, pay: tuple[Any, ...] | None) -> str:
        if pay is None:
            return ""
        if pay == ("pool",):
            return " pay pool"
        return " pay " + self._names(pay) if pay else " pay nothing"

    def text(self, action: Action) -> str:
        """The canonical text of ``action`` (docs/notation.md)."""
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Concede):
            return "concede"
        if isinstance(action, Mulligan):
            return "mulligan" if action.take else "keep"
        if isinstance(action, PlayLand):
            return f"play {self.name(action.card)}"
        if isinstance(action, Cast):
            out = f"cast {self.name(action.card)}"
            if action.x:
                out += f" X={action.x}"
            if action.modes:
                out += " mode " + "+".join(str(m + 1) for m in action.modes)
            if action.alt:
                out += f" alt={action.alt}"
            if action.targets:
                out += " -> " + self._names(action.targets)
            return out + self._pay(action.pay)
        if isinstance(action, Activate):
            out = f"activate {self.name(action.source)}"
            if action.ability != 0 or self._abilities(action.source) != 1:
                out += f": {action.ability + 1}"
            if action.x:
                out += f" X={action.x}"
            if action.mana is not None:
                out += f" mana={action.mana}"
            if action.targets:
                out += " -> " + self._names(action.targets)
            return out + self._pay(action.pay)
        if isinstance(action, DeclareAttackers):
            out = "attack " + ", ".join(f"{self.name(a)} -> {self.name(d)}"
                                        for a, d in action.attacks)
            for band in action.bands:
                out += "; band " + self._names(band)
            return out.rstrip()
        if isinstance(action, DeclareBlockers):
            return ("block " + ", ".join(f"{self.name(b)} -> {self._names(a, ' + ')}"
                                         for b, a in action.blocks)).rstrip()
        if isinstance(action, OrderDamage):
            return ("order " + "; ".join(f"{self.name(c)}: {self._names(o)}"
                                         for c, o in action.orders)).rstrip()
        if isinstance(action, AssignDamage):
            return ("assign " + "; ".join(
                f"{self.name(c)}: " + ", ".join(f"{n} -> {self.name(r)}" for r, n in parts)
                for c, parts in action.assignments)).rstrip()
        if isinstance(action, Choose):
            labels = self._option_labels()
            index = self._option_index()
            items = []
            for it in action.items:
                k = index.get((type(it), it))
                items.append(labels[k] if k is not None else self._option_text(it))
            verb = "order" if self._orders_damage() else "choose"
            return (f"{verb} " + ", ".join(items)).rstrip()
        if isinstance(action, Special):
            out = f"special {action.kind}"
            return out + (f" {self.name(action.source)}" if action.source else "")
        raise NotationError(f"{type(action).__name__} has no notation")

    def _abilities(self, source: int) -> int:
        o = self.game.objects.get(source)
        return len(activated_abilities(self.game, o)) if isinstance(o, GameObject) else 1

    # ------------------------------------------------------------ choices

    def _options(self) -> tuple[Any, ...]:
        d = self.game.decision
        return d.options if isinstance(d, ChoiceDecision) else ()

    def _orders_damage(self) -> bool:
        """Is the pending decision a damage assignment order, answered by choosing the
        creatures in order (509.2, 509.3)?  Its text is ``order A, B``."""
        d = self.game.decision
        return isinstance(d, ChoiceDecision) and d.kind in _ORDER_KINDS

    def _option_text(self, option: Any, k: int = -1) -> str:
        d = self.game.decision
        if k >= 0 and isinstance(d, ChoiceDecision) and len(d.labels) == len(d.options):
            return " ".join(str(d.labels[k]).split())
        if type(option) is PlayerRef:
            return self.name(option)
        if type(option) is bool:
            return "yes" if option else "no"
        if option is None:
            return "nothing"
        if type(option) is int:
            numbers = any(type(o) is int and o == 0 for o in self._options())
            return str(option) if numbers or option not in self.game.objects \
                else self.name(option)
        if type(option) is tuple:
            return "(" + " ".join(self._option_text(x) for x in option) + ")"
        return " ".join(str(option).split())

    def _option_labels(self) -> list[str]:
        """The label of each option of the pending choice, numbered where shared."""
        texts = [self._option_text(o, k) for k, o in enumerate(self._options())]
        counts: dict[str, int] = {}
        for t in texts:
            counts[_norm(t)] = counts.get(_norm(t), 0) + 1
        seen: dict[str, int] = {}
        out = []
        for t in texts:
            if counts[_norm(t)] > 1:
                seen[_norm(t)] = seen.get(_norm(t), 0) + 1
                t = f"{t} #{seen[_norm(t)]}"
            out.append(t)
        return out

    def _option_index(self) -> dict[tuple[type, Any], int]:
        out: dict[tuple[type, Any], int] = {}
        for k, o in enumerate(self._options()):
            try:
                out.setdefault((type(o), o), k)
            except TypeError:  # (an unhashable option: written as itself)
                pass
        return out

    # ------------------------------------------------------------ reading

    def _resolve(self, text: str, labels: dict[str, list[Any]], prefer: set[Any] | None,
                 what: str) -> Any:
        """The one thing whose label ``text`` names (exactly, or as a prefix), among
        ``labels`` (normalized label -> things), ``prefer`` first when it decides."""
        key = _norm(text)
        if not key:
            raise NotationError(f"expected {what}, found nothing")
        exact = labels.get(key)
        if exact is not None and len(exact) == 1:
            return exact[0]
        found = list(exact) if exact else [t for lab, ts in labels.items()
                                           if lab.startswith(key) for t in ts]
        numbered = _NUMBERED.match(key)
        if not found and numbered:  # a prefix and a number: "griz #2"
            head, tail = numbered[1], f" #{numbered[2]}"
            found = [t for lab, ts in labels.items()
                     if lab.startswith(head) and lab.endswith(tail) for t in ts]
        if len(found) > 1 and prefer:
            narrowed = [t for t in found if t in prefer]
            if narrowed:
                found = narrowed
        if len(found) == 1:
            return found[0]
        if not found:
            pool = [t for ts in labels.values() for t in ts
                    if prefer is None or t in prefer] or \
                [t for ts in labels.values() for t in ts]
            raise NotationError(f"no {what} is named {_quote(text)}; candidates: "
                                f"{_listing(sorted({self._shown(t) for t in pool}))}")
        raise NotationError(f"{_quote(text)} is ambiguous: "
                            f"{_listing(sorted({self._shown(t) for t in found}))}")

    def _shown(self, thing: Any) -> str:
        if isinstance(thing, tuple) and len(thing) == 2 and thing[0] == "option":
            return self._option_labels()[thing[1]]
        return self.name(thing)

    def _object_labels(self) -> dict[str, list[Any]]:
        if self._by_label is None:
            self._by_label = {}
            for ref, label in self.labels.items():
                self._by_label.setdefault(_norm(label), []).append(ref)
        return self._by_label

    def _ref(self, text: str, prefer: set[Any] | None = None, what: str = "object") -> Any:
        return self._resolve(text, self._object_labels(), prefer, what)

    def _refs(self, text: str, prefer: set[Any] | None = None, sep: str = ", ",
              what: str = "object") -> tuple[Any, ...]:
        """The objects and players of a ``sep``-separated list (a name may hold ``sep``:
        the longest run of pieces that names something is taken)."""
        pieces = text.split(sep)
        out: list[Any] = []
        i = 0
        while i < len(pieces):
            for k in range(min(_MAX_PIECES, len(pieces) - i), 0, -1):
                chunk = sep.join(pieces[i:i + k])
                if k == 1 or self._names_something(chunk):
                    out.append(self._ref(chunk, prefer, what))
                    i += k
                    break
        return tuple(out)

    def _names_something(self, chunk: str) -> bool:
        """Does ``chunk`` (normalized) begin the label of an object or a player?"""
        keys = self._sorted_labels
        if keys is None:
            keys = self._sorted_labels = sorted(self._object_labels())
        return _begins(keys, chunk)

    def _legal(self) -> list[Action]:
        d = self.game.decision
        if d is None or d.by != self.viewer:
            return []
        try:
            return d.legal_actions(self.game)
        except (AssertionError, NotImplementedError):
            return []

    def parse(self, text: str) -> Action:
        """The action ``text`` writes (see the module's docstring), for the pending
        decision."""
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, not "
                                f"{type(text).__name__}")
        if len(text) > MAX_NOTATION_LENGTH:
            raise InputLimitError(f"an action's text of {len(text):,} characters (the limit "
                                  f"is {MAX_NOTATION_LENGTH:,})")
        norm = _norm(text)
        verb, _, rest = norm.partition(" ")
        if verb not in _VERBS:
            raise NotationError(f"unknown verb {_quote(verb)}: expected one of "
                                f"{', '.join(_VERBS)}")
        if verb in ("pass", "concede", "keep", "mulligan"):
            if rest:
                raise NotationError(f"{verb} takes nothing after it (got {_quote(rest)})")
            return {"pass": Pass(), "concede": Concede(), "keep": Mulligan(False),
                    "mulligan": Mulligan(True)}[verb]
        if verb == "play":
            return PlayLand(self._ref(rest, self._listed(PlayLand, "card"), "card"))
        if verb in ("cast", "activate"):
            return self._cast_or_activate(verb, rest)
        if verb == "special":
            kind, _, source = rest.partition(" ")
            if not kind:
                raise NotationError("special needs a kind (special planar_die)")
            return Special(kind, self._ref(source, self._battlefield()) if source else 0)
        if verb == "choose" or verb == "order" and self._orders_damage():
            return Choose(self._choose(rest))
        if rest in ("", "none"):
            return {"attack": DeclareAttackers(), "block": DeclareBlockers(),
                    "order": OrderDamage(), "assign": AssignDamage()}[verb]
        if verb == "attack":
            return self._attack(rest)
        if verb == "block":
            return DeclareBlockers(tuple(
                (self._ref(b, self._battlefield(), "blocker"),
                 self._refs(a, self._battlefield(), " + ", "attacker"))
                for b, a in self._pairs(rest, " -> ")))
        if verb == "order":
            return OrderDamage(tuple(
                (self._ref(c, self._battlefield(), "creature"),
                 self._refs(o, self._battlefield(), what="creature"))
                for c, o in (self._split_once(part, ": ") for part in rest.split("; "))))
        return AssignDamage(tuple(
            (self._ref(c, self._battlefield(), "creature"), self._amounts(parts))
            for c, parts in (self._split_once(part, ": ") for part in rest.split("; "))))

    # (the pieces of each verb)

    def _listed(self, cls: type, name: str) -> set[Any]:
        return {getattr(a, name) for a in self._legal() if type(a) is cls}

    def _battlefield(self) -> set[Any]:
        return set(self.game.battlefield) | {PlayerRef(p.index) for p in self.game.players}

    @staticmethod
    def _split_once(text: str, sep: str) -> tuple[str, str]:
        head, found, tail = text.partition(sep)
        if not found:
            raise NotationError(f"expected {sep.strip()!r} in {_quote(text)}")
        return head, tail

    def _pairs(self, text: str, sep: str) -> list[tuple[str, str]]:
        """``A -> B, C -> D`` as [(A, B), (C, D)]: split at ``sep``; the ", " between a
        right side and the next left side is the last one that leaves a name on the left
        (a name may hold ", ")."""
        chunks = text.split(sep)
        if len(chunks) < 2:
            raise NotationError(f"expected {sep.strip()!r} in {_quote(text)}")
        lefts, rights = [chunks[0]], []
        for chunk in chunks[1:-1]:
            pieces = chunk.split(", ")
            if len(pieces) < 2:
                raise NotationError(f"expected ', ' between pairs in {_quote(chunk)}")
            cut = len(pieces) - 1
            while cut > 1 and not self._names_something(", ".join(pieces[:cut])):
                cut -= 1
            rights.append(", ".join(pieces[:cut]))
            lefts.append(", ".join(pieces[cut:]))
        rights.append(chunks[-1])
        return list(zip(lefts, rights, strict=True))

    def _attack(self, rest: str) -> DeclareAttackers:
        parts = rest.split("; ")
        bands = []
        for part in parts[1:]:
            if not part.startswith("band "):
                raise NotationError(f"expected 'band ...' after ';' (got {_quote(part)})")
            bands.append(self._refs(part[5:], self._battlefield(), what="attacker"))
        attacks = tuple((self._ref(a, self._battlefield(), "attacker"),
                         self._ref(d, self._battlefield(), "player or planeswalker"))
                        for a, d in self._pairs(parts[0], " -> "))
        return DeclareAttackers(attacks, tuple(bands))

    def _amounts(self, text: str) -> tuple[tuple[Any, int], ...]:
        out = []
        for n, who in self._pairs(text, " -> "):
            if not (n.isascii() and n.isdigit()) or len(n) > 15:
                raise NotationError(f"expected an amount of damage, not {_quote(n)}")
            out.append((self._ref(who, self._battlefield(), "recipient"), int(n)))
        return tuple(out)

    def _choose(self, rest: str) -> tuple[Any, ...]:
        options = self._options()
        if not rest:
            return ()
        if not options:
            raise NotationError("there is no choice to make now")
        labels: dict[str, list[Any]] = {}
        for k, lab in enumerate(self._option_labels()):
            labels.setdefault(_norm(lab), []).append(("option", k))
        keys = sorted(labels)
        pieces = rest.split(", ")
        out: list[Any] = []
        i = 0
        while i < len(pieces):
            for k in range(min(_MAX_PIECES, len(pieces) - i), 0, -1):
                chunk = ", ".join(pieces[i:i + k])
                if k == 1 or _begins(keys, chunk):
                    out.append(options[self._resolve(chunk, labels, None, "option")[1]])
                    i += k
                    break
        return tuple(out)

    _CAST_TAIL: Final = re.compile(
        r"^(?P<name>.*?)(?P<ability>: -?[0-9]{1,6})?(?: x=(?P<x>[0-9]{1,15}))?"
        r"(?: mode (?P<modes>[0-9]{1,4}(?: \+ [0-9]{1,4})*))?(?: mana=(?P<mana>.+?))?"
        r"(?: alt=(?P<alt>.+))?$")

    def _cast_or_activate(self, verb: str, rest: str) -> Action:
        pay: tuple[Any, ...] | None = None
        head, found, tail = rest.rpartition(" pay ")
        if found:
            rest = head
            pay = ("pool",) if tail == "pool" else () if tail == "nothing" \
                else self._refs(tail, set(self.game.battlefield), what="permanent")
        rest, arrow, target_text = rest.partition(" -> ")
        m = self._CAST_TAIL.match(rest)
        assert m is not None  # (the pattern matches any text)
        cls = Cast if verb == "cast" else Activate
        field = "card" if verb == "cast" else "source"
        listed: list[Any] = [a for a in self._legal() if type(a) is cls]
        obj = self._ref(m["name"], {getattr(a, field) for a in listed},
                        "card" if verb == "cast" else "source")
        prefer = {t for a in listed if getattr(a, field) == obj
                  for t in a.targets}
        targets = self._refs(target_text, prefer or None, what="target") if arrow else ()
        x = int(m["x"]) if m["x"] else 0
        if verb == "cast":
            if m["ability"] or m["mana"]:
                raise NotationError("a spell has no ability number or mana choice")
            modes = tuple(int(n) - 1 for n in m["modes"].split(" + ")) if m["modes"] else ()
            return Cast(obj, targets, x, modes, pay, self._original_alt(obj, m["alt"] or ""))
        if m["modes"] or m["alt"]:
            raise NotationError("an ability has no modes or alternative cost")
        ability = int(m["ability"][2:]) - 1 if m["ability"] else 0
        mana = self._original_mana(obj, ability, m["mana"]) if m["mana"] else None
        return Activate(obj, ability, targets, x, pay, mana)

    def _original_alt(self, card: Any, alt: str) -> str:
        """The alternative cost's name as the card spells it (the text was case folded)."""
        o = self.game.objects.get(card)
        spell = o.card.spell if isinstance(o, GameObject) else None
        for ac in spell.alternative_costs if spell is not None else ():
            if _norm(ac.name) == alt:
                return ac.name
        return alt

    def _original_mana(self, source: int, ability: int, mana: str) -> str:
        """The mana choice as the ability spells it (the text was case folded)."""
        for a in self._legal():
            if type(a) is Activate and a.source == source and a.ability == ability \
                    and a.mana is not None and _norm(a.mana) == mana:
                return a.mana
        return mana.upper()


def action_text(game: GameState, action: Action, player: Any = None) -> str:
    """The canonical text of ``action`` as ``player`` (a seat or a name; by default the
    player who must decide) sees ``game`` now (docs/notation.md)."""
    return Notation(game, player).text(action)


def parse_action(game: GameState, text: str, player: Any = None) -> Action:
    """The action ``text`` writes, read for ``game``'s pending decision as ``player`` (by
    default the player who must decide) sees the game.  Raises :class:`NotationError`
    (unknown verb, no such name, an ambiguous name: the candidates listed) or
    :class:`~manastack.errors.InputLimitError` (a text over the limit)."""
    return Notation(game, player).parse(text)

"""Lines of the log as data: a template in English and in French, and typed arguments.

An event never holds pre-rendered text: it holds a :class:`Line`, rendered when someone
reads it, in the reader's language (:func:`manastack.log.render`).  A template names its
arguments in braces, ``"{who} draws a card"`` / ``"{who} pioche une carte"``; each
argument is a typed value rendered per language:

* :class:`Who` - a player (their name);
* :class:`Card` - an object, by the name it had (the official French name when the card
  data provides one: :func:`french_name`);
* :class:`Term` - a word of the rules: a zone, a step, a phase (:data:`TERMS`: the French
  terms of the seed guide, "étape de dégagement", "cimetière"...), with its gender, so
  that a French template may ask for it with an article or a preposition;
* :class:`Place` - a zone, maybe with its owner ("Alice's graveyard");
* :class:`Word` - a word the site gives in both languages (a colour, a card type);
* :class:`Items` - a list of arguments, joined per language;
* a nested :class:`Line` (a part of a sentence that may be left out);
* :class:`Raw` - text that is the same in every language (mana symbols, numbers, ``X=3``);
* ``int`` - a number.

In a French template, ``{zone:le}`` renders a term with its definite article ("le
cimetière", "la pile", "l'exil"), ``{zone:de}`` after "de" ("du champ de bataille", "de
la bibliothèque", "de l'exil"), ``{zone:à}`` after "à" ("au cimetière", "à la pile"),
``{zone:un}`` with its indefinite article; a name after "de" is elided before a vowel
(``{who:de}``: "d'Alice", "de Bob").  English templates use plain ``{name}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar

from manastack.copying import share_type

#: The languages of the log.
LANGUAGES: Final = ("en", "fr")

_L = TypeVar("_L")

#: Rule terms: key -> (English, French, French gender "m"/"f").  The French terms are the
#: seed guide's (seed 000) and the official French Magic terminology.
TERMS: Final[dict[str, tuple[str, str, str]]] = {
    # zones (400.1)
    "library": ("library", "bibliothèque", "f"),
    "hand": ("hand", "main", "f"),
    "battlefield": ("the battlefield", "champ de bataille", "m"),
    "graveyard": ("graveyard", "cimetière", "m"),
    "stack": ("the stack", "pile", "f"),
    "exile": ("exile", "exil", "m"),
    "command": ("the command zone", "zone de commandement", "f"),
    # steps and main phases (500-514)
    "untap": ("untap step", "étape de dégagement", "f"),
    "upkeep": ("upkeep step", "étape d'entretien", "f"),
    "draw": ("draw step", "étape de pioche", "f"),
    "precombat_main": ("precombat main phase", "première phase principale", "f"),
    "postcombat_main": ("postcombat main phase", "seconde phase principale", "f"),
    "beginning_of_combat": ("beginning of combat step", "étape de début de combat", "f"),
    "declare_attackers": ("declare attackers step", "étape de déclaration des attaquants",
                          "f"),
    "declare_blockers": ("declare blockers step", "étape de déclaration des bloqueurs",
                         "f"),
    "combat_damage": ("combat damage step", "étape des blessures de combat", "f"),
    "combat_damage_2": ("second combat damage step",
                        "seconde étape des blessures de combat", "f"),
    "end_of_combat": ("end of combat step", "étape de fin de combat", "f"),
    "end": ("end step", "étape de fin", "f"),
    "cleanup": ("cleanup step", "étape de nettoyage", "f"),
    # phases (500.1)
    "beginning": ("beginning phase", "phase de début", "f"),
    "main": ("main phase", "phase principale", "f"),
    "combat": ("combat phase", "phase de combat", "f"),
    "ending": ("ending phase", "phase de fin", "f"),
    # turns
    "turn": ("turn", "tour", "m"),
    "extra turn": ("extra turn", "tour supplémentaire", "m"),
}

_VOWELS: Final = "aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜhH"

#: Official French card names (English name -> French name), from card data that
#: carries them (MTGJSON's foreign data); empty unless such data is loaded
#: (:func:`register_french_names`): card names are then shown in English.
_FRENCH_NAMES: Final[dict[str, str]] = {}


def register_french_names(names: Mapping[str, str]) -> None:
    """Use these official French card names (English name -> French name) in French."""
    _FRENCH_NAMES.update(names)


def french_name(name: str) -> str:
    """The official French name of the card ``name``, if known, else ``name``."""
    return _FRENCH_NAMES.get(name, name)


def _elide(word: str, text: str) -> str:
    """``word`` ("de", "le", "que") before ``text``: "d'Alice", "de Bob"."""
    return f"{word[:-1]}'{text}" if text[:1] in _VOWELS else f"{word} {text}"



class _Shared:
    """An immutable value: copies of a game share it (``copy.copy`` and
    ``copy.deepcopy`` give it back).  Each argument class pickles as its constructor's
    arguments (``__reduce__``: compiled, a class has no default way to be rebuilt)."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


class Who(_Shared):
    """A player, shown by name."""

    __slots__ = ("index", "name")

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name

    def __reduce__(self) -> tuple[Any, ...]:
        return (Who, (self.index, self.name))

    def text(self, lang: str, form: str) -> str:
        return _elide(form, self.name) if form in ("de", "que") else self.name

    def to_json(self) -> Any:
        return {"player": self.index, "name": self.name}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Who) and (self.index, self.name) == (other.index,
                                                                      other.name)

    def __hash__(self) -> int:
        return hash((self.index, self.name))

    def __repr__(self) -> str:
        return f"Who({self.index}, {self.name!r})"


class Card(_Shared):
    """An object, shown by the name it had (``id`` None: no object, a name alone)."""

    __slots__ = ("id", "name")

    def __init__(self, id: int | None, name: str) -> None:
        self.id = id
        self.name = name

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.id, self.name))

    def text(self, lang: str, form: str) -> str:
        name = french_name(self.name) if lang == "fr" else self.name
        return _elide(form, name) if form in ("de", "que") else name

    def to_json(self) -> Any:
        return {"object": self.id, "name": self.name}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.id, self.name) == (other.id, other.name)

    def __hash__(self) -> int:
        return hash((self.id, self.name))

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.name!r})"


class Term(_Shared):
    """A word of the rules (:data:`TERMS`): a zone, a step, a phase."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        if key not in TERMS:
            raise ValueError(f"no rule term {key!r}")
        self.key = key

    def __reduce__(self) -> tuple[Any, ...]:
        return (Term, (self.key,))

    def text(self, lang: str, form: str) -> str:
        en, fr, gender = TERMS[self.key]
        if lang != "fr":
            return en
        if form == "":
            return fr
        vowel = fr[:1] in _VOWELS
        if form == "le":
            return f"l'{fr}" if vowel else ("le " if gender == "m" else "la ") + fr
        if form == "de":
            return f"de l'{fr}" if vowel else ("du " if gender == "m" else "de la ") + fr
        if form == "à":
            return f"à l'{fr}" if vowel else ("au " if gender == "m" else "à la ") + fr
        if form == "un":
            return ("un " if gender == "m" else "une ") + fr
        raise ValueError(f"no form {form!r} of a term")

    def to_json(self) -> Any:
        return {"term": self.key}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Term({self.key!r})"


class Place(_Shared):
    """A zone, maybe with its owner: "Alice's graveyard" / "le cimetière d'Alice", "the
    battlefield" / "le champ de bataille" (a French form applies to the zone's term)."""

    __slots__ = ("zone", "owner")

    def __init__(self, zone: str, owner: Who | None = None) -> None:
        self.zone = Term(zone)
        self.owner = owner

    def __reduce__(self) -> tuple[Any, ...]:
        return (Place, (self.zone.key, self.owner))

    def text(self, lang: str, form: str) -> str:
        if lang != "fr":
            en = self.zone.text(lang, "")
            return f"{self.owner.name}'s {en}" if self.owner is not None else en
        fr = self.zone.text(lang, form or "le")
        return f"{fr} {self.owner.text(lang, 'de')}" if self.owner is not None else fr

    def to_json(self) -> Any:
        return {"zone": self.zone.key,
                "owner": None if self.owner is None else self.owner.index}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Place) and (self.zone, self.owner) == (other.zone,
                                                                        other.owner)

    def __hash__(self) -> int:
        return hash(self.zone)

    def __repr__(self) -> str:
        return f"Place({self.zone.key!r}, {self.owner!r})"


class Word(_Shared):
    """A word or phrase the site gives in both languages (a colour, a card type, a kind
    of counter: ``Word("red", "rouge")``)."""

    __slots__ = ("en", "fr")

    def __init__(self, en: str, fr: str) -> None:
        self.en = en
        self.fr = fr

    def __reduce__(self) -> tuple[Any, ...]:
        return (Word, (self.en, self.fr))

    def text(self, lang: str, form: str) -> str:
        word = self.fr if lang == "fr" else self.en
        return _elide(form, word) if form in ("de", "que") else word

    def to_json(self) -> Any:
        return self.en

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Word) and (self.en, self.fr) == (other.en, other.fr)

    def __hash__(self) -> int:
        return hash(self.en)

    def __repr__(self) -> str:
        return f"Word({self.en!r}, {self.fr!r})"


class Raw(_Shared):
    """Text that reads the same in every language: mana symbols, ``X=3``, a count."""

    __slots__ = ("value",)

    def __init__(self, value: str) -> None:
        self.value = value

    def __reduce__(self) -> tuple[Any, ...]:
        return (Raw, (self.value,))

    def text(self, lang: str, form: str) -> str:
        return self.value

    def to_json(self) -> Any:
        return self.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Raw) and self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"Raw({self.value!r})"


class Items(_Shared):
    """Arguments joined into one: ``sep`` between them and ``last`` before the last one,
    per language (``("en", "fr")`` pairs): ", " and " and " / " et "."""

    __slots__ = ("items", "sep", "last")

    def __init__(self, items: Iterable[Any], sep: tuple[str, str] = (", ", ", "),
                 last: tuple[str, str] | None = None) -> None:
        self.items = tuple(items)
        self.sep = sep
        self.last = last

    def __reduce__(self) -> tuple[Any, ...]:
        return (Items, (self.items, self.sep, self.last))

    def text(self, lang: str, form: str) -> str:
        i = 1 if lang == "fr" else 0
        parts = [_arg_text(a, lang, "") for a in self.items]
        if self.last is not None and len(parts) > 1:
            return self.sep[i].join(parts[:-1]) + self.last[i] + parts[-1]
        return self.sep[i].join(parts)

    def to_json(self) -> Any:
        return [_arg_json(a) for a in self.items]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Items) and (self.items, self.sep, self.last) == (
            other.items, other.sep, other.last)

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Items({list(self.items)!r})"


#: Template -> its parts: (literal text, argument name or "", form).
_PARTS: Final[dict[str, tuple[tuple[str, str, str], ...]]] = {}
_FIELD: Final = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-zà]+))?\}")


def template_parts(template: str) -> tuple[tuple[str, str, str], ...]:
    """``template`` split into (literal text, argument name, form) parts (memoised:
    templates are constants).  ``{{`` and ``}}`` are not used: a brace is always an
    argument."""
    parts = _PARTS.get(template)
    if parts is None:
        out = []
        pos = 0
        for m in _FIELD.finditer(template):
            out.append((template[pos:m.start()], m.group(1), m.group(2) or ""))
            pos = m.end()
        out.append((template[pos:], "", ""))
        parts = _PARTS[template] = tuple(out)
    return parts


def _arg_text(arg: Any, lang: str, form: str) -> str:
    if isinstance(arg, (Who, Card, Term, Place, Word, Raw, Items)):
        return arg.text(lang, form)
    if isinstance(arg, Line):
        return arg.render(lang)
    if isinstance(arg, int) and not isinstance(arg, bool):
        return str(arg)
    raise TypeError(f"a line's argument must be typed (Who, Card, Term, Word, Raw, Items, "
                    f"Line or int), not {type(arg).__name__}")


def _arg_json(arg: Any) -> Any:
    if isinstance(arg, (Who, Card, Term, Place, Word, Raw, Items)):
        return arg.to_json()
    if isinstance(arg, Line):
        return arg.to_json()
    return arg


_NO_ARGS: Final[Mapping[str, Any]] = MappingProxyType({})


class Line(_Shared):
    """A line of the log before rendering: an English and a French template (the same
    arguments), and the arguments.  Immutable."""

    __slots__ = ("en", "fr", "args")

    def __init__(self, en: str, fr: str, args: Mapping[str, Any] | None = None) -> None:
        self.en = en
        self.fr = fr
        self.args: Mapping[str, Any] = _NO_ARGS if not args else args

    def render(self, lang: str = "en") -> str:
        """The text in ``lang`` ("en" or "fr")."""
        template = self.fr if lang == "fr" and self.fr else self.en
        args = self.args
        if not args:
            return template
        out = []
        for literal, name, form in template_parts(template):
            out.append(literal)
            if name:
                out.append(_arg_text(args[name], lang, form))
        return "".join(out)

    def to_json(self) -> Any:
        return {"template": self.en, "args": {k: _arg_json(v) for k, v in self.args.items()}}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its templates and arguments (a plain dict: the read-only mapping of
        its arguments can't be pickled)."""
        return (Line, (self.en, self.fr, dict(self.args)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and self.en == other.en and \
            dict(self.args) == dict(other.args)

    def __hash__(self) -> int:
        return hash(self.en)

    def __repr__(self) -> str:
        return f"Line({self.en!r}, {dict(self.args)!r})"

    def __str__(self) -> str:
        return self.render("en")


#: The empty line (a part of a sentence left out).
NOTHING: Final = Line("", "")


def line_names(line: Line) -> set[str]:
    """The card names a line shows (in its arguments, nested ones included)."""
    out: set[str] = set()
    stack: list[Any] = list(line.args.values())
    while stack:
        a = stack.pop()
        if isinstance(a, Card):
            out.add(a.name)
        elif isinstance(a, Items):
            stack.extend(a.items)
        elif isinstance(a, Line):
            stack.extend(a.args.values())
    return out


def keep(memo: dict[Any, _L], key: Any, value: _L) -> _L:
    """Keep ``value`` in ``memo`` under ``key`` and return it: a bounded memo (emptied past
    4,096 entries) of lines or arguments made often from the same few inputs (a land
    tapping, a player named).  They are immutable, so one serves every event and every
    game; look one up with ``memo.get(key)``."""
    if len(memo) > 4096:
        memo.clear()
    memo[key] = value
    return value


def say(en: str, fr: str, **args: Any) -> Line:
    """A line: ``en`` and ``fr`` templates with ``args`` (see the module's docstring)."""
    return Line(en, fr, args)


share_type(_Shared)

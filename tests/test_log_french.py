"""The log in French (seed 000's terms): every line of the log is a pair of templates,
English and French (``manastack.lines.say``), and the French one is French.

The templates are read from the sources (every ``say(...)`` call with literal
templates): the two take the same arguments, and no English word is left in the French
one (card names and player names are arguments, never template text)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import manastack
from manastack.lines import TERMS, Card, Items, Place, Raw, Term, Who, Word, say

SOURCE = Path(manastack.__file__).parent

#: Words that are both English and French (or language-neutral symbols) and may appear
#: in both templates.
SHARED = {"x", "a", "on", "est", "pas", "ne", "plus", "s", "t", "d", "l", "n", "qu",
          "loyalty", "mana", "plane", "phénomène", "scheme", "vanguard", "commander",
          "archenemy", "planechase", "ok", "apnap", "y", "chaos", "si", "or", "de", "le",
          "point", "points", "type", "types", "instant", "face", "total", "action",
          "actions", "permanent", "permanents", "blocage", "combat",
          "effet", "effets", "contre", "six",
          "planeswalker",  # the French card type (300.1) is "planeswalker"
          "planeswalkers",  # its plural
          "double",  # "double initiative" (double strike, 702.4)
          "protection",  # the keyword "protection" (702.16) in French
          "influence",  # "zone d'influence" (range of influence, 801)
          "poison",  # "marqueur « poison »" (poison counters, 122.1)
          "indestructible",  # the keyword "indestructible" (702.12) in French
          "phase",  # "phase de combat", "quitte la phase" (500.1, 702.26)
          "active",  # "l'équipe active" (805.4a)
          "source",  # "une source avec le contact mortel" (704.5h)
          "mulligan",  # the same word in French (103.4)
          "deck",  # "chaque joueur mélange son deck" (103.1)
          "zone",
          "exile",  # "il exile" (to exile, 406.2), a French verb form too  # "la zone de commandement" (408)
          "condition",  # French too ("sa condition n'est plus remplie", 603.4)
          "f",  # the letter of a rule number ("303.4f")
          }


def templates() -> list[tuple[str, int, str, str]]:
    """(file, line, English, French) of every ``say(en, fr, ...)`` call with literal
    templates (implicitly concatenated literals are one literal)."""
    out = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say" \
                    and len(node.args) >= 2 and all(
                        isinstance(a, ast.Constant) and isinstance(a.value, str)
                        for a in node.args[:2]):
                en, fr = (a.value for a in node.args[:2])  # type: ignore[attr-defined]
                out.append((str(path.relative_to(SOURCE)), node.lineno, en, fr))
    return out


def _fields(template: str) -> set[str]:
    return set(re.findall(r"\{([a-z_][a-z0-9_]*)(?::[a-zà]+)?\}", template))


def _words(template: str) -> set[str]:
    text = re.sub(r"\{[^}]*\}", " ", template)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}


@pytest.mark.long
def test_every_line_is_said_with_literal_templates() -> None:
    """Each ``say`` call gives its two templates as literals (so that they can be
    checked here): a computed template could hide English text."""
    calls = 0
    literal = len(templates())
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls += sum(1 for n in ast.walk(tree) if isinstance(n, ast.Call)
                     and getattr(n.func, "id", None) == "say")
    assert literal == calls


def test_the_two_templates_take_the_same_arguments() -> None:
    bad = [(f, n, en, fr) for f, n, en, fr in templates() if _fields(en) != _fields(fr)]
    assert bad == []


def test_seed_000_no_english_word_is_left_in_the_french_templates() -> None:
    """Seed 000 is French: the French log uses French words (its terms: "étape de
    dégagement", "la pile", "cimetière"...), none of the English templates' words."""
    pairs = templates()
    english = set().union(*(_words(en) for _, _, en, _ in pairs)) - SHARED
    bad = [(f, n, fr, sorted(_words(fr) & english)) for f, n, _, fr in pairs
           if _words(fr) & english]
    assert bad == []


def test_seed_000_the_rule_terms_in_french() -> None:
    """The zones, steps and phases read as seed 000 names them, with articles and
    prepositions contracted ("du champ de bataille", "au cimetière", "de l'exil")."""
    assert TERMS["untap"][1] == "étape de dégagement"
    assert TERMS["declare_blockers"][1] == "étape de déclaration des bloqueurs"
    assert TERMS["combat_damage"][1] == "étape des blessures de combat"
    assert TERMS["precombat_main"][1] == "première phase principale"
    assert TERMS["postcombat_main"][1] == "seconde phase principale"
    line = say("{card} moves from {frm} to {to}", "{card} passe {frm:de} {to:à}",
               card=Card(3, "Grizzly Bears"), frm=Place("battlefield"),
               to=Place("graveyard", Who(0, "Alice")))
    assert line.render("en") == "Grizzly Bears moves from the battlefield to Alice's graveyard"
    assert line.render("fr") == "Grizzly Bears passe du champ de bataille au cimetière d'Alice"
    assert say("{z}", "{z:de}", z=Term("exile")).render("fr") == "de l'exil"
    assert say("{z}", "{z:à}", z=Term("stack")).render("fr") == "à la pile"
    assert say("{z}", "{z:le}", z=Term("library")).render("fr") == "la bibliothèque"
    both = Items([Who(0, "Alice"), Who(1, "Bob")], last=(" and ", " et "))
    assert say("{p}", "{p}", p=both).render("fr") == "Alice et Bob"
    assert say("{c} {x}", "{c} {x}", c=Word("red", "rouge"), x=Raw("X=3")).render("fr") \
        == "rouge X=3"

"""The log as people read it (``manastack.narrative``): the levels of detail, the header
and the board, each viewer's view, French, and the JSON lines against their schema
(``docs/events.schema.json``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from manastack import log as ev
from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.narrative import narrate
from manastack.play import default_deck, play_to_end

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "docs" / "events.schema.json")
                    .read_text(encoding="utf-8"))


def _game(seed: int = 1) -> Game:
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                 seed)
    # (agents tapping for mana at priority, 605.3a: mana empties between steps, 500.4)
    return play_to_end(g, [RandomAgent(2 * seed + 1, mana_abilities=True),
                           RandomAgent(2 * seed + 2, mana_abilities=True)])


@pytest.fixture(scope="module")
def game() -> Game:
    return _game()


def test_full_is_every_event(game: Game) -> None:
    """``full``: one ``[rule] text`` line per event, as the trace always was."""
    assert narrate(game.log, "full") == [str(e) for e in game.log]


def test_cr_116_3d_normal_leaves_out_priority_passes_and_empty_steps(game: Game) -> None:
    """``normal``: no priority pass (116.3d), no "ends" line, no step with nothing in it;
    far shorter than the trace, each kept line still citing its rule."""
    full = narrate(game.log, "full")
    normal = narrate(game.log, "normal")
    assert not any("passes priority" in s for s in normal)
    assert not any(re.search(r"\b(step|phase) ends$", s) for s in normal)
    assert len(normal) * 2 < len(full)
    for i, s in enumerate(normal[:-1]):
        if s.endswith("step begins"):  # the next line is what happened in it
            assert not normal[i + 1].endswith(("step begins", "phase begins")), s
    assert all(s.startswith(("[", "  ")) or ":" in s for s in normal)


def test_cr_605_3a_normal_folds_mana_abilities_into_the_payment(game: Game) -> None:
    """``normal``: the mana abilities the engine activated to pay for a spell (605.3a)
    are named on the spell's line, not on lines of their own."""
    normal = narrate(game.log, "normal")
    casts = [s for s in normal if "] Alice casts " in s or "] Bob casts " in s]
    assert casts and any("(mana: " in s for s in casts)
    assert not any(s.startswith("[605.3a]") for s in normal)


def test_cr_500_1_normal_shows_the_header_and_the_board_each_turn(game: Game) -> None:
    """``normal`` opens with the players and their decks, and shows the board (life,
    hand and library sizes, permanents) as each turn begins (500.1)."""
    normal = narrate(game.log, "normal")
    assert normal[0].startswith("Alice: a deck of 60 cards")
    turns = [i for i, s in enumerate(normal) if re.match(r"\[500\.1\] Turn \d+", s)]
    assert len(turns) == sum(1 for e in game.log if e.kind == ev.TURN_BEGAN)
    first = turns[0]
    assert normal[first + 1].startswith("  Alice: 20 life, 7 in hand")
    assert normal[first + 2].startswith("  Bob: ")
    later = normal[turns[-1] + 1]
    assert "in library" in later


def test_summary_is_one_block_per_turn_with_life_totals(game: Game) -> None:
    """``summary``: a line per turn, what was played under it, the life totals."""
    summary = narrate(game.log, "summary")
    turns = [s for s in summary if re.match(r"\[500\.1\] Turn \d+", s)]
    assert len(turns) == sum(1 for e in game.log if e.kind == ev.TURN_BEGAN)
    assert any(s.startswith("  Life: Alice ") for s in summary)
    assert len(summary) < len(narrate(game.log, "normal"))


@pytest.mark.parametrize("detail", ["summary", "normal", "full"])
def test_cr_400_2_no_rendering_names_a_card_its_reader_may_not_see(game: Game,
                                                                  detail: str) -> None:
    """400.2: at every level and in both languages, a player's view names no card that
    only the other player saw (cards drawn, kept in hand)."""
    private: dict[int, set[str]] = {0: set(), 1: set()}
    for e in game.log:
        if e.seen_by is not None:
            for p in (0, 1):
                if p not in e.seen_by:
                    private[p].add(e.text)
    for p in (0, 1):
        for lang in ("en", "fr"):
            lines = narrate(game.log_for(p), detail, lang)
            assert not (set(lines) & private[p])
            hidden = {e.text for e in game.log_for(p)}
            assert not (hidden & private[p])


def test_cr_120_1_a_drawn_card_is_named_to_its_owner_only(game: Game) -> None:
    """120.1, 402.3: "Alice draws Mountain" in Alice's view; "Alice draws a card" in Bob's
    and a spectator's."""
    alice = [e.text for e in game.log_for(0) if e.kind == ev.DRAW and e.data["player"] == 0]
    bob = [e.text for e in game.log_for(1) if e.kind == ev.DRAW and e.data["player"] == 0]
    assert alice and all(t != "Alice draws a card" for t in alice)
    assert bob and all(t == "Alice draws a card" for t in bob)
    assert all(e.text == "Alice draws a card" for e in game.log_for(None)
               if e.kind == ev.DRAW and e.data["player"] == 0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_json_line_follows_the_schema(game: Game, lang: str) -> None:
    """``--json``: each event's own serialisation, valid against
    ``docs/events.schema.json`` (each shape of event once: its kind and the kinds of its
    data's values), its text in the language asked for."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    shapes = set()
    for e in game.log:
        data = json.loads(e.to_json(lang))
        shape = (data["kind"], tuple(sorted((k, type(v).__name__)
                                            for k, v in data["data"].items())),
                 tuple(sorted(data["line"])) if isinstance(data["line"], dict) else ())
        if shape not in shapes:
            shapes.add(shape)
            validator.validate(data)
        assert data["text"] == e.line.render(lang)


def test_seed_000_the_french_log_reads_in_french(game: Game) -> None:
    """Seed 000: step names and terms as the guide writes them; no English left in the
    French lines but card and player names."""
    fr = narrate(game.log, "full", "fr")
    text = "\n".join(fr)
    for term in ("étape de dégagement", "étape d'entretien", "première phase principale",
                 "étape de déclaration des attaquants", "étape de nettoyage",
                 "passe la priorité"):
        assert term in text, term
    names = {e.data.get("name") for e in game.log if e.data.get("name")}
    names |= {a.name for e in game.log for a in e.line.args.values() if hasattr(a, "name")}
    for line in fr:
        for name in sorted(names, key=len, reverse=True):
            line = line.replace(str(name), "")
        words = set(re.findall(r"[A-Za-z]+", line.lower()))
        assert not words & {"the", "draws", "casts", "step", "begins", "ends",
                            "priority", "passes", "turn", "damage", "deals", "their",
                            "attacks", "blocks", "plays", "becomes", "tapped", "life"}, line


def test_cr_703_4_each_turn_based_action_cites_its_letter(game: Game) -> None:
    """Seed 003, 703.4: a line of a turn-based action cites its letter of 703.4 beside
    its own rule ("[504.1, 703.4c] Alice draws ..."), in both languages and at every
    level; the untap (b), the draw (c), attackers (f), blockers (g), combat damage (k),
    the cleanup's discard (m) and mana emptying (p) all appear in a whole game."""
    full = narrate(game.log, "full")
    letters = {m.group(1) for line in full
               for m in [re.match(r"^\[[0-9.a-z]+, 703\.4([a-p])\] ", line)] if m}
    assert {"b", "c", "f", "g", "k", "m", "p"} <= letters
    for e, line in zip(game.log, full, strict=True):
        base = e.rule.rstrip("abcdefghijklmnopqrstuvwxyz")
        if base in ("502.2", "504.1", "508.1", "509.1", "510.2", "514.1", "500.4"):
            assert ", 703.4" in line.split("]")[0], line
        elif e.rule.startswith(("103.", "601.", "608.")):
            assert "703.4" not in line, line
    fr = narrate(game.log, "full", "fr")
    assert [f.split("]")[0] for f in fr] == [e.split("]")[0] for e in full]

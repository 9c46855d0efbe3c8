"""Hostile inputs (issue 34, items 4-6 and `play --as`): every loader and the command line
refuse a hostile file or value with one short line naming the file (and the line, where
there is one) and the limit, exit code 2, no traceback, in bounded time and memory.

The hostile files are made here, in ``tmp_path`` (never stored in the repository): alias
bombs, ``/dev/zero``, pipes, paths longer than the system allows, numbers of thousands of
digits, deep JSON, huge names.  Hypothesis fuzzes each loader with random text; a
"billion laughs" bomb is measured with tracemalloc.  The limits are those of
:mod:`manastack.limits` (README, Commands; docs/decks.md; docs/scenarios.md).
"""

from __future__ import annotations

import doctest
import json
import os
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack import COMPILED, limits
from manastack.agents import RandomAgent
from manastack.cli import main
from manastack.decks import check_deck, load_deck, parse_deck
from manastack.engine import new_game
from manastack.errors import (
    DeckError,
    DeckLimitError,
    IllegalAction,
    InputLimitError,
    ManastackError,
    ScenarioError,
    ScenarioLimitError,
)
from manastack.game.decisions import Pass
from manastack.game.state import GameOptions
from manastack.limits import (
    MAX_CARD_NAME_LENGTH,
    MAX_DECK_CARDS,
    MAX_DECK_FILE_BYTES,
    MAX_DECK_LINES,
    MAX_PROBLEMS,
    MAX_REPLAY_FILE_BYTES,
    MAX_SCENARIO_FILE_BYTES,
    MAX_YAML_ALIASES,
    MAX_YAML_NODES,
)
from manastack.log import render_text
from manastack.play import default_deck, play_game, replay, replay_data, result_line
from manastack.replays import REPLAY_FORMAT, check_replay, read_replay_file
from manastack.scenario.model import parse_scenarios

LONG_PATH = "a" * 5000  # longer than any system allows (ENAMETOOLONG)
DECKS = [default_deck("red_green"), default_deck("white_black")]
#: A ~340-byte "billion laughs": 9^9 strings once expanded.
ALIAS_BOMB = "\n".join(
    ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{n}: &{n} [{','.join([f'*{p}'] * 9)}]"
       for p, n in zip("abcdefgh", "bcdefghi", strict=True)])


# --------------------------------------------------------------------------- helpers

@contextmanager
def bounded(seconds: float = 2.0, megabytes: float | None = None) -> Iterator[None]:
    """The block takes less than ``seconds`` of processor time (this process's: a busy
    machine's other work doesn't count) and, with ``megabytes``, allocates less than
    that at its peak (tracemalloc, which slows allocations down: the time allowed is then
    doubled)."""
    if megabytes is not None:
        tracemalloc.start()
    start = time.process_time()
    try:
        yield
    finally:
        elapsed = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1] / 1e6 if megabytes is not None else 0.0
        if megabytes is not None:
            tracemalloc.stop()
    assert megabytes is None or peak < megabytes, f"peak {peak:.1f} MB"
    assert elapsed < seconds * (1 if megabytes is None else 2), f"{elapsed:.2f} s"


def refused(capsys: Any, argv: list[str], *words: str, seconds: float = 2.0) -> str:
    """Run the command ``argv``: exit code 2 within ``seconds`` of processor time, one
    line on stderr (the last, after argparse's usage) holding ``words``, short, no
    traceback."""
    start = time.process_time()
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own errors
        code = int(e.code or 0)
    elapsed = time.process_time() - start
    err = capsys.readouterr().err
    assert code == 2, (argv[:3], code, err[-300:])
    assert "Traceback" not in err
    line = err.strip().split("\n")[-1]
    assert line.startswith(("manastack: ", "manastack play: error: ")) or "error:" in line, line
    assert len(line) < 400, line
    for w in words:
        assert w in line, (w, line)
    assert elapsed < seconds, f"{argv[:2]}: {elapsed:.2f} s"
    return line


def one_line(error: BaseException, *words: str) -> str:
    """A limit's message: one line, short, holding ``words``."""
    message = str(error)
    assert "\n" not in message and len(message) < 400, message[:500]
    for w in words:
        assert w in message, (w, message)
    return message


def saved_game(tmp_path: Path, seed: int = 3, **options: Any) -> dict[str, Any]:
    """A short game's replay data (through JSON, as a file holds it)."""
    agents = [RandomAgent(1), RandomAgent(2)]
    g = play_game(DECKS, agents, seed=seed, options=GameOptions(**options) if options else None,
                  max_decisions=120)
    return json.loads(json.dumps(replay_data(g)))


def write_json(tmp_path: Path, data: Any, name: str = "r.json") -> Path:
    f = tmp_path / name
    f.write_text(json.dumps(data))
    return f


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(path)
    return path


def test_limits_module_doctest() -> None:
    if COMPILED:
        pytest.skip("compiled modules carry no doctests")
    assert doctest.testmod(limits).failed == 0


# --------------------------------------------------------------------------- any file

@pytest.mark.parametrize("command", [["deck", "check"], ["replay"], ["scenario", "run"],
                                     ["play", "--quiet", "--deck"]])
def test_a_device_is_refused_unread_by_every_loader(capsys, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    """``/dev/zero`` as a deck, replay or scenario: refused before a byte is read."""
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    refused(capsys, [*command, "/dev/zero"], "/dev/zero", "not a regular file (a device)")


@pytest.mark.parametrize("command", [["deck", "check"], ["replay"], ["scenario", "run"]])
def test_a_pipe_or_a_folder_is_refused_unread(capsys, fifo: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                              command: list[str]) -> None:
    """A named pipe would block a reader forever: refused from its type."""
    refused(capsys, [*command, str(fifo)], "pipe", "not a regular file (a pipe)")
    if command[0] != "scenario":  # (a folder of scenarios is searched)
        refused(capsys, [*command, str(tmp_path)], "not a regular file (a folder)")


@pytest.mark.parametrize("command", [["deck", "check"], ["replay"], ["scenario", "run"],
                                     ["play", "--quiet", "--deck"], ["match", "red_green"],
                                     ["play", "--quiet", "--save"]])
def test_a_path_longer_than_the_system_allows_is_a_clear_error(capsys, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    """ENAMETOOLONG: the message names the path (cut short) and the system's reason."""
    line = refused(capsys, [*command, LONG_PATH], "File name too long")
    assert "a" * 80 in line and "a" * 200 not in line


@pytest.mark.parametrize(("command", "limit", "what"), [
    (["deck", "check"], MAX_DECK_FILE_BYTES, "deck file"),
    (["replay"], MAX_REPLAY_FILE_BYTES, "replay file"),
    (["scenario", "run"], MAX_SCENARIO_FILE_BYTES, "scenario file"),
])
def test_a_file_over_the_size_limit_is_refused_unread(capsys, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                      command: list[str], limit: int,
                                                      what: str) -> None:
    """A sparse file one byte over the limit (nothing written to disk): refused from its
    size, in bounded memory."""
    f = tmp_path / "big.txt"
    with f.open("wb") as out:
        out.truncate(limit + 1)
    with bounded(megabytes=10):
        refused(capsys, [*command, str(f)], "big.txt", f"more than {limit:,} bytes",
                f"the limit for a {what}")


def test_a_54_mb_card_name_is_refused_by_the_size_limit(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "name.txt"
    f.write_text("1 " + "x" * 54_000_000 + "\n")
    with bounded(megabytes=10):
        with pytest.raises(DeckLimitError) as info:
            load_deck(f)
    one_line(info.value, "name.txt", f"more than {MAX_DECK_FILE_BYTES:,} bytes")
    refused(capsys, ["play", "--quiet", "--deck", str(f)], "name.txt")


def test_read_limited_never_reads_past_the_limit(tmp_path: Path) -> None:
    f = tmp_path / "f"
    f.write_bytes(b"x" * 11)
    assert limits.read_limited(f, limit=11, what="file") == b"x" * 11
    with pytest.raises(InputLimitError, match=r"more than 10 bytes \(the limit for a file\)"):
        limits.read_limited(f, limit=10, what="file")
    with pytest.raises(OSError):
        limits.read_limited(tmp_path / "missing", limit=10, what="file")
    with pytest.raises(OSError):
        limits.read_limited("a\0b", limit=10, what="file")


# --------------------------------------------------------------------------- deck files

def test_cr_100_2a_thousands_of_lines_of_one_unknown_name_are_checked_once(tmp_path: Path) -> None:
    """The card pool's fuzzy search ("did you mean") is made once a name, not once a
    line; the problems listed are capped."""
    f = tmp_path / "frost.txt"
    f.write_text("1 Frost\n" * MAX_DECK_CARDS)
    with bounded(seconds=1.5):
        problems = check_deck(load_deck(f))
    assert problems[0] == f"{f} line 1: unknown card 'Frost' (did you mean 'Forest'?)"
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1] == f"... and {MAX_DECK_CARDS - MAX_PROBLEMS:,} more problems"


def test_cr_100_2a_ten_thousand_lines_of_one_name_are_over_the_card_limit(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "frost.txt"
    f.write_text("1 Frost\n" * 10_000)
    with bounded(seconds=1.5):
        refused(capsys, ["deck", "check", str(f)],
                f"frost.txt line {MAX_DECK_CARDS + 1}: more than {MAX_DECK_CARDS:,} cards")


def test_many_distinct_unknown_names_get_a_suggestion_only_for_the_first_few(tmp_path: Path) -> None:
    text = "".join(f"1 Qwerty Frost {i}\n" for i in range(MAX_DECK_CARDS))
    with bounded(seconds=1.5):
        problems = check_deck(parse_deck(text, source="d.txt"), format="any")
    assert len(problems) == MAX_PROBLEMS + 1


def test_a_deck_with_more_lines_than_the_limit_is_refused() -> None:
    with pytest.raises(DeckLimitError) as info:
        parse_deck("\n" * (MAX_DECK_LINES + 1), source="d.txt")
    one_line(info.value, "d.txt", f"more than {MAX_DECK_LINES:,} lines")


def test_a_line_longer_than_the_limit_is_refused() -> None:
    with pytest.raises(DeckLimitError) as info:
        parse_deck("4 Shock\n" + "x" * 1001, source="d.txt")
    one_line(info.value, "d.txt line 2", "more than 1,000 characters")


def test_a_card_name_longer_than_the_limit_is_refused() -> None:
    name = "y" * (MAX_CARD_NAME_LENGTH + 1)
    for text, line in ((f"4 {name}", 1), (f"<Deck>\n<Cards Quantity='1' Name='{name}'/></Deck>", 2)):
        with pytest.raises(DeckLimitError) as info:
            parse_deck(text, source="d.txt")
        one_line(info.value, f"d.txt line {line}", f"a card name of {len(name)} characters")


@pytest.mark.parametrize("digits", [7, 900, 5000])
def test_cr_100_2a_a_count_of_thousands_of_digits_is_a_bad_count(digits: int) -> None:
    """int() refuses more than 4,300 digits (ValueError): a count is never read when it is
    longer than six digits; a line of 5,000 is over the line limit."""
    with pytest.raises(DeckError) as info:
        parse_deck("1" * digits + " Forest", source="d.txt")
    message = one_line(info.value, "d.txt line 1")
    assert ("bad count" in message) != (digits > 1000)
    with pytest.raises(DeckError, match="bad count"):
        parse_deck(f"<Deck><Cards Quantity='{'9' * digits}' Name='Forest'/></Deck>")


def test_cr_100_2a_a_dek_quantity_of_superscript_two_is_a_bad_count() -> None:
    """``"²".isdigit()`` is true but int() can't read it: only ASCII digits count."""
    for quantity in ("²", "٣", "+4", "0x4", "4.0"):
        with pytest.raises(DeckError) as info:
            parse_deck(f"<Deck>\n<Cards Quantity='{quantity}' Name='Forest'/></Deck>",
                       source="d.dek")
        one_line(info.value, "d.dek line 2: bad count")


def test_a_dek_tag_spread_over_many_lines_is_parsed_once(tmp_path: Path) -> None:
    """Parsing is linear: 9,000 blank lines inside one tag, the entry's line is the line
    its tag starts on."""
    f = tmp_path / "spread.dek"
    f.write_text('<Deck>\n  <Cards ' + "\n" * 9000 + ' Quantity="4" Name="Forest"/>\n</Deck>\n')
    with bounded(seconds=1.0):
        deck = load_deck(f)
    assert deck.main[0].line == 2 and deck.count() == 4


@pytest.mark.parametrize("xml", [
    '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n<Deck><Cards Quantity="1" Name="&c;"/></Deck>',
    '<!DOCTYPE d SYSTEM "http://example.invalid/d.dtd">\n<Deck/>',
    '<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<Deck><Cards Name="&e;"/></Deck>',
])
def test_a_dek_with_entities_or_a_document_type_is_refused(xml: str) -> None:
    """defusedxml: no entity is expanded, no external reference followed."""
    with bounded(seconds=1.0, megabytes=10):
        with pytest.raises(DeckError) as info:
            parse_deck(xml, source="d.dek")
    one_line(info.value, "d.dek line 1", "entity declarations are not allowed")


@pytest.mark.parametrize("line", [
    "4" + " " * 990 + "x",           # spaces two patterns could share
    "4" + " x" * 495,                 # "x" after the count, again and again
    "a" + " (AB)" * 190,              # Arena printings, again and again
    "a" + " " * 990 + "(",            # a printing that never closes
    "SB:" + " " * 990 + "4",
])
def test_deck_lines_are_parsed_in_linear_time(line: str) -> None:
    text = "\n".join([line] * 1000)
    with bounded(seconds=1.5):
        try:
            parse_deck(text, source="d.txt")
        except DeckError as e:
            assert "\n" not in str(e) or str(e).count("\n") <= MAX_PROBLEMS


def test_deck_error_messages_quote_hostile_values_in_part() -> None:
    with pytest.raises(DeckError) as info:
        parse_deck("<Deck><Cards Quantity='" + "q" * 5000 + "' Name='Shock'/></Deck>",
                   source="d.dek")
    assert len(str(info.value)) < 300


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(list("0123456789xX ²٣\t\n(#/:<>=SBdeckDECK-+.") +
                                ["Forest", "Sideboard", "About", "Name ", "(M11) 12",
                                 "<Cards ", "Quantity='", "'/>", "<Deck>", "</Deck>", "&a;",
                                 "<!ENTITY", "<?xml version='1.0' encoding='x'?>"]),
                max_size=120).map("".join))
def test_fuzz_deck_text_is_parsed_or_refused_with_a_deck_error(text: str) -> None:
    for fmt in (None, "text", "arena", "dek"):
        try:
            parse_deck(text, source="fuzz.txt", fmt=fmt)
        except DeckError as e:
            assert str(e).startswith("fuzz.txt"), str(e)


# --------------------------------------------------------------------------- scenario files

def test_a_yaml_alias_bomb_is_refused_before_it_is_expanded(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """"Billion laughs": 9^9 strings from ~340 bytes.  The composed graph (a few dozen
    nodes) is measured, never expanded, repr'd or built."""
    assert len(ALIAS_BOMB) < 400
    with bounded(seconds=1.0, megabytes=5):
        with pytest.raises(ScenarioLimitError) as info:
            parse_scenarios(ALIAS_BOMB, "bomb.yaml")
    one_line(info.value, "bomb.yaml line ", f"more than {MAX_YAML_NODES:,} YAML nodes")
    f = tmp_path / "bomb.yaml"
    f.write_text(ALIAS_BOMB)
    with bounded(seconds=1.5, megabytes=10):
        refused(capsys, ["scenario", "run", str(f)], "bomb.yaml line ", "YAML nodes")


def test_a_yaml_alias_bomb_in_a_folder_refuses_the_whole_run(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every file is read before any scenario runs: the run is refused (exit 2), not one
    scenario failed."""
    good = Path(__file__).parent / "scenarios" / "seeds" / "01_lightning_bolt_sba.yaml"
    (tmp_path / "a.yaml").write_text(good.read_text())
    (tmp_path / "b.yaml").write_text(ALIAS_BOMB)
    refused(capsys, ["scenario", "run", str(tmp_path)], "b.yaml")


@pytest.mark.parametrize(("text", "words"), [
    ("a: &a [1]\nb: [" + ",".join(["*a"] * (MAX_YAML_ALIASES + 1)) + "]\n",
     f"more than {MAX_YAML_ALIASES} aliases"),
    ("x: " + "[" * 33 + "]" * 33, "nested deeper than 32 levels"),
    ("x: " + "[" * 100_000 + "]" * 100_000, "nested deeper than 32 levels"),
    ("".join(" " * i + "a:\n" for i in range(200)), "nested deeper than 32 levels"),
    ("a: &a " + "[" * 20 + "]" * 20 + "\nb: " + "[" * 20 + "*a" + "]" * 20,
     "nested deeper than 32 levels, aliases expanded"),
    ("x: [" + ",".join(["a"] * 100_000) + "]", f"more than {MAX_YAML_NODES:,} YAML nodes"),
    ("---\n" * 60_000, f"more than {MAX_YAML_NODES:,} YAML nodes"),
    ("seed: " + "9" * 5000, "is out of range (the limit is 1,000,000,000)"),
    ("seed: 0x" + "f" * 30, "is out of range"),
    ("name: " + "x" * 2000, "a string of 2,000 characters (the limit is 1,000)"),
    ("name: x\nplayers: [A, B]\nstart: {step: upkeep}\nstate: {A: {hand: ["
     + ",".join(["'1000 Forest'"] * 11) + "]}}", "more than 10,000 cards"),
    ("name: x\nplayers: [A, B]\nstart: {step: upkeep}\nstate: {A: {mana_pool: "
     + "R" * 5000 + "}}", "a string of 5,000 characters"),
])
def test_a_scenario_over_a_limit_is_refused_in_one_line(text: str, words: str) -> None:
    with bounded(seconds=1.5):
        with pytest.raises(ScenarioLimitError) as info:
            parse_scenarios(text, "s.yaml")
    one_line(info.value, "s.yaml", words)


def test_a_recursive_yaml_alias_is_invalid_yaml() -> None:
    for text in ("a: &a [*a]\n", "a: &a {b: *a}\n", "a: &a [[[*a]]]\n"):
        with pytest.raises(ScenarioError) as info:
            parse_scenarios(text, "r.yaml")
        one_line(info.value, "r.yaml: invalid YAML", "recursive alias", "(line 1)")


def test_scenario_messages_quote_hostile_values_in_part() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenarios("name: x\nplayers: [A, B]\nstart: {step: upkeep}\n"
                        + "k" * 900 + ": 1\n", "s.yaml")
    assert len(str(info.value)) < 300 and "unknown top-level key" in str(info.value)
    with pytest.raises(ScenarioError) as info:
        parse_scenarios("- " + "[1, 2] " * 10, "s.yaml")
    assert len(str(info.value)) < 300


def test_a_scenario_naming_a_hostile_deck_file_fails_that_scenario(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A deck file a scenario names has the deck limits; over one, the scenario fails."""
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    f = tmp_path / "s.yaml"
    f.write_text("name: x\nplayers: [A, B]\nstart: {step: game_start}\n"
                 "decks: {A: /dev/zero, B: /dev/zero}\n")
    assert main(["scenario", "run", str(f)]) == 1
    out = capsys.readouterr().out
    assert "decks.A: /dev/zero: not a regular file (a device)" in out


def test_the_projects_scenario_files_are_within_the_limits() -> None:
    """Every file of the corpus loads (no ScenarioLimitError); they are loaded once, when
    tests/test_scenarios.py is collected."""
    from test_scenarios import CORPUS, LOADED

    files = sorted(CORPUS.rglob("*.yaml"))
    assert files and set(files) <= set(LOADED)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(
    ["&a ", "*a", "&b ", "*b", "[", "]", "{", "}", ", ", ": ", "- ", "\n", "  ", "name: x",
     "players: [A, B]", "start: {step: upkeep}", "<<: ", "9" * 30, "'1000 Forest'", "---\n",
     "state:", "A:", "hand:", "1", "x", "!!int", "!!python/object:os.system", "? ",
     "!!float", "!!bool", "!!timestamp", "!!binary", "!!set", "!!omap", "!!pairs", "!!str",
     "!!map", "!!seq", "!!null", "''", "~", "-1", ".inf", "0x", "0o", "1:2"]),
    max_size=60).map("".join))
def test_fuzz_scenario_yaml_is_parsed_or_refused_with_a_scenario_error(text: str) -> None:
    start = time.process_time()
    try:
        parse_scenarios(text, "fuzz.yaml")
    except ScenarioError as e:
        assert str(e).startswith("fuzz.yaml") and len(str(e)) < 2000, str(e)[:300]
    assert time.process_time() - start < 1.0


# --------------------------------------------------------------------------- replay files

def test_replay_files_carry_their_format_version(tmp_path: Path) -> None:
    data = saved_game(tmp_path)
    assert next(iter(data)) == "format" and data["format"] == REPLAY_FORMAT == 2
    check_replay(data)


def _format_1(data: dict[str, Any]) -> dict[str, Any]:
    """A format-2 replay as format 1 wrote it: no text in its decisions."""
    return dict(data, format=1, decisions=[{"player": d["player"], "action": d["action"]}
                                           for d in data["decisions"]])


def test_a_replay_without_a_format_is_read_as_format_1(tmp_path: Path) -> None:
    """Files saved before the field existed have format 1's layout."""
    data = saved_game(tmp_path)
    old = {k: v for k, v in _format_1(data).items() if k != "format"}
    assert result_line(replay(old)) == result_line(replay(data))


def test_a_format_1_replay_is_read(tmp_path: Path) -> None:
    """Format 1 (JSON actions only) is still read, to the same game as format 2."""
    data = saved_game(tmp_path)
    assert render_text(replay(_format_1(data)).log) == render_text(replay(data).log)


def test_a_format_2_replay_of_texts_only_is_read(tmp_path: Path) -> None:
    """A format-2 decision may hold only its text (docs/notation.md): read with the
    notation, the game is the same; a text naming nothing is refused naming its decision,
    and so is a text that isn't its decision's action."""
    data = saved_game(tmp_path)
    assert all(isinstance(d["text"], str) for d in data["decisions"])
    texts = dict(data, decisions=[{"player": d["player"], "text": d["text"]}
                                  for d in data["decisions"]])
    assert render_text(replay(texts).log) == render_text(replay(data).log)
    k = next(i for i, d in enumerate(data["decisions"]) if d["text"] == "pass")
    bad = json.loads(json.dumps(texts))
    bad["decisions"][k]["text"] = "cast Zzyzx"
    with pytest.raises(ManastackError, match=f"^decision {k}: no card is named 'zzyzx'"):
        replay(bad)
    other = json.loads(json.dumps(data))
    other["decisions"][k]["text"] = "concede"
    with pytest.raises(ManastackError, match=f"^decision {k}: the text 'concede' is "
                                             "'concede', not its action"):
        replay(other)


@pytest.mark.parametrize("version", [3, 0, "1", 1.0, True, None, [1]])
def test_a_replay_of_an_unknown_format_is_refused(capsys, tmp_path: Path, version: Any) -> None:  # type: ignore[no-untyped-def]
    data = dict(saved_game(tmp_path), format=version)
    with pytest.raises(ManastackError, match="format .* isn't supported: this version of "
                                             "manastack reads formats 1 and 2"):
        replay(data)
    refused(capsys, ["replay", str(write_json(tmp_path, data))], "r.json: replay format")


def test_a_replay_with_a_key_format_1_lacks_is_refused(tmp_path: Path) -> None:
    data = saved_game(tmp_path)
    with pytest.raises(ManastackError, match="unknown key 'moves'"):
        replay(dict(data, moves=[]))
    with pytest.raises(ManastackError, match="unknown option 'speed'"):
        replay(dict(data, options=dict(data["options"], speed=2)))


@pytest.mark.parametrize(("option", "value", "words"), [
    ("starting_hand", 100_000_000, "options.starting_hand: 100000000 is out of range "
                                   "(the limit is 1,000, 103.4)"),
    ("starting_life", 10**15, "(the limit is 1,000,000,000, 103.3)"),
    ("starting_life", -10**15, "(the limit is 1,000,000,000, 103.3)"),
    ("max_turns", 10**12, "options.max_turns: 1000000000000 is out of range"),
])
def test_cr_103_4_a_replay_with_absurd_numbers_in_its_options_is_refused(
        capsys, tmp_path: Path, option: str, value: int, words: str) -> None:  # type: ignore[no-untyped-def]
    """A starting hand of 100,000,000 would draw a hundred million times (103.4)."""
    data = saved_game(tmp_path)
    data["options"][option] = value
    with bounded(seconds=1.0):
        with pytest.raises(InputLimitError) as info:
            replay(data)
    one_line(info.value, words)
    refused(capsys, ["replay", str(write_json(tmp_path, data))], "r.json: ", words)


def test_new_game_refuses_absurd_numbers_too() -> None:
    with pytest.raises(InputLimitError, match="103.4"):
        new_game(["A", "B"], DECKS, 1, GameOptions(starting_hand=10**8))
    with pytest.raises(InputLimitError, match="seed"):
        new_game(["A", "B"], DECKS, 2**64)
    with pytest.raises(DeckLimitError, match="deck 1 has 100,000 cards"):
        new_game(["A", "B"], [["Forest"] * 100_000, DECKS[1]], 1)
    with pytest.raises(DeckLimitError, match="a card name of 300 characters"):
        new_game(["A", "B"], [["x" * 300] * 60, DECKS[1]], 1)
    with pytest.raises(InputLimitError, match="players"):
        new_game([f"P{i}" for i in range(17)], DECKS * 9, 1)


def test_a_replay_number_of_thousands_of_digits_is_refused(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """json would hand int() 5,000 digits (ValueError): refused by digits first."""
    text = json.dumps(saved_game(tmp_path)).replace('"seed": 3', '"seed": ' + "7" * 5000)
    f = tmp_path / "r.json"
    f.write_text(text)
    refused(capsys, ["replay", str(f)], "r.json line 1: a number with more than 20 digits")
    data = json.loads(text.replace("7" * 5000, str(2**64)))
    refused(capsys, ["replay", str(write_json(tmp_path, data))], "the seed", "out of range")


@pytest.mark.parametrize("depth", [40, 100_000])
def test_deeply_nested_json_in_a_replay_is_refused(capsys, tmp_path: Path, depth: int) -> None:  # type: ignore[no-untyped-def]
    """json raises RecursionError past ~1,000 levels: refused at 32 either way."""
    f = tmp_path / "r.json"
    f.write_text('{"seed": 1, "players": ' + "[" * depth + "]" * depth + "}")
    with bounded(seconds=1.0):
        with pytest.raises(InputLimitError):
            read_replay_file(f)
    refused(capsys, ["replay", str(f)], "r.json: JSON nested deeper than 32 levels")


def test_a_replay_of_millions_of_tiny_values_is_refused_before_it_is_parsed(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "r.json"
    f.write_text("[" + ",".join(["[]"] * 3_100_000) + "]")
    with bounded(seconds=2.0, megabytes=60):
        refused(capsys, ["replay", str(f)], "more than 3,000,000 JSON values")


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(decisions=[{"player": 0, "action": {"verb": "pass"}}] * 200_001),
     "more than 200,000 decisions"),
    (lambda d: d.update(players=[f"P{i}" for i in range(17)]), "more than 16 players"),
    (lambda d: d.update(players=["x" * 101, "B"]), "a player's name of 101 characters"),
    (lambda d: d.update(decks=[["Forest"] * 100_000, d["decks"][1]]), "deck 1 has 100,000"),
    (lambda d: d.update(decks=[["x" * 54_000]] * 2), "a card name of 54,000 characters"),
])
def test_a_replay_over_a_limit_is_refused(capsys, tmp_path: Path,  # type: ignore[no-untyped-def]
                                          change: Callable[[dict[str, Any]], None],
                                          words: str) -> None:
    data = saved_game(tmp_path)
    change(data)
    refused(capsys, ["replay", str(write_json(tmp_path, data))], "r.json: ", words)


def test_cr_903_3_a_commander_replay_without_commanders_is_refused(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``replay`` and ``new_game`` run the variant's deck checks, as ``play`` does."""
    data = saved_game(tmp_path)
    data["options"]["variant"] = "commander"
    with pytest.raises(DeckError, match=r"no commander \(903.3\)"):
        replay(data)
    refused(capsys, ["replay", str(write_json(tmp_path, data))], "no commander (903.3)")
    with pytest.raises(DeckError, match="903.3"):
        new_game(["A", "B"], DECKS, 1, GameOptions(variant="commander"))


def test_a_refused_replay_decision_keeps_its_rule(tmp_path: Path) -> None:
    """A bad player, an action of the wrong player: ``IllegalAction`` with the rule the
    game gave it, and the decision's index."""
    data = saved_game(tmp_path)
    for player in (7, True, "Zed", [0], 10**30):
        bad = dict(data, decisions=[{"player": player, "action": {"verb": "pass"}}])
        game = new_game(data["players"], data["decks"], data["seed"],
                        GameOptions(**data["options"]))
        with pytest.raises(IllegalAction) as direct:
            game.apply(player, Pass())
        with pytest.raises(IllegalAction) as info:
            replay(bad)
        assert str(info.value).startswith("decision 0: ")
        assert info.value.rule == direct.value.rule


@pytest.mark.parametrize("entry", [
    ["pass"], {"player": 0}, {"player": 0, "action": {"verb": "nope"}},
    {"player": 0, "action": [1, 2]}, {"player": 0, "action": {"verb": "pass", "x" * 5000: 1}},
    {"player": 0, "action": {"verb": "mulligan", "take": "P" + "9" * 5000}},
    {"player": 0, "action": {"verb": "cast", "card": "P²"}},
])
def test_a_malformed_replay_decision_is_a_short_clear_error(tmp_path: Path, entry: Any) -> None:
    data = dict(saved_game(tmp_path), decisions=[entry])
    with pytest.raises(ManastackError) as info:
        replay(data)
    one_line(info.value, "decision 0: ")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() |
                    st.text(max_size=8) | st.sampled_from(["pass", "P1", "verb", "Forest"]),
                    lambda inner: st.lists(inner, max_size=4) |
                    st.dictionaries(st.sampled_from(["verb", "player", "action", "card", "x",
                                                     "targets", "take", "items"]), inner,
                                    max_size=4), max_leaves=12),
       st.sampled_from(["seed", "players", "decks", "options", "decisions", "format"]))
def test_fuzz_replay_values_are_refused_with_a_manastack_error(value: Any, key: str) -> None:
    data: dict[str, Any] = {"seed": 1, "players": ["A", "B"],
                            "decks": [["Forest"] * 20, ["Island"] * 20], "decisions": []}
    data[key] = value
    try:
        replay(data)
    except ManastackError as e:
        assert "\n" not in str(e) and len(str(e)) < 400, str(e)[:700]
    data = dict(data, decisions=[{"player": value, "action": value}])
    try:
        replay(data)
    except ManastackError as e:
        assert "\n" not in str(e) and len(str(e)) < 400, str(e)[:700]


# --------------------------------------------------------------------------- command line

@pytest.fixture
def no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play`` must refuse before a game is played."""
    def fail(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played")
    monkeypatch.setattr("manastack.play.play_game", fail)


@pytest.mark.parametrize("viewer", ["BAD", "1" * 5000, "²", "2", "-1", "x" * 100_000, " 0"])
def test_play_as_a_bad_viewer_exits_2_before_the_game_even_quiet(capsys, no_game: None,  # type: ignore[no-untyped-def]
                                                                viewer: str) -> None:
    for quiet in ([], ["--quiet"]):
        line = refused(capsys, ["play", *quiet, "--as", viewer], "--as ", "no such player")
        assert len(line) < 200


def test_replay_as_a_bad_viewer_exits_2(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    f = write_json(tmp_path, saved_game(tmp_path))
    refused(capsys, ["replay", str(f), "--as", "9" * 5000], "no such player")
    assert main(["replay", str(f), "--as", "1"]) == 0
    assert main(["replay", str(f), "--as", "Spectator"]) == 0


@pytest.mark.parametrize(("argv", "words"), [
    (["play", "--seed", "1" * 5000], "invalid int value"),
    (["play", "--seed", str(2**64)], "out of range"),
    (["play", "--max-turns", str(10**9)], "out of range (the limit is 100,000)"),
    (["play", "--players", "1" * 300], "invalid int value"),
    (["play", "--players", "100000"], "out of range (the limit is 16)"),
    (["match", "red_green", "red_green", "--games", str(10**9)], "out of range"),
    (["play", "--option", "teams=" + "[" * 40 + "]" * 40, "--players", "4"],
     "--option teams: JSON nested deeper than 32 levels"),
    (["play", "--option", "x=" + "[" * 1500, "--players", "4"], "nested deeper"),
    (["play", "--option", "x=" + "[" * 100_000, "--players", "4"], "more than 2,000 char"),
    (["play", "--option", "range=" + "1" * 5000, "--players", "4"],
     "more than 2,000 characters"),
    (["play", "--option", "range=" + "1" * 100, "--players", "4"],
     "a number with more than 20 digits"),
    (["play", "--players", "4", *["--option", "range=1"] * 40], "more than 32 --option"),
    (["play", *["--deck", "red_green"] * 40], "more than 32 decks"),
    (["play", "--deck", "x" * 200], "no deck file 'xxxxx"),
    (["cards", "show", "x" * 100_000], "a card name of 100,000 characters"),
    (["play", "--mulligan", "x" * 100_000], "invalid choice"),
    (["play", "--variant", "x" * 100_000], "unknown variant 'xxxx"),
    (["cards", "list", "--set", "x" * 100_000], "unknown set code"),
])
def test_hostile_command_line_values_are_refused_before_any_work(capsys, no_game: None,  # type: ignore[no-untyped-def]
                                                                argv: list[str],
                                                                words: str) -> None:
    refused(capsys, argv, words)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.text(min_size=1, max_size=30).filter(lambda s: not s.startswith("-")),
       st.text(max_size=30))
def test_fuzz_play_values_exit_0_or_2_without_a_traceback(capsys, viewer: str, option: str) -> None:  # type: ignore[no-untyped-def]
    try:
        code = main(["play", "--quiet", "--max-turns", "1", "--players", "3", "--as", viewer,
                     "--option", option])
    except SystemExit as e:
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code in (0, 2) and "Traceback" not in err


# --------------------------------------------------------------------------- honest results

def test_a_game_stopped_by_the_turn_limit_is_not_called_a_draw(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """No rule ends a game after N turns: ``play`` and ``replay`` say it was stopped."""
    save = tmp_path / "g.json"
    assert main(["play", "--seed", "1", "--quiet", "--max-turns", "3", "--save", str(save)]) == 0
    line = capsys.readouterr().out.strip()
    assert line == "Game stopped unfinished: the turn limit (3) was reached (turn 3)"
    assert main(["replay", str(save)]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1] == line


def test_a_game_stopped_by_the_decision_cap_says_so_and_replay_agrees(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    g = play_game(DECKS, [RandomAgent(1), RandomAgent(2)], seed=5, max_decisions=150)
    assert not g.over
    line = result_line(g)
    assert line == f"Game stopped unfinished after 150 decisions (turn {g.turn_number})"
    f = write_json(tmp_path, replay_data(g))
    assert main(["replay", str(f)]) == 0
    assert capsys.readouterr().out.strip().split("\n")[-1] == line
    assert "draw" not in line


def test_cr_104_4a_a_draw_by_the_rules_is_still_a_draw() -> None:
    """Both players at 0 life lose at once (704.5a): the game is a draw (104.4a)."""
    from manastack.engine.setup import setup_game, start_at

    g = setup_game()
    start_at(g, "precombat_main", turn=1)
    g.players[0].life = g.players[1].life = 0
    g.changed()
    g.apply(0, Pass())
    assert g.over and result_line(g) == "Game over: draw (turn 1)"


def test_cr_603_3b_the_orders_of_many_triggers_are_listed_in_bounded_memory() -> None:
    """Twelve triggers put on the stack at once (CR 603.3b: their controller orders
    them) have 479 million orders: a choice decision lists the first
    ``MAX_CHOICES`` + 1 of them, each made only when listed, in well under 50 MB."""
    from manastack.game.decisions import MAX_CHOICES, ChoiceDecision
    from manastack.play import default_deck

    g = new_game(["A", "B"], [default_deck("red_green")] * 2, 0)
    order = ChoiceDecision(0, "order_triggers", "order", (print, ()), "603.3b",
                           options=tuple(range(1, 13)), min_count=12, max_count=12,
                           ordered=True)
    tracemalloc.start()
    try:
        listed = order.legal_actions(g)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(listed) == MAX_CHOICES + 1
    assert peak < 50 * 2**20

"""The puzzle suite (tests/puzzles, docs/puzzles.md): every puzzle loads, its own answer
solves it, its tempting wrong plays don't, and the runner prints a score."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from manastack.cli import main
from manastack.engine import Game
from manastack.errors import ScenarioError
from manastack.game.decisions import Action, Cast, DeclareAttackers, DeclareBlockers, Pass
from manastack.scenario.model import parse_scenarios
from manastack.scenario.puzzles import judge, load_puzzles, score_line

SUITE = Path(__file__).parent / "puzzles"
PUZZLES = load_puzzles([SUITE])
IDS = [f"{Path(p.path).stem}:{p.index}" for p in PUZZLES]
#: The kinds of play the suite must cover (issue 37).
THEMES = {"lethal", "blocks", "removal", "holding", "stack", "race", "keywords",
          "abilities", "x_spells", "self_harm"}


class PassAgent:
    """Does nothing it isn't forced to: passes priority, attacks and blocks with nothing
    (else the first legal answer)."""

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        if d.kind == "priority":
            return Pass()
        if d.kind == "declare_attackers":
            return DeclareAttackers(())
        if d.kind == "declare_blockers":
            return DeclareBlockers(())
        return d.legal_actions(game)[0]


def test_the_suite_has_60_puzzles_over_every_theme() -> None:
    """At least 60 puzzles, spread over every theme, each with a tempting wrong play and
    a comment just above it saying what it tests and why (docs/puzzles.md)."""
    assert len(PUZZLES) >= 60
    assert {p.puzzle.theme for p in PUZZLES} == THEMES
    for p in PUZZLES:
        assert p.puzzle.wrong, p.name
    for f in sorted(SUITE.glob("*.yaml")):
        lines = f.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if line.strip().startswith("- name:"):
                assert lines[i - 1].strip().startswith("#"), f"{f.name}:{i + 1}: no comment"


@pytest.mark.parametrize("sc", PUZZLES, ids=IDS)
def test_puzzle_answer_solves_it_and_wrong_plays_fail(sc) -> None:  # type: ignore[no-untyped-def]
    """The oracle (the first ``best`` play, then the ``line``) solves the puzzle: the best
    play is legal and reaches the goal; each ``wrong`` play fails it, and where the
    puzzle has a goal, the goal alone is enough to tell (the judge can fail)."""
    v = judge(sc)
    assert v.solved, v.line()
    if sc.puzzle.goal is not None:
        assert judge(sc, by_goal=True).solved
    for w in sc.puzzle.wrong:
        assert not judge(sc, first=w).solved, w.raw
        if sc.puzzle.goal is not None and not sc.puzzle.best:
            assert not judge(sc, first=w, by_goal=True).solved, w.raw


def test_every_best_play_is_accepted() -> None:
    """Each of a puzzle's equally good first plays is legal and accepted as a best play
    (the judge compares plays by what they do, not by object ids); the ``line`` follows
    the first one only, so the goal isn't checked here."""
    for sc in PUZZLES:
        for e in sc.puzzle.best[1:]:
            v = judge(sc, first=e)
            assert v.chose in v.expected.split(" | ") and "illegal" not in v.reason, v.line()


def test_passing_fails_the_lethal_puzzles() -> None:
    """An agent that does nothing fails every puzzle whose goal is a win (CR 104.2a)."""
    lethal = [sc for sc in PUZZLES if sc.puzzle.goal is not None and sc.puzzle.goal.win]
    assert len(lethal) >= 15
    for sc in lethal:
        assert not judge(sc, PassAgent()).solved, sc.name


def test_runner_prints_one_line_per_puzzle_and_the_score(capsys) -> None:  # type: ignore[no-untyped-def]
    """``manastack puzzle run DIR --agent random``: PASS/FAIL lines, then the score (the
    random agent's score is printed, not asserted beyond sanity)."""
    assert main(["puzzle", "run", str(SUITE), "--agent", "random", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(PUZZLES) + 1
    assert all(re.match(r"(PASS|FAIL) .+: chose .+; expected .+", line) for line in out[:-1])
    m = re.fullmatch(r"solved (\d+)/(\d+) \((\d+\.\d)%\)", out[-1])
    assert m and int(m[2]) == len(PUZZLES) and int(m[1]) < len(PUZZLES)
    print(f"random agent: {out[-1]}")


def test_min_score_sets_the_exit_code(capsys) -> None:  # type: ignore[no-untyped-def]
    """``--min-score PERCENT``: exit code 1 below it."""
    one = str(SUITE / "lethal.yaml")
    assert main(["puzzle", "run", one, "--agent", "random", "--min-score", "100"]) in (0, 1)
    assert main(["puzzle", "run", one, "--agent", "random", "--min-score", "0"]) == 0
    capsys.readouterr()


def test_an_agent_error_fails_its_puzzle_only() -> None:
    """An agent that raises fails the puzzle, the reason naming the error; an agent's
    illegal action fails it too, citing the rule that forbids it."""

    class Broken:
        def act(self, game: Game) -> Action:
            raise RuntimeError("no idea")

    class Illegal:
        def act(self, game: Game) -> Action:
            return Cast(10_000)

    v = judge(PUZZLES[0], Broken())
    assert not v.solved and v.reason == "agent error: RuntimeError: no idea"
    by_goal = next(sc for sc in PUZZLES if not sc.puzzle.best)
    v = judge(by_goal, Illegal())
    assert not v.solved and v.reason.startswith("illegal: "), v.line()


def test_score_line() -> None:
    assert score_line([]) == "solved 0/0 (0.0%)"
    v = judge(PUZZLES[0])
    assert score_line([v, v, v]) == "solved 3/3 (100.0%)"


BASE = """name: p
players: [A, B]
start: {active: A, step: precombat_main}
state:
  A: {battlefield: [Mountain], hand: [Lightning Bolt]}
"""


@pytest.mark.parametrize(("puzzle", "words"), [
    ("puzzle: {player: A, best: [{cats: Lightning Bolt}]}", "unknown key 'cats'"),
    ("puzzle: {player: C, best: [{pass: true}]}", "'player' must be one of the players"),
    ("puzzle: {player: A}", "give 'best'"),
    ("puzzle: {player: A, best: []}", "non-empty list"),
    ("puzzle: {player: A, best: [{pass: true}], goal: {win: maybe}}", "must be true/false"),
    ("puzzle: {player: A, best: [{pass: true}], goal: {wins: true}}", "unknown key 'wins'"),
    ("puzzle: {player: A, best: [{pass: true}], gaol: {win: true}}", "unknown key 'gaol'"),
    ("puzzle: [A]", "must be a mapping"),
    ("script: [{player: A, pass: true}]\npuzzle: {player: A, best: [{pass: true}]}",
     "the script plays the other players only"),
])
def test_bad_puzzle_file_is_one_line_with_file_and_line(capsys, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                        puzzle: str, words: str) -> None:
    """A malformed puzzle: one line on stderr naming the file and the line, exit code 2."""
    f = tmp_path / "bad.yaml"
    f.write_text(BASE + puzzle + "\n", encoding="utf-8")
    assert main(["puzzle", "run", str(f)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert words in err and "bad.yaml" in err and "(line " in err, err


def test_not_a_puzzle_unknown_agent_and_no_files_are_clear_errors(capsys, tmp_path: Path  # type: ignore[no-untyped-def]
                                                                  ) -> None:
    """A scenario without ``puzzle:``, an agent name the registry doesn't know (listing
    the known ones), a folder without puzzles: one line, exit code 2."""
    f = tmp_path / "plain.yaml"
    f.write_text(BASE, encoding="utf-8")
    for argv, words in (([str(f)], "not a puzzle"),
                        ([str(SUITE), "--agent", "nobody"], "unknown agent 'nobody' (known: "),
                        ([str(tmp_path / "none")], "no puzzle files")):
        if argv[0] == str(tmp_path / "none"):
            (tmp_path / "none").mkdir()
        assert main(["puzzle", "run", *argv]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and words in err, err


def test_a_best_play_that_does_not_fit_is_a_puzzle_error() -> None:
    """A ``best`` play naming nothing in the position can't be judged: a scenario error
    naming the puzzle, not a silent failure."""
    sc = parse_scenarios(BASE + "puzzle: {player: A, best: [{cast: Lightning Bolt, "
                                "targets: [Grizzly Bears]}]}\n", "x.yaml")[0]
    with pytest.raises(ScenarioError, match="x.yaml.*Grizzly Bears"):
        judge(sc)

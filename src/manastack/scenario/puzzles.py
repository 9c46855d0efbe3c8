"""Tactical puzzles: a scenario position, a player to move and the known best play.

A puzzle is a scenario file (``docs/scenarios.md``) with a ``puzzle:`` section
(``docs/puzzles.md``).  An agent (``act(game) -> Action``) decides every decision of the
player to move; the other players follow the scenario's script where it applies (an
entry the game has made impossible is skipped) and otherwise the documented defaults
(pass priority, no attackers or blockers...).  The puzzle is **solved** when:

- the agent's first action is one of ``best`` (compared by what it does: the verb, the
  card or ability by name or alias, the targets, X and modes, the attackers or blocks;
  never by object ids or the mana paid), when ``best`` is given; and
- the ``goal`` holds, when it is given: the game is played on to the scenario's ``stop``
  (by default the beginning of the next turn) or its end, then the goal (a win, the
  player's survival, a life total, permanents kept or removed) and the scenario's
  ``expect`` are checked.

:func:`judge` judges one puzzle; :func:`main` is ``manastack puzzle run``.  The
*oracle* (``agent=None``) plays the puzzle's own answer: the first ``best`` play, then
the ``line`` entries (the rest of the known best play), then the defaults.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from manastack.errors import IllegalAction, ScenarioError
from manastack.game.decisions import (
    Action,
    Activate,
    Cast,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject, PlayerRef
from manastack.scenario.model import (
    Scenario,
    ScriptEntry,
    Stop,
    _At,
    _check_keys,
    _get_bool,
    _get_int,
    _Map,
    _show,
    find_scenario_files,
    load_scenarios,
)
from manastack.scenario.runner import Fail, Runner

if TYPE_CHECKING:
    from manastack.agents.registry import Agent
    from manastack.scenario.model import _Parser

#: The keys of ``puzzle:``.
PUZZLE_KEYS = ("player", "theme", "best", "line", "wrong", "goal")
#: The keys of ``puzzle.goal``.
GOAL_KEYS = ("win", "survive", "opponent_life_at_most", "life_at_least", "keeps", "removes")
#: The keys a play of ``best``/``wrong``/``line`` may have (``player`` is the puzzle's;
#: ``pay`` is never compared: it only tells the oracle how to pay).
PLAY_KEYS = ("cast", "activate", "play", "pass", "attack", "block", "order", "assign",
             "choose", "targets", "x", "modes", "ability", "from", "alt_cost", "respond_to",
             "for", "turn", "step", "pay")
#: A game played on for a goal is cut off after this many decisions (a puzzle is a turn
#: or two; an agent looping on free abilities fails it).
MAX_PUZZLE_DECISIONS = 5_000


@dataclass(frozen=True)
class Goal:
    """What must hold when the game has been played on (every field given is checked)."""

    #: the player to move has won (104.2a)
    win: bool = False
    #: the player to move hasn't lost (104.3)
    survive: bool = False
    #: every opponent's life is at most this, or they have lost
    opponent_life_at_most: int | None = None
    #: the player to move has at least this much life
    life_at_least: int | None = None
    #: these permanents (aliases or names) are on the battlefield, under the player's control
    keeps: tuple[str, ...] = ()
    #: these permanents (aliases or names) are no longer on the battlefield
    removes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Puzzle:
    """The ``puzzle:`` section of a scenario."""

    player: str
    theme: str
    best: tuple[ScriptEntry, ...]
    line: tuple[ScriptEntry, ...]
    wrong: tuple[ScriptEntry, ...]
    goal: Goal | None


# ------------------------------------------------------------------ reading


def parse_puzzle(parser: _Parser, at: _At, value: Any,
                 script: tuple[ScriptEntry, ...]) -> Puzzle:
    """The ``puzzle:`` section of the scenario ``parser`` reads (a scenario error, one
    line with the file and the line, for anything malformed)."""
    if not isinstance(value, dict):
        at.fail(f"must be a mapping (player:, best:, goal:...), not {_show(value)}")
    _check_keys(at, value, PUZZLE_KEYS)
    if value.get("player") is None:
        at.fail("missing 'player' (the player to move)")
    player = value["player"]
    if not isinstance(player, str) or player not in parser.players:
        at.key(value, "player").fail(f"'player' must be one of the players "
                                     f"({', '.join(parser.players)}), not {_show(player)}")
    if parser.game_start:
        at.fail("a puzzle is a position: it can't start at game_start")
    for e in script:
        if e.player == player:
            at.named(f"script entry {e.index}", e.line).fail(
                f"the script plays the other players only: {player} is the puzzle's "
                "player (their decisions are the agent's)")
    theme = value.get("theme", "")
    if not isinstance(theme, str):
        at.key(value, "theme").fail(f"'theme' must be a word, not {_show(theme)}")
    best = _plays(parser, at, value, "best", player)
    line = _plays(parser, at, value, "line", player)
    wrong = _plays(parser, at, value, "wrong", player)
    goal = _goal(parser, at.key(value, "goal"), value["goal"]) \
        if value.get("goal") is not None else None
    if not best and goal is None:
        at.fail("give 'best' (the acceptable first plays), 'goal', or both")
    if not best and not line:
        at.fail("give the known answer: 'best' or 'line'")
    return Puzzle(player=player, theme=theme, best=best, line=line, wrong=wrong, goal=goal)


def _plays(parser: _Parser, at: _At, value: Any, key: str,
           player: str) -> tuple[ScriptEntry, ...]:
    """A list of plays of the puzzle's player, written as script entries without
    ``player`` (``line`` entries may say ``turn``/``step``)."""
    raw = value.get(key)
    if raw is None:
        return ()
    here = at.key(value, key)
    if not isinstance(raw, list) or not raw:
        here.fail(f"'{key}' must be a non-empty list of plays, not {_show(raw)}")
    out = []
    for i, item in enumerate(raw):
        item_at = here.item(raw, i)
        if not isinstance(item, dict):
            item_at.fail(f"a play must be a mapping such as {{cast: NAME, targets: [...]}}, "
                         f"not {_show(item)}")
        _check_keys(item_at, item, PLAY_KEYS)
        entry = _Map(item)  # (a copy that keeps the lines of the YAML mapping)
        entry.line = getattr(item, "line", None)
        entry.lines = dict(getattr(item, "lines", {}))
        entry["player"] = player
        out.append(parser.entry(item_at, i + 1, entry))
    return tuple(out)


def _goal(parser: _Parser, at: _At, value: Any) -> Goal:
    if not isinstance(value, dict):
        at.fail(f"must be a mapping (win: true, survive: true, keeps: [...]...), "
                f"not {_show(value)}")
    _check_keys(at, value, GOAL_KEYS)
    if not value:
        at.fail("an empty goal checks nothing")
    return Goal(win=bool(_get_bool(at, value, "win")),
                survive=bool(_get_bool(at, value, "survive")),
                opponent_life_at_most=_get_int(at, value, "opponent_life_at_most"),
                life_at_least=_get_int(at, value, "life_at_least"),
                keeps=parser.loose_names(at, value, "keeps"),
                removes=parser.loose_names(at, value, "removes"))


def load_puzzles(paths: Sequence[str | Path]) -> list[Scenario]:
    """Every puzzle of the files and folders ``paths`` (folders searched as for
    scenarios).  A scenario without ``puzzle:`` is a scenario error, as is no file."""
    files = find_scenario_files([Path(p) for p in paths])
    if not files:
        raise ScenarioError(f"no puzzle files in {', '.join(str(p) for p in paths[:10])}")
    out: list[Scenario] = []
    for f in files:
        for sc in load_scenarios(f):
            if sc.puzzle is None:
                raise ScenarioError(f"{sc.label}: not a puzzle (no 'puzzle:' section)")
            out.append(sc)
    return out


# ------------------------------------------------------------------ judging


@dataclass
class Verdict:
    """How an agent did on one puzzle."""

    name: str
    path: str
    theme: str
    solved: bool
    #: the agent's first play, described by names (:func:`describe`)
    chose: str
    #: the acceptable first plays, or the goal
    expected: str
    #: why it failed ("" when solved)
    reason: str = ""

    def line(self) -> str:
        head = "PASS" if self.solved else "FAIL"
        text = f"{head} {self.name}: chose {self.chose}; expected {self.expected}"
        return text + (f" ({self.reason})" if self.reason else "")


class PuzzleRunner(Runner):
    """Plays a puzzle: the agent for the player to move, the script or the defaults for
    the others."""

    def __init__(self, sc: Scenario) -> None:
        super().__init__(sc)
        assert sc.puzzle is not None
        self.puzzle: Puzzle = sc.puzzle
        self.me = self.pidx[self.puzzle.player]

    def name_of(self, ref: Any) -> str:
        """A player's name, or an object's alias (else its card name)."""
        g = self.game
        if isinstance(ref, PlayerRef):
            return g.players[ref.index].name
        if isinstance(ref, int) and ref in g.objects:
            o = g.objects[ref]
            uid = getattr(o, "uid", None)
            for alias, u in self.aliases.items():
                if u == uid and isinstance(o, GameObject):
                    return alias
            return str(g.name_of(ref))
        return str(ref)

    def describe(self, action: Action) -> str:
        """What ``action`` does, by names: the form plays are compared in."""
        n = self.name_of
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, PlayLand):
            return f"play {n(action.card)}"
        if isinstance(action, (Cast, Activate)):
            if isinstance(action, Cast):
                text = f"cast {n(action.card)}"
            else:
                text = f"activate {n(action.source)}" + (
                    f" (ability {action.ability + 1})" if action.ability else "")
            if action.targets:  # (sorted: Fireball's targets share the damage alike)
                text += " -> " + ", ".join(sorted(n(t) for t in action.targets))
            if action.x:
                text += f" X={action.x}"
            if isinstance(action, Cast) and action.modes:
                text += " modes " + ",".join(str(m + 1) for m in action.modes)
            return text
        if isinstance(action, DeclareAttackers):
            if not action.attacks:
                return "no attack"
            several = len(self.game.players) > 2
            return "attack " + ", ".join(sorted(
                n(a) + (f" -> {n(t)}" if several else "") for a, t in action.attacks))
        if isinstance(action, DeclareBlockers):
            if not action.blocks:
                return "no blocks"
            return "block " + ", ".join(sorted(
                f"{n(b)} on {' & '.join(sorted(n(a) for a in atks))}"
                for b, atks in action.blocks))
        if isinstance(action, Choose):
            return "choose " + ", ".join(n(i) if isinstance(i, (int, PlayerRef))
                                         and not isinstance(i, bool) else str(i)
                                         for i in action.items)
        return repr(action)

    def play_of(self, e: ScriptEntry) -> Action:
        """The action a play of the puzzle means now (at the player's pending decision)."""
        d = self.game.decision
        assert d is not None
        self.where = f"puzzle play {e.raw}"
        try:
            return self.action_for(e, d)
        finally:
            self.where = ""

    def play(self, agent: Agent | None, first: ScriptEntry | None = None,
             by_goal: bool = False) -> Verdict:
        """Play the puzzle with ``agent`` (None: the oracle, whose first play is ``first``,
        by default the first ``best`` play, then the ``line``) and judge it.

        The judged play is the player's first decision that a ``best`` play is about (its
        kind, turn and step, as for script entries), or an earlier priority where the
        agent does something other than pass (without ``best``: the first decision).
        Activating a mana ability is never the judged play: it commits nothing (605).
        With ``by_goal``, ``best`` is ignored: the goal alone judges."""
        g, sc, pz = self.game, self.sc, self.puzzle
        best = () if by_goal else pz.best
        goal = pz.goal is not None or not sc.expect.empty
        stop = sc.stop or Stop(turn=sc.start.turn + 1, step="untap")
        if not stop.game_over and stop.turn is not None:
            g.breakpoint = (stop.turn, stop.step or "untap")
        if agent is None and first is None and pz.best:
            first = pz.best[0]
        pending = [first] if first is not None else []
        line = list(pz.line)
        expected = self._goal_text()
        chose = "nothing"
        if not best and not goal:
            raise Fail("puzzle: no goal to judge by")
        judged = False
        g.run_rerunnable()
        n = 0
        while not g.over and not g.paused:
            d = g.decision
            if d is None:
                break
            n += 1
            if n > MAX_PUZZLE_DECISIONS:
                return self._verdict(False, chose, expected, "too many decisions")
            if stop.game_over and g.turn_number > sc.start.turn + 10:
                break
            if d.by != self.me:
                self._others(d)
                continue
            if agent is None:
                action = self._oracle(pending, line, d)
            else:
                try:
                    action = self._ask(agent, g)
                except Exception as ex:  # (an agent's bug fails its puzzle, not the run)
                    return self._verdict(False, chose, expected,
                                         f"agent error: {type(ex).__name__}: {ex}")
            if not judged and not self._mana_ability(action) and (
                    not best or any(self._about(e, d) for e in best)
                    or (d.kind == "priority" and not isinstance(action, Pass))):
                judged = True
                chose = self.describe(action)
                if best:
                    plays = self._expected()
                    expected = " | ".join(plays)
                    if chose not in plays:
                        return self._verdict(False, chose, expected, "not a best play")
                if not goal:
                    return self._verdict(True, chose, expected)
            try:
                g.apply(d.by, action)
            except IllegalAction as ex:
                return self._verdict(False, chose, expected, f"illegal: {ex}")
        if not judged:
            return self._verdict(False, chose, expected, "the player never had to decide")
        problems = self._check_goal()
        return self._verdict(not problems, chose, expected, "; ".join(problems))

    @staticmethod
    def _ask(agent: Agent, g: Any) -> Action:
        """The agent's answer; the stop point is hidden from it meanwhile, so that the
        copies a searching agent plays forward don't pause there."""
        stop, g.breakpoint = g.breakpoint, None
        try:
            return agent.act(g)
        finally:
            g.breakpoint = stop

    def _mana_ability(self, action: Action) -> bool:
        """Is ``action`` the activation of a mana ability (605: it commits nothing; the
        mana empties from the pool at the end of the step, 500.4)?"""
        from manastack.rules.casting import activated_abilities
        if not isinstance(action, Activate) or action.source not in self.game.objects:
            return False
        o = self.game.objects[action.source]
        if not isinstance(o, GameObject):
            return False
        abilities = activated_abilities(self.game, o)
        return 0 <= action.ability < len(abilities) and \
            abilities[action.ability].is_mana_ability

    def _about(self, e: ScriptEntry, d: Any) -> bool:
        """Is the decision ``d`` the one the play ``e`` is about?"""
        try:
            return self.entry_applies(e, d)
        except (Fail, ScenarioError):
            return False

    def _expected(self) -> list[str]:
        """The ``best`` plays as descriptions (at the player's pending decision)."""
        out = []
        for e in self.puzzle.best:
            try:
                out.append(self.describe(self.play_of(e)))
            except (Fail, IllegalAction, ScenarioError) as ex:
                raise Fail(f"puzzle.best: {e.raw} doesn't fit the position: {ex}") from None
        return out

    def _goal_text(self) -> str:
        goal = self.puzzle.goal
        if goal is None:
            return "expect"
        parts = []
        if goal.win:
            parts.append("win")
        if goal.survive:
            parts.append("survive")
        if goal.opponent_life_at_most is not None:
            parts.append(f"opponent at {goal.opponent_life_at_most} life or less")
        if goal.life_at_least is not None:
            parts.append(f"{goal.life_at_least} life or more")
        if goal.keeps:
            parts.append("keep " + ", ".join(goal.keeps))
        if goal.removes:
            parts.append("remove " + ", ".join(goal.removes))
        return "goal: " + ", ".join(parts)

    def _oracle(self, pending: list[ScriptEntry], line: list[ScriptEntry], d: Any) -> Action:
        """The puzzle's own answer: the pending first play where it applies, else the
        next ``line`` play where it applies (the line holds the rest of the best play,
        before and after the judged one), else the default (pass, no attack...)."""
        if pending and self._about(pending[0], d):
            return self.play_of(pending.pop(0))
        while line and self._about(line[0], d):
            e = line.pop(0)
            try:
                return self.play_of(e)
            except (Fail, IllegalAction):
                continue  # (a step of the line the game no longer allows)
        return self.default(d)

    def _others(self, d: Any) -> None:
        """Another player's decision: the next script entry if it applies (skipped if the
        game no longer allows it), else the default."""
        g = self.game
        while self.pos < len(self.entries):
            e = self.entries[self.pos]
            if self._auto_declared(e):
                self.pos += 1
                continue
            if not self.entry_applies(e, d):
                break
            try:
                self.where = f"script entry {e.index}"
                self.apply_entry(e, d)
                return
            except (Fail, IllegalAction):
                self.pos += 1  # the agent's play made it impossible: the opponent adapts
            finally:
                self.where = ""
        g.apply(d.by, self.default(d))

    def _check_goal(self) -> list[str]:
        g, pz = self.game, self.puzzle
        me = g.players[self.me]
        problems: list[str] = []
        goal = pz.goal
        if goal is not None:
            if goal.win and not (g.over and g.winner == self.me):
                problems.append(f"{me.name} did not win")
            if goal.survive and (me.lost or (g.over and g.winner != self.me)):
                problems.append(f"{me.name} lost")
            if goal.opponent_life_at_most is not None:
                for p in g.players:
                    if p.index != self.me and not p.lost and \
                            p.life > goal.opponent_life_at_most:
                        problems.append(f"{p.name} at {p.life} life")
            if goal.life_at_least is not None and me.life < goal.life_at_least:
                problems.append(f"{me.name} at {me.life} life")
            for name in goal.keeps:
                oid = self.find(name)
                if oid is None or g.objects[oid].zone != "battlefield" or \
                        g.controller(g.objects[oid]) != self.me:
                    problems.append(f"{name} lost")
            for name in goal.removes:
                oid = self.find(name, zones=("battlefield",))
                if oid is not None:
                    problems.append(f"{name} still on the battlefield")
        if not self.sc.expect.empty:
            res = self.check()
            if not res.passed:
                problems.append(res.message)
        return problems

    def _verdict(self, solved: bool, chose: str, expected: str, reason: str = "") -> Verdict:
        return Verdict(self.sc.name, self.sc.path, self.puzzle.theme, solved, chose, expected,
                       "" if solved else reason)


def judge(sc: Scenario, agent: Agent | None = None, first: ScriptEntry | None = None,
          by_goal: bool = False) -> Verdict:
    """Judge the puzzle ``sc`` played by ``agent`` (None: the oracle, playing ``first``,
    by default the puzzle's first ``best`` play); with ``by_goal``, by its goal alone.
    A puzzle that can't be set up, or a play of its own that doesn't fit the position,
    raises :class:`ScenarioError`."""
    try:
        return PuzzleRunner(sc).play(agent, first, by_goal)
    except Fail as f:
        raise ScenarioError(f"{sc.label}: {f}") from None


def score_line(verdicts: Sequence[Verdict]) -> str:
    """``solved 47/60 (78.3%)``."""
    n = len(verdicts)
    k = sum(v.solved for v in verdicts)
    return f"solved {k}/{n} ({100.0 * k / n if n else 0.0:.1f}%)"


def main(paths: Sequence[str], agent_name: str, seed: int = 0,
         budget_ms: int | None = None, min_score: float | None = None) -> int:
    """``manastack puzzle run``: one PASS/FAIL line per puzzle, then the score line.
    Exit code 0, or 1 when ``min_score`` (a percentage) isn't reached; a bad file or
    agent name raises (the command line prints one line and exits with 2)."""
    from manastack.agents.registry import make_agent

    make_agent(agent_name, seed)  # (an unknown name fails before anything runs)
    puzzles = load_puzzles(paths)
    verdicts = []
    for i, sc in enumerate(puzzles):
        agent = make_agent(agent_name, seed + i)
        if budget_ms is not None and hasattr(agent, "budget_ms"):
            agent.budget_ms = budget_ms  # type: ignore[attr-defined]
        v = judge(sc, agent)
        verdicts.append(v)
        print(v.line(), flush=True)
    print(score_line(verdicts), flush=True)
    solved = 100.0 * sum(v.solved for v in verdicts) / len(verdicts)
    if min_score is not None and solved < min_score:
        print(f"below the minimum score ({min_score:g}%)", file=sys.stderr)
        return 1
    return 0


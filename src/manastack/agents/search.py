"""The ``search`` agent: Monte Carlo search over the worlds its player can't tell apart.

A player of Magic doesn't know the other players' hands or any library's order, so the
agent searches over what it can't see.  Each iteration **determinises**: it deals the
cards its player hasn't seen into a copy of the game at random
(:func:`manastack.engine.determinize`: the result depends only on what the player may
see, CR 400.2, and the agent's own random generator); then it plays answers out in that
world with the rollout policy (the heuristic agent for every seat) until the game ends
or ``horizon_turns`` turns have begun (by default 2, to the end of the next turn, and
further with a longer time budget: :meth:`SearchAgent.horizon`), and scores the
position for the searching player (1 a win, 0 a loss, ½ a draw; an unfinished game by
the policy's evaluation).  Two methods (``method``):

- ``"paired"`` (the default): flat search with common random numbers.  Each world plays
  *every* answer searched, the rollout agents seeded alike, so that the answers meet the
  same hidden cards and the same luck and their difference is the answer's own; the
  best mean answer replaces the policy's only when it beats it by more than its
  standard error.  With a short budget the search keeps to the policy unless the
  worlds say otherwise (the arena's figures: docs/agents.md); budget left once every
  other answer has left the running buys more answers (widening) and, as an option,
  deeper horizons (iterative deepening).
- ``"ismcts"``: single-observer information-set Monte Carlo tree search (Cowling,
  Powley and Whitehouse, 2012): a tree of decisions shared by every world, the answer
  with the best upper confidence bound among those *available* in this world at each
  node (an answer is counted as available each time it could have been chosen, so that
  answers legal only in some worlds, an opponent's spell they may not hold, aren't
  favoured), the policy's answer favoured by a bonus fading with its visits, one answer
  expanded per iteration, the score backed up as seen by the player deciding at each
  node; the most visited answer at the root.

Either answers once its budget is spent: a time budget (``budget_ms``) or a number of
iterations (``iterations``: reproducible on any machine, which the honesty tests use).
A decision with one answer searched costs no search.

The answers searched (:func:`candidates`) are few, the policy's own first: at priority,
passing and the answers the policy rates highest, and only at a player's usual stops
(:func:`search_moment`); for combinatorial decisions (attackers, blockers, damage),
declarations close to the policy's and a few sampled ones.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import GameObject

if TYPE_CHECKING:
    from manastack.agents.registry import Agent
    from manastack.engine import Game
    from manastack.game.decisions import Action, Decision

#: At most this many answers searched at a node (the policy's answer always among them).
MAX_CANDIDATES = 12
#: At most this many answers searched at a priority decision: the policy's, passing, and
#: the others it rates highest (few, so that a short budget tells them apart).
PRIORITY_CANDIDATES = 5
#: Answers sampled to find candidates of a combinatorial decision.
SAMPLES = 24
#: A rollout gives up after this many decisions (a loop of optional actions, 104.4b).
MAX_ROLLOUT_DECISIONS = 600
#: Paired search: worlds played before an answer may leave the running, and how many
#: standard errors below the policy's answer its mean difference must be to leave.
REJECT_AFTER = 3
REJECT_ERRORS = 2.0
#: A settled search with budget left widens by this many answers a round, to at most
#: MAX_WIDTH answers in all; a widened answer must beat the chosen one by this many
#: standard errors.
WIDEN_BY = 4
MAX_WIDTH = 24
WIDENED_MARGIN = 2.0
#: Iterative deepening (``deepen``) doubles the horizon up to this many turns.
MAX_HORIZON_TURNS = 16
#: The horizon of a search without ``horizon_turns``: this many turns, doubled for each
#: doubling of a time budget beyond :data:`HORIZON_BUDGET_MS` (2 turns at 100 and 300 ms,
#: 4 at 500 ms, 8 at 1 s, to :data:`MAX_HORIZON_TURNS`).
HORIZON_TURNS = 2
HORIZON_BUDGET_MS = 250.0
#: The exploration constant of the upper confidence bound (scores are in [0, 1]).
EXPLORATION = 0.7
#: The bonus of the policy's own answer, divided by its visits + 1 (progressive bias):
#: with few iterations the search keeps to the policy unless another answer scores better.
POLICY_BIAS = 0.2


class Node:
    """A node of the search tree: the answers tried from it, by answer."""

    __slots__ = ("children", "visits", "value", "available")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        #: Times this answer was chosen, the sum of its scores for the player who chose
        #: it, and times it was available when its parent was visited.
        self.visits = 0
        self.value = 0.0
        self.available = 0

    def ucb(self, c: float, bias: float) -> float:
        """The upper confidence bound of this answer (UCB1 over its availability), plus
        ``bias`` fading with its visits (the policy's own answer: progressive bias)."""
        if self.visits == 0:
            return math.inf
        return self.value / self.visits + c * math.sqrt(
            math.log(max(self.available, 1)) / self.visits) + bias / (self.visits + 1)


def candidates(game: Game, decision: Decision, policy: Agent, rng: random.Random,
               limit: int = MAX_CANDIDATES) -> list[Action]:
    """The answers searched for ``decision``, the policy's own first: then every other
    legal answer when there are at most ``limit`` (a mana ability left out at priority),
    else passing (when legal) and distinct sampled ones."""
    first = policy.act(game)
    if decision.kind == "priority":
        if not search_moment(game, decision.by):
            return [first]
        ranked = getattr(policy, "ranked", None)
        if ranked is not None:
            # the policy's best few: passing, and the answers it rates highest (a mana
            # ability on its own changes nothing worth searching, 605.3a: the mana is
            # made while a spell's cost is paid)
            out = [first]
            for a in [Pass(), *(a for _v, a in ranked(game) if not _makes_mana(game, a))]:
                if len(out) >= PRIORITY_CANDIDATES:
                    break
                if a not in out:
                    out.append(a)
            return out
    if decision.kind not in _COMBINATORIAL:
        listed = decision.legal_actions(game)
        if decision.kind == "priority":
            listed = [a for a in listed if not _makes_mana(game, a)]
        if len(listed) < limit:
            return [first, *(a for a in listed if a != first)]
    out = [first]
    seen: set[Any] = {first}

    def add(a: Action) -> None:
        if a not in seen:
            seen.add(a)
            out.append(a)

    if decision.kind == "priority":
        add(Pass())
    for a in _combat_neighbours(game, decision, first):
        if len(out) >= limit:
            break
        if _legal(game, decision, a):
            add(a)
    for _ in range(SAMPLES):
        if len(out) >= limit:
            break
        add(decision.sample(game, rng))
    return out


def more_candidates(game: Game, decision: Decision, policy: Agent, rng: random.Random,
                    tried: list[Action], count: int) -> list[Action]:
    """Up to ``count`` answers to search beyond ``tried`` (a settled search widening):
    at priority, the next answers the policy rates highest (no mana ability on its own,
    605.3a); for combinatorial decisions, declarations close to the policy's then
    sampled ones; otherwise the next legal answers."""
    if count <= 0:
        return []
    out: list[Action] = []

    def add(a: Action) -> bool:
        if a not in tried and a not in out:
            out.append(a)
        return len(out) >= count

    if decision.kind == "priority":
        ranked = getattr(policy, "ranked", None)
        listed = [a for _v, a in ranked(game)] if ranked is not None else \
            decision.legal_actions(game)
        for a in listed:
            if not _makes_mana(game, a) and add(a):
                break
        return out
    if decision.kind not in _COMBINATORIAL:
        for a in decision.legal_actions(game):
            if add(a):
                break
        return out
    for a in _combat_neighbours(game, decision, tried[0]):
        if _legal(game, decision, a) and add(a):
            return out
    for _ in range(SAMPLES):
        if add(decision.sample(game, rng)):
            break
    return out


#: The steps at which a priority with an empty stack is searched, on the searching
#: player's own turn and on another's: the moments a player acts at (a main phase,
#: tricks after blocks; removal after attacks, the end of an opponent's turn).  At the
#: other steps the policy answers alone (its instants wait for these moments anyway).
SEARCH_STEPS_OWN_TURN = frozenset({"precombat_main", "postcombat_main", "declare_blockers"})
SEARCH_STEPS_OTHER_TURN = frozenset({"declare_attackers", "declare_blockers", "end"})


def search_moment(game: Game, player: int) -> bool:
    """Is a priority of ``player`` now worth a search: an opponent's spell or ability on
    top of the stack to answer (CR 116.3c, 116.7: priority after it is put on the stack, to respond), or,
    the stack empty, one of the steps of :data:`SEARCH_STEPS_OWN_TURN` /
    :data:`SEARCH_STEPS_OTHER_TURN`?  (Their own object on top: the policy answers, as a
    player lets their own spell resolve.)"""
    if game.stack:
        top = game.objects.get(game.stack[-1])
        return top is not None and game.is_opponent(player, game.controller(top))  # type: ignore[arg-type]
    st = game.step
    if st is None:
        return False
    own = game.active_player == player
    return st.name in (SEARCH_STEPS_OWN_TURN if own else SEARCH_STEPS_OTHER_TURN)


def _legal(game: Game, decision: Decision, a: Action) -> bool:
    try:
        decision.validate(game, a)
    except IllegalAction:
        return False
    return True


def _combat_neighbours(game: Game, decision: Decision, first: Action) -> list[Action]:
    """Declarations close to the policy's (508.1, 509.1): no attack or no block, every
    creature attacking, and the policy's with one creature added or taken away (one
    more attacker, one attacker kept home, one block dropped, one more block)."""
    out: list[Action] = []
    if isinstance(first, DeclareAttackers):
        from manastack.agents.combat_policy import pick_defender
        from manastack.rules.combat import attack_candidates, attack_targets

        attacks = dict(first.attacks)
        target = next(iter(attacks.values()), None)
        if target is None:
            target = pick_defender(game, list(attack_targets(game)))
        out.append(DeclareAttackers(()))
        creatures = [o.id for o in attack_candidates(game)]
        if target is not None:
            out.append(DeclareAttackers(tuple((c, target) for c in creatures)))
        for c in creatures:
            if c in attacks:
                out.append(DeclareAttackers(tuple((a, t) for a, t in first.attacks
                                                  if a != c)))
            elif target is not None:
                out.append(DeclareAttackers((*first.attacks, (c, target))))
    elif isinstance(first, DeclareBlockers):
        cb = game.combat
        out.append(DeclareBlockers(()))
        for b, _ in first.blocks:
            out.append(DeclareBlockers(tuple(x for x in first.blocks if x[0] != b)))
        if cb is not None:
            blocking = {b for b, _ in first.blocks}
            for b in getattr(decision, "candidates", ()):
                if b in blocking:
                    continue
                for a in cb.attackers:
                    out.append(DeclareBlockers(tuple(sorted((*first.blocks, (b, (a,)))))))
    return out


def _makes_mana(game: Game, a: Action) -> bool:
    """Is ``a`` the activation of a mana ability (605.1a)?"""
    from manastack.rules.casting import activated_abilities

    if not isinstance(a, Activate):
        return False
    src = game.objects.get(a.source)
    if not isinstance(src, GameObject):
        return False
    abilities = activated_abilities(game, src)
    return 0 <= a.ability < len(abilities) and \
        getattr(abilities[a.ability], "mana", None) is not None


#: Decision kinds whose legal answers are combinations (not listed whole).
_COMBINATORIAL = frozenset({"declare_attackers", "declare_blockers", "assign_damage",
                            "order_damage"})


class SearchAgent:
    """Search within a budget per decision (see the module's docstring): ``method`` is
    ``"paired"`` (flat, common random numbers; the default) or ``"ismcts"``.

    ``policy`` builds the rollout agent of a seat from a seed (the heuristic agent);
    ``evaluate(game, player)`` scores an unfinished position in [0, 1] for ``player``;
    ``determinize(game, player, rng)`` deals what ``player`` can't see at random into a
    copy."""

    def __init__(self, seed: int = 0, budget_ms: float | None = 1000.0,
                 iterations: int | None = None, horizon_turns: int | None = None,
                 policy: Callable[[int], Agent] | None = None,
                 evaluate: Callable[[Game, int], float] | None = None,
                 determinize: Callable[[Game, int, random.Random], Game] | None = None,
                 method: str = "paired", deepen: bool = False, widen: bool = True) -> None:
        if budget_ms is None and iterations is None:
            raise ValueError("a search needs a time budget or a number of iterations")
        if method not in ("ismcts", "paired"):
            raise ValueError(f"unknown search method {method!r} (ismcts or paired)")
        self.method = method
        self.rng = random.Random(seed)
        self.seed = seed
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.horizon_turns = horizon_turns
        self.deepen = deepen
        self.widen = widen
        self._policy_factory = policy or _default_policy
        self._evaluate = evaluate or _default_evaluate
        self._determinize = determinize or _default_determinize
        #: Iterations run for the last decision searched (for benchmarks).
        self.last_iterations = 0
        #: The root's answers after the last search: (answer, visits, mean score).
        self.last_stats: list[tuple[Action, int, float]] = []

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        me = d.by
        policy = self._policy_factory(self.rng.randrange(2**31))
        root_answers = candidates(game, d, policy, self.rng)
        if len(root_answers) == 1:
            self.last_iterations = 0
            self.last_stats = []
            return root_answers[0]
        deadline = math.inf if self.budget_ms is None else \
            time.perf_counter() + self.budget_ms / 1000.0
        if self.method == "paired":
            return self._deepening(game, root_answers, me, deadline, policy)
        root = Node()
        n = 0
        while (self.iterations is None or n < self.iterations) and \
                time.perf_counter() < deadline:
            world = self._determinize(game, me, self.rng)
            self._iterate(world, root, root_answers, me, deadline)
            n += 1
        self.last_iterations = n
        self.last_stats = [(a, c.visits, c.value / c.visits if c.visits else 0.0)
                           for a in root_answers for c in (root.children.get(a),)
                           if c is not None]
        # the most visited answer (the policy's own on a tie: it comes first)
        tried = [(root.children[a].visits, -i, a) for i, a in enumerate(root_answers)
                 if a in root.children]
        if not tried:
            return root_answers[0]
        return max(tried, key=lambda t: (t[0], t[1]))[2]

    def horizon(self) -> int:
        """The turns a rollout plays (begun after the decision's): ``horizon_turns`` if
        given; else :data:`HORIZON_TURNS`, doubled for each doubling of a time budget
        beyond :data:`HORIZON_BUDGET_MS`, so that a longer budget looks further ahead
        rather than only more often at the end of the next turn (a search with a number
        of iterations keeps :data:`HORIZON_TURNS`)."""
        if self.horizon_turns is not None:
            return self.horizon_turns
        turns = HORIZON_TURNS
        budget = self.budget_ms if self.iterations is None else None
        while budget is not None and budget >= 2 * HORIZON_BUDGET_MS and \
                turns < MAX_HORIZON_TURNS:
            turns *= 2
            budget /= 2
        return turns

    # ---------------------------------------------------------------- paired worlds

    def _deepening(self, game: Game, answers: list[Action], me: int, deadline: float,
                   policy: Agent) -> Action:
        """The paired search to :meth:`horizon`, then, while budget is left once a
        search has settled (every other answer left the running), the budget buys more:
        first **wider** (the next answers the policy rates highest, or more sampled
        declarations, :func:`more_candidates`, against the answer chosen so far, up to
        :data:`MAX_WIDTH` answers in all; a widened answer must beat it by
        :data:`WIDENED_MARGIN` standard errors, since the more answers are tried the
        likelier one looks better by luck), then, with ``deepen``, **deeper** (the
        horizon doubled, to :data:`MAX_HORIZON_TURNS`): iterative deepening."""
        horizon = self.horizon()
        d = game.decision
        assert d is not None
        tried = list(answers)
        chosen, settled = self._paired(game, answers, me, deadline, horizon, 1.0)
        while settled and time.perf_counter() < deadline:
            more = more_candidates(game, d, policy, self.rng, tried,
                                   min(WIDEN_BY, MAX_WIDTH - len(tried))) \
                if self.widen else []
            if more:
                tried += more
                answers = [chosen, *more]
            elif self.deepen and horizon * 2 <= MAX_HORIZON_TURNS:
                horizon *= 2
                answers = [chosen, *(a for a in answers if a is not chosen)]
            else:
                break
            chosen, settled = self._paired(game, answers, me, deadline, horizon,
                                           WIDENED_MARGIN)
        return chosen

    def _paired(self, game: Game, answers: list[Action], me: int, deadline: float,
                horizon: int, margin: float = 1.0) -> tuple[Action, bool]:
        """Flat search with common random numbers: each iteration deals one world and
        plays every answer still in the running out in it, the rollout agents seeded
        alike, so that the answers are compared on the same hidden cards and the same
        luck.  An answer clearly worse than the policy's (its mean difference more than
        :data:`REJECT_ERRORS` standard errors below 0, after :data:`REJECT_AFTER`
        worlds), or no different from it in any world so far (every difference 0: a
        land played now or later in the turn), leaves the running, so that the worlds
        left go to the contenders (successive rejection).  The best mean wins if it beats the first answer (the
        policy's) by more than ``margin`` standard errors, else the first answer stands.
        Returns the answer and whether the search settled (one answer left running)."""
        k = len(answers)
        sums = [0.0] * k
        diff_sums = [0.0] * k  # the score less the policy's answer's, in the same world
        diff_squares = [0.0] * k
        counts = [0] * k
        running = list(range(k))
        n = 0
        while (self.iterations is None or n < self.iterations) and \
                time.perf_counter() < deadline and len(running) > 1:
            world = self._determinize(game, me, self.rng)
            seeds = [self.rng.randrange(2**31) for _ in world.players]
            scores: dict[int, float] = {}
            for i in running:
                w = cast("Game", world.copy())
                rollout = [self._policy_factory(x) for x in seeds]
                try:
                    w.apply(me, answers[i])
                except IllegalAction:  # not legal in this world: the worst score
                    scores[i] = 0.0
                    continue
                scores[i] = self._play_on(w, rollout, me, game.turn_number, deadline,
                                          horizon)
            if time.perf_counter() > deadline + 0.05 and n > 0:
                break  # (a world cut short by the deadline isn't counted)
            n += 1
            for i, x in scores.items():
                sums[i] += x
                diff = x - scores[0]
                diff_sums[i] += diff
                diff_squares[i] += diff * diff
                counts[i] += 1
            if n >= REJECT_AFTER:
                running = [i for i in running
                           if i == 0 or _mean_and_error(diff_sums[i], diff_squares[i],
                                                        counts[i])[0] +
                           REJECT_ERRORS * _mean_and_error(diff_sums[i], diff_squares[i],
                                                           counts[i])[1] > 0.0]
        self.last_iterations = n
        self.last_stats = [(a, counts[i], sums[i] / counts[i] if counts[i] else 0.0)
                           for i, a in enumerate(answers)]
        settled = len(running) <= 1
        best = max(range(k), key=lambda i: (diff_sums[i] / counts[i] if counts[i] >= 2
                                            else -math.inf, -i))
        if best == 0 or counts[best] < 2:
            return answers[0], settled
        mean, error = _mean_and_error(diff_sums[best], diff_squares[best], counts[best])
        return (answers[best] if mean > margin * error else answers[0]), settled

    # ---------------------------------------------------------------- one iteration

    def _iterate(self, world: Game, root: Node, root_answers: list[Action], me: int,
                 deadline: float) -> None:
        path: list[tuple[Node, int]] = []  # (child chosen, the player who chose it)
        node = root
        start_turn = world.turn_number
        rollout = [self._policy_factory(self.rng.randrange(2**31))
                   for _ in world.players]
        answers: list[Action] | None = root_answers
        expanded = False
        while world.decision is not None and not expanded:
            d = world.decision
            by = d.by
            if answers is None:
                answers = candidates(world, d, rollout[by], self.rng)
            for a in answers:  # availability (single-observer ISMCTS)
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in answers if a not in node.children]
            if untried:
                # the policy's answer first, then the others at random
                a = untried[0] if untried[0] is answers[0] else \
                    untried[self.rng.randrange(len(untried))]
                child = node.children[a] = Node()
                child.available = 1
                expanded = True
            else:
                first = answers[0]
                a, child = max(((b, node.children[b]) for b in answers),
                               key=lambda t: t[1].ucb(EXPLORATION,
                                                      POLICY_BIAS if t[0] == first else 0.0))
            try:
                world.apply(by, a)
            except IllegalAction:  # not legal in this world after all: drop this iteration
                if expanded:
                    del node.children[a]
                return
            path.append((child, by))
            node = child
            answers = None
        score = self._play_on(world, rollout, me, start_turn, deadline)
        for child, by in path:
            child.visits += 1
            child.value += score if by == me else self._score_for(world, by, score, me)

    def _play_on(self, world: Game, rollout: list[Agent], me: int, start_turn: int,
                 deadline: float, horizon_turns: int | None = None) -> float:
        """Play ``world`` on with the rollout policy to the horizon (``horizon_turns``
        turns begun after ``start_turn``, by default :meth:`horizon`); score it
        for ``me``."""
        horizon = start_turn + (self.horizon() if horizon_turns is None
                                else horizon_turns)
        n = 0
        while world.decision is not None and world.turn_number < horizon and \
                n < MAX_ROLLOUT_DECISIONS:
            d = world.decision
            world.apply(d.by, rollout[d.by].act(world))
            n += 1
            if n % 32 == 0 and time.perf_counter() > deadline + 0.05:
                break
        return self.score(world, me)

    def score(self, world: Game, me: int) -> float:
        """1 if ``me`` won, 0 if they lost, ½ a draw; else the evaluation."""
        if world.over:
            p = world.players[me]
            if p.won or world.winner == me:
                return 1.0
            if p.lost or world.winner is not None:
                return 0.0
            return 0.5
        return self._evaluate(world, me)

    def _score_for(self, world: Game, by: int, score: float, me: int) -> float:
        """The score of the iteration for another player: a teammate's is ``me``'s, an
        opponent's its complement (two sides; with more, each player's own evaluation)."""
        if by not in world.opponents(me):
            return score
        if len(world.players) == 2:
            return 1.0 - score
        return self.score(world, by)


# ---------------------------------------------------------------- defaults


def _mean_and_error(total: float, squares: float, n: int) -> tuple[float, float]:
    """The mean of ``n`` values summing to ``total`` (their squares to ``squares``) and
    its standard error (infinite for fewer than two values)."""
    if n < 2:
        return (total / n if n else 0.0), math.inf
    mean = total / n
    var = max(squares / n - mean * mean, 0.0)
    return mean, math.sqrt(var / (n - 1))


def _default_policy(seed: int) -> Agent:
    from manastack.agents.heuristic import HeuristicAgent
    return HeuristicAgent(seed)


#: The evaluation's difference that counts as a 73% chance of winning (a logistic scale).
EVALUATION_SCALE = 10.0


def _default_evaluate(game: Game, player: int) -> float:
    """The heuristic's evaluation (:func:`manastack.agents.evaluation.evaluate`: life,
    permanents, cards in hand, as ``player`` sees them) squashed into (0, 1)."""
    from manastack.agents.evaluation import evaluate
    x = evaluate(game, player) / EVALUATION_SCALE
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _default_determinize(game: Game, player: int, rng: random.Random) -> Game:
    from manastack.engine import determinize
    return determinize(game, player, rng)

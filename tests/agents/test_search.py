"""The search agent (ISMCTS): legal answers, no search for a forced decision, the same
answer for the same seed and iterations, and a budget kept."""

from __future__ import annotations

import time

import pytest

from manastack.agents.search import SearchAgent, candidates
from manastack.engine import Game, new_game
from manastack.game.decisions import Pass
from manastack.play import default_deck


def _game(seed: int) -> Game:
    return new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                    seed)


def _to_turn(g: Game, turn: int) -> Game:
    """Play ``g`` on (everyone passing or taking the first listed answer) to ``turn``."""
    while g.decision is not None and g.turn_number < turn:
        d = g.decision
        acts = d.legal_actions(g) if d.kind != "declare_attackers" else [d.sample(g, _rng())]
        g.apply(d.by, acts[-1] if d.kind == "priority" else acts[0])
    return g


def _rng():  # type: ignore[no-untyped-def]
    import random
    return random.Random(0)


def test_a_forced_decision_costs_no_search() -> None:
    """A decision with one legal answer is answered at once (no iteration)."""
    g = _to_turn(_game(1), 3)
    d = g.decision
    assert d is not None
    agent = SearchAgent(0, budget_ms=None, iterations=50)
    if len(candidates(g, d, agent._policy_factory(0), _rng())) == 1:
        agent.act(g)
        assert agent.last_iterations == 0


@pytest.mark.parametrize("method", ["paired", "ismcts"])
def test_the_same_seed_and_iterations_give_the_same_answer(method: str) -> None:
    """Reproducible: with a number of iterations (not a time budget) the answer depends
    only on the position and the seed."""
    for seed in range(3):
        g = _to_turn(_game(seed), 4)
        a1 = SearchAgent(seed, budget_ms=None, iterations=30, method=method).act(g)
        a2 = SearchAgent(seed, budget_ms=None, iterations=30, method=method).act(g.copy())
        assert a1 == a2


@pytest.mark.parametrize("method", ["paired", "ismcts"])
@pytest.mark.long
def test_every_answer_is_legal_over_a_whole_game(method: str) -> None:
    """0 illegal proposals: each answer the search gives is accepted by the engine."""
    g = _game(5)
    agent = SearchAgent(5, budget_ms=None, iterations=4, horizon_turns=1, method=method)
    n = 0
    while g.decision is not None and n < 400:
        d = g.decision
        g.apply(d.by, agent.act(g))  # IllegalAction would fail the test
        n += 1


def test_the_time_budget_is_kept() -> None:
    """The search stops at its budget (a rollout in progress is cut short)."""
    g = _to_turn(_game(2), 4)
    agent = SearchAgent(1, budget_ms=100)
    start = time.perf_counter()
    agent.act(g)
    assert time.perf_counter() - start < 2.0  # (generous: a loaded machine)


def test_passing_is_always_a_candidate_at_priority() -> None:
    """Priority (CR 116.3): passing is among the answers searched (or the only one, the
    policy's, when the step is no stop of the search)."""
    g = _to_turn(_game(3), 2)
    d = g.decision
    assert d is not None and d.kind == "priority"
    agent = SearchAgent(0, budget_ms=None, iterations=1)
    assert Pass() in candidates(g, d, agent._policy_factory(0), _rng())


@pytest.mark.parametrize("method", ["paired", "ismcts"])
def test_cr_400_2_the_search_choice_is_the_same_whatever_is_hidden(method: str) -> None:
    """Honesty (CR 400.2): at decisions of the search agent, the game with the hidden
    cards re-dealt (:func:`determinize`: the other hand, every library's order) gets the
    same answer, and the same scores for every answer searched, for the same seed and
    iterations: the search samples only from what its player may see."""
    import random

    from manastack.agents import make_agent
    from manastack.engine import determinize

    g = _game(8)
    rng = random.Random(3)
    policy = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    checked = n = 0
    while g.decision is not None and checked < 6 and n < 2000:
        d = g.decision
        if g.turn_number >= 5 and d.player == d.by and \
                len(candidates(g, d, policy[d.by], random.Random(0))) > 1:
            other = determinize(g, d.by, rng)
            sa = SearchAgent(n, budget_ms=None, iterations=6, horizon_turns=2, method=method)
            sb = SearchAgent(n, budget_ms=None, iterations=6, horizon_turns=2, method=method)
            a, b = sa.act(g), sb.act(other)
            # the answer, and every score the search found on the way (rollouts that
            # drew from the real library would score differently)
            assert (a, sa.last_stats) == (b, sb.last_stats), \
                f"decision {n} ({d}) depends on hidden information"
            checked += 1
        g.apply(d.by, policy[d.by].act(g))
        n += 1
    assert checked == 6


def test_cr_117_3_the_search_thinks_at_a_players_stops() -> None:
    """With priority and an instant in hand (116.1a), the search weighs its answers
    at the opponent's end step and in answer to the opponent's spell (116.7), and
    leaves its own upkeep to the policy (one answer, no iteration)."""
    from manastack.engine.setup import put, setup_game, start_at
    from manastack.game.decisions import Cast
    from manastack.game.objects import PlayerRef

    def position(step: str, active: int) -> Game:
        g = setup_game(library_size=20)
        put(g, 0, "battlefield", "Mountain")
        put(g, 0, "hand", "Shock")
        put(g, 1, "battlefield", "Grizzly Bears")
        start_at(g, step, turn=2, active=active)
        return g

    policy = SearchAgent(0, budget_ms=None, iterations=1)._policy_factory(0)
    upkeep = position("upkeep", 0)
    assert upkeep.decision is not None and upkeep.decision.player == 0
    assert len(candidates(upkeep, upkeep.decision, policy, _rng())) == 1
    end = position("end", 1)
    while end.decision is not None and end.decision.player != 0:
        end.apply(end.decision.by, Pass())
    assert end.decision is not None
    assert len(candidates(end, end.decision, policy, _rng())) > 1
    spell = position("precombat_main", 1)
    put(spell, 1, "battlefield", "Mountain")
    shock = put(spell, 1, "hand", "Shock")
    spell.apply(1, Cast(shock.id, (PlayerRef(0),)))
    spell.apply(1, Pass())  # (the caster holds priority first, 116.3c)
    assert spell.decision is not None and spell.decision.player == 0
    assert len(candidates(spell, spell.decision, policy, _rng())) > 1


def test_deepening_doubles_the_horizon_once_a_search_has_settled() -> None:
    """Iterative deepening (``deepen``): a search that has settled on one answer with
    budget left searches again with the horizon doubled (2, 4, 8, 16 turns), the
    answer chosen so far first; without it, every rollout stops at ``horizon_turns``."""
    seen: dict[bool, set[int]] = {False: set(), True: set()}
    for deepen in (False, True):
        class Spy(SearchAgent):
            def _play_on(self, world, rollout, me, start_turn, deadline,  # type: ignore[no-untyped-def]
                         horizon_turns=None):
                seen[self.deepen].add(horizon_turns or self.horizon())
                return super()._play_on(world, rollout, me, start_turn, deadline,
                                        horizon_turns)
        g = _to_turn(_game(1), 5)
        while g.decision is not None and g.turn_number < 8 and 4 not in seen[True]:
            d = g.decision
            agent = Spy(1, budget_ms=None, iterations=4, deepen=deepen)
            g.apply(d.by, agent.act(g))
    assert seen[False] == {2}
    assert {2, 4} <= seen[True] <= {2, 4, 8, 16}


def test_a_settled_search_widens_to_the_next_answers_the_policy_rates() -> None:
    """The budget buys breadth: once every other answer has left the running (the search
    has settled), a search with budget left weighs the next answers the policy rates
    highest against the one chosen (``widen``, up to ``MAX_WIDTH`` answers); without it,
    the first few answers are all it weighs."""
    from manastack.agents.search import MAX_WIDTH, PRIORITY_CANDIDATES

    searched: dict[bool, list[int]] = {False: [], True: []}
    for widen in (False, True):
        class Spy(SearchAgent):
            def _paired(self, game, answers, me, deadline, horizon,  # type: ignore[no-untyped-def]
                        margin=1.0):
                searched[self.widen].append(len(answers))
                return super()._paired(game, answers, me, deadline, horizon, margin)
        g = _to_turn(_game(1), 5)
        while g.decision is not None and g.turn_number < 8:
            d = g.decision
            g.apply(d.by, Spy(1, budget_ms=None, iterations=3, horizon_turns=1,
                              widen=widen).act(g))
    assert searched[False] and max(searched[False]) <= PRIORITY_CANDIDATES
    # rounds beyond the first: the chosen answer and the new ones
    assert len(searched[True]) > len(searched[False])
    assert sum(searched[True]) - len(searched[True]) <= \
        len(searched[True]) * (MAX_WIDTH - 1)


def test_a_longer_budget_looks_further_ahead() -> None:
    """Without ``horizon_turns``, a rollout plays to the end of the next turn (2 turns)
    at 100 and 300 ms a decision, and the horizon doubles with each doubling of the
    budget beyond 250 ms (8 turns at 1 s, at most 16); a fixed number of iterations
    keeps 2 turns, and ``horizon_turns`` overrides both."""
    assert [SearchAgent(budget_ms=b).horizon() for b in (100, 300, 1000, 60_000)] == \
        [2, 2, 8, 16]
    assert SearchAgent(budget_ms=None, iterations=10).horizon() == 2
    assert SearchAgent(budget_ms=1000, horizon_turns=3).horizon() == 3
    seen: set[int] = set()

    class Spy(SearchAgent):
        def _play_on(self, world, rollout, me, start_turn, deadline,  # type: ignore[no-untyped-def]
                     horizon_turns=None):
            seen.add(horizon_turns or self.horizon())
            return super()._play_on(world, rollout, me, start_turn, deadline,
                                    horizon_turns)

    g = _to_turn(_game(1), 5)
    agent = Spy(1, budget_ms=1000, widen=False)
    while g.decision is not None and g.turn_number < 8 and not seen:
        g.apply(g.decision.by, agent.act(g))
    assert seen == {8}

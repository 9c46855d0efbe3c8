"""Agents never propose an illegal action (issue 37): every action an agent proposes, in
games of every variant with an agent in every seat, is checked by the rules
(``Decision.validate``, then ``game.apply``) before it is answered.  The quick run plays a
short game per variant; the soak (``-m soak``) 10,000 decisions of each agent."""

from __future__ import annotations

from typing import Any

import pytest

from manastack.agents import make_agent
from manastack.engine import Game, new_game
from manastack.errors import IllegalAction
from manastack.game.state import GameOptions
from manastack.variants import get_variant, variant_names

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


def _seats(variant: str) -> int:
    v = get_variant(variant)
    return max(v.min_players, min(4, v.max_players))


def play_checked(variant: str, seed: int, agents: list[str], max_turns: int,
                 counts: dict[str, int], kinds: set[str] | None = None,
                 extra: dict[str, Any] | None = None, mulligan: str = "paris") -> Game:
    """Play a game of ``variant`` with ``agents`` (one name per seat, in turn), checking
    every proposed action; ``counts`` counts the decisions of each agent name, ``kinds``
    collects the decision kinds answered."""
    n = _seats(variant)
    decks, base = get_variant(variant).default_setup(n, seed)
    opts = GameOptions(variant=variant, max_turns=max_turns, extra={**base, **(extra or {})},
                       starting_life=8 if seed % 2 else None, mulligan=mulligan)
    g = new_game(NAMES[:n], decks, seed, opts)
    names = [agents[i % len(agents)] for i in range(n)]
    players = [make_agent(a, 11 * seed + i) for i, a in enumerate(names)]
    k = 0
    while g.decision is not None and k < 20_000:
        d = g.decision
        action = players[d.by].act(g)
        try:
            d.validate(g, action)
            g.apply(d.by, action)
        except IllegalAction as e:
            raise AssertionError(f"{names[d.by]} proposed {action} to {d} "
                                 f"(seed {seed}, {variant}): {e}") from None
        counts[names[d.by]] = counts.get(names[d.by], 0) + 1
        if kinds is not None:
            kinds.add(d.kind)
        k += 1
    return g


@pytest.mark.parametrize("variant", variant_names())
def test_heuristic_proposes_only_legal_actions_in_every_variant(variant: str) -> None:
    """A short game of each variant, the heuristic agent in every other seat and the
    random one in the rest (positions the heuristic wouldn't reach by itself): every
    proposal is legal (CR 116, 508.1, 509.1, 510.1, 601.2 and the variants' rules)."""
    counts: dict[str, int] = {}
    play_checked(variant, 1, ["heuristic", "random"], 6, counts)
    play_checked(variant, 2, ["heuristic"], 6, counts)
    assert counts["heuristic"] > 20


@pytest.mark.parametrize("mulligan,kind", [("vancouver", "scry"),
                                           ("london", "london_bottom")])
def test_heuristic_answers_every_mulligan_rule(mulligan: str, kind: str) -> None:
    """The Vancouver mulligan's scry and the London mulligan's cards put on the bottom
    (CR 103.4, 2017 and 2020 rules), reached by mulliganing land-only hands: answered
    legally."""
    kinds: set[str] = set()
    lands = ["Mountain"] * 40
    for seed in range(2):
        g = new_game(["Alice", "Bob"], [lands, lands], seed, GameOptions(mulligan=mulligan))
        players = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
        for _ in range(60):
            d = g.decision
            if d is None or d.kind == "priority":
                break
            action = players[d.by].act(g)
            d.validate(g, action)
            g.apply(d.by, action)
            kinds.add(d.kind)
    assert kind in kinds


@pytest.mark.soak
@pytest.mark.parametrize("agent", ["heuristic", "random", "search"])
def test_ten_thousand_decisions_without_an_illegal_proposal(
        agent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """10,000 decisions or more of the agent over every variant, seed after seed (the
    search thinking two iterations a decision: legality doesn't depend on how long)."""
    from manastack.agents import registry

    monkeypatch.setitem(registry.AGENTS, "search", _shallow_search)
    counts: dict[str, int] = {}
    kinds: set[str] = set()
    seed = 0
    while counts.get(agent, 0) < 10_000:
        for variant in variant_names():
            play_checked(variant, seed, [agent, "heuristic" if agent == "random" else
                                         "random"], 12, counts, kinds)
        seed += 1
    assert {"priority", "mulligan", "declare_attackers", "declare_blockers"} <= kinds


def _shallow_search(seed: int) -> Any:
    """A search agent thinking a fixed two iterations to the end of the turn (legality
    doesn't depend on how long it thinks; the answers are reproducible)."""
    from manastack.agents.search import SearchAgent
    return SearchAgent(seed, budget_ms=None, iterations=2, horizon_turns=1)


@pytest.mark.parametrize("variant", ["free_for_all", "two_headed_giant"])
def test_search_proposes_only_legal_actions_in_multiplayer_and_teams(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat, every kind of game (issue 37, item 4): the search agent beside the
    heuristic in a free-for-all (806) and a Two-Headed Giant game (810, teammates scored
    as one side) proposes only legal actions."""
    from manastack.agents import registry

    counts: dict[str, int] = {}
    monkeypatch.setitem(registry.AGENTS, "search", _shallow_search)
    play_checked(variant, 1, ["search", "heuristic"], 4, counts)
    assert counts["search"] > 40, counts

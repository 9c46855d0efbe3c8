"""Forced decisions and mana abilities folded into payment (issue 40): the game loop
answers a decision with one legal answer without waking the agent; an agent leaving the
{T} mana abilities to the payment (601.2g-h) is not asked a priority where it could only
pass or tap for mana; mana abilities stay activatable at priority (605.3a)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from manastack.agents import RandomAgent
from manastack.engine import new_game
from manastack.engine.forced import at_most_one_answer, only_answer, priority_answers
from manastack.game.decisions import Activate, Cast, Pass, PriorityDecision
from manastack.play import default_deck, play_to_end
from manastack.rules.combat import enumerate_blocks
from manastack.rules.folding import folded_into_payment


class Watching(RandomAgent):
    """The random agent, checking each decision it is woken for and what it answers."""

    def __init__(self, seed: int, **kw: Any) -> None:
        super().__init__(seed, **kw)
        self.woken = 0
        self.tapped_for_mana = 0

    def act(self, game: Any) -> Any:
        d = game.decision
        assert at_most_one_answer(d, game, self.fold_mana) is None  # never forced
        self.woken += 1
        a = super().act(game)
        if folded_into_payment(game, a):
            assert not self.fold_mana
            self.tapped_for_mana += 1
        return a


def _game(seed: int) -> Any:
    return new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                    seed)


def test_cr_601_2g_the_random_agent_leaves_tap_mana_abilities_to_payment() -> None:
    """601.2g-h: the random agent casts spells paid by the automatic payment and is never
    woken for a forced decision, nor for a priority where it could only pass or tap
    for mana; it still casts spells (paid by tapping what pays) and the game ends."""
    agents = [Watching(1), Watching(2)]
    game = play_to_end(_game(7), agents)
    assert game.over
    assert all(a.tapped_for_mana == 0 and a.woken > 0 for a in agents)
    assert any(isinstance(a, Cast) for _, a in game.history), "no spell cast"


def test_cr_605_3a_mana_abilities_stay_choices_with_mana_abilities_true() -> None:
    """605.3a: a mana ability may be activated whenever its player has priority: with
    ``mana_abilities=True`` the random agent taps for mana at priority, and a priority
    with a mana ability to activate is not forced for it."""
    agents = [Watching(1, mana_abilities=True), Watching(2, mana_abilities=True)]
    play_to_end(_game(7), agents, max_decisions=3000)
    assert sum(a.tapped_for_mana for a in agents) > 0


def test_cr_116_3d_a_priority_with_only_pass_and_tap_mana_is_forced_when_folding() -> None:
    """A priority where the player could pass or tap a land for mana: forced (pass) for
    an agent folding mana abilities into payment, a choice otherwise."""
    game = _game(3)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(5000):
        d = game.decision
        assert d is not None
        if isinstance(d, PriorityDecision):
            acts = d.legal_actions(game)
            if len(acts) > 1 and all(type(a) is Pass or folded_into_payment(game, a)
                                     for a in acts):
                assert any(type(a) is Activate for a in acts)
                assert only_answer(game, fold_mana=False) is None
                assert type(only_answer(game, fold_mana=True)) is Pass
                return
        forced = only_answer(game, True)
        game.apply(d.by, forced if forced is not None else agents[d.by].act(game))
    raise AssertionError("no priority with only a pass and mana abilities")


def test_folded_answers_kept_equal_a_fresh_filtering_at_every_priority() -> None:
    """The answers left to an agent folding mana abilities are memoised per kept list of
    legal actions: at every priority of random games (lists kept across decisions, and
    lists after a land tapped for mana), they equal the legal actions filtered afresh,
    and the caller gets a list of its own."""
    compared = 0
    for seed in (3, 11):
        game = _game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1, mana_abilities=True)]
        while game.decision is not None and compared < 4000:
            d = game.decision
            if isinstance(d, PriorityDecision):
                fresh = [a for a in d.legal_actions(game) if not folded_into_payment(game, a)]
                got = priority_answers(d, game, True)
                assert got == fresh
                got.append(Pass())  # (the caller's own list: the memo is untouched)
                assert priority_answers(d, game, True) == fresh
                compared += 1
            forced = only_answer(game, agents[d.by].fold_mana)
            game.apply(d.by, forced if forced is not None else agents[d.by].act(game))
    assert compared > 500


def test_cr_508_1_an_attack_declaration_is_forced_exactly_when_one_is_legal() -> None:
    """508.1: the forced test stops listing attack declarations at the second legal one;
    at every declaration of random games it agrees with the full listing (forced, with
    that declaration, exactly when one alone is legal)."""
    _agrees_with_the_full_listing("declare_attackers", (3, 5, 11, 19))


def test_cr_509_1_a_block_declaration_is_forced_exactly_when_one_is_legal() -> None:
    """509.1: the forced test stops listing block declarations at the second legal one
    (the first two of the full listing, in its order); at every declaration of random
    games it agrees with the full listing."""
    _agrees_with_the_full_listing("declare_blockers", (3, 5, 11, 19, 23),
                                  lambda game, every: enumerate_blocks(game, 2) == every[:2])


def _agrees_with_the_full_listing(kind: str, seeds: tuple[int, ...],
                                  also: Callable[[Any, list[Any]], bool] | None = None) -> None:
    """At every ``kind`` decision of random games: the forced test's answer is the full
    listing's when it has at most one declaration (``also``, a further check of the
    game and the full listing)."""
    compared = forced = 0
    for seed in seeds:
        game = _game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while game.decision is not None:
            d = game.decision
            if d.kind == kind:
                every = d.legal_actions(game)
                assert also is None or also(game, every)
                got = at_most_one_answer(d, game)
                if len(d.candidates) <= 4:
                    assert got == (every if len(every) <= 1 else None)
                    compared += 1
                    forced += got is not None
            only = only_answer(game, agents[d.by].fold_mana)
            game.apply(d.by, only if only is not None else agents[d.by].act(game))
    assert compared > 20 and forced > 0

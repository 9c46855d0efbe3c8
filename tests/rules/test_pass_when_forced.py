"""The options ``pass_when_forced`` (CR 116.3d): a player who can only pass priority passes
without being asked, and ``fold_mana``: so does a player leaving {T} mana abilities to the
payment (601.2g-h) who could only pass or activate those.  The game is the same game as one in which the driver answers that
forced decision itself; only the decision log is shorter."""

from __future__ import annotations

import json

import pytest

from manastack.agents import RandomAgent, SearchAgent, make_agent
from manastack.engine import Game, new_game
from manastack.engine.forced import only_answer
from manastack.errors import IllegalAction
from manastack.game.decisions import Action, Pass, PriorityDecision
from manastack.game.state import GameOptions
from manastack.play import Agent, default_deck, passing_forced, play_game, replay, replay_data

_DECKS = [default_deck("red_green"), default_deck("white_black")]


def _play(seed: int, options: GameOptions, fold_mana: bool = False
          ) -> tuple[Game, list[tuple[int, Action]]]:
    """A game between random agents (mana abilities offered as answers; with
    ``fold_mana``, left to the payment, as ``play_to_end`` plays it); forced answers
    given by this loop.  Returns the game and the forced passes it answered."""
    g = new_game(["Alice", "Bob"], _DECKS, seed, options)
    agents = [RandomAgent(10 * seed + 1, mana_abilities=not fold_mana),
              RandomAgent(10 * seed + 2, mana_abilities=not fold_mana)]
    forced_passes = []
    for _ in range(20_000):
        d = g.decision
        if d is None:
            break
        forced = only_answer(g, fold_mana)
        if forced is not None and isinstance(d, PriorityDecision):
            forced_passes.append((d.by, forced))
        g.apply(d.by, agents[d.by].act(g) if forced is None else forced)
    return g, forced_passes


@pytest.mark.parametrize("seed", range(3))
def test_cr_116_3d_passing_when_forced_plays_the_same_game(seed: int) -> None:
    """116.3d: with ``pass_when_forced`` the engine passes for a player whose only legal
    action is to pass: the same events, the same end, and a decision log without those
    answers (and no priority decision ever left with one answer)."""
    asked, forced = _play(seed, GameOptions())
    auto, none_forced = _play(seed, GameOptions(pass_when_forced=True))
    assert forced and not none_forced  # (the engine answered every forced pass itself)
    assert [e.text for e in auto.log] == [e.text for e in asked.log]
    assert (auto.over, auto.winner, auto.turn_number) == \
        (asked.over, asked.winner, asked.turn_number)
    logged = [a for a in asked.history if type(a[1]) is not Pass]
    assert [a for a in auto.history if type(a[1]) is not Pass] == logged
    assert len(auto.history) == len(asked.history) - len(forced)


def test_cr_116_3d_a_game_passing_when_forced_replays_from_its_log() -> None:
    """A game is its seed, decks, options and decision log: replayed with the same
    options, a game played with ``pass_when_forced`` ends in the same state."""
    g, _ = _play(5, GameOptions(pass_when_forced=True))
    again = new_game(["Alice", "Bob"], _DECKS, 5, GameOptions(pass_when_forced=True))
    for p, action in g.history:
        again.apply(p, action)
    assert again.state_hash() == g.state_hash()
    assert g.options.to_json()["pass_when_forced"] is True
    assert "pass_when_forced" not in GameOptions().to_json()  # (older replay files)


def test_pass_when_forced_must_be_a_bool() -> None:
    """Bad input: the option is refused with its name and rule."""
    with pytest.raises(IllegalAction, match="pass_when_forced must be True or False"):
        new_game(["Alice", "Bob"], _DECKS, 0, GameOptions(pass_when_forced="yes"))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_cr_116_3d_passing_when_forced_with_mana_folded_plays_the_same_game(seed: int) -> None:
    """116.3d, 601.2g-h: with ``fold_mana`` the engine also passes for a player whose
    other legal actions are {T} mana abilities the payment activates: the same game as
    the one in which the loop answers those priorities for an agent folding them, and no
    priority left for the loop to answer."""
    asked, forced = _play(seed, GameOptions(), fold_mana=True)
    only_pass, _ = _play(seed, GameOptions(pass_when_forced=True), fold_mana=True)
    auto, none_forced = _play(seed, GameOptions(pass_when_forced=True, fold_mana=(0, 1)),
                              fold_mana=True)
    assert forced and not none_forced
    for g in (only_pass, auto):
        assert [e.text for e in g.log] == [e.text for e in asked.log]
        assert (g.over, g.winner, g.turn_number) == \
            (asked.over, asked.winner, asked.turn_number)
        assert [a for a in g.history if type(a[1]) is not Pass] == \
            [a for a in asked.history if type(a[1]) is not Pass]
    assert len(auto.history) == len(asked.history) - len(forced) < len(only_pass.history)


def test_cr_116_3d_folding_only_for_the_players_named() -> None:
    """Only the players of ``fold_mana`` have the priorities passed where they could tap
    for mana: the other player is still asked there (and the game is the same)."""
    asked, forced = _play(2, GameOptions(pass_when_forced=True), fold_mana=True)
    g, left = _play(2, GameOptions(pass_when_forced=True, fold_mana=(1,)), fold_mana=True)
    assert {p for p, _ in forced} == {0, 1} and {p for p, _ in left} == {0}
    assert [e.text for e in g.log] == [e.text for e in asked.log]


def test_cr_116_3d_a_game_folding_mana_replays_from_its_file() -> None:
    """The options are written in the replay file and read back from it: replayed, the
    game ends in the same state."""
    g, _ = _play(4, GameOptions(pass_when_forced=True, fold_mana=(0, 1)), fold_mana=True)
    data = json.loads(json.dumps(replay_data(g)))
    assert data["options"]["fold_mana"] == [0, 1]
    again = replay(data)
    assert again.state_hash() == g.state_hash() and again.options.fold_mana == (0, 1)
    assert "fold_mana" not in GameOptions().to_json()


@pytest.mark.parametrize(("value", "message"), [
    ((2,), "fold_mana must list players' indexes"),
    ((0, 0), "fold_mana must list players' indexes"),
    (("0",), "fold_mana must list players' indexes"),
    ((True,), "fold_mana must list players' indexes"),
    ("01", "fold_mana must list players' indexes"),
])
def test_fold_mana_must_name_players_once(value: object, message: str) -> None:
    """Bad input: the option is refused with its name and rule."""
    with pytest.raises(IllegalAction, match=message) as e:
        new_game(["Alice", "Bob"], _DECKS, 0,
                 GameOptions(pass_when_forced=True, fold_mana=value))  # type: ignore[arg-type]
    assert e.value.rule == "116.3d"


def test_fold_mana_needs_pass_when_forced() -> None:
    """Bad input: folding without the engine passing forced priorities says nothing."""
    with pytest.raises(IllegalAction, match="fold_mana needs pass_when_forced"):
        new_game(["Alice", "Bob"], _DECKS, 0, GameOptions(fold_mana=(0,)))


@pytest.mark.parametrize("agent", ["heuristic", "random", "search"])
def test_cr_116_3d_the_options_of_passing_forced_play_the_same_game(agent: str) -> None:
    """``passing_forced`` (the options ``manastack sim`` plays with) gives every built-in
    agent the same game as ``play_to_end`` without them: the same events and end, a
    decision log without the forced priorities."""
    def agents() -> list[Agent]:  # (the search by iterations: a time budget isn't replayable)
        if agent == "search":
            return [SearchAgent(11, budget_ms=None, iterations=1, horizon_turns=1),
                    SearchAgent(12, budget_ms=None, iterations=1, horizon_turns=1)]
        return [make_agent(agent, 11), make_agent(agent, 12)]

    plain = play_game(_DECKS, agents(), seed=3)
    fast = play_game(_DECKS, agents(), seed=3, options=passing_forced(agents()))
    assert [e.text for e in fast.log] == [e.text for e in plain.log]
    assert (fast.over, fast.winner, fast.turn_number) == \
        (plain.over, plain.winner, plain.turn_number)
    assert len(fast.history) < len(plain.history)
    assert fast.options.fold_mana == ((0, 1) if agent != "search" else ())

"""The option ``pass_when_forced`` (CR 116.3d): a player who can only pass priority passes
without being asked.  The game is the same game as one in which the driver answers that
forced decision itself; only the decision log is shorter."""

from __future__ import annotations

import pytest

from manastack.agents import RandomAgent
from manastack.engine import new_game
from manastack.engine.forced import only_answer
from manastack.errors import IllegalAction
from manastack.game.decisions import Pass, PriorityDecision
from manastack.game.state import GameOptions
from manastack.play import default_deck

_DECKS = [default_deck("red_green"), default_deck("white_black")]


def _play(seed: int, options: GameOptions) -> tuple[object, list[tuple[int, object]]]:
    """A game between random agents (mana abilities offered as answers); forced answers
    given by this loop.  Returns the game and the forced passes it answered."""
    g = new_game(["Alice", "Bob"], _DECKS, seed, options)
    agents = [RandomAgent(10 * seed + 1, mana_abilities=True),
              RandomAgent(10 * seed + 2, mana_abilities=True)]
    forced_passes = []
    for _ in range(20_000):
        d = g.decision
        if d is None:
            break
        forced = only_answer(g, False)
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
    logged = [a for a in asked.history if not (type(a[1]) is Pass)]
    assert [a for a in auto.history if not (type(a[1]) is Pass)] == logged
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

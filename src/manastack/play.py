"""Playing whole games: default decks, agents, and the game loop."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any, Protocol

from manastack.decisions import Action
from manastack.game.state import Game, GameOptions
from manastack.rules.start import new_game

DEFAULT_DECKS = ("red_green", "white_black")


class Agent(Protocol):
    def act(self, game: Game) -> Action: ...


def default_deck(name: str) -> list[str]:
    """A shipped deck list (``red_green``, ``white_black``...) as card names."""
    from manastack.decks import parse_deck
    from manastack.errors import DeckError

    if name not in default_deck_names():
        raise DeckError(f"no deck file {name!r}, and no default deck of that name (default "
                        f"decks: {', '.join(default_deck_names())})")
    text = resources.files("manastack.data").joinpath(f"decks/{name}.txt").read_text()
    return parse_deck(text, source=f"{name}.txt").cards()


def default_deck_names() -> list[str]:
    return sorted(p.name[:-4] for p in resources.files("manastack.data").joinpath("decks")
                  .iterdir() if p.name.endswith(".txt"))


def play_game(decks: Sequence[Sequence[str]], agents: Sequence[Agent], seed: int = 0,
              names: Sequence[str] = ("Alice", "Bob"), options: GameOptions | None = None,
              max_decisions: int = 200_000) -> Game:
    """Play a complete game; each agent answers its player's decisions."""
    return play_to_end(new_game(names, decks, seed, options), agents, max_decisions)


def play_to_end(game: Game, agents: Sequence[Agent], max_decisions: int = 200_000) -> Game:
    """Let ``agents`` (one per player) answer ``game``'s decisions, whoever must decide
    (``Decision.by``), until it ends or ``max_decisions`` answers were given."""
    n = 0
    while game.decision is not None and n < max_decisions:
        by = game.decision.by
        game.apply(by, agents[by].act(game))
        n += 1
    return game


def result_line(game: Game) -> str:
    """``Game over: <player> wins (turn N)`` or ``Game over: draw (turn N)``; a winning
    team: ``Game over: Alice and Carol win (turn N)``."""
    if game.winner is not None:
        from manastack.variants import variant_of

        winners = [p.index for p in game.players if p.won] or [game.winner]
        names = variant_of(game).result_names(game, winners)
        verb = "wins" if len(winners) == 1 else "win"
        return f"Game over: {names} {verb} (turn {game.turn_number})"
    return f"Game over: draw (turn {game.turn_number})"


def replay_data(game: Game) -> dict[str, Any]:
    """Seed + options + decks + decisions: everything needed to replay the game."""
    return {"seed": game.seed, "players": [p.name for p in game.players],
            "options": game.options.to_json(), "decks": game.deck_lists,
            "decisions": [{"player": p, "action": a.to_json()} for p, a in game.history]}


def replay(data: dict[str, Any]) -> Game:
    """Rebuild a game from :func:`replay_data` output (byte-for-byte the same log)."""
    from manastack.decisions import action_from_json
    from manastack.errors import IllegalAction, ManastackError

    if not isinstance(data, dict):
        raise ManastackError("not a replay: expected an object with seed, players, decks, "
                             "options and decisions")
    missing = [k for k in ("seed", "players", "decks", "decisions") if k not in data]
    if missing:
        raise ManastackError(f"not a replay: missing {', '.join(missing)}")
    try:
        opts = GameOptions(**{k: v for k, v in data.get("options", {}).items()})
        game = new_game(data["players"], data["decks"], data["seed"], opts)
    except ManastackError:
        raise
    except (TypeError, ValueError, AttributeError) as e:
        raise ManastackError(f"not a replay: bad seed, players, decks or options ({e})") \
            from None
    if not isinstance(data["decisions"], list):
        raise ManastackError(f"not a replay: decisions must be a list, not "
                             f"{data['decisions']!r:.60}")
    for k, d in enumerate(data["decisions"]):
        try:
            player, action = d["player"], action_from_json(d["action"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise ManastackError(f"decision {k}: malformed entry {d!r} ({e!r})") from None
        try:
            game.apply(player, action)
        except IllegalAction as e:
            err = IllegalAction(f"decision {k}: {e}")
            err.rule = e.rule
            raise err from None
    return game

"""Multiplayer options (CR 800-803) used by free-for-all (806) and other variants.

Options live in ``GameOptions.extra`` (so they are part of replays and copies):

* ``attack``: who the active player may attack (806.2b)

  - ``"one"`` (default, seed 703.4e / 507.1): the active player chooses one opponent
    as the defending player at the beginning of combat;
  - ``"multiple"`` (802): every opponent is a defending player; each attacking creature
    attacks one of them; the attacked players declare blockers in APNAP order (802.4);
  - ``"left"`` / ``"right"`` (803): the defending player is the nearest opponent to the
    left (next in turn order) / right (previous in turn order); a player whose nearest
    opponent on that side is more than one seat away can't attack (803.1).

* ``range``: limited range of influence (801), a number of seats (``None``: unlimited).
  Each player's range is fixed as each turn begins (801.2c) counting the players still
  in the game; a player is always within their own range (801.2b).

>>> check_options(4, {"attack": "sideways"})
"options.extra.attack must be one of one, multiple, left, right, not 'sideways'"
>>> check_options(4, {"range": 1}) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.reprs import brief

if TYPE_CHECKING:
    from manastack.game.state import GameState

ATTACK_OPTIONS = ("one", "multiple", "left", "right")
#: GameOptions.extra keys of the multiplayer options (and what they are).
OPTION_KEYS: dict[str, str] = {"attack": "806.2b", "range": "801"}


def check_options(n_players: int, extra: dict[str, Any]) -> str | None:
    """A message when the multiplayer options in ``extra`` are malformed."""
    attack = extra.get("attack", "one")
    if attack not in ATTACK_OPTIONS:
        return (f"options.extra.attack must be one of {', '.join(ATTACK_OPTIONS)}, "
                f"not {brief(attack)}")
    rng = extra.get("range")
    if rng is not None and (not isinstance(rng, int) or isinstance(rng, bool) or rng < 1):
        return f"options.extra.range must be a number of seats (1 or more), not {brief(rng)}"
    return None


def attack_option(game: GameState) -> str:
    return str(game.options.extra.get("attack", "one"))


def seat_distance(game: GameState, a: int, b: int) -> int:
    """Seats between two players, counting only players still in the game (801.2)."""
    seats = [p.index for p in game.players if p.in_game or p.index in (a, b)]
    i, j = seats.index(a), seats.index(b)
    d = abs(i - j)
    return min(d, len(seats) - d)


def compute_ranges(game: GameState) -> None:
    """801.2c: the players within each player's range of influence, as the turn begins."""
    rng = game.options.extra.get("range")
    if rng is None:
        game.turn_flags.pop("_range", None)
        return
    game.turn_flags["_range"] = {
        p: sorted(q for q in game.living_players if seat_distance(game, p, q) <= rng)
        for p in game.living_players}


def in_range(game: GameState, player: int, other: int) -> bool:
    """801.2: ``other`` is within ``player``'s range of influence."""
    ranges = game.turn_flags.get("_range")
    if ranges is None:
        if game.options.extra.get("range") is None:
            return True
        compute_ranges(game)
        ranges = game.turn_flags["_range"]
    if player == other:
        return True  # 801.2b
    return other in ranges.get(player, ())


def directional_defender(game: GameState, direction: str) -> int | None:
    """803.1: the nearest opponent to the active player's left (``left``: next in turn
    order) or right; None if that opponent is more than one seat away."""
    ap = game.active_player
    n = len(game.players)
    step = 1 if direction == "left" else -1
    for k in range(1, n):
        q = (ap + step * k) % n
        if not game.players[q].in_game:
            continue  # a seat left empty by a player who left the game
        if q in game.opponents(ap):
            return q
        return None  # the nearest player on that side is a teammate: too far (803.1)
    return None

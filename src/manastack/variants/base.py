"""The :class:`Variant` hook object: two-player Magic, and the multiplayer base (806).

Each hook is called by the core rules at one documented point; a variant
overrides the hooks it changes.  Variants hold no state: what a variant
needs to remember lives in the game (``game.variant_state``, players,
zones), so copies and replays are exact.

Hooks and who calls them:

* :meth:`default_setup` - ``manastack play --variant``: default decks and extra options.
* :meth:`configure` - ``Game.__init__``: teams (810.1), extra per-game data.
* :meth:`setup_zones` - ``rules.start.begin``, before the libraries are shuffled (103.1b):
  commanders, scheme and planar decks, vanguards into the command zone.
* :meth:`first_player` - ``rules.start.begin`` (103.2b: the archenemy goes first).
* :meth:`starting_life`/:meth:`starting_hand_size` - ``rules.start.begin`` (103.3).
* :meth:`default_mulligan` - the mulligan rule when the options don't name one (103.4).
* :meth:`skips_first_draw` - 103.7a/103.7b vs 103.7c (``rules.turn``).
* :meth:`game_started` - just before the first turn (103.6, planechase).
* :meth:`choose_defending_player` - beginning of combat (507.1, 703.4e).
* :meth:`precombat_main_actions` - turn-based actions of the precombat main phase (703.4d).
* :meth:`check_decks` - deck legality for the variant, before the game (100.2).
* :meth:`turn_started` - ``rules.turn.start_turn``, as each turn begins (901.6).
* :meth:`special_actions`/:meth:`special_action_problem`/:meth:`perform_special_action` -
  ``rules.casting``/``rules.priority``: the variant's special actions (116.2), answered with
  :class:`~manastack.decisions.Special` (the planar die, 901.9).
* :meth:`castable_objects`, :meth:`additional_cost`, :meth:`casting_from_command` -
  ``rules.casting``: spells cast from outside the hand and their extra cost (903.8).

Called only when ``game.variant_state`` is non-empty (the variant stored something):

* :meth:`zone_change_destination` - ``rules.zones.move``: rule replacements of zone
  changes (903.9).
* :meth:`player_dealt_damage` - ``rules.damage``: damage dealt to a player (903.10a).
* :meth:`state_based_actions` - ``rules.sba.perform``: the variant's SBAs (704.5v-w).
* :meth:`player_left` - after a player left the game and their objects left (800.4a, 901.10).

Abilities of face-up objects in the command zone work when ``"command"`` is in their
``zones`` (triggered, static, activated: 901.7, 902.7, 904.8; ``Game.command_sources``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from manastack.game.state import Game


class Variant:
    """Two-player Magic (the default): the hooks' default behaviour."""

    #: The name used in ``GameOptions.variant``, scenario files and ``--variant``.
    name = "two_player"
    #: CR section of the variant (for messages).
    rule = "100.1"
    min_players = 2
    max_players = 2
    #: 103.3: each player's starting life total.
    starting_life = 20
    #: 103.4 (2017): the mulligan rule used when the options don't name one.
    default_mulligan = "paris"

    def check_player_count(self, n: int) -> str | None:
        """A message when ``n`` players can't play this variant, else ``None``."""
        if not self.min_players <= n <= self.max_players:
            want = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}-{self.max_players}")
            return f"variant {self.name} needs {want} players, not {n}"
        return None

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        """Decks and ``GameOptions.extra`` for ``manastack play --variant NAME`` (default
        decks shipped with the package; variants add command-zone cards, scheme or planar
        decks, avatars...).  Deterministic in ``seed``."""
        from manastack.play import DEFAULT_DECKS, default_deck

        return [default_deck(DEFAULT_DECKS[i % len(DEFAULT_DECKS)])
                for i in range(n_players)], {}

    def configure(self, game: Game) -> None:
        """Called once by ``Game.__init__`` after the players exist (teams, zones)."""

    def setup_zones(self, game: Game) -> None:
        """103.1b: put the variant's cards where they start (the decks are in the
        libraries, not yet shuffled).  Tests that build a game with ``setup_game`` call it
        themselves."""

    def first_player(self, game: Game) -> int | None:
        """103.2: the starting player when the variant decides (else a coin flip)."""
        return None

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        """Raise :class:`~manastack.errors.DeckError` if the decks don't suit the variant."""

    def starting_life_of(self, game: Game, player: int) -> int:
        """103.3: the player's starting life (the options may override the variant's)."""
        if game.options.starting_life is not None:
            return game.options.starting_life
        return self.starting_life

    def starting_hand_size(self, game: Game, player: int) -> int:
        """103.4: the number of cards the player draws for their opening hand."""
        return game.options.starting_hand

    def free_first_mulligan(self, game: Game) -> bool:
        """103.4c (2017): in multiplayer the first mulligan doesn't reduce the hand."""
        return False

    def skips_first_draw(self, game: Game) -> bool:
        """103.7a: the starting player of a two-player game skips their first draw."""
        return True

    def game_started(self, game: Game) -> None:
        """Just before the first turn begins (after mulligans): 103.6."""

    def choose_defending_player(self, game: Game) -> None:
        """507.1 / 703.4e: in a two-player game the opponent defends."""
        if game.combat is None:
            return
        game.combat.defending_players = game.opponents(game.active_player)[:1]

    def precombat_main_actions(self, game: Game) -> None:
        """703.4d: turn-based actions at the start of the precombat main phase."""

    def turn_started(self, game: Game) -> None:
        """A turn began (``game.active_player`` is set, nothing happened yet)."""

    def special_actions(self, game: Game, player: int) -> list[Any]:
        """The variant's special actions ``player`` may take now (116.2)."""
        return []

    def special_action_problem(self, game: Game, player: int, action: Any
                               ) -> tuple[str, str] | None:
        """Why ``action`` (a :class:`~manastack.decisions.Special`) is illegal, or None."""
        return (f"{action} isn't a special action of this game", "116.2")

    def perform_special_action(self, game: Game, player: int, action: Any) -> None:
        """Take a special action validated by :meth:`special_action_problem`."""
        raise AssertionError(action)  # pragma: no cover - never legal by default

    def castable_objects(self, game: Game, player: int) -> list[int]:
        """Cards outside ``player``'s hand that ``player`` may cast (601.3, 903.8)."""
        return []

    def additional_cost(self, game: Game, obj: Any) -> int:
        """Generic mana added to the total cost of casting ``obj`` (903.8)."""
        return 0

    def casting_from_command(self, game: Game, player: int, obj: Any) -> None:
        """``player`` casts ``obj`` from the command zone (before it moves, 601.2a)."""

    def zone_change_destination(self, game: Game, obj: Any, to: str) -> str:
        """The zone ``obj`` goes to when it would go to ``to`` (903.9)."""
        return to

    def player_dealt_damage(self, game: Game, source: int, player: int, amount: int,
                            combat: bool) -> None:
        """``source`` dealt ``amount`` damage to ``player`` (after the life change)."""

    def state_based_actions(self, game: Game, losers: list[tuple[int, str, str]]) -> bool:
        """Perform the variant's SBAs; append ``(player, rule, why)`` for players who lose.
        True if an action was performed (704.3)."""
        return False

    def player_left(self, game: Game, player: int) -> None:
        """``player`` left the game (800.4a)."""


class MultiplayerVariant(Variant):
    """Free-for-all (806): several players, each their own team, one attacked per combat
    unless the attack-multiple-players option is on (802)."""

    name = "free_for_all"
    rule = "806"
    min_players = 2
    max_players = 8

    def free_first_mulligan(self, game: Game) -> bool:
        return len(game.players) > 2

    def skips_first_draw(self, game: Game) -> bool:
        """103.7a applies only to two-player games (103.7c in 2017 numbering: no skip)."""
        return len(game.players) == 2

    def choose_defending_player(self, game: Game) -> None:
        """507.1 / 703.4e: the active player chooses one opponent to attack."""
        from manastack.decisions import ChoiceDecision
        from manastack.game.objects import PlayerRef

        if game.combat is None:
            return
        opps = game.opponents(game.active_player)
        if len(opps) <= 1:
            game.combat.defending_players = opps[:1]
            return
        game.ask(ChoiceDecision(game.active_player, "choose_defender",
                                "Choose the defending player (CR 507.1)",
                                (_defender_chosen, ()), rule="507.1",
                                options=tuple(PlayerRef(p) for p in opps),
                                purpose="defending player"))


def _defender_chosen(game: Game, action: Any) -> None:
    assert game.combat is not None
    choice = action.items[0]
    game.combat.defending_players = [choice.index]
    game.note("507.1", f"{game.players[game.active_player].name} chooses "
                       f"{game.players[choice.index].name} as the defending player")

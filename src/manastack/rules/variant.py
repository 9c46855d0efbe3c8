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
* :meth:`midrun_choices_possible` - ``Game.apply``: may a choice come up in the middle
  of an event (:mod:`manastack.rules.midrun`; 903.9).
* :meth:`check_extra` - ``GameOptions.extra`` validation (``Game.__init__``, scenarios, CLI).
* :meth:`setup_position` - a game put in a position (scenarios): the variant's cards where
  they would be (commanders, scheme and planar decks in the listed order, a face-up
  plane, avatars); :attr:`player_options`, :attr:`scenario_state_keys`,
  :attr:`scenario_expect_keys`, :meth:`set_scenario_value`, :meth:`scenario_value` -
  the variant's part of scenario files (``docs/scenarios.md``).
* :meth:`active_players` - who takes the turn (805.4: the active team), used by untap,
  draw, sorcery timing, land plays, attackers, cleanup (``Game.active_players``).
* :meth:`next_turn_player` - whose normal turn comes next (``rules.turn``, 805.4).
* :meth:`turn_started` - as each turn begins, after the turn's state is reset (801.2c).
* :meth:`apnap_order` - APNAP order (101.4, 805.6; ``Game.apnap``).
* :meth:`next_priority_player` - who receives priority after a pass (116.3d, 805.5).
* :meth:`attack_declarers`/:meth:`block_declarers` - who declares attackers and
  blockers, in order (508.1, 509.1, 802.4, 805.10b/d); :meth:`combined_block` tells
  whether the declarations form one block legal as a whole (805.10d) or one per
  defending player (802.4b).
* :meth:`defending_players_meant` - who "the defending player" is for an object's
  rules and effects (802.2a, 805.10e, 810.7b): landwalk, "creature defending player
  controls".
* :meth:`in_range` - limited range of influence (801): targets, attacks, abilities,
  "each opponent" (``Game.opponents``).
* :meth:`totals_changed` - after a player's life or poison total changes (810.9, 810.10).
* :meth:`shares_totals_with` - the players sharing a life total (810.9g-h, 810.10c).
* :meth:`poison_limit` - poison counters that make a player lose (704.5c, 810.8d).
* :meth:`loses_with` - the players who lose together with a player (810.8a).
* :meth:`result_who` - the winners in the log's ``... win(s) the game`` (104.2a);
  :meth:`result_names` - their names for ``Game over: ... win(s)`` (``manastack play``).
* :meth:`special_actions`/:meth:`special_action_problem`/:meth:`perform_special_action` -
  ``rules.casting``/``rules.priority``: the variant's special actions (115.2), answered with
  :class:`~manastack.game.decisions.Special` (the planar die, 901.9).
* :meth:`castable_objects`, :meth:`additional_cost`, :meth:`casting_from_command` -
  ``rules.casting``: spells cast from outside the hand and their extra cost (903.8).

Called only when ``game.variant_state`` is non-empty (the variant stored something):

* :meth:`zone_change_replacements` - ``rules.replacement.replace_zone_change``: replacement
  effects of the variant's rules on a zone change, ordered with the others (616.1; 903.9).
* :meth:`player_dealt_damage` - ``rules.damage``: damage dealt to a player (903.10a).
* :meth:`state_based_actions` - ``rules.sba.perform``: the variant's SBAs (704.5v-w).
* :meth:`player_left` - after a player left the game and their objects left (800.4a, 901.10).

Abilities of face-up objects in the command zone work when ``"command"`` is in their
``zones`` (triggered, static, activated: 901.7, 902.7, 904.8; ``Game.command_sources``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from manastack.errors import IllegalAction
from manastack.lines import Items, Line, Word, say
from manastack.reprs import brief
from manastack.rules.multiplayer import OPTION_KEYS

if TYPE_CHECKING:
    from manastack.game.state import GameState


def unknown_option(extra: dict[str, Any], variant: str, known: dict[str, str]) -> str | None:
    """A message naming the first key of ``extra`` that isn't in ``known``, else None."""
    for key in extra:
        if key not in known:
            have = f"its options: {', '.join(known)}" if known else "it has none"
            return f"options.extra.{key}: not an option of {variant} ({have})"
    return None


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

    #: ``GameOptions.extra`` keys whose value maps players to values (a scenario may key
    #: them by player name: the scenario model turns names into indexes), and keys whose
    #: value is one player.
    player_options: ClassVar[tuple[str, ...]] = ()
    player_valued_options: ClassVar[tuple[str, ...]] = ()
    #: Extra per-player keys of a scenario's ``state`` and ``expect``, with their kind:
    #: ``count`` (a number >= 0), ``per_player`` (a mapping of players to numbers >= 0)
    #: or ``cards`` (a list of card names, in order; ``expect`` only).
    scenario_state_keys: ClassVar[dict[str, str]] = {}
    scenario_expect_keys: ClassVar[dict[str, str]] = {}
    #: The ``GameOptions.extra`` keys the variant knows, each with its rule; any other key
    #: is refused by :meth:`check_extra` (a misspelt option must not be ignored).
    option_keys: ClassVar[dict[str, str]] = {}

    def check_player_count(self, n: int) -> str | None:
        """A message when ``n`` players can't play this variant, else ``None``."""
        if not self.min_players <= n <= self.max_players:
            want = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}-{self.max_players}")
            return f"variant {self.name} needs {want} players, not {n}"
        return None

    def midrun_choices_possible(self, game: GameState) -> bool:
        """Whether the variant may ask a choice in the middle of an event
        (:mod:`manastack.rules.midrun`), e.g. 903.9's command zone instead."""
        return False

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        """Decks and ``GameOptions.extra`` for ``manastack play --variant NAME`` (default
        decks shipped with the package; variants add command-zone cards, scheme or planar
        decks, avatars...).  Deterministic in ``seed``."""
        from manastack.data import DEFAULT_DECKS, default_deck

        return [default_deck(DEFAULT_DECKS[i % len(DEFAULT_DECKS)])
                for i in range(n_players)], {}

    def configure(self, game: GameState) -> None:
        """Called once by ``Game.__init__`` after the players exist (teams, zones)."""

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        """A message when ``GameOptions.extra`` doesn't suit the variant, else ``None``:
        here, the first key not in :attr:`option_keys` (variants check the values too).

        >>> Variant().check_extra(2, {"range": 1})
        'options.extra.range: not an option of two_player (it has none)'
        """
        return unknown_option(extra, self.name, self.option_keys)

    def setup_zones(self, game: GameState) -> None:
        """103.1b: put the variant's cards where they start (the decks are in the
        libraries, not yet shuffled).  Tests that build a game with ``setup_game`` call it
        themselves."""

    def setup_position(self, game: GameState) -> None:
        """A game put in a position rather than started (scenarios): put the variant's
        cards the position doesn't list where they would be, without shuffling (the
        listed order is kept).  Called once the turn and step are set.  Raise
        :class:`~manastack.errors.DeckError` for a position the variant can't have."""

    def set_scenario_value(self, game: GameState, player: int, key: str, value: Any) -> None:
        """Set a key of :attr:`scenario_state_keys` for ``player`` (``per_player`` values
        are keyed by player index)."""
        raise KeyError(key)

    def scenario_value(self, game: GameState, player: int, key: str) -> Any:
        """The value of a key of :attr:`scenario_expect_keys` for ``player``."""
        raise KeyError(key)

    def first_player(self, game: GameState) -> int | None:
        """103.2: the starting player when the variant decides (else a coin flip)."""
        return None

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        """Raise :class:`~manastack.errors.DeckError` if the decks don't suit the variant."""

    def starting_life_of(self, game: GameState, player: int) -> int:
        """103.3: the player's starting life (the options may override the variant's)."""
        if game.options.starting_life is not None:
            return game.options.starting_life
        return self.starting_life

    def starting_hand_size(self, game: GameState, player: int) -> int:
        """103.4: the number of cards the player draws for their opening hand."""
        return game.options.starting_hand

    def free_first_mulligan(self, game: GameState) -> bool:
        """103.4c (2017): in multiplayer the first mulligan doesn't reduce the hand."""
        return False

    def skips_first_draw(self, game: GameState) -> bool:
        """103.7a: the starting player of a two-player game skips their first draw."""
        return True

    def game_started(self, game: GameState) -> None:
        """Just before the first turn begins (after mulligans): 103.6."""

    def choose_defending_player(self, game: GameState) -> None:
        """507.1 / 703.4e: in a two-player game the opponent defends."""
        if game.combat is None:
            return
        game.combat.defending_players = game.opponents(game.active_player)[:1]

    def precombat_main_actions(self, game: GameState) -> None:
        """703.4d: turn-based actions at the start of the precombat main phase."""

    # -- turns, priority, APNAP (805 shared team turns overrides these)

    def active_players(self, game: GameState) -> list[int]:
        """The players whose turn it is (one, except with shared team turns, 805.4)."""
        return [game.active_player]

    def next_turn_player(self, game: GameState, player: int) -> int:
        """The player whose normal turn follows ``player``'s (101.4: turn order)."""
        return game.next_player(player)

    def extra_turn_player(self, game: GameState, player: int) -> int:
        """The active player of an extra turn given to ``player`` (500.7)."""
        return player

    def departed_turn_players(self, game: GameState, last: int, player: int) -> list[int]:
        """800.4j-k: the players who have left the game whose normal turn would have begun
        as ``player``'s normal turn begins after ``last``'s: those seated between them."""
        n = len(game.players)
        out: list[int] = []
        q = (last + 1) % n
        while q != player and q != last:
            if not game.players[q].in_game:
                out.append(q)
            q = (q + 1) % n
        return out

    def turn_started(self, game: GameState) -> None:
        """As a turn begins, once the turn's state is reset (801.2c range of influence).

        The turn's beginning is a narrow change ("turn", NARROW_CHANGES): a hook changing
        anything else calls ``game.changed()`` itself."""

    def apnap_order(self, game: GameState) -> list[int]:
        """101.4: the active player, then the others in turn order (still in the game)."""
        n = len(game.players)
        ap = game.active_player
        return [(ap + i) % n for i in range(n) if game.players[(ap + i) % n].in_game]

    def next_priority_player(self, game: GameState, player: int) -> int:
        """116.3d: after a pass, the next player in turn order receives priority."""
        return game.next_player(player)

    # -- combat

    def attack_declarers(self, game: GameState) -> list[int]:
        """508.1: the players who declare attackers, in order (the active player)."""
        return [game.active_player] if game.players[game.active_player].in_game else []

    def block_declarers(self, game: GameState) -> list[int]:
        """509.1 / 802.4: the attacked defending players in APNAP order."""
        cb = game.combat
        if cb is None:
            return []
        from manastack.game.objects import PlayerRef

        attacked = set()
        for t in cb.attackers.values():
            if isinstance(t, PlayerRef):
                attacked.add(t.index)
            else:
                o = game.get(t)
                if o is not None:
                    attacked.add(game.controller(o))
        return [p for p in game.apnap() if p in cb.defending_players
                and (p in attacked or len(cb.defending_players) == 1)]

    def defending_players_meant(self, game: GameState, source: int | None) -> list[int]:
        """The players "the defending player" may mean for ``source``'s rules and
        effects: for an attacking creature, the player it attacks (802.2a, 805.10e); else
        each defending player (the effect's controller chooses one: a target among their
        objects, 802.2a)."""
        cb = game.combat
        if cb is None:
            return []
        if source is not None and source in cb.attackers:
            from manastack.rules.combat import attacked_player
            p = attacked_player(game, source)
            if p is not None:
                return [p]
        return list(cb.defending_players)

    def combined_block(self, game: GameState) -> bool:
        """805.10d: the defending players' blocks form one declaration legal as a whole
        (False: each defending player blocks only what attacks them, 802.4a-b)."""
        return False

    # -- range of influence (801)

    def in_range(self, game: GameState, player: int, other: int) -> bool:
        """801.2: is ``other`` within ``player``'s range of influence (always, by default)."""
        return True

    # -- life, poison, winning and losing

    def totals_changed(self, game: GameState, player: int) -> None:
        """A player's life or poison total just changed (810.9: shared team totals)."""

    def shares_totals_with(self, game: GameState, player: int) -> list[int]:
        """The players whose life and poison totals are ``player``'s (810.9, 810.10: the
        team in Two-Headed Giant): "can't gain/lose life", "can't get poison counters"
        on one of them holds for all (810.9g-h, 810.10c)."""
        return [player]

    def poison_limit(self, game: GameState, player: int) -> int:
        """704.5c: a player with this many poison counters loses."""
        return 10

    def loses_with(self, game: GameState, player: int) -> list[int]:
        """The players who lose the game when ``player`` does (810.8a: the team)."""
        return [player]

    def result_who(self, game: GameState, winners: list[int]) -> Items:
        """``Alice`` / ``Alice and Carol`` (``Alice et Carol``): the winners of ``X win(s) the
        game``, an argument of a line of the log."""
        return Items([game.who(w) for w in winners], last=(" and ", " et "))

    def result_names(self, game: GameState, winners: list[int]) -> str:
        """``Alice`` / ``Alice and Carol``: the winners of ``Game over: X win(s)``."""
        return self.result_who(game, winners).text("en", "")

    # -- special actions, casting from other zones, variant rules

    def special_actions(self, game: GameState, player: int) -> list[Any]:
        """The variant's special actions ``player`` may take now (115.2)."""
        return []

    def special_action_problem(self, game: GameState, player: int, action: Any
                               ) -> tuple[str, str] | None:
        """Why ``action`` (a :class:`~manastack.game.decisions.Special`) is illegal, or None."""
        return (f"{action} isn't a special action of this game", "115.2")

    def perform_special_action(self, game: GameState, player: int, action: Any) -> None:
        """Take a special action validated by :meth:`special_action_problem`."""
        raise AssertionError(action)  # pragma: no cover - never legal by default

    def castable_objects(self, game: GameState, player: int) -> list[int]:
        """Cards outside ``player``'s hand that ``player`` may cast (601.3, 903.8)."""
        return []

    def cast_problem(self, game: GameState, player: int, obj: Any) -> tuple[str, str] | None:
        """Why ``player`` can't cast ``obj`` from where it is, when this variant's rules
        say it more precisely than 601.2a (a commander of another player, 903.8)."""
        return None

    def additional_cost(self, game: GameState, obj: Any) -> int:
        """Generic mana added to the total cost of casting ``obj`` (903.8)."""
        return 0

    def casting_from_command(self, game: GameState, player: int, obj: Any) -> None:
        """``player`` casts ``obj`` from the command zone (before it moves, 601.2a)."""

    def zone_change_replacements(self, game: GameState, obj: Any, to: str) -> list[Any]:
        """Replacement effects (:class:`~manastack.rules.replacement.Replacement`) the
        variant's rules apply to ``obj`` moving to ``to`` (903.9)."""
        return []

    def player_dealt_damage(self, game: GameState, source: int, player: int, amount: int,
                            combat: bool) -> None:
        """``source`` dealt ``amount`` damage to ``player`` (after the life change)."""

    def state_based_actions(self, game: GameState, losers: list[tuple[int, str, Line]]
                            ) -> bool:
        """Perform the variant's SBAs; append ``(player, rule, why)`` for players who lose
        (``why``: a line, the reason in "Alice loses the game (...)").  True if an action was
        performed (704.3)."""
        return False

    def player_left(self, game: GameState, player: int) -> None:
        """``player`` left the game (800.4a)."""


class MultiplayerVariant(Variant):
    """Free-for-all (806): 3-6 players, each their own team.  Options in
    ``GameOptions.extra`` (see :mod:`manastack.rules.multiplayer`): ``attack`` (one
    chosen opponent, ``multiple`` 802, ``left``/``right`` 803) and ``range`` (801)."""

    name = "free_for_all"
    rule = "806"
    option_keys = OPTION_KEYS
    min_players = 3
    max_players = 6

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        from manastack.rules.multiplayer import check_options
        return super().check_extra(n_players, extra) or check_options(n_players, extra)

    def setup_position(self, game: GameState) -> None:
        """801.2c: in a position the turn has already begun, so each player's range of
        influence is fixed now, with the players in the game at that point (a player who
        leaves later changes the ranges only as the next turn begins)."""
        from manastack.rules.multiplayer import compute_ranges
        compute_ranges(game)
        if game.options.extra.get("range"):
            game.changed()

    def free_first_mulligan(self, game: GameState) -> bool:
        return len(game.players) > 2

    def skips_first_draw(self, game: GameState) -> bool:
        """103.7a applies only to two-player games (103.7c in 2017 numbering: no skip)."""
        return len(game.players) == 2

    def turn_started(self, game: GameState) -> None:
        from manastack.rules.multiplayer import compute_ranges
        compute_ranges(game)  # 801.2c
        if game.options.extra.get("range"):
            game.changed()  # ranges of influence are read by rules beyond the turn's state

    def in_range(self, game: GameState, player: int, other: int) -> bool:
        from manastack.rules.multiplayer import in_range
        return in_range(game, player, other)

    def choose_defending_player(self, game: GameState) -> None:
        """507.1 / 703.4e: the active player chooses one opponent to attack; with the
        attack multiple players option every opponent defends (802.2); with attack left
        or right the choice is dictated (803.1)."""
        from manastack.game.decisions import ChoiceDecision
        from manastack.game.objects import PlayerRef
        from manastack.rules.multiplayer import attack_option, directional_defender

        if game.combat is None:
            return
        ap = game.active_player
        opps = game.opponents(ap)  # within range of influence (801.3)
        option = attack_option(game)
        if option == "multiple":
            game.combat.defending_players = opps
            if opps:
                game.note("802.2", say(
                    "All of {who}'s opponents are defending players: {opponents}",
                    "Tous les adversaires {who:de} sont des joueurs défenseurs : {opponents}",
                    who=game.who(ap), opponents=Items(game.who(o) for o in opps)))
            return
        if option in ("left", "right"):
            d = directional_defender(game, option)
            rule = "803.1a" if option == "left" else "803.1b"
            game.combat.defending_players = [] if d is None or d not in opps else [d]
            side = _SIDES[option]
            if d is not None and game.combat.defending_players:
                game.note(rule, say("{who} attacks {side}: {defender} is the defending player",
                                    "{who} attaque {side} : {defender} est le joueur défenseur",
                                    who=game.who(ap), side=side, defender=game.who(d)))
            else:
                game.note(rule, say("{who}'s nearest opponent to the {side} is out of reach: "
                                    "{who} can't attack", "L'adversaire {who:de} le plus "
                                    "proche {side} est hors de portée : {who} ne peut pas "
                                    "attaquer", who=game.who(ap), side=side))
            return
        if len(opps) <= 1:
            game.combat.defending_players = opps[:1]
            if not opps:
                game.note("801.3", say(
                    "No opponent is within {who}'s range of influence: their creatures "
                    "can't attack", "Aucun adversaire n'est dans la portée d'influence "
                    "{who:de} : ses créatures ne peuvent pas attaquer", who=game.who(ap)))
            return
        game.ask(ChoiceDecision(ap, "choose_defender",
                                "Choose the defending player (CR 507.1)",
                                (_defender_chosen, ()), rule="507.1",
                                options=tuple(PlayerRef(p) for p in opps),
                                purpose="defending player"))


#: The directions of the attack left and attack right options (803.1a-b).
_SIDES: Final = {"left": Word("left", "à gauche"), "right": Word("right", "à droite")}


def _defender_chosen(game: GameState, action: Any) -> None:
    assert game.combat is not None
    choice = action.items[0]
    game.combat.defending_players = [choice.index]
    game.changed("combat")
    game.note("507.1", say("{who} chooses {defender} as the defending player",
                           "{who} choisit {defender} comme joueur défenseur",
                           who=game.who(game.active_player), defender=game.who(choice.index)))


# ---------------------------------------------------------------- the registry

_VARIANTS: Final[dict[str, Variant]] = {}


def register(variant: Variant) -> Variant:
    """Add ``variant`` under its :attr:`~Variant.name` (a later registration replaces)."""
    _VARIANTS[variant.name] = variant
    return variant


def get_variant(name: str) -> Variant:
    """The variant called ``name``; unknown names raise :class:`IllegalAction`."""
    try:
        return _VARIANTS[name]
    except KeyError:
        raise IllegalAction(f"unknown variant {brief(name)} (one of {', '.join(variant_names())})",
                            "100.2") from None


def variant_names() -> list[str]:
    """The registered variant names, in registration order."""
    return list(_VARIANTS)


def variant_of(game: GameState) -> Variant:
    """The variant the game is played under (``game.options.variant``), kept on the game
    for its options object (options are replaced, not changed, during a game)."""
    options = game.options
    hit = game.derived.variant
    if hit is not None and hit[0] is options:
        return hit[1]  # type: ignore[no-any-return]
    variant = _VARIANTS[options.variant or "two_player"]
    game.derived.variant = (options, variant)
    return variant


register(Variant())
register(MultiplayerVariant())

"""Archenemy (CR 904; seeds 103.2b, 103.3d, 703.4d).

Options (``GameOptions.extra``):

* ``archenemy``: the archenemy (index or name; default player 0);
* ``schemes``: the archenemy's scheme deck, a list of scheme names (904.3: at least 20
  cards, at most two of a name).

The other players form one team (904.2b, 808): they aren't each other's opponents, "each
opponent" of the archenemy is all of them, and the game ends when a team is left
(104.2a).  The game uses the shared team turns option (904.2, 805;
:class:`~manastack.variants.shared_turns.SharedTeamTurns`): the archenemy's turn
alternates with the team's turn, in which every player of the team is an active player;
the team attacks and blocks as a team (805.10), each of the archenemy's attackers
attacking one player of the team or a planeswalker (802.3).

The Supervillain Rumble option (904.12) is the variant ``supervillain_rumble``
(:class:`SupervillainRumble`): a free-for-all in which every player is an archenemy with
their own scheme deck (``extra["schemes"]`` maps players to scheme decks).

State (``game.variant_state["archenemy"]``): ``player`` (the archenemy; ``None`` in a
Supervillain Rumble) and ``schemers``, for each archenemy (by player index) the per-player
state of the schemes: ``no_motion_turn`` (All in Good Time), ``hand_size`` (Your Puny
Minds Cannot Fathom), ``damage_taken`` (per turn, for Nothing Can Stop Me Now).  Read it
with :func:`scheme_state`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from manastack.errors import DeckError
from manastack.events import SchemeAbandoned, SchemeSetInMotion
from manastack.game.objects import StackAbility
from manastack.lines import Card, Line, Word, say
from manastack.reprs import brief
from manastack.rules.multiplayer import OPTION_KEYS
from manastack.rules.variant import MultiplayerVariant, register
from manastack.variants.command_zone import (
    attack_multiple_by_default,
    card_list_problem,
    deck,
    each_players,
    face_up,
    per_player,
    player_of,
    put_in_command,
    shuffle_deck,
    shuffle_in_decks,
    to_bottom,
    turn_face_up,
)
from manastack.variants.shared_turns import SharedTeamTurns

if TYPE_CHECKING:
    from manastack.game.state import GameState

MIN_SCHEMES = 20


@trait
class SchemeRules:
    """The rules every archenemy plays by (904.4-904.11), shared by Archenemy and the
    Supervillain Rumble option (904.12c: "all other rules that apply to the archenemy
    ... apply to each player")."""

    def scheme_players(self, game: GameState) -> list[int]:
        """The archenemies (each has a scheme deck)."""
        return [archenemy(game)]

    def configure_schemes(self, game: GameState, player: int | None) -> None:
        game.variant_state["archenemy"] = {
            "player": player,
            "schemers": {p: {"no_motion_turn": -1, "hand_size": None, "damage_taken": 0}
                         for p in self.scheme_players(game)}}
        attack_multiple_by_default(game)  # 904.2, 904.12a

    def scheme_turn_started(self, game: GameState) -> None:
        """A new turn: damage taken this turn is forgotten; the active archenemy's "until
        your next turn" hand size ends (611.2b)."""
        for p, st in game.variant_state["archenemy"]["schemers"].items():
            st["damage_taken"] = 0
            if p == game.active_player and st["hand_size"] is not None:
                game.players[p].max_hand_size = st["hand_size"]
                st["hand_size"] = None
                game.note("611.2b", say("{who} has a maximum hand size again",
                                        "{who} a de nouveau une taille maximale de main",
                                        who=game.who(p)))

    def precombat_main_actions(self, game: GameState) -> None:
        """703.4d / 904.9: the archenemy sets the top scheme of their deck in motion."""
        ap = game.active_player
        st = scheme_state(game, ap)
        if st is None or game.turn_flags.get("_schemed"):
            return
        game.turn_flags["_schemed"] = True  # only the first precombat main phase
        if st["no_motion_turn"] == game.turn_number:
            game.note("904.9", say("Schemes can't be set in motion this turn ({card})",
                                   "Les machinations ne peuvent pas être mises en branle ce "
                                   "tour-ci ({card})", card=Card(None, "All in Good Time")))
            return
        set_in_motion(game, ap)

    def player_dealt_damage(self, game: GameState, source: int, player: int, amount: int,
                            combat: bool) -> None:
        st = scheme_state(game, player)
        if st is not None:
            st["damage_taken"] += amount

    def state_based_actions(self, game: GameState, losers: list[tuple[int, str, Line]]) -> bool:
        """704.5w: a face-up non-ongoing scheme with no scheme trigger on the stack or
        waiting goes to the bottom of its owner's scheme deck."""
        done = [o for o in face_up(game, "Scheme") if "Ongoing" not in o.card.supertypes]
        if not done:
            return False
        if any(_is_scheme(game, t.source) for t in game.pending_triggers) or any(
                isinstance(s := game.objects[i], StackAbility) and _is_scheme(game, s.source)
                for i in game.stack):
            return False
        for o in done:
            to_bottom(game, o.id)
            game.note("704.5w", say("{card} is turned face down and put on the bottom of "
                                    "{who}'s scheme deck",
                                    "{card} est retourné face cachée et mis au-dessous du "
                                    "paquet de machinations {who:de}",
                                    card=Card(o.id, o.name), who=game.who(o.owner)))
        return True

    def scheme_deck_value(self, game: GameState, player: int, key: str) -> Any:
        if key == "scheme_deck":  # top first
            return [game.obj(i).name for i in reversed(deck(game, player, "Scheme"))]
        if key == "scheme_deck_size":
            return len(deck(game, player, "Scheme"))
        raise KeyError(key)


class ArchenemyVariant(SharedTeamTurns, SchemeRules):
    """904: the archenemy (40 life, goes first, sets a scheme in motion each precombat main
    phase) against a team of opponents."""

    # (SchemeRules, a mypyc trait, must come after the Variant base class, whose default
    # hooks would then hide its own: they are chosen here.)
    def precombat_main_actions(self, game: GameState) -> None:
        SchemeRules.precombat_main_actions(self, game)

    def player_dealt_damage(self, game: GameState, source: int, player: int, amount: int,
                            combat: bool) -> None:
        SchemeRules.player_dealt_damage(self, game, source, player, amount, combat)

    def state_based_actions(self, game: GameState, losers: list[tuple[int, str, Line]]) -> bool:
        return SchemeRules.state_based_actions(self, game, losers)

    name = "archenemy"
    rule = "904"
    option_keys = {**OPTION_KEYS, "archenemy": "904.1", "schemes": "904.3"}
    min_players = 2
    max_players = 8

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        decks, extra = super().default_setup(n_players, seed)
        return decks, {**extra, "archenemy": 0, "schemes": default_scheme_deck(seed)}

    player_valued_options = ("archenemy",)
    scenario_expect_keys = {"scheme_deck": "cards", "scheme_deck_size": "count"}

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        from manastack.variants.command_zone import player_key_problem
        problem = super().check_extra(n_players, extra)
        if problem:
            return problem
        if "archenemy" in extra:
            problem = player_key_problem(extra["archenemy"], n_players)
            if problem:
                return f"options.extra.archenemy: {problem}"
        if extra.get("schemes") is not None:
            problem = card_list_problem(extra["schemes"], "Scheme")
            if problem:
                return f"options.extra.schemes: {problem}"
        return None

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        check_scheme_deck(extra.get("schemes") or ())

    def setup_position(self, game: GameState) -> None:
        """904.4 in a position: the scheme deck in the listed order (the first listed on
        top), face down; schemes the position lists in the command zone are face up."""
        super().setup_position(game)  # ranges of influence (801.2c)
        a = archenemy(game)
        for o in face_up(game, "Scheme"):
            if o.owner != a:
                raise DeckError(f"{o.name} is in {game.players[o.owner].name}'s command "
                                f"zone: only the archenemy has schemes (904.3)")
        for name in reversed(game.options.extra.get("schemes") or ()):
            put_in_command(game, a, name, face_down=True, kind="Scheme")

    def scenario_value(self, game: GameState, player: int, key: str) -> Any:
        if key in self.scenario_expect_keys:
            return self.scheme_deck_value(game, player, key)
        return super().scenario_value(game, player, key)

    def teams(self, game: GameState) -> list[list[int]]:
        """904.2: the archenemy, and the team of the others (in turn order after the
        archenemy: the first is the team's primary player, 805.2)."""
        a = archenemy(game)
        return [[a], _others(game, a)]

    def configure(self, game: GameState) -> None:
        a = player_of(game, game.options.extra.get("archenemy", 0))
        for p in game.players:  # 904.2: two teams (808)
            p.team = a if p.index == a else min(q.index for q in game.players if q.index != a)
        self.configure_schemes(game, a)

    def starting_life_of(self, game: GameState, player: int) -> int:
        if game.options.starting_life is not None:
            return game.options.starting_life
        return 40 if player == archenemy(game) else 20  # 904.5 / 103.3d

    def first_player(self, game: GameState) -> int | None:
        return archenemy(game)  # 904.6 / 103.2b

    def setup_zones(self, game: GameState) -> None:
        """904.4: the scheme deck, shuffled, face down in the command zone."""
        a = archenemy(game)
        for name in game.options.extra.get("schemes") or ():
            put_in_command(game, a, name, face_down=True, kind="Scheme")
        shuffle_deck(game, a, "Scheme")
        if deck(game, a, "Scheme"):
            game.note("904.4", say("{who} shuffles their scheme deck ({n} schemes)",
                                   "{who} mélange son paquet de machinations ({n} "
                                   "machinations)", who=game.who(a),
                                   n=len(deck(game, a, "Scheme"))))

    def turn_started(self, game: GameState) -> None:
        super().turn_started(game)
        self.scheme_turn_started(game)


class SupervillainRumble(MultiplayerVariant, SchemeRules):
    """904.12: the Supervillain Rumble option of Archenemy, a free-for-all in which every
    player is an archenemy (904.12b): each has a scheme deck (``extra["schemes"]``, a list
    by seat or a mapping keyed by player), starts at 40 life (904.5) and sets a scheme in
    motion in their precombat main phase (904.9).  The attack multiple players option is
    used and no other multiplayer option (904.12a); the starting player is chosen at
    random (904.12c, 103.2)."""

    # (SchemeRules, a mypyc trait, must come after the Variant base class, whose default
    # hooks would then hide its own: they are chosen here.)
    def precombat_main_actions(self, game: GameState) -> None:
        SchemeRules.precombat_main_actions(self, game)

    def player_dealt_damage(self, game: GameState, source: int, player: int, amount: int,
                            combat: bool) -> None:
        SchemeRules.player_dealt_damage(self, game, source, player, amount, combat)

    def state_based_actions(self, game: GameState, losers: list[tuple[int, str, Line]]) -> bool:
        return SchemeRules.state_based_actions(self, game, losers)

    name = "supervillain_rumble"
    rule = "904.12"
    option_keys = {"schemes": "904.3"}
    min_players = 3
    max_players = 6
    player_options = ("schemes",)
    scenario_expect_keys = {"scheme_deck": "cards", "scheme_deck_size": "count"}

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        decks, extra = super().default_setup(n_players, seed)
        return decks, {**extra, "schemes": [default_scheme_deck(seed * 16 + i)
                                            for i in range(n_players)]}

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        from manastack.rules.variant import unknown_option
        from manastack.variants.command_zone import check_per_player
        if "attack" in extra:  # what the game records in its options (replay files)
            if extra["attack"] != "multiple":
                return (f"options.extra.attack: {brief(extra['attack'])}: a Supervillain Rumble "
                        "uses the attack multiple players option (904.12a)")
            extra = {k: v for k, v in extra.items() if k != "attack"}
        return unknown_option(extra, self.name, self.option_keys) or check_per_player(
            extra, "schemes", n_players, lambda v: card_list_problem(v, "Scheme"))

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        for names in each_players(extra, "schemes", len(decks), "each player of a "
                                  "Supervillain Rumble is an archenemy and needs a scheme "
                                  "deck (904.12b, 904.3)"):
            check_scheme_deck(names)

    def scheme_players(self, game: GameState) -> list[int]:
        return [p.index for p in game.players]  # 904.12b

    def configure(self, game: GameState) -> None:
        self.configure_schemes(game, None)

    def starting_life_of(self, game: GameState, player: int) -> int:
        if game.options.starting_life is not None:
            return game.options.starting_life
        return 40  # 904.12c, 904.5

    def setup_zones(self, game: GameState) -> None:
        """904.4: each player's scheme deck, shuffled, face down in the command zone."""
        shuffle_in_decks(game, game.options.extra.get("schemes"), "Scheme", "904.4",
                         Word("scheme deck", "paquet de machinations"),
                         Word("schemes", "machinations"))

    def setup_position(self, game: GameState) -> None:
        """904.4 in a position: each scheme deck in the listed order (the first listed on
        top), face down; schemes the position lists in a command zone are face up."""
        super().setup_position(game)
        for p, names in sorted(per_player(game, game.options.extra.get("schemes")).items()):
            for name in reversed(names):
                put_in_command(game, p, name, face_down=True, kind="Scheme")

    def scenario_value(self, game: GameState, player: int, key: str) -> Any:
        return self.scheme_deck_value(game, player, key)

    def turn_started(self, game: GameState) -> None:
        super().turn_started(game)
        self.scheme_turn_started(game)


def _others(game: GameState, a: int) -> list[int]:
    """The players of the archenemy's team, in turn order after the archenemy ``a``
    (players who left the game included: the team is fixed)."""
    n = len(game.players)
    return [(a + k) % n for k in range(1, n)]


def _is_scheme(game: GameState, oid: int) -> bool:
    o = game.get(oid)
    return o is not None and "Scheme" in o.card.types


def archenemy(game: GameState) -> int:
    """The archenemy (904.2a) (readable before ``configure``)."""
    st = getattr(game, "variant_state", {}).get("archenemy")
    if st is not None and st["player"] is not None:
        return int(st["player"])
    return player_of(game, game.options.extra.get("archenemy", 0))


def scheme_state(game: GameState, player: int) -> dict[str, Any] | None:
    """The schemes' state of ``player`` if they are an archenemy, else None."""
    st = game.variant_state.get("archenemy")
    if st is None:
        return None
    schemer: dict[str, Any] | None = st["schemers"].get(player)
    return schemer


def set_in_motion(game: GameState, player: int) -> None:
    """701.23: move the top scheme off the deck, face up; its "set in motion" abilities
    trigger."""
    ids = deck(game, player, "Scheme")
    if not ids:
        game.note("701.23", say("{who}'s scheme deck is empty",
                                "Le paquet de machinations {who:de} est vide",
                                who=game.who(player)))
        return
    new = turn_face_up(game, ids[-1])
    game.emit_event(SchemeSetInMotion("701.23b", say("{who} sets {card} in motion",
                                                     "{who} met {card} en branle",
                                                     who=game.who(player),
                                                     card=Card(new.id, new.name)),
                                      game.turn_number, object=new.id, player=player))


def abandon(game: GameState, oid: int) -> None:
    """701.24b: turn a face-up ongoing scheme face down, on the bottom of its deck."""
    o = game.get(oid)
    if o is None or o.face_down or "Ongoing" not in o.card.supertypes:
        return
    to_bottom(game, oid)
    game.emit_event(SchemeAbandoned("701.24b", say("{who} abandons {card}",
                                                   "{who} abandonne {card}",
                                                   who=game.who(o.owner),
                                                   card=Card(o.id, o.name)),
                                    game.turn_number, object=oid, player=o.owner))


def check_scheme_deck(names: Sequence[str]) -> None:
    """904.3: at least 20 scheme cards, no more than two of any name."""
    from manastack.cards.database import UnknownCard, card_data

    if len(names) < MIN_SCHEMES:
        raise DeckError(f"the scheme deck has {len(names)} cards; it needs at least "
                        f"{MIN_SCHEMES} (904.3): set extra['schemes']")
    for n in names:
        try:
            c = card_data(n)
        except UnknownCard as e:
            raise DeckError(f"scheme deck: {e}") from None
        if "Scheme" not in c.types:
            raise DeckError(f"scheme deck: {c.name} isn't a scheme card ({c.type_line})")
    for n, k in Counter(card_data(n).name for n in names).items():
        if k > 2:
            raise DeckError(f"scheme deck: {k} copies of {n}; no more than two of any card "
                            "(904.3)")


def default_scheme_deck(seed: int) -> list[str]:
    """20 different implemented schemes of the original Archenemy, shuffled by ``seed``."""
    import random

    from manastack.cards.database import variant_cards
    from manastack.cards.registry import is_implemented

    names = [c.name for c in variant_cards("ARC") if is_implemented(c.name)]
    return random.Random(seed).sample(names, min(MIN_SCHEMES, len(names)))


register(ArchenemyVariant())
register(SupervillainRumble())


# The variant's own cards (registered as they are defined).
import manastack.variants.schemes  # noqa: E402,F401  # isort: skip

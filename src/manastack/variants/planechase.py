"""Planechase (CR 901; seed 103.6).

Options (``GameOptions.extra``): ``planar_decks``, each player's planar deck (a list by
player index, or a mapping keyed by index or name) of at least ten planes with different
names (901.3).  The original Planechase (HOP, 2009) has no phenomena, so rules 310, 704.5x
and the phenomenon parts of 901 never apply with the shipped cards.

* 103.6 / 901.5: once every player kept, the starting player turns the top card of their
  planar deck face up (no ability triggers).
* 901.6: the planar controller is the active player (set as each turn begins); the face-up
  plane's controller is the planar controller.
* 901.9: rolling the planar die is a special action (:class:`~manastack.game.decisions.Special`
  ``kind="planar_die"``) of the active player in their main phase with an empty stack; it
  costs {N}, N = times they took the action this turn.  Faces: one planeswalker symbol, one
  chaos symbol, four blank (901.3a).
* 901.8: the planeswalking ability (no source) triggers on a planeswalker symbol; 701.22:
  planeswalking puts the face-up plane on the bottom of its owner's planar deck and turns
  the top card of the planar controller's deck face up.

Events: ``planar_die`` (data ``player``, ``result``: ``planeswalk``/``chaos``/``blank``),
``planeswalked`` (``player``, ``object`` = the new plane), ``planeswalk_away`` (``player``,
``object`` = the plane left, still face up).  State (``variant_state["planechase"]``):
``walks`` (planeswalks so far: effects "until a player planeswalks" end when it grows).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from manastack.cards.dsl import TriggeredAbility
from manastack.cards.effects import Custom
from manastack.errors import DeckError
from manastack.events import PLANAR_DIE, PlanarDieRolled, Planeswalked, PlaneswalkedAway
from manastack.game.decisions import Special
from manastack.game.objects import GameObject, Zone
from manastack.lines import NOTHING, Card, Raw, Word, say
from manastack.reprs import brief
from manastack.rules.multiplayer import OPTION_KEYS
from manastack.rules.turn import set_turn_flag
from manastack.rules.variant import MultiplayerVariant, register
from manastack.rules.zones import exile_from_command, set_command_controller
from manastack.variants.command_zone import (
    attack_multiple_by_default,
    card_list_problem,
    check_per_player,
    deck,
    each_players,
    face_up,
    per_player,
    put_in_command,
    shuffle_in_decks,
    to_bottom,
    turn_face_up,
)

if TYPE_CHECKING:
    from manastack.game.abilities import Ctx
    from manastack.game.state import GameState

#: 901.3a: one planeswalker face, one chaos face, four blank faces.
DIE_FACES = ("planeswalk", "chaos", "blank", "blank", "blank", "blank")
MIN_PLANES = 10


def _planeswalk_effect(game: GameState, ctx: Ctx) -> None:
    planeswalk(game, ctx.controller)


#: 901.8: "Whenever you roll {PW}, planeswalk." (no source, controlled by the roller)
PLANESWALKING_ABILITY = TriggeredAbility(
    PLANAR_DIE, Custom(_planeswalk_effect, "planeswalk"), None, (), None, False,
    "Whenever you roll the planeswalker symbol, planeswalk.", zones=())


class PlanechaseVariant(MultiplayerVariant):
    """901: planar decks, the planar die, planeswalking and chaos."""

    name = "planechase"
    rule = "901"
    option_keys = {**OPTION_KEYS, "planar_decks": "901.3", "planar_die": "901.9"}
    min_players = 2
    max_players = 8

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        decks, extra = super().default_setup(n_players, seed)
        return decks, {**extra, "planar_decks": [default_planar_deck(seed * 16 + i)
                                                 for i in range(n_players)]}

    player_options = ("planar_decks",)
    scenario_state_keys = {"planar_die_rolls": "count"}
    scenario_expect_keys = {"planar_deck": "cards", "planar_deck_size": "count",
                            "planar_die_rolls": "count"}

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        problem = super().check_extra(n_players, extra) or \
            check_per_player(extra, "planar_decks", n_players,
                             lambda v: card_list_problem(v, "Plane"))
        if problem:
            return problem
        faces = extra.get("planar_die")
        if faces is not None and (not isinstance(faces, (list, tuple)) or any(
                f not in DIE_FACES for f in faces)):
            return (f"options.extra.planar_die must list die faces (planeswalk, chaos, "
                    f"blank), not {brief(faces)}")
        return None

    def setup_position(self, game: GameState) -> None:
        """901.4 in a position: each planar deck in the listed order (the first listed on
        top), face down; a plane the position lists in a command zone is face up, else the
        top card of the active player's planar deck is turned face up (as the starting
        plane is, 901.5: nothing triggers).  The planar controller is the active player
        (901.6)."""
        super().setup_position(game)  # ranges of influence (801.2c)
        if len(face_up(game, "Plane")) > 1:
            raise DeckError("only one plane can be face up (901.14, Grand Melee, isn't "
                            "modelled)")
        for p, names in sorted(per_player(game, game.options.extra.get(
                "planar_decks")).items()):
            for name in reversed(names):
                put_in_command(game, p, name, face_down=True, kind="Plane")
        for o in face_up(game, "Plane"):
            set_command_controller(game, o, game.active_player)
        if not face_up(game, "Plane"):
            ids = deck(game, game.active_player, "Plane")
            if ids:
                new = turn_face_up(game, ids[-1], controller=game.active_player)
                game.note("901.5", say("{card} is the face-up plane",
                                       "{card} est le plan face visible",
                                       card=Card(new.id, new.name)))

    def set_scenario_value(self, game: GameState, player: int, key: str, value: Any) -> None:
        if key == "planar_die_rolls":  # 901.9: times the action was taken this turn
            game.turn_flags[f"_planar_rolls:{player}"] = int(value)
        else:
            super().set_scenario_value(game, player, key, value)

    def scenario_value(self, game: GameState, player: int, key: str) -> Any:
        if key == "planar_deck":  # top first
            return [game.obj(i).name for i in reversed(deck(game, player, "Plane"))]
        if key == "planar_deck_size":
            return len(deck(game, player, "Plane"))
        if key == "planar_die_rolls":
            return rolls_this_turn(game, player)
        return super().scenario_value(game, player, key)

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        for d in each_players(extra, "planar_decks", len(decks),
                              "each player needs a planar deck (901.3)"):
            check_planar_deck(d)

    def configure(self, game: GameState) -> None:
        game.variant_state["planechase"] = {"walks": 0, "rolls": 0}
        attack_multiple_by_default(game)  # 901.2

    def setup_zones(self, game: GameState) -> None:
        """901.4: each planar deck, shuffled, face down in the command zone."""
        shuffle_in_decks(game, game.options.extra.get("planar_decks"), "Plane", "901.4",
                         Word("planar deck", "paquet planaire"), Word("planes", "plans"))

    def game_started(self, game: GameState) -> None:
        """103.6 / 901.5: the starting plane (nothing triggers)."""
        p = game.starting_player
        ids = deck(game, p, "Plane")
        if ids:
            new = turn_face_up(game, ids[-1], controller=p)
            game.note("103.6", say("{who} turns {card} face up: the starting plane",
                                   "{who} retourne {card} face visible : le plan de départ",
                                   who=game.who(p), card=Card(new.id, new.name)))

    def turn_started(self, game: GameState) -> None:
        """901.6: the active player is the planar controller."""
        super().turn_started(game)
        for o in face_up(game, "Plane"):
            set_command_controller(game, o, game.active_player)

    # ------------------------------------------------------------ the planar die (901.9)

    def special_actions(self, game: GameState, player: int) -> list[Any]:
        action = Special("planar_die")
        return [action] if self.special_action_problem(game, player, action) is None else []

    def special_action_problem(self, game: GameState, player: int, action: Any
                               ) -> tuple[str, str] | None:
        from manastack.rules.casting import plan_payment, sorcery_timing
        if not isinstance(action, Special) or action.kind != "planar_die":
            return super().special_action_problem(game, player, action)
        if action.source:
            return ("rolling the planar die involves no object: answer with "
                    "Special('planar_die')", "901.9")
        why = sorcery_timing(game, player)
        if why:
            return (f"you can roll the planar die only in your main phase with an empty "
                    f"stack: {why}", "901.9")
        n = rolls_this_turn(game, player)
        if n and plan_payment(game, player, _generic(n), None) is None:
            return (f"you can't pay {{{n}}} to roll the planar die again", "901.9")
        return None

    def perform_special_action(self, game: GameState, player: int, action: Any) -> None:
        from manastack.rules.casting import perform_payment, plan_payment
        n = rolls_this_turn(game, player)
        if n:
            payment = plan_payment(game, player, _generic(n), None)
            assert payment is not None
            perform_payment(game, player, _generic(n), payment, "901.9")
        set_turn_flag(game, f"_planar_rolls:{player}", n + 1)
        roll_planar_die(game, player, cost=n)

    def player_left(self, game: GameState, player: int) -> None:
        """901.10: their planar cards leave the game; if the face-up plane was theirs, the
        planar controller turns the top card of their planar deck face up."""
        # their cards have already left the game with them (800.4a, rules.sba._leave_game):
        # the face-up plane is among the departed objects
        had_plane = any(o.owner == player for o in face_up(game, "Plane")) or any(
            isinstance(o, GameObject) and o.owner == player and o.zone == Zone.COMMAND
            and not o.face_down and "Plane" in o.card.types for o in game.departed.values())
        exile_from_command(game, [oid for oid in game.command if game.obj(oid).owner == player
                                  and "Plane" in game.obj(oid).card.types])
        if had_plane:
            ctrl = game.active_player if game.players[game.active_player].in_game else \
                game.next_player(game.active_player)
            _walk_to(game, ctrl, "901.10")


def _generic(n: int) -> Any:
    from manastack.game.mana import ManaCost
    return ManaCost.parse(f"{{{n}}}")


def rolls_this_turn(game: GameState, player: int) -> int:
    return int(game.turn_flags.get(f"_planar_rolls:{player}", 0))


def roll_planar_die(game: GameState, player: int, cost: int = 0) -> str:
    """Roll the planar die (901.3a, 901.9a-c); returns the face."""
    from manastack.rules.triggers import PendingTrigger
    st = game.variant_state["planechase"]
    rigged = game.options.extra.get("planar_die") or ()
    n = st.get("rolls", 0)
    st["rolls"] = n + 1
    # a rigged die (options.extra.planar_die, for scenarios and tests) shows the listed
    # faces first; then the die is random
    result = rigged[n] if n < len(rigged) else game.rng.choice(DIE_FACES)
    shown = {"planeswalk": say("the planeswalker symbol", "le symbole de planeswalker"),
             "chaos": say("the chaos symbol", "le symbole de chaos"),
             "blank": say("a blank face", "une face vierge")}[result]
    rule = {"planeswalk": "901.9c", "chaos": "901.9b", "blank": "901.9a"}[result]
    paying = say(" (paying {cost})", " (en payant {cost})", cost=Raw(f"{{{cost}}}")) \
        if cost else NOTHING
    game.emit_event(PlanarDieRolled(rule, say("{who} rolls the planar die{paying}: {shown}",
                                              "{who} lance le dé planaire{paying} : {shown}",
                                              who=game.who(player), paying=paying,
                                              shown=shown),
                                    game.turn_number, player=player, result=result))
    if result == "planeswalk":
        game.pending_triggers.append(PendingTrigger(
            PLANESWALKING_ABILITY, 0, "Planeswalking ability", player, {"player": player},
            len(game.pending_triggers)))
        game.note("901.8", say("The planeswalking ability triggers",
                               "La capacité de changement de plan se déclenche"))
    return result


def planeswalk(game: GameState, player: int) -> None:
    """701.22b: planeswalk away from each face-up plane, then to the top of ``player``'s
    planar deck."""
    if not game.players[player].in_game:
        return
    for o in face_up(game, "Plane"):
        game.emit_event(PlaneswalkedAway("701.22d", say(
            "{who} planeswalks away from {card}", "{who} change de plan en quittant {card}",
            who=game.who(player), card=Card(o.id, o.name)), game.turn_number,
            player=player, object=o.id))
        if o.id in game.objects:
            to_bottom(game, o.id)
    _walk_to(game, player, "701.22b")


def _walk_to(game: GameState, player: int, rule: str) -> None:
    ids = deck(game, player, "Plane")
    if not ids:
        game.note(rule, say("{who}'s planar deck is empty",
                            "Le paquet planaire {who:de} est vide", who=game.who(player)))
        return
    game.variant_state["planechase"]["walks"] += 1  # 901.11: "until a player planeswalks"
    new = turn_face_up(game, ids[-1], controller=player)
    game.emit_event(Planeswalked(rule, say("{who} planeswalks to {card}",
                                           "{who} change de plan et arrive sur {card}",
                                           who=game.who(player), card=Card(new.id, new.name)),
                                 game.turn_number, player=player, object=new.id))


def check_planar_deck(names: Sequence[str]) -> None:
    """901.3: at least ten plane/phenomenon cards, different names, at most two
    phenomena."""
    from manastack.cards.database import UnknownCard, card_data
    if len(names) < MIN_PLANES:
        raise DeckError(f"a planar deck has {len(names)} cards; it needs at least "
                        f"{MIN_PLANES} (901.3)")
    seen: set[str] = set()
    phenomena = 0
    for n in names:
        try:
            c = card_data(n)
        except UnknownCard as e:
            raise DeckError(f"planar deck: {e}") from None
        if not {"Plane", "Phenomenon"} & set(c.types):
            raise DeckError(f"planar deck: {c.name} isn't a plane or phenomenon card "
                            f"({c.type_line})")
        if c.name in seen:
            raise DeckError(f"planar deck: {c.name} appears twice; each card must have a "
                            "different name (901.3)")
        seen.add(c.name)
        phenomena += "Phenomenon" in c.types
    if phenomena > 2:
        raise DeckError(f"planar deck: {phenomena} phenomena; no more than two (901.3)")


def default_planar_deck(seed: int) -> list[str]:
    """Ten different implemented planes of the original Planechase, chosen by ``seed``."""
    import random

    from manastack.cards.database import variant_cards
    from manastack.cards.registry import is_implemented
    names = [c.name for c in variant_cards("HOP") if is_implemented(c.name)]
    return random.Random(seed).sample(names, min(MIN_PLANES, len(names)))


register(PlanechaseVariant())


# The variant's own cards (registered as they are defined).
import manastack.variants.planes  # noqa: E402,F401  # isort: skip

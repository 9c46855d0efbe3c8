"""Commander (CR 903; seeds 103.1b, 103.3c, 103.4d).

Options (``GameOptions.extra``):

* ``commanders``: each player's commander, a list by player index or a mapping keyed by
  index (``0``, ``"0"``, ``"P0"``) or player name (names are resolved in the game only).
  The commander is one of the deck's 100 cards; it starts in the command zone (903.6).
* ``commander_replacement``: per player (same keys), ``"ask"`` (default), ``"command"`` or
  ``"decline"``.  903.9 is a replacement effect of the game's rules, ordered with the
  others by 616.1 (:meth:`CommanderVariant.zone_change_replacements`); when it applies,
  the owner is asked (a yes/no decision in the middle of the event,
  :mod:`manastack.rules.midrun`) unless they gave a standing answer here: ``"command"``
  (always yes) or ``"decline"`` (always no: the effect doesn't apply).

State (``game.variant_state["commander"]``): ``names`` (player -> commander name),
``casts`` (times cast from the command zone, 903.8), ``damage`` (``"victim:owner"`` ->
combat damage dealt by that owner's commander, 903.10a).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from manastack.errors import DeckError
from manastack.game.objects import GameObject, Zone
from manastack.lines import Card, Line, Place, Raw, say
from manastack.reprs import brief
from manastack.rules.multiplayer import OPTION_KEYS
from manastack.rules.variant import MultiplayerVariant, register
from manastack.rules.zones import create_in_command
from manastack.variants.command_zone import (
    attack_multiple_by_default,
    card_problem,
    check_per_player,
    per_player,
)

if TYPE_CHECKING:
    from manastack.game.state import GameState
    from manastack.rules.replacement import ProposedZoneChange

DECK_SIZE = 100
COMMANDER_DAMAGE = 21
#: Default commanders: the pool's legendary creatures (M11/M12 + showcase have two).
DEFAULT_COMMANDERS = ("Kei Takahashi", "Norin the Wary")
_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
_REPLACED = (Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY)
#: Standing answers to 903.9 (``extra["commander_replacement"]``).
REPLACEMENT_ANSWERS = ("ask", "command", "decline")


class CommanderVariant(MultiplayerVariant):
    """903: 40 life, a commander in the command zone, commander tax, 21 commander damage,
    the Commander mulligan (103.4d) by default."""

    name = "commander"
    rule = "903"
    option_keys = {**OPTION_KEYS, "commanders": "903.3", "commander_replacement": "903.9"}
    min_players = 2
    max_players = 8
    starting_life = 40
    default_mulligan = "commander"

    # ------------------------------------------------------------ before the game

    player_options = ("commanders", "commander_replacement")
    scenario_state_keys = {"commander_casts": "count", "commander_damage": "per_player"}
    scenario_expect_keys = scenario_state_keys

    def check_extra(self, n_players: int, extra: dict[str, Any]) -> str | None:
        def commander(v: Any) -> str | None:
            problem = card_problem(v, "Creature", "Legendary")
            return problem and f"{problem}: a commander is a legendary creature (903.3)"

        def answer(v: Any) -> str | None:
            return None if v in REPLACEMENT_ANSWERS else \
                f"{brief(v)} isn't one of {', '.join(REPLACEMENT_ANSWERS)} (903.9)"
        return (super().check_extra(n_players, extra)
                or check_per_player(extra, "commanders", n_players, commander)
                or check_per_player(extra, "commander_replacement", n_players, answer))

    def default_setup(self, n_players: int, seed: int) -> tuple[list[list[str]], dict[str, Any]]:
        decks = [commander_deck(DEFAULT_COMMANDERS[i % len(DEFAULT_COMMANDERS)], seed + i)
                 for i in range(n_players)]
        return decks, {"commanders": [d[0] for d in decks]}

    def check_decks(self, decks: Sequence[Sequence[str]], extra: dict[str, Any]) -> None:
        names = _commanders_by_index(extra.get("commanders"), len(decks))
        for i, deck in enumerate(decks):
            if i not in names:
                raise DeckError(f"player {i} has no commander (903.3): set "
                                "extra['commanders']")
            check_commander_deck(deck, names[i], f"player {i}")

    def configure(self, game: GameState) -> None:
        names = {p: str(n) for p, n in per_player(game, game.options.extra.get(
            "commanders")).items()}
        game.variant_state["commander"] = {"names": names, "casts": {}, "damage": {}}
        attack_multiple_by_default(game)  # 903.2

    def setup_zones(self, game: GameState) -> None:
        """103.1b / 903.6: each commander goes from its deck face up to the command zone."""
        from manastack.rules.zones import move

        for p, name in sorted(_state(game)["names"].items()):
            lib = game.players[p].library
            found = next((oid for oid in lib if game.obj(oid).card.name == name), None)
            if found is None:
                raise DeckError(f"{game.players[p].name}'s deck doesn't contain their "
                                f"commander {name} (903.5a)")
            move(game, game.obj(found), Zone.COMMAND, "903.6",
                 verb=say("{who} puts their commander {card} into the command zone",
                          "{who} met son commandant {card} dans la zone de commandement",
                          who=game.who(p), card=Card(found, name)))

    def setup_position(self, game: GameState) -> None:
        """903.6: a commander the position doesn't put anywhere is in the command zone."""
        super().setup_position(game)  # ranges of influence (801.2c)
        from manastack.cards.registry import get_card

        for p, name in sorted(_state(game)["names"].items()):
            if not any(isinstance(o, GameObject) and o.owner == p and o.card.name == name
                       for o in game.objects.values()):
                create_in_command(game, get_card(name), p)

    def set_scenario_value(self, game: GameState, player: int, key: str, value: Any) -> None:
        st = _state(game)
        if key == "commander_casts":  # 903.8: previous casts from the command zone
            st["casts"][player] = int(value)
        elif key == "commander_damage":  # 903.10a: combat damage dealt by each commander
            for owner, n in value.items():
                st["damage"][f"{player}:{owner}"] = int(n)
        else:
            super().set_scenario_value(game, player, key, value)

    def scenario_value(self, game: GameState, player: int, key: str) -> Any:
        st = _state(game)
        if key == "commander_casts":
            return int(st["casts"].get(player, 0))
        if key == "commander_damage":
            return {int(k.split(":")[1]): n for k, n in st["damage"].items()
                    if int(k.split(":")[0]) == player}
        return super().scenario_value(game, player, key)

    # ------------------------------------------------------------ casting (903.8)

    def castable_objects(self, game: GameState, player: int) -> list[int]:
        return [oid for oid in game.command
                if is_commander(game, game.obj(oid)) and game.obj(oid).owner == player]

    def cast_problem(self, game: GameState, player: int, obj: Any) -> tuple[str, str] | None:
        if obj.zone == Zone.COMMAND and is_commander(game, obj) and obj.owner != player:
            return (f"{obj.name} is {game.players[obj.owner].name}'s commander: a player may "
                    "cast only a commander they own from the command zone", "903.8")
        return None

    def additional_cost(self, game: GameState, obj: Any) -> int:
        if obj.zone != Zone.COMMAND or not is_commander(game, obj):
            return 0
        return 2 * int(_state(game)["casts"].get(obj.owner, 0))

    def casting_from_command(self, game: GameState, player: int, obj: Any) -> None:
        if not is_commander(game, obj):
            return
        casts = _state(game)["casts"]
        tax = 2 * casts.get(player, 0)
        casts[player] = casts.get(player, 0) + 1
        game.note("903.8", say("{who} casts their commander {card} from the command zone "
                               "(commander tax {tax})",
                               "{who} lance son commandant {card} depuis la zone de "
                               "commandement (taxe de commandant {tax})",
                               who=game.who(player), card=Card(obj.id, obj.name),
                               tax=Raw(f"{{{tax}}}")))

    # ------------------------------------------------------------ 903.9

    def midrun_choices_possible(self, game: GameState) -> bool:
        """903.9 may ask a commander's owner while an answer runs: a commander (whose
        owner has no standing answer) is somewhere it could leave for a graveyard, exile,
        a hand or a library (anywhere but the command zone)."""
        names = _state(game)["names"]
        if not names:
            return False
        asked = {p: n for p, n in names.items() if standing_answer(game, p) == "ask"}
        if not asked:
            return False
        wanted = set(asked.values())
        # kept across narrow changes: none moves a card into or out of the command zone
        # (a draw moves one between a library and a hand, both outside it)
        return bool(game.cached_wide("commander_outside", lambda: any(
            o.zone != Zone.COMMAND and o.card.name in wanted
            and asked.get(o.owner) == o.card.name and is_commander(game, o)
            for o in game.objects.values() if isinstance(o, GameObject))))

    def zone_change_replacements(self, game: GameState, obj: Any, to: str) -> list[Any]:
        """903.9 (2017): "If a commander would be exiled from anywhere or put into its
        owner's hand, graveyard, or library from anywhere, its owner may put it into the
        command zone instead."  A replacement effect (ordered with the others by the
        affected object's controller, 616.1) that may apply more than once to the same
        event (an exception to 614.5)."""
        if not isinstance(obj, GameObject) or not is_commander(game, obj):
            return []
        owner = obj.owner
        if standing_answer(game, owner) == "decline":
            return []
        from manastack.rules.replacement import Replacement
        oid = obj.id

        def applies(g: GameState, e: ProposedZoneChange) -> bool:
            return e.object == oid and e.to in _REPLACED and e.to != e.from_zone

        def replace(g: GameState, e: ProposedZoneChange) -> ProposedZoneChange:
            return _commander_choice(g, oid, owner, e)

        return [Replacement("zone_change", applies, replace, owner, oid,
                            f"{obj.name}'s owner may put it into the command zone instead "
                            "(903.9)", repeatable=True, quiet=True)]

    # ------------------------------------------------------------ 903.10a / 704.5v

    def player_dealt_damage(self, game: GameState, source: int, player: int, amount: int,
                            combat: bool) -> None:
        o = game.get(source)
        if not combat or o is None or not is_commander(game, o):
            return
        damage = _state(game)["damage"]
        key = f"{player}:{o.owner}"
        damage[key] = damage.get(key, 0) + amount
        game.note("903.10a", say("{who} has been dealt {n} combat damage by {card}",
                                 "Total des blessures de combat infligées par {card} à "
                                 "{who} : {n}", who=game.who(player), n=damage[key],
                                 card=Card(o.id, o.card.name)))

    def state_based_actions(self, game: GameState, losers: list[tuple[int, str, Line]]
                            ) -> bool:
        st = _state(game)
        for key, total in sorted(st["damage"].items()):
            victim, owner = (int(x) for x in key.split(":"))
            if total >= COMMANDER_DAMAGE and game.players[victim].in_game and \
                    all(v != victim for v, _, _ in losers):
                losers.append((victim, "704.5v", say(
                    "{who} has been dealt {n} combat damage by {card}",
                    "{who} a subi {n} blessures de combat infligées par {card}",
                    who=game.who(victim), n=total, card=Card(None, st["names"][owner]))))
        return False


def _state(game: GameState) -> dict[str, Any]:
    return game.variant_state["commander"]  # type: ignore[no-any-return]


def _where(game: GameState, to: str, owner: int) -> Line:
    """Where 903.9 would have sent the commander (``to``: one of :data:`_REPLACED`), for
    messages: "exile", "Alice's graveyard"."""
    if to == Zone.EXILE:
        return say("exile", "en exil")
    return say("{zone}", "dans {zone:le}", zone=Place(to, game.who(owner)))


def standing_answer(game: GameState, player: int) -> str:
    """``player``'s standing answer to 903.9: ``ask`` (default), ``command`` or
    ``decline`` (``extra["commander_replacement"]``)."""
    value = game.options.extra.get("commander_replacement")
    if value is None:
        return "ask"
    return str(per_player(game, value).get(player, "ask"))


def _commander_choice(game: GameState, oid: int, owner: int, event: ProposedZoneChange
                      ) -> ProposedZoneChange:
    """903.9: the owner chooses whether the commander goes to the command zone instead."""
    from manastack.rules.midrun import choose_during_run

    o = game.obj(oid)
    where = _where(game, event.to, owner)
    if standing_answer(game, owner) == "command":
        yes = True
    else:
        # outside any answer (a test setting a game up) nothing can be asked: yes
        yes = choose_during_run(
            game, owner, "commander_zone",
            f"{o.name} would be put into {where.render()}: put it into the command zone "
            "instead? (CR 903.9)", ("yes", "no"), "903.9", "command zone instead", default=0) == 0
    if not yes:
        game.note("903.9", say("{who} lets {card} go to {where}",
                               "{who} laisse {card} aller {where}", who=game.who(owner),
                               card=Card(o.id, o.name), where=where))
        return event
    game.note("903.9", say("{card} would be put into {where}; {who} puts it into the command "
                           "zone instead",
                           "{card} devrait être mis {where} ; {who} le met plutôt dans la "
                           "zone de commandement", card=Card(o.id, o.name), where=where,
                           who=game.who(owner)))
    return dataclasses.replace(event, to=Zone.COMMAND)


def is_commander(game: GameState, obj: GameObject) -> bool:
    """903.3: the designation belongs to the card (its owner's commander, whatever it copies);
    tokens and copies of spells aren't commanders."""
    st = game.variant_state.get("commander")
    if st is None or obj.is_token or obj.is_copy:
        return False
    return bool(st["names"].get(obj.owner) == obj.card.name)


def commander_damage(game: GameState, victim: int, owner: int) -> int:
    """Combat damage ``owner``'s commander has dealt to ``victim`` this game (903.10a)."""
    return int(_state(game)["damage"].get(f"{victim}:{owner}", 0))


def _commanders_by_index(value: Any, n: int) -> dict[int, str]:
    if value is None:
        return {}
    if isinstance(value, (list, tuple)):
        return {i: str(v) for i, v in enumerate(value)}
    out = {}
    for k, v in dict(value).items():
        text = str(k)
        if text[:1] == "P":
            text = text[1:]
        if not text.isdigit():
            raise DeckError(f"commanders: {brief(k)} isn't a player index (deck checks need "
                            "indexes or a list)")
        out[int(text)] = str(v)
    return out


def check_commander_deck(deck: Sequence[str], commander: str, who: str = "the deck") -> None:
    """903.3-903.5: a legendary creature commander, exactly 100 cards including it,
    singleton except basic lands, every card within the commander's colour identity."""
    from manastack.cards.database import UnknownCard, card_data

    try:
        cmd = card_data(commander)
    except UnknownCard as e:
        raise DeckError(f"{who}: commander: {e}") from None
    if not ("Legendary" in cmd.supertypes and "Creature" in cmd.types):
        raise DeckError(f"{who}: the commander {cmd.name} isn't a legendary creature "
                        f"({cmd.type_line}) (903.3)")
    if len(deck) != DECK_SIZE:
        raise DeckError(f"{who}: a Commander deck has exactly {DECK_SIZE} cards including "
                        f"its commander, not {len(deck)} (903.5a)")
    names = []
    for n in deck:
        try:
            names.append(card_data(n))
        except UnknownCard as e:
            raise DeckError(f"{who}: {e}") from None
    if cmd.name not in {c.name for c in names}:
        raise DeckError(f"{who}: the deck doesn't contain its commander {cmd.name} (903.5a)")
    seen: set[str] = set()
    identity = set(cmd.color_identity)
    for c in names:
        if c.name in seen and "Basic" not in c.supertypes:
            raise DeckError(f"{who}: {c.name} appears more than once; other than basic "
                            "lands each card must have a different name (903.5b)")
        seen.add(c.name)
        outside = [x for x in c.color_identity if x not in identity]
        if outside:
            raise DeckError(f"{who}: {c.name} (colour identity {''.join(c.color_identity)}) "
                            f"is outside {cmd.name}'s colour identity "
                            f"{''.join(cmd.color_identity) or 'colourless'} (903.5c)")
        for sub, colour in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"),
                            ("Mountain", "R"), ("Forest", "G")):
            if sub in c.subtypes and colour not in identity:
                raise DeckError(f"{who}: {c.name} has the basic land type {sub}, whose "
                                f"mana is outside {cmd.name}'s colour identity (903.5d)")


def commander_deck(commander: str, seed: int, spells: int = 60) -> list[str]:
    """A legal 100-card deck for ``commander`` from the implemented pool: the commander
    first, ``spells`` different nonland cards within its colour identity, basic lands."""
    from manastack.cards.database import all_card_data, card_data
    from manastack.cards.registry import is_implemented

    cmd = card_data(commander)
    identity = set(cmd.color_identity)
    pool = sorted(n for n, d in all_card_data().items()
                  if n != cmd.name and "Land" not in d.types and is_implemented(n)
                  and set(d.color_identity) <= identity)
    picks = random.Random(seed).sample(pool, min(spells, len(pool)))
    basics = [_BASICS[c] for c in "WUBRG" if c in identity] or ["Wastes"]
    deck = [cmd.name, *picks]
    while len(deck) < DECK_SIZE:
        deck.append(basics[len(deck) % len(basics)])
    return deck


register(CommanderVariant())

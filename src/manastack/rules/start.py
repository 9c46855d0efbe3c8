"""Starting the game (CR 103): decks, starting player, opening hands, mulligans.

The mulligan of the seeds (2011, "Paris") is the default: the starting
player declares first, then each other player in turn order; all who
mulligan do it at once, shuffling their hand back and drawing one fewer;
repeated until nobody mulligans; a player at zero cards keeps (103.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.events import MulliganTaken
from manastack.game.abilities import StaticAbility
from manastack.game.decisions import Activate, ChoiceDecision, Mulligan, MulliganDecision
from manastack.game.objects import Zone
from manastack.lines import NOTHING, Raw, Term, say
from manastack.rules.variant import variant_of

if TYPE_CHECKING:
    from manastack.game.state import GameState


def begin(game: GameState) -> None:
    """103.1-103.3 then mulligans (103.4) and the first turn (103.7)."""
    from manastack.rules.zones import draw, shuffle

    variant = variant_of(game)
    variant.setup_zones(game)  # 103.1b: commanders, scheme/planar decks, vanguards
    game.note("103.1", say("The game begins: each player shuffles their deck",
                           "La partie commence : chaque joueur mélange son deck"),
              players=tuple({"player": p.index, "name": p.name,
                             "deck": len(game.deck_lists[p.index])
                             if p.index < len(game.deck_lists) else len(p.library)}
                            for p in game.players))
    for p in game.players:
        shuffle(game, p.index, "103.1")
    chosen = variant.first_player(game)
    if game.options.first_player is not None:
        first = game.options.first_player
        game.note("103.2", say("{who} takes the first turn (chosen)",
                               "{who} joue le premier tour (choisi)", who=game.who(first)))
    elif chosen is not None:
        first = chosen
        game.note("103.2b", say("{who} takes the first turn ({variant} rules)",
                                "{who} joue le premier tour (règles de la variante {variant})",
                                who=game.who(first), variant=Raw(variant.name)))
    else:
        first = game.rng.randrange(len(game.players))
        game.note("103.2", say("A coin flip decides: {who} takes the first turn",
                               "Un tirage à pile ou face décide : {who} joue le premier tour",
                               who=game.who(first)))
    game.starting_player = first
    game.next_normal_player = first
    game.first_turn_skips_draw = variant.skips_first_draw(game)  # 103.7a / 103.7c
    for pl in game.players:
        pl.life = variant.starting_life_of(game, pl.index)
        game.note(_life_rule(game, variant.name, pl.life), say(
            "{who}'s life total is {life}", "Le total de points de vie {who:de} est de {life}",
            who=game.who(pl.index), life=pl.life))
    for idx in game.apnap_from(first):
        draw(game, idx, variant.starting_hand_size(game, idx), "103.3")
    game.push(_mulligan_round, declaration_order(game), [], {})


#: 103.3a-d (seed 001): the starting life total of a variant.
_VARIANT_LIFE_RULE = {"two_headed_giant": "103.3a", "vanguard": "103.3b",
                      "commander": "103.3c"}


def _life_rule(game: GameState, variant: str, life: int) -> str:
    if game.options.starting_life is not None:
        return "103.3"
    if variant == "archenemy" and life == 40:
        return "103.3d"  # the archenemy
    return _VARIANT_LIFE_RULE.get(variant, "103.3")


def _team_cites(game: GameState) -> dict[str, tuple[str, ...]]:
    """103.4c (seed 001): with shared team turns, the mulligan declarations go by team."""
    return {"cites": ("103.4c",)} if game.options.extra.get("teams") else {}


def declaration_order(game: GameState) -> list[int]:
    """Who declares mulligans first (103.4): the starting player, then each other player
    in turn order; with shared team turns (103.4c, ``options.extra["teams"]``) each player
    of the starting team, then the players of each other team in turn order."""
    order = game.apnap_from(game.starting_player)
    teams: list[list[int]] | None = game.options.extra.get("teams")
    if not teams:
        return order
    team_of = {p: i for i, t in enumerate(teams) for p in t}
    first_team = team_of.get(game.starting_player, 0)
    seen: list[int] = []
    for t in [first_team] + [team_of[p] for p in order if team_of[p] != first_team]:
        if t not in seen:
            seen.append(t)
    return [p for t in seen for p in sorted(teams[t]) if game.players[p].in_game]


def _mulligan_round(game: GameState, undecided: list[int], taking: list[int],
                    sizes: dict[int, int]) -> None:
    """103.4: each player who hasn't kept declares, in turn order from the starting player."""
    remaining = [p for p in undecided if not game.players[p].lost]
    if not remaining:
        if taking:
            _take_mulligans(game, taking, sizes)
        else:
            game.push(_after_mulligans)
        return
    p, rest = remaining[0], remaining[1:]
    pl = game.players[p]
    hand = len(pl.hand)
    london = game.options.mulligan == "london"
    can = hand > 0 if not london else pl.mulligans < variant_of(game).starting_hand_size(game, p)
    extra = tuple(Activate(oid, -1) for oid in pl.hand if _mulligan_action(game, oid))
    if not can and not extra:
        game.note("103.4", say("{who} has no cards and must keep",
                               "{who} n'a aucune carte et doit garder sa main",
                               who=game.who(p)))
        pl.kept = True
        game.push(_mulligan_round, rest, taking, sizes)
        return
    game.ask(MulliganDecision(p, "mulligan", f"Keep your {hand}-card hand or mulligan?",
                              (_declared, (p, rest, taking, sizes)), rule="103.4",
                              can_mulligan=can, extra=extra))


def _mulligan_action(game: GameState, oid: int) -> bool:
    """Cards with an action "any time you could mulligan" (103.4a), e.g. Serum Powder."""
    return any(isinstance(ab, StaticAbility) and ab.rule == "mulligan_action"
               for ab in game.obj(oid).card.abilities)


def _declared(game: GameState, action: Any, p: int, rest: list[int], taking: list[int],
              sizes: dict[int, int]) -> None:
    who = game.who(p)
    if isinstance(action, Activate):
        # 103.4a: the action, then the player declares (asked again)
        card = game.obj(action.source)
        for ab in card.card.abilities:
            if isinstance(ab, StaticAbility) and ab.rule == "mulligan_action" and ab.check:
                ab.check(game, card)
        game.push(_mulligan_round, [p] + rest, taking, sizes)
        return
    assert isinstance(action, Mulligan)
    if action.take:
        game.note("103.4", say("{who} will take a mulligan", "{who} va faire un mulligan",
                               who=who), **_team_cites(game))
        taking = taking + [p]
    else:
        game.note("103.4", say("{who} keeps {n} cards", "{who} garde {n} cartes", who=who,
                               n=len(game.players[p].hand)), **_team_cites(game))
        game.players[p].kept = True
    game.push(_mulligan_round, rest, taking, sizes)


def _take_mulligans(game: GameState, taking: list[int], sizes: dict[int, int]) -> None:
    """All mulligans at once: shuffle the hand back and draw a new hand (103.4, 103.4b).

    Paris and Vancouver draw one fewer card; London draws the full starting hand (the
    cards go to the bottom after keeping)."""
    from manastack.rules.zones import draw, move, shuffle

    if game.options.mulligan == "commander":
        game.push_all([(_commander_exile, (p,)) for p in taking]
                      + [(_commander_draw, (taking, sizes))])
        return
    london = game.options.mulligan == "london"
    for p in taking:
        pl = game.players[p]
        n = len(pl.hand)
        for oid in list(pl.hand):
            move(game, game.obj(oid), Zone.LIBRARY, "103.4", quiet=True)
        shuffle(game, p, "103.4")
        # 103.4b (2011) / 103.4c (2017): in multiplayer the first mulligan is free
        free = variant_of(game).free_first_mulligan(game) and pl.mulligans == 0
        pl.mulligans += 1
        if not free:
            pl.mulligan_penalty += 1
        why = say(" (free, {rule})", " (gratuit, {rule})", rule=Raw("103.4b")) if free \
            else NOTHING
        if london:
            new_size = variant_of(game).starting_hand_size(game, p)
            text = say("{who} mulligans: draws {n} and will put {k} on the bottom{free}",
                       "{who} fait un mulligan : pioche {n} cartes et en mettra {k} au-dessous "
                       "de sa bibliothèque{free}", who=game.who(p), n=new_size,
                       k=pl.mulligan_penalty, free=why)
        else:
            new_size = n if free else max(0, n - 1)
            text = say("{who} mulligans to {n} cards{free}",
                       "{who} fait un mulligan à {n} cartes{free}", who=game.who(p), n=new_size,
                       free=why)
        game.emit_event(MulliganTaken("103.4", text, game.turn_number, player=p,
                                      cites=("103.4b",) if free else None))
        draw(game, p, new_size, "103.4")
    order = [p for p in declaration_order(game) if not game.players[p].kept]
    game.push(_mulligan_round, order, [], sizes)


def _commander_exile(game: GameState, p: int) -> None:
    """103.4d: the Commander mulligan: exile any number of cards from your hand."""
    hand = tuple(game.players[p].hand)
    game.ask(ChoiceDecision(p, "commander_mulligan", "Commander mulligan: exile any number "
                            "of cards from your hand; you'll draw one fewer than you exile",
                            (_commander_exiled, (p,)), rule="103.4d", options=hand,
                            min_count=1, max_count=len(hand), purpose="exile"))


def _commander_exiled(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.zones import move
    pl = game.players[p]
    for oid in action.items:
        new = move(game, game.obj(oid), Zone.EXILE, "103.4d", quiet=True)
        pl.mulligan_exiled.append(new.id)
    pl.mulligans += 1
    game.note("103.4d", say("{who} exiles {n} card(s) (Commander mulligan)",
                            "{who} exile {n} carte(s) (mulligan de Commander)",
                            who=game.who(p), n=len(action.items)))
    game.turn_flags[f"_cmd_draw:{p}"] = max(0, len(action.items) - 1)


def _commander_draw(game: GameState, taking: list[int], sizes: dict[int, int]) -> None:
    from manastack.rules.zones import draw
    for p in taking:
        n = game.turn_flags.pop(f"_cmd_draw:{p}", 0)
        game.emit_event(MulliganTaken("103.4d", say("{who} draws {n} card(s)",
                                               "{who} pioche {n} carte(s)", who=game.who(p), n=n),
                                 game.turn_number, player=p))
        draw(game, p, n, "103.4d")
    order = [p for p in declaration_order(game) if not game.players[p].kept]
    game.push(_mulligan_round, order, [], sizes)


def _after_mulligans(game: GameState) -> None:
    """London bottoms, Vancouver scry, Commander mulligan cards shuffled back (103.4d),
    then opening-hand actions (103.5; by team with shared team turns, 103.5c) and turn 1."""
    order = game.apnap_from(game.starting_player)
    tasks: list[Any] = []
    tasks += [(_commander_return, (p,)) for p in order if game.players[p].mulligan_exiled]
    if game.options.mulligan == "london":
        tasks += [(_london_bottom, (p,)) for p in order if game.players[p].mulligan_penalty]
    elif game.options.mulligan == "vancouver":
        tasks += [(_vancouver_scry, (p,)) for p in order
                  if len(game.players[p].hand) < variant_of(game).starting_hand_size(game, p)]
    tasks += [(_opening_hand_actions, (p,)) for p in declaration_order(game)]
    tasks.append((_start_first_turn, ()))
    game.push_all(tasks)


def _commander_return(game: GameState, p: int) -> None:
    """103.4d: once a player keeps, the cards they exiled are shuffled into their library."""
    from manastack.rules.zones import move, shuffle
    pl = game.players[p]
    for oid in pl.mulligan_exiled:
        if oid in game.objects and game.objects[oid].zone == Zone.EXILE:
            move(game, game.obj(oid), Zone.LIBRARY, "103.4d", quiet=True)
    pl.mulligan_exiled.clear()
    shuffle(game, p, "103.4d")


def _london_bottom(game: GameState, p: int) -> None:
    """London mulligan (2020 CR 103.4): put one card per mulligan on the bottom."""
    pl = game.players[p]
    k = min(pl.mulligan_penalty, len(pl.hand))
    if k <= 0:
        return
    game.ask(ChoiceDecision(p, "london_bottom", f"Put {k} card(s) from your hand on the bottom "
                            "of your library (in the order chosen)", (_bottomed, (p,)),
                            rule="103.4", options=tuple(pl.hand), min_count=k, max_count=k,
                            ordered=True, purpose="bottom"))


def _bottomed(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.zones import move
    for oid in action.items:
        move(game, game.obj(oid), Zone.LIBRARY, "103.4", position="bottom", quiet=True)
    game.note("103.4", say("{who} puts {n} card(s) on the bottom of their library",
                           "{who} met {n} carte(s) au-dessous de sa bibliothèque",
                           who=game.who(p), n=len(action.items)))


def _vancouver_scry(game: GameState, p: int) -> None:
    """Vancouver mulligan (2017 CR 103.4): a player with fewer cards than their starting
    hand size scries 1 after keeping."""
    pl = game.players[p]
    if not pl.library:
        return
    top = game.obj(pl.library[-1])
    game.ask(ChoiceDecision(p, "scry", f"Scry 1: put {top.name} on the bottom of your "
                            "library?", (_scried, (p,)), rule="103.4",
                            options=("no", "yes"), purpose="scry"))


def _scried(game: GameState, action: Any, p: int) -> None:
    from manastack.rules.zones import move
    pl = game.players[p]
    if action.items and action.items[0] == "yes":
        move(game, game.obj(pl.library[-1]), Zone.LIBRARY, "701.16a", position="bottom",
             quiet=True)
        game.note("701.16a", say("{who} scries 1 and puts the card on the bottom",
                                 "{who} fait un regard 1 et met la carte au-dessous de sa "
                                 "bibliothèque", who=game.who(p)))
    else:
        game.note("701.16a", say("{who} scries 1 and keeps the card on top",
                                 "{who} fait un regard 1 et laisse la carte au-dessus de sa "
                                 "bibliothèque", who=game.who(p)))


def _opening_hand_actions(game: GameState, p: int) -> None:
    """103.5: the starting player, then each other player in turn order, may take actions
    with cards in their opening hand (begin the game with it on the battlefield, 103.5a;
    reveal it, 103.5b); with shared team turns, each player of the starting team first,
    then the players of each other team (103.5c, :func:`declaration_order`)."""
    pl = game.players[p]
    cands = tuple(oid for oid in pl.hand if any(
        isinstance(ab, StaticAbility) and ab.rule == "opening_hand"
        for ab in game.obj(oid).card.abilities))
    if not cands:
        return
    game.ask(ChoiceDecision(p, "opening_hand", "Choose the opening-hand actions to take: "
                            + ", ".join(game.name_of(c) for c in cands), (_opening_done, (p,)),
                            rule="103.5c" if game.options.extra.get("teams") else "103.5",
                            options=cands, min_count=0, max_count=len(cands),
                            purpose="opening hand"))


def _opening_done(game: GameState, action: Any, p: int) -> None:
    for oid in action.items:
        card = game.obj(oid)
        for ab in card.card.abilities:
            if isinstance(ab, StaticAbility) and ab.rule == "opening_hand" and ab.check:
                ab.check(game, card)


def _start_first_turn(game: GameState) -> None:
    from manastack.rules.turn import begin_next_turn

    game.game_started = True
    for oid in list(game.revealed):
        game.note("103.5b", say("{card} is no longer revealed (the first turn begins)",
                                "{card} n'est plus révélé (le premier tour commence)",
                                card=game.named(oid)))
    game.revealed.clear()
    variant_of(game).game_started(game)  # e.g. 103.6
    first = game.who(game.starting_player)
    if game.first_turn_skips_draw:
        game.note("103.7", say("{who} takes the first turn", "{who} joue le premier tour",
                               who=first))
    else:
        game.note("103.7c", say("{who} takes the first turn (a multiplayer game: no player "
                                "skips their first {step})", "{who} joue le premier tour (une "
                                "partie multijoueur : aucun joueur ne passe sa première {step})",
                                who=first, step=Term("draw")))
    begin_next_turn(game)

"""Plain lists of legal actions kept across other players' changes are exact.

A player's list that read only their own hand, land plays, mana pool, graveyard and
permanents (``casting._plain_now``) is kept across wide changes that concern another
player's objects only (a land played, a spell cast, a creature dying) or no player's list
(counters damage puts on creatures), across narrow changes it doesn't read (damage, life
totals, what attacks or blocks), and across the other players' turns
beginning (302.6: summoning sickness reads the player's own turns).  These tests check,
after every answer of random games, that the kept list is the list computed afresh."""

from __future__ import annotations

import pytest

from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.engine import Game, new_game
from manastack.play import default_deck
from manastack.rules import casting


def _check_every_answer(g: Game, seed: int, limit: int) -> int:
    """Play ``g`` with random agents; after each answer, both players' kept lists must
    equal fresh ones.  Returns how many kept lists were checked."""
    agents = [RandomAgent(5 * seed + 1), RandomAgent(5 * seed + 2)]
    checked = 0
    for _ in range(limit):
        d = g.decision
        if d is None:
            break
        g.apply(d.by, agents[d.by].act(g))
        for p in range(len(g.players)):
            if g.players[p].lost or g.decision is None:
                continue
            kept = casting.listed_priority_actions(g, p)
            fresh = casting.priority_actions(g, p)
            assert kept == fresh, (seed, g.turn_number, p, kept, fresh)
            checked += 1
    return checked


@pytest.mark.parametrize("seed", range(4))
def test_cr_116_1_kept_lists_are_the_legal_actions_default_decks(seed: int) -> None:
    """116.1, 302.6, 305.2, 601.2: with the default decks (lands, creatures, "{T}: Add"
    creatures, burn), every kept list is the list of legal actions."""
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                 seed)
    assert _check_every_answer(g, seed, 3000) > 500


@pytest.mark.parametrize("seed", range(4))
def test_cr_116_1_kept_lists_are_the_legal_actions_pool_decks(seed: int) -> None:
    """116.1, 611.3, 613: with decks from the whole pool (static abilities, rule hooks,
    continuous effects, activated abilities), every kept list is the list of legal
    actions."""
    g = new_game(["Alice", "Bob"], [random_pool_deck(40 + 2 * seed),
                                    random_pool_deck(41 + 2 * seed)], seed)
    assert _check_every_answer(g, seed, 3000) > 500


@pytest.mark.parametrize("seed", range(3))
def test_cr_116_1_kept_lists_are_the_legal_actions_plain_decks(seed: int) -> None:
    """116.1, 400.7, 605.1a: with decks whose lists stay plain (lands, vanilla creatures,
    mana creatures: no target), creatures dying in combat (a mana creature among them)
    leave every kept list the list of legal actions."""
    deck = ["Forest"] * 18 + ["Llanowar Elves"] * 8 + ["Grizzly Bears"] * 7 + \
        ["Runeclaw Bear"] * 7
    g = new_game(["Alice", "Bob"], [deck, list(deck)], seed)
    assert _check_every_answer(g, seed, 3000) > 500


def test_cr_302_6_a_plain_list_is_kept_across_the_other_players_turn_and_land() -> None:
    """302.6, 305.2: a player's plain list (only lands in their deck) is kept, the very
    same list, across the other player's land plays and the other player's turn
    beginning; their own turn beginning drops it (their land plays and summoning sickness
    change)."""
    from manastack import log as ev
    from manastack.game.decisions import PriorityDecision

    g = new_game(["Alice", "Bob"], [["Forest"] * 40, ["Mountain"] * 40], 3)
    agent = RandomAgent(7)
    kept_lists: dict[int, tuple[list[object], int, int]] = {}  # by player: list, log, turn
    across_land = across_turn = dropped = 0
    for _ in range(600):
        d = g.decision
        if d is None:
            break
        if not isinstance(d, PriorityDecision):
            g.apply(d.by, agent.act(g))
            continue
        me = d.by
        actions = casting.listed_priority_actions(g, me)
        if not casting.sorcery_timing_ok(g, me):
            prev = kept_lists.get(me)
            if prev is not None:
                since = g.log[prev[1]:]
                own_turn = any(e.kind == ev.TURN_BEGAN and e.data.get("player") == me
                               for e in since)
                if own_turn:
                    assert actions is not prev[0]
                    dropped += 1
                elif actions is prev[0]:
                    across_land += any(e.kind == ev.LAND_PLAYED for e in since)
                    across_turn += g.turn_number != prev[2]
            kept_lists[me] = (actions, len(g.log), g.turn_number)
        lands = [a for a in actions if type(a).__name__ == "PlayLand"]
        g.apply(me, lands[0] if lands else actions[0])
    assert across_land > 5 and across_turn > 5 and dropped > 5, (across_land, across_turn,
                                                                   dropped)


def test_cr_116_1_a_vanilla_creature_dying_keeps_its_owners_plain_list() -> None:
    """116.1, 400.7, 605.1a: a creature without activated or static abilities moving from
    the battlefield to its owner's graveyard changes nothing its owner's plain list looks
    at: the very same list is kept; a mana creature dying changes it (one less source)."""
    from manastack.engine.setup import put, setup_game, start_at
    from manastack.game.decisions import Cast
    from manastack.game.objects import Zone
    from manastack.rules.zones import move

    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    elves = put(g, 0, Zone.BATTLEFIELD, "Llanowar Elves")
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    runeclaw = put(g, 0, Zone.HAND, "Runeclaw Bear")
    start_at(g, "precombat_main", turn=3)
    listed = casting.listed_priority_actions(g, 0)
    assert Cast(runeclaw.id) in listed
    move(g, bear, Zone.GRAVEYARD, "704.5g")
    assert casting.listed_priority_actions(g, 0) is listed
    assert listed == casting.priority_actions(g, 0)
    move(g, elves, Zone.GRAVEYARD, "704.5g")
    after = casting.listed_priority_actions(g, 0)
    assert after == casting.priority_actions(g, 0) and Cast(runeclaw.id) not in after


def test_cr_307_1_an_instant_speed_plain_list_is_kept_across_drawing_what_it_doesnt_list(
        ) -> None:
    """307.1, 305.1, 120.1: at instant speed a plain list lists no land and no
    sorcery-speed card of the hand: drawing one keeps the very same list; drawing an
    instant (Fog) lists it."""
    from manastack.engine.setup import put, setup_game, start_at
    from manastack.game.decisions import Cast
    from manastack.game.objects import Zone
    from manastack.rules.zones import draw

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 0, Zone.HAND, "Grizzly Bears")
    for name in ("Fog", "Forest", "Runeclaw Bear"):  # (the last one on top)
        put(g, 0, Zone.LIBRARY, name)
    start_at(g, "upkeep", turn=3, run=False)
    assert not casting.sorcery_timing_ok(g, 0)
    listed = casting.listed_priority_actions(g, 0)
    draw(g, 0)  # Runeclaw Bear
    draw(g, 0)  # Forest
    assert casting.listed_priority_actions(g, 0) is listed
    assert listed == casting.priority_actions(g, 0)
    draw(g, 0)  # Fog
    after = casting.listed_priority_actions(g, 0)
    assert after == casting.priority_actions(g, 0) and Cast(g.players[0].hand[-1]) in after


def test_cr_500_4_a_plain_list_without_a_spell_is_kept_as_the_pool_empties() -> None:
    """500.4, 601.2g-h, 605.3b: a plain list offering no spell to cast stays the legal
    actions when its player's mana pool empties (less mana: still nothing to cast), the
    very same list; a list that offers a spell is listed again (it may no longer be
    payable)."""
    from manastack.engine.setup import put, setup_game, start_at
    from manastack.game.decisions import Activate, Cast
    from manastack.game.objects import Zone
    from manastack.rules.turn import end_step

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 0, Zone.HAND, "Grizzly Bears")  # (not at instant speed)
    put(g, 0, Zone.LIBRARY, "Forest")  # (drawn: not listed at instant speed either)
    start_at(g, "upkeep", turn=3)
    listed = casting.listed_priority_actions(g, 0)
    tap = next(a for a in listed if type(a) is Activate)
    g.apply(0, tap)  # one Forest tapped: {G} in the pool
    after_tap = casting.listed_priority_actions(g, 0)
    assert g.players[0].mana_pool.size == 1 and not any(type(a) is Cast for a in after_tap)
    end_step(g)  # the pool empties (and the draw step begins)
    g.run()
    assert g.players[0].mana_pool.size == 0
    assert casting.listed_priority_actions(g, 0) is after_tap
    assert after_tap == casting.priority_actions(g, 0)

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    fog = put(g, 0, Zone.HAND, "Fog")
    put(g, 0, Zone.LIBRARY, "Forest")
    start_at(g, "upkeep", turn=3)
    g.apply(0, next(a for a in casting.listed_priority_actions(g, 0) if type(a) is Activate))
    with_fog = casting.listed_priority_actions(g, 0)
    assert Cast(fog.id) in with_fog  # ({G} in the pool pays for it)
    end_step(g)
    g.run()
    relisted = casting.listed_priority_actions(g, 0)
    assert relisted is not with_fog and Cast(fog.id) not in relisted
    assert relisted == casting.priority_actions(g, 0)

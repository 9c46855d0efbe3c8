"""The legal actions kept across steps and narrow changes (CR 116.1: what a player holding
priority may do) always equal a fresh listing (casting.listed_priority_actions)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import test_soak_pool
import test_soak_variants
import test_soak_variants_cmd

from manastack.agents import RandomAgent
from manastack.cards.dsl import (
    ActivatedAbility,
    CardDef,
    ManaProduction,
    SpellAbility,
    cost,
    creature,
    make_card,
    target_of,
    you_control,
)
from manastack.cards.effects import DealDamage, T
from manastack.cards.registry import register_test_card
from manastack.cards.sets.m11 import DEFENDING_CONTROLS
from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Activate, Cast, Pass
from manastack.game.objects import PlayerRef, Zone
from manastack.play import default_deck
from manastack.rules import casting
from manastack.rules.zones import draw


@contextmanager
def compared() -> Iterator[list[str]]:
    """While active, every memoised listing is compared with a fresh one; the differences
    are collected in the yielded list."""
    original = casting.listed_priority_actions
    diffs: list[str] = []

    def checked(game: Game, player: int) -> list:  # type: ignore[type-arg]
        kept = original(game, player)
        fresh = casting._priority_actions(game, player)[0]
        if kept != fresh:
            st = game.step.name if game.step else "-"
            diffs.append(f"turn {game.turn_number} {st} P{player}: kept "
                         f"{[str(a) for a in kept if a not in fresh]} fresh "
                         f"{[str(a) for a in fresh if a not in kept]}")
        return kept

    casting.listed_priority_actions = checked  # type: ignore[assignment]
    try:
        yield diffs
    finally:
        casting.listed_priority_actions = original  # type: ignore[assignment]


def test_cr_116_1_kept_legal_actions_equal_a_fresh_listing_default_decks() -> None:
    """116.1 / 601.2g-h: the list kept across steps, combat beginning and ending, and a
    basic land tapped for mana is the list a fresh check gives (default decks)."""
    with compared() as diffs:
        for seed in range(6):
            g = new_game(["Alice", "Bob"], [default_deck("red_green"),
                                            default_deck("white_black")], seed)
            agents = [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)]
            while g.decision is not None:
                d = g.decision
                g.apply(d.by, agents[d.by].act(g))
    assert not diffs, "\n".join(diffs[:10])


@pytest.mark.parametrize("seed", range(8))
def test_cr_116_1_kept_legal_actions_equal_a_fresh_listing_pool(seed: int) -> None:
    """The same over random decks from the whole pool (timing restrictions, conditions,
    rule hooks, graveyard abilities, X costs)."""
    with compared() as diffs:
        test_soak_pool._play(7 * seed + 3)
    assert not diffs, "\n".join(diffs[:10])


def test_cr_116_1_kept_legal_actions_equal_a_fresh_listing_variants() -> None:
    """The same in multiplayer games and the casual variants (team turns, commanders cast
    from the command zone, the planar die)."""
    with compared() as diffs:
        for case, (variant, n, extra, _) in enumerate(test_soak_variants.CASES):
            test_soak_variants._play(variant, n, extra(case), case)
        for name in test_soak_variants_cmd.VARIANTS:
            test_soak_variants_cmd._play(name, 3)
    assert not diffs, "\n".join(diffs[:10])


def _defender_jolt() -> CardDef:
    """A test-only instant whose target restriction reads combat (an undeclared selector)."""
    return register_test_card(make_card(
        "Test Defender Jolt", "{R}", types=("Instant",),
        spell=SpellAbility(effect=DealDamage(1, T(0)), targets=(target_of(
            creature & DEFENDING_CONTROLS, "target creature defending player controls"),)),
        text="Test Defender Jolt deals 1 damage to target creature defending player "
             "controls."))


def test_cr_506_2_target_reading_combat_relisted_when_combat_begins() -> None:
    """506.2 / 114.1: "target creature defending player controls" has no legal target
    before combat and one once the defending player is chosen (507.1): the list kept
    from the main phase isn't reused in the beginning of combat step."""
    g = setup_game()
    jolt = put(g, 1, Zone.HAND, _defender_jolt())
    put(g, 1, Zone.BATTLEFIELD, "Mountain")
    bears = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Pass())  # Alice passes in her main phase: Bob gets priority
    assert not any(isinstance(a, Cast) and a.card == jolt.id for a in g.legal_actions())
    g.apply(1, Pass())
    assert g.step is not None and g.step.name == "beginning_of_combat"
    g.apply(0, Pass())
    assert Cast(jolt.id, (bears.id,)) in g.legal_actions()


def test_cr_605_3b_list_after_mana_ability_relisted_when_a_target_reads_tapped() -> None:
    """605.3b / 114.1: tapping Llanowar Elves for mana makes it a legal target for
    "target tapped creature" (Assassinate, Royal Assassin's ability): the list after the
    mana ability isn't derived from the one before it then."""
    g = setup_game()
    assassinate = put(g, 0, Zone.HAND, "Assassinate")
    elves = put(g, 0, Zone.BATTLEFIELD, "Llanowar Elves")
    royal = put(g, 0, Zone.BATTLEFIELD, "Royal Assassin")
    for _ in range(3):
        put(g, 0, Zone.BATTLEFIELD, "Swamp")
    start_at(g, "precombat_main")
    before = g.legal_actions()
    assert not any(isinstance(a, Cast) for a in before)
    tap = next(a for a in before if isinstance(a, Activate) and a.source == elves.id)
    g.apply(0, tap)
    after = g.legal_actions()
    assert after == casting._priority_actions(g, 0)[0]
    assert Cast(assassinate.id, (elves.id,)) in after
    assert Activate(royal.id, 0, (elves.id,)) in after


def test_cr_602_2b_list_after_mana_ability_relisted_when_a_cost_taps_others() -> None:
    """602.2b: Arachnus Spinner's cost "tap an untapped Spider you control" reads which
    permanents are untapped: after the only Spider is tapped for mana, the ability is no
    longer listed."""
    spider = register_test_card(make_card(
        "Test Mana Spider", "{G}", types=("Creature",), subtypes=("Spider",), power=1,
        toughness=1, abilities=(ActivatedAbility(cost(tap=True), mana=ManaProduction(("G",)),
                                                 text="{T}: Add {G}."),),
        text="{T}: Add {G}."))
    g = setup_game()
    mana_spider = put(g, 0, Zone.BATTLEFIELD, spider)
    spinner = put(g, 0, Zone.BATTLEFIELD, "Arachnus Spinner")
    spinner.tapped = True  # a Spider itself: only the other one may pay the cost
    start_at(g, "precombat_main")
    before = g.legal_actions()
    assert any(isinstance(a, Activate) and a.source == spinner.id for a in before)
    g.apply(0, next(a for a in before if isinstance(a, Activate)
                    and a.source == mana_spider.id))
    after = g.legal_actions()
    assert after == casting._priority_actions(g, 0)[0]
    assert not any(isinstance(a, Activate) and a.source == spinner.id for a in after)


def test_cr_117_3_mana_ability_tapping_another_creature_needs_an_untapped_one() -> None:
    """117.3 / 602.2b / 605.3a: a cost can't be paid without the resources: a Springleaf
    Drum-like mana ability ("{T}, Tap an untapped creature you control: Add one mana of any
    color") isn't a plain "{T}: Add" ability whose activations are listed ready-made, nor
    a source of automatic payment: with no untapped creature, it isn't listed and pays
    for nothing (before, Lightning Bolt was castable with it alone)."""
    drum = register_test_card(make_card(
        "Test Tapping Drum", "{1}", types=("Artifact",),
        abilities=(ActivatedAbility(
            cost(tap=True, tap_others=creature & you_control, tap_count=1),
            mana=ManaProduction(("W", "U", "B", "R", "G")),
            text="{T}, Tap an untapped creature you control: Add one mana of any color."),),
        text="{T}, Tap an untapped creature you control: Add one mana of any color."))
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, drum)
    put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    assert g.legal_actions() == [Pass()]
    assert casting.available_mana(g, 0) == 0


def test_cr_114_1_list_relisted_when_an_opponent_creature_becomes_tapped() -> None:
    """114.1 / 116.1: a list survives another player's narrow changes (a card drawn, mana
    lost, a land tapped) only if it read nothing of theirs: with Assassinate ("destroy
    target tapped creature") in hand, an opponent's creature becoming tapped gives it a
    legal target at once."""
    g = setup_game()
    assassinate = put(g, 0, Zone.HAND, "Assassinate")
    for _ in range(3):
        put(g, 0, Zone.BATTLEFIELD, "Swamp")
    elves = put(g, 1, Zone.BATTLEFIELD, "Llanowar Elves")
    start_at(g, "precombat_main")
    assert not any(isinstance(a, Cast) for a in casting.listed_priority_actions(g, 0))
    elves.tapped = True  # as an effect tapping it does (a narrow change)
    g.changed("tapped")
    kept = casting.listed_priority_actions(g, 0)
    assert kept == casting._priority_actions(g, 0)[0]
    assert Cast(assassinate.id, (elves.id,)) in kept


def test_cr_116_1_list_kept_when_only_an_opponent_hand_and_pool_change() -> None:
    """116.1: what a player may do doesn't change when an opponent draws a card or loses
    their mana; the list kept then is the fresh one, and a change of the player's own
    hand is seen."""
    g = setup_game()
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    put(g, 1, Zone.LIBRARY, "Forest")
    start_at(g, "precombat_main")
    before = casting.listed_priority_actions(g, 0)
    assert any(isinstance(a, Cast) and a.card == bolt.id for a in before)
    bob = g.players[1]
    bob.mana_pool.add("G")
    g.changed("mana")
    bob.hand.append(bob.library.pop())  # (a draw: a narrow "hidden" change)
    g.changed("hidden")
    assert casting.listed_priority_actions(g, 0) == before == casting._priority_actions(g, 0)[0]
    shock = put(g, 0, Zone.HAND, "Shock")
    g.changed("hidden")
    after = casting.listed_priority_actions(g, 0)
    assert after == casting._priority_actions(g, 0)[0]
    assert any(isinstance(a, Cast) and a.card == shock.id for a in after)


def test_cr_116_1_list_kept_across_an_opponent_s_own_narrow_changes() -> None:
    """116.1: a player's list reads the tapped status of their own permanents, their own
    pool and their own hand only (beyond what target restrictions and characteristics
    declare): the opponent drawing, tapping a land for mana and losing that mana keeps
    the very list; the player's own land tapped for mana has it listed again."""
    g = setup_game()
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    mountain = put(g, 0, Zone.BATTLEFIELD, "Mountain")
    forest = put(g, 1, Zone.BATTLEFIELD, "Forest")
    put(g, 1, Zone.LIBRARY, "Forest")
    start_at(g, "precombat_main")
    before = casting.listed_priority_actions(g, 0)
    assert Cast(bolt.id, (PlayerRef(1),)) in before
    draw(g, 1)
    casting._pay_nonmana_cost(g, 1, forest, cost(tap=True), "605.3a")
    g.players[1].mana_pool.add("G")
    g.changed("mana", 1)
    g.players[1].mana_pool.empty()
    g.changed("mana", 1)
    assert casting.listed_priority_actions(g, 0) is before
    assert before == casting._priority_actions(g, 0)[0]
    casting._pay_nonmana_cost(g, 0, mountain, cost(tap=True), "605.3a")
    after = casting.listed_priority_actions(g, 0)
    assert after == casting._priority_actions(g, 0)[0]
    assert not any(isinstance(a, Cast) for a in after)


def test_cr_116_1_a_narrow_change_of_no_one_in_particular_touches_every_player() -> None:
    """116.1: a narrow change not told whose it is (``changed("mana")``) may be anyone's:
    every player's list is listed again."""
    g = setup_game()
    put(g, 0, Zone.HAND, "Lightning Bolt")
    start_at(g, "precombat_main")
    before = casting.listed_priority_actions(g, 0)
    assert not any(isinstance(a, Cast) for a in before)
    g.players[0].mana_pool.add("R")
    g.changed("mana")
    after = casting.listed_priority_actions(g, 0)
    assert after == casting._priority_actions(g, 0)[0]
    assert any(isinstance(a, Cast) for a in after)


def test_cr_116_3_a_listed_action_answered_as_is_plays_like_an_equal_one() -> None:
    """116.3: an agent answering with the listed action object itself skips the shape and
    legality checks (``Game.apply`` finds it by identity); an equal action built anew is
    checked, and both give the same game."""
    def play(fresh: bool) -> str:
        g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                     11)
        agents = [RandomAgent(5), RandomAgent(6)]
        for _ in range(400):
            d = g.decision
            if d is None:
                break
            action = agents[d.by].act(g)
            if fresh and not isinstance(action, Pass) and d.kind == "priority":
                action = type(action)(**dict(action._values()))
                assert action not in [a for a in d.legal_actions(g) if a is action]
            g.apply(d.by, action)
        return g.state_hash()

    assert play(False) == play(True)


def test_variant_of_follows_replaced_options() -> None:
    """The variant a game is played under is kept on the game for its options object;
    options replaced during the game (as Two-Headed Giant's setup does) are looked up."""
    import dataclasses

    from manastack.variants import variant_of

    g = Game(["A", "B", "C"])
    assert variant_of(g).name == "free_for_all"
    g.options = dataclasses.replace(g.options, variant="two_player")
    assert variant_of(g).name == "two_player"
    started = new_game(["A", "B"], [default_deck("red_green"), default_deck("white_black")], 3)
    copied = started.copy()  # (its options are a copy: looked up again)
    assert variant_of(copied) is variant_of(started) and copied.options is not started.options

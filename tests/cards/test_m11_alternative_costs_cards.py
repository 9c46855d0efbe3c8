"""Magic 2011 cards using alternative costs, casting and playing cards while an ability resolves,
casting from the library, effects on spells carried over to the permanent, ending the
turn and controlling another player."""

from __future__ import annotations

from typing import Any

from cardplay import (
    BF,
    HAND,
    P1,
    advance,
    answer,
    casts,
    names,
    on_bf,
    options,
    refused,
    rules_cited,
    settle,
)

from manastack import log as ev
from manastack.cards.dsl import make_card
from manastack.cards.registry import register_test_card
from manastack.cards.vocab import cost_change
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import (
    Cast,
    Pass,
    PlayLand,
)
from manastack.game.objects import GameObject

import testcards  # noqa: F401


def _all_spells(game: Game, src: GameObject, spell: GameObject) -> bool:
    return True


TAX = register_test_card(make_card(
    "Test Spell Tax", "{2}", types=("Artifact",),
    abilities=[cost_change(1, _all_spells, "Spells cost {1} more to cast.")]))


# ================================================================ Demon of Death's Gate


def _demon_game(black: int = 3, life: int = 20) -> tuple[Game, GameObject, list[GameObject]]:
    g = setup_game()
    blacks = [put(g, 0, BF, n) for n in ("Child of Night", "Blood Seeker",
                                         "Vampire Outcasts")[:black]]
    put(g, 0, BF, "Grizzly Bears")  # not black: never an option for the cost
    demon = put(g, 0, HAND, "Demon of Death's Gate")
    g.players[0].life = life
    start_at(g)
    return g, demon, blacks


# ================================================================ Wild Evocation


def _evocation(hand: list[str], active: int = 0, **kw: Any) -> tuple[Game, list[GameObject]]:
    g = setup_game()
    put(g, 0, BF, "Wild Evocation")
    cards = [put(g, active, HAND, n) for n in hand]
    for name, (p, zone) in kw.items():
        put(g, p, zone, name.replace("_", " "))
    start_at(g, "upkeep", active=active)
    settle(g)  # the trigger resolves: the player reveals a card at random
    return g, cards


def test_demon_of_deaths_gate_alternative_cost_pays_life_and_sacrifices() -> None:
    """Demon of Death's Gate: 6 life and three black creatures rather than {6}{B}{B}{B}
    (CR 117.9, chosen as it is cast, 601.2b); paid in 601.2h, then the spell is cast
    (601.2i).  Its mana cost is unchanged (117.9c): it is still a 9-mana spell."""
    g, demon, blacks = _demon_game()
    (only,) = casts(g)  # no land: the alternative cost is the only way
    assert only == Cast(demon.id, alt="alternative")
    g.apply(0, only)
    assert set(options(g)) == {b.id for b in blacks}
    answer(g, *(b.id for b in blacks))
    assert g.players[0].life == 14
    spell = g.obj(g.stack[-1])
    assert g.chars(spell).mana_cost.mana_value == 9
    assert [e.rule for e in g.log if e.kind == ev.CAST] == ["601.2i"]
    settle(g)
    assert on_bf(g, "Demon of Death's Gate", 0)
    assert sorted(names(g, g.players[0].graveyard)) == sorted(b.name for b in blacks)
    assert "601.2b" in rules_cited(g)


def test_demon_of_deaths_gate_alternative_cost_only_when_payable() -> None:
    """The alternative cost is offered only when it can be paid (117.3): two black
    creatures aren't three, and 5 life can't pay 6 life; such a cast is refused, citing
    the rule, and changes nothing."""
    g, demon, _ = _demon_game(black=2)
    assert casts(g) == []
    refused(g, 0, Cast(demon.id, alt="alternative"), "601.2h")
    g, demon, _ = _demon_game(life=5)
    assert casts(g) == []
    refused(g, 0, Cast(demon.id, alt="alternative"), "118.4")
    refused(g, 0, Cast(demon.id, alt="kicker"), "117.9")
    g, demon, _ = _demon_game(life=6)  # exactly 6 life can be paid (then 704.5a)
    assert casts(g) == [Cast(demon.id, alt="alternative")]


def test_demon_of_deaths_gate_cost_increase_applies_to_alternative_cost() -> None:
    """117.9d / 601.2f: a cost increase applies to the alternative cost: with "spells cost
    {1} more", the Demon costs 6 life, three black creatures and {1}."""
    g = setup_game()
    blacks = [put(g, 0, BF, n) for n in ("Child of Night", "Blood Seeker", "Vampire Outcasts")]
    put(g, 1, BF, "Test Spell Tax")
    demon = put(g, 0, HAND, "Demon of Death's Gate")
    start_at(g)
    assert casts(g) == []  # no mana for the {1}
    refused(g, 0, Cast(demon.id, alt="alternative"), "601.2h")
    g = setup_game()
    blacks = [put(g, 0, BF, n) for n in ("Child of Night", "Blood Seeker", "Vampire Outcasts")]
    put(g, 1, BF, "Test Spell Tax")
    swamp = put(g, 0, BF, "Swamp")
    demon = put(g, 0, HAND, "Demon of Death's Gate")
    start_at(g)
    g.apply(0, Cast(demon.id, alt="alternative"))
    answer(g, *(b.id for b in blacks))
    assert g.obj(swamp.id).tapped and g.players[0].life == 14


def test_wild_evocation_casts_the_card_without_paying_its_mana_cost() -> None:
    """Wild Evocation: the revealed card is cast while the ability resolves (601.3: the
    effect allows it in the upkeep, card-type timing ignored) without paying its mana cost
    (117.9); its controller chooses its targets (601.2c); it then resolves normally."""
    g, (bolt,) = _evocation(["Lightning Bolt"])
    bear = put(g, 1, BF, "Grizzly Bears")
    d = g.decision
    assert d is not None and d.kind == "play_card" and d.player == 0
    assert Pass() not in g.legal_actions()  # "if able": the cast is mandatory
    refused(g, 0, Pass(), "608.2c")
    refused(g, 0, Cast(bolt.id, (bear.id,)), "117.9")  # paying the mana cost isn't offered
    g2 = g.copy()  # the pending decision and its continuation are plain data
    g.apply(0, Cast(bolt.id, (bear.id,), alt="free"))
    g2.apply(0, Cast(bolt.id, (bear.id,), alt="free"))
    assert g2.state_hash() == g.state_hash()
    assert names(g, g.stack) == ["Lightning Bolt"]
    assert g.step is not None and g.step.name == "upkeep"
    settle(g)
    assert bear.id not in g.battlefield and names(g, g.players[0].graveyard) == [
        "Lightning Bolt"]
    assert any(e.rule == "701.14a" and "at random" in e.text for e in g.log)


def test_wild_evocation_creature_in_opponents_upkeep_and_x_is_zero() -> None:
    """At the beginning of *each* player's upkeep "that player" reveals and casts: a
    creature is cast in the upkeep (timing permission ignored, 601.3).  X is 0 when the
    mana cost isn't paid (107.3b): Protean Hydra enters with no counters."""
    g, (hydra,) = _evocation(["Protean Hydra"], active=1)
    d = g.decision
    assert d is not None and d.kind == "play_card" and d.player == 1
    assert casts(g) == [Cast(hydra.id, alt="free")]
    refused(g, 1, Cast(hydra.id, x=2, alt="free"), "107.3b")
    g.apply(1, Cast(hydra.id, alt="free"))
    settle(g)
    assert not on_bf(g, "Protean Hydra")  # a 0/0 with no counters (704.5f)
    assert names(g, g.players[1].graveyard) == ["Protean Hydra"]


def test_wild_evocation_card_that_cant_be_cast_stays_in_hand() -> None:
    """A card that can't be cast (no legal target for Giant Growth) isn't cast: the player
    does nothing (101.3) and it stays in their hand."""
    g, (growth,) = _evocation(["Giant Growth"])
    assert g.decision is not None and g.decision.kind == "priority"
    assert growth.id in g.players[0].hand and not g.stack
    assert any(e.rule == "101.3" and "stays" in e.text for e in g.log)


def test_wild_evocation_additional_cost_still_paid() -> None:
    """117.9d: casting without paying the mana cost, the additional cost is still paid:
    Fling's "sacrifice a creature" is chosen and paid as it is cast (601.2h)."""
    g, (fling,) = _evocation(["Fling"], Grizzly_Bears=(0, BF))
    bear = on_bf(g, "Grizzly Bears")[0]
    g.apply(0, Cast(fling.id, (P1,), alt="free"))
    answer(g, bear.id)
    settle(g)
    assert g.players[1].life == 18 and names(g, g.players[0].graveyard) == [
        "Grizzly Bears", "Fling"]


def test_wild_evocation_land_is_put_onto_the_battlefield_not_played() -> None:
    """A land card is put onto the battlefield: not played (305.4), so the player may still
    play a land this turn."""
    g, (forest,) = _evocation(["Forest"])
    assert on_bf(g, "Forest", 0) and g.players[0].lands_played == 0
    put(g, 0, HAND, "Swamp")
    advance(g, lambda x: x.step is not None and x.step.name == "precombat_main")
    assert any(isinstance(a, PlayLand) for a in g.legal_actions())


def test_wild_evocation_demon_cant_use_a_second_alternative_cost() -> None:
    """117.9a / 601.2b: one alternative cost per spell: cast "without paying its mana cost",
    Demon of Death's Gate can't also use its own alternative cost."""
    g, (demon,) = _evocation(["Demon of Death's Gate"], Child_of_Night=(0, BF),
                             Blood_Seeker=(0, BF), Vampire_Outcasts=(0, BF))
    refused(g, 0, Cast(demon.id, alt="alternative"), "117.9a")
    assert casts(g) == [Cast(demon.id, alt="free")]
    g.apply(0, Cast(demon.id, alt="free"))
    settle(g)
    assert on_bf(g, "Demon of Death's Gate") and g.players[0].life == 20


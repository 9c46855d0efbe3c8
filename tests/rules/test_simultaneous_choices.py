"""Several players choosing for actions taken at the same time (CR 101.4, 101.4a-b).

"Each player discards a card / sacrifices a creature": the active player chooses, then
each other player in turn order, knowing the earlier choices (101.4b) except cards chosen
face down from a hidden zone (101.4a); then all the actions happen at once.  The pool's
effects of that shape share one rule (``rules.simultaneous.each_player_chooses``):
Smallpox, Destructive Force, Call to the Grave (one player), Liliana's Specter, The Dark
Barony and Mind Rot (discards), Conundrum Sphinx (card names), Minamo (returns), and the
schemes Feed the Machine, May Civilization Collapse, Surrender Your Thoughts, Only Blood
Ends Your Nightmares and Every Hope Shall Vanish.
"""

from __future__ import annotations

from cardplay import advance, answer, cast, lands, settle

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Special
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.variants.command_zone import put_in_command

BF = Zone.BATTLEFIELD


def on_bf(g: Game, o: GameObject) -> bool:
    return o.id in g.objects and g.obj(o.id).zone == BF


def test_cr_101_4_smallpox_all_choose_before_anything_is_sacrificed() -> None:
    """Smallpox: Alice (active) chooses her creature, then Bob chooses his, seeing Alice's
    choice (101.4b); nothing is sacrificed until both have chosen, then both creatures die
    in one event (their zone changes follow each other with nothing between)."""
    g = setup_game()
    lands(g, 0, "Swamp", 2)
    a1, a2 = put(g, 0, BF, "Grizzly Bears"), put(g, 0, BF, "Runeclaw Bear")
    b1, b2 = put(g, 1, BF, "Llanowar Elves"), put(g, 1, BF, "Giant Spider")
    pox = put(g, 0, Zone.HAND, "Smallpox")
    start_at(g, "precombat_main")
    cast(g, pox)
    settle(g)
    assert g.decision.player == 0 and set(g.decision.options) == {a1.id, a2.id}
    answer(g, a1.id)
    assert g.decision.player == 1 and set(g.decision.options) == {b1.id, b2.id}
    assert on_bf(g, a1)  # not sacrificed yet: Bob chooses first (101.4)
    assert "Alice chooses to sacrifice Grizzly Bears" in str(g.log[-1])  # 101.4b
    answer(g, b2.id)
    deaths = [i for i, e in enumerate(g.log) if e.kind == ev.ZONE_CHANGE
              and e.data.get("name") in ("Grizzly Bears", "Giant Spider")]
    assert len(deaths) == 2 and deaths[1] == deaths[0] + 1
    assert not on_bf(g, a1) and not on_bf(g, b2) and on_bf(g, a2) and on_bf(g, b1)


def test_cr_101_4a_discards_are_chosen_face_down_then_discarded_together() -> None:
    """Liliana's Specter in a three-player game ("each opponent discards a card"): Bob
    chooses, then Carol; Bob's card stays in his hand, unannounced (101.4a), until Carol
    has chosen; then both are discarded."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(variant="free_for_all"))
    lands(g, 0, "Swamp", 3)
    spec = put(g, 0, Zone.HAND, "Liliana's Specter")
    bob = [put(g, 1, Zone.HAND, n) for n in ("Shock", "Doom Blade")]
    carol = [put(g, 2, Zone.HAND, n) for n in ("Giant Growth", "Unsummon")]
    start_at(g, "precombat_main")
    cast(g, spec)
    settle(g)
    settle(g)  # the enters trigger
    assert g.decision.player == 1 and set(g.decision.options) == {o.id for o in bob}
    answer(g, bob[0].id)
    assert g.decision.player == 2 and bob[0].id in g.players[1].hand
    assert not any("Shock" in str(e) for e in g.log_for(2))
    answer(g, carol[1].id)
    assert [g.obj(i).name for i in g.players[1].graveyard] == ["Shock"]
    assert [g.obj(i).name for i in g.players[2].graveyard] == ["Unsummon"]


def test_cr_101_4_destructive_force_lands_chosen_then_sacrificed_at_once() -> None:
    """Destructive Force: each player chooses five lands (a player with five or fewer has
    no choice); all are sacrificed at once, then 5 damage to each creature."""
    g = setup_game()
    mine = [put(g, 0, BF, "Mountain") for _ in range(7)]
    theirs = [put(g, 1, BF, "Forest") for _ in range(6)]
    force = put(g, 0, Zone.HAND, "Destructive Force")
    start_at(g, "precombat_main")
    cast(g, force)
    settle(g)
    assert g.decision.player == 0
    answer(g, *[o.id for o in mine[:5]])  # (all seven were tapped to cast it)
    assert g.decision.player == 1 and all(on_bf(g, o) for o in mine)
    answer(g, *[o.id for o in theirs[1:]])
    assert [on_bf(g, o) for o in mine] == [False] * 5 + [True] * 2
    assert [on_bf(g, o) for o in theirs] == [True] + [False] * 5


def test_cr_101_4_feed_the_machine_each_other_opponent_chooses_then_all_sacrifice() -> None:
    """Feed the Machine, "others": each of the archenemy's other opponents chooses a
    creature, in APNAP order, then they are all sacrificed at once."""
    g = setup_game(("A", "B", "C", "D"), options=GameOptions(variant="archenemy", extra={
        "archenemy": "A", "schemes": ["Feed the Machine"]}))
    put_in_command(g, 0, "Feed the Machine", face_down=True, kind="Scheme")
    c = [put(g, 2, BF, n) for n in ("Grizzly Bears", "Runeclaw Bear")]
    d = [put(g, 3, BF, n) for n in ("Llanowar Elves", "Giant Spider")]
    start_at(g, "upkeep", run=True)
    advance(g, lambda x: x.decision is not None and x.decision.kind == "choose_targets")
    answer(g, PlayerRef(1), kind="choose_targets")
    settle(g)
    answer(g, "others")
    assert g.decision.player == 2 and set(g.decision.options) == {o.id for o in c}
    answer(g, c[0].id)
    assert g.decision.player == 3 and on_bf(g, c[0])
    answer(g, d[1].id)
    assert [on_bf(g, o) for o in (*c, *d)] == [False, True, True, False]


def _archenemy_with(scheme: str) -> Game:
    """A, the archenemy, against B, C and D; ``scheme`` on top of A's scheme deck."""
    g = setup_game(("A", "B", "C", "D"), options=GameOptions(variant="archenemy", extra={
        "archenemy": "A", "schemes": [scheme]}))
    put_in_command(g, 0, scheme, face_down=True, kind="Scheme")
    return g


def test_cr_101_4_only_blood_sacrifices_together_then_those_without_discard() -> None:
    """Only Blood Ends Your Nightmares: each opponent sacrifices a creature (B then C
    choose, then both are sacrificed at once); then each opponent who didn't (D, with no
    creature) discards two cards."""
    g = _archenemy_with("Only Blood Ends Your Nightmares")
    b = [put(g, 1, BF, n) for n in ("Grizzly Bears", "Runeclaw Bear")]
    c = [put(g, 2, BF, n) for n in ("Llanowar Elves", "Giant Spider")]
    d_hand = [put(g, 3, Zone.HAND, n) for n in ("Shock", "Doom Blade", "Unsummon")]
    start_at(g, "upkeep", run=True)
    advance(g, lambda x: x.decision is not None and x.decision.kind != "priority")
    assert g.decision.player == 1 and set(g.decision.options) == {o.id for o in b}
    answer(g, b[1].id)
    assert g.decision.player == 2 and on_bf(g, b[1])
    answer(g, c[0].id)
    assert not on_bf(g, b[1]) and not on_bf(g, c[0])
    assert g.decision.player == 3 and g.decision.kind == "discard"
    answer(g, d_hand[0].id, d_hand[2].id)
    assert [g.obj(i).name for i in g.players[3].hand] == ["Doom Blade"]


def test_cr_101_4a_surrender_your_thoughts_others_discard_face_down_together() -> None:
    """Surrender Your Thoughts, "others": each of the archenemy's other opponents
    discards two cards, chosen face down in APNAP order (101.4a), discarded together."""
    g = _archenemy_with("Surrender Your Thoughts")
    c = [put(g, 2, Zone.HAND, n) for n in ("Shock", "Doom Blade", "Unsummon")]
    d = [put(g, 3, Zone.HAND, n) for n in ("Giant Growth", "Lightning Bolt", "Fog")]
    start_at(g, "upkeep", run=True)
    advance(g, lambda x: x.decision is not None and x.decision.kind == "choose_targets")
    answer(g, PlayerRef(1), kind="choose_targets")
    settle(g)
    answer(g, "others")
    assert g.decision.player == 2
    answer(g, c[0].id, c[1].id)
    assert g.decision.player == 3 and c[0].id in g.players[2].hand  # not yet discarded
    assert not any("Shock" in str(e) for e in g.log_for(3))  # chosen face down (101.4a)
    answer(g, d[2].id, d[0].id)
    assert sorted(g.obj(i).name for i in g.players[2].graveyard) == ["Doom Blade", "Shock"]
    assert sorted(g.obj(i).name for i in g.players[3].graveyard) == ["Fog", "Giant Growth"]


def test_cr_101_4_minamo_each_player_chooses_then_the_cards_return_together() -> None:
    """Minamo's chaos ability: each player, in APNAP order, chooses a blue card in their
    graveyard (or none: "may"), seeing the earlier choices (101.4b); then the chosen cards
    return to their owners' hands at once."""
    from manastack.variants.command_zone import turn_face_up
    g = setup_game(options=GameOptions(variant="planechase"))
    turn_face_up(g, put_in_command(g, 0, "Minamo", face_down=True).id, controller=0)
    mine = put(g, 0, Zone.GRAVEYARD, "Unsummon")
    theirs = put(g, 1, Zone.GRAVEYARD, "Mind Control")
    start_at(g, "precombat_main")
    for seed in range(100):  # roll the planar die until it shows chaos (901.9b)
        rolled = g.copy()
        rolled.rng.seed(seed)
        rolled.apply(0, Special("planar_die"))
        if any(e.data.get("result") == "chaos" for e in rolled.log if e.kind == "planar_die"):
            break
    g = rolled
    advance(g, lambda x: x.decision is not None and x.decision.kind != "priority")
    assert g.decision.player == 0 and g.decision.options == (mine.id,)
    answer(g, mine.id)
    assert g.decision.player == 1 and mine.id in g.players[0].graveyard
    assert "Alice chooses to return Unsummon" in str(g.log[-1])  # 101.4b
    answer(g)  # Bob returns nothing
    assert [g.obj(i).name for i in g.players[0].hand] == ["Unsummon"]
    assert [g.obj(i).name for i in g.players[1].graveyard] == ["Mind Control"]
    assert theirs.id in g.players[1].graveyard

"""The heuristic agent's tactics, position by position: burn to the face when it is
lethal, removal on the opponents' creatures (never its own), X chosen to matter, no
attack into a bigger blocker, chump blocks only to survive, tricks that win a fight,
counterspells only on what can't be paid for, a workable opening hand."""

from __future__ import annotations

from agent_positions import empty_game, heuristic_answer, to_priority

from manastack.agents import HeuristicAgent
from manastack.agents.combat_math import fight, fighter
from manastack.engine import Game
from manastack.engine.setup import put, start_at
from manastack.game.decisions import (
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    Pass,
)
from manastack.game.objects import GameObject, PlayerRef

ALICE, BOB = 0, 1


def test_cr_120_3_burn_goes_to_the_face_when_it_is_lethal() -> None:
    """Lightning Bolt (3 damage, CR 120.3) with the opponent at 3 life: at their face,
    even with a creature to kill; at 20 life, it is kept (no creature to clear)."""
    for life, face in ((3, True), (20, False)):
        g = empty_game()
        put(g, ALICE, "battlefield", "Mountain")
        put(g, ALICE, "hand", "Lightning Bolt")
        put(g, BOB, "battlefield", "Grizzly Bears")
        g.players[BOB].life = life
        start_at(g, "precombat_main", turn=2, active=ALICE)
        action = heuristic_answer(g)
        if face:
            assert isinstance(action, Cast) and action.targets == (PlayerRef(BOB),)
        else:
            assert isinstance(action, Pass)


def test_cr_115_1_removal_targets_the_opponents_creature_never_its_own() -> None:
    """Shock at the opponent's end step: at their creature (CR 115.1: a target chosen),
    never at ours or at ourselves."""
    g = empty_game()
    put(g, ALICE, "battlefield", "Mountain")
    put(g, ALICE, "hand", "Shock")
    put(g, ALICE, "battlefield", "Llanowar Elves")
    elves = put(g, BOB, "battlefield", "Llanowar Elves")
    start_at(g, "end", turn=2, active=BOB)
    to_priority(g, ALICE)
    action = heuristic_answer(g)
    assert isinstance(action, Cast) and action.targets == (elves.id,)


def test_cr_107_3_x_is_chosen_to_matter() -> None:
    """Fireball (CR 107.3: X paid): X enough to kill the opponent's creature, or the
    opponent at 5 life: all five to the face."""
    for life in (20, 5):
        g = empty_game()
        for _ in range(6):
            put(g, ALICE, "battlefield", "Mountain")
        put(g, ALICE, "hand", "Fireball")
        bears = put(g, BOB, "battlefield", "Grizzly Bears")
        g.players[BOB].life = life
        start_at(g, "precombat_main", turn=2, active=ALICE)
        action = heuristic_answer(g)
        assert isinstance(action, Cast)
        if life == 5:
            assert action.targets == (PlayerRef(BOB),) and action.x == 5
        else:
            assert bears.id in action.targets
            assert action.x // len(action.targets) >= 2  # divided evenly: the Bears die


def test_cr_508_1_no_attack_into_a_bigger_blocker() -> None:
    """Grizzly Bears (2/2) don't attack into an untapped Giant Spider (2/4, reach); with
    the Spider tapped they attack (CR 508.1)."""
    for tapped in (False, True):
        g = empty_game()
        bears = put(g, ALICE, "battlefield", "Grizzly Bears")
        put(g, BOB, "battlefield", "Giant Spider", tapped=tapped)
        start_at(g, "declare_attackers", turn=2, active=ALICE)
        d = g.decision
        assert d is not None and d.kind == "declare_attackers"
        action = heuristic_answer(g)
        assert isinstance(action, DeclareAttackers)
        assert [a for a, _t in action.attacks] == ([bears.id] if tapped else [])


def test_cr_509_1a_a_creature_that_can_block_none_of_theirs_races_their_flyers() -> None:
    """Against Azure Drake (2/4, flying: Grizzly Bears can't block it, CR 509.1a,
    702.9b) the Bears defend nothing at home, so they attack even though the Drake could
    block and kill them: the race.  Against Giant Spider (2/4, no flying), which the
    Bears could block, they stay home (the test above)."""
    for theirs, attacks in (("Azure Drake", True), ("Giant Spider", False)):
        g = empty_game()
        bears = put(g, ALICE, "battlefield", "Grizzly Bears")
        put(g, BOB, "battlefield", theirs)
        start_at(g, "declare_attackers", turn=2, active=ALICE)
        action = heuristic_answer(g)
        assert isinstance(action, DeclareAttackers)
        assert [a for a, _t in action.attacks] == ([bears.id] if attacks else [])


def test_cr_509_1_chump_blocks_only_to_survive() -> None:
    """Zombie Goliath (4/3) attacks; Llanowar Elves chump-block it (CR 509.1) only when the
    damage would kill their controller."""
    for life, chump in ((20, False), (4, True)):
        g = empty_game()
        wurm = put(g, BOB, "battlefield", "Zombie Goliath")
        elves = put(g, ALICE, "battlefield", "Llanowar Elves")
        g.players[ALICE].life = life
        start_at(g, "declare_attackers", turn=2, active=BOB)
        g.apply(BOB, DeclareAttackers(((wurm.id, PlayerRef(ALICE)),)))
        _to_blockers(g)
        action = heuristic_answer(g)
        assert isinstance(action, DeclareBlockers)
        assert action.blocks == (((elves.id, (wurm.id,)),) if chump else ())


def test_cr_509_1_blocks_that_kill_the_attacker_and_survive() -> None:
    """Giant Spider (2/4) blocks an attacking Grizzly Bears (2/2): the Bears die, the
    Spider lives."""
    g = empty_game()
    bears = put(g, BOB, "battlefield", "Grizzly Bears")
    spider = put(g, ALICE, "battlefield", "Giant Spider")
    start_at(g, "declare_attackers", turn=2, active=BOB)
    g.apply(BOB, DeclareAttackers(((bears.id, PlayerRef(ALICE)),)))
    _to_blockers(g)
    action = heuristic_answer(g)
    assert isinstance(action, DeclareBlockers)
    assert action.blocks == ((spider.id, (bears.id,)),)


def _to_blockers(g: Game) -> None:
    for _ in range(20):
        d = g.decision
        assert d is not None
        if d.kind == "declare_blockers":
            return
        g.apply(d.by, Pass())
    raise AssertionError("no declare blockers decision")


def test_cr_702_4_first_strike_and_deathtouch_in_the_combat_math() -> None:
    """A first striker kills a 2/2 blocker before it deals damage (CR 702.7b); a
    deathtouch blocker kills any attacker it damages (702.2b)."""
    g = empty_game()
    knight = fighter(g, put(g, ALICE, "battlefield", "White Knight"))  # 2/2 first strike
    bears = fighter(g, put(g, BOB, "battlefield", "Grizzly Bears"))
    r = fight(knight, [bears])
    assert not r.attacker_dies and r.blockers_die == (bears.id,)
    goliath = fighter(g, put(g, ALICE, "battlefield", "Zombie Goliath"))
    bears.deathtouch = True
    r = fight(goliath, [bears])
    assert r.attacker_dies and r.blockers_die == (bears.id,)


def test_cr_611_2c_giant_growth_wins_a_fight_after_blocks() -> None:
    """Giant Growth (+3/+3 until end of turn, CR 611.2c) on our Grizzly Bears blocked by
    a Canyon Minotaur (3/3), once blockers are declared: the Bears live, the Minotaur
    dies."""
    g = empty_game()
    put(g, ALICE, "battlefield", "Forest")
    put(g, ALICE, "hand", "Giant Growth")
    bears = put(g, ALICE, "battlefield", "Grizzly Bears")
    minotaur = put(g, BOB, "battlefield", "Canyon Minotaur")
    start_at(g, "declare_attackers", turn=2, active=ALICE)
    g.apply(ALICE, DeclareAttackers(((bears.id, PlayerRef(BOB)),)))
    _to_blockers(g)
    g.apply(BOB, DeclareBlockers(((minotaur.id, (bears.id,)),)))
    to_priority(g, ALICE)
    action = heuristic_answer(g)
    assert isinstance(action, Cast) and action.targets == (bears.id,)


def test_cr_701_17_rampant_growth_is_cast_even_with_cancel_held() -> None:
    """Rampant Growth (search the library for a basic land, CR 701.17, onto the
    battlefield) is worth casting in the main phase, and the mana held for Cancel doesn't
    stop it: the land is more mana for the counterspell from the next turn on (with a
    non-land sorcery, Cancel's mana would be kept)."""
    g = empty_game()
    for land in ("Forest", "Island", "Island"):
        put(g, ALICE, "battlefield", land)
    growth = put(g, ALICE, "hand", "Rampant Growth")
    put(g, ALICE, "hand", "Cancel")
    put(g, ALICE, "library", "Forest")
    put(g, BOB, "hand", "Grizzly Bears")
    start_at(g, "precombat_main", turn=2, active=ALICE)
    to_priority(g, ALICE)
    action = heuristic_answer(g)
    assert isinstance(action, Cast) and action.card == growth.id


def test_cr_701_5_mana_leak_only_when_they_cant_pay() -> None:
    """Mana Leak (counter unless its controller pays {3}, CR 701.5) against the
    opponent's Canyon Minotaur: cast when they have no untapped land left, not when they
    can pay."""
    for spare in (0, 3):
        g = empty_game()
        put(g, ALICE, "battlefield", "Island")
        put(g, ALICE, "battlefield", "Island")
        put(g, ALICE, "hand", "Mana Leak")
        for _ in range(4 + spare):
            put(g, BOB, "battlefield", "Mountain")
        minotaur = put(g, BOB, "hand", "Canyon Minotaur")
        start_at(g, "precombat_main", turn=2, active=BOB)
        g.apply(BOB, Cast(minotaur.id))
        to_priority(g, ALICE)
        action = heuristic_answer(g)
        if spare:
            assert isinstance(action, Pass)
        else:
            # (the spell is a new object on the stack, CR 400.7)
            assert isinstance(action, Cast) and action.targets == (g.stack[-1],)


def test_cr_103_4_mulligan_by_land_count() -> None:
    """A seven-card hand is kept with two to five lands, else mulliganed (CR 103.4): an
    all-land hand and a land-less one are mulliganed; over many shuffles of a half-land
    deck, the answer follows the count."""
    from manastack.engine import new_game

    for deck in (["Mountain"] * 40, ["Grizzly Bears"] * 40):
        g = new_game(["Alice", "Bob"], [deck, deck], 1)
        assert HeuristicAgent(1).act(g) == Mulligan(True)
    deck = ["Mountain"] * 20 + ["Grizzly Bears"] * 20
    seen = set()
    for seed in range(12):
        g = new_game(["Alice", "Bob"], [deck, deck], seed)
        d = g.decision
        assert d is not None and d.kind == "mulligan"
        lands = sum(g.obj(i).name == "Mountain" for i in g.players[d.player].hand)
        keep = 2 <= lands <= 5
        seen.add(keep)
        assert HeuristicAgent(seed).act(g) == Mulligan(not keep)
    assert seen == {True, False}


def test_cr_509_1_double_block_kills_a_bigger_attacker() -> None:
    """A Canyon Minotaur (3/3) attacks into two Grizzly Bears (2/2): neither can block it
    alone with profit, both together kill it losing one Bears (CR 509.1, 510.1c)."""
    g = empty_game()
    minotaur = put(g, BOB, "battlefield", "Canyon Minotaur")
    b1 = put(g, ALICE, "battlefield", "Grizzly Bears")
    b2 = put(g, ALICE, "battlefield", "Grizzly Bears")
    start_at(g, "declare_attackers", turn=2, active=BOB)
    g.apply(BOB, DeclareAttackers(((minotaur.id, PlayerRef(ALICE)),)))
    _to_blockers(g)
    action = heuristic_answer(g)
    assert isinstance(action, DeclareBlockers)
    assert action.blocks == ((b1.id, (minotaur.id,)), (b2.id, (minotaur.id,)))


def test_evaluation_counts_life_and_board_for_each_side() -> None:
    """A position's value for a player (agents/evaluation.py): zero when both sides are
    alike, better with more life or a creature more, the opposite for the opponent."""
    from manastack.agents.evaluation import evaluate

    g = empty_game()
    start_at(g, "precombat_main", turn=2, active=ALICE)
    assert evaluate(g, ALICE) == evaluate(g, BOB) == 0
    g.players[BOB].life = 12
    assert evaluate(g, ALICE) > 0 > evaluate(g, BOB)
    put(g, BOB, "battlefield", "Serra Angel")
    g.players[BOB].life = 20
    assert evaluate(g, BOB) > 0 > evaluate(g, ALICE)


def _glistener_elf_attacks(g: Game, poison: int) -> GameObject:
    """Bob's Glistener Elf (1/1 infect) attacks Alice, who has ``poison`` counters."""
    elf = put(g, BOB, "battlefield", "Glistener Elf")
    g.players[ALICE].poison = poison
    start_at(g, "declare_attackers", turn=2, active=BOB)
    g.apply(BOB, DeclareAttackers(((elf.id, PlayerRef(ALICE)),)))
    return elf


def test_cr_702_89b_removal_goes_to_the_infect_attacker_that_poisons_us_out() -> None:
    """At 9 poison counters, Glistener Elf (1/1 infect) attacks while Serra Angel stays
    home: its 1 damage is a tenth poison counter (702.89b, 704.5c), so Doom Blade goes to
    the Elf rather than to the bigger Angel; at no poison, the Angel."""
    for poison, elf_first in ((9, True), (0, False)):
        g = empty_game()
        put(g, ALICE, "battlefield", "Swamp")
        put(g, ALICE, "battlefield", "Swamp")
        put(g, ALICE, "hand", "Doom Blade")
        angel = put(g, BOB, "battlefield", "Serra Angel")
        elf = _glistener_elf_attacks(g, poison)
        to_priority(g, ALICE)
        action = heuristic_answer(g)
        assert isinstance(action, Cast)
        assert action.targets == ((elf.id,) if elf_first else (angel.id,))


def test_cr_615_1_fog_against_lethal_poison() -> None:
    """Fog (prevent all combat damage this turn, CR 615.1) once blockers are declared,
    when an unblocked Glistener Elf (infect, 702.89b) would give us a tenth poison
    counter (704.5c); with no poison counters the one damage isn't worth a card."""
    for poison, fog in ((9, True), (0, False)):
        g = empty_game()
        put(g, ALICE, "battlefield", "Forest")
        card = put(g, ALICE, "hand", "Fog")
        _glistener_elf_attacks(g, poison)
        for _ in range(20):  # (no creature to block with: no declaration to make)
            d = g.decision
            assert d is not None
            if d.kind == "priority" and d.by == ALICE and g.combat is not None and \
                    g.combat.blockers_declared:
                break
            g.apply(d.by, Pass())
        action = heuristic_answer(g)
        if fog:
            assert isinstance(action, Cast) and action.card == card.id
        else:
            assert isinstance(action, Pass)

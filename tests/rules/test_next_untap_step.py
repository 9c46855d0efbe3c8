""""Doesn't untap during its controller's next untap step" (CR 502.2, 611.2b, 614.10a).

"Its controller's" is read when the untap step comes: a permanent whose control changed
before it stays tapped through its *new* controller's next untap step (the rulings of
Frost Titan, Frost Breath, Wall of Frost and Send to Sleep, 2010-2015).  Every pool card
with that wording shares one effect (``cards.effects.doesnt_untap_next``); those naming a
player ("that player's", "your") keep that player.
"""

from __future__ import annotations

from cardplay import advance, answer, cast, lands, settle, to_step

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Activate, DeclareAttackers, DeclareBlockers, Pass
from manastack.game.objects import PlayerRef, Zone

BF = Zone.BATTLEFIELD


def tapped(g: Game, name: str) -> bool:
    return next(o for o in g.permanents() if o.name == name).tapped


def controller_of(g: Game, name: str) -> int:
    return g.controller(next(o for o in g.permanents() if o.name == name))


def test_cr_502_2_frost_breath_stolen_creature_waits_for_new_controllers_untap_step() -> None:
    """Frost Breath ruling: the frozen creature changes controllers (Mind Control) before
    its old controller's next untap step; it doesn't untap during its new controller's
    next untap step, and untaps in the one after."""
    g = setup_game()
    lands(g, 0, "Island", 8)
    bear = put(g, 1, BF, "Grizzly Bears")
    breath = put(g, 0, Zone.HAND, "Frost Breath")
    mind = put(g, 0, Zone.HAND, "Mind Control")
    start_at(g, "precombat_main")
    cast(g, breath, bear.id)
    settle(g)
    cast(g, mind, bear.id)
    settle(g)
    assert controller_of(g, "Grizzly Bears") == 0 and tapped(g, "Grizzly Bears")
    to_step(g, "upkeep", 3)  # Alice's untap step: the bear is hers now
    assert tapped(g, "Grizzly Bears")
    to_step(g, "upkeep", 5)  # the effect was used up in turn 3
    assert not tapped(g, "Grizzly Bears")


def test_cr_502_2_frost_breath_creature_returned_to_owner_stays_tapped() -> None:
    """Frost Breath ruling, the other way: frozen while a thief controls it (Act of
    Treason), the creature goes back to its owner at end of turn; it doesn't untap during
    its owner's next untap step, which is now its controller's."""
    g = setup_game()
    lands(g, 0, "Mountain", 3)
    lands(g, 1, "Island", 3)
    bear = put(g, 1, BF, "Grizzly Bears")
    treason = put(g, 0, Zone.HAND, "Act of Treason")
    breath = put(g, 1, Zone.HAND, "Frost Breath")
    start_at(g, "precombat_main")
    cast(g, treason, bear.id)
    settle(g)
    assert controller_of(g, "Grizzly Bears") == 0
    g.apply(0, Pass())  # Bob gets priority with the stack empty
    cast(g, breath, bear.id)
    settle(g)
    to_step(g, "upkeep", 2)
    assert controller_of(g, "Grizzly Bears") == 1 and tapped(g, "Grizzly Bears")
    # the untap step it stayed tapped through was that one: the effect is over
    bear_now = next(o for o in g.permanents() if o.name == "Grizzly Bears")
    assert "doesn't untap" not in g.chars(bear_now).keywords
    to_step(g, "upkeep", 4)
    assert not tapped(g, "Grizzly Bears")


def test_cr_502_2_frost_titan_trigger_follows_the_controller() -> None:
    """Frost Titan ruling: "It doesn't untap during its controller's next untap step" -
    the tapped permanent, stolen before that step, stays tapped through the thief's."""
    g = setup_game()
    lands(g, 0, "Island", 11)
    elves = put(g, 1, BF, "Llanowar Elves")
    titan = put(g, 0, Zone.HAND, "Frost Titan")
    mind = put(g, 0, Zone.HAND, "Mind Control")
    start_at(g, "precombat_main")
    cast(g, titan)
    settle(g)
    answer(g, elves.id, kind="choose_targets")
    settle(g)
    assert tapped(g, "Llanowar Elves")
    cast(g, mind, elves.id)
    settle(g)
    to_step(g, "upkeep", 3)
    assert controller_of(g, "Llanowar Elves") == 0 and tapped(g, "Llanowar Elves")
    to_step(g, "upkeep", 5)
    assert not tapped(g, "Llanowar Elves")


def test_cr_502_2_wall_of_frost_blocked_attacker_follows_the_controller() -> None:
    """Wall of Frost: "that creature doesn't untap during its controller's next untap
    step" - the attacker, given to its opponent (Mind Control) after combat, stays tapped
    through that player's next untap step."""
    g = setup_game()
    lands(g, 1, "Island", 5)
    bear = put(g, 0, BF, "Grizzly Bears")
    put(g, 1, BF, "Wall of Frost")
    mind = put(g, 1, Zone.HAND, "Mind Control")
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((bear.id, PlayerRef(1)),)))
    advance(g, lambda x: x.decision is not None and x.decision.kind == "declare_blockers")
    wall = next(o for o in g.permanents(1) if o.name == "Wall of Frost")
    g.apply(1, DeclareBlockers(((wall.id, (bear.id,)),)))
    settle(g)
    to_step(g, "precombat_main", 2)
    assert tapped(g, "Grizzly Bears")
    cast(g, mind, bear.id)
    settle(g)
    assert controller_of(g, "Grizzly Bears") == 1
    to_step(g, "upkeep", 3)  # Alice's untap step: not hers any more, so not used up
    assert tapped(g, "Grizzly Bears")
    to_step(g, "upkeep", 4)  # Bob's: the one the effect keeps it tapped through
    assert tapped(g, "Grizzly Bears")
    to_step(g, "upkeep", 6)
    assert not tapped(g, "Grizzly Bears")


def test_cr_502_2_frost_breath_without_control_change_untaps_after_one_step() -> None:
    """Frost Breath with no change of control: tapped through its controller's next
    untap step only."""
    g = setup_game()
    lands(g, 0, "Island", 3)
    bear = put(g, 1, BF, "Grizzly Bears")
    breath = put(g, 0, Zone.HAND, "Frost Breath")
    start_at(g, "precombat_main")
    cast(g, breath, bear.id)
    settle(g)
    to_step(g, "upkeep", 2)
    assert tapped(g, "Grizzly Bears")
    to_step(g, "upkeep", 4)
    assert not tapped(g, "Grizzly Bears")


def test_cr_502_2_sleep_names_that_player_not_the_controller() -> None:
    """Sleep: "Those creatures don't untap during that player's next untap step" names a
    player: after that player's untap step the effect is over, so a creature given to
    the caster untaps during the caster's next untap step."""
    g = setup_game()
    lands(g, 0, "Island", 9)
    bear = put(g, 1, BF, "Grizzly Bears")
    sleep = put(g, 0, Zone.HAND, "Sleep")
    mind = put(g, 0, Zone.HAND, "Mind Control")
    start_at(g, "precombat_main")
    cast(g, sleep, PlayerRef(1))
    settle(g)
    cast(g, mind, bear.id)
    settle(g)
    to_step(g, "upkeep", 2)
    to_step(g, "upkeep", 3)
    assert controller_of(g, "Grizzly Bears") == 0 and not tapped(g, "Grizzly Bears")


def test_cr_502_2_arbalest_elite_your_next_untap_step() -> None:
    """Arbalest Elite: "This creature doesn't untap during your next untap step" - its
    controller's, fixed as the ability resolves."""
    g = setup_game()
    lands(g, 0, "Plains", 3)
    elite = put(g, 0, BF, "Arbalest Elite")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers", turn=2, active=1)
    g.apply(1, DeclareAttackers(((bear.id, PlayerRef(0)),)))
    g.apply(1, Pass())
    g.apply(0, Activate(elite.id, 0, (bear.id,)))
    settle(g)
    assert tapped(g, "Arbalest Elite") and not any(o.name == "Grizzly Bears"
                                                   for o in g.permanents())
    to_step(g, "upkeep", 3)
    assert tapped(g, "Arbalest Elite")
    to_step(g, "upkeep", 5)
    assert not tapped(g, "Arbalest Elite")


def test_cr_613_sleep_isnt_an_ability_turn_to_frog_cant_remove_it() -> None:
    """"Doesn't untap" changes a rule of the game, it isn't an ability the creature has
    (613: not a layer-6 effect): Turn to Frog ("loses all abilities") after Sleep leaves
    the creature tapped through its controller's next untap step."""
    g = setup_game()
    lands(g, 0, "Island", 6)
    bear = put(g, 1, BF, "Grizzly Bears")
    sleep = put(g, 0, Zone.HAND, "Sleep")
    frog = put(g, 0, Zone.HAND, "Turn to Frog")
    start_at(g, "precombat_main")
    cast(g, sleep, PlayerRef(1))
    settle(g)
    cast(g, frog, bear.id)
    settle(g)
    assert "doesn't untap" in g.chars(g.obj(bear.id)).keywords
    to_step(g, "upkeep", 2)
    assert tapped(g, "Grizzly Bears")

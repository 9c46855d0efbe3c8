"""How often a damage trigger triggers in one damage event (CR 603.2c, 510.2, 119).

All combat damage of a step is dealt at once (510.2), and so is a spell's damage to
several recipients: one event, with one occurrence per source and recipient.  "An ability
triggers only once each time its trigger event occurs. However, it can trigger repeatedly
if one event contains multiple occurrences" (603.2c).  Which occurrences count is in each
card's wording and rulings:

* per recipient the card names ("whenever combat damage is dealt to you or a planeswalker
  you control", "whenever an opponent is dealt damage"): once for each recipient, however
  many sources dealt it damage - Vengeful Pharaoh, War Elemental, Chandra's Spitfire;
* per source ("whenever a source deals damage to this creature", "whenever a creature
  deals combat damage to a player"): once for each source - Belltower Sphinx, Undercity
  Reaches;
* per source and recipient ("whenever a creature you control deals damage to a creature
  or player"): Crovax.

The other damage triggers of the pool watch one source dealing damage to a player (Scroll
Thief, Merfolk Spy, Stigma Lasher, Worldslayer, Hunter's Insight): in one event that is one
occurrence, whichever reading.
"""

from __future__ import annotations

from typing import Any

from cardplay import advance, answer, lands, names, settle, to_decision

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import AssignDamage, Cast, DeclareAttackers, DeclareBlockers
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.variants import get_variant
from manastack.variants.command_zone import put_in_command, turn_face_up

from conftest import at_step

BF = Zone.BATTLEFIELD
P0, P1 = PlayerRef(0), PlayerRef(1)


def stack_from(g: Game, source: GameObject) -> list[Any]:
    """The abilities on the stack whose source is ``source``."""
    return [g.objects[i] for i in g.stack if getattr(g.objects[i], "source", None) ==
            source.id]


def _pharaoh_and_walker() -> tuple[Game, GameObject, GameObject, GameObject]:
    """Bob attacks Alice with Grizzly Bears and her Jace Beleren with Goblin Piker; the
    Pharaoh waits in Alice's graveyard."""
    g = setup_game()
    ph = put(g, 0, Zone.GRAVEYARD, "Vengeful Pharaoh")
    jace = put(g, 0, BF, "Jace Beleren")
    bear = put(g, 1, BF, "Grizzly Bears")
    piker = put(g, 1, BF, "Goblin Piker")
    start_at(g, "declare_attackers", turn=2, active=1)
    g.apply(1, DeclareAttackers(((bear.id, P0), (piker.id, jace.id))))
    return g, ph, bear, piker


def test_cr_603_2c_vengeful_pharaoh_triggers_for_you_and_for_your_planeswalker() -> None:
    """Vengeful Pharaoh ruling: combat damage dealt to you and to a planeswalker you control
    at the same time makes it trigger twice, each trigger with its own target."""
    g, ph, bear, piker = _pharaoh_and_walker()
    to_decision(g, "order_triggers")  # two triggers of Alice's: she orders them
    assert g.players[0].life == 18
    answer(g, *g.decision.options)
    answer(g, bear.id, kind="choose_targets")
    answer(g, piker.id, kind="choose_targets")
    assert len(stack_from(g, ph)) == 2


def test_cr_603_2c_vengeful_pharaoh_second_trigger_works_when_first_target_is_gone() -> None:
    """Vengeful Pharaoh, two triggers: if the target of one leaves the battlefield before it
    resolves, that one does nothing (608.2b) and the other still destroys its own target and
    puts the card on top of its owner's library."""
    g, ph, bear, piker = _pharaoh_and_walker()
    lands(g, 1, "Island", 1)
    unsummon = put(g, 1, Zone.HAND, "Unsummon")
    to_decision(g, "order_triggers")
    answer(g, *g.decision.options)
    answer(g, bear.id, kind="choose_targets")
    answer(g, piker.id, kind="choose_targets")
    top_target = g.objects[g.stack[-1]].targets[0]
    other = piker if top_target == bear.id else bear
    g.apply(1, Cast(unsummon.id, (top_target,)))  # Bob saves the top trigger's target
    settle(g)
    assert sorted(names(g, g.players[1].graveyard)) == sorted([other.name, "Unsummon"])
    assert g.objects[g.players[1].hand[-1]].name != other.name
    assert names(g, g.players[0].library[-1:]) == ["Vengeful Pharaoh"]


def test_cr_603_2c_vengeful_pharaoh_once_for_you_however_many_attackers() -> None:
    """Vengeful Pharaoh: two creatures dealing combat damage to you are one occurrence of
    "combat damage is dealt to you": it triggers once."""
    g = setup_game()
    ph = put(g, 0, Zone.GRAVEYARD, "Vengeful Pharaoh")
    atk = [put(g, 1, BF, n) for n in ("Grizzly Bears", "Goblin Piker")]
    start_at(g, "declare_attackers", turn=2, active=1)
    g.apply(1, DeclareAttackers(tuple((a.id, P0) for a in atk)))
    to_decision(g, "choose_targets")
    answer(g, atk[0].id)
    assert len(stack_from(g, ph)) == 1 and g.decision.kind == "priority"


def test_cr_603_2c_belltower_sphinx_triggers_for_each_source() -> None:
    """Belltower Sphinx: "Whenever a source deals damage to this creature, that source's
    controller mills that many cards" - blocked by two creatures, it triggers once for each
    (two sources in one event), each milling that source's damage."""
    g = setup_game()
    sphinx = put(g, 0, BF, "Belltower Sphinx")
    spiders = [put(g, 1, BF, "Giant Spider") for _ in range(2)]
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((sphinx.id, P1),)))
    to_decision(g, "declare_blockers")
    g.apply(1, DeclareBlockers(tuple((s.id, (sphinx.id,)) for s in spiders)))
    to_decision(g, "order_blockers")  # the damage assignment order (seed 509.2)
    answer(g, *g.decision.options)
    to_decision(g, "assign_damage")
    g.apply(0, AssignDamage(((sphinx.id, ((spiders[0].id, 2),)),)))
    advance(g, lambda x: len(stack_from(x, sphinx)) > 0, order=True)
    assert len(stack_from(g, sphinx)) == 2
    library = len(g.players[1].library)
    settle(g)
    assert len(g.players[1].library) == library - 4


def test_cr_603_2c_chandras_spitfire_once_for_each_opponent() -> None:
    """Chandra's Spitfire: "Whenever an opponent is dealt noncombat damage" - Fireball
    dealing damage to two opponents at once is two occurrences: +3/+0 twice."""
    g = setup_game(("Alice", "Bob", "Carol"), options=GameOptions(variant="free_for_all"))
    lands(g, 0, "Mountain", 6)
    fire = put(g, 0, Zone.HAND, "Fireball")
    spit = put(g, 0, BF, "Chandra's Spitfire")
    start_at(g, "precombat_main")
    g.apply(0, Cast(fire.id, (PlayerRef(1), PlayerRef(2)), 4))
    advance(g, at_step("beginning_of_combat"), order=True)
    assert [p.life for p in g.players] == [20, 18, 18]
    assert g.chars(g.obj(spit.id)).power == 1 + 6


def test_cr_603_2c_war_elemental_once_per_opponent_with_the_total() -> None:
    """War Elemental: "Whenever an opponent is dealt damage, put that many +1/+1 counters"
    - two attackers hitting one opponent in one event trigger it once, with all the damage
    that opponent was dealt."""
    g = setup_game()
    we = put(g, 0, BF, "War Elemental")
    atk = [put(g, 0, BF, n) for n in ("Grizzly Bears", "Raging Goblin")]
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(tuple((a.id, P1) for a in atk)))
    advance(g, lambda x: bool(x.stack))
    assert len(stack_from(g, we)) == 1
    advance(g, at_step("end_of_combat"))
    assert g.obj(we.id).counters.get("+1/+1") == 3


def test_cr_603_2c_undercity_reaches_once_for_each_creature() -> None:
    """Undercity Reaches: "Whenever a creature deals combat damage to a player, its
    controller may draw a card" - two creatures dealing combat damage at once trigger it
    twice."""
    g = setup_game(options=GameOptions(variant="planechase"))
    plane = turn_face_up(g, put_in_command(g, 0, "Undercity Reaches", face_down=True).id,
                         controller=0)
    atk = [put(g, 0, BF, n) for n in ("Grizzly Bears", "Raging Goblin")]
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(tuple((a.id, P1) for a in atk)))
    advance(g, lambda x: bool(x.stack), order=True)
    assert len(stack_from(g, plane)) == 2


def test_cr_603_2c_crovax_once_for_each_creature_and_recipient() -> None:
    """Crovax: "Whenever a creature you control deals damage to a creature or player, you
    gain 1 life" - a blocked trampler dealing damage to its blocker and to the player at
    once is two occurrences: 2 life (Bob's avatar, Serra, makes the blocker 2/4)."""
    g = setup_game(options=GameOptions(variant="vanguard", extra={"avatars": ["Crovax",
                                                                              "Serra"]}))
    get_variant("vanguard").setup_zones(g)
    wurm = put(g, 0, BF, "Yavimaya Wurm")
    bear = put(g, 1, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    g.apply(0, DeclareAttackers(((wurm.id, P1),)))
    to_decision(g, "declare_blockers")
    g.apply(1, DeclareBlockers(((bear.id, (wurm.id,)),)))
    life, theirs = g.players[0].life, g.players[1].life
    advance(g, lambda x: x.decision is not None and x.decision.kind == "assign_damage"
            or bool(x.stack))
    if g.decision is not None and g.decision.kind == "assign_damage":
        g.apply(0, AssignDamage(((wurm.id, ((bear.id, 4), (P1, 2))),)))
    advance(g, at_step("end_of_combat"), order=True)
    assert g.players[1].life == theirs - 2
    assert g.players[0].life == life + 2

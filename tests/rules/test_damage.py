"""Damage (CR 119 of the seed, 2011 numbering): recipients, results, the 119.4 event."""

from __future__ import annotations

from manastack import log as ev
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Cast
from manastack.game.objects import PlayerRef, Zone
from manastack.rules.damage import DamageItem, _proposal, deal_damage
from manastack.rules.replacement import DamageFields, ProposedDamage

from conftest import pass_until


def _game():  # type: ignore[no-untyped-def]
    g = setup_game()
    start_at(g, "precombat_main", turn=1)
    return g


def test_cr_119_1a_only_creatures_planeswalkers_and_players_are_dealt_damage() -> None:
    """CR 119.1a: damage can't be dealt to an object that's neither a creature nor a
    planeswalker."""
    g = _game()
    land = put(g, 1, Zone.BATTLEFIELD, "Forest")
    src = put(g, 0, Zone.BATTLEFIELD, "Prodigal Pyromancer")
    deal_damage(g, [DamageItem(src.id, land.id, 3)])
    g.run()
    assert g.obj(land.id).damage == 0 and not any(e.kind == ev.DAMAGE for e in g.log)


def test_cr_119_2_any_object_can_deal_damage_and_is_its_source() -> None:
    """CR 119.2 / 119.7: the object that dealt damage is its source (a land here)."""
    g = _game()
    land = put(g, 0, Zone.BATTLEFIELD, "Forest")
    deal_damage(g, [DamageItem(land.id, PlayerRef(1), 2)])
    g.run()
    e = [e for e in g.log if e.kind == ev.DAMAGE][-1]
    assert e.data["source"] == land.id and g.players[1].life == 18


def test_cr_119_3_results_by_recipient_and_source() -> None:
    """CR 119.3a-f: life loss; poison (infect); loyalty; -1/-1 counters (wither/infect);
    marked damage; lifelink life gain in addition."""
    g = _game()
    elf = put(g, 0, Zone.BATTLEFIELD, "Glistener Elf")        # infect
    ripper = put(g, 0, Zone.BATTLEFIELD, "Sickle Ripper")     # wither
    child = put(g, 0, Zone.BATTLEFIELD, "Child of Night")     # lifelink
    bear = put(g, 1, Zone.BATTLEFIELD, "Serra Angel")
    ajani = put(g, 1, Zone.BATTLEFIELD, "Ajani Goldmane")
    deal_damage(g, [DamageItem(elf.id, PlayerRef(1), 1), DamageItem(ripper.id, bear.id, 2),
                    DamageItem(child.id, bear.id, 2), DamageItem(child.id, ajani.id, 1)])
    g.run()
    assert g.decision.kind == "redirect"  # 306.7: the infect damage could go to Ajani
    g.apply(0, g.decision.legal_actions(g)[0])  # keep it on the player
    b = g.obj(bear.id)
    assert g.players[1].poison == 1 and g.players[1].life == 20
    assert b.counters.get("-1/-1") == 2 and b.damage == 2
    assert g.obj(ajani.id).counters["loyalty"] == 3 and g.players[0].life == 23


def test_cr_119_4_one_event_for_simultaneous_damage_lifelink_gain_once() -> None:
    """CR 119.4: all damage dealt at once is one event; lifelink from one source hitting
    two recipients is one life gain of the total."""
    g = _game()
    child = put(g, 0, Zone.BATTLEFIELD, "Child of Night")
    put(g, 0, Zone.BATTLEFIELD, "Ajani's Pridemate")
    deal_damage(g, [DamageItem(child.id, PlayerRef(1), 2), DamageItem(child.id, PlayerRef(1), 1)])
    pass_until(g, lambda q: not q.stack)
    gains = [e for e in g.log if e.kind == ev.LIFE_GAIN]
    assert len(gains) == 1 and gains[0].data["amount"] == 3


def test_cr_119_4a_the_proposed_damage_is_the_damage_item_with_its_event() -> None:
    """CR 119.4a, 615, 614.1a: what prevention and replacement effects modify is the
    damage item itself (source, recipient, amount, combat, can't be prevented: the same
    declared fields), with the damage event it belongs to."""
    g = _game()
    src = put(g, 0, Zone.BATTLEFIELD, "Prodigal Pyromancer")
    item = DamageItem(src.id, PlayerRef(1), 2, combat=True, unpreventable=True)
    proposed = _proposal(g, item, 5)
    assert isinstance(item, DamageFields) and isinstance(proposed, DamageFields)
    assert isinstance(proposed, ProposedDamage) and proposed.event_id == 5
    assert (proposed.source, proposed.target, proposed.amount, proposed.combat,
            proposed.unpreventable) == (src.id, PlayerRef(1), 2, True, True)


def test_cr_119_5_damage_doesnt_destroy_the_sba_does() -> None:
    """CR 119.5: damage doesn't destroy; the creature stays until SBAs (704.5g)."""
    g = _game()
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    bear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    seen: list[bool] = []
    g.listeners.append(lambda e: seen.append(bear.id in g.battlefield)
                       if e.kind == ev.DAMAGE else None)
    g.apply(0, Cast(bolt.id, (bear.id,)))
    pass_until(g, lambda q: not q.stack)
    assert seen == [True] and bear.id not in g.battlefield
    assert any(e.rule == "704.5g" for e in g.log)


def test_cr_119_6_damage_stays_until_cleanup_even_if_no_longer_a_creature() -> None:
    """CR 119.6: marked damage remains until cleanup; it's removed in cleanup (514.2)."""
    g = _game()
    wall = put(g, 1, Zone.BATTLEFIELD, "Wall of Wood")
    src = put(g, 0, Zone.BATTLEFIELD, "Forest")
    deal_damage(g, [DamageItem(src.id, wall.id, 2)])
    g.run()
    assert g.obj(wall.id).damage == 2
    pass_until(g, lambda q: q.turn_number == 2)
    assert g.obj(wall.id).damage == 0


def test_cr_119_8_zero_damage_is_no_damage() -> None:
    """CR 119.8: a source that would deal 0 damage deals none: nothing triggers."""
    g = _game()
    src = put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 1, Zone.BATTLEFIELD, "Wall of Wood")
    deal_damage(g, [DamageItem(src.id, PlayerRef(1), 0)])
    g.run()
    assert not any(e.kind == ev.DAMAGE for e in g.log)


def test_cr_119_4b_worship_changes_the_result_not_the_damage_dealt() -> None:
    """CR 119.4a-b: damage is dealt (and reported: triggers, the log, commander damage),
    then processed into results that replacement effects on results modify; Worship turns
    the life loss of 5 damage at 3 life into 2, but 5 damage was dealt."""
    g = _game()
    put(g, 1, Zone.BATTLEFIELD, "Worship")
    put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    src = put(g, 0, Zone.BATTLEFIELD, "Prodigal Pyromancer")
    g.players[1].life = 3
    deal_damage(g, [DamageItem(src.id, PlayerRef(1), 5)])
    g.run()
    e = [e for e in g.log if e.kind == ev.DAMAGE][-1]
    assert g.players[1].life == 1
    assert e.data["amount"] == 5 and e.data["life_lost"] == 2
    assert "deals 5 damage to" in e.text

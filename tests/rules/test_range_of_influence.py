"""Limited range of influence (CR 801.7-801.16; 104.3h, 104.4e-f).

Five players A-E with range 1: A reaches B and E; C and D are out of A's range."""

from __future__ import annotations

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.events import LifeLost
from manastack.game.decisions import Cast, Pass
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.lines import say
from manastack.rules.damage import DamageItem, deal_damage
from manastack.rules.sba import draw_effect, loop_objects, mandatory_loop, perform, win_game


def ring(n: int = 5, rng: int | None = 1) -> Game:
    extra = {} if rng is None else {"range": rng}
    return setup_game(("A", "B", "C", "D", "E")[:n],
                      options=GameOptions(variant="free_for_all", extra=extra))


def _resolve_all(g: Game) -> None:
    while g.stack and g.decision is not None:
        d = g.decision
        g.apply(d.by, Pass() if d.kind == "priority" else d.legal_actions(g)[0])


def _claw_triggers(caster: int) -> bool:
    g = ring()
    put(g, 0, Zone.BATTLEFIELD, "Dragon's Claw")
    bolt = put(g, caster, Zone.HAND, "Lightning Bolt")
    put(g, caster, Zone.BATTLEFIELD, "Mountain")
    start_at(g, "precombat_main", active=caster)
    g.apply(caster, Cast(bolt.id, (PlayerRef(caster),)))
    return any(e.kind == "trigger" and "Dragon's Claw" in e.text for e in g.log)


def test_cr_801_7_triggers_only_on_events_within_range() -> None:
    """CR 801.7: A's Dragon's Claw ("Whenever a player casts a red spell") triggers when B
    (within range) casts Lightning Bolt, not when C (out of range) does."""
    assert _claw_triggers(1)
    assert not _claw_triggers(2)


def test_cr_801_7a_leaving_the_battlefield_judged_before_the_event() -> None:
    """CR 801.7a: whether an object leaving the battlefield is within range uses its
    controller before the event (a zone change event names its last controller)."""
    from manastack.rules.triggers import event_within_range

    g = ring()
    bear = put(g, 3, Zone.BATTLEFIELD, "Grizzly Bears", controller=1)  # D's, B controls
    start_at(g, "precombat_main")
    from manastack.rules.zones import move
    move(g, bear, Zone.GRAVEYARD, "701.7a")
    e = [x for x in g.log if x.kind == "zone_change"][-1]
    assert event_within_range(g, e, 0)  # B controlled it: within A's range
    assert not event_within_range(g, e, 3)  # D owns it, but B's control is out of range
    assert not event_within_range(g, LifeLost("118.3", say("", ""), 0, player=2, amount=1), 0)


def test_cr_801_8_aura_on_an_object_out_of_range_goes_to_the_graveyard() -> None:
    """CR 801.8: an Aura attached to an object outside its controller's range is put into
    its owner's graveyard as a state-based action."""
    g = ring()
    far = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    near = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    aura = put(g, 0, Zone.BATTLEFIELD, "Volcanic Strength")
    ok = put(g, 0, Zone.BATTLEFIELD, "Volcanic Strength")
    aura.attached_to, ok.attached_to = far.id, near.id
    g.changed()
    start_at(g, "precombat_main", run=False)
    perform(g)
    assert aura.id not in g.battlefield and g.players[0].graveyard
    assert ok.id in g.battlefield
    assert any(e.rule == "801.8" for e in g.log)


def test_cr_801_9_equipment_out_of_range_becomes_unattached() -> None:
    """CR 801.9: an Equipment attached to a permanent outside its controller's range
    becomes unattached and stays on the battlefield."""
    g = ring()
    far = put(g, 3, Zone.BATTLEFIELD, "Grizzly Bears")
    boots = put(g, 0, Zone.BATTLEFIELD, "Swiftfoot Boots")
    boots.attached_to = far.id
    g.changed()
    perform(g)
    assert boots.attached_to is None and boots.id in g.battlefield
    assert any(e.rule == "801.9" for e in g.log)


def test_cr_801_11_information_only_from_within_range() -> None:
    """CR 801.11: Relentless Rats counts only the other Rats within its controller's
    range of influence."""
    g = ring()
    rats = put(g, 0, Zone.BATTLEFIELD, "Relentless Rats")
    put(g, 1, Zone.BATTLEFIELD, "Relentless Rats")
    put(g, 2, Zone.BATTLEFIELD, "Relentless Rats")
    start_at(g, "precombat_main", run=False)
    assert g.chars(rats).power == 3  # 2 + 1 (B's); C's is out of A's range
    h = ring(rng=None)
    r2 = put(h, 0, Zone.BATTLEFIELD, "Relentless Rats")
    put(h, 1, Zone.BATTLEFIELD, "Relentless Rats")
    put(h, 2, Zone.BATTLEFIELD, "Relentless Rats")
    assert h.chars(r2).power == 4


def test_cr_801_13a_redirection_out_of_range_does_nothing() -> None:
    """CR 801.13a: A bolts B; B's Pariah would redirect the damage to C's creature, out of
    A's range: that damage isn't dealt (and B isn't dealt it either)."""
    g = ring()
    cbear = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    pariah = put(g, 1, Zone.BATTLEFIELD, "Pariah")
    pariah.attached_to = cbear.id
    bolt = put(g, 0, Zone.HAND, "Lightning Bolt")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    start_at(g, "precombat_main")
    g.apply(0, Cast(bolt.id, (PlayerRef(1),)))
    _resolve_all(g)
    assert g.players[1].life == 20 and cbear.damage == 0 and cbear.zone == Zone.BATTLEFIELD
    assert any(e.rule == "801.13a" for e in g.log)


def test_cr_801_13b_prevention_effects_and_range() -> None:
    """CR 801.13b: A's Fog ("prevent all combat damage", neither source nor recipient
    named) prevents combat damage only when both are within A's range; A's Healing Salve
    shield on B prevents damage from C (out of A's range) to B."""
    g = ring()
    fog = put(g, 0, Zone.HAND, "Fog")
    salve = put(g, 0, Zone.HAND, "Healing Salve")
    put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 0, Zone.BATTLEFIELD, "Plains")
    cbear = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    dbear = put(g, 3, Zone.BATTLEFIELD, "Grizzly Bears")
    bbear = put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    ebear = put(g, 4, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main")
    g.apply(0, Cast(fog.id))
    _resolve_all(g)
    g.apply(0, Cast(salve.id, (PlayerRef(1),), modes=(1,)))
    _resolve_all(g)
    deal_damage(g, [DamageItem(cbear.id, dbear.id, 2, combat=True),
                    DamageItem(bbear.id, ebear.id, 2, combat=True)])
    assert dbear.damage == 2 and ebear.damage == 0
    deal_damage(g, [DamageItem(cbear.id, PlayerRef(1), 2)])
    assert g.players[1].life == 20


def test_cr_801_14_a_win_effect_makes_opponents_within_range_lose() -> None:
    """CR 801.14 / 104.3h: "A wins the game" makes A's opponents within range lose
    instead; the game goes on.  104.2b without a range: A wins, the others lose."""
    g = ring()
    start_at(g, "precombat_main")
    win_game(g, 0, "test")
    assert [p.index for p in g.players if p.lost] == [1, 4]
    assert not g.over and not g.players[0].won
    h = ring(4, rng=None)
    start_at(h, "precombat_main")
    win_game(h, 2, "test")
    assert h.over and h.winner == 2 and all(h.players[i].lost for i in (0, 1, 3))


def test_cr_801_15_a_draw_effect_is_a_draw_within_range() -> None:
    """CR 801.15 / 104.4e: a draw effect of A's is a draw for A, B and E, who leave the
    game; C and D play on.  104.4c without a range: the game is a draw."""
    g = ring()
    put(g, 1, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main")
    draw_effect(g, 0, "test")
    assert [p.index for p in g.players if p.in_game] == [2, 3]
    assert not any(p.lost for p in g.players) and not g.over
    g.run()
    assert g.decision is not None and g.decision.player in (2, 3)
    h = ring(3, rng=None)
    start_at(h, "precombat_main")
    draw_effect(h, 0, "test")
    assert h.over and h.draw_game and h.log[-1].rule == "104.4c"


def test_cr_801_16_a_mandatory_loop_is_a_draw_for_those_involved() -> None:
    """CR 801.16 / 104.4f: a loop involving C's object is a draw for C and the players
    within C's range (B, D); A and E play on.  104.4b without a range: a draw."""
    g = ring()
    cbear = put(g, 2, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main")
    mandatory_loop(g, [cbear.id])
    assert [p.index for p in g.players if p.in_game] == [0, 4]
    h = ring(3, rng=None)
    start_at(h, "precombat_main")
    mandatory_loop(h, [])
    assert h.over and h.draw_game and h.log[-1].rule == "104.4b"


def test_cr_104_4b_loop_detection_finds_a_repeating_sequence() -> None:
    """A log ending in a sequence repeated at least four times is a loop; its objects
    are those the repeated events name."""
    from manastack.events import Info, Tapped, Untapped

    g = ring(3, rng=None)
    g.log.extend([Info("1", say("start", "début"), 0)])
    for _ in range(5):
        g.log.extend([Tapped("701.19a", say("Bears becomes tapped", "Bears est engagé"), 0,
                             object=7),
                      Untapped("701.19b", say("Bears becomes untapped", "Bears est dégagé"), 0,
                               object=7)])
    assert loop_objects(g) == [7]
    g.log.append(Info("1", say("something else", "autre chose"), 0))
    assert loop_objects(g) is None

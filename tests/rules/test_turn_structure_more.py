"""More turn-structure rules: extra steps, skipped phases and turns, durations, phasing."""

from __future__ import annotations

from manastack import log as ev
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.objects import Zone
from manastack.rules.layers import Duration, LayerEffect, add_effect, modify_pt
from manastack.rules.turn import add_extra_turn, add_skip, add_step

import testcards  # noqa: F401
from conftest import at_step, pass_until


def began(game, turn):  # type: ignore[no-untyped-def]
    return [e.data["step"] for e in game.log if e.turn == turn and (
        e.kind == ev.STEP_BEGAN or (e.kind == ev.PHASE_BEGAN and e.data["phase"] == "main"))]


def test_cr_500_9_additional_step_directly_after_named_step() -> None:
    """CR 500.9: an additional upkeep step directly after this one (Paradox Haze-like)."""
    g = setup_game()
    start_at(g, "upkeep", turn=1)
    add_step(g, "upkeep", after="upkeep")
    add_step(g, "draw", after="draw")
    pass_until(g, at_step("precombat_main"))
    assert began(g, 1)[:5] == ["upkeep", "upkeep", "draw", "draw", "precombat_main"]


def test_cr_500_10_skipped_phase_and_turn() -> None:
    """CR 500.10: a skipped phase or turn is ignored as if it didn't exist."""
    g = setup_game()
    start_at(g, "upkeep", turn=1)
    add_skip(g, "phase", "combat", 0)
    add_skip(g, "turn", "turn", 1)
    pass_until(g, at_step("upkeep", 2))
    assert "beginning_of_combat" not in began(g, 1)
    assert g.active_player == 0  # Bob's turn was skipped; turn 2 is Alice's
    assert any(e.rule == "500.10" and "skips a turn" in e.text for e in g.log)


def test_cr_500_7_extra_turns_for_several_players_apnap() -> None:
    """CR 500.7: extra turns for several players are added one at a time in APNAP order,
    so the non-active player's extra turn (added last) is taken first."""
    g = setup_game()
    start_at(g, "precombat_main", turn=1)
    for p in g.apnap():
        add_extra_turn(g, p)
    pass_until(g, at_step("upkeep", 2))
    assert g.active_player == 1
    pass_until(g, at_step("upkeep", 3))
    assert g.active_player == 0


def test_cr_500_5_until_step_effect_ends_when_that_step_begins() -> None:
    """Seed: effects lasting "until [step]" end as that step begins; "until end of
    [step]" ones end as it ends (CR 500.5)."""
    g = setup_game()
    c = put(g, 0, Zone.BATTLEFIELD, "Test Bear")
    start_at(g, "upkeep", turn=1)
    add_effect(g, LayerEffect("7c", modify_pt(1, 1), frozenset({c.id}), 0, None,
                              duration=Duration("until_step", "precombat_main")))
    add_effect(g, LayerEffect("7c", modify_pt(2, 2), frozenset({c.id}), 0, None,
                              duration=Duration("end_of_step", "draw")))
    assert g.chars(g.obj(c.id)).power == 5
    pass_until(g, at_step("draw"))
    assert g.chars(g.obj(c.id)).power == 5
    pass_until(g, at_step("precombat_main"))
    assert g.chars(g.obj(c.id)).power == 2


def test_cr_702_25f_attachments_phase_out_with_the_permanent() -> None:
    """CR 702.25f / seed 1.1.a: an Aura attached to a phasing creature phases out with it
    ("indirectly") and phases in with it."""
    g = setup_game()
    bk = put(g, 0, Zone.BATTLEFIELD, "Breezekeeper")
    aura = put(g, 0, Zone.BATTLEFIELD, "Lifelink")
    aura.attached_to = bk.id
    start_at(g, "untap", turn=2)
    assert g.obj(bk.id).phased_out and g.obj(aura.id).phased_out
    assert g.obj(aura.id).phased_indirectly
    pass_until(g, at_step("upkeep", 4))
    assert not g.obj(aura.id).phased_out and g.obj(aura.id).attached_to == bk.id
    assert aura.id in g.battlefield


def test_cr_603_10b_phases_out_trigger_looks_back_in_time() -> None:
    """CR 603.10b: "whenever this phases out" triggers although, once phased out, the
    permanent is treated as though it doesn't exist (702.25b): the game looks back to it
    as it was on the battlefield.  Ertai's Familiar mills three; the trigger is put on
    the stack in the upkeep (no player gets priority in the untap step, 502.3)."""
    g = setup_game()
    fam = put(g, 0, Zone.BATTLEFIELD, "Ertai's Familiar")
    start_at(g, "untap", turn=3)  # runs to the first decision
    assert g.obj(fam.id).phased_out
    assert g.step is not None and g.step.name == "upkeep" and len(g.stack) == 1
    assert [e.data["step"] for e in g.log if e.kind == ev.STEP_BEGAN][:2] == \
        ["untap", "upkeep"]
    pass_until(g, lambda x: not x.stack)
    assert len(g.players[0].graveyard) == 3


def test_cr_704_5d_token_leaving_battlefield_ceases_to_exist() -> None:
    """CR 704.5d / 110.5f: a token in a zone other than the battlefield ceases to exist."""
    from manastack.cards.tokens import ZOMBIE
    from manastack.game.decisions import Cast
    from manastack.rules.zones import create_token

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Island")
    un = put(g, 0, Zone.HAND, "Unsummon")
    start_at(g, "precombat_main", turn=1)
    tok = create_token(g, ZOMBIE, 1)
    g.apply(0, Cast(un.id, (tok.id,)))
    pass_until(g, lambda x: not x.stack)
    assert not g.players[1].hand
    assert all(o.name != "Zombie" for o in g.objects.values())
    assert any(e.rule == "704.5d" for e in g.log)


def test_cr_107_4e_hybrid_and_x_costs() -> None:
    """CR 107.4e hybrid mana, 107.3 X: Boggart Ram-Gang ({R/G}x3) paid with forests."""
    from manastack.game.decisions import Cast

    g = setup_game()
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Forest")
    put(g, 0, Zone.BATTLEFIELD, "Mountain")
    rg = put(g, 0, Zone.HAND, "Boggart Ram-Gang")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(rg.id))
    pass_until(g, lambda x: not x.stack)
    assert any(o.name == "Boggart Ram-Gang" for o in g.permanents(0))


def test_cr_700_2_modal_spell_chooses_mode() -> None:
    """CR 700.2 / 601.2b: Healing Salve's modes; each mode has its own targets."""
    from manastack.game.decisions import Cast
    from manastack.game.objects import PlayerRef

    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Plains")
    hs = put(g, 0, Zone.HAND, "Healing Salve")
    start_at(g, "precombat_main", turn=1)
    legal = g.decision.legal_actions(g)
    assert Cast(hs.id, (PlayerRef(0),), 0, (0,)) in legal
    g.apply(0, Cast(hs.id, (PlayerRef(0),), 0, (0,)))
    pass_until(g, lambda x: not x.stack)
    assert g.players[0].life == 23


def test_cr_400_2_observation_hides_hands_and_libraries() -> None:
    """CR 400.2: hands and libraries are hidden; observations never leak them."""
    import json

    g = setup_game()
    put(g, 0, Zone.HAND, "Lightning Bolt")
    put(g, 1, Zone.HAND, "Giant Growth")
    start_at(g, "upkeep", turn=1)
    mine = json.dumps(g.observe(0))
    assert "Lightning Bolt" in mine and "Giant Growth" not in mine
    spectator = json.dumps(g.observe(None))
    assert "Lightning Bolt" not in spectator and "Plains" not in spectator
    assert g.observe(1)["players"][0]["hand_size"] == 1


def test_cr_614_1b_position_begins_at_a_skipped_step() -> None:
    """CR 614.1b, 500.10: a game started at the beginning of a step that a skip effect
    replaces with nothing proceeds past it: under Stasis the untap step the position
    begins at doesn't happen (the tapped land stays tapped), under Necropotence the draw
    step doesn't (no card is drawn)."""
    g = setup_game()
    put(g, 0, "battlefield", "Stasis")
    island = put(g, 0, "battlefield", "Island", tapped=True)
    start_at(g, "untap", turn=1)
    assert island.tapped
    assert "untap" not in began(g, 1)
    assert any(e.rule == "614.1b" and "skips the untap step" in e.text for e in g.log)
    g = setup_game()
    put(g, 0, "battlefield", "Necropotence")
    hand = len(g.players[0].hand)
    start_at(g, "draw", turn=1)
    pass_until(g, at_step("precombat_main"))
    assert len(g.players[0].hand) == hand
    assert "draw" not in began(g, 1)

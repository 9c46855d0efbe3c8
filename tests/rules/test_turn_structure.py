"""The turn structure (CR 500-514, seed 000 sections 1, 2, 5; CR 703 turn-based actions)."""

from __future__ import annotations

import pytest

from manastack import log as ev
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Activate, Cast, Choose, Pass, PlayLand
from manastack.game.objects import PlayerRef, Zone
from manastack.rules.turn import add_extra_turn

import testcards  # noqa: F401  (registers test cards)
from conftest import at_step, pass_until

ORDER = ["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat",
         "declare_attackers", "end_of_combat", "postcombat_main", "end", "cleanup"]


def steps_of_turn(game, turn):  # type: ignore[no-untyped-def]
    out = []
    for e in game.log:
        if e.turn == turn and e.kind in (ev.STEP_BEGAN, ev.PHASE_BEGAN) and \
                (e.kind == ev.STEP_BEGAN or e.data.get("phase") == "main"):
            out.append(e.data["step"])
    return out


def test_cr_500_1_phases_and_steps_in_order() -> None:
    """CR 500.1, 501.1, 506.1, 512.1: every phase and step happens, in order; with no
    attackers the declare blockers and combat damage steps are skipped (508.8)."""
    g = setup_game()
    start_at(g, "untap", turn=1)
    pass_until(g, at_step("upkeep", 2))
    assert steps_of_turn(g, 1) == ORDER


def test_cr_502_3_no_priority_during_untap_step() -> None:
    """CR 502.3: no player receives priority during the untap step."""
    g = setup_game()
    start_at(g, "untap", turn=1)
    assert g.step is not None and g.step.name == "upkeep"
    assert not any(e.kind == ev.PASS for e in g.log)


def test_cr_500_2_step_ends_only_when_all_pass_in_succession() -> None:
    """CR 500.2 / 116.4: one pass doesn't end the step; the other player's does."""
    g = setup_game()
    start_at(g, "upkeep", turn=1)
    g.apply(0, Pass())
    assert g.step.name == "upkeep" and g.decision.player == 1
    g.apply(1, Pass())
    assert g.step.name == "draw"


def test_cr_500_4_mana_empties_at_end_of_each_step() -> None:
    """CR 500.4 / 703.4p: unused mana empties as each step and phase ends (no mana burn)."""
    g = setup_game()
    set_mana(g, 0, "RG")
    start_at(g, "upkeep", turn=1)
    pass_until(g, at_step("draw"))
    assert str(g.players[0].mana_pool) == ""
    assert g.players[0].life == 20
    assert any(e.rule == "500.4" for e in g.log)


def test_cr_504_1_active_player_draws() -> None:
    """CR 504.1 / 703.4c: the active player draws a card as the draw step begins."""
    g = setup_game()
    put(g, 0, Zone.LIBRARY, "Forest")
    start_at(g, "draw", turn=2)
    assert len(g.players[0].hand) == 1
    assert any(e.rule == "504.1" and e.kind == ev.DRAW for e in g.log)


def test_cr_502_2_untap_step_untaps_active_players_permanents() -> None:
    """CR 502.2: the active player untaps their permanents, not the other player's."""
    g = setup_game()
    a = put(g, 0, Zone.BATTLEFIELD, "Forest", tapped=True)
    b = put(g, 1, Zone.BATTLEFIELD, "Forest", tapped=True)
    start_at(g, "untap", turn=2)
    assert not g.obj(a.id).tapped and g.obj(b.id).tapped


def test_cr_502_1_phasing_happens_before_untap_and_attachments_follow() -> None:
    """CR 502.1 / 702.25: permanents with phasing phase out, phased-out ones phase in."""
    g = setup_game()
    bk = put(g, 0, Zone.BATTLEFIELD, "Breezekeeper", tapped=True)
    start_at(g, "untap", turn=2)
    assert g.obj(bk.id).phased_out
    assert g.obj(bk.id).tapped  # phased out: it doesn't untap
    pass_until(g, at_step("upkeep", 4))
    assert not g.obj(bk.id).phased_out
    assert not g.obj(bk.id).tapped  # phased in, then untapped (same untap step)


def test_cr_503_1_trigger_during_untap_goes_on_stack_in_upkeep() -> None:
    """Seed 1.1/1.2, CR 503.1: abilities triggering in the untap step wait for upkeep,
    and "at the beginning of your upkeep" abilities trigger as upkeep begins."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Test Untap Watcher", tapped=True)
    put(g, 0, Zone.BATTLEFIELD, "Test Upkeep Gainer")
    start_at(g, "untap", turn=2)
    assert g.step.name == "upkeep"
    # both triggers were put on the stack before the active player got priority
    assert g.decision.kind in ("order_triggers", "priority")
    if g.decision.kind == "order_triggers":
        g.apply(0, g.decision.legal_actions(g)[0])
    assert len(g.stack) == 2
    pass_until(g, lambda x: not x.stack)
    assert g.players[0].life == 22


def test_cr_513_1_end_step_does_not_go_back() -> None:
    """Seed 5.1 / CR 513.1: a delayed "at the beginning of the next end step" ability
    created during the end step waits until the next turn's end step."""
    g = setup_game()
    src = put(g, 0, Zone.BATTLEFIELD, "Test Delayed Drawer")
    for _ in range(5):
        put(g, 0, Zone.LIBRARY, "Forest")
    start_at(g, "end", turn=1)
    g.apply(0, Activate(src.id, 0))
    pass_until(g, lambda x: not x.stack)
    hand_before = len(g.players[0].hand)
    pass_until(g, at_step("upkeep", 2))
    assert len(g.players[0].hand) == hand_before  # did not trigger this end step
    pass_until(g, at_step("upkeep", 3))
    assert len(g.players[0].hand) == hand_before + 1  # it triggered at the next end step


def test_cr_514_1_discard_to_maximum_hand_size() -> None:
    """CR 514.1 / 703.4m: the active player discards down to seven, choosing the cards."""
    g = setup_game()
    ids = [put(g, 0, Zone.HAND, "Forest").id for _ in range(9)]
    start_at(g, "cleanup", turn=1)
    assert g.decision.kind == "discard" and g.decision.rule == "514.1"
    with pytest.raises(IllegalAction):
        g.apply(0, Choose((ids[0],)))
    g.apply(0, Choose((ids[0], ids[1])))
    assert len(g.players[0].hand) == 7 and len(g.players[0].graveyard) == 2


def test_cr_514_2_damage_removed_and_until_end_of_turn_effects_end() -> None:
    """CR 514.2 / 703.4n: damage wears off and "until end of turn" effects end together."""
    g = setup_game()
    c = put(g, 0, Zone.BATTLEFIELD, "Test Self Pumper")
    start_at(g, "end", turn=1)
    g.apply(0, Activate(c.id, 0))
    pass_until(g, lambda x: not x.stack)
    assert g.chars(g.obj(c.id)).toughness == 2
    g.obj(c.id).damage = 1
    g.changed()
    pass_until(g, at_step("upkeep", 2))
    o = g.obj(c.id)
    assert o.damage == 0 and g.chars(o).toughness == 1


def test_cr_514_3a_cleanup_repeats_after_state_based_actions() -> None:
    """CR 514.3a / seed 5.2: if SBAs happen during cleanup, players get priority and a
    new cleanup step follows."""
    g = setup_game()
    c = put(g, 0, Zone.BATTLEFIELD, "Test Self Pumper")
    start_at(g, "end", turn=1)
    g.apply(0, Activate(c.id, 0))  # 1/2 until end of turn
    pass_until(g, lambda x: not x.stack)
    g.obj(c.id).counters["-1/-1"] = 1  # 0/1 now, 0/0 once the effect ends
    g.changed()
    pass_until(g, lambda x: x.step.name == "cleanup" and x.decision is not None
               and x.decision.kind == "priority")
    assert c.id not in g.battlefield  # 704.5f put it into the graveyard
    pass_until(g, at_step("upkeep", 2))
    assert any(e.rule == "514.3a" for e in g.log)
    cleanups = [e for e in g.log if e.kind == ev.STEP_BEGAN and e.data["step"] == "cleanup"]
    assert len(cleanups) == 2


def test_cr_511_2_until_end_of_combat_ends_with_the_combat_phase() -> None:
    """Seed 3.5.a / CR 511.2: "until end of combat" effects end at the end of the combat
    phase, not at the beginning of the end of combat step."""
    g = setup_game()
    c = put(g, 0, Zone.BATTLEFIELD, "Test Combat Pumper")
    start_at(g, "beginning_of_combat", turn=1)
    g.apply(0, Activate(c.id, 0))
    pass_until(g, lambda x: not x.stack)
    pass_until(g, at_step("end_of_combat"))
    assert g.chars(g.obj(c.id)).power == 2
    pass_until(g, at_step("postcombat_main"))
    assert g.chars(g.obj(c.id)).power == 1


def test_cr_500_7_extra_turns_most_recent_first() -> None:
    """CR 500.7 / seed: extra turns directly after this one, the most recent first."""
    g = setup_game()
    start_at(g, "precombat_main", turn=1)
    add_extra_turn(g, 0)
    add_extra_turn(g, 1)
    pass_until(g, at_step("upkeep", 2))
    assert g.active_player == 1
    pass_until(g, at_step("upkeep", 3))
    assert g.active_player == 0
    pass_until(g, at_step("upkeep", 4))
    assert g.active_player == 1  # normal turn order resumes


def test_cr_500_7_time_walk_gives_an_extra_turn() -> None:
    """Time Walk: "Take an extra turn after this one." (CR 500.7)."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Island")
    put(g, 0, Zone.BATTLEFIELD, "Island")
    tw = put(g, 0, Zone.HAND, "Time Walk")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(tw.id))
    pass_until(g, at_step("upkeep", 2))
    assert g.active_player == 0


def test_cr_500_8_additional_combat_and_main_phase() -> None:
    """CR 500.8, seed section 2: Relentless Assault adds a combat phase and a main phase
    after this main phase; only the first main phase is precombat."""
    g = setup_game()
    for _ in range(4):
        put(g, 0, Zone.BATTLEFIELD, "Mountain")
    ra = put(g, 0, Zone.HAND, "Relentless Assault")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(ra.id))
    pass_until(g, at_step("upkeep", 2))
    seq = steps_of_turn(g, 1)
    assert seq == ["precombat_main", "beginning_of_combat", "declare_attackers",
                   "end_of_combat", "postcombat_main", "beginning_of_combat",
                   "declare_attackers", "end_of_combat", "postcombat_main", "end", "cleanup"]


def test_cr_500_10_skipped_step_is_ignored() -> None:
    """CR 500.10: Fatigue — target player skips their next draw step."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Island")
    put(g, 0, Zone.BATTLEFIELD, "Island")
    f = put(g, 0, Zone.HAND, "Fatigue")
    put(g, 1, Zone.LIBRARY, "Forest")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(f.id, (PlayerRef(1),)))
    pass_until(g, at_step("precombat_main", 2))
    assert "draw" not in steps_of_turn(g, 2)
    assert len(g.players[1].hand) == 0


def test_cr_305_2_one_land_per_turn_in_main_phase() -> None:
    """CR 305.2 / seed section 2: one land per turn, main phase, empty stack."""
    g = setup_game()
    a = put(g, 0, Zone.HAND, "Forest")
    b = put(g, 0, Zone.HAND, "Forest")
    start_at(g, "upkeep", turn=1)
    with pytest.raises(IllegalAction, match="305.1"):
        g.apply(0, PlayLand(a.id))
    pass_until(g, at_step("precombat_main"))
    g.apply(0, PlayLand(a.id))
    with pytest.raises(IllegalAction, match="305.2"):
        g.apply(0, PlayLand(b.id))
    assert len(g.battlefield) == 1


def test_cr_103_7a_starting_player_skips_first_draw() -> None:
    """CR 103.7a: in a two-player game the starting player skips their first draw step."""
    from manastack.engine import new_game
    from manastack.game.state import GameOptions

    g = new_game(["A", "B"], [["Forest"] * 40, ["Island"] * 40], seed=7,
                 options=GameOptions(first_player=0))
    g.apply(0, g.decision.legal_actions(g)[0])
    g.apply(1, g.decision.legal_actions(g)[0])
    pass_until(g, at_step("precombat_main", 2))
    assert len(g.players[0].hand) == 7 and len(g.players[1].hand) == 8


def test_cr_500_1_step_and_phase_events_name_their_step_phase_and_player() -> None:
    """CR 500.1, 501.1, 505.1: each step's and phase's beginning and end is an event naming
    it (and, as it begins, the active player); no tool can change an event's data (events
    are immutable values, so the events of one step may share theirs)."""
    g = setup_game()
    start_at(g, "untap", turn=1)
    pass_until(g, at_step("upkeep", 3))
    kinds = (ev.PHASE_BEGAN, ev.STEP_BEGAN, ev.STEP_ENDED, ev.PHASE_ENDED)
    events = [e for e in g.log if e.kind in kinds]
    began = [(e.turn, e.data["step"], e.data["phase"], e.data["player"]) for e in events
             if e.kind == ev.STEP_BEGAN]
    assert (1, "upkeep", "beginning", 0) in began and (2, "end", "ending", 1) in began
    mains = [(e.turn, e.data["step"], e.data["player"]) for e in events
             if e.kind == ev.PHASE_BEGAN and e.data["phase"] == "main"]
    assert mains[:2] == [(1, "precombat_main", 0), (1, "postcombat_main", 0)]
    ended = [(e.turn, e.data) for e in events if e.kind == ev.PHASE_ENDED]
    assert (2, {"phase": "combat"}) in ended
    assert [e.text for e in events if e.kind == ev.PHASE_BEGAN and e.turn == 2][:2] == [
        "Beginning phase begins", "Bob's precombat main phase begins"]
    with pytest.raises(TypeError):  # events are immutable values: no tool changes one
        events[0].data["note"] = "added by a tool"  # type: ignore[index]
    assert all("note" not in e.data for e in events)

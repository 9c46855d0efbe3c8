"""The turn structure rules the seeds cover that no other test cited yet (CR 500-514, seed
000 sections 1-5; seed 001 rule 103; seed 003 rule 703): steps without priority, the
priority each step gives, main phases, land plays, the starting team, turn-based
actions against triggered abilities."""

from __future__ import annotations

from cardplay import advance, cast, refused, settle

from manastack import log as ev
from manastack.cards.dsl import SpellAbility, make_card
from manastack.cards.effects import GainLife
from manastack.engine import Game, new_game
from manastack.engine.setup import put, set_mana, setup_game, start_at
from manastack.game.decisions import (
    Activate,
    Cast,
    Choose,
    DeclareAttackers,
    Mulligan,
    Pass,
    PlayLand,
)
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions

import testcards  # noqa: F401  (registers the test-only cards)
from conftest import at_step, pass_until

BF, HAND = Zone.BATTLEFIELD, Zone.HAND


def _decisions_until(g: Game, pred) -> list[tuple[str, str, int]]:  # type: ignore[no-untyped-def]
    """Pass (and take default answers) until ``pred``; the (step, decision kind, player)
    of every decision met on the way."""
    seen: list[tuple[str, str, int]] = []

    def watch(q: Game) -> bool:
        if q.decision is not None and q.step is not None:
            seen.append((q.step.name, q.decision.kind, q.decision.player))
        return bool(pred(q))
    pass_until(g, watch)
    return seen


def _index(g: Game, kind: str, **data: object) -> int:
    """The position in the log of the first event of ``kind`` whose data hold ``data``."""
    for i, e in enumerate(g.log):
        if e.kind == kind and all(e.data.get(k) == v for k, v in data.items()):
            return i
    raise AssertionError(f"no {kind} event with {data}")


# ---------------------------------------------------------------- 500: general


def test_cr_500_3_untap_and_cleanup_steps_end_once_their_actions_are_done() -> None:
    """CR 500.3 (seed 000 section 1): a step in which no player receives priority (the
    untap step, a cleanup step with nothing to do) ends as soon as its turn-based actions
    are completed: nobody gets a decision in it and the next step begins."""
    g = setup_game()
    land = put(g, 0, BF, "Forest", tapped=True)
    start_at(g, "untap", turn=2)
    # the untap step untapped the Forest and ended by itself: the game waits in upkeep
    assert g.step is not None and g.step.name == "upkeep" and g.decision.kind == "priority"
    assert not g.obj(land.id).tapped
    began, untapped = _index(g, ev.STEP_BEGAN, step="untap"), _index(g, ev.UNTAPPED)
    ended = _index(g, ev.STEP_ENDED, step="untap")
    assert began < untapped < ended
    assert not any(e.kind == ev.PASS for e in g.log[began:ended])
    # the cleanup step (hand of 7 or fewer, no trigger, no SBA) ends the same way
    seen = _decisions_until(g, at_step("upkeep", 3))
    assert ("end", "priority", 0) in seen
    assert not [s for s in seen if s[0] in ("cleanup", "untap")]
    cleanup = [e for e in g.log if e.turn == 2 and e.data.get("step") == "cleanup"]
    assert [e.kind for e in cleanup] == [ev.STEP_BEGAN, ev.STEP_ENDED]
    assert not any(e.rule == "514.3a" for e in g.log)  # no second cleanup step


_ALLOWED_BETWEEN = {ev.PHASE_ENDED, ev.TURN_BEGAN, ev.PHASE_BEGAN, ev.STEP_BEGAN,
                    ev.EFFECT_ENDED, ev.INFO}


def test_cr_500_11_no_game_events_between_steps_phases_or_turns() -> None:
    """CR 500.11 (seed 000 section 1: "no event can happen between turns, phases or
    steps"): an "until end of combat" pump that ends with the combat phase leaves a
    damaged creature with lethal damage; the state-based action destroying it happens in
    the postcombat main phase (when a player would receive priority), not between the two
    phases.  Nothing else (draws, triggers, damage, priority) happens between steps either."""
    g = setup_game()
    pumper = put(g, 0, BF, "Test Combat Pumper")
    put(g, 0, BF, "Test End Step Gainer")
    set_mana(g, 0, "G")
    start_at(g, "beginning_of_combat", turn=1)
    g.apply(0, Activate(pumper.id, 0))
    settle(g)
    pumper.damage = 1  # a 2/2 until end of combat with 1 damage marked
    g.changed()
    pass_until(g, at_step("precombat_main", 2))
    combat_ended = _index(g, ev.PHASE_ENDED, phase="combat")
    main_began = next(i for i, e in enumerate(g.log) if i > combat_ended
                      and e.kind == ev.PHASE_BEGAN and e.data.get("phase") == "main")
    died = next(i for i, e in enumerate(g.log) if e.kind == ev.ZONE_CHANGE
                and e.data.get("to_zone") == Zone.GRAVEYARD)
    assert combat_ended < main_began < died
    # between the end of any step or phase and the beginning of the next one (of this
    # turn or the next), only the structure of the turn moves on
    between = False
    for e in g.log:
        if e.kind in (ev.STEP_ENDED, ev.PHASE_ENDED):
            between = True
        elif e.kind == ev.STEP_BEGAN or (e.kind == ev.PHASE_BEGAN and
                                         e.data.get("phase") == "main"):
            between = False
        elif between:
            assert e.kind in _ALLOWED_BETWEEN, (e.kind, e.text)
    assert g.players[0].life == 21  # the end step trigger did happen, inside the end step


# ---------------------------------------------------------------- 503-505


def _after_first_upkeep(game, player: int) -> bool:  # type: ignore[no-untyped-def]
    """"Cast this spell only after your upkeep step": the first upkeep step of the turn has
    ended (503.2), as the game's own step events tell."""
    return game.is_active(player) and any(
        e.kind == ev.STEP_ENDED and e.data.get("step") == "upkeep"
        and e.turn == game.turn_number for e in game.log)


AFTER_UPKEEP = make_card(
    "Test After Upkeep Charm", "{0}", types=("Instant",),
    spell=SpellAbility(effect=GainLife(1), timing=_after_first_upkeep, timing_rule="503.2"),
    text="Cast this spell only after your upkeep step. You gain 1 life.")


def test_cr_503_2_after_upkeep_spell_castable_in_a_second_upkeep_step() -> None:
    """CR 503.2: a spell castable only "after [a player's] upkeep step" may be cast, in a
    turn with several upkeep steps (Paradox Haze), any time after the first one ends: not
    in the first upkeep step, but in the additional one.  (No card of the pool has this
    wording: a test-only card reads the engine's step events.)"""
    g = setup_game()
    haze = put(g, 1, BF, "Paradox Haze")
    haze.attached_to = PlayerRef(0)
    charm = put(g, 0, HAND, AFTER_UPKEEP)
    g.changed()
    start_at(g, "upkeep", turn=2)
    assert g.stack  # Paradox Haze's trigger: an additional upkeep step after this one
    refused(g, 0, Cast(charm.id), "503.2")
    settle(g)
    refused(g, 0, Cast(charm.id), "503.2")  # still the first upkeep step
    advance(g, lambda q: q.step.name == "upkeep" and q.step.extra)
    cast(g, charm)
    settle(g)
    assert g.players[0].life == 21 and g.step.name == "upkeep"


def test_cr_504_2_active_player_gets_priority_after_drawing() -> None:
    """CR 504.2: once the draw (504.1) is done, the active player gets priority in the draw
    step: they may cast an instant there, with the drawn card in hand."""
    g = setup_game()
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "draw", turn=2)
    assert g.step.name == "draw" and g.decision.kind == "priority"
    assert g.decision.player == 0 and len(g.players[0].hand) == 2 and not g.stack
    cast(g, bolt, PlayerRef(1))
    settle(g)
    assert g.players[1].life == 17 and g.step.name == "draw"


def test_cr_505_2_main_phase_has_no_steps_and_ends_when_all_pass_on_empty_stack() -> None:
    """CR 505.2: the main phase has no steps (one phase event, no step event); passing
    with a spell on the stack resolves it and the phase goes on; all players passing in
    succession with the stack empty ends it."""
    g = setup_game()
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "precombat_main", turn=1)
    main = [e for e in g.log if e.data.get("phase") == "main"]
    assert [e.kind for e in main] == [ev.PHASE_BEGAN]
    cast(g, bolt, PlayerRef(1))
    g.apply(0, Pass())
    g.apply(1, Pass())  # both passed: the Bolt resolves, the phase doesn't end
    assert g.players[1].life == 17 and g.step.name == "precombat_main"
    g.apply(0, Pass())
    assert g.step.name == "precombat_main"  # one pass isn't enough
    g.apply(1, Pass())
    assert g.step.name == "beginning_of_combat"
    assert [e.kind for e in g.log if e.data.get("phase") == "main"] == [
        ev.PHASE_BEGAN, ev.PHASE_ENDED]


def _archenemy(schemes: list[str], step: str = "precombat_main") -> Game:
    g = setup_game(["A", "B", "C"], options=GameOptions(variant="archenemy", extra={
        "archenemy": "A", "schemes": schemes}))
    from manastack.variants.command_zone import put_in_command
    for n in schemes:
        put_in_command(g, 0, n, face_down=True, kind="Scheme")
    return start_at(g, step)


def test_cr_505_3_archenemy_sets_a_scheme_in_motion_in_precombat_main_only() -> None:
    """CR 505.3 (seed 703.4d): first in the archenemy's precombat main phase, the top
    scheme is set in motion, a turn-based action (no stack: the scheme is face up before
    anyone gets priority); the postcombat main phase sets no scheme in motion."""
    from manastack.variants.command_zone import face_up
    g = _archenemy(["Roots of All Evil", "Look Skyward and Despair"])
    assert [o.name for o in face_up(g, "Scheme")] == ["Look Skyward and Despair"]
    motion = next(i for i, e in enumerate(g.log) if e.kind == "set_in_motion")
    began = _index(g, ev.PHASE_BEGAN, phase="main")
    assert began < motion and not any(e.kind == ev.PASS for e in g.log[began:])
    settle(g)
    advance(g, at_step("postcombat_main"))
    assert face_up(g, "Scheme") == []  # no second scheme in the postcombat main phase
    assert [e.kind for e in g.log].count("set_in_motion") == 1


def test_cr_505_4_then_the_active_player_gets_priority_in_the_main_phase() -> None:
    """CR 505.4: second, the active player gets priority: in the archenemy's precombat main
    phase, after the scheme was set in motion (its "when you set this scheme in motion"
    ability waits on the stack); in an ordinary main phase, as it begins."""
    g = _archenemy(["Look Skyward and Despair"])
    assert g.decision.kind == "priority" and g.decision.player == 0
    assert [g.objects[i].source_name for i in g.stack] == ["Look Skyward and Despair"]
    h = setup_game()
    start_at(h, "postcombat_main", turn=1)
    assert h.step.name == "postcombat_main" and h.decision.kind == "priority"
    assert h.decision.player == 0 and not h.stack


def test_cr_505_4a_sorcery_speed_spells_only_in_a_main_phase() -> None:
    """CR 505.4a: a main phase is the only phase in which a player can normally cast a
    creature or sorcery spell: the active player can in either main phase (stack empty),
    not in the beginning or combat phase, and the other player can't in it."""
    g = setup_game()
    for _ in range(2):
        put(g, 0, BF, "Forest")
        put(g, 1, BF, "Forest")
    bears = put(g, 0, HAND, "Grizzly Bears")
    other = put(g, 1, HAND, "Grizzly Bears")
    start_at(g, "upkeep", turn=1)
    refused(g, 0, Cast(bears.id), "302.1")
    advance(g, at_step("precombat_main"))
    g.apply(0, Pass())
    refused(g, 1, Cast(other.id), "302.1")  # Bob has priority in Alice's main phase
    advance(g, at_step("beginning_of_combat"))
    refused(g, 0, Cast(bears.id), "302.1")
    advance(g, at_step("postcombat_main"))
    cast(g, bears)
    settle(g)
    assert [o.name for o in g.permanents(0) if o.name == "Grizzly Bears"] == ["Grizzly Bears"]


def test_cr_505_4b_one_land_in_a_main_phase_with_an_empty_stack() -> None:
    """CR 505.4b: during either main phase the active player may play one land, when the
    stack is empty and they have priority; not a second one, not with a spell on the
    stack, not in another phase, not the other player.  Playing a land doesn't use the
    stack: the land is on the battlefield at once and the player keeps priority."""
    g = setup_game()
    put(g, 0, BF, "Mountain")
    bolt = put(g, 0, HAND, "Lightning Bolt")
    f1, f2 = put(g, 0, HAND, "Forest"), put(g, 0, HAND, "Forest")
    theirs = put(g, 1, HAND, "Island")
    start_at(g, "upkeep", turn=1)
    refused(g, 0, PlayLand(f1.id), "305.1")  # not a main phase
    advance(g, at_step("precombat_main"))
    cast(g, bolt, PlayerRef(1))
    refused(g, 0, PlayLand(f1.id), "305.1")  # the stack isn't empty
    settle(g)
    g.apply(0, PlayLand(f1.id))
    assert not g.stack and g.decision.kind == "priority" and g.decision.player == 0
    assert any(o.name == "Forest" for o in g.permanents(0))
    refused(g, 0, PlayLand(f2.id), "305.2b")  # one land per turn
    g.apply(0, Pass())
    refused(g, 1, PlayLand(theirs.id), "305.3")  # not Bob's turn
    g.apply(1, Pass())
    assert g.step.name == "beginning_of_combat"
    refused(g, 0, PlayLand(f2.id), "305.1")


def test_cr_507_2_active_player_gets_priority_in_the_beginning_of_combat_step() -> None:
    """CR 507.2: after the defending player is chosen (507.1: in a multiplayer game), the
    active player gets priority in the beginning of combat step."""
    g = setup_game()
    start_at(g, "beginning_of_combat", turn=1)
    assert g.step.name == "beginning_of_combat"
    assert g.decision.kind == "priority" and g.decision.player == 0
    h = setup_game(("A", "B", "C"), options=GameOptions(variant="free_for_all"))
    put(h, 0, BF, "Grizzly Bears")
    start_at(h, "beginning_of_combat", turn=1)
    assert h.decision.kind == "choose_defender" and h.decision.player == 0
    h.apply(0, Choose((PlayerRef(2),)))
    assert h.step.name == "beginning_of_combat"
    assert h.decision.kind == "priority" and h.decision.player == 0


def test_cr_511_1_end_of_combat_step_has_no_turn_based_action_then_priority() -> None:
    """CR 511.1: the end of combat step has no turn-based actions; once it begins the
    active player gets priority (an "at end of combat" trigger waits on the stack), and
    the attacking creature is still attacking (removed from combat as the step ends)."""
    g = setup_game()
    colossus = put(g, 0, BF, "Crumbling Colossus")
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(((colossus.id, PlayerRef(1)),)))
    advance(g, at_step("end_of_combat"))
    assert g.decision.kind == "priority" and g.decision.player == 0
    assert colossus.id in g.combat.attackers
    began = _index(g, ev.STEP_BEGAN, step="end_of_combat")
    # the delayed "at end of combat" ability triggers (603.7) and waits on the stack;
    # nothing else happened in the step before Alice got priority
    assert {e.kind for e in g.log[began + 1:]} == {ev.INFO, ev.TRIGGER}
    assert all(e.rule.startswith("603") for e in g.log[began + 1:])
    assert [g.objects[i].source_name for i in g.stack] == ["Crumbling Colossus"]
    settle(g)
    assert not any(o.name == "Crumbling Colossus" for o in g.permanents(0))


def test_cr_514_3_no_priority_in_the_cleanup_step() -> None:
    """CR 514.3: normally no player receives priority during the cleanup step, so no
    spells can be cast: after the discard to hand size (514.1, not a priority decision)
    the step ends and the next turn begins; the instant in hand is never castable there."""
    g = setup_game()
    put(g, 0, BF, "Mountain")
    for _ in range(8):
        put(g, 0, HAND, "Lightning Bolt")
    start_at(g, "end", turn=1)
    seen = _decisions_until(g, at_step("upkeep", 2))
    in_cleanup = [s for s in seen if s[0] == "cleanup"]
    assert in_cleanup == [("cleanup", "discard", 0)]
    assert len(g.players[0].hand) == 7 and g.players[1].life == 20
    cleanup = [e for e in g.log if e.data.get("step") == "cleanup"]
    assert [e.kind for e in cleanup] == [ev.STEP_BEGAN, ev.STEP_ENDED]


# ---------------------------------------------------------------- 103 (seed 001)


def test_cr_103_2a_shared_team_turns_have_a_starting_team() -> None:
    """Seed 103.2a: with the shared team turns option (Two-Headed Giant) there is a
    starting team: the team of the chosen player takes the first turn together (both
    active, both skip that turn's draw step, 103.7b)."""
    g = new_game(["A", "B", "C", "D"], [["Forest"] * 40] * 4, seed=2,
                 options=GameOptions(variant="two_headed_giant", first_player=1))
    while g.decision is not None and g.decision.kind == "mulligan":
        g.apply(g.decision.player, Mulligan(False))
    assert g.turn_number == 1 and g.active_players() == [1, 3]
    assert g.decision.player == 1 and g.is_active(3) and not g.is_active(0)
    assert [len(p.hand) for p in g.players] == [7, 7, 7, 7]  # no draw for the team
    pass_until(g, lambda q: q.turn_number == 2)
    assert g.active_players() == [0, 2]


def test_cr_103_5c_starting_team_takes_opening_hand_actions_first() -> None:
    """Seed 103.5c: with shared team turns, first each player of the starting team may take
    opening-hand actions (Leyline of the Void), then each player of each other team in turn
    order.  Teams A+C against B+D, A starting: A and C act before B and D."""
    g = new_game(["A", "B", "C", "D"], [["Leyline of the Void"] * 40] * 4, seed=1,
                 options=GameOptions(variant="two_headed_giant", first_player=0))
    order = []
    while g.decision is not None and g.decision.kind in ("mulligan", "opening_hand"):
        d = g.decision
        if d.kind == "mulligan":
            g.apply(d.player, Mulligan(False))
        else:
            order.append(d.player)
            g.apply(d.player, Choose(()))
    assert sorted(order) == [0, 1, 2, 3]
    assert set(order[:2]) == {0, 2} and set(order[2:]) == {1, 3}


# ---------------------------------------------------------------- 703 (seed 003)


def test_cr_703_1_turn_based_actions_happen_automatically_without_the_stack() -> None:
    """Seed 703.1: turn-based actions happen automatically as a step begins (the draw) or
    as it ends (mana empties) and don't use the stack: nobody has priority while they
    happen, nothing can respond, and no object for them is ever on the stack."""
    g = setup_game()
    set_mana(g, 0, "R")
    start_at(g, "upkeep", turn=2)
    hand = len(g.players[0].hand)
    g.apply(0, Pass())
    g.apply(1, Pass())  # the upkeep ends: Alice's R empties, then the draw step draws
    assert g.step.name == "draw" and len(g.players[0].hand) == hand + 1
    assert str(g.players[0].mana_pool) == "" and not g.stack
    emptied = next(i for i, e in enumerate(g.log) if e.kind == ev.MANA and e.rule == "500.4")
    drew = next(i for i, e in enumerate(g.log) if e.kind == ev.DRAW)
    ended = _index(g, ev.STEP_ENDED, step="upkeep")
    assert emptied < ended < drew
    assert all(e.kind not in (ev.PASS, ev.TRIGGER, ev.CAST, ev.ACTIVATE)
               for e in g.log[emptied:drew + 1])
    assert all(e.kind != ev.RESOLVE for e in g.log)  # nothing went through the stack


def test_cr_703_1a_beginning_of_step_abilities_are_triggered_not_turn_based() -> None:
    """Seed 703.1a: an ability that watches for the upkeep to begin ("at the beginning of
    your upkeep, you gain 1 life") is a triggered ability, not a turn-based action: it goes
    on the stack, controlled by its controller, players may respond before it resolves,
    unlike the draw step's draw."""
    g = setup_game()
    put(g, 0, BF, "Test Upkeep Gainer")
    put(g, 1, BF, "Mountain")
    bolt = put(g, 1, HAND, "Lightning Bolt")
    start_at(g, "upkeep", turn=2)
    assert len(g.stack) == 1 and g.objects[g.stack[0]].controller == 0
    assert g.players[0].life == 20
    g.apply(0, Pass())
    cast(g, bolt, PlayerRef(0))  # Bob responds to the trigger
    settle(g)
    assert g.players[0].life == 20 - 3 + 1
    assert any(e.kind == ev.TRIGGER for e in g.log) and \
        any(e.kind == ev.RESOLVE and "Test Upkeep Gainer" in e.text for e in g.log)

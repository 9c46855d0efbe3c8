"""Auto-pass with stops (``manastack.stops``): a person is asked at the steps they stop at
when they have something to do (CR 116.3, 117-style priority: 116 here; steps 500-514),
when someone else's spell or ability is on top of the stack (405), and for decisions that
offer a choice; every other decision of theirs is answered for them, with a note in their
log, and the game is the same game (the rules untouched)."""

from __future__ import annotations

import pytest

from manastack.agents import HeuristicAgent
from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import ManastackError
from manastack.events import PriorityPassed
from manastack.game.decisions import Action, Cast, DeclareAttackers, Pass, PriorityDecision
from manastack.game.objects import PlayerRef
from manastack.game.state import GameOptions
from manastack.log import render_jsonl
from manastack.narrative import narrate
from manastack.play import default_deck, default_deck_names
from manastack.stops import AutoPass, Stops, advance, needs_player
from manastack.variants import get_variant

ALICE, BOB = 0, 1


class Bob:
    """A scripted opponent: attacks with everything (``attack``), casts each card named
    in ``casts`` once when it can (the first target listed), else passes or gives the
    first legal answer."""

    def __init__(self, attack: bool = False, casts: tuple[str, ...] = ()) -> None:
        self.attack = attack
        self.casts = list(casts)

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        if d.kind == "declare_attackers" and self.attack:
            acts = d.legal_actions(game)
            return max(acts, key=lambda a: len(a.attacks) if isinstance(a, DeclareAttackers)
                       else 0)
        if isinstance(d, PriorityDecision):
            for a in d.legal_actions(game):
                if isinstance(a, Cast) and game.objects[a.card].name in self.casts:
                    self.casts.remove(game.objects[a.card].name)
                    return a
            return Pass()
        return d.legal_actions(game)[0]


def _asked_steps(g: Game, pilot: AutoPass, bob: Bob, answer: Action | None = None,
                 turns: int = 1) -> list[tuple[int, str, str]]:
    """Run the game for ``turns`` turns from now; (turn, step, kind) of each decision
    Alice is asked (she answers ``answer`` when it is legal, else passes or gives the
    first legal answer)."""
    out = []
    last = g.turn_number + turns - 1
    while True:
        d = advance(g, pilot, [None, bob], max_decisions=2_000)
        if d is None or g.turn_number > last:
            return out
        assert g.step is not None
        out.append((g.turn_number, g.step.name, d.kind))
        acts = d.legal_actions(g)
        a = answer if answer in acts else Pass() if d.kind == "priority" else acts[0]
        g.apply(ALICE, a)


def _game() -> Game:
    return setup_game(filler="Serra Angel", library_size=20)  # (no land to draw)


def test_cr_505_asked_in_own_main_phases_only_with_something_to_do() -> None:
    """Default stops: Alice's precombat and postcombat main phases (505), when she has
    something to do (a land to play, 305.1); with nothing but passing, she isn't asked."""
    g = _game()
    put(g, ALICE, "hand", "Forest")
    start_at(g, "upkeep", turn=2, active=ALICE)
    pilot = AutoPass(ALICE)
    steps = _asked_steps(g, pilot, Bob())
    assert steps == [(2, "precombat_main", "priority"), (2, "postcombat_main", "priority")]
    g = _game()
    start_at(g, "upkeep", turn=2, active=ALICE)
    pilot = AutoPass(ALICE)
    assert _asked_steps(g, pilot, Bob()) == []
    assert pilot.passed > 5


def test_cr_116_no_stop_no_question_even_with_an_instant_to_cast() -> None:
    """The MTGO model: stops decide.  Alice could cast Lightning Bolt in her upkeep, draw
    step and combat steps, but she stops only at her main phases (and her own turn's end
    step isn't a stop)."""
    g = _game()
    put(g, ALICE, "battlefield", "Mountain")
    put(g, ALICE, "hand", "Lightning Bolt")
    start_at(g, "upkeep", turn=2, active=ALICE)
    pilot = AutoPass(ALICE)
    steps = _asked_steps(g, pilot, Bob())
    assert [s for _t, s, _k in steps] == ["precombat_main", "postcombat_main"]
    texts = narrate(pilot.log_for(g), "full")
    assert "[116.3d] Alice passes priority (auto-pass: no stop at the upkeep step)" in texts


def test_cr_509_asked_at_declare_blockers_when_attacked() -> None:
    """On Bob's turn Alice stops at the declare blockers step (509) when a creature
    attacks her, not when none does (then there is no such step, 508.8), and at the end
    step (513) since she holds an instant she can cast."""
    for attack in (True, False):
        g = _game()
        put(g, BOB, "battlefield", "Grizzly Bears")
        put(g, ALICE, "battlefield", "Forest")
        put(g, ALICE, "hand", "Giant Growth")
        start_at(g, "upkeep", turn=3, active=BOB)
        pilot = AutoPass(ALICE)
        steps = [s for _t, s, _k in _asked_steps(g, pilot, Bob(attack=attack))]
        assert steps == (["declare_blockers", "end"] if attack else ["end"])


def test_cr_513_opponents_end_step_only_with_a_card_to_cast() -> None:
    """Alice stops at Bob's end step (513) only when she holds a card she can cast then:
    Lightning Bolt with a Mountain, not without the Mountain, nor a creature card."""
    for hand, land, asked in (("Lightning Bolt", "Mountain", True),
                              ("Lightning Bolt", None, False),
                              ("Grizzly Bears", "Forest", False)):
        g = _game()
        if land:
            put(g, ALICE, "battlefield", land)
        put(g, ALICE, "hand", hand)
        start_at(g, "end", turn=3, active=BOB)
        pilot = AutoPass(ALICE)
        steps = _asked_steps(g, pilot, Bob())
        assert steps == ([(3, "end", "priority")] if asked else []), hand


def _bears_against_a_bolt() -> Game:
    """Bob's precombat main phase (turn 3): he holds Grizzly Bears and two Forests to
    cast it; Alice holds Lightning Bolt and a Mountain."""
    g = _game()
    put(g, BOB, "battlefield", "Forest")
    put(g, BOB, "battlefield", "Forest")
    put(g, BOB, "hand", "Grizzly Bears")
    put(g, ALICE, "battlefield", "Mountain")
    put(g, ALICE, "hand", "Lightning Bolt")
    start_at(g, "precombat_main", turn=3, active=BOB)
    return g


def test_cr_405_asked_when_an_opponent_casts_a_spell_not_for_her_own() -> None:
    """Bob casts Grizzly Bears in his main phase: Alice, holding Lightning Bolt and a
    Mountain, is asked with it on the stack (405.1).  She casts the Bolt in response; her
    own Bolt on top, she passes without a question (116.3c: she gets priority again)."""
    g = _bears_against_a_bolt()
    pilot = AutoPass(ALICE)
    d = advance(g, pilot, [None, Bob(casts=("Grizzly Bears",))])
    assert d is not None and d.kind == "priority" and g.stack
    assert g.objects[g.stack[-1]].name == "Grizzly Bears"
    bolt = next(a for a in d.legal_actions(g) if isinstance(a, Cast)
                and a.targets == (PlayerRef(BOB),))
    g.apply(ALICE, bolt)
    assert g.objects[g.stack[-1]].name == "Lightning Bolt"
    assert not pilot.needs_player(g)
    advance(g, pilot, [None, Bob()])
    assert g.players[BOB].life == 17
    texts = narrate(pilot.log_for(g), "full")
    assert any("auto-pass: Lightning Bolt, controlled by Alice, is on top of the stack" in t
               for t in texts)


def test_f6_passes_until_end_of_turn_but_asks_declarations() -> None:
    """"Pass until end of turn" (F6): Alice's priorities are passed until the turn ends,
    her postcombat main phase too; the declaration of attackers (508.1, not priority)
    is still asked; the next turn, her stops are back."""
    g = _game()
    put(g, ALICE, "battlefield", "Grizzly Bears")
    put(g, ALICE, "hand", "Forest")
    put(g, ALICE, "hand", "Forest")
    start_at(g, "precombat_main", turn=2, active=ALICE)
    pilot = AutoPass(ALICE)
    assert pilot.needs_player(g) and needs_player(g, ALICE) and not needs_player(g, BOB)
    pilot.pass_until_end_of_turn(g)
    assert not pilot.needs_player(g) and needs_player(g, ALICE)
    steps = _asked_steps(g, pilot, Bob(), turns=3)
    assert steps == [(2, "declare_attackers", "declare_attackers"),
                     (4, "precombat_main", "priority"),
                     (4, "declare_attackers", "declare_attackers"),
                     (4, "postcombat_main", "priority")]
    texts = narrate(pilot.log_for(g), "full", "fr")
    assert "[116.3d] Alice passe la priorité (passe automatique : passe jusqu'à la fin du " \
        "tour)" in texts


@pytest.mark.parametrize("stop", [True, False])
def test_f6_stops_for_an_opponents_spell_if_asked_to(stop: bool) -> None:
    """With F6 on, Bob's Lightning Bolt at Alice's face (an opponent's spell on top of the
    stack) asks her when ``f6_stops_for_spells`` (the default), not otherwise."""
    g = _game()
    put(g, ALICE, "battlefield", "Forest")
    put(g, ALICE, "hand", "Giant Growth")
    put(g, ALICE, "battlefield", "Grizzly Bears")
    put(g, BOB, "battlefield", "Mountain")
    put(g, BOB, "hand", "Lightning Bolt")
    start_at(g, "precombat_main", turn=2, active=ALICE)
    pilot = AutoPass(ALICE, Stops(f6_stops_for_spells=stop))
    pilot.pass_until_end_of_turn(g)
    bob = Bob(casts=("Lightning Bolt",))
    d = advance(g, pilot, [None, bob])
    if stop:
        assert d is not None and d.kind == "priority"
        assert g.objects[g.stack[-1]].name == "Lightning Bolt"
    else:
        assert d is not None and d.kind == "declare_attackers" and not g.stack


def test_cr_116_chosen_stops_ask_even_with_nothing_to_do() -> None:
    """Stops are the player's: with a stop at the others' upkeep (503) and
    ``ask_with_nothing_to_do`` (MTGO), Alice is asked at Bob's upkeep with an empty hand;
    without her stop for the stack, Bob's Grizzly Bears on the stack doesn't ask her."""
    g = _game()
    start_at(g, "upkeep", turn=3, active=BOB)
    pilot = AutoPass(ALICE, Stops(own=frozenset(), others=frozenset({"upkeep"}),
                                  ask_with_nothing_to_do=True, end_step_with_instant=False))
    assert _asked_steps(g, pilot, Bob()) == [(3, "upkeep", "priority")]
    g = _bears_against_a_bolt()
    pilot = AutoPass(ALICE, Stops(stack=False, end_step_with_instant=False))
    assert _asked_steps(g, pilot, Bob(casts=("Grizzly Bears",))) == []
    texts = narrate(pilot.log_for(g), "full")
    assert "[116.3d] Alice passes priority (auto-pass: no stop for the stack)" in texts


def test_forced_decisions_are_answered_never_asked() -> None:
    """A decision with one legal answer (declaring no blockers with only a creature that
    can't block, 509.1a) is answered for the player, and the note names the answer."""
    g = _game()
    put(g, BOB, "battlefield", "Grizzly Bears")
    put(g, ALICE, "battlefield", "Grizzly Bears", tapped=True)
    start_at(g, "upkeep", turn=3, active=BOB)
    pilot = AutoPass(ALICE)
    assert _asked_steps(g, pilot, Bob(attack=True)) == []
    assert pilot.forced == 1
    texts = narrate(pilot.log_for(g), "full")
    line = "Alice answers block (nothing) (automatically: the only legal answer)"
    assert any(line in t for t in texts)
    assert any(line in t for t in narrate(pilot.log_for(g), "normal"))  # (kept there)


def _human_game(seed: int, decks: tuple[str, str]) -> tuple[Game, AutoPass]:
    """A whole game: Alice, the heuristic agent answering only when asked, against Bob's
    heuristic agent."""
    g = new_game(["Alice", "Bob"], [default_deck(decks[0]), default_deck(decks[1])], seed)
    human = HeuristicAgent(2 * seed + 1)
    pilot = AutoPass(ALICE)
    while (d := advance(g, pilot, [None, HeuristicAgent(2 * seed + 2)])) is not None:
        if d.kind != "priority":
            assert len(d.legal_actions(g)) > 1  # never a forced decision
        else:
            assert any(not isinstance(a, Pass) for a in d.legal_actions(g))
        g.apply(ALICE, human.act(g))
    return g, pilot


def test_cr_116_a_whole_game_asks_a_few_questions_and_is_the_same_game() -> None:
    """A whole game: Alice is asked a fraction of her decisions (the others are answered
    for her, each with a note); the game is the one played by giving the same answers by
    hand (the same log and state: auto-pass changes nothing in the rules, 116.3d), and
    the game's own log holds no note of the front end."""
    names = default_deck_names()
    g, pilot = _human_game(3, (names[0], names[1]))
    assert g.over
    answered = sum(1 for p, _a in g.history if p == ALICE)
    assert pilot.asked + pilot.passed + pilot.forced == answered
    assert pilot.asked * 4 < answered
    same = new_game(["Alice", "Bob"], g.deck_lists, g.seed)
    for p, a in g.history:
        same.apply(p, a)
    assert render_jsonl(same.log) == render_jsonl(g.log)
    assert same.state_hash() == g.state_hash()
    notes = {id(n.event) for n in pilot.notes}
    assert not any(id(e) in notes for e in g.log)
    assert "auto-pass" not in render_jsonl(g.log)
    mine = pilot.log_for(g)
    assert len(mine) == len(g.log) + pilot.forced  # each pass note stands for the pass
    passes = [e for e in mine if isinstance(e, PriorityPassed) and e.player == ALICE]
    auto = [e for e in passes if "(auto-pass: " in e.text]
    assert len(auto) == pilot.passed
    assert len(passes) - len(auto) == sum(  # (her own passes, asked)
        1 for p, a in g.history if p == ALICE and isinstance(a, Pass)) - pilot.passed
    # the normal level of detail leaves the passes out, the notes of passes too
    assert not any("auto-pass" in t for t in narrate(mine, "normal"))


@pytest.mark.parametrize("variant", ["free_for_all", "two_headed_giant"])
def test_cr_806_810_multiplayer_auto_pass(variant: str) -> None:
    """Free-for-all (806) and Two-Headed Giant (810, shared turns, 805.4a): Alice is asked
    a fraction of her decisions; the others are heuristic agents."""
    decks, extra = get_variant(variant).default_setup(4, 5)
    g = new_game(["Alice", "Bob", "Carol", "Dave"], decks, 5,
                 GameOptions(variant=variant, max_turns=8, extra=extra))
    human = HeuristicAgent(1)
    pilot = AutoPass(ALICE)
    agents = [None] + [HeuristicAgent(k) for k in (2, 3, 4)]
    while advance(g, pilot, agents) is not None:
        g.apply(ALICE, human.act(g))
    answered = sum(1 for p, _a in g.history if p == ALICE)
    assert pilot.asked + pilot.passed + pilot.forced == answered
    assert 0 < pilot.asked and pilot.asked * 3 < answered


def test_bad_stop_names_are_refused_in_one_line() -> None:
    """A stop at a step that doesn't exist (or gives no priority: untap, 502.3) is
    refused, naming the steps there are."""
    with pytest.raises(ManastackError, match="no step or main phase with priority named "
                       "'untap', 'upkep'"):
        Stops(own=frozenset({"upkep", "untap"}))
    with pytest.raises(ManastackError, match="a set of step names"):
        Stops(others="end")

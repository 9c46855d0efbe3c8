"""The action notation (docs/notation.md): one canonical text per action, read back.

Unit tests on a set position (names, prefixes, ``#n``, errors that list the candidates and
never name a hidden card, the length cap), then the round trip over random games of every
variant: ``parse_action(game, action_text(game, a)) == a`` for every listed action of
every decision (and sampled ones where a decision isn't listed whole: attackers,
blockers, damage assignment).
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.agents import RandomAgent
from manastack.engine import Game, new_game
from manastack.engine.notation import Notation, NotationError, action_text, parse_action
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import InputLimitError, ManastackError
from manastack.game.decisions import (
    Action,
    Activate,
    AssignDamage,
    Cast,
    CombatDecision,
    Concede,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    OrderDamage,
    Pass,
    PlayLand,
    Special,
)
from manastack.game.objects import PlayerRef, Zone
from manastack.game.state import GameOptions
from manastack.variants import get_variant

BOB = PlayerRef(1)


def _position() -> tuple[Game, dict[str, int]]:
    """Alice (active, precombat main, priority): three Mountains, a Forest and Grizzly
    Bears out,
    Lightning Bolt, Fireball and Grizzly Bears in hand; Bob: Grizzly Bears, Llanowar Elves,
    Giant Growth in hand (hidden from Alice)."""
    game = setup_game()
    ids = {
        "m1": put(game, 0, Zone.BATTLEFIELD, "Mountain").id,
        "m2": put(game, 0, Zone.BATTLEFIELD, "Mountain").id,
        "m3": put(game, 0, Zone.BATTLEFIELD, "Mountain").id,
        "forest": put(game, 0, Zone.BATTLEFIELD, "Forest").id,
        "bears_a": put(game, 0, Zone.BATTLEFIELD, "Grizzly Bears").id,
        "bolt": put(game, 0, Zone.HAND, "Lightning Bolt").id,
        "fireball": put(game, 0, Zone.HAND, "Fireball").id,
        "bears_hand": put(game, 0, Zone.HAND, "Grizzly Bears").id,
        "bears_b": put(game, 1, Zone.BATTLEFIELD, "Grizzly Bears").id,
        "elves": put(game, 1, Zone.BATTLEFIELD, "Llanowar Elves").id,
        "growth": put(game, 1, Zone.HAND, "Giant Growth").id,
    }
    start_at(game, "precombat_main")
    assert game.decision is not None and game.decision.kind == "priority"
    return game, ids


def test_cr_601_2c_cast_names_the_card_and_its_targets_by_name() -> None:
    """A spell's text names the card, its targets (601.2c: players by name) and X
    (601.2b); ``Action.text(game)`` is the same text; each reads back as the action."""
    game, ids = _position()
    bolt = Cast(ids["bolt"], (BOB,))
    assert bolt in game.legal_actions()
    assert action_text(game, bolt) == bolt.text(game) == "cast Lightning Bolt -> Bob"
    fireball = Cast(ids["fireball"], (ids["elves"],), x=2)
    assert action_text(game, fireball) == "cast Fireball X=2 -> Llanowar Elves"
    for a in (bolt, fireball):
        assert parse_action(game, action_text(game, a)) == a


def test_cr_400_7_objects_sharing_a_name_are_numbered_by_object_id() -> None:
    """Three Grizzly Bears (two permanents, one card in Alice's hand) are ``#1``-``#3`` in
    the order of their object ids; a name shared by nothing has no number."""
    game, ids = _position()
    n = Notation(game)
    assert [n.name(ids[k]) for k in ("bears_a", "bears_hand", "bears_b")] == \
        ["Grizzly Bears #1", "Grizzly Bears #2", "Grizzly Bears #3"]
    assert n.name(ids["elves"]) == "Llanowar Elves"
    assert n.text(Cast(ids["bolt"], (ids["bears_b"],))) == \
        "cast Lightning Bolt -> Grizzly Bears #3"


def test_prefixes_case_and_spaces_are_read() -> None:
    """Any unambiguous prefix of a name, in any case, with any spacing, reads as the
    name, with its number if it has one (``griz #3``); a shared name without its number reads as the one the verb can use (the
    Grizzly Bears in hand is the only one Alice may cast)."""
    game, ids = _position()
    assert parse_action(game, "  CAST   light  ->bo ") == Cast(ids["bolt"], (BOB,))
    assert parse_action(game, "cast griz") == Cast(ids["bears_hand"])
    assert parse_action(game, "cast fire x=1 -> grizzly bears #3") == \
        Cast(ids["fireball"], (ids["bears_b"],), x=1)
    assert parse_action(game, "Pass") == Pass()
    assert parse_action(game, "activate mountain #2") == Activate(ids["m2"])
    assert parse_action(game, "cast Lightning Bolt -> griz #3") == \
        Cast(ids["bolt"], (ids["bears_b"],))


def test_an_ambiguous_name_is_refused_listing_the_candidates() -> None:
    """``cast Lightning Bolt -> Griz``: two Grizzly Bears may be its target; the error
    lists both with their numbers, and says which text was ambiguous."""
    game, _ids = _position()
    with pytest.raises(NotationError) as e:
        parse_action(game, "cast Lightning Bolt -> griz")
    assert str(e.value) == ("'griz' is ambiguous: Grizzly Bears #1, Grizzly Bears #3")
    assert isinstance(e.value, ManastackError)


def test_an_unknown_name_is_refused_listing_the_candidates_bounded() -> None:
    """A name that matches nothing is refused with the names the verb could use; a list
    longer than ten ends with "and N more"; an unknown verb lists the verbs."""
    game, _ids = _position()
    with pytest.raises(NotationError, match=r"^no card is named 'shivan'; candidates: "
                                            r"Fireball, Grizzly Bears #2, Lightning Bolt$"):
        parse_action(game, "cast shivan")
    with pytest.raises(NotationError, match=r"and \d+ more$"):
        parse_action(game, "activate Mountain #1 -> zzz")
    with pytest.raises(NotationError, match="^unknown verb 'sacrifice': expected one of"):
        parse_action(game, "sacrifice Grizzly Bears")


def test_cr_400_2_a_hidden_card_is_never_named() -> None:
    """Bob's Giant Growth is hidden from Alice (402.3): her notation calls it ``card in
    Bob's hand``, and no error she gets names it, even when she guesses it; Bob sees his
    own card.  A face-down creature is ``face-down creature`` to both players (406.3)."""
    game, ids = _position()
    alice = Notation(game, "Alice")
    assert alice.name(ids["growth"]) == "card in Bob's hand"
    assert Notation(game, "Bob").name(ids["growth"]) == "Giant Growth"
    for text in ("cast Lightning Bolt -> giant", "cast giant", "choose giant growth",
                 "attack giant -> Bob", "cast Lightning Bolt -> zzz"):
        with pytest.raises(NotationError) as e:
            parse_action(game, text)
        assert "Giant Growth" not in str(e.value)
    game.objects[ids["bears_b"]].face_down = True
    game.changed()
    assert Notation(game, "Alice").name(ids["bears_b"]) == "face-down creature"
    assert Notation(game, "Bob").name(ids["bears_b"]) == "face-down creature"


def test_every_verb_has_a_text_that_reads_back() -> None:
    """One example of each verb (docs/notation.md), read back as the same action: the
    text of an action doesn't depend on its legality (the engine judges that)."""
    game, ids = _position()
    bears_a, bears_b, elves = ids["bears_a"], ids["bears_b"], ids["elves"]
    examples: list[tuple[Action, str]] = [
        (Pass(), "pass"), (Concede(), "concede"), (Mulligan(False), "keep"),
        (Mulligan(True), "mulligan"),
        (PlayLand(ids["m1"]), "play Mountain #1"),
        (Cast(ids["fireball"], (bears_b, BOB), x=3, pay=(ids["m1"], ids["m2"])),
         "cast Fireball X=3 -> Grizzly Bears #3, Bob pay Mountain #1, Mountain #2"),
        (Cast(ids["bolt"], (BOB,), pay=("pool",)), "cast Lightning Bolt -> Bob pay pool"),
        (Cast(ids["bolt"], modes=(0, 2), alt="free"),
         "cast Lightning Bolt mode 1+3 alt=free"),
        (Activate(ids["m3"], mana="R"), "activate Mountain #3 mana=R"),
        (Activate(elves, -1), "activate Llanowar Elves: 0"),
        (DeclareAttackers(((bears_a, BOB),)), "attack Grizzly Bears #1 -> Bob"),
        (DeclareAttackers(((bears_a, BOB), (ids["m1"], BOB)), ((bears_a, ids["m1"]),)),
         "attack Grizzly Bears #1 -> Bob, Mountain #1 -> Bob; band Grizzly Bears #1, "
         "Mountain #1"),
        (DeclareAttackers(), "attack"),
        (DeclareBlockers(((bears_b, (bears_a,)), (elves, (bears_a, ids["m1"])))),
         "block Grizzly Bears #3 -> Grizzly Bears #1, Llanowar Elves -> Grizzly Bears #1"
         " + Mountain #1"),
        (OrderDamage(((bears_a, (bears_b, elves)),)),
         "order Grizzly Bears #1: Grizzly Bears #3, Llanowar Elves"),
        (AssignDamage(((bears_a, ((bears_b, 1), (elves, 1))),)),
         "assign Grizzly Bears #1: 1 -> Grizzly Bears #3, 1 -> Llanowar Elves"),
        (Special("planar_die"), "special planar_die"),
    ]
    for action, text in examples:
        assert action_text(game, action) == text
        assert parse_action(game, text) == action, text


def test_hostile_text_is_refused_quickly() -> None:
    """A text over the length cap is refused unread; long lists of names within it (the
    most pieces a reader may try to join) are read or refused quickly."""
    game, _ids = _position()
    with pytest.raises(InputLimitError):
        parse_action(game, "cast " + "a" * 10_000)
    start = time.process_time()
    for text in ("cast Lightning Bolt -> " + ", ".join(["grizzly bears"] * 900),
                 "attack " + " -> ".join(["g"] * 1300), "block " + " + ".join(["x"] * 1300),
                 "choose " + ", ".join(["a"] * 1900)):
        with pytest.raises(ManastackError):
            parse_action(game, text)
    many = parse_action(game, "cast Lightning Bolt -> " + ", ".join(["ll"] * 900))
    assert isinstance(many, Cast) and len(many.targets) == 900
    assert time.process_time() - start < 3


_POSITION = _position()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["cast", "activate", "attack", "block", "order", "assign",
                                 "choose", "special", "play", "pass", "griz", "Bob",
                                 "Lightning Bolt", "->", ",", ";", ":", "+", "#2", "X=3",
                                 "mode 1", "alt=", "pay", "pool", "mana=R", "none", " ",
                                 "2", "²", "٣"]) | st.text(max_size=6), max_size=12).map(" ".join))
def test_fuzz_any_text_is_read_or_refused_in_one_line(text: str) -> None:
    """Whatever the text, reading it gives an action or a one-line ManastackError."""
    game, _ids = _POSITION
    try:
        assert isinstance(parse_action(game, text), Action)
    except ManastackError as e:
        assert "\n" not in str(e) and len(str(e)) < 2_000


# ---------------------------------------------------------------- the round trip

NAMES = ("Alice", "Bob", "Carol", "Dave")
CASES = [("two_player", 2), ("free_for_all", 3), ("two_headed_giant", 4), ("commander", 2),
         ("archenemy", 3), ("supervillain_rumble", 3), ("planechase", 2), ("vanguard", 2)]


def round_trip_game(variant: str, players: int, seed: int, max_turns: int,
                    kinds: Counter[str]) -> list[str]:
    """Play a random game; at every decision, text and read back every listed action (a
    sample of three where the decision isn't listed whole, and the first 300 of a long
    list) and the one the agent answers.  Returns the failures."""
    decks, extra = get_variant(variant).default_setup(players, seed)
    game = new_game(NAMES[:players], decks, seed, GameOptions(
        variant=variant, max_turns=max_turns, extra=extra,
        starting_life=6 if seed % 2 else None))
    agents = [RandomAgent(7 * seed + i) for i in range(players)]
    rng = random.Random(seed)
    failures = []
    while game.decision is not None:
        d = game.decision
        notation = Notation(game)
        actions = [d.sample(game, rng) for _ in range(3)] \
            if isinstance(d, CombatDecision) else d.legal_actions(game)[:300]
        answer = agents[d.by].act(game)
        for a in [*actions, answer, Concede()]:
            text = notation.text(a)
            kinds[f"{d.kind}: {text.split(' ')[0]}"] += 1
            try:
                back: object = notation.parse(text)
            except ManastackError as e:
                back = e
            if back != a:
                failures.append(f"{variant} seed {seed} {d.kind}: {a!r} -> {text!r} -> "
                                f"{back!r}")
        game.apply(d.by, answer)
    return failures


#: What every variant's games must show between them: each decision kind, each verb.
EXPECTED = {"mulligan: keep", "mulligan: mulligan", "priority: pass", "priority: play",
            "priority: cast", "priority: activate", "priority: special",
            "declare_attackers: attack", "choose_defender: choose", "discard: choose",
            "priority: concede"}


@pytest.mark.parametrize("games,turns", [
    pytest.param(1, 8, id="quick"), pytest.param(12, 25, id="soak", marks=pytest.mark.soak)])
def test_round_trip_over_every_decision_of_random_games_of_every_variant(
        games: int, turns: int) -> None:
    """For every action listed at every decision of random games of every variant, and
    the one answered, ``parse_action(action_text(a)) == a`` (the decider's view)."""
    kinds: Counter[str] = Counter()
    failures = [f for variant, n in CASES for seed in range(games)
                for f in round_trip_game(variant, n, seed, turns, kinds)]
    assert failures == []
    assert EXPECTED <= set(kinds)
    if games > 1:
        assert {"declare_blockers: block", "assign_damage: assign", "order_blockers: order",
                "choose_targets: choose", "search: choose", "commander_zone: choose",
                "may: choose", "choose_x: choose"} <= set(kinds)


# ---------------------------------------------------------------- the command line

def test_play_and_replay_print_the_decisions_in_the_notation(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``manastack play --decisions --save F`` prints each answer in the notation and
    saves it (format 2); ``manastack replay F --decisions`` prints the same lines, and
    ``--as spectator`` names no card hidden from a spectator (Alice's hand)."""
    import json

    from manastack.cli import main

    save = tmp_path / "g.json"
    assert main(["play", "--seed", "1", "--max-turns", "3", "--decisions",
                 "--save", str(save)]) == 0
    played = capsys.readouterr().out.split("Decisions:\n")[1]
    assert "  0. Alice: keep\n" in played and "  5. Alice: cast Shock -> Bob\n" in played
    data = json.loads(save.read_text())
    assert data["format"] == 2 and data["decisions"][5]["text"] == "cast Shock -> Bob"
    assert main(["replay", str(save), "--decisions"]) == 0
    assert capsys.readouterr().out.split("Decisions:\n")[1] == played
    assert main(["replay", str(save), "--decisions", "--as", "spectator"]) == 0
    seen = capsys.readouterr().out.split("Decisions:\n")[1]
    assert "  5. Alice: cast card in Alice's hand #" in seen and "Shock" not in seen

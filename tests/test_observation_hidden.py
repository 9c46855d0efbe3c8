"""Hidden information (CR 400.2, 401.2, 402.3, 406.3, 701.14a, 714.4): what each player
and a spectator see in ``game.observe`` and in the per-player view of the log
(``game.log_for``), before, during and after cards move through hidden zones."""

from __future__ import annotations

import json

from manastack.engine import Game, new_game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Activate, Cast, Choose, Mulligan
from manastack.game.objects import Zone
from manastack.game.state import GameOptions
from manastack.log import render_jsonl, render_text
from manastack.play import default_deck

from conftest import at_step, pass_until

VIEWERS = (0, 1, None)


def _tutored() -> tuple[Game, int]:
    """Alice casts Diabolic Tutor and finds Volcanic Dragon (not revealed)."""
    g = setup_game()
    for _ in range(4):
        put(g, 0, Zone.BATTLEFIELD, "Swamp")
    tutor = put(g, 0, Zone.HAND, "Diabolic Tutor")
    dragon = put(g, 0, Zone.LIBRARY, "Volcanic Dragon", position="bottom")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(tutor.id))
    pass_until(g, lambda q: q.decision is not None and q.decision.kind == "search")
    g.apply(0, Choose((dragon.id,)))
    return g, dragon.id


def test_cr_402_3_a_tutored_card_is_named_only_in_its_owners_view_of_the_log() -> None:
    """402.3 / 401.2: a card searched for and put into the hand without being revealed
    is seen by its owner only: the other players' and a spectator's view of the log never
    name it (text or data); the full log (the omniscient record, replays) still does."""
    g, _ = _tutored()
    assert "Volcanic Dragon" in render_jsonl(g.log)  # the omniscient record
    assert "Volcanic Dragon" in render_jsonl(g.log_for(0))
    for viewer in (1, None):
        seen = render_jsonl(g.log_for(viewer))
        assert "Volcanic Dragon" not in seen
        assert "Alice puts a card into their hand" in seen
    for viewer in VIEWERS:  # and the observations agree
        assert ("Volcanic Dragon" in json.dumps(g.observe(viewer))) == (viewer == 0)


def test_cr_400_2_the_views_of_the_log_differ_only_in_private_events() -> None:
    """400.2: the per-player view keeps every event, in order; only the private ones (a
    card between hidden zones) are changed, and the full log is left as it was."""
    g, _ = _tutored()
    before = render_jsonl(g.log)
    for viewer in VIEWERS:
        view = g.log_for(viewer)
        assert len(view) == len(g.log)
        for full, seen in zip(g.log, view, strict=True):
            assert seen is full or (full.seen_by is not None and viewer not in full.seen_by)
            assert (seen.kind, seen.rule, seen.turn) == (full.kind, full.rule, full.turn)
    assert render_jsonl(g.log) == before


def test_cr_701_14a_a_revealed_search_is_named_in_every_view() -> None:
    """701.14a: a card found and revealed (Sylvan Ranger) is shown to all players: every
    view of the log names it."""
    g = setup_game()
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Forest")
    ranger = put(g, 0, Zone.HAND, "Sylvan Ranger")
    forest = put(g, 0, Zone.LIBRARY, "Forest", position="bottom")
    start_at(g, "precombat_main", turn=1)
    g.apply(0, Cast(ranger.id))
    pass_until(g, lambda q: q.decision is not None and q.decision.kind in ("search", "may"))
    if g.decision.kind == "may":
        g.apply(0, Choose(("yes",)))
        pass_until(g, lambda q: q.decision is not None and q.decision.kind == "search")
    g.apply(0, Choose((forest.id,)))
    for viewer in VIEWERS:
        assert "[701.14a] Alice reveals Forest" in render_text(g.log_for(viewer))


def test_cr_406_3_a_card_exiled_face_down_is_named_in_no_view() -> None:
    """406.3: a card exiled face down (Necropotence) can't be examined by any player, its
    owner included: no view of the log names it and the observations show a face-down
    card; when it is put into its owner's hand, the owner (only) sees it."""
    g = setup_game(filler=None)
    put(g, 0, Zone.LIBRARY, "Plains")
    put(g, 0, Zone.LIBRARY, "Volcanic Dragon")
    necro = put(g, 0, Zone.BATTLEFIELD, "Necropotence")
    start_at(g, "upkeep", turn=2)
    g.apply(0, Activate(necro.id, 0))
    pass_until(g, lambda q: not q.stack)
    assert "Volcanic Dragon" in render_jsonl(g.log)
    for viewer in VIEWERS:
        assert "Volcanic Dragon" not in render_jsonl(g.log_for(viewer))
        assert "Volcanic Dragon" not in json.dumps(g.observe(viewer))
        assert g.observe(viewer)["exile"][0]["name"] == "face-down card"
    pass_until(g, lambda q: q.step.name == "end" and not q.stack and
               q.decision.kind == "priority")
    assert [g.obj(i).name for i in g.players[0].hand] == ["Volcanic Dragon"]
    for viewer in VIEWERS:
        assert ("Volcanic Dragon" in json.dumps(g.observe(viewer))) == (viewer == 0)
        assert ("Volcanic Dragon" in render_jsonl(g.log_for(viewer))) == (viewer == 0)


def test_cr_401_2_the_vancouver_scry_prompt_is_shown_only_to_its_player() -> None:
    """401.2 / 103.4 (Vancouver): the scry prompt names the top card of the library; the
    decision entry of the other players' and a spectator's observation leaves it out."""
    g = new_game(["Alice", "Bob"], [default_deck("red_green"), default_deck("white_black")],
                 1, GameOptions(mulligan="vancouver"))
    g.apply(g.decision.player, Mulligan(take=True))
    while g.decision.kind == "mulligan":
        g.apply(g.decision.player, Mulligan(take=False))
    d = g.decision
    assert d.kind == "scry"
    top = g.obj(g.players[d.player].library[-1]).name
    assert top in d.prompt
    for viewer in VIEWERS:
        obs = g.observe(viewer)
        assert obs["decision"]["kind"] == "scry" and obs["decision"]["player"] == d.player
        assert ("prompt" in obs["decision"]) == (viewer == d.player)
        assert (top in json.dumps(obs)) == (viewer == d.player) or \
            top in json.dumps(obs["battlefield"])


def test_cr_103_5b_a_card_revealed_from_the_opening_hand_is_observed_by_all() -> None:
    """103.5b: Chancellor of the Annex revealed from the opening hand stays revealed until
    the first turn begins: every observation shows it (the rest of the hand stays
    hidden)."""
    deck = ["Chancellor of the Annex"] * 7 + ["Plains"] * 33
    g = new_game(["A", "B"], [deck, deck], seed=0, options=GameOptions(first_player=0))
    g.apply(0, Mulligan(False))
    g.apply(1, Mulligan(False))
    chancellor = g.decision.options[0]
    g.apply(0, Choose((chancellor,)))
    assert g.decision.kind == "opening_hand" and g.decision.player == 1
    assert g.revealed == [chancellor]  # while Bob chooses his own opening-hand actions
    for viewer in VIEWERS:
        assert g.observe(viewer)["revealed"] == [
            {"id": chancellor, "name": "Chancellor of the Annex"}]
        assert ("hand" in g.observe(viewer)["players"][0]) == (viewer == 0)
    g.apply(1, Choose(()))
    assert g.game_started
    assert all(g.observe(v)["revealed"] == [] for v in VIEWERS)


def test_cr_400_2_the_command_zone_is_public_but_planar_decks_are_counted() -> None:
    """400.2 / 901.4: the command zone is public (the face-up plane is seen by all); the
    planar deck is face down (406.3): only its size is shown, never an order or a name."""
    from manastack.variants import get_variant

    decks, extra = get_variant("planechase").default_setup(2, 3)
    g = new_game(["Alice", "Bob"], decks, 3, GameOptions(variant="planechase", extra=extra))
    pass_until(g, at_step("upkeep"))
    face_up = [g.obj(i) for i in g.command if not g.obj(i).face_down]
    down = [g.obj(i) for i in g.command if g.obj(i).face_down]
    assert face_up and down
    for viewer in VIEWERS:
        obs = g.observe(viewer)
        assert [c["name"] for c in obs["command"]] == [o.name for o in face_up]
        assert sum(obs["face_down_in_command"].values()) == len(down)
        shown = json.dumps(obs)
        assert not any(o.name in shown for o in down if o.name not in
                       {f.name for f in face_up})


def test_cr_714_4_the_controller_of_a_player_sees_their_private_events() -> None:
    """714.4: information visible to a controlled player is visible to the player who
    controls them: a private event seen by Bob at that time is seen by his controller."""
    from manastack.events import ZoneChange
    from manastack.lines import Card, Who, say

    bob = Who(1, "Bob")
    e = ZoneChange("701.17a",
                   say("{who} puts {card} into their hand", "{who} met {card} dans sa main",
                       who=bob, card=Card(9, "Volcanic Dragon")), 4,
                   object=9, old=3, from_zone="library", to_zone="hand", owner=1,
                   name="Volcanic Dragon", token=False, controller=1, lki=None,
                   seen_by=frozenset({0, 1}),
                   public=say("{who} puts a card into their hand", "{who} met une carte dans "
                              "sa main", who=bob))
    assert e.view(0) is e and e.view(1) is e
    for viewer in (2, None):
        v = e.view(viewer)
        assert v.text == "Bob puts a card into their hand"
        assert v.data == {"object": 9, "from_zone": "library", "to_zone": "hand",
                          "owner": 1, "token": False, "controller": 1}
        assert v.turn == 4 and v.seen_by is None and isinstance(v, ZoneChange)
        assert v.name == "" and v.old is None and v.lki is None  # nothing names the card

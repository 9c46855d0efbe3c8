"""How the runner turns script entries into actions (SCENARIOS.md, docs/scenarios.md)."""

from __future__ import annotations

from manastack.scenario.model import parse_scenarios
from manastack.scenario.runner import run_scenario


def test_cr_700_2_activate_modes_pick_the_mode_of_a_modal_activated_ability() -> None:
    """CR 700.2: `modes` on an `activate` entry picks the mode of a modal activated
    ability (Skinshifter's "{G}: Choose one", ability 1 as printed): mode 3 makes it a
    0/8 Plant.  `modes` on an ability without modes is an error, not ignored."""
    text = """
name: X
players: [A, B]
start: {step: precombat_main}
state: {A: {battlefield: [Forest, %s]}}
script:
  - {turn: 1, step: precombat_main, player: A, activate: %s, modes: [3]}
expect: {objects: {%s: {power: 0, toughness: 8}}}
"""
    sc, = parse_scenarios(text % ("Skinshifter", "Skinshifter", "Skinshifter"))
    assert run_scenario(sc).passed
    sc, = parse_scenarios(text % ("Llanowar Elves", "Llanowar Elves", "Llanowar Elves"))
    res = run_scenario(sc)
    assert not res.passed and "has no modes" in res.message


def test_bare_name_means_an_object_without_an_alias() -> None:
    """SCENARIOS.md, Names: an object with an alias is named by its alias, so a bare card
    name means one of the others: with `hand: [Shock, {card: Shock, as: s2}]`, `cast: Shock`
    casts the first Shock and `cast: s2` the second (both deal their damage)."""
    sc, = parse_scenarios("""
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: ["2 Mountain"], hand: [Shock, {card: Shock, as: s2}]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Shock, targets: [B]}
  - {turn: 1, step: precombat_main, player: A, cast: s2, targets: [B]}
expect: {B: {life: 16}}
""")
    res = run_scenario(sc)
    assert res.passed, res.message


def test_cr_603_3d_illegal_choose_entry_is_rejected_by_the_engine() -> None:
    """SCENARIOS.md, The script: a `choose` entry naming something that isn't an option is,
    with `illegal: true`, handed to the engine, which rejects it citing the decision's rule
    (603.3d for the target of a triggered ability: Sun Titan can't return Shock, not a
    permanent card); the script goes on with the next entry."""
    text = """
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: ["6 Plains"], hand: [Sun Titan], graveyard: [Grizzly Bears, Shock]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Sun Titan}
  - {turn: 1, step: precombat_main, player: A, choose: [Shock], illegal: true, rule: "%s"}
  - {turn: 1, step: precombat_main, player: A, choose: [Grizzly Bears]}
  - {turn: 1, step: precombat_main, player: A, choose: yes}
expect: {A: {graveyard: [Shock]}, objects: {Grizzly Bears: {zone: battlefield}}}
"""
    sc, = parse_scenarios(text % "603.3d")
    res = run_scenario(sc)
    assert res.passed, res.message
    sc, = parse_scenarios(text % "509.1c")
    res = run_scenario(sc)
    assert not res.passed and "doesn't cite 509.1c" in res.message


def test_cr_703_4_log_cites_a_turn_based_action_by_its_703_4_letter() -> None:
    """CR 703.4 (seed 003): each turn-based action refers to the rule of its step
    ("703.4c ... See rule 504.1"); a log line citing that rule cites the letter too."""
    from manastack.scenario.runner import _log_cites

    assert _log_cites("504.1", "703.4c")
    assert _log_cites("500.4", "703.4p")
    assert _log_cites("510.1", "703.4j") and _log_cites("514.2", "703.4n")
    assert _log_cites("502.1", "703.4")
    assert not _log_cites("504.1", "703.4p")
    assert not _log_cites("603.3", "703.4")
    assert _log_cites("510.1c", "510.1") and not _log_cites("510.1", "510.1c")


def test_choose_a_name_shared_by_several_options_picks_the_first_of_them() -> None:
    """SCENARIOS.md, Names: a bare name refers to the object of that name "in the place
    where it is looked for"; for a `choose` entry that place is the decision's options.
    Two identical Ooze tokens (which can have no alias) are both options of Clone's copy
    choice, besides Grizzly Bears: `choose: [Ooze]` picks the first Ooze instead of
    failing as ambiguous on the battlefield."""
    sc, = parse_scenarios("""
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: ["4 Island", Mitotic Slime, Viscera Seer], hand: [{card: Clone, as: cl}]}
  B: {battlefield: [Grizzly Bears]}
script:
  - {turn: 1, step: precombat_main, player: A, activate: Viscera Seer}
  - {turn: 1, step: precombat_main, player: A, choose: [Mitotic Slime], for: sacrifice}
  - {turn: 1, step: precombat_main, player: A, cast: cl}
  - {turn: 1, step: precombat_main, player: A, choose: [Ooze], for: copy}
expect:
  A: {battlefield: ["4 Island", Viscera Seer, "3 Ooze"]}
  objects: {cl: {power: 2, toughness: 2}}
""")
    res = run_scenario(sc)
    assert res.passed, res.message


def test_cr_306_7_choose_yes_or_no_answers_the_redirection_may() -> None:
    """CR 306.7: the opponent *may* have the source deal its damage to a planeswalker
    instead, so `choose: yes|no, for: redirect` answers it (SCENARIOS.md: yes/no answers
    "you may" questions): with A's Shock at B, `no` leaves B dealt 2, `yes` redirects it
    to B's only planeswalker, Ajani Goldmane (4 -> 2 loyalty)."""
    text = """
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: [Mountain], hand: [Shock]}
  B: {battlefield: [Ajani Goldmane]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Shock, targets: [B]}
  - {turn: 1, step: precombat_main, player: A, choose: %s, for: redirect}
expect:
  B: {life: %d}
  objects: {Ajani Goldmane: {loyalty: %d}}
"""
    for answer, life, loyalty in (("no", 18, 4), ("yes", 20, 2)):
        sc, = parse_scenarios(text % (answer, life, loyalty))
        res = run_scenario(sc)
        assert res.passed, res.message


def test_cr_706_2_choose_yes_or_no_answers_clones_may() -> None:
    """CR 706.2: "You may have Clone enter the battlefield as a copy of any creature": a
    "you may", so `choose: no` declines (the 0/0 Clone dies, 704.5f) and `choose: yes`
    copies the first creature offered."""
    text = """
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: ["4 Island"], hand: [Clone]}
  B: {battlefield: [Grizzly Bears]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Clone}
  - {turn: 1, step: precombat_main, player: A, choose: %s}
expect:
  A: {graveyard: %s}
"""
    for answer, gy in (("no", "[Clone]"), ("yes", "[]")):
        sc, = parse_scenarios(text % (answer, gy))
        res = run_scenario(sc)
        assert res.passed, res.message


def test_cr_509_5a_a_2017_rule_number_names_the_seed_rule_it_renumbered() -> None:
    """Seeds 001/004 (2011 CR) number 103.3-103.4 and 509.4-509.5 differently from the
    2017 CR: a scenario citing the 2017 number (509.5a, block triggers) is satisfied by
    the engine's seed number (509.4a), in ``log_cites`` and in ``rule``."""
    from manastack.scenario.runner import _log_cites, cites_rule

    assert _log_cites("509.4a", "509.5a") and _log_cites("509.4b", "509.5")
    assert _log_cites("103.3", "103.4") and _log_cites("103.4b", "103.4c")
    assert _log_cites("509.4d", "509.4d") and not _log_cites("509.4a", "509.5b")
    assert cites_rule("... cites (509.4c)", "509.5c") and not cites_rule("(509.4c)", "509.5d")


def test_cr_510_1c_assign_entry_with_one_blocker_is_a_decision() -> None:
    """CR 510.1c: a blocked creature assigns its damage to the creatures blocking it; with
    one blocker there is no choice, but an `assign` entry still answers the assignment
    (the engine asks for it when the script has one), and an illegal one (to the defending
    player, without trample) is refused citing 510.1c while the legal one applies."""
    sc, = parse_scenarios("""
name: X
players: [A, B]
start: {step: beginning_of_combat}
state:
  A: {battlefield: [{card: Siege Mastodon, as: w}]}
  B: {battlefield: [{card: Grizzly Bears, as: b1}]}
script:
  - {turn: 1, step: declare_attackers, player: A, attack: [w]}
  - {turn: 1, step: declare_blockers, player: B, block: {b1: w}}
  - {turn: 1, step: combat_damage, player: A, assign: {w: {b1: 2, B: 1}}, illegal: true,
     rule: "510.1c"}
  - {turn: 1, step: combat_damage, player: A, assign: {w: {b1: 3}}}
stop: {turn: 1, step: end}
expect: {B: {life: 20}, objects: {b1: {zone: graveyard}}}
""")
    res = run_scenario(sc)
    assert res.passed, res.message


def test_cr_601_3_illegal_cast_of_a_card_outside_the_hand_is_refused_by_the_engine() -> None:
    """CR 601.3 / 601.2a: with `illegal: true`, `cast:` naming a card that is only in the
    player's graveyard (no `from`) or on the battlefield is handed to the engine, which
    refuses it (not a scenario failure); an alternative cost the card doesn't have is
    refused citing 117.9."""
    sc, = parse_scenarios("""
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: [Mountain, Grizzly Bears], graveyard: [Lightning Bolt], hand: [Shock]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Lightning Bolt, targets: [B],
     illegal: true, rule: "601.3"}
  - {turn: 1, step: precombat_main, player: A, cast: Grizzly Bears, illegal: true,
     rule: "601.2a"}
  - {turn: 1, step: precombat_main, player: A, cast: Shock, alt_cost: flashback,
     targets: [B], illegal: true, rule: "117.9"}
  - {turn: 1, step: precombat_main, player: A, cast: Shock, targets: [B]}
expect: {B: {life: 18}}
""")
    res = run_scenario(sc)
    assert res.passed, res.message


def test_cr_103_4_mulligan_after_keeping_is_refused() -> None:
    """CR 103.4: each player declares a mulligan once per round, in turn order; a
    `mulligan: true` entry after the player kept (while the other player declares) is
    refused citing 103.4, and the script goes on."""
    sc, = parse_scenarios("""
name: X
players: [A, B]
start: {step: game_start}
decks: {A: ["40 Forest"], B: ["40 Island"]}
script:
  - {step: game_start, player: A, mulligan: false}
  - {step: game_start, player: A, mulligan: true, illegal: true, rule: "103.4"}
  - {step: game_start, player: B, mulligan: true}
stop: {turn: 1, step: upkeep}
expect: {A: {hand_size: 7}, B: {hand_size: 6}}
""")
    res = run_scenario(sc)
    assert res.passed, res.message


#: A scenario's first lines: A holds a Lightning Bolt and a Mountain (line 1 is empty).
_BOLT_SETUP = """
name: X
players: [A, B]
start: {step: precombat_main}
state:
  A: {battlefield: [Mountain], hand: [Lightning Bolt]}
"""


def test_cr_702_25b_rule_of_an_illegal_entry_is_compared_as_a_whole_rule_number() -> None:
    """SCENARIOS.md: `rule: "509.1c"` on an illegal entry requires the rejection message to
    cite that rule.  A message citing 702.25b (a phased-out permanent can't be targeted)
    cites 702.25b, 702.25 and 702 (and its other rule, 114.1), but not 702.2 (deathtouch),
    whose number is only a prefix of the text "702.25b"."""
    from manastack.scenario.runner import cites_rule

    msg = "Breezekeeper can't be targeted: it is phased out (702.25b) (CR 114.1)"
    assert cites_rule(msg, "702.25b") and cites_rule(msg, "702.25") and cites_rule(msg, "702")
    assert cites_rule(msg, "114.1") and cites_rule(msg, "114")
    assert not cites_rule(msg, "702.2") and not cites_rule(msg, "702.25a")
    assert not cites_rule("x (CR 117.12)", "117.1") and cites_rule("x (CR 117.12)", "117.12")
    text = _BOLT_SETUP + """  B: {battlefield: [{card: Breezekeeper, phased_out: true}]}
script:
  - {turn: 1, step: precombat_main, player: A, cast: Lightning Bolt, targets: [Breezekeeper],
     illegal: true, rule: "%s"}
expect:
  A: {hand: [Lightning Bolt]}
"""
    sc, = parse_scenarios(text % "702.25b")
    assert run_scenario(sc).passed
    sc, = parse_scenarios(text % "702.2")
    res = run_scenario(sc)
    assert not res.passed and "doesn't cite 702.2" in res.message


def test_scenario_unknown_card_name_is_a_scenario_error_at_its_entry() -> None:
    """SCENARIOS.md (Names): every name used must exist in the card pool; an unknown name
    is a scenario error, not a failure to ignore.  This holds for the names of the script
    and of ``expect`` too (not only ``state``), and the message names the file, the
    scenario, the entry and the line; token names (Saproling) are allowed."""
    text = _BOLT_SETUP + """script:
  - {turn: 1, step: precombat_main, player: A, cast: Lightning Bolt, targets: [%s]}
expect:
  A: {graveyard: [%s]}
  objects: {Saproling: {zone: battlefield}}
"""
    sc, = parse_scenarios(text % ("Grizly Bears", "Lightning Bolt"), "t.yaml")
    res = run_scenario(sc)
    assert res.message.startswith("scenario error: t.yaml: scenario 'X': script entry 1: "
                                  "unknown card 'Grizly Bears'") and "(line 8)" in res.message
    sc, = parse_scenarios(text % ("B", "Lightnin Bolt"), "t.yaml")
    res = run_scenario(sc)
    assert "scenario 'X': expect.A.graveyard: unknown card 'Lightnin Bolt'" in res.message
    sc, = parse_scenarios(text.replace("Mountain]", "Mountian]") % ("B", "Lightning Bolt"),
                          "t.yaml")
    res = run_scenario(sc)
    assert "state.A.battlefield[1]: unknown card 'Mountian'" in res.message
    sc, = parse_scenarios(text % ("B", "Lightning Bolt"), "t.yaml")
    res = run_scenario(sc)  # (a token's name is no scenario error: there is no Saproling)
    assert not res.passed and "Saproling: not found" in res.message


def test_cr_704_5k_choose_by_bare_name_means_the_object_without_an_alias() -> None:
    """CR 704.5k (2017): with two legendary permanents of the same name, their controller
    chooses one and the rest go to the graveyard; SCENARIOS.md: "for the legend rule,
    `choose` names the permanent that is kept".  With one Kei Takahashi aliased k1 and one
    without an alias, the bare name names the one without (docs/scenarios.md: an object
    given an alias is named by it), as it does for targets and attackers."""
    sc, = parse_scenarios("""
name: X
players: [A, B]
start: {step: upkeep}
state:
  A: {battlefield: [{card: Kei Takahashi, as: k1}, Kei Takahashi]}
script:
  - {turn: 1, step: upkeep, player: A, choose: Kei Takahashi}
expect:
  A: {graveyard: [Kei Takahashi], battlefield: [Kei Takahashi]}
  objects: {k1: {zone: graveyard}}
""")
    res = run_scenario(sc)
    assert res.passed, res.message


def test_scenario_error_found_while_running_names_the_entry() -> None:
    """SCENARIOS.md (Names): a bare name with several objects needs an alias; the scenario
    error (or failure) found while the script runs names the file, the scenario, the
    entry (script entry N, expect.objects.NAME, state.P.ZONE[i]) and the problem."""
    base = """
name: X
players: [A, B]
start: {step: beginning_of_combat}
state:
  A: {battlefield: ["2 Grizzly Bears", %s]}
%s
"""
    cases = (
        ("Mountain", "script:\n  - {turn: 1, step: declare_attackers, player: A, "
                     "attack: [Grizzly Bears]}",
         "t.yaml: scenario 'X': script entry 1: 'Grizzly Bears' is ambiguous"),
        ("Mountain", "expect: {objects: {Grizzly Bears: {tapped: false}}}",
         "t.yaml: scenario 'X': expect.objects.Grizzly Bears: 'Grizzly Bears' is ambiguous"),
        ("{card: Volcanic Strength, attached_to: Runeclaw Bear}", "",
         "t.yaml: scenario 'X': state.A.battlefield[2]: Volcanic Strength: attached_to: no "
         "object 'Runeclaw Bear' (line 6)"),
        ("Mountain", "script:\n  - {turn: 1, step: declare_attackers, player: A, "
                     "attack: {Runeclaw Bear: B}}", None),
    )
    for card, rest, want in cases:
        sc, = parse_scenarios(base % (card, rest), "t.yaml")
        res = run_scenario(sc)
        if want is None:  # no Runeclaw Bear in the game: a failure naming the entry
            want = "script entry 1: no object named 'Runeclaw Bear' now"
        assert not res.passed and want in res.message, res.message

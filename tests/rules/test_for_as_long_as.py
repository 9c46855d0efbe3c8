""""For as long as" effects end the moment their duration does (CR 611.2b).

The pool's effects of a resolved spell or ability lasting "for as long as" something
(Awakener Druid: its source on the battlefield; Aegis Angel and Master Thief: "for as long
as you control this creature"; Gideon Jura's "during target opponent's next turn" and the
control of a player during their next turn, 714.1) end as soon as that stops being true:
at the event that ended it, not at the next check of state-based actions.  And one whose
duration is already over when it would start does nothing (611.2b).

A listener (``game.listeners``) records the state at each later event: what a triggered
ability looking at that event would see.
"""

from __future__ import annotations

from typing import Any

from cardplay import answer, cast, lands, settle

from manastack import log as ev
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import Pass
from manastack.game.objects import GameObject, Zone

BF = Zone.BATTLEFIELD


def watch(g: Game, probe: Any) -> list[tuple[str, Any]]:
    """Record (event text, ``probe(g)``) at each event from now on."""
    seen: list[tuple[str, Any]] = []
    g.listeners.append(lambda e: seen.append((str(e), probe(g))))
    return seen


def _druid_forest() -> tuple[Game, GameObject]:
    g = setup_game()
    lands(g, 0, "Forest", 4)
    forest = put(g, 0, BF, "Forest")
    druid = put(g, 0, Zone.HAND, "Awakener Druid")
    start_at(g, "precombat_main")
    cast(g, druid)
    settle(g)
    answer(g, forest.id, kind="choose_targets")
    settle(g)
    assert g.chars(g.obj(forest.id)).is_creature
    return g, forest


def test_cr_611_2b_awakener_druid_forest_stops_being_a_creature_as_the_druid_leaves() -> None:
    """Awakener Druid: "for as long as this creature remains on the battlefield" - bounced
    by Unsummon, the Druid leaves and the Forest is no longer a creature at once: the
    effect's end is logged right after the Druid's zone change, and by Unsummon's own move
    to the graveyard (the next event of the resolution) the Forest is a land only."""
    g, forest = _druid_forest()
    lands(g, 1, "Island", 1)
    unsummon = put(g, 1, Zone.HAND, "Unsummon")
    druid = next(o for o in g.permanents(0) if o.name == "Awakener Druid")
    g.apply(0, Pass())
    seen = watch(g, lambda x: x.chars(x.obj(forest.id)).is_creature)
    cast(g, unsummon, druid.id)
    settle(g)
    texts = [t for t, _ in seen]
    left = next(i for i, t in enumerate(texts) if "Awakener Druid" in t and "hand" in t)
    assert "ends" in texts[left + 1] and "611.2b" in texts[left + 1]
    spell_done = next(i for i, t in enumerate(texts) if "Unsummon" in t and "graveyard" in t)
    assert spell_done > left and seen[spell_done][1] is False


def test_cr_611_2b_master_thief_artifact_returns_as_control_of_the_thief_changes() -> None:
    """Master Thief: "gain control of target artifact for as long as you control this
    creature" - Bob takes the Thief (Act of Treason): the artifact is Bob's again at once,
    before Act of Treason has finished resolving (it untaps the Thief next)."""
    g = setup_game()
    lands(g, 0, "Island", 4)
    lands(g, 1, "Mountain", 3)
    shield = put(g, 1, BF, "Kite Shield")
    thief = put(g, 0, Zone.HAND, "Master Thief")
    treason = put(g, 1, Zone.HAND, "Act of Treason")
    start_at(g, "precombat_main")
    cast(g, thief)
    settle(g)
    answer(g, shield.id, kind="choose_targets")
    settle(g)
    assert g.controller(g.obj(shield.id)) == 0
    to_bob = next(o for o in g.permanents(0) if o.name == "Master Thief")
    g.apply(0, Pass())
    advance_to_bobs_main(g)
    seen = watch(g, lambda x: x.controller(x.obj(shield.id)))
    cast(g, treason, to_bob.id)
    settle(g)
    ended = next(i for i, (t, _) in enumerate(seen) if "control of Kite Shield ends" in t)
    resolved = next(i for i, (t, _) in enumerate(seen) if "Act of Treason" in t
                    and "graveyard" in t)
    assert ended < resolved and seen[resolved][1] == 1


def advance_to_bobs_main(g: Game) -> None:
    from cardplay import advance

    from conftest import at_step
    advance(g, at_step("precombat_main", 2))


def test_cr_611_2b_effect_whose_duration_is_over_does_nothing() -> None:
    """611.2b: Awakener Druid's trigger resolving after the Druid left the battlefield:
    the "for as long as" duration never starts, so the Forest never becomes a creature
    (not even for an instant: no effect starts and ends)."""
    g = setup_game()
    lands(g, 0, "Forest", 4)
    lands(g, 1, "Island", 1)
    forest = put(g, 0, BF, "Forest")
    druid = put(g, 0, Zone.HAND, "Awakener Druid")
    unsummon = put(g, 1, Zone.HAND, "Unsummon")
    start_at(g, "precombat_main")
    cast(g, druid)
    settle(g)
    answer(g, forest.id, kind="choose_targets")
    g.apply(0, Pass())
    cast(g, unsummon, next(o for o in g.permanents(0) if o.name == "Awakener Druid").id)
    settle(g)
    assert not g.chars(g.obj(forest.id)).is_creature
    assert not any(e.kind == ev.EFFECT_ENDED for e in g.log)
    assert not g.effects

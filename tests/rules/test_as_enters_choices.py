""""As this enters, choose ..." is chosen by the player under whose control it enters
(CR 614.12, 614.12a).

The choice is made before the permanent enters, looking at the permanent as it would
exist on the battlefield (614.12): "you" and "your" are the player who will control it,
whoever owned or controlled the card before.  The pool's cards with such a choice (Sutured
Ghoul, Phylactery Lich, Adaptive Automaton) and the ones entering with a condition on
"you" (the check lands, bloodthirst) all read that player.
"""

from __future__ import annotations

import pytest
from cardplay import answer, cast, lands, options, settle

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import Choose
from manastack.game.objects import GameObject, Zone

BF = Zone.BATTLEFIELD


def rise(g: Game, target: GameObject) -> None:
    """Alice casts Rise from the Grave on ``target`` (a creature card in a graveyard)."""
    lands(g, 0, "Swamp", 5)
    spell = put(g, 0, Zone.HAND, "Rise from the Grave")
    start_at(g, "precombat_main")
    cast(g, spell, target.id)
    settle(g)


def test_cr_614_12a_sutured_ghoul_from_opponents_graveyard_exiles_from_yours() -> None:
    """Sutured Ghoul put onto the battlefield under Alice's control from Bob's graveyard
    (Rise from the Grave): Alice chooses, among the creature cards in *her* graveyard
    ("your graveyard" is the graveyard of the player who will control it, 614.12a)."""
    g = setup_game()
    mine = put(g, 0, Zone.GRAVEYARD, "Grizzly Bears")
    theirs = put(g, 1, Zone.GRAVEYARD, "Giant Spider")
    ghoul = put(g, 1, Zone.GRAVEYARD, "Sutured Ghoul")
    rise(g, ghoul)
    assert g.decision.kind == "choose" and g.decision.player == 0
    assert options(g) == (mine.id,) and theirs.id not in options(g)
    answer(g, mine.id)
    gh = next(o for o in g.permanents(0) if o.name == "Sutured Ghoul")
    assert g.chars(gh).power == 2 and g.chars(gh).toughness == 2
    assert [g.obj(i).name for i in g.players[1].graveyard] == ["Giant Spider"]


def test_cr_614_12a_sutured_ghoul_cant_exile_itself() -> None:
    """Sutured Ghoul ruling: returned from its owner's graveyard, it can't exile itself -
    it isn't among the cards to choose, and an answer naming it is refused."""
    g = setup_game()
    bear = put(g, 0, Zone.GRAVEYARD, "Grizzly Bears")
    ghoul = put(g, 0, Zone.GRAVEYARD, "Sutured Ghoul")
    rise(g, ghoul)
    assert options(g) == (bear.id,)
    with pytest.raises(IllegalAction):
        g.apply(0, Choose((ghoul.id, bear.id)))
    answer(g, bear.id)
    assert any(o.name == "Sutured Ghoul" for o in g.permanents(0))


def test_cr_614_12a_phylactery_lich_from_opponents_graveyard_chooses_your_artifact() -> None:
    """Phylactery Lich returned under Alice's control from Bob's graveyard: the phylactery
    counter goes on an artifact Alice controls, chosen by Alice (614.12a); Bob's artifacts
    aren't offered."""
    g = setup_game()
    my_art = put(g, 0, BF, "Ornithopter")
    their_art = put(g, 1, BF, "Ornithopter")
    lich = put(g, 1, Zone.GRAVEYARD, "Phylactery Lich")
    rise(g, lich)
    assert g.decision.kind == "choose" and g.decision.player == 0
    assert options(g) == (my_art.id,) and their_art.id not in options(g)
    answer(g, my_art.id)
    assert g.obj(my_art.id).counters.get("phylactery") == 1
    assert any(o.name == "Phylactery Lich" for o in g.permanents(0))


def test_cr_614_12a_phylactery_lich_with_no_artifact_of_the_new_controller() -> None:
    """Phylactery Lich returned under Alice's control while only Bob has an artifact:
    nothing to choose, no counter - and Alice, with no permanent with a phylactery counter,
    sacrifices it (its state trigger, 603.8)."""
    g = setup_game()
    their_art = put(g, 1, BF, "Ornithopter")
    lich = put(g, 1, Zone.GRAVEYARD, "Phylactery Lich")
    rise(g, lich)
    assert g.decision.kind == "priority"  # nothing was asked
    assert not g.obj(their_art.id).counters.get("phylactery")
    settle(g)  # its state trigger: Alice controls no permanent with a phylactery counter
    assert [g.obj(i).name for i in g.players[1].graveyard] == ["Phylactery Lich"]

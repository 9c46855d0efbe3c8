"""A plain view of the battlefield is brought up to date after objects move (400.7).

With no continuous effect, static ability or characteristic-defining ability, each
permanent's characteristics are its own printed values and counters: when objects only
moved since the view was computed (a land played, a spell cast, a creature dying), the
view drops those that left and adds those that entered instead of computing every
permanent again (``layers.view_after_moves``).  It is computed afresh as soon as that
isn't so: a permanent with a static ability or a CDA entering, an effect created."""

from __future__ import annotations

from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.game.decisions import PlayLand
from manastack.game.objects import Characteristics, GameObject, Zone
from manastack.rules.layers import compute_battlefield, view_after_moves
from manastack.rules.zones import move


def _pt(g: Game, o: GameObject) -> tuple[int | None, int | None]:
    c = g.chars(g.obj(o.id))
    return c.power, c.toughness


_FIELDS = ("name", "mana_cost", "colors", "supertypes", "types", "subtypes", "power",
           "toughness", "loyalty", "keywords", "abilities", "controller", "flags")


def _same(a: dict[int, Characteristics], b: dict[int, Characteristics]) -> None:
    assert sorted(a) == sorted(b)
    for k in a:
        assert [getattr(a[k], f) for f in _FIELDS] == [getattr(b[k], f) for f in _FIELDS], k


def test_cr_400_7_the_view_after_a_land_is_played_is_the_fresh_one() -> None:
    """400.7, 305.1, 613: after a land is played the updated view holds the new object
    (not the card in hand) with its printed characteristics, and every other permanent's
    characteristics unchanged: the view computed afresh."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    forest = put(g, 0, Zone.HAND, "Forest")
    start_at(g, "precombat_main", turn=1)
    assert _pt(g, bear) == (2, 2) and g.derived.view_plain
    view = g.derived.view
    moved = move(g, forest, Zone.BATTLEFIELD, "305.1")
    g.derived.view = view  # (the view before the move, brought up to date from it)
    updated = view_after_moves(g, [(forest.id, moved)])
    assert updated is not None and forest.id not in updated and bear.id in updated
    assert "Land" in updated[moved.id].types and updated[bear.id] is view[bear.id]
    _same({k: v for k, v in updated.items() if k in g.battlefield}, compute_battlefield(g))
    other = put(g, 0, Zone.HAND, "Forest")
    g.apply(0, PlayLand(other.id))  # (the engine's own path: the view kept plain)
    assert g.derived.view_plain and other.id not in g.derived.view
    assert "Land" in g.chars(g.obj(g.battlefield[-1])).types


def test_cr_613_an_anthem_entering_changes_the_other_permanents() -> None:
    """613.3c, 611.3a: Glorious Anthem entering a plain battlefield gives the creatures
    already there +1/+1 at once: a static ability entering ends the plain view."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    anthem = put(g, 0, Zone.HAND, "Glorious Anthem")
    start_at(g, "precombat_main", turn=1)
    assert _pt(g, bear) == (2, 2)
    move(g, anthem, Zone.BATTLEFIELD, "400.7")
    assert _pt(g, bear) == (3, 3) and not g.derived.view_plain
    (anthem_now,) = [g.obj(o) for o in g.battlefield if g.obj(o).name == "Glorious Anthem"]
    move(g, anthem_now, Zone.GRAVEYARD, "400.7")
    assert _pt(g, bear) == (2, 2)


def test_cr_604_3_a_cda_entering_reads_the_other_permanents() -> None:
    """604.3, 613.2: Dungrove Elder entering (power and toughness each equal to the
    number of Forests you control) counts the Forests; a Forest entering afterwards
    changes it (a CDA ends the plain view)."""
    g = setup_game()
    for _ in range(2):
        put(g, 0, Zone.BATTLEFIELD, "Forest")
    elder = put(g, 0, Zone.HAND, "Dungrove Elder")
    forest = put(g, 0, Zone.HAND, "Forest")
    start_at(g, "precombat_main", turn=1)
    assert g.derived.view_plain
    elder = move(g, elder, Zone.BATTLEFIELD, "400.7")
    assert _pt(g, elder) == (2, 2) and not g.derived.view_plain
    move(g, forest, Zone.BATTLEFIELD, "400.7")
    assert _pt(g, elder) == (3, 3)


def test_cr_400_7_a_creature_dying_leaves_the_view() -> None:
    """400.7, 704.5g: a creature put into the graveyard leaves the view; the others keep
    their characteristics, the very same ones."""
    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    lion = put(g, 1, Zone.BATTLEFIELD, "Silvercoat Lion")
    start_at(g, "precombat_main", turn=1)
    lion_chars = g.chars(lion)
    move(g, bear, Zone.GRAVEYARD, "400.7")
    assert g.chars(g.obj(lion.id)) is lion_chars
    assert bear.id not in g.derived.view and g.derived.view_plain


def test_cr_603_2_ability_index_follows_permanents_entering_and_leaving() -> None:
    """603.2, 613.1f: the index of what the permanents' printed abilities react to (made
    from one summary per card) is, after each move, the union over the permanents there:
    a triggered ability's event kind appears when its permanent enters and goes when it
    leaves; a static ability granting abilities counts as such."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    kinds, _, grants = g.ability_index()
    assert not grants
    angel = put(g, 0, Zone.BATTLEFIELD, "Serra Angel")
    assert g.ability_index()[0] == kinds  # no triggered ability: nothing new
    cat = put(g, 1, Zone.BATTLEFIELD, "Ajani's Pridemate")  # "whenever you gain life"
    with_cat = g.ability_index()[0]
    assert with_cat - kinds == {"life_gain"}
    lord = put(g, 0, Zone.BATTLEFIELD, "Goblin Chieftain")  # grants haste
    assert g.ability_index()[2]
    move(g, g.obj(cat.id), Zone.GRAVEYARD, "701.7a")
    move(g, g.obj(lord.id), Zone.GRAVEYARD, "701.7a")
    assert g.ability_index() == (kinds, g.ability_index()[1], False)
    assert g.obj(angel.id).zone == Zone.BATTLEFIELD


def test_cr_614_1_replacement_index_follows_permanents_entering_and_leaving() -> None:
    """614.1, 616.1: whether a permanent prints a static replacement ability (so a 616.1
    choice could come up while an answer runs) follows the permanents as they enter and
    leave, read from the same index; an effect that may add abilities counts too."""
    g = setup_game()
    put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    assert not g.replacements_may_exist()
    leyline = put(g, 1, Zone.BATTLEFIELD, "Leyline of the Void")
    assert g.replacements_may_exist()
    move(g, g.obj(leyline.id), Zone.GRAVEYARD, "701.7a")
    assert not g.replacements_may_exist()
    servant = put(g, 0, Zone.BATTLEFIELD, "Fire Servant")
    assert g.replacements_may_exist()
    move(g, g.obj(servant.id), Zone.EXILE, "406.2")
    assert not g.replacements_may_exist()
    put(g, 0, Zone.BATTLEFIELD, "Serra Ascendant")  # may gain flying: it may add abilities
    assert g.abilities_may_be_added() and g.replacements_may_exist()

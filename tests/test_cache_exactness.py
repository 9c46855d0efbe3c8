"""Memoised queries are exact: a game played with every state change treated as wide (so
no memo survives a change, ``Game.changed``) gives the same log, byte for byte, as the
same game played with the narrow kinds of change (tapping, mana, combat, damage, hidden zones),
the wide changes told whom they concern (``only``) and the moves of objects told what
moved (``Game.moved``) that let memos be kept.  Guards
the invalidation of every cache keyed on the narrow kinds (legal actions, the layer view,
mana sources, payment plans...)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import test_soak_pool
import test_soak_variants
import test_soak_variants_cmd

from manastack.engine import Game


@contextmanager
def all_changes_wide() -> Iterator[None]:
    """While active, ``game.changed(touches)`` ignores ``touches`` (every change is wide)
    and ``only`` (every wide change may concern anyone: no plain list of legal actions is
    kept across it), ``game.moved`` is a wide change like any other (no view is brought
    up to date from the moves), and every resolved effect is followed by a wide change
    (``Effect.reports_changes``)."""
    from manastack.cards import effects

    original, original_moved = Game.changed, Game.moved
    original_reports = effects._Reporting.reports_changes

    def wide(self: Game, touches: str | None = None, player: int | None = None,
             only: int | None = None) -> None:
        original(self, None)

    def moved(self: Game, old: int, new: object, only: int | None) -> None:
        original(self, None)

    Game.changed = wide  # type: ignore[method-assign]
    Game.moved = moved  # type: ignore[method-assign,assignment]
    effects._Reporting.reports_changes = lambda self: False  # type: ignore[method-assign]
    try:
        yield
    finally:
        Game.changed = original  # type: ignore[method-assign]
        Game.moved = original_moved  # type: ignore[method-assign]
        effects._Reporting.reports_changes = original_reports  # type: ignore[method-assign]


def _same_both_ways(play: Callable[..., str], *args: Any) -> None:
    """``play(*args)`` gives the same log with and without narrow changes."""
    kept = play(*args)
    with all_changes_wide():
        fresh = play(*args)
    if kept != fresh:
        lines = zip(kept.splitlines(), fresh.splitlines(), strict=False)
        first = next(((i, a, b) for i, (a, b) in enumerate(lines) if a != b), None)
        pytest.fail(f"{play.__module__} {args}: the logs differ at {first}")


@pytest.mark.parametrize("seed", range(6))
def test_cr_116_1_memos_kept_across_narrow_changes_are_exact_pool(seed: int) -> None:
    """116.1, 613, 704.3: random games with decks from the whole pool play the same with
    and without memos kept across narrow changes."""
    _same_both_ways(test_soak_pool._play, 11 * seed + 5)


@pytest.mark.long
def test_cr_116_1_memos_kept_across_narrow_changes_are_exact_variants() -> None:
    """The same in multiplayer games and the casual variants (team turns, commanders,
    schemes, planes, vanguards)."""
    for case, (variant, n, extra, _) in enumerate(test_soak_variants.CASES[:4]):
        _same_both_ways(test_soak_variants._play, variant, n, extra(case), case)
    for name in test_soak_variants_cmd.VARIANTS:
        _same_both_ways(test_soak_variants_cmd._play, name, 5)


#: Oracle-text patterns of the cards whose rules read what the narrow changes are about
#: (tapped status, mana, combat, damage and life, hands and libraries) or that attach or
#: change control.
_NARROW_READERS = (
    r"\btapped\b|\buntap|\{Q\}|tap (an|two|three|target|up to|all)|doesn't untap",
    r"Add \{|mana pool|mana of any|Spend this mana|unspent mana|mana ability",
    r"attacking|blocking|defending player|blocked|unblocked|attacks|blocks",
    r"cards? in (your|their|that player's|his or her) hand|top (card )?of (your|his or her|"
    r"their) library|hand size|no cards in hand|draws? a card",
    r"Enchant |Equip|equipped|enchanted|gain control|control of",
    r"\blife\b|was dealt damage|damage (marked|dealt to)|poison",
)


def _adversarial_play(seed: int) -> str:
    """A random game between three-colour decks concentrated on cards reading the narrow
    kinds of change (12 spells, 3 copies each, 2 nonbasic lands), to its end or 6,000
    decisions; its log as text."""
    import random
    import re

    from manastack.agents import RandomAgent
    from manastack.cards.database import all_card_data
    from manastack.cards.registry import is_implemented
    from manastack.engine import new_game
    from manastack.log import render_text

    data = all_card_data()
    basic = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
    spells = sorted(n for n, c in data.items() if is_implemented(n) and "Land" not in c.types)
    lands = sorted(n for n, c in data.items() if is_implemented(n) and "Land" in c.types
                   and n not in basic.values())
    focus = sorted({n for rx in _NARROW_READERS for n in spells
                    if re.search(rx, data[n].oracle_text or "", re.I)})
    rng = random.Random(seed)
    decks = []
    for _ in range(2):
        colors = "".join(rng.sample("WUBRG", 3))
        cands = [n for n in focus if set(data[n].colors) <= set(colors)]
        picks = rng.sample(cands, min(len(cands), 12))
        others = [n for n in spells if set(data[n].colors) <= set(colors) and n not in picks]
        while len(picks) < 12:
            picks.append(rng.choice(others))
            others.remove(picks[-1])
        deck = [n for n in picks for _ in range(3)]
        deck += [n for n in rng.sample(lands, min(2, len(lands))) for _ in range(2)]
        while len(deck) < 60:
            deck.append(basic[colors[(len(deck) - 40) % 3]])
        decks.append(deck)
    g = new_game(["Alice", "Bob"], decks, seed)
    agents = [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)]
    k = 0
    while g.decision is not None and k < 6000:
        d = g.decision
        g.apply(d.by, agents[d.by].act(g))
        k += 1
    return render_text(g.log)


@pytest.mark.parametrize("seed", [1001, 1002, 1003])
def test_cr_704_5b_memos_exact_adversarial_decks(seed: int) -> None:
    """116.1, 613, 704.3: games between decks concentrated on cards reading tapped status,
    mana, combat and hidden zones (and Auras, Equipment, control changes) play the same
    with and without memos kept across narrow changes (seed 1001 found a draw from an empty
    library the SBA check skipped, 704.5b)."""
    _same_both_ways(_adversarial_play, seed)


def test_cr_613_1f_ability_index_sees_an_effect_replaced_by_an_ability_adding_one() -> None:
    """613.1f: a layer 6 effect may give a permanent abilities it doesn't print.  When one
    effect ends and a layer 6 effect begins between two reads of ``Game.ability_index``,
    the list of effects has the same length but the index must still say that abilities
    may be granted (it used to compare only the number of effects)."""
    from manastack.engine.setup import put, setup_game, start_at
    from manastack.game.objects import Zone
    from manastack.rules.layers import LayerEffect, add_effect, add_keywords, modify_pt

    g = setup_game()
    bear = put(g, 0, Zone.BATTLEFIELD, "Grizzly Bears")
    start_at(g, "precombat_main", turn=1)
    pump = LayerEffect("7c", modify_pt(1, 1), frozenset({bear.id}), 0)
    add_effect(g, pump)
    assert g.ability_index()[2] is False
    g.effects.remove(pump)
    add_effect(g, LayerEffect("6", add_keywords("flying"), frozenset({bear.id}), 0))
    assert len(g.effects) == 1
    assert g.ability_index()[2] is True
    assert "flying" in g.chars(bear).keywords


@pytest.mark.parametrize("seed", [3, 4])
def test_cr_613_1_characteristics_kept_on_the_object_are_the_views(seed: int) -> None:
    """613.1: ``Game.chars`` reads an object's characteristics from the object while the
    view that computed them is the current one (``view_of``, ``view_chars``).  After every
    answer of a random game, each object that says so holds exactly the current view's
    entry, and every permanent's characteristics are that entry."""
    from manastack.agents import RandomAgent
    from manastack.engine import new_game
    from manastack.game.objects import GameObject
    from manastack.play import default_deck

    g = new_game(["Alice", "Bob"], [default_deck("white_blue"), default_deck("black_red")],
                 seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    kept = 0
    while g.decision is not None:
        d = g.decision
        g.apply(d.by, agents[d.by].act(g))
        for oid in g.battlefield:
            o = g.objects[oid]
            assert isinstance(o, GameObject)
            c = g.chars(o)  # (makes the view current)
            assert c is g.derived.view[oid]
        for o in g.objects.values():
            if isinstance(o, GameObject) and o.view_of is g.derived.view:
                assert o.view_chars is g.derived.view[o.id]
                kept += 1
    assert kept > 1000

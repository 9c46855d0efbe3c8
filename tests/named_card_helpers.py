"""Helpers of the named-card tests (tests/cards/test_*_named_cards.py): a game at the main
phase, a cast by a given player, an attack played out, and each keyword's check (flying,
first strike, haste, vigilance, trample) in a real game.

Unlike :mod:`cardplay`'s, :func:`at_step` here also waits for a decision, :func:`cast` is
by player 0 unless told, :func:`on_bf` returns the one permanent of that name and
:func:`refused` takes a call."""

from __future__ import annotations

from typing import Any

import pytest
from cardplay import (
    BF,
    GY,
    HAND,
    P1,
    advance,
    attack,
    block,
    kind_is,
    lands,
    life,
    pt,
    rules_cited,
    settle,
    zone_of,
)

from manastack import log as ev
from manastack.cards.database import all_card_data
from manastack.cards.registry import get_card
from manastack.engine import Game
from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import AssignDamage, Cast
from manastack.game.objects import GameObject, PlayerRef


def at_step(name: str, turn: int | None = None) -> Any:
    """A condition: the step ``name`` (of turn ``turn``, if given) with a decision pending."""
    return lambda g: (g.step is not None and g.step.name == name and g.decision is not None
                      and (turn is None or g.turn_number == turn))


def main(g: Game, turn: int = 1, active: int = 0) -> Game:
    """Start ``g`` at ``active``'s precombat main phase of turn ``turn``."""
    return start_at(g, "precombat_main", turn=turn, active=active)


def cast(g: Game, card: GameObject, *targets: Any, player: int = 0) -> None:
    """``player`` (0 by default) casts ``card`` with ``targets`` (objects or ids)."""
    g.apply(player, Cast(card.id, tuple(t.id if isinstance(t, GameObject) else t
                                        for t in targets)))


def on_bf(g: Game, name: str) -> GameObject:
    """The one permanent named ``name`` (fails if there are none or several)."""
    (o,) = [o for o in g.permanents() if o.name == name]
    return o


def refused(g: Game, rule: str, fn: Any, *args: Any) -> None:
    """``fn(g, *args)`` is illegal, the refusal cites ``rule`` and nothing changes."""
    before, n = g.state_hash(), len(g.log)
    with pytest.raises(IllegalAction) as ex:
        fn(g, *args)
    assert rule in str(ex.value), ex.value
    assert g.state_hash() == before and len(g.log) == n


def to_blockers(g: Game, *attackers: GameObject, turn: int = 1, active: int = 0) -> None:
    """Start ``active``'s combat, attack the other player with ``attackers`` and stop at
    the defending player's declaration of blockers."""
    start_at(g, "declare_attackers", turn=turn, active=active)
    attack(g, *attackers, target=PlayerRef(1 - active))
    advance(g, lambda x: kind_is("declare_blockers")(x) or at_step("combat_damage")(x))


def fight(g: Game, attackers: list[GameObject],
          blocks: list[tuple[GameObject, GameObject]] | None = None) -> None:
    """Player 0 attacks with ``attackers``, player 1 blocks with ``blocks``; the combat
    damage steps are played out, up to the end of combat step."""
    to_blockers(g, *attackers)
    if kind_is("declare_blockers")(g):
        block(g, *(blocks or []))
    else:
        assert not blocks
    advance(g, at_step("end_of_combat"))


def printed(name: str) -> tuple[int, int]:
    """The printed power and toughness of the card ``name``."""
    d = all_card_data()[name]
    assert d.power is not None and d.toughness is not None
    return int(d.power), int(d.toughness)


def combat_damage_to(g: Game, target: int) -> list[tuple[int, int]]:
    """(source, amount) of each combat damage event dealt to the object ``target``."""
    return [(e.data["source"], e.data["amount"]) for e in g.log
            if e.kind == ev.DAMAGE and e.data.get("combat") and e.data.get("target") == target]


# ---------------------------------------------------------------- keyword checks


def flying_evades_ground(name: str) -> GameObject:
    """Flying (702.9b, 509.1b): the creature attacks; the defending player's ground
    creature (Grizzly Bears) can't block it, a creature with reach (Giant Spider) can;
    unblocked, it deals its power to the player.  Returns the attacker (unblocked game)."""
    g = setup_game()
    flier = put(g, 0, BF, name)
    bears = put(g, 1, BF, "Grizzly Bears")
    spider = put(g, 1, BF, "Giant Spider")
    to_blockers(g, flier)
    refused(g, "509.1b", block, (bears, flier))
    block(g, (spider, flier))
    assert g.combat is not None and g.combat.blockers[spider.id] == [flier.id]
    g = setup_game()
    flier = put(g, 0, BF, name)
    put(g, 1, BF, "Grizzly Bears")
    fight(g, [flier])
    assert life(g, 1) == 20 - (pt(g, flier)[0] or 0)
    return flier


def first_strike_kills(name: str, blocker: str) -> Game:
    """First strike (702.7b, 510.4): the creature attacks and ``blocker`` (with power
    enough to kill it) blocks; the first-strike combat damage step destroys the blocker
    (704.5g) before the regular step, where it deals no damage."""
    g = setup_game()
    fs = put(g, 0, BF, name)
    b = put(g, 1, BF, blocker)
    assert (pt(g, b)[0] or 0) >= (pt(g, fs)[1] or 0)  # would kill it without first strike
    fight(g, [fs], [(b, fs)])
    assert zone_of(g, b) == GY
    assert zone_of(g, fs) == BF and g.obj(fs.id).damage == 0
    assert combat_damage_to(g, fs.id) == []
    assert "510.4" in rules_cited(g)
    return g


def haste_attacks_at_once(name: str, land: str) -> Game:
    """Haste (702.10b, 302.6, 508.1a): cast in the precombat main phase, the creature
    attacks the same turn, while a creature without haste that came under its
    controller's control this turn can't attack."""
    g = setup_game()
    card = put(g, 0, HAND, name)
    lands(g, 0, land, get_card(name).mana_cost.mana_value)
    main(g)
    sick = put(g, 0, BF, "Grizzly Bears", sick=True)
    cast(g, card)
    settle(g)
    c = on_bf(g, name)
    advance(g, kind_is("declare_attackers"))
    refused(g, "508.1a", attack, sick)
    attack(g, c)
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 - (pt(g, c)[0] or 0)
    return g


def vigilance_attacks_untapped(name: str) -> Game:
    """Vigilance (702.20b): declaring the creature as an attacker doesn't tap it (508.1f)
    while it taps Grizzly Bears attacking beside it."""
    g = setup_game()
    c = put(g, 0, BF, name)
    bears = put(g, 0, BF, "Grizzly Bears")
    start_at(g, "declare_attackers")
    attack(g, c, bears)
    assert not g.obj(c.id).tapped and g.obj(bears.id).tapped
    assert g.combat is not None and c.id in g.combat.attackers
    advance(g, at_step("end_of_combat"))
    assert life(g, 1) == 20 - (pt(g, c)[0] or 0) - 2
    return g


def trample_over(name: str, blocker: str) -> Game:
    """Trample (702.19b, 510.1c-d): blocked, the creature must assign lethal damage to the
    blocker before assigning any to the player; the rest tramples over."""
    g = setup_game()
    t = put(g, 0, BF, name)
    b = put(g, 1, BF, blocker)
    to_blockers(g, t)
    block(g, (b, t))
    advance(g, kind_is("assign_damage"))
    power = pt(g, t)[0] or 0
    lethal = pt(g, b)[1] or 0
    too_little = AssignDamage(((t.id, ((b.id, lethal - 1), (P1, power - lethal + 1))),))
    refused(g, "702.19b", lambda g: g.apply(0, too_little))
    g.apply(0, AssignDamage(((t.id, ((b.id, lethal), (P1, power - lethal))),)))
    advance(g, at_step("end_of_combat"))
    assert zone_of(g, b) == GY
    assert life(g, 1) == 20 - (power - lethal)
    return g



"""Combat arithmetic for agents: what happens when creatures fight (CR 506-511).

:class:`Fighter` is a creature's combat numbers as its controller's opponents see them
(power, toughness left after damage, the keywords that change a fight: first strike and
double strike 702.4/702.7, deathtouch 702.2, trample 702.19, lifelink 702.15,
indestructible 702.12).  :func:`fight` plays one attacker against its blockers: the
first-strike damage step, then the regular one (510.4), the attacker's damage assigned
in order, lethal damage to each blocker before the next (510.1c; 1 is lethal from a
deathtouch source, 702.2c), the rest to the player with trample (702.19b).

Everything here reads only what both players see: the battlefield.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manastack.game.abilities import ActivatedAbility
from manastack.game.mana import COLOR_NAMES
from manastack.game.objects import GameObject

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: The value of a creature's keywords, in "points" (a 1/1 with no ability is 3.5).
_KEYWORD_VALUE = {"flying": 2.0, "first strike": 1.2, "double strike": 3.0,
                  "deathtouch": 2.0, "trample": 0.8, "lifelink": 1.2, "vigilance": 0.6,
                  "haste": 0.3, "reach": 0.6, "indestructible": 3.0, "hexproof": 1.0,
                  "shroud": 0.6, "menace": 0.8, "intimidate": 1.2, "unblockable": 2.0}


def total(values: Iterable[float]) -> float:
    """The sum of ``values`` as a float (compiled, ``sum`` of floats may be typed int)."""
    t = 0.0
    for v in values:
        t += v
    return t


@dataclass
class Fighter:
    """A creature's numbers in a fight."""

    id: int
    controller: int
    power: int
    toughness: int
    first: bool
    double: bool
    deathtouch: bool
    trample: bool
    lifelink: bool
    indestructible: bool
    value: float
    #: its colours, and the colours it has protection from (damage from a source of
    #: one of them is prevented, 702.16e)
    colors: frozenset[str] = frozenset()
    protected: frozenset[str] = frozenset()

    def harms(self, other: Fighter) -> bool:
        """Does damage this creature deals ``other`` get through (702.16e)?"""
        return not (self.colors & other.protected)

    def lethal_to(self, other: Fighter) -> int:
        """The damage this creature must deal ``other`` to destroy it (702.2c, 704.5g)."""
        if other.indestructible:
            return 10_000
        return 1 if self.deathtouch else max(1, other.toughness)


def creature_value(game: GameState, o: GameObject) -> float:
    """How much a creature is worth to its controller, in rough points: its power and
    toughness and its combat keywords, plus its other abilities."""
    c = game.chars(o)
    p = c.power or 0
    t = c.toughness or 0
    v = 1.5 + 1.5 * max(p, 0) + 1.0 * max(t, 0)
    for k in c.keywords:
        v += _KEYWORD_VALUE.get(k, 0.3)
    for a in c.abilities:
        if getattr(a, "kind", "") == "static":
            continue
        v += 0.8
        # an ability that deals damage or destroys again and again (a pinger) is a
        # threat of its own
        if isinstance(a, ActivatedAbility) and a.mana is None and \
                type(a.effect).__name__ in ("DealDamage", "Destroy"):
            v += 2.5
    if "can't attack or block" in c.flags:
        v *= 0.25
    return v


def fighter(game: GameState, o: GameObject) -> Fighter:
    """``o``'s numbers now: power, toughness less the damage marked on it (120.6)."""
    c = game.chars(o)
    kw = c.keywords
    protected: frozenset[str] = frozenset()
    for k in kw:
        if k.startswith("protection from "):
            quality = k[len("protection from "):]
            protected |= frozenset(sym for sym, name in COLOR_NAMES.items()
                                   if quality in (name, "everything"))
    return Fighter(o.id, game.controller(o), max(c.power or 0, 0),
                   (c.toughness or 0) - o.damage, "first strike" in kw,
                   "double strike" in kw, "deathtouch" in kw, "trample" in kw,
                   "lifelink" in kw, "indestructible" in kw, creature_value(game, o),
                   c.colors, protected)


@dataclass
class FightResult:
    """The outcome of one attacker against its blockers (or unblocked)."""

    attacker_dies: bool
    blockers_die: tuple[int, ...]
    #: combat damage dealt to the player or planeswalker attacked (trample, or unblocked)
    through: int


def _strikes(f: Fighter, first_step: bool) -> bool:
    return (f.first or f.double) if first_step else (not f.first or f.double)


def fight(attacker: Fighter, blockers: Sequence[Fighter], pump: int = 0) -> FightResult:
    """Play the fight: ``blockers`` in the attacker's damage assignment order (509.2);
    ``pump`` adds to the attacker's power and toughness (a trick, 702/611)."""
    a_pow = attacker.power + pump
    a_left = attacker.toughness + pump
    if not blockers:
        hits = 2 if attacker.double else 1
        return FightResult(False, (), a_pow * hits)
    left = {b.id: b.toughness for b in blockers}
    dead: set[int] = set()
    a_dead = False
    through = 0
    for first_step in (True, False):
        dealt_to_a = 0
        a_strikes = not a_dead and _strikes(attacker, first_step)
        for b in blockers:
            if b.id not in dead and b.power > 0 and _strikes(b, first_step) and \
                    b.harms(attacker):
                dealt_to_a += 10_000 if b.deathtouch else b.power
        if a_strikes:
            dmg = a_pow
            alive = [b for b in blockers if b.id not in dead]
            for k, b in enumerate(alive):
                need = 1 if attacker.deathtouch else max(left[b.id], 0)
                if b.indestructible:
                    need = left[b.id]
                give = dmg if k == len(alive) - 1 and not attacker.trample else min(dmg, need)
                dmg -= give
                if not attacker.harms(b):
                    continue  # (prevented: it still takes the damage assigned, 510.1c)
                left[b.id] -= give
                if (left[b.id] <= 0 or (attacker.deathtouch and give > 0)) and \
                        not b.indestructible:
                    dead.add(b.id)
            if attacker.trample:
                through += max(dmg, 0)
        if dealt_to_a >= a_left and dealt_to_a > 0 and not attacker.indestructible:
            a_dead = True
        a_left -= dealt_to_a
    return FightResult(a_dead, tuple(sorted(dead)), through)


def trade_score(attacker: Fighter, blockers: Sequence[Fighter], pump: int = 0) -> float:
    """The fight's worth to the attacking player: the value of the blockers destroyed
    less the attacker's if it dies."""
    r = fight(attacker, blockers, pump)
    lost = attacker.value if r.attacker_dies else 0.0
    won = total(b.value for b in blockers if b.id in r.blockers_die)
    return won - lost


def damage_order(attacker: Fighter, blockers: Sequence[Fighter]) -> list[Fighter]:
    """The attacker's best damage assignment order (509.2): the blockers it can destroy
    first, most valuable first, then the others."""
    return sorted(blockers, key=lambda b: (attacker.lethal_to(b) > attacker.power, -b.value,
                                           b.id))


def can_block(game: GameState, blocker: GameObject, attacker: GameObject) -> bool:
    """Could ``blocker`` block ``attacker`` as far as evasion and "can't block" go
    (509.1a-b)?  (Used to plan an attack; the declaration itself is checked by the
    rules.)"""
    from manastack.rules.combat import can_block_attacker

    c = game.chars(blocker)
    if "can't block" in c.flags or "can't attack or block" in c.flags:
        return False
    try:
        return can_block_attacker(game, blocker, attacker) is None
    except (AssertionError, AttributeError, KeyError):
        return True

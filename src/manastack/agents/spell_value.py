"""What casting a spell or activating an ability is worth to its controller now, from
what the controller may see: the card's effect on each chosen target
(:mod:`manastack.agents.effect_sense`) weighed by what the target is (a creature's
value if it dies, damage to an opponent's face, lethal damage above all), and the value
of the permanent a permanent spell becomes.

The agent's policy (:mod:`manastack.agents.heuristic`) decides *when*; this module says
*how good*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from manastack.agents.combat_math import creature_value
from manastack.agents.effect_sense import (
    SELF_WORD,
    TargetEffect,
    aura_text,
    effect_on,
    self_subject,
    spell_effect,
    target_effect,
    untargeted_value,
)
from manastack.game.abilities import ActivatedAbility, SpellAbility, TargetSpec
from manastack.game.objects import GameObject, PlayerRef, StackAbility

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: Worth of a win now (lethal damage to the last opponent).
LETHAL = 500.0


@dataclass
class Judged:
    """A spell or ability judged: its worth, and what kind of play it is (for timing):
    ``harms`` an opponent's creature or player, ``helps`` one of ours, ``face``
    damage to an opponent, ``lethal``, ``counters`` a spell, ``saves`` a creature of
    ours from a spell on the stack."""

    value: float = 0.0
    harms: bool = False
    helps: bool = False
    face: int = 0
    lethal: bool = False
    counters: bool = False
    pump: int = 0
    #: the power part of ``pump``
    power: int = 0
    #: what it does to each of our creatures it helps (a trick, a shield), by id
    helped: dict[int, TargetEffect] = field(default_factory=dict)


def _word_of(specs: tuple[TargetSpec, ...], n_targets: int) -> list[int]:
    """The target word of each chosen target, in order (601.2c): each word takes up to
    its count; an "any number" word the rest."""
    out: list[int] = []
    if not specs:
        return [0] * n_targets
    if len(specs) == n_targets:
        return list(range(n_targets))
    for i, s in enumerate(specs):
        room = n_targets - len(out)
        take = min(s.count, room) if i < len(specs) - 1 else room
        out.extend([i] * max(take, 0))
    return out[:n_targets] + [len(specs) - 1] * (n_targets - len(out))


def _board_power(game: GameState, me: int) -> int:
    """The power of our creatures (an attack's worth of damage next turn)."""
    return sum(max(game.chars(o).power or 0, 0) for o in game.creatures(me))


def untapped_lands(game: GameState, player: int) -> int:
    """The player's untapped lands: a rough count of the mana they can still make (what
    everyone sees)."""
    return sum(1 for o in game.permanents(player) if not o.tapped and game.chars(o).is_land)


def can_regenerate(game: GameState, o: GameObject) -> bool:
    """Can ``o``'s controller regenerate it now, as everyone sees it: it has a
    regeneration shield (701.12a), or an ability regenerating it whose mana its
    controller's untapped lands cover (a rough count)."""
    from manastack.cards.effects import SELF, Regenerate

    if o.regeneration_shields:
        return True
    lands = untapped_lands(game, game.controller(o))
    for ab in game.chars(o).abilities:
        eff = getattr(ab, "effect", None)
        if isinstance(ab, ActivatedAbility) and isinstance(eff, Regenerate) and \
                eff.what is SELF and not ab.cost.tap and \
                ab.cost.mana.mana_value <= lands:
            return True
    return False


def permanent_worth(game: GameState, o: GameObject) -> float:
    """A permanent's worth to its controller."""
    c = game.chars(o)
    if c.is_creature:
        return creature_value(game, o)
    if c.is_land:
        return 2.5
    return 1.5 + 1.2 * c.mana_cost.mana_value


def target_value(game: GameState, me: int, t: Any, te: TargetEffect) -> tuple[float, Judged]:
    """What ``te`` done to target ``t`` is worth to ``me`` (negative: it hurts us)."""
    j = Judged()
    if isinstance(t, PlayerRef):
        p = game.players[t.index]
        foe = game.is_opponent(me, t.index)
        loss = te.damage - min(te.life, 0)
        if foe:
            v = -te.score()
            if loss > 0:
                j.face = loss
                j.harms = True
                # face damage counts when it closes the race: the opponent within reach
                # of this and our creatures' power (burn goes to creatures otherwise)
                racing = p.life <= loss + 2 * _board_power(game, me)
                v += loss * ((0.6 if racing else 0.15) + 4.0 / max(p.life, 1))
                if loss >= p.life > 0:
                    j.lethal = True
                    v += LETHAL if len(game.opponents(me)) <= 1 else LETHAL / 5
            elif v > 0:
                j.harms = True
            return v, j
        v = te.score()
        if loss >= p.life:
            v -= LETHAL  # never kill ourselves (or a teammate)
        if v > 0:
            j.helps = True
        return v, j
    o = game.objects.get(t)
    if isinstance(o, StackAbility):
        foe = game.is_opponent(me, game.controller(o))
        v = 2.0 if te.counters else 0.0
        return (v if foe else -v), Judged(value=v, counters=te.counters and foe)
    if not isinstance(o, GameObject):
        return 0.0, j
    if o.zone == "stack":  # a spell: countered (701.5)
        foe = game.is_opponent(me, game.controller(o))
        worth = 2.0 + 1.5 * game.chars(o).mana_cost.mana_value
        if te.counters:
            if te.unless_paid and untapped_lands(game, game.controller(o)) >= \
                    te.unless_paid:
                return 0.0, j  # they can pay (visible: their untapped lands)
            j.counters = foe
            return (worth if foe else -worth), j
        return 0.0, j
    if o.zone == "graveyard":  # a card brought back: good for its owner
        worth = 2.0 + game.chars(o).mana_cost.mana_value
        good = (te.bounces or te.benefit > 0) and not te.removes
        mine = not game.is_opponent(me, o.owner)
        return (worth if good == mine else 0.3), j
    if o.zone != "battlefield":
        return 0.0, j
    foe = game.is_opponent(me, game.controller(o))
    c = game.chars(o)
    worth = permanent_worth(game, o)
    # a destruction its controller can regenerate away with mana they have open
    # (701.12b) barely counts, unless it can't be regenerated (701.12c)
    survives = "indestructible" in c.keywords or (
        not te.no_regen and can_regenerate(game, o))
    if te.kills or te.removes:
        impact = -worth if not survives or te.removes else -0.5
    elif te.bounces:
        impact = -(worth if o.is_token else 0.5 * worth)
    elif te.damage and c.is_creature:
        left = (c.toughness or 0) - o.damage
        impact = -worth if te.damage >= left and not survives else -0.1 * te.damage
    else:
        # (an Aura or a tap, a pump: in proportion to what the permanent is worth; a
        # creature that already can't attack or block is worth little)
        impact = te.score() * 0.5 * min(worth / 6.0, 2.0)
        if te.pump:
            j.pump = te.pump
            j.power = te.power
    if foe:
        if impact < 0:
            j.harms = True
        return -impact, j
    if impact > 0:
        j.helps = True
        if c.is_creature:
            j.helped[o.id] = te
    return impact, j


def judge(game: GameState, me: int, effect: Any, specs: tuple[TargetSpec, ...],
          targets: tuple[Any, ...], x: int, static_text: str = "") -> Judged:
    """The worth to ``me`` of ``effect`` with ``targets`` and X (-1: it has no X)."""
    total = Judged(value=untargeted_value(effect, x))
    words = _word_of(specs, len(targets))
    for t, w in zip(targets, words, strict=False):
        # an X shared among a word's targets (Fireball: divided evenly, rounded down)
        share = x // max(words.count(w), 1) if x >= 0 else x
        te = effect_on(effect, specs, w, share, static_text)
        _add(total, *target_value(game, me, t, te))
    return total


def _add(total: Judged, v: float, j: Judged) -> None:
    """Add the worth ``v`` and the kinds of play ``j`` of one target to ``total``."""
    total.value += v
    total.harms = total.harms or j.harms
    total.helps = total.helps or j.helps
    total.face += j.face
    total.lethal = total.lethal or j.lethal
    total.counters = total.counters or j.counters
    total.pump = max(total.pump, j.pump)
    total.power = max(total.power, j.power)
    total.helped.update(j.helped)


def judge_spell(game: GameState, me: int, o: GameObject, targets: tuple[Any, ...], x: int,
                modes: tuple[int, ...]) -> Judged:
    """The worth of casting card ``o`` with these choices: a permanent spell is worth the
    permanent (and what it does when it enters), an Aura what it does to what it
    enchants, an instant or sorcery its effect."""
    c = game.chars(o)
    sp = o.card.spell
    if c.is_permanent_card and "Aura" not in c.subtypes:
        if c.is_creature:
            v = creature_value(game, o)
        else:
            v = 1.5 + 1.2 * c.mana_cost.mana_value
        return Judged(value=v + 0.5 * c.mana_cost.mana_value)
    if not isinstance(sp, SpellAbility):
        return Judged(value=0.5)
    effect, specs = spell_effect(sp, modes)
    text = aura_text(o.card.abilities) if "Aura" in c.subtypes else ""
    has_x = c.mana_cost.x_count > 0 or sp.has_x
    return judge(game, me, effect, specs, targets, x if has_x else -1, text)


def judge_ability(game: GameState, me: int, ab: ActivatedAbility, targets: tuple[Any, ...],
                  x: int, source: GameObject | None = None) -> Judged:
    """The worth of an activated ability's effect with these targets, and on its
    ``source`` or what the source is attached to when the effect names them
    ("{G}: Regenerate Cudgel Troll", "{R}: Enchanted creature gets +1/+0")."""
    has_x = ab.has_x or ab.cost.mana.x_count > 0 or ab.cost.loyalty_x
    j = judge(game, me, ab.effect, ab.targets, targets, x if has_x else -1)
    subject = self_subject(ab.effect) if source is not None else ""
    if source is not None and subject:
        host = source.id if subject == "self" else source.attached_to
        if isinstance(host, int) and host in game.objects:
            te = target_effect(ab.effect, ab.targets, SELF_WORD, x if has_x else -1)
            _add(j, *target_value(game, me, host, te))
    return j


def spell_on_stack(game: GameState, oid: int) -> tuple[Any, tuple[TargetSpec, ...], int]:
    """The effect, target words and controller of a spell or ability on the stack."""
    o = game.objects.get(oid)
    if isinstance(o, StackAbility):
        ab = o.ability
        return getattr(ab, "effect", None), tuple(getattr(ab, "targets", ())), \
            game.controller(o)
    if isinstance(o, GameObject) and isinstance(o.card.spell, SpellAbility):
        eff, specs = spell_effect(o.card.spell, o.modes)
        return eff, specs, game.controller(o)
    return None, (), -1


def stack_threats(game: GameState, me: int) -> dict[int, TargetEffect]:
    """What the top of the stack, if an opponent's, would do to each of our creatures it
    targets (a burn spell aimed at one: a trick may save it)."""
    if not game.stack:
        return {}
    top = game.stack[-1]
    eff, specs, ctrl = spell_on_stack(game, top)
    if ctrl < 0 or not game.is_opponent(me, ctrl) or eff is None:
        return {}
    o = game.objects.get(top)
    targets = tuple(getattr(o, "targets", ()))
    out: dict[int, TargetEffect] = {}
    words = _word_of(specs, len(targets))
    x = int(getattr(o, "x", 0) or 0) or -1
    for t, w in zip(targets, words, strict=False):
        if isinstance(t, PlayerRef):
            continue
        tgt = game.objects.get(t)
        if isinstance(tgt, GameObject) and tgt.zone == "battlefield" and \
                game.controller(tgt) == me:
            te = effect_on(eff, specs, w, x)
            if te.harmful:
                out[t] = te
    return out

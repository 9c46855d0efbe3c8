"""Attacks, blocks and combat damage for the heuristic agent (CR 508-510), by combat math.

- **Attacks** (508.1): a creature attacks when no creature that could block it wins the
  fight (it survives, or trades for something worth at least as much), when it could
  block none of the defender's creatures while some of theirs can't be blocked by ours
  (it defends nothing: the race, 509.1a, 702.9b), or when the whole attack is lethal
  through the blockers the defender has; creatures are kept home when the opponents'
  counterattack would otherwise kill us.
- **Blocks** (509.1): first blocks that kill the attacker and survive, then even trades
  for attackers worth at least the blocker, then safe blocks (the blocker survives),
  then double blocks that kill a big attacker; chump blocks only when the damage coming
  through would kill us, the biggest attackers first.
- **Damage** (510.1): lethal damage to each blocker in order, the rest to the last one
  or, with trample, to the player (702.19b).

Each declaration built is checked by the rules before it is answered; one the rules
refuse (a requirement, a cost) is replaced by a legal one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from manastack.agents.combat_math import (
    Fighter,
    can_block,
    damage_order,
    fight,
    fighter,
    total,
)
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Action,
    AssignDamage,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
)
from manastack.game.objects import GameObject, PlayerRef, Ref

if TYPE_CHECKING:
    from manastack.game.state import GameState


def legal_or_none(game: GameState, d: Decision, action: Action) -> Action | None:
    """``action`` if it answers ``d`` legally, else None."""
    try:
        d.validate(game, action)
    except IllegalAction:
        return None
    return action


def pick_defender(game: GameState, targets: list[Ref]) -> Ref | None:
    """The player to attack: the opponent closest to dying (planeswalkers aside)."""
    players = [t for t in targets if isinstance(t, PlayerRef)]
    if not players:
        return targets[0] if targets else None
    return min(players, key=lambda r: (game.players[r.index].life, r.index))


def _their_creatures(game: GameState, me: int) -> list[GameObject]:
    return [o for o in game.creatures() if game.is_opponent(me, game.controller(o))]


def declare_attackers(game: GameState, d: Decision, me: int, rng: random.Random) -> Action:
    """The attack: see the module's docstring."""
    from manastack.rules.combat import attack_candidates, attack_targets

    cands = list(attack_candidates(game))
    targets = list(attack_targets(game))
    target = pick_defender(game, targets)
    if not cands or target is None:
        return legal_or_none(game, d, DeclareAttackers(())) or d.sample(game, rng)
    defender = target.index if isinstance(target, PlayerRef) else game.controller(
        game.obj(target))
    foes = [o for o in _their_creatures(game, me) if not o.tapped]
    mine = {o.id: fighter(game, o) for o in cands}
    blockers = {o.id: fighter(game, o) for o in foes}
    chosen: list[int] = []
    trick = holds_trick(game, me)
    theirs = _their_creatures(game, me)
    # their creatures none of ours can block: the race we lose by waiting
    outraced = any(not any(can_block(game, b, t) for b in game.creatures(me))
                   and (game.chars(t).power or 0) > 0 for t in theirs)
    for o in cands:
        a = mine[o.id]
        if a.power <= 0:
            continue
        can = [blockers[b.id] for b in foes if can_block(game, b, o)]
        # (an even trade is the defender's choice to make: no attack for it, unless a
        # trick in hand turns the fight)
        worst = min((_single_block_score(a, b) for b in can), default=1.0)
        # a creature that can block none of theirs defends nothing at home: while
        # their evasive creatures race us, it attacks (their blocker or their life)
        idle = outraced and not any(can_block(game, o, t) for t in theirs)
        if worst > 0 or (worst == 0 and trick) or (len(can) == 0) or idle:
            chosen.append(o.id)
    # the race: everything attacks when it is lethal through the blockers they have
    life = game.players[defender].life
    powers = sorted((mine[o.id].power * (2 if mine[o.id].double else 1) for o in cands),
                    reverse=True)
    n_blockers = len(foes)
    if sum(powers[n_blockers:]) >= life > 0:
        chosen = [o.id for o in cands if mine[o.id].power > 0]
    else:
        chosen = _keep_defenders(game, me, cands, chosen, mine)
    attack = DeclareAttackers(tuple((a, target) for a in chosen))
    return (legal_or_none(game, d, attack)
            or legal_or_none(game, d, DeclareAttackers(tuple((o.id, target) for o in cands)))
            or legal_or_none(game, d, DeclareAttackers(()))
            or d.sample(game, rng))


def holds_trick(game: GameState, me: int) -> bool:
    """Do we hold an instant pump (a combat trick, 611.2c) our untapped lands can pay
    for?"""
    from manastack.agents.effect_sense import custom_text, effects_in
    from manastack.agents.spell_value import untapped_lands
    from manastack.cards.effects import Pump

    mana = untapped_lands(game, me)
    for i in game.players[me].hand:
        o = game.obj(i)
        c = game.chars(o)
        sp = o.card.spell
        if c.is_type("Instant") and sp is not None and c.mana_cost.mana_value <= mana and \
                any(isinstance(e, Pump) or "gets +" in custom_text(e)
                    for e in effects_in(sp.effect)):
            return True
    return False


def _single_block_score(a: Fighter, b: Fighter) -> float:
    """The attacker's gain if ``b`` blocks it alone (negative: a bad attack)."""
    r = fight(a, [b])
    if not r.attacker_dies:
        return 1.0
    won = b.value if b.id in r.blockers_die else 0.0
    return won - a.value


def _keep_defenders(game: GameState, me: int, cands: list[GameObject], chosen: list[int],
                    mine: dict[int, Fighter]) -> list[int]:
    """Keep creatures home while an opponent's creatures would kill us next turn (every
    one attacking, our untapped non-attackers blocking the biggest).  With several
    opponents, the strongest one's creatures (each has a turn of their own).  Our
    attacking lifelinkers' damage is life gained before that turn (702.15b): it counts
    with our life."""
    by_player: dict[int, list[int]] = {}
    for o in _their_creatures(game, me):
        by_player.setdefault(game.controller(o), []).append(max(game.chars(o).power or 0, 0))
    their = sorted(max(by_player.values(), key=sum, default=[]), reverse=True)
    life = game.players[me].life
    chosen = list(chosen)
    vigilant = {o.id for o in cands if "vigilance" in game.chars(o).keywords}

    def home() -> int:
        return sum(1 for o in game.creatures(me) if not o.tapped and (
            o.id not in chosen or o.id in vigilant))

    def gained() -> int:
        return sum(max(mine[c].power, 0) * (2 if mine[c].double else 1)
                   for c in chosen if mine[c].lifelink)

    while chosen and sum(their[home():]) >= life + gained():
        # the best blocker among the attackers stays home
        best = max((c for c in chosen if c not in vigilant),
                   key=lambda c: (mine[c].toughness, -mine[c].power, c), default=None)
        if best is None:
            break
        chosen.remove(best)
    return chosen


def declare_blockers(game: GameState, d: Decision, me: int, rng: random.Random) -> Action:
    """The blocks: see the module's docstring."""
    cb = game.combat
    assert cb is not None
    my_blockers = [game.obj(i) for i in getattr(d, "candidates", ()) if i in game.objects]
    attackers = [game.obj(a) for a in cb.attackers if a in game.objects]
    if not my_blockers or not attackers:
        return legal_or_none(game, d, DeclareBlockers(())) or d.sample(game, rng)
    af = {o.id: fighter(game, o) for o in attackers}
    bf = {o.id: fighter(game, o) for o in my_blockers}
    able = {b.id: [a.id for a in attackers if can_block(game, b, a)] for b in my_blockers}
    free = set(bf)
    blocks: dict[int, int] = {}
    blocked: dict[int, list[int]] = {}
    order = sorted(af, key=lambda a: (-af[a].value, a))

    def take(b: int, a: int) -> None:
        blocks[b] = a
        blocked.setdefault(a, []).append(b)
        free.discard(b)

    # 1. blocks that kill the attacker and survive; 2. even-or-better trades
    for pass_ in (0, 1, 2):
        for a in order:
            if a in blocked:
                continue
            best: tuple[float, int] | None = None
            for b in sorted(free):
                if a not in able[b]:
                    continue
                r = fight(af[a], [bf[b]])
                b_dies = b in r.blockers_die
                if pass_ == 0 and r.attacker_dies and not b_dies:
                    score = af[a].value - 0.1 * bf[b].value
                elif pass_ == 1 and r.attacker_dies and af[a].value >= bf[b].value:
                    score = af[a].value - bf[b].value
                elif pass_ == 2 and not b_dies and not r.attacker_dies and af[a].power > 0:
                    score = 0.1 * af[a].power - 0.01 * bf[b].value
                else:
                    continue
                if best is None or score > best[0]:
                    best = (score, b)
            if best is not None:
                take(best[1], a)
    # 3. double blocks on a big attacker: two blockers kill it, losing less than it's worth
    for a in order:
        if a in blocked:
            continue
        pair = _double_block(af[a], [bf[b] for b in sorted(free) if a in able[b]])
        if pair is not None:
            for b in pair:
                take(b, a)
    # 4. chump blocks, only to survive
    life = game.players[me].life
    attacking_me = {a for a, t in cb.attackers.items()
                    if isinstance(t, PlayerRef) and not game.is_opponent(me, t.index)}
    def coming() -> int:
        total = 0
        for a in attacking_me:
            if a not in af:
                continue
            f = af[a]
            if a not in blocked:
                total += f.power * (2 if f.double else 1)
            elif f.trample:
                total += fight(f, [bf[b] for b in blocked[a]]).through
        return total
    for a in sorted(attacking_me & set(af), key=lambda a: (-af[a].power, a)):
        if coming() < life:
            break
        if a in blocked:
            continue
        chumps = sorted((b for b in free if a in able[b]), key=lambda b: (bf[b].value, b))
        if chumps:
            take(chumps[0], a)
    action = DeclareBlockers(tuple((b, (a,)) for b, a in sorted(blocks.items())))
    got = legal_or_none(game, d, action)
    if got is not None:
        return got
    # drop blocks one at a time (menace, limits) until the rules accept the rest
    kept = dict(blocks)
    for b in sorted(blocks, key=lambda b: bf[b].value):
        del kept[b]
        got = legal_or_none(game, d, DeclareBlockers(tuple((x, (y,)) for x, y in
                                                            sorted(kept.items()))))
        if got is not None:
            return got
    return d.sample(game, rng)


def _double_block(a: Fighter, cands: list[Fighter]) -> tuple[int, int] | None:
    best: tuple[float, tuple[int, int]] | None = None
    for i in range(len(cands)):
        for j in range(i + 1, len(cands)):
            pair = damage_order(a, [cands[i], cands[j]])
            r = fight(a, pair)
            if not r.attacker_dies:
                continue
            lost = total(b.value for b in pair if b.id in r.blockers_die)
            gain = a.value - lost
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, (cands[i].id, cands[j].id))
    return best[1] if best is not None else None


def assign_damage(game: GameState, d: Decision, me: int, rng: random.Random) -> Action:
    """Lethal damage to each blocker in order, the rest to the last (or through, with
    trample) (510.1c-d)."""
    cb = game.combat
    assert cb is not None
    out: list[tuple[int, tuple[tuple[Ref, int], ...]]] = []
    for cid in getattr(d, "candidates", ()):
        o = game.objects.get(cid)
        if not isinstance(o, GameObject):
            continue
        me_f = fighter(game, o)
        power = me_f.power
        if cid in cb.attackers:
            order = [game.obj(b) for b in cb.blocked_by.get(cid, []) if b in game.objects
                     and game.obj(b).zone == "battlefield"]
            past: Ref | None = cb.attackers[cid] if me_f.trample else None
        else:
            order = [game.obj(a) for a in cb.blockers.get(cid, []) if a in game.objects
                     and game.obj(a).zone == "battlefield"]
            past = None
        parts: list[tuple[Ref, int]] = []
        left = power
        for k, b in enumerate(order):
            need = me_f.lethal_to(fighter(game, b))
            give = left if (k == len(order) - 1 and past is None) else min(left, need)
            if give > 0:
                parts.append((b.id, give))
            left -= give
        if left > 0 and past is not None:
            parts.append((past, left))
        elif left > 0 and parts:
            r, n = parts[-1]
            parts[-1] = (r, n + left)
        out.append((cid, tuple(parts)))
    action = AssignDamage(tuple(out))
    got = legal_or_none(game, d, action)
    if got is not None:
        return got
    acts: list[Any] = d.legal_actions(game)
    return acts[0] if acts else d.sample(game, rng)

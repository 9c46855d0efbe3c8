"""Combat (CR 506-511, seed 000 section 3).

:class:`Combat` holds who attacks what, who blocks whom, blocked status and
damage assignment orders.  The turn-based actions of the combat steps ask
the players through decisions: declare attackers (508.1), declare blockers
(509.1), damage assignment orders (509.2, 509.3) and combat damage
assignment (510.1); then all combat damage is dealt at once (510.2).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

from manastack.errors import IllegalAction
from manastack.events import (
    AttackerBlocked,
    AttackerDeclared,
    AttackerUnblocked,
    BlockedByCreature,
    BlockerDeclared,
    BlocksCreature,
    Tapped,
)
from manastack.game.combat import Combat
from manastack.game.decisions import (
    Action,
    AssignDamage,
    ChoiceDecision,
    CombatDecision,
    DeclareAttackers,
    DeclareBlockers,
)
from manastack.game.mana import ManaCost
from manastack.game.objects import GameObject, PlayerRef, Ref, Zone, flag_count, player_ref
from manastack.lines import NOTHING, Card, Items, Line, Raw, Word, say
from manastack.picking import pick
from manastack.rules.casting import perform_payment, plan_payment, summoning_sick
from manastack.rules.static import forbids, hooks, rule_effects
from manastack.rules.targeting import protection_from
from manastack.rules.variant import variant_of

if TYPE_CHECKING:
    from manastack.game.state import GameState


def check_combat(game: GameState) -> bool:
    """Seed section 3 / CR 506.4: remove from combat creatures that changed controller or
    stopped being creatures; a planeswalker that stopped being one is no longer attacked;
    one both blocking and attacked stays attacked if it is still a planeswalker (506.4d).
    Returns True if anything changed."""
    cb = game.combat
    if cb is None or not (cb.attackers or cb.blockers):
        return False
    changed = False
    for oid in list(cb.attackers) + list(cb.blockers):
        o = game.get(oid)
        if o is None:
            continue
        c = game.chars(o)
        if not c.is_creature and c.is_planeswalker and oid in cb.attackers.values():
            # 506.4d: still a planeswalker being attacked, it only stops blocking
            cb.remove(game, oid, quiet=True, rule="506.4d", attacked=False)
            game.note("506.4d", say("{card} stopped being a creature: it is no longer "
                                    "blocking, but is still attacked",
                                    "{card} n'est plus une créature : il ne bloque plus, "
                                    "mais il est toujours attaqué", card=Card(o.id, o.name)))
            changed = True
        elif not c.is_creature:
            cb.remove(game, oid, quiet=True, rule="506.4")
            game.note("506.4", say("{card} stopped being a creature: removed from combat",
                                   "{card} n'est plus une créature : retiré du combat",
                                   card=Card(o.id, o.name)))
            changed = True
        elif cb.controllers.get(oid, controller := game.controller(o)) != controller:
            cb.remove(game, oid, quiet=True, rule="506.4")
            game.note("506.4", say("{card} changed controller: removed from combat",
                                   "{card} a changé de contrôleur : retiré du combat",
                                   card=Card(o.id, o.name)))
            changed = True
    for a, t in list(cb.attackers.items()):
        if isinstance(t, int):
            pw = game.get(t)
            if pw is not None and not game.chars(pw).is_planeswalker:
                cb.attackers[a] = PlayerRef(-1)
                game.changed()
                game.note("506.4", say("{card} stopped being a planeswalker: it is no longer "
                                       "attacked", "{card} n'est plus un planeswalker : il "
                                       "n'est plus attaqué", card=Card(pw.id, pw.name)))
                changed = True
    return changed


def begin_combat_phase(game: GameState) -> None:
    """A combat phase begins: the active player attacks (506.2)."""
    ap = game.active_player
    game.combat = Combat(ap, game.opponents(ap)[:1] if len(game.players) == 2
                         else game.opponents(ap))
    game.changed("combat")  # nothing is in combat yet


def end_combat_phase(game: GameState) -> None:
    """CR 511.3: as the end of combat step ends, everything is removed from combat."""
    in_combat = game.combat is not None and bool(game.combat.attackers or game.combat.blockers)
    if in_combat:
        game.note("511.3", say("All creatures and planeswalkers are removed from combat",
                               "Toutes les créatures et tous les planeswalkers sont retirés "
                               "du combat"))
    game.combat = None
    game.changed("combat")


# ------------------------------------------------------------ declare attackers


def attack_problem(game: GameState, o: GameObject) -> tuple[str, str] | None:
    """Why ``o`` can't attack and the rule: untapped, haste or control since the turn
    began (508.1a, 302.6); restrictions — defender, "can't attack" (508.1c)."""

    c = game.chars(o)
    if not c.is_creature:
        return f"{o.name} isn't a creature (only a creature can attack, 506.3)", "508.1a"
    if game.controller(o) != attack_declarer(game):
        return f"you don't control {o.name}", "508.1a"
    if o.tapped:
        return f"{o.name} is tapped", "508.1a"
    if summoning_sick(game, o):
        return (f"{o.name} hasn't been under your control continuously since the turn "
                "began and has no haste (summoning sickness, 302.6)", "508.1a")
    if "defender" in c.keywords:
        return f"{o.name} has defender (702.3b)", "508.1c"
    if "can't attack" in c.flags or "can't attack or block" in c.flags:
        return f"{o.name} can't attack", "508.1c"
    src = forbids(game, "cant_attack", o)
    if src:
        return f"{o.name} can't attack ({src})", "508.1c"
    return None


def can_attack(game: GameState, o: GameObject) -> str | None:
    """Why ``o`` can't attack, or None."""
    bad = attack_problem(game, o)
    return None if bad is None else bad[0]


def attack_requirements_of(game: GameState, o: GameObject) -> list[Ref | None]:
    """The attack requirements on ``o`` (508.1d): ``None`` for "attacks if able", or the
    player or planeswalker it must attack if able (Alluring Siren, Gideon Jura)."""

    out: list[Ref | None] = []
    c = game.chars(o)
    # each instance is a requirement of its own (Juggernaut given Incite: two)
    out.extend([None] * flag_count(c.flags, "attacks each combat if able"))
    for src, ab in hooks(game, "must_attack"):
        r = True if ab.check is None else ab.check(game, src, o)
        if r is True:
            out.append(None)
        elif r not in (None, False):
            out.append(r)
    for eff in rule_effects(game, "must_attack"):
        r = eff.check(game, o)
        if r is True:
            out.append(None)
        elif r not in (None, False):
            out.append(r)
    return out


def _must_attack(game: GameState, o: GameObject) -> bool:
    return bool(attack_requirements_of(game, o))


def attack_declarer(game: GameState) -> int:
    """The player declaring attackers now: the active player, or one player of the
    active team (805.10b)."""
    cb = game.combat
    return cb.declarer if cb is not None and cb.declarer is not None else game.active_player


def attack_candidates(game: GameState) -> list[GameObject]:
    """The creatures that can attack now (508.1a-c), of the player declaring attackers
    (memoised until the next state change, per declarer: don't modify the list)."""
    declarer = attack_declarer(game)
    return game.derived.cached(  # type: ignore[no-any-return]
        f"attack_candidates:{declarer}",
        lambda: [o for o in game.creatures(declarer) if can_attack(game, o) is None])


def attack_targets(game: GameState) -> list[Ref]:
    """The defending players and their planeswalkers (508.1b; memoised until the next
    state change: don't modify the list)."""
    return game.derived.cached(  # type: ignore[no-any-return]
        "attack_targets", lambda: _attack_targets(game))


def _attack_targets(game: GameState) -> list[Ref]:
    assert game.combat is not None
    out: list[Ref] = []
    for d in game.combat.defending_players:
        out.append(player_ref(d))
        out.extend(o.id for o in game.permanents(d) if game.chars(o).is_planeswalker)
    return out


def attack_violation(game: GameState, attacks: dict[int, Ref]) -> tuple[str, str] | None:
    """Restrictions on an attack declaration (508.1a-c); None if none is broken."""
    targets = attack_targets(game)
    for a, t in attacks.items():
        o = game.get(a)
        if o is None or o.zone != "battlefield":
            return (f"there is no creature #{a} on the battlefield", "508.1a")
        bad = attack_problem(game, o)
        if bad:
            return (f"{o.name} can't attack: {bad[0]}", bad[1])
        if t not in targets:
            gone = isinstance(t, PlayerRef) and not game.players[t.index].in_game
            return (f"{game.name_of(t)} can't be attacked"
                    + (" (they have left the game, 800.4a)" if gone else ""), "508.1b")
    cb = game.combat
    whole = dict(cb.pending_attacks) if cb is not None else {}
    whole.update(attacks)
    if len(whole) == 1:
        (only,) = whole
        later = cb is not None and any(
            can_attack(game, o) is None and o.id != only
            for q in cb.later_declarers for o in game.creatures(q))
        if "can't attack alone" in game.chars(game.obj(only)).flags and not later:
            return (f"{game.name_of(only)} can't attack alone", "508.1c")
    return None


def combat_cost(game: GameState, kind: str, creature: int, target: Any = None) -> int:
    """Generic mana a creature's controller must pay for it to attack or block
    (``attack_cost``/``block_cost`` hooks: check(game, source, creature, target) -> int)."""
    total = 0
    for src, ab in hooks(game, f"{kind}_cost"):
        if ab.check is not None:
            total += int(ab.check(game, src, creature, target) or 0)
    return total


def _tapped_by_attacking(game: GameState, kind: str, items: list[tuple[int, Any]]
                         ) -> list[int]:
    """508.1f: the attackers without vigilance are tapped before the costs to attack are
    paid (508.1g-j), so they can't tap for mana to pay them."""
    if kind != "attack":
        return []
    return [c for c, _ in items
            if (o := game.get(c)) is not None and not o.tapped
            and "vigilance" not in game.chars(o).keywords]


def _cost_problem(game: GameState, kind: str, player: int, items: list[tuple[int, Any]]
                  ) -> tuple[str, str] | None:
    """508.1h-j / 509.1d-f: the total cost is locked in, then paid (mana abilities may be
    activated); partial payment isn't allowed.  The attackers are tapped first (508.1f)."""
    total = sum(combat_cost(game, kind, c, t) for c, t in items)
    if total and plan_payment(game, player, ManaCost(generic=total), None,
                              _tapped_by_attacking(game, kind, items)) is None:
        rule = "508.1j" if kind == "attack" else "509.1f"
        return (f"you can't pay the total cost to {kind} ({{{total}}})", rule)
    return None


def _pay_combat_cost(game: GameState, kind: str, player: int, items: list[tuple[int, Any]]) -> None:
    total = sum(combat_cost(game, kind, c, t) for c, t in items)
    if not total:
        return
    cost = ManaCost(generic=total)
    payment = plan_payment(game, player, cost, None, _tapped_by_attacking(game, kind, items))
    assert payment is not None
    rules = ("508.1h", "508.1j") if kind == "attack" else ("509.1d", "509.1f")
    game.note(rules[0], say("The total cost to {kind} is locked in: {cost}",
                            "Le coût total pour {kind} est fixé : {cost}",
                            kind=Word("attack", "attaquer") if kind == "attack"
                            else Word("block", "bloquer"), cost=Raw(f"{{{total}}}")))
    perform_payment(game, player, cost, payment, rules[1])


def has_banding(game: GameState, oid: int) -> bool:
    o = game.get(oid)
    return o is not None and "banding" in game.chars(o).keywords


def band_violation(game: GameState, attacks: dict[int, Ref],
                   bands: tuple[tuple[int, ...], ...]) -> tuple[str, str] | None:
    """702.21c-d: bands of attackers with banding plus at most one without; same target."""
    seen: set[int] = set()
    for band in bands:
        if len(band) < 2:
            return ("a band has at least two creatures", "702.21c")
        for m in band:
            if m not in attacks:
                return (f"{game.name_of(m)} isn't attacking, so it can't be in a band",
                        "702.21c")
            if m in seen:
                return (f"{game.name_of(m)} is in two bands", "702.21c")
            seen.add(m)
        without = [m for m in band if not has_banding(game, m)]
        if len(without) > 1 or len(without) == len(band):
            return ("a band holds creatures with banding and at most one creature without "
                    "banding", "702.21c")
        if len({attacks[m] for m in band}) > 1:
            return ("all creatures in a band must attack the same player or planeswalker",
                    "702.21d")
    return None


def attack_requirements(game: GameState, attacks: dict[int, Ref]) -> int:
    """How many attack requirements this declaration obeys (508.1d)."""
    n = 0
    for a, t in attacks.items():
        for req in attack_requirements_of(game, game.obj(a)):
            if req is None or req == t:
                n += 1
    return n


def max_attack_requirements(game: GameState) -> int:
    """The most requirements any legal declaration obeys (search, not greedy: 508.1d).

    Costs to attack never have to be paid to obey requirements (508.1d)."""
    def compute() -> int:
        # creatures that attack only for a cost are left out: a player is never required
        # to pay a cost to obey a requirement (508.1d)
        cands = [o.id for o in attack_candidates(game)
                 if not any(combat_cost(game, "attack", o.id, t) for t in attack_targets(game))]
        if not any(_must_attack(game, game.obj(c)) for c in cands):
            return 0
        targets = attack_targets(game)
        # a creature attacks whichever target obeys most of its requirements
        best_target = {}
        for c in cands:
            reqs = attack_requirements_of(game, game.obj(c))
            best_target[c] = max(targets, key=lambda t: sum(1 for r in reqs
                                                         if r is None or r == t))
        best = 0
        n = len(cands)
        if n > 14:  # only creatures with requirements matter, plus one companion
            musts = [c for c in cands if _must_attack(game, game.obj(c))]
            others = [c for c in cands if c not in musts][:2]
            cands = musts[:12] + others
            n = len(cands)
        for mask in range(1, 1 << n):
            d = {cands[i]: best_target[cands[i]] for i in range(n) if mask >> i & 1}
            if attack_violation(game, d) is None:
                best = max(best, attack_requirements(game, d))
        return best
    return int(game.derived.cached(f"max_attack_requirements:{attack_declarer(game)}", compute))


def check_attack(game: GameState, action: Action) -> None:
    """Raise IllegalAction unless this attack declaration is legal (508.1)."""
    if not isinstance(action, DeclareAttackers):
        raise IllegalAction("declare attackers (a list of creatures and what they attack)",
                            "508.1")
    attacks = dict(action.attacks)
    if len(attacks) != len(action.attacks):
        raise IllegalAction("a creature is declared as an attacker twice", "508.1a")
    bad = attack_violation(game, attacks)
    if bad:
        raise IllegalAction(bad[0], bad[1])
    bad = band_violation(game, attacks, action.bands)
    if bad:
        raise IllegalAction(bad[0], bad[1])
    bad = _cost_problem(game, "attack", attack_declarer(game), list(attacks.items()))
    if bad:
        raise IllegalAction(bad[0], bad[1])
    have = attack_requirements(game, attacks)
    best = max_attack_requirements(game)
    if have < best:
        missing = [o.name for o in attack_candidates(game)
                   if _must_attack(game, o) and o.id not in attacks]
        raise IllegalAction(f"this declaration obeys {have} attack requirement(s) but {best} "
                            f"can be obeyed ({', '.join(missing)} must attack if able)",
                            "508.1d")


def enumerate_attacks(game: GameState, most: int = 4097) -> list[Action]:
    """Legal attack declarations (bounded to a few thousand), the first ``most`` of them
    (2: enough to tell whether the declaration is forced)."""
    cands = attack_candidates(game)
    targets = attack_targets(game)
    best = max_attack_requirements(game)
    out: list[Action] = []
    ids = [o.id for o in cands]
    for k in range(len(ids) + 1):
        for subset in itertools.combinations(ids, k):
            for tgts in itertools.product(targets, repeat=len(subset)):
                d = dict(zip(subset, tgts, strict=True))
                if attack_violation(game, d) is None and \
                        attack_requirements(game, d) >= best and \
                        _cost_problem(game, "attack", attack_declarer(game),
                                      list(d.items())) is None:
                    out.append(DeclareAttackers(tuple(d.items())))
                    if len(out) >= most:
                        return out
    return out


def sample_attack(game: GameState, rng: random.Random) -> Action:
    """A random legal declaration: each creature attacks with probability 1/2."""
    targets = attack_targets(game)
    best = max_attack_requirements(game)
    for _ in range(30):
        atk = {}
        for o in attack_candidates(game):
            if rng.random() < 0.5:
                atk[o.id] = pick(rng, targets)
        if attack_violation(game, atk) is None and attack_requirements(game, atk) >= best \
                and _cost_problem(game, "attack", attack_declarer(game),
                                  list(atk.items())) is None:
            return DeclareAttackers(tuple(atk.items()))
    return pick(rng, enumerate_attacks(game))


def ask_attackers(game: GameState) -> None:
    """508.1: the active player declares attackers (turn-based action); with shared team
    turns each player of the active team declares for their creatures, in team order,
    and the whole attack must be legal (805.10b)."""

    assert game.combat is not None
    if not game.combat.defending_players:
        return
    declarers = variant_of(game).attack_declarers(game)
    if len(declarers) == 1 and declarers[0] == game.active_player:
        _ask_attackers_of(game, game.active_player, (), (), ())
        return
    game.push(_next_attack_declarer, tuple(declarers), (), ())


def _next_attack_declarer(game: GameState, declarers: tuple[int, ...],
                          done: tuple[tuple[int, Ref], ...],
                          bands: tuple[tuple[int, ...], ...]) -> None:
    cb = game.combat
    assert cb is not None
    if not declarers:
        cb.declarer = None
        cb.pending_attacks = ()
        cb.later_declarers = ()
        _declare_attackers(game, DeclareAttackers(done, bands), paid=True)
        return
    _ask_attackers_of(game, declarers[0], declarers[1:], done, bands)


def _ask_attackers_of(game: GameState, player: int, rest: tuple[int, ...],
                      done: tuple[tuple[int, Ref], ...],
                      bands: tuple[tuple[int, ...], ...]) -> None:
    cb = game.combat
    assert cb is not None
    single = player == game.active_player and not rest and not done and cb.declarer is None
    if not single:
        cb.declarer = player
        cb.pending_attacks = done
        cb.later_declarers = rest
    cands = attack_candidates(game)
    if not game.creatures(player):
        game.note("508.1", _controls_no_creature(game, player))
        _attackers_of(game, DeclareAttackers(()), player, rest, done, bands, single)
        return
    game.ask(CombatDecision(
        player, "declare_attackers", "Declare attackers", (_attackers_of, (
            player, rest, done, bands, single)),
        rule="508.1", candidates=tuple(o.id for o in cands), checker=check_attack,
        enumerate_fn=enumerate_attacks, sampler=sample_attack))


def _attackers_of(game: GameState, action: Any, player: int, rest: tuple[int, ...],
                  done: tuple[tuple[int, Ref], ...], bands: tuple[tuple[int, ...], ...],
                  single: bool) -> None:
    if single:
        _declare_attackers(game, action)
        return
    _pay_combat_cost(game, "attack", player, list(action.attacks))
    if not action.attacks:
        game.note("508.1", say("{who} declares no attackers", "{who} ne déclare aucun "
                               "attaquant", who=game.who(player)))
    game.push(_next_attack_declarer, rest, done + tuple(action.attacks),
              bands + tuple(action.bands))


def _declare_attackers(game: GameState, action: Any, paid: bool = False) -> None:
    assert game.combat is not None
    cb = game.combat
    cb.declared = True
    for a, _ in action.attacks:
        o = game.obj(a)
        if "vigilance" not in game.chars(o).keywords and not o.tapped:
            o.tapped = True  # 508.1f: tapping isn't a cost; before paying costs (508.1g-j)
            game.changed("tapped", game.controller(o))
            game.emit_event(Tapped("508.1f", say("{card} becomes tapped (attacking)",
                                                 "{card} devient engagé (attaque)",
                                                 card=Card(o.id, o.name)), game.turn_number,
                                                 object=o.id))
    if not paid:
        _pay_combat_cost(game, "attack", game.active_player, list(action.attacks))
    attacked = game.turn_flags.setdefault("attacked", set())
    # the players who attacked with a creature (805.10a: each player of the active team
    # attacks with the creatures they control)
    attacked_with = game.turn_flags.setdefault("attacked_players", set())
    for a, t in action.attacks:
        o = game.obj(a)
        cb.attackers[a] = t
        cb.controllers[a] = game.controller(o)
        attacked.add(a)
        attacked_with.add(cb.controllers[a])
        game.changed("combat")
    for band in action.bands:
        cb.bands.append(set(band))
        game.note("702.21c", say("Band: {members}", "Bande : {members}",
                                 members=Items(game.named(m) for m in band)))
    if not action.attacks and not paid:
        game.note("508.1", say("{who} declares no attackers", "{who} ne déclare aucun "
                               "attaquant", who=game.who(game.active_player)))
    for a, t in action.attacks:
        game.emit_event(AttackerDeclared(
            "508.1", say("{attacker} attacks {target}", "{attacker} attaque {target}",
                         attacker=game.named(a), target=game.named(t)), game.turn_number,
            attacker=a, target=t, player=cb.controllers.get(a, game.active_player)))
    if not cb.attackers:
        # 508.8: no attackers -> declare blockers and combat damage steps are skipped
        from manastack.rules.turn import remove_steps_of_current_phase
        remove_steps_of_current_phase(game, ("declare_blockers", "combat_damage",
                                             "combat_damage_2"))
        game.note("508.8", say("No creatures attack: the declare blockers and combat damage "
                               "steps are skipped", "Aucune créature n'attaque : l'étape de "
                               "déclaration des bloqueurs et l'étape des blessures de combat "
                               "sont passées"))


# ------------------------------------------------------------ declare blockers


def block_problem(game: GameState, blocker: GameObject) -> tuple[str, str] | None:
    """Why ``blocker`` can't block and the rule: untapped creature (509.1a); restrictions
    — "can't block" effects (509.1b)."""

    c = game.chars(blocker)
    if not c.is_creature:
        return (f"{blocker.name} isn't a creature (only a creature can block, 506.3)",
                "509.1a")
    if blocker.tapped:
        return f"{blocker.name} is tapped", "509.1a"
    if "can't block" in c.flags or "can't attack or block" in c.flags:
        return f"{blocker.name} can't block", "509.1b"
    src = forbids(game, "cant_block", blocker)
    if src:
        return f"{blocker.name} can't block ({src})", "509.1b"
    return None


def can_block(game: GameState, blocker: GameObject) -> str | None:
    bad = block_problem(game, blocker)
    return None if bad is None else bad[0]


def can_block_attacker(game: GameState, blocker: GameObject, attacker: GameObject) -> str | None:
    """Evasion and per-pair restrictions (509.1b): flying, shadow, intimidate, landwalk..."""

    bc = game.chars(blocker)
    ac = game.chars(attacker)
    ak = ac.keywords
    bk = bc.keywords
    if "unblockable" in ak or "can't be blocked" in ac.flags:
        return f"{attacker.name} can't be blocked"
    if "flying" in ak and not ("flying" in bk or "reach" in bk):
        return f"{attacker.name} has flying (702.9b)"
    if "shadow" in ak and "shadow" not in bk:
        return f"{attacker.name} has shadow (702.27b)"
    if "shadow" in bk and "shadow" not in ak:
        return f"{blocker.name} has shadow and can block only creatures with shadow (702.27b)"
    if "intimidate" in ak and not ("Artifact" in bc.types and bc.is_creature) \
            and not (ac.colors & bc.colors):
        return f"{attacker.name} has intimidate (702.13b)"
    if "can block only creatures with flying" in bc.flags and "flying" not in ak:
        return f"{blocker.name} can block only creatures with flying"
    for kw in ak:
        if kw.endswith("walk") and kw != "walk":
            land_type = kw[:-4].capitalize()
            defenders = variant_of(game).defending_players_meant(game, attacker.id) \
                if game.combat is not None else []
            if not defenders:
                defenders = [game.controller(blocker)]
            if any(land_type in game.chars(p).subtypes for d in defenders
                   for p in game.permanents(d) if game.chars(p).is_land):
                return f"{attacker.name} has {kw} (702.14c" + (
                    ", 810.7d)" if len(defenders) > 1 else ")")
    if protection_from(game, attacker, blocker.id):
        return f"{attacker.name} has protection from {blocker.name} (702.16f)"
    if "can't be blocked by walls" in ac.flags and "Wall" in bc.subtypes:
        return f"{attacker.name} can't be blocked by Walls"
    return None


def max_blocks(game: GameState, blocker: GameObject) -> int:
    c = game.chars(blocker)
    if "can block any number of creatures" in c.flags:
        return 99
    return 1 + flag_count(c.flags, "can block an additional creature")


def block_declarer(game: GameState) -> int:
    """The defending player declaring blockers now (509.1, 802.4, 805.10d)."""
    cb = game.combat
    assert cb is not None
    if cb.declarer is not None:
        return cb.declarer
    return cb.defending_players[0] if cb.defending_players else -1


def attacked_player(game: GameState, attacker: int) -> int | None:
    """The player an attacking creature attacks, or the controller of the planeswalker it
    attacks (802.2a); None when that planeswalker is gone."""
    cb = game.combat
    assert cb is not None
    t = cb.attackers.get(attacker)
    if isinstance(t, PlayerRef):
        return t.index if t.index >= 0 else None
    o = game.get(t) if t is not None else None
    return game.controller(o) if o is not None else None


def blockable_attackers(game: GameState) -> list[int]:
    """The attackers the declaring player's creatures may block: all of them, except with
    several defending players blocking separately (802.4a: only creatures attacking that
    player or a planeswalker they control)."""

    cb = game.combat
    assert cb is not None
    if len(cb.defending_players) <= 1 or variant_of(game).combined_block(game):
        return list(cb.attackers)
    me = block_declarer(game)
    return [a for a in cb.attackers if attacked_player(game, a) in (me, None)]


def _later_blocker_for(game: GameState, attacker: GameObject) -> bool:
    """Could a defending player who declares later still block ``attacker`` (805.10d: the
    combined block is legal as a whole once everyone has declared)?"""
    cb = game.combat
    assert cb is not None
    return any(can_block(game, o) is None and can_block_attacker(game, o, attacker) is None
               for q in cb.later_declarers for o in game.creatures(q))


def block_violation(game: GameState, blocks: dict[int, tuple[int, ...]]) -> tuple[str, str] | None:
    """Restrictions on the whole declaration (509.1b); None if legal (ignoring requirements)."""
    cb = game.combat
    assert cb is not None
    count: dict[int, int] = {}
    for _b, atks in cb.pending_blocks:  # a teammate's part of the combined block (805.10d)
        for a in atks:
            count[a] = count.get(a, 0) + 1
    me = block_declarer(game)
    allowed = set(blockable_attackers(game))
    for b, atks in blocks.items():
        bo = game.get(b)
        if bo is None or bo.zone != "battlefield" or bo.phased_out:
            return (f"there is no creature #{b} on the battlefield", "509.1a")
        if game.controller(bo) != me:
            return (f"you don't control {bo.name}", "509.1a")
        bad = block_problem(game, bo)
        if bad:
            return bad
        if not atks:
            return (f"{bo.name} must block at least one attacker", "509.1a")
        if len(set(atks)) != len(atks):
            return (f"{bo.name} blocks the same creature twice", "509.1a")
        if len(atks) > max_blocks(game, bo):
            return (f"{bo.name} can't block more than {max_blocks(game, bo)} creature(s)",
                    "509.1a")
        # (an attacker may be anything here, a player...: refused as not attacking, 509.1a;
        # typed Any so that compiled code doesn't refuse it first with a TypeError)
        for att in cast("tuple[Any, ...]", atks):
            ao = game.get(att)
            if ao is None or att not in cb.attackers:
                return (f"{game.name_of(att)} isn't an attacking creature", "509.1a")
            if att not in allowed:
                return (f"{bo.name} can't block {ao.name}: it attacks another player",
                        "802.4a")
            why = can_block_attacker(game, bo, ao)
            if why:
                return (f"{bo.name} can't block {ao.name}: {why}", "509.1b")
            count[att] = count.get(att, 0) + 1
    for a, n in count.items():
        ac = game.chars(game.obj(a))
        if ("menace" in ac.keywords or "can't be blocked except by two or more creatures"
                in ac.flags) and n < 2 and not _later_blocker_for(game, game.obj(a)):
            return (f"{game.name_of(a)} can't be blocked except by two or more creatures "
                    "(menace, 702.110b)", "509.1b")
        if "can't be blocked by more than one creature" in ac.flags and n > 1:
            return (f"{game.name_of(a)} can't be blocked by more than one creature", "509.1b")
    return None


def _requirements(game: GameState, blocks: dict[int, tuple[int, ...]]) -> int:
    """Number of blocking requirements obeyed (509.1c)."""
    cb = game.combat
    assert cb is not None
    n = 0
    for b in block_candidates(game):
        c = game.chars(b)
        if b.id in blocks:
            n += flag_count(c.flags, "blocks each combat if able") + \
                flag_count(c.flags, "attacks or blocks each combat if able")
    for a in blockable_attackers(game):
        ac = game.chars(game.obj(a))
        # one requirement per instance: Lure on a Prized Unicorn makes two (509.1c)
        k = flag_count(ac.flags, "all creatures able to block it do so")
        if k:
            for b in block_candidates(game):
                if a in blocks.get(b.id, ()):
                    n += k
    return n


def _has_requirements(game: GameState) -> bool:
    cb = game.combat
    assert cb is not None
    if any({"blocks each combat if able", "attacks or blocks each combat if able"}
           & game.chars(b).flags for b in block_candidates(game)):
        return True
    return any("all creatures able to block it do so" in game.chars(game.obj(a)).flags
               for a in blockable_attackers(game))


def block_candidates(game: GameState) -> list[GameObject]:
    """The creatures that can block now (509.1a-b), of the player declaring blockers
    (memoised until the next state change, per declarer: don't modify the list)."""
    declarer = block_declarer(game)
    return game.derived.cached(  # type: ignore[no-any-return]
        f"block_candidates:{declarer}",
        lambda: [o for o in game.creatures(declarer) if can_block(game, o) is None])


def _all_declarations(game: GameState, limit: int = 20000) -> list[dict[int, tuple[int, ...]]]:
    """The legal block declarations (509.1a-b: restrictions obeyed; costs and requirements
    not looked at), the first ``limit`` of them."""
    return list(itertools.islice(_declarations(game), limit))


def _declarations(game: GameState) -> Iterator[dict[int, tuple[int, ...]]]:
    """:func:`_all_declarations`, one at a time, in the same order (a caller needing only
    the first few stops there)."""
    cb = game.combat
    assert cb is not None
    per: list[list[tuple[int, tuple[int, ...]] | None]] = []
    for b in block_candidates(game):
        opts: list[tuple[int, tuple[int, ...]] | None] = [None]
        ok = [a for a in blockable_attackers(game)
              if can_block_attacker(game, b, game.obj(a)) is None]
        for k in range(1, min(max_blocks(game, b), len(ok)) + 1):
            for combo in itertools.combinations(ok, k):
                opts.append((b.id, combo))
        per.append(opts)
    for choice in itertools.product(*per):
        d = {c[0]: c[1] for c in choice if c is not None}
        if block_violation(game, d) is None:
            yield d


def check_block(game: GameState, action: Action) -> None:
    if not isinstance(action, DeclareBlockers):
        raise IllegalAction("declare blockers (creatures and the attackers they block)",
                            "509.1")
    blocks = dict(action.blocks)
    if len(blocks) != len(action.blocks):
        raise IllegalAction("a creature is declared as a blocker twice", "509.1a")
    bad = block_violation(game, blocks)
    if bad:
        raise IllegalAction(bad[0], bad[1])
    bad = _cost_problem(game, "block", block_declarer(game),
                        [(b, a) for b, a in blocks.items()]) if game.combat else None
    if bad:
        raise IllegalAction(bad[0], bad[1])
    if _has_requirements(game):
        best = _best_block_requirements(game, _all_declarations(game))
        have = _requirements(game, blocks)
        if have < best:
            raise IllegalAction(f"this declaration obeys {have} blocking requirement(s); "
                                f"{best} can be obeyed", "509.1c")


def _free_of_cost(game: GameState, d: dict[int, tuple[int, ...]]) -> bool:
    return not any(combat_cost(game, "block", b, a) for b, a in d.items())


def _best_block_requirements(game: GameState, decls: list[dict[int, tuple[int, ...]]]) -> int:
    """509.1c: the most requirements obeyable without paying a cost to block."""
    return max((_requirements(game, d) for d in decls if _free_of_cost(game, d)), default=0)


def _payable(game: GameState, d: dict[int, tuple[int, ...]]) -> bool:
    cb = game.combat
    assert cb is not None
    return _cost_problem(game, "block", block_declarer(game), list(d.items())) is None


def enumerate_blocks(game: GameState, most: int = 20000) -> list[Action]:
    """Legal block declarations (509.1a-c; bounded to twenty thousand), the first ``most``
    of them (2: enough to tell whether the declaration is forced; without blocking
    requirements the listing stops there)."""
    if _has_requirements(game):
        decls = [d for d in _all_declarations(game) if _payable(game, d)]
        best = _best_block_requirements(game, _all_declarations(game))
        decls = [d for d in decls if _requirements(game, d) >= best][:most]
    else:
        decls = list(itertools.islice((d for d in itertools.islice(_declarations(game), 20000)
                                       if _payable(game, d)), most))
    return [DeclareBlockers(tuple(sorted(d.items()))) for d in decls]


def sample_block(game: GameState, rng: random.Random) -> Action:
    cb = game.combat
    assert cb is not None
    if not _has_requirements(game):
        for _ in range(20):
            d: dict[int, tuple[int, ...]] = {}
            for b in block_candidates(game):
                ok = [a for a in blockable_attackers(game)
                      if can_block_attacker(game, b, game.obj(a)) is None]
                if ok and rng.random() < 0.5:
                    d[b.id] = (pick(rng, ok),)
            if block_violation(game, d) is None and _payable(game, d):
                return DeclareBlockers(tuple(sorted(d.items())))
        return DeclareBlockers(())
    return pick(rng, enumerate_blocks(game))


def ask_blockers(game: GameState) -> None:
    """509.1: the defending player declares blockers (turn-based action).  With several
    defending players, each declares in turn: in APNAP order, each blocking only what
    attacks them (802.4), or as a team making one combined block (805.10d)."""

    cb = game.combat
    assert cb is not None
    if not cb.attackers:
        return
    declarers = tuple(p for p in variant_of(game).block_declarers(game)
                      if game.players[p].in_game)
    if len(declarers) == 1 and cb.defending_players[:1] == [declarers[0]]:
        defender = declarers[0]
        if not game.creatures(defender):
            game.note("509.1", _controls_no_creature(game, defender))
            _declare_blockers(game, DeclareBlockers(()))
            return
        game.ask(CombatDecision(
            defender, "declare_blockers", "Declare blockers", (_declare_blockers, ()),
            rule="509.1", candidates=tuple(o.id for o in block_candidates(game)),
            checker=check_block, enumerate_fn=enumerate_blocks, sampler=sample_block))
        return
    game.push(_next_block_declarer, declarers, declarers, ())


def _next_block_declarer(game: GameState, everyone: tuple[int, ...], declarers: tuple[int, ...],
                         done: tuple[tuple[int, tuple[int, ...]], ...]) -> None:

    cb = game.combat
    assert cb is not None
    if not declarers:
        cb.declarer = None
        cb.pending_blocks = ()
        cb.later_declarers = ()
        _declare_blockers(game, DeclareBlockers(done), paid=True)
        return
    player, rest = declarers[0], declarers[1:]
    cb.declarer = player
    cb.pending_blocks = done if variant_of(game).combined_block(game) else ()
    cb.later_declarers = rest if variant_of(game).combined_block(game) else ()
    if not game.creatures(player):
        game.note("509.1", _controls_no_creature(game, player))
        _blockers_of(game, DeclareBlockers(()), everyone, player, rest, done)
        return
    if not rest and cb.pending_blocks:
        try:
            check_block(game, DeclareBlockers(()))
        except IllegalAction:
            if not enumerate_blocks(game, 1):
                # 805.10d: the teammates' blocks can't be completed into a legal block
                game.note("805.10d", say("The combined block can't be made legal: the "
                                         "defending team declares blockers again",
                                         "Le blocage combiné ne peut pas être rendu légal : "
                                         "l'équipe qui défend déclare à nouveau ses "
                                         "bloqueurs"))
                game.push(_next_block_declarer, everyone, everyone, ())
                return
    game.ask(CombatDecision(
        player, "declare_blockers", "Declare blockers", (_blockers_of, (
            everyone, player, rest, done)),
        rule="509.1", candidates=tuple(o.id for o in block_candidates(game)),
        checker=check_block, enumerate_fn=enumerate_blocks, sampler=sample_block))


def _blockers_of(game: GameState, action: Any, everyone: tuple[int, ...], player: int,
                 rest: tuple[int, ...], done: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
    _pay_combat_cost(game, "block", player, list(action.blocks))
    if not action.blocks:
        game.note("509.1", _declares_no_blockers(game, player))
    game.push(_next_block_declarer, everyone, rest, done + tuple(action.blocks))


def _declare_blockers(game: GameState, action: Any, paid: bool = False) -> None:
    cb = game.combat
    assert cb is not None
    cb.blockers_declared = True
    if not paid:
        _pay_combat_cost(game, "block", cb.defending_players[0], list(action.blocks))
    for b, atks in action.blocks:
        cb.blockers[b] = list(atks)
        cb.controllers[b] = game.controller(game.obj(b))
        for a in atks:
            cb.blocked_by.setdefault(a, []).append(b)
            cb.blocked.add(a)
    banded: list[tuple[int, int]] = []
    for b, atks in action.blocks:  # 702.21h: the whole band becomes blocked by b
        for a in list(atks):
            for m in sorted(cb.band_of(a)):
                if m not in cb.blockers[b]:
                    cb.blockers[b].append(m)
                    cb.blocked_by.setdefault(m, []).append(b)
                    cb.blocked.add(m)
                    banded.append((b, m))
    game.changed("combat")
    if not action.blocks and not paid:
        game.note("509.1", _declares_no_blockers(game, cb.defending_players[0]))
    for b, atks in action.blocks:
        game.emit_event(BlockerDeclared(
            "509.1g", _blocks(game.named(b), Items(game.named(a) for a in atks)),
            game.turn_number, blocker=b, attackers=atks))
        for a in atks:  # 509.4b / 509.4d: once per blocked or blocking creature
            game.emit_event(BlocksCreature("509.4b", _blocks(game.named(b), game.named(a)),
                                           game.turn_number, blocker=b, attacker=a))
            game.emit_event(BlockedByCreature("509.4d",
                                              _blocked_by(game.named(a), game.named(b)),
                                              game.turn_number, attacker=a, blocker=b))
    for b, m in banded:  # the declared blocker blocks each band member too (509.4b)
        game.emit_event(BlocksCreature("702.21h",
                                       _blocks(game.named(b), game.named(m), banding=True),
                                       game.turn_number, blocker=b, attacker=m))
        game.emit_event(BlockedByCreature("702.21h",
                                          _blocked_by(game.named(m), game.named(b), banding=True),
                                          game.turn_number, attacker=m,
                                          blocker=b))
    for a in cb.attackers:
        if a in cb.blocked:
            game.emit_event(AttackerBlocked("509.1h", _becomes_blocked(game.named(a)),
                                            game.turn_number,
                                            attacker=a, blockers=tuple(cb.blocked_by[a])))
        else:
            game.emit_event(AttackerUnblocked("509.1h", say("{attacker} is unblocked",
                                                            "{attacker} n'est pas bloqué",
                                                            attacker=game.named(a)),
                                              game.turn_number, attacker=a))
    game.push(_ask_orders, 0)


def _ask_orders(game: GameState, stage: int) -> None:
    """509.2 (attackers' orders, active player) then 509.3 (blockers', defending player)."""
    cb = game.combat
    assert cb is not None
    if stage == 0:
        for a, bl in cb.blocked_by.items():
            if (len(bl) > 1 or (bl and "order" in game.ask_forced)) and \
                    not game.combat_flags_done(("order", a)):
                game.ask(ChoiceDecision(
                    cb.controllers.get(a, game.active_player), "order_blockers",
                    f"Damage assignment order for {game.name_of(a)}",
                    (_order_set, (a, "attacker")), rule="509.2", options=tuple(bl),
                    min_count=len(bl), max_count=len(bl), ordered=True,
                    purpose=f"order {game.name_of(a)}"))
                game.push(_ask_orders, 0)
                return
        stage = 1
    for b, at in cb.blockers.items():
        if (len(at) > 1 or (at and "order" in game.ask_forced)) and \
                not game.combat_flags_done(("order", b)):
            game.ask(ChoiceDecision(
                game.controller(game.obj(b)), "order_attackers",
                f"Damage assignment order for {game.name_of(b)}",
                (_order_set, (b, "blocker")), rule="509.3", options=tuple(at),
                min_count=len(at), max_count=len(at), ordered=True,
                purpose=f"order {game.name_of(b)}"))
            game.push(_ask_orders, 1)
            return


def _order_set(game: GameState, action: Any, creature: int, kind: str) -> None:
    cb = game.combat
    assert cb is not None
    order = list(action.items)
    if kind == "attacker":
        cb.blocked_by[creature] = order
    else:
        cb.blockers[creature] = order
    game.turn_flags.setdefault("_orders", set()).add(("order", creature))
    game.note("509.2" if kind == "attacker" else "509.3",
              say("Damage assignment order for {card}: {order}",
                  "Ordre d'assignation des blessures {card:de} : {order}",
                  card=game.named(creature), order=Items(game.named(x) for x in order)))


def _controls_no_creature(game: GameState, player: int) -> Line:
    """"Alice controls no creature" (so she declares no attacker or blocker)."""
    return say("{who} controls no creature", "{who} ne contrôle aucune créature",
               who=game.who(player))


def _declares_no_blockers(game: GameState, player: int) -> Line:
    return say("{who} declares no blockers", "{who} ne déclare aucun bloqueur",
               who=game.who(player))


def _blocks(blocker: Any, attackers: Any, banding: bool = False) -> Line:
    """"X blocks Y" (`` (banding)``: Y is blocked as a member of a band, 702.21h)."""
    return say("{blocker} blocks {attackers}{banding}", "{blocker} bloque {attackers}{banding}",
               blocker=blocker, attackers=attackers, banding=_banding(banding))


def _blocked_by(attacker: Any, blocker: Any, banding: bool = False) -> Line:
    return say("{attacker} becomes blocked by {blocker}{banding}",
               "{attacker} devient bloqué par {blocker}{banding}",
               attacker=attacker, blocker=blocker, banding=_banding(banding))


def _becomes_blocked(attacker: Any) -> Line:
    return say("{attacker} becomes blocked", "{attacker} devient bloqué", attacker=attacker)


def _banding(banding: bool) -> Line:
    return say(" (banding)", " (formation de bandes)") if banding else NOTHING


# ------------------------------------------------------------ combat damage


def _deals_damage_this_step(game: GameState, o: GameObject, first: bool) -> bool:
    kws = game.chars(o).keywords
    cb = game.combat
    assert cb is not None
    if first:
        return "first strike" in kws or "double strike" in kws
    if cb.first_strike_step_done:
        return o.id not in cb.first_strikers or "double strike" in kws
    return True


def begin_damage_step(game: GameState) -> None:
    """510.4: with first/double strike, this is the first-strike step; add a second one."""
    from manastack.game.turn import StepInfo

    cb = game.combat
    step = game.step
    assert cb is not None and step is not None
    if step.name == "combat_damage" and not cb.first_strike_step_done:
        fs = {i for i in list(cb.attackers) + list(cb.blockers)
              if {"first strike", "double strike"} & game.chars(game.obj(i)).keywords}
        if fs:
            cb.first_strikers = fs
            step.first_strike = True
            game.turn_plan.insert(0, StepInfo("combat_damage_2", "combat", step.phase_id))
            game.note("510.4", say("A creature has first strike or double strike: only those "
                                   "deal combat damage in this step; a second combat damage "
                                   "step follows", "Une créature a l'initiative ou la double "
                                   "initiative : seules celles-ci infligent des blessures de "
                                   "combat pendant cette étape ; une seconde étape des "
                                   "blessures de combat suit"))
    _assign(game, [game.active_player] + [p for p in game.apnap()
                                          if p != game.active_player], {})


def trample_target(game: GameState, o: GameObject) -> Ref | None:
    """Where a blocked attacker with trample may assign damage beyond lethal (702.19b): the
    player or planeswalker it attacks; None without trample, when it isn't a blocked
    attacker, or when it attacks nothing any more (a planeswalker that left or was
    removed from combat, 506.4c: then none of its damage goes to the defending player,
    702.19d; a player who left the game, 800.4e)."""
    cb = game.combat
    assert cb is not None
    if o.id not in cb.blocked or "trample" not in game.chars(o).keywords:
        return None
    t = cb.attackers.get(o.id)
    if t is None:
        return None
    if isinstance(t, PlayerRef):
        return t if t.index >= 0 and game.players[t.index].in_game else None
    pw = game.get(t)
    return t if pw is not None and pw.zone == Zone.BATTLEFIELD else None


def _creature_recipients(game: GameState, o: GameObject) -> tuple[list[Ref], bool]:
    """Where ``o`` may assign damage and whether it's a blocked attacker (510.1a-d)."""
    cb = game.combat
    assert cb is not None
    if o.id in cb.attackers:
        if o.id in cb.blocked:
            blockers: list[Ref] = list(cb.blocked_by.get(o.id, []))
            if not blockers and "trample" in game.chars(o).keywords:
                # 702.19c: blocked, but no creatures blocking it: all to what it attacks
                # (nothing if it attacks nothing any more, 702.19d)
                tt = trample_target(game, o)
                return ([tt] if tt is not None else []), False
            return blockers, True
        t = cb.attackers[o.id]
        if isinstance(t, PlayerRef) and (t.index < 0 or not game.players[t.index].in_game):
            return [], False  # 800.4e: no combat damage to a player who left the game
        if not isinstance(t, PlayerRef) and (t not in game.objects or
                                             game.obj(t).zone != "battlefield"):
            return [], False
        return [t], False
    if o.id in cb.blockers:
        return list(cb.blockers[o.id]), False
    return [], False


def damage_assigner(game: GameState, o: GameObject) -> int:
    """Who assigns ``o``'s combat damage: its controller, except with banding (702.21j-k)."""
    cb = game.combat
    assert cb is not None
    if o.id in cb.attackers and any(has_banding(game, b) for b in cb.blocked_by.get(o.id, [])):
        blockers = cb.blocked_by[o.id]
        return game.controller(game.obj(blockers[0]))
    if o.id in cb.blockers and any(has_banding(game, a) for a in cb.blockers[o.id]):
        return game.active_player
    return game.controller(o)


def _banding_free(game: GameState, o: GameObject) -> bool:
    return damage_assigner(game, o) != game.controller(o)


def _assigners(game: GameState, player: int) -> list[GameObject]:
    cb = game.combat
    assert cb is not None
    first = game.step is not None and game.step.first_strike
    out = []
    for i in list(cb.attackers) + list(cb.blockers):
        o = game.get(i)
        if o is None or damage_assigner(game, o) != player:
            continue
        if not _deals_damage_this_step(game, o, first):
            continue
        if (game.chars(o).power or 0) <= 0:
            continue
        recips, _ = _creature_recipients(game, o)
        if recips:
            out.append(o)
    return out


def _planned_weight(game: GameState, o: GameObject, r: Ref, n: int) -> int:
    """How much of ``o``'s ``n`` damage assigned to ``r`` counts toward lethal damage when
    another creature's assignment is checked (510.1c-d: damage being assigned by other
    creatures in the same step counts).  702.2c: any nonzero amount assigned by a source
    with deathtouch is itself lethal damage, so it counts as at least lethal."""
    from manastack.rules.damage import lethal_damage

    if n <= 0 or isinstance(r, PlayerRef) or "deathtouch" not in game.chars(o).keywords:
        return n
    ro = game.get(r)
    return n if ro is None else max(n, lethal_damage(game, ro))


def default_assignment(game: GameState, o: GameObject,
                       planned: dict[int, int]) -> tuple[tuple[Ref, int], ...]:
    """Lethal damage to each in order, the rest to the last (or the player, trample)."""
    from manastack.rules.damage import lethal_damage

    cb = game.combat
    assert cb is not None
    power = game.chars(o).power or 0
    recips, blocked_attacker = _creature_recipients(game, o)
    kws = game.chars(o).keywords
    dt = "deathtouch" in kws
    out: list[tuple[Ref, int]] = []
    left = power
    for r in recips:
        if left <= 0:
            break
        ro = game.get(r)
        if ro is None:
            continue
        need = max(0, lethal_damage(game, ro, dt) - planned.get(ro.id, 0))
        give = min(left, need)
        out.append((r, give))
        left -= give
    tt = trample_target(game, o) if blocked_attacker else None
    if left > 0:
        if tt is not None:
            out.append((tt, left))
        elif out:
            r, n = out[-1]
            out[-1] = (r, n + left)
        elif recips:
            out.append((recips[-1], left))
    return tuple((r, n) for r, n in out if n > 0)


def check_assignment(game: GameState, player: int, action: Action, planned: dict[int, int]) -> None:
    """510.1: the whole assignment is checked; illegal ones are rewound (510.1 end)."""
    from manastack.rules.damage import lethal_damage

    if not isinstance(action, AssignDamage):
        raise IllegalAction("assign combat damage", "510.1")
    cb = game.combat
    assert cb is not None
    mine = {o.id: o for o in _assigners(game, player)}
    given = dict(action.assignments)
    if len(given) != len(action.assignments):
        twice = next(c for i, (c, _) in enumerate(action.assignments)
                     if c in [x for x, _ in action.assignments[:i]])
        raise IllegalAction(f"{game.name_of(twice)}'s combat damage is assigned twice: each "
                            "creature's assignment is given once", "510.1")
    if set(given) - set(mine):
        extra = [game.name_of(i) for i in set(given) - set(mine)]
        raise IllegalAction(f"{', '.join(extra)} doesn't assign combat damage now", "510.1")
    total_planned = dict(planned)
    weights: dict[int, dict[Ref, int]] = {}  # each creature's share of total_planned
    for cid in mine:
        asg = given.get(cid) or default_assignment(game, mine[cid], planned)
        weights[cid] = {}
        for r, n in asg:
            if not isinstance(r, PlayerRef):
                w = _planned_weight(game, mine[cid], r, n)
                weights[cid][r] = weights[cid].get(r, 0) + w
                total_planned[r] = total_planned.get(r, 0) + w
    for cid, o in mine.items():
        maybe = given.get(cid)
        if maybe is None:
            continue
        asg = maybe
        power = game.chars(o).power or 0
        if any(n < 0 for _, n in asg):
            raise IllegalAction(f"{o.name} can't assign negative damage", "107.1b")
        if len({r for r, _ in asg}) != len(asg):
            # one amount per recipient: otherwise the order checks below (510.1c-d) would
            # read only one of two amounts given to the same recipient
            raise IllegalAction(f"{o.name}'s assignment names a recipient twice (give each "
                                "recipient one amount)", "510.1")
        if sum(n for _, n in asg) != power:
            raise IllegalAction(f"{o.name} must assign exactly {power} damage", "510.1a")
        recips, blocked_attacker = _creature_recipients(game, o)
        kws = game.chars(o).keywords
        tt = trample_target(game, o) if blocked_attacker else None
        amounts = {r: n for r, n in asg}
        for r in amounts:
            if r not in recips and r != tt:
                past = blocked_attacker and "trample" in kws and (
                    isinstance(r, PlayerRef) or game.get(r) is None or
                    game.chars(game.obj(r)).is_planeswalker)
                raise IllegalAction(  # 702.19d: it attacks nothing any more
                    f"{o.name} can't assign damage to {game.name_of(r)}",
                    "702.19d" if past else "510.1c" if blocked_attacker
                    else "510.1d" if o.id in cb.blockers else "510.1b")
        dt = "deathtouch" in kws
        if _banding_free(game, o):
            continue  # 702.21j-k: divided as the assigning player chooses
        # 510.1c/d: damage to a creature only if each earlier one got lethal damage.
        # Damage already marked and assigned by other creatures counts (seed 3.4), a
        # deathtouch source's nonzero assignment as lethal (702.2c).
        others = {k: v - weights[cid].get(k, 0) for k, v in total_planned.items()}
        for idx, r in enumerate(recips):
            later = recips[idx + 1:]
            ro = game.get(r)
            if ro is None:
                continue
            lethal = lethal_damage(game, ro, dt)
            got = amounts.get(r, 0) + (others.get(r, 0) if isinstance(r, int) else 0)
            if got < lethal and (any(amounts.get(x, 0) for x in later) or
                                 (tt is not None and amounts.get(tt, 0))):
                rule = "702.19b" if tt is not None and amounts.get(
                    tt, 0) and not any(amounts.get(x, 0) for x in later) \
                    else ("510.1c" if blocked_attacker else "510.1d")
                raise IllegalAction(
                    f"{o.name} can't assign damage past {ro.name} before assigning it "
                    f"lethal damage ({lethal})", rule)


def enumerate_assignments(game: GameState, player: int, planned: dict[int, int]) -> list[Action]:
    """All assignments (bounded) of this player's creatures; random agents sample these."""
    mine = _assigners(game, player)
    per: list[list[tuple[int, tuple[tuple[Ref, int], ...]]]] = []
    cb = game.combat
    assert cb is not None
    for o in mine:
        recips, blocked_attacker = _creature_recipients(game, o)
        tt = trample_target(game, o) if blocked_attacker else None
        if tt is not None:
            recips = recips + [tt]
        power = game.chars(o).power or 0
        # lethal-in-order assignments first (always legal, whatever the power), then
        # other splits (a bounded brute force) for variety
        opts = _ordered_assignments(game, o, recips, power, planned)
        for split in _splits(power, len(recips)):
            asg = (o.id, tuple((r, n) for r, n in zip(recips, split, strict=True) if n > 0))
            if asg not in opts:
                opts.append(asg)
            if len(opts) > 200:
                break
        per.append(opts)
    out: list[Action] = []
    for combo in itertools.product(*per):
        act = AssignDamage(tuple(combo))
        try:
            check_assignment(game, player, act, planned)
        except IllegalAction:
            continue
        out.append(act)
        if len(out) > 500:
            break
    return out


def _ordered_assignments(game: GameState, o: GameObject, recips: list[Any], power: int,
                         planned: dict[int, int]
                         ) -> list[tuple[int, tuple[tuple[Any, int], ...]]]:
    """For each k: lethal damage (510.1c-d) to the first k recipients in order and the rest
    to the next one -- the assignments a player can always make."""
    from manastack.rules.damage import lethal_damage

    dt = "deathtouch" in game.chars(o).keywords
    out: list[tuple[int, tuple[tuple[Any, int], ...]]] = []
    given: list[tuple[Any, int]] = []
    left = power
    for r in recips:
        out.append((o.id, tuple(given + ([(r, left)] if left > 0 else []))))
        ro = game.get(r) if not isinstance(r, PlayerRef) else None
        if ro is None or not game.chars(ro).is_creature:
            break
        need = max(0, lethal_damage(game, ro, dt) - planned.get(ro.id, 0))
        if need > left:
            break
        if need:
            given.append((r, need))
        left -= need
    return out


def _splits(total: int, n: int) -> list[tuple[int, ...]]:
    if n == 1:
        return [(total,)]
    out = []
    for first in range(total + 1):
        for rest in _splits(total - first, n - 1):
            out.append((first,) + rest)
            if len(out) > 300:
                return out
    return out


def _needs_choice(game: GameState, o: GameObject) -> bool:
    recips, blocked_attacker = _creature_recipients(game, o)
    if _banding_free(game, o) and len(recips) > 1:
        return True
    trample = blocked_attacker and trample_target(game, o) is not None
    return len(recips) > 1 or trample


def _assign(game: GameState, players: list[int], planned: dict[int, int],
            done: tuple[tuple[int, tuple[tuple[Ref, int], ...]], ...] = ()) -> None:
    """510.1: each player in APNAP order assigns; then 510.2 deals it all at once."""
    if not players:
        _deal_combat_damage(game, done)
        return
    player, rest = players[0], players[1:]
    mine = _assigners(game, player)
    if any(_needs_choice(game, o) for o in mine) or (mine and "assign" in game.ask_forced):
        game.ask(CombatDecision(
            player, "assign_damage", "Assign combat damage",
            (_assigned, (player, rest, planned, done)), rule="510.1",
            candidates=tuple(o.id for o in mine),
            checker=functools.partial(_check_for, player=player, planned=dict(planned)),
            enumerate_fn=functools.partial(_enum_for, player=player, planned=dict(planned))))

        return
    _assigned(game, AssignDamage(()), player, rest, planned, done)


def _check_for(game: GameState, action: Action, player: int, planned: dict[int, int]) -> None:
    check_assignment(game, player, action, planned)


def _enum_for(game: GameState, player: int, planned: dict[int, int]) -> list[Action]:
    return enumerate_assignments(game, player, planned)


def _assigned(game: GameState, action: Any, player: int, rest: list[int], planned: dict[int, int],
              done: tuple[Any, ...]) -> None:
    given = dict(action.assignments)
    new_planned = dict(planned)
    out = list(done)
    cb = game.combat
    assert cb is not None
    for o in _assigners(game, player):
        if o.id in cb.blocked and not cb.blocked_by.get(o.id) and o.id in cb.attackers:
            game.note("702.19c", say("{card} has trample and no creature is blocking it: all "
                                     "its damage is assigned to what it attacks",
                                     "{card} a le piétinement et aucune créature ne le bloque : "
                                     "toutes ses blessures sont assignées à ce qu'il attaque",
                                     card=Card(o.id, o.name)))
        asg = given.get(o.id) or default_assignment(game, o, new_planned)
        out.append((o.id, asg))
        if asg and _needs_choice(game, o):  # 510.1c-d, 703.4j: the announced division
            game.note("510.1", say("{who} assigns {card}'s combat damage: {parts}",
                                   "{who} assigne les blessures de combat {card:de} : {parts}",
                                   who=game.who(player), card=Card(o.id, o.name),
                                   parts=Items(say("{n} to {to}", "{n} à {to}", n=n,
                                                   to=game.named(r)) for r, n in asg)))
        for r, n in asg:
            if not isinstance(r, PlayerRef):  # 702.2c: deathtouch damage counts as lethal
                new_planned[r] = new_planned.get(r, 0) + _planned_weight(game, o, r, n)
    _assign(game, rest, new_planned, tuple(out))


def _deal_combat_damage(game: GameState, assignments: tuple[Any, ...]) -> None:
    from manastack.rules.damage import DamageItem, deal_damage

    cb = game.combat
    assert cb is not None
    items = [DamageItem(src, r, n, combat=True) for src, asg in assignments for r, n in asg]
    if game.step is not None and game.step.first_strike:
        cb.first_strike_step_done = True
    if items:
        deal_damage(game, items, "510.2")


# ------------------------------------------------------------ blocking by effects


def put_blocking(game: GameState, blocker: GameObject, attacker: int) -> None:
    """A creature put onto the battlefield blocking (509.7, seed 3.3): it is blocking but
    never "blocked"; the active player places it in the attacker's damage assignment order.
    It never blocks if it isn't a creature or the attacker isn't attacking (506.3a, 509.7a),
    nor if the attacker doesn't attack its controller or their planeswalker (506.3d)."""
    cb = game.combat
    if cb is None or attacker not in cb.attackers or not game.chars(blocker).is_creature:
        game.note("506.3", say("{card} is put onto the battlefield but isn't blocking",
                               "{card} est mis sur le champ de bataille mais ne bloque pas",
                               card=Card(blocker.id, blocker.name)))
        return
    if game.controller(blocker) not in cb.defending_players:
        game.note("509.7a", say("{card} isn't controlled by a defending player: it isn't "
                                "blocking", "{card} n'est pas contrôlé par un joueur "
                                "défenseur : il ne bloque pas", card=Card(blocker.id,
                                                                          blocker.name)))
        return
    attacked = attacked_player(game, attacker)
    if attacked is not None and attacked != game.controller(blocker):
        # 506.3d: the attacker must attack the new creature's controller or a planeswalker
        # they control (attacking multiple players, 802.2a)
        game.note("506.3d", say("{attacker} isn't attacking {who} or a planeswalker they "
                                "control: {card} isn't blocking",
                                "{attacker} n'attaque ni {who} ni un planeswalker qu'il "
                                "contrôle : {card} ne bloque pas",
                                attacker=game.named(attacker),
                                who=game.who(game.controller(blocker)),
                                card=Card(blocker.id, blocker.name)))
        return
    # 702.21h: if the attacker is in a band, each other creature in the band becomes
    # blocked by the same blocking creature
    band = [attacker] + [m for m in sorted(cb.band_of(attacker))
                         if m != attacker and m in cb.attackers]
    was_blocked = {a: a in cb.blocked for a in band}
    others = {a: list(cb.blocked_by.get(a, [])) for a in band}
    cb.blockers[blocker.id] = list(band)
    cb.controllers[blocker.id] = game.controller(blocker)
    for a in band:
        cb.blocked_by[a] = others[a] + [blocker.id]
        cb.blocked.add(a)
    game.changed()
    game.note("509.7", say("{blocker} is blocking {attacker}", "{blocker} bloque {attacker}",
                           blocker=Card(blocker.id, blocker.name),
                           attacker=game.named(attacker)))
    for a in band:
        rule = "509.4d" if a == attacker else "702.21h"
        if not was_blocked[a]:
            game.emit_event(AttackerBlocked("509.1h" if a == attacker else "702.21h",
                                            _becomes_blocked(game.named(a)), game.turn_number,
                                            attacker=a,
                                            blockers=(blocker.id,), by_effect=True))
        game.emit_event(BlockedByCreature(rule,
                                          _blocked_by(game.named(a), Card(blocker.id, blocker.name),
                              banding=a != attacker), game.turn_number, attacker=a,
                                          blocker=blocker.id, put_onto=True))
    placements = [a for a in band if others[a]]
    for a in reversed(placements[1:]):  # one placement decision at a time (509.7)
        game.push(_ask_new_blocker_position, a, blocker.id, others[a])
    if placements:
        _ask_new_blocker_position(game, placements[0], blocker.id, others[placements[0]])


def _attackable(game: GameState, target: Ref) -> bool:
    """Is ``target`` still a player in the game, or a planeswalker on the battlefield
    (506.3c, 508.4a)?"""
    if isinstance(target, PlayerRef):
        return 0 <= target.index < len(game.players) and game.players[target.index].in_game
    o = game.get(target)
    return o is not None and o.zone == Zone.BATTLEFIELD and game.chars(o).is_planeswalker


def _target_player(game: GameState, target: Ref) -> int | None:
    """The player ``target`` is, or the controller of the planeswalker it is."""
    if isinstance(target, PlayerRef):
        return target.index
    o = game.get(target)
    return game.controller(o) if o is not None else None


def put_attacking(game: GameState, creature: GameObject, target: Ref) -> None:
    """A creature put onto the battlefield attacking ``target`` (508.4): it is attacking,
    though it never "attacked" (no attack trigger) and ignores the declaration's
    requirements, restrictions and costs (508.4b).  It never attacks if it isn't a creature
    (506.3a), if its controller isn't an attacking player (506.3b), or if the player left
    the game or the planeswalker the battlefield (506.3c, 508.4a)."""
    cb = game.combat
    card = Card(creature.id, creature.name)
    controller = game.controller(creature)
    if cb is None or not game.chars(creature).is_creature:
        game.note("506.3a", say("{card} is put onto the battlefield but isn't attacking",
                                "{card} est mis sur le champ de bataille mais n'attaque pas",
                                card=card))
        return
    if not game.is_active(controller):
        game.note("506.3b", say("{card} isn't controlled by an attacking player: it isn't "
                                "attacking", "{card} n'est pas contrôlé par un joueur "
                                "attaquant : il n'attaque pas", card=card))
        return
    if not _attackable(game, target):
        game.note("508.4a", say("{target} can't be attacked any more: {card} isn't attacking",
                                "{target} ne peut plus être attaqué : {card} n'attaque pas",
                                target=game.named(target), card=card))
        return
    cb.attackers[creature.id] = target
    cb.controllers[creature.id] = controller
    game.changed("combat")
    game.note("508.4", say("{card} is put onto the battlefield attacking {target}",
                           "{card} est mis sur le champ de bataille en train d'attaquer "
                           "{target}", card=card, target=game.named(target)))


def reselect_attack(game: GameState, attacker: int, target: Ref) -> None:
    """508.7: an effect has the attacking creature's controller reselect the player or
    planeswalker it attacks.  It stays in combat and hasn't attacked again (508.7a); the
    declaration's requirements and restrictions don't apply (508.7b); the new one must be an
    opponent or a planeswalker an opponent controls (508.7c), a defending player's in a
    multiplayer game (508.7d, 508.7f), within range of influence (508.7e)."""
    cb = game.combat
    if cb is None or attacker not in cb.attackers:
        raise IllegalAction(f"{game.name_of(attacker)} isn't attacking", "508.7")
    controller = cb.controllers.get(attacker, game.controller(game.obj(attacker)))
    player = _target_player(game, target)
    if not _attackable(game, target) or player is None \
            or player not in game.opponents(controller):
        raise IllegalAction("the creature must attack an opponent of its controller or a "
                            "planeswalker an opponent controls", "508.7c")
    if player not in cb.defending_players:
        raise IllegalAction("the creature must attack a defending player or a planeswalker "
                            "a defending player controls", "508.7d")
    cb.attackers[attacker] = target
    game.changed("combat")
    game.note("508.7", say("{attacker} now attacks {target}",
                           "{attacker} attaque maintenant {target}",
                           attacker=game.named(attacker), target=game.named(target)))


def _ask_new_attacker_position(game: GameState, blocker: int, new: int, others: list[int]
                               ) -> None:
    """509.6: the defending player announces the attacker's place in the blocking
    creature's damage assignment order; the others keep their relative order."""
    allowed = [tuple(others[:i]) + (new,) + tuple(others[i:]) for i in range(len(others) + 1)]

    def check(g: GameState, items: tuple[Any, ...]) -> str | None:
        if tuple(items) not in allowed:
            return "the relative order of the other attacking creatures must stay the same"
        return None

    game.ask(ChoiceDecision(
        game.controller(game.obj(blocker)), "order_attackers",
        f"Place {game.name_of(new)} in {game.name_of(blocker)}'s damage assignment order",
        (_order_set, (blocker, "blocker")), rule="509.6", options=tuple(others + [new]),
        min_count=len(others) + 1, max_count=len(others) + 1, ordered=True,
        purpose=f"order {game.name_of(blocker)}", check=check))


def _ask_new_blocker_position(game: GameState, attacker: int, new: int, others: list[int]) -> None:
    """509.7: the active player announces the new blocker's position; others keep theirs."""
    allowed = [tuple(others[:i]) + (new,) + tuple(others[i:]) for i in range(len(others) + 1)]

    def check(g: GameState, items: tuple[Any, ...]) -> str | None:
        if tuple(items) not in allowed:
            return "the relative order of the other blocking creatures must stay the same"
        return None

    game.ask(ChoiceDecision(
        game.active_player, "order_blockers",
        f"Place {game.name_of(new)} in {game.name_of(attacker)}'s damage assignment order",
        (_order_set, (attacker, "attacker")), rule="509.7", options=tuple(others + [new]),
        min_count=len(others) + 1, max_count=len(others) + 1, ordered=True,
        purpose=f"order {game.name_of(attacker)}", check=check))


# ------------------------------------------------------------ timing around combat


def combat_timing(game: GameState, when: str) -> bool:
    """Spells and abilities whose timing refers to combat (seed section 3, CR 506.2-3).

    ``when``: ``during_combat``; ``before_attackers``/``after_attackers`` (the declare
    attackers turn-based action); ``before_blockers``/``after_blockers``; and
    ``after_blockers_in_combat`` ("only during combat after blockers are declared").
    "Before/after [point]" refers to the first combat phase of the turn; if the point
    doesn't exist because its steps were skipped, "before" means before the declare
    attackers step ends, or before the first main phase ends if the combat phase was
    skipped (seed section 3)."""
    step = game.step
    cb = game.combat
    in_combat = step is not None and step.phase == "combat" and cb is not None
    if when == "during_combat":
        return in_combat
    if when == "after_blockers_in_combat":
        return in_combat and cb is not None and cb.blockers_declared
    first_combat_over = game.combat_phases_this_turn > 1 or (
        game.combat_phases_this_turn == 1 and not in_combat)
    if when.startswith("before_"):
        if first_combat_over:
            return False
        if game.combat_phases_this_turn == 0:
            # combat not begun: fine, unless the combat phase was skipped and the first
            # main phase has ended
            return not (game.turn_flags.get("main_phases", 0) > 1)
        assert cb is not None and step is not None
        if when == "before_attackers":
            return not cb.declared
        # before blockers: if no creature attacks, the declare blockers step is skipped:
        # then "before the end of the declare attackers step"
        return not cb.blockers_declared and step.name in ("beginning_of_combat",
                                                          "declare_attackers")
    if when == "after_attackers":
        return game.combat_phases_this_turn >= 1 and (first_combat_over or (
            cb is not None and cb.declared))
    if when == "after_blockers":
        return first_combat_over or (cb is not None and cb.blockers_declared)
    raise ValueError(f"unknown combat timing {when!r}")


def make_block(game: GameState, blocker: GameObject, attacker: int) -> None:
    """An effect makes a creature on the battlefield block an attacker (509.6): triggers
    per 509.4a-d, then the orders are updated by the active and defending players."""
    cb = game.combat
    if cb is None or attacker not in cb.attackers:
        return
    already_blocking = blocker.id in cb.blockers
    if attacker in cb.blockers.get(blocker.id, []):
        return
    was_blocked = attacker in cb.blocked
    cb.blockers.setdefault(blocker.id, []).append(attacker)
    cb.controllers.setdefault(blocker.id, game.controller(blocker))
    others = [b for b in cb.blocked_by.get(attacker, [])]
    cb.blocked_by[attacker] = others + [blocker.id]
    cb.blocked.add(attacker)
    game.changed()
    if not already_blocking:
        game.emit_event(BlockerDeclared("509.4a", _blocks(Card(blocker.id, blocker.name),
                                                          game.named(attacker)), game.turn_number,
                                        blocker=blocker.id, attackers=(attacker,), by_effect=True))
    game.emit_event(BlocksCreature("509.4b", _blocks(Card(blocker.id, blocker.name),
                                                     game.named(attacker)), game.turn_number,
                                   blocker=blocker.id, attacker=attacker, by_effect=True))
    if not was_blocked:
        game.emit_event(AttackerBlocked("509.4c", _becomes_blocked(game.named(attacker)),
                                        game.turn_number,
                                        attacker=attacker, blockers=(blocker.id,), by_effect=True))
    game.emit_event(BlockedByCreature("509.4d",
                                      _blocked_by(game.named(attacker), Card(blocker.id,
                                                                             blocker.name)),
                                      game.turn_number, attacker=attacker, blocker=blocker.id))
    # 509.6: the active player places the blocker in the attacker's order, then the
    # defending player places the attacker in the blocker's order (if it blocks others)
    blocked = [a for a in cb.blockers[blocker.id] if a != attacker]
    if blocked:
        game.push(_ask_new_attacker_position, blocker.id, attacker, blocked)
    if others:
        _ask_new_blocker_position(game, attacker, blocker.id, others)

"""Damage, life and its results (CR 119, the same in the seed and the 2017 CR).

All damage dealt at once is one event (119.4): each proposed item is
modified by prevention and replacement effects, then turned into results
(life loss, poison counters for infect, -1/-1 counters for wither/infect,
loyalty loss, marked damage, lifelink life gain), which are themselves
modified by replacement effects on those results; then it all happens.
Damage never destroys by itself (119.5): state-based actions do.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from manastack.copying import deepcopy_fields
from manastack.events import DamageDealt, LifeGained, LifeLost
from manastack.game.objects import NOBODY, GameObject, PlayerRef, Ref
from manastack.lines import NOTHING, Card, Line, Raw, Word, say
from manastack.rules.replacement import DamageFields, ProposedDamage, Replacement

if TYPE_CHECKING:
    from manastack.game.state import GameState, Task


@dataclass
class DamageItem(DamageFields):
    """One source dealing damage to one recipient within a damage event, as the effect
    or the combat damage step proposes it (119.4a), before replacement and prevention
    effects: each item of an event becomes a
    :class:`~manastack.rules.replacement.ProposedDamage` (the same fields, its event and
    what effects did to it) for them to modify."""

    def __deepcopy__(self, memo: dict[int, Any]) -> DamageItem:
        return deepcopy_fields(self, memo)

    def __init__(self, source: int, target: Ref, amount: int, combat: bool = False,
                 unpreventable: bool = False) -> None:
        # (written out: compiled, a dataclass inheriting its base's __init__ gets a
        # generated one, which can't call the base's native __init__)
        DamageFields.__init__(self, source, target, amount, combat, unpreventable)


@dataclass(eq=False)
class DamageResult:
    """One result of a damage event (119.4b): the damage a recipient is dealt, as it
    will be applied (119.3a-e), or a life gain it causes (lifelink, 702.15b; a prevention
    effect's, 615.1).  Replacement effects on results (Worship, 119.4b) rewrite them
    before they are applied (119.4c).

    ``kind``: ``life_loss`` (a player; ``poison`` with infect, 119.3b), ``loyalty`` (a
    planeswalker, 119.3c), ``minus_counters`` (infect or wither, 119.3d), ``marked`` (a
    creature, 119.3e) or ``life_gain``.

    Its ``source``, ``target``, ``amount`` and ``combat`` are not a damage item's
    (:class:`~manastack.rules.replacement.DamageFields`): a result comes after
    prevention and replacement (119.4b, where "can't be prevented" no longer means
    anything), its source and recipient may be unknown (a prevention effect's life gain
    has neither), and its ``amount`` is what happens (the life lost, the counters put),
    which replacement effects on results may make differ from the damage ``dealt``."""

    def __deepcopy__(self, memo: dict[int, Any]) -> DamageResult:
        return deepcopy_fields(self, memo)

    kind: str
    #: The damage (the life gained, for a life gain).
    amount: int
    #: The player dealt damage, or gaining life.
    player: int | None = None
    #: The permanent dealt damage.
    object: int | None = None
    source: int | None = None
    source_name: str = ""
    combat: bool = False
    #: The recipient as the damage names it (a permanent's id or a player).
    target: Ref | None = None
    source_controller: int | None = None
    #: How: ``infect`` or ``wither`` (-1/-1 counters); for a life gain, ``lifelink`` or
    #: what the effect's line names.
    why: Any = None
    deathtouch: bool = False
    #: A creature planeswalker: its loyalty goes down too (119.3c with 119.3e).
    loyalty: bool = False
    #: A life gain's rule.
    rule: str = "119.3f"
    #: The damage dealt (119.4a) when a replacement effect changed the result.
    dealt: int | None = None
    #: The first result to its recipient in this event (603.2c), and what the event dealt
    #: it in all.
    first_to_target: bool = True
    target_total: int | None = None

    def __init__(self, kind: str, amount: int, player: int | None = None,
                 object: int | None = None, source: int | None = None, source_name: str = "",
                 combat: bool = False, target: Ref | None = None,
                 source_controller: int | None = None, why: Any = None,
                 deathtouch: bool = False, loyalty: bool = False, rule: str = "119.3f",
                 dealt: int | None = None, first_to_target: bool = True,
                 target_total: int | None = None) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.kind = kind
        self.amount = amount
        self.player = player
        self.object = object
        self.source = source
        self.source_name = source_name
        self.combat = combat
        self.target = target
        self.source_controller = source_controller
        self.why = why
        self.deathtouch = deathtouch
        self.loyalty = loyalty
        self.rule = rule
        self.dealt = dealt
        self.first_to_target = first_to_target
        self.target_total = target_total


@dataclass(eq=False)
class DamageResults:
    """The proposed results of a damage event, which replacement effects on results
    (``"damage_results"``, 119.4b) change."""

    results: list[DamageResult]
    summary: str = "damage results"


def _source_chars(game: GameState, source: int):  # type: ignore[no-untyped-def]
    o = game.objects.get(source)
    if isinstance(o, GameObject):
        return game.chars(o), game.controller(o), o.name
    if source in game.lki:
        obj, c = game.lki[source]
        return c, c.controller, obj.name
    return None, None, f"#{source}"


def deal_damage(game: GameState, items: list[DamageItem], rule: str = "119.1",
                then: Task | None = None) -> None:
    """Deal all ``items`` simultaneously as one damage event (119.4a-c).

    Choices come first, as decisions: the order of replacement effects where several
    apply (616.1, the affected player; the planeswalker redirection of 306.7 is one of
    them), whether to redirect (306.7, the source's controller), and which damage a
    prevention shield prevents when several sources hit it at once (615.7).  So the
    damage may not have been dealt yet when this returns: what comes after it in the same
    instruction ("you gain life equal to the damage dealt this way", "then that creature
    deals damage to it") is ``then`` (``(fn, args)``, called as ``fn(game, *args)`` once
    the damage has been dealt), never code after the call (608.2c)."""
    from manastack.rules.static import forbids
    if then is not None:
        game.push(then[0], *then[1])
    if items and forbids(game, "damage_cant_be_prevented"):  # e.g. Leyline of Punishment
        items = [DamageItem(i.source, i.target, i.amount, i.combat, True) for i in items]
    plan = _Plan(list(items))
    _replacement_orders(game, plan, 0)


def divisions(total: int, n: int) -> list[tuple[int, ...]]:
    """The ways to divide ``total`` among ``n`` targets, each getting at least 1 (601.2d),
    in lexicographic order: ``divisions(3, 2) == [(1, 2), (2, 1)]``."""
    if n <= 0 or total < n:
        return []
    if n == 1:
        return [(total,)]
    return [(k, *rest) for k in range(1, total - n + 2) for rest in divisions(total - k, n - 1)]


@dataclass
class _Plan:
    """The choices made for one damage event before it is dealt."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Plan:
        return deepcopy_fields(self, memo)

    items: list[DamageItem]
    orders: dict[int, list[Any]] = field(default_factory=dict)  # item -> replacement keys
    redirects: dict[int, Any] = field(default_factory=dict)  # item -> 306.7 choice
    sequence: list[int] = field(default_factory=list)  # processing order (615.7)

    def __init__(self, items: list[DamageItem], orders: dict[int, list[Any]] | None = None,
                 redirects: dict[int, Any] | None = None,
                 sequence: list[int] | None = None) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.items = items
        self.orders = {} if orders is None else orders
        self.redirects = {} if redirects is None else redirects
        self.sequence = [] if sequence is None else sequence


REDIRECT_KEY: Final = "306.7"


def _redirect_options(game: GameState, it: DamageItem) -> list[int]:
    if it.combat or not isinstance(it.target, PlayerRef) or it.amount <= 0:
        return []
    _, ctrl, _ = _source_chars(game, it.source)
    if ctrl is None or ctrl == it.target.index:
        return []
    return [o.id for o in game.permanents(it.target.index) if game.chars(o).is_planeswalker]


def _proposal(game: GameState, it: DamageItem, event_id: int) -> ProposedDamage:
    return ProposedDamage(it.source, it.target, it.amount, it.combat, it.unpreventable,
                          event_id, summary=f"{it.amount} damage from "
                          f"{game.name_of(it.source)} to {game.name_of(it.target)}")


def _affected_player(game: GameState, it: DamageItem) -> int:
    if isinstance(it.target, PlayerRef):
        return it.target.index
    o = game.get(it.target)
    return game.controller(o) if o is not None else game.active_player


def _replacement_orders(game: GameState, plan: _Plan, i: int) -> None:
    """616.1: if several replacement/prevention effects apply to the same damage, the
    affected player (or the controller of the affected permanent) chooses their order;
    the 306.7 redirection counts as one of them."""
    from manastack.game.decisions import ChoiceDecision
    from manastack.rules.replacement import active_replacements

    while i < len(plan.items):
        it = plan.items[i]
        if it.amount > 0:
            proposed = _proposal(game, it, game.damage_events + 1)
            effects = [r for r in active_replacements(game, "damage")
                       if not r.self_replacement and r.applies(game, proposed)]
            cands: list[tuple[Any, str]] = [(r.key(), str(r.text)) for r in effects]
            sources: list[Any] = [r.source for r in effects]
            if _redirect_options(game, it):
                cands.append((REDIRECT_KEY, "Redirection to a planeswalker (306.7)"))
                sources.append(None)
            if len(cands) >= 2:
                game.ask(ChoiceDecision(
                    _affected_player(game, it), "order_replacements",
                    f"{proposed.summary}: choose the order of the replacement and "
                    "prevention effects (first applies first): "
                    + "; ".join(f"{k}: {t}" for k, (_, t) in enumerate(cands)),
                    (_orders_chosen, (plan, i, [k for k, _ in cands])), rule="616.1",
                    options=tuple(range(len(cands))), min_count=len(cands),
                    max_count=len(cands), ordered=True, purpose="replacement order",
                    labels=tuple(t for _, t in cands), sources=tuple(sources)))
                return
        i += 1
    _redirect_choices(game, plan, 0)


def _orders_chosen(game: GameState, action: Any, plan: _Plan, i: int, keys: list[Any]) -> None:
    plan.orders[i] = [keys[k] for k in action.items]
    _replacement_orders(game, plan, i + 1)


def _redirect_choices(game: GameState, plan: _Plan, i: int) -> None:
    """306.7: the source's controller chooses whether to redirect, as it applies."""
    from manastack.game.decisions import ChoiceDecision

    while i < len(plan.items):
        it = plan.items[i]
        opts = _redirect_options(game, it)
        if opts:
            _, ctrl, sname = _source_chars(game, it.source)
            assert ctrl is not None and isinstance(it.target, PlayerRef)
            game.ask(ChoiceDecision(
                ctrl, "redirect", f"{sname} would deal {it.amount} damage to "
                f"{game.players[it.target.index].name}: redirect it to a planeswalker they "
                "control?", (_redirect_chosen, (plan, i)), rule="306.7",
                options=(PlayerRef(it.target.index), *opts), purpose="redirect damage"))
            return
        i += 1
    _shield_priorities(game, plan)


def _redirect_chosen(game: GameState, action: Any, plan: _Plan, i: int) -> None:
    plan.redirects[i] = action.items[0]
    _redirect_choices(game, plan, i + 1)


def _shield_priorities(game: GameState, plan: _Plan) -> None:
    """615.7: when two or more sources would damage a shielded creature or player at once,
    its controller (or that player) chooses which damage the shield prevents: the chosen
    sources' damage is processed first."""
    from manastack.game.decisions import ChoiceDecision

    plan.sequence = list(range(len(plan.items)))
    by_target: dict[Any, list[int]] = {}
    for k, it in enumerate(plan.items):
        if it.amount > 0 and not it.unpreventable and plan.redirects.get(k) is None:
            by_target.setdefault(it.target, []).append(k)
    for tgt, ks in by_target.items():
        if len({plan.items[k].source for k in ks}) < 2:
            continue
        left = sum(st.get("left", 0) for r in game.replacements
                   if r.is_prevention and r.state_id is not None
                   and (st := game.effect_state.get(r.state_id)) is not None
                   and r.applies(game, _proposal(game, plan.items[ks[0]],
                                                 game.damage_events + 1)))
        if 0 < left < sum(plan.items[k].amount for k in ks):
            game.ask(ChoiceDecision(
                _affected_player(game, plan.items[ks[0]]), "shield_order",
                f"Damage from several sources would be dealt to {game.name_of(tgt)}: choose "
                "which damage the prevention shield prevents first",
                (_shield_chosen, (plan, tuple(ks))), rule="615.7", options=tuple(ks),
                min_count=len(ks), max_count=len(ks), ordered=True, purpose="shield",
                labels=tuple(game.name_of(plan.items[k].source) for k in ks),
                sources=tuple(plan.items[k].source for k in ks)))
            return
    _deal_damage_event(game, plan)


def _shield_chosen(game: GameState, action: Any, plan: _Plan, ks: tuple[int, ...]) -> None:
    chosen = list(action.items)
    rest = [k for k in range(len(plan.items)) if k not in ks]
    plan.sequence = chosen + rest
    _deal_damage_event(game, plan)


def _redirected(game: GameState, it: DamageItem, to: Any) -> DamageItem:
    game.note("306.7", _redirected_line(game, to))
    return DamageItem(it.source, to, it.amount, it.combat, it.unpreventable)


def _redirected_line(game: GameState, to: Any) -> Line:
    return say("The damage is redirected to {to}", "Les blessures sont redirigées vers {to}",
               to=game.named(to))


def _prevented_by_protection(source: Any, target: Any) -> Line:
    """"Damage from X to Y is prevented (protection)" (702.16e)."""
    return say("Damage from {source} to {target} is prevented (protection)",
               "Les blessures infligées par {source} à {target} sont prévenues (protection)",
               source=source, target=target)


def _protected_recipient(game: GameState, e: ProposedDamage) -> bool:
    from manastack.rules.targeting import protection_from
    o = game.get(e.target)
    return o is not None and e.amount > 0 and not e.unpreventable and \
        protection_from(game, o, e.source)


def _protection_prevents(game: GameState, e: ProposedDamage) -> ProposedDamage:
    game.note("702.16e", _prevented_by_protection(game.named(e.source),
                                                  game.named(e.target)))
    return dataclasses.replace(e, amount=0)


def _make_protection() -> Any:
    """702.16e for damage that another replacement effect redirected to a creature or
    planeswalker with protection from its source (614.9: Pariah, Kjeldoran Royal Guard).
    Damage aimed at it directly is prevented before any other effect is considered; here
    too protection applies before the other effects on the new recipient (ranked like a
    self-replacement, 614.15): of the orders its controller may choose (616.1), preventing
    it all first is the one that spends no prevention shield."""
    return Replacement("damage", _protected_recipient, _protection_prevents, -1, None,
                       "Protection (702.16e)", self_replacement=True,
                       static_key=("702.16e",), quiet=True)


_PROTECTION: Final = _make_protection()


def _chooser(order: list[Any] | None) -> Any:
    if not order:
        return None

    def choose(pool: list[Any]) -> Any:
        ranked = sorted(pool, key=lambda r: order.index(r.key()) if r.key() in order
                        else len(order))
        return ranked[0]
    return choose


def _deal_damage_event(game: GameState, plan: _Plan) -> None:
    from manastack.rules.replacement import (
        ProposedDamage,
        ProposedLifeGain,
        apply_replacements,
    )
    from manastack.rules.targeting import protection_from

    game.damage_events += 1
    event_id = game.damage_events
    # 119.4a: damage dealt, as modified by prevention and replacement effects.
    final: list[DamageItem] = []
    extra_gains: list[tuple[int, int, str]] = []
    items = plan.items
    for idx in plan.sequence or range(len(items)):
        it = items[idx]
        order = plan.orders.get(idx, [])
        redirect_first = idx in plan.redirects and (
            not order or order[0] == REDIRECT_KEY)
        if redirect_first and not isinstance(plan.redirects[idx], PlayerRef):
            it = _redirected(game, it, plan.redirects[idx])
        if it.amount <= 0:  # 119.8: a source dealing 0 damage deals no damage
            game.note("119.8", say("{source} would deal 0 damage to {target}: it deals no "
                                   "damage", "{source} infligerait 0 blessure à {target} : "
                                   "aucune blessure n'est infligée",
                                   source=game.named(it.source), target=game.named(it.target)))
            continue
        tgt = it.target
        if not isinstance(tgt, PlayerRef):
            o = game.objects.get(tgt)
            if not isinstance(o, GameObject) or o.zone != "battlefield" or o.phased_out:
                continue
            c = game.chars(o)
            if not (c.is_creature or c.is_planeswalker):  # 119.1a
                game.note("119.1a", say("{card} is neither a creature nor a planeswalker: "
                                        "damage from {source} can't be dealt to it",
                                        "{card} n'est ni une créature ni un planeswalker : "
                                        "les blessures de {source} ne peuvent pas lui être "
                                        "infligées", card=Card(o.id, o.name),
                                        source=game.named(it.source)))
                continue
            if not it.unpreventable and protection_from(game, o, it.source):
                game.note("702.16e", _prevented_by_protection(game.named(it.source),
                                                              Card(o.id, o.name)))
                continue
        proposed = _proposal(game, it, event_id)
        event = apply_replacements(game, "damage", proposed, _chooser(order),
                                   extra=(_PROTECTION,))
        if not isinstance(event, ProposedDamage):
            continue
        if idx in plan.redirects and not redirect_first and isinstance(
                event.target, PlayerRef) and event.amount > 0 and \
                not isinstance(plan.redirects[idx], PlayerRef):
            # 306.7 applied after the others
            event = dataclasses.replace(event, target=plan.redirects[idx])
            game.note("306.7", _redirected_line(game, event.target))
        extra_gains.extend(event.gains)
        if event.amount <= 0:
            continue
        if event.target != it.target and game.options.extra.get("range") and \
                not _redirect_in_range(game, event):
            continue  # 801.13a
        final.append(DamageItem(event.source, event.target, event.amount, it.combat,
                                it.unpreventable))
    # 119.4b: processed into results, as modified by replacement effects on results.
    results: list[DamageResult] = []
    for it in final:
        c, ctrl, sname = _source_chars(game, it.source)
        kws = c.keywords if c is not None else frozenset()
        tgt = it.target
        if isinstance(tgt, PlayerRef):
            kind = "poison" if "infect" in kws else "life_loss"
            results.append(DamageResult(kind, it.amount, player=tgt.index, source=it.source,
                                        source_name=sname, combat=it.combat, target=tgt,
                                        source_controller=ctrl))
        else:
            o = game.objects[tgt]
            assert isinstance(o, GameObject)
            oc = game.chars(o)
            if oc.is_planeswalker and not oc.is_creature:
                results.append(DamageResult("loyalty", it.amount, object=tgt,
                                            source=it.source, source_name=sname,
                                            combat=it.combat, target=tgt,
                                            source_controller=ctrl))
            else:
                # 119.3c with 119.3e: a creature planeswalker also loses loyalty
                withered = "infect" in kws or "wither" in kws
                results.append(DamageResult(
                    "minus_counters" if withered else "marked", it.amount, object=tgt,
                    source=it.source, source_name=sname, combat=it.combat, target=tgt,
                    source_controller=ctrl,
                    why=("infect" if "infect" in kws else "wither") if withered else None,
                    deathtouch="deathtouch" in kws, loyalty=oc.is_planeswalker))
        if "lifelink" in kws and ctrl is not None:
            # one life gain per lifelink source for all the damage it deals in the event
            for r in results:
                if r.kind == "life_gain" and r.source == it.source:
                    r.amount += it.amount
                    break
            else:
                results.append(DamageResult("life_gain", it.amount, player=ctrl,
                                            why="lifelink", rule="702.15b", source=it.source))
    for player, amount, why in extra_gains:  # (why: the effect's source: a card name)
        results.append(DamageResult("life_gain", amount, player=player,
                                    why=Card(None, why) if isinstance(why, str) else why,
                                    rule="615.1"))
    for r in results:
        if r.kind == "life_gain":
            assert r.player is not None
            ev_ = apply_replacements(game, "life_gain", ProposedLifeGain(
                r.player, r.amount, f"gain {r.amount} life"))
            r.amount = ev_.amount if isinstance(ev_, ProposedLifeGain) else 0
    # 119.4a-b: the damage dealt is settled; replacement effects on its results (Worship:
    # life loss) change the results, not the damage that was dealt
    for r in results:
        if r.kind != "life_gain":
            r.dealt = r.amount
    whole = apply_replacements(game, "damage_results", DamageResults(results))
    if isinstance(whole, DamageResults):
        results = whole.results
    # 603.2c: all of this is one event; an ability that triggers on a player or object
    # "being dealt damage" triggers once for it, however many sources dealt damage (the
    # first result to each recipient carries the total it was dealt in this event).
    totals: dict[Any, int] = {}
    for r in results:
        if r.kind != "life_gain":
            r.first_to_target = r.target not in totals
            totals[r.target] = totals.get(r.target, 0) + (
                r.dealt if r.dealt is not None else r.amount)
    for r in results:
        if r.kind != "life_gain":
            r.target_total = totals[r.target]
    # 119.4c: the event occurs.
    for r in results:
        _apply_result(game, r)


def set_life_total(game: GameState, player: int, total: int, rule: str = "118.5",
                   why: Line | None = None) -> None:
    """118.5: "``player``'s life total becomes N": they gain or lose the difference.  With
    a shared team total (810.9a, 810.9c) the player's life total is the team's, so the
    team ends up at N."""
    diff = total - game.players[player].life
    if diff > 0:
        gain_life(game, player, diff, rule, why=why)
    elif diff < 0:
        lose_life(game, player, -diff, rule, why=why)


def set_life_totals(game: GameState, players: list[int], total: int, rule: str = "118.5",
                    why: Line | None = None) -> None:
    """"Each [of these players'] life total becomes N".  810.9d: when it would set the
    life total of each player on a team, only one member (the team chooses: the engine
    takes the first in APNAP order, both having the team's total) is affected."""
    from manastack.rules.variant import variant_of

    v = variant_of(game)
    done: set[int] = set()
    for p in [q for q in game.apnap() if q in players]:
        if p in done:
            continue
        team = v.shares_totals_with(game, p)
        done.update(team)
        if len([q for q in team if q in players]) > 1:
            game.note("810.9d", say("{who}'s team has its members' life totals set: only "
                                    "{who} is affected", "Les totaux de points de vie des "
                                    "membres de l'équipe {who:de} sont fixés : seul {who} est "
                                    "concerné", who=game.who(p)))
        set_life_total(game, p, total, rule, why)


def exchange_life_totals(game: GameState, a: int, b: int, rule: str = "701.9c",
                         why: Line | None = None) -> None:
    """Two players exchange life totals: each gains or loses the difference (701.9c); a
    player who can't gain (lose) life can't get a higher (lower) total: the exchange
    doesn't happen (118.7-8; for the team, 810.9g-h).  810.9e: teammates can't exchange
    life totals (nothing happens)."""
    from manastack.rules.variant import variant_of

    if a == b:
        return
    if b in variant_of(game).shares_totals_with(game, a):
        game.note("810.9e", say("{a} and {b} are teammates: they can't exchange life totals",
                                "{a} et {b} sont coéquipiers : ils ne peuvent pas échanger "
                                "leurs totaux de points de vie", a=game.who(a), b=game.who(b)))
        return
    la, lb = game.players[a].life, game.players[b].life
    for p, old, new in ((a, la, lb), (b, lb, la)):
        hook = "cant_gain_life" if new > old else "cant_lose_life" if new < old else ""
        cant = team_forbidder(game, hook, p) if hook else None
        if cant:
            game.note(cant[1], say("{who} can't {verb} life ({source}): the exchange of life "
                                   "totals doesn't happen", "{who} ne peut pas {verb} de "
                                   "points de vie ({source}) : l'échange des totaux de points "
                                   "de vie n'a pas lieu", who=game.who(p),
                                   verb=Word("gain", "gagner") if new > old
                                   else Word("lose", "perdre"), source=cant[0]))
            return
    set_life_total(game, a, lb, rule, why)
    set_life_total(game, b, la, rule, why)


def _redirect_in_range(game: GameState, event: ProposedDamage) -> bool:
    """801.13a: a replacement effect can't make a spell or ability (a source) affect an
    object or player outside its controller's range of influence: that part does
    nothing."""
    from manastack.rules.triggers import ref_controller
    from manastack.rules.variant import variant_of

    _, ctrl, sname = _source_chars(game, event.source)
    who = ref_controller(game, event.target)
    if ctrl is None or who is None or variant_of(game).in_range(game, ctrl, who):
        return True
    game.note("801.13a", say("{amount} damage from {source} would be dealt to {target}, "
                             "outside {who}'s range of influence: it isn't dealt",
                             "{source} infligerait {amount} à {target}, hors de la zone "
                             "d'influence {who:de} : rien n'est infligé",
                             amount=_damage(event.amount),
                             source=Card(event.source, sname), target=game.named(
                                 event.target), who=game.who(ctrl)))
    return False


def _damage(n: int) -> Line:
    """"3 damage" / "3 blessures" ("1 blessure")."""
    return say("{n} damage", "{n} blessure", n=n) if n <= 1 else \
        say("{n} damage", "{n} blessures", n=n)


def _why(why: Line | Card | None) -> Line:
    """" (<why>)" after a line, or nothing."""
    if not why:
        return NOTHING
    return say(" ({why})", " ({why})", why=Line(why, "") if isinstance(why, str)
               else why)  # (a caller still giving English text)


#: Why life is gained by lifelink (702.15b).
_LIFELINK: Final = say("lifelink", "lien de vie")


def _apply_result(game: GameState, r: DamageResult) -> None:
    kind = r.kind
    n = r.amount
    if kind == "life_gain":
        if n > 0:
            why = r.why
            assert r.player is not None
            gain_life(game, r.player, n, r.rule,
                      why=_LIFELINK if why == "lifelink" else why, replaced=True,
                      cites=("119.3f",) if why == "lifelink" else ())
        return
    sname = r.source_name
    assert r.source is not None and r.target is not None
    results: tuple[str, ...] = ()
    #: the damage dealt (119.4a), which the event reports; ``n`` is its result (119.4b)
    dealt = r.dealt if r.dealt is not None else n
    poison: int | None = None  # (the poison counters or the life its player got: 119.3a-b)
    life_lost: int | None = None
    target: Any
    detail = more = NOTHING
    if kind in ("life_loss", "poison"):
        assert r.player is not None
        p = game.players[r.player]
        target = game.who(p.index)
        p.damaged_this_turn = True
        if kind == "poison":
            if team_forbids(game, "cant_get_poison", p.index):
                n = 0
            p.poison += n
            totals_changed(game, p.index)
            detail = say(" ({n} poison counters, infect)", " ({n} marqueur « poison », "
                         "infection)", n=n) if n <= 1 else \
                say(" ({n} poison counters, infect)", " ({n} marqueurs « poison », infection)",
                    n=n)
            rule = "119.3b"
            poison = n
        else:
            if team_forbids(game, "cant_lose_life", p.index):
                n = 0  # the damage is dealt, but no life is lost (118.8, 810.9h)
            p.life -= n
            p.life_lost_this_turn += n
            totals_changed(game, p.index)
            detail = say(" (life {life})", " (points de vie : {life})", life=p.life)
            rule = "119.3a"
            life_lost = n
    else:
        o = game.objects.get(r.object) if r.object is not None else None
        if not isinstance(o, GameObject):
            return
        target = Card(o.id, o.name)
        if kind == "loyalty":
            o.counters["loyalty"] = o.counters.get("loyalty", 0) - n
            detail = say(" (loyalty {loyalty})", " (loyauté : {loyalty})",
                         loyalty=o.counters["loyalty"])
            rule = "119.3c"
        elif kind == "minus_counters":
            o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + n
            if r.deathtouch and n > 0:
                o.deathtouch_damage = True  # 704.5h: damage, even dealt as counters
            how = Word("infect", "infection") if r.why == "infect" else \
                Word("wither", "flétrissure") if r.why == "wither" else Raw(str(r.why))
            detail = say(" ({n} -1/-1 counters, {how})", " ({n} marqueur -1/-1, {how})", n=n,
                         how=how) if n <= 1 else \
                say(" ({n} -1/-1 counters, {how})", " ({n} marqueurs -1/-1, {how})", n=n,
                    how=how)
            rule = "119.3d"
        else:
            o.damage += n
            if r.deathtouch and n > 0:
                o.deathtouch_damage = True
            rule = "119.3e"
        if kind != "loyalty" and r.loyalty:
            o.counters["loyalty"] = o.counters.get("loyalty", 0) - n
            more = say(" (loyalty {loyalty}, {rule})", " (loyauté : {loyalty}, {rule})",
                       loyalty=o.counters["loyalty"], rule=Raw("119.3c"))
            results = (rule, "119.3c")
    text = say("{source} deals {damage} to {target}{detail}{more}",
               "{source} inflige {damage} à {target}{detail}{more}",
               source=Card(r.source, sname), damage=_damage(dealt), target=target,
               detail=detail, more=more)
    if kind in ("loyalty", "minus_counters") or r.loyalty:
        game.changed(only=NOBODY)  # (counters: a wide change, but no plain list reads them)
    elif kind not in ("life_loss", "poison"):  # (those told by totals_changed)
        game.changed("damage")
    if kind in ("life_loss", "poison") and game.variant_state:
        from manastack.rules.variant import variant_of
        variant_of(game).player_dealt_damage(game, r.source, p.index, dealt,
                                             r.combat)  # commander damage (903.10a)
    # the line cites 510.2 for combat damage, else the damage's result (119.3a-e); its
    # ``cites`` name the rules it also applies: the result, and how the damage is dealt
    # (119.2a combat damage, 119.2b a spell's or ability's)
    game.emit_event(DamageDealt(
        "510.2" if r.combat else rule, text, game.turn_number, source=r.source,
        cites=(*(results or (rule,)), "119.2a" if r.combat else "119.2b"),
        target=r.target, amount=dealt, combat=r.combat, life_lost=life_lost,
        poison=poison, source_controller=r.source_controller,
        first_to_target=r.first_to_target,
        target_total=r.target_total if r.target_total is not None else dealt))


def gain_life(game: GameState, player: int, amount: int, rule: str = "118.3",
              why: Line | Card | None = None, replaced: bool = False,
              cites: tuple[str, ...] = ()) -> int:
    """A player gains life, as modified by replacement effects (e.g. Boon Reflection).
    ``why`` ends the line: "Alice gains 2 life (life 22) (<why>)".
    ``cites``: further rules the log line applies (119.3f for lifelink's 702.15b)."""
    from manastack.rules.replacement import ProposedLifeGain, apply_replacements

    if amount <= 0:
        return 0
    src = team_forbidder(game, "cant_gain_life", player)
    if src:
        game.note(src[1], say("{who} can't gain life ({source})", "{who} ne peut pas gagner "
                              "de points de vie ({source})", who=game.who(player),
                              source=src[0]))
        return 0
    if not replaced:
        event = apply_replacements(game, "life_gain", ProposedLifeGain(
            player, amount, f"gain {amount} life"))
        if not isinstance(event, ProposedLifeGain) or event.amount <= 0:
            return 0
        amount = event.amount
    p = game.players[player]
    p.life += amount
    p.life_gained_this_turn += amount
    totals_changed(game, player)
    game.emit_event(LifeGained(rule, say("{who} gains {life} (life {total}){why}",
                                         "{who} gagne {life} (total : {total}){why}",
                                         who=game.who(player), life=_life(amount), total=p.life,
                                         why=_why(why)), game.turn_number, player=player,
                               amount=amount, cites=cites or None))
    return amount


def _life(n: int) -> Line:
    """"3 life" / "3 points de vie" ("1 point de vie")."""
    return say("{n} life", "{n} point de vie", n=n) if n <= 1 else \
        say("{n} life", "{n} points de vie", n=n)


def team_forbids(game: GameState, hook: str, player: int) -> tuple[str, str] | None:
    """(source, rule) of a ``hook`` effect ("can't gain life"...) that applies to
    ``player``, or to a player sharing their life total (810.9g-h, 810.10c), else None."""
    found = team_forbidder(game, hook, player)
    return None if found is None else (found[0].text("en", ""), found[1])


def team_forbidder(game: GameState, hook: str, player: int
                   ) -> tuple[Card | Raw, str] | None:
    """:func:`team_forbids` with the source as an argument of a line of the log."""
    from manastack.rules.static import forbidder
    from manastack.rules.variant import variant_of

    rule = {"cant_gain_life": "118.7", "cant_lose_life": "118.8",
            "cant_get_poison": "121.1c"}.get(hook, "")
    for q in [player] + [q for q in variant_of(game).shares_totals_with(game, player)
                         if q != player]:
        src = forbidder(game, hook, q)
        if src:
            if q != player:
                rule = {"cant_gain_life": "810.9g", "cant_lose_life": "810.9h",
                        "cant_get_poison": "810.10c"}[hook]
            return src, rule
    return None


def lose_life(game: GameState, player: int, amount: int, rule: str = "118.3",
              why: Line | None = None) -> None:
    """A player loses life (118.3); ``why`` ends the line: "Bob loses 2 life (life 18)
    (<why>)"."""
    if amount <= 0:
        return
    src = team_forbidder(game, "cant_lose_life", player)
    if src:
        game.note(src[1], say("{who} can't lose life ({source})", "{who} ne peut pas perdre "
                              "de points de vie ({source})", who=game.who(player),
                              source=src[0]))
        return
    p = game.players[player]
    p.life -= amount
    p.life_lost_this_turn += amount
    totals_changed(game, player)
    game.emit_event(LifeLost(rule, say("{who} loses {life} (life {total}){why}",
                                       "{who} perd {life} (total : {total}){why}",
                                       who=game.who(player), life=_life(amount), total=p.life,
                                       why=_why(why)), game.turn_number, player=player,
                                       amount=amount))


def totals_changed(game: GameState, player: int) -> None:
    """810.9 / 810.10: the result is applied to a shared team total (variant hook); a
    state change."""
    from manastack.rules.variant import variant_of
    variant_of(game).totals_changed(game, player)
    game.changed("damage")


def lethal_damage(game: GameState, creature: GameObject, source_deathtouch: bool = False) -> int:
    """CR 510.1c / 702.2c: damage needed to be lethal, counting damage already marked."""
    c = game.chars(creature)
    t = c.toughness or 0
    if source_deathtouch:
        return 1 if creature.damage < t or t <= 0 else 0
    return max(0, t - creature.damage)

"""Effects: what spells and abilities do when they resolve (CR 608.2c, 609).

Each effect is an immutable value with ``resolve(game, ctx)``.  Who or what
it affects is a *reference*: ``T(0)`` (the first target word's targets),
``SELF`` (the source), ``YOU`` (the controller), ``EACH(selector)``,
``EACH_OPPONENT``.  Effects needing a player's choice ask a decision and
continue from its answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.cards.dsl import CardDef, Immutable, Selector
from manastack.game.abilities import Ctx, Custom, Effect
from manastack.game.objects import GameObject, PlayerRef, Ref, Zone
from manastack.lines import NOTHING, TERMS, Card, Items, Line, Raw, Term, Who, say
from manastack.rules.keyword_actions import (
    add_counters,
    add_regeneration_shield,
    attach,
    destroy_all,
    sacrifice_all,
    tap,
    untap,
)

if TYPE_CHECKING:
    from manastack.game.state import GameState


# ------------------------------------------------------------ references


class Refs(Immutable):
    """Who or what an effect affects, resolved at resolution time."""

    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        raise NotImplementedError


@dataclass(frozen=True, eq=False)
class T(Refs):
    """The still-legal targets of the ``index``-th target word (608.2b)."""

    index: int = 0

    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        return ctx.target_refs(self.index)


class _Self(Refs):
    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        o = game.objects.get(ctx.source)
        return [ctx.source] if isinstance(o, GameObject) and o.zone == Zone.BATTLEFIELD else []


class _You(Refs):
    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        return [PlayerRef(ctx.controller)]


class _EachOpponent(Refs):
    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        return [PlayerRef(p) for p in game.opponents(ctx.controller)]


class _EachPlayer(Refs):
    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        return _in_range(game, ctx, [PlayerRef(p) for p in game.apnap()])


def _in_range(game: GameState, ctx: Ctx, refs: list[Ref]) -> list[Ref]:
    """801.10: with a limited range of influence, "each" reaches only the players and
    permanents within the controller's range."""
    if not game.options.extra.get("range"):
        return refs
    from manastack.rules.variant import variant_of
    v = variant_of(game)
    out: list[Ref] = []
    for r in refs:
        if isinstance(r, PlayerRef):
            who = r.index
        else:
            o = game.get(r)
            who = game.controller(o) if o is not None else ctx.controller
        if v.in_range(game, ctx.controller, who):
            out.append(r)
    return out


def permanents_in_view(game: GameState, player: int) -> list[GameObject]:
    """801.11: the permanents a spell or ability controlled by ``player`` gets
    information from: with a limited range of influence, only those within range."""
    perms = game.permanents()
    if not game.options.extra.get("range"):
        return perms
    from manastack.rules.variant import variant_of
    v = variant_of(game)
    return [o for o in perms if v.in_range(game, player, game.controller(o))]


@dataclass(frozen=True, eq=False)
class EACH(Refs):
    """Every permanent (or player) matching ``selector``, seen from the controller."""

    selector: Selector

    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        out: list[Ref] = [o.id for o in game.permanents()
                          if self.selector.test(game, o.id, ctx.controller, ctx.source)]
        out.extend(PlayerRef(p) for p in game.apnap()
                   if self.selector.test(game, PlayerRef(p), ctx.controller, ctx.source))
        return _in_range(game, ctx, out)


@dataclass(frozen=True, eq=False)
class TRIGGER(Refs):
    """An object or player named in the trigger event's data (e.g. ``"attacker"``)."""

    key: str

    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        v = ctx.data.get(self.key)
        if v is None:
            return []
        if isinstance(v, int) and self.key in ("player", "controller", "source_controller"):
            return [PlayerRef(v)]
        return [v]


class _Attached(Refs):
    """"Enchanted creature" / "equipped creature": the permanent the source (an Aura or
    Equipment) is attached to; if the source has left the battlefield, the permanent it
    was attached to as it last existed there (CR 608.2g: last known information)."""

    def resolve(self, game: GameState, ctx: Ctx) -> list[Ref]:
        src = game.get(ctx.source)
        host: Ref | None = None
        if src is not None and src.zone == Zone.BATTLEFIELD:
            host = src.attached_to
        else:
            entry = game.lki.get(ctx.source)
            old = entry[0] if entry is not None else src
            if old is not None:
                host = old.memory.get("was_attached_to")
        if host is None or isinstance(host, PlayerRef):
            return []
        h = game.get(host)
        return [host] if h is not None and h.zone == Zone.BATTLEFIELD else []


SELF = _Self()
ATTACHED = _Attached()
YOU = _You()
EACH_OPPONENT = _EachOpponent()
EACH_PLAYER = _EachPlayer()


def players_of(game: GameState, refs: Sequence[Ref]) -> list[int]:
    """Players among ``refs`` still in the game; an object stands for its controller."""
    out = []
    for r in refs:
        if isinstance(r, PlayerRef):
            if game.players[r.index].in_game:
                out.append(r.index)
        else:
            o = game.get(r)
            if o is not None:
                out.append(game.controller(o))
    return out


def objects_of(game: GameState, refs: Sequence[Ref]) -> list[GameObject]:
    """Objects among ``refs`` that still exist."""
    out = []
    for r in refs:
        o = game.get(r)
        if o is not None:
            out.append(o)
    return out


Amount = int | Callable[["GameState", "Ctx"], int]


def source_card(ctx: Ctx) -> Card:
    """The source of the resolving spell or ability, as an argument of a line of the log."""
    return Card(ctx.source, ctx.source_name)


def amount(a: Amount, game: GameState, ctx: Ctx) -> int:
    return a(game, ctx) if callable(a) else a


def X(game: GameState, ctx: Ctx) -> int:
    """The value of X (CR 107.3)."""
    return ctx.x


# ------------------------------------------------------------ effects


class _Reporting(Effect):
    """An effect whose :meth:`resolve` reports its changes (moves, damage, life, draws,
    continuous effects, or only scheduling more work)."""

    def reports_changes(self) -> bool:
        return True


@dataclass(frozen=True, eq=False)
class Seq(_Reporting):
    """Several effects in written order (608.2c)."""

    effects: tuple[Effect, ...]

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.resolution import run_effects
        run_effects(game, list(self.effects), ctx)


def seq(*effects: Effect) -> Seq:
    return Seq(tuple(effects))


@dataclass(frozen=True, eq=False)
class DealDamage(_Reporting):
    """The source deals N damage to each referenced creature, planeswalker or player."""

    n: Amount
    to: Refs
    #: "The damage can't be prevented" (CR 615.12 in the 2017 CR).
    unpreventable: bool = False

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.damage import DamageItem, deal_damage
        n = amount(self.n, game, ctx)
        items = [DamageItem(ctx.source, r, n, unpreventable=self.unpreventable)
                 for r in self.to.resolve(game, ctx)]
        deal_damage(game, items)


@dataclass(frozen=True, eq=False)
class DealDividedDamage(_Reporting):
    """The source deals the damage divided as its controller chose when it was put on the
    stack (601.2d, ``ctx.data["division"]``, one amount per target) to each target: one
    damage event; the damage a now-illegal target would have been dealt isn't dealt
    (608.2b)."""

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.damage import DamageItem, deal_damage
        division = ctx.data.get("division") or ()
        items = [DamageItem(ctx.source, t, n)
                 for k, (t, n) in enumerate(zip(ctx.targets, division, strict=False))
                 if k < len(ctx.legal) and ctx.legal[k] and n > 0]
        for k, (t, n) in enumerate(zip(ctx.targets, division, strict=False)):
            if k < len(ctx.legal) and not ctx.legal[k]:
                game.note("608.2b", say(
                    "{target} is no longer a legal target: the {n} damage divided to it isn't "
                    "dealt", "{target} n'est plus une cible légale : la part de blessures qui "
                    "lui était attribuée ({n}) n'est pas infligée", target=game.named(t), n=n))
        deal_damage(game, items)


@dataclass(frozen=True, eq=False)
class Destroy(_Reporting):
    """Destroy each referenced permanent (CR 701.7)."""

    what: Refs
    no_regen: bool = False

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        objs = [o for o in objects_of(game, self.what.resolve(game, ctx))
                if o.zone == Zone.BATTLEFIELD]
        destroy_all(game, objs, "701.7a", destroyed_by(ctx),
                    allow_regen=not self.no_regen)


def destroyed_by(ctx: Ctx) -> Line:
    """Why a permanent is destroyed: "destroyed by [the source]" (701.7a)."""
    return say("destroyed by {card}", "détruit par {card}", card=source_card(ctx))


@dataclass(frozen=True, eq=False)
class MoveTo(Effect):
    """Put each referenced object into a zone: exile, hand (bounce), library..."""

    what: Refs
    zone: str
    rule: str = "400.7"
    position: str = "top"

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.zones import move
        objs = objects_of(game, self.what.resolve(game, ctx))
        if self.zone == Zone.BATTLEFIELD:  # choices as they enter (614.12a), 110.2
            from manastack.rules.entering import put_all_onto_battlefield, put_onto_battlefield
            if len(objs) == 1:
                put_onto_battlefield(game, objs[0], ctx.controller, self.rule)
            elif objs:
                put_all_onto_battlefield(game, objs, ctx.controller, self.rule)
            return
        for o in objs:
            move(game, o, self.zone, self.rule, position=self.position)


@dataclass(frozen=True, eq=False)
class GainLife(_Reporting):
    n: Amount
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.damage import gain_life
        for p in players_of(game, self.who.resolve(game, ctx)):
            gain_life(game, p, amount(self.n, game, ctx))


@dataclass(frozen=True, eq=False)
class LoseLife(_Reporting):
    n: Amount
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.damage import lose_life
        for p in players_of(game, self.who.resolve(game, ctx)):
            lose_life(game, p, amount(self.n, game, ctx))


@dataclass(frozen=True, eq=False)
class Draw(_Reporting):
    n: Amount = 1
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.zones import draw
        for p in players_of(game, self.who.resolve(game, ctx)):
            draw(game, p, amount(self.n, game, ctx), "120.1")


@dataclass(frozen=True, eq=False)
class Discard(_Reporting):
    """Each referenced player discards N cards of their choice (CR 701.8a): in APNAP order
    each chooses, face down (101.4a), then all the cards are discarded at once (101.4)."""

    n: Amount = 1
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        n = amount(self.n, game, ctx)
        if n > 0:
            discard_each(game, players_of(game, self.who.resolve(game, ctx)), n,
                         ctx.controller)


def discard_each(game: GameState, players: Sequence[int], n: int, cause: int | None) -> None:
    """Each of ``players`` discards ``n`` cards of their choice (all of their hand if it
    holds fewer) because of a spell or ability ``cause`` controls: chosen in APNAP order,
    discarded at the same time (101.4, 701.8a)."""
    from manastack.rules.simultaneous import each_player_chooses
    each_player_chooses(game, players, _discard_choice, _discard_chosen, (n, cause))


def _discard_choice(game: GameState, p: int, chosen: Any, n: int, cause: int | None) -> Any:
    from manastack.rules.simultaneous import Ask
    hand = tuple(game.players[p].hand)
    k = min(n, len(hand))
    if k <= 0:
        return None
    return Ask(f"Discard {k} card(s)", hand, k, k, "discard", "701.8a", "discard")


def _discard_chosen(game: GameState, chosen: Any, n: int, cause: int | None) -> None:
    """The discards of a resolving spell or ability controlled by ``cause`` (701.8a)."""
    from manastack.rules.zones import discard
    for p, items in chosen:
        for oid in items or ():
            o = game.get(oid)
            if o is not None and o.zone == Zone.HAND:
                discard(game, p, o, "701.8a", cause=cause)


@dataclass(frozen=True, eq=False)
class Pump(_Reporting):
    """+P/+T (layer 7c) to each referenced creature until end of turn (611.2c locked set)."""

    power: Amount
    toughness: Amount
    what: Refs
    duration: str = "end_of_turn"

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.layers import Duration, LayerEffect, add_effect, modify_pt
        ids = frozenset(o.id for o in objects_of(game, self.what.resolve(game, ctx)))
        if not ids:
            return
        p, t = amount(self.power, game, ctx), amount(self.toughness, game, ctx)
        add_effect(game, LayerEffect("7c", modify_pt(p, t), ids, ctx.controller, ctx.source,
                                     duration=Duration(self.duration),
                                     text=f"{ctx.source_name}: {p:+d}/{t:+d}"))
        cards, pt, src = Items(game.named(i) for i in ids), Raw(f"{p:+d}/{t:+d}"), \
            source_card(ctx)
        game.note("611.2c", say("{cards} gets {pt} until end of turn ({source})",
                                "{cards} gagne {pt} jusqu'à la fin du tour ({source})",
                                cards=cards, pt=pt, source=src) if len(ids) == 1 else
                  say("{cards} get {pt} until end of turn ({source})",
                      "{cards} gagnent {pt} jusqu'à la fin du tour ({source})",
                      cards=cards, pt=pt, source=src))


@dataclass(frozen=True, eq=False)
class Grant(Effect):
    """Keywords (layer 6) to each referenced permanent, until end of turn by default."""

    keywords: tuple[str, ...]
    what: Refs
    duration: str = "end_of_turn"

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.layers import Duration, LayerEffect, add_effect, add_keywords
        ids = frozenset(o.id for o in objects_of(game, self.what.resolve(game, ctx)))
        if ids:
            add_effect(game, LayerEffect("6", add_keywords(*self.keywords), ids,
                                         ctx.controller, ctx.source,
                                         duration=Duration(self.duration),
                                         text=f"{ctx.source_name}: {', '.join(self.keywords)}"))


@dataclass(frozen=True, eq=False)
class AddCounters(Effect):
    kind: str
    n: Amount
    what: Refs

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        n = amount(self.n, game, ctx)
        for r in self.what.resolve(game, ctx):
            if isinstance(r, PlayerRef):
                if self.kind == "poison":
                    from manastack.rules.damage import team_forbids, totals_changed
                    if team_forbids(game, "cant_get_poison", r.index):
                        continue  # 810.10c
                    game.players[r.index].poison += n
                    totals_changed(game, r.index)
                continue
            o = game.get(r)
            if o is None:
                continue
            add_counters(game, o, self.kind, n)


@dataclass(frozen=True, eq=False)
class Tap(Effect):
    what: Refs
    untap: bool = False

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        for o in objects_of(game, self.what.resolve(game, ctx)):
            if o.tapped == self.untap:
                if self.untap:
                    untap(game, o)
                else:
                    tap(game, o, "701.19a")


def doesnt_untap_next(game: GameState, ctx: Ctx, ids: Sequence[int], whose: int | None = None
                      ) -> None:
    """"[They] don't untap during [``whose``]'s next untap step" (502.2); ``whose`` None:
    "during its controller's next untap step".

    The effect lasts through exactly one untap step of that player that actually happens
    (a skipped one doesn't count, 614.10a).  "Its controller's" is read when the untap
    step comes, not as the effect begins: a permanent whose control changed stays tapped
    through its new controller's next untap step (the rulings of Frost Titan, Frost
    Breath, Wall of Frost).  Permanents no longer on the battlefield are left out (400.7).
    """
    from manastack.rules.layers import (
        RULES_LAYER,
        Duration,
        LayerEffect,
        add_effect,
        add_keywords,
    )

    objs = [o for i in ids if (o := game.get(i)) is not None
            and o.zone == Zone.BATTLEFIELD]
    if not objs:
        return
    if whose is not None:
        add_effect(game, LayerEffect(
            RULES_LAYER, add_keywords("doesn't untap"), frozenset(o.id for o in objs),
            ctx.controller, ctx.source, duration=Duration("through_step", "untap",
                                                          player=whose),
            text=f"{ctx.source_name}: doesn't untap during "
                 f"{game.players[whose].name}'s next untap step"))
        return
    for o in objs:  # one effect each: each waits for its own controller's step
        add_effect(game, LayerEffect(
            RULES_LAYER, add_keywords("doesn't untap"), frozenset({o.id}), ctx.controller,
            ctx.source, duration=Duration("through_step", "untap", of_object=o.id),
            text=f"{ctx.source_name}: {o.name} doesn't untap during its controller's next "
                 "untap step"))


@dataclass(frozen=True, eq=False)
class DoesntUntapNext(Effect):
    """Each referenced permanent doesn't untap during its controller's next untap step
    (:func:`doesnt_untap_next`)."""

    what: Refs

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        doesnt_untap_next(game, ctx, [o.id for o in objects_of(game, self.what.resolve(
            game, ctx))])


@dataclass(frozen=True, eq=False)
class CreateTokens(Effect):
    token: CardDef
    n: Amount = 1
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.zones import create_token
        for p in players_of(game, self.who.resolve(game, ctx)):
            for _ in range(amount(self.n, game, ctx)):
                create_token(game, self.token, p)


@dataclass(frozen=True, eq=False)
class CounterSpell(Effect):
    what: Refs

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.priority import counter
        for r in self.what.resolve(game, ctx):
            if not isinstance(r, PlayerRef):
                counter(game, r, "701.5a", say(" by {card}", " par {card}",
                                               card=source_card(ctx)), by=ctx.object_id)


@dataclass(frozen=True, eq=False)
class CounterUnlessPays(Effect):
    """"Counter [target spell / that spell or ability] unless its controller pays {N}"
    (CR 701.5a counter, 118.12 "unless [a player] pays"; 117.12a in the 2017 numbering
    the log cites): the controller of each referenced spell or ability, as this resolves,
    may pay {N}; if they don't, or can't, it is countered.  A referenced object that has
    left the stack is left alone (608.2b).

    ``explain``: the log says who paid or couldn't pay; False keeps the shorter lines
    ("X is countered by Y", "P pays {N}") Chancellor of the Annex has always logged, so
    that the recorded games stay the same."""

    amount: int
    what: Refs
    explain: bool = True

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        by = ctx.object_id if self.explain else None
        for r in reversed(self.what.resolve(game, ctx)):
            if not isinstance(r, PlayerRef):
                game.push(_ask_pay_or_counter, r, self.amount, source_card(ctx), by,
                          self.explain)


def _ask_pay_or_counter(game: GameState, oid: int, n: int, source: Card, by: int | None,
                        explain: bool) -> None:
    from manastack.game.decisions import ChoiceDecision
    from manastack.game.mana import ManaCost
    from manastack.rules.casting import plan_payment
    from manastack.rules.priority import counter

    o = game.objects.get(oid)
    if o is None or oid not in game.stack:
        return
    payer = game.controller(o)
    cost = ManaCost.parse(f"{{{n}}}")
    if plan_payment(game, payer, cost, None) is None:
        why = say(" ({who} can't pay {cost})", " ({who} ne peut pas payer {cost})",
                  who=game.who(payer), cost=Raw(str(cost))) if explain else NOTHING
        counter(game, oid, "701.5a", say(" by {card}{why}", " par {card}{why}", card=source,
                                         why=why), by=by)
        return
    name = source.name
    game.ask(ChoiceDecision(payer, "may", f"Pay {cost}? If you don't, {game.name_of(oid)} is "
                                          f"countered ({name})",
                            (_paid_or_countered, (oid, n, source, by, explain)),
                            rule="117.12a",
                            options=("yes", "no"), purpose=f"pay {cost} for {name}"))


def _paid_or_countered(game: GameState, action: Any, oid: int, n: int, source: Card,
                       by: int | None, explain: bool) -> None:
    from manastack.game.mana import ManaCost
    from manastack.rules.casting import perform_payment, plan_payment
    from manastack.rules.priority import counter

    o = game.objects.get(oid)
    if o is None or oid not in game.stack:
        return
    payer = game.controller(o)
    cost = ManaCost.parse(f"{{{n}}}")
    payment = plan_payment(game, payer, cost, None, paying=True) \
        if action.items[0] == "yes" else None
    if payment is None:
        why = say(" ({who} doesn't pay {cost})", " ({who} ne paie pas {cost})",
                  who=game.who(payer), cost=Raw(str(cost))) if explain else NOTHING
        counter(game, oid, "701.5a", say(" by {card}{why}", " par {card}{why}", card=source,
                                         why=why), by=by)
        return
    perform_payment(game, payer, cost, payment, "117.12a")
    kept = say(": {card} isn't countered ({source})", " : {card} n'est pas contrecarré ({source})",
               card=game.named(oid), source=source) if explain else NOTHING
    game.note("117.12a", say("{who} pays {cost}{kept}", "{who} paie {cost}{kept}",
                             who=game.who(payer), cost=Raw(str(cost)), kept=kept))


@dataclass(frozen=True, eq=False)
class ExtraTurn(Effect):
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.turn import add_extra_turn
        for p in players_of(game, self.who.resolve(game, ctx)):
            add_extra_turn(game, p)


@dataclass(frozen=True, eq=False)
class AdditionalPhases(Effect):
    """Add phases after this one (Relentless Assault: combat then main, CR 500.8)."""

    phases: tuple[str, ...] = ("combat", "main")

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.turn import add_phase_after_current
        add_phase_after_current(game, list(self.phases))


@dataclass(frozen=True, eq=False)
class AdditionalStep(Effect):
    """Add a step after (or before) a named step (CR 500.9)."""

    step: str
    after: str | None = None
    before: str | None = None

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.turn import add_step
        add_step(game, self.step, self.after, self.before)


@dataclass(frozen=True, eq=False)
class Skip(Effect):
    """"Skip your next [step/phase/turn]" (CR 500.10)."""

    kind: str
    what: str
    who: Refs = YOU

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.turn import add_skip
        for p in players_of(game, self.who.resolve(game, ctx)):
            add_skip(game, self.kind, self.what, p)
            game.note("500.10", _will_skip(game.who(p), f"{self.what} {self.kind}"))


#: A rule term's key by its English text ("draw step" -> "draw").
_TERM_KEYS: Final = {en: key for key, (en, _, _) in TERMS.items()}


def _will_skip(who: Who, what: str) -> Line:
    """"P will skip their next draw step" (500.10): ``what`` is a step, phase or turn
    named as :data:`~manastack.lines.TERMS` names it in English."""
    term = Term(_TERM_KEYS.get(what, what))
    if TERMS[term.key][2] == "f":
        return say("{who} will skip their next {what}", "{who} passera sa prochaine {what}",
                   who=who, what=term)
    return say("{who} will skip their next {what}", "{who} passera son prochain {what}",
               who=who, what=term)


@dataclass(frozen=True, eq=False)
class Regenerate(Effect):
    """A regeneration shield for each referenced permanent this turn (CR 701.13)."""

    what: Refs = SELF

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        for o in objects_of(game, self.what.resolve(game, ctx)):
            add_regeneration_shield(game, o)


@dataclass(frozen=True, eq=False)
class PreventNext(Effect):
    """Prevent the next N damage that would be dealt to each reference this turn (615.7)."""

    n: Amount
    what: Refs

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.layers import Duration
        from manastack.rules.prevention import prevention_shield
        n = amount(self.n, game, ctx)
        for r in self.what.resolve(game, ctx):
            game.replacements.append(prevention_shield(game, r, n, ctx.controller, ctx.source,
                                                       ctx.source_name,
                                                       Duration("end_of_turn")))
            game.note("615.7", say(
                "The next 1 damage that would be dealt to {target} this turn will be "
                "prevented", "La prochaine blessure qui devrait être infligée à {target} ce "
                "tour-ci sera prévenue", target=game.named(r)) if n == 1 else say(
                "The next {n} damage that would be dealt to {target} this turn will be "
                "prevented", "Les {n} prochaines blessures qui devraient être infligées à "
                "{target} ce tour-ci seront prévenues", n=n, target=game.named(r)))


@dataclass(frozen=True, eq=False)
class Attach(Effect):
    """Attach the source (Equipment) to the referenced creature (CR 701.3): attaching
    it to the object it's already attached to does nothing (701.3b); attaching it to a
    different object gives it a new timestamp (701.3c, 613.6d), so its effects then
    apply after those created earlier (a Turn to Frog's ability loss)."""

    to: Refs

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        src = game.get(ctx.source)
        for o in objects_of(game, _in_range(game, ctx, self.to.resolve(game, ctx))):
            if src is not None and src.zone == Zone.BATTLEFIELD:  # 801.9: within range
                if src.attached_to == o.id:
                    game.note("701.3b", say("{src} is already attached to {card}: nothing "
                                            "happens", "{src} est déjà attaché à {card} : rien "
                                            "ne se passe", src=Card(src.id, src.name),
                                            card=Card(o.id, o.name)))
                    continue
                attach(game, src, o)


@dataclass(frozen=True, eq=False)
class UnlessPay(Effect):
    """"[Do effect] unless you pay [cost]" (CR 117.12a): the controller may pay; if they
    don't (or can't), the effect happens."""

    mana: str
    effect: Effect
    text: str = ""

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.game.decisions import ChoiceDecision
        from manastack.game.mana import ManaCost
        from manastack.rules.casting import plan_payment

        cost = ManaCost.parse(self.mana)
        src = game.get(ctx.source)
        exclude = [ctx.source] if src is not None else []
        if plan_payment(game, ctx.controller, cost, None, exclude) is None:
            self.effect.resolve(game, ctx)
            return
        game.ask(ChoiceDecision(ctx.controller, "may", f"Pay {self.mana}? If you don't: "
                                f"{self.text or 'the effect happens'}",
                                (_unless_answer, (self, ctx)), rule="117.12a",
                                options=("yes", "no"), purpose=f"pay {self.mana}"))


def _unless_answer(game: GameState, action: Any, eff: UnlessPay, ctx: Ctx) -> None:
    from manastack.game.mana import ManaCost
    from manastack.rules.casting import perform_payment, plan_payment

    if action.items and action.items[0] == "yes":
        cost = ManaCost.parse(eff.mana)
        payment = plan_payment(game, ctx.controller, cost, None, [ctx.source], paying=True)
        if payment is not None:
            perform_payment(game, ctx.controller, cost, payment, "117.12a")
            game.note("117.12a", say("{who} pays {mana}", "{who} paie {mana}",
                                     who=game.who(ctx.controller), mana=Raw(eff.mana)))
            return
    eff.effect.resolve(game, ctx)


def unpayable_x(rest: str = "") -> Callable[[GameState, Any], str | None]:
    """The ``explain`` of a "you may pay {X}[rest]" choice: an X that isn't an option
    is one its chooser can't pay in full (CR 117.3). {0} alone is always payable."""
    def explain(game: GameState, x: Any) -> str | None:
        if type(x) is int and (x > 0 or (rest and x == 0)):
            return f"{{{x}}}{rest} can't be paid in full (117.3)"
        return None
    return explain


@dataclass(frozen=True, eq=False)
class Sacrifice(Effect):
    """"Sacrifice [this]": the ability's controller sacrifices each referenced permanent
    they control (CR 701.15a: a player can't sacrifice a permanent they don't control, so
    one whose control changed before the ability resolved stays)."""

    what: Refs = SELF

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.rules.zones import move
        for o in objects_of(game, self.what.resolve(game, ctx)):
            if o.zone != Zone.BATTLEFIELD or o.phased_out:  # 702.25d: as if it didn't exist
                continue
            if game.controller(o) != ctx.controller:
                game.note("701.15a", say("{who} doesn't control {card}: it can't be sacrificed",
                                         "{who} ne contrôle pas {card} : il ne peut pas être "
                                         "sacrifié", who=game.who(ctx.controller),
                                         card=Card(o.id, o.name)))
                continue
            move(game, o, Zone.GRAVEYARD, "701.15a",
                 verb=say("{card} is sacrificed", "{card} est sacrifié", card=Card(o.id, o.name)))


@dataclass(frozen=True, eq=False)
class SacrificeOfChoice(_Reporting):
    """Each referenced player sacrifices ``n`` permanents of their choice matching
    ``selector`` (seen from that player): chosen in APNAP order, sacrificed at the same
    time (101.4, 701.15a; :func:`sacrifice_each`)."""

    selector: Selector
    who: Refs = YOU
    n: int = 1

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        sacrifice_each(game, players_of(game, self.who.resolve(game, ctx)), self.selector,
                       self.n, ctx.source)


def sacrifice_each(game: GameState, players: Sequence[int], selector: Selector, n: int,
                   source: int | None) -> None:
    """Each of ``players`` sacrifices ``n`` permanents they control matching ``selector``
    (all of them if they control fewer): each chooses in APNAP order, knowing the earlier
    choices (101.4b), then all are sacrificed at once (101.4, 701.15a)."""
    from manastack.rules.simultaneous import each_player_chooses
    if n > 0:
        each_player_chooses(game, players, _sacrifice_choice, _sacrifice_chosen,
                            (selector, n, source))


def _sacrifice_choice(game: GameState, p: int, chosen: Any, selector: Selector, n: int,
                      source: int | None) -> Any:
    from manastack.rules.simultaneous import Ask
    cands = tuple(o.id for o in game.permanents(p) if selector.test(game, o.id, p, source))
    if not cands:
        return None
    if len(cands) <= n:
        return cands  # no choice to make
    prompt = f"Choose a {selector.text} to sacrifice" if n == 1 else \
        f"Choose {n} permanents to sacrifice ({selector.text})"
    return Ask(prompt, cands, n, n, "sacrifice", "701.15a",
               announce=say("chooses to sacrifice", "choisit de sacrifier"))


def _sacrifice_chosen(game: GameState, chosen: Any, selector: Selector, n: int,
                      source: int | None) -> None:
    sacrifice_all(game, [(p, o) for p, items in chosen for i in items or ()
                         if (o := game.get(i)) is not None])


@dataclass(frozen=True, eq=False)
class Mill(Effect):
    """Each referenced player puts the top N cards of their library into their graveyard.

    ``per_player(game, player)`` computes N for each player instead (Traumatize)."""

    n: Amount
    who: Refs = YOU
    per_player: Callable[[GameState, int], int] | None = None

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        for p in players_of(game, self.who.resolve(game, ctx)):
            n = self.per_player(game, p) if self.per_player else amount(self.n, game, ctx)
            mill(game, p, n)


def mill(game: GameState, p: int, n: int) -> None:
    """Put the top ``n`` cards of ``p``'s library into their graveyard, one at a time."""
    from manastack.rules.zones import move
    lib = game.players[p].library
    for _ in range(min(n, len(lib))):
        o = game.obj(lib[-1])
        move(game, o, Zone.GRAVEYARD, "404.1", verb=say("{who} mills {card}", "{who} meule {card}",
                                                        who=game.who(p), card=Card(o.id, o.name)))


@dataclass(frozen=True, eq=False)
class ExileUntilNextEndStep(Effect):
    """Exile the referenced permanents; return them under their owner's control at the
    beginning of the next end step (a delayed triggered ability, CR 603.7)."""

    what: Refs = SELF

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        from manastack.cards.dsl import TriggeredAbility
        from manastack.rules.triggers import add_delayed
        from manastack.rules.zones import move
        for o in objects_of(game, self.what.resolve(game, ctx)):
            if o.zone != Zone.BATTLEFIELD:
                continue
            new = move(game, o, Zone.EXILE, "406.2")
            ab = TriggeredAbility(ev.STEP_BEGAN, Custom(_return_exiled),
                                  condition=is_end_step,
                                  text=f"Return {new.name} to the battlefield at the beginning "
                                       "of the next end step.")
            add_delayed(game, ab, ctx.source, ctx.source_name, ctx.controller,
                        {"exiled": new.id})


def is_end_step(game: GameState, e: Any, src: Any) -> bool:
    """The condition of "at the beginning of the [next] end step" (CR 513.1, 603.7)."""
    return e.data.get("step") == "end"


def _return_exiled(game: GameState, ctx: Ctx) -> None:
    from manastack.rules.entering import put_onto_battlefield
    o = game.get(ctx.data.get("exiled"))
    if o is not None and o.zone == Zone.EXILE:
        put_onto_battlefield(game, o, o.owner, "603.7",
                             verb=say("{card} returns to the battlefield under its owner's "
                                      "control", "{card} revient sur le champ de bataille sous "
                                      "le contrôle de son propriétaire", card=Card(o.id, o.name)))


# ------------------------------------------------------------ library searches (701.17)


def any_card(game: GameState, o: GameObject) -> bool:
    """"Search your library for a card": no stated quality (CR 701.17d)."""
    return True


def is_basic_land(game: GameState, o: GameObject) -> bool:
    """A basic land card (CR 205.4c: the supertype basic; 305.8)."""
    c = game.chars(o)
    return "Land" in c.types and "Basic" in c.supertypes


def reveal(game: GameState, p: int, ids: Sequence[int], rule: str = "701.14a") -> None:
    """``p`` reveals the cards ``ids`` (CR 701.14a): a line in the log."""
    if ids:
        game.note(rule, say("{who} reveals {cards}", "{who} révèle {cards}", who=game.who(p),
                            cards=Items(game.named(i) for i in ids)))


def search_library(game: GameState, p: int, pred: Callable[[GameState, GameObject], bool],
                   min_count: int, max_count: int, then: Callable[..., None],
                   args: tuple[Any, ...], text: str, owner: int | None = None) -> None:
    """``p`` searches ``owner``'s library (default: their own) for cards matching
    ``pred`` (CR 701.17).

    ``then(game, Choose(found), *args)`` continues with the cards found.  A search
    for cards with a stated quality may find fewer (701.17b: pass min_count=0)."""
    from manastack.game.decisions import ChoiceDecision, Choose

    lib = game.players[p if owner is None else owner].library
    cands = tuple(oid for oid in reversed(lib) if pred(game, game.obj(oid)))
    if not cands or max_count <= 0:
        game.note("701.17a", say("{who} searches their library and finds nothing",
                                 "{who} cherche dans sa bibliothèque et ne trouve rien",
                                 who=game.who(p)))
        then(game, Choose(()), *args)
        return
    # 701.17d: a search for a quantity of cards ("a card") must find that many; 701.17b: a
    # search for cards with a stated quality may find fewer (min_count 0).
    rule = "701.17d" if min_count > 0 else "701.17b"
    game.ask(ChoiceDecision(p, "search", text, (then, args), rule=rule, options=cands,
                            min_count=min(min_count, len(cands)),
                            max_count=min(max_count, len(cands)), purpose="search"))


def _found_to_zone(game: GameState, action: Any, p: int, zone: str, tapped_: bool,
                   reveal_: bool) -> None:
    """Put the cards found into ``zone`` (the battlefield tapped or not), then shuffle."""
    from manastack.rules.zones import move, shuffle

    items = tuple(action.items)
    if reveal_:
        reveal(game, p, items)
    for oid in items:
        o = game.obj(oid)
        if zone == Zone.BATTLEFIELD:
            move(game, o, zone, "701.17a", controller=p, tapped=tapped_)
        else:
            move(game, o, zone, "701.17a",
                 verb=_puts_a_card(game.who(p), zone) if not reveal_ else None)
    shuffle(game, p, "701.18a")


def _puts_a_card(who: Who, zone: str) -> Line:
    """"P puts a card into their hand" (a card found, not revealed: 701.17a)."""
    if TERMS[zone][2] == "f":
        return say("{who} puts a card into their {zone}", "{who} met une carte dans sa {zone}",
                   who=who, zone=Term(zone))
    return say("{who} puts a card into their {zone}", "{who} met une carte dans son {zone}",
               who=who, zone=Term(zone))


@dataclass(frozen=True, eq=False)
class SearchTo(Effect):
    """"Search your library for up to N [cards], [reveal them,] put them into [zone], then
    shuffle" (CR 701.17a search, 701.14a reveal, 701.18a shuffle)."""

    pred: Callable[[GameState, GameObject], bool]
    max_count: int
    zone: str
    min_count: int = 0
    tapped: bool = False
    reveal: bool = True
    text: str = "Search your library"

    def resolve(self, game: GameState, ctx: Ctx) -> None:
        p = ctx.controller
        game.push(search_library, p, self.pred, self.min_count, self.max_count,
                  _found_to_zone, (p, self.zone, self.tapped, self.reveal), self.text)


# ------------------------------------------------------------ continuous effects (611)


def battlefield_ids(game: GameState, refs: Sequence[Ref]) -> frozenset[int]:
    """The permanents among ``refs`` still on the battlefield and phased in (CR 400.7,
    702.25b): what an effect starting now can apply to."""
    return frozenset(r for r in refs if not isinstance(r, PlayerRef) and
                     (o := game.get(r)) is not None and o.zone == Zone.BATTLEFIELD and
                     not o.phased_out)


def until_end_of_turn(game: GameState, ctx: Ctx, layer: str, fn: Callable[..., None],
                      ids: frozenset[int], text: str) -> None:
    """A continuous effect in one layer on the permanents ``ids`` until end of turn
    (CR 611.2a, 611.2c: a locked set of objects; 514.2: it ends in the cleanup step)."""
    from manastack.rules.layers import Duration, LayerEffect, add_effect

    if ids:
        add_effect(game, LayerEffect(layer, fn, ids, ctx.controller, ctx.source,
                                     duration=Duration("end_of_turn"),
                                     text=f"{ctx.source_name}: {text}"))


def layered_effect(game: GameState, ctx: Ctx, ids: frozenset[int],
                   parts: Sequence[tuple[str, Callable[..., None]]], text: str,
                   duration: Any = None) -> None:
    """One continuous effect with parts in several layers on the permanents ``ids``
    (CR 613.5: one timestamp for all its parts; 611.2c: a locked set of objects), until
    end of turn unless ``duration`` (a :class:`~manastack.rules.layers.Duration`) says
    otherwise."""
    from manastack.rules.layers import Duration, LayerEffect, add_effect

    if not ids:
        return
    ts = game.new_timestamp()
    for layer, fn in parts:
        add_effect(game, LayerEffect(layer, fn, ids, ctx.controller, ctx.source, ts,
                                     duration or Duration("end_of_turn"), text=text, group=ts))


def threaten(game: GameState, ctx: Ctx) -> None:
    """"Gain control of target creature until end of turn. Untap that creature. It gains
    haste until end of turn." (Act of Treason): layer 2 (613.1b), untap (701.19b), layer 6
    haste (613.1f), for the creatures of the first target word still on the battlefield."""
    from manastack.rules.layers import add_keywords, set_controller

    ids = battlefield_ids(game, ctx.target_refs(0))
    until_end_of_turn(game, ctx, "2", set_controller(ctx.controller), ids, "control")
    for oid in ids:
        o = game.obj(oid)
        if o.tapped:
            untap(game, o, wide=True)
    until_end_of_turn(game, ctx, "6", add_keywords("haste"), ids, "haste")

"""Playing lands, casting spells, activating abilities (CR 305, 601, 602, 605, 606).

:func:`priority_actions` lists every legal action of a player holding
priority; :func:`check_priority_action` explains (citing the rule) why an
action is illegal.  Both use :func:`problem`, the single legality check.
Mana is paid from the pool and by activating mana abilities during casting
(601.2g-h); automatic payment picks the sources (see :mod:`manastack.game.mana`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from manastack.errors import IllegalAction
from manastack.events import AbilityActivated, LandPlayed, ManaChanged, SpellCast
from manastack.game.abilities import (
    ActivatedAbility,
    AlternativeCost,
    Cost,
    SpellAbility,
    TargetSpec,
)
from manastack.game.decisions import Action, Activate, Cast, ChoiceDecision, Pass, PlayLand, Special
from manastack.game.mana import (
    ManaCost,
    ManaSource,
    ManaSymbol,
    Payment,
    find_payment,
    quick_payable,
    takes_whole_pool,
)
from manastack.game.objects import (
    NARROW_CHANGES,
    PLAYER_KINDS,
    Characteristics,
    GameObject,
    PlayerRef,
    Ref,
    StackAbility,
    Zone,
    card_test,
    disjoint,
    player_kind,
    seat_name,
    union,
)
from manastack.lines import NOTHING, Card, Items, Line, Place, Raw, keep, say
from manastack.rules.keyword_actions import tap
from manastack.rules.static import forbids, hooks, rule_effects

if TYPE_CHECKING:
    from manastack.game.state import GameState

MAIN_PHASES: Final = ("precombat_main", "postcombat_main")
#: Bound on the target combinations listed for one spell or ability (agents sample them;
#: any other legal combination is still accepted by ``apply``).
MAX_COMBOS: Final = 400


# ------------------------------------------------------------ timing


def sorcery_timing(game: GameState, player: int) -> str | None:
    """CR 307.1 etc.: own main phase, empty stack (and holding priority)."""
    st = game.step
    if game.active_player != player and not game.is_active(player):  # 805.4a: team turn
        return "it isn't your turn"
    if st is None or st.name not in MAIN_PHASES:
        return "it isn't your main phase"
    if game.stack:
        return "the stack isn't empty"
    return None


def sorcery_timing_ok(game: GameState, player: int) -> bool:
    """``sorcery_timing(game, player) is None``, cheapest test first."""
    st = game.step
    return st is not None and st.name in MAIN_PHASES and not game.stack and (
        game.active_player == player or game.is_active(player))


def _type_rule(types: frozenset[str]) -> str:
    for t, r in (("Sorcery", "307.1"), ("Creature", "302.1"), ("Planeswalker", "306.1"),
                 ("Artifact", "301.1"), ("Enchantment", "303.1")):
        if t in types:
            return r
    return "601.3"


# ------------------------------------------------------------ mana sources


#: Ability -> is it the common "{T}: Add ..." checked inline by priority_actions: a mana
#: ability costing only {T}, not once per turn (:func:`card_test`: abilities are immutable
#: and compared by identity).
_SIMPLE_MANA: Final[dict[Any, bool]] = {}


def _simple_mana(ab: ActivatedAbility) -> bool:
    return card_test(_SIMPLE_MANA, ab, _is_simple_mana)


def _is_simple_mana(ab: ActivatedAbility) -> bool:
    return ab.mana is not None and _is_tap_only(ab.cost) and not ab.once_per_turn


def _is_tap_only(c: Cost) -> bool:
    return c.tap and c.mana.is_empty() and not (
        c.untap or c.sacrifice_self or c.sacrifice is not None or c.discard or c.pay_life
        or c.remove_counters or c.exile_self or c.discard_self or c.tap_others is not None
        or c.exile_graveyard) and c.loyalty is None


def _forbidden(game: GameState, player: int, o: GameObject, ab: ActivatedAbility) -> bool:
    return forbids(game, "cant_activate", player, o, ab) is not None


def mana_abilities(game: GameState, obj: GameObject) -> list[tuple[int, ActivatedAbility]]:
    """(index among activated abilities, ability) for each mana ability of ``obj``."""
    out = []
    for i, ab in enumerate(activated_abilities(game, obj)):
        if ab.mana is not None:
            out.append((i, ab))
    return out


#: Abilities tuple -> its activated abilities (:func:`card_test`).  Abilities define no
#: equality (they hash and compare by identity), so equal tuples hold the same abilities.
_ACTIVATED: Final[dict[Any, list[ActivatedAbility]]] = {}


def printed_abilities(abilities: list[ActivatedAbility]) -> list[range]:
    """The engine's activated abilities grouped as printed: each range is one printed
    ability, a single engine ability or every mode of a modal activated ability (700.2,
    ``ActivatedAbility.mode``: modes 1, 2, ... are adjacent)."""
    groups: list[range] = []
    for i, ab in enumerate(abilities):
        if ab.mode > 1 and groups:
            groups[-1] = range(groups[-1].start, i + 1)
        else:
            groups.append(range(i, i + 1))
    return groups


def activated_abilities(game: GameState, obj: GameObject) -> list[ActivatedAbility]:
    """The activated abilities of ``obj`` in order (memoised per abilities tuple: don't
    modify the list)."""
    return card_test(_ACTIVATED, game.chars(obj).abilities, _activated_of)


def _activated_of(abilities: tuple[Any, ...]) -> list[ActivatedAbility]:
    return [a for a in abilities if isinstance(a, ActivatedAbility)]


#: Whether a card has an activated ability that works from a graveyard, by card definition
#: (:func:`~manastack.game.objects.card_test`).
_YARD_ACTIVATED: Final[dict[Any, bool]] = {}


def _activates_from_graveyard(card: Any) -> bool:
    return card_test(_YARD_ACTIVATED, card, _yard_activated)


def _yard_activated(card: Any) -> bool:
    return any(isinstance(ab, ActivatedAbility) and "graveyard" in ab.zones
               for ab in card.abilities)


def mana_sources(game: GameState, player: int, exclude: Sequence[int] = (),
                 only: Sequence[int] | None = None) -> list[ManaSource]:
    """Untapped permanents whose mana abilities cost only {T} (used for automatic payment).

    A permanent with several such abilities is one source offering all their mana
    (it can be tapped once).  All of them (no ``exclude``/``only``) are memoised until
    the next state change: don't modify the list."""
    if not exclude and only is None:
        key = seat_name(_MANA_SOURCES_KEYS, "mana_sources:", player)
        hit: list[ManaSource] | None = game.derived.cache_get(key)
        if hit is None:
            hit = game.derived.cache_put(key, _mana_sources(game, player, (), None))
        return hit
    return _mana_sources(game, player, exclude, only)


#: Cache keys by player: "mana_sources:0", "mana_sources:1"...
_MANA_SOURCES_KEYS: Final[list[str]] = []


def _mana_sources(game: GameState, player: int, exclude: Sequence[int],
                  only: Sequence[int] | None) -> list[ManaSource]:
    """The sources in the order automatic payment taps them among equals: lands, then
    other noncreature permanents, then creatures (which may still attack or block);
    :func:`find_payment` taps those with another {T} ability (``spare``) last."""
    out: list[ManaSource] = []
    later: list[ManaSource] = []  # noncreature nonlands
    last: list[ManaSource] = []  # creatures
    # without a "can't activate" hook, what a permanent offers depends only on its
    # characteristics, unless an ability has a condition or a variable amount
    memo_ok = not _hooked(game, "cant_activate")
    since = game.turn_began.get(player, 0)
    for o in game.permanents(player):
        if o.tapped or o.id in exclude or (only is not None and o.id not in only):
            continue
        c = game.chars(o)
        types = c.types
        creature = "Creature" in types
        to = last if creature else out if "Land" in types else later
        if memo_ok:
            abilities = c.abilities
            # 0: not a creature, 1: a creature, 2: a summoning-sick one (302.6)
            state = 0 if not creature else 2 if "haste" not in c.keywords and \
                o.control_since >= since else 1
            hit = _SOURCE_OF.get(o.id)
            if hit is None or hit[0] is not abilities or hit[1] != state:
                if len(_SOURCE_OF) > 8192:
                    _SOURCE_OF.clear()
                hit = _SOURCE_OF[o.id] = (abilities, state, _DYNAMIC if _reads_more(game, o)
                                          else _mana_source(game, player, o))
            if hit[2] is not _DYNAMIC:
                if hit[2] is not None:
                    to.append(hit[2])
                continue
        s = _mana_source(game, player, o)
        if s is not None:
            to.append(s)
    if later or last:
        out += later + last
    return out


#: Marks a permanent whose mana abilities read more than its characteristics.
_DYNAMIC: Final = ManaSource(-1, -1, ())
#: Object id -> (its abilities tuple, 0/1/2: not a creature/a creature/a summoning-sick
#: one, the object as a mana source when no "can't activate" hook applies, or _DYNAMIC),
#: valid while the object has that very tuple (kept here, so not another one at the same
#: address) and that state.  Sources are values; ids are shared by games, so an entry is
#: checked before it is used.
_SOURCE_OF: Final[dict[int, tuple[tuple[Any, ...], int, ManaSource | None]]] = {}


def _reads_more(game: GameState, o: GameObject) -> bool:
    """Does one of ``o``'s mana abilities paying automatically have a condition or a
    variable amount (reading more than ``o``'s characteristics)?"""
    return any(_pays(ab) and (ab.condition is not None or ab.mana is None
                              or ab.mana.amount is not None)
               for _, ab in mana_abilities(game, o))


def paid_automatically(ab: ActivatedAbility) -> bool:
    """Is ``ab`` (a mana ability) one that automatic payment activates while a cost is
    paid (601.2g-h): {T} alone, nothing that needs a choice or a sacrifice?  An agent
    leaving the others to priority keeps every play (605.3a)."""
    return _pays(ab)


def _pays(ab: ActivatedAbility) -> bool:
    """Is ``ab`` (a mana ability) used by automatic payment: {T} and nothing that needs a
    choice or a sacrifice?"""
    c = ab.cost
    return c.tap and c.mana.is_empty() and not (c.sacrifice_self or c.pay_life) \
        and c.sacrifice is None and not c.discard and c.tap_others is None \
        and not c.exile_graveyard


def _mana_source(game: GameState, player: int, o: GameObject) -> ManaSource | None:
    """The untapped permanent ``o`` as a mana source of ``player``, if it is one: a
    source offering the mana of all its abilities paying automatically that it may
    activate now."""
    options: list[str] = []
    first = -1
    for i, ab in mana_abilities(game, o):
        if not _pays(ab):
            continue
        if ab.condition is not None and not ab.condition(game, o):
            continue
        if forbids(game, "cant_activate", player, o, ab):
            continue
        assert ab.mana is not None
        if first < 0:
            first = i
        options.extend(ab.mana.produce(game, o, m) for m in ab.mana.options
                       if ab.mana.produce(game, o, m) not in options)
    if options and not summoning_sick(game, o):
        spare = any(ab.mana is None and ab.cost.tap for ab in activated_abilities(game, o))
        return ManaSource(o.id, first, tuple(options), spare, "Creature" in game.chars(o).types)
    return None


def _ability_producing(game: GameState, o: GameObject, produced: str, default: int) -> int:
    for i, ab in mana_abilities(game, o):
        if ab.mana is not None and ab.cost.tap:
            for m in ab.mana.options:
                if ab.mana.produce(game, o, m) == produced:
                    return i
    return default


def controlled_since_turn_began(game: GameState, o: GameObject, player: int) -> bool:
    """CR 302.6: has ``player`` controlled ``o`` continuously since their most recent turn
    began?  (During an opponent's turn that is the player's own previous turn: a creature
    cast in your turn still can't use {T} abilities in the next opponent's turn.)"""
    return o.control_since < game.turn_began.get(player, 0)


def summoning_sick(game: GameState, o: GameObject) -> bool:
    """CR 302.6: a creature's {T}/{Q} abilities need continuous control since its
    controller's most recent turn began."""
    c = game.chars(o)
    if "Creature" not in c.types or "haste" in c.keywords:
        return False
    return not controlled_since_turn_began(game, o, game.controller(o))


def _sorcery_speed_rules(ab: Any) -> str:
    """Rules behind "only any time you could cast a sorcery" besides 602.5d / 606.3."""
    if ab.is_loyalty:
        return "306.5d"
    return "702.6a, 307.5" if (ab.text or "").startswith("Equip") else "307.5"


def _unpayable(game: GameState, player: int, text: str) -> tuple[str, str]:
    """601.2h: a cost that can't be paid; the message names the player's untapped
    summoning-sick creatures with a {T} mana ability, which can't pay it (302.6)."""
    sick = [o.name for o in game.permanents(player) if not o.tapped and summoning_sick(game, o)
            and any(isinstance(ab, ActivatedAbility) and ab.mana is not None and ab.cost.tap
                    for ab in game.chars(o).abilities)]
    if sick:
        text += (f" ({', '.join(sick)} can't be tapped for mana: summoning sickness, "
                 "302.6)")
    return (text, "601.2h")


def available_mana(game: GameState, player: int, exclude: Sequence[int] = ()) -> int:
    total = game.players[player].mana_pool.total()
    for s in mana_sources(game, player, exclude):
        most = 0
        for o in s.options:  # (a loop: compiled, max() of a generator is a dear call)
            if len(o) > most:
                most = len(o)
        total += most
    return total


def pay_list_problem(game: GameState, player: int, pay: tuple[Any, ...] | None
                     ) -> tuple[str, str] | None:
    """Why a listed mana source can't help pay (tapped, summoning sick, not yours)."""
    if pay is None or tuple(pay) == ("pool",):
        return None
    for i, oid in enumerate(pay):
        if oid in pay[:i]:
            return (f"{game.name_of(oid) if isinstance(oid, int) else oid} is listed twice: "
                    "a permanent tapped for mana can't be tapped again (107.5)", "601.2h")
        o = game.get(oid) if isinstance(oid, int) else None
        if o is not None and o.zone == Zone.BATTLEFIELD and game.controller(o) != player:
            # only an object's controller activates its (mana) abilities
            return (f"{o.name} isn't a permanent you control: only its controller can "
                    "activate its mana abilities (602.2)", "601.2g")
        if o is None or o.zone != Zone.BATTLEFIELD:
            return (f"{game.name_of(oid) if isinstance(oid, int) else oid} isn't a permanent "
                    "you control", "601.2g")
        if not mana_abilities(game, o):
            return (f"{o.name} has no mana ability", "605.1a")
        if o.tapped:
            return (f"{o.name} is tapped and can't be tapped again to pay a cost (107.5)",
                    "601.2h")
        if summoning_sick(game, o):
            return (f"{o.name} can't be tapped for mana: it hasn't been under your control "
                    "since your most recent turn began (CR 602.5a)", "302.6")
    return None


def plan_payment(game: GameState, player: int, cost: ManaCost, pay: tuple[Any, ...] | None,
                 exclude: Sequence[int] = (), paying: bool = False) -> Payment | None:
    """How ``player`` pays ``cost``: automatic (``pay`` None), pool only, or listed sources.

    Automatic payments are memoised until the next state change (they read the pool and
    the mana sources only; payments are values): listing the casts of several cards with
    the same cost plans it once.  ``paying``: the cost is being paid now; an automatic
    payment then spares the colours the player's other cards still want
    (:func:`_colours_wanted`), which listing the legal actions doesn't need."""
    if pay is not None:
        return _plan_payment(game, player, cost, pay, exclude)
    if paying:
        return _plan_payment(game, player, cost, None, exclude, thrifty=True)
    memo: dict[Any, Payment | None] = game.derived.cached("plan_payment", dict)
    key = (player, cost.generic, cost.symbols, cost.x_count, tuple(exclude))
    hit = memo.get(key, _UNPLANNED)
    if hit is _UNPLANNED:
        hit = memo[key] = _plan_payment(game, player, cost, None, exclude)
    elif game.derived.check:
        game.check_kept(("plan_payment", key), hit,
                        _plan_payment(game, player, cost, None, exclude))
    return hit


def can_pay(game: GameState, player: int, cost: ManaCost) -> bool:
    """Can ``player`` pay ``cost`` (X fixed) automatically: is :func:`plan_payment`'s
    plan not None?  Most costs are answered without planning (:func:`quick_payable`)."""
    quick = quick_payable(cost, game.players[player].mana_pool.amounts,
                          mana_sources(game, player))
    if quick is not None:
        return quick
    return plan_payment(game, player, cost, None) is not None


#: Marks a payment not planned yet (a memoised plan may be None: no way to pay).
_UNPLANNED: Final[Any] = object()


def _plan_payment(game: GameState, player: int, cost: ManaCost, pay: tuple[Any, ...] | None,
                  exclude: Sequence[int], thrifty: bool = False) -> Payment | None:
    pool = game.players[player].mana_pool.units()
    if pay is not None and tuple(pay) == ("pool",):
        return find_payment(cost, pool, ())
    only = None if pay is None else [p for p in pay if isinstance(p, int)]
    sources = mana_sources(game, player, exclude, only)
    return find_payment(cost, pool, sources,
                        keep=_colours_wanted(game, player, sources) if thrifty else None)


def _colours_wanted(game: GameState, player: int, sources: Sequence[ManaSource]
                    ) -> dict[str, float]:
    """How much each colour is still wanted by ``player``'s cards in hand: the coloured
    symbols of their mana costs less the untapped sources of that colour (the colours
    with the largest surplus come first).  Automatic payment pays the generic part with
    the least wanted colours, so that casting one spell doesn't tap the lands the next
    one needs (601.2g-h leave the choice of mana to the player)."""
    need: dict[str, int] = {}
    for oid in game.players[player].hand:
        for sym in game.chars(game.obj(oid)).mana_cost.symbols:
            if len(sym.options) == 1:
                for m in sym.options[0]:
                    if m in "WUBRG":
                        need[m] = need.get(m, 0) + 1
    if not need:
        return {}
    supply = {m: sum(1 for s in sources if any(m in o for o in s.options)) for m in "WUBRG"}
    return {m: float(need.get(m, 0) - n) for m, n in supply.items() if n}


def perform_payment(game: GameState, player: int, cost: ManaCost, payment: Payment,
                    rule: str = "601.2h") -> None:
    """Activate the chosen mana abilities (605.3a), then pay from the pool."""
    pool = game.players[player].mana_pool
    for src, idx, produced in payment.activations:
        o = game.obj(src)
        idx = _ability_producing(game, o, produced, idx)
        ab = activated_abilities(game, o)[idx]
        _pay_nonmana_cost(game, player, o, ab.cost, rule="605.3a")
        for u in produced:
            pool.add(u)
        game.emit_event(ManaChanged("605.3a", say("{who} taps {card} for {mana}",
                                                  "{who} engage {card} pour {mana}",
                                                  who=game.who(player), card=Card(o.id, o.name),
                                                  mana=Raw(produced)), game.turn_number,
                                    player=player, source=src, mana=produced))
    if takes_whole_pool(cost, pool.amounts, pool.size):
        pool.spend(pool.units())  # (what find_payment would find, found without a search)
    else:
        pay = find_payment(cost, pool.units(), ())
        if pay is None:  # pragma: no cover - planned before
            raise AssertionError("payment plan failed")
        pool.spend(pay.from_pool)
    game.changed("mana", player)


def add_mana(game: GameState, player: int, units: Iterable[str]) -> None:
    """An effect adds ``units`` (one mana symbol each, e.g. "RRR") to ``player``'s mana pool
    (CR 106.4): a wide change. The caller reports it (a ``mana`` event or a note); mana
    abilities add their mana in :func:`activate` (605.3b)."""
    pool = game.players[player].mana_pool
    for u in units:
        pool.add(u)
    game.changed()


# ------------------------------------------------------------ costs


def _pay_nonmana_cost(game: GameState, player: int, obj: GameObject | None, cost: Cost,
                      rule: str, x: int = 0) -> None:
    if obj is not None and cost.tap:
        tap(game, obj, rule)
    if obj is not None and cost.untap:
        obj.tapped = False
        game.changed("tapped", game.controller(obj))
    if cost.pay_life:
        from manastack.rules.damage import lose_life
        lose_life(game, player, cost.pay_life, "118.4",
                  why=say("paid as a cost", "payés en tant que coût"))
    for kind, n in cost.remove_counters:
        if obj is not None:
            obj.counters[kind] = obj.counters.get(kind, 0) - n
            game.changed()
    if obj is not None and cost.loyalty is not None:
        cur = obj.counters.get("loyalty", 0)
        obj.counters["loyalty"] = cur + (-x if cost.loyalty_x else cost.loyalty)
        obj.loyalty_activated_turn = game.turn_number
        game.changed()
        game.note("606.4", say("{card}'s loyalty becomes {n}", "La loyauté {card:de} devient {n}",
                               card=Card(obj.id, obj.name), n=obj.counters["loyalty"]))
    if obj is not None and cost.sacrifice_self:
        from manastack.rules.zones import move
        move(game, obj, Zone.GRAVEYARD, "701.15a", verb=_sacrificed(obj))
    if obj is not None and cost.exile_self:
        from manastack.rules.zones import move
        move(game, obj, Zone.EXILE, "406.2",
             verb=say("{card} is exiled as a cost", "{card} est exilé en tant que coût",
                      card=Card(obj.id, obj.name)))


def _sacrificed(obj: GameObject) -> Line:
    """"X is sacrificed" (701.15a)."""
    return say("{card} is sacrificed", "{card} est sacrifié", card=Card(obj.id, obj.name))


def nonmana_cost_problem(game: GameState, player: int, obj: GameObject | None,
                         cost: Cost, rule: str = "602.2b") -> tuple[str, str] | None:
    """Why ``cost``'s non-mana parts can't be paid.  ``rule``: the rule the payment
    falls under, 601.2h for a spell's costs, 602.2b for an activated ability's (which
    applies 601.2h: the message then names 117.3 and 601.2h too)."""
    # 117.3: a cost can't be paid without the resources; 601.2h: unpayable costs can't be
    # paid (602.2b applies it to activated abilities)
    also = "117.3" if rule == "601.2h" else "117.3, 601.2h"
    if obj is not None and obj.zone == Zone.BATTLEFIELD:
        # 107.5 / 107.6: a tapped (untapped) permanent can't pay {T} ({Q}) again
        if cost.tap and obj.tapped:
            return (f"{obj.name} is already tapped (107.5, {also})", rule)
        if cost.untap and not obj.tapped:
            return (f"{obj.name} is already untapped (107.6, {also})", rule)
    bad = _nonmana_cost_problem(game, player, obj, cost, rule)
    if bad is not None and bad[1] == rule:
        return (f"{bad[0]} ({also})", rule)
    return bad


def _nonmana_cost_problem(game: GameState, player: int, obj: GameObject | None,
                          cost: Cost, rule: str) -> tuple[str, str] | None:
    if obj is not None and obj.zone == Zone.BATTLEFIELD and (cost.tap or cost.untap) and \
            summoning_sick(game, obj):
        return (f"{obj.name} hasn't been under your control continuously since your "
                "most recent turn began (summoning sickness, CR 602.5a)", "302.6")
    if cost.pay_life and game.players[player].life < cost.pay_life:
        from manastack.rules.variant import variant_of
        # 118.4a: with a shared life total (Two-Headed Giant) it's the team's total
        shared = any(q != player for q in variant_of(game).shares_totals_with(game, player))
        return (("your team doesn't have enough life to pay" if shared
                 else "you don't have enough life to pay"), "118.4a" if shared else "118.4")
    if cost.pay_life:
        from manastack.rules.damage import team_forbids
        cant = team_forbids(game, "cant_lose_life", player)
        if cant:  # 118.3 / 810.9h: a player who can't lose life can't pay life
            return (f"you can't lose life ({cant[0]}), so you can't pay life", cant[1])
    if obj is not None:
        for kind, n in cost.remove_counters:
            if obj.counters.get(kind, 0) < n:
                return (f"{obj.name} doesn't have {n} {kind} counter(s)", rule)
        if cost.loyalty is not None and cost.loyalty < 0 and not cost.loyalty_x and \
                obj.counters.get("loyalty", 0) < -cost.loyalty:
            return (f"{obj.name} doesn't have enough loyalty", "606.5")
    if cost.discard and len(_discard_candidates(game, player, obj, cost)) < cost.discard:
        what = f"{cost.discard_filter.text} cards" if cost.discard_filter else "cards"
        return (f"you don't have enough {what} to discard", rule)
    if cost.tap_others is not None and len(
            _tap_candidates(game, player, obj, cost)) < cost.tap_count:
        return (f"you control fewer than {cost.tap_count} untapped "
                f"{cost.tap_others.text} to tap", rule)
    if cost.exile_graveyard and len(
            _graveyard_candidates(game, player, obj, cost)) < cost.exile_graveyard:
        return (f"you have fewer than {cost.exile_graveyard} cards to exile from your "
                "graveyard", rule)
    if cost.sacrifice is not None:
        cands = [o for o in game.permanents(player)
                 if cost.sacrifice.test(game, o.id, player, obj.id if obj else None)]
        if len(cands) < cost.sacrifice_count:
            return (f"you control fewer than {cost.sacrifice_count} "
                    f"{cost.sacrifice.text} to sacrifice", rule)
    return None


def _discard_candidates(game: GameState, player: int, obj: GameObject | None,
                        cost: Cost) -> list[int]:
    return [i for i in game.players[player].hand if i != (obj.id if obj else None) and (
        cost.discard_filter is None or cost.discard_filter.test(game, i, player, None))]


def _tap_candidates(game: GameState, player: int, obj: GameObject | None, cost: Cost
                    ) -> list[int]:
    assert cost.tap_others is not None
    skip = obj.id if obj is not None and cost.tap else None  # already tapped for {T}
    return [o.id for o in game.permanents(player) if not o.tapped and o.id != skip
            and cost.tap_others.test(game, o.id, player, obj.id if obj else None)]


def _graveyard_candidates(game: GameState, player: int, obj: GameObject | None,
                          cost: Cost) -> list[int]:
    return [i for i in game.players[player].graveyard if i != (obj.id if obj else None)
            and (cost.exile_filter is None or cost.exile_filter.test(game, i, player, None))]


def _why_not_sacrificed(game: GameState, item: Any) -> str | None:
    """Why a permanent isn't among those a sacrifice cost may take (701.15a)."""
    o = game.get(item) if isinstance(item, int) else None
    if o is None or o.zone != Zone.BATTLEFIELD:
        return "only a permanent can be sacrificed (701.15a)"
    d = game.decision
    if d is not None and game.controller(o) != d.player:
        return "a player can't sacrifice a permanent they don't control (701.15a)"
    return None


def _choice_costs(game: GameState, player: int, obj: GameObject | None, cost: Cost,
                  source_id: int | None, paying_for: int | None = None) -> None:
    """Costs with a choice (sacrifice N, discard N) become decisions paid right away.

    What was sacrificed or discarded is recorded on the spell or ability paid for
    (``ctx.data["sacrificed"]``/``["discarded"]``: last known characteristics)."""
    if cost.sacrifice is not None and cost.sacrifice_count:
        cands = tuple(o.id for o in game.permanents(player)
                      if cost.sacrifice.test(game, o.id, player, source_id))
        game.ask(ChoiceDecision(player, "choose", f"Choose {cost.sacrifice_count} "
                                f"{cost.sacrifice.text} to sacrifice (cost)",
                                (_sacrifice_chosen, (paying_for,)), rule="601.2h",
                                options=cands,
                                min_count=cost.sacrifice_count,
                                max_count=cost.sacrifice_count, purpose="sacrifice",
                                explain=_why_not_sacrificed))
    if cost.discard:
        cands = tuple(_discard_candidates(game, player, obj, cost))
        game.push(_ask_discard_cost, player, cands, cost.discard, paying_for)
    if cost.tap_others is not None and cost.tap_count:
        game.push(_ask_choice_cost, player, tuple(_tap_candidates(game, player, obj, cost)),
                  cost.tap_count, "tap", f"untapped {cost.tap_others.text} to tap",
                  paying_for)
    if cost.exile_graveyard:
        game.push(_ask_choice_cost, player,
                  tuple(_graveyard_candidates(game, player, obj, cost)),
                  cost.exile_graveyard, "exile", "cards to exile from your graveyard",
                  paying_for)


def _ask_choice_cost(game: GameState, player: int, cands: tuple[int, ...], n: int, kind: str,
                     what: str, paying_for: int | None) -> None:
    game.ask(ChoiceDecision(player, "choose", f"Choose {n} {what} (cost)",
                            (_choice_cost_paid, (player, kind, paying_for)), rule="601.2h",
                            options=cands, min_count=n, max_count=n, purpose=kind))


def _choice_cost_paid(game: GameState, action: Any, player: int, kind: str,
                      paying_for: int | None) -> None:
    from manastack.rules.zones import move
    for oid in action.items:
        o = game.obj(oid)
        if kind == "tap":
            tap(game, o, "601.2h", say("cost", "coût"), wide=True)
        else:
            record_cost(game, paying_for, "exiled", game.chars(o))
            move(game, o, Zone.EXILE, "601.2h",
                 verb=say("{card} is exiled from {place} (cost)", "{card} est exilé {place:de} "
                          "(coût)", card=Card(o.id, o.name),
                          place=Place(Zone.GRAVEYARD, game.who(player))))


def record_cost(game: GameState, paying_for: int | None, key: str, value: Any) -> None:
    """Remember what was paid (sacrificed, discarded...) on the spell or ability."""
    o = game.objects.get(paying_for) if paying_for is not None else None
    if isinstance(o, StackAbility):
        o.trigger_data.setdefault(key, []).append(value)
    elif isinstance(o, GameObject):
        o.memory.setdefault("cost_data", {}).setdefault(key, []).append(value)


def _ask_discard_cost(game: GameState, player: int, cands: tuple[int, ...], n: int,
                      paying_for: int | None) -> None:
    game.ask(ChoiceDecision(player, "choose", f"Choose {n} card(s) to discard (cost)",
                            (_discard_chosen, (player, paying_for)), rule="601.2h",
                            options=cands, min_count=n, max_count=n, purpose="discard"))


def _sacrifice_chosen(game: GameState, action: Any, paying_for: int | None) -> None:
    from manastack.rules.zones import move
    for oid in action.items:
        o = game.obj(oid)
        record_cost(game, paying_for, "sacrificed", game.chars(o))
        move(game, o, Zone.GRAVEYARD, "701.15a", verb=_sacrificed(o))


def _discard_chosen(game: GameState, action: Any, player: int, paying_for: int | None) -> None:
    """Discarding as a cost: the player's own spell or ability causes it (701.8a)."""
    from manastack.rules.zones import discard
    for oid in action.items:
        o = game.obj(oid)
        record_cost(game, paying_for, "discarded", game.chars(o))
        discard(game, player, o, "701.8a", cause=player)


# ------------------------------------------------------------ the legality check


#: The target combinations of something with no target: one, choosing nothing.
_NO_TARGETS: Final[tuple[tuple[Ref, ...], ...]] = ((),)


def _target_combos(game: GameState, specs: Sequence[TargetSpec], controller: int,
                   source: int | None, spell: bool = False) -> Iterable[tuple[Ref, ...]]:
    """The legal combinations of targets for ``specs`` (601.2c), at most ``MAX_COMBOS``."""
    if not specs:
        return _NO_TARGETS
    return _target_combos_of(game, specs, controller, source, spell)


def _target_combos_of(game: GameState, specs: Sequence[TargetSpec], controller: int,
                      source: int | None, spell: bool) -> Iterator[tuple[Ref, ...]]:
    from manastack.rules.targeting import legal_targets

    per: list[list[tuple[Ref, ...]]] = []
    for spec in specs:
        opts = legal_targets(game, spec, controller, source, spell=spell)
        choices: list[tuple[Ref, ...]] = []
        for k in range(spec.min_count, min(spec.count, max(len(opts), spec.min_count)) + 1):
            choices.extend(itertools.islice(itertools.combinations(opts, k), MAX_COMBOS))
            if len(choices) >= MAX_COMBOS:
                break  # "up to six targets": the list stays bounded (others stay legal)
        per.append(choices)
    for combo in itertools.islice(itertools.product(*per), MAX_COMBOS):
        yield tuple(r for part in combo for r in part)


def _check_targets(game: GameState, specs: Sequence[TargetSpec], targets: tuple[Ref, ...],
                   controller: int, source: int | None, spell: bool = False
                   ) -> tuple[str, str] | None:
    from manastack.game.abilities import Ctx
    from manastack.rules.targeting import can_target

    need_min = sum(s.min_count for s in specs)
    need_max = sum(s.count for s in specs)
    if not need_min <= len(targets) <= need_max:
        return (f"it needs {need_min if need_min == need_max else f'{need_min}-{need_max}'} "
                f"target(s), {len(targets)} given", "601.2c")
    ctx = Ctx(0, "", controller, targets, tuple(specs), tuple(True for _ in targets))
    for si, (a, b) in enumerate(ctx.spec_slices()):
        chunk = targets[a:b]
        if len(set(chunk)) != len(chunk):
            return ("the same object can't be chosen twice for one \"target\" (CR 601.2c "
                    "example)", "114.3")
        for t in chunk:
            if not isinstance(t, PlayerRef) and t not in game.objects:
                return (f"there is no object #{t}", "114.1")
            why = can_target(game, t, controller, source, spell)
            if why:
                return (f"{game.name_of(t)} can't be targeted: {why}", "114.1")
            if not specs[si].selector.test(game, t, controller, source):
                aura = spell and source is not None and isinstance(
                    src := game.objects.get(source), GameObject) and \
                    "Aura" in game.chars(src).subtypes
                return (f"{game.name_of(t)} isn't a legal choice for {specs[si].text}"
                        + (" (an Aura spell's target is defined by its enchant ability, "
                           "303.4a)" if aura else ""), "601.2c")
    return None


def spell_specs(sp: SpellAbility | None, modes: tuple[int, ...]) -> tuple[TargetSpec, ...]:
    if sp is None:
        return ()
    if sp.modes:
        out: list[TargetSpec] = []
        for m in modes:
            out.extend(sp.modes[m][2])
        return tuple(out)
    return sp.targets


def total_cost(game: GameState, obj: GameObject, x: int, modes: tuple[int, ...] = (),
               targets: Sequence[Ref] = (), *, alt: str = "") -> ManaCost:
    """CR 601.2f: mana cost (X fixed) or the alternative cost ``alt`` (117.9: its mana
    part; nothing "without paying its mana cost"), plus additional costs (entwine,
    702.41a), increases (some depend on the chosen ``targets``) and reductions (117.9d:
    they apply to an alternative cost too).  X that may be paid only with one type of
    mana becomes that many symbols of that type (106.6, 107.3)."""
    sp = obj.card.spell
    if alt == FREE:
        base = ManaCost()
    elif alt:
        ac = alternative_cost(obj, alt)
        assert ac is not None
        base = ac.cost.mana
    else:
        base = game.chars(obj).mana_cost
    if sp is not None and sp.x_mana and base.x_count:
        only = ManaSymbol("{" + sp.x_mana + "}", ((sp.x_mana,),))
        mc = base.with_x(0).plus(0, (only,) * (x * base.x_count))
    else:
        mc = base.with_x(x)
    if sp is not None and sp.extra_target_cost and len(targets) > 1:
        mc = mc.plus(sp.extra_target_cost * (len(targets) - 1))
    if sp is not None and sp.additional_cost is not None:
        mc = mc.plus(sp.additional_cost.mana.generic, sp.additional_cost.mana.symbols)
    if sp is not None and sp.entwine is not None and sp.modes and \
            len(set(modes)) == len(sp.modes) > 1:
        mc = mc.plus(sp.entwine.mana.generic, sp.entwine.mana.symbols)
    if game.command:
        from manastack.rules.variant import variant_of
        extra = variant_of(game).additional_cost(game, obj)  # commander tax (903.8)
        if extra:
            mc = mc.plus(extra)
    # 601.2f: all increases are added, then all reductions subtracted (the generic part
    # can't go below 0 only at the end: a reduction seen before an increase still counts)
    up, down = cost_changes(game, obj)
    if up:
        mc = mc.plus(up)
    if down:
        mc = mc.plus(down)
    return mc


def cost_changes(game: GameState, obj: GameObject) -> tuple[int, int]:
    """The generic cost increases (>= 0) and reductions (<= 0) that apply to casting
    ``obj`` (601.2f: "[spells] cost {N} more/less to cast")."""
    up = down = 0
    for src, ab in hooks(game, "cost_change"):
        if ab.check is not None:
            delta = ab.check(game, src, obj)
            if delta > 0:
                up += delta
            elif delta < 0:
                down += delta
    return up, down


def problem(game: GameState, player: int, action: Action) -> tuple[str, str] | None:
    """(message, rule) if ``action`` is illegal for ``player`` holding priority, else None."""
    if isinstance(action, Pass):
        return None
    if isinstance(action, PlayLand):
        return _land_problem(game, player, action)
    if isinstance(action, Cast):
        return _cast_problem(game, player, action)
    if isinstance(action, Activate):
        return _activate_problem(game, player, action)
    if isinstance(action, Special):
        from manastack.rules.variant import variant_of
        return variant_of(game).special_action_problem(game, player, action)
    return (f"{action} can't be done while holding priority", "116.1")


def land_plays(game: GameState, player: int) -> int:
    """Lands ``player`` may play this turn: one, plus additional land plays (305.2)."""
    n = game.players[player].land_plays
    for src, ab in hooks(game, "additional_land"):
        if ab.check is None or ab.check(game, src, player):
            n += 1
    return n


def _land_problem(game: GameState, player: int, a: PlayLand) -> tuple[str, str] | None:
    o = game.get(a.card)
    p = game.players[player]
    if o is None or a.card not in p.hand:
        return ("that land isn't in your hand", "305.1")
    if not game.chars(o).is_land:
        return (f"{o.name} isn't a land", "305.1")
    if game.active_player != player and not game.is_active(player):  # 805.4c
        return ("you can't play a land during another player's turn", "305.3")
    why = sorcery_timing(game, player)
    if why:
        return (f"you can't play a land now: {why} (115.2a, 116.1c)", "305.1")
    if p.lands_played >= land_plays(game, player):
        return ("you have already played a land this turn (305.2a, 115.2a)", "305.2b")
    return None


def _instant_speed(game: GameState, player: int, o: GameObject, c: Characteristics,
                   hooked: bool = True) -> bool:
    """May this spell be cast any time its caster could cast an instant?  Instants, spells
    with flash (702.8a), and spells a permission lets be cast "as though they had flash"
    (Leyline of Anticipation; the ``cast_as_though_flash`` hook, looked at only if
    ``hooked``: the caller knows whether one may exist)."""
    if "Instant" in c.types or "flash" in c.keywords:
        return True
    return hooked and forbids(game, "cast_as_though_flash", player, o) is not None


#: ``Cast.alt`` for "cast it without paying its mana cost" (117.9), allowed by effects only.
FREE: Final = "free"


def alternative_cost(obj: GameObject, name: str) -> AlternativeCost | None:
    """The card's alternative cost called ``name`` (117.9), if it has one."""
    sp = obj.card.spell
    for ac in sp.alternative_costs if sp is not None else ():
        if ac.name == name:
            return ac
    return None


def castable_from(game: GameState, player: int, o: GameObject) -> bool:
    """May ``player`` begin to cast ``o`` from where it is (601.2a, 601.3)?  From their
    hand; from the top of their library when a permission says so (Garruk's Horde: the
    ``cast_from_library_top`` hook, check(game, source, player, card))."""
    if o.owner != player:
        return False
    if o.zone == Zone.HAND:
        return True
    if o.zone == Zone.LIBRARY:
        lib = game.players[player].library
        if lib and lib[-1] == o.id:
            from manastack.rules.static import forbids
            return forbids(game, "cast_from_library_top", player, o) is not None
    return False


def _cast_problem(game: GameState, player: int, a: Cast, resolving: int | None = None,
                  free: bool = False) -> tuple[str, str] | None:
    """Why ``a`` is illegal.  ``resolving``: the card an effect of a resolving spell or
    ability lets ``player`` cast now (101.1, 601.3: the card-type timing rules don't apply
    then); ``free``: that effect casts it without paying its mana cost (117.9)."""
    o = game.get(a.card)
    if resolving is not None:
        if o is None or a.card != resolving:
            return ("only the card the effect names can be cast now", "601.3")
    elif o is None or not castable_from(game, player, o) and not _may_cast_from(
            game, player, o):
        from manastack.rules.variant import variant_of
        return ((variant_of(game).cast_problem(game, player, o) if o is not None else None)
                or ("you can only cast a spell from your hand, unless a rule or effect "
                    "allows casting it from elsewhere (601.3)", "601.2a"))
    c = game.chars(o)
    if c.is_land:
        return (f"{o.name} is a land: lands are played (a special action), never cast "
                "(305.9)", "305.1")
    sp = o.card.spell
    if resolving is None and not _instant_speed(game, player, o, c):
        why = sorcery_timing(game, player)
        if why:
            return (f"you can't cast {o.name} now: {why} (116.1a)", _type_rule(c.types))
    if sp is not None and sp.timing is not None and not sp.timing(game, player):
        # the card's own restriction ("cast only during combat") applies even when an
        # effect lets it be cast during a resolution; only the card-type timing doesn't
        if sp.timing_why is not None:
            why, rule = sp.timing_why(game, player)
            return (f"you can't cast {o.name} now: {why}", rule)
        return (f"you can't cast {o.name} now", sp.timing_rule or "601.3")
    alt_cost: Cost | None = None
    if a.alt == FREE:
        if not free:
            return (f"no effect lets you cast {o.name} without paying its mana cost",
                    "117.9")
    elif a.alt:
        ac = alternative_cost(o, a.alt)
        if ac is None:
            return (f"{o.name} has no alternative cost named {a.alt!r} (601.2b)", "117.9")
        if free:
            return ("only one alternative cost can be applied to a spell: it is already "
                    "cast without paying its mana cost", "117.9a")
        alt_cost = ac.cost
    elif free:
        return (f"the effect casts {o.name} without paying its mana cost (answer with "
                f"alt={FREE!r})", "117.9")
    if a.x and (a.alt == FREE or (alt_cost is not None and not alt_cost.mana.x_count)):
        return ("X must be 0: neither the mana cost nor an alternative cost with X is paid",
                "107.3b")
    from manastack.rules.static import forbids
    src = forbids(game, "cant_cast", player, o)
    if src:
        return (f"you can't cast {o.name} ({src})", "101.2")
    if sp is not None and sp.modes:
        all_modes = sp.entwine is not None and sorted(a.modes) == list(range(len(sp.modes)))
        if not all_modes:
            # 601.2b: the modes are announced as the spell is cast; only modes it has
            # (700.2a), as many as it says, none twice (700.2d)
            bad_mode = next((m for m in a.modes if not 0 <= m < len(sp.modes)), None)
            if bad_mode is not None:
                return (f"{o.name} has no mode {bad_mode + 1} (700.2a)", "601.2b")
            if len(set(a.modes)) != len(a.modes):
                return (f"the same mode of {o.name} can't be chosen more than once "
                        "(700.2d)", "601.2b")
            if len(a.modes) != sp.mode_count:
                return (f"choose {sp.mode_count} mode(s) of {o.name}"
                        + (" (or all of them, paying the entwine cost)" if sp.entwine
                           else "") + " (700.2a)", "601.2b")
    elif a.modes:
        return (f"{o.name} has no modes (700.2)", "601.2b")
    has_x = c.mana_cost.x_count > 0 or (sp is not None and sp.has_x)
    if a.x and not has_x:
        return (f"{o.name} has no X", "601.2b")
    if a.x < 0:
        return ("X can't be negative", "107.1b")
    specs = spell_specs(sp, a.modes)
    bad = _check_targets(game, specs, a.targets, player, o.id, spell=True)
    if bad:
        return bad
    if alt_cost is not None:
        bad = nonmana_cost_problem(game, player, o, alt_cost, "601.2h")
        if bad:
            return bad
    if sp is not None and sp.additional_cost is not None:
        bad = nonmana_cost_problem(game, player, o, sp.additional_cost, "601.2h")
        if bad:
            return bad
    cost = total_cost(game, o, a.x, a.modes, a.targets, alt=a.alt)
    bad = pay_list_problem(game, player, a.pay)
    if bad:
        return bad
    if plan_payment(game, player, cost, a.pay) is None:
        return _unpayable(game, player, f"you can't pay {cost} for {o.name}")
    return None


def _may_cast_from(game: GameState, player: int, o: GameObject) -> bool:
    """A permission to cast ``o`` from outside the hand (a commander, 903.8)."""
    if not game.command:
        return False
    from manastack.rules.variant import variant_of
    return o.id in variant_of(game).castable_objects(game, player)


def _activate_problem(game: GameState, player: int, a: Activate) -> tuple[str, str] | None:
    o = game.get(a.source)
    if o is None:
        return ("there is no such object", "602.2")
    if o.zone == Zone.BATTLEFIELD:
        if game.controller(o) != player:
            # only an Aura's / Equipment's controller activates its abilities, whoever
            # controls what it is attached to (303.4e, 301.5d)
            sub = game.chars(o).subtypes
            extra = " (303.4e)" if "Aura" in sub else " (301.5d)" if "Equipment" in sub else ""
            return (f"you don't control {o.name}{extra}", "602.2")
        if o.phased_out:
            return (f"{o.name} is phased out", "702.25b")
    elif o.zone == Zone.COMMAND:  # schemes, planes, vanguards (901.7, 902.7, 904.8)
        if o.face_down or game.controller(o) != player:
            return (f"you don't control {o.name}", "602.2")
    elif o.owner != player or o.zone not in (Zone.HAND, Zone.GRAVEYARD):
        return (f"{o.name}'s abilities can't be activated from {o.zone}", "602.2")
    abilities = activated_abilities(game, o)
    if not 0 <= a.ability < len(abilities):
        return (f"{o.name} has no activated ability {a.ability + 1}", "602.2")
    ab = abilities[a.ability]
    if o.zone not in ab.zones:
        # 112.6k: an ability that moves its own object out of a zone (Reassembling
        # Skeleton, Magma Phoenix: the pool's abilities that work only outside the
        # battlefield) functions only in that zone; otherwise the general 112.6
        rule = "112.6k" if Zone.BATTLEFIELD not in ab.zones else "112.6"
        return (f"{o.name}'s ability can't be activated from {o.zone}", rule)
    if ab.mana is None:
        if a.mana is not None:
            return (f"{o.name}'s ability isn't a mana ability: there is no mana to choose",
                    "605.1a")
    else:
        if a.mana is not None and a.mana not in ab.mana.options:
            return (f"{o.name} can't produce {a.mana}", "605.1a")
        if a.targets:
            return ("mana abilities don't target", "605.1a")
    if a.x < 0:
        return ("X can't be negative", "107.1b")
    if a.x and not (ab.cost.mana.x_count or ab.cost.loyalty_x or ab.has_x):
        # 602.2b applies 601.2b: a value is announced only for an X the ability has
        return (f"{o.name}'s ability has no X (601.2b)", "602.2b")
    if ab.is_loyalty or ab.sorcery_speed:
        why = sorcery_timing(game, player)
        if why:
            return (f"this ability can be activated only any time you could cast a sorcery: "
                    f"{why} ({_sorcery_speed_rules(ab)})",
                    "606.3" if ab.is_loyalty else "602.5d")
    if ab.is_loyalty and o.loyalty_activated_turn == game.turn_number:
        return (f"a loyalty ability of {o.name} was already activated this turn", "606.3")
    if ab.once_per_turn and any(o.memory.get(f"activated_{i}") == game.turn_number
                                for i in next(r for r in printed_abilities(abilities)
                                              if a.ability in r)):
        return ("this ability can be activated only once each turn"
                + (", whichever mode is chosen" if ab.mode else ""), "602.5b")
    if ab.condition is not None and not ab.condition(game, o):
        return (f"you can't activate that now: {ab.condition_text}", "602.5")
    from manastack.rules.static import forbids
    src = forbids(game, "cant_activate", player, o, ab)
    if src:
        # 602.5: an ability prohibited from being activated (Arachnus Web, Ice Cage); the
        # "can't" wins over the permission to activate it (101.2)
        return (f"{o.name}'s ability can't be activated ({src}, 101.2)", "602.5")
    bad = nonmana_cost_problem(game, player, o, ab.cost)
    if bad:
        return bad
    if ab.cost.loyalty_x and a.x > o.counters.get("loyalty", 0):
        return (f"X can't be more than {o.name}'s loyalty "
                f"({o.counters.get('loyalty', 0)})", "606.5")
    bad = _check_targets(game, ab.targets, a.targets, player, o.id)
    if bad:
        return bad
    cost = ab.cost.mana.with_x(0 if ab.cost.loyalty_x else a.x)
    bad = pay_list_problem(game, player, a.pay)
    if bad:
        return bad
    exclude = [o.id] if ab.cost.tap or ab.cost.sacrifice_self else []
    if not cost.is_empty() and plan_payment(game, player, cost, a.pay, exclude) is None:
        # 602.2b: an activation cost is paid as a spell's cost is (601.2h)
        return _unpayable(game, player, f"you can't pay {cost} (117.3, 602.2b)")
    return None


def check_priority_action(game: GameState, player: int, action: Action) -> None:
    bad = problem(game, player, action)
    if bad:
        raise IllegalAction(bad[0], bad[1])


# ------------------------------------------------------------ enumeration


#: The narrow kinds of change the legal actions read (not "combat": see NARROW_CHANGES).
_ACTIONS_READ: Final = frozenset({"tapped", "mana", "hidden", "turn"})
#: _ACTIONS_READ as one player's list reads it, by seat: that player's own part of the
#: kinds of PLAYER_KINDS (the tapped status of their permanents, their pool, their library
#: and hand), and the turn (any turn: "once each turn", loyalty abilities; a plain list,
#: :func:`_plain_now`, only their own turns, 302.6), and for a list that isn't plain,
#: damage and life totals (a cost paid with life, 118.4).  Anything more it reads is
#: declared: the targets' restrictions and the characteristics (general kinds); a list
#: that may read more (an ability's condition, a rule hook) reads every kind (the dynamic
#: lists).
_PLAYER_ACTIONS_READ: Final[list[tuple[frozenset[str], frozenset[str]]]] = []
#: What a list derived after a mana ability (:func:`_after_mana_shift`) must not have read.
_SHIFT_READS: Final = frozenset({"tapped", "mana"})
#: Sets of narrow kinds read -> whether they are disjoint from _SHIFT_READS (made once per
#: distinct set: iterating a frozenset costs more than a lookup of it).
_SHIFT_FREE: Final[dict[frozenset[str], bool]] = {}
_TAPPED_READ: Final = frozenset({"tapped"})
#: No narrow kind read (one set for all).
_NO_READS: Final[frozenset[str]] = frozenset()


def _shift_free(reads: frozenset[str]) -> bool:
    """Does ``reads`` hold neither "tapped" nor "mana" (:data:`_SHIFT_READS`)?"""
    hit = _SHIFT_FREE.get(reads)
    if hit is None:
        hit = _SHIFT_FREE[reads] = disjoint(reads, _SHIFT_READS)
    return hit


def _actions_read(player: int, plain: bool) -> frozenset[str]:
    """:data:`_ACTIONS_READ` for ``player``'s own list, plain or not (made once per seat)."""
    while len(_PLAYER_ACTIONS_READ) <= player:
        p = len(_PLAYER_ACTIONS_READ)
        own = frozenset(player_kind(k, p) if k in PLAYER_KINDS else k for k in _ACTIONS_READ)
        _PLAYER_ACTIONS_READ.append((own, own | {"turn", "damage"}))
    return _PLAYER_ACTIONS_READ[player][0 if plain else 1]


def listed_priority_actions(game: GameState, player: int) -> list[Action]:
    """:func:`priority_actions`, memoised (don't modify the list); in check mode
    (``GameState.check_memos``) compared with a fresh listing."""
    actions = _kept_priority_actions(game, player)
    if game.derived.check:
        game.check_kept(f"{game.players[player].name}'s legal actions", actions,
                        _priority_actions(game, player, sorcery_timing_ok(game, player))[0])
    return actions


def _kept_priority_actions(game: GameState, player: int) -> list[Action]:
    """:func:`priority_actions`, memoised.

    Players often get priority in several steps with nothing changed in between, or only
    a combat phase begun or ended: the list is the same then, unless it read something
    that may depend on the step (a card's own timing, an ability's condition, a rule
    hook, a variant's permission) or a target restriction reading combat ("creature
    defending player controls"); besides the state, it depends only on whether the
    player could cast a sorcery now (the key).  A plain list (:func:`_plain_now`) is
    also kept across wide changes that concern other players' objects only (a land they
    play, a spell they cast) or no player's list (counters damage puts or removes), and at
    instant speed across the player's drawing cards it doesn't list
    (:func:`_only_drawn_since`)."""
    sorcery_ok = sorcery_timing_ok(game, player)
    key = _priority_key(player, sorcery_ok)
    hit: _KeptActions | None = game.derived.recall(game, key)
    if hit is not None and (hit[0] is None or hit[0] == _step_key(game)):
        return hit[1]
    kept = game.derived.kept.get(key)
    if game.derived.mana_shift is not None:
        shifted = _after_mana_shift(game, key, player)
        if shifted is not None:
            # derived from a plain list, it is plain (it read the same)
            assert kept is not None
            game.derived.remember(game, key, shifted[1], (None, shifted[0], True, kept[3][3] and (
                game.wide_shared, game.wide_own[player]), kept[3][4]))
            return shifted[0]
    if kept is not None:
        value: _KeptActions = kept[3]
        stamp = value[3]
        if stamp is not None and stamp[0] == game.wide_shared and \
                stamp[1] == game.wide_own[player] and _plain_now(game):
            # only wide changes that don't concern this player's plain list since (and
            # cards drawn that it doesn't list)
            hand = value[4]
            reads = kept[2]
            same = game.narrow_unchanged_since(kept[0], reads)
            if not same and not game.players[player].mana_pool.size and \
                    not _any_cast(value[1]):
                # their pool emptied since (500.4), or was spent: with no more mana than
                # then, still nothing to cast (mana abilities, lands and passing don't
                # depend on the pool)
                reads = _without_own(reads, "mana", player)
                same = game.narrow_unchanged_since(kept[0], reads)
            if not same and _only_drawn_since(game, player, kept[0], reads, hand):
                same, hand = True, tuple(game.players[player].hand)
            if same:
                game.derived.remember(game, key, kept[2], (
                    None, value[1], value[2] and _shift_free(game.derived.view_reads),
                    (stamp[0], stamp[1]), hand))
                return value[1]
    actions, dynamic, reads, plain = _priority_actions(game, player, sorcery_ok)
    # a list that may depend on the step stays valid for this step and state only
    if dynamic:
        game.derived.remember(game, key, NARROW_CHANGES,
                              (_step_key(game), actions, False, None, None))
    else:
        plain = plain and _plain_now(game)
        game.derived.remember(game, key, union(_actions_read(player, plain), reads), (
            None, actions, _shift_free(reads) and _shift_free(game.derived.view_reads),
            (game.wide_shared, game.wide_own[player]) if plain else None,
            tuple(game.players[player].hand) if plain and not sorcery_ok else None))
    return actions


def _only_drawn_since(game: GameState, player: int, version: int, reads: frozenset[str],
                      hand_then: tuple[int, ...] | None) -> bool:
    """Since ``player``'s plain list of legal actions at instant speed was made (at
    ``version``, reading ``reads``; ``hand_then``, their hand then), have they only drawn
    cards it wouldn't list, of what it read?

    Of the narrow kinds it read, only their own hidden zones changed (a card moved between
    their library and their hand), their hand then is still there, in order, and the
    cards after it are lands or neither instants nor cards with flash, without a
    characteristic-defining ability: cards a plain list doesn't list at instant speed
    (305.1, 307.1, 702.8a; no rule hook may give a card flash while a list is plain).  A plain list reads nothing else of the hand, and
    nothing of the library."""
    if hand_then is None or not game.narrow_unchanged_since(
            version, _without_own(reads, "hidden", player)):
        return False
    hand = game.players[player].hand
    n = len(hand_then)
    if len(hand) < n or tuple(hand[:n]) != hand_then:
        return False
    objects = game.objects
    for oid in hand[n:]:
        o = objects[oid]
        assert isinstance(o, GameObject)
        if o.card.cda is not None:
            return False  # (it would make the list not plain)
        c = game.chars(o)
        if "Land" not in c.types and ("Instant" in c.types or "flash" in c.keywords):
            return False
    return True


#: (Narrow kinds read, kind, seat) -> those kinds but the seat's own part of that kind (made
#: once each).
_WITHOUT_OWN: Final[dict[tuple[frozenset[str], str, int], frozenset[str]]] = {}


def _without_own(reads: frozenset[str], kind: str, player: int) -> frozenset[str]:
    """``reads`` without ``player``'s own part of ``kind`` (one of
    :data:`~manastack.game.objects.PLAYER_KINDS`: "hidden:0", "mana:1"...)."""
    got = _WITHOUT_OWN.get((reads, kind, player))
    if got is None:
        if len(_WITHOUT_OWN) > 1024:
            _WITHOUT_OWN.clear()
        got = _WITHOUT_OWN[reads, kind, player] = reads - {player_kind(kind, player)}
    return got


def _any_cast(actions: list[Action]) -> bool:
    """Is a spell cast among ``actions`` (what a list offers that its player's pool may
    pay for, 601.2g-h)?"""
    for a in actions:
        if type(a) is Cast:
            return True
    return False


#: A kept list of legal actions: (the step it is valid for, or None: any step; the actions;
#: whether a list after a mana ability may be derived from it, _after_mana_shift; for a
#: plain list, the counts of wide changes concerning anyone and this player when it was
#: made, ``Game.wide_shared`` and ``Game.wide_own``, else None: :func:`_plain_now`; for a
#: plain list at instant speed, the player's hand it is valid for, else None:
#: :func:`_only_drawn_since`).
_KeptActions = tuple["tuple[int, int, str] | None", "list[Action]", bool,
                     "tuple[int, int] | None", "tuple[int, ...] | None"]
#: The keys under which the legal actions are kept, by player and sorcery timing.
_PRIORITY_KEYS: Final[list[str]] = []


def _plain_now(game: GameState) -> bool:
    """May plain lists of legal actions be kept across wide changes that concern other
    players only?  Not while a rule hook, a rule effect, a command-zone object or a
    continuous effect exists (one may make a player's list depend on another's objects).

    A list is plain when it considered only lands, spells without targets, modes, X, own
    timing or costs other than their mana cost (and without a characteristic-defining
    ability), and permanents' common "{T}: Add ..." abilities of fixed amount
    (:func:`_priority_actions`).  It reads then only the player's own hand, land plays
    (305.2), mana pool, graveyard and permanents (their abilities, tapped status and
    summoning sickness, 302.6), what ``Game.changed(only=...)`` is told of."""
    return not game.rule_effects and not game.command and not game.effects and \
        not game.derived.ability_index(game)[2]


#: Whether :func:`_priority_actions` lists a card's casts from its mana cost alone, by card
#: definition (:func:`~manastack.game.objects.card_test`).
_PLAIN_CARDS: Final[dict[Any, bool]] = {}


def _plain_card(card: Any) -> bool:
    """Is ``card`` cast with no choice but its mana cost: no target, mode, X, additional
    or alternative cost, own timing rule or characteristic-defining ability?"""
    return card_test(_PLAIN_CARDS, card, _cast_by_mana_cost_alone)


def _cast_by_mana_cost_alone(card: Any) -> bool:
    sp = card.spell
    return card.cda is None and (sp is None or (
        not sp.targets and not sp.modes and not sp.has_x and sp.timing is None
        and sp.additional_cost is None and sp.entwine is None
        and not sp.extra_target_cost and sp.x_mana is None and not sp.alternative_costs))


def _priority_key(player: int, sorcery_ok: bool) -> str:
    """``"priority_actions:{player}:{sorcery_ok}"``, made once (a string: its hash is kept,
    and a kept list is found by identity, without comparing keys)."""
    i = 2 * player + sorcery_ok
    while len(_PRIORITY_KEYS) <= i:
        n = len(_PRIORITY_KEYS)
        _PRIORITY_KEYS.append(f"priority_actions:{n // 2}:{n % 2 == 1}")
    return _PRIORITY_KEYS[i]


def _step_key(game: GameState) -> tuple[int, int, str] | None:
    """The current step, as a step-dependent legal list is kept for (turn, phase, step)."""
    st = game.step
    return (game.turn_number, st.phase_id, st.name) if st is not None else None


def _after_mana_shift(game: GameState, key: Any, player: int
                      ) -> tuple[list[Action], frozenset[str]] | None:
    """The legal actions right after ``player`` activated the only ability of a permanent,
    a mana ability costing only {T} with one fixed mana option, if nothing else happened
    since they were listed: those listed before it but that ability.  The pool now holds
    the mana the permanent offered as a source, so every cost payable before is payable
    now and no other (605.3b: mana abilities don't use the stack; 601.2g-h).  Returned
    with the narrow kinds of change that list read (the new one reads the same).

    Not when the list read tapped permanents or mana pools other than through the
    sources of mana: a target restriction ("target tapped creature": the permanent just
    tapped may now be one), a cost tapping other permanents (602.2b), or
    characteristics that depend on them."""
    shift = game.derived.mana_shift
    if shift is None or shift[0] != player or shift[2] != game.version or \
            not _shift_free(game.derived.view_reads):
        return None
    kept = game.derived.kept.get(key)
    if kept is None or kept[0] != shift[1] or kept[1] != game.wide_version:
        return None
    value: _KeptActions = kept[3]
    if value[0] is not None or not value[2]:
        return None
    source = shift[3]
    return [a for a in value[1] if not (isinstance(a, Activate) and a.source == source)], \
        kept[2]  # what the list it comes from read


#: Passing priority (actions are values: one instance serves every list).
_PASS: Final = Pass()
#: Card id -> PlayLand(id) and Cast(id) (no target, X, mode or alternative cost), made
#: once: actions are values, equal for every game (an id is just a number).
_PLAY_LANDS: Final[dict[int, PlayLand]] = {}
_PLAIN_CASTS: Final[dict[int, Cast]] = {}
_A = TypeVar("_A", PlayLand, Cast)


def forget_made_actions() -> None:
    """Make every action anew from now on: one that was made once and shared was changed
    behind the engine's back (:meth:`PriorityDecision.lists`)."""
    _PLAY_LANDS.clear()
    _PLAIN_CASTS.clear()
    _MANA_ACTIONS.clear()


def _made_once(made: dict[int, _A], kind: Callable[[int], _A], card: int) -> _A:
    """``kind(card)`` (an action naming only a card), made once and kept in ``made``."""
    a = made.get(card)
    if a is None:
        if len(made) > 4096:
            made.clear()
        a = made[card] = kind(card)
    return a


def priority_actions(game: GameState, player: int) -> list[Action]:
    """Every legal action for ``player`` holding priority (automatic payment)."""
    return _priority_actions(game, player)[0]


def _target_reads(specs: Sequence[TargetSpec]) -> frozenset[str]:
    """The narrow kinds of state change the target restrictions ``specs`` read."""
    reads: frozenset[str] = frozenset()
    for spec in specs:
        reads = union(reads, spec.selector.reads)
    return reads


#: Spell ability -> what the target restrictions of all its modes read (:func:`card_test`:
#: abilities are immutable and compared by identity).
_SPELL_READS: Final[dict[Any, frozenset[str]]] = {}


def _spell_target_reads(sp: SpellAbility) -> frozenset[str]:
    """:func:`_target_reads` of the targets of every mode of ``sp``, memoised."""
    return card_test(_SPELL_READS, sp, _all_modes_reads)


def _all_modes_reads(sp: SpellAbility) -> frozenset[str]:
    return _target_reads(spell_specs(sp, tuple(range(len(sp.modes)))))


def _priority_actions(game: GameState, player: int, sorcery_ok: bool | None = None
                      ) -> tuple[list[Action], bool, frozenset[str], bool]:
    """:func:`priority_actions`; whether the list may depend on the step (beyond the
    sorcery timing) or on anything else a state change doesn't cover; the narrow kinds of
    change the target restrictions looked at read; and whether the list is plain (it
    depends only on what :func:`_plain_now` lists).  ``sorcery_ok``: the value of
    :func:`sorcery_timing_ok` now, if the caller knows it."""
    out: list[Action] = [_PASS]
    reads = _NO_READS
    p = game.players[player]
    if sorcery_ok is None:
        sorcery_ok = sorcery_timing_ok(game, player)
    land_ok = sorcery_ok
    avail: int | None = None
    cards = list(p.hand)
    # permissions and restrictions (rule hooks) are rare: look for them once
    any_hook = bool(game.rule_effects) or game.derived.hooks_may_exist(game)
    dynamic = any_hook or bool(game.command)
    plain = not dynamic
    if p.library and any_hook and _hooked(game, "cast_from_library_top") and castable_from(
            game, player, game.obj(p.library[-1])):
        cards.append(p.library[-1])  # Garruk's Horde: the top card of the library
    variant = None
    if game.command:
        from manastack.rules.variant import variant_of
        variant = variant_of(game)
        cards += variant.castable_objects(game, player)  # e.g. a commander (903.8)
    may_play_land: bool | None = None
    flash_hooked = any_hook and _hooked(game, "cast_as_though_flash")
    cant_cast_hooked = any_hook and _hooked(game, "cant_cast")
    # 601.2f: a cost reduction may make a spell cost less than its mana value
    reduced = any_hook and bool(hooks(game, "cost_change"))
    objects = game.objects
    for oid in cards:
        o = objects[oid]
        assert isinstance(o, GameObject)
        c = game.chars(o)
        if o.card.cda is not None:
            plain = False
        if "Land" in c.types:
            if o.zone == Zone.HAND and land_ok:
                if may_play_land is None:
                    may_play_land = p.lands_played < land_plays(game, player)
                if may_play_land:
                    out.append(_made_once(_PLAY_LANDS, PlayLand, oid))
            continue
        if not sorcery_ok and "Instant" not in c.types and "flash" not in c.keywords and \
                not (flash_hooked and _instant_speed(game, player, o, c)):
            continue  # 307.1 etc.: sorcery timing (_instant_speed's tests, inline)
        sp = o.card.spell
        if sp is not None and sp.timing is not None:
            dynamic = True
            if not sp.timing(game, player):
                continue
        if cant_cast_hooked and forbids(game, "cant_cast", player, o):
            continue
        if sp is not None:
            reads = union(reads, _spell_target_reads(sp))
        if avail is None:
            avail = available_mana(game, player)
        if reduced or _mana_value(c.mana_cost) <= avail:
            if plain and (c.mana_cost.x_count or not _plain_card(o.card)):
                plain = False
            out.extend(_cast_variants(game, player, o, avail))
        for ac in sp.alternative_costs if sp is not None else ():
            plain = False
            out.extend(_cast_variants(game, player, o, avail, ac.name))
    may_forbid = any_hook and _hooked(game, "cant_activate")  # Pithing Needle...
    plan_key = (seat_name(_PLAN_KEYS, "activation_plan:", player), game.turn_number)
    # (kept for a turn: the plan reads it)
    kept_plan: list[tuple[GameObject, _PlanPart]] | None = game.derived.wide_get(plan_key)
    if kept_plan is None:
        kept_plan = game.derived.wide_put(plan_key, _activation_plan(game, player))
    for o, part in kept_plan:
        for i, ab, ready in part:
            if ready is not None:  # the common "{T}: Add ...", not summoning sick
                if plain and ab.mana is not None and ab.mana.amount is not None:
                    plain = False  # a variable amount (a mana source reading more)
                if not o.tapped and not (may_forbid and _forbidden(game, player, o, ab)):
                    out.extend(ready)
                continue
            plain = False
            if ab.condition is not None:
                dynamic = True
            reads = union(reads, _target_reads(ab.targets))
            if ab.cost.tap_others is not None:
                # "tap N untapped [creatures] you control" (602.2b)
                reads = union(reads, _TAPPED_READ)
            if ab.mana is not None:
                if o.tapped and ab.cost.tap:
                    continue
                if _simple_mana(ab):
                    # all its conditions are checked here
                    if summoning_sick(game, o) or (ab.condition is not None and not
                                                   ab.condition(game, o)) or \
                            (may_forbid and _forbidden(game, player, o, ab)):
                        continue
                    out.extend(_mana_actions(o, i, ab))
                    continue
                for m in ab.mana.options:
                    act = Activate(o.id, i, mana=m if len(ab.mana.options) > 1 else None)
                    if problem(game, player, act) is None:
                        out.append(act)
                    if len(ab.mana.options) == 1:
                        break
                continue
            if ab.cost.tap and o.tapped:
                continue
            xs = [0]
            if ab.cost.loyalty_x:
                xs = list(range(0, o.counters.get("loyalty", 0) + 1))
            elif ab.has_x or ab.cost.mana.x_count:
                if avail is None:
                    avail = available_mana(game, player)
                xs = list(range(0, max(0, avail - ab.cost.mana.mana_value) + 1))
            combos = list(_target_combos(game, ab.targets, player, o.id))
            if not combos:
                continue
            ok_x = [x for x in xs if problem(game, player, Activate(o.id, i, combos[0], x))
                    is None]
            for targets in combos:
                for x in ok_x:
                    out.append(Activate(o.id, i, targets, x))
    if variant is not None:
        out.extend(variant.special_actions(game, player))  # 115.2g (planar die, 901.9)
    return out, dynamic, reads, plain and not dynamic


#: id(mana cost) -> (the cost, its mana value); costs are immutable (and kept alive here).
_MANA_VALUES: Final[dict[int, tuple[ManaCost, int]]] = {}


def _mana_value(cost: ManaCost) -> int:
    """``cost.mana_value`` (202.3), memoised per cost object."""
    hit = _MANA_VALUES.get(id(cost))
    if hit is None or hit[0] is not cost:
        if len(_MANA_VALUES) > 4096:
            _MANA_VALUES.clear()
        hit = _MANA_VALUES[id(cost)] = (cost, cost.mana_value)
    return hit[1]


def _hooked(game: GameState, rule: str) -> bool:
    """Could the yes/no hook ``rule`` apply now (a static ability or a rule effect has it)?"""
    return bool(hooks(game, rule)) or bool(game.rule_effects and rule_effects(game, rule))


#: (object id, ability index, mana options) -> the activations (actions are values).
_MANA_ACTIONS: Final[dict[tuple[int, int, tuple[str, ...]], list[Action]]] = {}


def _mana_actions(o: GameObject, i: int, ab: ActivatedAbility) -> list[Action]:
    """The activations of the mana ability ``ab`` (the ``i``-th of ``o``), one per mana
    option (named only when there is a choice).  Memoised: don't modify the list."""
    assert ab.mana is not None
    opts = ab.mana.options
    key = (o.id, i, opts)
    hit = _MANA_ACTIONS.get(key)
    if hit is None:
        if len(_MANA_ACTIONS) > 8192:
            _MANA_ACTIONS.clear()
        hit = _MANA_ACTIONS[key] = [Activate(o.id, i, mana=m if len(opts) > 1 else None)
                                    for m in opts]
    return hit


#: What the listing does with one object's activated abilities: (index, ability, its
#: actions if it is a common "{T}: Add ..." ability without a condition, else None).
_PlanPart = tuple[tuple[int, ActivatedAbility, "list[Action] | None"], ...]
#: Object id -> (its abilities tuple, zone, summoning sick, the object's part of the
#: activation plan), valid while the object has that very tuple (kept here, so not another
#: one at the same address), zone and sickness; the part depends on nothing else (actions
#: are values).  Ids are shared by games, so an entry is checked before it is used.
_PLAN_PARTS: Final[dict[int, tuple[tuple[Any, ...], str, bool, _PlanPart]]] = {}


def _activation_plan(game: GameState, player: int) -> list[tuple[GameObject, _PlanPart]]:
    """The objects whose activated abilities ``player`` may be able to activate where they
    are (112.6): on their permanents, in their graveyard, in the command zone; each with
    its part of the plan (:func:`_plan_part`), if not empty.  Reads only zones and
    characteristics, and the turn number (302.6; a new turn is a narrow change, "turn":
    the caller keys the plan on the turn number)."""
    yard = game.players[player].graveyard
    from_yard = _yard_activators(game, player, yard) if yard else []
    from_command = [o for o in game.command_sources() if game.controller(o) == player]
    out: list[tuple[GameObject, _PlanPart]] = []
    since = game.turn_began.get(player, 0)
    for o in [*game.permanents(player), *from_yard, *from_command]:
        c = game.chars(o)
        abilities = c.abilities
        # summoning_sick (302.6), from the characteristics at hand
        sick = "Creature" in c.types and "haste" not in c.keywords and \
            o.control_since >= since
        hit = _PLAN_PARTS.get(o.id)
        if hit is None or hit[0] is not abilities or hit[1] != o.zone or hit[2] != sick:
            if len(_PLAN_PARTS) > 8192:
                _PLAN_PARTS.clear()
            hit = _PLAN_PARTS[o.id] = (abilities, o.zone, sick, _plan_part(
                o, activated_abilities(game, o), sick))
        if hit[3]:
            out.append((o, hit[3]))
    return out


#: Cache keys by player for the activation plan (kept with the turn it is for).
_PLAN_KEYS: Final[list[str]] = []
#: Cache keys by player for :func:`_yard_activators`.
_YARD_KEYS: Final[list[str]] = []


def _yard_activators(game: GameState, player: int, yard: list[int]) -> list[GameObject]:
    """The cards in ``player``'s graveyard ``yard`` with an activated ability that works
    there, memoised while the graveyard holds the same objects (an object's card and zone
    never change: a new object is made, 400.7; so the ids say all)."""
    key = seat_name(_YARD_KEYS, "yard_activators:", player)
    ids = tuple(yard)
    hit: list[GameObject] | None = game.derived.memo_get(key, ids)
    if hit is None:
        hit = game.derived.memo_put(key, ids, [o for o in (game.obj(i) for i in ids)
                                       if _activates_from_graveyard(o.card)])
    return hit


def _plan_part(o: GameObject, abilities: Sequence[ActivatedAbility], sick: bool
               ) -> _PlanPart:
    """``o``'s part of the activation plan: its activated abilities that work in its zone
    (112.6), with the actions of each common "{T}: Add ..." ability without a condition
    ready (then only the tapped status and "can't activate" hooks are left to check);
    such abilities are left out when ``o`` is summoning sick (302.6)."""
    out: list[tuple[int, ActivatedAbility, list[Action] | None]] = []
    for i, ab in enumerate(abilities):
        if o.zone not in ab.zones:
            continue
        if ab.mana is not None and ab.condition is None and _simple_mana(ab):
            if not sick:
                out.append((i, ab, _mana_actions(o, i, ab)))
            continue
        out.append((i, ab, None))
    return tuple(out)


def _cast_variants(game: GameState, player: int, o: GameObject, avail: int, alt: str = ""
                   ) -> list[Action]:
    """The legal casts of ``o`` paying its mana cost, or the alternative cost ``alt``
    (a printed one, or ``FREE``), with automatic payment."""
    sp = o.card.spell
    c = game.chars(o)
    mode_sets: list[tuple[int, ...]] = [()]
    if sp is not None and sp.modes:
        mode_sets = list(itertools.combinations(range(len(sp.modes)), sp.mode_count))
        if sp.entwine is not None:
            mode_sets.append(tuple(range(len(sp.modes))))
    alt_cost = alternative_cost(o, alt) if alt and alt != FREE else None
    base = alt_cost.cost.mana if alt_cost is not None else c.mana_cost
    has_x = (c.mana_cost.x_count > 0 or (sp is not None and sp.has_x)) and alt != FREE \
        and (alt_cost is None or base.x_count > 0)  # 107.3b: otherwise X is 0
    xs = [0]
    if has_x:
        # 601.2f: a cost reduction leaves room for a larger X
        slack = -cost_changes(game, o)[1]
        xs = list(range(0, max(0, avail - base.mana_value + slack)
                        // max(1, base.x_count) + 1))
    out: list[Action] = []
    if alt_cost is not None and nonmana_cost_problem(game, player, o, alt_cost.cost):
        return out
    if sp is not None and sp.additional_cost is not None and \
            nonmana_cost_problem(game, player, o, sp.additional_cost) is not None:
        return out
    payable: dict[tuple[int, int], bool] = {}
    payable_n: dict[tuple[int, int, int], bool] = {}
    for modes_ in {len(m) for m in mode_sets}:
        some = tuple(range(modes_))
        for x in xs:
            payable[(x, modes_)] = can_pay(game, player, total_cost(game, o, x, some,
                                                                    alt=alt))
            if not payable[(x, modes_)] and x > 0:
                break  # larger X can't be paid either
    if not any(payable.values()):
        return out
    # Targets come from the legal-target lists (601.2c), so each combination is legal;
    # only the cost depends on X.
    per_target = sp is not None and sp.extra_target_cost > 0
    for modes in mode_sets:
        specs = spell_specs(sp, modes)
        for targets in _target_combos(game, specs, player, o.id, spell=True):
            for x in xs:
                if per_target and len(targets) > 1:
                    # 601.2f: the cost depends on the number of targets chosen
                    key = (x, len(modes), len(targets))
                    if key not in payable_n:
                        payable_n[key] = can_pay(game, player, total_cost(
                            game, o, x, tuple(range(len(modes))), targets, alt=alt))
                    if payable_n[key]:
                        out.append(Cast(o.id, targets, x, modes, alt=alt))
                elif payable.get((x, len(modes))):
                    out.append(_made_once(_PLAIN_CASTS, Cast, o.id)
                               if not targets and not x and not modes and not alt
                               else Cast(o.id, targets, x, modes, alt=alt))
    return out


# ------------------------------------------------------------ performing


def play_land(game: GameState, player: int, a: PlayLand) -> None:
    """CR 305.1: special action; the land enters the battlefield, no stack."""
    from manastack.rules.zones import move

    o = game.obj(a.card)
    game.players[player].lands_played += 1
    new = move(game, o, Zone.BATTLEFIELD, "305.1", controller=player,
               verb=say("{who} plays {card}", "{who} joue {card}", who=game.who(player),
                        card=Card(o.id, o.name)))
    game.emit_event(LandPlayed("305.1", say("{card} was played as a land",
                                            "{card} a été joué en tant que terrain",
                                            card=Card(o.id, o.name)), game.turn_number,
                               player=player, object=new.id))


def cast_spell(game: GameState, player: int, a: Cast) -> None:
    """CR 601.2: move to the stack, choices made, costs paid, then "cast" triggers."""
    from manastack.rules.zones import move

    o = game.obj(a.card)
    cost = total_cost(game, o, a.x, a.modes, a.targets, alt=a.alt)
    payment = plan_payment(game, player, cost, a.pay, paying=True)
    assert payment is not None
    alt = alternative_cost(o, a.alt) if a.alt and a.alt != FREE else None
    if o.zone == Zone.COMMAND:
        from manastack.rules.variant import variant_of
        variant_of(game).casting_from_command(game, player, o)  # commander tax (903.8)
    new = move(game, o, Zone.STACK, "601.2a", controller=player, quiet=True)
    new.targets = a.targets
    new.x = a.x
    new.modes = a.modes
    if a.alt:
        new.memory["alt_cost"] = a.alt  # 601.2b, remembered for 400.7c
        how = say("without paying its mana cost", "sans payer son coût de mana") \
            if alt is None else \
            say("paying its alternative cost ({alt}) rather than its mana cost",
                "en payant son coût alternatif ({alt}) plutôt que son coût de mana",
                alt=Raw(alt.cost.text))
        game.note("601.2b", say("{who} casts {card} {how} ({cost} to pay in mana)",
                                "{who} lance {card} {how} ({cost} à payer en mana)",
                                who=game.who(player), card=Card(o.id, o.name), how=how,
                                cost=Raw(str(cost))))
    perform_payment(game, player, cost, payment)
    # 601.2i: the spell becomes cast once every cost is paid (choice costs may ask first)
    game.push(_spell_cast, player, new.id, o.name, a.targets, a.x)
    sp = o.card.spell
    if alt is not None:  # 601.2h: the non-mana parts of the alternative cost
        game.push(_pay_cost_task, player, alt.cost, new.id)
    if sp is not None and sp.additional_cost is not None:
        _pay_nonmana_cost(game, player, None, sp.additional_cost, "601.2h")
        _choice_costs(game, player, None, sp.additional_cost, new.id, new.id)


def _pay_cost_task(game: GameState, player: int, cost: Cost, spell_id: int) -> None:
    """Pay the non-mana parts of a spell's cost (life, then sacrifices... chosen now)."""
    _pay_nonmana_cost(game, player, None, cost, "601.2h")
    _choice_costs(game, player, None, cost, spell_id, spell_id)


def _spell_cast(game: GameState, player: int, oid: int, name: str, targets: tuple[Ref, ...],
                x: int) -> None:
    from manastack.rules.targeting import announce_targets

    game.players[player].spells_cast += 1
    xs = say(" with X={x}", " avec X={x}", x=x) if x else NOTHING
    game.emit_event(SpellCast("601.2i", say("{who} casts {card}{tgt}{xs}",
                                            "{who} lance {card}{tgt}{xs}",
                                            who=game.who(player), card=Card(oid, name),
                                            tgt=targeting(game, targets), xs=xs), game.turn_number,
                              player=player, object=oid, name=name))
    announce_targets(game, oid, targets, player)


def activate_ability(game: GameState, player: int, a: Activate) -> None:
    """CR 602.2 (mana abilities resolve at once, 605.3b)."""
    o = game.obj(a.source)
    ab = activated_abilities(game, o)[a.ability]
    if ab.once_per_turn:
        o.memory[f"activated_{a.ability}"] = game.turn_number
    if ab.mana is not None:
        before = game.version
        produced = ab.mana.produce(game, o, a.mana or ab.mana.options[0])
        _pay_nonmana_cost(game, player, o, ab.cost, "605.3a")
        if not ab.cost.mana.is_empty():
            payment = plan_payment(game, player, ab.cost.mana, a.pay, [o.id], paying=True)
            assert payment is not None
            perform_payment(game, player, ab.cost.mana, payment)
        for u in produced:
            game.players[player].mana_pool.add(u)
        game.changed("mana", player)
        if ab.condition is None and _simple_mana(ab) and len(ab.mana.options) == 1 and \
                len(activated_abilities(game, o)) == 1:
            game.derived.mana_shift = (player, before, game.version, o.id)
        key = (player, game.players[player].name, o.id, o.name, produced)
        line = _MANA_LINES.get(key) or keep(_MANA_LINES, key, say(
            "{who} activates {card}'s mana ability: adds {mana}",
            "{who} active la capacité de mana {card:de} : ajoute {mana}", who=game.who(player),
            card=Card(o.id, o.name), mana=Raw(produced)))
        game.emit_event(ManaChanged("605.3b", line, game.turn_number, player=player,
                                    source=o.id, mana=produced))
        return
    sab = StackAbility(id=game.new_id(), ability=ab, source=o.id, source_name=o.name,
                       controller=player, targets=a.targets, x=a.x,
                       timestamp=game.new_timestamp())
    game.objects[sab.id] = sab
    game.stack.append(sab.id)
    cost = ab.cost.mana.with_x(0 if ab.cost.loyalty_x else a.x)
    if not cost.is_empty():
        exclude = [o.id] if ab.cost.tap or ab.cost.sacrifice_self else []
        payment = plan_payment(game, player, cost, a.pay, exclude, paying=True)
        assert payment is not None
        perform_payment(game, player, cost, payment, "602.2b")
    game.changed()
    # 602.2b: the ability becomes activated once its costs are paid
    game.push(_ability_activated, player, sab.id, o.id, o.name, a.targets)
    _pay_nonmana_cost(game, player, o, ab.cost, "602.2b", a.x)
    _choice_costs(game, player, o, ab.cost, o.id, sab.id)


#: (Seat, player's name, object id, name, mana) -> the line of a mana ability activated
#: (:func:`~manastack.lines.keep`).
_MANA_LINES: Final[dict[tuple[int, str, int, str, str], Line]] = {}


def _ability_activated(game: GameState, player: int, sab: int, source: int, name: str,
                       targets: tuple[Ref, ...]) -> None:
    from manastack.rules.targeting import announce_targets

    game.emit_event(AbilityActivated("602.2b", say("{who} activates {card}'s ability{tgt}",
                                                   "{who} active la capacité {card:de}{tgt}",
                                                   who=game.who(player), card=Card(source, name),
                                                   tgt=targeting(game, targets)), game.turn_number,
                                     player=player, object=sab, source=source))
    announce_targets(game, sab, targets, player)


def targeting(game: GameState, targets: Sequence[Ref]) -> Line:
    """" targeting A, B" (the chosen targets, 601.2c), or nothing without targets."""
    if not targets:
        return NOTHING
    return say(" targeting {targets}", " ciblant {targets}",
               targets=Items(game.named(t) for t in targets))

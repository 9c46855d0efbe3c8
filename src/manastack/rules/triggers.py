"""Triggered abilities (CR 603): triggering on events, putting them on the stack.

When an event happens, each triggered ability whose trigger event matches
triggers (603.2) and waits.  The next time a player would receive priority,
waiting abilities are put on the stack in APNAP order, each player choosing
the order of their own (603.3b), targets (and a division, 601.2d) chosen then (603.3d).
Leaves-the-battlefield abilities look back in time (603.10a).  State triggers (603.8)
are checked after every event and before a player would receive priority; one doesn't
trigger again while it waits or is on the stack.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.copying import deepcopy_fields, share_type
from manastack.events import AbilityTriggered, PhaseBegan, Phased, StepBegan, ZoneChange
from manastack.game.abilities import TriggeredAbility
from manastack.game.decisions import ChoiceDecision, Choose
from manastack.game.objects import GameObject, IdKey, StackAbility, Zone
from manastack.lines import NOTHING, Card, Items, Line, Raw, say

if TYPE_CHECKING:
    from manastack.game.state import GameState
    from manastack.log import Event


@dataclass(eq=False)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack."""

    def __deepcopy__(self, memo: dict[int, Any]) -> PendingTrigger:
        return deepcopy_fields(self, memo)

    ability: TriggeredAbility
    source: int
    source_name: str
    controller: int
    data: dict[str, Any] = field(default_factory=dict)
    order: int = 0


@dataclass(eq=False)
class DelayedTrigger:
    """A delayed triggered ability (CR 603.7): created by a resolving effect."""

    def __deepcopy__(self, memo: dict[int, Any]) -> DelayedTrigger:
        return deepcopy_fields(self, memo)

    ability: TriggeredAbility
    source: int
    source_name: str
    controller: int
    one_shot: bool = True
    data: dict[str, Any] = field(default_factory=dict)
    duration: Any = None
    #: Turn number when created: "the next end step" can't be this one if it began (513.2).
    created_turn: int = 0
    created_step: str = ""


def _candidates(game: GameState, e: Event) -> list[tuple[GameObject, Any]]:
    """Objects whose triggered abilities may see ``e``, with their characteristics."""
    out: list[tuple[GameObject, Any]] = list(game.derived.cached_wide("trigger_sources",
                                                         lambda: _trigger_sources(game)))
    if isinstance(e, ZoneChange) and e.from_zone == Zone.BATTLEFIELD or \
            e.kind in (ev.ZONE_CHANGE, ev.DAMAGE) and game.lki_batch:
        # 603.10a: look back in time for objects that just left the battlefield.
        for oid in game.lki_batch:
            if oid in game.lki:
                out.append(game.lki[oid])
    elif isinstance(e, Phased) and e.phased_out:
        # 603.10b: abilities that trigger when a permanent phases out look back in time.
        phased = e.object
        if phased in game.lki and game.lki[phased][0] is game.objects.get(phased):
            out.append(game.lki[phased])
    return out


def _graveyard_triggers(game: GameState) -> bool:
    """Does a card in a graveyard have a triggered ability that works there (112.6)?

    The answer is kept for the same contents of the graveyards: an id always names the
    same object (a zone change makes a new one, 400.7) and an object's card never
    changes."""
    graveyards = [p.graveyard for p in game.players]  # (compared without copying them)
    kept = game.derived.memo_get("graveyard triggers", graveyards)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    found = any(isinstance(ab, TriggeredAbility) and "graveyard" in ab.zones
                for oids in graveyards for oid in oids
                for ab in game.objects[oid].card.abilities)  # type: ignore[union-attr]
    return game.derived.memo_put("graveyard triggers", [list(g) for g in graveyards], found)


def _trigger_sources(game: GameState) -> list[tuple[GameObject, Any]]:
    out: list[tuple[GameObject, Any]] = []
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        if not o.phased_out:
            c = game.chars(o)
            if any(isinstance(ab, TriggeredAbility) and "battlefield" in ab.zones
                   for ab in c.abilities):
                out.append((o, c))
    for o in game.command_sources():  # schemes, planes, vanguards (901.7, 902.7, 904.8)
        out.append((o, _ZoneView(game.controller(o), o.card.abilities, "command")))
    for p in game.players:  # abilities that work from a graveyard (112.6)
        for oid in p.graveyard:
            o = game.objects[oid]
            assert isinstance(o, GameObject)
            if any(isinstance(ab, TriggeredAbility) and "graveyard" in ab.zones
                   for ab in o.card.abilities):
                out.append((o, _GraveyardView(game.chars(o))))
    return out


class _ZoneView:
    """An object outside the battlefield with the triggered abilities working in ``zone``."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _ZoneView:
        """Read only: shared by copies of a game."""
        return self

    def __init__(self, controller: int, abilities: Any, zone: str) -> None:
        self.controller = controller
        self.abilities = tuple(ab for ab in abilities if isinstance(ab, TriggeredAbility)
                               and zone in ab.zones)


class _GraveyardView:
    """Characteristics of a card in a graveyard, keeping only abilities working there."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _GraveyardView:
        """Read only: shared by copies of a game."""
        return self

    def __init__(self, c: Any) -> None:
        self.controller = c.controller
        self.abilities = tuple(ab for ab in c.abilities if isinstance(ab, TriggeredAbility)
                               and "graveyard" in ab.zones)


def watched_kinds(game: GameState) -> frozenset[str] | None:
    """The kinds of event the printed triggered abilities of the permanents and
    command-zone objects watch, or None if anything may be watched (a state trigger, an
    ability that may be granted, a triggered ability working from a graveyard).

    It reads only the zones, the list of effects and printed abilities (never the
    characteristics), which change only with a wide change: ``Game.watched_kinds`` keeps
    it per wide version."""
    kinds = game.derived.ability_index(game)[0]
    if ev.STATE in kinds or game.derived.abilities_may_be_added(game) or _graveyard_triggers(game):
        return None
    return kinds


def check_event(game: GameState, e: Event) -> None:
    """Trigger every ability that watches this event (CR 603.2)."""
    kind = e.kind
    if kind in (ev.INFO, ev.PASS):
        return
    if not game.lki_batch and not game.delayed_triggers and kind != ev.PHASED:
        watched = game.watched_kinds()
        if watched is not None and kind not in watched:
            return  # nothing on the battlefield watches this kind of event
    for o, c in _candidates(game, e):
        for ab in c.abilities:
            if isinstance(ab, TriggeredAbility):
                if ab.event == kind:
                    _maybe_trigger(game, ab, o, c.controller, e)
                elif ab.event == ev.STATE:
                    _maybe_state_trigger(game, ab, o, c.controller)
    if game.delayed_triggers:
        for d in list(game.delayed_triggers):
            if d.ability.event != kind:
                continue
            if d.created_turn == game.turn_number and isinstance(e, StepBegan) \
                    and d.created_step == e.step:
                continue
            src = game.objects.get(d.source)
            src_obj = src if isinstance(src, GameObject) else None
            cond = d.ability.condition
            data = dict(d.data)
            if (cond is None or cond(game, e, src_obj or _Dummy(d))) and not (  # type: ignore[arg-type]
                    game.options.extra.get("range")
                    and not event_within_range(game, e, d.controller)):  # 801.7
                data.update(e.fields())
                if d.ability.capture is not None:
                    data.update(d.ability.capture(game, e, src_obj or _Dummy(d)))
                game.pending_triggers.append(PendingTrigger(
                    d.ability, d.source, d.source_name, d.controller, data,
                    len(game.pending_triggers)))
                game.note("603.7", say("Delayed triggered ability of {card} triggers",
                                       "La capacité déclenchée retardée {card:de} se déclenche",
                                       card=Card(d.source, d.source_name)),
                          **_trigger_cites(game, e))
                if d.one_shot:
                    game.delayed_triggers.remove(d)


#: Event data naming the players (``int``) and objects (ids, ``PlayerRef``) an event is
#: made of (801.7).  Left out: where an object goes (``owner``, ``to_zone``: 801.7a's
#: example) and the blockers of "becomes blocked" (801.7's example: only "becomes blocked
#: by a creature" includes the blocker).
_EVENT_PLAYERS: Final = ("player", "controller")
_EVENT_OBJECTS: Final = ("object", "attacker", "blocker", "attackers", "source", "target",
                         "targets")
#: Turn structure events happen to the game, not within anyone's range.
_GAME_EVENTS: Final = frozenset({ev.TURN_BEGAN, ev.STEP_BEGAN, ev.STEP_ENDED,
                                 ev.PHASE_BEGAN, ev.PHASE_ENDED, ev.GAME_OVER})


def event_within_range(game: GameState, e: Event, player: int) -> bool:
    """801.7: does the trigger event happen entirely within ``player``'s range of
    influence?  Every player and object it names must be within range (an object through
    its controller, 801.2d).  801.7a: an object leaving the battlefield is judged by the
    state before the event (its last known controller), one entering by the state after."""
    from manastack.rules.variant import variant_of

    if e.kind in _GAME_EVENTS:
        return True
    v = variant_of(game)
    data = e.fields()
    who: list[int] = []
    if e.kind == ev.ZONE_CHANGE:
        old = data.get("old")
        if data.get("from_zone") == Zone.BATTLEFIELD and old in game.lki:
            who.append(game.lki[old][1].controller)
        elif isinstance(data.get("controller"), int):
            who.append(data["controller"])
    else:
        for k in _EVENT_PLAYERS:
            if isinstance(data.get(k), int) and not isinstance(data.get(k), bool):
                who.append(data[k])
        for k in _EVENT_OBJECTS:
            val = data.get(k)
            for r in val if isinstance(val, (tuple, list)) else (val,):
                c = ref_controller(game, r)
                if c is not None:
                    who.append(c)
    return all(v.in_range(game, player, q) for q in who if 0 <= q < len(game.players))


def ref_controller(game: GameState, r: Any) -> int | None:
    """The player a reference stands for in range questions (801.2d), None if unknown."""
    from manastack.game.objects import PlayerRef

    if isinstance(r, PlayerRef):
        return r.index
    if not isinstance(r, int) or isinstance(r, bool):
        return None
    o = game.objects.get(r)
    if o is not None:
        return game.controller(o)
    if r in game.lki:
        return int(game.lki[r][1].controller)
    return None


def check_state_triggers(game: GameState) -> None:
    """CR 603.8: every state trigger whose state is true triggers (checked when a player
    would receive priority, besides after every event)."""
    if game.watched_kinds() is not None:
        return  # none is printed, none can be granted, none works from a graveyard
    kinds, _, grants = game.derived.ability_index(game)
    if ev.STATE not in kinds and not grants:
        return
    for o, c in game.derived.cached_wide("trigger_sources", lambda: _trigger_sources(game)):
        for ab in c.abilities:
            if isinstance(ab, TriggeredAbility) and ab.event == ev.STATE:
                _maybe_state_trigger(game, ab, o, c.controller)


def _maybe_state_trigger(game: GameState, ab: TriggeredAbility, o: GameObject,
                         controller: int) -> None:
    """603.8: triggers as soon as the state is true, but not again until the ability has
    left the stack (resolved, countered or removed); the source must still be in its zone
    (a look-back object isn't)."""
    if game.objects.get(o.id) is not o or o.zone not in ab.zones:
        return
    waiting = o.memory.get("state_triggered", ())
    if any(w is ab for w in waiting):
        return
    if ab.condition is None or not ab.condition(game, None, o):
        return
    o.memory["state_triggered"] = (*waiting, ab)
    game.pending_triggers.append(PendingTrigger(ab, o.id, o.name, controller,
                                                {"state_trigger": True},
                                                len(game.pending_triggers)))
    game.note("603.8", say("{card}'s state trigger triggers ({text})",
                           "La capacité déclenchée d'état {card:de} se déclenche ({text})",
                           card=Card(o.id, o.name), text=Raw(ab.text)))


def left_stack(game: GameState, ab: StackAbility | PendingTrigger) -> None:
    """A triggered ability left the stack (or was removed before reaching it, 603.3d): its
    state trigger may trigger again (603.8)."""
    data = ab.trigger_data if isinstance(ab, StackAbility) else ab.data
    if not data.get("state_trigger"):
        return
    src = game.objects.get(ab.source)
    if isinstance(src, GameObject) and src.memory.get("state_triggered"):
        src.memory["state_triggered"] = tuple(w for w in src.memory["state_triggered"]
                                              if w is not ab.ability)


class _Dummy:

    def __deepcopy__(self, memo: dict[int, Any]) -> _Dummy:
        """Read only: shared by copies of a game."""
        return self

    def __init__(self, d: DelayedTrigger) -> None:
        self.id = d.source
        self.controller = d.controller


def _maybe_trigger(game: GameState, ab: TriggeredAbility, o: GameObject, controller: int,
                   e: Event) -> None:
    if ab.condition is not None and not ab.condition(game, e, o):
        return
    if ab.intervening_if is not None and not ab.intervening_if(game, o):
        return
    if game.options.extra.get("range") and not event_within_range(game, e, controller):
        return  # 801.7
    if ab.each_active_player and e.kind in (ev.STEP_BEGAN, ev.PHASE_BEGAN):
        team = [p for p in game.active_players() if game.players[p].in_game]
        if len(team) > 1:  # 805.4a: the team's step is each of its players'
            for p in team:
                game.pending_triggers.append(PendingTrigger(
                    ab, o.id, o.name, controller, {**e.fields(), "player": p},
                    len(game.pending_triggers)))
                game.note("603.2b", say(
                    "{card}'s triggered ability triggers for {who} ({text}; 805.4a: the "
                    "team's step is each of its players')",
                    "La capacité déclenchée {card:de} se déclenche pour {who} ({text} ; "
                    "805.4a : l'étape de l'équipe est celle de chacun de ses joueurs)",
                    card=Card(o.id, o.name), who=game.who(p), text=Raw(ab.text)))
            return
    data = e.fields()
    if ab.capture is not None:
        data.update(ab.capture(game, e, o))
    game.pending_triggers.append(PendingTrigger(ab, o.id, o.name, controller, data,
                                                len(game.pending_triggers)))
    rule, how = _trigger_rule(e)
    game.note(rule, say("{card}'s triggered ability triggers{how} ({text})",
                        "La capacité déclenchée {card:de} se déclenche{how} ({text})",
                        card=Card(o.id, o.name), how=how, text=Raw(ab.text)),
              **_trigger_cites(game, e))


#: "At the beginning of" a step: the step's own rule (seed 000; 503.1a: upkeep
#: triggers, with the untap step's, go on the stack before the active player gets
#: priority; 511.2 "at end of combat"; 513.1 (2011, seed 000 5.1.a) "at the beginning
#: of the end step").
_STEP_TRIGGER_RULE: Final = {"upkeep": "503.1a", "end_of_combat": "511.2", "end": "513.1"}


def _trigger_cites(game: GameState, e: Event) -> dict[str, tuple[str, ...]]:
    """Further rules a trigger's log line applies (its data ``cites``): 500.6 for "at
    the beginning of" a phase or step, with the step's own rule; 502.3 for an ability
    triggering during the untap step (held until a player would receive priority)."""
    cites: tuple[str, ...] = ()
    if isinstance(e, (StepBegan, PhaseBegan)):
        step = e.step
        cites = ("500.6",) + ((_STEP_TRIGGER_RULE[step],)
                              if step in _STEP_TRIGGER_RULE else ())
    elif game.step is not None and game.step.name == "untap":
        cites = ("502.3",)
    return {"cites": cites} if cites else {}


def _trigger_rule(e: Event) -> tuple[str, Line]:
    """The rule under which an ability triggers on ``e``, for the log: leaves-the-
    battlefield abilities look back in time (603.6c, 603.10a), enters-the-battlefield
    abilities look at the permanent as it entered (603.6a), "at the beginning of"
    abilities trigger as the step or phase begins (603.2b), phasing out looks back too
    (603.10b); any other ability triggers on its event (603.2)."""
    if isinstance(e, ZoneChange):
        if e.from_zone == Zone.BATTLEFIELD:
            return "603.10a", say(
                " (a leaves-the-battlefield ability: the game looks back in time)",
                " (une capacité de sortie du champ de bataille : le jeu remonte le temps)")
        if e.to_zone == Zone.BATTLEFIELD:
            return "603.6a", say(" (an enters-the-battlefield ability)",
                                 " (une capacité d'arrivée sur le champ de bataille)")
    elif e.kind in (ev.STEP_BEGAN, ev.PHASE_BEGAN):
        return "603.2b", NOTHING
    elif isinstance(e, Phased) and e.phased_out:
        return "603.10b", say(" (on phasing out: the game looks back in time)",
                              " (à sa mise hors phase : le jeu remonte le temps)")
    return "603.2", NOTHING


# ------------------------------------------------------------ stack placement


def put_triggers_on_stack(game: GameState) -> None:
    """CR 603.3b: APNAP order, each player ordering their own."""
    pending = game.pending_triggers
    game.pending_triggers = []
    tasks = []
    for p in game.apnap():
        mine = [t for t in pending if t.controller == p]
        if mine:
            tasks.append((_order_and_put, (p, mine)))
    game.push_all(tasks)


def _order_and_put(game: GameState, player: int, trigs: list[PendingTrigger]) -> None:
    if len(trigs) == 1:
        _put_in_order(game, Choose((0,)), trigs)
        return
    game.ask(ChoiceDecision(
        player, "order_triggers",
        "Order your triggered abilities: the first chosen goes on the stack first "
        "(and resolves last): " + "; ".join(f"{i}: {t.source_name}" for i, t in enumerate(trigs)),
        (_put_in_order, (trigs,)), rule="603.3b", options=tuple(range(len(trigs))),
        min_count=len(trigs), max_count=len(trigs), ordered=True, purpose="trigger order",
        labels=tuple(t.source_name for t in trigs)))


def _put_in_order(game: GameState, action: Any, trigs: list[PendingTrigger]) -> None:
    order = [trigs[i] for i in action.items]
    game.push_all([(_put_one, (t, 0, ())) for t in order])


def _put_one(game: GameState, trig: PendingTrigger, spec_index: int, chosen: tuple[Any, ...]) -> None:
    """Choose targets spec by spec (603.3d) and the division of a divided amount (601.2d),
    then put the ability on the stack.  The targets are chosen by the ability's controller,
    or by the player its ``target_chooser`` names (their side reads the target words)."""
    from manastack.rules.targeting import legal_targets

    specs = trig.ability.targets
    chooser = trig.controller
    if trig.ability.target_chooser is not None and specs:
        who = trig.ability.target_chooser(game, trig.data)
        chooser = trig.controller if who is None else who
        if chooser != trig.controller:
            trig.data["target_chooser"] = chooser
    if spec_index < len(specs):
        spec = specs[spec_index]
        opts = legal_targets(game, spec, trig.controller, trig.source, trig.data,
                             spell=False, chooser=None if chooser == trig.controller
                             else chooser)
        if len(opts) < spec.min_count:
            game.note("603.3d", say("{card}'s triggered ability has no legal target and is "
                                    "removed from the stack",
                                    "La capacité déclenchée {card:de} n'a aucune cible légale "
                                    "et est retirée de la pile",
                                    card=Card(trig.source, trig.source_name)))
            left_stack(game, trig)
            return
        if spec.count == 0:
            _put_one(game, trig, spec_index + 1, chosen)
            return
        most = spec.count if not trig.ability.divided else min(spec.count,
                                                                 trig.ability.divided)
        game.ask(ChoiceDecision(
            chooser, "choose_targets",
            f"Choose {spec.text} for {trig.source_name}'s triggered ability"
            + (f" (chosen by {game.players[chooser].name})" if chooser != trig.controller
               else ""),
            (_targets_chosen, (trig, spec_index, chosen)), rule="603.3d",
            options=tuple(opts), min_count=spec.min_count, max_count=most,
            purpose=f"targets of {trig.source_name}",
            explain=functools.partial(_why_not_target, spec=spec, trig=trig,
                                      chooser=None if chooser == trig.controller
                                      else chooser)))
        return
    if trig.ability.divided and chosen and "division" not in trig.data:
        _ask_division(game, trig, chosen)
        return
    ab = StackAbility(id=game.new_id(), ability=trig.ability, source=trig.source,
                      source_name=trig.source_name, controller=trig.controller,
                      targets=chosen, trigger_data=trig.data, timestamp=game.new_timestamp())
    game.objects[ab.id] = ab
    game.stack.append(ab.id)
    game.changed()
    tgt = say(" targeting {targets}", " ciblant {targets}",
              targets=Items(game.named(t) for t in chosen)) if chosen else NOTHING
    game.emit_event(AbilityTriggered("603.3",
                                     say("{card}'s triggered ability is put on the stack{tgt}",
                                                  "La capacité déclenchée {card:de} est mise sur la "
                                                  "pile{tgt}", card=Card(trig.source,
                                                                         trig.source_name),
                                                  tgt=tgt), game.turn_number,
                                     object=ab.id, source=trig.source, controller=trig.controller))
    from manastack.rules.targeting import announce_targets
    announce_targets(game, ab.id, chosen, trig.controller)


def _why_not_target(game: GameState, ref: Any, *, spec: Any, trig: PendingTrigger,
                    chooser: int | None) -> str | None:
    """The rule a refused target of a triggered ability breaks (702.16b protection...)."""
    from manastack.rules.targeting import target_refusal
    return target_refusal(game, spec, ref, trig.controller, trig.source, spell=False,
                          chooser=chooser)


def _targets_chosen(game: GameState, action: Any, trig: PendingTrigger, spec_index: int,
                    chosen: tuple[Any, ...]) -> None:
    _put_one(game, trig, spec_index + 1, chosen + tuple(action.items))


def _ask_division(game: GameState, trig: PendingTrigger, chosen: tuple[Any, ...]) -> None:
    """601.2d (603.3d): the controller announces how the amount is divided among the
    targets, each getting at least 1; the division is locked in.  Options are written
    ``"2/1"`` (amounts in the order of the targets)."""
    from manastack.rules.damage import divisions

    total = trig.ability.divided
    ways = divisions(total, len(chosen))
    if len(ways) == 1:
        _division_chosen(game, None, trig, chosen, ways[0])
        return
    labels = tuple(", ".join(f"{n} to {game.name_of(t)}" for n, t in zip(w, chosen,
                                                                         strict=True))
                   for w in ways)
    game.ask(ChoiceDecision(
        trig.controller, "divide", f"Divide {total} among the targets of "
        f"{trig.source_name}'s triggered ability: " + "; ".join(labels),
        (_division_chosen, (trig, chosen, None)), rule="601.2d",
        options=tuple("/".join(map(str, w)) for w in ways), purpose="division",
        labels=labels))


def _division_chosen(game: GameState, action: Any, trig: PendingTrigger, chosen: tuple[Any, ...],
                     division: tuple[int, ...] | None) -> None:
    if division is None:
        division = tuple(int(n) for n in str(action.items[0]).split("/"))
    trig.data["division"] = division
    game.note("601.2d", say("{card}'s triggered ability: {division}",
                            "Capacité déclenchée {card:de} : {division}",
                            card=Card(trig.source, trig.source_name),
                            division=Items(say("{n} to {target}", "{n} à {target}", n=n,
                                               target=game.named(t))
                                           for n, t in zip(division, chosen, strict=True))))
    _put_one(game, trig, len(trig.ability.targets), chosen)


def add_delayed(game: GameState, ability: TriggeredAbility, source: int, source_name: str,
                controller: int, data: dict[str, Any] | None = None,
                duration: Any = None) -> None:
    """Create a delayed triggered ability (CR 603.7a)."""
    game.delayed_triggers.append(DelayedTrigger(
        ability, source, source_name, controller, True, dict(data or {}), duration,
        game.turn_number, game.step.name if game.step else ""))


share_type(_ZoneView, _GraveyardView, _Dummy)

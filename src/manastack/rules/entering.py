"""Putting an object onto the battlefield, with the choices made as it enters.

Whether a permanent spell resolves (608.3) or an effect puts a card onto the
battlefield (Rise from the Grave, Sun Titan, persist...), the entering card's
own replacement choices are made *before* the event (614.12, 614.12a):

* "You may have this enter as a copy of ..." (706.2 with 614.1c, Clone,
  Phantasmal Image); the copied card's choices then apply in turn;
* "As this enters, choose ..." (Adaptive Automaton, Sutured Ghoul).

:func:`put_onto_battlefield` asks those choices as decisions and moves the
object once they are made.  When nothing is to be chosen it moves the object
at once and returns the new permanent; otherwise it returns ``None`` and runs
the caller's continuation ``then`` (``(fn, args)``, called as
``fn(game, new_ids, *args)``) after the permanent has entered, so an effect
that goes on doing things to the permanent waits for it.
:func:`put_all_onto_battlefield` does the same for objects entering at the
same time: every choice first, then one event (603.6a).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manastack.copying import share_type
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import GameObject, Ref, Zone
from manastack.lines import Card, Line, Place, say

if TYPE_CHECKING:
    from manastack.game.state import GameState, Task


@dataclass(frozen=True)
class Entry:
    """One object waiting to enter (plain data: it lives in decision continuations)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Entry:
        """Immutable: shared by copies of a game."""
        return self

    oid: int
    zone: str
    controller: int
    rule: str
    tapped: bool = False
    attach_to: Ref | None = None
    verb: Line | None = None


#: What was chosen for an entry: (copy-of value or None, "as enters" choice or None), or
#: None for an object that left its zone while the choices were made.
Made = tuple[Any, tuple[Any, ...] | None] | None


def put_onto_battlefield(game: GameState, obj: GameObject, controller: int, rule: str, *,
                         tapped: bool = False, attach_to: Ref | None = None,
                         verb: Line | None = None, then: Task | None = None
                         ) -> GameObject | None:
    """Put ``obj`` onto the battlefield under ``controller``'s control (citing ``rule``),
    after the choices its card makes as it enters (614.12a, 706.2).

    Returns the new permanent when it entered at once (``then`` has then already run),
    ``None`` when a choice is pending (``then`` runs once it has entered).  ``then`` is
    ``(fn, args)``, called as ``fn(game, new_ids, *args)``.
    """
    entry = Entry(obj.id, obj.zone, controller, rule, tapped, attach_to, verb)
    done = _choose(game, (entry,), (), then, False)
    return game.obj(done[0]) if done else None


def put_all_onto_battlefield(game: GameState, objs: list[GameObject], controller: int,
                             rule: str, *, verb: Line | None = None, then: Task | None = None
                             ) -> tuple[int, ...] | None:
    """Put several objects onto the battlefield at the same time (one event, 603.6a):
    each one's choices are made first, in order (614.12a), then they all enter.  Returns
    the new permanents' ids, or ``None`` while a choice is pending (``then`` as above).
    ``verb`` is a line whose ``{name}`` is each object (as for ``zones.move_all``)."""
    entries = tuple(Entry(o.id, o.zone, controller, rule, verb=verb) for o in objs)
    return _choose(game, entries, (), then, True)


def _choose(game: GameState, entries: tuple[Entry, ...], made: tuple[Made, ...],
            then: Task | None, together: bool) -> tuple[int, ...] | None:
    """Make the choices of ``entries[len(made):]`` in order; then move them all."""
    while len(made) < len(entries):
        entry = entries[len(made)]
        obj = _pending(game, entry)
        if obj is None:
            made += (None,)
            continue
        state = (entries, made, then, together)
        if entry.attach_to is None and _is_aura(game, obj):
            hosts = aura_hosts(game, obj, entry.controller)
            if hosts:  # 303.4f: its controller chooses what it will enchant
                game.ask(ChoiceDecision(
                    entry.controller, "choose", f"Choose what {obj.name} will enchant as "
                    "it enters the battlefield", (_host_chosen, state), rule="303.4f",
                    options=hosts, purpose="what the Aura enchants"))
                return None
            _cant_enter(game, obj)  # 303.4g
            made += (None,)
            continue
        if enters_as_copy(obj.card) is not None:
            # 614.12 / 706.2: the choice is made as it enters (before it is on the battlefield)
            cands = tuple(o.id for o in game.creatures() if o.id != obj.id)
            game.ask(ChoiceDecision(
                entry.controller, "choose", f"You may have {obj.name} enter as a copy of a "
                "creature on the battlefield (choose none, or the creature)",
                (_copy_chosen, state), rule="706.2", options=("none", *cands),
                purpose="enter as a copy"))
            return None
        if _ask_as_enters(game, obj, obj.card, None, state):
            return None
        made += ((None, None),)
    return _enter_all(game, entries, made, then, together)


def _is_aura(game: GameState, obj: GameObject) -> bool:
    c = game.chars(obj)
    return "Aura" in c.subtypes and "Enchantment" in c.types


def aura_hosts(game: GameState, aura: GameObject, controller: int) -> tuple[Ref, ...]:
    """303.4f: what an Aura entering under ``controller``'s control, not as a resolving
    Aura spell, could enchant: the objects and players its enchant ability allows and
    that it wouldn't be put into the graveyard from (protection, 702.16c). It isn't
    targeted, so hexproof and shroud don't matter (702.11, 702.18)."""
    from manastack.rules.targeting import candidate_refs, protection_from

    sp = aura.card.spell
    if sp is None or not sp.targets:
        return ()
    spec = sp.targets[0]
    out: list[Ref] = []
    for r in candidate_refs(game, spec.zones):
        if r == aura.id or not spec.selector.test(game, r, controller, aura.id):
            continue
        host = game.get(r) if isinstance(r, int) else None
        if host is not None and (host.zone != Zone.BATTLEFIELD or
                                 protection_from(game, host, aura.id)):
            continue
        out.append(r)
    return tuple(out)


def _cant_enter(game: GameState, obj: GameObject) -> None:
    """303.4g: an Aura with nothing to enchant stays where it is (from the stack, it is
    put into its owner's graveyard instead)."""
    from manastack.rules.zones import move
    owner = game.who(obj.owner)
    card = Card(obj.id, obj.name)
    if obj.zone == Zone.STACK:
        move(game, obj, Zone.GRAVEYARD, "303.4g",
             verb=say("{card} has nothing to enchant: it is put into {place}",
                      "{card} n'a rien à enchanter : il est mis dans {place:le}", card=card,
                      place=Place(Zone.GRAVEYARD, owner)))
        return
    where = Place(obj.zone, None if obj.zone in ("exile", "command") else owner)
    game.note("303.4g", say("{card} has nothing it could enchant: it stays in {where}",
                            "{card} n'a rien qu'il pourrait enchanter : il reste dans "
                            "{where:le}", card=card, where=where))


def _host_chosen(game: GameState, action: Any, entries: tuple[Entry, ...],
                 made: tuple[Made, ...], then: Task | None, together: bool) -> None:
    """303.4f: the Aura will enter attached to the chosen object or player."""
    from dataclasses import replace
    k = len(made)
    host = action.items[0] if action.items else None
    obj = _pending(game, entries[k])
    if obj is not None and host is not None:
        game.note("303.4f", say("{who} chooses {host}: {card} will enter attached to it",
                                "{who} choisit {host} : {card} arrivera attaché à {host}",
                                who=game.who(entries[k].controller), host=game.named(host),
                                card=Card(obj.id, obj.name)))
    entries = (*entries[:k], replace(entries[k], attach_to=host), *entries[k + 1:])
    _choose(game, entries, made, then, together)


def enters_as_copy(card: Any) -> Any:
    """The card's "you may have this enter as a copy of ..." ability, if it has one."""
    from manastack.game.abilities import StaticAbility
    for ab in card.abilities:
        if isinstance(ab, StaticAbility) and ab.rule == "enters_as_copy":
            return ab
    return None


def _pending(game: GameState, entry: Entry) -> GameObject | None:
    """The object still waiting to enter (None if it has left its zone meanwhile)."""
    obj = game.objects.get(entry.oid)
    if not isinstance(obj, GameObject) or obj.zone != entry.zone:
        return None
    return obj


State = tuple[tuple[Entry, ...], tuple[Made, ...], "Task | None", bool]


def _ask_as_enters(game: GameState, obj: GameObject, card: Any, copy: Any, state: State) -> bool:
    """614.12a: ask the choice of ``card``'s "as [this] enters, choose ..." ability (the
    object's own card, or the card it enters as a copy of, 706.2) before ``obj`` enters.
    The choice is the player's under whose control it will enter, and "you" and "your"
    in it are that player (614.12: the permanent as it would exist on the battlefield),
    whoever controlled or owned the card before.  Returns False when there is nothing to
    choose."""
    from manastack.game.abilities import StaticAbility
    entries, made = state[0], state[1]
    controller = entries[len(made)].controller
    chooser = next((ab for ab in card.abilities if isinstance(ab, StaticAbility)
                    and ab.rule == "as_enters_choice"), None)
    spec = chooser.check(game, obj, controller) if chooser is not None and chooser.check \
        else None
    if not spec or not spec.get("options"):
        return False
    game.ask(ChoiceDecision(
        controller, "choose",
        spec.get("prompt", f"As {card.name} enters, choose"),
        (_as_enters_chosen, (*state, copy)), rule="614.12a",
        options=tuple(spec["options"]), min_count=spec.get("min", 1),
        max_count=spec.get("max", 1), purpose=spec.get("purpose", "as enters"),
        explain=None if "rule" not in spec else functools.partial(
            _not_a_choice, what=spec.get("purpose", "choice"), rule=spec["rule"])))
    return True


def _not_a_choice(game: GameState, item: Any, what: str, rule: str) -> str:
    """Why an answer isn't among an "as [this] enters" choice's options: the rule of what
    may be chosen (205.3e: one existing creature type)."""
    return f"it isn't a legal {what} ({rule})"


def _as_enters_chosen(game: GameState, action: Any, entries: tuple[Entry, ...],
                      made: tuple[Made, ...], then: Task | None, together: bool,
                      copy: Any) -> None:
    """Remember the choice (the permanent gets it as "chosen": card behaviour reads it and
    may act on it as it enters, e.g. exile a creature card), then go on."""
    pick: Made = (copy, tuple(action.items)) if _pending(game, entries[len(made)]) else None
    _choose(game, entries, (*made, pick), then, together)


def _copy_chosen(game: GameState, action: Any, entries: tuple[Entry, ...],
                 made: tuple[Made, ...], then: Task | None, together: bool) -> None:
    obj = _pending(game, entries[len(made)])
    if obj is None:
        _choose(game, entries, (*made, None), then, together)
        return
    choice = action.items[0] if action.items else "none"
    copy = None
    if choice != "none":
        src = game.get(choice) if isinstance(choice, int) else None
        if src is not None and src.zone == Zone.BATTLEFIELD:
            ab = enters_as_copy(obj.card)
            exceptions: dict[str, Any] = ab.check() if ab is not None and ab.check else {}
            prior = src.memory.get("copy_extra") or {}
            extra = {k: tuple(prior.get(k, ())) + tuple(exceptions.get(k, ()))
                     for k in ("subtypes", "types", "abilities")}  # 706.9a, 706.9c
            copy = (src.memory.get("copy_of") or src.card, extra)
            game.note("706.2", say("{card} enters as a copy of {src}",
                                   "{card} arrive en tant que copie {src:de}",
                                   card=Card(obj.id, obj.name), src=Card(src.id, src.name)))
            # 706.2 with 614.12a: the copied card's "as [this] enters, choose" applies
            if _ask_as_enters(game, obj, copy[0], copy, (entries, made, then, together)):
                return
    _choose(game, entries, (*made, (copy, None)), then, together)


def _enter_all(game: GameState, entries: tuple[Entry, ...], made: tuple[Made, ...],
               then: Task | None, together: bool) -> tuple[int, ...]:
    """The zone change itself (one event when ``together``); then the continuation."""
    from manastack.rules.zones import move, move_all

    go = [(e, m) for e, m in zip(entries, made, strict=True)
          if m is not None and _pending(game, e) is not None]
    if together and not go:
        new_ids: tuple[int, ...] = ()
    elif together:
        new_ids = tuple(o.id for o in move_all(
            game, [game.obj(e.oid) for e, _ in go], Zone.BATTLEFIELD, entries[0].rule,
            controller=entries[0].controller, verb=entries[0].verb,
            entering=[m for _, m in go if m is not None],
            attach=[e.attach_to for e, _ in go]))
    else:
        new_ids = tuple(
            move(game, game.obj(e.oid), Zone.BATTLEFIELD, e.rule, controller=e.controller,
                 tapped=e.tapped, attach_to=e.attach_to, copy_of=m[0], chosen=m[1],
                 verb=e.verb).id
            for e, m in go if m is not None)
    if then is not None:
        fn, args = then
        fn(game, new_ids, *args)
    return new_ids


share_type(Entry)

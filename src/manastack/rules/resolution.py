"""Resolving spells and abilities (CR 608).

Targets are checked first: if every target is now illegal, the spell or
ability doesn't resolve (608.2b, "countered on resolution").  Otherwise its
effect happens, in written order, ignoring illegal targets; an instant or
sorcery then goes to its owner's graveyard (608.2k) and a permanent spell
becomes a permanent (608.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.cards.dsl import SpellAbility, TargetSpec, TriggeredAbility
from manastack.decisions import ChoiceDecision
from manastack.game.objects import GameObject, PlayerRef, Ref, StackAbility, Zone

if TYPE_CHECKING:
    from manastack.cards.effects import Effect
    from manastack.game.state import Game


@dataclass
class Ctx:
    """What an effect needs while it resolves: source, controller, targets, X, modes."""

    source: int
    source_name: str
    controller: int
    targets: tuple[Ref, ...] = ()
    specs: tuple[TargetSpec, ...] = ()
    legal: tuple[bool, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    #: The resolving spell or ability's id (for "this spell").
    object_id: int = 0

    def spec_slices(self) -> list[tuple[int, int]]:
        out = []
        i = 0
        remaining = len(self.targets)
        for n, spec in enumerate(self.specs):
            # Greedy split: each spec takes up to its count, leaving enough for the rest.
            rest_min = sum(s.min_count for s in self.specs[n + 1:])
            take = min(spec.count, max(0, remaining - rest_min))
            out.append((i, i + take))
            i += take
            remaining -= take
        return out

    def target_refs(self, spec_index: int = 0) -> list[Ref]:
        """Still-legal targets chosen for the ``spec_index``-th target word."""
        if spec_index >= len(self.specs):
            return []
        a, b = self.spec_slices()[spec_index]
        return [self.targets[k] for k in range(a, b)
                if k < len(self.legal) and self.legal[k]]


def specs_of(obj: GameObject | StackAbility) -> tuple[TargetSpec, ...]:
    """The target words of a spell (with its chosen modes) or ability."""
    if isinstance(obj, StackAbility):
        return tuple(getattr(obj.ability, "targets", ()))
    sp = obj.card.spell
    if sp is None:
        return ()
    if sp.modes:
        out: list[TargetSpec] = []
        for m in obj.modes:
            out.extend(sp.modes[m][2])
        return tuple(out)
    return sp.targets


def effect_of(obj: GameObject | StackAbility) -> list[Effect]:
    if isinstance(obj, StackAbility):
        eff = getattr(obj.ability, "effect", None)
        return [eff] if eff is not None else []
    sp = obj.card.spell
    if sp is None:
        return []
    if sp.modes:
        return [sp.modes[m][1] for m in obj.modes]
    return [sp.effect] if sp.effect is not None else []


def resolve(game: Game, oid: int) -> None:
    from manastack.rules.priority import counter
    from manastack.rules.targeting import still_legal

    obj = game.objects[oid]
    specs = specs_of(obj)
    targets = obj.targets
    controller = game.controller(obj)
    source = obj.source if isinstance(obj, StackAbility) else obj.id
    legal: tuple[bool, ...] = ()
    if targets:
        ctx0 = Ctx(source, "", controller, targets, specs, tuple(True for _ in targets))
        flags = [True] * len(targets)
        is_spell = isinstance(obj, GameObject)
        chooser = obj.trigger_data.get("target_chooser") \
            if isinstance(obj, StackAbility) else None
        for si, (a, b) in enumerate(ctx0.spec_slices()):
            for k in range(a, b):
                flags[k] = still_legal(game, specs[si], targets[k], controller,
                                       obj.id if is_spell else source, spell=is_spell,
                                       chooser=chooser)
        legal = tuple(flags)
        if not any(legal):
            game.note("608.2b", f"All targets of {obj.name} are illegal: it doesn't resolve")
            counter(game, oid, "608.2b", " on resolution (all its targets are illegal)",
                    by_rules=True)
            return
    if isinstance(obj, StackAbility) and isinstance(obj.ability, TriggeredAbility):
        ab = obj.ability
        src = game.objects.get(obj.source)
        if ab.intervening_if is not None:
            src_obj = src if isinstance(src, GameObject) else game.lki.get(obj.source, (None,))[0]
            if src_obj is None or not ab.intervening_if(game, src_obj):
                game.note("603.4", f"{obj.name}: its condition is no longer true; it does "
                                   "nothing")
                _finish(game, oid)
                return
    name = obj.name
    ctx = Ctx(source, obj.source_name if isinstance(obj, StackAbility) else name,
              controller, targets, specs, legal, obj.x, obj.modes,
              dict(obj.trigger_data) if isinstance(obj, StackAbility)
              else dict(obj.memory.get("cost_data", {})), oid)
    game.emit(ev.RESOLVE, "608.2", f"{name} resolves", object=oid, controller=controller)
    game.push(_finish, oid)
    effects = effect_of(obj)
    if isinstance(obj, StackAbility) and isinstance(obj.ability, TriggeredAbility) \
            and obj.ability.optional:
        game.ask(ChoiceDecision(controller, "may", f"{obj.name}: do you want to "
                                f"do it? ({obj.ability.text})",
                                (_optional_answer, (effects, ctx)), rule="603.5",
                                options=("yes", "no"), purpose=obj.ability.text))
        return
    run_effects(game, effects, ctx)


def _optional_answer(game: Game, action: Any, effects: list[Effect], ctx: Ctx) -> None:
    if action.items and action.items[0] == "yes":
        run_effects(game, effects, ctx)


def run_effects(game: Game, effects: list[Effect], ctx: Ctx) -> None:
    """Schedule effects to happen in order (each may ask a decision)."""
    for eff in reversed(effects):
        game.push(_run_one, eff, ctx)


def _run_one(game: Game, eff: Effect, ctx: Ctx) -> None:
    eff.resolve(game, ctx)
    game.changed()


def _finish(game: Game, oid: int) -> None:
    """608.2k / 608.3: the resolved object leaves the stack."""
    from manastack.rules.zones import move

    obj = game.objects.get(oid)
    if obj is None or oid not in game.stack:
        return
    if isinstance(obj, StackAbility):
        from manastack.rules.triggers import left_stack
        game.stack.remove(oid)
        del game.objects[oid]
        game.changed()
        left_stack(game, obj)
        return
    assert isinstance(obj, GameObject)
    c = game.chars(obj)
    if c.is_permanent_card:
        copier = _enters_as_copy(obj)
        if copier is not None:
            # 614.12 / 706: the choice is made as it enters (before it is on the battlefield)
            cands = tuple(o.id for o in game.creatures() if o.id != obj.id)
            game.ask(ChoiceDecision(
                obj.controller, "choose", f"You may have {obj.name} enter as a copy of a "
                "creature on the battlefield (choose none, or the creature)",
                (_copy_chosen, (oid,)), rule="706.2", options=("none", *cands),
                purpose="enter as a copy"))
            return
        if not _ask_as_enters(game, obj, obj.card, None):
            _enter(game, obj, None)
    else:
        move(game, obj, Zone.GRAVEYARD, "608.2k",
             verb=f"{obj.name} is put into {game.players[obj.owner].name}'s graveyard")


def _enters_as_copy(obj: GameObject) -> Any:
    from manastack.cards.dsl import StaticAbility
    for ab in obj.card.abilities:
        if isinstance(ab, StaticAbility) and ab.rule == "enters_as_copy":
            return ab
    return None


def _ask_as_enters(game: Game, obj: GameObject, card: Any, copy: Any) -> bool:
    """614.12a: ask the choice of ``card``'s "as [this] enters, choose ..." ability (the
    spell's own card, or the card it enters as a copy of, 706.2) before ``obj`` enters.
    Returns False when there is nothing to choose."""
    from manastack.cards.dsl import StaticAbility
    chooser = next((ab for ab in card.abilities if isinstance(ab, StaticAbility)
                    and ab.rule == "as_enters_choice"), None)
    spec = chooser.check(game, obj) if chooser is not None and chooser.check else None
    if not spec or not spec.get("options"):
        return False
    game.ask(ChoiceDecision(
        obj.controller, "choose", spec.get("prompt", f"As {card.name} enters, choose"),
        (_as_enters_chosen, (obj.id, copy)), rule="614.12a",
        options=tuple(spec["options"]), min_count=spec.get("min", 1),
        max_count=spec.get("max", 1), purpose=spec.get("purpose", "as enters")))
    return True


def _as_enters_chosen(game: Game, action: Any, oid: int, copy: Any) -> None:
    """Remember the choice on the permanent ("chosen": card behaviour reads it) and let
    the card act on it as it enters (e.g. exile a creature card as it enters)."""
    obj = game.objects.get(oid)
    if not isinstance(obj, GameObject) or oid not in game.stack:
        return
    _enter(game, obj, copy, chosen=tuple(action.items))


def _copy_chosen(game: Game, action: Any, oid: int) -> None:
    obj = game.objects.get(oid)
    if not isinstance(obj, GameObject) or oid not in game.stack:
        return
    choice = action.items[0] if action.items else "none"
    copy = None
    if choice != "none":
        src = game.get(choice) if isinstance(choice, int) else None
        if src is not None and src.zone == Zone.BATTLEFIELD:
            ab = _enters_as_copy(obj)
            exceptions: dict[str, Any] = ab.check() if ab is not None and ab.check else {}
            prior = src.memory.get("copy_extra") or {}
            extra = {k: tuple(prior.get(k, ())) + tuple(exceptions.get(k, ()))
                     for k in ("subtypes", "types", "abilities")}  # 706.9b
            copy = (src.memory.get("copy_of") or src.card, extra)
            game.note("706.2", f"{obj.name} enters as a copy of {src.name}")
            # 706.2 with 614.12a: the copied card's "as [this] enters, choose" applies
            if _ask_as_enters(game, obj, copy[0], copy):
                return
    _enter(game, obj, copy)


def _enter(game: Game, obj: GameObject, copy: Any, chosen: tuple[Any, ...] | None = None
           ) -> GameObject:
    """608.3: a permanent spell becomes a permanent (an Aura attached to its target)."""
    from manastack.cards.effects import on_enter
    from manastack.rules.zones import move

    attach = None
    c = game.chars(obj)
    if "Aura" in c.subtypes and obj.targets:
        t = obj.targets[0]
        if isinstance(t, PlayerRef) or t in game.objects:
            attach = t
    new = move(game, obj, Zone.BATTLEFIELD, "608.3", controller=obj.controller,
               attach_to=attach, copy_of=copy, chosen=chosen,
               verb=f"{obj.name} enters the battlefield under "
                    f"{game.players[obj.controller].name}'s control"
                    + (f", attached to {game.name_of(attach)} (303.4f)" if attach else ""))
    on_enter(game, new)
    return new


def spell_ability(obj: GameObject) -> SpellAbility | None:
    return obj.card.spell

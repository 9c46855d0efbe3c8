"""Resolving spells and abilities (CR 608).

Targets are checked first: if every target is now illegal, the spell or
ability doesn't resolve (608.2b, "countered on resolution").  Otherwise its
effect happens, in written order, ignoring illegal targets; an instant or
sorcery then goes to its owner's graveyard (608.2k) and a permanent spell
becomes a permanent (608.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.events import Resolved
from manastack.game.abilities import Ctx, TargetSpec, TriggeredAbility
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import GameObject, PlayerRef, StackAbility, Zone
from manastack.lines import NOTHING, Card, Place, say
from manastack.rules.replacement import has_static_replacements

if TYPE_CHECKING:
    from manastack.game.abilities import Effect
    from manastack.game.state import GameState


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


def resolve(game: GameState, oid: int) -> None:
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
            game.note("608.2b", say("All targets of {card} are illegal: it doesn't resolve",
                                    "Toutes les cibles {card:de} sont illégales : il ne se "
                                    "résout pas", card=game.named(obj)))
            counter(game, oid, "608.2b", say(" on resolution (all its targets are illegal)",
                                             " lors de la résolution (toutes ses cibles sont "
                                             "illégales)"), by_rules=True)
            return
    if isinstance(obj, StackAbility) and isinstance(obj.ability, TriggeredAbility):
        ab = obj.ability
        src = game.objects.get(obj.source)
        if ab.intervening_if is not None:
            src_obj = src if isinstance(src, GameObject) else game.lki.get(obj.source, (None,))[0]
            if src_obj is None or not ab.intervening_if(game, src_obj):
                game.note("603.4", say("{card}: its condition is no longer true",
                                       "{card} : sa condition n'est plus remplie",
                                       card=game.named(obj)))
                game.note("608.2a", say("{card} is removed from the stack and does nothing",
                                        "{card} est retiré de la pile et ne fait rien",
                                        card=game.named(obj)))
                _finish(game, oid)
                return
    name = obj.name
    ctx = Ctx(source, obj.source_name if isinstance(obj, StackAbility) else name,
              controller, targets, specs, legal, obj.x, obj.modes,
              dict(obj.trigger_data) if isinstance(obj, StackAbility)
              else dict(obj.memory.get("cost_data", {})), oid)
    game.emit_event(Resolved("608.2", say("{card} resolves", "{card} se résout",
                                          card=Card(oid, name)), game.turn_number,
                             object=oid, controller=controller))
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


def _optional_answer(game: GameState, action: Any, effects: list[Effect], ctx: Ctx) -> None:
    if action.items and action.items[0] == "yes":
        run_effects(game, effects, ctx)


def run_effects(game: GameState, effects: list[Effect], ctx: Ctx) -> None:
    """Schedule effects to happen in order (each may ask a decision)."""
    for eff in reversed(effects):
        game.push(_run_one, eff, ctx)


def _run_one(game: GameState, eff: Effect, ctx: Ctx) -> None:
    eff.resolve(game, ctx)
    # a wide change, unless the effect told of its own and no replacement effect (which
    # may change what it replaces, e.g. a prevention shield spent) was involved
    if not eff.reports_changes() or game.replacements or has_static_replacements(game):
        game.changed()


def _finish(game: GameState, oid: int) -> None:
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
        _become_permanent(game, obj)
    else:
        move(game, obj, Zone.GRAVEYARD, "608.2k",
             verb=say("{card} is put into {place}", "{card} est mis dans {place:le}",
                      card=Card(obj.id, obj.name),
                      place=Place(Zone.GRAVEYARD, game.who(obj.owner))))


def _become_permanent(game: GameState, obj: GameObject) -> None:
    """608.3: a permanent spell becomes a permanent (an Aura attached to its target,
    303.4f), after the choices made as it enters (614.12a, 706.2)."""
    from manastack.rules.entering import put_onto_battlefield

    attach = None
    if "Aura" in game.chars(obj).subtypes and obj.targets:
        t = obj.targets[0]
        if isinstance(t, PlayerRef) or t in game.objects:
            attach = t
    put_onto_battlefield(
        game, obj, obj.controller, "608.3", attach_to=attach,
        verb=say("{card} enters the battlefield under {who}'s control{attached}",
                 "{card} arrive sur le champ de bataille sous le contrôle {who:de}{attached}",
                 card=Card(obj.id, obj.name), who=game.who(obj.controller),
                 attached=say(", attached to {target} (303.4f)", ", attaché à {target} (303.4f)",
                              target=game.named(attach)) if attach else NOTHING))

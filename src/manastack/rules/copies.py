"""Copying spells (CR 706.10): a copy is put on the stack, not cast; new targets may be
chosen; it ceases to exist outside the stack (704.5e)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack import log as ev
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import GameObject, Zone
from manastack.lines import Card, say

if TYPE_CHECKING:
    from manastack.game.state import GameState


def spell_snapshot(game: GameState, oid: int) -> dict[str, Any] | None:
    """What a copy needs of a spell: its copiable values and choices (706.10), among
    them what was paid for its costs: "if an effect of the copy refers to objects used
    to pay its costs, it uses the objects used to pay the costs of the original" (a
    copy of Fling deals damage equal to the power of the creature sacrificed for it)."""
    o = game.objects.get(oid)
    if not isinstance(o, GameObject) or o.zone != Zone.STACK:
        return None
    paid = {k: list(v) for k, v in o.memory.get("cost_data", {}).items()}
    return {"card": o.memory.get("copy_of") or o.card, "targets": o.targets, "x": o.x,
            "modes": o.modes, "name": o.name, "cost_data": paid,
            "alt_cost": o.memory.get("alt_cost")}


def copy_spell(game: GameState, snap: dict[str, Any], controller: int, rule: str = "706.10"
               ) -> None:
    """Put a copy of a spell on the stack under ``controller``'s control, then let them
    choose new targets for it (706.10c), target word by target word."""
    from manastack.rules.resolution import specs_of

    copy = GameObject(id=game.new_id(), card=snap["card"], owner=controller,
                      controller=controller, zone=Zone.STACK, is_copy=True,
                      timestamp=game.new_timestamp(), targets=tuple(snap["targets"]),
                      x=snap["x"], modes=tuple(snap["modes"]))
    copy.uid = copy.id
    if snap.get("cost_data"):  # 706.10: the original's cost payments
        copy.memory["cost_data"] = {k: list(v) for k, v in snap["cost_data"].items()}
    if snap.get("alt_cost"):  # 706.10: the alternative cost decision is copied
        copy.memory["alt_cost"] = snap["alt_cost"]
    game.objects[copy.id] = copy
    game.stack.append(copy.id)
    game.copies_exist = True
    game.changed()
    game.emit(ev.INFO, rule, say("A copy of {card} is put on the stack under {who}'s control",
                                 "Une copie {card:de} est mise sur la pile sous le contrôle "
                                 "{who:de}", card=Card(None, snap["name"]),
                                 who=game.who(controller)), object=copy.id)
    specs = specs_of(copy)
    if specs and copy.targets:
        game.push(_new_target, copy.id, 0, ())


def _new_target(game: GameState, oid: int, k: int, chosen: tuple[Any, ...]) -> None:
    """706.10c: for each target, keep it or choose another legal one."""
    from manastack.game.abilities import Ctx
    from manastack.rules.resolution import specs_of
    from manastack.rules.targeting import announce_targets, legal_targets

    o = game.objects.get(oid)
    if not isinstance(o, GameObject) or oid not in game.stack:
        return
    specs = specs_of(o)
    ctx = Ctx(0, "", o.controller, o.targets, specs, tuple(True for _ in o.targets))
    slices = ctx.spec_slices()
    if k >= len(slices):
        o.targets = chosen
        game.changed()
        announce_targets(game, oid, chosen, o.controller)
        return
    a, b = slices[k]
    current = o.targets[a:b]
    opts = legal_targets(game, specs[k], o.controller, oid)
    # the current targets first (706.10c: any of them may stay, even if now illegal), so
    # that the first options keep them all
    options = tuple(current) + tuple(t for t in opts if t not in current)
    if not options:
        game.push(_new_target, oid, k + 1, chosen + tuple(current))
        return
    game.ask(ChoiceDecision(o.controller, "choose_targets",
                            f"Choose {specs[k].text} for the copy of {o.name} (the first "
                            "options keep the current targets)",
                            (_new_target_chosen, (oid, k, chosen)), rule="706.10c",
                            options=options, min_count=len(current), max_count=len(current),
                            purpose=f"new targets for {o.name}"))


def _new_target_chosen(game: GameState, action: Any, oid: int, k: int,
                       chosen: tuple[Any, ...]) -> None:
    _new_target(game, oid, k + 1, chosen + tuple(action.items))

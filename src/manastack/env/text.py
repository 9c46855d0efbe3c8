"""The environment's text view, for agents that read (language models): the game as one
seat sees it (``game.observe(seat)``, CR 400.2) and the options of its pending
sub-decision, numbered as the action space numbers them, in the action notation
(``docs/notation.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.engine.notation import action_text

if TYPE_CHECKING:
    from manastack.env.actions import Step
    from manastack.env.core import EnvCore


def _cards(cards: list[dict[str, Any]]) -> str:
    return ", ".join(c["name"] for c in cards) or "-"


def _permanent(c: dict[str, Any]) -> str:
    out = c["name"]
    if "power" in c:
        out += f" {c['power']}/{c['toughness']}"
    marks = [m for m, on in (("tapped", c["tapped"]), ("token", c["token"])) if on]
    if c.get("damage"):
        marks.append(f"{c['damage']} damage")
    if c.get("counters"):
        marks += [f"{v} {k}" for k, v in c["counters"].items()]
    return out + (f" ({', '.join(marks)})" if marks else "")


def board_text(core: EnvCore, seat: int) -> str:
    """The board as ``seat`` sees it."""
    view = core.game.observe(seat)
    lines = [f"Turn {view['turn']}, {view['step'] or '-'}; active player: "
             f"{view['players'][view['active_player']]['name']}"]
    for pd in view["players"]:
        who = pd["name"] + (" (you)" if pd["index"] == seat else "")
        lines.append(f"{who}: life {pd['life']}, poison {pd['poison']}, hand "
                     f"{pd['hand_size']}, library {pd['library_size']}"
                     + (", lost" if pd["lost"] else ""))
        if "hand" in pd:
            lines.append(f"  hand: {_cards(pd['hand'])}")
        mine = [_permanent(c) for c in view["battlefield"] if c["controller"] == pd["index"]]
        lines.append(f"  battlefield: {', '.join(mine) or '-'}")
        lines.append(f"  graveyard: {_cards(pd['graveyard'])}")
    if view["stack"]:
        lines.append("stack (top last): " + ", ".join(s["name"] for s in view["stack"]))
    if view["exile"]:
        lines.append(f"exile: {_cards(view['exile'])}")
    if view["command"]:
        lines.append(f"command zone: {_cards(view['command'])}")
    d = view["decision"]
    if d is not None:
        lines.append(f"decision: {d['kind']} for {view['players'][d['player']]['name']}"
                     + (f": {d['prompt']}" if "prompt" in d else ""))
    return "\n".join(lines)


def _step_text(core: EnvCore, step: Step, seat: int) -> str:
    game = core.game
    kind = step[0]
    if kind == "done":
        return "done"
    if kind == "more":
        return "more options"

    def name(x: Any) -> str:
        try:
            return str(game.name_of(x))
        except Exception:  # (a value that isn't an object nor a player: shown as it is)
            return str(x)

    if kind in ("cast", "activate", "play"):
        return f"{kind} {name(step[1])}"
    if kind == "target":
        return f"target {name(step[1])}"
    if kind == "attacker":
        return f"attack with {name(step[1])} -> {name(step[2])}"
    if kind == "blocker":
        return f"block with {name(step[1])}: {', '.join(name(a) for a in step[2])}"
    if kind == "order_of":
        return f"order for {name(step[1])}: {', '.join(name(a) for a in step[2])}"
    if kind == "assignment":
        return f"{name(step[1])} assigns " + ", ".join(f"{n} to {name(r)}" for r, n in step[2])
    if kind == "item":
        return f"choose {name(step[1])}"
    return " ".join(map(str, step))


def options_text(core: EnvCore, seat: int) -> list[str]:
    """The options of the pending sub-decision, as ``seat`` reads them: an option that
    can only become one legal action is that action in the notation (``done: ...`` for
    the action written so far); another says what it adds and how many actions it can
    still become."""
    tree = core.tree
    if tree is None or core.decider != seat:
        return []
    out = []
    for step in tree.options:
        leads = tree.leads_to(step)
        if len(leads) == 1:
            text = action_text(core.game, leads[0], seat)
            out.append(f"done: {text}" if step[0] == "done" else text)
        else:
            out.append(f"{_step_text(core, step, seat)} ... ({len(leads)} ways to go on)"
                       if leads else _step_text(core, step, seat))
    return out


def view_text(core: EnvCore, seat: int) -> str:
    """The board and the numbered options (the text view of ``render()``)."""
    text = board_text(core, seat)
    tree = core.tree
    if tree is not None and tree.chosen:
        text += "\nchosen so far: " + "; ".join(_step_text(core, s, seat) for s in tree.chosen)
    opts = options_text(core, seat)
    if opts:
        text += "\noptions:\n" + "\n".join(f"  {i}: {t}" for i, t in enumerate(opts))
    return text

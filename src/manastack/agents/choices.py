"""The heuristic agent's answers to every decision that isn't priority or combat: the
mulligan (CR 103.4), and the choices asked during resolution, as costs or by turn-based
actions (discard, sacrifice, search, scry, targets of triggered abilities, "may", X,
the order of blockers or replacement effects, the defending player, a variant's
choices...).

Each answer is built from the options the decision lists and what the player may see,
then checked by the rules (``Decision.validate``); one the rules refuse is replaced by a
legal one drawn with the agent's own random generator.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from manastack.agents.combat_math import damage_order, fighter
from manastack.agents.spell_value import permanent_worth
from manastack.errors import IllegalAction
from manastack.game.decisions import Action, ChoiceDecision, Choose, Decision, Mulligan
from manastack.game.objects import GameObject, PlayerRef

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: Words in a choice's prompt or purpose that make the chosen items a loss for the
#: chooser (fewest, least valuable).
_LOSS_WORDS = ("discard", "sacrific", "exile", "bottom", "destroy", "lose", "mill",
               "return to", "to be put")


def _valid(game: GameState, d: Decision, action: Action) -> Action | None:
    try:
        d.validate(game, action)
    except IllegalAction:
        return None
    return action


def lands_in(game: GameState, ids: list[int]) -> int:
    return sum(1 for i in ids if game.chars(game.obj(i)).is_land)


def mulligan(game: GameState, d: Decision, me: int) -> Action:
    """Keep a hand with a workable number of lands for its size (CR 103.4): two to five
    of seven, one to four of six or five; keep anything smaller."""
    hand = list(game.players[me].hand)
    n = len(hand)
    lands = lands_in(game, hand)
    keep = n <= 4 or (2 <= lands <= 5 if n >= 7 else 1 <= lands <= n - 2)
    can = bool(getattr(d, "can_mulligan", True))
    return Mulligan(False) if keep or not can else Mulligan(True)


def card_worth(game: GameState, me: int, oid: int) -> float:
    """A card's worth in hand (or in a library being searched) for ``me``: lands are
    worth a lot while we have few, spells by mana value within our reach."""
    o = game.objects.get(oid)
    if not isinstance(o, GameObject):
        return 0.0
    c = game.chars(o)
    my_lands = sum(1 for p in game.permanents(me) if game.chars(p).is_land)
    if c.is_land:
        return 6.0 if my_lands < 5 else 1.0
    mv = c.mana_cost.mana_value
    reach = 3.0 if mv <= my_lands + 1 else 1.0
    return reach + mv * 0.8


def _item_worth(game: GameState, me: int, item: Any) -> float:
    """The worth to ``me`` of an option: a player (ourselves high, opponents low), a
    permanent (its worth to us, negative if an opponent's), a card."""
    if isinstance(item, PlayerRef):
        return 5.0 if not game.is_opponent(me, item.index) else -5.0 - 0.1 * (
            20 - game.players[item.index].life)
    if isinstance(item, int) and not isinstance(item, bool):
        o = game.objects.get(item)
        if isinstance(o, GameObject):
            if o.zone == "battlefield":
                w = permanent_worth(game, o)
                return w if not game.is_opponent(me, game.controller(o)) else -w
            return card_worth(game, me, item)
    return 0.0


def choose(game: GameState, d: ChoiceDecision, me: int, rng: random.Random) -> Action:
    """Answer a choice (see the module's docstring)."""
    kind = d.kind
    opts = list(d.options)
    lo, hi = d.min_count, min(d.max_count, len(opts))
    text = f"{d.prompt} {d.purpose}".lower()
    items: list[Any]
    if kind == "order_blockers" or (kind.startswith("order_") and "damage" in text):
        items = _order_damage(game, d, opts)
    elif kind in ("order_triggers", "order_replacements"):
        items = opts[:hi] if d.ordered else opts[:max(lo, 1)]
    elif kind == "choose_defender":
        items = [min((o for o in opts if isinstance(o, PlayerRef)),
                     key=lambda r: (game.players[r.index].life, r.index), default=opts[0])]
    elif kind == "scry":
        items = _scry(game, me, opts, lo, hi, d.prompt)
    elif kind == "may":
        items = ["yes"] if "yes" in opts else opts[:max(lo, 1)]
    elif kind in ("choose_x",) or all(isinstance(o, int) and not isinstance(o, bool)
                                      and o not in game.objects for o in opts) and opts:
        items = [max(opts)] if lo <= 1 <= hi else sorted(opts)[-max(lo, 1):]
    elif kind == "commander_zone":
        items = [1] if 1 in opts else opts[:max(lo, 1)]
    elif kind == "opening_hand":
        items = opts[:hi]
    elif kind == "choose_targets":
        items = _targets(game, me, opts, lo, hi, text)
    elif d.purpose == "color" and hi >= 1:
        items = [_color(game, me, opts)]
    elif set(opts) <= {"yes", "no"}:
        items = ["yes"] if "yes" in opts and not any(w in text for w in _LOSS_WORDS) \
            else ["no"]
    else:
        loss = kind in ("discard", "sacrifice", "london_bottom", "commander_mulligan") or \
            any(w in text for w in _LOSS_WORDS)
        ranked = sorted(opts, key=lambda o: (_item_worth(game, me, o), repr(o)))
        if loss:
            items = ranked[:max(lo, 0)] if lo > 0 else []
            if kind == "commander_mulligan":
                items = _commander_mulligan(game, me, opts, lo)
        else:
            items = list(reversed(ranked))[:max(hi, lo)]
            if not d.ordered:
                items = [o for o in opts if o in items]
    if not d.ordered:
        items = [o for o in opts if any(o is i or (o == i and type(o) is type(i))
                                        for i in items)]
    got = _valid(game, d, Choose(tuple(items)))
    if got is not None:
        return got
    return d.sample(game, rng)


def _color(game: GameState, me: int, opts: list[Any]) -> Any:
    """A colour to choose (105.4), for protection: the colour of the opponents' topmost
    spell or ability on the stack, else the commonest colour of their permanents."""
    from manastack.game.mana import COLOR_NAMES

    counts: dict[str, float] = {}
    for depth, oid in enumerate(reversed(game.stack)):
        o = game.objects.get(oid)
        if isinstance(o, GameObject) and game.is_opponent(me, game.controller(o)):
            for sym in game.chars(o).colors:
                counts[COLOR_NAMES[sym]] = counts.get(COLOR_NAMES[sym], 0.0) + 100.0 / (
                    depth + 1)
    for p in game.permanents():
        if game.is_opponent(me, game.controller(p)):
            for sym in game.chars(p).colors:
                counts[COLOR_NAMES[sym]] = counts.get(COLOR_NAMES[sym], 0.0) + 1.0
    return max(opts, key=lambda c: (counts.get(str(c), 0.0), -opts.index(c)))


def _order_damage(game: GameState, d: ChoiceDecision, opts: list[Any]) -> list[Any]:
    """A damage assignment order (509.2, 509.3): what we can destroy first."""
    cb = game.combat
    src = None
    if cb is not None:
        for a, bl in cb.blocked_by.items():
            if set(bl) == set(opts) and a in game.objects:
                src = game.obj(a)
                break
    objs = [game.obj(i) for i in opts if isinstance(i, int) and i in game.objects]
    if src is None or len(objs) != len(opts):
        return opts
    ordered = damage_order(fighter(game, src), [fighter(game, o) for o in objs])
    return [f.id for f in ordered]


def _named_land(prompt: str) -> bool | None:
    """Is the card the prompt names ("Scry 1: put NAME on the bottom of your library?",
    the card looked at) a land?  None if it names no card the pool knows.  (Read from the
    prompt, what the player is shown, not from the library.)"""
    from manastack.cards.registry import get_card
    from manastack.errors import ManastackError

    head, sep, rest = prompt.partition("put ")
    name, sep2, _tail = rest.partition(" on the bottom")
    if not sep or not sep2:
        return None
    try:
        return "Land" in get_card(name).types
    except ManastackError:
        return None


def _scry(game: GameState, me: int, opts: list[Any], lo: int, hi: int,
          prompt: str = "") -> list[Any]:
    """Scry (701.18): lands to the bottom when we have enough, spells when we need lands.
    (The Vancouver mulligan's scry 1 asks yes/no: "yes" puts it on the bottom.)"""
    hand = list(game.players[me].hand)
    my_lands = sum(1 for p in game.permanents(me) if game.chars(p).is_land) + \
        lands_in(game, hand)
    want_land = my_lands < 4
    if set(opts) <= {"yes", "no"}:
        is_land = _named_land(prompt)
        if is_land is None:
            return ["no"]
        return ["yes"] if is_land != want_land and my_lands >= 2 else ["no"]
    out: list[Any] = []
    for i in opts:
        o = game.objects.get(i)
        if isinstance(o, GameObject):
            if game.chars(o).is_land != want_land and len(out) < hi:
                out.append(i)
    return out if len(out) >= lo else opts[:lo]


def _targets(game: GameState, me: int, opts: list[Any], lo: int, hi: int,
             text: str) -> list[Any]:
    """Targets of a triggered ability (603.3d): its words say whom it helps ("you
    control", "your"); otherwise it is taken to harm its targets: the opponents' best
    first, ours only if it must."""
    helps = ("you control" in text or "your" in text) and "opponent" not in text
    ranked = sorted(opts, key=lambda o: (_item_worth(game, me, o), repr(o)),
                    reverse=helps)
    good = [o for o in ranked if (_item_worth(game, me, o) > 0) == helps]
    take = good[:hi]
    if len(take) < lo:
        take += [o for o in ranked if o not in take][:lo - len(take)]
    return take


def _commander_mulligan(game: GameState, me: int, opts: list[Any], lo: int) -> list[Any]:
    """The commander mulligan exiles cards (103.4d): the excess lands or spells."""
    lands = [i for i in opts if game.chars(game.obj(i)).is_land]
    spells = [i for i in opts if i not in lands]
    extra = lands[3:] if len(lands) > 4 else spells[3:] if len(lands) < 2 else []
    out = extra or opts[:lo]
    return out if len(out) >= lo else opts[:lo]
